"""Bus's clock: a dial of three sectors (house, office, pub, clockwise) with its hand, and the glass
time stones still lying on it.

``hand`` is a position on the dial in sectors (0 house, 1 office, 2 pub, 3 house again): a table
turning the hand tweens it, so the hand sweeps round instead of jumping.
"""

from __future__ import annotations

import math
from functools import cache

import pygame

from game.render.bus.buildings import KINDS, building, kind_colour
from game.ui import theme

Point = tuple[float, float]
SUPERSAMPLE = 3
GLASS = (150, 206, 236)
FACE = (252, 246, 232)


def sector_angle(position: float) -> float:
    """The screen angle (radians, clockwise from east) of the middle of sector ``position``; house at
    the top."""
    return math.radians(-90 + 120 * position)


@cache
def dial(radius: int, wanted: int | None = None) -> pygame.Surface:
    """The clock's face: three coloured sectors, each with its building; ``wanted`` (0-2) stands out."""
    k = SUPERSAMPLE
    size = 2 * radius + 8
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    centre = (size * k / 2, size * k / 2)
    r = radius * k
    pygame.draw.circle(big, (*theme.SHADOW, 90), (centre[0] + 2 * k, centre[1] + 4 * k), r)
    pygame.draw.circle(big, theme.shade(FACE, 0.55), centre, r)
    for index, kind in enumerate(KINDS):
        middle = sector_angle(index)
        lit = wanted is None or wanted == index
        colour = theme.mix(kind_colour(kind), FACE, 0.55 if lit else 0.82)
        points = [centre] + [(centre[0] + math.cos(middle + math.radians(a)) * (r - 4 * k),
                              centre[1] + math.sin(middle + math.radians(a)) * (r - 4 * k))
                             for a in range(-58, 59, 4)]
        pygame.draw.polygon(big, colour, points)
    for index in range(3):
        edge = sector_angle(index) + math.radians(60)
        pygame.draw.line(big, theme.shade(FACE, 0.55), centre,
                         (centre[0] + math.cos(edge) * r, centre[1] + math.sin(edge) * r), 2 * k)
    picture = pygame.transform.smoothscale(big, (size, size))
    icon_size = max(12, round(radius * 0.52))
    for index, kind in enumerate(KINDS):
        middle = sector_angle(index)
        at = (size / 2 + math.cos(middle) * radius * 0.58, size / 2 + math.sin(middle) * radius * 0.58)
        icon = building(kind, icon_size, dim=wanted is not None and wanted != index)
        picture.blit(icon, icon.get_rect(center=(round(at[0]), round(at[1]))))
    return picture


def draw_clock(surface: pygame.Surface, centre: Point, radius: int, hand: float, highlight: bool = True) -> None:
    """The dial with its hand at ``hand`` (sectors; fractional while it turns)."""
    wanted = round(hand) % 3 if highlight and abs(hand - round(hand)) < 0.05 else None
    face = dial(radius, wanted)
    surface.blit(face, face.get_rect(center=(round(centre[0]), round(centre[1]))))
    angle = sector_angle(hand)
    tip = (centre[0] + math.cos(angle) * radius * 0.86, centre[1] + math.sin(angle) * radius * 0.86)
    tail = (centre[0] - math.cos(angle) * radius * 0.16, centre[1] - math.sin(angle) * radius * 0.16)
    side = angle + math.pi / 2
    w = max(3.0, radius * 0.07)
    body = [(tail[0] + math.cos(side) * w, tail[1] + math.sin(side) * w), tip,
            (tail[0] - math.cos(side) * w, tail[1] - math.sin(side) * w)]
    pygame.draw.polygon(surface, theme.SHADOW, [(x + 2, y + 3) for x, y in body])
    pygame.draw.polygon(surface, theme.INK, body)
    pygame.draw.circle(surface, theme.INK, (round(centre[0]), round(centre[1])), round(w * 1.5))
    pygame.draw.circle(surface, theme.SUNFLOWER, (round(centre[0]), round(centre[1])), round(w * 0.7))


@cache
def stone(size: int, taken: bool = False) -> pygame.Surface:
    """A glass time stone; ``taken`` leaves only its print on the clock."""
    k = SUPERSAMPLE
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    centre = (size * k / 2, size * k / 2)
    r = size * k / 2 - k
    if taken:
        pygame.draw.circle(big, (*theme.shade(FACE, 0.6), 255), centre, r, max(1, 2 * k))
    else:
        pygame.draw.circle(big, (*theme.SHADOW, 90), (centre[0] + k, centre[1] + 2 * k), r)
        pygame.draw.circle(big, theme.shade(GLASS, 0.6), centre, r)
        pygame.draw.circle(big, GLASS, centre, r * 0.8)
        pygame.draw.circle(big, (236, 248, 255), (centre[0] - r * 0.3, centre[1] - r * 0.3), r * 0.28)
    return pygame.transform.smoothscale(big, (size, size))


def stone_points(centre: Point, radius: int, total: int, size: int) -> list[Point]:
    """Where the time stones lie: in a row under the dial."""
    step = size + 6
    left = centre[0] - (total - 1) * step / 2
    return [(left + index * step, centre[1] + radius + size * 0.5 + 10) for index in range(total)]


def draw_stones(surface: pygame.Surface, centre: Point, radius: int, left: int, total: int, size: int) -> None:
    """The stones still on the clock, and the prints of those taken (the last ones taken first)."""
    for index, point in enumerate(stone_points(centre, radius, total, size)):
        picture = stone(size, taken=index >= left)
        surface.blit(picture, picture.get_rect(center=(round(point[0]), round(point[1]))))
