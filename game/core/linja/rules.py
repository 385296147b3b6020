"""Linja as a GameDefinition: setup, the checks that turn any malformed intent into a typed rejection,
events, views and the outcome. The moves themselves live in ``position`` (shared with the bot).

Actions are ``{"type": "initial", "from": row}`` and ``{"type": "follow", "from": row}`` with rows
absolute (0..7). There is no pass action: a move that the rules make impossible is recorded by the
core at once as a ``pass`` event, so the player to act always has at least one legal action.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from game.core.contract import (
    Action,
    Event,
    Rejection,
    RuleViolation,
    View,
    action_type,
    is_int,
    reject,
    views_one_by_one,
)
from game.core.linja import snapshot as snapshots
from game.core.linja.position import (
    DIRECTION,
    FOLLOWING,
    INITIAL,
    OVER,
    ROW_LIMIT,
    ROWS,
    TARGET,
    Position,
    destination,
    is_full,
    legal_rows,
    play,
    scores,
    starting_pieces,
)
from game.core.linja.shapes import ACTION_SHAPES, EVENT_FIELDS
from game.core.rng import Rng

NAME = "linja"
ACTION_PHASES = {"initial": INITIAL, "follow": FOLLOWING}
ACTION_KEYS = {"type", "from"}


@dataclass(slots=True)
class LinjaState:
    """The host-side state: the public position plus who started and the RNG that chose it."""

    position: Position
    first: int
    rng: Rng
    moves: int = 0  # single moves applied so far


def choices(position: Position) -> list[dict[str, Any]]:
    """Each move open to the player to act, with where it leads: the UI highlights and previews them.

    Worked out by playing the move on a copy, so a preview can never disagree with the real move.
    A move that ends the game also says ``ends_game: True``: what it would otherwise earn is void
    (gap G4), so its ``steps`` is 0 and its ``extra_turn`` False.
    """
    found = []
    for row in legal_rows(position, position.turn):
        events: list[Event] = []
        after = position.copy()
        play(after, row, events)
        move = events[0]
        choice: dict[str, Any] = {"from": row, "to": move["to"]}
        if move["phase"] == INITIAL:
            choice["steps"] = move["steps"]
        else:
            choice["extra_turn"] = any(event["type"] == "extra_turn" for event in events)
        if after.phase == OVER:
            choice["ends_game"] = True
        found.append(choice)
    return found


class Linja:
    """The Linja rules (rulings J1-J6), two players exactly."""

    name = NAME
    title = "Linja"
    rules_version = "1"
    min_players = 2
    max_players = 2
    action_shapes = ACTION_SHAPES  # the fields of each action (game.core.shapes)
    event_fields = EVENT_FIELDS  # the fields of each event it tells

    def default_options(self) -> dict[str, Any]:
        return {"first": None}

    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> LinjaState:
        if players != 2:
            raise ValueError("Linja is a game for exactly two players")
        first = {**self.default_options(), **(options or {})}["first"]
        if first is not None and (not is_int(first) or first not in (0, 1)):
            raise ValueError("option 'first' must be seat 0, seat 1 or None (random)")
        rng = Rng(seed)
        if first is None:
            first = rng.below(2)  # "A starting player is chosen at random."
        return LinjaState(Position(starting_pieces(), first), first, rng)

    # -- whose decision, and which -----------------------------------------------------------------
    def to_act(self, state: LinjaState) -> list[int]:
        return [] if state.position.phase == OVER else [state.position.turn]

    def legal(self, state: LinjaState, seat: int) -> list[Action]:
        kind = "initial" if state.position.phase == INITIAL else "follow"
        return [{"type": kind, "from": row} for row in legal_rows(state.position, seat)]

    def check(self, state: LinjaState, seat: Any, action: Any) -> Rejection | None:
        position = state.position
        if not is_int(seat) or seat not in (0, 1):
            return reject(NAME, "bad_seat", "Linja has two seats, 0 and 1.")
        if position.phase == OVER:
            return reject(NAME, "game_over", "The game is over.")
        kind = action_type(action)
        if kind is None:
            return reject(NAME, "malformed", "An action is a dict with a string 'type'.")
        if kind not in ACTION_PHASES:
            return reject(NAME, "unknown_action",
                          f"Linja knows the actions 'initial' and 'follow', not {kind!r}; "
                          "impossible moves are passed automatically.")
        extra = set(action) - ACTION_KEYS
        if extra:
            names = ", ".join(sorted(map(str, extra)))
            return reject(NAME, "unexpected_key", f"Unexpected keys in the action: {names}.")
        if "from" not in action:
            return reject(NAME, "missing_row", "Say which row the piece moves 'from'.")
        row = action["from"]
        if not is_int(row) or not 0 <= row < ROWS:
            return reject(NAME, "bad_row", f"'from' must be a row number 0..{ROWS - 1}.")
        if seat != position.turn:
            return reject(NAME, "not_your_turn", "It is the other player's turn.")
        if ACTION_PHASES[kind] != position.phase:
            wanted = ("an initial move" if position.phase == INITIAL
                      else f"a following move of {position.steps} steps")
            return reject(NAME, "wrong_phase", f"Now it is time for {wanted}.", phase=position.phase,
                          steps=position.steps)
        if position.pieces[seat][row] == 0:
            return reject(NAME, "no_piece", f"You have no piece on row {row}.", row=row)
        if row == TARGET[seat]:
            return reject(NAME, "piece_home", "That piece has left the field; it cannot move again.")
        to = row + DIRECTION[seat] if position.phase == INITIAL else destination(seat, row, position.steps)
        if is_full(position, to):
            verb = "enter" if position.phase == INITIAL else "stop on"
            return reject(NAME, "row_full",
                          f"Row {to} already holds {ROW_LIMIT} pieces; no piece may {verb} it.",
                          row=to, limit=ROW_LIMIT, phase=position.phase)
        return None

    def apply(self, state: LinjaState, seat: int, action: Action, *, checked: bool = False) -> list[Event]:
        rejection = None if checked else self.check(state, seat, action)
        if rejection is not None:
            raise RuleViolation(rejection)
        events: list[Event] = []
        play(state.position, action["from"], events)
        state.moves += 1
        outcome = self.outcome(state)
        if outcome is not None:
            events.append({"type": "end", "reason": state.position.result, **outcome})
        return events

    # -- what everyone sees --------------------------------------------------------------------------
    def views(self, state: Any, seats: Iterable[int | None]) -> dict[int | None, View]:
        return views_one_by_one(self, state, seats)  # the views share little worth building once

    def view(self, state: LinjaState, seat: int | None) -> View:
        """Linja hides nothing: every seat and the spectator see the same facts."""
        position = state.position
        outcome = self.outcome(state)
        return {
            "type": "view",
            "game": NAME,
            "seat": seat,
            "rows": [[position.pieces[0][row], position.pieces[1][row]] for row in range(ROWS)],
            "turn": None if position.phase == OVER else position.turn,
            "phase": position.phase,
            "steps": position.steps,
            "extra_turn": position.extra,
            "first": state.first,
            "moves": state.moves,
            "targets": list(TARGET),
            "row_limit": ROW_LIMIT,
            "choices": choices(position),
            "scores": outcome["scores"] if outcome else None,
            "outcome": outcome,
        }

    def view_event(self, state: LinjaState, event: Event, seat: int | None) -> Event | None:
        return dict(event)

    def outcome(self, state: LinjaState) -> dict[str, Any] | None:
        position = state.position
        if position.phase != OVER:
            return None
        points = scores(position.pieces)
        if points[0] == points[1]:
            # Gap G2: a draw has no loser; the player who did not start this game starts the next.
            return {"winners": [], "draw": True, "scores": points, "next_first": 1 - state.first}
        winner = 0 if points[0] > points[1] else 1
        return {"winners": [winner], "draw": False, "scores": points, "next_first": 1 - winner}

    def snapshot(self, state: LinjaState) -> dict[str, Any]:
        return snapshots.snapshot(state.position, state.first, state.rng.state, state.moves)

    def restore(self, data: Any) -> LinjaState:
        position, first, rng_state, moves = snapshots.restore(data)
        rng = Rng(0)
        rng.state = rng_state
        return LinjaState(position, first, rng, moves)

    def secrets(self, state: LinjaState) -> dict[str, Any]:
        return {}

    def state_from_view(self, view: View) -> LinjaState:
        """Linja hides nothing but its RNG (spent at setup): the view is the position."""
        rows = view["rows"]
        pieces = [[rows[row][0] for row in range(ROWS)], [rows[row][1] for row in range(ROWS)]]
        turn = view["turn"] if view["turn"] is not None else 0
        phase = view["phase"] if view["turn"] is not None else OVER
        position = Position(pieces, turn, phase, view["steps"], view["extra_turn"])
        return LinjaState(position, int(view["first"]), Rng(0), int(view["moves"]))


GAME = Linja()
