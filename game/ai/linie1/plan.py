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
State = tuple[Cell, int, int]  # a square, the edge the route entered it by, the stops visited (bits)
# Per playable square, per edge: the square beyond, whether it is one to play on (else a terminal)
# and the edge entering it; None for a building or the border, where no route goes.
AROUND: dict[Cell, tuple[tuple[Cell, bool, int] | None, ...]] = {
    cell: tuple((other, kind == PLAY, opposite(edge)) if kind in (PLAY, TERMINAL) else None
                for edge, other, kind in sides)
    for cell, sides in NEIGHBOURS.items()
}
# The ways on out of a square entered by an edge: (exit edge, extra cost, the step's kind or None).
FREE_EXITS = tuple(tuple((edge, 0, "free") for edge in range(4) if edge != entry) for entry in range(4))
_LAID_EXITS: dict[tuple[tuple[int, int], int], tuple[tuple[int, int, str | None], ...]] = {}


def _laid_exits(placed: tuple[int, int], entry: int) -> tuple[tuple[int, int, str | None], ...]:
    """Out of a laid tile: along its rails for free, or by a rail an exchange could add (not a tree)."""
    known = _LAID_EXITS.get((placed, entry))
    if known is None:
        face, tree = FACES[placed], TILE_TYPES[placed[0]].tree
        found: list[tuple[int, int, str | None]] = []
        for edge in range(4):
            if edge == entry:
                continue
            seg = segment(entry, edge)
            if seg in face:
                found.append((edge, 0, None))
            elif not tree and UPGRADABLE.get((face, seg), False):
                found.append((edge, UPGRADE_COST, "upgrade"))
        known = _LAID_EXITS[(placed, entry)] = tuple(found)
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

    The search runs for every decision of every bot, so its loop is written out flat: a step is
    kept as a plain tuple and becomes a ``Step`` only on the route found.
    """
    targets = stop_targets(board, stops)
    full = (1 << len(stops)) - 1
    origin, destination = TERMINALS[line]
    goal_cells = set(destination.cells)
    tiles = board.tiles

    # Parents map a state to (previous state, step or None), a step as (cell, entry, exit, kind).
    dist: dict[State, int] = {}
    parent: dict[State, tuple[State | None, tuple[Cell, int, int, str] | None]] = {}
    buckets: list[list[State]] = [[] for _ in range(UPGRADE_COST + FREE_COST + 1)]

    def push(state: State, cost: int, prev: State | None, step: tuple[Cell, int, int, str] | None) -> None:
        if cost < dist.get(state, INFINITY):
            dist[state] = cost
            parent[state] = (prev, step)
            while len(buckets) <= cost:
                buckets.append([])
            buckets[cost].append(state)

    def enter(cell: Cell, edge: int, mask: int, cost: int, prev: State | None) -> None:
        """Move into ``cell`` by ``edge`` (charging a tile if it is free), no step taken."""
        push((cell, edge, mask | targets.get(cell, 0)), cost + (FREE_COST if cell not in tiles else 0), prev, None)

    for i in range(2):
        enter(origin.entries[i], origin.entry_edges[i], 0, 0, None)

    best_goal: tuple[State, int] | None = None
    cost = 0
    while cost < len(buckets):
        bucket = buckets[cost]
        while bucket:
            state = bucket.pop()
            if dist[state] != cost:
                continue
            cell, entry, mask = state
            if cell in goal_cells:
                if mask == full:
                    best_goal = (state, cost)
                    break
                continue
            if cell in TERMINAL_AT:  # passing through another terminal loop
                terminal = TERMINAL_AT[cell]
                index = 1 - terminal.cells.index(cell)
                enter(terminal.entries[index], terminal.entry_edges[index], mask, cost, state)
                continue
            placed = tiles.get(cell)
            exits = FREE_EXITS[entry] if placed is None else _laid_exits(placed, entry)
            around = AROUND[cell]
            for edge, extra, kind in exits:
                target = around[edge]
                if target is None:  # a building or the border
                    continue
                other, play, back = target
                reached = cost + extra
                step = None if kind is None else (cell, entry, edge, kind)
                if play:
                    placed_other = tiles.get(other)
                    if placed_other is None:
                        reached += FREE_COST
                    # A laid neighbour without a rail this way must itself be upgraded: not a tree.
                    elif not MASKS[placed_other] >> back & 1 and TILE_TYPES[placed_other[0]].tree:
                        continue
                    following = (other, back, mask | targets.get(other, 0))
                else:  # a terminal
                    following = (other, back, mask)
                if reached < dist.get(following, INFINITY):
                    dist[following] = reached
                    parent[following] = (state, step)
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
    at: State | None = best_goal[0]
    while at is not None:
        prev, step = parent[at]
        cells.append(at[0])
        if step is not None:
            steps.append(Step(*step))
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
