"""Moving things on the Bus table: flying markers, banners, toasts and tooltips.

Each is a small drawable the staging (``tables.bus.show``) creates from game events: flights are
painted by show effects at their eased ``progress``, banners age as show overlays (on animation
time), toasts on the wall clock. Nothing here knows the rules.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.anim.easing import ease
from game.render.bus.buildings import passenger, rising
from game.render.bus.clock import stone
from game.render.bus.pieces import Point, action_marker, bezier, bus_icon, draw_marker
from game.ui import theme

Colour = tuple[int, int, int]


class Flight:
    """Something in flight, drawn by its show effect at an eased ``progress``."""

    progress: float

    def paint(self, surface: pygame.Surface, progress: float) -> None:
        self.progress = progress
        self.draw(surface)

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError


@dataclass
class MarkerFlight(Flight):
    """A line marker flying from a player's supply onto its street (``progress`` 0..1 is tweened)."""

    colour: Colour
    start: Point
    end_a: Point
    end_b: Point
    thickness: float
    progress: float = 0.0

    def draw(self, surface: pygame.Surface) -> None:
        t = self.progress
        end_centre = ((self.end_a[0] + self.end_b[0]) / 2, (self.end_a[1] + self.end_b[1]) / 2)
        control = ((self.start[0] + end_centre[0]) / 2, min(self.start[1], end_centre[1]) - 260)
        centre = bezier(self.start, control, end_centre, t)
        length = 26 + (math.dist(self.end_a, self.end_b) - 26) * t
        target = math.atan2(self.end_b[1] - self.end_a[1], self.end_b[0] - self.end_a[0])
        if target > math.pi / 2:  # a marker has no front: turn the short way
            target -= math.pi
        elif target < -math.pi / 2:
            target += math.pi
        angle = target * t
        half = (math.cos(angle) * length / 2, math.sin(angle) * length / 2)
        a = (centre[0] - half[0], centre[1] - half[1])
        b = (centre[0] + half[0], centre[1] + half[1])
        lift = 1 + 0.35 * math.sin(math.pi * t)  # the marker grows as if lifted towards the viewer
        draw_marker(surface, a, b, self.colour, max(3, round(self.thickness * lift)))


@dataclass
class DiscFlight(Flight):
    """An action marker moving from a player's row onto an action space."""

    colour: Colour
    label: str
    start: Point
    end: Point
    size: int
    progress: float = 0.0

    def draw(self, surface: pygame.Surface) -> None:
        t = self.progress
        control = ((self.start[0] + self.end[0]) / 2, min(self.start[1], self.end[1]) - 180)
        x, y = bezier(self.start, control, self.end, t)
        size = round(self.size * (1 + 0.4 * math.sin(math.pi * t)))
        disc = action_marker(self.colour, size, self.label)
        surface.blit(disc, disc.get_rect(center=(round(x), round(y))))


@dataclass
class Banner:
    """A ribbon across the map between rounds ("Round 4"), sliding in and out over ``life`` seconds."""

    title: str
    subtitle: str
    colour: Colour
    centre: Point
    width: int
    life: float = 1.3
    clip: pygame.Rect | None = None  # the banner never leaves the map
    age: float = 0.0

    @property
    def alive(self) -> bool:
        return self.age < self.life

    def draw(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        if self.clip is not None:
            surface.set_clip(self.clip)
        self._ribbon(surface)
        surface.set_clip(clip)

    def _ribbon(self, surface: pygame.Surface) -> None:
        t = min(1.0, self.age / self.life)
        if t < 0.25:
            slide = ease("out_cubic")(t / 0.25) - 1
        elif t > 0.8:
            slide = ease("in_quad")((t - 0.8) / 0.2)
        else:
            slide = 0.0
        rect = pygame.Rect(0, 0, self.width, 150)
        rect.center = (round(self.centre[0] + slide * self.width * 1.1), round(self.centre[1]))
        theme.panel(surface, rect, theme.shade(self.colour, 0.3), 24, self.colour, 14)
        pygame.draw.rect(surface, self.colour, rect.inflate(-16, -16), width=3, border_radius=18)
        theme.draw_text(surface, self.title, (rect.centerx, rect.centery - 20), 64, theme.CREAM,
                        theme.DISPLAY_FONT, "center", shadow=True)
        if self.subtitle:
            size = theme.fit_text(self.subtitle, 26, rect.width - 60)
            theme.draw_text(surface, self.subtitle, (rect.centerx, rect.centery + 38), size,
                            theme.shade(self.colour, 1.4), theme.TEXT_BOLD_FONT, "center")


SHOWN = 2  # news toasts on screen at once; more wait their turn instead of pushing one out unread
FADE = 0.4  # seconds a toast takes to fade out
READ_BASE, READ_PER_WORD = 1.2, 0.22  # seconds a toast needs before the next may push it out


@dataclass
class Toast:
    """A message over the foot of the map: what just happened, or why a move was refused."""

    text: str
    refusal: bool = False
    life: float = 3.2
    answer: bool = False  # answers the player's own key or click: shown at once (a refusal always is)
    moment: bool = False  # tells a marker at work ("Vrrooomm! A: Ada drives"): stale once the board moves on
    age: float = 0.0

    @property
    def alive(self) -> bool:
        return self.age < self.life

    @property
    def read(self) -> float:
        """How long it must stay before a waiting one may push it out: long enough to read it."""
        return READ_BASE + READ_PER_WORD * len(self.text.split())


class Toasts:
    """The messages over the foot of the map, on the wall clock (a refusal must stay readable at any
    animation speed). News waits in a queue while ``SHOWN`` are up, and a toast gives way to a waiting
    one only once it has been up long enough to read; a refusal answers the player's own click, so it
    shows at once and replaces only an older refusal."""

    def __init__(self) -> None:
        self.items: list[Toast] = []
        self.waiting: list[Toast] = []
        self.newest: Toast | None = None  # the news said last, shown or waiting

    def add(self, text: str, refusal: bool = False, at_once: bool = False, moment: bool = False) -> None:
        """News waits its turn; a refusal, or (``at_once``) any other answer to the player's own key or
        click, shows at once in place of an older one. ``moment``: it tells a marker at work, news only
        until the next round or phase is announced (``turn_page``)."""
        same = next((toast for toast in self.items if toast.text == text), None)
        if same is not None:  # said again: it stays up longer rather than twice
            same.age = min(same.age, FADE)
            same.life = max(same.life, same.age + _life(same))
            self._said(same)
            return
        queued = next((toast for toast in self.waiting if toast.text == text), None)
        if queued is not None:
            self._said(queued)
            return
        toast = Toast(text, refusal, answer=refusal or at_once, moment=moment)
        toast.life = _life(toast)
        self._said(toast)
        if toast.answer:
            self.items = [shown for shown in self.items if not shown.answer]
            self.items.append(toast)
        else:
            self.waiting.append(toast)
            self._promote()

    def update(self, dt: float) -> None:
        for toast in self.items:
            toast.age += dt
            if self.waiting and not toast.answer and toast.age >= toast.read:
                toast.life = min(toast.life, max(toast.age, toast.read) + FADE)  # read: make room
        self.items = [toast for toast in self.items if toast.alive]
        self._promote()

    def skip_to_newest(self) -> None:
        """The moves playing were skipped to their end: the news of the moments skipped over goes, and
        only the newest stays (at once, if it still waited), so the words name the moment the board
        shows rather than one it has left behind. Answers to the player's own keys and clicks stay."""
        newest = self.newest
        kept = newest is not None and (newest in self.items or newest in self.waiting)
        self.waiting = []
        self.items = [toast for toast in self.items if toast.answer]
        if kept and newest is not None:
            self.items.insert(0, newest)

    def drop_waiting(self) -> None:
        """The game is over: news still waiting to be shown tells moments the board has left behind (at
        a high animation speed bots make news faster than it is read), so it goes; what is up stays."""
        self.waiting = []
        if self.newest is not None and self.newest not in self.items:
            self.newest = None

    def turn_page(self) -> None:
        """A new round or phase is announced (its banner comes up): the words of the markers at work in
        the one before go, read or not, shown or waiting ("Vrrooomm! A: Ada drives" under "Round 2": the
        queue had held it back while the rides played). What else is up (a bus bought, a circle closed)
        stays until read, then goes rather than linger over the new round; what else waits still shows.
        Answers to the player's own keys and clicks stay."""
        self.waiting = [toast for toast in self.waiting if not toast.moment]
        for toast in self.items:
            if not toast.answer:
                toast.life = min(toast.life, (toast.age if toast.moment else max(toast.age, toast.read)) + FADE)
        if self.newest is not None and self.newest.moment and self.newest not in self.items:
            self.newest = None

    def drop_refusals(self) -> None:
        """The player's move was taken: a refusal still up answered an earlier try ("Line Expansion D
        gives nothing ... Choose it again") and read as one of the move just made, next to D's marker."""
        self.items = [toast for toast in self.items if not toast.refusal]

    def _said(self, toast: Toast) -> None:
        if not toast.answer:
            self.newest = toast

    def clear_read(self) -> None:
        """The player on this screen must decide: news already read fades, so the map is clear for it."""
        for toast in self.items:
            if not toast.answer and toast.age >= toast.read:
                toast.life = min(toast.life, toast.age + FADE)

    def _promote(self) -> None:
        while self.waiting and sum(not toast.answer for toast in self.items) < SHOWN:
            self.items.append(self.waiting.pop(0))

    def __bool__(self) -> bool:
        return bool(self.items or self.waiting)


def _life(toast: Toast) -> float:
    """How long a toast stays when nothing waits: a refusal longer, and never less than its reading."""
    return max(4.5 if toast.refusal else 2.6, toast.read + 1.0)


SEE_THROUGH = 0.25  # a toast under the pointer of a player deciding: what lies beneath shows through


def draw_toasts(surface: pygame.Surface, toasts: list[Toast], area: pygame.Rect,
                pointer: Point | None = None) -> list[pygame.Rect]:
    """The newest toast lowest, older ones above it, each fading out at the end of its life, all inside
    ``area`` (which leaves out the map's legend). A toast under ``pointer`` (given while the player on
    this screen decides on the map) goes see-through: the station, passenger or street beneath it
    can be seen and clicked. Returns the boxes drawn."""
    bottom = area.bottom - 8
    boxes: list[pygame.Rect] = []
    for toast in reversed(toasts[-3:]):
        lines = theme.wrap(toast.text, 24, area.width - 140)
        step = theme.px(32)
        height = 22 + step * len(lines)
        widest = max(theme.font(24, theme.TEXT_BOLD_FONT).size(line)[0] for line in lines)
        box = pygame.Rect(0, 0, min(area.width - 40, widest + 86), height)
        shake = math.sin(toast.age * 50) * 8 * max(0.0, 1 - toast.age / 0.35) if toast.refusal else 0.0
        box.midbottom = (round(area.centerx + shake), bottom)
        fade = max(0.0, min(1.0, (toast.life - toast.age) / FADE, toast.age / 0.12))
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        local = layer.get_rect()
        face = theme.CORAL_DARK if toast.refusal else theme.NIGHT_2
        pygame.draw.rect(layer, (*face, 240), local, border_radius=18)
        pygame.draw.rect(layer, theme.CORAL if toast.refusal else theme.PLUM_LIGHT, local, width=3, border_radius=18)
        icon_centre = (34, local.centery)
        pygame.draw.circle(layer, theme.CREAM, icon_centre, 15)
        mark = "!" if toast.refusal else "i"
        glyph = theme.render_text(mark, 22, theme.CORAL_DARK if toast.refusal else theme.NIGHT_2,
                                  theme.TEXT_BOLD_FONT)
        layer.blit(glyph, glyph.get_rect(center=(icon_centre[0], icon_centre[1] + 1)))
        for index, line in enumerate(lines):
            theme.draw_text(layer, line, (62, 12 + step * index), 24, theme.CREAM, theme.TEXT_BOLD_FONT)
        if pointer is not None and box.collidepoint(pointer):
            fade *= SEE_THROUGH
        layer.set_alpha(int(255 * fade))
        surface.blit(layer, box)
        boxes.append(box)
        bottom = box.top - 10
    return boxes


def draw_tooltip(surface: pygame.Surface, lines: list[tuple[str, Colour]], anchor: Point, bounds: pygame.Rect,
                 keep_clear: list[pygame.Rect] | None = None) -> pygame.Rect | None:
    """A small cream card next to the pointer: what a street or space would do, or why it may not. It
    goes above the pointer rather than over a toast in ``keep_clear`` (often the same words)."""
    if not lines:
        return None
    wrapped: list[tuple[str, Colour]] = []
    for text, colour in lines:
        wrapped.extend((part, colour) for part in theme.wrap(text, 22, theme.px(440)))
    width = max(theme.font(22, theme.TEXT_BOLD_FONT).size(text)[0] for text, _ in wrapped) + 32
    step = theme.px(30)
    box = pygame.Rect(0, 0, width, 16 + step * len(wrapped))
    box.topleft = (round(anchor[0]) + 22, round(anchor[1]) + 22)
    if box.right > bounds.right - 8:
        box.right = round(anchor[0]) - 22
    if box.bottom > bounds.bottom - 8 or box.collidelist(keep_clear or []) >= 0:
        box.bottom = round(anchor[1]) - 22
    box.clamp_ip(bounds)
    theme.panel(surface, box, theme.CREAM, 12, theme.SUNFLOWER, 6)
    for index, (text, colour) in enumerate(wrapped):
        theme.draw_text(surface, text, (box.x + 16, box.y + 8 + step * index), 22, colour, theme.TEXT_BOLD_FONT)
    return box


@dataclass
class RisingBuilding(Flight):
    """A building growing up out of its lot, with a little overshoot at the top."""

    kind: str
    centre: Point
    size: int
    progress: float = 0.0

    def draw(self, surface: pygame.Surface) -> None:
        picture = rising(self.kind, self.size, self.progress)
        scale = 1 + 0.25 * math.sin(math.pi * min(1.0, self.progress))
        if scale != 1:
            picture = pygame.transform.smoothscale(picture, (round(self.size * scale), round(self.size * scale)))
        surface.blit(picture, picture.get_rect(midbottom=(round(self.centre[0]),
                                                          round(self.centre[1] + self.size / 2))))


@dataclass
class Walkers(Flight):
    """New passengers walking from the rails at the map's edge to their station."""

    start: Point
    end: Point
    count: int
    size: int
    progress: float = 0.0

    def draw(self, surface: pygame.Surface) -> None:
        for index in range(self.count):
            t = max(0.0, min(1.0, self.progress * 1.3 - index * 0.3 / max(1, self.count)))
            x = self.start[0] + (self.end[0] - self.start[0]) * t + (index - (self.count - 1) / 2) * self.size * 0.5
            y = self.start[1] + (self.end[1] - self.start[1]) * t - abs(math.sin(t * math.pi * 6)) * 4
            figure = passenger(self.size)
            surface.blit(figure, figure.get_rect(midbottom=(round(x), round(y + self.size / 2))))


@dataclass
class Ride(Flight):
    """A bus driving along its line from the passenger's crossing to the building, carrying them."""

    colour: Colour
    points: list[Point]
    size: int
    progress: float = 0.0

    def position(self) -> tuple[float, float, float]:
        """(x, y, heading in degrees) ``progress`` of the way along."""
        if len(self.points) == 1:
            return (*self.points[0], 0.0)
        legs = len(self.points) - 1
        place = min(legs - 1e-9, max(0.0, self.progress * legs))
        index = int(place)
        t = place - index
        (ax, ay), (bx, by) = self.points[index], self.points[index + 1]
        return ax + (bx - ax) * t, ay + (by - ay) * t, math.degrees(math.atan2(-(by - ay), bx - ax))

    def draw(self, surface: pygame.Surface) -> None:
        x, y, heading = self.position()
        icon = bus_icon(self.colour, self.size)
        if 90 < heading % 360 < 270:
            icon = pygame.transform.flip(icon, False, True)
        turned = pygame.transform.rotozoom(icon, heading, 1.0)
        surface.blit(turned, turned.get_rect(center=(round(x), round(y))))
        rider = passenger(round(self.size * 0.5))
        surface.blit(rider, rider.get_rect(midbottom=(round(x), round(y - self.size * 0.12))))


@dataclass
class StoneFlight(Flight):
    """A time stone taken from the clock to its player's row."""

    start: Point
    end: Point
    size: int
    progress: float = 0.0

    def draw(self, surface: pygame.Surface) -> None:
        control = ((self.start[0] + self.end[0]) / 2, min(self.start[1], self.end[1]) - 140)
        x, y = bezier(self.start, control, self.end, self.progress)
        picture = stone(round(self.size * (1 + 0.5 * math.sin(math.pi * self.progress))))
        surface.blit(picture, picture.get_rect(center=(round(x), round(y))))
