"""One colour per player on every screen: setup, LAN host setup, lobby, join list, table, results.

Liniell's rhombs are blue, so Liniell rules the theme's blue out (``game.render.palette``); the
other games allow every colour. These tests follow a seat's colour from screen to screen.
"""

from __future__ import annotations

import pygame
import pytest

from game import saves
from game.lan.host import HostScene
from game.lan.join import draw_table_row
from game.lan.lobby import LobbyScene
from game.match import SeatInfo
from game.render.palette import allowed_colours, next_colour, seat_colours, view_colours
from game.scenes.setup import SetupScene
from game.scenes.title import TitleScene
from game.tables.launch import TableConfig, resume_local_game, start_local_game
from game.ui import theme
from tests.client.helpers import click, run
from tests.client.test_lobby import loopback, until  # noqa: F401 - loopback is a fixture

BLUE = next(index for index, (name, _rgb) in enumerate(theme.PLAYER_COLOURS) if name == "Blue")
MINT = next(index for index, (name, _rgb) in enumerate(theme.PLAYER_COLOURS) if name == "Mint")
GAMES = ("linie1", "linja", "liniell", "bus")


def test_liniell_rules_out_its_rhombs_blue_and_the_other_games_allow_every_colour() -> None:
    assert BLUE not in allowed_colours("liniell") and len(allowed_colours("liniell")) == len(theme.PLAYER_COLOURS) - 1
    for game in ("linie1", "linja", "bus", "a game this program does not know"):
        assert allowed_colours(game) == list(range(len(theme.PLAYER_COLOURS)))
    assert seat_colours("liniell", range(2)) == [0, MINT]  # the second seat's own blue moves on to mint
    assert seat_colours("linie1", range(2)) == [0, BLUE]


@pytest.mark.parametrize("game", GAMES)
def test_any_stored_colours_give_distinct_allowed_colours_the_same_way_twice(game: str) -> None:
    stored = [BLUE, BLUE, None, "red", True, -1, 99, 3.5]  # old saves, hand-made or damaged tables
    for count in range(1, len(stored) + 1):
        shown = seat_colours(game, stored[:count])
        assert len(shown) == count and all(colour in allowed_colours(game) for colour in shown)
        if count <= len(allowed_colours(game)):
            assert len(set(shown)) == count
        assert seat_colours(game, shown) == shown  # shown colours stored again stay as they are


def test_a_liniell_save_that_holds_blue_shows_the_same_colours_on_the_table_and_the_results(app) -> None:
    seats = [SeatInfo("Ada", "human", colour=BLUE), SeatInfo("Bob", "human", colour=BLUE)]  # as older saves may
    assert start_local_game(app, TableConfig("liniell", seats, seed=3))
    latest = saves.latest()
    assert latest is not None and [seat.colour for seat in saves.load_local(latest.path).seats] == [BLUE, BLUE]
    resume_local_game(app, latest.path)
    run(app, 0.1)
    table = app.stack.top  # two players on one screen: handed to Ada openly, a band in her colour
    expected = seat_colours("liniell", [BLUE, BLUE])
    assert BLUE not in expected and len(set(expected)) == 2
    assert table.handover is not None and table.handover.colour == theme.player_colour(expected[0])
    assert [table.colour_index(seat) for seat in (0, 1)] == expected
    assert [table.seat_colour(seat) for seat in (0, 1)] == [theme.player_colour(c) for c in expected]
    outcome = {"winners": [0], "draw": False, "scores": [3, 1], "blue": [0, 0], "routes": []}
    assert [figures.colour for figures in table.figures(table.latest, outcome)] == expected


def _setup(app, game: str) -> SetupScene:
    app.push(TitleScene(app))
    app.push(SetupScene(app))
    run(app)
    setup = app.stack.top
    setup.select_game(setup.games.index(game))
    return setup


def test_liniell_setup_never_offers_blue_and_seats_never_share_a_colour(app) -> None:
    setup = _setup(app, "linie1")
    assert setup.rows[1].swatch.colour == BLUE  # Linie 1's second seat plays in blue...
    setup.select_game(setup.games.index("liniell"))
    seated = setup.rows[:setup.players]
    assert [row.swatch.colour for row in seated] == [0, MINT]  # ...Liniell's in mint, as its board shows it
    seen: set[int] = set()
    for _round in range(2 * len(theme.PLAYER_COLOURS)):
        for row in seated:
            run(app, 0.02, click(row.swatch.rect.center))
            colours = [other.swatch.colour for other in seated]
            assert BLUE not in colours and len(set(colours)) == len(colours)
            seen.add(row.swatch.colour)
    assert seen == set(allowed_colours("liniell"))  # every other colour is on offer
    setup.rows[1].chosen = BLUE  # as a seat's own colour is at first
    setup.select_game(setup.games.index("linie1"))
    assert setup.rows[1].swatch.colour == BLUE  # a colour Liniell cannot show comes back at another game


@pytest.mark.parametrize("game", ["liniell", "linja"])
def test_a_seats_colour_in_setup_is_its_colour_on_the_table_and_the_results(app, game: str) -> None:
    setup = _setup(app, game)
    picked = [row.swatch.colour for row in setup.rows[:setup.players]]
    assert picked == seat_colours(game, range(setup.players))
    run(app, 0.05, click(setup.start.rect.center))
    table = app.stack.top
    assert table.game == game
    run(app, 0.1)
    assert [table.colour_index(seat) for seat in range(len(picked))] == picked
    assert [table.seat_colour(seat) for seat in range(len(picked))] == [theme.player_colour(c) for c in picked]
    outcome = {"winners": [0], "draw": False, "scores": [3, 1], "blue": [0, 0], "routes": []}
    assert [figures.colour for figures in table.figures(table.latest, outcome)] == picked
    assert view_colours(table.latest) == picked


def _dot(game: str, total: int, seat: int) -> tuple[int, int, int]:
    surface = pygame.Surface((1400, 120))
    row = pygame.Rect(0, 0, 1400, 110)
    table = {"compatible": True, "game": game, "title": game, "seats_total": total, "seats_taken": 1,
             "phase": "lobby", "name": "T", "address": "127.0.0.1", "port": 47000}
    draw_table_row(surface, row, table, False, False)
    right = row.right - 30
    on_the_ring = (right - (total - 1 - seat) * 30 - 8, row.y + 34 - 10)  # an open seat's dot is a ring
    return tuple(surface.get_at(on_the_ring))[:3]


def test_the_join_list_draws_the_open_seat_hollow_where_it_is_not_the_first_ones_filled() -> None:
    surface = pygame.Surface((1400, 120))
    row = pygame.Rect(0, 0, 1400, 110)
    table = {"compatible": True, "game": "linie1", "title": "Linie 1", "seats_total": 3, "seats_taken": 2,
             "open_seats": [1], "phase": "lobby", "name": "T", "address": "127.0.0.1", "port": 47000}
    draw_table_row(surface, row, table, False, False)  # the host sits first, a bot third, the second is open
    right = row.right - 30
    centre = [(right - (2 - seat) * 30 - 8, row.y + 34) for seat in range(3)]
    filled = [tuple(surface.get_at(c))[:3] == theme.player_colour(seat) for seat, c in enumerate(centre)]
    assert filled == [True, False, True]


def test_a_lobby_without_an_open_seat_is_listed_as_one_to_watch(monkeypatch) -> None:
    from tests.client.helpers import record_drawn_text

    drawn = record_drawn_text(monkeypatch)
    surface = pygame.Surface((1400, 120))
    for taken, kept in ((1, False), (2, False), (2, True)):
        table = {"compatible": True, "game": "linja", "title": "Linja", "seats_total": 2, "seats_taken": taken,
                 "seat_kept": kept, "phase": "lobby", "name": "T", "address": "127.0.0.1", "port": 47000}
        draw_table_row(surface, pygame.Rect(0, 0, 1400, 110), table, False, False)
    said = [text.split(" · ")[1] for text, _rect in drawn if text.startswith("Linja · ")]
    assert said == ["seats open in the lobby", "every seat taken — join to watch",
                    "your seat is kept — join to play on"]


def test_the_join_list_draws_each_seat_in_its_colour_at_that_game() -> None:
    assert _dot("liniell", 2, 1) == theme.player_colour(MINT)
    assert _dot("linie1", 4, 1) == theme.player_colour(BLUE)
    assert _dot("bus", 4, 3) == theme.player_colour(3)


@pytest.mark.parametrize("game", ["liniell", "bus"])
def test_a_hosted_table_keeps_each_seats_colour_from_setup_to_lobby_table_and_results(app, loopback, game):  # noqa: F811
    app.push(TitleScene(app))
    app.push(HostScene(app))
    run(app)
    setup = app.stack.top
    setup.select_game(setup.games.index(game))
    players = setup.players
    picked = [row.swatch.colour for row in setup.rows[:players]]
    assert picked == ([0, MINT] if game == "liniell" else list(range(players)))
    run(app, 0.05, click(setup.start.rect.center))
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    run(app, 0.5)  # the host reads the lobby: a press on Start sooner, where Open table was, is a double click's
    try:
        assert until([app], lambda: lobby.session.role == "seat" and len(lobby.session.status["seats"]) == players)
        assert [lobby.session.seat_colour(seat) for seat in range(players)] == picked
        assert [lobby._seat_colour(seat) for seat in range(players)] == [theme.player_colour(c) for c in picked]
        run(app, 0.05, click(lobby.start.rect.center))
        assert until([app], lambda: getattr(app.stack.top, "game", "") == game)
        table = app.stack.top
        assert until([app], lambda: table.latest is not None)
        assert [table.colour_index(seat) for seat in range(players)] == picked
        assert [lobby.session.seat_colour(seat) for seat in range(players)] == picked  # now from the views
        outcome = {"winners": [1], "draw": False, "scores": [1, 3] + [0] * (players - 2), "blue": [0, 0],
                   "routes": []}
        assert [figures.colour for figures in table.figures(table.latest, outcome)] == picked
    finally:
        app.stack.reset(TitleScene(app))


def test_next_colour_steps_over_taken_and_ruled_out_colours() -> None:
    assert next_colour("liniell", 0, [MINT]) == 3
    assert next_colour("linie1", 0, [MINT]) == BLUE
    assert next_colour("liniell", 0, allowed_colours("liniell")[1:]) == 0  # nothing free: it stays


def test_every_game_with_a_table_says_which_colours_its_board_rules_out() -> None:
    from game.render.palette import RULED_OUT
    from game.tables.registry import TABLES
    assert set(RULED_OUT) == set(TABLES)  # the same shape for every game


def test_liniell_rules_out_the_seat_colour_nearest_its_rhombs_and_only_that_one() -> None:
    from game.render.liniell.art import BLUE_RHOMB
    from game.render.palette import RULED_OUT
    from game.ui.colour_vision import delta_e
    distances = sorted((delta_e(rgb, BLUE_RHOMB), index) for index, (_name, rgb) in enumerate(theme.PLAYER_COLOURS))
    assert RULED_OUT["liniell"] == {distances[0][1]} == {BLUE}
    assert distances[1][0] > 2 * distances[0][0]  # every colour left stands well apart from the rhombs
