"""The city of Bus as a street map, drawn procedurally from the core's board.

Three cached layers: the *base* (``basemap``: paper, Central Park, roads, crossings, the free lots
by zone, the two stations) is drawn once; the *lines layer* (every line's markers, lying side by
side where lines share a street, with the heads and closed circles) is redrawn only when a line
changes, from one sprite per street kept until that street changes; the *town layer* (the buildings
on their lots) only when a building rises. The people are drawn each frame (few, and they move), as
are moving things (flying markers, rising buildings, buses, hover previews), by the table scene.
Where everything lies is ``geometry``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

import pygame

from game.core.bus.network import Board
from game.i18n import language
from game.render.bus.basemap import SUPERSAMPLE, Colour, paint_base
from game.render.bus.buildings import building, draw_passengers, passenger_width
from game.render.bus.geometry import PAPER_INSET, PAPER_RIM, CityGeometry, Point
from game.render.bus.pieces import action_marker, head_token, paint_marker, paint_pill
from game.ui import theme

Sprite = tuple[pygame.Surface, tuple[float, float]]  # a picture and where it goes on the map layer
StreetSprites = tuple[Sprite, Sprite]  # shadows, markers


@cache
def city_map(x: int, y: int, width: int, height: int) -> CityMap:
    """One map per place on the screen, shared by every table so its layers are drawn once."""
    return CityMap(pygame.Rect(x, y, width, height))


class CityMap(CityGeometry):
    """The map's geometry with its two cached layers and the street highlights."""

    def __init__(self, rect: pygame.Rect, net: Board | None = None) -> None:
        super().__init__(rect, net)
        self._lines_key: object = None
        self._lines_layer: pygame.Surface | None = None
        self._sprites: dict[tuple[int, tuple[int, ...], tuple[Colour, ...]], StreetSprites] = {}
        self._town_key: object = None
        self._town_layer: pygame.Surface | None = None
        self._glows: dict[tuple[int, Colour, float], pygame.Surface] = {}  # turned glow bands, per street
        self._base: tuple[str, pygame.Surface] | None = None  # the empty map, in the language of its legend

    @property
    def base(self) -> pygame.Surface:
        """Paper, park, roads, crossings, lots, stations and the legend: drawn once per language (the
        legend's words; painted once for the process, it stayed English after Settings → Deutsch)."""
        if self._base is None or self._base[0] != language():
            self._base = (language(), paint_base(self))
        return self._base[1]

    # -- the lines layer ----------------------------------------------------------------------------
    def lines_layer(self, paths: Sequence[Sequence[int]], colours: Sequence[Colour],
                    closed_at: Sequence[int | None], initials: Sequence[str] = ()) -> pygame.Surface:
        """Every line's markers, its heads (with the owner's initial), and the action marker where a
        circle closed."""
        key = (tuple(tuple(path) for path in paths), tuple(colours), tuple(closed_at), tuple(initials))
        if key == self._lines_key and self._lines_layer is not None:
            return self._lines_layer
        streets = [self.path_streets(path) for path in paths]
        lanes = self.lanes(streets)
        order = sorted(lanes, key=lambda street: street in self.bridges)
        layer = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        sprites = [self._street_sprites(street, tuple(lanes[street]), tuple(colours[seat] for seat in lanes[street]))
                   for street in order]
        for index in (0, 1):  # every shadow first, then the markers over them
            for pair in sprites:
                sprite, at = pair[index]
                layer.blit(sprite, at)
        size = max(22, int(self.unit * 0.28)) if initials else max(14, int(self.unit * 0.2))
        rings = self.head_rings(paths, streets, lanes, size, [closed is not None for closed in closed_at])
        for seat, points in enumerate(rings):
            initial = initials[seat] if seat < len(initials) else ""
            self._draw_heads(layer, points, colours[seat], closed_at[seat], size, initial)
        self._lines_key, self._lines_layer = key, layer
        return layer

    def _street_sprites(self, street: int, seats: tuple[int, ...], colours: tuple[Colour, ...]
                        ) -> StreetSprites:
        """The shadows and the markers of one street's lanes, each painted supersampled once and kept:
        a street built changes one street's sprites, not the whole map's layer."""
        key = (street, seats, colours)
        cached = self._sprites.get(key)
        if cached is not None:
            return cached
        k = SUPERSAMPLE
        thickness = self.lane_thickness(len(seats))
        ends = [self.marker_ends(street, lane, len(seats)) for lane in range(len(seats))]
        pad = thickness + 6
        xs = [p[0] for pair in ends for p in pair]
        ys = [p[1] for pair in ends for p in pair]
        box = pygame.Rect(math.floor(min(xs) - pad), math.floor(min(ys) - pad), 0, 0)
        box.width, box.height = math.ceil(max(xs) + pad) - box.x, math.ceil(max(ys) + pad) - box.y
        at = (box.x - self.rect.x, box.y - self.rect.y)
        pictures = []
        for paint in ("shadow", "marker"):
            big = pygame.Surface((box.width * k, box.height * k), pygame.SRCALPHA)
            for (a, b), colour in zip(ends, colours, strict=True):
                la, lb = ((a[0] - box.x) * k, (a[1] - box.y) * k), ((b[0] - box.x) * k, (b[1] - box.y) * k)
                if paint == "shadow":
                    paint_marker_shadow(big, la, lb, thickness * k, (*theme.SHADOW, 70), k)
                else:
                    paint_marker(big, la, lb, colour, thickness * k)
            pictures.append((pygame.transform.smoothscale(big, box.size), at))
        sprites = (pictures[0], pictures[1])
        if len(self._sprites) > 2048:
            self._sprites.clear()
        self._sprites[key] = sprites
        return sprites

    def _draw_heads(self, layer: pygame.Surface, points: Sequence[Point], colour: Colour, closed: int | None,
                    size: int, initial: str = "") -> None:
        """A line's head rings at ``points`` (``head_rings``), or the action marker where its circle closed:
        with the owner's initial too, as every ring, marker and disk of the table, so the circle's two
        ends tell whose they are without colour."""
        if closed is not None:
            token = action_marker(colour, int(self.crossing_radius * 1.7), initial)
            centre = self.points[closed]
            layer.blit(token, token.get_rect(center=(round(centre[0] - self.rect.x), round(centre[1] - self.rect.y))))
            return
        for point in points:
            token = head_token(colour, size, initial)
            layer.blit(token, token.get_rect(center=(round(point[0] - self.rect.x), round(point[1] - self.rect.y))))

    # -- the town: buildings on their lots, passengers at crossings and in buildings -------------------
    def town_layer(self, buildings: dict[tuple[int, int], str], hidden: frozenset[tuple[int, int]] = frozenset()
                   ) -> pygame.Surface:
        """Every building standing on its lot (``hidden`` ones are still rising: the table draws them)."""
        key = (tuple(sorted(buildings.items())), hidden)
        if key == self._town_key and self._town_layer is not None:
            return self._town_layer
        layer = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        size = self.building_size
        for (crossing, index), kind in sorted(buildings.items(), key=lambda item: self.lot_point(*item[0])[1]):
            if (crossing, index) in hidden:
                continue
            x, y = self.lot_point(crossing, index)
            picture = building(kind, size)
            layer.blit(picture, picture.get_rect(center=(round(x - self.rect.x), round(y - self.rect.y))))
        self._town_key, self._town_layer = key, layer
        return layer

    def waiting_point(self, crossing: int) -> Point:
        """Where the passengers waiting at ``crossing`` stand: on it, or before a station's hall."""
        if self.net.specials[crossing] == "station" and self.lot_spots[crossing]:
            x, y = self.lot_spots[crossing][0]
            return x, y + self.building_size * 0.75
        return self.points[crossing]

    def seated_point(self, crossing: int, index: int) -> Point:
        """Where a content passenger sits: at the foot of its building, on its right -- or on its left
        where the right would run over the paper's edge (the lot beside crossing 9, at the map's east
        rim, had its passenger cut in half by the frame)."""
        x, y = self.lot_point(crossing, index)
        aside = self.building_size * 0.42
        edge = self.rect.right - PAPER_INSET - PAPER_RIM - 4
        if x + aside + passenger_width(self.seated_size()) / 2 > edge:
            aside = -aside
        return x + aside, y + self.building_size * 0.2

    def passenger_size(self) -> int:
        return max(14, round(self.unit * 0.26))

    def seated_size(self) -> int:
        """A content passenger sits a little smaller than one waiting for a bus."""
        return round(self.passenger_size() * 0.8)

    def draw_people(self, surface: pygame.Surface, waiting: Sequence[int], seated: Sequence[tuple[int, int]]) -> None:
        """``waiting[crossing]`` figures standing at each crossing; one sitting at each ``seated`` lot."""
        size = self.passenger_size()
        for lot in seated:
            draw_passengers(surface, self.seated_point(*lot), 1, self.seated_size(), seated=True)
        for crossing, count in enumerate(waiting):
            if count > 0:
                draw_passengers(surface, self.waiting_point(crossing), count, size)

    # -- highlights, drawn each frame ----------------------------------------------------------------
    def draw_street_glow(self, surface: pygame.Surface, street: int, colour: Colour, strength: float,
                         width_factor: float = 1.0) -> None:
        """A translucent band over a road: legal targets pulse, the hovered one glows brightest."""
        key = (street, colour, width_factor)
        glow = self._glows.get(key)
        if glow is None:
            a, b = self.street_ends(street)
            dx, dy = b[0] - a[0], b[1] - a[1]
            length = math.hypot(dx, dy) - 1.8 * self.crossing_radius
            sprite = _glow_sprite(colour, round(length), round(self.road_width * 1.5 * width_factor))
            glow = self._glows[key] = pygame.transform.rotate(sprite, math.degrees(math.atan2(-dy, dx)))
        glow.set_alpha(max(0, min(255, int(255 * strength))))
        middle = self.street_middle(street)
        surface.blit(glow, glow.get_rect(center=(round(middle[0]), round(middle[1]))))


def paint_marker_shadow(surface: pygame.Surface, a: Point, b: Point, thickness: float,
                        colour: tuple[int, int, int, int], k: int) -> None:
    offset = 2 * k
    paint_pill(surface, (a[0] + offset * 0.5, a[1] + offset), (b[0] + offset * 0.5, b[1] + offset), thickness,
               colour)  # type: ignore[arg-type]


def _glow_sprite(colour: Colour, length: int, width: int) -> pygame.Surface:
    """A soft band, brightest along its middle, lying east-west."""
    sprite = pygame.Surface((max(1, length + width), max(1, width)), pygame.SRCALPHA)
    steps = 6
    for step in range(steps):
        inset = step * width / (2 * steps)
        rect = pygame.Rect(0, 0, length + width - 2 * inset, width - 2 * inset).move(inset, inset)
        alpha = int(30 + 140 * (step + 1) / steps)
        pygame.draw.rect(sprite, (*colour, alpha), rect, border_radius=int(rect.height / 2))
    return sprite
