"""A lasting notice: a panel that stays while its cause does (saving fails, the host has left).

Below the tables and the LAN screens that show one: a table keeps a place for it (``TableScene.
notice_anchor``), the LAN HUD, lobby and results draw theirs there, and so does a table on one screen.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pygame

from game.files import reason_in_words
from game.i18n import N_, _
from game.ui import theme

# Where a persistent notice (saving fails, the host has left) stands unless the table names a better
# place (``TableScene.notice_anchor``): the top centre.
NOTICE_BOX = pygame.Rect(theme.WIDTH // 2 - 520, 8, 1040, 64)
NOTICE_PAD_X, NOTICE_PAD_Y = 14, 4


SAVE_RETRIES = {  # when the table tries to save again, as the screen showing the notice can say it
    "game": N_("Not saved ({problem}): every move tries again."),
    "lobby": N_("Not saved ({problem}): every change of seats tries again, and the start of the game."),
    "results": N_("Not saved ({problem}): the next game tries again, or closing the table."),
}


def draw_save_problem(surface: pygame.Surface, problem: str, box: pygame.Rect = NOTICE_BOX,
                      moment: str = "game") -> pygame.Rect:
    """What the player whose program saves the table must know: saving fails, why, and when it is
    tried again (``moment``: the screen showing it, "game", "lobby" or "results")."""
    return draw_notice(surface, save_problem_words(problem, moment), box)


def room_left_of(band: pygame.Rect, widgets: Iterable[Any], gap: int = 24) -> pygame.Rect:
    """``band`` cut short on the right so that it stops ``gap`` before the first of ``widgets`` that
    stands in its height: a screen's notice keeps clear of its buttons however wide their words
    made them (German at 150 %)."""
    row = pygame.Rect(band.x, band.y, theme.WIDTH, band.height)  # the band and everything right of it
    right = min((widget.rect.left for widget in widgets
                 if getattr(widget, "visible", True) and widget.rect.colliderect(row) and widget.rect.left > band.x),
                default=band.right + gap)
    return pygame.Rect(band.x, band.y, min(band.width, right - gap - band.x), band.height)


def save_problem_words(problem: str, moment: str = "game") -> str:
    return _(SAVE_RETRIES[moment]).format(problem=reason_in_words(problem))


def draw_notice(surface: pygame.Surface, text: str, box: pygame.Rect) -> pygame.Rect:
    """A notice that stays while its cause does, in ``box`` (a place the table keeps free of anything
    a player needs): as wide as the box, as tall as its words, which are wrapped and shrunk as far as
    the box asks. Returns the panel drawn."""
    size, lines, step = theme.fit_lines(text, 24, box.width - 2 * NOTICE_PAD_X, box.height - 2 * NOTICE_PAD_Y,
                                        theme.TEXT_BOLD_FONT, minimum=14)
    panel = pygame.Rect(box.x, box.y, box.width, len(lines) * step + 2 * NOTICE_PAD_Y)
    theme.panel(surface, panel, theme.NIGHT_2, 16, theme.CORAL, 4)
    for index, line in enumerate(lines):
        theme.draw_text(surface, line, (panel.centerx, panel.y + NOTICE_PAD_Y + index * step), size, theme.CREAM,
                        theme.TEXT_BOLD_FONT, "midtop")
    return panel
