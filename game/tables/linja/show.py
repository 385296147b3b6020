"""The Linja table's moving parts: pieces that glide and hop.

Everything here runs on the show's ``dt`` (animation speed applied); nothing reads a clock. A
``Piece`` is one wooden piece on screen: it glides to its slot when its row re-arranges and hops
stick by stick when it moves. Its banners ("Extra turn!") are the shared board ``Banner``; floating
numbers are the shared ``FloatText``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from game.anim import Tween
from game.anim.easing import in_out_sine
from game.ui.drag import approach

HOP_SECONDS = 0.22  # one stick
Point = tuple[float, float]


@dataclass(eq=False)
class Piece:
    """One piece on screen. ``flying`` pieces follow their hop, a ``held`` one the hand that carries it
    (or waits where it was let go for its move to start); resting ones glide to their slot."""

    seat: int
    x: float
    y: float
    lift: float = 0.0
    flying: bool = False
    held: bool = False

    @property
    def pos(self) -> Point:
        return (self.x, self.y)

    def glide(self, target: Point, dt: float) -> None:
        if self.flying or self.held:
            return
        self.x, self.y = approach(self.pos, target, dt)


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
