"""Linie 1 states to and from data: the snapshot a save holds, the restore that checks every field
of one, and the position a view shows (what bots and tables rebuild to ask the rules).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from game.core.contract import SnapshotError, View, is_int
from game.core.linie1.board import Board
from game.core.linie1.data import HAND_SIZE, LINES, ROUTE_CARDS, TILE_TYPES, TOTAL_TILES
from game.core.linie1.dice import DICE_FACES, DICE_PER_TURN
from game.core.linie1.shapes import MAX_ROUTE
from game.core.linie1.state import State, Trip
from game.core.rng import Rng

STAT_KEYS = ("tiles_laid", "exchanges", "turns", "rolls", "squares")


def snapshot(state: State) -> dict[str, Any]:
    return {
        "players": state.players, "options": copy.deepcopy(state.options), "rng": state.rng.state,
        "tiles": [[c[0], c[1], t, r] for c, (t, r) in sorted(state.board.tiles.items())],
        "signs": [[letter, c[0], c[1]] for letter, c in sorted(state.board.signs.items())],
        "pile": list(state.pile), "box": list(state.box), "hands": [list(h) for h in state.hands],
        "lines": list(state.lines), "route_cards": list(state.route_cards),
        "stops": [list(s) for s in state.stops], "current": state.current, "turn": state.turn,
        "phase": state.phase, "actions_taken": state.actions_taken,
        "undo_stack": [undo_to_data(saved) for saved in state.undo_stack],
        "trips": [t.to_dict() if t else None for t in state.trips],
        "revealed": list(state.revealed), "winner": state.winner, "stalemate": state.stalemate,
        "stats": [dict(s) for s in state.stats], "last_roll": copy.deepcopy(state.last_roll),
        "laid": laid_to_data(state.laid), "last_move": state.last_move,
        "dice": list(state.dice) if state.dice is not None else None, "dice_left": state.dice_left,
    }


def undo_to_data(saved: dict[str, Any]) -> dict[str, Any]:
    """An undo point (``Linie1._push_undo``: copies of the board's maps) in its saved form."""
    data = {
        "tiles": [[c[0], c[1], t, r] for c, (t, r) in sorted(saved["tiles"].items())],
        "signs": [[letter, c[0], c[1]] for letter, c in sorted(saved["signs"].items())],
        "hand": list(saved["hand"]),
        "actions_taken": saved["actions_taken"],
        "stats": dict(saved["stats"]),
    }
    if saved["laid"] is not None:
        data["laid"] = laid_to_data(saved["laid"])
    return data


def undo_from_data(data: Any, players: int, turn: int) -> dict[str, Any]:
    """An undo point back from its saved form, every field checked: a damaged one is refused with
    the save, not met later by the player who undoes."""
    keys = {"tiles", "signs", "hand", "actions_taken", "stats"}
    if not isinstance(data, dict) or set(data) not in (keys, keys | {"laid"}):
        raise SnapshotError("bad undo record")
    tiles: dict[tuple[int, int], tuple[int, int]] = {}
    signs: dict[str, tuple[int, int]] = {}
    try:
        for row, col, tile, rot in data["tiles"]:
            if not all(is_int(v) for v in (row, col, tile, rot)) or (row, col) in tiles:
                raise SnapshotError("bad tile in an undo record")
            tiles[(row, col)] = (tile, rot)
        for letter, row, col in data["signs"]:
            if not isinstance(letter, str) or not is_int(row) or not is_int(col):
                raise SnapshotError("bad stop sign in an undo record")
            signs[letter] = (row, col)
    except (TypeError, ValueError):
        raise SnapshotError("bad undo record") from None
    hand, stats = data["hand"], data["stats"]
    if not isinstance(hand, list) or not all(is_int(t) and t in TILE_TYPES for t in hand) \
            or not is_int(data["actions_taken"]) or not isinstance(stats, dict) \
            or set(stats) != set(STAT_KEYS) or not all(is_int(v) for v in stats.values()):
        raise SnapshotError("bad undo record")
    laid = laid_from_data(data["laid"], players=players, turn=turn) if "laid" in data else None
    return {"tiles": tiles, "signs": signs, "hand": list(hand), "actions_taken": data["actions_taken"],
            "stats": dict(stats), "laid": laid}


def laid_to_data(laid: dict[tuple[int, int], tuple[int, int]]) -> list[list[int]]:
    """Who laid each square's tile and when, as [row, col, seat, turn] rows."""
    return [[cell[0], cell[1], seat, turn] for cell, (seat, turn) in sorted(laid.items())]


def laid_from_data(rows: Any, tiles: dict | None = None, players: int | None = None,
                   turn: int | None = None) -> dict[tuple[int, int], tuple[int, int]]:
    """The rows of ``laid_to_data`` back; with the board's ``tiles``, the player count and the turn,
    every row is checked to name a laid square, a seat and a turn already played."""
    if not isinstance(rows, list):
        raise SnapshotError("bad record of who laid the tiles")
    laid: dict[tuple[int, int], tuple[int, int]] = {}
    for row in rows:
        if not (isinstance(row, list) and len(row) == 4 and all(is_int(v) for v in row)):
            raise SnapshotError("bad record of who laid a tile")
        cell, seat, when = (row[0], row[1]), row[2], row[3]
        if (tiles is not None and cell not in tiles) or (players is not None and not 0 <= seat < players) \
                or (turn is not None and not 1 <= when <= turn) or cell in laid:
            raise SnapshotError("a record of who laid a tile names no tile, seat or turn of this game")
        laid[cell] = (seat, when)
    return laid


def recent_tiles(state: State) -> list[list[int]]:
    """The squares laid or exchanged in the last round of turns (``players`` turns, this one
    included): what changed since each player's previous turn, as [row, col, seat, turn] rows."""
    since = state.turn - state.players
    recent = sorted((cell, who) for cell, who in state.laid.items() if who[1] > since)  # a few of ~100
    return [[cell[0], cell[1], seat, turn] for cell, (seat, turn) in recent]

def state_from_view(view: View) -> State:
    """The board, hands, turn and trips a view shows. Cards the view hides are blank, the pile and
    the box hold as many blank tiles as they count, and a possible undo is a blank entry: enough
    for ``legal``/``check`` to answer as for the real game, never enough to play on."""
    players = view["players"]
    trips = [None if p["trip"] is None else Trip(p["trip"]["start"], p["trip"]["route"], p["trip"]["halts"],
                                                 p["trip"]["position"], p["trip"]["expected_hundredths"] / 100,
                                                 bool(p["trip"].get("by_h", False)))
             for p in players]
    dice = view.get("dice") or {}
    return State(players=len(players), options=view["options"], rng=Rng(0), board=Board.from_view(view["board"]),
                 pile=[0] * view["pile_count"], box=[0] * view["box_count"],
                 hands=[list(h) for h in view["hands"]], lines=[p["line"] or 0 for p in players],
                 route_cards=[p["route_card"] or "" for p in players],
                 stops=[list(p["stops"] or []) for p in players],
                 current=view["current"], turn=view["turn"], phase=view["phase"],
                 actions_taken=view["actions_taken"], undo_stack=[{}] if view["can_undo"] else [],
                 trips=trips, revealed=[p["revealed"] for p in players],
                 stats=[dict(p["stats"]) for p in players], last_roll=view["last_roll"],
                 laid={(r, c): (seat, turn) for r, c, seat, turn in view.get("recent", [])},
                 last_move=None if not view.get("allowance") else int(view["allowance"]) - 1,
                 dice=list(dice["rolled"]) if dice.get("rolled") is not None else None,
                 dice_left=int(dice.get("next", DICE_PER_TURN)))

def restore(data: Any, validate_options: Callable[[Any], dict[str, Any]], min_players: int,
            max_players: int) -> State:
    """A state from a snapshot, every field checked (SnapshotError names what is wrong)."""
    if not isinstance(data, dict):
        raise SnapshotError("a Linie 1 state is a map")
    players = data["players"]
    if not is_int(players) or not min_players <= players <= max_players:
        raise SnapshotError("bad player count")
    options = validate_options(data["options"])
    board = Board()
    for row, col, tile, rot in data["tiles"]:
        if not all(is_int(v) for v in (row, col, tile, rot)):
            raise SnapshotError("bad tile entry")
        if (row, col) in board.tiles:
            raise SnapshotError("two tiles on one square")
        board.tiles[(row, col)] = (tile, rot)
    for letter, row, col in data["signs"]:
        board.signs[letter] = (row, col)
        board.sign_at[(row, col)] = letter
    board.validate()
    if len(set(board.signs.values())) != len(board.signs):
        raise SnapshotError("two signs on one square")
    ints = lambda seq: [v for v in seq if is_int(v) and v in TILE_TYPES]  # noqa: E731
    pile, box = ints(data["pile"]), ints(data["box"])
    hands = [ints(h) for h in data["hands"]]
    if len(pile) != len(data["pile"]) or len(box) != len(data["box"]) or len(hands) != players or any(
            len(h) != len(raw) or len(h) > HAND_SIZE for h, raw in zip(hands, data["hands"], strict=True)):
        raise SnapshotError("bad tiles in pile, box or hands")
    counts = {t: 0 for t in TILE_TYPES}
    for tile in [*pile, *box, *(t for h in hands for t in h), *(t for t, _ in board.tiles.values())]:
        counts[tile] += 1
    if sum(counts.values()) != TOTAL_TILES or any(
            counts[t] != info.pile + info.start for t, info in TILE_TYPES.items()):
        raise SnapshotError("the tiles do not add up to the box's 126")
    lines, cards, stops = list(data["lines"]), list(data["route_cards"]), [list(s) for s in data["stops"]]
    if (len(lines) != players or len(set(lines)) != players or not all(line in LINES for line in lines)
            or len(cards) != players or not all(card in ROUTE_CARDS for card in cards)
            or any(stops[s] != list(ROUTE_CARDS[cards[s]][lines[s]]) for s in range(players))):
        raise SnapshotError("bad line or route cards")
    phase, current, actions = data["phase"], data["current"], data["actions_taken"]
    if phase not in ("build", "refill", "roll", "over") or not is_int(current) or not 0 <= current < players:
        raise SnapshotError("bad phase or current seat")
    if not is_int(actions) or not 0 <= actions <= 2 or not is_int(data["turn"]) or not is_int(data["rng"]):
        raise SnapshotError("bad counters")
    trips: list[Trip | None] = []
    for raw in data["trips"]:
        if raw is None:
            trips.append(None)
            continue
        trip = Trip(list(raw["start"]), [list(c) for c in raw["route"]], [bool(h) for h in raw["halts"]],
                    int(raw["position"]), float(raw["expected_turns"]), bool(raw.get("by_h", False)))
        if len(trip.cells) != len(trip.halts) or not -1 <= trip.position < len(trip.cells) or not trip.cells:
            raise SnapshotError("bad trip")
        trips.append(trip)
    if len(trips) != players:
        raise SnapshotError("bad trips")
    if phase == "roll" and trips[current] is None:
        raise SnapshotError("a non-driver cannot be rolling")
    winner = data["winner"]
    if winner is not None and (not is_int(winner) or not 0 <= winner < players):
        raise SnapshotError("bad winner")
    stats = [{key: int(s[key]) for key in STAT_KEYS} for s in data["stats"]]
    revealed = [bool(r) for r in data["revealed"]]
    if len(stats) != players or len(revealed) != players:
        raise SnapshotError("bad per-seat records")
    undo_stack = [undo_from_data(saved, players, data["turn"]) for saved in data["undo_stack"]]
    return State(
        players=players, options=options, rng=Rng(data["rng"]), board=board, pile=pile, box=box, hands=hands,
        lines=lines, route_cards=cards, stops=stops, current=current, turn=data["turn"], phase=phase,
        actions_taken=actions, undo_stack=undo_stack, trips=trips, revealed=revealed, winner=winner,
        stalemate=bool(data["stalemate"]), stats=stats,
        last_roll=dict(data["last_roll"]) if data["last_roll"] else None,
        laid=laid_from_data(data.get("laid", []), board.tiles, players, data["turn"]),  # (none in older saves)
        last_move=_last_move(data.get("last_move")),
        **_dice(data, phase, options),
    )


def _dice(data: dict[str, Any], phase: str, options: dict[str, Any]) -> dict[str, Any]:
    """Three dice: the faces awaiting a choice and the next roll's dice (none in older saves)."""
    dice, left = data.get("dice"), data.get("dice_left", DICE_PER_TURN)
    if not is_int(left) or not 0 <= left <= DICE_PER_TURN:
        raise SnapshotError("bad count of dice to roll")
    if dice is not None:
        if (options.get("trip_rule") != "three_dice" or phase != "roll" or not isinstance(dice, list)
                or len(dice) != left or not all(face in DICE_FACES for face in dice)):
            raise SnapshotError("bad dice awaiting a choice")
        dice = list(dice)
    return {"dice": dice, "dice_left": int(left)}


def _last_move(value: Any) -> int | None:
    if value is None:
        return None
    if not is_int(value) or not 0 <= value <= MAX_ROUTE:
        raise SnapshotError("bad last trip move")
    return int(value)
