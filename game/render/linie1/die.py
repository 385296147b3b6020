"""The special die of Linie 1: pips for numbers, a green H (Haltestelle) on a yellow disc for the stop face."""

from __future__ import annotations

from functools import cache

import pygame

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


@cache
def die_face(face: str, size: int) -> pygame.Surface:
    """One face of the die, ``size`` pixels square, anti-aliased."""
    k = SUPERSAMPLE
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    full = size * k
    body = pygame.Rect(0, 0, full, full).inflate(-4 * k, -4 * k)
    pygame.draw.rect(big, theme.shade(theme.CREAM_DIM, 0.8), body.move(0, 2 * k), border_radius=full // 5)
    pygame.draw.rect(big, theme.CREAM, body.inflate(0, -2 * k).move(0, -k), border_radius=full // 5)
    if face.isdigit() and int(face) in PIPS:
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


def draw_die(surface: pygame.Surface, centre: tuple[float, float], size: int, face: str, angle: float = 0.0,
             scale: float = 1.0) -> None:
    image = die_face(face, size)
    if angle or scale != 1.0:
        image = pygame.transform.rotozoom(image, angle, scale)
    surface.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))
