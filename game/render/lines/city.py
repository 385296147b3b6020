"""The city of Bus as a street map for Line Expansion, drawn procedurally from the core's network.

Two cached layers: the *base* (paper, Central Park, roads, crossings, building lots by zone, the
two stations) is drawn once; the *lines layer* (every line's markers, lying side by side where
lines share a street, with the heads and closed circles) is redrawn only when a line changes.
Moving things (flying markers, hover previews) are drawn on top each frame by the table scene.
Layers are painted twice as large and smooth-scaled down, so roads and markers stay crisp.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import cache, cached_property

import pygame

from game.core.lines.network import Network, network
from game.render.lines.pieces import action_marker, head_token, paint_marker, paint_pill
from game.ui import theme

Point = tuple[float, float]
Colour = tuple[int, int, int]
SUPERSAMPLE = 2
Sprite = tuple[pygame.Surface, tuple[float, float]]  # a picture and where it goes on the map layer
StreetSprites = tuple[Sprite, Sprite]  # shadows, markers
MARGIN_X = 62  # room around the network inside the map rect for lots beyond the outer crossings
MARGIN_TOP = 58
MARGIN_BOTTOM = 118  # the legend strip
ROAD = 0.3  # road width, in units (the distance between neighbouring layout coordinates)
CROSSING = 0.18  # crossing radius, in units
LOT = 0.21  # building lot size, in units
LOT_DISTANCE = 0.42
MARKER_GAP = 0.05  # between a marker's end and the crossing disc
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


@cache
def city_map(x: int, y: int, width: int, height: int) -> CityMap:
    """One map per place on the screen, shared by every table so its layers are drawn once."""
    return CityMap(pygame.Rect(x, y, width, height))


class CityMap:
    """Pixel geometry of the network inside ``rect`` and the two cached layers drawn from it."""

    def __init__(self, rect: pygame.Rect, net: Network | None = None) -> None:
        self.rect = pygame.Rect(rect)
        self.net = net or network()
        xs = [x for x, _ in self.net.positions]
        ys = [y for _, y in self.net.positions]
        span_x, span_y = max(xs) - min(xs), max(ys) - min(ys)
        self.unit = min((self.rect.width - 2 * MARGIN_X) / span_x,
                        (self.rect.height - MARGIN_TOP - MARGIN_BOTTOM) / span_y)
        left = self.rect.x + (self.rect.width - span_x * self.unit) / 2
        top = self.rect.y + MARGIN_TOP
        # Layout y points up; the screen's points down.
        self.points: list[Point] = [(left + (x - min(xs)) * self.unit, top + (max(ys) - y) * self.unit)
                                    for x, y in self.net.positions]
        self.crossing_radius = CROSSING * self.unit
        self.road_width = ROAD * self.unit
        self._lines_key: object = None
        self._lines_layer: pygame.Surface | None = None
        self._sprites: dict[tuple[int, tuple[int, ...], tuple[Colour, ...]], StreetSprites] = {}
        self._glows: dict[tuple[int, Colour, float], pygame.Surface] = {}  # turned glow bands, per street

    # -- geometry ---------------------------------------------------------------------------------
    def pos(self, crossing: int) -> Point:
        return self.points[crossing]

    def street_ends(self, street: int) -> tuple[Point, Point]:
        a, b = self.net.ends[street]
        return self.points[a], self.points[b]

    def street_middle(self, street: int) -> Point:
        a, b = self.street_ends(street)
        return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2

    def street_at(self, point: Point, reach: float | None = None) -> int | None:
        """The street under ``point`` (the nearest within reach of its centre line), or None."""
        reach = self.road_width * 0.9 if reach is None else reach
        best: tuple[float, int] | None = None
        for street in range(self.net.streets):
            a, b = self.street_ends(street)
            distance = _distance_to_segment(point, a, b, self.crossing_radius * 0.6)
            if distance > reach:
                continue
            rank = distance - (4 if street in self.bridges else 0)  # a bridge lies on top of its crossing
            if best is None or rank < best[0]:
                best = (rank, street)
        return None if best is None else best[1]

    def nearer_end(self, street: int, point: Point) -> int:
        """The crossing of ``street`` nearer to ``point``."""
        a, b = self.net.ends[street]
        return a if math.dist(point, self.points[a]) <= math.dist(point, self.points[b]) else b

    def lane_thickness(self, lanes: int) -> float:
        return min(self.road_width * 0.44, (self.road_width - 4) / max(1, lanes) * 0.92)

    def marker_ends(self, street: int, lane: int = 0, lanes: int = 1) -> tuple[Point, Point]:
        """Where a marker lies on ``street``: lane ``lane`` of ``lanes`` side by side across the road."""
        a, b = self.street_ends(street)
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy)
        ux, uy = dx / length, dy / length
        nx, ny = -uy, ux
        spacing = (self.road_width - 4) / max(1, lanes)
        offset = (lane - (lanes - 1) / 2) * spacing
        cut = self.crossing_radius + MARKER_GAP * self.unit + self.lane_thickness(lanes) / 2
        return ((a[0] + ux * cut + nx * offset, a[1] + uy * cut + ny * offset),
                (b[0] - ux * cut + nx * offset, b[1] - uy * cut + ny * offset))

    @cached_property
    def bridges(self) -> frozenset[int]:
        """Streets drawn as bridges over another street they cross on the flat layout."""
        found = set()
        ends = self.net.ends
        for first in range(len(ends)):
            for second in range(first + 1, len(ends)):
                if len({*ends[first], *ends[second]}) == 4 and _segments_cross(
                        *self.street_ends(first), *self.street_ends(second)):
                    found.add(second)
        return frozenset(found)

    def _bridge_middle(self, street: int) -> float:
        """How far along ``street`` (0..1) it passes over the street beneath."""
        a, b = self.street_ends(street)
        for other in range(self.net.streets):
            if other != street and len({*self.net.ends[other], *self.net.ends[street]}) == 4:
                c, d = self.street_ends(other)
                if _segments_cross(a, b, c, d):
                    denominator = (b[0] - a[0]) * (d[1] - c[1]) - (b[1] - a[1]) * (d[0] - c[0])
                    return ((c[0] - a[0]) * (d[1] - c[1]) - (c[1] - a[1]) * (d[0] - c[0])) / denominator
        return 0.5

    @cached_property
    def park(self) -> list[int]:
        """The Central Park roundabouts in order around the park."""
        roundabouts = [c for c, special in enumerate(self.net.specials) if special == "roundabout"]
        cx = sum(self.points[c][0] for c in roundabouts) / max(1, len(roundabouts))
        cy = sum(self.points[c][1] for c in roundabouts) / max(1, len(roundabouts))
        return sorted(roundabouts, key=lambda c: math.atan2(self.points[c][1] - cy, self.points[c][0] - cx))

    def park_centre(self) -> Point:
        if not self.park:
            return (self.rect.centerx, self.rect.centery)
        return (sum(self.points[c][0] for c in self.park) / len(self.park),
                sum(self.points[c][1] for c in self.park) / len(self.park))

    @cached_property
    def lot_spots(self) -> list[list[Point]]:
        """Where each crossing's building lots (or station building) stand: as close to the crossing as
        they fit clear of every road, crossing, other lot and the park, widest gaps first."""
        placed: list[Point] = []
        spots: list[list[Point]] = [[] for _ in self.points]
        clearance = LOT * self.unit * 0.78
        for crossing in sorted(range(len(self.points)), key=lambda c: -len(self.net.lots[c])):
            count = len(self.net.lots[crossing]) or (1 if self.net.specials[crossing] == "station" else 0)
            for _ in range(count):
                spot = self._free_spot(crossing, placed, clearance * (1.5 if not self.net.lots[crossing] else 1))
                spots[crossing].append(spot)
                placed.append(spot)
        return spots

    def _free_spot(self, crossing: int, placed: list[Point], clearance: float) -> Point:
        centre = self.points[crossing]
        angles = [math.atan2(self.points[other][1] - centre[1], self.points[other][0] - centre[0])
                  for _, other in self.net.adjacent[crossing]]
        preferred = _free_directions(angles, 1)[0]
        inside = self.rect.inflate(-2 * clearance - 16, -2 * clearance - 16)
        inside.height -= MARGIN_BOTTOM - 40
        best: tuple[float, Point] | None = None
        for step in range(48):  # turning away from the preferred direction, alternately either way
            turn = math.radians(7.5 * ((step + 1) // 2))
            if best is not None and 0.3 + 0.25 * turn >= best[0]:
                break  # no spot this far round can beat the best one
            angle = preferred + (turn if step % 2 else -turn)
            for ring in range(14):
                distance = (0.3 + 0.04 * ring) * self.unit
                spot = (centre[0] + math.cos(angle) * distance, centre[1] + math.sin(angle) * distance)
                if self._clear(spot, placed, clearance, inside):
                    cost = distance / self.unit + 0.25 * turn
                    if best is None or cost < best[0]:
                        best = (cost, spot)
                    break
        return best[1] if best else (centre[0], centre[1] - LOT_DISTANCE * self.unit)

    def _clear(self, spot: Point, placed: list[Point], clearance: float, inside: pygame.Rect) -> bool:
        if not inside.collidepoint(spot):
            return False
        if any(math.dist(spot, other) < self.crossing_radius + clearance + 4 for other in self.points):
            return False
        if any(math.dist(spot, other) < clearance * 2.1 for other in placed):
            return False
        road = self.road_width / 2 + 4 + clearance
        for a, b, box in self._street_boxes:
            if box[0] - road < spot[0] < box[2] + road and box[1] - road < spot[1] < box[3] + road \
                    and _distance_to_segment(spot, a, b, 0.0) < road:
                return False
        return not _inside_polygon(spot, [self.points[c] for c in self.park])

    @cached_property
    def _street_boxes(self) -> list[tuple[Point, Point, tuple[float, float, float, float]]]:
        found = []
        for street in range(self.net.streets):
            a, b = self.street_ends(street)
            found.append((a, b, (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))))
        return found

    # -- the base layer -----------------------------------------------------------------------------
    @cached_property
    def base(self) -> pygame.Surface:
        """Paper, park, roads, crossings, lots, stations and the legend: drawn once."""
        k = SUPERSAMPLE
        big = pygame.Surface((self.rect.width * k, self.rect.height * k), pygame.SRCALPHA)
        self._paint_paper(big, k)
        self._paint_park(big, k)
        self._paint_paths(big, k)
        self._paint_roads(big, k)
        self._paint_lots(big, k)
        layer = pygame.transform.smoothscale(big, self.rect.size)
        self._label_crossings(layer)
        self._legend(layer)
        self._cartouche(layer)
        return layer

    def _local(self, point: Point, k: int) -> Point:
        return ((point[0] - self.rect.x) * k, (point[1] - self.rect.y) * k)

    def _paint_paper(self, big: pygame.Surface, k: int) -> None:
        frame = big.get_rect()
        pygame.draw.rect(big, theme.shade(theme.PLUM_LIGHT, 0.8), frame, border_radius=30 * k)
        paper = frame.inflate(-14 * k, -14 * k)
        pygame.draw.rect(big, PAPER, paper, border_radius=22 * k)
        rng = random.Random(7)  # a fixed paper grain: the same map every run
        for _ in range(900):
            x = rng.uniform(paper.left + 12 * k, paper.right - 12 * k)
            y = rng.uniform(paper.top + 12 * k, paper.bottom - 12 * k)
            pygame.draw.circle(big, PAPER_DARK, (x, y), rng.uniform(0.6, 1.8) * k)
        pygame.draw.rect(big, theme.shade(PAPER_DARK, 0.9), paper, width=3 * k, border_radius=22 * k)

    def _paint_park(self, big: pygame.Surface, k: int) -> None:
        if len(self.park) < 3:
            return
        centre = self._local(self.park_centre(), k)
        corners = [self._local(self.points[c], k) for c in self.park]
        pygame.draw.polygon(big, PARK, corners)
        inner = [(centre[0] + (x - centre[0]) * 0.78, centre[1] + (y - centre[1]) * 0.78) for x, y in corners]
        pygame.draw.polygon(big, PARK_DARK, inner, width=2 * k)
        pond = pygame.Rect(0, 0, self.unit * 0.55 * k, self.unit * 0.32 * k)
        pond.center = (centre[0] + self.unit * 0.12 * k, centre[1] + self.unit * 0.14 * k)
        pygame.draw.ellipse(big, theme.shade(WATER, 0.8), pond.inflate(4 * k, 4 * k))
        pygame.draw.ellipse(big, WATER, pond)
        rng = random.Random(3)
        spread = self.unit * 0.5 * k
        for _ in range(16):
            x, y = centre[0] + rng.uniform(-spread, spread), centre[1] + rng.uniform(-spread, spread)
            in_pond = pond.inflate(16 * k, 16 * k).collidepoint(x, y)
            if abs(x - centre[0]) + abs(y - centre[1]) > spread * 0.95 or in_pond:
                continue
            _tree(big, (x, y), rng.uniform(0.07, 0.1) * self.unit * k)
        label = theme.render_text("Central Park", int(0.14 * self.unit * k), theme.shade(PARK_DARK, 0.6),
                                  theme.TEXT_BOLD_FONT)
        big.blit(label, label.get_rect(center=(centre[0], centre[1] - self.unit * 0.3 * k)))

    def _paint_roads(self, big: pygame.Surface, k: int) -> None:
        casing = (self.road_width + 6) * k
        fill = self.road_width * k
        flat = [s for s in range(self.net.streets) if s not in self.bridges]
        for width, colour in ((casing, ROAD_CASING), (fill, ROAD_FILL)):
            for street in flat:
                a, b = self.street_ends(street)
                _road(big, self._local(a, k), self._local(b, k), width, colour)
            for centre in self.points:
                radius = self.crossing_radius * k + (width - fill) / 2
                pygame.draw.circle(big, colour, self._local(centre, k), radius)
        for street in sorted(self.bridges):
            a, b = (self._local(p, k) for p in self.street_ends(street))
            middle = self._bridge_middle(street)
            half = self.road_width * 1.9 / math.dist(*self.street_ends(street))
            span = (_lerp(a, b, middle - half), _lerp(a, b, middle + half))
            shadow = [(x + 3 * k, y + 5 * k) for x, y in span]
            _road(big, *shadow, casing + 6 * k, theme.shade(PAPER_DARK, 0.8))
            _road(big, a, b, fill, ROAD_FILL)
            _road(big, *span, casing + 6 * k, ROAD_CASING)
            _road(big, *span, fill, ROAD_FILL)
        for crossing, centre in enumerate(self.points):
            point = self._local(centre, k)
            radius = self.crossing_radius * k
            if self.net.specials[crossing] == "roundabout":
                pygame.draw.circle(big, ROAD_CASING, point, radius * 0.5)
                pygame.draw.circle(big, PARK, point, radius * 0.5 - 2 * k)
                _tree(big, point, radius * 0.25)
            else:
                pygame.draw.circle(big, PAPER_DARK, point, radius * 0.62, width=k)

    def _paint_paths(self, big: pygame.Surface, k: int) -> None:
        """Footpaths from every lot to its crossing, drawn under the roads: whose lot is whose."""
        for crossing, spots in enumerate(self.lot_spots):
            centre = self._local(self.points[crossing], k)
            for spot in spots:
                _road(big, centre, self._local(spot, k), 5 * k, PAPER_DARK)
                _road(big, centre, self._local(spot, k), 2 * k, theme.shade(PAPER_DARK, 0.85))

    def _paint_lots(self, big: pygame.Surface, k: int) -> None:
        size = LOT * self.unit * k
        for crossing, spots in enumerate(self.lot_spots):
            if self.net.specials[crossing] == "station":
                for spot in spots:
                    _station(big, self._local(spot, k), size * 1.35, k)
                continue
            for zone, spot in zip(self.net.lots[crossing], spots, strict=False):
                _house(big, self._local(spot, k), size, ZONE_COLOURS.get(zone, theme.CREAM_DIM), k)

    def _label_crossings(self, layer: pygame.Surface) -> None:
        size = max(11, int(self.unit * 0.13))
        for crossing, centre in enumerate(self.points):
            if self.net.specials[crossing] == "roundabout":
                continue
            local = (centre[0] - self.rect.x, centre[1] - self.rect.y)
            theme.draw_text(layer, str(crossing), (round(local[0]), round(local[1]) + 1), size, NUMBER,
                            theme.TEXT_BOLD_FONT, "center")

    def _legend(self, layer: pygame.Surface) -> None:
        """Zones, the station and what they score, along the bottom strip of the map."""
        y = self.rect.height - 46
        x = 34
        theme.draw_text(layer, "Building lots by zone", (x, y), 20, theme.INK, theme.TEXT_BOLD_FONT, "midleft")
        x += 210
        size = int(LOT * self.unit)
        names = {1: "1 centre", 2: "2", 3: "3", 4: "4 outskirts"}
        for zone, colour in ZONE_COLOURS.items():
            swatch = _house_surface(size, colour)
            layer.blit(swatch, swatch.get_rect(midleft=(x, y)))
            rect = theme.draw_text(layer, names[zone], (x + size + 8, y), 20, theme.INK, anchor="midleft")
            x = rect.right + 22
        theme.draw_text(layer, "1 point each", (x, y), 20, theme.shade(theme.INK, 1.4), anchor="midleft")
        x += 150
        station = pygame.Surface((size * 2, size * 2), pygame.SRCALPHA)
        _station(station, (size, size), size * 1.35, 1)
        layer.blit(station, station.get_rect(midleft=(x, y)))
        theme.draw_text(layer, "Station 2 points", (x + size * 2 + 4, y), 20, theme.INK, anchor="midleft")

    def _cartouche(self, layer: pygame.Surface) -> None:
        """The map's title and a compass rose, in the widest empty stretch of paper."""
        size = (230, 172)
        centre = self._emptiest(size)
        box = pygame.Rect(0, 0, *size)
        box.center = (round(centre[0] - self.rect.x), round(centre[1] - self.rect.y))
        pygame.draw.rect(layer, theme.shade(PAPER, 1.04), box, border_radius=14)
        pygame.draw.rect(layer, ROAD_CASING, box, width=2, border_radius=14)
        pygame.draw.rect(layer, PAPER_DARK, box.inflate(-10, -10), width=1, border_radius=10)
        theme.draw_text(layer, "BUS CITY", (box.centerx, box.y + 30), 30, theme.INK, theme.DISPLAY_FONT, "center")
        theme.draw_text(layer, "street map", (box.centerx, box.y + 56), 18, NUMBER, anchor="center")
        _compass(layer, (box.centerx, box.bottom - 40), 24)

    def _emptiest(self, size: tuple[int, int]) -> Point:
        """The centre of a ``size`` box on the map as far as can be from every road, crossing and lot."""
        half_w, half_h = size[0] / 2 + 10, size[1] / 2 + 10
        spots = [spot for spots in self.lot_spots for spot in spots] + list(self.points)
        best: tuple[float, Point] | None = None
        steps = 16
        for gx in range(steps):
            for gy in range(steps):
                x = self.rect.x + half_w + 8 + gx * (self.rect.width - 2 * half_w - 16) / (steps - 1)
                y = self.rect.y + half_h + 8 + gy * (self.rect.height - MARGIN_BOTTOM - 2 * half_h) / (steps - 1)
                box = (x - half_w, y - half_h, x + half_w, y + half_h)
                room = min(_box_distance(box, spot) for spot in spots)
                for a, b, _ in self._street_boxes:
                    if best is not None and room <= best[0]:
                        break  # already no better than the best: stop measuring
                    room = min(room, _box_segment_distance(box, a, b))
                if best is None or room > best[0]:
                    best = (room, (x, y))
        assert best is not None
        return best[1]

    # -- the lines layer ----------------------------------------------------------------------------
    def lanes(self, streets_by_seat: Sequence[Sequence[int]]) -> dict[int, list[int]]:
        """For every street in use, the seats on it in lane order (by seat, so lanes stay put)."""
        on: dict[int, list[int]] = {}
        for seat, streets in enumerate(streets_by_seat):
            for street in streets:
                on.setdefault(street, []).append(seat)
        return on

    def lines_layer(self, paths: Sequence[Sequence[int]], colours: Sequence[Colour],
                    closed_at: Sequence[int | None]) -> pygame.Surface:
        """Every line's markers, its heads, and the action marker where a circle closed."""
        key = (tuple(tuple(path) for path in paths), tuple(colours), tuple(closed_at))
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
        for seat, path in enumerate(paths):
            self._draw_heads(layer, seat, path, streets[seat], lanes, colours[seat], closed_at[seat])
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

    def path_streets(self, path: Sequence[int]) -> list[int]:
        return [street for street in (self.net.street_between(a, b) for a, b in zip(path, path[1:], strict=False))
                if street is not None]

    def head_points(self, path: Sequence[int], shown: Sequence[int], lanes: dict[int, list[int]],
                    seat: int) -> list[tuple[int, Point]]:
        """(crossing, point) of each head: at the end of the line's last marker towards that crossing."""
        if len(path) < 2:
            return []
        found = []
        for head, neighbour in ((path[0], path[1]), (path[-1], path[-2])):
            street = self.net.street_between(head, neighbour)
            if street is None or street not in shown or seat not in lanes.get(street, []):
                continue
            seats = lanes[street]
            a, b = self.marker_ends(street, seats.index(seat), len(seats))
            first = self.net.ends[street][0]
            found.append((head, a if first == head else b))
        return found

    def _draw_heads(self, layer: pygame.Surface, seat: int, path: Sequence[int], shown: Sequence[int],
                    lanes: dict[int, list[int]], colour: Colour, closed: int | None) -> None:
        size = max(14, int(self.unit * 0.2))
        if closed is not None:
            token = action_marker(colour, int(self.crossing_radius * 1.7))
            centre = self.points[closed]
            layer.blit(token, token.get_rect(center=(round(centre[0] - self.rect.x), round(centre[1] - self.rect.y))))
            return
        for _, point in self.head_points(path, shown, lanes, seat):
            token = head_token(colour, size)
            layer.blit(token, token.get_rect(center=(round(point[0] - self.rect.x), round(point[1] - self.rect.y))))

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


def _lerp(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


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


def _house(surface: pygame.Surface, centre: Point, size: float, colour: Colour, k: int) -> None:
    """A building lot seen from above: a square house with a gabled roof (two shades)."""
    rect = pygame.Rect(0, 0, size, size)
    rect.center = (round(centre[0]), round(centre[1]))
    pygame.draw.rect(surface, (*theme.SHADOW, 80), rect.move(2 * k, 3 * k), border_radius=int(size * 0.18))
    pygame.draw.rect(surface, theme.shade(colour, 0.62), rect, border_radius=int(size * 0.18))
    inner = rect.inflate(-2 * k, -2 * k)
    top = pygame.Rect(inner.x, inner.y, inner.width, inner.height // 2)
    pygame.draw.rect(surface, theme.shade(colour, 1.18), top, border_top_left_radius=int(size * 0.14),
                     border_top_right_radius=int(size * 0.14))
    bottom = pygame.Rect(inner.x, inner.centery, inner.width, inner.height - inner.height // 2)
    pygame.draw.rect(surface, colour, bottom, border_bottom_left_radius=int(size * 0.14),
                     border_bottom_right_radius=int(size * 0.14))
    pygame.draw.line(surface, theme.shade(colour, 0.62), (inner.x, inner.centery), (inner.right - 1, inner.centery), k)


def _house_surface(size: int, colour: Colour) -> pygame.Surface:
    k = SUPERSAMPLE
    big = pygame.Surface((size * k + 8 * k, size * k + 8 * k), pygame.SRCALPHA)
    _house(big, (big.get_width() / 2, big.get_height() / 2), size * k, colour, k)
    return pygame.transform.smoothscale(big, (size + 8, size + 8))


def _compass(surface: pygame.Surface, centre: tuple[int, int], radius: int) -> None:
    """A small compass rose: north up, as the layout's y axis."""
    x, y = centre
    pygame.draw.circle(surface, PAPER_DARK, centre, radius, 2)
    for angle, length, colour in ((90, 1.0, theme.CORAL_DARK), (270, 1.0, NUMBER), (0, 0.7, NUMBER),
                                  (180, 0.7, NUMBER)):
        rad = math.radians(angle)
        tip = (x + math.cos(rad) * radius * length, y - math.sin(rad) * radius * length)
        side = math.radians(angle + 90)
        w = radius * 0.22
        base_a = (x + math.cos(side) * w, y - math.sin(side) * w)
        base_b = (x - math.cos(side) * w, y + math.sin(side) * w)
        pygame.draw.polygon(surface, colour, [tip, base_a, base_b])
    theme.draw_text(surface, "N", (x, y - radius - 10), 16, theme.CORAL_DARK, theme.TEXT_BOLD_FONT, "center")


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


def _free_directions(angles: list[float], count: int) -> list[float]:
    """``count`` directions (radians) away from the given ones: the middle of the widest gaps, two
    lots sharing one gap when it is wide enough."""
    if count == 0:
        return []
    if not angles:
        return [math.pi / 2 + index * 0.7 for index in range(count)]
    ordered = sorted(a % (2 * math.pi) for a in angles)
    gaps = []
    for index, start in enumerate(ordered):
        end = ordered[(index + 1) % len(ordered)] + (2 * math.pi if index == len(ordered) - 1 else 0)
        gaps.append((end - start, start))
    gaps.sort(reverse=True)
    width, start = gaps[0]
    if count == 1:
        return [start + width / 2]
    if width >= math.radians(150) or len(gaps) == 1:
        spread = min(width / 4, math.radians(32))
        return [start + width / 2 - spread, start + width / 2 + spread]
    second_width, second_start = gaps[1]
    return [start + width / 2, second_start + second_width / 2]


def _inside_polygon(point: Point, polygon: list[Point]) -> bool:
    if len(polygon) < 3:
        return False
    inside = False
    x, y = point
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _distance_to_segment(point: Point, a: Point, b: Point, trim: float) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length_sq = dx * dx + dy * dy
    if length_sq == 0:
        return math.dist(point, a)
    length = math.sqrt(length_sq)
    low, high = min(0.5, trim / length), max(0.5, 1 - trim / length)
    t = max(low, min(high, ((point[0] - a[0]) * dx + (point[1] - a[1]) * dy) / length_sq))
    return math.dist(point, (a[0] + dx * t, a[1] + dy * t))


def _box_distance(box: tuple[float, float, float, float], point: Point) -> float:
    """How far ``point`` is from the box (left, top, right, bottom); 0 inside it."""
    dx = max(box[0] - point[0], 0.0, point[0] - box[2])
    dy = max(box[1] - point[1], 0.0, point[1] - box[3])
    return math.hypot(dx, dy)


def _box_segment_distance(box: tuple[float, float, float, float], a: Point, b: Point) -> float:
    """How far the segment a-b passes from the box; 0 when it touches or crosses it."""
    corners = [(box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])]
    if _box_distance(box, a) == 0 or _box_distance(box, b) == 0:
        return 0.0
    if any(_segments_cross(a, b, corners[i], corners[(i + 1) % 4]) for i in range(4)):
        return 0.0
    return min(min(_distance_to_segment(corner, a, b, 0.0) for corner in corners),
               _box_distance(box, a), _box_distance(box, b))


def _segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    def side(p: Point, q: Point, r: Point) -> int:
        value = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
        return (value > 1e-9) - (value < -1e-9)
    return side(a, b, c) * side(a, b, d) < 0 and side(c, d, a) * side(c, d, b) < 0
