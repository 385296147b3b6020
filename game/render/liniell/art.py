"""Liniell drawn procedurally: paper tiles with metro-map lines, white and blue rhombs, wooden markers.

Every shape is painted at a high resolution and smooth-scaled down, so lines stay crisp and
anti-aliased at any size. A tile's line art is painted once per face and line colouring (free lines
in ink, occupied ones in their owner's colour) and turned by exact quarter turns; the paper face is
painted once per size. Geometry comes from ``game.render.liniell.geometry``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache, lru_cache

import pygame

from game.render.liniell.geometry import NodeShape, Point, TileShape, tile_shape
from game.ui import theme
from game.ui.colour_vision import contrast

Colour = tuple[int, int, int]
MASTER = 420  # pixels per tile of the painted line art, before scaling down
PAPER = (247, 238, 218)
PAPER_LIGHT = (255, 250, 236)
PAPER_EDGE = (198, 178, 150)
PAPER_LINE = (230, 216, 190)
INK = (46, 34, 54)
FREE_LINE = (78, 70, 96)
BLUE_RHOMB = (34, 96, 236)
BLUE_FACET = (110, 170, 255)
BLUE_EDGE = (12, 30, 104)
WHITE_RHOMB = (253, 252, 248)
WHITE_FACET = (214, 210, 226)
LINE_WIDTH = 0.125  # of a tile
BORDER = 0.026  # the dark rim of a line
RHOMB_LENGTH = 0.145  # half of the long diagonal
RHOMB_WIDTH = 0.092  # half of the short diagonal
CORNER = 0.09  # rounded corner of the paper, of a tile


def line_colours(core: Colour | None) -> tuple[Colour, Colour]:
    """(rim, core) of a line: ink for a free line, the owner's colour for an occupied one."""
    if core is None:
        return INK, FREE_LINE
    return theme.shade(core, 0.42), core


def _thick(surface: pygame.Surface, colour: Colour, points: Sequence[Point], width: float) -> None:
    """A thick polyline with round joins and caps (pygame's own thick lines leave notches)."""
    radius = width / 2
    for p, q in zip(points, points[1:], strict=False):
        dx, dy = q[0] - p[0], q[1] - p[1]
        length = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / length * radius, dx / length * radius
        pygame.draw.polygon(surface, colour, [(p[0] + nx, p[1] + ny), (q[0] + nx, q[1] + ny),
                                              (q[0] - nx, q[1] - ny), (p[0] - nx, p[1] - ny)])
    for point in points:
        pygame.draw.circle(surface, colour, point, radius)


def rhomb_points(centre: Point, towards: Point, scale: float) -> list[Point]:
    """The four corners of a rhomb whose long axis follows its line: tail, left, tip, right."""
    (x, y), (ux, uy) = centre, towards
    length, width = RHOMB_LENGTH * scale, RHOMB_WIDTH * scale
    return [(x - ux * length, y - uy * length), (x - uy * width, y + ux * width),
            (x + ux * length, y + uy * length), (x + uy * width, y - ux * width)]


def draw_rhomb(surface: pygame.Surface, node: NodeShape, scale: float, offset: Point = (0, 0)) -> None:
    """A cut gem: blue rhombs saturated cobalt with a pale facet, white ones pearl with a grey facet."""
    centre = (offset[0] + node.at[0] * scale, offset[1] + node.at[1] * scale)
    corners = rhomb_points(centre, node.towards, scale)
    blue = node.colour == "blue"
    fill, facet, edge = (BLUE_RHOMB, BLUE_FACET, BLUE_EDGE) if blue else (WHITE_RHOMB, WHITE_FACET, INK)
    shadow = [(x + scale * 0.012, y + scale * 0.02) for x, y in corners]
    pygame.draw.polygon(surface, theme.shade(PAPER_EDGE, 0.8), shadow)
    pygame.draw.polygon(surface, edge, _grow(corners, centre, scale * 0.024))
    pygame.draw.polygon(surface, fill, corners)
    # One half of the gem catches the light: the triangle tail–left–tip.
    pygame.draw.polygon(surface, facet, [corners[0], corners[1], corners[2]])
    pygame.draw.line(surface, edge, corners[0], corners[2], max(1, int(scale * 0.008)))
    if blue:
        sparkle = (centre[0] + (corners[1][0] - centre[0]) * 0.35 + (corners[2][0] - centre[0]) * 0.25,
                   centre[1] + (corners[1][1] - centre[1]) * 0.35 + (corners[2][1] - centre[1]) * 0.25)
        pygame.draw.circle(surface, (236, 246, 255), sparkle, scale * 0.016)


def _grow(corners: list[Point], centre: Point, by: float) -> list[Point]:
    out = []
    for x, y in corners:
        dx, dy = x - centre[0], y - centre[1]
        length = math.hypot(dx, dy) or 1.0
        out.append((x + dx / length * by * 1.6, y + dy / length * by * 1.6))
    return out


def paint_lines(surface: pygame.Surface, shape: TileShape, colours: Sequence[Colour | None], scale: float,
                offset: Point = (0, 0), halo: Colour = PAPER) -> None:
    """The lines, junctions and rhombs of one tile; ``colours[piece]`` is its owner's colour or None."""
    ox, oy = offset

    def placed(points: Sequence[Point]) -> list[Point]:
        return [(ox + x * scale, oy + y * scale) for x, y in points]

    width = LINE_WIDTH * scale
    core_width = width - 2 * BORDER * scale
    plain = [i for i in range(len(shape.segments)) if i not in shape.crossings]
    for group, bridge in ((plain, False), (list(shape.crossings), True)):
        if bridge:  # a line passing over another: a gap of paper either side, like a bridge
            for index in group:
                _thick(surface, halo, placed(shape.segments[index].points), width + scale * 0.09)
        for index in group:
            segment = shape.segments[index]
            _thick(surface, line_colours(colours[segment.piece])[0], placed(segment.points), width)
        for index in group:
            segment = shape.segments[index]
            _thick(surface, line_colours(colours[segment.piece])[1], placed(segment.points), core_width)
    for node in shape.nodes:
        rim, core = line_colours(colours[node.piece])
        at = (ox + node.at[0] * scale, oy + node.at[1] * scale)
        if node.kind == "junction":
            pygame.draw.circle(surface, rim, at, width * 0.62)
            pygame.draw.circle(surface, core, at, width * 0.62 - BORDER * scale)
            pygame.draw.circle(surface, theme.shade(core, 1.35), at, width * 0.2)
    for node in shape.nodes:
        if node.kind == "rhomb":
            draw_rhomb(surface, node, scale, offset)


@cache
def _paper(size: int) -> pygame.Surface:
    """The blank tile: cream card with a rounded edge, a lighter top-left bevel and a fine inner rule."""
    k = 3
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    full = size * k
    radius = int(full * CORNER)
    rect = pygame.Rect(0, 0, full, full)
    pygame.draw.rect(big, PAPER_EDGE, rect, border_radius=radius)
    pygame.draw.rect(big, PAPER_LIGHT, rect.inflate(-k * 2, -k * 2).move(-k, -k), border_radius=radius)
    pygame.draw.rect(big, PAPER, rect.inflate(-k * 5, -k * 5).move(k // 2, k // 2), border_radius=radius)
    pygame.draw.rect(big, PAPER_LINE, rect.inflate(-int(full * 0.1), -int(full * 0.1)), width=max(1, k),
                     border_radius=int(radius * 0.7))
    return pygame.transform.smoothscale(big, (size, size))


@lru_cache(maxsize=96)
def _line_art(tile: int, colours: tuple[Colour | None, ...]) -> pygame.Surface:
    art = pygame.Surface((MASTER, MASTER), pygame.SRCALPHA)
    paint_lines(art, tile_shape(tile, 0), colours, MASTER)
    return art


@lru_cache(maxsize=160)
def tile_image(tile: int, rot: int, size: int, colours: tuple[Colour | None, ...] | None = None) -> pygame.Surface:
    """One tile at ``size`` pixels, turned ``rot`` quarter turns clockwise; lines coloured per piece."""
    pieces = tile_shape(tile, 0).pieces
    colours = colours if colours is not None else (None,) * pieces
    art = pygame.transform.rotate(_line_art(tile, colours), -90 * (rot % 4))
    image = _paper(size).copy()
    image.blit(pygame.transform.smoothscale(art, (size, size)), (0, 0))
    return image


@lru_cache(maxsize=64)
def piece_glow(tile: int, rot: int, piece: int, size: int, colour: Colour) -> pygame.Surface:
    """A soft halo along one piece of a tile, to light up a line (hover, route, legal target)."""
    k = 2
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    shape = tile_shape(tile, rot)
    for points in shape.piece_points(piece):
        _thick(big, (*colour, 90), [(x * size * k, y * size * k) for x, y in points], LINE_WIDTH * size * k * 2.3)
    for node in shape.nodes:
        if node.piece == piece and node.kind == "rhomb":
            pygame.draw.circle(big, (*colour, 90), (node.at[0] * size * k, node.at[1] * size * k),
                               RHOMB_LENGTH * size * k * 1.35)
    glow = pygame.transform.smoothscale(big, (size, size))
    core = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    for points in shape.piece_points(piece):
        _thick(core, (*colour, 255), [(x * size * k, y * size * k) for x, y in points],
               (LINE_WIDTH - 2 * BORDER) * size * k * 0.6)
    glow.blit(pygame.transform.smoothscale(core, (size, size)), (0, 0))
    return glow


@lru_cache(maxsize=64)
@theme.natural_size
def marker_image(colour: Colour, radius: int, ghost: bool = False, letter: str = "") -> pygame.Surface:
    """A wooden marker seen from slightly above: a short cylinder with a lit top and a soft shadow;
    ``letter`` (the owner's initial) on its top, a second cue beside the colour."""
    k = 3
    r = radius * k
    width, height = r * 2 + 6 * k, int(r * 2.6) + 6 * k
    big = pygame.Surface((width, height), pygame.SRCALPHA)
    cx, cy = width / 2, r + 3 * k
    side = int(r * 0.36)
    if not ghost:
        pygame.draw.ellipse(big, (*theme.SHADOW, 110), pygame.Rect(cx - r * 1.02, cy + side - r * 0.55 + r * 0.5,
                                                                    r * 2.1, r * 1.3))
    dark, rim = theme.shade(colour, 0.62), theme.shade(colour, 0.36)
    alpha = 150 if ghost else 255
    pygame.draw.rect(big, (*rim, alpha), pygame.Rect(cx - r, cy, r * 2, side))
    pygame.draw.circle(big, (*rim, alpha), (cx, cy + side), r)
    pygame.draw.circle(big, (*dark, alpha), (cx, cy + side), r - k * 2)
    pygame.draw.rect(big, (*dark, alpha), pygame.Rect(cx - r + k * 2, cy, r * 2 - k * 4, side))
    pygame.draw.circle(big, (*rim, alpha), (cx, cy), r)
    pygame.draw.circle(big, (*colour, alpha), (cx, cy), r - k * 2)
    pygame.draw.circle(big, (*theme.shade(colour, 1.28), alpha), (cx - r * 0.1, cy - r * 0.12), r * 0.68)
    pygame.draw.circle(big, (*colour, alpha), (cx + r * 0.04, cy + r * 0.04), r * 0.6)
    pygame.draw.circle(big, (*theme.shade(colour, 1.6), alpha), (cx - r * 0.42, cy - r * 0.42), r * 0.16)
    if letter:
        ink = theme.INK if contrast(theme.INK, colour) >= contrast(theme.CREAM, colour) else theme.CREAM
        glyph = theme.render_text(letter[:1].upper(), max(6, int(r * 1.15)), ink, theme.DISPLAY_FONT)
        glyph.set_alpha(alpha)
        big.blit(glyph, glyph.get_rect(center=(cx, cy + r * 0.06)))
    return pygame.transform.smoothscale(big, (width // k, height // k))


def draw_marker(surface: pygame.Surface, centre: Point, radius: int, colour: Colour, lift: float = 0.0,
                ghost: bool = False, letter: str = "") -> None:
    """Blit a marker whose top face is centred on ``centre``, raised ``lift`` pixels (it grows a little)."""
    size = max(4, int(radius * (1 + lift / 300)))
    image = marker_image(colour, size, ghost, letter)
    top_centre_y = size + 3
    surface.blit(image, (centre[0] - image.get_width() / 2, centre[1] - lift - top_centre_y))


def draw_slot(surface: pygame.Surface, centre: Point, radius: int, colour: Colour) -> None:
    """An empty supply place: a dashed ring where a marker comes home."""
    steps = 14
    for step in range(steps):
        if step % 2:
            continue
        a0, a1 = 2 * math.pi * step / steps, 2 * math.pi * (step + 1) / steps
        pygame.draw.arc(surface, colour, pygame.Rect(centre[0] - radius, centre[1] - radius, radius * 2, radius * 2),
                        a0, a1, 3)


def tile_shadow(size: int) -> pygame.Surface:
    return _shadow(size)


@cache
def _shadow(size: int) -> pygame.Surface:
    surface = pygame.Surface((size + 24, size + 24), pygame.SRCALPHA)
    for step in range(10, 0, -2):
        pygame.draw.rect(surface, (*theme.SHADOW, 16), pygame.Rect(12 - step, 12 - step + 6, size + step * 2,
                                                                  size + step * 2),
                         border_radius=int(size * CORNER) + step)
    return surface


def tile_back(size: int) -> pygame.Surface:
    return _back(size)


@cache
def _back(size: int) -> pygame.Surface:
    """A face-down tile: plum card with a rhomb emblem, for the stack."""
    k = 3
    full = size * k
    big = pygame.Surface((full, full), pygame.SRCALPHA)
    rect = pygame.Rect(0, 0, full, full)
    radius = int(full * CORNER)
    pygame.draw.rect(big, theme.shade(theme.PLUM, 0.7), rect, border_radius=radius)
    pygame.draw.rect(big, theme.PLUM_LIGHT, rect.inflate(-k * 6, -k * 6), border_radius=radius)
    pygame.draw.rect(big, theme.PLUM, rect.inflate(-k * 12, -k * 12), border_radius=radius)
    node = NodeShape("emblem", "rhomb", "blue", 0, (0.5, 0.5), (0.0, -1.0))
    scale = full * 2.2
    draw_rhomb(big, node, scale, (full / 2 - 0.5 * scale, full / 2 - 0.5 * scale))
    return pygame.transform.smoothscale(big, (size, size))
