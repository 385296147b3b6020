"""Constructed Liniell positions shared by the core and bot tests.

Positions are built through the real snapshot/restore path, so every one of them is checked by the
same validation a save file gets. ``EXAMPLE`` is a full 4 x 4 field of the project's tiles laid out
like the rulebook's page-7 scoring example (see docs/liniell.md).
"""

from __future__ import annotations

from collections import deque

from game.core.liniell import GAME
from game.core.liniell.field import Cell, Field, PieceRef, compute_lines
from game.core.liniell.state import State, restore
from game.core.liniell.tiles import DELTAS, opposite

# cell -> (tile, rotation). Found by a search over arrangements; see test_rulebook_example_scoring.
EXAMPLE: dict[Cell, tuple[int, int]] = {
    (0, 0): (5, 1), (1, 0): (14, 3), (2, 0): (8, 1), (3, 0): (9, 1),
    (0, 1): (10, 0), (1, 1): (3, 0), (2, 1): (4, 1), (3, 1): (12, 1),
    (0, 2): (0, 0), (1, 2): (1, 1), (2, 2): (15, 2), (3, 2): (6, 3),
    (0, 3): (2, 1), (1, 3): (11, 0), (2, 3): (13, 3), (3, 3): (7, 1),
}
# The four scored lines of the example, each named by one of its pieces.
YELLOW_1: PieceRef = (0, 0, 0)  # 5 tiles between two blue rhombs: 8
YELLOW_2: PieceRef = (1, 1, 1)  # 4 tiles between a blue and a white rhomb: 6
GREEN_3: PieceRef = (0, 1, 2)  # 7 tiles, one crossed twice, white to blue: 9
GREEN_4: PieceRef = (0, 2, 1)  # 4 tiles from a blue rhomb to the edge: 5


def placement_order(cells: dict[Cell, tuple[int, int]]) -> list[Cell]:
    """A breadth-first order from (0, 0), so each tile goes next to one already placed."""
    order, queue, seen = [], deque([(0, 0)]), {(0, 0)}
    while queue:
        cell = queue.popleft()
        order.append(cell)
        for dx, dy in DELTAS:
            near = (cell[0] + dx, cell[1] + dy)
            if near in cells and near not in seen:
                seen.add(near)
                queue.append(near)
    assert len(order) == len(cells), "the constructed field must be connected"
    return order


def build(cells: dict[Cell, tuple[int, int]], markers: list[list[PieceRef | None]], *, phase: str,
          current: int = 0, drawn: int | None = None, stack: list[int] | None = None,
          set_aside: list[int] | None = None, end_reason: str | None = None, rng: int = 7,
          stuck: bool = False) -> State:
    """A state with these tiles placed (in a valid order) and these markers, via the game's restore().

    Without ``stack``, every tile not placed, drawn or set aside is in the stack. ``stuck`` lets the
    drawn tile be one with no legal placement (a moment the game itself never stops at: it sets such
    a tile aside), so a test can ask ``check`` about each of its placements.
    """
    if stack is None:
        used = {tile for tile, _ in cells.values()} | set(set_aside or []) | {drawn}
        stack = [tile for tile in range(16) if tile not in used]
    return (restore if stuck else GAME.restore)({
        "game": "liniell",
        "rng": rng,
        "stack": list(stack),
        "first_player": 0,
        "current": current,
        "phase": phase,
        "drawn": drawn,
        "placed": [[cell[0], cell[1], *cells[cell]] for cell in placement_order(cells)],
        "set_aside": list(set_aside or []),
        "markers": [[None if ref is None else list(ref) for ref in own] for own in markers],
        "end_reason": end_reason,
    })


def facing(cells: dict[Cell, tuple[int, int]], hole: Cell) -> dict[str, PieceRef]:
    """The pieces of the neighbours whose lines point into the empty square ``hole``, by side."""
    field = Field(cells)
    found = {}
    for direction, (dx, dy) in enumerate(DELTAS):
        near = (hole[0] + dx, hole[1] + dy)
        if near in cells:
            found["NESW"[direction]] = (near[0], near[1], field.piece_towards(near, opposite(direction)))
    return found


def same_line(cells: dict[Cell, tuple[int, int]], a: PieceRef, b: PieceRef) -> bool:
    lines = compute_lines(Field(cells))
    return lines.line_of[a] == lines.line_of[b]


def without(cells: dict[Cell, tuple[int, int]], *holes: Cell) -> dict[Cell, tuple[int, int]]:
    return {cell: placed for cell, placed in cells.items() if cell not in holes}
