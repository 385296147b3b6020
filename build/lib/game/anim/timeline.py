"""Timelines: steps played one after another (tweens, waits, calls, and parallel groups).

A table scene turns a batch of game events into one timeline — a tile slides in, then the stop
sign pops, then the hand refills — and only accepts new input once the timeline is finished.
"""

from __future__ import annotations

from collections.abc import Callable

from game.anim.tween import Tween


class _Step:
    def update(self, dt: float) -> float:
        """Advance; return the unused part of ``dt`` once finished, else 0 (and not done)."""
        raise NotImplementedError

    done = False


class _TweenStep(_Step):
    def __init__(self, tween: Tween) -> None:
        self.tween = tween

    def update(self, dt: float) -> float:
        left = self.tween.update(dt)
        self.done = self.tween.done
        return left


class _Wait(_Step):
    def __init__(self, seconds: float) -> None:
        self.left = seconds

    def update(self, dt: float) -> float:
        self.left -= dt
        if self.left <= 0:
            self.done = True
            return -self.left
        return 0.0


class _Call(_Step):
    def __init__(self, callback: Callable[[], None]) -> None:
        self.callback = callback

    def update(self, dt: float) -> float:
        self.callback()
        self.done = True
        return dt


class _Parallel(_Step):
    def __init__(self, steps: list[_Step]) -> None:
        self.steps = steps

    def update(self, dt: float) -> float:
        leftovers = [step.update(dt) for step in self.steps if not step.done]
        self.done = all(step.done for step in self.steps)
        return min(leftovers, default=dt) if self.done else 0.0


class Timeline:
    """A sequence of steps; ``then``/``wait``/``call``/``together`` build it, ``update`` plays it."""

    def __init__(self) -> None:
        self._steps: list[_Step] = []
        self._index = 0

    @property
    def done(self) -> bool:
        return self._index >= len(self._steps)

    def then(self, tween: Tween) -> Timeline:
        self._steps.append(_TweenStep(tween))
        return self

    def wait(self, seconds: float) -> Timeline:
        self._steps.append(_Wait(seconds))
        return self

    def call(self, callback: Callable[[], None]) -> Timeline:
        self._steps.append(_Call(callback))
        return self

    def together(self, *tweens: Tween) -> Timeline:
        """Play several tweens at once; the step ends when the longest one does."""
        self._steps.append(_Parallel([_TweenStep(tween) for tween in tweens]))
        return self

    def update(self, dt: float) -> None:
        while not self.done:
            step = self._steps[self._index]
            dt = step.update(dt)
            if not step.done:
                return
            self._index += 1
            if dt <= 0 and not self.done and not isinstance(self._steps[self._index], _Call):
                return

    def finish(self) -> None:
        """Play everything left at once (used when the player skips an animation)."""
        guard = 0
        while not self.done and guard < 10_000:
            self.update(1e6)
            guard += 1
