"""Timelines: steps played one after another (tweens, waits, calls, effects, parallel groups).

A table's show turns a batch of game events into one timeline — a tile slides in, then the stop
sign pops, then the hand refills — and the table only accepts new input once it is finished.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from game.anim.effect import Effect
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


class _EffectStep(_Step):
    """An effect: started when reached, drawn while it runs, ended once (played or skipped)."""

    def __init__(self, effect: Effect) -> None:
        self.effect = effect
        self.started = False

    def update(self, dt: float) -> float:
        if not self.started:
            self.started = True
            self.effect.start()
        if not self.effect.update(dt):
            return 0.0
        self.done = True
        self.effect.end()
        return max(0.0, self.effect.elapsed - self.effect.duration)

    def running(self) -> Iterator[Effect]:
        if self.started and not self.done:
            yield self.effect


class _Parallel(_Step):
    def __init__(self, steps: list[_Step]) -> None:
        self.steps = steps

    def update(self, dt: float) -> float:
        leftovers = [step.update(dt) for step in self.steps if not step.done]
        self.done = all(step.done for step in self.steps)
        return min(leftovers, default=dt) if self.done else 0.0

    def running(self) -> Iterator[Effect]:
        for step in self.steps:
            if isinstance(step, _EffectStep | _Parallel):
                yield from step.running()


class Timeline:
    """A sequence of steps; ``then``/``wait``/``call``/``together`` build it, ``update`` plays it."""

    def __init__(self) -> None:
        self._steps: list[_Step] = []
        self._index = 0

    @property
    def done(self) -> bool:
        return self._index >= len(self._steps)

    def clear(self) -> None:
        """Drop every step: a timeline that could not be built plays nothing."""
        self._steps.clear()
        self._index = 0

    def then(self, tween: Tween) -> Timeline:
        self._steps.append(_TweenStep(tween))
        return self

    def wait(self, seconds: float) -> Timeline:
        self._steps.append(_Wait(seconds))
        return self

    def call(self, callback: Callable[[], None]) -> Timeline:
        self._steps.append(_Call(callback))
        return self

    def play(self, effect: Effect) -> Timeline:
        """Play an effect: it is drawn (see ``running``) from its start to its end."""
        self._steps.append(_EffectStep(effect))
        return self

    def together(self, *steps: Tween | Effect) -> Timeline:
        """Play several tweens or effects at once; the step ends when the longest one does."""
        self._steps.append(_Parallel([_EffectStep(step) if isinstance(step, Effect) else _TweenStep(step)
                                      for step in steps]))
        return self

    def running(self) -> list[Effect]:
        """The effects playing right now, to be drawn this frame."""
        if self.done:
            return []
        step = self._steps[self._index]
        return list(step.running()) if isinstance(step, _EffectStep | _Parallel) else []

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
