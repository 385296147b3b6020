"""The staging: each batch of Line Expansion events becomes one timeline on the table's ``Show``.

A street flies from its player's supply onto the map, an action marker onto its space; only when
it lands does the new view go on screen (``show.switch``), so the board never runs ahead of what
the players saw. Then come the consequences: points rising from newly reached crossings, a bus
popping into a row, a banner for a new round and, at the end, a bus driving every line to count
its points. What outlives a timeline (the scores as shown, the counting buses) is the ``Tally``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.anim import Timeline, Tween
from game.anim.effect import Actor
from game.anim.show import Show
from game.render.bus.city import CityMap
from game.render.bus.pieces import bus_icon
from game.tables.lines import hud
from game.tables.lines.choices import PASS, space_title
from game.tables.lines.fx import Banner, DiscFlight, MarkerFlight
from game.tables.lines.seats import SeatLook
from game.ui import theme
from game.ui.floaters import FloatText

View = dict[str, Any]
Colour = tuple[int, int, int]
FLIGHT = 0.5  # seconds for a marker to fly onto its street
DISC = 0.42  # an action marker onto its space
SETTLE = 0.14  # a breath after every move, so moves in a row can be followed
BANNER = 1.3
COUNT_STEP = 0.14  # per street, for the bus that counts a line at the end
LOST_REASONS = {"blocked": "no street left to build", "markers": "all 25 markers are on the board"}


@dataclass
class Counter:
    """The bus that drives one line at the end, adding up each scoring crossing it reaches."""

    seat: int
    points: list[tuple[float, float]]
    worth: dict[int, int]  # crossing -> points, from the game_over event
    path: list[int]
    colour: tuple[int, int, int]
    progress: float = 0.0
    counted: set[int] = field(default_factory=set)

    def position(self) -> tuple[float, float, float]:
        """(x, y, heading in degrees) along the line."""
        if len(self.points) == 1:
            return (*self.points[0], 0.0)
        index = min(int(self.progress), len(self.points) - 2)
        t = self.progress - index
        (ax, ay), (bx, by) = self.points[index], self.points[index + 1]
        return ax + (bx - ax) * t, ay + (by - ay) * t, math.degrees(math.atan2(-(by - ay), bx - ax))


class Tally:
    """The scores as the screen shows them (counting up beside the timeline), a bus popping into a
    row, and the final count: one bus per line, driving it and adding up its crossings."""

    def __init__(self) -> None:
        self.scores: list[float] = []
        self.side: dict[int, Tween] = {}  # per seat, its score counting up beside the timeline
        self.counters: list[Counter] = []
        self.counts: list[float] | None = None  # the final count while (and after) it runs
        self.bus_pop: dict[int, float] = {}

    def reset(self, view: View | None) -> None:
        """Show ``view``'s scores as they are (first view, or a snapshot after a resync)."""
        self.finish()
        lines = view.get("lines", []) if view else []
        self.scores = [float(line.get("score", 0)) for line in lines]
        outcome = (view or {}).get("outcome")
        self.counts = [float(score) for score in outcome.get("scores", [])] if outcome else None

    def finish(self) -> None:
        for tween in self.side.values():
            tween.finish()
        self.side.clear()
        self.bus_pop.clear()

    def update(self, dt: float) -> None:
        for tween in list(self.side.values()):
            tween.update(dt)
        self.side = {seat: tween for seat, tween in self.side.items() if not tween.done}

    @property
    def moving(self) -> bool:
        return bool(self.side)

    def count_up(self, seat: int, target: float) -> None:
        """Scores count up beside the rest of the batch, not as a step of it."""
        while len(self.scores) <= seat:
            self.scores.append(0.0)

        def set_score(value: Any) -> None:
            self.scores[seat] = float(value)
        self.side[seat] = Tween(self.scores[seat], target, 0.6, set_score, "out_cubic")

    def draw_buses(self, surface: pygame.Surface) -> None:
        """The buses of the final count, where they have driven to (they stay when it is done)."""
        for counter in self.counters:
            if not counter.points:
                continue
            x, y, heading = counter.position()
            icon = bus_icon(counter.colour, 44)
            if 90 < heading % 360 < 270:
                icon = pygame.transform.flip(icon, False, True)
            turned = pygame.transform.rotozoom(icon, heading, 1.0)
            surface.blit(turned, turned.get_rect(center=(round(x), round(y))))


@dataclass
class Stage:
    """What the staging works with: the show it fills, the map it aims at, the tally it moves, and
    the table's voice."""

    show: Show
    city: CityMap
    tally: Tally
    sound: Callable[[str], None]
    toast: Callable[[str], None]
    counted: Callable[[], None]  # the final count has ended

    def float_on_map(self, text: str, colour: Colour, pos: tuple[float, float], size: int,
                     life: float = 1.3) -> None:
        """A figure rising from the map, never above its frame."""
        rise = max(20.0, min(70.0, pos[1] - self.city.rect.y - 40))
        self.show.overlays.append(FloatText(text, pos, colour, size, life, rise))

    def float_text(self, text: str, colour: Colour, pos: tuple[float, float], size: int, life: float,
                   rise: float) -> None:
        self.show.overlays.append(FloatText(text, pos, colour, size, life, rise))

    def banner(self, title: str, subtitle: str, colour: Colour) -> None:
        self.sound("turn")
        rect = self.city.rect
        self.show.overlays.append(Banner(title, subtitle, colour, (rect.centerx, rect.centery - 40), rect.width - 160,
                                         BANNER, clip=rect.inflate(-10, -10)))


def stage_update(stage: Stage, timeline: Timeline, before: View, after: View, events: list[dict[str, Any]],
                 looks: list[SeatLook]) -> None:
    """One update: the move itself, the new view going on screen, its consequences."""
    players = len(after.get("lines", []))
    for event in events:
        if event.get("type") == "street_built":
            _fly_marker(stage, timeline, after, event, looks, players)
            break
        if event.get("type") == "action_chosen":
            _fly_disc(stage, timeline, event, looks, players, after)
            break
    timeline.call(stage.show.switch_later())
    timeline.call(lambda: _score_gains(stage, before, after, looks))
    for event in events:
        _consequence(stage, timeline, event, after, looks, players)
    if not after.get("outcome"):
        timeline.wait(SETTLE)  # the final count ends the show at once: its results button answers Enter


def _fly_marker(stage: Stage, timeline: Timeline, after: View, event: dict[str, Any], looks: list[SeatLook],
                players: int) -> None:
    city = stage.city
    seat, street = event["seat"], event["street"]
    lanes = city.lanes([line.get("streets", []) for line in after["lines"]])
    seats = lanes.get(street, [seat])
    lane = seats.index(seat) if seat in seats else 0
    end_a, end_b = city.marker_ends(street, lane, len(seats))
    supply = hud.supply_point(seat, players, int(event.get("markers_left", 0)) + 1)
    flight = MarkerFlight(looks[seat].colour, supply, end_a, end_b, city.lane_thickness(len(seats)))

    def burst() -> None:
        middle = city.street_middle(street)
        stage.show.particles.burst(middle[0], middle[1], [looks[seat].colour, theme.CREAM], 18, 260, 0.5)

    _fly(stage, timeline, flight, FLIGHT, burst)


def _fly(stage: Stage, timeline: Timeline, flight: MarkerFlight | DiscFlight, seconds: float,
         on_land: Callable[[], None] | None = None) -> None:
    """A piece takes off with a whoosh, travels ``seconds`` and lands with a click (then ``on_land``)."""

    def land() -> None:
        stage.sound("place")
        if on_land is not None:
            on_land()

    timeline.play(Actor(seconds, flight.paint, on_start=lambda: stage.sound("draw"), on_end=land,
                        easing="in_out_cubic"))


def _fly_disc(stage: Stage, timeline: Timeline, event: dict[str, Any], looks: list[SeatLook], players: int,
              after: View) -> None:
    seat, space = event["seat"], event["space"]
    rect = hud.space_rects(after)[space]
    end = (rect.right - 36, rect.centery) if space == "bus" else (rect.centerx, rect.bottom - 24)
    look = looks[seat]
    flight = DiscFlight(look.colour, look.initial, hud.disc_point(seat, players), (float(end[0]), float(end[1])),
                        44 if space == "bus" else 40)
    _fly(stage, timeline, flight, DISC)


def _score_gains(stage: Stage, before: View, after: View, looks: list[SeatLook]) -> None:
    """Points rising from every crossing a line reached for the first time; scores tick up."""
    points = stage.city.net.points
    old_lines, new_lines = before.get("lines", []), after.get("lines", [])
    tally = stage.tally
    while len(tally.scores) < len(new_lines):
        tally.scores.append(0.0)
    for seat, line in enumerate(new_lines):
        old = set(old_lines[seat].get("path", [])) if seat < len(old_lines) else set()
        for crossing in set(line.get("path", [])) - old:
            if points[crossing]:
                x, y = stage.city.pos(crossing)
                stage.float_on_map(f"+{points[crossing]}", theme.shade(looks[seat].colour, 1.2), (x, y - 18), 34)
        target = float(line.get("score", 0))
        if target != tally.scores[seat]:
            tally.count_up(seat, target)


def _consequence(stage: Stage, timeline: Timeline, event: dict[str, Any], after: View, looks: list[SeatLook],
                 players: int) -> None:
    kind = event.get("type")
    seat = event.get("seat")
    if kind == "circle_closed":
        crossing = event["crossing"]

        def closed() -> None:
            x, y = stage.city.pos(crossing)
            stage.sound("pop")
            stage.show.particles.burst(x, y, [looks[seat].colour, theme.SUNFLOWER, theme.CREAM], 36, 420, 0.8)
            stage.float_on_map("Circle closed!", theme.CREAM, (x, y - 40), 30, 1.6)
            stage.toast(f"{looks[seat].name} closed a circle at crossing {crossing}: the line now grows "
                        "from there, both ways.")
        timeline.call(closed)
        timeline.wait(0.35)
    elif kind == "streets_lost":
        count = int(event.get("count", 0))

        def lost() -> None:
            stage.sound("error")
            why = LOST_REASONS.get(str(event.get("reason")), "they cannot be built")
            stage.toast(f"{looks[seat].name} loses {count} street{'s' if count != 1 else ''}: {why}.")
            x, y = hud.score_point(seat, players)
            stage.float_text(f"−{count} lost", theme.CORAL, (x - 170, y), 26, 1.4, 18)
        timeline.call(lost)
        timeline.wait(0.35)
    elif kind == "bus_bought":
        buses = int(event.get("buses", 1))

        def bought() -> None:
            stage.sound("pop")
            stage.tally.bus_pop[seat] = 0.0
            x, y = hud.bus_point(seat, players, buses)
            stage.float_text("+1 bus", theme.SUNFLOWER, (x + 50, y), 26, 1.2, 18)
        timeline.call(bought)
        timeline.then(Tween(0.0, 1.0, 0.45, lambda value: stage.tally.bus_pop.__setitem__(seat, float(value)),
                            "out_back"))
        timeline.call(lambda: stage.tally.bus_pop.pop(seat, None))
    elif kind == "passed":
        def passed() -> None:
            rect = hud.space_rects(after)[PASS]
            note = "can take no space and passes" if event.get("forced") else "passes"
            stage.float_text(f"{looks[seat].name} {note}", theme.CREAM_DIM, (rect.centerx, rect.top - 8), 24, 1.3, 40)
            stage.sound("click")
        timeline.call(passed)
        timeline.wait(0.25)
    elif kind == "round_started":
        fleet = int(event.get("largest_fleet", 1))
        start = looks[int(event.get("start_player", 0))].name
        subtitle = f"{start} chooses first · largest fleet {fleet} · A builds {_a_streets(after, fleet)}"
        timeline.call(lambda: stage.banner(f"Round {event.get('round')}", subtitle, theme.SUNFLOWER))
        timeline.wait(BANNER * 0.8)
    elif kind == "phase":
        timeline.call(lambda: stage.banner("Second streets", "From the last seat back, each adds a street "
                                                             "at one end of its line", theme.SKY))
        timeline.wait(BANNER * 0.8)
    elif kind == "expansion_started":
        space = str(event.get("space"))
        streets = int(event.get("streets", 1))
        timeline.call(lambda: stage.toast(f"{looks[seat].name} builds {streets} street"
                                          f"{'s' if streets != 1 else ''} with {space_title(space)}."))
        timeline.wait(0.15)
    elif kind == "game_over":
        _final_count(stage, timeline, event, after, looks)


def _final_count(stage: Stage, timeline: Timeline, event: dict[str, Any], after: View,
                 looks: list[SeatLook]) -> None:
    city, tally = stage.city, stage.tally
    crossings = event.get("crossings") or []
    counters = []
    for seat, line in enumerate(after.get("lines", [])):
        path = list(line.get("path", []))
        worth = {int(item["crossing"]): int(item["points"]) for item in
                 (crossings[seat] if seat < len(crossings) else []) if isinstance(item, dict)}
        counters.append(Counter(seat, [city.pos(c) for c in path], worth, path, looks[seat].colour))

    def start() -> None:
        tally.counters = counters
        tally.counts = [0.0 for _ in counters]
        stage.banner("Final count", "A bus drives every line: 1 point per building lot, 2 per station",
                     theme.TANGERINE)
        for counter in counters:
            _reach(stage, counter, 0)

    timeline.call(start)
    timeline.wait(BANNER * 0.7)
    tweens = [Tween(0.0, float(max(0, len(counter.path) - 1)), COUNT_STEP * max(1, len(counter.path) - 1),
                    _drive(stage, counter), "linear") for counter in counters]
    timeline.together(*tweens)
    timeline.call(lambda: _counted(stage, after, looks))
    timeline.call(stage.counted)


def _drive(stage: Stage, counter: Counter) -> Callable[[Any], None]:
    def drive(value: Any) -> None:
        counter.progress = float(value)
        for index in range(len(counter.path)):
            if index <= counter.progress + 1e-9:
                _reach(stage, counter, index)
    return drive


def _reach(stage: Stage, counter: Counter, index: int) -> None:
    if index >= len(counter.path):
        return
    crossing = counter.path[index]
    if crossing in counter.counted:
        return
    counter.counted.add(crossing)
    points = counter.worth.get(crossing, 0)
    counts = stage.tally.counts
    if points and counts is not None:
        counts[counter.seat] += points
        x, y = stage.city.pos(crossing)
        stage.float_on_map(f"+{points}", theme.shade(counter.colour, 1.25), (x, y - 16), 30, 0.9)
        stage.sound("hover")


def _counted(stage: Stage, after: View, looks: list[SeatLook]) -> None:
    outcome = after.get("outcome") or {}
    if isinstance(outcome.get("scores"), list):
        stage.tally.counts = [float(score) for score in outcome["scores"]]  # the authority's word is final
    stage.sound("fanfare")
    for seat in outcome.get("winners") or []:
        for counter in stage.tally.counters:
            if counter.seat == seat and counter.points:
                x, y, _ = counter.position()
                stage.show.particles.burst(x, y, [looks[seat].colour, theme.SUNFLOWER, theme.CREAM], 60, 520, 1.2)


def _a_streets(view: View, fleet: int) -> int:
    for entry in view.get("action_board", []):
        if entry.get("space") == "A":
            return int(entry.get("streets") or fleet)
    return fleet
