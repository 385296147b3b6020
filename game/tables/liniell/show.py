"""Turning Liniell events into motion: tiles flying in and landing, markers hopping, captures, and
the final count where every scoring route lights up tile by tile while its points add up.

``stage_update`` fills one update's timeline on the table's ``Show``: things in flight are effects,
and the show's masks keep the board from drawing what is still in the air (``("marker", seat, i)``,
``("drawn",)`` the tile card, ``("set_aside",)`` the tiles still in flight, ``("stack",)`` the count
the stack shows, ``("current",)`` whose move is on screen while the view is ahead). The view goes on
screen (``show.switch``) at the moment the motion reaches it. Positions are worked out every frame
from the camera, so a marker still lands on its line while the field zooms.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.anim import Timeline, Tween
from game.anim.easing import ease
from game.anim.effect import Effect
from game.anim.show import Show
from game.i18n import _
from game.render.liniell import art
from game.render.liniell import field as field_render
from game.render.liniell.field import Camera
from game.tables.liniell import panel
from game.tables.liniell.count import Badge, FinalCount, Lit
from game.tables.liniell.model import TableModel
from game.ui import theme
from game.ui.floaters import FloatText

Point = tuple[float, float]
Colour = tuple[int, int, int]
Spot = Callable[[], Point]
# seconds the final count waits, after a route's blue end, before its "+1 enclosed": the words rise from
# the marker, which often stands beside that rhomb, and ran into "+1 blue" still rising there
BLUE_CLEARS = 0.7


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
    letter: str = ""

    def draw(self, surface: pygame.Surface) -> None:
        k = ease("in_out_quad")(self.t)
        a, b = self.start(), self.end()
        x, y = a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k
        radius = self.radius_from + (self.radius_to() - self.radius_from) * k
        art.draw_marker(surface, (x, y), int(radius), self.colour, lift=math.sin(math.pi * self.t) * self.hop,
                        letter=self.letter)


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


class Motion(Effect):
    """Something in flight (a ``FlyingTile`` or ``FlyingMarker``) for ``duration`` seconds: its ``t``
    follows the effect's progress on ``easing``; ``on_start``/``on_end`` lift it off and land it."""

    def __init__(self, actor: FlyingTile | FlyingMarker, duration: float, easing: str = "linear",
                 on_start: Callable[[], None] | None = None, on_end: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.actor, self.duration, self.easing = actor, duration, easing
        self.on_start, self.on_end = on_start, on_end

    def start(self) -> None:
        if self.on_start is not None:
            self.on_start()

    def update(self, dt: float) -> bool:
        done = super().update(dt)
        self.actor.t = ease(self.easing)(self.progress)
        return done

    def end(self) -> None:
        self.actor.t = 1.0
        if self.on_end is not None:
            self.on_end()

    def draw(self, surface: pygame.Surface) -> None:
        self.actor.draw(surface)


@dataclass
class Stage:
    """What the Liniell staging works with: the show it fills, the camera it aims by, the model of
    the view on screen when a step runs, and the table's voice (sounds, toasts, seat colours)."""

    show: Show
    camera: Camera
    model: Callable[[], TableModel]
    colour: Callable[[int], Colour]
    sound: Callable[[str], None]
    toast: Callable[[str, Colour], None]
    count: FinalCount
    counted: Callable[[], None]  # the final count has ended
    initial: Callable[[int], str] = lambda seat: ""  # the letter on a seat's markers

    def overlay(self, item: Any) -> None:
        if isinstance(item, FloatText) and item.bounds is None:
            item.bounds = self.camera.area  # floating words stay over the field, clear of the panel
        self.show.overlays.append(item)


def stage_update(stage: Stage, timeline: Timeline, events: list[dict[str, Any]], pause: float,
                 launch: tuple[Point, float, float] | None, actor: int | None = None,
                 dropped: Point | None = None) -> None:
    """Animate ``events`` of ``actor``'s move; ``launch`` is where a just-placed ghost tile was
    (centre, size, turn) so it flies on from the player's hand, not the card; ``dropped`` where the
    player let go of a marker they carried onto its line, so it settles from there."""
    masks = stage.show.masks
    draws = sum(1 for event in events if event.get("type") == "draw")

    def begin() -> None:
        if actor is not None:
            masks.place(("current",), actor)
        if draws:  # the next tile shows only once it has been drawn, and the stack keeps the count it
            # shows now until a tile lifts off it (never the new view's count plus the tiles still to
            # draw while the old view is on screen: that read one more than a moment before)
            masks.place(("drawn",), True)
            masks.place(("stack",), int(stage.model().view.get("stack_size", 0)))

    timeline.call(begin)
    if pause:
        timeline.wait(pause)
    for event in events:
        kind = event.get("type")
        if kind == "place":
            _place(stage, timeline, event, launch)
        elif kind == "occupy":
            _occupy(stage, timeline, event, dropped)
        elif kind == "capture":
            _capture(stage, timeline, event)
        elif kind == "draw":
            _draw(stage, timeline, event)
        elif kind == "set_aside":
            _set_aside(stage, timeline, event)
        elif kind == "score":
            timeline.call(stage.show.switch_later())
            stage_count(stage, timeline, event)
    timeline.call(stage.show.switch_later())


def _place(stage: Stage, timeline: Timeline, event: dict[str, Any], launch: tuple[Point, float, float] | None) -> None:
    camera, masks = stage.camera, stage.show.masks
    cell = (event["x"], event["y"])
    start, size, turn = launch if launch else (panel.TILE_SPOT.center, float(panel.TILE_SPOT.width), 0.0)
    end_turn = event["rot"] * 90.0
    while end_turn - turn > 180:
        end_turn -= 360
    while turn - end_turn > 180:
        end_turn += 360
    actor = FlyingTile(event["tile"], start, lambda: camera.tile_rect(cell).center, size,
                       lambda: float(camera.tile_size()), turn, end_turn, arc=40.0 if launch is None else 10.0)
    switch = stage.show.switch_later()

    def land() -> None:
        masks.release(("drawn",))
        switch()
        stage.sound("place")
        stage.overlay(Thud(lambda: camera.tile_rect(cell), theme.CREAM))
        if "connection" in event:
            stage.overlay(FloatText(_("Connection!"), camera.tile_rect(cell).center, theme.SUNFLOWER, 52, 1.6))

    timeline.play(Motion(actor, 0.34 if launch else 0.55, on_start=lambda: masks.place(("drawn",), True),
                         on_end=land))
    timeline.wait(0.18)


def _occupy(stage: Stage, timeline: Timeline, event: dict[str, Any], dropped: Point | None = None) -> None:
    camera, masks, model = stage.camera, stage.show.masks, stage.model
    seat, marker = event["seat"], event["marker"]
    piece = tuple(event["piece"])
    old_piece = model().marker_piece(seat, marker)
    if dropped is not None:  # carried there by hand: it settles from where it was let go
        def start() -> Point:
            return dropped
        radius_from = float(field_render.marker_radius(camera))
    elif old_piece is None:
        def start() -> Point:
            return panel.supply_spot(seat, marker)
        radius_from = float(panel.SUPPLY_RADIUS)
    else:
        def start() -> Point:
            return field_render.marker_spot(camera, model().tiles, old_piece)
        radius_from = float(field_render.marker_radius(camera))

    def end() -> Point:
        return field_render.marker_spot(camera, model().tiles, piece)

    actor = FlyingMarker(stage.colour(seat), start, end, radius_from, lambda: float(field_render.marker_radius(camera)),
                         letter=stage.initial(seat))
    switch = stage.show.switch_later()

    def land() -> None:
        switch()
        masks.release(("marker", seat, marker))
        stage.sound("pop")
        stage.overlay(Ring(end, stage.colour(seat), camera.cell * 0.3))

    timeline.play(Motion(actor, 0.2 if dropped is not None else 0.55,
                         on_start=lambda: masks.hold(("marker", seat, marker)), on_end=land))
    timeline.wait(0.15)


def _capture(stage: Stage, timeline: Timeline, event: dict[str, Any]) -> None:
    camera, masks, model = stage.camera, stage.show.masks, stage.model
    motions = []
    for entry in event["markers"]:
        seat, marker = entry["seat"], entry["marker"]
        piece = model().marker_piece(seat, marker)
        if piece is None:
            continue

        def start(piece: tuple[int, int, int] = piece) -> Point:
            return field_render.marker_spot(camera, model().tiles, piece)

        def end(seat: int = seat, marker: int = marker) -> Point:
            return panel.supply_spot(seat, marker)

        actor = FlyingMarker(stage.colour(seat), start, end, float(field_render.marker_radius(camera)),
                             lambda: float(panel.SUPPLY_RADIUS), hop=160.0, letter=stage.initial(seat))
        key = ("marker", seat, marker)
        motions.append((key, actor, Motion(actor, 0.8, on_end=lambda key=key: masks.release(key))))
    switch = stage.show.switch_later()

    def lift_off() -> None:
        for key, actor, _target in motions:
            masks.hold(key)
            x, y = actor.start()
            stage.show.particles.burst(x, y, [actor.colour, theme.SUNFLOWER, theme.CREAM], 24, 420, 0.8)
        switch()
        stage.sound("bell")
        x, y = motions[0][1].start() if motions else (0, 0)
        stage.overlay(FloatText(_("Captured!"), (x, y - 30), theme.CORAL, 52, 1.5))

    timeline.call(lift_off)
    if motions:
        timeline.together(*[motion for _key, _actor, motion in motions])
    timeline.wait(0.15)


def _draw(stage: Stage, timeline: Timeline, event: dict[str, Any]) -> None:
    masks = stage.show.masks
    actor = FlyingTile(event["tile"], panel.STACK_SPOT, lambda: panel.TILE_SPOT.center, 96.0,
                       lambda: float(panel.TILE_SPOT.width), 0.0, 0.0, flip=0.0, arc=30.0)
    switch = stage.show.switch_later()

    def set_flip(value: Any) -> None:
        actor.flip = float(value)

    def lift_off() -> None:
        masks.place(("drawn",), True)
        masks.place(("current",), event["seat"])
        if masks.held(("stack",)):
            masks.place(("stack",), max(0, int(masks.instead(("stack",), 0)) - 1))
        switch()
        stage.sound("draw")

    timeline.together(Motion(actor, 0.45, on_start=lift_off, on_end=lambda: masks.release(("drawn",))),
                      Tween(0.0, 1.0, 0.45, set_flip, "in_out_quad"))


def _set_aside(stage: Stage, timeline: Timeline, event: dict[str, Any]) -> None:
    masks = stage.show.masks

    def tray() -> Point:  # the tray's last place (its first three tiles show), the view already switched to
        count = len(stage.model().view.get("set_aside", [])) or 1
        return panel.set_aside_rects(count)[min(count, 3) - 1].center

    actor = FlyingTile(event["tile"], panel.TILE_SPOT.center, tray, float(panel.TILE_SPOT.width),
                       lambda: float(panel.ASIDE_TILE), 0.0, 0.0)

    def start() -> None:
        masks.place(("drawn",), True)
        masks.place(("set_aside",), masks.instead(("set_aside",), 0) + 1)
        stage.toast(_("No legal place for that tile: it is set aside."), theme.SUNFLOWER)
        stage.sound("error")

    def land() -> None:
        masks.release(("drawn",))
        left = masks.instead(("set_aside",), 1) - 1
        if left > 0:
            masks.place(("set_aside",), left)
        else:
            masks.release(("set_aside",))

    timeline.call(stage.show.switch_later())
    timeline.call(start)
    timeline.wait(0.6)
    timeline.play(Motion(actor, 0.5, "in_quad", on_end=land))


# -- the final count -------------------------------------------------------------------------------
def stage_count(stage: Stage, timeline: Timeline, outcome: dict[str, Any]) -> None:
    """Every route lights up tile by tile while its points count, then the count is done."""

    def begin() -> None:
        stage.count.begin()
        stage.sound("turn")

    timeline.call(begin)
    timeline.wait(0.6)
    for route in outcome.get("routes", []):
        _count_route(stage, timeline, route)

    def finish() -> None:
        stage.count.finish()
        stage.counted()

    timeline.call(finish)


def _count_route(stage: Stage, timeline: Timeline, route: dict[str, Any]) -> None:
    camera, model, count = stage.camera, stage.model, stage.count
    seat = route["seat"]
    colour = stage.colour(seat)
    lit = Lit([], colour)

    def marker_at() -> Point:
        piece = model().marker_piece(seat, route["marker"])
        return field_render.marker_spot(camera, model().tiles, piece) if piece else (0.0, 0.0)

    def start() -> None:
        for other in count.lit:
            other.alpha = 150
        count.lit.append(lit)
        stage.overlay(Ring(marker_at, colour, camera.cell * 0.35, 0.8))

    timeline.call(start)
    timeline.wait(0.3)
    seen: list[tuple[int, int]] = []
    for raw in route.get("cells", []):
        cell = (raw[0], raw[1])
        if cell in seen:
            continue
        seen.append(cell)
        timeline.call(lambda cell=cell: _light(stage, lit, route["line"], cell, seat))
        timeline.wait(0.24)
    for end in route.get("ends", []):
        timeline.call(lambda end=end: _end(stage, end, seat, colour))
        timeline.wait(0.34)
    if route.get("enclosed"):
        def enclosed() -> None:
            count.counters[seat] += 1
            stage.overlay(FloatText(_("+1 enclosed"), marker_at(), theme.SUNFLOWER, 40, 1.3))
            stage.sound("pop")
        if any(end.get("colour") == "blue" for end in route.get("ends", [])):
            timeline.wait(BLUE_CLEARS)  # its words pop up beside the marker, often where "+1 blue" still rose
        timeline.call(enclosed)
        timeline.wait(0.34)
    text = f"{route['points']}" if route.get("kind") else _("no route")
    timeline.call(lambda: count.badges.append(Badge(marker_at, text, colour)))
    timeline.wait(0.45)


def _light(stage: Stage, lit: Lit, line: str, cell: tuple[int, int], seat: int) -> None:
    lit.pieces.extend(stage.model().pieces_on(line, cell))
    stage.count.counters[seat] += 1
    stage.overlay(FloatText("+1", stage.camera.tile_rect(cell).center, theme.CREAM, 40, 0.9))
    stage.sound("click")


def _end(stage: Stage, end: dict[str, Any], seat: int, colour: Colour) -> None:
    camera, model = stage.camera, stage.model
    cell = (end["cell"][0], end["cell"][1])
    if end["kind"] == "rhomb":
        def spot() -> Point:
            return field_render.node_spot(camera, model().tiles, cell, end["where"])
        blue = end.get("colour") == "blue"
        stage.overlay(Ring(spot, art.BLUE_FACET if blue else theme.CREAM, camera.cell * 0.3, 0.7))
        if blue:
            stage.count.counters[seat] += 1
            stage.overlay(FloatText(_("+1 blue"), spot(), art.BLUE_FACET, 40, 1.2))
            stage.sound("pop")
    else:
        def edge() -> Point:
            return field_render.edge_spot(camera, cell, end["where"])
        stage.overlay(Ring(edge, colour, camera.cell * 0.2, 0.6))
