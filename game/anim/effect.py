"""Effects: the drawable steps of a show (a tile in flight, a die tumbling, a banner).

An effect starts when its turn comes in a timeline, runs on ``dt``, is drawn while it runs, and
ends by handing over what it stands for (a tile lands on its square): ``end`` runs exactly once
whether the effect played out or was skipped, so nothing on the table can depend on watching.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.anim.easing import ease


class Effect:
    """A timed, drawable step; subclasses set ``duration`` and override what they need."""

    duration = 0.3
    over_particles = False  # drawn over the confetti and sparks (a banner's words), not under them

    def __init__(self) -> None:
        self.elapsed = 0.0

    @property
    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)

    def start(self) -> None:
        """Its turn has come."""

    def update(self, dt: float) -> bool:
        """Advance; True once it has run its time."""
        self.elapsed += dt
        return self.elapsed >= self.duration

    def end(self) -> None:
        """Over (played or skipped): apply what it stands for."""

    def draw(self, surface: pygame.Surface) -> None:
        """Drawn every frame while it runs."""


class Actor(Effect):
    """An effect that is all drawing: ``paint(surface, progress)`` for ``duration`` seconds, then
    ``on_end`` (often: release the mask that hid what it carried). ``easing`` shapes the progress
    ``paint`` is given (a flight that eases in and out)."""

    def __init__(self, duration: float, paint: Callable[[pygame.Surface, float], None],
                 on_start: Callable[[], None] | None = None, on_end: Callable[[], None] | None = None,
                 easing: str = "linear") -> None:
        super().__init__()
        self.duration = duration
        self.paint, self.on_start, self.on_end = paint, on_start, on_end
        self.shape = ease(easing)

    def start(self) -> None:
        if self.on_start is not None:
            self.on_start()

    def end(self) -> None:
        if self.on_end is not None:
            self.on_end()

    def draw(self, surface: pygame.Surface) -> None:
        self.paint(surface, self.shape(self.progress))
