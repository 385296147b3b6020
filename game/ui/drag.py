"""Carrying a thing with the pointer, the one way every table does it: a piece or a tile taken up by a
press follows the pointer, held where it was gripped, until the button comes up; let go where it cannot
go, it glides back home. Linja's pieces and Liniell's drawn tile are carried alike.

Nothing here reads a clock: the glide is stepped by the caller's ``dt``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Point = tuple[float, float]

GLIDE_RATE = 14.0  # how fast a thing closes on where it belongs, per second (a third of a second home)
DRAG_SLOP = 8  # pixels the pointer moves, button down, before a press is a drag rather than a click
HOME = 1.5  # pixels from home at which a gliding thing is home


def approach(point: Point, target: Point, dt: float, rate: float = GLIDE_RATE) -> Point:
    """``point`` moved towards ``target`` by the share of the way ``dt`` gives at ``rate``: quick at first,
    settling softly, and the same path whatever the frame rate."""
    share = 1 - math.exp(-rate * max(0.0, dt))
    return point[0] + (target[0] - point[0]) * share, point[1] + (target[1] - point[1]) * share


@dataclass
class Carry:
    """A press that took a thing up: where the pointer is, and where on the thing it was gripped, so the
    thing does not jump to centre itself under the pointer."""

    start: Point  # the pointer at the press
    pointer: Point
    grip: Point  # the thing's centre less the pointer at the press

    @classmethod
    def take(cls, pointer: Point, centre: Point) -> Carry:
        return cls(pointer, pointer, (centre[0] - pointer[0], centre[1] - pointer[1]))

    def move(self, pointer: Point) -> None:
        self.pointer = pointer

    @property
    def centre(self) -> Point:
        """Where the thing is now: under the pointer as it was gripped."""
        return self.pointer[0] + self.grip[0], self.pointer[1] + self.grip[1]

    @property
    def moved(self) -> bool:
        """The pointer has travelled since the press: a drag, no longer a click."""
        return math.dist(self.start, self.pointer) > DRAG_SLOP


class Homing:
    """A thing let go where it cannot go, on its way back to where it belongs (which may move meanwhile)."""

    def __init__(self, at: Point) -> None:
        self.pos = at

    def update(self, home: Point, dt: float) -> bool:
        """One step home; False once it is there."""
        self.pos = approach(self.pos, home, dt)
        return math.dist(self.pos, home) > HOME
