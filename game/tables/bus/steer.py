"""Arrow keys on the map go the way they point: from the street, lot or crossing lit now to the
nearest one that lies that way on the screen. Stepping through the choices by number sent Up from
street 0-1 (bottom left) to 34-35 (top right), and a first street anywhere on the map took dozens of
presses to reach."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import TypeVar

Point = tuple[float, float]
Key = TypeVar("Key", bound=Hashable)
ARROWS = {"left": (-1.0, 0.0), "right": (1.0, 0.0), "up": (0.0, -1.0), "down": (0.0, 1.0)}
WIDEST = 1.75  # how far aside a place may lie for each pixel it lies ahead: within about 60° of the arrow


def toward(here: Point, places: Mapping[Key, Point], arrow: str) -> Key | None:
    """The place nearest ``here`` that lies the arrow's way (ahead of it, within about 60° of its
    direction; a place straight ahead counts nearer than one as far off to the side), or None when
    nothing lies that way."""
    dx, dy = ARROWS[arrow]
    best: tuple[float, Key] | None = None
    for key, (x, y) in places.items():
        vx, vy = x - here[0], y - here[1]
        ahead, aside = vx * dx + vy * dy, abs(vx * dy - vy * dx)
        if ahead < 1.0 or aside > ahead * WIDEST:
            continue
        cost = ahead + 2.0 * aside
        if best is None or cost < best[0]:
            best = (cost, key)
    return None if best is None else best[1]
