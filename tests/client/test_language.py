"""Settings → Language speaks the new language at once, keeps it, and says where it cannot yet."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.config import Settings, load_settings
from game.i18n import _, language
from game.scenes.pause import PauseScene
from game.scenes.settings import SettingsScene
from game.scenes.title import TitleScene
from tests.client.helpers import run


def test_choosing_german_rebuilds_the_menus_at_once_and_is_saved(tmp_path):
    app = App(settings=Settings(fullscreen=False, mute=True, language="en"), settings_file=tmp_path / "s.json")
    app.push(TitleScene(app))
    app.push(SettingsScene(app))
    assert app.stack.scenes[0].buttons["Play"].label == "Play"
    settings = app.stack.top
    settings.language.index = [value for value, _text in settings.language.options].index("de")
    settings.set_language("de")
    run(app)
    title, top = app.stack.scenes
    assert language() == "de" and isinstance(title, TitleScene) and title.buttons["Play"].label == "Spielen"
    assert isinstance(top, SettingsScene) and top is not settings and top.back.label == "Fertig"
    assert top.ui.focus is top.language and top.language.value == "de" and top.note == ""
    assert load_settings(tmp_path / "s.json").language == "de"
    top.set_language("en")
    assert app.stack.scenes[0].buttons["Play"].label == "Play" and app.stack.top.back.label == "Done"


def test_a_table_beneath_keeps_its_words_and_settings_says_so(app, monkeypatch):
    from game.scenes.stack import Scene

    class Table(Scene):  # a scene that holds a game: it cannot be built afresh
        name = "table"

    app.push(Table(app))
    app.push(PauseScene(app, None, "linie1"))
    app.push(SettingsScene(app))
    app.stack.top.set_language("de")
    table, pause, settings = app.stack.scenes
    assert isinstance(table, Table) and pause.buttons["Resume"].label == "Fortsetzen"
    assert "Tisch" in settings.note


def test_the_note_that_a_table_keeps_its_words_stays_inside_settings_in_german_at_150(app, monkeypatch):
    """In German at 150 % the note ran past both edges of the settings panel on one line."""
    from game.scenes import settings as settings_module
    from game.scenes.stack import Scene
    from game.ui import theme
    from tests.client.helpers import record_drawn_text

    class Table(Scene):  # a scene that holds a game: it cannot be built afresh
        name = "table"

    theme.set_ui_scale(1.5)
    app.push(Table(app))
    app.push(SettingsScene(app))
    app.stack.top.set_language("de")
    settings = app.stack.top
    drawn = record_drawn_text(monkeypatch)
    settings.draw(pygame.Surface((1920, 1080)))
    words = set(settings.note.split())
    note = [rect for text, rect in drawn if text and set(text.split()) <= words]
    assert " ".join(text for text, _rect in drawn if text and set(text.split()) <= words) == settings.note
    assert note and all(settings_module.PANEL.inflate(-40, 0).contains(rect) for rect in note)
    assert all(rect.bottom <= settings.keys.rect.top for rect in note)


def test_the_environment_speaks_over_the_setting(tmp_path, monkeypatch):
    monkeypatch.setenv("LINIE_LANG", "de")
    App(settings=Settings(fullscreen=False, mute=True, language="en"), settings_file=tmp_path / "s.json")
    assert language() == "de"


GERMAN_SCREENS = ["setup", "settings", "linie1_table_midgame", "linja_table_following", "liniell_occupy", "bus_line",
                  "lan_lobby", "linie1_trip_chooser", "lan_results_waiting", "rules", "lan_host_setup", "lan_join",
                  "lan_table_reconnecting", "lan_table_host_closed", "lan_table_replaced"]


@pytest.mark.parametrize("shot", GERMAN_SCREENS)
def test_german_text_stays_in_its_boxes_at_the_largest_text_size(shot, tmp_path, monkeypatch):
    """German runs about 30 % longer than English: the main screens still keep every text inside its box, and
    no button's word shrinks below its neighbours' ("Diese Strecke fahren", "Tisch verlassen", "Schließen")."""
    from tools.text_fit import check_shot
    monkeypatch.setenv("LINIE_LANG", "de")
    assert check_shot(shot, 1.5, tmp_path) == []
    assert language() == "de"


def test_an_unnamed_player_is_called_player_in_the_language_of_the_screen(tmp_path, monkeypatch):
    from game.config import save_settings
    from game.i18n import set_language
    from game.lan.host import HostScene
    from game.lan.join import JoinScene
    from game.scenes.setup import SetupScene

    monkeypatch.delenv("LINIE_LANG", raising=False)
    path = tmp_path / "s.json"
    path.write_text('{"player_name": "Player", "language": "de", "fullscreen": false}')  # older settings' "Player"
    settings = load_settings(path)
    assert settings.player_name == ""  # not a name anybody chose
    try:
        app = App(settings=settings, settings_file=path)
        assert language() == "de" and settings.shown_name() == "Spieler"
        setup = SetupScene(app)
        assert setup.rows[0].name_field.text == "Spieler" and setup.rows[0].seat().name == "Spieler"
        host = HostScene(app)
        assert host.rows[0].name == "Spieler" and host.default_table_name() == "Tisch von Spieler"
        assert JoinScene(app).player_name.text == "Spieler"
        assert save_settings(settings, path) and load_settings(path).player_name == ""  # still unchosen
        settings.player_name = "Ada"  # a chosen name is the name, in any language
        assert SetupScene(app).rows[0].seat().name == "Ada"
        set_language("en")
        assert Settings().shown_name() == "Player" and SetupScene(app).rows[0].name == "Ada"
    finally:
        set_language("en")


@pytest.mark.parametrize("name", ["results", "linie1_results", "liniell_results"])
def test_the_results_shots_title_their_screen_in_the_language_of_the_shot(app, name):
    from game.i18n import set_language
    from game.scenes.results import ResultsScene
    from tools.screenshot import SHOTS, discover
    discover()
    set_language("de")
    try:
        SHOTS[name].make(app)
        results = next(scene for scene in app.stack.scenes if isinstance(scene, ResultsScene))
    finally:
        set_language("en")
    assert results.title and "players" not in results.title and "the final count" not in results.title
    assert "Spieler" in results.title or " gegen " in results.title  # "3 Spieler", a duel "Ada gegen Tramina"


def test_the_lobby_shots_notices_are_in_the_language_of_the_shot(app):
    from game.i18n import set_language
    from tools.screenshot import SHOTS, discover
    discover()
    set_language("de")
    try:
        SHOTS["lan_lobby"].make(app)
        notices = [line.text for line in app.stack.top.session.chat if line.notice]
    finally:
        set_language("en")
    assert notices and all("setzt sich" in text for text in notices) and not any("sits" in t for t in notices)


@pytest.mark.parametrize("scale", [1.0, 1.25, 1.5])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_title_button_reads_at_the_menus_one_size(app, tmp_path, monkeypatch, lang, scale):
    """With a game to continue the title shows all its buttons, two to a row: none may shrink its word,
    at any text size (the menu widens instead), and the menu stays clear of the screen's edges, of the
    tagline above it (Continue's focus ring too) and of the track below."""
    from game.i18n import set_language
    from game.scenes.title import MENU_BOTTOM
    from game.ui import theme
    from tests.client.helpers import record_drawn_text
    from tools.shots.client import saved_local_game
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    saved_local_game("linja", ["Ada", "Bot"], 3, bots=1)
    from game.lan import seats as lan_seats
    lan_seats.remember(lan_seats.table_key("10.0.0.2", 47000, "Annas Tisch im Keller"), "token")  # a second caption
    set_language(lang)
    theme.set_ui_scale(scale)
    try:
        title = TitleScene(app)
        assert "Saved games" in title.buttons and title.buttons["Join a LAN game"].caption
        shrunk = [button.label for button in title.buttons.values()
                  if theme.fit_text(button.label, button.size, button.rect.width - 30, theme.DISPLAY_FONT)
                  < button.size]
        drawn = record_drawn_text(monkeypatch)
        title.draw(pygame.Surface((theme.WIDTH, theme.HEIGHT)))
        tagline = next(rect for text, rect in drawn if text == _("line-building board games"))
    finally:
        set_language("en")
        theme.set_ui_scale(1.0)
    assert not shrunk
    assert all(button.rect.left >= 100 and button.rect.right <= theme.WIDTH - 100 for button in title.buttons.values())
    ring = title.buttons["Continue"].rect.inflate(12, 12)  # its focus ring: Continue is focused
    assert ring.top >= tagline.bottom + 12
    assert max(button.rect.bottom for button in title.buttons.values()) <= MENU_BOTTOM


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("saved", [True, False])
def test_every_pause_button_reads_at_the_menus_one_size_inside_its_panel(app, lang, scale, saved):
    from game.i18n import set_language
    from game.ui import theme
    set_language(lang)
    theme.set_ui_scale(scale)
    try:
        pause = PauseScene(app, game="linja", saved=saved)
        labels = [button.label for button in pause.buttons.values()]
        if not saved:
            pause.leave()  # "Really leave?" in the same button
            labels.append(pause.buttons["Leave game"].label)
        width = next(iter(pause.buttons.values())).rect.width
        shrunk = [label for label in labels if theme.fit_text(label, 40, width - 30, theme.DISPLAY_FONT) < 40]
    finally:
        set_language("en")
        theme.set_ui_scale(1.0)
    assert not shrunk
    assert all(pause.panel.contains(button.rect) for button in pause.buttons.values())


def test_a_new_text_size_lays_the_title_beneath_out_again(app):
    """Settings over the title: at 150 % the title's menu widens as one opened at that size does, so no
    long word ("Wiederholungen") is shrunk below its neighbours when the player goes back."""
    from game.i18n import set_language
    from game.ui import theme
    set_language("de")
    try:
        app.push(TitleScene(app))
        app.push(SettingsScene(app))
        narrow = app.stack.scenes[0].buttons["Replays"].rect.width
        app.stack.top.set_text_size(1.5)
        title = app.stack.scenes[0]
        fresh = TitleScene(app)
        widths = (title.buttons["Replays"].rect.width, fresh.buttons["Replays"].rect.width)
    finally:
        set_language("en")
        theme.set_ui_scale(1.0)
    assert isinstance(title, TitleScene) and widths[0] == widths[1] > narrow


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_replays_foot_reads_at_one_size(app, lang, scale):
    """Back, Open file… and Statistics read at their size at any text size ("Datei öffnen…" at 150 %)."""
    from game.i18n import set_language
    from game.scenes.paged_list import PANEL
    from game.scenes.replays import ReplaysScene
    from game.ui import theme
    from game.ui.widgets import LABEL_MARGIN
    set_language(lang)
    theme.set_ui_scale(scale)
    try:
        screen = ReplaysScene(app)
        foot = [screen.back, screen.open_file, screen.stats]
        shrunk = [button.label for button in foot
                  if theme.fit_text(button.label, button.size, button.rect.width - LABEL_MARGIN, theme.DISPLAY_FONT)
                  < button.size]
    finally:
        set_language("en")
        theme.set_ui_scale(1.0)
    assert not shrunk
    assert screen.open_file.rect.left > screen.back.rect.right and screen.stats.rect.left > screen.open_file.rect.right
    assert screen.stats.rect.right < PANEL.right - 560  # clear of ‹ Newer, where a long list pages


@pytest.mark.parametrize("game", ["linie1", "linja", "liniell", "bus"])
def test_the_setup_screen_says_what_each_game_is_about_whole_at_the_largest_text_size_in_german(app, game):
    """The blurb under the player count shrinks to its room (never below a readable size) instead of
    stopping after three lines with "…"."""
    from game.i18n import set_language
    from game.scenes.setup import BLURB_SMALLEST, GAME_PANEL, SetupScene, game_blurb
    from game.ui import theme

    theme.set_ui_scale(1.5)
    set_language("de")
    try:
        setup = SetupScene(app)
        setup.select_game(setup.games.index(game))
        lines = setup.blurb_lines()
        assert " ".join(line for _, line, _ in lines) == " ".join(game_blurb(game).split())
        assert all(theme.px(size) >= BLURB_SMALLEST - 1 for _, _, size in lines)
        assert lines[-1][0][1] + theme.line_height(lines[-1][2]) <= GAME_PANEL.bottom
    finally:
        theme.set_ui_scale(1.0)
        set_language("en")


@pytest.mark.parametrize(("lang", "scale"), [("en", 1.0), ("de", 1.5)])
def test_every_switch_of_the_setup_options_reads_at_the_size_of_the_other_options(app, lang, scale):
    """A switch's label too long to stand beside it at full size ("Sackgassen prüfen" at 150 %) gets a
    line of its own above it, as a choice's label has, instead of shrinking below its neighbours."""
    from game.i18n import set_language
    from game.scenes.setup import SetupScene, _LabelledToggle
    from game.ui import theme
    from game.ui.widgets import Toggle

    theme.set_ui_scale(scale)
    set_language(lang)
    try:
        setup = SetupScene(app)
        switches = []
        for game in setup.games:
            setup.select_game(setup.games.index(game))
            switches += [widget for widget in setup.option_widgets if isinstance(widget, Toggle)]
        assert switches
        for switch in switches:
            if isinstance(switch, _LabelledToggle):
                assert theme.fit_text(switch.label, 30, switch.rect.width - 48) == 30, switch.label
            else:
                assert switch.label_fits_beside(), switch.label
        assert any(isinstance(switch, _LabelledToggle) for switch in switches) == (lang == "de")
    finally:
        theme.set_ui_scale(1.0)
        set_language("en")
