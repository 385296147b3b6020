"""The Linja table drawn procedurally: a walnut table, seven bamboo sticks, and wooden pieces.

The board layer (wood, sticks, row numbers, the points each row is worth) depends only on the board
rect and the two players' colours, so it is drawn once and cached; pieces are cached sprites blitted
each frame. Round shapes are drawn larger and smooth-scaled down so they stay crisp and anti-aliased.
Each colour's pieces carry a chevron pointing the way they travel, so the two sides differ by shape
as well as by colour.
"""

from __future__ import annotations

import math
import random
from functools import cache

import pygame

from game.core.linja.position import DIRECTION, row_points
from game.render.linja.layout import CHIP_RADIUS, ROWS, STICKS, LinjaLayout
from game.ui import theme

SUPERSAMPLE = 2
PIECE_SUPERSAMPLE = 3
WALNUT = (118, 74, 46)
WALNUT_DARK = (84, 50, 30)
WALNUT_LIGHT = (146, 96, 60)
FRAME = (64, 36, 24)
BAMBOO = (206, 184, 102)
BAMBOO_LIGHT = (240, 226, 160)
BAMBOO_DARK = (142, 118, 52)
BAMBOO_NODE = (118, 96, 40)


def _wood(surface: pygame.Surface, area: pygame.Rect, seed: int, k: int) -> None:
    """Vertical planks with a little variation in tone and wavy grain lines."""
    rng = random.Random(seed)
    planks = 8
    width = area.width / planks
    for index in range(planks):
        plank = pygame.Rect(round(area.x + index * width), area.y, round(width) + 1, area.height)
        tone = theme.mix(WALNUT, WALNUT_LIGHT if index % 2 else WALNUT_DARK, rng.uniform(0.05, 0.3))
        pygame.draw.rect(surface, tone, plank)
        for _ in range(11):
            x0 = rng.uniform(plank.x + 6 * k, plank.right - 6 * k)
            amplitude = rng.uniform(2, 7) * k
            wavelength = rng.uniform(160, 420) * k
            phase = rng.uniform(0, math.tau)
            shade = theme.shade(tone, rng.choice((0.82, 0.88, 1.12)))
            points = [(x0 + amplitude * math.sin(phase + y / wavelength * math.tau), y)
                      for y in range(area.y, area.bottom + 1, 12 * k)]
            pygame.draw.lines(surface, shade, False, points, max(1, k))
        pygame.draw.line(surface, WALNUT_DARK, (plank.x, area.y), (plank.x, area.bottom), 2 * k)


def _stick(surface: pygame.Surface, left: float, right: float, y: float, thickness: float, seed: int) -> None:
    """One bamboo stick lying across the table, its joints at irregular intervals, with its shadow."""
    rng = random.Random(seed)
    body = pygame.Rect(round(left), round(y - thickness / 2), round(right - left), round(thickness))
    shadow = pygame.Surface(body.inflate(12, 12).size, pygame.SRCALPHA)
    pygame.draw.rect(shadow, (*theme.SHADOW, 110), shadow.get_rect(), border_radius=int(thickness))
    surface.blit(shadow, body.move(int(thickness * 0.15), int(thickness * 0.4)).inflate(12, 12))
    radius = int(thickness / 2)
    pygame.draw.rect(surface, BAMBOO_DARK, body, border_radius=radius)
    inner = body.inflate(-max(2, int(thickness * 0.12)), -max(2, int(thickness * 0.16)))
    pygame.draw.rect(surface, BAMBOO, inner, border_radius=radius)
    shine = pygame.Rect(inner.x + radius, inner.y + int(thickness * 0.14), inner.width - 2 * radius,
                        max(2, int(thickness * 0.22)))
    pygame.draw.rect(surface, BAMBOO_LIGHT, shine, border_radius=shine.height // 2)
    x = left + rng.uniform(0.12, 0.25) * (right - left) / 2
    while x < right - thickness:
        node = pygame.Rect(round(x), body.y + 1, max(2, int(thickness * 0.16)), body.height - 2)
        pygame.draw.rect(surface, BAMBOO_NODE, node, border_radius=node.width // 2)
        pygame.draw.line(surface, BAMBOO_LIGHT, (node.right + 1, node.y + 2), (node.right + 1, node.bottom - 3),
                         max(1, int(thickness * 0.06)))
        x += rng.uniform(1.6, 2.6) * thickness * 4
    cap = max(2, int(thickness * 0.18))
    for end in (body.x + cap, body.right - cap):
        pygame.draw.circle(surface, BAMBOO_NODE, (end, body.centery), int(thickness * 0.28), cap // 2 + 1)


@cache
def board_layer(rect: tuple[int, int, int, int], colours: tuple[theme.Colour, theme.Colour]) -> pygame.Surface:
    """The table without pieces, the size of ``rect``: wood, home-half washes, sticks, row labels."""
    layout = LinjaLayout(pygame.Rect(0, 0, rect[2], rect[3]))
    surface = board_base(rect[2], rect[3]).copy()
    table = surface.get_rect().inflate(-14, -14)
    for seat, rows in ((0, range(0, ROWS // 2)), (1, range(ROWS // 2, ROWS))):
        # Each player's home half carries a faint wash of their colour.
        top = layout.row_band(max(rows)).y
        bottom = layout.row_band(min(rows)).bottom
        wash = pygame.Surface((table.width - 8, bottom - top), pygame.SRCALPHA)
        wash.fill((*colours[seat], 13))
        surface.blit(wash, (table.x + 4, top))
    _labels(surface, layout, colours)
    return surface


@cache
def board_base(width: int, height: int) -> pygame.Surface:
    """What the table looks like in any colours: frame, wood, trays and sticks, drawn supersampled
    (the slow part, so a table prepares it before it opens: ``LinjaTable.prewarm``)."""
    layout = LinjaLayout(pygame.Rect(0, 0, width, height))
    k = SUPERSAMPLE
    big = pygame.Surface((width * k, height * k), pygame.SRCALPHA)
    whole = big.get_rect()
    pygame.draw.rect(big, FRAME, whole, border_radius=26 * k)
    table = whole.inflate(-14 * k, -14 * k)
    wood = pygame.Surface(table.size)
    _wood(wood, wood.get_rect(), 7, k)
    mask = pygame.Surface(table.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=20 * k)
    wood_alpha = wood.convert_alpha() if pygame.display.get_surface() else wood.copy().convert_alpha()
    wood_alpha.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    big.blit(wood_alpha, table)
    for row in (0, ROWS - 1):
        # The start/goal rows lie outside the sticks: a darker tray where the pieces gather.
        band = layout.row_band(row)
        left, right = layout.stick_span
        tray = pygame.Rect(left * k, (band.y + 8) * k, (right - left) * k, (band.height - 16) * k)
        veil = pygame.Surface(tray.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (*theme.SHADOW, 60), veil.get_rect(), border_radius=18 * k)
        big.blit(veil, tray)
    left, right = layout.stick_span
    for stick in range(1, STICKS + 1):
        _stick(big, left * k, right * k, layout.stick_y(stick) * k, 22 * k, 31 * stick)
    return pygame.transform.smoothscale(big, (width, height))


@theme.natural_size
def _labels(surface: pygame.Surface, layout: LinjaLayout, colours: tuple[theme.Colour, theme.Colour]) -> None:
    """Row numbers on the left; on each side the points a piece of that colour scores on the row."""
    for row in range(ROWS):
        y = round(layout.row_y(row))
        theme.draw_text(surface, str(row), (26, y), 22, theme.shade(theme.CREAM_DIM, 0.8), theme.DISPLAY_FONT,
                        "center")
        for seat in (0, 1):
            points = row_points(seat, row)
            if points:
                points_chip(surface, layout.chip_centre(seat, row), colours[seat], points, CHIP_RADIUS)


@theme.natural_size
def points_chip(surface: pygame.Surface, centre: tuple[int, int], colour: theme.Colour, points: int,
                radius: int = 21) -> None:
    """A small disc in a player's colour with the points a piece scores there."""
    x, y = centre
    pygame.draw.circle(surface, theme.SHADOW, (x, y + 3), radius)
    pygame.draw.circle(surface, theme.shade(colour, 0.55), (x, y), radius)
    pygame.draw.circle(surface, colour, (x, y), radius - 3)
    theme.draw_text(surface, str(points), (x, y + 2), int(radius * 1.15), _ink(colour), theme.DISPLAY_FONT, "center")


def _ink(colour: theme.Colour) -> theme.Colour:
    """Dark ink on light colours, cream on dark ones."""
    luminance = 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]
    return theme.INK if luminance > 140 else theme.CREAM


@cache
def piece_sprite(colour: theme.Colour, direction: int, radius: int) -> pygame.Surface:
    """A wooden disc seen from above with a chevron pointing the way it travels (no shadow)."""
    k = PIECE_SUPERSAMPLE
    size = (radius * 2 + 4) * k
    big = pygame.Surface((size, size), pygame.SRCALPHA)
    centre = (size // 2, size // 2)
    r = radius * k
    pygame.draw.circle(big, theme.shade(colour, 0.42), centre, r)
    pygame.draw.circle(big, theme.shade(colour, 0.78), centre, r - 3 * k)
    pygame.draw.circle(big, colour, (centre[0], centre[1] - 2 * k), r - 6 * k)
    pygame.draw.circle(big, theme.shade(colour, 1.22), (centre[0] - r // 3, centre[1] - r // 3), r // 4)
    pygame.draw.circle(big, theme.shade(colour, 0.7), (centre[0], centre[1] - 2 * k), int(r * 0.64), 2 * k)
    # The chevron: points up the screen for A (rows grow upwards), down for B.
    w, h = r * 0.52, r * 0.34
    cy = centre[1] - 2 * k
    tip = cy - direction * h
    base = cy + direction * h
    thickness = r * 0.2
    inner_base = base + direction * thickness * 0.1
    outline = [(centre[0] - w, base), (centre[0], tip), (centre[0] + w, base), (centre[0] + w - thickness, inner_base),
               (centre[0], tip + direction * thickness * 1.5), (centre[0] - w + thickness, inner_base)]
    pygame.draw.polygon(big, theme.shade(colour, 0.38), [(x, y + 2 * k) for x, y in outline])
    pygame.draw.polygon(big, theme.CREAM, outline)
    return pygame.transform.smoothscale(big, (radius * 2 + 4, radius * 2 + 4))


@cache
def _shadow(radius: int) -> pygame.Surface:
    size = radius * 2 + 12
    shadow = pygame.Surface((size, size), pygame.SRCALPHA)
    for step in range(6, 0, -1):
        pygame.draw.circle(shadow, (*theme.SHADOW, 26), (size // 2, size // 2), radius + step - 2)
    return shadow


def draw_piece(surface: pygame.Surface, centre: tuple[float, float], colour: theme.Colour, seat: int,
               radius: int, lift: float = 0.0, alpha: int = 255) -> None:
    """A piece of ``seat`` with its shadow; ``lift`` (0..1) raises it off the table: bigger, shadow further.

    Its chevron points the way the seat travels: up the screen for A (rows grow upwards), down for B.
    """
    x, y = centre
    shadow = _shadow(radius)
    drop = 4 + 22 * lift
    surface.blit(shadow, shadow.get_rect(center=(round(x + drop * 0.5), round(y + drop))))
    sprite = piece_sprite(colour, DIRECTION[seat], radius)
    if lift > 0.01:
        size = round(sprite.get_width() * (1 + 0.32 * lift))
        sprite = pygame.transform.smoothscale(sprite, (size, size))
    if alpha < 255:
        sprite = sprite.copy()
        sprite.set_alpha(alpha)
    surface.blit(sprite, sprite.get_rect(center=(round(x), round(y - 10 * lift))))


@cache
def _ring(radius: int, colour: theme.Colour, width: int, alpha: int) -> pygame.Surface:
    size = radius * 2 + width * 2 + 4
    ring = pygame.Surface((size * 2, size * 2), pygame.SRCALPHA)
    pygame.draw.circle(ring, (*colour, alpha), (size, size), (radius + width // 2 + 1) * 2, width * 2)
    return pygame.transform.smoothscale(ring, (size, size))


def draw_ring(surface: pygame.Surface, centre: tuple[float, float], radius: int, colour: theme.Colour,
              width: int = 4, alpha: int = 255) -> None:
    """A highlight ring around a piece (movable pieces, the counted pieces, the hovered move).

    Alpha is rounded to steps of 16 so the pulsing rings come from a small cache of images.
    """
    ring = _ring(radius, colour, width, min(255, max(0, alpha) // 16 * 16 + 15))
    surface.blit(ring, ring.get_rect(center=(round(centre[0]), round(centre[1]))))


def draw_landing_mark(surface: pygame.Surface, at: tuple[float, float], way: int, glow: float = 1.0,
                      scale: float = 1.0) -> None:
    """A small mint arrowhead pointing ``way`` (1 right, -1 left): at both ends of a row a legal move
    can reach on the table, and in the rules' key that explains it. ``glow`` 0..1 pulses it."""
    x, y = at
    points = [(x + 12 * scale * way, y), (x - 8 * scale * way, y - 14 * scale), (x - 8 * scale * way, y + 14 * scale)]
    pygame.draw.polygon(surface, theme.SHADOW, [(px, py + 3 * scale) for px, py in points])
    pygame.draw.polygon(surface, theme.mix(theme.MINT_DARK, theme.MINT, glow), points)
