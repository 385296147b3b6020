"""Tile actions every Linie 1 bot level shares: legality, how a step sits on the board, any legal move.

Every tile action a bot proposes is checked against the same rules the host applies first.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.ai.linie1.plan import Step, variants_for
from game.core.contract import Action
from game.core.linie1.board import NEIGHBOURS, Board
from game.core.linie1.data import BESIDE_BUILDING, MASKS
from game.core.linie1.geometry import POPCOUNT, Cell
from game.core.rng import Rng

StepScore = tuple[int, int, int, int]  # (not joined, not beside a building, rails spent, plan order)


def is_legal(board: Board, kind: str, tile: int, cell: Cell, rot: int, strict: bool) -> bool:
    if kind == "place":
        return board.check_place(tile, cell, rot, strict) is None
    return board.check_exchange(tile, cell, rot, strict) is None


def tile_action(kind: str, tile: int, cell: Cell, rot: int) -> Action:
    return {"type": kind, "tile": tile, "cell": list(cell), "rot": rot}


def anchored(step: Step, board: Board) -> bool:
    """True when the step's square touches laid track it would join (less likely to be cut off)."""
    return any(edge in (step.entry, step.exit) and other in board.tiles
               for edge, other, _kind in NEIGHBOURS[step.cell])


def stray_rails(board: Board, cell: Cell, tile: int, rot: int, on_plan: set[Cell]) -> int:
    """Rails pointing at free squares off the plan: they constrain the board for nothing."""
    mask = MASKS[(tile, rot)]
    count = 0
    for edge, other, _kind in NEIGHBOURS[cell]:
        if mask >> edge & 1 and other not in board.tiles and other not in on_plan:
            count += 1
    return count


def step_options(steps: Sequence[Step], route: Iterable[Cell], board: Board, hand: list[int],
                 strict: bool) -> list[tuple[StepScore, Step, Action]]:
    """Every legal way to lay one of a plan's ``steps`` now, in the plan's order, scored as every
    level prefers (lowest first): joined to laid track, beside a building (its sign comes free),
    few rails spent pointing off the planned ``route``, early in the plan."""
    on_plan = set(route)
    options: list[tuple[StepScore, Step, Action]] = []
    for order, step in enumerate(steps):
        joined = anchored(step, board)
        at_stop = step.cell in BESIDE_BUILDING
        for kind, tile, rot in variants_for(step, board, hand):
            if not is_legal(board, kind, tile, step.cell, rot, strict):
                continue
            spent = stray_rails(board, step.cell, tile, rot, on_plan) + POPCOUNT[MASKS[(tile, rot)]]
            options.append(((0 if joined else 1, 0 if at_stop else 1, spent, order), step,
                            tile_action(kind, tile, step.cell, rot)))
    return options


def around(cells: Iterable[Cell]) -> set[Cell]:
    """The cells and their neighbours: where a tile would touch a planned route."""
    near: set[Cell] = set()
    for cell in cells:
        near.add(cell)
        for _edge, other, _kind in NEIGHBOURS.get(cell, ()):
            near.add(other)
    return near


def random_legal(board: Board, hand: list[int], strict: bool, pairs: bool, rng: Rng) -> Action | None:
    """Any legal tile action; a side-by-side exchange pair only when nothing else fits, since a
    hand that fits only as a pair still owes the turn's two actions (L4)."""
    placements = list(board.legal_placements(hand, strict))
    if placements:
        tile, cell, rot = placements[rng.below(len(placements))]
        return tile_action("place", tile, cell, rot)
    exchanges = list(board.legal_exchanges(hand, strict))
    if exchanges:
        tile, cell, rot = exchanges[rng.below(len(exchanges))]
        return tile_action("exchange", tile, cell, rot)
    if pairs:
        both = list(board.joint_exchanges(hand, strict))
        if both:
            first, second = both[rng.below(len(both))]
            return {"type": "exchange2",
                    "first": {"tile": first[0], "cell": list(first[1]), "rot": first[2]},
                    "second": {"tile": second[0], "cell": list(second[1]), "rot": second[2]}}
    return None
