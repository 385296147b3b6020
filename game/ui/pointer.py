"""The pointer's shape: a hand over what a click would do, a text beam over a field to type in.

Every screen says what lies under the pointer (``Scene.pointer_shape``: a widget, a move on a
table's board); the app sets the system cursor once a frame, and only when the shape changes. A
display that has no system cursors (SDL's dummy driver, some remote desktops) keeps its arrow: the
shape helps a player see where a click acts, the game never depends on it.
"""

from __future__ import annotations

from typing import Literal

import pygame

Shape = Literal["arrow", "hand", "text"]

CURSORS: dict[str, int] = {
    "arrow": pygame.SYSTEM_CURSOR_ARROW,
    "hand": pygame.SYSTEM_CURSOR_HAND,
    "text": pygame.SYSTEM_CURSOR_IBEAM,
}


class PointerShape:
    """The system cursor, changed only when the shape wanted changes (SDL makes a cursor each time)."""

    def __init__(self) -> None:
        self.shown: str = "arrow"
        self.available = True  # False once the display refused a system cursor: it is not asked again

    def show(self, shape: str) -> None:
        if shape == self.shown or not self.available:
            return
        try:
            pygame.mouse.set_cursor(CURSORS[shape])
        except pygame.error:
            self.available = False
            return
        self.shown = shape
