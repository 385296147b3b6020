"""The pieces of Bus, drawn procedurally: line markers, action markers (also the score disks) and buses.

Markers are drawn two ways from the same shape: ``paint_marker`` paints straight onto a (supersampled)
layer, ``marker_sprite`` is a cached horizontal sprite that moving markers rotate each frame.
"""

from __future__ import annotations

import math
from functools import cache

import pygame

from game.ui import theme

Colour = tuple[int, int, int]
Point = tuple[float, float]
SUPERSAMPLE = 3
MARKER_RIM = 0.55  # how dark a marker's rim is against its face


def paint_marker(surface: pygame.Surface, a: Point, b: Point, colour: Colour, thickness: float) -> None:
    """A wooden line marker from ``a`` to ``b``: dark rim, coloured face, a light ridge along it."""
    rim = theme.shade(colour, MARKER_RIM)
    paint_pill(surface, a, b, thickness, rim)
    paint_pill(surface, a, b, thickness * 0.72, colour)
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length
    lift = thickness * 0.14
    inset = thickness * 0.3
    ux, uy = dx / length * inset, dy / length * inset
    paint_pill(surface, (a[0] + ux - nx * lift, a[1] + uy - ny * lift), (b[0] - ux - nx * lift, b[1] - uy - ny * lift),
          thickness * 0.2, theme.shade(colour, 1.35))


def paint_pill(surface: pygame.Surface, a: Point, b: Point, thickness: float, colour: Colour) -> None:
    radius = thickness / 2
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length < 1e-6:
        pygame.draw.circle(surface, colour, a, radius)
        return
    nx, ny = -dy / length * radius, dx / length * radius
    pygame.draw.polygon(surface, colour, [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny),
                                          (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)])
    pygame.draw.circle(surface, colour, a, radius)
    pygame.draw.circle(surface, colour, b, radius)


@cache
def marker_sprite(colour: Colour, length: int, thickness: int) -> pygame.Surface:
    """A marker lying east-west, ``length`` pixels long, for markers that move."""
    k = SUPERSAMPLE
    pad = 3
    big = pygame.Surface(((length + 2 * pad) * k, (thickness + 2 * pad) * k), pygame.SRCALPHA)
    y = (thickness / 2 + pad) * k
    half = thickness / 2 * k
    paint_pill(big, (pad * k + half, y + 2 * k), ((length + pad) * k - half, y + 2 * k), thickness * k,
          (*theme.SHADOW, 90))  # type: ignore[arg-type]
    paint_marker(big, (pad * k + half, y), ((length + pad) * k - half, y), colour, thickness * k)
    return pygame.transform.smoothscale(big, (length + 2 * pad, thickness + 2 * pad))


def draw_marker(surface: pygame.Surface, a: Point, b: Point, colour: Colour, thickness: int,
                alpha: int = 255, scale: float = 1.0) -> None:
    """A marker from ``a`` to ``b`` drawn this frame (flying or previewed)."""
    length = max(4, round(math.dist(a, b) * scale + thickness * scale))
    sprite = marker_sprite(colour, length, max(3, round(thickness * scale)))
    angle = math.degrees(math.atan2(-(b[1] - a[1]), b[0] - a[0]))
    turned = pygame.transform.rotozoom(sprite, angle, 1.0)
    if alpha < 255:
        turned.set_alpha(alpha)
    centre = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    surface.blit(turned, turned.get_rect(center=(round(centre[0]), round(centre[1]))))


@cache
@theme.natural_size
def action_marker(colour: Colour, size: int, label: str = "") -> pygame.Surface:
    """The round action marker of a player (also laid on the crossing where a circle closed)."""
    k = SUPERSAMPLE
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    centre = (size * k / 2, size * k / 2)
    radius = size * k / 2 - k
    pygame.draw.circle(big, (*theme.SHADOW, 110), (centre[0], centre[1] + 2 * k), radius - k)
    pygame.draw.circle(big, theme.shade(colour, MARKER_RIM), centre, radius - k)
    pygame.draw.circle(big, colour, centre, radius * 0.8)
    pygame.draw.circle(big, theme.shade(colour, 1.3), (centre[0] - radius * 0.22, centre[1] - radius * 0.25),
                       radius * 0.28)
    surface = pygame.transform.smoothscale(big, (size, size))
    if label:
        text_size = max(10, int(size * 0.5))
        text = theme.render_text(label, text_size, theme.INK, theme.DISPLAY_FONT)
        surface.blit(text, text.get_rect(center=(size / 2, size / 2 + size * 0.05)))
    return surface


@cache
@theme.natural_size
def head_token(colour: Colour, size: int, initial: str = "") -> pygame.Surface:
    """A head of a line: a cream ring around the line's colour, where the line may grow; with the
    owner's initial in it, so the lines tell apart without colour too."""
    k = SUPERSAMPLE
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    centre = (size * k / 2, size * k / 2)
    radius = size * k / 2 - k
    pygame.draw.circle(big, theme.shade(colour, MARKER_RIM), centre, radius)
    pygame.draw.circle(big, theme.CREAM, centre, radius * 0.82)
    if not initial:
        pygame.draw.circle(big, colour, centre, radius * 0.55)
    token = pygame.transform.smoothscale(big, (size, size))
    if initial:
        theme.draw_text(token, initial[:1], (size // 2, size // 2 + 1), max(10, int(size * 0.62)), theme.INK,
                        theme.DISPLAY_FONT, "center")
    return token


@cache
def bus_icon(colour: Colour, width: int) -> pygame.Surface:
    """A little city bus seen from the side, facing right."""
    k = SUPERSAMPLE
    height = int(width * 0.62)
    big = pygame.Surface((width * k, height * k), pygame.SRCALPHA)
    w, h = width * k, height * k
    body = pygame.Rect(int(w * 0.02), int(h * 0.06), int(w * 0.96), int(h * 0.7))
    pygame.draw.rect(big, theme.shade(colour, MARKER_RIM), body, border_radius=int(h * 0.16))
    pygame.draw.rect(big, colour, body.inflate(-2 * k, -2 * k), border_radius=int(h * 0.14))
    glass = (46, 62, 92)
    windows = 4
    span = body.width * 0.72
    pane = span / windows
    for index in range(windows):
        rect = pygame.Rect(int(body.x + body.width * 0.06 + index * pane), int(body.y + body.height * 0.16),
                           int(pane * 0.78), int(body.height * 0.36))
        pygame.draw.rect(big, glass, rect, border_radius=int(k * 1.5))
    screen = pygame.Rect(int(body.right - body.width * 0.16), int(body.y + body.height * 0.16),
                         int(body.width * 0.12), int(body.height * 0.52))
    pygame.draw.rect(big, (170, 214, 240), screen, border_radius=int(k * 1.5))
    stripe = pygame.Rect(body.x + 2 * k, int(body.y + body.height * 0.64), body.width - 4 * k, int(body.height * 0.1))
    pygame.draw.rect(big, theme.shade(colour, 1.35), stripe)
    for fx in (0.24, 0.78):
        centre = (body.x + body.width * fx, body.bottom)
        pygame.draw.circle(big, theme.INK, centre, h * 0.17)
        pygame.draw.circle(big, theme.CREAM_DIM, centre, h * 0.07)
    return pygame.transform.smoothscale(big, (width, height))


def bezier(a: Point, control: Point, b: Point, t: float) -> Point:
    """A point on the quadratic curve from ``a`` to ``b`` bent towards ``control`` (flight paths)."""
    u = 1 - t
    return (u * u * a[0] + 2 * u * t * control[0] + t * t * b[0],
            u * u * a[1] + 2 * u * t * control[1] + t * t * b[1])
