"""Every setup option of who starts Linja and Liniell (a seat, or drawn at random) opens a table
where the player the core puts first is the one the screen lets move, with exactly the legal moves."""

from __future__ import annotations

import pytest

from game.match import SeatInfo
from game.scenes.cover import CoverScene
from game.tables.launch import TableConfig, start_local_game
from tests.client.helpers import key, run
from tests.client.test_liniell_table_offers import offered, ordered

OPTIONS = {"linja": "first", "liniell": "first_player"}


@pytest.mark.parametrize("game", sorted(OPTIONS))
@pytest.mark.parametrize("first", [0, 1, None])
def test_who_starts_is_the_one_the_table_lets_move_with_the_legal_moves(app, game, first) -> None:
    import pygame

    seats = [SeatInfo("Ada", colour=0), SeatInfo("Ben", colour=1)]  # two humans: both seats' offers show
    seed = 3
    assert start_local_game(app, TableConfig(game, seats, {OPTIONS[game]: first}, seed))
    for _ in range(4):
        if isinstance(app.stack.top, CoverScene):
            run(app, 0.02, key(pygame.K_RETURN))
        run(app, 0.5)
    table = app.stack.top
    match = table.session.match
    [starter] = match.to_act()
    if first is not None:
        assert starter == first
    assert table.acting == starter and table.my_turn
    legal = match.game.legal(match.state, starter)
    if game == "linja":
        assert sorted(choice["from"] for choice in table.choices()) == sorted(a["from"] for a in legal)
    else:
        assert ordered(offered(table.model)) == ordered(legal) == ordered(
            [{"type": "place", "x": 0, "y": 0, "rot": rot} for rot in range(4)])


@pytest.mark.parametrize("game", sorted(OPTIONS))
def test_who_starts_names_the_seats_player_not_a_seat_number(app, game) -> None:
    from game.scenes.setup import SetupScene
    from game.scenes.title import TitleScene
    app.push(TitleScene(app))
    setup = SetupScene(app)
    app.push(setup)
    setup.select_game(setup.games.index(game))
    setup.set_kind(1, "human")
    setup.rows[0].rename("Ada")
    setup.rows[1].rename("Ben")
    run(app, 0.05)
    widget = setup.option_widgets[setup.option_keys.index(OPTIONS[game])]
    named = dict(widget.options)
    assert (named[0], named[1]) == ("Ada", "Ben")  # "Who starts: Ada", as the seats above say it
    setup.rows[1].rename("Ada")  # two players of one name are told apart by their colours
    run(app, 0.05)
    named = dict(widget.options)
    assert named[0] != named[1] and named[0].startswith("Ada (") and named[1].startswith("Ada (")
    assert not any("Seat" in text for text in named.values())


@pytest.mark.parametrize("game", sorted(OPTIONS))
@pytest.mark.parametrize("first", [0, 1, None])
def test_a_player_facing_a_bot_is_told_who_starts_and_the_bot_waits_for_it(app, game, first) -> None:
    """The first player may be drawn at random: one player at the screen is told who it is in a
    banner in that player's colour, one way for both games, before anyone moves (the bot's first move
    waits for it). Two players at one screen are told by the handover band instead."""
    from game.ui.banner import Banner

    seats = [SeatInfo("Ada", colour=0), SeatInfo("Bimmel", "bot", "easy", colour=1)]
    assert start_local_game(app, TableConfig(game, seats, {OPTIONS[game]: first}, 7))
    app.step(1 / 60)
    table = app.stack.top
    match = table.session.match
    [starter] = match.to_act()
    banners = [effect for effect in table.show.running() if isinstance(effect, Banner)]
    assert [banner.text for banner in banners] == [f"{('Ada', 'Bimmel')[starter]} starts"]
    assert banners[0].colour == table.seat_colour(starter) and banners[0].subtitle
    assert not match.log  # nobody has moved while the banner says who starts
    run(app, 0.5)
    assert not match.log and any(isinstance(effect, Banner) for effect in table.show.running())


@pytest.mark.parametrize("game", sorted(OPTIONS))
def test_hot_seat_names_the_starter_with_the_handover_band_not_a_second_banner(app, game) -> None:
    from game.ui.banner import Banner

    seats = [SeatInfo("Ada", colour=0), SeatInfo("Ben", colour=1)]
    assert start_local_game(app, TableConfig(game, seats, {OPTIONS[game]: 1}, 7))
    app.step(1 / 60)
    table = app.stack.top
    assert not any(isinstance(effect, Banner) for effect in table.show.running())
    assert table.handover is not None and table.handover.name == "Ben's turn"
