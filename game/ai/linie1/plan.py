"""Route planning for the Linie 1 bot: the cheapest way to finish a route on the current board.

The plan is a least-cost walk from one of the bot's terminals to the other through every stop,
over states (square, entry edge, stops visited). Following laid rails costs nothing, crossing a
free square costs a tile, and leaving a laid tile by a rail it does not yet have costs an exchange
(more, since the right tile is rarer). The plan's costly steps are the bot's shopping list.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.linie1.board import NEIGHBOURS, Board
from game.core.linie1.data import (
    BESIDE_BUILDING,
    DISTINCT_ROTATIONS,
    FACES,
    MASKS,
    PLAY,
    TERMINAL,
    TERMINAL_AT,
    TERMINALS,
    TILE_TYPES,
)
from game.core.linie1.geometry import Cell, Face, opposite, segment

FREE_COST = 2
UPGRADE_COST = 3
INFINITY = 10**9


def _upgrades() -> dict[tuple[Face, tuple[int, int]], bool]:
    """For each laid face and missing segment: does some tile contain both (an exchange could add it)?"""
    table: dict[tuple[Face, tuple[int, int]], bool] = {}
    faces = set(FACES.values())
    for face in faces:
        for a in range(4):
            for b in range(a + 1, 4):
                seg = (a, b)
                if seg in face:
                    continue
                wanted = face | {seg}
                table[(face, seg)] = any(wanted <= other for other in faces)
    return table


UPGRADABLE = _upgrades()
# The search numbers its states: square number, entry edge and stops visited packed in one int
# (indexing lists by it is much quicker than hashing nested tuples, and the search runs for every
# decision of every bot). The squares are the playable ones and the terminals' cells.
SQUARES: tuple[Cell, ...] = tuple(sorted(set(NEIGHBOURS) | set(TERMINAL_AT)))
NUMBER: dict[Cell, int] = {cell: number for number, cell in enumerate(SQUARES)}
# Per square, per edge: the square beyond, whether it is one to play on (else a terminal) and the
# edge entering it; None for a building or the border, where no route goes.
AROUND: tuple[tuple[tuple[int, bool, int] | None, ...], ...] = tuple(
    tuple((NUMBER[other], kind == PLAY, opposite(edge)) if kind in (PLAY, TERMINAL) else None
          for edge, other, kind in NEIGHBOURS.get(cell, ()))
    for cell in SQUARES
)
# A terminal's cell passed through: the square in front of its other cell, and the edge entered by.
PASSING: tuple[tuple[int, int] | None, ...] = tuple(
    (NUMBER[TERMINAL_AT[cell].entries[1 - TERMINAL_AT[cell].cells.index(cell)]],
     TERMINAL_AT[cell].entry_edges[1 - TERMINAL_AT[cell].cells.index(cell)]) if cell in TERMINAL_AT else None
    for cell in SQUARES
)
# The ways on out of a square entered by an edge: (exit edge, extra cost, the step's kind or None).
Exits = tuple[tuple[int, int, "str | None"], ...]
FREE_EXITS: tuple[Exits, ...] = tuple(tuple((edge, 0, "free") for edge in range(4) if edge != entry)
                                      for entry in range(4))
_LAID_EXITS: dict[tuple[int, int], tuple[Exits, ...]] = {}


def _laid_exits(placed: tuple[int, int]) -> tuple[Exits, ...]:
    """Per entry edge, out of a laid tile: along its rails for free, or by a rail an exchange could
    add (not to a tree)."""
    known = _LAID_EXITS.get(placed)
    if known is None:
        face, tree = FACES[placed], TILE_TYPES[placed[0]].tree
        per_entry = []
        for entry in range(4):
            found: list[tuple[int, int, str | None]] = []
            for edge in range(4):
                if edge == entry:
                    continue
                seg = segment(entry, edge)
                if seg in face:
                    found.append((edge, 0, None))
                elif not tree and UPGRADABLE.get((face, seg), False):
                    found.append((edge, UPGRADE_COST, "upgrade"))
            per_entry.append(tuple(found))
        known = _LAID_EXITS[placed] = tuple(per_entry)
    return known


@dataclass(frozen=True)
class Step:
    """One costly step of a plan: lay a tile joining ``entry``-``exit`` on ``cell``, or add that rail."""

    cell: Cell
    entry: int
    exit: int
    kind: str  # "free" or "upgrade"


@dataclass
class Plan:
    cost: int
    steps: list[Step]
    cells: list[Cell]  # every square the planned route passes, in order


def stop_targets(board: Board, stops: list[str]) -> dict[Cell, int]:
    """Squares that satisfy each stop: its sign, or any free square beside an unsigned building."""
    bits: dict[Cell, int] = {}
    for index, letter in enumerate(stops):
        if letter in board.signs:
            cells = [board.signs[letter]]
        else:
            cells = [c for c, b in BESIDE_BUILDING.items() if b == letter and c not in board.tiles]
        for cell in cells:
            bits[cell] = bits.get(cell, 0) | (1 << index)
    return bits


def plan_route(board: Board, line: int, stops: list[str]) -> Plan | None:
    """The cheapest way to complete the route (Dial's bucket queue over small integer costs).

    A state is a number: ``(square << 2 | entry edge) << len(stops) | stops visited``; parents
    keep (previous state, exit edge, step kind or None), and the route found becomes cells and
    ``Step``s at the end.
    """
    stop_bits = len(stops)
    full = (1 << stop_bits) - 1
    aims = [0] * len(SQUARES)
    for cell, bits in stop_targets(board, stops).items():
        aims[NUMBER[cell]] = bits
    tiles = board.tiles
    laid = [tiles.get(cell) for cell in SQUARES]
    ways = [FREE_EXITS if placed is None else _laid_exits(placed) for placed in laid]
    # A laid square a route may not enter by each edge: it lacks that rail and, a tree, cannot get it.
    walled = [None if placed is None or not TILE_TYPES[placed[0]].tree else MASKS[placed] for placed in laid]
    origin, destination = TERMINALS[line]
    goals = {NUMBER[cell] for cell in destination.cells}

    dist = [INFINITY] * (len(SQUARES) << (2 + stop_bits))
    parent: dict[int, tuple[int, int, str | None] | None] = {}
    buckets: list[list[int]] = [[] for _ in range(UPGRADE_COST + FREE_COST + 1)]

    def enter(square: int, edge: int, mask: int, cost: int, prev: int | None) -> None:
        """Move into ``square`` by ``edge`` (charging a tile if it is free), no step taken."""
        state = (square << 2 | edge) << stop_bits | mask | aims[square]
        cost += FREE_COST if laid[square] is None else 0
        if cost < dist[state]:
            dist[state] = cost
            parent[state] = None if prev is None else (prev, -1, None)
            while len(buckets) <= cost:
                buckets.append([])
            buckets[cost].append(state)

    for i in range(2):
        enter(NUMBER[origin.entries[i]], origin.entry_edges[i], 0, 0, None)

    best_goal: tuple[int, int] | None = None
    cost = 0
    while cost < len(buckets):
        bucket = buckets[cost]
        while bucket:
            state = bucket.pop()
            if dist[state] != cost:
                continue
            mask = state & full
            square = state >> stop_bits
            entry = square & 3
            square >>= 2
            if square in goals:
                if mask == full:
                    best_goal = (state, cost)
                    break
                continue
            passing = PASSING[square]
            if passing is not None:  # passing through another terminal loop
                enter(passing[0], passing[1], mask, cost, state)
                continue
            around = AROUND[square]
            for edge, extra, kind in ways[square][entry]:
                target = around[edge]
                if target is None:  # a building or the border
                    continue
                other, play, back = target
                reached = cost + extra
                if play:
                    if laid[other] is None:
                        reached += FREE_COST
                    # A laid neighbour without a rail this way must itself be upgraded: not a tree.
                    elif walled[other] is not None and not walled[other] >> back & 1:
                        continue
                    following = (other << 2 | back) << stop_bits | mask | aims[other]
                else:  # a terminal
                    following = (other << 2 | back) << stop_bits | mask
                if reached < dist[following]:
                    dist[following] = reached
                    parent[following] = (state, edge, kind)
                    while len(buckets) <= reached:
                        buckets.append([])
                    buckets[reached].append(following)
        if best_goal is not None:
            break
        cost += 1
    if best_goal is None:
        return None
    steps: list[Step] = []
    cells: list[Cell] = []
    at: int | None = best_goal[0]
    while at is not None:
        cells.append(SQUARES[at >> (stop_bits + 2)])
        came = parent[at]
        if came is None:
            break
        prev, edge, kind = came
        if kind is not None:
            steps.append(Step(SQUARES[prev >> (stop_bits + 2)], prev >> stop_bits & 3, edge, kind))
        at = prev
    steps.reverse()
    cells.reverse()
    return Plan(best_goal[1], steps, cells)


def variants_for(step: Step, board: Board, hand: list[int]) -> list[tuple[str, int, int]]:
    """(action type, tile, rot) from ``hand`` that would realise ``step`` (legality not yet checked)."""
    seg = segment(step.entry, step.exit)
    out = []
    if step.kind == "free":
        for tile in sorted(set(hand)):
            for rot in DISTINCT_ROTATIONS[tile]:
                if seg in FACES[(tile, rot)]:
                    out.append(("place", tile, rot))
    else:
        old = board.face_at(step.cell)
        assert old is not None
        wanted = old | {seg}
        for tile in sorted(set(hand)):
            for rot in DISTINCT_ROTATIONS[tile]:
                if wanted <= FACES[(tile, rot)]:
                    out.append(("exchange", tile, rot))
    return out
