"""The Linie 1 table driven headless: placing, refusing, rotating, undoing, covers, trips, results."""

import math
import time
from contextlib import contextmanager

import pygame
import pytest

from game.core.linie1 import fitting_cells, my_trip_candidates
from game.match import Match, SeatInfo
from game.refusal_words import refusal_text
from game.render.linie1.route import RoutePath
from game.scenes.cover import CoverScene
from game.scenes.results import ARM_SECONDS, ResultsScene
from game.session import LocalSession
from game.tables import base as base_module
from game.tables.launch import TableConfig
from game.tables.linie1 import layout
from game.tables.linie1 import panel as panel_module
from game.tables.linie1.show import DieRoll
from game.tables.linie1.table import ORIGIN, Linie1Table
from game.tables.linie1.trip import TripChooser, candidate_label, length_note, route_titles
from tests.client.helpers import click, drawn_words, key, past_handover, record_drawn_text, run
from tests.client.scripted_session import ScriptedSession
from tools.shots.linie1 import advanced


@pytest.fixture(autouse=True)
def brisk(app):
    """Animations at triple speed keep these tests quick; they still run every effect."""
    app.settings.animation_speed = 3.0


def make_table(app, seats, seed=4):
    match = Match("linie1", seats, seed)
    session = LocalSession(match, bot_seed=seed)
    table = Linie1Table(app, session, TableConfig("linie1", seats, {}))
    app.push(table)
    run(app, 0.05)
    return table, match


@contextmanager
def five_seat_table(app, scale):
    """Ada and four bots, their table's buttons placed, at text size ``scale`` (100 % again after)."""
    from game.ui import theme
    seats = [SeatInfo("Ada", colour=0)] + [SeatInfo(f"Bot {seat}", "bot", "easy", seat) for seat in range(1, 5)]
    app.settings.ui_scale = scale
    theme.set_ui_scale(scale)
    try:
        table, _match = make_table(app, seats)
        table._update_buttons()
        yield table
    finally:
        theme.set_ui_scale(1.0)


def settle(app, table, seconds=3.0):
    """Let animations finish (and bot threads answer) for up to ``seconds`` of game time."""
    for _ in range(int(seconds / 0.05)):
        run(app, 0.05)
        if not table.busy and table.session.bot_to_act() is None:
            break


def cell_centre(table, cell):
    return table.board.cell_rect(tuple(cell), ORIGIN).center


def legal_cell(table, slot=0):
    tile = table.hand()[slot]
    cells = fitting_cells(table.view, tile, table.rotations[slot])
    assert cells
    return cells[0]


def test_a_click_lays_the_ghost_tile_after_its_flight(app):
    table, match = make_table(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")])
    cell = legal_cell(table)
    run(app, 0.02, click(cell_centre(table, cell)))
    assert len(match.view(0)["board"]["tiles"]) == 1
    assert table.show.masks.held(("cell", tuple(cell)))  # still flying: not yet on the drawn board
    assert tuple(cell) not in table.shown_tiles()
    settle(app, table)
    assert tuple(cell) in table.shown_tiles()
    assert len(table.hand()) == 4 and table.view["actions_taken"] == 1


def test_the_panels_laid_count_takes_a_tile_in_when_it_lands_not_while_it_flies(app, monkeypatch):
    table, match = make_table(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")])
    run(app, 0.02, click(cell_centre(table, legal_cell(table))))
    assert match.view(0)["players"][0]["stats"]["tiles_laid"] == 1 and table.busy  # laid, still flying
    assert "4 tiles · laid 0" in drawn_words(app, monkeypatch)
    settle(app, table)
    assert "4 tiles · laid 1" in drawn_words(app, monkeypatch)


def test_the_route_card_shows_a_stops_sign_once_its_tile_and_sign_have_landed_not_while_they_fly(app):
    """A straight laid beside Museum (one of Ada's stops at seed 4) puts up its sign: the route card said
    "sign placed" while the tile was still in the air; now it waits for the sign on the board."""
    table, match = make_table(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")])
    assert "M" in table.view["players"][0]["stops"] and table.hand()[0] == 1
    table.rotations[0] = 0
    run(app, 0.02, key(pygame.K_1))
    run(app, 0.02, click(cell_centre(table, (4, 5))))
    assert "M" in {sign["building"] for sign in match.view(0)["board"]["signs"]}  # placed, still staging

    def museum() -> dict:
        return next(stop for stop in table._panel_frame().route["stops"] if stop["building"] == "M")

    frames = 0
    while table.show.masks.held(("cell", (4, 5))) or table.show.masks.held(("sign", "M")):
        assert museum()["sign"] is None and not any(museum()["connected"])
        frames += 1
        run(app, 1 / 60)
    assert frames > 10 and museum()["sign"] is not None


def test_an_illegal_square_is_refused_with_the_rules_words(app):
    table, match = make_table(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")])
    straight = table.hand().index(1)
    run(app, 0.02, key(pygame.K_1 + straight))
    table.rotations[straight] = 1  # east-west: its rail would run off the board at column 1
    run(app, 0.02, click(cell_centre(table, (5, 2))))  # next to E-Werk at (5, 1)
    assert table.ghost_verdict().code == "linie1.rule_b_into_building"
    assert match.view(0)["board"]["tiles"] == []
    assert table.message_bad and table.message == refusal_text(table.ghost_verdict())


def test_a_refusal_made_with_the_keys_goes_when_the_keys_move_on(app):
    """Enter refused on a square: an arrow key to the next one left the bubble standing at the old
    square for seconds, as the pointer moving on does not."""
    table, _ = make_table(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")])
    straight = table.hand().index(1)
    run(app, 0.02, key(pygame.K_1 + straight))
    table.rotations[straight] = 1  # east-west: into E-Werk's side
    table.cursor, table.pointer_on_board, table.ghost_waits = (5, 2), True, False
    run(app, 0.02, key(pygame.K_RETURN))
    assert table.refusal_note is not None and table.refusal_note[1] == (5, 2) and table.message_bad
    run(app, 0.02, key(pygame.K_DOWN))
    assert table.cursor == (6, 2) and table.refusal_note is None and not table.message_bad


def test_a_refusal_shows_beside_the_square_clicked_until_the_pointer_moves_on(app):
    table, _ = make_table(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")])
    straight = table.hand().index(1)
    run(app, 0.02, key(pygame.K_1 + straight))
    table.rotations[straight] = 1
    run(app, 0.02, click(cell_centre(table, (5, 2))))
    assert table.refusal_note is not None
    text, cell, _left = table.refusal_note
    assert cell == (5, 2) and text == table.message  # the rules' words, where the player looks
    run(app, 0.5)
    assert table.refusal_note is not None  # still there while the pointer rests on the square
    run(app, 0.02, [pygame.event.Event(pygame.MOUSEMOTION, pos=cell_centre(table, (8, 8)), rel=(1, 1),
                                       buttons=(0, 0, 0))])
    assert table.refusal_note is None and not table.message_bad  # moved on: the note goes


def _point_at(app, table, cell):
    run(app, 0.05, [pygame.event.Event(pygame.MOUSEMOTION, pos=cell_centre(table, cell), rel=(1, 1),
                                       buttons=(0, 0, 0))])


def test_a_square_no_tile_can_ever_go_shows_a_calm_frame_not_a_red_ghost(app, monkeypatch):
    table, match = make_table(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")])
    ghosts, frames = [], []
    monkeypatch.setattr(table.board_view, "draw_ghost", lambda surface, action, ok: ghosts.append(ok))
    monkeypatch.setattr(table.board_view, "draw_calm_cursor", lambda surface, cell: frames.append(cell),
                        raising=False)
    terminal = next(iter(table.board.terminal_at))
    building = next(iter(table.board.buildings))
    for cell in (terminal, building):
        ghosts.clear(), frames.clear()
        _point_at(app, table, cell)
        assert table.ghost_shown() and table.ghost_verdict() is not None  # the rules would refuse it ...
        assert frames and frames[-1] == cell and not ghosts  # ... yet no red ghost hangs over it
        assert not table.status_line()[1]  # the line under the tiles guides, it does not refuse
    run(app, 0.02, click(cell_centre(table, terminal)))  # tried all the same: the rule's words
    assert table.message_bad and table.message == refusal_text(table.ghost_verdict())
    assert match.view(0)["board"]["tiles"] == []
    straight = table.hand().index(1)
    run(app, 0.02, key(pygame.K_1 + straight))
    table.rotations[straight] = 1
    ghosts.clear(), frames.clear()
    _point_at(app, table, (5, 2))  # a playfield square a rule refuses: red, with its words
    assert ghosts and ghosts[-1] is False and not frames and table.status_line()[1]


def test_rotate_by_key_wheel_and_right_click(app):
    table, _ = make_table(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")])
    run(app, 0.02, key(pygame.K_r))
    assert table.rotations[0] == 1
    run(app, 0.02, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)])
    assert table.rotations[0] == 2
    run(app, 0.02, click((100, 100), button=3))
    assert table.rotations[0] == 3
    run(app, 0.02, key(pygame.K_2))
    assert table.selected == 1


def test_undo_takes_back_and_end_turn_hands_over_to_the_bot(app):
    table, match = make_table(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")])
    run(app, 0.02, click(cell_centre(table, legal_cell(table))))
    settle(app, table)
    run(app, 0.02, key(pygame.K_z, pygame.KMOD_LCTRL))
    settle(app, table)
    assert table.view["board"]["tiles"] == [] and len(table.hand()) == 5
    for _ in range(2):
        run(app, 0.02, click(cell_centre(table, legal_cell(table))))
        settle(app, table)
    run(app, 0.02, key(pygame.K_n))
    settle(app, table, 8.0)
    assert table.view["current"] == 0 and table.view["turn"] == 3  # the bot played its turn
    assert len(table.hand()) == 5  # drawn back up, and the drawn tiles flew in


def test_escape_on_the_hot_seat_cover_offers_save_and_leave(app):
    """Linie 1's cards are secret: the device goes to the next builder behind the cover, never openly.
    Friends pausing there get the table's menu: the game is saved, so leaving says "Save and leave"."""
    from game.scenes.pause import PauseScene
    from game.tables.launch import start_local_game
    assert start_local_game(app, TableConfig("linie1", [SeatInfo("Ada"), SeatInfo("Ben")], {}, 11))
    for _ in range(20):
        if isinstance(app.stack.top, CoverScene):
            break
        run(app, 0.1)
    cover = app.stack.top
    table = app.stack.scenes[0]
    assert isinstance(cover, CoverScene) and cover.player == "Ada" and table.needs_cover(0)
    assert table.handover is None and table.eyes is None  # no open band: Ada's cards wait behind the cover
    run(app, 0.02, key(pygame.K_ESCAPE))
    menu = app.stack.top
    assert isinstance(menu, PauseScene) and menu.saved and menu.game == "linie1"
    assert menu.buttons["Leave game"].label == "Save and leave"
    run(app, 0.02, key(pygame.K_ESCAPE))
    assert app.stack.top is cover


def test_hot_seat_covers_hide_cards_between_humans(app):
    table, match = make_table(app, [SeatInfo("Ada"), SeatInfo("Ben")])
    cover = app.stack.top
    assert isinstance(cover, CoverScene) and cover.player == "Ada"
    assert table.eyes is None and table.route_status() is None
    run(app, 0.05, key(pygame.K_RETURN))
    assert app.stack.top is table and table.eyes == 0
    ada_line = table.route_status()["line"]
    for _ in range(2):
        run(app, 0.02, click(cell_centre(table, legal_cell(table))))
        settle(app, table)
    run(app, 0.02, key(pygame.K_n))
    settle(app, table)
    cover = app.stack.top
    assert isinstance(cover, CoverScene) and cover.player == "Ben"
    assert table.eyes is None  # nobody's cards while the device changes hands
    run(app, 0.05, key(pygame.K_RETURN))
    assert table.eyes == 1
    assert table.route_status()["line"] == match.game.secrets(match.state)["seats"][1]["line"] != ada_line


def _ada_laid_two_tiles(app):  # noqa: ANN001, ANN202
    """A hot-seat table of Ada and Ben where Ada took the device and clicked two tiles onto legal
    squares: the table, its match and the square laid last (the pointer is still on it)."""
    table, match = make_table(app, [SeatInfo("Ada"), SeatInfo("Ben")])
    run(app, 0.05, key(pygame.K_RETURN))
    for _ in range(2):
        laid = legal_cell(table)
        run(app, 0.02, click(cell_centre(table, laid)))
        settle(app, table)
    return table, match, laid


def test_a_turn_back_from_a_bot_opens_without_the_tooltip_of_the_end_turn_just_pressed(app):
    """Against a bot there is no cover: the pointer still on End turn called up its tooltip ("Lay two
    tiles first…") the moment the next turn opened, over Undo, Rotate and Hint. It waits until the
    pointer moves."""
    table, _match = make_table(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")])
    for _ in range(2):
        run(app, 0.02, click(cell_centre(table, legal_cell(table))))
        settle(app, table)
    run(app, 0.02, click(table.main_button.rect.center))  # End turn, and the pointer stays on it
    settle(app, table, 6.0)
    run(app, 1.5)
    assert table.my_turn and table.view["actions_taken"] == 0 and not table.main_button.enabled
    assert table.ui.hover is None and not table.main_button.hovered
    nudge = (table.main_button.rect.centerx + 3, table.main_button.rect.centery)
    run(app, 0.05, [pygame.event.Event(pygame.MOUSEMOTION, pos=nudge, rel=(3, 0), buttons=(0, 0, 0))])
    assert table.ui.hover is table.main_button  # moved: it explains itself again


def test_the_next_player_behind_a_cover_sees_no_tooltip_of_the_button_the_last_one_pressed(app):
    table, match, _laid = _ada_laid_two_tiles(app)
    run(app, 0.5, click(table.main_button.rect.center))  # End turn, clicked: the cover comes up for Ben
    assert isinstance(app.stack.top, CoverScene)
    run(app, 0.05, key(pygame.K_RETURN))  # Ben shows himself; the pointer has not moved since
    run(app, 1.0)
    assert app.stack.top is table and table.eyes == 1
    assert table.ui.hover is None and not table.main_button.hovered


def _ada_drives_ben_builds(app):
    """A hot-seat table where Ada drives and rolls now, and Ben (still building) keeps his cards secret."""
    from game.bots import make_bot
    seats = [SeatInfo("Ada"), SeatInfo("Ben")]
    match = Match("linie1", seats, 8)
    stand_ins = [make_bot("linie1", "normal", 80 + seat) for seat in range(2)]
    while not (match.view(0)["players"][0]["driving"] and match.to_act()[0] == 0):
        seat = match.to_act()[0]
        assert match.submit(seat, stand_ins[seat].decide(match.view(seat))).ok and not match.finished
    table = Linie1Table(app, LocalSession(match, bot_seed=8), TableConfig("linie1", seats, {}))
    app.push(table)
    run(app, 0.1)
    assert past_handover(app, table)  # Ada's cards are public: handed to her openly, a moment deaf
    return table, match


def test_a_hot_seat_driver_needs_no_cover_the_builder_still_does(app):
    """Cards shown to all on declaring, a hand public anyway: a driver's turn has nothing to hide."""
    table, match = _ada_drives_ben_builds(app)
    assert not match.view(0)["players"][1]["revealed"]
    assert app.stack.top is table and table.eyes == 0  # Ada drives: straight to her Roll the die
    run(app, 0.02, key(pygame.K_n))
    settle(app, table, 8.0)
    assert not match.finished and match.to_act()[0] == 1
    assert isinstance(app.stack.top, CoverScene) and app.stack.top.player == "Ben"  # Ben's cards are secret
    assert table.eyes is None


def test_a_skipped_roll_shows_where_the_tram_went_before_the_next_players_cover(app):
    table, match = _ada_drives_ben_builds(app)
    before = match.view(0)["players"][0]["trip"]["position"]
    run(app, 0.02, key(pygame.K_n))  # Ada rolls ...
    run(app, 0.05)
    assert table.show.busy and table.show.masks.held(("tram", 0))
    run(app, 0.02, click(cell_centre(table, (6, 6))))  # ... and skips the show at once
    run(app, 0.05)
    moved = match.view(0)["players"][0]["trip"]["position"]
    assert moved != before and match.to_act()[0] == 1
    assert app.stack.top is table and table.eyes == 0  # Ada's board, the tram where it stopped, the die on it
    assert not table.show.busy and not table.show.masks and table.view["last_roll"]["seat"] == 0
    assert table.busy and not table.my_turn  # nothing to play meanwhile
    run(app, 0.02, click(cell_centre(table, (6, 6))))  # a double click's second half: still looking
    assert app.stack.top is table
    run(app, 0.6)
    run(app, 0.02, click(cell_centre(table, (6, 6))))  # seen: on to Ben
    run(app, 0.05)
    assert isinstance(app.stack.top, CoverScene) and app.stack.top.player == "Ben" and table.eyes is None


def test_the_beat_after_a_skipped_roll_ends_by_itself(app):
    table, match = _ada_drives_ben_builds(app)
    run(app, 0.02, key(pygame.K_n))
    run(app, 0.05)
    run(app, 0.02, key(pygame.K_RETURN))  # Enter skips too
    run(app, 0.05)
    assert app.stack.top is table and table.looking > 0
    run(app, base_module.LOOK_SECONDS)
    assert isinstance(app.stack.top, CoverScene) and app.stack.top.player == "Ben"


def test_a_skipped_end_turn_hands_on_at_once(app):
    """Only a move whose result its player wants to see waits: End turn's cover comes at once."""
    table, match, _laid = _ada_laid_two_tiles(app)
    run(app, 0.02, key(pygame.K_n))
    run(app, 0.05)
    assert table.show.busy  # the drawn tiles fly to Ada's hand
    run(app, 0.02, click(cell_centre(table, (6, 6))))
    run(app, 0.05)
    assert isinstance(app.stack.top, CoverScene) and app.stack.top.player == "Ben" and table.looking == 0


def _ready_to_drive() -> LocalSession:
    return advanced(8, lambda v: v["current"] == 0 and v["phase"] == "build" and v["actions_taken"] == 0
                    and bool(my_trip_candidates(v)))


@pytest.fixture
def ready_to_drive():
    """A game where seat 0 may declare its trip now (bots played every seat to get there), each
    test's own to play on."""
    return _ready_to_drive()


@pytest.fixture(scope="module")
def ready_to_drive_save():
    """The same position as ``ready_to_drive``'s start, as a save no test plays on."""
    return _ready_to_drive().match.save()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_trip_chooser_names_each_routes_terminals_and_length_at_full_size(app, ready_to_drive, monkeypatch,
                                                                              lang):
    from game.i18n import set_language
    from game.ui import theme
    restored = Match.load(ready_to_drive.match.save())
    session = LocalSession(restored, bot_seed=1)
    set_language(lang)
    try:
        table = Linie1Table(app, session, TableConfig("linie1", restored.seats, {}))
        app.push(table)
        run(app, 0.05)
        run(app, 0.05, click(table.trip_button.rect.center))
        chooser = app.stack.top
        assert isinstance(chooser, TripChooser)
        sizes: list[tuple[str, int]] = []
        real = theme.draw_text

        def record(surface, text, corner, size, *args, **kwargs):
            sizes.append((text, size))
            return real(surface, text, corner, size, *args, **kwargs)

        monkeypatch.setattr(theme, "draw_text", record)
        chooser.list.draw(pygame.Surface((1920, 1080)))
    finally:
        set_language("en")
    rows = [item.split("\n") for item in chooser.list.items]
    assert rows and all(len(row) == 2 for row in rows)  # the terminals, then the length under them
    drawn = dict(sizes)
    for terminals, length in rows:
        assert drawn[terminals] == chooser.list.size and drawn[length] == chooser.list.size * 4 // 5, drawn


def test_the_trip_chooser_rings_both_terminals_and_the_stops_in_the_players_colour(app, ready_to_drive_save,
                                                                                   monkeypatch):
    from game.core.linie1 import my_route_status
    restored = Match.load(ready_to_drive_save)
    table = Linie1Table(app, LocalSession(restored, bot_seed=1), TableConfig("linie1", restored.seats, {}))
    app.push(table)
    run(app, 0.05)
    run(app, 0.05, click(table.trip_button.rect.center))
    chooser = app.stack.top
    assert isinstance(chooser, TripChooser)
    drawn = record_drawn_text(monkeypatch)
    picture = pygame.Surface((1920, 1080))
    chooser.draw(picture)
    colour = tuple(table.seat_colour(0))
    board, candidate = table.board, chooser.candidates[chooser.index]

    def ringed(rect: pygame.Rect) -> int:
        """How many of the ring's four sides show the player's colour at their middle."""
        sides = [(rect.left + 2, rect.centery), (rect.right - 3, rect.centery), (rect.centerx, rect.top + 2),
                 (rect.centerx, rect.bottom - 3)]
        return sum(tuple(picture.get_at(point))[:3] == colour for point in sides)

    for cell in (candidate["start"], candidate["route"][-1]):
        first, second = board.terminal_at[tuple(cell)]["cells"]
        area = board.cell_rect(tuple(first), ORIGIN).union(board.cell_rect(tuple(second), ORIGIN))
        assert ringed(area.inflate(4, 4)) >= 2, cell  # the tram may stand on a side of the start's ring
    stops = my_route_status(table.view)["stops"]
    assert stops and all(stop["sign"] for stop in stops)
    for stop in stops:
        assert ringed(board.cell_rect(tuple(stop["sign"]), ORIGIN).inflate(-4, -4)) >= 3, stop
    said = [text for text, _rect in drawn]
    assert {"Start", "End"} <= set(said) and {stop["building"] for stop in stops} <= set(said), said


def test_the_trip_chooser_keeps_the_drivers_trams_and_routes_in_sight(app, monkeypatch):
    from tools.shots.linie1 import table as open_table
    session = advanced(12, lambda v: v["current"] == 0 and v["phase"] == "build" and v["actions_taken"] == 0
                       and bool(my_trip_candidates(v)), limit=4000)
    drivers = [player for player in session.view(0)["players"] if player["driving"]]
    assert drivers
    table = open_table(app, session)
    app.step(1 / 60)
    table.open_trip_chooser()
    chooser = app.stack.top
    assert isinstance(chooser, TripChooser)
    trams, routes = [], []
    monkeypatch.setattr(table.board, "draw_tram", lambda surface, pos, heading, line: trams.append(line))
    real_route = table.board_view.draw_route
    monkeypatch.setattr(table.board_view, "draw_route",
                        lambda surface, trip, *args, **kwargs: routes.append(trip) or real_route(surface, trip, *args,
                                                                                               **kwargs))
    table.board_view._still = None  # drawn afresh, so the declared routes are drawn where we see them
    chooser.draw(pygame.Surface((1920, 1080)))
    assert {int(player["line"]) for player in drivers} <= set(trams)  # the drivers' trams, and the one at the start
    assert all(any(route is player["trip"] or route == player["trip"] for route in routes) for player in drivers)


def test_trip_chooser_declares_and_the_tram_drives(app, ready_to_drive):
    session = ready_to_drive
    table = Linie1Table(app, session, TableConfig("linie1", session.match.seats, {}))
    app.push(table)
    run(app, 0.05)
    assert table.trip_button.visible
    run(app, 0.05, click(table.trip_button.rect.center))
    chooser = app.stack.top
    assert isinstance(chooser, TripChooser) and chooser.candidates
    run(app, 0.05, click(chooser.go.rect.center))
    settle(app, table)
    me = table.view["players"][0]
    assert me["driving"] and me["revealed"] and table.view["phase"] == "roll"
    run(app, 0.05, key(pygame.K_n))  # roll
    assert table.busy
    settle(app, table)
    assert table.view["players"][0]["trip"]["position"] >= 0
    assert table.view["last_roll"]["seat"] == 0 and not table.show.masks.held(("die",))  # the die shows it


def test_the_game_ends_on_the_results_screen_and_plays_again(app, ready_to_drive):
    session = ready_to_drive
    match = session.match
    restored = Match.load(match.save())
    local = LocalSession(restored, bot_seed=1)
    table = Linie1Table(app, local, TableConfig("linie1", restored.seats, {}))
    app.push(table)
    run(app, 0.05)
    table.declare(my_trip_candidates(table.view)[0])
    deadline = time.monotonic() + 90  # bots think on a thread: on a busy machine a frame may pass without them
    while time.monotonic() < deadline:
        if isinstance(app.stack.top, ResultsScene):
            break
        table.show.skip()
        if table.my_turn and table.view["phase"] == "roll":
            table.main_action()
        elif table.my_turn and table.view["phase"] == "refill":
            table.submit({"type": "end_turn"})
        run(app, 0.05)
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    assert results.figures and any(f.winner for f in results.figures) or results.outcome.get("stalemate")
    assert any(label == "Stops" for f in results.figures for label, _ in f.rows)
    run(app, ARM_SECONDS)  # the buttons wait for the cards to land
    run(app, 0.05, click(results.again.rect.center))
    assert isinstance(app.stack.top, Linie1Table) and app.stack.top is not table


def test_a_gamepad_alone_can_lay_a_tile(app):
    table, match = make_table(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")])
    pad = [pygame.event.Event(pygame.JOYBUTTONDOWN, button=5, instance_id=0)]  # RB: next tile
    run(app, 0.02, pad)
    assert table.selected == 1
    target = legal_cell(table, 1)
    table.cursor = (6, 6)
    moves = []
    for _ in range(abs(target[0] - 6)):
        moves.append(pygame.event.Event(pygame.JOYHATMOTION, value=(0, -1 if target[0] > 6 else 1), hat=0,
                                        instance_id=0))
    for _ in range(abs(target[1] - 6)):
        moves.append(pygame.event.Event(pygame.JOYHATMOTION, value=(1 if target[1] > 6 else -1, 0), hat=0,
                                        instance_id=0))
    run(app, 0.02, moves)
    assert table.cursor == tuple(target)
    run(app, 0.02, [pygame.event.Event(pygame.JOYBUTTONDOWN, button=0, instance_id=0)])  # A: lay it
    assert len(match.view(0)["board"]["tiles"]) == 1


def test_a_lost_link_is_shown_until_it_comes_back(app):
    match = Match("linie1", [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")], 4)
    session = ScriptedSession("linie1", 0)
    table = Linie1Table(app, session, None)
    app.push(table)
    session.inbox.append({"type": "update", "version": 0, "seat": 0, "events": [], "view": match.view(0),
                          "snapshot": True})
    run(app, 0.05)
    assert table.my_turn
    session.link = "down"
    run(app, 0.05)
    assert table.lan_hud.blocking and not table.my_turn
    session.link = "up"
    run(app, 0.05)
    assert not table.lan_hud.blocking and table.my_turn


def at_a_turns_end_with_the_pile_empty(app, spare: list[int] | None = None) -> tuple[Linie1Table, int]:
    """Seat 0 about to end a turn, its actions taken, with the pile run out and a driver holding spare
    tiles (``spare`` as that driver's hand when given): the table and the driver's seat."""
    session = advanced(10, lambda v: v["current"] == 0 and v["phase"] == "build" and v["actions_taken"] == 0
                       and not v["players"][0]["driving"]
                       and any(p["driving"] and v["hands"][p["seat"]] for p in v["players"][1:]))
    if session.match.finished:
        pytest.skip("no game reached a driver with spare tiles")
    state = session.match.state
    state.pile.clear()  # the pile has run out
    driver = next(seat for seat in range(1, state.players) if state.driving(seat) and state.hands[seat])
    if spare is not None:
        state.hands[driver] = spare
    table = Linie1Table(app, session, TableConfig("linie1", session.match.seats, {}))
    app.push(table)
    run(app, 0.05)
    while table.view["phase"] == "build" and table.view.get("must_act"):
        run(app, 0.02, click(cell_centre(table, legal_cell(table))))
        settle(app, table)
    return table, driver


def test_with_the_pile_empty_tiles_come_from_a_drivers_hand(app):
    table, _driver = at_a_turns_end_with_the_pile_empty(app)
    hand_before = len(table.hand())
    run(app, 0.02, key(pygame.K_n))
    settle(app, table)
    assert table.view["phase"] == "refill" and table.my_turn
    slots = table.refill_slots()
    assert slots
    run(app, 0.02, click(slots[0][2].center))
    settle(app, table)
    assert len(table.view["hands"][0]) == hand_before + 1


def test_taking_from_drivers_the_player_still_sees_their_own_tiles_beside_the_offer(app, monkeypatch):
    table, _driver = at_a_turns_end_with_the_pile_empty(app, [1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    run(app, 0.02, key(pygame.K_n))
    settle(app, table)
    assert table.view["phase"] == "refill" and table.my_turn
    own = table.hand()
    assert own
    drawn_tiles: list[int] = []  # the size of every tile the panel draws
    real = panel_module.tile_image
    monkeypatch.setattr(panel_module, "tile_image",
                        lambda segments, size: drawn_tiles.append(size) or real(segments, size))
    drawn = record_drawn_text(monkeypatch)
    table.draw(pygame.Surface((1920, 1080)))
    mine = [layout.refill_hand_rect(index, len(own)) for index in range(len(own))]
    offered = [rect for _source, _tile, rect in table.refill_slots()]
    assert drawn_tiles.count(layout.REFILL_HAND_TILE) >= len(own)  # each own tile drawn, at its own size
    assert not any(a.colliderect(b) for a in mine for b in offered)  # beside the offer, never over it
    panel = pygame.Rect(layout.PANEL_X, 0, layout.PANEL_W, 1080)
    assert all(panel.contains(rect) for rect in mine + offered)
    caption = next(rect for text, rect in drawn if text == "your tiles")
    assert caption.right <= panel.right and caption.top >= mine[0].bottom


def test_many_tile_types_on_offer_lie_in_two_rows_clear_of_the_message_and_the_button(app, monkeypatch):
    from game.ui import theme
    table, _driver = at_a_turns_end_with_the_pile_empty(app, [1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    run(app, 0.02, key(pygame.K_n))
    settle(app, table)
    assert table.view["phase"] == "refill" and table.my_turn and table.hand()
    drawn = record_drawn_text(monkeypatch)
    for scale in (1.0, 1.5):
        theme.set_ui_scale(scale)
        slots = [rect for _source, _tile, rect in table.refill_slots()]
        assert len(slots) >= 10 and len({rect.top for rect in slots}) == 2  # two rows
        if scale == 1.0:  # one row would shrink them to about 28 px
            assert min(rect.width for rect in slots) >= layout.REFILL_TWO_ROWS_BELOW, slots
        mine = [layout.refill_hand_rect(index, len(table.hand())) for index in range(len(table.hand()))]
        assert not any(a.colliderect(b) for i, a in enumerate(slots) for b in slots[i + 1:] + mine)
        drawn.clear()
        table.draw(pygame.Surface((1920, 1080)))
        keys = [rect for text, rect in drawn if text[:1].isdigit() and any(
            abs(rect.centerx - slot.centerx) <= 1 and 0 <= rect.top - slot.bottom <= 6 for slot in slots)]
        assert len(keys) >= 9  # every number key stands under its tile
        assert not any(key_rect.colliderect(slot) for key_rect in keys for slot in slots), (keys, slots)
        assert not any(a.colliderect(b) for i, a in enumerate(keys) for b in keys[i + 1:]), keys  # "1 · ×2"
        message = [rect for text, rect in drawn if text.startswith("Take a tile")]
        assert message and max(rect.bottom for rect in keys) <= message[0].top, (keys, message)
        words_end = max(rect.bottom for text, rect in drawn if rect.top >= message[0].top and rect.x < 1500
                        and text not in ("Stop taking", "your tiles"))
        assert words_end <= layout.BUTTONS_Y  # the message ends above the button
    theme.set_ui_scale(1.0)


def test_every_tile_type_on_offer_from_drivers_fits_the_panel_and_the_keys_take_them(app):
    # more than a panel row of full-size tiles
    table, driver = at_a_turns_end_with_the_pile_empty(app, [1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    run(app, 0.02, key(pygame.K_n))
    settle(app, table)
    assert table.view["phase"] == "refill" and table.my_turn
    slots = table.refill_slots()
    assert sorted(tile for _source, tile, _rect in slots) == sorted(set(table.view["hands"][driver]))
    panel = pygame.Rect(layout.PANEL_X, 0, layout.PANEL_W, 1080)
    assert all(panel.contains(rect) for _source, _tile, rect in slots)
    assert not any(a[2].colliderect(b[2]) for i, a in enumerate(slots) for b in slots[i + 1:])
    hand = len(table.view["hands"][0])
    third = slots[2][1]
    run(app, 0.02, key(pygame.K_3))  # the third tile on offer
    settle(app, table)
    assert len(table.view["hands"][0]) == hand + 1 and table.view["hands"][0][-1] == third
    if table.view["phase"] == "refill":
        run(app, 0.02, key(pygame.K_RIGHT) + key(pygame.K_RETURN))  # the first, by arrow and Enter
        settle(app, table)
        assert len(table.view["hands"][0]) == hand + 2


def test_the_red_ghost_says_why_before_any_click(app):
    table, _ = make_table(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")])
    straight = table.hand().index(1)
    run(app, 0.02, key(pygame.K_1 + straight))
    table.rotations[straight] = 1
    pos = cell_centre(table, (5, 2))
    run(app, 0.02, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    text, bad = table.status_line()
    assert bad and text == refusal_text(table.ghost_verdict())
    run(app, 0.7)  # resting on a building names it
    pos = cell_centre(table, (5, 1))
    run(app, 0.6, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    assert table.pointer_still >= 0.5 and table.board.buildings[(5, 1)]["name"] == "E-Werk"


def test_the_board_maps_are_made_once_per_change_of_the_view(app):
    table, _ = make_table(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")])
    tiles, signs = table.shown_tiles(), table.shown_signs()
    assert table.shown_tiles() is tiles and table.shown_signs() is signs  # frame after frame
    table.show.masks.hold(("cell", (5, 5)))  # a tile in flight is held back from a copy
    assert table.shown_tiles() is not tiles and table.shown_tiles() == tiles
    table.show.masks.clear()
    table.show.shown = {**table.view, "board": {**table.view["board"], "tiles": [
        *table.view["board"]["tiles"], {"cell": [2, 2], "tile": 1, "rot": 0}]}}
    assert (2, 2) in table.shown_tiles() and (2, 2) not in tiles


def test_your_turn_is_said_once_a_turn_not_after_each_tile(app, monkeypatch):
    table, _ = make_table(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")])
    assert table.toast is not None and table.toast[0] == "Your turn"
    sounds: list[str] = []
    monkeypatch.setattr(app.sounds, "play", lambda name, *args, **kwargs: sounds.append(name))
    table.toast = None
    for _ in range(2):
        run(app, 0.02, click(cell_centre(table, legal_cell(table))))
        settle(app, table)
    assert table.toast is None and "turn" not in sounds  # still Ada's turn: nothing to announce
    run(app, 0.02, key(pygame.K_n))
    settle(app, table, 8.0)
    assert table.view["current"] == 0 and table.toast is not None and table.toast[0] == "Your turn"
    assert sounds.count("turn") == 1


def test_each_tile_keeps_its_own_turn_when_the_hand_reflows(app):
    table, match = make_table(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")])
    hand = table.hand()
    table.selected = 4
    run(app, 0.02, key(pygame.K_r))  # the last tile turned once
    assert table.rotations[4] == 1
    table.selected = 0
    cell = legal_cell(table, 0)
    run(app, 0.02, click(cell_centre(table, cell)))  # lay the first: every other tile moves up a slot
    settle(app, table)
    after = table.hand()
    assert after[:3] == hand[1:4] and len(after) == 4
    assert table.rotations[3] == 1 and table.rotations[:3] == [0, 0, 0]  # the turned tile, now fourth


def test_the_hint_is_for_one_turn(app):
    table, match = make_table(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")])
    run(app, 0.02, key(pygame.K_h))
    assert table.hint and table.hint_button.style == "primary"
    for _ in range(2):
        run(app, 0.02, click(cell_centre(table, legal_cell(table, 0))))
        settle(app, table)
    run(app, 0.02, key(pygame.K_n))  # end the turn; the bot plays; Ada's next turn opens without it
    settle(app, table, 10.0)
    assert table.my_turn and not table.hint
    assert table.hint_button.style == "secondary"  # the button no longer lights a hint that is off


def test_tiles_laid_since_the_last_turn_are_outlined_in_their_players_colour(app):
    table, match = make_table(app, [SeatInfo("Ada", colour=0), SeatInfo("Bot", "bot", "easy", colour=1)])
    for slot in (0, 0):
        run(app, 0.02, click(cell_centre(table, legal_cell(table, slot))))
        settle(app, table)
    run(app, 0.05, key(pygame.K_n))  # end the turn: the bot lays its two
    settle(app, table, 8.0)
    recent = table.view["recent"]
    assert table.my_turn and [row[2] for row in recent] == [1, 1]  # the bot's two; Ada's are a round old
    surface = pygame.Surface((1920, 1080))
    table.draw_table(surface)
    for row, col, seat, _turn in recent:
        rect = table.board.cell_rect((row, col), ORIGIN).inflate(-4, -4)
        assert surface.get_at((rect.centerx, rect.top + 1))[:3] == table.seat_colour(seat)


def test_a_roll_is_staged_the_die_lands_beside_the_tram_then_it_drives_then_the_counts_change(app):
    from tools.shots.linie1 import table as shot_table
    session = advanced(8, lambda v: v["players"][0]["driving"] and v["current"] == 0 and v["phase"] == "roll")
    table = shot_table(app, session)
    trip = table.view["players"][0]["trip"]
    before = len(trip["route"]) - 1 - trip["position"]
    table.main_action()
    run(app, 0.3)  # the die is in the air
    frame = table._panel_frame()
    assert frame.to_go_held == {0: before} and frame.current == 0  # nothing spoiled, nobody else's turn yet
    assert "thinking" not in table.status_line()[0]
    rolls = [effect for effect in table.show.running() if isinstance(effect, DieRoll)]
    assert rolls and layout.BOARD_RECT.collidepoint(rolls[0].centre)  # thrown on the board
    tram = RoutePath(table.board, trip, ORIGIN).resting(int(trip["position"]))
    assert math.dist(rolls[0].centre, tram[:2]) < layout.CELL * 3  # beside the tram
    settle(app, table, 8.0)
    frame = table._panel_frame()
    after = table.view["players"][0]["trip"]
    assert frame.to_go_held == {} and (after is None or after["position"] > trip["position"])


def test_drivers_routes_run_in_lanes_of_their_own_the_viewers_on_top():
    from game.tables.linie1.board_view import LANE_GAP, route_lanes
    trips = [{"start": [0, 3], "route": [[1, 3]], "halts": [False]}, None,
             {"start": [0, 5], "route": [[1, 5]], "halts": [False]},
             {"start": [0, 7], "route": [[1, 7]], "halts": [True]}]
    view = {"you": 2, "players": [{"seat": seat, "line": seat + 1 if trip else None, "trip": trip}
                                  for seat, trip in enumerate(trips)]}
    lanes = route_lanes(view)
    assert [trip["start"] for trip, _colour, _lane, _line in lanes] == [[0, 3], [0, 7], [0, 5]]  # seat 2's last
    assert sorted(lane for _trip, _colour, lane, _line in lanes) == [-LANE_GAP, 0, LANE_GAP]
    assert [line for _trip, _colour, _lane, line in lanes] == [1, 4, 3]


def test_trams_stopped_on_one_square_stand_side_by_side_the_viewers_on_top(app):
    """Two trams on one square (the rules allow it) once hid each other: the player at the screen
    could not find their own tram in their own turn."""
    from game.anim.show import Masks
    from game.tables.linie1.board_view import BoardView
    route = [[1, 3], [2, 3], [3, 3], [4, 3]]
    trips = [{"start": [0, 3], "route": route, "halts": [False] * 4, "position": 1} for _ in range(3)]
    view = {"you": 1, "players": [{"seat": seat, "line": seat + 4, "trip": trip} for seat, trip in enumerate(trips)]}
    board_view = BoardView()
    poses = board_view.tram_poses(view, Masks())
    assert [line for line, _pose in poses][-1] == 5  # seat 1's, the viewer's, drawn last
    spots = [pose[:2] for _line, pose in poses]
    width = board_view.board.cell * 1.5 * 0.42  # a tram's width (``tram_sprite``)
    assert all(math.dist(a, b) >= width for a in spots for b in spots if a is not b)
    square = board_view.board.cell_rect((2, 3), ORIGIN)
    assert all(square.inflate(square.width // 2, 0).collidepoint(spot) for spot in spots)  # still on their square
    other_way = {"start": [5, 3], "route": route[::-1] + [[0, 3]], "halts": [False] * 5, "position": 2}
    two = {"you": 1, "players": [view["players"][0], {"seat": 1, "line": 5, "trip": other_way}]}
    facing = [pose for _line, pose in board_view.tram_poses(two, Masks())]  # seat 1 drives the other way
    assert abs(facing[0][2] - facing[1][2]) == 180 and math.dist(facing[0][:2], facing[1][:2]) >= width
    trips[2]["position"] = 3  # a tram standing alone stays on the middle of its rails
    alone = [pose for line, pose in board_view.tram_poses(view, Masks()) if line == 6][0]
    assert alone == RoutePath(board_view.board, trips[2], ORIGIN).resting(3)


def test_a_planned_route_of_the_white_line_has_dashes_edged_in_full_dark(app):
    """Line 6's white plan, dashed at a plan's fainter alpha, vanished on the pale tiles and rails."""
    from game.render.linie1.board import line_colour
    from game.tables.linie1.board_view import PLAN_ALPHA, BoardView
    from game.ui import theme
    trip = {"start": [0, 3], "route": [[1, 3], [2, 3], [3, 3], [4, 3]], "halts": [False] * 4}
    layer, _offset = BoardView()._route_layer(trip, line_colour(6), PLAN_ALPHA, dashed=True)
    edges = [layer.get_at((x, y)) for x in range(layer.get_width()) for y in range(layer.get_height())]
    dark = [pixel for pixel in edges if pixel[:3] == theme.INK[:3]]
    assert dark and max(pixel.a for pixel in dark) == 255
    white = [pixel for pixel in edges if pixel[:3] == line_colour(6)]
    assert white and all(pixel.a == PLAN_ALPHA for pixel in white)  # the plan itself stays fainter


def test_a_complete_route_shows_dashed_before_the_trip_is_declared(app):
    from game.core.linie1 import my_trip_candidates
    from tools.shots.linie1 import table as shot_table
    session = advanced(8, lambda v: v["current"] == 0 and v["phase"] == "build" and v["actions_taken"] == 0
                       and bool(my_trip_candidates(v)))
    table = shot_table(app, session)
    run(app, 0.1)
    plan = table.planned_route()
    assert plan is not None and plan["shortest"]
    assert table.trip_button.visible and layout.route_card_rect(3).contains(table.trip_button.rect)


def test_the_pace_badge_says_what_its_number_means_when_the_pointer_rests_on_it(app, monkeypatch):
    from tools.shots.linie1 import table as shot_table
    session = advanced(8, lambda v: v["players"][0]["driving"] and v["current"] == 0 and v["phase"] == "roll"
                       and (v.get("allowance") or 0) >= 2, limit=4000, options={"trip_rule": "pace"})
    table = shot_table(app, session)
    run(app, 0.05)
    badge = table.pace_badge()
    assert badge is not None and layout.route_card_rect(3).contains(badge)
    words = table.pace_words()
    assert f"up to {table.view['allowance']} squares" in words
    for spot, shown in ((badge.center, True), (cell_centre(table, (6, 6)), False)):
        run(app, 0.02, [pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(0, 0), buttons=(0, 0, 0))])
        run(app, 1.0)  # the pointer rests
        drawn = record_drawn_text(monkeypatch)
        table.draw_over(pygame.Surface((1920, 1080)))
        assert any(len(text) > 12 and text in words for text, _rect in drawn) == shown
    run(app, 0.02, [pygame.event.Event(pygame.MOUSEMOTION, pos=badge.center, rel=(0, 0), buttons=(0, 0, 0))])
    run(app, 1.0)
    table.open_menu()  # Esc: the pause menu over the table, the pointer still on the badge
    drawn = record_drawn_text(monkeypatch)
    table.draw_over(pygame.Surface((1920, 1080)))
    assert not any(len(text) > 12 and text in words for text, _rect in drawn)


def test_the_pace_rule_drives_the_squares_chosen_with_no_die(app):
    from tools.shots.linie1 import table as shot_table
    session = advanced(8, lambda v: v["players"][0]["driving"] and v["current"] == 0 and v["phase"] == "roll"
                       and (v.get("allowance") or 0) >= 2, limit=4000, options={"trip_rule": "pace"})
    table = shot_table(app, session)
    run(app, 0.05)
    allowance = table.view["allowance"]
    assert table.main_button.label == f"Drive {allowance}" and "first halt" in table.status_line()[0]
    assert f"or 1–{allowance})" in table.status_line()[0]  # the number keys that act, not "1–9"
    run(app, 0.05, key(pygame.K_LEFT))
    assert table.drive_squares() == allowance - 1 and table.main_button.label == f"Drive {allowance - 1}"
    run(app, 0.05, key(pygame.K_RIGHT) * 5)
    assert table.drive_squares() == allowance  # never past the allowance
    run(app, 0.05, key(pygame.K_1))
    assert table.drive_squares() == 1
    trip = table.view["players"][0]["trip"]
    run(app, 0.05, key(pygame.K_RETURN))
    run(app, 0.1)
    assert table._panel_frame().to_go_held.get(0) == len(trip["route"]) - 1 - trip["position"]
    settle(app, table, 8.0)
    moved = table.view["players"][0]["trip"]
    assert moved is None or moved["position"] == trip["position"] + 1
    assert any(e.seat == 0 and e.text == "set off for 1 square, drove 1 square" for e in table.history.entries)


def test_three_dice_are_thrown_chosen_from_and_stopped(app):
    from game.tables.linie1.show import DiceRoll
    from tools.shots.linie1 import table as shot_table
    session = advanced(8, lambda v: v["players"][0]["driving"] and v["current"] == 0 and v["phase"] == "roll"
                       and v["dice"]["rolled"] is None and v["dice"]["next"] == 3, limit=4000,
                       options={"trip_rule": "three_dice"})
    table = shot_table(app, session)
    run(app, 0.05)
    assert table.main_button.label == "Roll 3 dice" and not table.stop_button.enabled
    run(app, 0.05, key(pygame.K_RETURN))
    run(app, 0.1)
    assert any(isinstance(effect, DiceRoll) for effect in table.show.running())
    assert table.waiting_dice() is None  # the dice are still in the air
    settle(app, table, 4.0)
    faces, spots = table.waiting_dice()
    assert len(faces) == 3 and table.main_button.label == "Choose a die" and not table.main_button.enabled
    assert "press 1–3" in table.status_line()[0]
    trip = table.view["players"][0]["trip"]
    from game.tables.linie1.dice import DICE_SIZE, die_rects
    ahead = [table.board.cell_rect(tuple(c), ORIGIN).inflate(-20, -20)
             for c in trip["route"][max(0, trip["position"]):trip["position"] + 4]]
    assert not any(die.colliderect(square) for die in die_rects(spots, DICE_SIZE) for square in ahead)
    pick = next((index for index, face in enumerate(faces) if face != "T"), 0)
    run(app, 0.05, key(pygame.K_RIGHT) * (pick + 4))  # the arrows walk the dice round
    assert table.die_focus == (pick + 3) % 3
    run(app, 0.05, key(pygame.K_RETURN))
    settle(app, table, 8.0)
    assert any(e.seat == 0 and e.text.startswith("carried out") for e in table.history.entries)
    assert faces[pick] != "T"  # (this seed rolls a die worth driving)
    moved = table.view["players"][0]["trip"]
    assert moved["position"] >= trip["position"] and table.view["current"] == 0
    assert table.main_button.label == "Roll 2 more dice"
    assert table.stop_button.enabled and table._panel_frame().dice_roll == (faces, pick)
    run(app, 0.05, click(table.stop_button.rect.center))
    settle(app, table, 4.0)
    assert any(e.seat == 0 and e.text == "stopped" for e in table.history.entries)
    assert table.view["current"] != 0 or table.view["turn"] > 1


def test_three_dice_beside_a_tram_by_the_top_edge_leave_gericht_and_the_tram_in_sight(app):
    """Ada's tram stands by Gericht at the board's top edge, its route turning down beside it: the dice
    lay over Gericht (pushed up against the edge). They keep clear of the tram, the squares ahead and
    the buildings beside them."""
    from game.tables.linie1.dice import DICE_SIZE, die_rects
    from tools.shots.linie1 import table as shot_table

    def by_gericht(view):
        trip = view["players"][0].get("trip")
        return trip is not None and view["current"] == 0 and view["phase"] == "roll" \
            and view["dice"]["rolled"] is None and trip["route"][max(0, trip["position"])] == [2, 7]

    table = shot_table(app, advanced(11, by_gericht, limit=4000, options={"trip_rule": "three_dice"}))
    run(app, 0.05)
    assert table.main_button.label == "Roll 2 more dice"  # (one die of three carried out already)
    run(app, 0.05, key(pygame.K_RETURN))
    settle(app, table, 4.0)
    _faces, spots = table.waiting_dice()
    trip = table.view["players"][0]["trip"]
    ahead = [tuple(c) for c in trip["route"][max(0, trip["position"]):trip["position"] + 7]]
    beside = [cell for cell in table.board.buildings if any(abs(cell[0] - a[0]) + abs(cell[1] - a[1]) == 1
                                                            for a in ahead)]
    assert table.board.building_cells["G"] in beside
    keep = [table.board.cell_rect(cell, ORIGIN).inflate(-20, -20) for cell in ahead + beside]
    x, y, _heading = RoutePath(table.board, trip, ORIGIN).resting(int(trip["position"]))
    keep.append(pygame.Rect(round(x) - 37, round(y) - 37, 74, 74))  # the tram
    for die in die_rects(spots, DICE_SIZE):
        assert die.inflate(0, 40).collidelist(keep) == -1  # the die and its words under it


def test_laying_one_of_two_twin_tiles_leaves_the_other_unturned(app):
    for seed in range(4, 40):
        table, match = make_table(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")], seed=seed)
        hand = table.hand()
        twins = [slot for slot, tile in enumerate(hand) if hand.count(tile) > 1]
        if twins and fitting_cells(table.view, hand[twins[0]], 1):
            break
        app.pop()
    else:
        raise AssertionError("no hand with two alike tiles")
    first, second = twins[0], twins[1]
    table.selected = first
    run(app, 0.02, key(pygame.K_r))  # the first twin turned once, the second left as it is
    assert table.rotations[first] == 1 and table.rotations[second] == 0
    run(app, 0.02, click(cell_centre(table, legal_cell(table, first))))  # lay the turned one
    settle(app, table)
    assert len(table.hand()) == 4
    assert table.rotations[second - 1] == 0  # its twin, a slot up now, was never turned


def test_a_refused_route_says_why_in_the_players_language() -> None:
    from game.i18n import set_language
    from game.tables.linie1.refusals import ROUTE_FAULTS
    samples = {"stops": "F, M", "square": 4}
    said: dict[str, list[str]] = {}
    try:
        for lang in ("en", "de"):
            set_language(lang)
            vague = refusal_text({"code": "linie1.route_incomplete", "params": {}})  # an older host's
            said[lang] = [refusal_text({"code": "linie1.route_incomplete", "params": {"reason": reason, **samples}})
                          for reason in ROUTE_FAULTS]
            assert all("{" not in text and text != vague for text in said[lang])
            assert "F, M" in said[lang][list(ROUTE_FAULTS).index("missed_stops")]
    finally:
        set_language("en")
    assert all(english != german for english, german in zip(said["en"], said["de"], strict=True))


def test_the_note_over_hidden_cards_says_who_is_watching_whom() -> None:
    from types import SimpleNamespace
    people = {"match": {"seats": [{"name": "Ann", "kind": "human"}, {"name": "Tramina", "kind": "bot"}]}}
    bots = {"match": {"seats": [{"name": "Tramina", "kind": "bot"}, {"name": "Bimmel", "kind": "bot"}]}}

    def note(humans: list[int], view: dict, replay: bool = False) -> str:
        return Linie1Table._hidden_note(SimpleNamespace(session=SimpleNamespace(replay=replay), humans=humans,
                                                        view=view))  # type: ignore[arg-type]

    assert note([], people) == "A spectator sees no cards."  # a LAN spectator watches people play
    assert note([], bots) == "Watching the bots play."
    assert note([0, 1], people) == "Cards are hidden."  # hot-seat: between two players' turns
    assert note([], bots, replay=True) == "A spectator sees no cards."


def test_a_turn_opening_with_the_pointer_on_a_laid_tile_shows_no_verdict_until_the_player_moves(app):
    table, _match, laid = _ada_laid_two_tiles(app)  # the pointer stays on the tile just laid
    run(app, 0.02, key(pygame.K_n))
    settle(app, table)
    run(app, 0.05, key(pygame.K_RETURN))  # Ben takes the device; the pointer has not moved
    assert table.eyes == 1 and table.cursor == tuple(laid) and table.ghost_verdict() is not None
    assert not table.ghost_shown() and table.status_line() == (table._guidance(), False)  # no red verdict
    nudge = (cell_centre(table, laid)[0] + 3, cell_centre(table, laid)[1])
    run(app, 0.02, [pygame.event.Event(pygame.MOUSEMOTION, pos=nudge, rel=(3, 0), buttons=(0, 0, 0))])
    assert table.ghost_shown() and table.status_line() == (refusal_text(table.ghost_verdict()), True)


@pytest.mark.parametrize("hidden_by", ["turn_opened", "pointer_off_board"])
def test_enter_shows_the_keys_square_before_it_lays_a_tile_there(app, hidden_by):
    """The keys' square of the turn before was still chosen when a turn opened: the first Enter laid
    (or exchanged) a tile there although no ghost showed where. Enter first brings the ghost up."""
    table, match = make_table(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")])
    table.cursor = tuple(legal_cell(table))
    if hidden_by == "turn_opened":
        table.pointer_on_board = True  # the turn opened quiet: the ghost waits
        assert table.ghost_waits
    else:
        table.pointer_on_board, table.ghost_waits = False, False  # the pointer rests on the panel
    assert not table.ghost_shown()
    run(app, 0.05, key(pygame.K_RETURN))
    assert table.view["actions_taken"] == 0 and not match.view(0)["board"]["tiles"]
    assert table.ghost_shown() and table.ghost_action()["cell"] == list(table.cursor)
    run(app, 0.05, key(pygame.K_RETURN))  # seen: now Enter lays it
    assert [tile["cell"] for tile in match.view(0)["board"]["tiles"]] == [list(table.cursor)]


def test_a_tile_just_laid_is_not_called_refused_under_the_pointer_that_laid_it(app):
    """After the first lay the pointer rests on the new tile, where the held tile could only be an
    exchange that adds nothing: no red verdict greets the click that succeeded, nor does the next
    tile's ghost hide the new one, while the hand trembles on it (a pixel or two during the click
    brought the ghost at once); once the pointer has left the square, the ghost shows there again."""
    table, _match = make_table(app, [SeatInfo("Ada"), SeatInfo("Ben")])
    run(app, 0.05, key(pygame.K_RETURN))
    laid = legal_cell(table)
    run(app, 0.02, click(cell_centre(table, laid)))
    settle(app, table)
    assert table.view["actions_taken"] == 1 and table.cursor == tuple(laid) and table.ghost_verdict() is not None
    assert not table.ghost_shown() and table.status_line() == (table._guidance(), False)

    def move_to(pos: tuple[int, int]) -> None:
        run(app, 0.02, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(3, 0), buttons=(0, 0, 0))])

    centre = cell_centre(table, laid)
    move_to((centre[0] + 3, centre[1] + 1))
    assert not table.ghost_shown() and table.status_line() == (table._guidance(), False)
    away = next(cell for cell in ((laid[0], laid[1] + 1), (laid[0], laid[1] - 1)) if 1 <= cell[1] <= 12)
    move_to(cell_centre(table, away))
    assert table.ghost_shown()
    move_to(centre)
    assert table.ghost_shown() and table.status_line() == (refusal_text(table.ghost_verdict()), True)


def test_the_guidance_names_the_keys_of_the_tiles_in_hand(app):
    """Five tiles: keys 1–5; one laid, four left: the line says 1–4, not a key that picks nothing."""
    table, _match = make_table(app, [SeatInfo("Ada"), SeatInfo("Ben")])
    run(app, 0.05, key(pygame.K_RETURN))
    assert "(1–5)" in table._guidance()
    run(app, 0.02, click(cell_centre(table, legal_cell(table))))
    settle(app, table)
    assert len(table.hand()) == 4 and "(1–4)" in table._guidance() and "1–5" not in table._guidance()


def test_a_bots_row_names_its_level_as_every_game_does(app, monkeypatch):
    recorded = record_drawn_text(monkeypatch)
    table, _match = make_table(app, [SeatInfo("Ada"), SeatInfo("Tramina", "bot", "easy")])
    run(app, 0.05)
    drawn = [text for text, _rect in recorded]
    assert "Tramina" in drawn and "· Bot · easy" in drawn  # the setup's and the other tables' words, not "bot (easy)"
    assert "Ada" in drawn and "· you" in drawn  # the one human here, as the other games say it


def test_hot_seat_rows_say_on_this_screen(app):
    table, _match = make_table(app, [SeatInfo("Ada"), SeatInfo("Ben"), SeatInfo("Tramina", "bot", "normal")])
    assert table._panel_frame().kinds == ["on this screen", "on this screen", "Bot · normal"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_undo_is_never_worded_as_back_and_every_button_reads_at_full_size(app, lang):
    from game.i18n import _, set_language
    from game.ui import theme
    set_language(lang)
    try:
        table, _match = make_table(app, [SeatInfo("Ada"), SeatInfo("Tramina", "bot", "easy")])
        run(app, 0.05)
        back = _("Back")
    finally:
        set_language("en")
    buttons = [table.undo_button, table.rotate_button, table.hint_button]
    assert table.undo_button.label != back  # "Zurück" is every menu's way out, not taking an action back
    for button in buttons:
        assert theme.fit_text(button.label, button.size, button.rect.width - 30, theme.DISPLAY_FONT) == button.size
    assert all(not a.rect.colliderect(b.rect) for a, b in zip(buttons, buttons[1:], strict=False))


def test_the_results_name_each_bots_level_as_the_other_games_do() -> None:
    from game.tables.linie1.figures import linie1_figures
    view = {"match": {"seats": [{"name": "Ada", "colour": 0, "kind": "human"},
                                {"name": "Bimmel", "colour": 1, "kind": "bot", "level": "hard"}]},
            "players": [{"seat": 0, "line": 3, "stops": ["A", "B"]}, {"seat": 1, "line": 5, "stops": ["C", "D"]}]}
    ada, bimmel = linie1_figures(view, {"winners": [1], "stats": [{}, {}]})
    assert ("Bot", "hard") in bimmel.rows and not any(label == "Bot" for label, _value in ada.rows)


def test_the_results_count_every_turn_the_winners_last_one_too(app) -> None:
    """Each card's turns taken, and the game's turns in the results' title, in the count and the words
    of the replays list: a turn is one player's go."""
    import json

    from game.bots import make_bot
    from game.replays import length_words, parse_replay
    from game.scenes.options import named_rule
    from game.tables.linie1.figures import linie1_figures
    match = Match("linie1", [SeatInfo("Ada", "bot", "easy"), SeatInfo("Ben", "bot", "easy")], 3)
    bots = [make_bot("linie1", "easy", seat) for seat in range(2)]
    while not match.finished:
        seat = match.to_act()[0]
        assert match.submit(seat, bots[seat].decide(match.view(seat))).ok
    runs = sum(1 for index, line in enumerate(match.log) if index == 0 or line["seat"] != match.log[index - 1]["seat"])
    figures = linie1_figures(match.view(None), match.outcome())
    turns = [int(dict(player.rows)["Turns taken"]) for player in figures]
    assert sum(turns) == runs  # as the replays list counts them: each run of one player's actions
    replay = parse_replay("\n".join(json.dumps(line) for line in match.replay_lines()).encode())
    table = Linie1Table(app, LocalSession(match), TableConfig("linie1", match.seats, {}))
    app.push(table)
    run(app, 0.05)
    said = length_words(replay.length, replay.in_rounds)
    rule = named_rule("linie1", replay.options, replay.players)  # and the game named as the replays list names it
    assert replay.length == runs and table.results_title(match.outcome()) == f"Linie 1 · {rule} · 2 players · {said}"


def test_a_bots_turn_is_said_once_under_the_tiles_not_again_on_the_route_card(app, monkeypatch):
    from game.tables.linie1 import panel
    table, _match = make_table(app, [SeatInfo("Tramina", kind="bot"), SeatInfo("Bimmel", kind="bot")])
    drawn = record_drawn_text(monkeypatch)
    table.session.hold_bots(True)  # the next bot thinks on while the last move finishes playing
    for _ in range(100):
        if not table.busy:
            break
        run(app, 0.05)
    run(app, 0.3)  # past the moment a move has only just played out (``base.WORDS_GRACE``)
    frame = table._panel_frame()
    drawn.clear()
    name = table.seat_name(table.current)
    assert frame.route is None and frame.message == f"{name} is thinking…"
    panel.draw_panel(pygame.Surface((1920, 1080)), frame, table.board)
    said = [text for text, _rect in drawn if name in text and text not in (name, f"{name}'s tiles")]
    assert said == [f"{name} is thinking…"], said


def test_the_hand_is_never_called_waiting_while_the_players_own_tile_lands(app):
    table, match = make_table(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")])
    run(app, 0.02, click(cell_centre(table, legal_cell(table))))
    assert table.busy and not table.my_turn  # the tile is still flying: the screen has not caught up
    assert table._panel_frame().hand_title == "Your tiles"
    settle(app, table)  # one action of two: still this player's turn once it has landed
    assert table.my_turn and table._panel_frame().hand_title == "Your tiles"


@pytest.mark.parametrize("dashed", [False, True])
def test_a_white_lines_route_has_a_dark_edge_to_stand_out_from_pale_tiles_and_rails(app, ready_to_drive_save,
                                                                                    dashed):
    from game.render.linie1.board import LINE_RGB
    from game.tables.linie1.board_view import ROUTE_ALPHA, BoardView
    trip = my_trip_candidates(Match.load(ready_to_drive_save).view(0))[0]
    layer, _ = BoardView()._route_layer(trip, LINE_RGB["white"], ROUTE_ALPHA, dashed=dashed)
    width, height = layer.get_size()
    shades = {sum(layer.get_at((x, y))[:3]) // 3 for x in range(0, width, 2) for y in range(0, height, 2)
              if layer.get_at((x, y)).a > 0}
    assert min(shades) < 90  # a dark edge, not only white on cream
    assert max(shades) > 230  # and the line's own white still shows


@pytest.mark.parametrize("faces", [["3"], ["2", "R", "H"]])
def test_another_drivers_roll_stays_out_of_the_card_at_start_trip(app, ready_to_drive_save, monkeypatch, faces):
    """Another driver's last roll once shared the route card's foot with Start trip: a newcomer read it
    as their own throw. At their turn's start no die lies in their card at all."""
    import game.tables.linie1.dice as dice_module
    import game.tables.linie1.panel as panel_module
    from tools.shots.linie1 import table as shot_table
    table = shot_table(app, LocalSession(Match.load(ready_to_drive_save), bot_seed=4))
    run(app, 0.1)
    assert table.trip_button.visible
    dies: list[pygame.Rect] = []

    def record(surface, centre, size, face, *rest, **kw):
        dies.append(pygame.Rect(0, 0, size, size).move(round(centre[0] - size / 2), round(centre[1] - size / 2)))

    monkeypatch.setattr(panel_module, "draw_die", record)
    monkeypatch.setattr(dice_module, "draw_die", record)
    roll = {"seat": 1, "face": faces[0]} if len(faces) == 1 else {"seat": 1, "faces": faces, "chosen": 0}
    table.view["last_roll"] = roll  # another driver rolled last
    table.draw(pygame.Surface((1920, 1080)))
    assert dies == []


def test_a_route_completed_mid_turn_says_when_the_trip_can_start(app):
    """Start trip only stands at a turn's start: the line under the hand says so, and that undo brings it back."""
    from game.core.linie1 import my_route_status
    from tools.shots.linie1 import table as shot_table
    session = advanced(8, lambda v: v["current"] == 0 and v["phase"] == "build" and v["actions_taken"] >= 1
                       and my_route_status(v)["complete"])
    table = shot_table(app, session)
    run(app, 0.1)
    assert table.my_turn and not table.trip_button.visible
    words, bad = table.status_line()
    assert not bad and "next turn can start the trip" in words and "undo" in words


def test_the_last_of_three_dice_is_carried_out_with_key_1_not_1_to_1(app):
    from tools.shots.linie1 import table as shot_table
    session = advanced(8, lambda v: v["players"][0]["driving"] and v["current"] == 0 and v["phase"] == "roll"
                       and v["dice"]["rolled"] is not None and len(v["dice"]["rolled"]) == 1, limit=4000,
                       options={"trip_rule": "three_dice"})
    table = shot_table(app, session)
    settle(app, table, 1.0)
    assert table.waiting_dice() is not None
    words = table.status_line()[0]
    assert "press 1." in words and "1–1" not in words


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_words_for_choosing_a_die_read_larger_at_150_percent_than_at_100(app, lang):
    """The line under the spare tiles while dice wait to be chosen: at 150 % (German too) it reads larger
    than at 100 %, as the player asked; with the dice's legend besides the keys it shrank back to the
    100 % size, in German below it (what each die does stands under it on the board)."""
    from game.i18n import set_language
    from game.ui import theme
    from tools.shots.linie1 import table as shot_table
    session = advanced(8, lambda v: v["players"][0]["driving"] and v["current"] == 0 and v["phase"] == "roll"
                       and v["dice"]["rolled"] is not None and len(v["dice"]["rolled"]) == 1, limit=4000,
                       options={"trip_rule": "three_dice"})
    table = shot_table(app, session)
    settle(app, table, 1.0)
    theme.set_ui_scale(1.5)
    set_language(lang)
    try:
        room = layout.BUTTONS_Y - 8 - layout.message_top()
        for count in (1, 3):
            table.view["dice"]["rolled"] = ["2"] * count
            words = table.status_line()[0]
            assert words and "1–1" not in words
            size, _lines, _step = theme.fit_lines(words, 26, layout.PANEL_W - 20, room, theme.TEXT_BOLD_FONT)
            assert theme.px(size) > 26, words
    finally:
        set_language("en")


def test_the_pace_badge_steps_aside_for_start_trip(app, monkeypatch):
    import game.tables.linie1.panel as panel_module
    from tools.shots.linie1 import table as shot_table
    session = advanced(8, lambda v: v["current"] == 0 and v["phase"] == "build" and v["actions_taken"] == 0
                       and bool(my_trip_candidates(v)), options={"trip_rule": "pace"})
    table = shot_table(app, session)
    run(app, 0.1)
    assert table.trip_button.visible and table.view.get("allowance")
    badges: list[pygame.Rect] = []
    monkeypatch.setattr(panel_module, "_pace_badge", lambda surface, allowance, centre, size: badges.append(
        pygame.Rect(0, 0, size + 20, size).move(round(centre[0] - (size + 20) / 2), round(centre[1] - size / 2))))
    table.draw(pygame.Surface((1920, 1080)))
    assert len(badges) == 1 and not badges[0].colliderect(table.trip_button.rect)
    assert layout.route_card_rect(len(table.view["players"])).contains(badges[0])


def test_the_first_pace_move_says_drive_1_square_not_1_to_1(app):
    from tools.shots.linie1 import table as shot_table
    session = advanced(8, lambda v: v["players"][0]["driving"] and v["current"] == 0 and v["phase"] == "roll"
                       and v.get("allowance") == 1, limit=4000, options={"trip_rule": "pace"})
    table = shot_table(app, session)
    run(app, 0.05)
    words = table.status_line()[0]
    assert "Drive 1 square" in words and "1 to 1" not in words


@pytest.mark.parametrize("lang", ["en", "de"])
def test_seat_rows_never_run_into_each_other_at_150_percent(app, monkeypatch, lang):
    """German at 150 %: "· auf diesem Bildschirm" ran over the tiles count and the line badge."""
    from game.i18n import set_language
    from game.tables.linie1 import panel as panel_module
    from game.ui import theme
    theme.set_ui_scale(1.5)
    set_language(lang)
    try:
        seats = [SeatInfo("Alexandra"), SeatInfo("Bimmel", "bot", "normal"), SeatInfo("Benedikt"),
                 SeatInfo("Weiche", "bot", "normal")]
        table, _match = make_table(app, seats)
        settle(app, table, 0.5)
        drawn: list[pygame.Rect] = []
        real = theme.draw_text
        monkeypatch.setattr(theme, "draw_text", lambda *args, **kw: drawn.append(real(*args, **kw)) or drawn[-1])
        panel_module._players(pygame.Surface((1920, 1080)), table._panel_frame())
    finally:
        set_language("en")
    for seat in range(4):
        row = layout.player_row(seat)
        texts = [rect for rect in drawn if row.collidepoint(rect.center)]
        assert len(texts) >= 2  # the name and the tiles at least
        assert all(row.inflate(0, 8).contains(rect) for rect in texts)
        assert not any(a.colliderect(b) for index, a in enumerate(texts) for b in texts[index + 1:])


def test_dice_meanings_keep_every_word_and_one_size_at_150_percent_in_german(app, monkeypatch):
    """"bis zur nächsten Haltestelle" lost its last word, and "2 Felder" stood twice as big beside it."""
    from game.i18n import set_language
    from game.render.linie1 import die as die_module
    from game.render.linie1.die import LIGHT_WORDS
    from game.tables.linie1.dice import draw_rolled
    from game.tables.linie1.staging import DICE_SIZE
    from game.ui import theme
    theme.set_ui_scale(1.5)
    set_language("de")
    try:
        drawn: list[tuple[str, int]] = []
        real = theme.render_text
        monkeypatch.setattr(die_module.theme, "render_text",
                            lambda text, size, *rest: drawn.append((text, size)) or real(text, size, *rest))
        faces = ["T", "H", "2"]
        draw_rolled(pygame.Surface((1920, 1080)), layout.dice_spots((700, 500), 3, DICE_SIZE), faces, DICE_SIZE,
                    True, None)
        from game.i18n import _
        words = [_(LIGHT_WORDS[face]) for face in faces]
    finally:
        set_language("en")
    labels = [(text, size) for text, size in drawn if text and not text.isdigit()]
    assert " ".join(text for text, _size in labels).split() == " ".join(words).split()  # every word, in order
    assert len({size for _text, size in labels}) == 1


def test_route_complete_gives_way_once_the_trip_is_under_way(app, monkeypatch, ready_to_drive_save):
    from game.tables.linie1 import panel as panel_module
    from tools.shots.linie1 import table as shot_table
    table = shot_table(app, LocalSession(Match.load(ready_to_drive_save), bot_seed=4))
    run(app, 0.1)
    drawn = record_drawn_text(monkeypatch)
    panel_module._route_card(pygame.Surface((1920, 1080)), table._panel_frame(), table.board)
    assert "Route complete!" in [text for text, _rect in drawn]  # at the turn's start, with Start trip
    table.declare(table.trip_candidates()[0])
    settle(app, table, 1.0)
    assert table.view["players"][0]["driving"]
    drawn.clear()
    panel_module._route_card(pygame.Surface((1920, 1080)), table._panel_frame(), table.board)
    assert "Route complete!" not in [text for text, _rect in drawn]
    assert "Terminals joined — now the stops." not in [text for text, _rect in drawn]  # nor a building step


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_a_refusal_by_the_boards_east_edge_stays_on_the_board_not_over_the_hand(app, scale):
    from game.tables.linie1.board_view import BoardView
    from game.ui import theme
    theme.set_ui_scale(scale)
    why = "Rule d: the tile would block the terminal of line 3 (Düsseldorfer Str.)."
    for cell in [(10, 12), (1, 12), (12, 1), (6, 6)]:
        box = BoardView().draw_refusal(pygame.Surface((1920, 1080)), cell, why)
        assert layout.BOARD_RECT.contains(box), cell
        assert not box.colliderect(layout.slot_rect(0)) and box.right <= layout.PANEL_X


@pytest.mark.parametrize(("lang", "scale"), [("en", 1.0), ("de", 1.5)])
def test_the_panel_says_where_the_menu_and_the_rules_are_beside_the_pile(app, monkeypatch, lang, scale):
    from game.i18n import _, set_language
    from game.tables.linie1 import panel as panel_module
    from game.ui import theme
    set_language(lang)
    theme.set_ui_scale(scale)
    try:
        table, match = make_table(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")] + [
            SeatInfo(f"Bot {n}", "bot", "easy") for n in range(3)])
        drawn = record_drawn_text(monkeypatch)
        panel_module.draw_panel(pygame.Surface((1920, 1080)), table._panel_frame(), table.board)
        note = _("Esc menu · F1 rules")
        pile = panel_module.pile_label(table.view)
    finally:
        set_language("en")
        theme.set_ui_scale(1.0)
    rects = {text: rect for text, rect in drawn}
    assert note in rects and pile in rects
    assert panel_module.notice_box(table.view).contains(rects[note])
    assert not rects[note].colliderect(rects[pile])
    assert rects[note].bottom <= layout.route_card_rect(5).top  # clear of the route card below
    monkeypatch.setattr(type(table.session), "save_problem", property(lambda _session: "disk full"))
    assert table._panel_frame().keys_note == ""  # a lasting notice takes the strip: the note gives way


@pytest.mark.parametrize("players", [2, 5])
def test_route_complete_never_runs_into_the_stops_of_a_short_route_card(app, monkeypatch, players):
    from dataclasses import replace

    from game.tables.linie1 import panel as panel_module
    seats = [SeatInfo("Ada")] + [SeatInfo(f"Bot {n}", "bot", "easy") for n in range(players - 1)]
    table, match = make_table(app, seats)
    frame = table._panel_frame()
    complete = dict(frame.route, complete=True, terminals_joined=True,
                    stops=[dict(stop, connected=[True] * len(stop["connected"])) for stop in frame.route["stops"]])
    drawn = record_drawn_text(monkeypatch)
    panel_module._route_card(pygame.Surface((1920, 1080)), replace(frame, route=complete), table.board)
    said = [rect for text, rect in drawn if text == "Route complete!"]
    others = [rect for text, rect in drawn if text != "Route complete!"]
    assert all(not rect.colliderect(other) for rect in said for other in others)
    assert said or players == 5  # a tall card says it; a five-seat card may leave it to its chips and Start trip


def test_with_no_cards_shown_the_hand_is_the_lit_players_while_their_move_still_plays(app):
    seats = [SeatInfo("Ada"), SeatInfo("Ben"), SeatInfo("Bot", "bot", "easy")]
    table, match = make_table(app, seats)
    table._set_eyes(None)  # two players at this screen, a bot's move playing: nobody's cards show
    mover = 2
    assert table.current != mover
    table.show.masks.place(("current",), mover)  # the lit row stays the mover's until the move has played
    frame = table._panel_frame()
    assert frame.current == mover
    assert frame.hand == list(table.view["hands"][mover]) and frame.hand_title == "Bot's tiles"


def test_the_keys_alone_reach_start_trip_past_the_hand_and_come_back_to_it(app, ready_to_drive_save):
    from tools.shots.linie1 import table as shot_table
    table = shot_table(app, LocalSession(Match.load(ready_to_drive_save), bot_seed=4))
    settle(app, table, 1.0)
    assert table.trip_button.visible and table.selected == 0
    for _ in range(len(table.hand()) - 1):
        run(app, 0.02, key(pygame.K_TAB))  # the hand first, tile by tile
    assert table.selected == len(table.hand()) - 1 and table.ui.focus is None
    seen = []
    for _ in range(len(table.ui.focusables())):
        run(app, 0.02, key(pygame.K_TAB))  # then every button, ringed in turn
        seen.append(table.ui.focus)
    assert table.trip_button in seen and table.history_button in seen
    run(app, 0.02, key(pygame.K_TAB))  # past the last button: the hand again, no ring left
    assert table.selected == 0 and table.ui.focus is None
    while table.ui.focus is not table.trip_button:
        run(app, 0.02, key(pygame.K_TAB, pygame.KMOD_SHIFT))  # Shift+Tab walks back from the hand's first tile
    run(app, 0.02, key(pygame.K_RETURN))
    assert isinstance(app.stack.top, TripChooser)


def test_a_card_whose_stops_all_read_connected_says_why_there_is_no_trip_yet(app, monkeypatch):
    """Each stop reached from both terminals, yet no one ride runs through them all (a tram never
    turns back): every chip said "connected" and nothing said why Start trip did not come."""
    from dataclasses import replace

    from game.tables.linie1 import panel as panel_module
    table, _match = make_table(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")])
    frame = table._panel_frame()
    status = dict(frame.route, terminals_joined=True, complete=False,
                  stops=[dict(stop, sign=[1, 1], connected=[True, True]) for stop in frame.route["stops"]])
    why = "Every stop is reached, but not yet on one ride: a tram never turns back."
    for route, said in ((status, why), (dict(status, complete=True), "Route complete!"),
                        (dict(status, stops=[dict(status["stops"][0], connected=[True, False])] + status["stops"][1:]),
                         "Terminals joined — now the stops.")):
        drawn = record_drawn_text(monkeypatch)
        panel_module.draw_panel(pygame.Surface((1920, 1080)), replace(frame, route=route), table.board)
        words = " ".join(text for text, _rect in drawn)  # a long note comes on two lines
        assert said in words and (said == why) == (why in words)


@pytest.mark.parametrize("players", [2, 4])
def test_the_cards_note_stops_short_of_the_last_roll(app, monkeypatch, players):
    """While others drive, their last roll lies at the route card's right: at a four-seat table the
    note "Every stop is reached, but not yet on one ride…" ran on under the die."""
    from dataclasses import replace

    from game.tables.linie1 import panel as panel_module
    seats = [SeatInfo("Ada")] + [SeatInfo(f"Bot {seat}", "bot", "easy") for seat in range(1, players)]
    table, _match = make_table(app, seats)
    frame = table._panel_frame()
    status = dict(frame.route, terminals_joined=True, complete=False,
                  stops=[dict(stop, sign=[1, 1], connected=[True, True]) for stop in frame.route["stops"]])
    rolled = replace(frame, route=status, die_face="3", roll_seat=1)
    die = panel_module.roll_box(rolled)
    assert die is not None and layout.route_card_rect(players).contains(die)
    drawn = record_drawn_text(monkeypatch)
    panel_module.draw_panel(pygame.Surface((1920, 1080)), rolled, table.board)
    note = [rect for text, rect in drawn if text and text in "Every stop is reached, but not yet on one ride: "
            "a tram never turns back."]
    assert note and " ".join(text for text, _rect in drawn).count("never turns back") == 1
    assert not [rect for rect in note if rect.colliderect(die)]


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_with_five_players_the_last_roll_stands_clear_of_the_history_button(app, scale, monkeypatch):
    """Five seats leave a short route card: the History button hid the top of the die, and three
    dice covered the terminals' names."""
    from dataclasses import replace

    from game.tables.linie1 import panel as panel_module
    with five_seat_table(app, scale) as table:
        history = table.history_button.rect
        card = layout.route_card_rect(5)
        assert table.history_button.visible and card.contains(history)
        frame = replace(table._panel_frame(), die_face="3", roll_seat=1)
        (x, y), size = panel_module._roll_place(frame, 1, layout.DIE_SIZE)
        die = pygame.Rect(0, 0, size, size)
        die.center = (round(x), round(y))
        assert not die.colliderect(history) and card.contains(die)
        assert size >= panel_module.MIN_PANEL_DIE
        drawn = record_drawn_text(monkeypatch)
        panel_module.draw_panel(pygame.Surface((1920, 1080)), frame, table.board)
        names = next(rect for text, rect in drawn if "↔" in text)
        (x, y), size = panel_module._roll_place(frame, 3, panel_module.PANEL_DICE)  # three dice, leftwards
        row = pygame.Rect(0, 0, round(size * (1 + 1.45 * 2)), size)
        row.midright = (round(x + size / 2), round(y))
        assert not row.colliderect(names) and not row.colliderect(history) and card.contains(row)
        four = replace(frame, view={**frame.view, "players": frame.view["players"][:4]},  # room enough: as before
                       history_button=history.move(0, layout.route_card_rect(4).y - card.y))
        assert panel_module._roll_place(four, 1, layout.DIE_SIZE) == (layout.DIE_CENTRE, layout.DIE_SIZE)


def test_the_last_roll_in_the_panel_is_framed_in_the_colour_of_whoever_threw_it(app):
    from dataclasses import replace

    from game.tables.linie1 import panel as panel_module
    table, match = make_table(app, [SeatInfo("Ada", colour=0), SeatInfo("Bot", "bot", "easy", 1)])
    frame = replace(table._panel_frame(), die_face="3", roll_seat=1)
    spot = panel_module.roller_frame_rect([layout.DIE_CENTRE], layout.DIE_SIZE).midtop
    colours = {}
    for seat in (None, 0, 1):
        surface = pygame.Surface((1920, 1080))
        panel_module.draw_panel(surface, replace(frame, roll_seat=seat), table.board)
        colours[seat] = surface.get_at((spot[0], spot[1] + 1))[:3]
    assert colours[1] == panel_module._colour(frame, 1)[:3] and colours[0] == panel_module._colour(frame, 0)[:3]
    assert colours[None] not in (colours[0], colours[1])  # no roller, no frame


def test_while_a_rival_drives_a_builders_buttons_are_their_own_idle_ones(app):
    from tools.shots.linie1 import advanced
    from tools.shots.linie1 import table as shot_table
    session = advanced(4, lambda v: v["current"] != 0 and v["phase"] == "roll" and not v["players"][0]["driving"])
    table = shot_table(app, session)
    table._update_buttons()  # as the table opens, before the rival's bot throws
    assert not table.my_turn and table.eyes == 0 and table.view["phase"] == "roll"
    assert table.main_button.label == "End turn" and not table.main_button.enabled  # not "Roll the die"
    assert table.rotate_button.visible and not table.rotate_button.enabled


def test_while_a_rival_builds_a_drivers_buttons_are_their_own_idle_ones(app):
    """Seen between two of the driver's rolls: no Undo, Rotate, Hint or End turn coming back."""
    from tools.shots.linie1 import table as shot_table
    session = advanced(8, lambda v: v["current"] != 0 and v["phase"] == "build" and v["players"][0]["driving"])
    table = shot_table(app, session)
    table._update_buttons()
    assert not table.my_turn and table.eyes == 0 and table.view["phase"] == "build"
    assert table.main_button.label == "Roll the die" and not table.main_button.enabled  # not "End turn"
    assert not any(button.visible for button in (table.undo_button, table.rotate_button, table.hint_button))


def test_between_two_drivers_at_one_screen_a_bots_turn_keeps_their_idle_roll_button(app):
    """Hot-seat: two players here, both on their trips, look at a bot building. Nobody's eyes show, and
    the row kept flashing back to Undo, Rotate, Hint and End turn on every bot turn that builds."""
    from tools.shots.linie1 import table as shot_table
    session = advanced(8, lambda v: v["current"] == 1 and v["phase"] == "build" and v["players"][0]["driving"])
    table = shot_table(app, session)
    table.humans, table.resting_eyes, table.eyes = [0, 2], None, None  # two players at this screen
    players = table.view["players"]
    players[2]["driving"] = True
    table._update_buttons()
    assert not table.my_turn and table.view["phase"] == "build"
    assert table.main_button.label == "Roll the die" and not table.main_button.enabled
    assert not any(button.visible for button in (table.undo_button, table.rotate_button, table.hint_button))
    players[2]["driving"] = False  # one builds, one drives: the row follows the turn, as before
    table._update_buttons()
    assert table.main_button.label == "End turn" and table.rotate_button.visible


def test_a_won_trip_leaves_the_drivers_button_row_as_it_was(app):
    """While the winning tram arrives, no greyed End turn replaces the Roll the die just pressed."""
    from tools.shots.linie1 import table as shot_table
    session = advanced(8, lambda v: v["current"] == 0 and v["phase"] == "roll")
    match = session.match
    while not match.finished:
        seat = match.to_act()[0]
        session.submit(seat, {"type": "roll"}) if seat == 0 else session.run_bots_now()
    table = shot_table(app, session)
    table._update_buttons()
    assert table.view["phase"] == "over" and table.view["players"][0]["driving"]
    assert table.main_button.label == "Roll the die" and not table.main_button.enabled
    assert not table.undo_button.visible


def test_enter_rolls_again_once_the_pointer_leaves_the_button_it_rested_on(app, ready_to_drive_save):
    """The pointer rested on History and Enter pressed it (the button under the pointer keeps its
    own); moved away to the board, Enter rolled nothing: it opened and closed History for good."""
    from tools.shots.linie1 import table as shot_table
    table = shot_table(app, LocalSession(Match.load(ready_to_drive_save), bot_seed=4))
    settle(app, table, 1.0)
    table.declare(table.trip_candidates()[0])
    settle(app, table, 1.0)
    assert table.my_turn and table.view["phase"] == "roll"
    history = table.history_button.rect.center
    run(app, 0.02, [pygame.event.Event(pygame.MOUSEMOTION, pos=history, rel=(0, 0), buttons=(0, 0, 0))])
    run(app, 0.02, key(pygame.K_RETURN))
    assert table.history_open  # the button under the pointer took Enter
    run(app, 0.02, [pygame.event.Event(pygame.MOUSEMOTION, pos=cell_centre(table, (6, 6)), rel=(0, 0),
                                       buttons=(0, 0, 0))])
    before = len(table.session.match.log)
    run(app, 0.02, key(pygame.K_RETURN))
    assert table.history_open and table.session.match.log[before]["action"] == {"type": "roll"}


def test_a_driver_tabs_straight_to_the_buttons(app, ready_to_drive_save):
    from tools.shots.linie1 import table as shot_table
    table = shot_table(app, LocalSession(Match.load(ready_to_drive_save), bot_seed=4))
    settle(app, table, 1.0)
    table.declare(table.trip_candidates()[0])
    settle(app, table, 1.0)
    assert table.my_turn and table.view["phase"] == "roll"
    run(app, 0.02, key(pygame.K_TAB))  # the spare tiles cannot be laid: no silent walk through them
    assert table.ui.focus is table.main_button
    before = len(table.session.match.log)
    run(app, 0.02, key(pygame.K_RETURN))  # the ringed Roll the die
    assert table.session.match.log[before]["action"] == {"type": "roll"}


def test_a_screen_that_watches_calls_a_drivers_tiles_spares_others_may_draw(app):
    session = advanced(8, lambda v: v["players"][v["current"]]["driving"] and bool(v["hands"][v["current"]]))
    if session.match.finished:
        pytest.skip("no game reached a driver with spare tiles")
    table = Linie1Table(app, session, TableConfig("linie1", session.match.seats, {}))
    app.push(table)
    run(app, 0.05)
    table.eyes = None  # a spectator at a LAN table, or a screen watching the bots play
    name = table.seat_name(table.current)
    assert table._panel_frame().hand_title == f"{name}'s spare tiles (face up: others may draw them)"


def drag(start, end, steps=4):
    """Press on ``start``, move the pointer to ``end`` in a few steps, release there: as a player drags."""
    events = [pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)]
    for step in range(1, steps + 1):
        pos = (start[0] + (end[0] - start[0]) * step // steps, start[1] + (end[1] - start[1]) * step // steps)
        events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0)))
    return events + [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)]


def test_a_tile_dragged_from_the_hand_to_a_square_is_laid_there_as_it_shows(app):
    table, match = make_table(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")])
    for slot in (0, 1):  # the tile held already (slot 0), and one picked by the press itself
        cell = legal_cell(table, slot)
        turned = table.rotations[slot]
        run(app, 0.02, drag(layout.slot_rect(slot).center, cell_centre(table, cell)))
        laid = {tuple(t["cell"]): t for t in match.view(0)["board"]["tiles"]}
        assert tuple(cell) in laid and laid[tuple(cell)]["rot"] == turned  # not turned by the press
        settle(app, table)


def test_clicking_the_held_tile_turns_it_but_a_drag_off_the_board_changes_nothing(app):
    table, match = make_table(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")])
    run(app, 0.02, click(layout.slot_rect(0).center))
    assert table.selected == 0 and table.rotations[0] == 0  # the first click picks the tile lit at the start
    run(app, 0.02, click(layout.slot_rect(0).center))
    assert table.rotations[0] == 1  # the held tile clicked again turns
    run(app, 0.02, click(layout.slot_rect(2).center))
    assert table.selected == 2 and table.rotations[2] == 0  # another tile clicked is picked, not turned
    run(app, 0.02, drag(layout.slot_rect(2).center, table.main_button.rect.center))  # dropped on End turn
    assert table.selected == 2 and table.rotations[2] == 0
    assert match.view(0)["board"]["tiles"] == [] and match.view(0)["current"] == 0  # nothing laid, turn not ended


def test_the_trip_chooser_says_the_first_move_as_the_tables_trip_rule_makes_it() -> None:
    from types import SimpleNamespace
    die = TripChooser.note(SimpleNamespace(view={"allowance": None, "dice": None}))
    pace = TripChooser.note(SimpleNamespace(view={"allowance": 1, "dice": None}))
    dice = TripChooser.note(SimpleNamespace(view={"allowance": None, "dice": {"rolled": None, "next": 3}}))
    assert "you roll at once" in die
    assert "roll" not in pace and "drive at once" in pace  # the pace rule has no die
    assert "three dice" in dice


def test_the_trip_chooser_calls_a_route_shortest_only_when_no_other_is_as_short() -> None:
    # the core marks one candidate "shortest" even when the other direction is just as long
    tied = [{"length": 14, "shortest": True}, {"length": 14, "shortest": False}, {"length": 17, "shortest": False}]
    assert length_note(tied[0], tied) == length_note(tied[1], tied) == "(one of the shortest)"
    assert length_note(tied[2], tied) == ""
    pair = tied[:2]  # a route and its way back: neither is "the shortest"
    assert length_note(pair[0], pair) == length_note(pair[1], pair) == "(both as long)"
    alone = [{"length": 12, "shortest": True}, {"length": 14, "shortest": False}]
    assert length_note(alone[0], alone) == "(shortest)" and length_note(alone[1], alone) == ""


def test_a_routes_length_note_stands_by_its_squares_not_by_its_moves() -> None:
    """"37 squares, 13 moves at full pace (both as long)" beside "37 squares, 17 moves… (both as
    long)" read as if the moves were alike: the note is about the squares and stands by them."""
    pair = [{"length": 37, "expected_turns": 13.0}, {"length": 37, "expected_turns": 17.0}]
    assert candidate_label(pair[0], pair, pace=True) == "37 squares (both as long), 13 moves at full pace"
    assert candidate_label(pair[1], pair, pace=False) == "37 squares (both as long), ≈ 17.0 turns"
    longer = [{"length": 30, "expected_turns": 9.26}, {"length": 37, "expected_turns": 1.0}]
    assert candidate_label(longer[0], longer, pace=False) == "30 squares (shortest), ≈ 9.3 turns"
    assert candidate_label(longer[1], longer, pace=True) == "37 squares, 1 move at full pace"


def test_two_routes_between_the_same_terminals_say_what_tells_them_apart() -> None:
    """"1. Rathaus to Zoo" twice left the player guessing: routes that share both terminals name the
    order they pass the route card's stops, else their length; a route alone between its terminals
    (its way back starts elsewhere) needs neither."""
    from game.i18n import set_language
    stops = [{"building": "A", "sign": [2, 3]}, {"building": "E", "sign": [5, 5]}, {"building": "L", "sign": [7, 1]}]
    east = {"start": [0, 2], "route": [[1, 2], [2, 3], [5, 5], [7, 1], [13, 6]], "length": 5}
    west = {"start": [0, 2], "route": [[1, 2], [7, 1], [5, 5], [2, 3], [13, 6]], "length": 5}
    back = {"start": [13, 6], "route": [[7, 1], [5, 5], [2, 3], [1, 2], [0, 2]], "length": 5}
    ends = [("Rathaus", "Zoo"), ("Rathaus", "Zoo"), ("Zoo", "Rathaus")]
    assert route_titles([east, west, back], ends, stops) == [
        "1. Rathaus to Zoo via A, E, L", "2. Rathaus to Zoo via L, E, A", "3. Zoo to Rathaus"]
    longer = {**west, "route": [[1, 2], [2, 3], [3, 3], [5, 5], [7, 1], [13, 6]], "length": 6}
    assert route_titles([east, longer], ends[:2], stops) == ["1. Rathaus to Zoo, 5 squares",
                                                               "2. Rathaus to Zoo, 6 squares"]
    set_language("de")
    try:
        titles = route_titles([east, west, longer], [ends[0]] * 3, stops)
    finally:
        set_language("en")
    assert titles[0].endswith(" A, E, L") and "Rathaus" in titles[0] and " to " not in titles[0]


def test_a_forced_pass_says_no_tile_fits_and_end_turn_passes(app):
    seats = [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")]
    match = Match("linie1", seats, 4)
    match.state.hands[0] = []  # the pile ran out and nobody drives: nothing to lay, nothing owed (L4)
    match.state.pile.clear()
    table = Linie1Table(app, LocalSession(match, bot_seed=4), TableConfig("linie1", seats, {}))
    app.push(table)
    run(app, 0.05)
    assert not table.view["must_act"] and not table.view["can_undo"]
    text, bad = table.status_line()
    assert "fits anywhere" in text and "pass" in text and "undo" not in text and not bad
    assert table.main_button.enabled
    run(app, 0.02, key(pygame.K_n))
    settle(app, table)
    assert table.view["turn"] >= 2 and match.state.stats[0]["turns"] == 1  # the turn passed with no action


def test_a_refusal_gives_way_when_the_tile_is_turned_on_the_same_square(app):
    table, match = make_table(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")])
    straight = table.hand().index(1)
    run(app, 0.02, key(pygame.K_1 + straight))
    table.rotations[straight] = 1  # east-west beside the E-Werk: into the building
    run(app, 0.02, click(cell_centre(table, (5, 2))))
    assert table.status_line()[1] and table.message.startswith("Rule b")
    run(app, 0.02, key(pygame.K_r))  # north-south: it runs past the building, and may go
    assert table.ghost_verdict() is None
    text, bad = table.status_line()
    assert not bad and not text.startswith("Rule")  # the green ghost is not called refused


def test_a_hand_that_fits_only_as_a_side_by_side_pair_is_told_so_and_lays_it_by_two_clicks(app):
    from tests.core.linie1_positions import pairs_only_state
    seats = [SeatInfo("Ada")] + [SeatInfo(f"Bot {seat}", "bot", "easy") for seat in range(1, 5)]
    match = Match("linie1", seats, 1)
    match.state = pairs_only_state()
    table = Linie1Table(app, LocalSession(match, bot_seed=1), TableConfig("linie1", seats, {}))
    app.push(table)
    run(app, 0.05)
    assert table.view["must_act"] and not table.main_button.enabled  # the pair is owed (L4)
    assert "side by side" in table.status_line()[0]
    for slot, tile in enumerate(table.hand()):  # the hint lights nothing: no tile fits alone
        assert all(not fitting_cells(table.view, tile, rot) for rot in range(4)), (slot, tile)
    run(app, 0.02, key(pygame.K_1 + table.hand().index(12)))
    table.rotations[table.selected] = 0
    run(app, 0.02, click(cell_centre(table, (2, 6))))
    assert table.pair_first == {"tile": 12, "cell": [2, 6], "rot": 0} and not table.message_bad
    run(app, 0.02, key(pygame.K_1 + table.hand().index(6)))
    table.rotations[table.selected] = 0
    run(app, 0.02, [pygame.event.Event(pygame.MOUSEMOTION, pos=cell_centre(table, (2, 7)), rel=(1, 1),
                                       buttons=(0, 0, 0))])
    assert table.ghost_verdict() is None  # judged together, the pair is legal: a green ghost
    run(app, 0.02, click(cell_centre(table, (2, 7))))
    settle(app, table)
    assert match.state.board.tiles[(2, 6)][0] == 12 and match.state.board.tiles[(2, 7)][0] == 6
    assert table.view["actions_taken"] == 2 and not table.view["must_act"]


def test_a_tile_laid_while_half_a_pair_is_held_is_judged_alone_and_the_table_says_the_pair_went(app):
    from tests.core.linie1_positions import pairs_only_state
    seats = [SeatInfo("Ada")] + [SeatInfo(f"Bot {seat}", "bot", "easy") for seat in range(1, 5)]
    match = Match("linie1", seats, 1)
    match.state = pairs_only_state()
    match.state.hands[0] = [12, 6, 6, 6, 2]  # the curve fits (3, 5) alone; 6 fits no free square
    table = Linie1Table(app, LocalSession(match, bot_seed=1), TableConfig("linie1", seats, {}))
    app.push(table)
    run(app, 0.05)
    run(app, 0.02, key(pygame.K_1))
    table.rotations[0] = 0
    run(app, 0.02, click(cell_centre(table, (2, 6))))
    assert table.pair_first == {"tile": 12, "cell": [2, 6], "rot": 0}
    run(app, 0.02, key(pygame.K_1 + table.hand().index(6)))
    run(app, 0.02, click(cell_centre(table, (3, 5))))  # refused alone: the held half stays, and is named
    assert table.message_bad and table.pair_first is not None and (3, 5) not in match.state.board.tiles
    table.rotations[table.selected] = 0
    run(app, 0.02, [pygame.event.Event(pygame.MOUSEMOTION, pos=cell_centre(table, (2, 7)), rel=(1, 1),
                                       buttons=(0, 0, 0))])  # the pair's green ghost: the refusal gives way
    assert table.ghost_verdict() is None and "held" in table.status_line()[0] and "Esc" in table.status_line()[0]
    run(app, 0.02, key(pygame.K_1 + table.hand().index(2)))
    table.rotations[table.selected] = 0
    run(app, 0.02, click(cell_centre(table, (3, 5))))  # legal alone: laid, and the pair said to be gone
    settle(app, table)
    assert match.state.board.tiles[(3, 5)][0] == 2 and match.state.board.tiles[(2, 6)][0] == 4
    assert table.pair_first is None and table.view["actions_taken"] == 1
    text, bad = table.status_line()
    assert "held exchange is dropped" in text and "Undo" in text and not bad


def test_the_pace_rules_limit_is_worded_for_the_first_move_and_for_later_ones() -> None:
    from game.core.contract import Rejection
    first = refusal_text(Rejection("linie1.too_far", "", {"allowance": 1}))
    later = refusal_text(Rejection("linie1.too_far", "", {"allowance": 4}))
    assert "first trip move" in first and "exactly one square" in first and "plus one" not in first
    assert "up to 4" in later and "last move plus one" in later


def test_resting_on_a_rivals_row_shows_their_face_up_tiles_and_never_ones_own(app, monkeypatch):
    table, match = make_table(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")])
    run(app, 0.02, [pygame.event.Event(pygame.MOUSEMOTION, pos=layout.player_row(1).center, rel=(1, 1),
                                       buttons=(0, 0, 0))])
    assert table.hand_tip() == (1, match.view(0)["hands"][1])  # hands are public (L12)
    drawn = record_drawn_text(monkeypatch)
    table.draw_over(pygame.Surface((1920, 1080)))
    assert "Bot's tiles (face up)" in [text for text, _rect in drawn]
    run(app, 0.02, [pygame.event.Event(pygame.MOUSEMOTION, pos=layout.player_row(0).center, rel=(1, 1),
                                       buttons=(0, 0, 0))])
    assert table.hand_tip() is None  # one's own tiles are in the panel already


def test_a_drivers_row_tip_names_their_revealed_line_and_stops(app, monkeypatch):
    from tools.shots.linie1 import table as open_table
    session = advanced(8, lambda v: any(p["driving"] for p in v["players"][1:]) and v["current"] == 0)
    table = open_table(app, session)
    run(app, 0.05)
    driver = next(p for p in table.view["players"][1:] if p["driving"])
    run(app, 0.02, [pygame.event.Event(pygame.MOUSEMOTION, pos=layout.player_row(driver["seat"]).center, rel=(1, 1),
                                       buttons=(0, 0, 0))])
    drawn = record_drawn_text(monkeypatch)
    table.draw_over(pygame.Surface((1920, 1080)))
    said = [text for text, _rect in drawn]
    assert f"Line {driver['line']} · stops {' '.join(driver['stops'])}" in said  # revealed when they set off
    assert any("spare tiles" in text for text in said)


def test_after_a_lay_a_click_on_the_tile_that_moved_into_the_slot_picks_it_and_a_second_turns_it(app):
    table, match = make_table(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")])
    run(app, 0.02, click(layout.slot_rect(1).center))  # picked
    cell = legal_cell(table, 1)
    run(app, 0.02, click(cell_centre(table, cell)))
    settle(app, table)
    assert table.selected == 1 and len(table.hand()) == 4  # the next tile now lies, lit, in that slot
    turned = table.rotations[1]
    run(app, 0.02, click(layout.slot_rect(1).center))
    assert table.rotations[1] == turned  # the player chose it: not turned behind their back
    run(app, 0.02, click(layout.slot_rect(1).center))
    assert table.rotations[1] == (turned + 1) % 4


def test_trip_and_win_banners_show_a_name_in_its_seats_colour_not_its_lines():
    """Ada on line 4 (blue) beside Ben in blue: her banner was Ben's colour; the winner's was yellow."""
    from types import SimpleNamespace

    from game.render.linie1.board import line_colour
    from game.tables.linie1.show import Banner
    from game.tables.linie1.staging import stage
    from game.ui import theme
    played = []
    timeline = SimpleNamespace(play=played.append, call=lambda _callback: None, wait=lambda _seconds: None)
    colours = {0: theme.player_colour(0), 1: theme.player_colour(1)}  # Ada tangerine, Ben blue
    kit = SimpleNamespace(board=None, masks=None, seat_name=["Ada", "Ben"].__getitem__,
                          seat_colour=colours.__getitem__)
    stage(timeline, kit, [{"type": "trip", "seat": 0, "line": 4, "stops": ["A", "B"]},
                          {"type": "win", "seat": 1}], None, {})
    banners = {banner.text: banner.colour for banner in played if isinstance(banner, Banner)}
    assert banners == {"Ada starts the trip!": colours[0], "Ben wins!": colours[1]}, banners
    assert line_colour(4) != colours[0]


def test_enter_before_any_square_is_chosen_brings_the_keys_square_not_a_rotation(app):
    """Enter at the start of a turn, nothing chosen yet, rang and pressed Rotate: the tile turned."""
    table, match = make_table(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")])
    assert table.cursor is None and table.ui.focus is None
    turned = list(table.rotations)
    run(app, 0.02, key(pygame.K_RETURN))
    assert table.rotations == turned and table.cursor == (6, 6) and table.pointer_on_board
    assert table.ui.focus is None and match.view(0)["board"]["tiles"] == []


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_a_card_without_cards_keeps_its_words_clear_of_the_history_button(app, monkeypatch, scale):
    """A replay in German at 150 %: "Zuschauer sehen keine Karten." ran under the History button."""
    from dataclasses import replace

    from game.tables.linie1 import panel as panel_module
    from game.ui import theme
    app.settings.ui_scale = scale
    theme.set_ui_scale(scale)
    try:
        table, _match = make_table(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")])
        table._update_buttons()
        for note in ("A spectator sees no cards.", "Zuschauer sehen keine Karten.", "Watching the bots play."):
            frame = replace(table._panel_frame(), route=None, hidden_note=note)
            assert frame.history_button == table.history_button.rect
            drawn = record_drawn_text(monkeypatch)
            panel_module.draw_panel(pygame.Surface((1920, 1080)), frame, table.board)
            rect = next(rect for text, rect in drawn if text == note)
            assert not rect.colliderect(table.history_button.rect)
    finally:
        theme.set_ui_scale(1.0)


def test_at_150_percent_a_rule_b_note_never_hides_the_building_it_names(app):
    """Too wide at 150 % to stand beside a square in the middle of the board, the note of a tile refused
    above a building (rule b) went below the square, over that very building; it goes above instead
    (on the first row, with no room above, it still has to go below)."""
    from game.tables.linie1.board_view import BoardView
    from game.ui import theme
    theme.set_ui_scale(1.5)
    view = BoardView()
    board = view.board
    hidden = []
    for (row, col), building in board.buildings.items():
        if row - 1 <= board.first:
            continue
        words = f"Rule b: the track would run into a building ({building['name']})."
        note = view.refusal_box((row - 1, col), words)
        assert layout.BOARD_RECT.contains(note)
        if note.colliderect(board.cell_rect((row, col), ORIGIN)):
            hidden.append(building["letter"])
    assert hidden == []


@pytest.mark.parametrize(("count", "scale"), [(1, 1.0), (3, 1.0), (1, 1.5)])
def test_with_five_players_the_last_roll_beside_start_trip_leaves_the_stops_whole(app, count, scale):
    """A five-seat card has its stop chips in Start trip's row: the last roll, laid left of the button
    at the size it must keep, covered the second stop's name ("Industriege…"). It now stands between
    them, or, where no readable die fits, is left out rather than drawn over a stop."""
    from dataclasses import replace

    from game.tables.linie1 import panel as panel_module
    with five_seat_table(app, scale) as table:
        card = layout.route_card_rect(5)
        frame = replace(table._panel_frame(), trip_button=table.trip_button.rect, roll_seat=1)
        frame = replace(frame, die_face="3") if count == 1 else replace(frame, dice_roll=(["1", "2", "H"], None))
        stops = len(frame.route["stops"])
        assert stops == 2
        chips_right = card.x + 28 + panel_module.CHIP_STEP * stops - (panel_module.CHIP_STEP - panel_module.CHIP_W)
        box = panel_module.roll_box(frame)
        if box is not None:
            assert box.left > chips_right and not box.colliderect(table.trip_button.rect) and card.contains(box)
        assert box is not None or count == 3 or scale > 1  # one die beside English Start trip has room


@pytest.mark.parametrize(("faces", "scale"), [(["2", "R", "R"], 1.0), (["R", "2"], 1.0), (["2", "R", "H"], 1.5)])
def test_with_five_players_the_frame_round_the_last_dice_stays_clear_of_history(app, faces, scale):
    """Three dice at a five-seat table: the dice stood clear of the History button, but the frame in
    the roller's colour round their row (wider than a single die's) ran under the button's foot."""
    from dataclasses import replace

    from game.tables.linie1 import panel as panel_module
    with five_seat_table(app, scale) as table:
        frame = replace(table._panel_frame(), trip_button=None, dice_roll=(faces, 0), roll_seat=1)
        box = panel_module.roll_box(frame)
        assert box is not None and frame.history_button is not None
        assert not box.colliderect(frame.history_button) and layout.route_card_rect(5).contains(box)


def test_the_green_ghost_beside_a_building_shows_the_stop_sign_it_would_get_before_the_click(app, monkeypatch):
    """A newcomer laid a straight beside the Hallenbad and only then saw its stop sign land there, for
    good. The green ghost now shows the sign, and the line under the hand names the building and
    whether it is a stop on the player's own card; what it says is what the laying does."""
    from game.core.linie1.data import BESIDE_BUILDING

    table, match = make_table(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")])
    signs: list[tuple[str, tuple[int, int]]] = []
    real_sign = table.board.draw_sign
    monkeypatch.setattr(table.board, "draw_sign", lambda surface, letter, cell, *rest: (
        signs.append((letter, tuple(cell))), real_sign(surface, letter, cell, *rest)))
    mine = set(match.view(0)["players"][0]["stops"])

    def spot(on_card: bool) -> tuple[int, tuple[int, int], int]:
        for slot, tile in enumerate(table.hand()):
            for rot in range(4):
                for cell in fitting_cells(table.view, tile, rot):
                    letter = BESIDE_BUILDING.get(tuple(cell))
                    if letter is not None and (letter in mine) == on_card:
                        return slot, tuple(cell), rot
        raise AssertionError("no square beside a building fits")

    for on_card in (True, False):
        slot, cell, rot = spot(on_card)
        letter = BESIDE_BUILDING[cell]
        run(app, 0.02, key(pygame.K_1 + slot))
        table.rotations[slot] = rot
        signs.clear()
        _point_at(app, table, cell)
        text, bad = table.status_line()
        assert not bad and f"stop sign of {table.board.buildings[table.board.building_cells[letter]]['name']} " \
                           f"({letter})" in text, text
        assert ("a stop on your card" in text) == on_card, text
        assert (letter, cell) in signs  # drawn on the ghost
    free = next(c for c in ((6, 6), (7, 7), (6, 7)) if c not in BESIDE_BUILDING)
    _point_at(app, table, free)
    assert "stop sign" not in table.status_line()[0]  # a square beside no building: the usual words
    _point_at(app, table, cell)
    run(app, 0.02, click(cell_centre(table, cell)))
    settle(app, table)
    assert {"building": letter, "cell": list(cell)} in match.view(0)["board"]["signs"]  # as the ghost said
    _point_at(app, table, cell)
    assert "stop sign" not in table.status_line()[0]  # laid now: an exchange there takes no sign


@pytest.mark.parametrize("bots", [1, 2, 3, 4])
def test_the_turn_note_never_hides_the_board(app, bots):
    """"Your turn" stood over the board's top row for its 1.5 s: it hid the stop Gericht and terminal 4
    just as the player looked for where to build. It stands over the panel, at every seat count, and a
    hot-seat player's "{name}'s turn" (a long name) too."""
    seats = [SeatInfo("Ada")] + [SeatInfo(f"Bot {seat}", "bot", "easy") for seat in range(1, bots + 1)]
    table, _ = make_table(app, seats)
    assert table.toast is not None
    for words in (table.toast[0], "Maximiliane-Josephine's turn"):
        table.toast = (words, 1.0)
        shown, bare = pygame.Surface((1920, 1080)), pygame.Surface((1920, 1080))
        table.draw(shown)
        table.toast = None
        table.draw(bare)
        board = layout.BOARD_RECT
        assert pygame.image.tobytes(shown.subsurface(board), "RGB") == pygame.image.tobytes(
            bare.subsurface(board), "RGB"), words
        assert pygame.image.tobytes(shown, "RGB") != pygame.image.tobytes(bare, "RGB")  # it is drawn somewhere
        box, _size = panel_module.toast_rect(words, len(seats))
        assert box.left >= layout.PANEL_X and box.right <= layout.PANEL_X + layout.PANEL_W
        if len(seats) <= 4:  # a card with a foot: the note stands there, clear of the heading and the stops
            card = layout.route_card_rect(len(seats))
            top, height = panel_module.widest_chip_row(card)
            read = pygame.Rect(card.x, card.y, card.width, top + height - card.y)
            assert pygame.image.tobytes(shown.subsurface(read), "RGB") == pygame.image.tobytes(
                bare.subsurface(read), "RGB"), words


def test_the_open_handover_band_never_hides_the_board(app):
    """A declared driver handed over openly at one screen: the band naming them stands over the panel,
    as "Your turn" does, not across the board's middle where their tram and route are."""
    from game.ui.handover import Handover
    table, _ = make_table(app, [SeatInfo("Ada"), SeatInfo("Maximiliane-Josephine")])
    table.toast = None
    bare, shown = pygame.Surface((1920, 1080)), pygame.Surface((1920, 1080))
    table.draw(bare)
    table.handover = Handover("Maximiliane-Josephine's turn", table.seat_colour(1), "Line 5")
    table.handover.age = 0.5
    table.draw(shown)
    board = layout.BOARD_RECT
    assert pygame.image.tobytes(shown.subsurface(board), "RGB") == pygame.image.tobytes(bare.subsurface(board), "RGB")
    assert pygame.image.tobytes(shown, "RGB") != pygame.image.tobytes(bare, "RGB")


def test_only_this_turns_roll_shows_in_the_players_card(app):
    """At the start of Ada's turn the last player's die lay in her route card (framed in their colour):
    a newcomer read it as her own throw. Only the roll of the turn under way shows there."""
    table, _ = make_table(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")])
    assert table.view["current"] == 0 and table.acting == 0
    table.show.shown = {**table.view, "last_roll": {"seat": 1, "face": "2"}}
    frame = table._panel_frame()
    assert frame.die_face is None and frame.roll_seat is None
    assert panel_module.roll_box(frame) is None  # nor does the card keep its room
    table.show.shown = {**table.view, "last_roll": {"seat": 1, "faces": ["1", "H", "R"], "chosen": 1}}
    frame = table._panel_frame()
    assert frame.dice_roll is None and frame.roll_seat is None
    table.show.shown = {**table.view, "last_roll": {"seat": 0, "face": "2"}}  # her own, this turn
    frame = table._panel_frame()
    assert frame.die_face == "2" and frame.roll_seat == 0
    table.show.masks.hold(("current",), 1)  # the bot's move still plays: its roll shows, in its colour
    table.show.shown = {**table.view, "last_roll": {"seat": 1, "face": "H"}}
    frame = table._panel_frame()
    assert frame.die_face == "H" and frame.roll_seat == 1


def test_red_line_1_and_magenta_line_5_routes_differ_without_their_hue(app):
    """Line 1's red and line 5's magenta routes, both see-through over the tiles, were told apart by
    colour alone, and hardly. Each halt's disc carries the line's number: in grey (as a viewer blind
    to the hue sees them) the two routes still differ where their halts are."""
    from game.render.linie1.board import line_colour
    from game.tables.linie1.board_view import ROUTE_ALPHA, BoardView, route_lanes
    trip = {"start": [0, 3], "route": [[1, 3], [2, 3], [3, 3], [4, 3]], "halts": [False, True, False, False]}
    board_view = BoardView()
    view = {"you": 0, "players": [{"seat": 0, "line": line, "trip": trip} for line in (1, 5)]}
    greys = []
    for _trip, colour, _lane, line in route_lanes(view):
        picture = pygame.Surface((1920, 1080))
        picture.fill((232, 222, 204))
        board_view.draw_route(picture, trip, colour, ROUTE_ALPHA, 0.0, label=str(line))
        assert colour == line_colour(line)
        greys.append(pygame.transform.grayscale(picture))
    x, y = (round(v) for v in RoutePath(board_view.board, trip, ORIGIN).resting(1)[:2])
    apart = sum(abs(greys[0].get_at((x + dx, y + dy)).r - greys[1].get_at((x + dx, y + dy)).r) > 60
                for dx in range(-10, 11) for dy in range(-10, 11))
    assert apart >= 15
