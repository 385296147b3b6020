"""The Linie 1 board, drawn procedurally from ``assets/linie1/components.json`` at any square size.

Layers: the *base* (cobblestones, the park ring, buildings, terminal loops) is drawn once per size;
the *static layer* adds the laid tiles and stop signs and is redrawn only when they change; moving
things (ghost tile, trams) are drawn on top each frame by the table scene. Curved shapes are drawn
three times larger and smooth-scaled down, so rails stay crisp and anti-aliased at any scale.
A tile is a list of segments, each a pair of edges among N, E, S, W (already rotated).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from typing import Any

import pygame

from game.core.assets import load_json
from game.render.linie1.geometry import (
    Point,
    arc_points,
    corner_between,
    edge_midpoint,
    heading,
    is_straight,
    rotate_segments,
    tram_path,
)
from game.render.linie1.tram import draw_tram
from game.ui import theme

Cell = tuple[int, int]
Segments = list[list[str]]
SUPERSAMPLE = 3
TERMINAL_STUB = 0.34  # how far a terminal loop runs straight out of the playfield, in squares

LINE_RGB: dict[str, tuple[int, int, int]] = {
    "red": (222, 62, 56),
    "yellow": (246, 196, 38),
    "green": (58, 168, 84),
    "blue": (50, 108, 214),
    "magenta": (204, 62, 168),
    "white": (244, 242, 236),
}
COBBLE = (176, 164, 146)
COBBLE_GAP = (122, 112, 98)
PARK = (64, 110, 76)
PARK_DARK = (46, 86, 58)
TILE_FACE = (232, 222, 204)
TILE_EDGE = (186, 172, 150)
SLEEPER = (124, 88, 60)
RAIL = (52, 50, 62)
TRAM_LENGTH = 1.5  # squares: a tram big enough to follow across the board at a glance
RAIL_SHINE = (214, 214, 224)
BRICK = (190, 92, 70)
BRICK_ROOF = (226, 128, 92)
SIGN_YELLOW = (250, 210, 40)
SIGN_GREEN = (30, 130, 70)
LEAF = (70, 150, 78)
LEAF_LIGHT = (112, 190, 104)


def components() -> dict[str, Any]:
    return load_json("linie1/components.json")


def line_colour(line: int) -> tuple[int, int, int]:
    for item in components()["lines"]:
        if item["line"] == line:
            return LINE_RGB.get(item["colour"], theme.CREAM)
    raise KeyError(line)


def _face_key(segments: Iterable[Iterable[str]]) -> frozenset[frozenset[str]]:
    return frozenset(frozenset(pair) for pair in segments)


@cache
def _tree_faces() -> frozenset[frozenset[frozenset[str]]]:
    faces = set()
    for tile in components()["tiles"]:
        if tile["tree"]:
            for turn in range(4):
                faces.add(_face_key(rotate_segments(tile["segments"], turn)))
    return frozenset(faces)


def is_tree_face(segments: Iterable[Iterable[str]]) -> bool:
    """Whether these rails are those of a tree tile (they never match a tile without trees)."""
    return _face_key(segments) in _tree_faces()


def tile_segments(tile_type: int, rotation: int) -> Segments:
    """The segments of a tile type (1..12) turned ``rotation`` quarter turns clockwise (a new list)."""
    return [list(pair) for pair in _tile_segments(tile_type, rotation % 4)]


@cache
def _tile_segments(tile_type: int, rotation: int) -> tuple[tuple[str, ...], ...]:
    for tile in components()["tiles"]:
        if tile["type"] == tile_type:
            return tuple(tuple(pair) for pair in rotate_segments(tile["segments"], rotation))
    raise KeyError(tile_type)


def _supersampled(width: int, height: int, paint: Callable[[pygame.Surface, int], None]) -> pygame.Surface:
    """Paint at three times the size and smooth-scale down: cheap anti-aliasing for any shape."""
    big = pygame.Surface((width * SUPERSAMPLE, height * SUPERSAMPLE), pygame.SRCALPHA)
    paint(big, SUPERSAMPLE)
    return pygame.transform.smoothscale(big, (width, height))


def _band(surface: pygame.Surface, colour: tuple[int, ...], outer: list[Point], inner: list[Point]) -> None:
    pygame.draw.polygon(surface, colour, outer + inner[::-1])


# -- rails ----------------------------------------------------------------------------------------
def _segment_centreline(size: float, a: str, b: str, steps: int = 24) -> list[Point]:
    rect = (0.0, 0.0, size, size)
    return [tram_path(rect, a, b, i / steps)[:2] for i in range(steps + 1)]


def _offset(points: list[Point], distance: float) -> list[Point]:
    """The polyline shifted sideways by ``distance`` (left of the direction of travel)."""
    out = []
    for index, (x, y) in enumerate(points):
        before = points[max(0, index - 1)]
        after = points[min(len(points) - 1, index + 1)]
        dx, dy = after[0] - before[0], after[1] - before[1]
        length = math.hypot(dx, dy) or 1.0
        out.append((x - dy / length * distance, y + dx / length * distance))
    return out


def draw_rails(surface: pygame.Surface, size: float, segments: Segments, origin: Point = (0, 0),
               colour: tuple[int, int, int] = RAIL) -> None:
    """Sleepers for every segment first, then the steel on top, so crossings overlap cleanly."""
    ox, oy = origin
    gauge = size * 0.2
    rail_width = max(1.0, size * 0.07)
    sleeper_half = size * 0.19
    sleeper_width = size * 0.075
    lines = [[(x + ox, y + oy) for x, y in _segment_centreline(size, a, b)] for a, b in segments]
    for centre in lines:
        length = sum(math.dist(centre[i], centre[i + 1]) for i in range(len(centre) - 1))
        count = max(2, round(length / (size * 0.2)))
        for k in range(count):
            position = (k + 0.5) / count * (len(centre) - 1)
            index = min(len(centre) - 2, int(position))
            p, q = centre[index], centre[index + 1]
            frac = position - index
            x, y = p[0] + (q[0] - p[0]) * frac, p[1] + (q[1] - p[1]) * frac
            dx, dy = q[0] - p[0], q[1] - p[1]
            length_pq = math.hypot(dx, dy) or 1.0
            ux, uy = dx / length_pq, dy / length_pq
            nx, ny = -uy, ux
            hw = sleeper_width / 2
            quad = [(x + nx * sleeper_half + ux * hw, y + ny * sleeper_half + uy * hw),
                    (x + nx * sleeper_half - ux * hw, y + ny * sleeper_half - uy * hw),
                    (x - nx * sleeper_half - ux * hw, y - ny * sleeper_half - uy * hw),
                    (x - nx * sleeper_half + ux * hw, y - ny * sleeper_half + uy * hw)]
            pygame.draw.polygon(surface, SLEEPER, quad)
    for centre in lines:
        for side in (-1, 1):
            rail = _offset(centre, side * gauge / 2)
            _band(surface, colour, _offset(rail, rail_width / 2), _offset(rail, -rail_width / 2))
            shine = _offset(rail, -side * rail_width * 0.15)
            _band(surface, RAIL_SHINE, _offset(shine, rail_width * 0.16), _offset(shine, -rail_width * 0.16))


def _distance_to_rails(point: Point, size: float, segments: Segments) -> float:
    best = float("inf")
    for a, b in segments:
        for q in _segment_centreline(size, a, b, 12):
            best = min(best, math.dist(point, q))
    return best


def _tree_spots(size: float, segments: Segments) -> list[Point]:
    """Where trees fit on a tree tile: corners (or the centre) clear of every rail."""
    candidates = [(0.16, 0.16), (0.84, 0.16), (0.84, 0.84), (0.16, 0.84), (0.5, 0.5)]
    clear = []
    for fx, fy in candidates:
        point = (fx * size, fy * size)
        if _distance_to_rails(point, size, segments) > size * 0.27:
            clear.append(point)
    return clear[:2]


def _draw_tree(surface: pygame.Surface, centre: Point, radius: float) -> None:
    x, y = centre
    pygame.draw.circle(surface, (*theme.SHADOW, 90), (x + radius * 0.2, y + radius * 0.3), radius)
    pygame.draw.circle(surface, LEAF, (x, y), radius)
    for dx, dy, r in ((-0.35, -0.3, 0.5), (0.3, -0.2, 0.45), (0.0, 0.3, 0.5)):
        pygame.draw.circle(surface, LEAF_LIGHT, (x + dx * radius, y + dy * radius), radius * r * 0.6)


@cache
def tile_surface(segments_key: tuple[tuple[str, str], ...], size: int, tree: bool) -> pygame.Surface:
    """One laid tile: paving, sleepers, rails, and trees on tree tiles. Cached per face and size."""
    segments = [list(pair) for pair in segments_key]

    def paint(big: pygame.Surface, k: int) -> None:
        # Laid tiles abut, as printed tiles do on the real board: the face fills the square and
        # only a hairline marks its edge, so rails run on unbroken from tile to tile.
        full = big.get_width()
        face = pygame.Rect(0, 0, full, full)
        pygame.draw.rect(big, TILE_EDGE, face)
        pygame.draw.rect(big, TILE_FACE, face.inflate(-2 * k, -2 * k))
        if tree:
            for spot in _tree_spots(full, segments):
                _draw_tree(big, spot, full * 0.13)
        draw_rails(big, full, segments)

    return _supersampled(size, size, paint)


def _segments_key(segments: Iterable[Iterable[str]]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted(tuple(sorted(pair, key="NESW".index)) for pair in segments))  # type: ignore[misc]


def tile_image(segments: Iterable[Iterable[str]], size: int, tree: bool | None = None) -> pygame.Surface:
    segments = [list(pair) for pair in segments]
    key = _segments_key(segments)
    return tile_surface(key, size, is_tree_face(segments) if tree is None else tree)


@cache
def stop_sign(size: int) -> pygame.Surface:
    """A Haltestelle sign seen from above: a yellow disc with a green rim and a green H."""
    def paint(big: pygame.Surface, k: int) -> None:
        r = big.get_width() / 2
        c = (r, r)
        pygame.draw.circle(big, (*theme.SHADOW, 110), (c[0] + r * 0.1, c[1] + r * 0.14), r * 0.9)
        pygame.draw.circle(big, SIGN_GREEN, c, r * 0.9)
        pygame.draw.circle(big, SIGN_YELLOW, c, r * 0.74)
        bar_w, bar_h = r * 0.18, r * 0.82
        for side in (-1, 1):
            pygame.draw.rect(big, SIGN_GREEN, pygame.Rect(c[0] + side * r * 0.3 - bar_w / 2, c[1] - bar_h / 2,
                                                          bar_w, bar_h))
        pygame.draw.rect(big, SIGN_GREEN, pygame.Rect(c[0] - r * 0.3, c[1] - bar_w / 2, r * 0.6, bar_w))

    return _supersampled(size, size, paint)


_BASES: dict[tuple[int, bool], pygame.Surface] = {}  # (cell, labels) -> the empty board


class Linie1Board:
    """Draws the board at ``cell`` pixels per square. ``labels=False`` leaves out all text."""

    def __init__(self, cell: int, labels: bool = True) -> None:
        self.data = components()
        self.n: int = self.data["board_size"]
        self.cell = cell
        self.labels = labels
        self.size = self.n * cell
        first, last = self.data["playfield"]["rows"]
        self.first, self.last = first, last
        self.buildings: dict[Cell, dict[str, Any]] = {tuple(b["cell"]): b for b in self.data["buildings"]}
        self.building_cells: dict[str, Cell] = {b["letter"]: tuple(b["cell"]) for b in self.data["buildings"]}
        self.terminals: list[dict[str, Any]] = []
        for item in self.data["lines"]:
            for index, terminal in enumerate(item["terminals"]):
                self.terminals.append({"line": item["line"], "index": index, "name": terminal["name"],
                                       "colour": LINE_RGB.get(item["colour"], theme.CREAM),
                                       "cells": [tuple(c) for c in terminal["cells"]]})
        self.terminal_at: dict[Cell, dict[str, Any]] = {c: t for t in self.terminals for c in t["cells"]}
        self._base: pygame.Surface | None = None
        self._static: pygame.Surface | None = None
        self._static_key: Any = None
        self._static_tiles: Mapping[Cell, Segments] | None = None  # the mappings it was drawn from
        self._static_signs: Mapping[str, Cell] | None = None
        self.redraws = 0  # how often the static layer was rebuilt (tests check the cache)

    # -- geometry ---------------------------------------------------------------------------------
    def cell_rect(self, cell: Cell, origin: tuple[int, int] = (0, 0)) -> pygame.Rect:
        row, col = cell
        return pygame.Rect(origin[0] + col * self.cell, origin[1] + row * self.cell, self.cell, self.cell)

    def cell_at(self, pos: tuple[float, float], origin: tuple[int, int] = (0, 0)) -> Cell | None:
        col = math.floor((pos[0] - origin[0]) / self.cell)
        row = math.floor((pos[1] - origin[1]) / self.cell)
        if 0 <= row < self.n and 0 <= col < self.n:
            return row, col
        return None

    def is_playfield(self, cell: Cell) -> bool:
        return self.first <= cell[0] <= self.last and self.first <= cell[1] <= self.last

    def inward_edge(self, cell: Cell) -> str:
        """The edge of a border cell that faces the playfield."""
        row, col = cell
        if row == 0:
            return "S"
        if row == self.n - 1:
            return "N"
        if col == 0:
            return "E"
        return "W"

    def terminal_path(self, cells: tuple[Cell, Cell] | list[Cell], t: float,
                      origin: tuple[int, int] = (0, 0)) -> tuple[float, float, float]:
        """A tram ``t`` of the way round a terminal loop, entering ``cells[0]`` and leaving ``cells[1]``.

        Stub in from the playfield edge to the first cell's centre, a half circle on the outside,
        and a stub back out of the second cell.
        """
        first, second = cells
        a, b = self.cell_rect(first, origin), self.cell_rect(second, origin)
        inward = self.inward_edge(first)
        into_x, into_y = {"S": (0, 1), "N": (0, -1), "E": (1, 0), "W": (-1, 0)}[inward]
        start = edge_midpoint(a, inward)
        end = edge_midpoint(b, inward)
        half = self.cell / 2
        stub = self.cell * TERMINAL_STUB
        # The turn's two ends: ``stub`` in from the playfield edge, on each cell's centreline.
        ta = (start[0] - into_x * stub, start[1] - into_y * stub)
        tb = (end[0] - into_x * stub, end[1] - into_y * stub)
        arc = math.pi * half
        total = 2 * stub + arc
        distance = min(1.0, max(0.0, t)) * total
        if distance <= stub:
            f = distance / stub
            return (start[0] + (ta[0] - start[0]) * f, start[1] + (ta[1] - start[1]) * f,
                    heading(-into_x, -into_y))
        if distance >= stub + arc:
            f = (distance - stub - arc) / stub
            return (tb[0] + (end[0] - tb[0]) * f, tb[1] + (end[1] - tb[1]) * f, heading(into_x, into_y))
        f = (distance - stub) / arc
        mx, my = (ta[0] + tb[0]) / 2, (ta[1] + tb[1]) / 2
        a0 = math.atan2(ta[1] - my, ta[0] - mx)
        # Sweep through the outside: the side away from the playfield.
        mid_angle = math.atan2(-into_y, -into_x)
        sweep = math.pi if math.sin(mid_angle - a0) > 0 else -math.pi
        angle = a0 + sweep * f
        x, y = mx + half * math.cos(angle), my + half * math.sin(angle)
        direction = 1 if sweep > 0 else -1
        return x, y, heading(-math.sin(angle) * direction, math.cos(angle) * direction)

    # -- layers -----------------------------------------------------------------------------------
    def base(self) -> pygame.Surface:
        """The empty board: drawn once per size for every board of the program (it never changes),
        so a table that opens finds it ready when the setup screen had it drawn beforehand."""
        if self._base is None:
            key = (self.cell, self.labels)
            if key not in _BASES:
                _BASES[key] = self._draw_base()
            self._base = _BASES[key]
        return self._base

    def static_layer(self, tiles: Mapping[Cell, Segments], signs: Mapping[str, Cell] | None = None
                     ) -> pygame.Surface:
        """Base + laid tiles + stop signs; rebuilt only when the tiles or signs change. Passing the
        very mappings of the last call is taken to mean nothing changed (callers make new mappings
        for a change, never edit old ones), which skips even building the comparison key."""
        if self._static is not None and tiles is self._static_tiles and signs is self._static_signs:
            return self._static
        self._static_tiles, self._static_signs = tiles, signs
        signs = signs or {}
        key = (tuple(sorted((tuple(cell), _segments_key(segs)) for cell, segs in tiles.items())),
               tuple(sorted((letter, tuple(cell)) for letter, cell in signs.items())))
        if self._static is None or key != self._static_key:
            surface = self.base().copy()
            for cell, segments in tiles.items():
                surface.blit(tile_image(segments, self.cell), self.cell_rect(tuple(cell)))  # type: ignore[arg-type]
            for letter, cell in signs.items():
                self.draw_sign(surface, letter, tuple(cell))  # type: ignore[arg-type]
            self._static, self._static_key = surface, key
            self.redraws += 1
        return self._static

    def sign_position(self, letter: str, cell: Cell, origin: tuple[int, int] = (0, 0)) -> tuple[int, int]:
        """Where a building's stop sign stands on its square: towards the building, off the rails."""
        rect = self.cell_rect(cell, origin)
        building = self.building_cells[letter]
        dr, dc = building[0] - cell[0], building[1] - cell[1]
        # Stand in the corner on the building's side, clockwise of the edge that faces it.
        offset = self.cell * 0.3
        if dr:
            return int(rect.centerx + offset), int(rect.centery + dr * offset)
        return int(rect.centerx + dc * offset), int(rect.centery - offset)

    def draw_sign(self, surface: pygame.Surface, letter: str, cell: Cell, origin: tuple[int, int] = (0, 0),
                  scale: float = 1.0) -> None:
        size = max(4, int(self.cell * 0.42 * scale))
        image = stop_sign(size)
        surface.blit(image, image.get_rect(center=self.sign_position(letter, cell, origin)))

    def draw_ghost(self, surface: pygame.Surface, cell: Cell, segments: Segments, ok: bool,
                   origin: tuple[int, int] = (0, 0), alpha: int = 200) -> None:
        """A tile held over a square: tinted green if it may go there, red if not."""
        rect = self.cell_rect(cell, origin)
        image = tile_image(segments, self.cell).copy()
        tint = pygame.Surface(image.get_size(), pygame.SRCALPHA)
        tint.fill((*(theme.MINT if ok else theme.CORAL), 70))
        image.blit(tint, (0, 0))
        image.set_alpha(alpha)
        surface.blit(image, rect)
        pygame.draw.rect(surface, theme.MINT if ok else theme.CORAL, rect.inflate(4, 4), width=4,
                         border_radius=max(4, self.cell // 8))

    def draw_tram(self, surface: pygame.Surface, pos: Point, heading_deg: float, line: int) -> None:
        draw_tram(surface, pos, heading_deg, line_colour(line), int(self.cell * TRAM_LENGTH), str(line), self.labels)

    # -- the base ---------------------------------------------------------------------------------
    def _draw_base(self) -> pygame.Surface:
        surface = pygame.Surface((self.size, self.size), pygame.SRCALPHA)
        surface.fill(PARK)
        rng = random.Random(1995)
        for row in range(self.n):
            for col in range(self.n):
                rect = self.cell_rect((row, col))
                if self.is_playfield((row, col)):
                    self._draw_cobbles(surface, rect, rng)
                else:
                    self._draw_park(surface, rect, rng)
        for index in range(self.first, self.last + 2):
            at = index * self.cell
            low, high = self.first * self.cell, (self.last + 1) * self.cell
            pygame.draw.line(surface, COBBLE_GAP, (at, low), (at, high), max(1, self.cell // 24))
            pygame.draw.line(surface, COBBLE_GAP, (low, at), (high, at), max(1, self.cell // 24))
        field = pygame.Rect(self.first * self.cell, self.first * self.cell,
                            (self.last - self.first + 1) * self.cell, (self.last - self.first + 1) * self.cell)
        pygame.draw.rect(surface, PARK_DARK, field.inflate(6, 6), width=3, border_radius=4)
        for cell, building in self.buildings.items():
            self._draw_building(surface, cell, building)
        for terminal in self.terminals:
            self._draw_terminal(surface, terminal)
        return surface

    def _draw_cobbles(self, surface: pygame.Surface, rect: pygame.Rect, rng: random.Random) -> None:
        pygame.draw.rect(surface, COBBLE_GAP, rect)
        stones = 4
        step = rect.width / stones
        gap = max(1, int(self.cell * 0.035))
        for i in range(stones):
            shift = step / 2 if i % 2 else 0
            for j in range(-1, stones):
                x = rect.x + j * step + shift
                stone = pygame.Rect(int(x) + gap, int(rect.y + i * step) + gap, int(step) - gap, int(step) - gap)
                stone = stone.clip(rect)
                if stone.width <= 1 or stone.height <= 1:
                    continue
                tone = rng.randint(-10, 10)
                colour = tuple(max(0, min(255, c + tone)) for c in COBBLE)
                pygame.draw.rect(surface, colour, stone, border_radius=max(1, int(step * 0.25)))

    def _draw_park(self, surface: pygame.Surface, rect: pygame.Rect, rng: random.Random) -> None:
        for _ in range(3):
            x = rect.x + rng.uniform(0.15, 0.85) * rect.width
            y = rect.y + rng.uniform(0.15, 0.85) * rect.height
            pygame.draw.circle(surface, PARK_DARK, (x, y), rng.uniform(0.04, 0.09) * self.cell)

    @theme.natural_size  # its letter and name are sized to the square, whatever the text size
    def _draw_building(self, surface: pygame.Surface, cell: Cell, building: dict[str, Any]) -> None:
        rect = self.cell_rect(cell)

        @theme.natural_size
        def paint(big: pygame.Surface, k: int) -> None:
            full = big.get_width()
            body = pygame.Rect(0, 0, full, full).inflate(-int(full * 0.1), -int(full * 0.1))
            pygame.draw.rect(big, (*theme.SHADOW, 110), body.move(k * 2, k * 3), border_radius=int(full * 0.12))
            pygame.draw.rect(big, BRICK, body, border_radius=int(full * 0.12))
            roof = body.inflate(-int(full * 0.12), -int(full * 0.12))
            pygame.draw.rect(big, BRICK_ROOF, roof, border_radius=int(full * 0.08))
            ridge = roof.inflate(-int(full * 0.1), -int(roof.height * 0.86))
            pygame.draw.rect(big, theme.shade(BRICK_ROOF, 1.15), ridge, border_radius=ridge.height // 2)
            centre = (full / 2, full * (0.42 if self.labels else 0.5))
            pygame.draw.circle(big, theme.CREAM, centre, full * 0.22)
            pygame.draw.circle(big, theme.INK, centre, full * 0.22, width=max(1, k * 2))

        surface.blit(_supersampled(self.cell, self.cell, paint), rect)
        if self.labels:
            letter_centre = (rect.centerx, rect.y + int(self.cell * 0.42) + 1)
            theme.draw_text(surface, building["letter"], letter_centre, int(self.cell * 0.3), theme.INK,
                            theme.DISPLAY_FONT, "center")
            name = building["name"]
            size = theme.fit_text(name, max(8, int(self.cell * 0.16)), int(self.cell * 0.86),
                                  theme.TEXT_BOLD_FONT, minimum=7)
            theme.draw_text(surface, name, (rect.centerx, rect.y + int(self.cell * 0.8)), size, theme.CREAM,
                            theme.TEXT_BOLD_FONT, "center")

    def _terminal_hub(self, cells: list[Cell], origin: tuple[int, int]) -> tuple[float, float]:
        """The centre of a terminal's turn, where its line number plate sits."""
        a, b = self.cell_rect(cells[0], origin), self.cell_rect(cells[1], origin)
        inward = self.inward_edge(cells[0])
        into_x, into_y = {"S": (0, 1), "N": (0, -1), "E": (1, 0), "W": (-1, 0)}[inward]
        sa, sb = edge_midpoint(a, inward), edge_midpoint(b, inward)
        stub = self.cell * TERMINAL_STUB
        return ((sa[0] + sb[0]) / 2 - into_x * stub, (sa[1] + sb[1]) / 2 - into_y * stub)

    @theme.natural_size  # its line number is sized to the loop, whatever the text size
    def _draw_terminal(self, surface: pygame.Surface, terminal: dict[str, Any]) -> None:
        cells = terminal["cells"]
        a, b = self.cell_rect(cells[0]), self.cell_rect(cells[1])
        area = a.union(b)
        colour = terminal["colour"]

        @theme.natural_size
        def paint(big: pygame.Surface, k: int) -> None:
            plate = pygame.Rect(0, 0, area.width * k, area.height * k).inflate(-6 * k, -6 * k)
            pygame.draw.rect(big, (*theme.SHADOW, 100), plate.move(k, 2 * k), border_radius=self.cell * k // 3)
            pygame.draw.rect(big, theme.mix(colour, PARK, 0.55), plate, border_radius=self.cell * k // 3)
            pygame.draw.rect(big, colour, plate, width=max(1, 2 * k), border_radius=self.cell * k // 3)
            # The U-loop centreline, sampled from the same path the trams follow.
            steps = 40
            offset = (-area.x, -area.y)
            centre = []
            for i in range(steps + 1):
                x, y, _ = self.terminal_path(cells, i / steps, offset)
                centre.append((x * k, y * k))
            size = self.cell * k
            gauge, rail_width = size * 0.2, max(1.0, size * 0.05)
            for side in (-1, 1):
                rail = _offset(centre, side * gauge / 2)
                _band(big, RAIL, _offset(rail, rail_width / 2), _offset(rail, -rail_width / 2))
            mx, my = self._terminal_hub(cells, offset)
            pygame.draw.circle(big, colour, (mx * k, my * k), size * 0.27)
            pygame.draw.circle(big, theme.INK, (mx * k, my * k), size * 0.27, width=max(1, k * 2))

        surface.blit(_supersampled(area.width, area.height, paint), area)
        if self.labels:
            mx, my = self._terminal_hub(cells, (0, 0))
            ink = theme.INK if sum(colour) > 450 else theme.CREAM
            theme.draw_text(surface, str(terminal["line"]), (mx, my + 1), int(self.cell * 0.34), ink,
                            theme.DISPLAY_FONT, "center")


__all__ = [
    "LINE_RGB", "Linie1Board", "arc_points", "corner_between", "is_straight", "is_tree_face", "line_colour",
    "stop_sign", "tile_image", "tile_segments", "tram_path",
]
