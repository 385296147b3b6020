"""Draw the Liniell tile set (or a board of it) to a PNG, to look at the design while working on it.

``python -m tools.liniell_tiles_preview out.png`` draws all 16 tiles in a 4 x 4 sheet, each piece of
line in its own colour so separate pieces on one tile can be told apart. ``draw_board`` renders a
field (cells -> tile, rotation) the same way, which the tests use to picture constructed positions.
"""

from __future__ import annotations

import math
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from game.core.liniell.tiles import TILE_DATA, TILES, Tile  # noqa: E402

PIECE_COLOURS = [(40, 40, 48), (200, 60, 50), (40, 120, 60), (150, 90, 20)]
RHOMB_FILL = {"blue": (40, 110, 220), "white": (250, 250, 250)}
BACKGROUND = (236, 226, 200)
PORT_POSITIONS = [TILE_DATA["ports"][name] for name in ("N", "E", "S", "W")]


def _rotate(point: tuple[float, float], rot: int) -> tuple[float, float]:
    x, y = point
    for _ in range(rot):
        x, y = 1 - y, x
    return x, y


def _node_position(tile_data: dict, tile: Tile, end: int | str, rot: int) -> tuple[float, float]:
    if isinstance(end, int):
        return _rotate(tuple(PORT_POSITIONS[end]), rot)
    for node in tile_data["nodes"]:
        if node["id"] == end:
            return _rotate(tuple(node["at"]), rot)
    raise KeyError(end)


def draw_tile(surface: pygame.Surface, tile: Tile, rot: int, left: int, top: int, size: int,
              label: str | None = None) -> None:
    """One tile at (left, top); separate pieces in separate colours."""
    tile_data = TILE_DATA["tiles"][tile.id]
    pygame.draw.rect(surface, BACKGROUND, (left, top, size, size))
    pygame.draw.rect(surface, (120, 110, 90), (left, top, size, size), 2)
    width = max(3, size // 14)

    def to_screen(point: tuple[float, float]) -> tuple[int, int]:
        return left + round(point[0] * size), top + round(point[1] * size)

    for order, segment in enumerate(tile.segments):
        colour = PIECE_COLOURS[segment.piece % len(PIECE_COLOURS)]
        a = _node_position(tile_data, tile, segment.a, rot)
        b = _node_position(tile_data, tile, segment.b, rot)
        both_ports = isinstance(segment.a, int) and isinstance(segment.b, int)
        if both_ports and (segment.a - segment.b) % 2 == 1:
            # Adjacent ports: a quarter circle around the corner they share.
            corner = (a[0] if a[0] in (0.0, 1.0) else b[0], a[1] if a[1] in (0.0, 1.0) else b[1])
            points = []
            start = math.atan2(a[1] - corner[1], a[0] - corner[0])
            end = math.atan2(b[1] - corner[1], b[0] - corner[0])
            if abs(end - start) > math.pi:
                end += 2 * math.pi if end < start else -2 * math.pi
            for step in range(17):
                angle = start + (end - start) * step / 16
                points.append(to_screen((corner[0] + 0.5 * math.cos(angle), corner[1] + 0.5 * math.sin(angle))))
            pygame.draw.lines(surface, colour, False, points, width)
        else:
            if order > 0 and both_ports:
                pygame.draw.line(surface, BACKGROUND, to_screen(a), to_screen(b), width * 3)
            pygame.draw.line(surface, colour, to_screen(a), to_screen(b), width)
    for node in tile_data["nodes"]:
        x, y = to_screen(_rotate(tuple(node["at"]), rot))
        if node["kind"] == "junction":
            pygame.draw.circle(surface, (40, 40, 48), (x, y), width)
        else:
            r = size // 9
            diamond = [(x, y - r), (x + r * 3 // 4, y), (x, y + r), (x - r * 3 // 4, y)]
            pygame.draw.polygon(surface, RHOMB_FILL[node["colour"]], diamond)
            pygame.draw.polygon(surface, (20, 20, 30), diamond, 2)
    if label:
        font = pygame.font.Font(None, max(14, size // 7))
        surface.blit(font.render(label, True, (20, 20, 20)), (left + 4, top + 2))


def draw_board(cells: dict[tuple[int, int], tuple[int, int]], size: int = 120,
               marks: dict[tuple[int, int], str] | None = None) -> pygame.Surface:
    """A surface showing a field of placed tiles (unbounded coordinates, drawn from its corner)."""
    xs = [x for x, _ in cells] or [0]
    ys = [y for _, y in cells] or [0]
    surface = pygame.Surface(((max(xs) - min(xs) + 1) * size, (max(ys) - min(ys) + 1) * size))
    surface.fill((90, 90, 90))
    for (x, y), (tile_id, rot) in cells.items():
        label = (marks or {}).get((x, y), f"{tile_id}r{rot}")
        draw_tile(surface, TILES[tile_id], rot, (x - min(xs)) * size, (y - min(ys)) * size, size, label)
    return surface


def draw_sheet(size: int = 170, gap: int = 16) -> pygame.Surface:
    """All tiles, unrotated, four to a row, with gaps so each face reads on its own."""
    rows = (len(TILES) + 3) // 4
    surface = pygame.Surface((4 * (size + gap) + gap, rows * (size + gap) + gap))
    surface.fill((60, 60, 60))
    for tile in TILES:
        left = gap + (tile.id % 4) * (size + gap)
        top = gap + (tile.id // 4) * (size + gap)
        draw_tile(surface, tile, 0, left, top, size, str(tile.id))
    return surface


def main(argv: list[str]) -> int:
    pygame.init()
    target = argv[0] if argv else "liniell_tiles.png"
    pygame.image.save(draw_sheet(), target)
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
