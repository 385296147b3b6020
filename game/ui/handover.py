"""The open handover between two players at one screen, in a game that hides nothing (Linja, Liniell,
Bus): instead of a cover that waits for a click, a band across the table names the next player in their
colour with what the cover would have said, and fades by itself within a moment.

The band ages on the wall clock (``update`` with real seconds), not on the animation speed: it is for
reading, and a fast animation setting must not make it unreadable.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui import theme
from game.ui.banner import BandStyle, draw_band

HANDOVER_SECONDS = 1.5  # long enough to read a name and a line; the board is playable under it after the deaf moment
HANDOVER_STYLE = BandStyle(height=150, text_size=64, grow_until=0.15, fade_from=0.7, fill_alpha=200, framed=False,
                           title_lift=20, subtitle_drop=40)


@dataclass
class Handover:
    """One handover's band: whose turn it is now (``name`` in ``colour``) and the line under it."""

    name: str
    colour: theme.Colour
    note: str = ""
    age: float = 0.0

    @property
    def done(self) -> bool:
        return self.age >= HANDOVER_SECONDS

    def update(self, seconds: float) -> None:
        self.age += seconds

    def draw(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The band across ``area``'s middle (the whole window: every table's board meets it)."""
        if not self.done:
            draw_band(surface, area, self.name, self.colour, self.age / HANDOVER_SECONDS, HANDOVER_STYLE, self.note)
