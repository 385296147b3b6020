"""Text placed by its middle sits in the middle of its row: a font's surface keeps room for
descenders below the letters, so centring the surface put every row label a few pixels high."""

from __future__ import annotations

import pygame
import pytest

from game.ui import theme
from game.ui.widgets import Toggle

BACK = (0, 0, 0)


def ink_rows(surface: pygame.Surface, other: pygame.Surface | None = None) -> tuple[int, int]:
    """The first and one past the last row holding pixels that differ from ``other`` (or from black)."""
    rows = [y for y in range(surface.get_height())
            if any(surface.get_at((x, y))[:3] != (other.get_at((x, y))[:3] if other else BACK)
                   for x in range(surface.get_width()))]
    assert rows, "nothing was drawn"
    return rows[0], rows[-1] + 1


def ink_middle(surface: pygame.Surface, other: pygame.Surface | None = None) -> float:
    return sum(ink_rows(surface, other)) / 2


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("face", [theme.TEXT_FONT, theme.TEXT_BOLD_FONT, theme.DISPLAY_FONT])
@pytest.mark.parametrize(("anchor", "size"), [("midleft", 30), ("center", 44), ("midright", 24), ("center", 72)])
def test_a_label_placed_by_its_middle_has_its_ink_in_the_middle(scale, face, anchor, size) -> None:
    theme.set_ui_scale(scale)
    row = pygame.Rect(0, 0, 600, 140)
    surface = pygame.Surface(row.size)
    at = {"midleft": row.midleft, "center": row.center, "midright": row.midright}[anchor]
    drawn = theme.draw_text(surface, "Fullscreen HMT", at, size, theme.CREAM, face, anchor)
    assert abs(ink_middle(surface) - row.centery) <= 1
    top, bottom = ink_rows(surface)
    assert drawn.top <= top and bottom <= drawn.bottom  # the rect a screen checks for room holds the letters


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_a_settings_switch_label_sits_in_the_middle_of_its_row(scale) -> None:
    """Settings → "Fullscreen": the label's own pixels (the row drawn with and without it) are centred."""
    theme.set_ui_scale(scale)
    rect = pygame.Rect(10, 10, 900, 84)
    drawn = []
    for label in ("Fullscreen", ""):
        surface = pygame.Surface((920, 104))
        toggle = Toggle(rect, "placeholder", True, lambda _on: None)
        toggle.draw_switch(surface, rect, label)
        drawn.append(surface.subsurface(pygame.Rect(rect.x, 0, 400, 104)))
    assert abs(ink_middle(drawn[0], drawn[1]) - rect.centery) <= 1


def test_text_placed_by_its_top_is_not_moved() -> None:
    """Only the middle anchors are centred on the capitals: a line placed by its top stays put."""
    image = theme.render_text("Mute", 30)
    assert theme.draw_text(pygame.Surface((200, 100)), "Mute", (5, 7), 30).topleft == (5, 7)
    assert theme.draw_text(pygame.Surface((200, 100)), "Mute", (100, 50), 30, anchor="midtop").size == image.get_size()


def test_a_title_keeps_its_whole_line_centred_so_the_words_under_it_stay_clear() -> None:
    """"Open a replay file" at 150 %: moved down like a row label, its descenders touched the prompt under it."""
    theme.set_ui_scale(1.5)
    image = theme.render_text("Open a replay file", 56, face=theme.DISPLAY_FONT)
    drawn = theme.heading(pygame.Surface((1200, 300)), "Open a replay file", (600, 150), 56)
    assert drawn.size == image.get_size()
    assert drawn.center == (600, 150)
