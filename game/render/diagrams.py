"""Rules diagrams: small positions built with a game's core and drawn with its own art.

A rules text names a diagram with a directive line, ``[diagram linie1.rule_b]``, and the words
under it are its caption (the caption stays in the text, so each language carries its own). Each
game keeps its diagrams in ``game/render/<game>/diagrams.py`` as ``DIAGRAMS`` (pictures) and
``KEYS`` (legend markers). A diagram is a row of panels; each panel makes a claim about its
position ("allowed", "refused with code X", "scores N") and can ``measure`` the same thing with
the core, so a test proves that no picture tells the player something the game would not do.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

import pygame

from game.ui import theme

OK, REFUSED = "ok", "refused"
PANEL_GAP = 28
FRAME = 5
Paint = Callable[[int, int], pygame.Surface]  # (width, height) -> picture of exactly that size


@dataclass(frozen=True)
class Panel:
    """One picture of a diagram.

    ``claim`` is what the caption promises; ``measure`` asks the core for the same fact in the same
    words. ``verdict`` (OK, REFUSED or None) puts a tick or cross badge and a coloured frame on it.
    ``aspect`` is width / height; ``paint`` draws the picture at a given size.
    """

    claim: str
    measure: Callable[[], str]
    paint: Paint
    aspect: float = 1.0
    verdict: str | None = None


@dataclass(frozen=True)
class Diagram:
    """A row of panels and the words its English caption must contain (e.g. "rule b", "12 points")."""

    panels: tuple[Panel, ...]
    mentions: tuple[str, ...] = field(default_factory=tuple)


def game_module(game: str):  # type: ignore[no-untyped-def]
    return importlib.import_module(f"game.render.{game}.diagrams")


def find(name: str) -> Diagram | None:
    """The diagram ``<game>.<name>``, or None when the game or diagram does not exist."""
    game, _, short = name.partition(".")
    try:
        module = game_module(game)
    except ImportError:
        return None
    return module.DIAGRAMS.get(short)


def find_key(name: str) -> Callable[[int], pygame.Surface] | None:
    """The legend marker ``ok``, ``refused`` or ``<game>.<name>``: ``paint(size)`` draws it."""
    if name in COMMON_KEYS:
        return COMMON_KEYS[name]
    game, _, short = name.partition(".")
    try:
        module = game_module(game)
    except ImportError:
        return None
    return module.KEYS.get(short)


def height_for(diagram: Diagram, width: int, max_height: int) -> int:
    """The tallest the row of panels can be at ``width`` without passing ``max_height``."""
    room = width - PANEL_GAP * (len(diagram.panels) - 1)
    total_aspect = sum(panel.aspect for panel in diagram.panels)
    return max(40, min(max_height, int(room / total_aspect)))


@cache
def picture(name: str, width: int, height: int) -> pygame.Surface:
    """The diagram drawn ``height`` tall, its panels centred in ``width``. Cached: the core and
    the art are asked once per diagram and size."""
    diagram = find(name)
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    if diagram is None:
        return surface
    sizes = [(max(20, int(panel.aspect * height)), height) for panel in diagram.panels]
    total = sum(w for w, _ in sizes) + PANEL_GAP * (len(sizes) - 1)
    x = max(0, (width - total) // 2)
    for panel, (w, h) in zip(diagram.panels, sizes, strict=True):
        inner = pygame.Rect(x + FRAME, FRAME, w - 2 * FRAME, h - 2 * FRAME)
        colour = {OK: theme.MINT, REFUSED: theme.CORAL}.get(panel.verdict or "", theme.PLUM_LIGHT)
        pygame.draw.rect(surface, colour, pygame.Rect(x, 0, w, h), border_radius=10)
        surface.blit(panel.paint(inner.width, inner.height), inner)
        if panel.verdict:
            size = max(24, min(56, h // 5))
            badge = badge_image(panel.verdict, size)
            surface.blit(badge, badge.get_rect(topright=(x + w - FRAME - 4, FRAME + 4)))
        x += w + PANEL_GAP
    return surface


@cache
def badge_image(verdict: str, size: int) -> pygame.Surface:
    """A round badge: a tick on mint for allowed, a cross on coral for refused (no glyph needed)."""
    k = 3
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    r = size * k / 2
    ok = verdict == OK
    pygame.draw.circle(big, theme.SHADOW, (r, r), r)
    pygame.draw.circle(big, theme.MINT_DARK if ok else theme.CORAL_DARK, (r, r), r * 0.9)
    width = max(3, int(r * 0.22))
    if ok:
        points = [(r * 0.52, r * 1.02), (r * 0.86, r * 1.36), (r * 1.5, r * 0.66)]
        pygame.draw.lines(big, theme.CREAM, False, points, width)
        for p in points:
            pygame.draw.circle(big, theme.CREAM, p, width / 2)
    else:
        for a, b in (((r * 0.6, r * 0.6), (r * 1.4, r * 1.4)), ((r * 1.4, r * 0.6), (r * 0.6, r * 1.4))):
            pygame.draw.line(big, theme.CREAM, a, b, width)
            for p in (a, b):
                pygame.draw.circle(big, theme.CREAM, p, width / 2)
    return pygame.transform.smoothscale(big, (size, size))


def fit(image: pygame.Surface, width: int, height: int, background: theme.Colour = theme.NIGHT) -> pygame.Surface:
    """``image`` scaled to fit ``width`` x ``height`` without distortion, centred on ``background``."""
    out = pygame.Surface((width, height), pygame.SRCALPHA)
    out.fill(background)
    scale = min(width / image.get_width(), height / image.get_height())
    size = (max(1, int(image.get_width() * scale)), max(1, int(image.get_height() * scale)))
    scaled = pygame.transform.smoothscale(image, size)
    out.blit(scaled, scaled.get_rect(center=(width // 2, height // 2)))
    return out


def outline(surface: pygame.Surface, rect: pygame.Rect, verdict: str | None, width: int = 4) -> None:
    """The frame around the piece a panel is about: mint when allowed, coral when refused."""
    colour = {OK: theme.MINT, REFUSED: theme.CORAL}.get(verdict or "", theme.SUNFLOWER)
    pygame.draw.rect(surface, theme.SHADOW, rect.inflate(width * 2, width * 2), width=width, border_radius=6)
    pygame.draw.rect(surface, colour, rect.inflate(width, width), width=width, border_radius=6)


@theme.natural_size
def marker(surface: pygame.Surface, centre: tuple[float, float], text: str, size: int,
           colour: theme.Colour = theme.SUNFLOWER) -> None:
    """A round letter or number tag on a picture (A, B, X, 3…): labels, never words."""
    pygame.draw.circle(surface, theme.SHADOW, centre, size * 0.62)
    pygame.draw.circle(surface, colour, centre, size * 0.55)
    theme.draw_text(surface, text, (int(centre[0]), int(centre[1]) + 1), int(size * 0.7), theme.INK,
                    theme.DISPLAY_FONT, "center")


def _badge_key(verdict: str) -> Callable[[int], pygame.Surface]:
    return lambda size: badge_image(verdict, size)


COMMON_KEYS: dict[str, Callable[[int], pygame.Surface]] = {OK: _badge_key(OK), REFUSED: _badge_key(REFUSED)}
