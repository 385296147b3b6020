"""The hot-seat cover's words keep their margins at every text size and in every language."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.i18n import set_language
from game.scenes.cover import FRAME_INSET, CoverScene
from game.ui import theme
from tests.client.helpers import record_drawn_text

LONG_NOTE = ("Your turn: a first building for the clock's type goes on an empty lot of the inner zone. "
             "Choose its type, then its lot; the others look away meanwhile.")


@pytest.mark.parametrize(("lang", "scale", "note"), [("de", 1.5, ""), ("en", 1.0, ""), ("de", 1.5, LONG_NOTE)])
def test_the_covers_lines_touch_neither_its_frame_nor_each_other(app, monkeypatch, lang, scale, note):
    set_language(lang)
    theme.set_ui_scale(scale)
    try:
        cover = CoverScene(app, "Bimmelbahn-Schorsch", theme.player_colour(0), lambda: None, note=note)
        drawn = record_drawn_text(monkeypatch)
        cover.draw(pygame.Surface((theme.WIDTH, theme.HEIGHT)))
    finally:
        set_language("en")
    card, _ = cover.layout()
    inside = card.inflate(-2 * FRAME_INSET - 2 * theme.px(8), -2 * FRAME_INSET - 2 * theme.px(8))
    words = [rect for text, rect in drawn if card.colliderect(rect)]
    assert len(words) >= 3  # the heading, the name, the note
    for rect in words:
        assert inside.contains(rect), (rect, inside)
    for first, second in itertools.combinations(words, 2):
        assert not first.colliderect(second), (first, second)
    assert card.bottom < cover.button.rect.top  # a grown card stays clear of the button
