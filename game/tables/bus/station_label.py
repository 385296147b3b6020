"""Where a station's name ("+1 NW") stands while passengers are shared: beside its ring, on the side
where it touches no crossing's number (in German at 150 % text, right of the NW station it ran into
crossing 28's number), inside the map.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.render.bus.basemap import label_point_of_roundabout
from game.render.bus.geometry import CityGeometry

GAP = 6  # between the ring and the words, and kept free around a crossing's number


def number_spots(geo: CityGeometry) -> list[tuple[tuple[float, float], float]]:
    """Each crossing's number as a disk (centre, radius): on its crossing, or a roundabout's on its plate."""
    spots = []
    for crossing, centre in enumerate(geo.points):
        if geo.net.specials[crossing] == "roundabout":
            spots.append((label_point_of_roundabout(geo, crossing), max(8.0, geo.crossing_radius * 0.55)))
        else:
            spots.append((centre, geo.crossing_radius))
    return spots


def touches(rect: pygame.Rect, spots: Sequence[tuple[tuple[float, float], float]]) -> bool:
    """Whether the words' box comes within ``GAP`` of a number's disk."""
    for (x, y), radius in spots:
        near_x, near_y = max(rect.left, min(x, rect.right)), max(rect.top, min(y, rect.bottom))
        if math.dist((x, y), (near_x, near_y)) < radius + GAP:
            return True
    return False


def label_rect(geo: CityGeometry, centre: tuple[float, float], ring: float, size: tuple[int, int]) -> pygame.Rect:
    """The words' box: right of the ring (where it always stood), else the nearest way round the ring
    from there, a little farther out where that is what it takes, that touches no number and stays on
    the map (in German at 150 % text the NW station's words go above its street, between crossings 27
    and 28). Where none does, right of the ring."""
    width, height = size
    spots = number_spots(geo)
    for distance in range(GAP, GAP + 60, 10):
        for turn in sorted(range(-180, 181, 15), key=abs):
            along = math.radians(turn)
            dx, dy = math.cos(along), math.sin(along)
            reach = ring + distance + abs(dx) * width / 2 + abs(dy) * height / 2
            box = pygame.Rect((0, 0), size)
            box.center = (round(centre[0] + dx * reach), round(centre[1] + dy * reach))
            if geo.rect.contains(box) and not touches(box, spots):
                return box
    box = pygame.Rect((0, 0), size)
    box.midleft = (round(centre[0] + ring + GAP), round(centre[1]))
    return box
