"""The final count of a Liniell game as the screen shows it: the routes lit so far, the badges left
by the routes counted, and each player's points counting up. It outlives the show that fills it,
so the lit routes and their badges stay on the board under the results button.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

Point = tuple[float, float]
Colour = tuple[int, int, int]


@dataclass
class Lit:
    """Pieces of a scoring route that have lit up, in the owner's colour."""

    pieces: list[tuple[int, int, int]]
    colour: Colour
    alpha: int = 255


@dataclass
class Badge:
    """A route's total, left beside its marker once the count is done."""

    at: Callable[[], Point]
    text: str
    colour: Colour


@dataclass
class FinalCount:
    lit: list[Lit] = field(default_factory=list)
    badges: list[Badge] = field(default_factory=list)
    counters: list[int] = field(default_factory=lambda: [0, 0])
    running: bool = False  # the count has begun: the panel shows its counters
    done: bool = False

    def begin(self) -> None:
        self.lit.clear()
        self.badges.clear()
        self.counters = [0, 0]
        self.running, self.done = True, False

    def finish(self) -> None:
        for lit in self.lit:
            lit.alpha = 210
        self.done = True
