"""The Linja table's moving parts: pieces that glide and hop, banners, and floating numbers.

Everything here is driven by ``dt`` through the framework's tweens and timelines; nothing reads a
clock. A ``Piece`` is one wooden piece on screen: it glides to its slot when its row re-arranges
and hops stick by stick when it moves. A ``Banner`` sweeps across the board ("Extra turn!"), a
``Floater`` is a number or word that rises and fades ("+3 steps").
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.anim import Tween
from game.anim.easing import in_out_sine, out_back
from game.ui import theme
from game.ui.banner import BandStyle, draw_band

GLIDE_RATE = 14.0  # how fast a resting piece closes on its slot, per second
HOP_SECONDS = 0.22  # one stick
Point = tuple[float, float]


@dataclass(eq=False)
class Piece:
    """One piece on screen. ``flying`` pieces follow their hop; resting ones glide to their slot."""

    seat: int
    x: float
    y: float
    lift: float = 0.0
    flying: bool = False

    @property
    def pos(self) -> Point:
        return (self.x, self.y)

    def glide(self, target: Point, dt: float) -> None:
        if self.flying:
            return
        share = 1 - math.exp(-GLIDE_RATE * dt)
        self.x += (target[0] - self.x) * share
        self.y += (target[1] - self.y) * share


def hop_tween(flight: Callable[[], tuple[Piece, Point, Point]], hops: int,
              on_hop: Callable[[int], None]) -> Tween:
    """A piece jumps ``hops`` sticks; ``flight()`` gives the piece, where it took off and its slot.

    The flight is asked each frame, because the piece is only chosen when the move's turn comes in
    the timeline and its slot moves as its new row makes room. Each stick is one jump: the piece
    rises (``lift``) and comes down on the far side, highest right over the stick. ``on_hop(n)``
    fires as it touches down after jump ``n``.
    """
    hops = max(1, hops)
    landed = [0]

    def place(value: float | tuple[float, ...]) -> None:
        assert isinstance(value, float | int)
        piece, start, end = flight()
        jump = min(int(value), hops - 1)
        local = min(1.0, float(value) - jump)
        share = (jump + in_out_sine(local)) / hops
        piece.x = start[0] + (end[0] - start[0]) * share
        piece.y = start[1] + (end[1] - start[1]) * share
        piece.lift = math.sin(math.pi * local) if value < hops else 0.0
        while landed[0] < min(hops, int(value + 1e-9)):
            landed[0] += 1
            on_hop(landed[0])

    return Tween(0.0, float(hops), 0.08 + HOP_SECONDS * hops, place, "linear")


BANNER_STYLE = BandStyle(height=200, text_size=92, grow_until=0.2, fade_from=0.82, fill_alpha=228, framed=False,
                         title_lift=24, subtitle_drop=52)


@dataclass
class Banner:
    """A band across the board with a big word and a line under it; ``progress`` runs 0..1."""

    area: pygame.Rect
    text: str
    colour: theme.Colour
    subtitle: str = ""
    progress: float = 0.0

    def set_progress(self, value: float | tuple[float, ...]) -> None:
        assert isinstance(value, float | int)
        self.progress = float(value)

    @property
    def active(self) -> bool:
        return 0.0 < self.progress < 1.0

    def draw(self, surface: pygame.Surface) -> None:
        if self.active:
            draw_band(surface, self.area, self.text, self.colour, self.progress, BANNER_STYLE, self.subtitle)


@dataclass
class Floater:
    """A short text that rises from a point and fades out."""

    text: str
    pos: Point
    colour: theme.Colour
    size: int = 40
    life: float = 1.1
    rise: float = 70.0
    age: float = 0.0

    @property
    def alive(self) -> bool:
        return self.age < self.life


@dataclass
class Floaters:
    items: list[Floater] = field(default_factory=list)

    def add(self, text: str, pos: Point, colour: theme.Colour, size: int = 40, life: float = 1.1,
            rise: float = 70.0) -> None:
        self.items.append(Floater(text, pos, colour, size, life, rise))

    def update(self, dt: float) -> None:
        for item in self.items:
            item.age += dt
        self.items = [item for item in self.items if item.alive]

    def clear(self) -> None:
        self.items.clear()

    def draw(self, surface: pygame.Surface) -> None:
        for item in self.items:
            t = item.age / item.life
            pop = out_back(min(1.0, t / 0.25))
            rise = item.rise * (1 - (1 - t) ** 2)
            alpha = 255 if t < 0.6 else int(255 * max(0.0, (1 - t) / 0.4))
            size = max(8, int(item.size * (0.6 + 0.4 * pop)))
            image = theme.render_text(item.text, size, item.colour, theme.DISPLAY_FONT)
            shadow = theme.render_text(item.text, size, theme.SHADOW, theme.DISPLAY_FONT)
            x, y = item.pos
            rect = image.get_rect(center=(round(x), round(y - rise)))
            for layer, offset in ((shadow, 3), (image, 0)):
                if alpha < 255:
                    layer = layer.copy()
                    layer.set_alpha(alpha)
                surface.blit(layer, rect.move(0, offset))
