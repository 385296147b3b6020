"""A row of buttons reads at one size: ``widgets.share_row`` widens a button for its label where the row
has room and shrinks every label alike where it has not, and the tables' rows and headings keep clear of
what stands next to them at every text size, in English and German (``tools.text_fit`` records a frame)."""

from __future__ import annotations

import pygame
import pytest

from game.ui import theme
from game.ui.widgets import LABEL_MARGIN, Button, share_row
from tools.text_fit import Drawn, record_shot


def row_of(labels: list[str], sizes: list[int]) -> list[Button]:
    return [Button((0, 0, 10, 10), label, lambda: None, size=size) for label, size in zip(labels, sizes, strict=True)]


def fits(button: Button) -> bool:
    room = button.rect.width - LABEL_MARGIN
    return theme.fit_text(button.label, button.size, room, theme.DISPLAY_FONT) == button.size


def apart(rects: list[pygame.Rect]) -> bool:
    return all(not a.colliderect(b) for index, a in enumerate(rects) for b in rects[index + 1:])


def test_a_row_whose_labels_fit_keeps_its_design():
    buttons = row_of(["Undo", "Hint", "End turn"], [34, 34, 38])
    share_row(buttons, pygame.Rect(100, 900, 800, 86), [250, 250, 268], 16)
    assert [button.rect.width for button in buttons] == [250, 250, 268]
    assert [button.size for button in buttons] == [34, 34, 38]
    assert buttons[0].rect.x == 100 and buttons[-1].rect.right == 900


def test_a_long_label_takes_room_from_a_neighbour_that_has_it_to_spare():
    theme.set_ui_scale(1.5)
    buttons = row_of(["Rückgängig", "Tipp"], [34, 34])
    assert not fits(Button((0, 0, 200, 86), "Rückgängig", lambda: None, size=34))
    share_row(buttons, pygame.Rect(0, 0, 616, 86), [200, 400], 16)
    assert [button.size for button in buttons] == [34, 34]
    assert all(fits(button) for button in buttons)
    assert buttons[0].rect.width > 200 and buttons[1].rect.width < 400
    assert apart([button.rect for button in buttons]) and buttons[1].rect.right == 616


def test_a_row_without_room_shrinks_every_label_alike():
    theme.set_ui_scale(1.5)
    buttons = row_of(["Rückgängig", "Drehen", "Tipp", "Zug beenden"], [34, 34, 34, 38])
    share_row(buttons, pygame.Rect(0, 0, 806, 86), [210, 170, 150, 228], 16)
    assert buttons[0].size == buttons[1].size == buttons[2].size < 34
    assert abs(buttons[3].size / 38 - buttons[0].size / 34) < 0.03  # one factor: End turn stays the biggest
    assert all(fits(button) for button in buttons)
    assert apart([button.rect for button in buttons]) and buttons[0].rect.x >= 0 and buttons[-1].rect.right == 806


def record(shot: str, scale: float, lang: str, tmp_path, monkeypatch) -> Drawn:
    monkeypatch.setenv("LINIE_LANG", lang)
    drawn = record_shot(shot, scale, tmp_path)
    assert drawn is not None
    return drawn


@pytest.mark.parametrize(("lang", "scale"), [("en", 1.0), ("en", 1.5), ("de", 1.5)])
@pytest.mark.parametrize("shot", ["linie1_table_midgame", "linie1_three_dice", "linie1_table_trip"])
def test_linie1s_buttons_under_the_hand_read_at_one_size(shot, lang, scale, tmp_path, monkeypatch):
    """Undo, Rotate, Hint and End turn (or Stop here and Roll 3 dice, or Roll the die alone) each read at
    the size their row gives them ("Zug beenden" is not shrunk below "Tipp"), side by side in the panel."""
    from game.tables.linie1 import layout
    drawn = record(shot, scale, lang, tmp_path, monkeypatch)
    row = sorted((label for label in drawn.labels if label[0].top >= layout.BUTTONS_Y), key=lambda label: label[0].x)
    assert row
    assert all(size == asked for _rect, _text, size, asked in row), row
    secondary = {size for _rect, text, size, _asked in row[:-1]}
    assert len(secondary) <= 1 and all(row[-1][2] >= size for size in secondary), row
    boxes = [rect for kind, rect, name in drawn.items if kind == "box" and name == "Button"
             and rect.top == layout.BUTTONS_Y]
    assert apart(boxes)
    assert all(box.left >= layout.PANEL_X and box.right <= layout.PANEL_X + layout.PANEL_W for box in boxes)


@pytest.mark.parametrize(("lang", "scale"), [("en", 1.0), ("en", 1.5), ("de", 1.5)])
@pytest.mark.parametrize("shot", ["linie1_table_midgame", "linie1_three_dice"])
def test_linie1s_hand_title_stands_clear_of_the_tiles_and_the_route_card(shot, lang, scale, tmp_path, monkeypatch):
    """"Your tiles" ("Deine Plättchen") above the chosen tile's lifted frame, and below the route card."""
    from game.i18n import _, set_language
    from game.tables.linie1 import layout
    drawn = record(shot, scale, lang, tmp_path, monkeypatch)
    try:
        titles = {_("Your tiles"), _("Your spare tiles (face up: others may draw them)")}
    finally:
        set_language("en")
    title = next(rect for rect, text in drawn.texts() if text in titles)
    lifted = layout.slot_rect(0).inflate(12, 12).move(0, -10)
    card = layout.route_card_rect(3)
    assert card.bottom <= title.top and title.bottom <= lifted.top, (title, lifted, card)


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_results_buttons_fit_every_word_they_may_show(app, lang, scale):
    """Play again or Back to the replay beside Title screen, and a LAN table's Waiting…, Close table? and
    Leave table: each reads at the buttons' size, the two side by side and on the screen."""
    from game.i18n import _, set_language
    from game.lan.results import LanResultsScene
    from game.scenes.results import ResultsScene

    class WithLanWords(ResultsScene):
        OTHER_LABELS = LanResultsScene.OTHER_LABELS

    set_language(lang)
    theme.set_ui_scale(scale)
    try:
        for back in (None, (_("Back to the replay"), lambda: None)):
            scene = WithLanWords(app, [], {"winners": [0]}, lambda: None, "Linie 1", back=back)
            words = [scene.again.label, scene.menu.label, *(_(words) for words in LanResultsScene.OTHER_LABELS)]
            for label in words:
                for button in (scene.again, scene.menu):
                    button.label = label
                    assert fits(button), label
            assert scene.again.rect.right < scene.menu.rect.left
            assert scene.again.rect.left >= 0 and scene.menu.rect.right <= theme.WIDTH
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "scale"), [("en", 1.0), ("de", 1.5)])
def test_liniells_tile_card_title_stands_clear_of_the_slot_and_the_stack(lang, scale, tmp_path, monkeypatch):
    """"Plättchen gelegt" at 150 %: drawn before the slot and the face-down stack, a title reaching into
    them lost its descenders."""
    from game.i18n import _, set_language
    from game.tables.liniell.panel import STACK_SPOT, TILE_CARD, TILE_SPOT
    drawn = record("liniell_occupy", scale, lang, tmp_path, monkeypatch)
    try:
        title = _("Tile placed")
    finally:
        set_language("en")
    rect = next(rect for rect, text in drawn.texts() if text == title)
    assert TILE_CARD.top + 8 <= rect.top and rect.bottom <= TILE_SPOT.top, (rect, TILE_SPOT)
    stack_top = STACK_SPOT[1] - 48 - 5 * 5  # six tile backs, each drawn 5 pixels higher than the one below
    assert rect.bottom <= stack_top or rect.right <= STACK_SPOT[0] - 48 - 3 * 5, rect
