"""Building Linja test positions by hand: pieces per row for each colour, via the real restore path."""

from __future__ import annotations

from typing import Any

from game.core.linja import GAME, LinjaState
from game.core.linja.position import ROWS


def rows_of(a: dict[int, int], b: dict[int, int]) -> list[list[int]]:
    return [[a.get(row, 0), b.get(row, 0)] for row in range(ROWS)]


def snapshot_of(a: dict[int, int], b: dict[int, int], turn: int = 0, phase: str = "initial",
                steps: int = 0, extra: bool = False, first: int = 0, result: str | None = None,
                ) -> dict[str, Any]:
    return {"format": "linja", "version": 1, "rows": rows_of(a, b), "turn": turn, "phase": phase,
            "steps": steps, "extra": extra, "result": result, "first": first, "rng": 7, "moves": 0}


def make(a: dict[int, int], b: dict[int, int], **fields: Any) -> LinjaState:
    """A state with A's pieces ``a`` and B's pieces ``b`` ({row: count}); restore checks it is sound."""
    return GAME.restore(snapshot_of(a, b, **fields))


def rows(state: LinjaState) -> dict[str, dict[int, int]]:
    """The pieces as {"A": {row: n}, "B": {row: n}} without empty rows, for readable asserts."""
    pieces = state.position.pieces
    return {name: {row: n for row, n in enumerate(pieces[seat]) if n} for seat, name in enumerate("AB")}


def move(state: LinjaState, seat: int, kind: str, row: int) -> list[dict[str, Any]]:
    """Apply a move that must be legal, returning its events."""
    action = {"type": kind, "from": row}
    assert GAME.check(state, seat, action) is None, GAME.check(state, seat, action)
    return GAME.apply(state, seat, action)


def types(events: list[dict[str, Any]]) -> list[str]:
    return [event["type"] for event in events]
