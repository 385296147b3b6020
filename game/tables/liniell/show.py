"""Turning Liniell events into motion: tiles flying in and landing, markers hopping, captures, and
the final count where every scoring route lights up tile by tile while its points add up.

The ``Director`` owns the actors (things in flight) and what the static layers must leave out
while they fly (a marker in the air is neither at home nor on the field). It switches the table
from the old view to the new one at the moment the animation reaches it, so nothing ever appears
before it has arrived. Positions are worked out every frame from the camera, so a marker still
lands on its line while the field zooms.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.anim import ParticleSystem, Timeline, Tween
from game.anim.easing import ease
from game.render.liniell import art
from game.render.liniell import field as field_render
from game.tables.liniell import panel
from game.ui import theme

Point = tuple[float, float]
Colour = tuple[int, int, int]
Spot = Callable[[], Point]


@dataclass
class FlyingTile:
    """A tile on its way; ``turn`` is degrees clockwise, ``flip`` < 0.5 still shows its back."""

    tile: int
    start: Point
    end: Spot
    size_from: float
    size_to: Callable[[], float]
    turn_from: float
    turn_to: float
    t: float = 0.0
    flip: float = 1.0
    arc: float = 0.0

    def draw(self, surface: pygame.Surface) -> None:
        k = ease("in_out_cubic")(self.t)
        end = self.end()
        x = self.start[0] + (end[0] - self.start[0]) * k
        y = self.start[1] + (end[1] - self.start[1]) * k - math.sin(math.pi * self.t) * self.arc
        size = max(8, int(self.size_from + (self.size_to() - self.size_from) * k))
        turn = self.turn_from + (self.turn_to - self.turn_from) * ease("out_back")(self.t)
        lift = math.sin(math.pi * self.t)
        shadow = art.tile_shadow(size)
        surface.blit(shadow, shadow.get_rect(center=(x + 10 * lift, y + 18 * lift)))
        image = art.tile_back(size) if self.flip < 0.5 else tile_turned(self.tile, turn, size)
        squash = abs(math.cos(math.pi * self.flip))
        if squash < 0.999:
            image = pygame.transform.smoothscale(image, (max(1, int(image.get_width() * squash)), image.get_height()))
        surface.blit(image, image.get_rect(center=(x, y)))


def tile_turned(tile: int, turn: float, size: int) -> pygame.Surface:
    """The tile turned ``turn`` degrees clockwise: exact art at quarter turns, smooth rotation between."""
    quarter = round(turn / 90)
    if abs(turn - quarter * 90) < 0.5:
        return art.tile_image(tile, quarter % 4, size)
    return pygame.transform.rotozoom(art.tile_image(tile, 0, size), -turn, 1.0)


@dataclass
class FlyingMarker:
    colour: Colour
    start: Spot
    end: Spot
    radius_from: float
    radius_to: Callable[[], float]
    t: float = 0.0
    hop: float = 90.0

    def draw(self, surface: pygame.Surface) -> None:
        k = ease("in_out_quad")(self.t)
        a, b = self.start(), self.end()
        x, y = a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k
        radius = self.radius_from + (self.radius_to() - self.radius_from) * k
        art.draw_marker(surface, (x, y), int(radius), self.colour, lift=math.sin(math.pi * self.t) * self.hop)


@dataclass
class FloatText:
    """A label that rises and fades: "+1", "+1 blue", "Connection!"."""

    text: str
    at: Point
    colour: Colour
    size: int = 44
    life: float = 1.1
    age: float = 0.0

    def draw(self, surface: pygame.Surface) -> None:
        k = min(1.0, self.age / self.life)
        image = theme.render_text(self.text, self.size, self.colour, theme.DISPLAY_FONT).copy()
        image.set_alpha(int(255 * (1 - k * k)))
        shadow = theme.render_text(self.text, self.size, theme.SHADOW, theme.DISPLAY_FONT).copy()
        shadow.set_alpha(int(200 * (1 - k * k)))
        x, y = self.at[0], self.at[1] - 70 * ease("out_cubic")(k)
        surface.blit(shadow, shadow.get_rect(center=(x + 2, y + 4)))
        surface.blit(image, image.get_rect(center=(x, y)))

    @property
    def alive(self) -> bool:
        return self.age < self.life


@dataclass
class Ring:
    """A widening ring: where a marker landed, a rhomb that scores, a route's edge end."""

    at: Spot
    colour: Colour
    radius: float
    life: float = 0.6
    age: float = 0.0

    def draw(self, surface: pygame.Surface) -> None:
        k = min(1.0, self.age / self.life)
        radius = self.radius * (0.5 + 1.1 * ease("out_cubic")(k))
        ring = pygame.Surface((int(radius * 2 + 12), int(radius * 2 + 12)), pygame.SRCALPHA)
        pygame.draw.circle(ring, (*self.colour, int(255 * (1 - k))), ring.get_rect().center, radius,
                           max(2, int(8 * (1 - k))))
        x, y = self.at()
        surface.blit(ring, ring.get_rect(center=(x, y)))

    @property
    def alive(self) -> bool:
        return self.age < self.life


@dataclass
class Thud:
    """A tile's outline widening and fading as it lands."""

    rect: Callable[[], pygame.Rect]
    colour: Colour
    life: float = 0.45
    age: float = 0.0

    def draw(self, surface: pygame.Surface) -> None:
        k = min(1.0, self.age / self.life)
        rect = self.rect()
        grow = int(rect.width * 0.22 * ease("out_cubic")(k))
        layer = pygame.Surface(rect.inflate(grow * 2 + 8, grow * 2 + 8).size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*self.colour, int(220 * (1 - k))), layer.get_rect().inflate(-4, -4),
                         width=max(2, int(7 * (1 - k))), border_radius=int(rect.width * 0.12))
        surface.blit(layer, layer.get_rect(center=rect.center))

    @property
    def alive(self) -> bool:
        return self.age < self.life


@dataclass
class Lit:
    """Pieces of a scoring route that have lit up, in the owner's colour."""

    pieces: list[tuple[int, int, int]]
    colour: Colour
    alpha: int = 255


@dataclass
class Badge:
    """A route's total, left beside its marker once the count is done."""

    at: Spot
    text: str
    colour: Colour


@dataclass
class Masks:
    """What the static layers leave out because it is in the air right now."""

    markers: set[tuple[int, int]] = field(default_factory=set)
    cells: set[tuple[int, int]] = field(default_factory=set)
    drawn: bool = False
    set_aside: int = 0
    current: int | None = None  # whose move is on screen while an update plays (the view may be ahead)
    stack: int = 0  # tiles the view has drawn already that are still shown on the stack


class Director:
    """Plays one update at a time; ``table`` is the scene (camera, view switching, seat colours)."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.timeline: Timeline | None = None
        self.flying: list[Any] = []
        self.effects: list[Any] = []
        self.masks = Masks()
        self.particles = ParticleSystem(seed=7, gravity=500.0, drag=2.0)
        self.lit: list[Lit] = []
        self.badges: list[Badge] = []
        self.counters = [0, 0]
        self.scoring = False
        self.scored = False

    @property
    def busy(self) -> bool:
        return self.timeline is not None and not self.timeline.done

    def update(self, dt: float) -> None:
        if self.timeline is not None:
            self.timeline.update(dt)
            if self.timeline.done:
                self.timeline = None
        for effect in self.effects:
            effect.age += dt
        self.effects = [effect for effect in self.effects if effect.alive]
        self.particles.update(dt)

    def finish(self) -> None:
        """Skip to the end of what is playing (a click while things move)."""
        if self.timeline is not None:
            self.timeline.finish()
            self.timeline = None
        self.effects.clear()

    # -- building a timeline for one update -------------------------------------------------------
    def play(self, events: list[dict[str, Any]], view: dict[str, Any], pause: float,
             launch: tuple[Point, float, float] | None, actor: int | None = None) -> None:
        """Animate ``events`` of ``actor``'s move leading to ``view``; ``launch`` is where a just-placed
        ghost tile was (centre, size, turn) so it flies on from the player's hand, not the card."""
        timeline = Timeline()
        switched = [False]
        draws = sum(1 for event in events if event.get("type") == "draw")

        def begin() -> None:
            self.masks.current = actor
            if draws:  # the next tile shows only once it has been drawn
                self.masks.drawn = True
                self.masks.stack = draws

        def end() -> None:
            self.masks.current = None

        timeline.call(begin)

        def switch() -> None:
            if not switched[0]:
                switched[0] = True
                self.table.show(view)

        if pause:
            timeline.wait(pause)
        for event in events:
            kind = event.get("type")
            if kind == "place":
                self._place(timeline, event, switch, launch)
            elif kind == "occupy":
                self._occupy(timeline, event, switch)
            elif kind == "capture":
                self._capture(timeline, event, switch)
            elif kind == "draw":
                self._draw(timeline, event, switch)
            elif kind == "set_aside":
                self._set_aside(timeline, event, switch)
            elif kind == "score":
                timeline.call(switch)
                self._score(timeline, event)
        timeline.call(switch)
        timeline.call(end)
        self.timeline = timeline

    def _tween(self, actor: Any, seconds: float, easing: str = "linear") -> Tween:
        def set_t(value: Any) -> None:
            actor.t = float(value)
        return Tween(0.0, 1.0, seconds, set_t, easing)

    def _place(self, timeline: Timeline, event: dict[str, Any], switch: Callable[[], None],
               launch: tuple[Point, float, float] | None) -> None:
        camera = self.table.camera
        cell = (event["x"], event["y"])
        start, size, turn = launch if launch else (panel.TILE_SPOT.center, float(panel.TILE_SPOT.width), 0.0)
        end_turn = event["rot"] * 90.0
        while end_turn - turn > 180:
            end_turn -= 360
        while turn - end_turn > 180:
            end_turn += 360
        actor = FlyingTile(event["tile"], start, lambda: camera.tile_rect(cell).center, size,
                           lambda: float(camera.tile_size()), turn, end_turn, arc=40.0 if launch is None else 10.0)

        def lift_off() -> None:
            self.masks.drawn = True
            self.flying.append(actor)

        def land() -> None:
            self.flying.remove(actor)
            self.masks.drawn = False
            switch()
            self.table.sound("place")
            rect = camera.tile_rect(cell)
            self.effects.append(Thud(lambda: camera.tile_rect(cell), theme.CREAM))
            if "connection" in event:
                self.effects.append(FloatText("Connection!", rect.center, theme.SUNFLOWER, 52, 1.6))

        timeline.call(lift_off)
        timeline.then(self._tween(actor, 0.34 if launch else 0.55))
        timeline.call(land)
        timeline.wait(0.18)

    def _occupy(self, timeline: Timeline, event: dict[str, Any], switch: Callable[[], None]) -> None:
        table, camera = self.table, self.table.camera
        seat, marker = event["seat"], event["marker"]
        piece = tuple(event["piece"])
        old_piece = table.model.marker_piece(seat, marker)
        if old_piece is None:
            def start() -> Point:
                return panel.supply_spot(seat, marker)
            radius_from = float(panel.SUPPLY_RADIUS)
        else:
            def start() -> Point:
                return field_render.marker_spot(camera, table.model.tiles, old_piece)
            radius_from = float(field_render.marker_radius(camera))

        def end() -> Point:
            return field_render.marker_spot(camera, table.model.tiles, piece)

        actor = FlyingMarker(table.seat_colour(seat), start, end, radius_from,
                             lambda: float(field_render.marker_radius(camera)))

        def lift_off() -> None:
            self.masks.markers.add((seat, marker))
            self.flying.append(actor)

        def land() -> None:
            self.flying.remove(actor)
            switch()
            self.masks.markers.discard((seat, marker))
            table.sound("pop")
            self.effects.append(Ring(end, table.seat_colour(seat), camera.cell * 0.3))

        timeline.call(lift_off)
        timeline.then(self._tween(actor, 0.55))
        timeline.call(land)
        timeline.wait(0.15)

    def _capture(self, timeline: Timeline, event: dict[str, Any], switch: Callable[[], None]) -> None:
        table, camera = self.table, self.table.camera
        actors = []
        for entry in event["markers"]:
            seat, marker = entry["seat"], entry["marker"]
            piece = table.model.marker_piece(seat, marker)
            if piece is None:
                continue

            def start(piece: tuple[int, int, int] = piece) -> Point:
                return field_render.marker_spot(camera, table.model.tiles, piece)

            def end(seat: int = seat, marker: int = marker) -> Point:
                return panel.supply_spot(seat, marker)

            actors.append(((seat, marker), FlyingMarker(table.seat_colour(seat), start, end,
                                                        float(field_render.marker_radius(camera)),
                                                        lambda: float(panel.SUPPLY_RADIUS), hop=160.0)))

        def lift_off() -> None:
            for key, actor in actors:
                self.masks.markers.add(key)
                self.flying.append(actor)
                x, y = actor.start()
                self.particles.burst(x, y, [actor.colour, theme.SUNFLOWER, theme.CREAM], 24, 420, 0.8)
            switch()
            table.sound("bell")
            x, y = actors[0][1].start() if actors else (0, 0)
            self.effects.append(FloatText("Captured!", (x, y - 30), theme.CORAL, 52, 1.5))

        def land() -> None:
            for key, actor in actors:
                self.flying.remove(actor)
                self.masks.markers.discard(key)

        timeline.call(lift_off)
        timeline.together(*[self._tween(actor, 0.8) for _, actor in actors])
        timeline.call(land)
        timeline.wait(0.15)

    def _draw(self, timeline: Timeline, event: dict[str, Any], switch: Callable[[], None]) -> None:
        actor = FlyingTile(event["tile"], panel.STACK_SPOT, lambda: panel.TILE_SPOT.center, 96.0,
                           lambda: float(panel.TILE_SPOT.width), 0.0, 0.0, flip=0.0, arc=30.0)

        def set_flip(value: Any) -> None:
            actor.flip = float(value)

        def lift_off() -> None:
            self.masks.drawn = True
            self.masks.current = event["seat"]
            self.masks.stack = max(0, self.masks.stack - 1)
            switch()
            self.flying.append(actor)
            self.table.sound("draw")

        def land() -> None:
            self.flying.remove(actor)
            self.masks.drawn = False

        timeline.call(lift_off)
        timeline.together(self._tween(actor, 0.45, "linear"), Tween(0.0, 1.0, 0.45, set_flip, "in_out_quad"))
        timeline.call(land)

    def _set_aside(self, timeline: Timeline, event: dict[str, Any], switch: Callable[[], None]) -> None:
        tray = (panel.STACK_SPOT[0], panel.TILE_CARD.bottom - 36)
        actor = FlyingTile(event["tile"], panel.TILE_SPOT.center, lambda: tray, float(panel.TILE_SPOT.width),
                           lambda: 50.0, 0.0, 0.0)

        def start() -> None:
            self.masks.drawn = True
            self.masks.set_aside += 1
            self.flying.append(actor)
            self.table.toast("No legal place for that tile: it is set aside.", theme.SUNFLOWER)
            self.table.sound("error")

        def land() -> None:
            self.flying.remove(actor)
            self.masks.drawn = False
            self.masks.set_aside -= 1

        timeline.call(switch)
        timeline.call(start)
        timeline.wait(0.6)
        timeline.then(self._tween(actor, 0.5, "in_quad"))
        timeline.call(land)

    # -- the final count -------------------------------------------------------------------------
    def _score(self, timeline: Timeline, outcome: dict[str, Any]) -> None:
        table, camera = self.table, self.table.camera

        def begin() -> None:
            self.scoring = True
            self.counters = [0, 0]
            table.sound("turn")

        timeline.call(begin)
        timeline.wait(0.6)
        for route in outcome.get("routes", []):
            self._score_route(timeline, route, table, camera)
        timeline.call(self._finish_scoring)

    def _score_route(self, timeline: Timeline, route: dict[str, Any], table: Any, camera: Any) -> None:
        seat = route["seat"]
        colour = table.seat_colour(seat)
        lit = Lit([], colour)
        model = lambda: table.model  # noqa: E731 - the model of the view shown when the step runs

        def marker_at() -> Point:
            piece = model().marker_piece(seat, route["marker"])
            return field_render.marker_spot(camera, model().tiles, piece) if piece else (0.0, 0.0)

        def start() -> None:
            for other in self.lit:
                other.alpha = 150
            self.lit.append(lit)
            self.effects.append(Ring(marker_at, colour, camera.cell * 0.35, 0.8))

        timeline.call(start)
        timeline.wait(0.3)
        seen: list[tuple[int, int]] = []
        for raw in route.get("cells", []):
            cell = (raw[0], raw[1])
            if cell in seen:
                continue
            seen.append(cell)
            timeline.call(lambda cell=cell: self._light(lit, route["line"], cell, seat, colour))
            timeline.wait(0.24)
        for end in route.get("ends", []):
            timeline.call(lambda end=end: self._end(end, seat, colour))
            timeline.wait(0.34)
        if route.get("enclosed"):
            def enclosed() -> None:
                self.counters[seat] += 1
                self.effects.append(FloatText("+1 enclosed", marker_at(), theme.SUNFLOWER, 40, 1.3))
                table.sound("pop")
            timeline.call(enclosed)
            timeline.wait(0.34)
        text = f"{route['points']}" if route.get("kind") else "no route"

        def badge() -> None:
            self.badges.append(Badge(marker_at, text, colour))
        timeline.call(badge)
        timeline.wait(0.45)

    def _light(self, lit: Lit, line: str, cell: tuple[int, int], seat: int, colour: Colour) -> None:
        table, camera = self.table, self.table.camera
        lit.pieces.extend(table.model.pieces_on(line, cell))
        self.counters[seat] += 1
        self.effects.append(FloatText("+1", camera.tile_rect(cell).center, theme.CREAM, 40, 0.9))
        table.sound("click")

    def _end(self, end: dict[str, Any], seat: int, colour: Colour) -> None:
        table, camera = self.table, self.table.camera
        cell = (end["cell"][0], end["cell"][1])
        if end["kind"] == "rhomb":
            def spot() -> Point:
                return field_render.node_spot(camera, table.model.tiles, cell, end["where"])
            blue = end.get("colour") == "blue"
            self.effects.append(Ring(spot, art.BLUE_FACET if blue else theme.CREAM, camera.cell * 0.3, 0.7))
            if blue:
                self.counters[seat] += 1
                self.effects.append(FloatText("+1 blue", spot(), art.BLUE_FACET, 40, 1.2))
                table.sound("pop")
        else:
            def spot() -> Point:
                return field_render.edge_spot(camera, cell, end["where"])
            self.effects.append(Ring(spot, colour, camera.cell * 0.2, 0.6))

    def _finish_scoring(self) -> None:
        for lit in self.lit:
            lit.alpha = 210
        self.scored = True
        self.table.scoring_done()
