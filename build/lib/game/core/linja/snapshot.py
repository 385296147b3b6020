"""Saving and restoring a Linja game; a save is untrusted input, so every field is checked.

A restored game must be one the rules could be in: twelve pieces per colour, no field row over its
limit, a phase that fits the position (a running game whose pieces have not passed, with a move
open to the player to act; a finished one whose end reason is true). Anything else is a
SnapshotError, never another exception.
"""

from __future__ import annotations

from typing import Any

from game.core.contract import SnapshotError, is_int
from game.core.linja.position import (
    BLOCKED,
    FOLLOWING,
    INITIAL,
    OVER,
    PASSED,
    PHASES,
    PIECES,
    ROW_LIMIT,
    ROWS,
    Position,
    have_passed,
    initial_sources,
    is_field_row,
    legal_rows,
)

FORMAT = "linja"
VERSION = 1
MAX_STEPS = ROW_LIMIT - 1  # a row the initial move may enter holds at most five pieces
_RNG_LIMIT = 1 << 64
KEYS = {"format", "version", "rows", "turn", "phase", "steps", "extra", "result", "first", "rng", "moves"}


def snapshot(position: Position, first: int, rng_state: int, moves: int) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "rows": [[position.pieces[0][row], position.pieces[1][row]] for row in range(ROWS)],
        "turn": position.turn,
        "phase": position.phase,
        "steps": position.steps,
        "extra": position.extra,
        "result": position.result,
        "first": first,
        "rng": rng_state,
        "moves": moves,
    }


def restore(data: Any) -> tuple[Position, int, int, int]:
    """(position, first, rng state, moves) from ``snapshot``'s dict; SnapshotError if it is not sound."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SnapshotError("not a Linja snapshot")
    if data.get("version") != VERSION:
        raise SnapshotError(f"Linja snapshot version {data.get('version')!r} is not supported")
    if set(data) != KEYS:
        raise SnapshotError("a Linja snapshot has exactly the fields " + ", ".join(sorted(KEYS)))
    pieces = _pieces(data["rows"])
    turn, first, phase = data["turn"], data["first"], data["phase"]
    steps, extra, result = data["steps"], data["extra"], data["result"]
    rng_state, moves = data["rng"], data["moves"]
    if not (_is_seat(turn) and _is_seat(first)):
        raise SnapshotError("turn and first must be seat 0 or 1")
    if not (isinstance(phase, str) and phase in PHASES):
        raise SnapshotError(f"unknown phase {phase!r}")
    if not is_int(steps) or not isinstance(extra, bool):
        raise SnapshotError("steps must be an int and extra a bool")
    if not is_int(rng_state) or not 0 <= rng_state < _RNG_LIMIT:
        raise SnapshotError("the RNG state must be a 64-bit unsigned int")
    if not is_int(moves) or moves < 0:
        raise SnapshotError("moves must be a non-negative int")
    position = Position(pieces, turn, phase, steps, extra, result)
    _check_phase(position)
    return position, first, rng_state, moves


def _is_seat(value: Any) -> bool:
    return is_int(value) and value in (0, 1)


def _pieces(rows: Any) -> list[list[int]]:
    if not isinstance(rows, list) or len(rows) != ROWS:
        raise SnapshotError(f"rows must be a list of {ROWS} rows")
    pieces: list[list[int]] = [[], []]
    for row, counts in enumerate(rows):
        if not (isinstance(counts, list) and len(counts) == 2
                and all(is_int(count) and count >= 0 for count in counts)):
            raise SnapshotError(f"row {row} must be [pieces of A, pieces of B], both non-negative ints")
        if is_field_row(row) and counts[0] + counts[1] > ROW_LIMIT:
            raise SnapshotError(f"row {row} holds more than {ROW_LIMIT} pieces")
        pieces[0].append(counts[0])
        pieces[1].append(counts[1])
    if sum(pieces[0]) != PIECES or sum(pieces[1]) != PIECES:
        raise SnapshotError(f"each player has exactly {PIECES} pieces")
    return pieces


def _check_phase(position: Position) -> None:
    """The phase, steps, extra flag and result must be ones the turn machine can leave behind."""
    passed = have_passed(position.pieces)
    if position.phase == OVER:
        if position.steps != 0 or position.extra:
            raise SnapshotError("a finished game has no pending move")
        if position.result == PASSED and passed:
            return
        if (position.result == BLOCKED and not passed and not initial_sources(position, 0)
                and not initial_sources(position, 1)):
            return
        raise SnapshotError(f"the end reason {position.result!r} does not fit the position")
    if position.result is not None or passed:
        raise SnapshotError("a game whose pieces have passed each other is over")
    if position.phase == INITIAL and position.steps != 0:
        raise SnapshotError("no following steps are pending before the initial move")
    if position.phase == FOLLOWING and not 1 <= position.steps <= MAX_STEPS:
        raise SnapshotError(f"a following move has 1..{MAX_STEPS} steps")
    if not legal_rows(position, position.turn):
        raise SnapshotError("the player to act has no legal move; the rules would have passed it")
