"""The show: each batch of Line Expansion events becomes one timeline of animations.

A street flies from its player's supply onto the map, an action marker onto its space; only when
it lands does the table switch to the new view (``on_switch``), so the board never runs ahead of
what the players saw. Then come the consequences: points rising from newly reached crossings,
a bus popping into a row, a banner for a new round and, at the end, a bus driving every line to
count its points.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.anim import ParticleSystem, Timeline, Tween
from game.render.lines.city import CityMap
from game.render.lines.pieces import bus_icon
from game.tables.lines import hud
from game.tables.lines.choices import PASS, space_title
from game.tables.lines.fx import Banner, DiscFlight, FloatText, MarkerFlight, Toast
from game.tables.lines.seats import SeatLook
from game.ui import theme

View = dict[str, Any]
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


class Show:
    """Everything that moves over the table, and the timeline that plays the current batch."""

    def __init__(self, city: CityMap, sound: Callable[[str], None]) -> None:
        self.city = city
        self.sound = sound
        self.flights: list[MarkerFlight | DiscFlight] = []
        self.floats: list[FloatText] = []
        self.toasts: list[Toast] = []
        self.banner: Banner | None = None
        self.particles = ParticleSystem(seed=11, gravity=300.0)
        self.timeline: Timeline | None = None
        self.scores: list[float] = []
        self.counters: list[Counter] = []
        self.counts: list[float] | None = None  # the final count while (and after) it runs
        self.bus_pop: dict[int, float] = {}
        self.side: dict[int, Tween] = {}  # per seat, its score counting up beside the timeline

    @property
    def busy(self) -> bool:
        return self.timeline is not None and not self.timeline.done

    def reset(self, view: View | None) -> None:
        """Show ``view`` as it is (first view, or a snapshot after a resync)."""
        self.finish()
        lines = view.get("lines", []) if view else []
        self.scores = [float(line.get("score", 0)) for line in lines]

    def finish(self) -> None:
        """Skip: play whatever is left at once."""
        if self.timeline is not None:
            self.timeline.finish()
        self.timeline = None
        for tween in self.side.values():
            tween.finish()
        self.side.clear()
        self.flights.clear()
        self.bus_pop.clear()
        self.banner = None

    def toast(self, text: str, refusal: bool = False) -> None:
        """A new message; an older one of the same kind makes way (refusals stay up longer)."""
        self.toasts = [toast for toast in self.toasts if toast.refusal != refusal][-1:]
        self.toasts.append(Toast(text, refusal, 4.5 if refusal else 2.6))

    # -- time ---------------------------------------------------------------------------------------
    def update(self, dt: float, real_dt: float) -> None:
        if self.timeline is not None:
            self.timeline.update(dt)
            if self.timeline.done:
                self.timeline = None
        for tween in list(self.side.values()):
            tween.update(dt)
        self.side = {seat: tween for seat, tween in self.side.items() if not tween.done}
        for item in self.floats:
            item.age += dt
        self.floats = [item for item in self.floats if item.alive]
        for toast in self.toasts:
            toast.age += real_dt
        self.toasts = [toast for toast in self.toasts if toast.alive]
        if self.banner is not None:
            self.banner.age += dt
            if not self.banner.alive:
                self.banner = None
        self.particles.update(dt)

    # -- staging a batch of events --------------------------------------------------------------------
    def stage(self, before: View, after: View, events: list[dict[str, Any]], looks: list[SeatLook],
              on_switch: Callable[[], None], on_counted: Callable[[], None]) -> None:
        """Build the timeline for one update: the move itself, the switch of view, its consequences."""
        timeline = Timeline()
        players = len(after.get("lines", []))
        for event in events:
            if event.get("type") == "street_built":
                self._fly_marker(timeline, before, after, event, looks, players)
                break
            if event.get("type") == "action_chosen":
                self._fly_disc(timeline, event, looks, players, after)
                break
        timeline.call(on_switch)
        timeline.call(lambda: self._score_gains(before, after, looks))
        for event in events:
            self._consequence(timeline, event, after, looks, players, on_counted)
        timeline.wait(SETTLE)
        self.timeline = timeline

    def _fly_marker(self, timeline: Timeline, before: View, after: View, event: dict[str, Any],
                    looks: list[SeatLook], players: int) -> None:
        seat, street = event["seat"], event["street"]
        lanes = self.city.lanes([line.get("streets", []) for line in after["lines"]])
        seats = lanes.get(street, [seat])
        lane = seats.index(seat) if seat in seats else 0
        end_a, end_b = self.city.marker_ends(street, lane, len(seats))
        supply = hud.supply_point(seat, players, int(event.get("markers_left", 0)) + 1)
        flight = MarkerFlight(looks[seat].colour, supply, end_a, end_b, self.city.lane_thickness(len(seats)))

        def burst() -> None:
            middle = self.city.street_middle(street)
            self.particles.burst(middle[0], middle[1], [looks[seat].colour, theme.CREAM], 18, 260, 0.5)

        self._fly(timeline, flight, FLIGHT, burst)

    def _fly(self, timeline: Timeline, flight: Any, seconds: float, on_land: Callable[[], None] | None = None) -> None:
        """A piece takes off with a whoosh, travels ``seconds`` and lands with a click (then ``on_land``)."""

        def launch() -> None:
            self.flights.append(flight)
            self.sound("draw")

        def land() -> None:
            if flight in self.flights:
                self.flights.remove(flight)
            self.sound("place")
            if on_land is not None:
                on_land()

        timeline.call(launch)
        timeline.then(Tween(0.0, 1.0, seconds, lambda value: setattr(flight, "progress", value), "in_out_cubic"))
        timeline.call(land)

    def _fly_disc(self, timeline: Timeline, event: dict[str, Any], looks: list[SeatLook], players: int,
                  after: View) -> None:
        seat, space = event["seat"], event["space"]
        rect = hud.space_rects(after)[space]
        end = (rect.right - 36, rect.centery) if space == "bus" else (rect.centerx, rect.bottom - 24)
        look = looks[seat]
        flight = DiscFlight(look.colour, look.initial, hud.disc_point(seat, players), (float(end[0]), float(end[1])),
                            44 if space == "bus" else 40)

        self._fly(timeline, flight, DISC)

    def _score_gains(self, before: View, after: View, looks: list[SeatLook]) -> None:
        """Points rising from every crossing a line reached for the first time; scores tick up."""
        points = self.city.net.points
        old_lines, new_lines = before.get("lines", []), after.get("lines", [])
        while len(self.scores) < len(new_lines):
            self.scores.append(0.0)
        for seat, line in enumerate(new_lines):
            old = set(old_lines[seat].get("path", [])) if seat < len(old_lines) else set()
            for crossing in set(line.get("path", [])) - old:
                if points[crossing]:
                    x, y = self.city.pos(crossing)
                    self._map_float(f"+{points[crossing]}", theme.shade(looks[seat].colour, 1.2), (x, y - 18), 34)
            target = float(line.get("score", 0))
            if target != self.scores[seat]:
                self._tween_score(seat, target)

    def _tween_score(self, seat: int, target: float) -> None:
        """Scores count up beside the rest of the batch, not as a step of it."""
        def set_score(value: Any) -> None:
            self.scores[seat] = float(value)
        self.side[seat] = Tween(self.scores[seat], target, 0.6, set_score, "out_cubic")

    def _consequence(self, timeline: Timeline, event: dict[str, Any], after: View, looks: list[SeatLook],
                     players: int, on_counted: Callable[[], None]) -> None:
        kind = event.get("type")
        seat = event.get("seat")
        if kind == "circle_closed":
            crossing = event["crossing"]

            def closed() -> None:
                x, y = self.city.pos(crossing)
                self.sound("pop")
                self.particles.burst(x, y, [looks[seat].colour, theme.SUNFLOWER, theme.CREAM], 36, 420, 0.8)
                self._map_float("Circle closed!", theme.CREAM, (x, y - 40), 30, 1.6)
                self.toast(f"{looks[seat].name} closed a circle at crossing {crossing}: the line now grows "
                           "from there, both ways.")
            timeline.call(closed)
            timeline.wait(0.35)
        elif kind == "streets_lost":
            count = int(event.get("count", 0))

            def lost() -> None:
                self.sound("error")
                why = LOST_REASONS.get(str(event.get("reason")), "they cannot be built")
                self.toast(f"{looks[seat].name} loses {count} street{'s' if count != 1 else ''}: {why}.")
                x, y = hud.score_point(seat, players)
                self.floats.append(FloatText(f"−{count} lost", theme.CORAL, (x - 170, y), 26, 1.4, rise=18))
            timeline.call(lost)
            timeline.wait(0.35)
        elif kind == "bus_bought":
            buses = int(event.get("buses", 1))

            def bought() -> None:
                self.sound("pop")
                self.bus_pop[seat] = 0.0
                x, y = hud.bus_point(seat, players, buses)
                self.floats.append(FloatText("+1 bus", theme.SUNFLOWER, (x + 50, y), 26, 1.2, rise=18))
            timeline.call(bought)
            timeline.then(Tween(0.0, 1.0, 0.45, lambda value: self.bus_pop.__setitem__(seat, float(value)),
                                "out_back"))
            timeline.call(lambda: self.bus_pop.pop(seat, None))
        elif kind == "passed":
            def passed() -> None:
                rect = hud.space_rects(after)[PASS]
                note = "can take no space and passes" if event.get("forced") else "passes"
                self.floats.append(FloatText(f"{looks[seat].name} {note}", theme.CREAM_DIM,
                                             (rect.centerx, rect.top - 8), 24, 1.3, rise=40))
                self.sound("click")
            timeline.call(passed)
            timeline.wait(0.25)
        elif kind == "round_started":
            fleet = int(event.get("largest_fleet", 1))
            start = looks[int(event.get("start_player", 0))].name
            subtitle = f"{start} chooses first · largest fleet {fleet} · A builds {_a_streets(after, fleet)}"
            timeline.call(lambda: self._banner(f"Round {event.get('round')}", subtitle, theme.SUNFLOWER))
            timeline.wait(BANNER * 0.8)
        elif kind == "phase":
            timeline.call(lambda: self._banner("Second streets", "From the last seat back, each adds a street "
                                                                 "at one end of its line", theme.SKY))
            timeline.wait(BANNER * 0.8)
        elif kind == "expansion_started":
            space = str(event.get("space"))
            streets = int(event.get("streets", 1))
            timeline.call(lambda: self.toast(f"{looks[seat].name} builds {streets} street"
                                             f"{'s' if streets != 1 else ''} with {space_title(space)}."))
            timeline.wait(0.15)
        elif kind == "game_over":
            self._final_count(timeline, event, after, looks, on_counted)

    def _map_float(self, text: str, colour: tuple[int, int, int], pos: tuple[float, float], size: int,
                   life: float = 1.3) -> None:
        """A figure rising from the map, never above its frame."""
        rise = max(20.0, min(70.0, pos[1] - self.city.rect.y - 40))
        self.floats.append(FloatText(text, colour, pos, size, life, rise=rise))

    def _banner(self, title: str, subtitle: str, colour: tuple[int, int, int]) -> None:
        self.sound("turn")
        self.banner = Banner(title, subtitle, colour, (self.city.rect.centerx, self.city.rect.centery - 40),
                             self.city.rect.width - 160, BANNER)

    def _final_count(self, timeline: Timeline, event: dict[str, Any], after: View, looks: list[SeatLook],
                     on_counted: Callable[[], None]) -> None:
        crossings = event.get("crossings") or []
        self.counters = []
        for seat, line in enumerate(after.get("lines", [])):
            path = list(line.get("path", []))
            worth = {int(item["crossing"]): int(item["points"]) for item in
                     (crossings[seat] if seat < len(crossings) else []) if isinstance(item, dict)}
            self.counters.append(Counter(seat, [self.city.pos(c) for c in path], worth, path, looks[seat].colour))

        def start() -> None:
            self.counts = [0.0 for _ in self.counters]
            self._banner("Final count", "A bus drives every line: 1 point per building lot, 2 per station",
                         theme.TANGERINE)
            for counter in self.counters:
                self._reach(counter, 0)

        timeline.call(start)
        timeline.wait(BANNER * 0.7)
        tweens = [Tween(0.0, float(max(0, len(counter.path) - 1)), COUNT_STEP * max(1, len(counter.path) - 1),
                        self._drive(counter), "linear") for counter in self.counters]
        timeline.together(*tweens)
        timeline.call(lambda: self._counted(after, looks))
        timeline.call(on_counted)

    def _drive(self, counter: Counter) -> Callable[[Any], None]:
        def drive(value: Any) -> None:
            counter.progress = float(value)
            for index in range(len(counter.path)):
                if index <= counter.progress + 1e-9:
                    self._reach(counter, index)
        return drive

    def _reach(self, counter: Counter, index: int) -> None:
        if index >= len(counter.path):
            return
        crossing = counter.path[index]
        if crossing in counter.counted:
            return
        counter.counted.add(crossing)
        points = counter.worth.get(crossing, 0)
        if points and self.counts is not None:
            self.counts[counter.seat] += points
            x, y = self.city.pos(crossing)
            self._map_float(f"+{points}", theme.shade(counter.colour, 1.25), (x, y - 16), 30, 0.9)
            self.sound("hover")

    def _counted(self, after: View, looks: list[SeatLook]) -> None:
        outcome = after.get("outcome") or {}
        if isinstance(outcome.get("scores"), list):
            self.counts = [float(score) for score in outcome["scores"]]  # the authority's word is final
        winners = outcome.get("winners") or []
        self.sound("fanfare")
        for seat in winners:
            for counter in self.counters:
                if counter.seat == seat and counter.points:
                    x, y, _ = counter.position()
                    self.particles.burst(x, y, [looks[seat].colour, theme.SUNFLOWER, theme.CREAM], 60, 520, 1.2)

    # -- drawing ------------------------------------------------------------------------------------
    def draw_over_map(self, surface: pygame.Surface) -> None:
        for counter in self.counters:
            if not counter.points:
                continue
            x, y, heading = counter.position()
            icon = bus_icon(counter.colour, 44)
            flip = 90 < heading % 360 < 270
            if flip:
                icon = pygame.transform.flip(icon, False, True)
            turned = pygame.transform.rotozoom(icon, heading, 1.0)
            surface.blit(turned, turned.get_rect(center=(round(x), round(y))))
        self.particles.draw(surface)

    def draw_flights(self, surface: pygame.Surface) -> None:
        for flight in self.flights:
            flight.draw(surface)
        for item in self.floats:
            item.draw(surface)

    def draw_banner(self, surface: pygame.Surface) -> None:
        if self.banner is not None:
            clip = surface.get_clip()
            surface.set_clip(self.city.rect.inflate(-10, -10))
            self.banner.draw(surface)
            surface.set_clip(clip)


def _a_streets(view: View, fleet: int) -> int:
    for entry in view.get("action_board", []):
        if entry.get("space") == "A":
            return int(entry.get("streets") or fleet)
    return fleet
