"""Bus's buildings and passengers, drawn procedurally: a house, an office and a pub that tell apart by
shape as well as colour (a pointed roof, a tall tower of windows, a low hall under a round sign),
the empty lot a building may rise on, and the little figure of a passenger.

Each picture is painted supersampled once per size and kept; ``rising`` pictures (a building going
up) are the same picture cut off from the top.
"""

from __future__ import annotations

from functools import cache

import pygame

from game.i18n import N_
from game.ui import theme

Colour = tuple[int, int, int]
Point = tuple[float, float]
SUPERSAMPLE = 3
KINDS = ("house", "office", "pub")
KIND_NAMES = {"house": N_("House"), "office": N_("Office"), "pub": N_("Pub")}
KIND_COLOURS: dict[str, Colour] = {
    "house": (206, 78, 64),  # a red tiled roof
    "office": (74, 128, 196),  # blue glass
    "pub": (196, 132, 40),  # amber beer
}
WALL = (250, 240, 222)
PASSENGER = (48, 40, 62)
PASSENGER_FACE = (255, 226, 190)


def kind_colour(kind: str) -> Colour:
    return KIND_COLOURS.get(kind, theme.CREAM_DIM)


@cache
def building(kind: str, size: int, dim: bool = False) -> pygame.Surface:
    """A building of ``kind`` fitting a ``size`` × ``size`` square (its base at the bottom edge);
    ``dim``: greyed, for a preview or a building of a kind nobody wants now."""
    k = SUPERSAMPLE
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    s = size * k
    painter = {"house": _house, "office": _office, "pub": _pub}.get(kind, _house)
    pygame.draw.ellipse(big, (*theme.SHADOW, 80), pygame.Rect(s * 0.1, s * 0.84, s * 0.86, s * 0.16))
    painter(big, s, kind_colour(kind))
    picture = pygame.transform.smoothscale(big, (size, size))
    if dim:
        grey = pygame.Surface((size, size), pygame.SRCALPHA)
        grey.fill((120, 112, 120, 255))
        picture.blit(grey, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        picture.set_alpha(170)
    return picture


def rising(kind: str, size: int, progress: float) -> pygame.Surface:
    """The building ``progress`` (0..1) of the way up: the lower part shows first, as if it grew."""
    whole = building(kind, size)
    height = max(1, round(size * max(0.0, min(1.0, progress))))
    part = pygame.Surface((size, size), pygame.SRCALPHA)
    part.blit(whole, (0, size - height), pygame.Rect(0, 0, size, height))
    return part


def _outline(surface: pygame.Surface, points: list[Point], fill: Colour, rim: Colour, width: float) -> None:
    pygame.draw.polygon(surface, fill, points)
    pygame.draw.polygon(surface, rim, points, max(1, round(width)))


def _house(big: pygame.Surface, s: float, colour: Colour) -> None:
    """Walls under a steep roof, a door and a window: the shape everyone draws as 'home'."""
    rim = theme.shade(colour, 0.5)
    line = s * 0.05
    wall = [(s * 0.2, s * 0.5), (s * 0.8, s * 0.5), (s * 0.8, s * 0.9), (s * 0.2, s * 0.9)]
    _outline(big, wall, WALL, rim, line)
    roof = [(s * 0.06, s * 0.54), (s * 0.5, s * 0.08), (s * 0.94, s * 0.54)]
    _outline(big, roof, colour, rim, line)
    pygame.draw.rect(big, rim, pygame.Rect(s * 0.44, s * 0.66, s * 0.16, s * 0.24))
    pygame.draw.rect(big, theme.shade(colour, 0.85), pygame.Rect(s * 0.27, s * 0.6, s * 0.12, s * 0.12))


def _office(big: pygame.Surface, s: float, colour: Colour) -> None:
    """A tall, flat-topped tower with a grid of windows."""
    rim = theme.shade(colour, 0.45)
    body = pygame.Rect(s * 0.24, s * 0.06, s * 0.52, s * 0.84)
    pygame.draw.rect(big, colour, body, border_radius=round(s * 0.04))
    pygame.draw.rect(big, rim, body, max(1, round(s * 0.05)), border_radius=round(s * 0.04))
    pane_w, pane_h = s * 0.1, s * 0.1
    for row in range(5):
        for column in range(2):
            x = body.x + s * 0.1 + column * s * 0.2
            y = body.y + s * 0.1 + row * s * 0.14
            pygame.draw.rect(big, (214, 236, 250), pygame.Rect(x, y, pane_w, pane_h))


def _pub(big: pygame.Surface, s: float, colour: Colour) -> None:
    """A low, wide hall with a round sign hanging at one corner: a mug of beer."""
    hall_colour = (120, 72, 44)
    rim = theme.shade(hall_colour, 0.55)
    line = s * 0.05
    hall = [(s * 0.04, s * 0.5), (s * 0.96, s * 0.5), (s * 0.96, s * 0.9), (s * 0.04, s * 0.9)]
    _outline(big, hall, hall_colour, rim, line)
    pygame.draw.rect(big, rim, pygame.Rect(s * 0.02, s * 0.44, s * 0.96, s * 0.1))
    for x in (0.12, 0.36):
        pygame.draw.rect(big, (255, 214, 120), pygame.Rect(s * x, s * 0.62, s * 0.16, s * 0.14))
    pygame.draw.rect(big, rim, pygame.Rect(s * 0.62, s * 0.6, s * 0.14, s * 0.3))
    pygame.draw.line(big, rim, (s * 0.86, s * 0.46), (s * 0.86, s * 0.06), max(1, round(s * 0.04)))
    centre = (s * 0.7, s * 0.24)
    radius = s * 0.2
    pygame.draw.line(big, rim, (s * 0.86, s * 0.08), (centre[0], s * 0.08), max(1, round(s * 0.04)))
    pygame.draw.circle(big, rim, centre, radius)
    pygame.draw.circle(big, colour, centre, radius - line)
    mug = pygame.Rect(centre[0] - s * 0.08, centre[1] - s * 0.08, s * 0.13, s * 0.17)
    pygame.draw.rect(big, WALL, mug, border_radius=round(s * 0.02))
    pygame.draw.circle(big, WALL, (mug.right + s * 0.015, mug.centery), s * 0.045, max(1, round(s * 0.022)))


@cache
@theme.natural_size
def empty_lot(size: int, colour: Colour, label: str = "") -> pygame.Surface:
    """A free building lot: a pale plot in its zone's colour with a dashed edge and the zone's name."""
    k = SUPERSAMPLE
    s = size * k
    big = pygame.Surface((s, s), pygame.SRCALPHA)
    rect = pygame.Rect(0, 0, s * 0.86, s * 0.86)
    rect.center = (s // 2, s // 2)
    pygame.draw.rect(big, (*theme.mix(colour, (240, 230, 209), 0.62), 255), rect, border_radius=round(s * 0.16))
    rim = theme.shade(colour, 0.8)
    dash = s * 0.12
    edges = [(rect.topleft, rect.topright), (rect.topright, rect.bottomright),
             (rect.bottomright, rect.bottomleft), (rect.bottomleft, rect.topleft)]
    for a, b in edges:
        length = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
        steps = max(1, int(length // (2 * dash)))
        for step in range(steps):
            t0, t1 = (2 * step + 0.5) / (2 * steps), (2 * step + 1.5) / (2 * steps)
            p = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
            q = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
            pygame.draw.line(big, rim, p, q, max(1, round(s * 0.06)))
    picture = pygame.transform.smoothscale(big, (size, size))
    if label:
        theme.draw_text(picture, label, (size // 2, size // 2 + 1), max(10, int(size * 0.55)), theme.shade(colour, 0.6),
                        theme.TEXT_BOLD_FONT, "center")
    return picture


@cache
def passenger_width(size: int) -> int:
    """How wide a passenger ``size`` pixels tall is drawn: what keeps one inside the map."""
    return round(size * 0.7)


def passenger(size: int, seated: bool = False) -> pygame.Surface:
    """A passenger: a round head over a body, ``size`` pixels tall; ``seated`` ones sit lower and paler
    (content where they are)."""
    k = SUPERSAMPLE
    w, h = passenger_width(size), size
    big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
    W, H = w * k, h * k
    body_colour = theme.mix(PASSENGER, (150, 140, 160), 0.45) if seated else PASSENGER
    rim = theme.CREAM
    line = max(1, round(W * 0.1))
    body = [(W * 0.12, H * 0.98), (W * 0.22, H * 0.5), (W * 0.78, H * 0.5), (W * 0.88, H * 0.98)]
    pygame.draw.polygon(big, rim, [(x + (line if x > W / 2 else -line) * 0.6, y) for x, y in body])
    pygame.draw.polygon(big, body_colour, body)
    pygame.draw.circle(big, rim, (W / 2, H * 0.28), W * 0.3 + line * 0.7)
    pygame.draw.circle(big, PASSENGER_FACE if not seated else theme.mix(PASSENGER_FACE, (200, 190, 200), 0.4),
                       (W / 2, H * 0.28), W * 0.3)
    return pygame.transform.smoothscale(big, (w, h))


@theme.natural_size
def draw_passengers(surface: pygame.Surface, centre: Point, count: int, size: int, seated: bool = False) -> None:
    """``count`` figures standing together around ``centre``: up to five side by side in two rows, more
    as four figures and a number."""
    if count <= 0:
        return
    figure = passenger(size, seated)
    w, h = figure.get_size()
    shown = count if count <= 5 else 4
    rows = [shown] if shown <= 3 else [shown - shown // 2, shown // 2]
    top = centre[1] - (h * (0.75 * (len(rows) - 1) + 1)) / 2
    for row, in_row in enumerate(rows):
        left = centre[0] - (in_row * w * 0.8 + w * 0.2) / 2
        for index in range(in_row):
            surface.blit(figure, (round(left + index * w * 0.8), round(top + row * h * 0.75)))
    if count > shown:
        badge = pygame.Rect(0, 0, size + 6, round(size * 0.75))
        badge.midleft = (round(centre[0] + w * 0.9), round(centre[1]))
        pygame.draw.rect(surface, theme.INK, badge, border_radius=badge.height // 2)
        theme.draw_text(surface, f"{count}", badge.center, max(11, round(size * 0.6)), theme.CREAM,
                        theme.TEXT_BOLD_FONT, "center")
