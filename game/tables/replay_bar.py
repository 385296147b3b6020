"""The replay viewer's control bar: the buttons, the eyes and speed choices, and the game's timeline.

The timeline is the whole game from left to right with a tick at each turn; a click (or a drag,
decided on release) jumps to the turn under the pointer. Pure drawing and input: what a jump or a
button does is the viewer's (``game.tables.replay``).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _
from game.ui import theme
from game.ui.widgets import Widget

BAR = pygame.Rect(0, 956, theme.WIDTH, theme.HEIGHT - 956)
TIMELINE = pygame.Rect(40, BAR.y + 10, theme.WIDTH - 80, 30)
ROW_Y = BAR.y + 50  # the buttons' row
ROW_H = 64


class Timeline(Widget):
    """The game from its first action to its end; ticks at turn starts, the position as a knob."""

    acts_on_press = True
    focusable = True
    tooltip_above = True  # below it stand the buttons and the position the jump changes

    def __init__(self, rect: pygame.Rect, length: int, turn_starts: list[int],
                 on_pick: Callable[[int], None]) -> None:
        super().__init__(rect, _("Click or drag to jump to a turn."))
        self.length = length
        self.turn_starts = turn_starts
        self.on_pick = on_pick
        self.position = 0
        self.preview: int | None = None  # where a drag would jump, while the button is down

    def x_of(self, position: int) -> int:
        return self.rect.x + round(self.rect.width * position / max(1, self.length))

    def at(self, x: int) -> int:
        """The turn start under ``x`` (the end when past the last turn's middle)."""
        fraction = min(1.0, max(0.0, (x - self.rect.x) / max(1, self.rect.width)))
        wanted = fraction * self.length
        if not self.turn_starts or wanted >= self.length - 0.5:
            return self.length
        return max((start for start in self.turn_starts if start <= wanted), default=0)

    def press(self, pos: tuple[int, int]) -> None:
        self.preview = self.at(pos[0])

    def drag(self, pos: tuple[int, int]) -> None:
        self.preview = self.at(pos[0])

    def release(self, pos: tuple[int, int]) -> None:
        chosen, self.preview = self.at(pos[0]), None
        self.on_pick(chosen)

    def activate(self) -> None:
        """Enter on the timeline: nothing to choose without the pointer."""

    def draw(self, surface: pygame.Surface) -> None:
        track = pygame.Rect(self.rect.x, self.rect.centery - 5, self.rect.width, 10)
        pygame.draw.rect(surface, theme.SHADOW, track, border_radius=5)
        done = track.copy()
        done.width = max(10, self.x_of(self.position) - track.x)
        pygame.draw.rect(surface, theme.TANGERINE, done, border_radius=5)
        step = max(1, len(self.turn_starts) // 120)  # a long game: not every tick, or they blur
        for start in self.turn_starts[::step]:
            x = self.x_of(start)
            pygame.draw.line(surface, theme.PLUM_LIGHT if x > done.right else theme.TANGERINE_DARK,
                             (x, track.y - 6), (x, track.bottom + 5), 2)
        knob = (self.x_of(self.position), track.centery)
        pygame.draw.circle(surface, theme.SHADOW, (knob[0], knob[1] + 3), 14)
        pygame.draw.circle(surface, theme.CREAM if self.glow < 0.5 else theme.SUNFLOWER, knob, 14)
        pygame.draw.circle(surface, theme.TANGERINE, knob, 6)
        if self.preview is not None:
            x = self.x_of(self.preview)
            pygame.draw.circle(surface, theme.SUNFLOWER, (x, track.centery), 10, 3)
        self.draw_focus(surface, 10)


def draw_bar(surface: pygame.Surface) -> None:
    """The bar's ground, under its widgets."""
    pygame.draw.rect(surface, theme.NIGHT, BAR)
    pygame.draw.line(surface, theme.PLUM_LIGHT, BAR.topleft, BAR.topright, 3)


def draw_position(surface: pygame.Surface, rect: pygame.Rect, lines: tuple[str, str], colour: theme.Colour) -> None:
    """Where the replay stands, in two lines: the turn and action, then who acts or the end."""
    top, below = lines
    size = theme.fit_text(top, 28, rect.width, theme.DISPLAY_FONT)
    theme.draw_text(surface, top, (rect.centerx, rect.y + 2), size, theme.CREAM, theme.DISPLAY_FONT, "midtop")
    below, size = shortened(below, 22, rect.width, theme.TEXT_BOLD_FONT)
    theme.draw_text(surface, below, (rect.centerx, rect.y + 36), size, colour, theme.TEXT_BOLD_FONT, "midtop")


LEAST_SIZE = 15  # design size: smaller, the line under the position no longer reads beside its neighbours


def shortened(text: str, size: int, width: int, face: str) -> tuple[str, int]:
    """``text`` and the size that fits it in ``width``; where it would read below ``LEAST_SIZE`` its
    last " · " parts are left out ("The end: Ada won · every secret shown" keeps "The end: Ada won"),
    and a single part still too long ends in "…", so the line never runs under the buttons beside it."""
    parts = text.split(" · ")
    while len(parts) > 1 and theme.fit_text(" · ".join(parts), size, width, face) < LEAST_SIZE:
        parts.pop()
    text = " · ".join(parts)
    fitted = theme.fit_text(text, size, width, face)
    while theme.font(fitted, face).size(text)[0] > width and len(text) > 1:
        text = text[:-2].rstrip() + "…"
    return text, fitted
