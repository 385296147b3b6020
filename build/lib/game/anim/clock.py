"""A clock of scheduled callbacks advanced by ``dt`` (pgzero's ``clock`` without the wall clock)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class _Scheduled:
    due: float
    callback: Callable[[], None]
    interval: float | None
    order: int


class Clock:
    """Runs callbacks once after a delay or repeatedly every interval, in due order."""

    def __init__(self) -> None:
        self.time = 0.0
        self._items: list[_Scheduled] = []
        self._counter = 0

    def schedule(self, delay: float, callback: Callable[[], None]) -> None:
        """Call ``callback`` once, ``delay`` seconds from now."""
        self._add(self.time + max(0.0, delay), callback, None)

    def schedule_interval(self, interval: float, callback: Callable[[], None]) -> None:
        """Call ``callback`` every ``interval`` seconds (the first time after one interval)."""
        if interval <= 0:
            raise ValueError("an interval must be positive")
        self._add(self.time + interval, callback, interval)

    def unschedule(self, callback: Callable[[], None]) -> None:
        self._items = [item for item in self._items if item.callback != callback]

    def pending(self) -> int:
        return len(self._items)

    def _add(self, due: float, callback: Callable[[], None], interval: float | None) -> None:
        self._counter += 1
        self._items.append(_Scheduled(due, callback, interval, self._counter))

    def update(self, dt: float) -> None:
        """Advance time; every callback due by the new time runs, earliest first."""
        target = self.time + dt
        while True:
            due = [item for item in self._items if item.due <= target]
            if not due:
                break
            item = min(due, key=lambda entry: (entry.due, entry.order))
            self.time = max(self.time, item.due)
            if item.interval is None:
                self._items.remove(item)
            else:
                item.due += item.interval
            item.callback()
        self.time = target
