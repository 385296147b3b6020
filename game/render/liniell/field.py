"""The Liniell field on screen: a camera that frames the squares still in play, and the layers on it.

The field is unbounded until it is four tiles wide and high, so the camera frames the *region* — the
union of every 4 x 4 square that could still hold the field — and glides in as it shrinks. Layers,
bottom to top: the table, the empty squares of the region (open ones lit), the 4 x 4 frame, the
laid tiles, line glows, markers. Tile images come from ``game.render.liniell.art``; positions on a tile
from ``game.render.liniell.geometry``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from functools import cache

import pygame

from game.render.liniell import art
from game.render.liniell.geometry import NodeShape, Point, tile_shape
from game.ui import theme

Cell = tuple[int, int]
PieceRef = tuple[int, int, int]
Region = tuple[int, int, int, int]
Colour = tuple[int, int, int]

BOARD = pygame.Rect(36, 100, 1300, 950)
MAX_CELL = 226
GAP = 5  # pixels of table between neighbouring tiles
TABLE = (40, 26, 52)
SLOT = (58, 38, 72)
SLOT_RIM = (84, 58, 100)
FRAME = (255, 201, 60)
MARKER_RADIUS = 0.115  # of a tile


class Camera:
    """Maps field squares to screen pixels; ``cx, cy`` is the field point at the centre of ``area``,
    the part of the board the field is framed in (all of it, but at a LAN table the chat's strip)."""

    def __init__(self, area: pygame.Rect = BOARD) -> None:
        self.cx, self.cy, self.cell = 0.5, 0.5, 120.0
        self.area = area
        self.rest: int | None = None  # while gliding: the tile size images are scaled from

    def framing(self, region: Region) -> tuple[float, float, float]:
        """The (cx, cy, cell) that shows ``region`` as large as the camera's area allows."""
        x0, y0, x1, y1 = region
        cols, rows = x1 - x0 + 1, y1 - y0 + 1
        cell = min((self.area.width - 40) / cols, (self.area.height - 40) / rows, MAX_CELL)
        return (x0 + x1 + 1) / 2, (y0 + y1 + 1) / 2, float(int(cell))

    def frame(self, region: Region) -> None:
        self.cx, self.cy, self.cell = self.framing(region)

    def to_screen(self, fx: float, fy: float) -> Point:
        return self.area.centerx + (fx - self.cx) * self.cell, self.area.centery + (fy - self.cy) * self.cell

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        x, y = self.to_screen(cell[0], cell[1])
        right, bottom = self.to_screen(cell[0] + 1, cell[1] + 1)
        return pygame.Rect(round(x), round(y), round(right) - round(x), round(bottom) - round(y))

    def tile_size(self) -> int:
        return max(8, int(self.cell) - GAP)

    def tile_rect(self, cell: Cell) -> pygame.Rect:
        size = self.tile_size()
        rect = pygame.Rect(0, 0, size, size)
        rect.center = self.cell_rect(cell).center
        return rect

    def locate(self, pos: tuple[int, int]) -> tuple[Cell, Point]:
        """The square under ``pos`` and where in it (0..1 each way)."""
        fx = self.cx + (pos[0] - self.area.centerx) / self.cell
        fy = self.cy + (pos[1] - self.area.centery) / self.cell
        cell = (math.floor(fx), math.floor(fy))
        return cell, (fx - cell[0], fy - cell[1])

    def on_tile(self, cell: Cell, point: Point) -> Point:
        """A unit-square point of the tile on ``cell`` in screen pixels."""
        rect = self.tile_rect(cell)
        return rect.x + point[0] * rect.width, rect.y + point[1] * rect.height


def in_region(cell: Cell, region: Region) -> bool:
    return region[0] <= cell[0] <= region[2] and region[1] <= cell[1] <= region[3]


def region_cells(region: Region) -> list[Cell]:
    return [(x, y) for y in range(region[1], region[3] + 1) for x in range(region[0], region[2] + 1)]


@cache
def _table(width: int, height: int) -> pygame.Surface:
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(surface, TABLE, surface.get_rect(), border_radius=30)
    pygame.draw.rect(surface, (70, 48, 86), surface.get_rect(), width=3, border_radius=30)
    return surface


def draw_table(surface: pygame.Surface) -> None:
    surface.blit(_table(BOARD.width, BOARD.height), BOARD.topleft)


def draw_slots(surface: pygame.Surface, camera: Camera, region: Region, settled: bool) -> None:
    """The empty squares still in play and the frame around them: gold once the 4 x 4 is fixed."""
    clip = surface.get_clip()
    surface.set_clip(BOARD.inflate(-6, -6))
    radius = max(4, int(camera.cell * 0.08))
    for cell in region_cells(region):
        rect = camera.tile_rect(cell)
        pygame.draw.rect(surface, SLOT, rect, border_radius=radius)
        pygame.draw.rect(surface, SLOT_RIM, rect, width=2, border_radius=radius)
    frame = camera.cell_rect((region[0], region[1])).union(camera.cell_rect((region[2], region[3])))
    if settled:
        pygame.draw.rect(surface, FRAME, frame.inflate(14, 14), width=5, border_radius=radius + 8)
        _corner_brackets(surface, frame.inflate(30, 30), FRAME)
    else:
        _dashed_rect(surface, frame.inflate(14, 14), (222, 204, 186), 14)
    surface.set_clip(clip)


def draw_lit(surface: pygame.Surface, camera: Camera, lit: Mapping[Cell, Colour], pulse: float) -> None:
    """Squares where the tile in hand may go, glowing in the player's colour (coral: no rotation fits)."""
    radius = max(4, int(camera.cell * 0.08))
    for cell, colour in lit.items():
        rect = camera.tile_rect(cell)
        pygame.draw.rect(surface, theme.mix(theme.PLUM, colour, 0.04 + 0.06 * pulse), rect, border_radius=radius)
        pygame.draw.rect(surface, colour, rect, width=3, border_radius=radius)
        _plus(surface, rect.center, max(6, rect.width // 9), theme.mix(SLOT, colour, 0.55 + 0.25 * pulse))


def _plus(surface: pygame.Surface, centre: tuple[int, int], arm: int, colour: Colour) -> None:
    """A "+" marking a square where the tile may go."""
    x, y = centre
    width = max(3, arm // 3)
    pygame.draw.rect(surface, colour, pygame.Rect(x - arm, y - width // 2, arm * 2, width), border_radius=width // 2)
    pygame.draw.rect(surface, colour, pygame.Rect(x - width // 2, y - arm, width, arm * 2), border_radius=width // 2)


def _corner_brackets(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    arm = 34
    for (x, y), (dx, dy) in (((rect.left, rect.top), (1, 1)), ((rect.right, rect.top), (-1, 1)),
                             ((rect.left, rect.bottom), (1, -1)), ((rect.right, rect.bottom), (-1, -1))):
        pygame.draw.line(surface, colour, (x, y), (x + dx * arm, y), 6)
        pygame.draw.line(surface, colour, (x, y), (x, y + dy * arm), 6)


def _dashed_rect(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, dash: int) -> None:
    for (ax, ay), (bx, by) in (((rect.left, rect.top), (rect.right, rect.top)),
                               ((rect.right, rect.top), (rect.right, rect.bottom)),
                               ((rect.right, rect.bottom), (rect.left, rect.bottom)),
                               ((rect.left, rect.bottom), (rect.left, rect.top))):
        length = math.hypot(bx - ax, by - ay)
        steps = max(1, int(length // (dash * 2)))
        for step in range(steps):
            t0, t1 = step / steps, (step + 0.5) / steps
            pygame.draw.line(surface, colour, (ax + (bx - ax) * t0, ay + (by - ay) * t0),
                             (ax + (bx - ax) * t1, ay + (by - ay) * t1), 3)


def draw_tiles(surface: pygame.Surface, camera: Camera, tiles: Mapping[Cell, tuple[int, int]],
               colours: Mapping[Cell, tuple[Colour | None, ...]], hidden: Iterable[Cell] = ()) -> None:
    size = camera.tile_size()
    skip = set(hidden)
    for cell, (tile, rot) in sorted(tiles.items(), key=lambda item: (item[0][1], item[0][0])):
        if cell in skip:
            continue
        rect = camera.tile_rect(cell)
        surface.blit(art.tile_shadow(size), (rect.x - 12, rect.y - 12))
        image = art.tile_image(tile, rot, camera.rest or size, colours.get(cell))
        if image.get_width() != size:  # the camera is gliding: scale the resting image, paint nothing new
            image = pygame.transform.scale(image, (size, size))
        surface.blit(image, rect.topleft)


def draw_piece_glow(surface: pygame.Surface, camera: Camera, tiles: Mapping[Cell, tuple[int, int]],
                    pieces: Iterable[PieceRef], colour: Colour, alpha: int = 255) -> None:
    """Light up pieces of lines (a hovered line, a scoring route, the lines a marker may take)."""
    size = camera.tile_size()
    for x, y, piece in pieces:
        tile = tiles.get((x, y))
        if tile is None:
            continue
        image = art.piece_glow(tile[0], tile[1], piece, size, colour)
        if alpha < 255:
            image = image.copy()
            image.set_alpha(alpha)
        surface.blit(image, camera.tile_rect((x, y)).topleft)


def marker_spot(camera: Camera, tiles: Mapping[Cell, tuple[int, int]], piece: PieceRef) -> Point:
    """Where a marker on ``piece`` rests, in screen pixels."""
    tile, rot = tiles[(piece[0], piece[1])]
    return camera.on_tile((piece[0], piece[1]), tile_shape(tile, rot).anchors[piece[2]])


def marker_radius(camera: Camera) -> int:
    return max(6, int(camera.cell * MARKER_RADIUS))


def node_spot(camera: Camera, tiles: Mapping[Cell, tuple[int, int]], cell: Cell, node_id: str) -> Point:
    tile, rot = tiles[cell]
    node = node_shape(tile, rot, node_id)
    return camera.on_tile(cell, node.at)


def node_shape(tile: int, rot: int, node_id: str) -> NodeShape:
    return next(node for node in tile_shape(tile, rot).nodes if node.id == node_id)


EDGE_POINTS = {"N": (0.5, 0.0), "E": (1.0, 0.5), "S": (0.5, 1.0), "W": (0.0, 0.5)}


def edge_spot(camera: Camera, cell: Cell, side: str) -> Point:
    return camera.on_tile(cell, EDGE_POINTS[side])
