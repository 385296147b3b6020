"""Route planning for the hard Linie 1 bot: the route that wins soonest, building and driving.

The normal bot's plan (``plan.py``) counts only tiles still to lay. A race is won by the turns
to finish the route *and* the turns to drive it, so this planner prices both: a square costs a
tile only if a tile that fits it may legally go there (dearer when the bot's hand holds none and the
pile has few), and every square the tram must enter costs a share of a roll. A few weightings of
driving against building give a few plans; each is then scored exactly: its tiles in turns (two a
turn) plus the core's trip measure of its squares and halts under the trip rule in force.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.ai.linie1.plan import Step, stop_targets
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
from game.core.linie1.geometry import Cell, opposite, segment

TILE = 4  # cost units of a tile the hand holds; two tiles make a turn
UNITS_PER_TURN = 2 * TILE
COMMON_TILES = frozenset({1, 2})  # most of the pile: soon drawn
PLAIN_TILES = frozenset({3, 4, 5, 6})  # fewer, but exchangeable
# (units per square driven, units per halt passed): one plan each. A halt ends an H roll early,
# so a route past many signs and terminals drives slower than its length says.
WEIGHTS = ((0, 0), (1, 2), (2, 4), (3, 6), (2, 8))
INFINITY = 10**9


@dataclass
class RoutePlan:
    """A way to finish the route: its costly steps, its squares in order, and its estimated turns."""

    cost: int  # in units, building only
    steps: list[Step]
    cells: list[Cell]
    halts: list[bool] = field(default_factory=list)
    turns: float = 0.0  # building (tiles / 2) plus the trip measure

    @property
    def build_turns(self) -> float:
        return self.cost / UNITS_PER_TURN


def _tile_price(kinds: set[int], hand: set[int], base: int) -> int:
    """What realising a step costs given the tile types that could do it."""
    if kinds & hand:
        return base
    if kinds & COMMON_TILES:
        return base + 1
    if kinds & PLAIN_TILES:
        return base + 2
    return base + 4 if kinds else INFINITY


class Pricer:
    """Prices of laying a segment on a free square and adding one to a laid tile, cached per square."""

    def __init__(self, board: Board, hand: Sequence[int], strict: bool) -> None:
        self.board = board
        self.hand = set(hand)
        self.strict = strict
        self._free: dict[tuple[Cell, tuple[int, int]], int] = {}
        self._upgrade: dict[tuple[Cell, tuple[int, int]], int] = {}

    def free(self, cell: Cell, seg: tuple[int, int]) -> int:
        key = (cell, seg)
        price = self._free.get(key)
        if price is None:
            allowed = self.board.allowed_masks(cell, self.strict)
            kinds = {tile for tile in TILE_TYPES for rot in DISTINCT_ROTATIONS[tile]
                     if seg in FACES[(tile, rot)] and allowed >> MASKS[(tile, rot)] & 1}
            price = _tile_price(kinds, self.hand, TILE)
            if price >= INFINITY:
                price = self._after_upgrade(cell, seg)
            self._free[key] = price
        return price

    def _after_upgrade(self, cell: Cell, seg: tuple[int, int]) -> int:
        """A square whose way on is barred by a laid, exchangeable tile's trackless side: possible
        once that tile is upgraded (the plan prices that upgrade separately)."""
        border, building, _terminal, tile_rail, tile_closed, _free = self.board.constraints(cell)
        opened = 0
        for edge in seg:
            other = NEIGHBOURS[cell][edge][1]
            placed = self.board.tiles.get(other)
            if placed is not None and tile_closed >> edge & 1 and not TILE_TYPES[placed[0]].tree:
                opened |= 1 << edge
        if not opened:
            return INFINITY
        forbidden = (border | building | tile_closed) & ~opened
        kinds = {tile for tile in TILE_TYPES for rot in DISTINCT_ROTATIONS[tile]
                 if seg in FACES[(tile, rot)] and not MASKS[(tile, rot)] & forbidden
                 and not tile_rail & ~MASKS[(tile, rot)]}
        return _tile_price(kinds, self.hand, TILE + 2)

    def upgrade(self, cell: Cell, seg: tuple[int, int]) -> int:
        key = (cell, seg)
        price = self._upgrade.get(key)
        if price is None:
            placed = self.board.tiles[cell]
            if TILE_TYPES[placed[0]].tree:
                price = INFINITY
            else:
                wanted = FACES[placed] | {seg}
                border, building, _terminal, _rail, _closed, _free = self.board.constraints(cell)
                kinds = {tile for tile in TILE_TYPES for rot in DISTINCT_ROTATIONS[tile]
                         if wanted <= FACES[(tile, rot)] and not MASKS[(tile, rot)] & (border | building)}
                price = _tile_price(kinds, self.hand, TILE + 2)
            self._upgrade[key] = price
        return price


def transitions(board: Board, pricer: Pricer) -> dict[tuple[Cell, int], list[tuple[Cell, int, int, str, bool]]]:
    """For each (square, entry edge): the ways on as (next square, its entry edge, tile price,
    step kind or "" when the laid rails already run there, into a terminal?). The same for every
    weighting, so the searches of one turn share it."""
    table: dict[tuple[Cell, int], list[tuple[Cell, int, int, str, bool]]] = {}
    tiles = board.tiles
    for cell, neighbours in NEIGHBOURS.items():
        placed = tiles.get(cell)
        face = FACES[placed] if placed is not None else None
        for entry in range(4):
            ways = []
            for edge, other, kind in neighbours:
                if edge == entry or kind not in (PLAY, TERMINAL):
                    continue
                seg = segment(entry, edge)
                if face is None:
                    price, step = pricer.free(cell, seg), "free"
                elif seg not in face:
                    price, step = pricer.upgrade(cell, seg), "upgrade"
                else:
                    price, step = 0, ""
                if price >= INFINITY:
                    continue
                back = opposite(edge)
                if kind == PLAY:
                    placed_other = tiles.get(other)
                    if (placed_other is not None and not MASKS[placed_other] >> back & 1
                            and TILE_TYPES[placed_other[0]].tree):
                        continue
                ways.append((other, back, price, step, kind == TERMINAL))
            table[(cell, entry)] = ways
    return table


def search(board: Board, line: int, stops: Sequence[str], pricer: Pricer, drive: int,
           halt: int = 0, table: dict | None = None) -> RoutePlan | None:
    """The cheapest completion (tiles as priced, ``drive`` units per square entered, ``halt`` more
    per halt): Dial's bucket queue over states (square, entry edge, stops visited), as the normal
    planner."""
    table = table if table is not None else transitions(board, pricer)
    targets = stop_targets(board, list(stops))
    halting = halt_cells(board) if halt else frozenset()
    full = (1 << len(stops)) - 1
    origin, destination = TERMINALS[line]
    goal_cells = set(destination.cells)
    State = tuple[Cell, int, int]
    dist: dict[State, int] = {}
    parent: dict[State, tuple[State | None, str]] = {}
    buckets: list[list[State]] = []

    def push(state: State, cost: int, prev: State | None, step: str) -> None:
        if cost < dist.get(state, INFINITY):
            dist[state] = cost
            parent[state] = (prev, step)
            while len(buckets) <= cost:
                buckets.append([])
            buckets[cost].append(state)

    for i in range(2):
        cell = origin.entries[i]
        push((cell, origin.entry_edges[i], targets.get(cell, 0)), drive, None, "")

    found: State | None = None
    cost = 0
    while cost < len(buckets) and found is None:
        bucket = buckets[cost]
        while bucket:
            state = bucket.pop()
            if dist.get(state) != cost:
                continue
            cell, entry, mask = state
            if cell in goal_cells:
                if mask == full:
                    found = state
                    break
                continue
            if cell in TERMINAL_AT:  # a terminal loop passed through: out by its other cell
                terminal = TERMINAL_AT[cell]
                index = 1 - terminal.cells.index(cell)
                nxt = terminal.entries[index]
                push((nxt, terminal.entry_edges[index], mask | targets.get(nxt, 0)), cost + drive, state, "")
                continue
            for other, back, price, step, into_terminal in table[(cell, entry)]:
                if into_terminal:
                    push((other, back, mask), cost + price + drive + halt, state, step)
                else:
                    step_cost = cost + price + drive + (halt if other in halting else 0)
                    push((other, back, mask | targets.get(other, 0)), step_cost, state, step)
        cost += 1
    if found is None:
        return None
    steps: list[Step] = []
    cells: list[Cell] = []
    walker: State | None = found
    while walker is not None:
        prev, step = parent[walker]
        cells.append(walker[0])
        if step and prev is not None:
            steps.append(Step(prev[0], prev[1], _edge_to(prev[0], walker[0]), step))
        walker = prev
    steps.reverse()
    cells.reverse()
    build = sum(pricer.free(s.cell, segment(s.entry, s.exit)) if s.kind == "free"
                else pricer.upgrade(s.cell, segment(s.entry, s.exit)) for s in steps)
    return RoutePlan(build, steps, cells)


def _edge_to(cell: Cell, other: Cell) -> int:
    for edge, neighbour, _kind in NEIGHBOURS[cell]:
        if neighbour == other:
            return edge
    raise ValueError(f"{other} is not beside {cell}")


def halt_cells(board: Board) -> frozenset[Cell]:
    """Squares where an H stops a tram: stop signs, and free squares beside a building without
    one (the first tile laid there receives it). Terminals are halts too."""
    free_beside = {cell for cell, letter in BESIDE_BUILDING.items()
                   if letter not in board.signs and cell not in board.tiles}
    return frozenset(board.sign_at) | frozenset(free_beside)


def halts_of(board: Board, cells: Sequence[Cell]) -> list[bool]:
    """Where an H would stop the tram on these squares: terminals, stop signs, and free squares
    beside a building without a sign yet (the first tile laid there will carry it)."""
    out = []
    for cell in cells:
        letter = BESIDE_BUILDING.get(cell)
        out.append(cell in TERMINAL_AT or cell in board.sign_at
                   or (cell not in board.tiles and letter is not None and letter not in board.signs))
    return out


def best_plans(board: Board, line: int, stops: Sequence[str], hand: Sequence[int], strict: bool,
               measure: Callable[[Sequence[Cell], Sequence[bool]], float]) -> list[RoutePlan]:
    """One plan per driving weight, each scored in turns (building plus ``measure`` of its trip,
    the better of its two directions), best first; duplicates dropped."""
    pricer = Pricer(board, hand, strict)
    table = transitions(board, pricer)
    plans: dict[tuple[Cell, ...], RoutePlan] = {}
    for drive, halt in WEIGHTS:
        plan = search(board, line, stops, pricer, drive, halt, table)
        if plan is None or tuple(plan.cells) in plans:
            continue
        plan.halts = halts_of(board, plan.cells)
        back_cells = list(reversed(plan.cells[:-1])) + [TERMINALS[line][0].cells[0]]
        back_halts = list(reversed(plan.halts[:-1])) + [True]
        plan.turns = plan.build_turns + min(measure(plan.cells, plan.halts), measure(back_cells, back_halts))
        plans[tuple(plan.cells)] = plan
    return sorted(plans.values(), key=lambda p: (p.turns, p.cost))
