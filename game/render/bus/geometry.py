"""Where the street network of Bus lies on the screen: crossings, streets, lanes, bridges, the park
and the building lots, in pixels inside a map rectangle.

Pure geometry with no drawing, so the base map (``basemap``), the lines layer (``city``) and the
table's pointer all ask the same questions of one object.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache, cached_property

import pygame

from game.core.bus.network import Board, board

Point = tuple[float, float]
MARGIN_X = 62  # room around the network inside the map rect for lots beyond the outer crossings
MARGIN_TOP = 58
MARGIN_BOTTOM = 118  # the legend strip
ROAD = 0.3  # road width, in units (the distance between neighbouring layout coordinates)
CROSSING = 0.18  # crossing radius, in units
LOT = 0.21  # building lot size, in units
BUILDING = 0.32  # a building standing on its lot, in units
LOT_DISTANCE = 0.42
MARKER_GAP = 0.05  # between a marker's end and the crossing disc
PAPER_INSET = 7  # the map's frame, inside its rect, round the paper
PAPER_RIM = 3  # the paper's drawn edge


class CityGeometry:
    """Pixel geometry of the network inside ``rect``."""

    def __init__(self, rect: pygame.Rect, net: Board | None = None) -> None:
        self.rect = pygame.Rect(rect)
        self.net = net or board()
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

    def zones(self, crossing: int) -> list[int]:
        """The zones of ``crossing``'s building lots, in lot order."""
        return [self.net.lot_zone[lot] for lot in self.net.crossing_lots[crossing]]

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
            distance = distance_to_segment(point, a, b, self.crossing_radius * 0.6)
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
                if len({*ends[first], *ends[second]}) == 4 and segments_cross(
                        *self.street_ends(first), *self.street_ends(second)):
                    found.add(second)
        return frozenset(found)

    def bridge_middle(self, street: int) -> float:
        """How far along ``street`` (0..1) it passes over the street beneath."""
        a, b = self.street_ends(street)
        for other in range(self.net.streets):
            if other != street and len({*self.net.ends[other], *self.net.ends[street]}) == 4:
                c, d = self.street_ends(other)
                if segments_cross(a, b, c, d):
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
        for crossing in sorted(range(len(self.points)), key=lambda c: -len(self.zones(c))):
            count = len(self.zones(crossing)) or (1 if self.net.specials[crossing] == "station" else 0)
            for _ in range(count):
                spot = self._free_spot(crossing, placed, clearance * (1.5 if not self.zones(crossing) else 1))
                spots[crossing].append(spot)
                placed.append(spot)
        return spots

    def _free_spot(self, crossing: int, placed: list[Point], clearance: float) -> Point:
        centre = self.points[crossing]
        angles = [math.atan2(self.points[other][1] - centre[1], self.points[other][0] - centre[0])
                  for _, other in self.net.adjacent[crossing]]
        preferred = free_directions(angles, 1)[0]
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
        for a, b, box in self.street_boxes:
            if box[0] - road < spot[0] < box[2] + road and box[1] - road < spot[1] < box[3] + road \
                    and distance_to_segment(spot, a, b, 0.0) < road:
                return False
        return not inside_polygon(spot, [self.points[c] for c in self.park])

    @cache  # noqa: B019 - one geometry per place on the screen, kept for the program's life
    def emptiest(self, size: tuple[int, int]) -> Point:
        """The centre of a ``size`` box on the map as far as can be from every road, crossing and lot."""
        half_w, half_h = size[0] / 2 + 10, size[1] / 2 + 10
        spots = [spot for spots in self.lot_spots for spot in spots] + list(self.points)
        best: tuple[float, Point] | None = None
        rect = self.rect
        steps = 16
        for gx in range(steps):
            for gy in range(steps):
                x = rect.x + half_w + 8 + gx * (rect.width - 2 * half_w - 16) / (steps - 1)
                y = rect.y + half_h + 8 + gy * (rect.height - MARGIN_BOTTOM - 2 * half_h) / (steps - 1)
                box = (x - half_w, y - half_h, x + half_w, y + half_h)
                room = min(box_distance(box, spot) for spot in spots)
                for a, b, _ in self.street_boxes:
                    if best is not None and room <= best[0]:
                        break  # already no better than the best: stop measuring
                    room = min(room, box_segment_distance(box, a, b))
                if best is None or room > best[0]:
                    best = (room, (x, y))
        assert best is not None
        return best[1]

    @property
    def building_size(self) -> int:
        """How big a building (or a free lot) is drawn on the map."""
        return max(16, round(BUILDING * self.unit))

    def lot_point(self, crossing: int, index: int) -> Point:
        """Where lot ``index`` of ``crossing`` stands."""
        spots = self.lot_spots[crossing]
        return spots[index] if index < len(spots) else self.points[crossing]

    @cached_property
    def street_boxes(self) -> list[tuple[Point, Point, tuple[float, float, float, float]]]:
        found = []
        for street in range(self.net.streets):
            a, b = self.street_ends(street)
            found.append((a, b, (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))))
        return found

    def lanes(self, streets_by_seat: Sequence[Sequence[int]]) -> dict[int, list[int]]:
        """For every street in use, the seats on it in lane order (by seat, so lanes stay put)."""
        on: dict[int, list[int]] = {}
        for seat, streets in enumerate(streets_by_seat):
            for street in streets:
                on.setdefault(street, []).append(seat)
        return on

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

    def head_rings(self, paths: Sequence[Sequence[int]], shown: Sequence[Sequence[int]],
                   lanes: dict[int, list[int]], size: float, skip: Sequence[bool] = ()) -> list[list[Point]]:
        """Where each line's head rings go (per seat, as ``head_points``): two lines ending on one
        crossing would ring it in one spot, so a ring that would overlap one placed before it moves
        back along its own line's marker until both read (never past the marker's middle). ``skip``
        marks the seats drawn without rings (a closed circle)."""
        placed: list[Point] = []
        rings: list[list[Point]] = []
        for seat, path in enumerate(paths):
            mine: list[Point] = []
            if not (seat < len(skip) and skip[seat]):
                for head, point in self.head_points(path, shown[seat], lanes, seat):
                    neighbour = path[1] if head == path[0] else path[-2]
                    point = self._clear_of(placed, point, self.points[head], self.points[neighbour], size)
                    placed.append(point)
                    mine.append(point)
            rings.append(mine)
        return rings

    @staticmethod
    def _clear_of(placed: Sequence[Point], point: Point, head: Point, neighbour: Point, size: float) -> Point:
        """``point`` moved from ``head`` towards ``neighbour`` in half-ring steps until it is a ring's
        width from every ring in ``placed``, or as far as the street's middle."""
        dx, dy = neighbour[0] - head[0], neighbour[1] - head[1]
        length = math.hypot(dx, dy) or 1.0
        ux, uy = dx / length, dy / length
        room = length / 2 - ((point[0] - head[0]) * ux + (point[1] - head[1]) * uy)
        step, moved = size / 2, 0.0
        while any(math.dist(point, other) < size for other in placed) and moved + step <= room:
            point = (point[0] + ux * step, point[1] + uy * step)
            moved += step
        return point


def lerp(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def free_directions(angles: list[float], count: int) -> list[float]:
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


def inside_polygon(point: Point, polygon: list[Point]) -> bool:
    if len(polygon) < 3:
        return False
    inside = False
    x, y = point
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def distance_to_segment(point: Point, a: Point, b: Point, trim: float) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length_sq = dx * dx + dy * dy
    if length_sq == 0:
        return math.dist(point, a)
    length = math.sqrt(length_sq)
    low, high = min(0.5, trim / length), max(0.5, 1 - trim / length)
    t = max(low, min(high, ((point[0] - a[0]) * dx + (point[1] - a[1]) * dy) / length_sq))
    return math.dist(point, (a[0] + dx * t, a[1] + dy * t))


def box_distance(box: tuple[float, float, float, float], point: Point) -> float:
    """How far ``point`` is from the box (left, top, right, bottom); 0 inside it."""
    dx = max(box[0] - point[0], 0.0, point[0] - box[2])
    dy = max(box[1] - point[1], 0.0, point[1] - box[3])
    return math.hypot(dx, dy)


def box_segment_distance(box: tuple[float, float, float, float], a: Point, b: Point) -> float:
    """How far the segment a-b passes from the box; 0 when it touches or crosses it."""
    corners = [(box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])]
    if box_distance(box, a) == 0 or box_distance(box, b) == 0:
        return 0.0
    if any(segments_cross(a, b, corners[i], corners[(i + 1) % 4]) for i in range(4)):
        return 0.0
    return min(min(distance_to_segment(corner, a, b, 0.0) for corner in corners),
               box_distance(box, a), box_distance(box, b))


def segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    def side(p: Point, q: Point, r: Point) -> int:
        value = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
        return (value > 1e-9) - (value < -1e-9)
    return side(a, b, c) * side(a, b, d) < 0 and side(c, d, a) * side(c, d, b) < 0
