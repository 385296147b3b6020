"""How far a saved game got, in the count its players keep, read from the save without loading it.

The Saved games list and the title's Continue read every save when they open; loading each game
(importing its rules, restoring its state, replaying up to a hundred journaled actions) would make a
list of 30 saves take 48 ms instead of 8, and 210 ms as the title meets it at start-up (``python -m
tools.bench client --only saves``). So each game's count is read here from the full save's plain
data (the state's own counter where it keeps one) and carried over the journal's actions by what
their kinds tell, without the rules:

- Linie 1: the turn and the round. The state's ``turn`` counts every turn (1 is seat 0's first);
  each turn ends with an action of its player and the next seat acts next, so every change of seat
  along the journal is a new turn, and so is a last move that always ends its turn (ending it while
  building, a roll, a pace move). A round is a turn of every player.
- Linja: the turn, as the replays count turns: a run of actions by one seat (an extra turn belongs
  to the turn that earned it; a turn the rules pass for a player who cannot move is none).
- Liniell: the tiles placed of the 16 (a ``place`` action lays one).
- Bus: the round of the last move (0 while the city is set up): a round counts from its first
  marker, so a round the rules have opened but nobody has placed in yet is not counted. A round's
  marker placing (``choose``, ``pass``) comes after the decisions of the last round's actions, so a
  ``choose`` after any other action, or by a player who has passed this round, begins a new round.

``tests/client/test_save_progress.py`` checks every count against the loaded game at every action.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from game.i18n import _

Progress = dict[str, int]
LINIELL_TILES = 16


def read_progress(game: str, match: dict[str, Any], records: Sequence[dict[str, Any]]) -> Progress | None:
    """The count of ``game``'s players, from a save's ``match`` and the journal ``records`` after it;
    None when the game has no count here or the save does not hold what it needs (a sealed save may
    still hold nonsense: 0 players, an endless round, which the title must list, not die on)."""
    reader = READERS.get(game)
    if reader is None:
        return None
    try:
        return reader(match, records)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, ArithmeticError):
        return None


def progress_in_words(progress: Progress | None, actions: int) -> str:
    """"turn 12 · round 3", "5 of 16 tiles placed", "round 4": as a row says how far a game got;
    the actions played where the game keeps no count of its own."""
    if progress is None:
        return _("action {number}").format(number=actions)
    if "placed" in progress:
        return _("{placed} of {tiles} tiles placed").format(placed=progress["placed"], tiles=progress["tiles"])
    if "turn" in progress and "round" in progress:
        return _("turn {turn} · round {round}").format(turn=progress["turn"], round=progress["round"])
    if "turn" in progress:
        return _("turn {turn}").format(turn=progress["turn"])
    if progress.get("round", 0) == 0:
        return _("setting up")
    return _("round {round}").format(round=progress["round"])


def _seats(records: Sequence[dict[str, Any]]) -> list[int]:
    return [int(record["seat"]) for record in records]


def _kinds(records: Sequence[dict[str, Any]]) -> list[str]:
    return [str(record["action"]["type"]) for record in records]


def linie1_progress(match: dict[str, Any], records: Sequence[dict[str, Any]]) -> Progress:
    state = match["state"]
    players, turn, actor = int(state["players"]), int(state["turn"]), int(state["current"])
    for seat in _seats(records):
        if seat != actor:
            turn, actor = turn + 1, seat
    if records and _ends_linie1_turn(records[-1]["action"], match["options"]):
        turn += 1  # the last move handed the turn on; the next player has not moved yet
    return {"turn": turn, "round": (turn - 1) // players + 1}


def _ends_linie1_turn(action: dict[str, Any], options: dict[str, Any]) -> bool:
    """Whether this move surely ends its player's turn: ending it (building, or stopping the three
    dice), a roll of the die, a pace move. (Ending the turn with an empty pile may instead let the
    player take tiles from a driver's hand; a three dice turn also ends on tools or the third die:
    such a turn is counted once the next player moves.)"""
    kind = action["type"]
    if kind == "roll":
        return options.get("trip_rule", "die") == "die"
    return kind in ("end_turn", "drive")


def linja_progress(match: dict[str, Any], records: Sequence[dict[str, Any]]) -> Progress:
    seats = [int(entry["seat"]) for entry in match["log"]] + _seats(records)
    turns = sum(1 for index, seat in enumerate(seats) if index == 0 or seat != seats[index - 1])
    return {"turn": max(turns, 1)}


def liniell_progress(match: dict[str, Any], records: Sequence[dict[str, Any]]) -> Progress:
    placed = len(match["state"]["placed"]) + _kinds(records).count("place")
    return {"placed": placed, "tiles": LINIELL_TILES}


def bus_round_starts(moves: Iterable[tuple[int, Any]], choosing: bool = False,
                     passed: Iterable[int] = ()) -> Iterator[int]:
    """The indexes of ``moves`` (each a seat and its action's kind) that begin a Bus round: a
    ``choose`` after any other action, or by a player who has passed this round. ``choosing`` and
    ``passed``: where the moves begin (markers being placed, who has passed). Saves and replays count
    rounds alike by it."""
    passed = set(passed)
    for index, (seat, kind) in enumerate(moves):
        if kind == "choose" and (not choosing or seat in passed):
            yield index
            choosing, passed = True, set()
        if kind == "pass":
            passed.add(seat)
        elif kind != "choose":
            choosing = False


def bus_progress(match: dict[str, Any], records: Sequence[dict[str, Any]]) -> Progress:
    state = match["state"]
    round_, choosing = int(state["round"]), state["phase"] == "choose"
    passed = {seat for seat, flag in enumerate(state["passed"]) if flag}
    if choosing and not any(state["placed"]):
        round_, choosing = round_ - 1, False  # the rules opened a round nobody has placed a marker in yet
    moves = zip(_seats(records), _kinds(records), strict=True)
    return {"round": round_ + sum(1 for _start in bus_round_starts(moves, choosing, passed))}


READERS: dict[str, Callable[[dict[str, Any], Sequence[dict[str, Any]]], Progress]] = {
    "linie1": linie1_progress,
    "linja": linja_progress,
    "liniell": liniell_progress,
    "bus": bus_progress,
}
