"""Settings → Text size: validated and saved, applied at once, and at 150 % the main screens keep
every text inside its box (``tools.text_fit`` measures what a frame draws)."""

from __future__ import annotations

import json
import math

import pygame
import pytest

from game.config import UI_SCALES, Settings, load_settings
from game.scenes.settings import PANEL, SettingsScene
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import Button, Choice, FocusGroup
from tools.text_fit import Drawn, check_shot, problems, recording

SCREEN = pygame.Rect(0, 0, theme.WIDTH, theme.HEIGHT)


@pytest.mark.parametrize(("stored", "loaded"), [
    (1.25, 1.25), (1.5, 1.5), (1, 1.0), (1.3, 1.25), (9, 1.5), (0.2, 1.0),
    ("150 %", 1.0), (True, 1.0), (None, 1.0), (math.nan, 1.0), ([1.5], 1.0),
])
def test_a_stored_text_size_is_one_offered_or_the_default(tmp_path, stored, loaded):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"ui_scale": stored, "mute": True}))
    settings = load_settings(path)
    assert settings.ui_scale == loaded
    assert settings.ui_scale in UI_SCALES
    assert settings.mute is True  # the other fields are kept


def test_choosing_a_text_size_applies_at_once_and_is_saved(tmp_path):
    from game.app import App
    path = tmp_path / "settings.json"
    app = App(settings=Settings(fullscreen=False, mute=True), settings_file=path)
    app.push(SettingsScene(app))
    scene = app.stack.top
    before = theme.render_text("Text size", 30).get_height()
    scene.ui.set_focus(scene.text_size)
    app.dispatch(Intent("right"))
    assert app.settings.ui_scale == 1.25 and theme.ui_scale() == 1.25
    app.dispatch(Intent("right"))
    assert theme.ui_scale() == 1.5
    assert theme.render_text("Text size", 30).get_height() >= before * 1.4
    assert load_settings(path).ui_scale == 1.5
    App(settings=load_settings(path), settings_file=path)  # the next start opens at the saved size
    assert theme.ui_scale() == 1.5


def test_every_settings_row_and_button_fits_the_panel_apart(app):
    """Fullscreen, volume, mute, speed, name, hints, text size (and the rows still to come) fit."""
    scene = SettingsScene(app)
    rects = [widget.rect for widget in scene.ui.widgets] + [scene.name_row]
    assert all(PANEL.contains(rect) for rect in rects)
    assert SCREEN.contains(PANEL)
    rows = [widget.rect for widget in scene.ui.widgets if widget.rect.width > 600]
    assert len(rows) >= 6
    for index, rect in enumerate(rows):
        assert all(not rect.colliderect(other) for other in rows[index + 1:])


def test_measuring_text_follows_the_size_it_is_drawn_at():
    sentence = "Connect your two terminals through all your stops, then ride the first tram of your line"
    at_100 = (theme.wrap(sentence, 26, 600), theme.fit_text(sentence, 40, 900), theme.font(30).get_height())
    theme.set_ui_scale(1.5)
    at_150 = (theme.wrap(sentence, 26, 600), theme.fit_text(sentence, 40, 900), theme.font(30).get_height())
    assert len(at_150[0]) > len(at_100[0])  # more lines to the same width
    assert at_150[1] < at_100[1]  # a smaller design size fits the same width
    assert at_150[2] >= at_100[2] * 1.4
    assert theme.px(34) == 51


def test_board_art_keeps_its_own_sizes():
    @theme.natural_size
    def label_height() -> int:
        return theme.render_text("Museum", 20).get_height()

    plain = label_height()
    theme.set_ui_scale(1.5)
    assert label_height() == plain
    assert theme.ui_scale() == 1.5  # restored after the drawing


def test_fitted_lines_stay_in_their_height():
    text = "Pieces in the other half score 5 on the goal row, then 3, 2 and 1 on the rows nearest it. " * 3
    theme.set_ui_scale(1.5)
    size, lines, step = theme.fit_lines(text, 26, 400, 150)
    assert len(lines) * step <= 150 or size == 12
    assert all(theme.font(size).size(line)[0] <= 400 for line in lines)
    cut = theme.first_lines(["one", "two", "three"], 2)
    assert cut == ["one", "two…"]


def test_the_checker_finds_real_overflow():
    drawn = Drawn()
    drawn.box(pygame.Rect(100, 100, 300, 80), "panel")
    drawn.text(pygame.Rect(110, 110, 200, 30), "fits")
    drawn.text(pygame.Rect(110, 130, 200, 30), "over the line above")
    drawn.text(pygame.Rect(330, 150, 120, 30), "past the panel's edge")
    drawn.text(pygame.Rect(1800, 10, 300, 30), "off the screen")
    found = problems(drawn, SCREEN)
    assert any("over the line above" in line and "overlaps" in line for line in found)
    assert any("past the panel's edge" in line and "sticks out" in line for line in found)
    assert any("off the screen" in line and "leaves the screen" in line for line in found)
    assert not any(line.startswith("'fits'") for line in found)
    drawn.box(pygame.Rect(90, 90, 500, 200), "panel")  # a panel over them hides them
    drawn.text(pygame.Rect(110, 112, 200, 30), "on the new panel")
    assert not any("on the new panel" in line for line in problems(drawn, SCREEN))


def test_the_checker_finds_a_label_shrunk_on_its_button(app):
    """A label fitted into a narrow button reads smaller than its neighbours: named with both sizes;
    one at its size, or a choice whose value fits, is not."""
    theme.set_ui_scale(1.5)
    group = FocusGroup([Button((100, 100, 400, 80), "Undo", lambda: None, size=34),
                        Button((520, 100, 160, 80), "Roll three dice", lambda: None, size=34),
                        Choice((100, 300, 900, 70), "Language", [("en", "English")], "en", lambda value: None),
                        Choice((100, 400, 400, 70), "Language", [("de", "As the system (Deutsch)")], "de",
                               lambda value: None, label_width=200)])
    with recording() as drawn:
        group.draw(app.screen)
    found = problems(drawn, SCREEN)
    assert any(line.startswith("'Roll three dice'") and "of its button's 34" in line for line in found)
    assert any(line.startswith("'As the system (Deutsch)'") and "of its button's 30" in line for line in found)
    assert not any(line.startswith(("'Undo'", "'English'")) for line in found), found
    assert len(found) == 2


def test_the_checker_finds_text_over_text_of_another_box():
    drawn = Drawn()
    drawn.box(pygame.Rect(100, 100, 300, 80), "panel")
    drawn.text(pygame.Rect(110, 110, 200, 30), "a caption")
    drawn.box(pygame.Rect(250, 105, 100, 60), "Button")
    drawn.text(pygame.Rect(260, 115, 80, 30), "a label")
    assert any("'a label'" in line and "overlaps 'a caption'" in line for line in problems(drawn, SCREEN))


def test_the_checker_finds_text_a_widget_drawn_after_it_hides_in_part():
    """Open file…'s prompt at 150 % ran under the path field drawn after it: the field hid the foot
    of its letters, and no other check saw it (no text over text, none out of its panel)."""
    drawn = Drawn()
    drawn.box(pygame.Rect(200, 300, 1500, 440), "panel")
    drawn.text(pygame.Rect(260, 412, 1174, 47), "a prompt")
    drawn.text(pygame.Rect(260, 600, 300, 40), "clear of the field")
    drawn.box(pygame.Rect(260, 450, 1400, 76), "TextInput")
    drawn.text(pygame.Rect(270, 460, 600, 50), "the field's own text")
    found = problems(drawn, SCREEN)
    assert found == ["'a prompt' (260, 412, 1174, 47) lies partly under TextInput (260, 450, 1400, 76)"]


def test_the_checker_finds_buttons_run_into_each_other():
    drawn = Drawn()
    drawn.box(pygame.Rect(0, 0, 900, 300), "panel")
    drawn.box(pygame.Rect(100, 100, 300, 80), "Button")
    drawn.box(pygame.Rect(390, 100, 300, 80), "Button")  # 10 pixels into its neighbour
    drawn.box(pygame.Rect(710, 100, 100, 80), "Button")
    drawn.box(pygame.Rect(50, 50, 300, 200), "panel")  # panels over widgets are pictures, not controls
    found = problems(drawn, SCREEN)
    assert found == ["Button (390, 100, 300, 80) overlaps Button (100, 100, 300, 80)"]


MAIN_SCREENS = ["title_continue", "setup", "settings", "pause", "rules", "linie1_results",
                "linie1_table_midgame", "linie1_hint", "linie1_hint_five", "linja_table_following", "liniell_occupy",
                "bus_line", "bus_choose", "lan_lobby", "lan_join", "keys"]


@pytest.mark.parametrize("shot", MAIN_SCREENS)
def test_at_150_percent_no_text_overflows_its_box(shot, tmp_path):
    assert check_shot(shot, 1.5, tmp_path) == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_three_dices_meanings_stand_apart_at_every_text_size(lang, monkeypatch):
    from game.i18n import _, set_language
    from game.render.linie1.die import LIGHT_WORDS, draw_meaning, meaning_room
    from game.tables.linie1.layout import dice_spots
    from game.tables.linie1.staging import DICE_SIZE
    pygame.font.init()
    pills: list[pygame.Rect] = []
    real = theme.panel
    monkeypatch.setattr(theme, "panel", lambda surface, rect, *args: (pills.append(pygame.Rect(rect)),
                                                                         real(surface, rect, *args)))
    set_language(lang)
    try:
        for scale in UI_SCALES:
            theme.set_ui_scale(scale)
            spots = dice_spots((600, 500), 3, DICE_SIZE)
            longest = max((_(words) for words in LIGHT_WORDS.values()), key=len)
            pills.clear()
            for spot in spots:
                draw_meaning(pygame.Surface((1920, 1080)), longest, spot, DICE_SIZE, meaning_room(spots), None, 0)
            assert len(pills) == 3
            assert all(not a.colliderect(b) for a, b in zip(pills, pills[1:], strict=False)), (scale, pills)
    finally:
        set_language("en")
        theme.set_ui_scale(1.0)


@pytest.mark.parametrize("scale", UI_SCALES)
def test_the_volume_knob_at_its_end_stays_clear_of_the_value_at_every_text_size(scale):
    from game.ui.widgets import Slider
    theme.set_ui_scale(scale)
    slider = Slider((0, 0, 860, 70), "Volume", 1.0, 0.0, 1.0, 0.05, lambda value: None)
    value_left = slider.rect.right - 24 - theme.font(30, theme.DISPLAY_FONT).size("100%")[0]
    knob_right = slider.track.right + 20  # the knob reaches past the bar by its radius
    assert knob_right + 8 <= value_left
    assert slider.track.left > slider.rect.x + 24 + theme.font(30).size("Volume")[0]  # and of the label


@pytest.mark.parametrize("scale", UI_SCALES)
def test_the_statistics_columns_keep_a_gap_between_them_at_every_text_size(app, monkeypatch, scale):
    from game.replays import GameFigures, Record, Stats
    from game.scenes.stats import StatsScene
    from tests.client.helpers import record_drawn_text
    theme.set_ui_scale(scale)
    scene = StatsScene(app)
    scene.stats = Stats(games=[GameFigures("bus", "Bus", 1, 123, 400, Record(19, "Bimmel", "Bus", 0.0))], total=1)
    drawn = record_drawn_text(monkeypatch)
    scene.draw(pygame.Surface((theme.WIDTH, theme.HEIGHT)))
    average = next(rect for text, rect in drawn if text == "123 rounds")  # Bus counts rounds
    best = next(rect for text, rect in drawn if text == "19 · Bimmel")
    assert average.right + 12 <= best.left, (average, best)
