"""The dice of Linie 1. The 1995 special die: pips for numbers, a green H (Haltestelle) on a yellow
disc for the stop face. The three-dice trip's dice (``lights``): a signal with a red light, one or
two green lights, the same H, and a spanner for tools."""

from __future__ import annotations

from functools import cache

import pygame

from game.i18n import N_
from game.ui import theme

PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.28, 0.28), (0.72, 0.72)],
    3: [(0.28, 0.28), (0.5, 0.5), (0.72, 0.72)],
    4: [(0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)],
    5: [(0.28, 0.28), (0.72, 0.28), (0.5, 0.5), (0.28, 0.72), (0.72, 0.72)],
    6: [(0.28, 0.25), (0.72, 0.25), (0.28, 0.5), (0.72, 0.5), (0.28, 0.75), (0.72, 0.75)],
}
SUPERSAMPLE = 3


RED_LIGHT = (226, 52, 48)
GREEN_LIGHT = (60, 200, 90)
SIGNAL = (40, 40, 48)
STEEL = (120, 128, 140)
LIGHT_WORDS = {"R": N_("red light"), "1": N_("1 square"), "2": N_("2 squares"), "H": N_("to the next stop"),
               "T": N_("tools: back")}


@cache
def die_face(face: str, size: int, lights: bool = False) -> pygame.Surface:
    """One face of the die, ``size`` pixels square, anti-aliased (``lights``: a three-dice die)."""
    k = SUPERSAMPLE
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    full = size * k
    body = pygame.Rect(0, 0, full, full).inflate(-4 * k, -4 * k)
    pygame.draw.rect(big, theme.shade(theme.CREAM_DIM, 0.8), body.move(0, 2 * k), border_radius=full // 5)
    pygame.draw.rect(big, theme.CREAM, body.inflate(0, -2 * k).move(0, -k), border_radius=full // 5)
    if lights and face in ("R", "1", "2"):
        _signal(big, body, face)
    elif lights and face == "T":
        _spanner(big, body)
    elif face.isdigit() and int(face) in PIPS:
        for fx, fy in PIPS[int(face)]:
            pygame.draw.circle(big, theme.INK, (body.x + fx * body.width, body.y + fy * body.height), full * 0.085)
    else:
        centre = body.center
        pygame.draw.circle(big, (30, 130, 70), centre, full * 0.34)
        pygame.draw.circle(big, (250, 210, 40), centre, full * 0.28)
        bar_w, bar_h = full * 0.07, full * 0.3
        green = (30, 130, 70)
        for side in (-1, 1):
            pygame.draw.rect(big, green, pygame.Rect(centre[0] + side * full * 0.1 - bar_w / 2, centre[1] - bar_h / 2,
                                                     bar_w, bar_h))
        pygame.draw.rect(big, green, pygame.Rect(centre[0] - full * 0.1, centre[1] - bar_w / 2, full * 0.2, bar_w))
    return pygame.transform.smoothscale(big, (size, size))


def _signal(big: pygame.Surface, body: pygame.Rect, face: str) -> None:
    """A tram signal: a dark housing with the red light, or one or two green lights, lit."""
    lit = {"R": [RED_LIGHT], "1": [GREEN_LIGHT], "2": [GREEN_LIGHT, GREEN_LIGHT]}[face]
    width, height = body.width * 0.42, body.height * 0.74
    housing = pygame.Rect(0, 0, width, height)
    housing.center = body.center
    pygame.draw.rect(big, SIGNAL, housing, border_radius=int(width * 0.3))
    radius = width * 0.3
    spots = [housing.centery - height * 0.24, housing.centery + height * 0.24]
    if len(lit) == 1:
        spots = [housing.centery - height * 0.24 if face == "R" else housing.centery + height * 0.24]
    for y in (housing.centery - height * 0.24, housing.centery + height * 0.24):
        pygame.draw.circle(big, theme.shade(SIGNAL, 1.6), (housing.centerx, y), radius)
    for colour, y in zip(lit, spots, strict=True):
        pygame.draw.circle(big, colour, (housing.centerx, y), radius)
        pygame.draw.circle(big, theme.CREAM, (housing.centerx - radius * 0.3, y - radius * 0.3), radius * 0.22)


def _spanner(big: pygame.Surface, body: pygame.Rect) -> None:
    """Tools: a spanner laid across the face."""
    x, y, w = body.x, body.y, body.width
    a, b = (x + w * 0.3, y + w * 0.7), (x + w * 0.66, y + w * 0.34)
    pygame.draw.line(big, STEEL, a, b, int(w * 0.13))
    pygame.draw.circle(big, STEEL, a, w * 0.1)
    pygame.draw.circle(big, STEEL, b, w * 0.17)
    pygame.draw.circle(big, theme.CREAM, (b[0] + w * 0.07, b[1] - w * 0.07), w * 0.09)  # the jaw's mouth
    pygame.draw.circle(big, theme.shade(STEEL, 0.6), a, w * 0.04)


def draw_die(surface: pygame.Surface, centre: tuple[float, float], size: int, face: str, angle: float = 0.0,
             scale: float = 1.0, lights: bool = False) -> None:
    image = die_face(face, size, lights)
    if angle or scale != 1.0:
        image = pygame.transform.rotozoom(image, angle, scale)
    surface.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))


def meaning_room(spots: list[tuple[float, float]]) -> int:
    """How wide a die's meaning may be: its pill stops short of the next die's, at any text size."""
    xs = sorted(x for x, _y in spots)
    gaps = [b - a for a, b in zip(xs, xs[1:], strict=False)]
    return round(min(gaps)) - 28 if gaps else 400


MEANING_SIZE = 20  # a die's meaning, at its largest (design size)
MEANING_MIN = 11  # below this a meaning takes a third line instead of shrinking further


def meaning_fit(text: str, room: int) -> int:
    """The largest size at which ``text`` lies in two lines of whole words within ``room`` (at least
    ``MEANING_MIN``, where it may take three)."""
    size = MEANING_SIZE
    while size > MEANING_MIN and not _whole_in_two(text, size, room):
        size -= 1
    return size


def meaning_size(texts: list[str], room: int) -> int:
    """One size for every meaning of a roll, so the dice read alike ("2 squares" no bigger than
    "to the next stop" beside it)."""
    return min((meaning_fit(text, room) for text in texts if text), default=MEANING_SIZE)


def _whole_in_two(text: str, size: int, room: int) -> bool:
    lines = theme.wrap(text, size, room, theme.TEXT_BOLD_FONT)
    return len(lines) <= 2 and " ".join(lines) == " ".join(text.split())


def draw_meaning(surface: pygame.Surface, text: str, spot: tuple[float, float], die_size: int, room: int,
                 edge: theme.Colour | None, edge_width: int, size: int | None = None) -> None:
    """A die's meaning ("2 squares", "to the next stop") in a pill under it, no wider than ``room``: in
    one line or two, shrunk only when two lines of whole words do not fit (to ``size`` when the roll
    shares one); never a word left out."""
    face = theme.TEXT_BOLD_FONT
    size = meaning_fit(text, room) if size is None else size
    lines = theme.wrap(text, size, room, face)
    step = theme.line_height(size, face)
    labels = [theme.render_text(line, size, theme.CREAM, face) for line in lines] or [
        theme.render_text("", size, theme.CREAM, face)]
    width = max(label.get_width() for label in labels)
    pill = pygame.Rect(0, 0, width, step * len(labels)).inflate(16, 8)
    pill.midtop = (round(spot[0]), round(spot[1] + die_size * 0.66))
    theme.panel(surface, pill, theme.NIGHT_2, min(pill.height // 2, 18), edge, edge_width)
    for index, label in enumerate(labels):
        surface.blit(label, label.get_rect(midtop=(pill.centerx, pill.y + 4 + index * step)))
