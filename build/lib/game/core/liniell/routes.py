"""Routes (N6): the part of an occupied line that scores, and its points.

A line is turned into a graph whose nodes are junctions, rhombs and ports (two facing ports that
both carry a line are one node) and whose edges are the tiles' segments, each labelled with its
tile. The route is the longest simple path, counted in distinct tiles:

* between two rhombs when the line has two or more (1 bonus point for being enclosed);
* from its one rhomb to the edge of the field when it has exactly one;
* from edge to edge when it has none.

"The edge of the field" is a port carrying a line that faces a square with no tile: at the end of
a full game that is exactly the border of the 4 x 4 square; when the game ended without the last
tile (N5) it is also the side of the empty square. A line that runs into a closed port on the
neighbouring tile just stops there: that end is neither a rhomb nor the edge. A line that has no
such route (a closed loop, or one rhomb and no way to the edge) scores nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.core.liniell.field import Cell, Field, PieceRef
from game.core.liniell.tiles import CLOSED, DELTAS, PORTS, TILES, field_direction, opposite

Node = tuple  # ("n", x, y, node id) for junctions and rhombs, ("p", x, y, direction) for ports

RHOMB_TO_RHOMB = "rhombs"
RHOMB_TO_EDGE = "rhomb_to_edge"
EDGE_TO_EDGE = "edge_to_edge"


@dataclass(frozen=True)
class RouteEnd:
    """Where a route ends: a rhomb (with its colour) or a port at the edge of the field."""

    kind: str  # "rhomb" | "edge"
    cell: Cell
    where: str  # the rhomb's node id on its tile, or the field side ("N", "E", "S", "W") of the edge port
    colour: str | None = None

    def to_dict(self) -> dict:
        data = {"kind": self.kind, "cell": list(self.cell), "where": self.where}
        if self.colour is not None:
            data["colour"] = self.colour
        return data


@dataclass(frozen=True)
class Route:
    kind: str
    cells: tuple[Cell, ...]  # tiles in the order the route passes them (a revisit appears again)
    ends: tuple[RouteEnd, RouteEnd]

    @property
    def tiles(self) -> int:
        return len(set(self.cells))

    @property
    def enclosed(self) -> bool:
        return self.kind == RHOMB_TO_RHOMB

    @property
    def blue(self) -> int:
        return sum(1 for end in self.ends if end.colour == "blue")

    @property
    def points(self) -> int:
        return self.tiles + (1 if self.enclosed else 0) + self.blue

    def to_dict(self) -> dict:
        return {
            "kind": self.kind,
            "cells": [list(cell) for cell in self.cells],
            "tiles": self.tiles,
            "ends": [end.to_dict() for end in self.ends],
            "enclosed": self.enclosed,
            "blue": self.blue,
            "points": self.points,
        }


class _LineGraph:
    """Adjacency of one line: node -> [(neighbour, cell of the segment)], plus its terminals."""

    def __init__(self, field: Field, pieces: Iterable[PieceRef]) -> None:
        self.adjacent: dict[Node, list[tuple[Node, Cell]]] = {}
        self.rhombs: dict[Node, RouteEnd] = {}
        self.edges: dict[Node, RouteEnd] = {}
        wanted: dict[Cell, set[int]] = {}
        for x, y, piece in pieces:
            wanted.setdefault((x, y), set()).add(piece)
        for cell, chosen in wanted.items():
            tile_id, rot = field.cells[cell]
            tile = TILES[tile_id]
            for segment in tile.segments:
                if segment.piece not in chosen:
                    continue
                a = self._node(field, cell, tile_id, rot, segment.a)
                b = self._node(field, cell, tile_id, rot, segment.b)
                self.adjacent.setdefault(a, []).append((b, cell))
                self.adjacent.setdefault(b, []).append((a, cell))
        for neighbours in self.adjacent.values():
            neighbours.sort()

    def _node(self, field: Field, cell: Cell, tile_id: int, rot: int, end: int | str) -> Node:
        x, y = cell
        if isinstance(end, str):
            node = ("n", x, y, end)
            colour = TILES[tile_id].rhombs.get(end)
            if colour is not None:
                self.rhombs[node] = RouteEnd("rhomb", cell, end, colour)
            return node
        direction = field_direction(end, rot)
        dx, dy = DELTAS[direction]
        neighbour = (x + dx, y + dy)
        if neighbour not in field.cells:
            node = ("p", x, y, direction)
            self.edges[node] = RouteEnd("edge", cell, PORTS[direction])
            return node
        if field.piece_towards(neighbour, opposite(direction)) == CLOSED:
            return ("p", x, y, direction)  # a dead end against a closed side: no terminal
        if direction in (1, 2):
            return ("p", x, y, direction)
        return ("p", neighbour[0], neighbour[1], opposite(direction))


def best_route(field: Field, pieces: Iterable[PieceRef]) -> Route | None:
    """The scoring route of the line made of ``pieces`` (N6), or None if it has none.

    Longest in distinct tiles first; between equally long routes the one worth more points.
    """
    graph = _LineGraph(field, pieces)
    if len(graph.rhombs) >= 2:
        return _RouteSearch(graph, RHOMB_TO_RHOMB, graph.rhombs, graph.rhombs).run()
    if len(graph.rhombs) == 1:
        return _RouteSearch(graph, RHOMB_TO_EDGE, graph.rhombs, graph.edges).run()
    return _RouteSearch(graph, EDGE_TO_EDGE, graph.edges, graph.edges).run()


class _RouteSearch:
    """Depth-first enumeration of the simple paths from ``starts`` to ``targets``, keeping the best."""

    def __init__(self, graph: _LineGraph, kind: str, starts: dict[Node, RouteEnd],
                 targets: dict[Node, RouteEnd]) -> None:
        self.graph, self.kind, self.starts, self.targets = graph, kind, starts, targets
        self.bonus = 1 if kind == RHOMB_TO_RHOMB else 0
        self.best: tuple[int, int] | None = None
        self.route: Route | None = None
        self.visited: set[Node] = set()
        self.counts: dict[Cell, int] = {}
        self.trail: list[Cell] = []

    def run(self) -> Route | None:
        for start in sorted(self.starts):
            self.visited = {start}
            self._walk(start, start)
        return self.route

    def _walk(self, node: Node, start: Node) -> None:
        counts, trail, visited = self.counts, self.trail, self.visited
        for neighbour, cell in self.graph.adjacent[node]:
            if neighbour in visited:
                continue
            visited.add(neighbour)
            counts[cell] = counts.get(cell, 0) + 1
            trail.append(cell)
            if neighbour in self.targets and neighbour != start:
                self._consider(start, neighbour)
            self._walk(neighbour, start)
            trail.pop()
            counts[cell] -= 1
            if counts[cell] == 0:
                del counts[cell]
            visited.discard(neighbour)

    def _consider(self, start: Node, end: Node) -> None:
        ends = (self.starts[start], self.targets[end])
        tiles = len(self.counts)
        score = (tiles, tiles + self.bonus + sum(1 for item in ends if item.colour == "blue"))
        if self.best is None or score > self.best:
            self.best = score
            self.route = Route(self.kind, _collapse(self.trail), ends)


def _collapse(trail: list[Cell]) -> tuple[Cell, ...]:
    """Consecutive segments on one tile are one step of the route."""
    steps: list[Cell] = []
    for cell in trail:
        if not steps or steps[-1] != cell:
            steps.append(cell)
    return tuple(steps)
