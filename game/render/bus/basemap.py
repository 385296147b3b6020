"""The static base of the Bus street map: paper, Central Park, roads and bridges, crossings, the free
building lots as dashed plots marked with their zone (buildings rise on them), the two stations and
the legend. Painted once per map (twice as large, then smooth-scaled down, so roads stay crisp) from
the map's geometry. The clock stands in the widest empty stretch of paper, drawn by the table.
"""

from __future__ import annotations

import math
import random

import pygame

from game.i18n import _
from game.render.bus.buildings import KIND_NAMES, KINDS, building, empty_lot
from game.render.bus.geometry import LOT, PAPER_INSET, PAPER_RIM, CityGeometry, Point, lerp
from game.ui import theme

Colour = tuple[int, int, int]
SUPERSAMPLE = 2
PAPER = (240, 230, 209)
PAPER_DARK = (226, 213, 189)
ROAD_FILL = (253, 250, 244)
ROAD_CASING = (150, 134, 118)
PARK = (128, 178, 112)
PARK_DARK = (92, 142, 86)
LEAF = (84, 146, 82)
LEAF_LIGHT = (124, 186, 108)
WATER = (126, 178, 206)
NUMBER = (150, 134, 118)
ZONE_COLOURS: dict[int, Colour] = {
    1: (182, 66, 60),  # the city centre
    2: (210, 118, 66),
    3: (200, 160, 70),
    4: (112, 148, 108),  # the outskirts
}
STATION = (76, 70, 96)


def paint_base(geo: CityGeometry) -> pygame.Surface:
    """The base layer of the map ``geo`` describes."""
    return BasePainter(geo).paint()


class BasePainter:
    """Paints one map's base layer from its geometry."""

    def __init__(self, geo: CityGeometry) -> None:
        self.geo = geo

    def paint(self) -> pygame.Surface:
        """Paper, park, roads, crossings, lots, stations and the legend."""
        k = SUPERSAMPLE
        big = pygame.Surface((self.geo.rect.width * k, self.geo.rect.height * k), pygame.SRCALPHA)
        self._paint_paper(big, k)
        self._paint_park(big, k)
        self._paint_paths(big, k)
        self._paint_roads(big, k)
        self._paint_stations(big, k)
        layer = pygame.transform.smoothscale(big, self.geo.rect.size)
        self._paint_plots(layer)
        self._label_crossings(layer)
        self._legend(layer)
        return layer

    def _local(self, point: Point, k: int) -> Point:
        return ((point[0] - self.geo.rect.x) * k, (point[1] - self.geo.rect.y) * k)

    def _paint_paper(self, big: pygame.Surface, k: int) -> None:
        frame = big.get_rect()
        pygame.draw.rect(big, theme.shade(theme.PLUM_LIGHT, 0.8), frame, border_radius=30 * k)
        paper = frame.inflate(-2 * PAPER_INSET * k, -2 * PAPER_INSET * k)
        pygame.draw.rect(big, PAPER, paper, border_radius=22 * k)
        rng = random.Random(7)  # a fixed paper grain: the same map every run
        for _grain in range(900):
            x = rng.uniform(paper.left + 12 * k, paper.right - 12 * k)
            y = rng.uniform(paper.top + 12 * k, paper.bottom - 12 * k)
            pygame.draw.circle(big, PAPER_DARK, (x, y), rng.uniform(0.6, 1.8) * k)
        pygame.draw.rect(big, theme.shade(PAPER_DARK, 0.9), paper, width=PAPER_RIM * k, border_radius=22 * k)

    @theme.natural_size
    def _paint_park(self, big: pygame.Surface, k: int) -> None:
        if len(self.geo.park) < 3:
            return
        centre = self._local(self.geo.park_centre(), k)
        corners = [self._local(self.geo.points[c], k) for c in self.geo.park]
        pygame.draw.polygon(big, PARK, corners)
        inner = [(centre[0] + (x - centre[0]) * 0.78, centre[1] + (y - centre[1]) * 0.78) for x, y in corners]
        pygame.draw.polygon(big, PARK_DARK, inner, width=2 * k)
        pond = pygame.Rect(0, 0, self.geo.unit * 0.55 * k, self.geo.unit * 0.32 * k)
        pond.center = (centre[0] + self.geo.unit * 0.12 * k, centre[1] + self.geo.unit * 0.14 * k)
        pygame.draw.ellipse(big, theme.shade(WATER, 0.8), pond.inflate(4 * k, 4 * k))
        pygame.draw.ellipse(big, WATER, pond)
        rng = random.Random(3)
        spread = self.geo.unit * 0.5 * k
        for _attempt in range(16):
            x, y = centre[0] + rng.uniform(-spread, spread), centre[1] + rng.uniform(-spread, spread)
            in_pond = pond.inflate(16 * k, 16 * k).collidepoint(x, y)
            if abs(x - centre[0]) + abs(y - centre[1]) > spread * 0.95 or in_pond:
                continue
            _tree(big, (x, y), rng.uniform(0.07, 0.1) * self.geo.unit * k)
        label = theme.render_text("Central Park", int(0.14 * self.geo.unit * k), theme.shade(PARK_DARK, 0.6),
                                  theme.TEXT_BOLD_FONT)
        big.blit(label, label.get_rect(center=(centre[0], centre[1] - self.geo.unit * 0.3 * k)))

    def _paint_roads(self, big: pygame.Surface, k: int) -> None:
        casing = (self.geo.road_width + 6) * k
        fill = self.geo.road_width * k
        flat = [s for s in range(self.geo.net.streets) if s not in self.geo.bridges]
        for width, colour in ((casing, ROAD_CASING), (fill, ROAD_FILL)):
            for street in flat:
                a, b = self.geo.street_ends(street)
                _road(big, self._local(a, k), self._local(b, k), width, colour)
            for centre in self.geo.points:
                radius = self.geo.crossing_radius * k + (width - fill) / 2
                pygame.draw.circle(big, colour, self._local(centre, k), radius)
        for street in sorted(self.geo.bridges):
            a, b = (self._local(p, k) for p in self.geo.street_ends(street))
            middle = self.geo.bridge_middle(street)
            half = self.geo.road_width * 1.9 / math.dist(*self.geo.street_ends(street))
            span = (lerp(a, b, middle - half), lerp(a, b, middle + half))
            shadow = [(x + 3 * k, y + 5 * k) for x, y in span]
            _road(big, *shadow, casing + 6 * k, theme.shade(PAPER_DARK, 0.8))
            _road(big, a, b, fill, ROAD_FILL)
            _road(big, *span, casing + 6 * k, ROAD_CASING)
            for neighbour in self._beside(street, flat):  # its railing never cuts across a street beside it
                _road(big, *(self._local(p, k) for p in self.geo.street_ends(neighbour)), fill, ROAD_FILL)
            _road(big, *span, fill, ROAD_FILL)
        for crossing, centre in enumerate(self.geo.points):
            point = self._local(centre, k)
            radius = self.geo.crossing_radius * k
            if self.geo.net.specials[crossing] == "roundabout":
                pygame.draw.circle(big, ROAD_CASING, point, radius * 0.5)
                pygame.draw.circle(big, PARK, point, radius * 0.5 - 2 * k)
                _tree(big, point, radius * 0.25)
            else:
                pygame.draw.circle(big, PAPER_DARK, point, radius * 0.62, width=k)

    def _beside(self, bridge: int, flat: list[int]) -> list[int]:
        """The flat streets leaving a crossing of ``bridge``: one nearly parallel to it (32-34 beside
        32-35) runs under the bridge's railing, which must not cross it like a barrier."""
        ends = set(self.geo.net.ends[bridge])
        return [street for street in flat if ends & set(self.geo.net.ends[street])]

    def _paint_paths(self, big: pygame.Surface, k: int) -> None:
        """Footpaths from every lot to its crossing, drawn under the roads: whose lot is whose."""
        for crossing, spots in enumerate(self.geo.lot_spots):
            centre = self._local(self.geo.points[crossing], k)
            for spot in spots:
                _road(big, centre, self._local(spot, k), 5 * k, PAPER_DARK)
                _road(big, centre, self._local(spot, k), 2 * k, theme.shade(PAPER_DARK, 0.85))

    def _paint_stations(self, big: pygame.Surface, k: int) -> None:
        size = LOT * self.geo.unit * k
        for crossing, spots in enumerate(self.geo.lot_spots):
            if self.geo.net.specials[crossing] == "station":
                for spot in spots:
                    _station(big, self._local(spot, k), size * 1.35, k)

    def _paint_plots(self, layer: pygame.Surface) -> None:
        """Every free lot as a dashed plot in its zone's colour with the zone's number."""
        size = self.geo.building_size
        for crossing, spots in enumerate(self.geo.lot_spots):
            for zone, spot in zip(self.geo.zones(crossing), spots, strict=False):
                plot = empty_lot(size, ZONE_COLOURS.get(zone, theme.CREAM_DIM), str(zone))
                local = (round(spot[0] - self.geo.rect.x), round(spot[1] - self.geo.rect.y))
                layer.blit(plot, plot.get_rect(center=local))

    @theme.natural_size
    def _legend(self, layer: pygame.Surface) -> None:
        """The zones (filled in order, centre first) and the three kinds of building."""
        y = self.geo.rect.height - 46
        x = 30
        theme.draw_text(layer, _("Lots fill by zone"), (x, y), 19, theme.INK, theme.TEXT_BOLD_FONT, "midleft")
        x += 150
        size = 30
        for zone, colour in ZONE_COLOURS.items():
            plot = empty_lot(size, colour, str(zone))
            layer.blit(plot, plot.get_rect(midleft=(x, y)))
            x += size + 4
        theme.draw_text(layer, "(A–D)", (x, y), 17, NUMBER, anchor="midleft")
        x += 70
        for kind in KINDS:
            picture = building(kind, 34)
            layer.blit(picture, picture.get_rect(midleft=(x, y - 2)))
            rect = theme.draw_text(layer, _(KIND_NAMES[kind]), (x + 38, y), 19, theme.INK, anchor="midleft")
            x = rect.right + 16
        station = pygame.Surface((size * 2, size * 2), pygame.SRCALPHA)
        _station(station, (size, size), size * 0.9, 1)
        layer.blit(station, station.get_rect(midleft=(x - 6, y)))
        theme.draw_text(layer, _("Station: passengers arrive"), (x + size * 2 - 10, y), 19, theme.INK, anchor="midleft")

    @theme.natural_size
    def _label_crossings(self, layer: pygame.Surface) -> None:
        size = max(11, int(self.geo.unit * 0.13))
        for crossing, centre in enumerate(self.geo.points):
            local = (centre[0] - self.geo.rect.x, centre[1] - self.geo.rect.y)
            if self.geo.net.specials[crossing] == "roundabout":
                self._label_roundabout(layer, crossing, size)
                continue
            theme.draw_text(layer, str(crossing), (round(local[0]), round(local[1]) + 1), size, NUMBER,
                            theme.TEXT_BOLD_FONT, "center")

    def _label_roundabout(self, layer: pygame.Surface, crossing: int, size: int) -> None:
        """A roundabout's island holds its tree and the passengers standing there, so its number stands on
        a small plate in the park's corner that points at it: the tips and refusals name these crossings
        too ("it grows only from crossing 11"), and a player must find them."""
        x, y = label_point_of_roundabout(self.geo, crossing)
        local = (round(x - self.geo.rect.x), round(y - self.geo.rect.y))
        radius = max(8, round(self.geo.crossing_radius * 0.55))
        pygame.draw.circle(layer, ROAD_FILL, local, radius)
        pygame.draw.circle(layer, PAPER_DARK, local, radius, width=1)
        theme.draw_text(layer, str(crossing), (local[0], local[1] + 1), size, NUMBER, theme.TEXT_BOLD_FONT, "center")


def label_point_of_roundabout(geo: CityGeometry, crossing: int) -> Point:
    """Where a Central Park roundabout's number stands: in the park's corner that points at it, clear of
    the streets along the park, the passengers on the island and the trees in the middle."""
    x, y = geo.points[crossing]
    cx, cy = geo.park_centre()
    along = geo.crossing_radius * 2.3 / max(1.0, math.dist((x, y), (cx, cy)))
    return x + (cx - x) * along, y + (cy - y) * along


def _road(surface: pygame.Surface, a: Point, b: Point, width: float, colour: Colour) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length * width / 2, dx / length * width / 2
    pygame.draw.polygon(surface, colour, [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny),
                                          (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)])


def _tree(surface: pygame.Surface, centre: Point, radius: float) -> None:
    x, y = centre
    pygame.draw.circle(surface, (*theme.SHADOW, 70), (x + radius * 0.25, y + radius * 0.35), radius)
    pygame.draw.circle(surface, LEAF, (x, y), radius)
    for dx, dy, r in ((-0.3, -0.3, 0.45), (0.3, -0.15, 0.4), (0.0, 0.3, 0.42)):
        pygame.draw.circle(surface, LEAF_LIGHT, (x + dx * radius, y + dy * radius), radius * r * 0.7)


def _station(surface: pygame.Surface, centre: Point, size: float, k: int) -> None:
    """A train station: a long hall over a pair of rails, with a clock."""
    hall = pygame.Rect(0, 0, size * 1.5, size)
    hall.center = (round(centre[0]), round(centre[1]))
    pygame.draw.rect(surface, (*theme.SHADOW, 80), hall.move(2 * k, 3 * k), border_radius=int(size * 0.16))
    pygame.draw.rect(surface, STATION, hall, border_radius=int(size * 0.16))
    roof = hall.inflate(-size * 0.16, -size * 0.5)
    pygame.draw.rect(surface, theme.shade(STATION, 1.4), roof, border_radius=int(size * 0.1))
    for dy in (-0.12, 0.12):
        y = hall.centery + dy * size
        pygame.draw.line(surface, theme.CREAM_DIM, (hall.x + size * 0.1, y), (hall.right - size * 0.1, y), max(1, k))
    pygame.draw.circle(surface, theme.CREAM, hall.midtop, size * 0.2)
    pygame.draw.circle(surface, STATION, hall.midtop, size * 0.2, max(1, k))
    pygame.draw.line(surface, STATION, hall.midtop, (hall.centerx, hall.top - size * 0.12), max(1, k))


