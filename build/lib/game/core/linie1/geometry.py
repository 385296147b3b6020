"""Edges, rotations and rail segments of Linie 1 squares.

Edges are numbered N=0, E=1, S=2, W=3 so a quarter turn clockwise is ``(edge + 1) % 4`` and the
opposite edge is ``(edge + 2) % 4``. A segment is a sorted pair of edges; a tile face is a
frozenset of segments; its *mask* is the 4-bit set of edges that carry a rail.
"""

from __future__ import annotations

from collections.abc import Iterable

N, E, S, W = 0, 1, 2, 3
EDGE_NAMES = ("N", "E", "S", "W")
EDGE_OF_NAME = {name: index for index, name in enumerate(EDGE_NAMES)}
# (row delta, col delta) of the neighbour across each edge; row 0 is the top of the board.
STEP = ((-1, 0), (0, 1), (1, 0), (0, -1))

Cell = tuple[int, int]
Segment = tuple[int, int]
Face = frozenset[Segment]


def opposite(edge: int) -> int:
    return (edge + 2) % 4


def neighbour(cell: Cell, edge: int) -> Cell:
    return cell[0] + STEP[edge][0], cell[1] + STEP[edge][1]


def edge_towards(cell: Cell, other: Cell) -> int | None:
    """The edge of ``cell`` that faces the orthogonally adjacent ``other`` (None if not adjacent)."""
    delta = (other[0] - cell[0], other[1] - cell[1])
    return STEP.index(delta) if delta in STEP else None


def segment(a: int, b: int) -> Segment:
    if a == b:
        raise ValueError("a rail joins two different edges")
    return (a, b) if a < b else (b, a)


def rotate_face(face: Iterable[Segment], quarter_turns: int) -> Face:
    """The face turned clockwise by ``quarter_turns``."""
    k = quarter_turns % 4
    return frozenset(segment((a + k) % 4, (b + k) % 4) for a, b in face)


def face_mask(face: Iterable[Segment]) -> int:
    mask = 0
    for a, b in face:
        mask |= (1 << a) | (1 << b)
    return mask


def face_from_names(pairs: Iterable[Iterable[str]]) -> Face:
    out = []
    for pair in pairs:
        a, b = (EDGE_OF_NAME[name] for name in pair)
        out.append(segment(a, b))
    return frozenset(out)


def face_to_names(face: Iterable[Segment]) -> list[list[str]]:
    """A face as JSON-safe edge-name pairs, in a stable order (for events and views)."""
    return [[EDGE_NAMES[a], EDGE_NAMES[b]] for a, b in sorted(face)]


def exits_from(face: Iterable[Segment], entry: int) -> list[int]:
    """Edges a tram entering by ``entry`` may leave by: the far ends of segments touching it."""
    out = []
    for a, b in face:
        if a == entry:
            out.append(b)
        elif b == entry:
            out.append(a)
    return sorted(out)


POPCOUNT = tuple(bin(mask).count("1") for mask in range(16))
