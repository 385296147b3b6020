"""The replay viewer driven headless through a replay of every game to its end and back, the list of
kept replays, Open file… and the title's entry."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.core.registry import available_games, get_game
from game.match import Match, SeatInfo, view_hash
from game.paths import replays_dir
from game.replay_writer import keep_replay
from game.scenes.replays import OpenFileScene, ReplaysScene
from game.scenes.results import ResultsScene
from game.scenes.stats import StatsScene
from game.scenes.title import TitleScene
from game.tables.base import TableScene
from game.tables.replay import ReplayViewer, open_replay
from game.tables.replay_bar import TIMELINE
from tests.client.helpers import click, key, list_rows_words, record_drawn_text, run, typed, wait
from tests.played import easy_game

# every game the project has (a new game or its table cannot be left out of replays unnoticed)
GAMES = [(name, max(2, get_game(name).min_players), 3) for name in available_games()]
# and the table options that change how a game plays (the viewer replays them from the header)
VARIANTS = [("linie1", 2, 4, {"trip_rule": "pace"}), ("linie1", 2, 4, {"trip_rule": "three_dice"})]


def kept(game: str, players: int, seed: int, folder: Path | None = None,
         options: dict | None = None) -> tuple[Path, Match]:
    match = easy_game(game, players, seed, options)
    match.seats = [SeatInfo(name, "human" if index == 0 else "bot", "easy", index)
                   for index, name in enumerate(["Ada", "Ben", "Cleo", "Dora", "Emil"][:players])]
    path = keep_replay(match, folder)
    assert path is not None
    return path, match


def viewer_of(app) -> ReplayViewer:
    scene = app.stack.find(ReplayViewer)
    assert isinstance(scene, ReplayViewer)
    return scene


def shows(scene: ReplayViewer, seat: int | None) -> bool:
    """The table shows the playback's own view for ``seat`` (once its show has caught up)."""
    table = scene.table
    return table.view is not None and view_hash(table.view) == view_hash(scene.playback.match.view(seat))


@pytest.mark.parametrize(("game", "players", "seed", "options"), [(*g, None) for g in GAMES] + VARIANTS)
def test_the_viewer_plays_every_game_to_its_end_and_steps_back(app, game: str, players: int, seed: int,
                                                               options: dict | None) -> None:
    path, match = kept(game, players, seed, options=options)
    app.push(TitleScene(app))
    assert open_replay(app, path) is None
    scene = viewer_of(app)
    assert isinstance(scene.table, TableScene) and scene.table.game == game and scene.position == 0
    run(app, 0.1)
    assert shows(scene, None)
    for _ in range(len(match.log)):  # every action on through the table, as the Step button does
        run(app, 1 / 60, key(pygame.K_RIGHT))
        if app.stack.top is not scene:  # the results came up over the replay
            break
    assert scene.playback.at_end and scene.playback.match.outcome() == match.outcome()
    for _ in range(600):  # the last animation and the game's own end (a count, a results button)
        if isinstance(app.stack.top, ResultsScene):
            break
        if not scene.table.busy and app.stack.top is scene:
            scene.table.open_results()
        app.step(0.1)  # a tenth of a second of the animations, drawn once
    results = app.stack.top
    assert isinstance(results, ResultsScene) and results.again.label == "Back to the replay"
    run(app, 0.05, key(pygame.K_ESCAPE))  # Esc on the results: back to the replay, at its end
    assert app.stack.top is scene and scene.playback.at_end
    assert shows(scene, None)  # the final view: every secret shown
    before = scene.table
    run(app, 0.05, key(pygame.K_LEFT))  # one action back: a fresh table at the position before
    assert app.stack.top is scene and scene.position == len(match.log) - 1 and scene.table is not before
    run(app, 0.1)
    assert shows(scene, None) and not scene.table.finished
    run(app, 0.05, key(pygame.K_UP))  # to the start of that turn
    assert scene.position == max(s for s in scene.replay.turn_starts if s < len(match.log) - 1) \
        or scene.position in scene.replay.turn_starts
    run(app, 0.05, key(pygame.K_ESCAPE))  # Esc: back to where the replay was opened from
    assert isinstance(app.stack.top, TitleScene)


def test_play_runs_the_game_on_by_itself_and_the_eyes_switch(app) -> None:
    path, match = kept("linie1", 3, 4)
    app.push(TitleScene(app))
    assert open_replay(app, path) is None
    scene = viewer_of(app)
    scene.speed_choice.step(3)  # 4x
    run(app, 0.05, click(scene.play_button.rect.center))
    assert scene.playing and scene.play_button.label == "Pause"
    wait(app, 3.0)
    assert 0 < scene.position < len(match.log)
    run(app, 0.05, click(scene.play_button.rect.center))
    stopped = scene.position
    wait(app, 2.0)
    assert not scene.playing and scene.position == stopped
    assert shows(scene, None)
    assert all(player.get("line") is None for player in scene.table.view["players"])  # a spectator's view
    run(app, 0.05, key(pygame.K_r))  # R: through the first seat's eyes
    assert scene.eyes == 0 and scene.table.eyes == 0
    run(app, 0.1)
    assert shows(scene, 0) and scene.table.view["players"][0].get("line") is not None
    assert scene.table.view["players"][1].get("line") is None  # still only that seat's secrets
    run(app, 0.05, click(scene.step_on.rect.center))  # and the next action keeps those eyes
    wait(app, 1.5)
    assert scene.position == stopped + 1 and shows(scene, 0)


def test_the_timeline_jumps_to_the_turn_under_the_pointer(app) -> None:
    path, match = kept("linja", 2, 5)
    app.push(TitleScene(app))
    assert open_replay(app, path) is None
    scene = viewer_of(app)
    run(app, 0.05, click((TIMELINE.centerx, TIMELINE.centery)))
    assert scene.position in scene.replay.turn_starts and 0 < scene.position < len(match.log)
    assert abs(scene.position - len(match.log) / 2) <= max(
        b - a for a, b in zip(scene.replay.turn_starts, scene.replay.turn_starts[1:], strict=False))
    run(app, 0.1)
    assert shows(scene, None)


def viewer_with_tooltips(app, monkeypatch):  # type: ignore[no-untyped-def]
    """A kept Linja replay open in the viewer, and every tooltip box drawn from now on."""
    from game.ui import widgets

    path, _match = kept("linja", 2, 5)
    app.push(TitleScene(app))
    assert open_replay(app, path) is None
    viewer = viewer_of(app)
    boxes: list[pygame.Rect] = []
    real = widgets.tooltip_box

    def record(*args, **kwargs):
        boxes.append(real(*args, **kwargs))
        return boxes[-1]

    monkeypatch.setattr(widgets, "tooltip_box", record)
    return viewer, boxes


def test_the_timelines_tooltip_leaves_the_buttons_and_the_position_below_it_in_sight(app, monkeypatch) -> None:
    from game.tables.replay_bar import ROW_Y
    from game.ui import widgets
    _viewer, boxes = viewer_with_tooltips(app, monkeypatch)
    hover = [pygame.event.Event(pygame.MOUSEMOTION, pos=(TIMELINE.x + 200, TIMELINE.centery), rel=(0, 0),
                                buttons=(0, 0, 0))]
    run(app, 1 / 60, hover)
    wait(app, 1.5)
    app.draw()
    assert boxes, "no tooltip over the timeline"
    assert boxes[-1].bottom <= TIMELINE.top and boxes[-1].bottom < ROW_Y
    # a menu button keeps its tooltip beside or below, as before
    wide = pygame.Rect(10, 500, 1900, 80)
    assert widgets.tooltip_box(pygame.Rect(0, 0, 1920, 1080), (500, 90), wide).top > wide.bottom


def test_the_bars_tooltips_stand_above_it_and_never_hide_the_position(app, monkeypatch) -> None:
    """Beside Step › or the eyes, a tooltip would cover the position ("Turn 9 of 23 …") that the button
    changes: every tooltip of the bar stands above the bar's buttons."""
    from game.tables.replay_bar import ROW_Y

    viewer, boxes = viewer_with_tooltips(app, monkeypatch)
    bar = [viewer.step_on, viewer.turn_on, viewer.step_back, viewer.eyes_choice, viewer.speed_choice]
    for widget in bar:
        boxes.clear()
        run(app, 1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=widget.rect.center, rel=(0, 0),
                                             buttons=(0, 0, 0))])
        wait(app, 1.5)
        app.draw()
        assert boxes, widget.tooltip
        assert not boxes[-1].colliderect(viewer.position_rect) and boxes[-1].bottom < ROW_Y, widget.tooltip


def test_a_linja_replay_says_whose_turn_once(app, monkeypatch) -> None:
    """The turn card's heading says "Ada's turn"; the line under it does not say it a second time."""
    path, _match = kept("linja", 2, 5)
    app.push(TitleScene(app))
    assert open_replay(app, path) is None
    viewer = viewer_of(app)
    while viewer.table.busy:
        wait(app, 0.5)
    drawn = record_drawn_text(monkeypatch)
    viewer.draw(pygame.Surface((1920, 1080)))
    name = viewer.replay.seats[viewer.table.view["turn"]].name
    texts = [text for text, _rect in drawn]
    assert texts.count(f"{name}'s turn") == 1, texts
    assert viewer.table.guidance()[0] == ""


def test_a_replay_row_names_the_linie1_trip_rule_as_a_saved_games_row_does(app) -> None:
    """"Linie 1 · Kurbel won" said nothing of the dice the game was played with, where Saved games
    reads "Linie 1 · Three dice · …"; both lists name the rule in the same words now."""
    from game.scenes.options import option_info
    kept("linie1", 2, 4, options={"trip_rule": "three_dice"})
    kept("linja", 2, 3)
    screen = ReplaysScene(app)
    titles = {item.replay.game: screen.row_words(item).title for item in screen.kept}
    three_dice = option_info("linie1", "trip_rule").name_of("three_dice")
    assert three_dice and titles["linie1"].startswith(f"Linie 1 · {three_dice} · ")
    assert titles["linja"].count(" · ") == 1  # a game without such a rule: its title and the result


def test_the_list_of_kept_replays_watches_and_deletes(app) -> None:
    first, _ = kept("linja", 2, 3)
    second, _ = kept("liniell", 2, 3)
    (replays_dir() / "20200101-000000-linie1.jsonl").write_text('{"format": "linie-replay", "version": 2}\n')
    app.push(TitleScene(app))
    run(app, 0.05, click(app.stack.top.buttons["Replays"].rect.center))
    screen = app.stack.top
    assert isinstance(screen, ReplaysScene) and len(screen.kept) == 3
    assert screen.kept[-1].replay is None and "does not know" in screen.kept[-1].problem
    # the file nobody can watch is counted apart: before, the heading read "3 finished games"
    assert screen.header(len(screen.kept)) == "2 finished games, newest first · 1 file that cannot be shown"
    newest = screen.kept[0]
    run(app, 0.05, click(screen.row_buttons[0][0].rect.center))  # Watch
    assert isinstance(app.stack.top, ReplayViewer) and app.stack.top.replay.path == newest.path
    run(app, 0.05, key(pygame.K_ESCAPE))
    assert app.stack.top is screen
    delete = screen.row_buttons[2][1]  # the damaged one can only be deleted: once asks, twice does
    run(app, 0.05, click(delete.rect.center))
    assert len(list(replays_dir().iterdir())) == 3 and screen.row_buttons[2][1].label == "Keep"
    run(app, 0.05, click(screen.row_buttons[2][1].rect.center))  # a second click in the same place keeps it
    assert len(list(replays_dir().iterdir())) == 3 and screen.row_buttons[2][1].label == "Delete"
    run(app, 0.05, click(delete.rect.center))
    run(app, 0.05, click(screen.row_buttons[2][0].rect.center))  # Yes, delete
    assert len(screen.kept) == 2 and {first, second} == set(replays_dir().iterdir())
    run(app, 0.05, click(screen.stats.rect.center))
    assert isinstance(app.stack.top, StatsScene) and app.stack.top.stats.total == 2


def test_open_file_refuses_in_words_and_opens_a_replay_from_anywhere(app, tmp_path: Path) -> None:
    path, match = kept("bus", 3, 4, tmp_path / "from a friend")
    damaged = tmp_path / "damaged.jsonl"
    damaged.write_bytes(path.read_bytes()[:-40])
    app.push(TitleScene(app))
    app.push(ReplaysScene(app))
    run(app, 0.05, click(app.stack.top.open_file.rect.center))
    dialog = app.stack.top
    assert isinstance(dialog, OpenFileScene) and dialog.field.text == f"{replays_dir()}/" and app.mapper.text_mode
    for _ in range(len(dialog.field.text)):
        run(app, 1 / 60, key(pygame.K_BACKSPACE))
    run(app, 0.05, typed(str(damaged)) + key(pygame.K_RETURN))
    assert app.stack.top is dialog and "damaged.jsonl is damaged" in dialog.message
    dialog.field.text = str(tmp_path / "missing.jsonl")
    run(app, 0.05, click(dialog.open_button.rect.center))
    assert app.stack.top is dialog and dialog.message.startswith("There is no file")
    dialog.field.text = str(path)
    run(app, 0.05, click(dialog.open_button.rect.center))
    scene = app.stack.top
    assert isinstance(scene, ReplayViewer) and scene.playback.length == len(match.log)
    run(app, 0.05, key(pygame.K_ESCAPE))
    assert isinstance(app.stack.top, ReplaysScene)


def test_an_edited_replay_is_refused_before_the_viewer_opens(app, tmp_path: Path) -> None:
    path, _ = kept("linie1", 2, 3)
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    lines[2]["action"]["rot"] = (lines[2]["action"]["rot"] + 1) % 4
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    app.push(TitleScene(app))
    problem = open_replay(app, path)
    assert problem is not None and "Action 2" in problem and isinstance(app.stack.top, TitleScene)


def test_a_game_finished_at_a_table_is_kept_and_opens(app) -> None:
    """The whole way: a local game played to its end keeps its replay, which the viewer opens."""
    from game.session import LocalSession
    from game.tables.launch import TableConfig, start_local_game
    seats = [SeatInfo("Ada", "bot", "easy"), SeatInfo("Ben", "bot", "easy")]
    assert start_local_game(app, TableConfig("linja", seats, seed=7))  # one game, not a random one of any length
    session = app.stack.scenes[0].session
    assert isinstance(session, LocalSession)
    session.run_bots_now()
    assert session.kept_replay is not None and session.kept_replay.parent == replays_dir()
    table = app.stack.scenes[0]
    for _ in range(2400):  # the table plays the game's end, then its results offer Play again, not a replay's Back
        app.step(0.25)
        if table.view is not None and table.view.get("outcome") and not table.busy:
            break
    assert table.view is not None and table.view.get("outcome"), "the table never showed the game's end"
    table.open_results()
    results = app.stack.top
    assert isinstance(results, ResultsScene) and results.again.enabled and results.again.label == "Play again"
    app.to_title()
    assert open_replay(app, session.kept_replay) is None
    assert viewer_of(app).replay.game == get_game("linja").name


@pytest.mark.parametrize(("game", "players", "seed"), GAMES)
def test_a_replay_table_offers_no_controls_of_a_player_and_nobody_thinks(app, game: str, players: int,
                                                                         seed: int) -> None:
    path, match = kept(game, players, seed)
    app.push(TitleScene(app))
    assert open_replay(app, path) is None
    scene = viewer_of(app)
    run(app, 0.05, key(pygame.K_r))  # through Ada's eyes: her secrets, but she is nobody's on this screen
    for _ in range(6):
        run(app, 1 / 60, key(pygame.K_RIGHT))
        for _quarter in range(4):  # a second of the step's animations, drawn four times
            app.step(0.25)
    table = scene.table
    assert table.watching and table.owned(0, "Your tiles", "{name}'s tiles") == "Ada's tiles"
    player_controls = {"Undo", "Rotate", "Hint", "End turn", "Roll the die", "Stop taking", "Start trip", "Menu",
                       "Pass"}
    shown = {widget.label for widget in table.ui.widgets if getattr(widget, "visible", False)
             and getattr(widget, "label", None) in player_controls}
    assert shown == set()
    for _ in range(40):  # the last step played out, and a moment more (``base.WORDS_GRACE``)
        if not table.busy:
            break
        run(app, 0.1)
    run(app, 0.3)
    words = [table.waiting_words(seat) for seat in range(players)]
    assert words == [f"{name}'s turn" for name in ["Ada", "Ben", "Cleo", "Dora", "Emil"][:players]]


def test_a_linie1_replay_names_whose_line_and_tiles_it_shows(app) -> None:
    path, _ = kept("linie1", 2, 3)
    app.push(TitleScene(app))
    assert open_replay(app, path) is None
    scene = viewer_of(app)
    run(app, 0.05, key(pygame.K_r))
    run(app, 0.2)
    frame = scene.table._panel_frame()
    assert frame.line_heading == "Ada's line {line}" and frame.hand_title.startswith("Ada's ")
    assert "thinking" not in frame.message and "wait for your turn" not in frame.hand_title


def test_a_linie1_replay_at_its_end_says_the_game_is_over_and_who_won_not_who_is_playing(app, monkeypatch) -> None:
    path, match = kept("linie1", 2, 3)
    winner = match.seats[match.outcome()["winners"][0]].name
    app.push(TitleScene(app))
    assert open_replay(app, path) is None
    scene = viewer_of(app)
    drawn = record_drawn_text(monkeypatch)
    run(app, 0.3)
    assert not any(text.endswith(" is playing.") for text, _rect in drawn)  # under way: said under the tiles
    scene.jump(len(scene.replay.steps))
    run(app, 0.3)
    drawn.clear()
    scene.table.draw(pygame.Surface((1920, 1080)))
    assert scene.table.view["phase"] == "over"
    said = [text for text, _rect in drawn]
    assert "Game over" in said and f"{winner} wins!" in said
    assert not any(text.endswith(" is playing.") for text in said)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_statistics_column_headings_read_at_one_size(app, monkeypatch, lang, scale) -> None:
    """"Durchschnitt" was shrunk to its column, well below "gespielt" and "Bestwert" beside it: German
    says "Schnitt", and the three headings read at one size."""
    from game.i18n import _, set_language
    from game.ui import theme
    set_language(lang)
    theme.set_ui_scale(scale)
    sizes: dict[str, int] = {}
    real = theme.draw_text

    def record(surface, text, pos, size=28, *args, **kwargs):  # type: ignore[no-untyped-def]
        sizes[text] = size
        return real(surface, text, pos, size, *args, **kwargs)

    try:
        stats = StatsScene(app)
        monkeypatch.setattr(theme, "draw_text", record)
        stats.draw(pygame.Surface((1920, 1080)))
        headings = [_("played"), _("average"), _("best score")]
    finally:
        set_language("en")
    assert len({sizes[heading] for heading in headings}) == 1, {heading: sizes[heading] for heading in headings}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_statistics_columns_never_run_into_each_other_at_the_largest_text_size(app, monkeypatch, lang) -> None:
    from game.i18n import set_language
    from game.scenes.stats import GAMES_PANEL
    from game.ui import theme
    for game, players in (("bus", 3), ("liniell", 2)):  # Bus: a three-figure average
        match = easy_game(game, players, 3)
        match.seats = [SeatInfo(name, "bot", "easy", index)  # long names: the best score names its player
                       for index, name in enumerate(["Maximiliane", "Bartholomäus", "Konstantin"][:players])]
        assert keep_replay(match, None) is not None
    set_language(lang)
    theme.set_ui_scale(1.5)
    try:
        app.push(TitleScene(app))
        stats = StatsScene(app)
        drawn = record_drawn_text(monkeypatch)
        stats.draw(pygame.Surface((1920, 1080)))
    finally:
        set_language("en")
    in_games = [rect for _text, rect in drawn if GAMES_PANEL.contains(rect)]
    for index, rect in enumerate(in_games):
        beside = [other for other in in_games[index + 1:] if abs(other.centery - rect.centery) < 12]
        assert not any(rect.colliderect(other.inflate(8, 0)) for other in beside), (rect, beside)


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_open_files_refusal_stays_between_the_field_and_the_buttons(app, monkeypatch, scale) -> None:
    from game.i18n import set_language
    from game.ui import theme
    from game.ui.widgets import LABEL_MARGIN
    set_language("de")
    theme.set_ui_scale(scale)
    try:
        app.push(TitleScene(app))
        app.push(ReplaysScene(app))
        dialog = OpenFileScene(app)
        app.push(dialog)
        dialog.field.text = "/tmp/" + "ein-sehr-langer-ordnername/" * 4 + "freitag.jsonl"
        dialog.open_typed()
        assert dialog.message
        drawn = record_drawn_text(monkeypatch)
        dialog.draw(pygame.Surface((1920, 1080)))
    finally:
        set_language("en")
    message = [rect for text, rect in drawn if text and text in dialog.message and rect.top > dialog.field.rect.centery]
    assert message
    assert all(dialog.field.rect.bottom <= rect.top and rect.bottom <= dialog.cancel.rect.top for rect in message)
    for button in (dialog.cancel, dialog.open_button):  # "Abbrechen" and "Öffnen" whole at their sizes
        room = button.rect.width - LABEL_MARGIN
        assert theme.fit_text(button.label, button.size, room, theme.DISPLAY_FONT) == button.size, button.label
    assert dialog.cancel.rect.right < dialog.open_button.rect.left


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("scale", [1.0, 1.25, 1.5])
def test_open_files_prompt_stands_whole_between_its_heading_and_the_field(app, monkeypatch, lang, scale) -> None:
    """At 150 % the prompt's line ran under the path field, which hid the foot of its letters."""
    from game.i18n import _, set_language
    from game.ui import theme
    set_language(lang)
    theme.set_ui_scale(scale)
    try:
        dialog = OpenFileScene(app)
        drawn = record_drawn_text(monkeypatch)
        dialog.draw(pygame.Surface((1920, 1080)))
        prompt = _("A .jsonl replay from this computer or another: type or paste its path, then Enter.")
        heading = _("Open a replay file")
    finally:
        set_language("en")
    (rect,) = [rect for text, rect in drawn if text == prompt]
    (top,) = [rect for text, rect in drawn if text == heading]
    assert rect.bottom <= dialog.field.rect.top and rect.top >= top.bottom - 12, (rect, top, dialog.field.rect)
    assert dialog.BOX.x < rect.left and rect.right < dialog.BOX.right


def test_a_linja_replay_jumped_to_its_end_never_says_no_moves_on_this_screen(app, monkeypatch) -> None:
    path, _match = kept("linja", 2, 5)
    app.push(TitleScene(app))
    assert open_replay(app, path) is None
    scene = viewer_of(app)
    scene.jump(len(scene.replay.steps))
    run(app, 0.3)
    drawn = record_drawn_text(monkeypatch)
    scene.table.draw(pygame.Surface((1920, 1080)))
    said = [text for text, _rect in drawn]
    assert "None since this point of the replay." in said and "None yet on this screen." not in said


@pytest.mark.parametrize(("lang", "scale"), [("en", 1.0), ("en", 1.5), ("de", 1.5)])
def test_the_bars_buttons_read_at_one_size_and_leave_the_position_its_room(app, lang, scale) -> None:
    """Back, « Turn, ‹ Step, Play, Step › and Turn » share one size, each word whole ("‹ Schritt" is not
    shrunk below "Spielen"), side by side; where the replay stands keeps its room, and whose eyes fit."""
    from game.i18n import _, set_language
    from game.tables.replay import POSITION_ROOM
    from game.ui import theme
    from game.ui.widgets import LABEL_MARGIN, VALUE_MARGIN
    path, _match = kept("linja", 2, 3)
    set_language(lang)
    theme.set_ui_scale(scale)
    try:
        assert open_replay(app, path) is None
        viewer = viewer_of(app)
        row = [viewer.leave_button, viewer.turn_back, viewer.step_back, viewer.play_button, viewer.step_on,
               viewer.turn_on]
        assert len({button.size for button in row}) == 1
        for button in row:
            for label in ([_("Play"), _("Pause"), _("Again")] if button is viewer.play_button else [button.label]):
                assert theme.fit_text(label, button.size, button.rect.width - LABEL_MARGIN,
                                      theme.DISPLAY_FONT) == button.size, label
        rects = [button.rect for button in row] + [viewer.position_rect, viewer.eyes_choice.rect,
                                                   viewer.speed_choice.rect]
        assert all(a.right < b.left for a, b in zip(rects, rects[1:], strict=False)), rects
        assert viewer.position_rect.width >= theme.px(POSITION_ROOM) and rects[-1].right <= theme.WIDTH
        eyes = viewer.eyes_choice
        assert all(theme.fit_text(text, eyes.size, eyes.rect.width - VALUE_MARGIN, theme.DISPLAY_FONT) == eyes.size
                   for _seat, text in eyes.options)
        if scale == 1.0:
            assert row[0].size == 30  # where every word fits, the bar is as designed
    finally:
        set_language("en")
        theme.set_ui_scale(1.0)


def test_a_replays_folder_that_cannot_be_read_is_said_so_not_no_games_yet(app, monkeypatch) -> None:
    from game.paths import replays_dir
    from game.scenes.replays import ReplaysScene
    from tests.client.helpers import record_drawn_text

    replays_dir().parent.mkdir(parents=True, exist_ok=True)
    replays_dir().write_text("")  # a file where the folder belongs
    screen = ReplaysScene(app)
    drawn = record_drawn_text(monkeypatch)
    screen.draw(pygame.Surface((1920, 1080)))
    header = next(rect for text, rect in drawn if text.startswith("The replays folder cannot be read (a file stands "
                                                                    "where its folder belongs): "))
    assert header.right <= 1920 - 100  # inside the panel, however long the path
    replays_dir().unlink()
    assert ReplaysScene(app).header(0).startswith("No finished games yet")


def test_a_pasted_path_may_come_quoted_or_as_a_file_address() -> None:
    from pathlib import Path

    from game.scenes.replays import typed_path

    assert typed_path('"/home/ada/Downloads/a game.jsonl"') == Path("/home/ada/Downloads/a game.jsonl")
    assert typed_path("  '/tmp/x.jsonl' ") == Path("/tmp/x.jsonl")
    assert typed_path("file:///home/ada/L%C3%A4rm%20und%20Bus.jsonl") == Path("/home/ada/Lärm und Bus.jsonl")
    assert typed_path("~/x.jsonl") == Path.home() / "x.jsonl"
    assert typed_path("/tmp/it's.jsonl") == Path("/tmp/it's.jsonl")


def test_replays_a_newer_linie_wrote_are_told_from_damaged_ones(app, monkeypatch) -> None:
    """A newer replay version, a game this Linie lacks: "from a newer Linie", never "damaged", in
    the list and in the statistics, which leave them out and say to update."""
    path, _match = kept("linja", 2, 3)
    header = json.loads(path.read_text().splitlines()[0])
    folder = path.parent
    (folder / "20250101-000000-linja.jsonl").write_text(json.dumps({**header, "version": 9}) + "\n")
    (folder / "20250102-000000-tramways.jsonl").write_text(json.dumps({**header, "game": "tramways"}) + "\n")
    (folder / "20250103-000000-linja.jsonl").write_text('{"format": "linie-replay", "version": 2}\n{"n"')
    app.push(ReplaysScene(app))
    drawn = record_drawn_text(monkeypatch)
    app.stack.top.draw(pygame.Surface((1920, 1080)))
    titles = [text for text, _rect in drawn]
    assert "Replay from a newer Linie: 20250101-000000-linja.jsonl" in titles
    assert "Replay from a newer Linie: 20250102-000000-tramways.jsonl" in titles
    assert "Damaged replay 20250103-000000-linja.jsonl" in titles
    drawn.clear()
    StatsScene(app).draw(pygame.Surface((1920, 1080)))
    said = " ".join(text for text, rect in drawn if rect.top > 900 and text != "Back")  # the note, wrapped
    assert said == ("From 1 finished game in the replays folder, leaving out 2 games from a newer Linie (update "
                    "Linie to count them) and 1 damaged file.")
    assert all(rect.right <= 1920 for _text, rect in drawn)
    from game.i18n import set_language

    set_language("de")
    try:
        drawn.clear()
        StatsScene(app).draw(pygame.Surface((1920, 1080)))
    finally:
        set_language("en")
    said = " ".join(text for text, rect in drawn if rect.top > 900 and text != "Zurück")
    assert said == ("Aus 1 beendeten Spiel im Wiederholungsordner, ohne 2 Spiele eines neueren Linie (aktualisiere "
                    "Linie, um sie mitzuzählen) und 1 beschädigte Datei.")


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_line_under_the_position_stays_in_its_room_at_the_end(app, monkeypatch, lang, scale) -> None:
    """"Das Ende: Tramina hat gewonnen · alle Geheimnisse offen" at 150 % was wider than its room even
    at the smallest size and ran under Turn » and whose eyes: the last parts give way, then "…"."""
    from game.i18n import set_language
    from game.ui import theme
    match = easy_game("liniell", 2, 3)
    match.seats = [SeatInfo("Wilhelmina-Josephine", "human", "easy", 0), SeatInfo("Bartholomäus", "bot", "easy", 1)]
    path = keep_replay(match)
    set_language(lang)
    theme.set_ui_scale(scale)
    try:
        assert open_replay(app, path) is None
        viewer = viewer_of(app)
        viewer.jump(viewer.playback.length)
        run(app, 0.1)
        drawn = record_drawn_text(monkeypatch)
        viewer.draw(pygame.Surface((1920, 1080)))
        (_top, below), _colour = viewer.position_lines()
        room = viewer.position_rect
        under = [(text, rect) for text, rect in drawn if rect.top >= room.y + 30 and room.colliderect(rect)]
        assert len(under) == 1, drawn
        text, rect = under[0]
        assert room.left <= rect.left and rect.right <= room.right, (text, rect, room)
        assert below.startswith(text.rstrip("…"))  # its first words, never the middle of the line
    finally:
        set_language("en")
        theme.set_ui_scale(1.0)


def test_every_replay_row_says_its_words_at_one_size_the_players_names_cut_first(app, monkeypatch) -> None:
    from game.ui import theme
    long_names = ["Alexandra-Maria Hohenzollern", "Bartholomäus von Wittelsbach"]
    match = easy_game("liniell", 2, 4)
    match.seats = [SeatInfo(name, "human", "easy", index) for index, name in enumerate(long_names)]
    assert keep_replay(match, None) is not None
    kept("liniell", 2, 3)
    (replays_dir() / "20200101-000000-linie1.jsonl").write_text('{"format": "linie-replay", "version": 2}\n')
    drawn = record_drawn_text(monkeypatch)
    for scale in (1.0, 1.5):
        theme.set_ui_scale(scale)
        screen = ReplaysScene(app)
        drawn.clear()
        screen.draw(pygame.Surface((1920, 1080)))
        rows = list_rows_words(drawn, screen, [screen.row_rect(index).x + 60 for index in range(3)])  # not the buttons'
        assert all(rect.right <= screen.row_rect(0).right - 470 for words in rows for _text, rect in words), rows
        long_row = next(words for words in rows if "Alexandra" in words[1][0])
        if scale > 1:  # the names are cut, the length of the game stays whole
            assert "…" in long_row[1][0] and "turns ·" in long_row[1][0], long_row
    theme.set_ui_scale(1.0)


def test_a_bus_replay_is_counted_in_rounds_in_the_list_and_the_viewer(app, tmp_path: Path, monkeypatch) -> None:
    """Bus players count rounds: "121 turns" for a 9-round game said nothing to them. The list row and
    the viewer's line say rounds for Bus; other games keep their turns."""
    path, match = kept("bus", 3, 4)
    kept("linja", 2, 4)
    rounds = match.view(None)["round"]
    app.push(TitleScene(app))
    app.push(ReplaysScene(app))
    drawn = record_drawn_text(monkeypatch)
    app.draw()
    monkeypatch.undo()
    details = [text for text, _rect in drawn if " · " in text and ("turn" in text or "round" in text)]
    assert any(f"· {rounds} rounds ·" in text for text in details), details
    assert any(" turns ·" in text for text in details), details  # Linja still in turns
    assert open_replay(app, path) is None
    viewer = viewer_of(app)
    (top, _below), _colour = viewer.position_lines()
    assert top.startswith("Setting up · action 0 of")
    first = viewer.replay.round_starts[1]  # round 2's first marker comes next
    viewer.jump(first)
    run(app, 0.1)
    (top, _below), _colour = viewer.position_lines()
    assert top.startswith(f"Round 2 of {rounds} · action {first} of"), top
