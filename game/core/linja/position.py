"""The Linja position and its turn machine, shared by the rules core and the bot's search.

Pieces of one colour are interchangeable, so a position is just how many pieces of each colour
stand on each of the eight rows (rulings J1-J6). Both the authority (``game.core.linja.rules``) and
the bot (``game.ai.linja.bot``) move pieces through ``play``, so the bot can never search a rule the
host does not play. ``play`` takes an optional list to record events in; the search passes None.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import mul
from typing import Any

ROWS = 8
FIELD_ROWS = range(1, ROWS - 1)
ROW_LIMIT = 6  # J1: at most six pieces (both colours) on a field row
PIECES = 12  # per colour
START = (0, ROWS - 1)  # seat 0 (player A) starts on row 0, seat 1 (player B) on row 7
TARGET = (ROWS - 1, 0)  # each player's target row is the other's start row
DIRECTION = (1, -1)  # A moves up, B moves down
ROW_POINTS = (5, 3, 2, 1)  # J6: target row, then the field rows nearest it

INITIAL = "initial"
FOLLOWING = "following"
OVER = "over"
PHASES = (INITIAL, FOLLOWING, OVER)

PASSED = "passed"  # J6: the pieces have passed each other
BLOCKED = "blocked"  # neither player can make an initial move (docs/linja.md, ruling gap G1)
END_REASONS = (PASSED, BLOCKED)


@dataclass(slots=True)
class Position:
    """Everything the rules need to know about a game in progress; public to both seats.

    ``pieces[seat][row]`` counts that seat's pieces on the row. ``steps`` is the pending following
    move's length (0 outside the following phase); ``extra`` says the current turn is an extra
    turn (J5), whose following move cannot earn another.
    """

    pieces: list[list[int]]
    turn: int
    phase: str = INITIAL
    steps: int = 0
    extra: bool = False
    result: str | None = None  # END_REASONS once the phase is OVER

    def copy(self) -> Position:
        return Position([self.pieces[0][:], self.pieces[1][:]], self.turn, self.phase, self.steps,
                        self.extra, self.result)

    def occupancy(self, row: int) -> int:
        return self.pieces[0][row] + self.pieces[1][row]


def starting_pieces() -> list[list[int]]:
    """J2: six pieces on the start row and one on each field row, for each colour."""
    pieces = [[0] * ROWS for _ in range(2)]
    for seat in (0, 1):
        pieces[seat][START[seat]] = PIECES - len(FIELD_ROWS)
        for row in FIELD_ROWS:
            pieces[seat][row] = 1
    return pieces


def is_field_row(row: int) -> bool:
    return 0 < row < ROWS - 1


def is_full(position: Position, row: int) -> bool:
    """A field row holding six pieces; start/target rows never fill up."""
    return is_field_row(row) and position.occupancy(row) >= ROW_LIMIT


def destination(seat: int, row: int, steps: int) -> int:
    """Where ``steps`` forward from ``row`` leads; a piece stops on its target row (J4)."""
    end = row + DIRECTION[seat] * steps
    return min(end, TARGET[0]) if seat == 0 else max(end, TARGET[1])


def initial_sources(position: Position, seat: int) -> list[int]:
    """Rows from which ``seat`` may make an initial move (J3), nearest its start first."""
    own = position.pieces[seat]
    target = TARGET[seat]
    step = DIRECTION[seat]
    return [row for row in _rows_forward(seat)
            if own[row] and row != target and not is_full(position, row + step)]


def follow_sources(position: Position, seat: int, steps: int) -> list[int]:
    """Rows from which one of ``seat``'s pieces can make a following move of ``steps`` (J4)."""
    own = position.pieces[seat]
    target = TARGET[seat]
    return [row for row in _rows_forward(seat)
            if own[row] and row != target and not is_full(position, destination(seat, row, steps))]


def _rows_forward(seat: int) -> range:
    return range(ROWS) if seat == 0 else range(ROWS - 1, -1, -1)


def following_steps(position: Position, seat: int, row_entered: int) -> int:
    """J4: the entered row's pieces before arrival; entering the target row gives exactly one."""
    if row_entered == TARGET[seat]:
        return 1
    return position.occupancy(row_entered)


def have_passed(pieces: list[list[int]]) -> bool:
    """J6: every piece of A stands on a higher row than every piece of B."""
    lowest_a = next(row for row in range(ROWS) if pieces[0][row])
    highest_b = next(row for row in range(ROWS - 1, -1, -1) if pieces[1][row])
    return lowest_a > highest_b


def row_points(seat: int, row: int) -> int:
    """J6: 5 on the target row, then 3, 2, 1 on the field rows nearest it, 0 in the own half."""
    distance = abs(TARGET[seat] - row)
    return ROW_POINTS[distance] if distance < len(ROW_POINTS) else 0


POINTS = tuple(tuple(row_points(seat, row) for row in range(ROWS)) for seat in (0, 1))


def scores(pieces: list[list[int]]) -> list[int]:
    """J6's score of each seat if the game ended with these pieces."""
    return [sum(map(mul, pieces[seat], POINTS[seat])) for seat in (0, 1)]


def legal_rows(position: Position, seat: int) -> list[int]:
    """The rows ``seat`` may move a piece from right now (empty when it is not their decision)."""
    if position.phase == OVER or seat != position.turn:
        return []
    if position.phase == INITIAL:
        return initial_sources(position, seat)
    return follow_sources(position, seat, position.steps)


def play(position: Position, row: int, events: list[dict[str, Any]] | None = None) -> None:
    """Move one piece of the player to act from ``row`` in the current phase, then settle.

    The caller has checked the move is legal. Settling applies everything that needs no decision:
    the end of the game, the extra turn, and passes when no move is possible.
    """
    seat = position.turn
    if position.phase == INITIAL:
        _initial_move(position, seat, row, events)
    else:
        _following_move(position, seat, row, events)


def _initial_move(position: Position, seat: int, row: int, events: list[dict[str, Any]] | None) -> None:
    to = row + DIRECTION[seat]
    steps = following_steps(position, seat, to)
    _shift(position, seat, row, to)
    over = have_passed(position.pieces)
    if events is not None:
        events.append({"type": "move", "seat": seat, "from": row, "to": to, "phase": INITIAL,
                       "steps": 0 if over else steps})
    if over:
        _finish(position, PASSED)
    elif steps == 0:
        _end_turn(position, events)  # J4: an initial move onto an empty row earns no following move
    else:
        position.phase = FOLLOWING
        position.steps = steps
        _settle(position, events)


def _following_move(position: Position, seat: int, row: int, events: list[dict[str, Any]] | None) -> None:
    steps = position.steps
    to = destination(seat, row, steps)
    onto_empty_field_row = is_field_row(to) and position.occupancy(to) == 0
    _shift(position, seat, row, to)
    if events is not None:
        events.append({"type": "move", "seat": seat, "from": row, "to": to, "phase": FOLLOWING,
                       "steps": steps, "expired": steps - abs(to - row)})
    if have_passed(position.pieces):
        _finish(position, PASSED)
    elif onto_empty_field_row and not position.extra:
        # J5: one extra full turn; its own following move cannot earn another.
        position.phase = INITIAL
        position.steps = 0
        position.extra = True
        if events is not None:
            events.append({"type": "extra_turn", "seat": seat})
        _settle(position, events)
    else:
        _end_turn(position, events)


def _shift(position: Position, seat: int, source: int, to: int) -> None:
    own = position.pieces[seat]
    own[source] -= 1
    own[to] += 1


def _finish(position: Position, reason: str) -> None:
    position.phase = OVER
    position.steps = 0
    position.extra = False
    position.result = reason


def _end_turn(position: Position, events: list[dict[str, Any]] | None) -> None:
    position.turn = 1 - position.turn
    position.phase = INITIAL
    position.steps = 0
    position.extra = False
    _settle(position, events)


def _settle(position: Position, events: list[dict[str, Any]] | None) -> None:
    """Record the passes the rules force (J3, J4) until someone has a real decision or the game ends."""
    seat = position.turn
    if position.phase == FOLLOWING:
        if follow_sources(position, seat, position.steps):
            return
        if events is not None:
            events.append({"type": "pass", "seat": seat, "phase": FOLLOWING, "steps": position.steps})
        _end_turn(position, events)
        return
    if initial_sources(position, seat):
        return
    if events is not None:
        events.append({"type": "pass", "seat": seat, "phase": INITIAL})
    if not initial_sources(position, 1 - seat):
        _finish(position, BLOCKED)  # nothing can ever move again: score the position as it stands
        return
    position.turn = 1 - seat
    position.extra = False
