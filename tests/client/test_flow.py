"""The client driven headless with synthetic clicks and keys and explicit dt."""

import json
import warnings

import pygame
import pytest

from game.app import LOGICAL_SIZE
from game.core.registry import get_game
from game.i18n import set_language
from game.scenes.pause import PauseScene
from game.scenes.settings import SettingsScene
from game.scenes.setup import SetupScene
from game.scenes.title import TitleScene
from game.ui import theme
from tests.client import fake_game
from tests.client.helpers import click, key, run, typed


def centre(widget):
    return widget.rect.center


def test_title_to_setup_to_start(app, monkeypatch):
    fake_game.install(monkeypatch)
    app.push(TitleScene(app))
    run(app)
    title = app.stack.top
    assert set(title.buttons) >= {"Play", "Rules", "Settings", "Quit"}
    run(app, 0.3, click(centre(title.buttons["Play"])))
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    assert setup.game == "fake" and setup.players == 2
    # Three players; name the second seat by clicking its field and typing.
    run(app, 0.05, click((setup.count.rect.right - 20, setup.count.rect.centery)))
    assert setup.players == 3
    field = setup.rows[1].name_field
    run(app, 0.05, click(centre(field)))
    assert app.mapper.text_mode  # letters are text while a field has focus
    run(app, 0.05, key(pygame.K_END) + key(pygame.K_BACKSPACE) * 20 + typed("Zoë"))
    assert setup.rows[1].name == "Zoë"
    run(app, 0.5)  # the player looks the table over: the chosen table draws its pictures meanwhile
    assert fake_game.FakeTable.prewarmed == 1
    run(app, 0.3, click(centre(setup.start)))
    table = fake_game.FakeTable.started[-1]
    assert app.stack.top is table and len(app.stack) == 1
    seats = table.session.match.seats
    assert [s.name for s in seats][1] == "Zoë" and len(seats) == 3
    assert table.config.options == {"fast": False, "target": 3}
    assert len({s.colour for s in seats}) == 3


def test_setup_toggles_options_and_back_returns(app, monkeypatch):
    fake_game.install(monkeypatch)
    app.push(TitleScene(app))
    app.push(SetupScene(app))
    run(app)
    setup = app.stack.top
    toggle = setup.option_widgets[0]
    run(app, 0.05, click(centre(toggle)))
    assert setup.options["fast"] is True
    run(app, 0.05, key(pygame.K_ESCAPE))
    assert isinstance(app.stack.top, TitleScene)


def test_title_offers_lan_play_and_opens_its_screens(app):
    from game.lan.host import HostScene
    from game.lan.join import JoinScene
    app.push(TitleScene(app))
    run(app)
    title = app.stack.top
    run(app, 0.05, click(title.buttons["Host a LAN game"].rect.center))
    assert isinstance(app.stack.top, HostScene)
    app.pop()
    run(app, 0.05, click(title.buttons["Join a LAN game"].rect.center))
    assert isinstance(app.stack.top, JoinScene)
    app.stack.top.close()


def test_keyboard_alone_drives_the_menu(app):
    app.push(TitleScene(app))
    run(app)
    title = app.stack.top
    steps = list(title.buttons).index("Rules")  # Play, Host, Join, then Rules beside Settings
    run(app, 0.05, key(pygame.K_DOWN) * steps)
    assert title.ui.focus is title.buttons["Rules"]
    run(app, 0.05, key(pygame.K_RIGHT))
    assert title.ui.focus is title.buttons["Settings"]
    run(app, 0.05, key(pygame.K_RETURN))
    assert isinstance(app.stack.top, SettingsScene)


def test_settings_persist_to_the_config_dir(app, tmp_path):
    app.push(TitleScene(app))
    app.push(SettingsScene(app))
    run(app)
    scene = app.stack.top
    run(app, 0.05, click(centre(scene.mute)))
    run(app, 0.05, click((scene.volume.track.x + scene.volume.track.width // 4, scene.volume.rect.centery)))
    run(app, 0.05, click(centre(scene.name_field)) + key(pygame.K_END) + key(pygame.K_BACKSPACE) * 10
        + typed("Ada"))
    run(app, 0.05, key(pygame.K_RIGHT) + key(pygame.K_DOWN) * 0)
    path = tmp_path / "config" / "linie" / "settings.json"
    saved = json.loads(path.read_text())
    assert saved["mute"] is False  # the fixture starts muted; one click unmutes
    assert saved["volume"] == 0.25
    assert saved["player_name"] == "Ada"
    run(app, 0.05, key(pygame.K_ESCAPE))
    assert isinstance(app.stack.top, TitleScene)


def test_pause_menu_freezes_the_table_and_leaves_to_title(app, monkeypatch):
    fake_game.install(monkeypatch)
    from game.match import SeatInfo
    from game.tables.launch import TableConfig, start_local_game
    assert start_local_game(app, TableConfig("fake", [SeatInfo("A"), SeatInfo("B")]))
    table = app.stack.top
    run(app, 0.05, key(pygame.K_ESCAPE))
    pause = app.stack.top
    assert isinstance(pause, PauseScene) and table.paused_count == 1
    assert app.stack.visible() == [table, pause]  # the table shows through, dimmed
    before = table.age
    run(app, 0.5)
    assert table.age == before  # no time for the scene beneath
    run(app, 0.05, key(pygame.K_ESCAPE))
    assert app.stack.top is table
    run(app, 0.05, key(pygame.K_ESCAPE))
    pause = app.stack.top
    leave = pause.buttons["Leave game"]
    assert leave.label == "Save and leave"  # the game is autosaved: leaving loses nothing, so no second ask
    run(app, 0.05, click(centre(leave)))
    assert isinstance(app.stack.top, TitleScene) and len(app.stack) == 1
    assert "Continue" in app.stack.top.buttons  # and the title offers it back


def test_mouse_maps_to_the_logical_canvas_after_a_scale_change(app):
    app.push(TitleScene(app))
    run(app)
    assert pygame.display.get_surface().get_size() == LOGICAL_SIZE
    for _ in range(2):  # fullscreen and back: the canvas stays 1920 × 1080
        run(app, 0.05, key(pygame.K_F11))
        assert pygame.display.get_surface().get_size() == LOGICAL_SIZE
        assert app.screen.get_size() == LOGICAL_SIZE
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # (pygame-ce prefers its own windows)
        window = pygame.Window.from_display_module()
    size = window.size
    app.window_size = (960, 540)  # no desktop to fit on a headless driver: the window is left alone
    app._fit_window()  # (resizing a SCALED dummy window corrupts SDL's memory: a later crash)
    assert window.size == size and pygame.display.get_surface().get_size() == LOGICAL_SIZE
    play = app.stack.top.buttons["Play"]
    run(app, 0.05, click(play.rect.center))
    assert isinstance(app.stack.top, SetupScene)


def test_fixed_steps_follow_the_given_dt(app):
    from game.app import MAX_FRAME, STEP
    from game.scenes.stack import Scene

    class Counter(Scene):
        updates = 0

        def update(self, dt):
            assert dt == STEP
            Counter.updates += 1

        def draw(self, surface):
            pass

    app.push(Counter(app))
    app.step(0.5)
    assert Counter.updates == round(min(0.5, MAX_FRAME) / STEP)  # a stall is not caught up beyond MAX_FRAME
    Counter.updates = 0
    for _ in range(12):
        app.step(1 / 60)
    assert Counter.updates in (23, 24, 25)  # 0.2 s at 120 updates a second, give or take float rounding


def test_f11_is_remembered_in_the_settings_file(app, tmp_path):
    app.push(TitleScene(app))
    run(app, 0.05, key(pygame.K_F11))
    path = tmp_path / "config" / "linie" / "settings.json"
    assert json.loads(path.read_text())["fullscreen"] is True
    run(app, 0.05, key(pygame.K_F11))
    assert json.loads(path.read_text())["fullscreen"] is False


def _option_shown(setup, key):
    return setup.option_widgets[setup.option_keys.index(key)].visible


def test_setup_shows_only_the_options_that_matter_at_this_table(app):
    app.push(SetupScene(app))
    run(app)
    setup = app.stack.top
    setup.select_game(setup.games.index("bus"))
    for players, shown in ((3, False), (4, False), (5, True)):
        setup.set_players(players)
        assert _option_shown(setup, "five_player_bonus") is shown
    assert _option_shown(setup, "edition")
    setup.select_game(setup.games.index("linie1"))
    assert _option_shown(setup, "die_faces")  # the 1995 die is the default trip rule
    trip = setup.option_widgets[setup.option_keys.index("trip_rule")]
    assert trip.rect.y < setup.option_widgets[setup.option_keys.index("die_faces")].rect.y
    setup._set_option("trip_rule", "three_dice")
    assert not _option_shown(setup, "die_faces") and trip.visible
    setup._set_option("trip_rule", "die")
    assert _option_shown(setup, "die_faces")


def test_the_setup_screen_comes_back_with_the_last_game_players_and_levels(app):
    from game.config import load_settings
    from game.scenes.title import TitleScene
    app.push(TitleScene(app))
    setup = SetupScene(app)
    app.push(setup)
    bus = setup.games.index("bus")
    setup.select_game(bus)
    setup.count.index = 4 - setup.count.options[0][0]
    setup.set_players(4)
    setup.set_kind(1, "bot:easy")
    setup.set_kind(3, "human")
    setup.remember_choices()
    saved = load_settings(app.settings_file)
    assert saved.last_game == "bus" and saved.last_seats["bus"] == ["human", "bot:easy", "bot:normal", "human"]
    app.settings = saved
    again = SetupScene(app)
    assert again.game == "bus" and again.players == 4 and again.count.value == 4
    assert [row.kind for row in again.rows[:4]] == ["human", "bot:easy", "bot:normal", "human"]
    assert again.rows[1].kind_choice.value == "bot:easy"
    again.select_game(again.games.index("linja"))  # a game never started keeps its own defaults
    assert again.players == 2 and again.rows[1].kind == "bot:easy"
    app.settings.last_seats["bus"] = ["human", "bot:grandmaster", "human"]  # a level no longer offered
    back = SetupScene(app)
    assert back.players == 3 and [row.kind for row in back.rows[:3]] == ["human", "bot:normal", "human"]


def test_friends_at_one_screen_find_their_names_at_their_seats_next_game(app):
    """Hot-seat names typed once come back at the same seats, for any game; a bot's name is never kept,
    and a seat made a bot there plays under a bot's name, back to the typed name as a human."""
    from game.config import load_settings
    setup = SetupScene(app)
    app.push(setup)
    setup.select_game(setup.games.index("bus"))
    setup.count.index = 4 - setup.count.options[0][0]
    setup.set_players(4)
    for index, kind in enumerate(["human", "human", "human", "bot:normal"]):
        setup.set_kind(index, kind)
    for index, name in enumerate(["Ada", "Ben", " Cleo "]):
        setup.rows[index].rename(name)
    setup.rows[3].rename("Dora")  # typed at a bot's seat: not a person of this screen
    setup.remember_choices()
    saved = load_settings(app.settings_file)
    assert saved.seat_names == ["", "Ben", "Cleo", ""] + [""] * (len(setup.rows) - 4)  # the first seat: Settings'
    assert saved.player_name == "Ada"  # ... which the name typed there becomes
    saved.player_name = "Zoë"  # chosen in Settings meanwhile
    app.settings = saved
    again = SetupScene(app)
    again.select_game(again.games.index("liniell"))
    again.set_kind(1, "human")
    assert [row.seat().name for row in again.rows[:2]] == ["Zoë", "Ben"]
    again.set_kind(1, "bot:easy")
    assert again.rows[1].seat().name != "Ben"
    again.set_kind(1, "human")
    assert again.rows[1].seat().name == "Ben"


def test_a_games_options_come_back_as_started_after_a_restart(app, tmp_path):
    """A newcomer who played Linie 1 with three dice and loose dead ends finds them again on Play, in
    a new run of the program; another game keeps its own options."""
    from game.app import App
    from game.config import load_settings
    setup = SetupScene(app)
    app.push(setup)
    setup.select_game(setup.games.index("linie1"))
    setup._set_option("trip_rule", "three_dice")
    setup._set_option("strict_dead_ends", False)
    setup._set_option("die_faces", ["1", "2", "3", "H", "H", "H"])  # hidden under three dice: kept all the same
    setup.start_game()
    assert app.stack.top is not setup  # the table opened with them
    assert load_settings().last_options["linie1"] == {"trip_rule": "three_dice", "strict_dead_ends": False,
                                                      "die_faces": ["1", "2", "3", "H", "H", "H"]}
    again = SetupScene(App(fullscreen=False))  # the settings come from the file alone
    assert again.game == "linie1" and again.options == {
        "trip_rule": "three_dice", "strict_dead_ends": False, "die_faces": ["1", "2", "3", "H", "H", "H"]}
    shown = dict(zip(again.option_keys, again.option_widgets, strict=True))
    assert shown["trip_rule"].value == "three_dice" and shown["strict_dead_ends"].value is False
    assert shown["die_faces"].value == ["1", "2", "3", "H", "H", "H"] and not shown["die_faces"].visible
    assert again.config().options["trip_rule"] == "three_dice"
    again.select_game(again.games.index("bus"))
    assert again.options == get_game("bus").default_options()


def test_an_option_value_no_longer_offered_falls_back_to_its_default_field_by_field(app):
    """What an older or newer Linie (or a hand edit) kept that this screen does not offer gives way to
    the default, option by option; an option this version does not know is kept for the one that does."""
    from game.config import load_settings
    app.settings.last_options = {
        "linie1": {"trip_rule": "five_dice", "strict_dead_ends": False, "die_faces": ["6", "6"], "night_line": 2},
        "linja": {"first": True},  # a switch where a seat is asked: not seat 2
        "liniell": {"first_player": 1}}
    setup = SetupScene(app)
    app.push(setup)
    setup.select_game(setup.games.index("linie1"))
    assert setup.options == {"trip_rule": "die", "strict_dead_ends": False, "die_faces": ["1", "2", "3", "4", "H", "H"]}
    assert setup.option_widgets[setup.option_keys.index("trip_rule")].value == "die"
    setup.select_game(setup.games.index("linja"))
    assert setup.options == {"first": None}
    setup.select_game(setup.games.index("liniell"))
    assert setup.options == {"first_player": 1}
    setup.select_game(setup.games.index("linie1"))
    setup.remember_choices()
    assert load_settings().last_options["linie1"] == {"trip_rule": "die", "strict_dead_ends": False,
                                                      "die_faces": ["1", "2", "3", "4", "H", "H"], "night_line": 2}


def test_a_lan_host_starts_from_open_seats_whatever_was_played_locally(app):
    from game.lan.host import HostScene
    app.settings.last_game = "bus"
    app.settings.last_seats = {"bus": ["human", "bot:easy", "bot:easy"]}
    host = HostScene(app)
    assert host.game != "bus" or host.rows[1].kind == "open"


class _Session:
    def __init__(self) -> None:
        self.closed: list[bool] = []

    def close(self, goodbye: bool = True) -> None:
        self.closed.append(goodbye)


def test_a_scene_holding_a_session_closes_it_unless_handed_on(app):
    from game.scenes.stack import HoldsSession, Scene

    class Holder(HoldsSession, Scene):
        pass

    leaving, failing, handing = Holder(app), Holder(app), Holder(app)
    for scene in (leaving, failing, handing):
        scene.session = _Session()
    leaving.exit()
    failing.abandon()  # the program failed: the others are not told the table ended
    handing.handed_over = True  # the next scene holds it now
    handing.exit()
    handing.abandon()
    assert leaving.session.closed == [True] and failing.session.closed == [False]
    assert handing.session.closed == []


def test_the_colour_swatchs_tooltip_leaves_the_seats_name_in_sight(app):
    """"Change colour" stood right of the swatch, over the name of the seat whose colour it changes."""
    from game.i18n import set_language
    from game.ui.widgets import draw_tooltip
    setup = SetupScene(app)
    app.push(setup)
    for lang, scale in (("en", 1.0), ("de", 1.5)):
        set_language(lang)
        theme.set_ui_scale(scale)
        for row in setup.rows[:2]:
            swatch = row.swatch
            box = draw_tooltip(pygame.Surface((1920, 1080)), swatch.tooltip, swatch.rect, above=swatch.tooltip_above,
                               beside=swatch.tooltip_beside)
            assert not box.colliderect(row.name_field.rect) and not box.colliderect(swatch.rect), (lang, row.index)


def test_a_name_typed_at_the_first_seat_comes_back_at_every_game_but_a_bots_does_not(app):
    from game.config import load_settings
    setup = SetupScene(app)
    app.push(setup)
    assert setup.rows[0].seat().name == "Player"  # a first start: no name chosen yet
    setup.rows[0].rename("Ada")
    setup.remember_choices()
    assert load_settings(app.settings_file).player_name == "Ada"
    again = SetupScene(app)
    again.select_game(again.games.index("linja"))
    assert again.rows[0].seat().name == "Ada"
    again.set_kind(0, "bot:easy")
    again.rows[0].rename("Robo")  # a bot at the first seat is not the player
    again.remember_choices()
    assert load_settings(app.settings_file).player_name == "Ada"


def test_tab_walks_the_setup_screen_as_it_reads_the_options_before_back_and_start(app):
    """Before, the options were added after Start, so Tab from Start went to the options, then back
    to the game list: the walk jumped about the screen, and a game chosen anew moved its options again."""
    app.push(TitleScene(app))
    app.push(SetupScene(app))
    run(app)
    setup = app.stack.top
    for game in ("linie1", "bus"):  # choosing a game rebuilds its options: they keep their place
        setup.select_game(setup.games.index(game))
        order = setup.ui.focusables()
        options = [order.index(widget) for widget in setup.option_widgets if widget.interactive]
        seats = [order.index(widget) for row in setup.rows for widget in row.widgets if widget.interactive]
        assert options, game
        assert order.index(setup.game_list) < order.index(setup.count) < min(seats)
        assert max(seats) < min(options) and max(options) < order.index(setup.back) < order.index(setup.start)
    setup.ui.set_focus(setup.start)
    run(app, 0.05, key(pygame.K_TAB))
    assert setup.ui.focus is setup.game_list  # from Start, Tab goes round to the top left


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("scale", [1.0, 1.25, 1.5])
def test_left_and_right_on_the_title_stay_in_their_row_at_every_text_size(app, lang, scale):
    """At a large text size the wide Quit's centre lay nearer right of Rules than Settings did, so →
    from Rules went down to Quit, and the Enter meant for Settings closed the game."""
    set_language(lang)
    theme.set_ui_scale(scale)
    app.push(TitleScene(app))
    run(app)
    title = app.stack.top
    rules, settings = title.buttons["Rules"], title.buttons["Settings"]
    title.ui.set_focus(rules)
    run(app, 0.05, key(pygame.K_RIGHT))
    assert title.ui.focus is settings
    run(app, 0.05, key(pygame.K_RIGHT))
    assert title.ui.focus is settings  # nothing further right in its row: it stays
    run(app, 0.05, key(pygame.K_LEFT))
    assert title.ui.focus is rules
    title.ui.set_focus(title.buttons["Quit"])
    run(app, 0.05, key(pygame.K_UP))
    assert title.ui.focus in (rules, settings)


def test_a_new_language_or_text_size_keeps_the_titles_focus_on_settings(app):
    """The title beneath Settings is built afresh for a new language or text size; its focus went back
    to Play, so Enter after Done opened a new table instead of Settings again."""
    app.push(TitleScene(app))
    run(app)
    title = app.stack.top
    title.ui.set_focus(title.buttons["Settings"])
    run(app, 0.05, key(pygame.K_RETURN))
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    settings.ui.set_focus(settings.text_size)
    run(app, 0.05, key(pygame.K_RIGHT))
    settings = app.stack.top
    settings.ui.set_focus(settings.language)
    run(app, 0.05, key(pygame.K_RIGHT))
    run(app, 0.05, key(pygame.K_ESCAPE))
    fresh = app.stack.top
    assert isinstance(fresh, TitleScene) and fresh is not title
    assert fresh.ui.focus is fresh.buttons["Settings"]
