"""Tweens: a value moving from a start to an end over a duration, advanced by ``dt``.

A tween interpolates numbers or equal-length tuples of numbers (positions, colours) and hands each
new value to a setter, or sets an attribute on a target object (pgzero's ``animate`` style). Each
scene owns a ``Tweens`` collection, so leaving a scene drops its animations with it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.anim.easing import Easing, ease

Value = float | tuple[float, ...]


def lerp(start: Value, end: Value, t: float) -> Value:
    """Linear interpolation of numbers or of tuples of numbers, component by component."""
    if isinstance(start, tuple | list):
        assert isinstance(end, tuple | list) and len(start) == len(end)
        return tuple(a + (b - a) * t for a, b in zip(start, end, strict=True))
    assert not isinstance(end, tuple | list)
    return start + (end - start) * t


class Tween:
    """One value animated over ``duration`` seconds (after an optional ``delay``)."""

    def __init__(
        self,
        start: Value,
        end: Value,
        duration: float,
        setter: Callable[[Value], None] | None = None,
        easing: str | Easing = "out_cubic",
        delay: float = 0.0,
        on_done: Callable[[], None] | None = None,
    ) -> None:
        if duration < 0 or delay < 0:
            raise ValueError("durations are never negative")
        self.start, self.end = start, end
        self.duration = duration
        self.delay = delay
        self.setter = setter
        self.easing = ease(easing)
        self.on_done = on_done
        self.elapsed = 0.0
        self.done = False
        self.value: Value = start

    @property
    def progress(self) -> float:
        """Raw (un-eased) progress 0..1, counting only time after the delay."""
        if self.duration == 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    def update(self, dt: float) -> float:
        """Advance by ``dt``; returns the time left over once finished (for chaining)."""
        if self.done:
            return dt
        self.elapsed += dt
        self.value = lerp(self.start, self.end, self.easing(self.progress))
        if self.setter is not None:
            self.setter(self.value)
        if self.elapsed >= self.delay + self.duration:
            self.done = True
            self.value = self.end
            if self.setter is not None:
                self.setter(self.end)
            if self.on_done is not None:
                self.on_done()
            return self.elapsed - self.delay - self.duration
        return 0.0

    def finish(self) -> None:
        """Jump to the end at once (skipping an animation still runs its completion)."""
        if not self.done:
            self.update(self.delay + self.duration - self.elapsed)


def attribute_setter(target: Any, name: str) -> Callable[[Value], None]:
    def set_value(value: Value) -> None:
        setattr(target, name, value)
    return set_value


class Tweens:
    """The running tweens of one owner (a scene or a sprite), updated together."""

    def __init__(self) -> None:
        self._items: list[Tween] = []

    def __len__(self) -> int:
        return len(self._items)

    @property
    def busy(self) -> bool:
        return bool(self._items)

    def add(self, tween: Tween) -> Tween:
        self._items.append(tween)
        return tween

    def to(self, target: Any, duration: float, easing: str | Easing = "out_cubic", delay: float = 0.0,
           on_done: Callable[[], None] | None = None, **attributes: Value) -> list[Tween]:
        """Animate attributes of ``target`` to new values: ``tweens.to(sprite, 0.3, x=10, y=20)``."""
        made = []
        names: Sequence[str] = list(attributes)
        for index, name in enumerate(names):
            last = index == len(names) - 1
            made.append(self.add(Tween(getattr(target, name), attributes[name], duration,
                                       attribute_setter(target, name), easing, delay,
                                       on_done if last else None)))
        return made

    def update(self, dt: float) -> None:
        for tween in list(self._items):
            tween.update(dt)
        self._items = [tween for tween in self._items if not tween.done]

    def clear(self) -> None:
        self._items.clear()
