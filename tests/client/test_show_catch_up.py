"""A LAN table whose host's moves come faster than they animate catches up instead of falling ever
further behind: a watcher of a bots' show still saw the trams driving their trips when the table dealt
the next game, and never saw who won."""

from __future__ import annotations

from game.bots import make_bot
from game.match import Match, SeatInfo
from game.tables.base import CATCH_UP_AFTER
from game.tables.registry import table_scene
from tests.client.scripted_session import ScriptedSession

MOVES = 30  # a show's bots make these in 18 s (0.6 s each); at 1x they take as long to animate


def watching(app, moves: int, lan: bool = True):  # noqa: ANN001, ANN201 - the app fixture, a table
    """A watcher's Linie 1 table handed ``moves`` of three bots' moves at once, as a LAN host that ran
    ahead of this screen sends them."""
    table, host, play = show_game(app, lan)
    for _move in range(moves):
        play()
    app.step(1 / 30)
    return table, host


def show_game(app, lan: bool = True):  # noqa: ANN001, ANN201 - the app fixture; a table, its host, a move
    """Three bots' Linie 1 game at a host, a watcher's table on its first view, and ``play()``: the
    next bot's move made at the host and its update handed to the table."""
    host = Match("linie1", [SeatInfo(name, "bot") for name in ("Ada", "Ben", "Cleo")], 7)
    session = ScriptedSession("linie1", None)
    session.lan = lan
    table = table_scene("linie1")(app, session, None)
    app.push(table)
    session.inbox.append({"type": "update", "version": 0, "seat": None, "events": [], "view": host.view(None),
                          "snapshot": True})
    app.step(1 / 60)
    bots = [make_bot("linie1", "normal", seed) for seed in range(3)]
    changes: list = []
    host.add_listener(changes.append)

    def play() -> None:
        seat = host.to_act()[0]
        host.submit(seat, bots[seat].decide(host.view(seat)))
        session.inbox.append({"type": "update", "version": host.version, "seat": None, "actor": seat,
                              "events": host.events_for(changes[-1], None), "view": host.view(None)})
    return table, host, play


def seconds_to_catch_up(app, table) -> float:  # noqa: ANN001
    waited = 0.0
    while table.busy and waited < 60:
        app.step(1 / 30)
        waited += 1 / 30
    return waited


def test_a_watcher_far_behind_the_host_catches_up_rather_than_falling_further_behind(app):
    table, host = watching(app, MOVES)
    assert table.show.waiting > CATCH_UP_AFTER and table.catch_up() > 1.0
    assert seconds_to_catch_up(app, table) < 10.0  # at 1x: 18 s, as long as the bots took
    assert table.view == host.view(None)


def test_a_table_a_move_or_two_behind_plays_at_the_players_own_speed(app):
    table, _host = watching(app, CATCH_UP_AFTER + 1)  # one playing, CATCH_UP_AFTER waiting
    assert table.show.waiting == CATCH_UP_AFTER and table.catch_up() == 1.0


def test_a_local_table_never_hurries(app):
    table, _host = watching(app, MOVES, lan=False)
    assert table.catch_up() == 1.0


def test_a_watcher_of_a_whole_show_game_sees_its_end_well_before_the_next_deal(app):
    """Three bots play a whole game at ``linie-host``'s default pace (one move every 0.6 s), the watcher's
    table animating each as it comes: at the end it is behind by less than the pause before the show
    deals again, with time left to read who won (97 s behind before it caught up)."""
    from net.table import HostConfig
    table, host, play = show_game(app)
    clock, next_move = 0.0, 0.6
    while not host.finished:
        while clock < next_move:
            app.step(1 / 30)
            clock += 1 / 30
        play()
        next_move += 0.6
    behind = seconds_to_catch_up(app, table)
    assert behind < HostConfig.bots_again_after - 5, behind
