"""Square-grid geometry shared by board renderers: edges, edge midpoints and tram paths.

A tram crossing a square runs from the midpoint of its entry edge to the midpoint of its exit
edge: straight across, or along a TRUE quarter circle of radius half a square centred on the
corner the two edges share. Headings are degrees counter-clockwise from east, the angle
``pygame.transform.rotate`` takes.
"""

from __future__ import annotations

import math

import pygame

EDGES = ("N", "E", "S", "W")
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
# (row delta, col delta) to the neighbour across each edge; row 0 is the top.
STEP = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
Point = tuple[float, float]


def rotate_edge(edge: str, quarter_turns: int) -> str:
    return EDGES[(EDGES.index(edge) + quarter_turns) % 4]


def rotate_segments(segments: list[list[str]], quarter_turns: int) -> list[list[str]]:
    """Segments turned clockwise by ``quarter_turns`` (N→E→S→W)."""
    return [[rotate_edge(a, quarter_turns), rotate_edge(b, quarter_turns)] for a, b in segments]


def edge_between(cell: tuple[int, int], other: tuple[int, int]) -> str | None:
    """The edge of ``cell`` that faces the orthogonally adjacent ``other``."""
    delta = (other[0] - cell[0], other[1] - cell[1])
    for edge, step in STEP.items():
        if step == delta:
            return edge
    return None


def edge_midpoint(rect: pygame.Rect | tuple[float, float, float, float], edge: str) -> Point:
    x, y, w, h = rect
    return {"N": (x + w / 2, y), "S": (x + w / 2, y + h), "E": (x + w, y + h / 2), "W": (x, y + h / 2)}[edge]


def corner_between(rect: tuple[float, float, float, float], a: str, b: str) -> Point:
    """The corner of the square shared by two adjacent edges."""
    x, y, w, h = rect
    edges = {a, b}
    cx = x + w if "E" in edges else x
    cy = y + h if "S" in edges else y
    return cx, cy


def heading(dx: float, dy: float) -> float:
    """Degrees counter-clockwise from east for a screen-space direction (y grows downwards)."""
    return math.degrees(math.atan2(-dy, dx)) % 360


def is_straight(a: str, b: str) -> bool:
    return OPPOSITE[a] == b


def tram_path(rect: pygame.Rect | tuple[float, float, float, float], entry: str, exit_: str,
              t: float) -> tuple[float, float, float]:
    """Where a tram is ``t`` (0..1) of the way through a square from ``entry`` to ``exit_``.

    Returns ``(x, y, heading)``. Straight on for opposite edges; otherwise a quarter arc.
    """
    if entry == exit_:
        raise ValueError("a tram never leaves by the edge it entered")
    t = min(1.0, max(0.0, t))
    rect = tuple(float(v) for v in rect)  # type: ignore[assignment]
    start, end = edge_midpoint(rect, entry), edge_midpoint(rect, exit_)
    if is_straight(entry, exit_):
        x = start[0] + (end[0] - start[0]) * t
        y = start[1] + (end[1] - start[1]) * t
        return x, y, heading(end[0] - start[0], end[1] - start[1])
    cx, cy = corner_between(rect, entry, exit_)  # type: ignore[arg-type]
    a0 = math.atan2(start[1] - cy, start[0] - cx)
    a1 = math.atan2(end[1] - cy, end[0] - cx)
    sweep = (a1 - a0 + math.pi) % (2 * math.pi) - math.pi  # ±90°
    angle = a0 + sweep * t
    radius = math.hypot(start[0] - cx, start[1] - cy)
    x, y = cx + radius * math.cos(angle), cy + radius * math.sin(angle)
    direction = 1 if sweep > 0 else -1
    # The tangent of a circle traversed with increasing angle is (-sin, cos) in screen space.
    return x, y, heading(-math.sin(angle) * direction, math.cos(angle) * direction)


def arc_points(centre: Point, radius: float, a0: float, a1: float, steps: int) -> list[Point]:
    return [(centre[0] + radius * math.cos(a0 + (a1 - a0) * i / steps),
             centre[1] + radius * math.sin(a0 + (a1 - a0) * i / steps)) for i in range(steps + 1)]
