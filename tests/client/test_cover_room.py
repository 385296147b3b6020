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


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_nothing_of_the_cover_peeks_out_under_the_edge_of_the_rules_opened_over_it(app, monkeypatch, scale):
    from game.scenes import rules

    theme.set_ui_scale(scale)
    cover = CoverScene(app, "Ada", theme.player_colour(0), lambda: None)
    app.push(cover)
    drawn = record_drawn_text(monkeypatch)
    app.stack.draw(pygame.Surface((theme.WIDTH, theme.HEIGHT)))
    assert any("F1" in text for text, _rect in drawn)  # on top, the cover names its keys
    app.push(rules.RulesScene(app))
    drawn.clear()
    real_panel = theme.panel
    beneath: list[tuple[str, pygame.Rect]] = []

    def panel(surface, rect, *args, **kwargs):  # type: ignore[no-untyped-def]
        if rect == rules.PANEL and not beneath:  # the rules' panel: everything drawn so far lies beneath it
            beneath.extend(drawn)
        return real_panel(surface, rect, *args, **kwargs)

    monkeypatch.setattr(theme, "panel", panel)
    app.stack.draw(pygame.Surface((theme.WIDTH, theme.HEIGHT)))
    assert beneath
    for text, rect in beneath:  # hidden under the panel, or clear of it: never cut by its edge
        assert rules.PANEL.contains(rect) or not rules.PANEL.colliderect(rect), (text, rect)
