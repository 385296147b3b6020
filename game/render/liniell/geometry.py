"""Where things lie on a Liniell tile, in the unit square (x to the right, y downwards).

One ``TileShape`` per tile face and rotation: every segment as a polyline, the rhombs and junctions
with the direction their line arrives from, and a resting spot for a marker on each piece. The
renderer draws from it, the table points into it (which line is under the pointer?) and the scoring
show walks it — so the three always agree on what a tile looks like. Pure geometry: no pygame.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from game.core.liniell.tiles import PORTS, TILE_DATA, TILES

Point = tuple[float, float]
PORT_AT: dict[int, Point] = {index: tuple(TILE_DATA["ports"][name]) for index, name in enumerate(PORTS)}
ARC_STEPS = 18
HIT_RADIUS = 0.15  # how near (in tiles) the pointer must be to a line to point at it


def rotate_point(point: Point, rot: int) -> Point:
    """A point of the unit square after ``rot`` clockwise quarter turns about the centre."""
    x, y = point
    for _ in range(rot % 4):
        x, y = 1 - y, x
    return x, y


@dataclass(frozen=True)
class SegmentShape:
    piece: int
    points: tuple[Point, ...]


@dataclass(frozen=True)
class NodeShape:
    """A rhomb or a junction; ``towards`` is the unit vector from its line into the node."""

    id: str
    kind: str  # "rhomb" | "junction"
    colour: str | None
    piece: int
    at: Point
    towards: Point


@dataclass(frozen=True)
class TileShape:
    tile: int
    rot: int
    segments: tuple[SegmentShape, ...]
    nodes: tuple[NodeShape, ...]
    anchors: tuple[Point, ...]  # where a marker rests on each piece
    crossings: tuple[int, ...]  # segment indices that pass over an earlier piece (drawn as a bridge)

    @property
    def pieces(self) -> int:
        return len(self.anchors)

    def piece_at(self, point: Point) -> int | None:
        """The piece nearest ``point`` (unit square), if one is within reach of it."""
        best, found = HIT_RADIUS, None
        for node in self.nodes:
            distance = math.dist(point, node.at)
            if node.kind == "rhomb" and distance < best:
                best, found = distance, node.piece
        for segment in self.segments:
            distance = _distance_to_polyline(point, segment.points)
            if distance < best:
                best, found = distance, segment.piece
        return found

    def piece_points(self, piece: int) -> list[tuple[Point, ...]]:
        return [segment.points for segment in self.segments if segment.piece == piece]


def _node_data(tile: int, node_id: str) -> dict:
    for node in TILE_DATA["tiles"][tile]["nodes"]:
        if node["id"] == node_id:
            return node
    raise KeyError(node_id)


def _end_point(tile: int, end: int | str) -> Point:
    if isinstance(end, int):
        return PORT_AT[end]
    x, y = _node_data(tile, end)["at"]
    return float(x), float(y)


def _polyline(tile: int, a: int | str, b: int | str) -> tuple[Point, ...]:
    """A segment's course: a quarter circle between neighbouring ports, otherwise straight."""
    start, end = _end_point(tile, a), _end_point(tile, b)
    if isinstance(a, int) and isinstance(b, int) and (a - b) % 2 == 1:
        corner = (start[0] if start[0] in (0.0, 1.0) else end[0], start[1] if start[1] in (0.0, 1.0) else end[1])
        a0 = math.atan2(start[1] - corner[1], start[0] - corner[0])
        a1 = math.atan2(end[1] - corner[1], end[0] - corner[0])
        sweep = (a1 - a0 + math.pi) % (2 * math.pi) - math.pi
        return tuple((corner[0] + 0.5 * math.cos(a0 + sweep * i / ARC_STEPS),
                      corner[1] + 0.5 * math.sin(a0 + sweep * i / ARC_STEPS)) for i in range(ARC_STEPS + 1))
    steps = max(2, round(math.dist(start, end) / 0.05))
    return tuple((start[0] + (end[0] - start[0]) * i / steps, start[1] + (end[1] - start[1]) * i / steps)
                 for i in range(steps + 1))


def _distance_to_polyline(point: Point, points: tuple[Point, ...]) -> float:
    best = math.inf
    for p, q in zip(points, points[1:], strict=False):
        dx, dy = q[0] - p[0], q[1] - p[1]
        length2 = dx * dx + dy * dy
        t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((point[0] - p[0]) * dx + (point[1] - p[1]) * dy) / length2))
        best = min(best, math.dist(point, (p[0] + dx * t, p[1] + dy * t)))
    return best


def _unit(dx: float, dy: float) -> Point:
    length = math.hypot(dx, dy) or 1.0
    return dx / length, dy / length


def _anchor(segments: list[SegmentShape], nodes: list[NodeShape], piece: int) -> Point:
    """The spot on ``piece`` clearest of other pieces and of rhombs and junctions.

    Nearness to the tile's border costs little: a short spur that only carries a rhomb gets its
    marker at the port, where the line runs on into the neighbouring tile, so the rhomb (and its
    colour) stays in sight.
    """
    best, spot = -1.0, (0.5, 0.5)
    others = [s.points for s in segments if s.piece != piece]
    for segment in segments:
        if segment.piece != piece:
            continue
        for point in segment.points:
            border = min(point[0], 1 - point[0], point[1], 1 - point[1])
            clearance = min([border + 0.13]
                            + [_distance_to_polyline(point, other) for other in others]
                            + [math.dist(point, node.at) - (0.1 if node.kind == "rhomb" else 0.04)
                               for node in nodes])
            if clearance > best + 1e-9:
                best, spot = clearance, point
    return spot


@cache
def _base_shape(tile: int) -> TileShape:
    spec = TILES[tile]
    segments = [SegmentShape(segment.piece, _polyline(tile, segment.a, segment.b)) for segment in spec.segments]
    nodes = []
    for node_id in [*spec.rhombs, *spec.junctions]:
        at = _end_point(tile, node_id)
        touching = [s for s, raw in zip(segments, spec.segments, strict=True) if node_id in (raw.a, raw.b)]
        first = touching[0].points
        inner = first[1] if math.dist(first[0], at) < 1e-9 else first[-2]
        towards = _unit(at[0] - inner[0], at[1] - inner[1])
        colour = spec.rhombs.get(node_id)
        piece = spec.rhomb_piece[node_id] if colour else touching[0].piece
        nodes.append(NodeShape(node_id, "rhomb" if colour else "junction", colour, piece, at, towards))
    anchors = tuple(_anchor(segments, nodes, piece) for piece in range(spec.pieces))
    crossings = []
    for index, segment in enumerate(segments):
        earlier = [s.points for s in segments[:index] if s.piece != segment.piece]
        if any(_distance_to_polyline(point, other) < 0.02 for other in earlier for point in segment.points):
            crossings.append(index)
    return TileShape(tile, 0, tuple(segments), tuple(nodes), anchors, tuple(crossings))


@cache
def tile_shape(tile: int, rot: int) -> TileShape:
    """The geometry of ``tile`` turned ``rot`` quarter turns clockwise."""
    base = _base_shape(tile)
    rot %= 4
    if rot == 0:
        return base

    def turn(point: Point) -> Point:
        return rotate_point(point, rot)

    def turn_vector(vector: Point) -> Point:
        x, y = vector
        for _ in range(rot):
            x, y = -y, x
        return x, y

    return TileShape(
        tile, rot,
        tuple(SegmentShape(s.piece, tuple(turn(p) for p in s.points)) for s in base.segments),
        tuple(NodeShape(n.id, n.kind, n.colour, n.piece, turn(n.at), turn_vector(n.towards)) for n in base.nodes),
        tuple(turn(p) for p in base.anchors),
        base.crossings,
    )
