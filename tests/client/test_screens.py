"""Rules, cover, results and widgets behave as the players expect."""

import pygame
import pytest

from game.__main__ import parse_args
from game.scenes.cover import CoverScene
from game.scenes.figures import PlayerFigures, generic_figures
from game.scenes.results import ARM_SECONDS, ResultsScene
from game.scenes.rulebook import available_rulebooks
from game.scenes.rules import TEXT_AREA, RulesScene, layout
from game.scenes.title import TitleScene
from game.ui.input import Intent
from game.ui.widgets import Button, FocusGroup, Slider, TextInput
from tests.client.helpers import click, key, record_drawn_text, run


def test_every_game_has_rules_that_fit_their_pages():
    books = {book.game: book for book in available_rulebooks()}
    assert set(books) == {"linie1", "linja", "liniell", "bus"}
    for book in books.values():
        assert len(book.sections) >= 4
        for section in book.sections:
            assert section.blocks, f"{book.game}: {section.title} is empty"
            for page in layout(section, TEXT_AREA.width, TEXT_AREA.height):
                height = sum(line.height for line in page)
                assert height <= TEXT_AREA.height


def test_every_games_rules_say_how_to_play_by_keys_and_where_the_menu_is():
    from game.i18n import set_language
    for lang, menu in (("en", "Esc opens the menu"), ("de", "Esc öffnet das Menü")):
        set_language(lang)
        try:
            books = available_rulebooks()
        finally:
            set_language("en")
        for book in books:
            text = " ".join(block.text for section in book.sections[:-1] for block in section.blocks)  # not the pad's
            assert "Enter" in text and menu in text, (lang, book.game)


def test_rules_pages_turn_across_sections_and_games(app):
    app.push(TitleScene(app))
    app.push(RulesScene(app, "linja"))
    run(app)
    rules = app.stack.top
    assert rules.book.game == "linja" and rules.section == 0
    run(app, 0.05, key(pygame.K_RIGHT))
    assert (rules.section, rules.page) == (1, 0)
    run(app, 0.05, key(pygame.K_LEFT) + key(pygame.K_LEFT))
    assert (rules.section, rules.page) == (0, 0)
    linie1 = next(tab for tab in rules.tabs if tab.label == "Linie 1")
    run(app, 0.05, click(linie1.rect.center))
    assert rules.book.game == "linie1"
    run(app, 0.05, key(pygame.K_ESCAPE))
    assert isinstance(app.stack.top, TitleScene)


def test_cover_hides_everything_beneath_and_reveals_on_confirm(app):
    app.push(TitleScene(app))
    revealed = []
    cover = CoverScene(app, "Alice", (255, 0, 0), lambda: revealed.append(True))
    app.push(cover)
    assert app.stack.visible() == [cover]  # not an overlay: the table beneath is never drawn
    run(app, 0.05, key(pygame.K_RETURN))
    assert revealed == [True] and isinstance(app.stack.top, TitleScene)


def test_a_long_note_on_the_cover_stays_inside_its_badge(app, monkeypatch):
    from game.ui import theme
    note = ("Choose its type (house now), then click a free lot of zone 1 in the centre; German runs about "
            "a third longer than this, and a note must never run past the badge's edge.")
    cover = CoverScene(app, "Spieler 2", (40, 120, 255), note=note)
    drawn = record_drawn_text(monkeypatch)
    cover.draw(pygame.Surface((theme.WIDTH, theme.HEIGHT)))
    badge_left, badge_right = theme.WIDTH // 2 - 550, theme.WIDTH // 2 + 550
    lines = [(text, rect) for text, rect in drawn if text in note]
    assert len(lines) >= 2 and " ".join(text for text, _rect in lines) == note
    assert all(badge_left < rect.left and rect.right < badge_right for _text, rect in lines)


def test_results_use_the_games_figures_and_play_again(app):
    figures = [PlayerFigures(0, "Ann", 0, True, "Winner", [("Squares", "31")]),
               PlayerFigures(1, "Ben", 1, False, "4 to go", [("Squares", "27")])]
    again = []
    app.push(ResultsScene(app, figures, {"winners": [0], "draw": False}, lambda: again.append(1)))
    run(app, 0.05, key(pygame.K_RETURN))  # still held from the game's last move
    assert again == [] and app.stack.top.again.focused  # no new deal at once
    run(app, 1.0)
    results = app.stack.top
    assert [f.name for f in results.figures] == ["Ann", "Ben"]
    assert len(results.particles) > 0  # confetti for the winner
    run(app, ARM_SECONDS)  # the buttons wait for the cards to land
    run(app, 0.05, click(results.again.rect.center))
    assert again == [1]


def test_enter_mashed_through_the_arming_delay_does_not_play_again_but_a_fresh_press_does(app):
    """Players hammer Enter to skip the game's last moments: the burst runs on past the buttons' arming
    and must not deal a new game; once the keys rest, one press does."""
    figures = [PlayerFigures(0, "Ann", 0, True, "Winner", [("Squares", "31")]),
               PlayerFigures(1, "Ben", 1, False, "4 to go", [("Squares", "27")])]
    again = []
    app.push(ResultsScene(app, figures, {"winners": [0], "draw": False}, lambda: again.append(1)))
    for _press in range(16):  # one press every 0.15 s: 2.4 s of mashing, well past ARM_SECONDS
        run(app, 0.15, key(pygame.K_RETURN))
    assert app.stack.top.age > ARM_SECONDS + 1 and again == []
    run(app, 0.6)  # the keys rest
    run(app, 0.05, key(pygame.K_RETURN))
    assert again == [1]


def test_confetti_falls_behind_the_cards_never_over_their_figures(app, monkeypatch):
    figures = [PlayerFigures(0, "Ann", 0, True, "Winner", [("Squares", "31")]),
               PlayerFigures(1, "Ben", 1, False, "4 to go", [("Squares", "27")])]
    results = ResultsScene(app, figures, {"winners": [0], "draw": False}, lambda: None)
    app.push(results)
    run(app, 1.0)
    assert len(results.particles) > 0
    order: list[str] = []
    real_card, real_confetti = results._draw_card, results.particles.draw
    monkeypatch.setattr(results, "_draw_card", lambda *args: (order.append("card"), real_card(*args)))
    monkeypatch.setattr(results.particles, "draw", lambda *args: (order.append("confetti"), real_confetti(*args)))
    results.draw(pygame.Surface((1920, 1080)))
    assert order == ["confetti", "card", "card"]


def test_confetti_falling_past_who_won_passes_behind_its_panel(app, monkeypatch):
    """The confetti crossed the headline's letters as it fell: the words who won, and the title under
    them, look the same with the confetti and without."""
    figures = [PlayerFigures(0, "Ann", 0, True, "Winner", [("Squares", "31")]),
               PlayerFigures(1, "Ben", 1, False, "4 to go", [("Squares", "27")])]
    results = ResultsScene(app, figures, {"winners": [0], "draw": False}, lambda: None, title="Linie 1 · 2 players")
    app.push(results)
    run(app, 1.1)
    drawn = record_drawn_text(monkeypatch)
    with_confetti = pygame.Surface((1920, 1080))
    results.draw(with_confetti)
    words = [rect for text, rect in drawn if text in ("Ann", " wins!", "Linie 1 · 2 players") and rect.top < 260]
    assert len(words) == 3
    area = words[0].unionall(words[1:]).inflate(8, 8)
    assert any(area.collidepoint(p.x, p.y) for p in results.particles.particles)  # some are falling past it now
    results.particles.particles.clear()
    without = pygame.Surface((1920, 1080))
    results.draw(without)
    assert pygame.image.tobytes(with_confetti.subsurface(area), "RGB") == \
        pygame.image.tobytes(without.subsurface(area), "RGB")


def test_generic_figures_read_the_outcome():
    view = {"match": {"seats": [{"name": "A", "kind": "human", "colour": 2},
                                {"name": "B", "kind": "bot", "level": "easy", "colour": 0}]}}
    figures = generic_figures(view, {"winners": [1], "draw": False, "scores": [3, 5]})
    assert [(f.name, f.winner, f.headline) for f in figures] == [("A", False, "3 points"), ("B", True, "5 points")]
    assert ("Bot", "easy") in figures[1].rows


def test_focus_moves_spatially_and_widgets_take_keys():
    values = []
    group = FocusGroup()
    top = group.add(Button((0, 0, 100, 50), "A", lambda: values.append("A")))
    slider = group.add(Slider((0, 100, 400, 50), "S", 0.5, 0, 1, 0.1, values.append))
    field = group.add(TextInput((0, 200, 300, 50), "ab", values.append, limit=4))
    group.ensure_focus()
    assert group.focus is top
    group.handle(Intent("down"))
    assert group.focus is slider
    group.handle(Intent("right"))
    assert values[-1] == 0.6
    group.handle(Intent("down"))
    assert group.focus is field and group.wants_text
    group.handle(Intent("text", value="xyz"))
    assert field.text == "abxy"  # the limit holds
    group.handle(Intent("home"))
    group.handle(Intent("delete"))
    assert field.text == "bxy"
    group.handle(Intent("focus_next"))
    assert group.focus is top
    group.handle(Intent("confirm"))
    assert values[-1] == "A"


def test_disabled_buttons_do_nothing():
    pressed = []
    group = FocusGroup()
    button = group.add(Button((0, 0, 100, 50), "X", lambda: pressed.append(1)))
    button.enabled = False
    group.handle(Intent("press", pos=(10, 10)))
    assert pressed == []


def test_command_line():
    assert parse_args([]).windowed is False
    args = parse_args(["--windowed", "--size", "1280x720"])
    assert args.windowed and args.size == (1280, 720)
    with pytest.raises(SystemExit):
        parse_args(["--size", "big"])
    with pytest.raises(SystemExit):
        parse_args(["--windowed", "--fullscreen"])


SIZES_REFUSED = [("0x0", "a window between 320x240", "bitte ein Fenster zwischen 320x240"),
                 ("-800x-600", "a window between 320x240", "bitte ein Fenster zwischen 320x240"),
                 ("100000x100000", "a window between 320x240", "bitte ein Fenster zwischen 320x240"),
                 ("1e3x500", "expected WIDTHxHEIGHT", "erwartet BREITExHÖHE"),
                 ("big", "expected WIDTHxHEIGHT", "erwartet BREITExHÖHE")]


@pytest.mark.parametrize(("size", "english", "german"), SIZES_REFUSED)
def test_a_window_size_no_screen_can_open_is_refused_in_the_terminals_language(size, english, german,
                                                                                monkeypatch, capsys):
    """Refused before SDL is asked for a mode it cannot set, in the terminal's language."""
    from game.__main__ import main
    for lang, said in (("en", english), ("de", german)):
        monkeypatch.setenv("LINIE_LANG", lang)
        with pytest.raises(SystemExit) as refused:
            main([f"--size={size}"])
        assert refused.value.code == 2 and said in capsys.readouterr().err


def test_every_screenshot_module_loads_and_names_its_shots_once():
    """``tools.screenshot`` finds every shot module (a module importing a retired game's would fail)."""
    import tools.screenshot as registry
    registry.discover()
    assert {"bus_choose", "bus_ride", "bus_end", "bus_hint", "replay_bus"} <= set(registry.SHOTS)


def test_the_pointer_resting_where_the_window_opened_does_not_choose_a_title_button(app):
    """SDL reports the resting pointer when the window opens under it: Enter still starts Play."""
    import pygame

    from game.scenes.title import TitleScene
    app.mapper.mouse_moved = False  # the window has just opened
    app.push(TitleScene(app))
    title = app.stack.top
    host = title.buttons["Host a LAN game"].rect.center
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=host, rel=(0, 0), buttons=(0, 0, 0))
    app.step(1 / 60, [pygame.event.Event(pygame.WINDOWENTER), motion, motion])  # SDL says it twice (when scaled)
    assert title.ui.focus is title.buttons["Play"]
    moved = pygame.event.Event(pygame.MOUSEMOTION, pos=(host[0] + 3, host[1]), rel=(3, 0), buttons=(0, 0, 0))
    app.step(1 / 60, [moved])  # a real move of the mouse chooses what it points at
    assert title.ui.focus is title.buttons["Host a LAN game"]


def test_the_cover_button_wears_the_colour_of_the_player_it_hands_to(app):
    from game.ui import theme
    from game.ui.colour_vision import contrast
    from game.ui.widgets import STYLES, tinted
    for index in range(len(theme.PLAYER_COLOURS)):
        colour = theme.player_colour(index)
        cover = CoverScene(app, "Spieler 2", colour)
        surface = pygame.Surface((theme.WIDTH, theme.HEIGHT))
        cover.draw(surface)
        rect = cover.button.rect
        face = surface.get_at((rect.x + 14, rect.centery))[:3]  # beside the label, inside the rounded corner
        assert max(abs(a - b) for a, b in zip(face, colour, strict=True)) <= 40, (index, face, colour)
        _face, lip, ink = tinted(colour)
        assert contrast(ink, colour) >= 3, (index, colour)  # the label is large text (WCAG: 3 : 1)
        assert sum(lip) < sum(colour)  # a darker edge, so it still looks pressable
    blue = CoverScene(app, "Spieler 2", theme.player_colour(1))
    surface = pygame.Surface((theme.WIDTH, theme.HEIGHT))
    blue.draw(surface)
    face = surface.get_at((blue.button.rect.x + 14, blue.button.rect.centery))[:3]
    assert max(abs(a - b) for a, b in zip(face, STYLES["primary"][0], strict=True)) > 60  # not the orange


def test_without_a_screen_the_game_says_so_instead_of_running_unseen(tmp_path):
    """No display (a terminal over ssh): SDL would fall back to drawing off screen and the game ran
    on, unseen; it says why it cannot open a window, in the terminal's language, and ends."""
    import os
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    env = {key: value for key, value in os.environ.items()
           if key not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    for lang, said in (("en", "linie: no screen to open a window on (no display: DISPLAY and WAYLAND_DISPLAY"),
                       ("de", "linie: kein Bildschirm für ein Fenster (keine Anzeige: DISPLAY und WAYLAND_DISPLAY")):
        ended = subprocess.run([sys.executable, "-m", "game", "--windowed"], cwd=root, capture_output=True,
                               text=True, timeout=60, env={**env, "LINIE_LANG": lang, "HOME": str(tmp_path)})
        assert ended.returncode == 1 and said in ended.stderr and "Traceback" not in ended.stderr


def test_a_window_sdl_cannot_open_is_said_in_words_not_a_traceback(monkeypatch, capsys):
    """SDL refusing every mode (an 8-bit screen has no renderer that matches it): the reason in the
    terminal's language, and the program ends."""
    from game.__main__ import main

    def refused(*args, **kwargs):
        raise pygame.error("Couldn't find matching render driver")

    import logging
    monkeypatch.setattr(pygame.display, "set_mode", refused)
    try:
        for lang, said in (("en", "linie: this screen cannot show the game's window (Couldn't find matching render "
                                  "driver)"),
                           ("de", "linie: dieser Bildschirm kann das Fenster des Spiels nicht zeigen")):
            monkeypatch.setenv("LINIE_LANG", lang)
            assert main(["--windowed"]) == 1
            assert said in capsys.readouterr().err
    finally:  # the log main() set up is the program's, not the next test's
        for handler in [h for h in logging.getLogger().handlers if getattr(h, "linie", False)]:
            logging.getLogger().removeHandler(handler)
            handler.close()


def test_without_a_home_folder_the_game_says_what_to_set(monkeypatch, capsys):
    """A container's user (no HOME, no XDG folders, no password entry): words, not the folder
    library's traceback."""
    import logging
    import pwd

    from game.__main__ import main

    def unknown(uid):
        raise KeyError(uid)

    for variable in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setattr(pwd, "getpwuid", unknown)
    monkeypatch.setenv("LINIE_LANG", "de")
    try:
        assert main(["--windowed"]) == 1
    finally:
        for handler in [h for h in logging.getLogger().handlers if getattr(h, "linie", False)]:
            logging.getLogger().removeHandler(handler)
            handler.close()
    assert "linie: dieser Benutzer hat keinen Home-Ordner für Einstellungen" in capsys.readouterr().err


def test_the_hot_seat_cover_names_its_keys_and_f1_opens_the_tables_rules(app, monkeypatch):
    """A newcomer handed the device met a cover that said nothing of a way out: it names Esc and F1
    as every table does, and F1 opens the rules of the game at the table (Esc its pause menu)."""
    from game.match import SeatInfo
    from game.scenes.pause import PauseScene
    from game.tables.launch import TableConfig, start_local_game

    app.push(TitleScene(app))
    # Linie 1's cards are secret: its hot seat keeps the cover (Linja, Liniell and Bus hand over openly)
    assert start_local_game(app, TableConfig("linie1", [SeatInfo("Ada"), SeatInfo("Ben")]))
    for _ in range(20):
        if isinstance(app.stack.top, CoverScene):
            break
        run(app, 0.1)
    cover = app.stack.top
    assert isinstance(cover, CoverScene)
    drawn = record_drawn_text(monkeypatch)
    cover.draw(pygame.Surface((1920, 1080)))
    keys = [rect for text, rect in drawn if text == "Esc menu · F1 rules"]
    assert keys and keys[0].bottom <= 1080 and keys[0].top > cover.button.rect.bottom
    run(app, 0.05, key(pygame.K_F1))
    assert isinstance(app.stack.top, RulesScene) and app.stack.top.book.game == "linie1"
    run(app, 0.05, key(pygame.K_ESCAPE))
    assert app.stack.top is cover
    run(app, 0.05, key(pygame.K_ESCAPE))
    assert isinstance(app.stack.top, PauseScene)


def test_a_scale_stops_at_its_ends_where_a_list_goes_round(app):
    """The replay's speed went from 8× to ½× on one more ▶ (and the text size from 150 % to 100 %):
    a scale stops at its ends, its arrow there dimmed; a plain list still goes round, and Enter steps
    round either way so the keys alone reach every value."""
    from game.scenes.settings import SettingsScene
    from game.ui.widgets import Choice

    picked: list[float] = []
    speeds = Choice(pygame.Rect(0, 0, 300, 80), "", [(0.5, "½×"), (1.0, "1×"), (8.0, "8×")], 8.0, picked.append,
                    wraps=False)
    speeds.handle(Intent("right"))
    speeds.press(speeds.rect.midright)
    assert speeds.value == 8.0 and picked == [] and speeds.at_end(1) and not speeds.at_end(-1)
    speeds.handle(Intent("left"))
    assert speeds.value == 1.0 and picked == [1.0]
    speeds.index = 0
    speeds.handle(Intent("left"))
    assert speeds.value == 0.5 and speeds.at_end(-1)
    speeds.index = 2
    speeds.activate()
    assert speeds.value == 0.5  # Enter goes round
    colours = Choice(pygame.Rect(0, 0, 300, 80), "", [(0, "a"), (1, "b")], 1, picked.append)
    colours.handle(Intent("right"))
    assert colours.value == 0 and not colours.at_end(1)
    settings = SettingsScene(app)
    assert not settings.text_size.wraps and not settings.speed.wraps and settings.language.wraps


def test_the_replays_speed_stops_at_its_fastest(app):
    from game.match import SeatInfo
    from game.replay_writer import keep_replay
    from game.tables.replay import ReplayViewer, open_replay
    from tests.played import easy_game

    match = easy_game("liniell", 2, 3)
    match.seats = [SeatInfo("Ada", "bot", "easy", 0), SeatInfo("Ben", "bot", "easy", 1)]
    app.push(TitleScene(app))
    assert open_replay(app, keep_replay(match)) is None
    viewer = app.stack.top
    assert isinstance(viewer, ReplayViewer)
    for _ in range(len(viewer.speed_choice.options) + 2):
        run(app, 0.05, click((viewer.speed_choice.rect.right - 12, viewer.speed_choice.rect.centery)))
    assert viewer.speed == max(value for value, _text in viewer.speed_choice.options)


def test_tab_walks_the_rules_screen_as_it_reads(app):
    """The foot's buttons stand Previous, Close, Next, but Tab went Next → Close → the game tabs, back
    across the screen: it reads them left to right, then goes round to the tabs at the top."""
    app.push(TitleScene(app))
    rules = RulesScene(app, "linie1")
    app.push(rules)
    run(app)
    order = rules.ui.focusables()
    foot = [widget for widget in order if widget in (rules.prev, rules.close_button, rules.next)]
    assert foot == sorted(foot, key=lambda widget: widget.rect.x)
    assert rules.ui.focus is rules.next
    run(app, 0.05, key(pygame.K_TAB))
    assert rules.ui.focus is order[0] and order[0].rect.y < rules.index.rect.y  # the first tab, at the top


def test_the_bus_clock_shot_shows_the_clock_decision_it_is_named_for(app):
    """Before, its seeded game never gave the player the Clock: the shot showed the game's end."""
    import tools.screenshot as registry
    from game.tables.bus.table import BusTable
    registry.discover()
    registry.SHOTS["bus_clock"].make(app)
    table = next(scene for scene in app.stack.scenes if isinstance(scene, BusTable))
    assert not table.session.match.finished and table.session.match.to_act() == [0]
    assert table.session.match.state.phase == "clock" and {"stop", "run"} <= set(table.buttons)
