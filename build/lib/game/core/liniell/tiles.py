"""The Liniell tile set: loaded from ``assets/liniell/tiles.json``, checked, and turned into lookup tables.

A tile is a small graph: four edge ports (N, E, S, W), internal nodes (junctions and rhombs) and
segments. Its line pieces are the connected parts of that graph. Everything the rules need about a
tile in a given rotation (which piece each edge port belongs to) is precomputed here once, so the
hot loops of the rules and the bot only index tuples.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.assets import load_json

PORTS = ("N", "E", "S", "W")
# Field directions 0..3 = N, E, S, W; x grows to the east, y to the south.
DELTAS = ((0, -1), (1, 0), (0, 1), (-1, 0))
RHOMB_COLOURS = ("white", "blue")
CLOSED = -1

Endpoint = int | str  # a port (0..3, tile frame) or an internal node's id


def opposite(direction: int) -> int:
    return (direction + 2) % 4


def field_direction(port: int, rot: int) -> int:
    """Where a tile-frame port points once the tile is turned ``rot`` quarter turns clockwise."""
    return (port + rot) % 4


@dataclass(frozen=True)
class Segment:
    a: Endpoint
    b: Endpoint
    piece: int


@dataclass(frozen=True)
class Tile:
    """One tile face. ``port_piece[d]`` is the piece at tile-frame port d, or CLOSED."""

    id: int
    name: str
    pieces: int
    port_piece: tuple[int, ...]
    segments: tuple[Segment, ...]
    rhombs: dict[str, str]  # rhomb node id -> colour
    rhomb_piece: dict[str, int]
    junctions: tuple[str, ...]

    def piece_towards(self, direction: int, rot: int) -> int:
        """The piece whose line leaves through field side ``direction`` (CLOSED if none)."""
        return self.port_piece[(direction - rot) % 4]

    def canonical_form(self) -> tuple:
        """A rotation-independent signature: two tiles with equal forms are the same face."""
        forms = []
        for rot in range(4):
            named = []
            for segment in self.segments:
                ends = sorted(_rotated_label(self, end, rot) for end in (segment.a, segment.b))
                named.append(tuple(ends))
            forms.append(tuple(sorted(named)))
        return min(forms)


def _rotated_label(tile: Tile, end: Endpoint, rot: int) -> str:
    if isinstance(end, int):
        return "port:" + PORTS[field_direction(end, rot)]
    if end in tile.rhombs:
        # Internal node ids are arbitrary; what identifies a node is its kind and what it touches.
        return f"rhomb:{tile.rhombs[end]}:{_neighbour_ports(tile, end, rot)}"
    return f"junction:{_neighbour_ports(tile, end, rot)}"


def _neighbour_ports(tile: Tile, node: str, rot: int) -> str:
    touched = []
    for segment in tile.segments:
        for here, there in ((segment.a, segment.b), (segment.b, segment.a)):
            if here == node:
                touched.append(PORTS[field_direction(there, rot)] if isinstance(there, int) else "*")
    return "".join(sorted(touched))


class TileDataError(ValueError):
    """The tile file breaks the shape the rules rely on (a bug in the data, found at import)."""


def parse_tiles(data: Any) -> tuple[Tile, ...]:
    """Check and convert the JSON tile set; ids must be 0..n-1 in order."""
    if not isinstance(data, dict) or not isinstance(data.get("tiles"), list):
        raise TileDataError("the tile file needs a 'tiles' list")
    tiles = []
    for index, raw in enumerate(data["tiles"]):
        if not isinstance(raw, dict) or raw.get("id") != index:
            raise TileDataError(f"tile #{index} must have id {index}")
        tiles.append(_parse_tile(index, raw))
    return tuple(tiles)


def _parse_tile(index: int, raw: dict[str, Any]) -> Tile:
    rhombs: dict[str, str] = {}
    junctions: list[str] = []
    for node in raw.get("nodes", []):
        node_id, kind = node.get("id"), node.get("kind")
        if not isinstance(node_id, str) or node_id in PORTS or node_id in rhombs or node_id in junctions:
            raise TileDataError(f"tile {index}: bad or repeated node id {node_id!r}")
        if kind == "rhomb":
            if node.get("colour") not in RHOMB_COLOURS:
                raise TileDataError(f"tile {index}: rhomb {node_id} has no valid colour")
            rhombs[node_id] = node["colour"]
        elif kind == "junction":
            junctions.append(node_id)
        else:
            raise TileDataError(f"tile {index}: node {node_id} has unknown kind {kind!r}")

    def endpoint(name: Any) -> Endpoint:
        if name in PORTS:
            return PORTS.index(name)
        if name in rhombs or name in junctions:
            return name
        raise TileDataError(f"tile {index}: segment end {name!r} is neither a port nor a node")

    pairs = []
    for pair in raw.get("segments", []):
        if not isinstance(pair, list) or len(pair) != 2 or pair[0] == pair[1]:
            raise TileDataError(f"tile {index}: a segment joins two different ends")
        pairs.append((endpoint(pair[0]), endpoint(pair[1])))

    # Pieces: union-find over the segment ends, numbered in order of first appearance.
    parent: dict[Endpoint, Endpoint] = {}

    def find(item: Endpoint) -> Endpoint:
        parent.setdefault(item, item)
        while parent[item] != item:
            parent[item] = parent[parent[item]]
            item = parent[item]
        return item

    for a, b in pairs:
        parent[find(a)] = find(b)
    piece_of_root: dict[Endpoint, int] = {}
    for a, _ in pairs:
        piece_of_root.setdefault(find(a), len(piece_of_root))
    segments = tuple(Segment(a, b, piece_of_root[find(a)]) for a, b in pairs)

    degree: dict[Endpoint, int] = {}
    for a, b in pairs:
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
    for node_id in rhombs:
        if degree.get(node_id) != 1:
            raise TileDataError(f"tile {index}: rhomb {node_id} must end exactly one segment")
    for node_id in junctions:
        if degree.get(node_id, 0) < 2:
            raise TileDataError(f"tile {index}: junction {node_id} joins fewer than two segments")
    port_piece = tuple(piece_of_root[find(port)] if port in degree else CLOSED for port in range(4))
    for piece in range(len(piece_of_root)):
        if piece not in port_piece:
            raise TileDataError(f"tile {index}: piece {piece} reaches no edge of the tile")
    return Tile(
        id=index,
        name=str(raw.get("name", f"tile {index}")),
        pieces=len(piece_of_root),
        port_piece=port_piece,
        segments=segments,
        rhombs=rhombs,
        rhomb_piece={node_id: piece_of_root[find(node_id)] for node_id in rhombs},
        junctions=tuple(junctions),
    )


TILE_DATA = load_json("liniell/tiles.json")
TILES: tuple[Tile, ...] = parse_tiles(TILE_DATA)
TILE_IDS: tuple[int, ...] = tuple(tile.id for tile in TILES)
