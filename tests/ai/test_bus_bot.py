"""Bus bots: always legal, only their view, fast, with sense, and normal clearly stronger than easy."""

from __future__ import annotations

import statistics
import time

import msgpack
import pytest

from game.ai.bus import bot as bus_ai
from game.bots import bot_levels, make_bot
from game.core.bus import GAME
from game.match import Match, SeatInfo
from tests.core.bus_helpers import NET, after_setup, lots_at, resolve, set_line
from tools.simulate import play_one


def test_levels_and_factory():
    assert bot_levels("bus") == ("easy", "normal")
    assert isinstance(make_bot("bus", "easy", 1), bus_ai.EasyBot)
    assert isinstance(make_bot("bus", "normal", 1), bus_ai.NormalBot)
    with pytest.raises(ValueError):
        bus_ai.make_bot("hard", 1)


@pytest.mark.parametrize(("players", "levels", "options"), [
    (3, ["easy"], None), (4, ["normal", "easy"], {"edition": "1999"}),
    (5, ["normal"], {"five_player_bonus": "all"})])
def test_bots_play_whole_games_with_legal_actions(players, levels, options):
    match, figures = play_one("bus", players, seed=players, levels=levels, options=options)
    assert match.finished and figures["actions"] > 50
    assert sum(match.state.score) > 0  # somebody delivered


def test_normal_beats_easy_in_most_games():
    normal_wins = 0
    for seed in range(4):
        levels = ["easy", "easy", "easy"]
        levels[seed % 3] = "normal"
        match, _ = play_one("bus", 3, seed=200 + seed, levels=levels)
        normal_wins += match.outcome()["winners"] == [levels.index("normal")]
    assert normal_wins >= 3


def test_normal_decides_from_the_view_alone_within_budget():
    match = Match("bus", [SeatInfo(str(i), "bot") for i in range(4)], 3)
    bots = [make_bot("bus", "normal", i) for i in range(4)]
    samples = []
    while not match.finished:
        seat = match.to_act()[0]
        view = match.view(seat)
        wire = msgpack.unpackb(msgpack.packb(view), strict_map_key=False)  # what a LAN bot would receive
        started = time.perf_counter()
        action = bots[seat].decide(wire)
        samples.append(1000 * (time.perf_counter() - started))
        assert wire == msgpack.unpackb(msgpack.packb(view), strict_map_key=False)  # the view is untouched
        assert match.submit(seat, action).ok
    assert statistics.median(samples) <= 300


def test_normal_places_an_early_vrooom_when_its_line_can_deliver():
    state = after_setup(4, 0)
    seat = GAME.to_act(state)[0]
    set_line(state, seat, [19, 14, 11, 15, 20])
    state.buses[seat] = 2
    state.buildings = [None] * NET.lots
    for lot in lots_at(19):
        state.buildings[lot] = "office"  # the coming type: the passengers round the park will want it
    choice = make_bot("bus", "normal", 0).decide(GAME.view(state, seat))
    assert choice == {"type": "choose", "action": "vrooom"}


def test_normal_puts_new_passengers_at_the_station_its_line_reaches():
    state = after_setup(4, 0)
    set_line(state, 2, [26, 27, 22])
    state.buses = [2, 1, 1, 1]
    resolve(state, {"passengers": [2]})
    assert make_bot("bus", "normal", 0).decide(GAME.view(state, 2)) == {"type": "passengers", "counts": [0, 2]}


def test_normal_builds_on_its_own_line_a_type_it_lacks():
    state = after_setup(4, 0)
    for lot in range(NET.lots):
        if NET.lot_zone[lot] == 1 and state.buildings[lot] is None:
            state.buildings[lot] = "house"
    set_line(state, 1, [6, 5, 1])  # 6 has lots in zones 2 and 3; 5 one in zone 2
    state.buildings[lots_at(6)[0]] = "house"
    resolve(state, {"buildings": [1]})
    choice = make_bot("bus", "normal", 0).decide(GAME.view(state, 1))
    assert NET.lot_crossing[choice["lot"]] == 5 and choice["kind"] != "house"


def test_normal_takes_the_last_stone_only_to_win():
    state = after_setup(4, 0)
    state.stones_left, state.stones = 1, [2, 2, 0, 0]
    resolve(state, {"clock": [2]})
    state.score = [3, 2, 9, 4]
    assert make_bot("bus", "normal", 0).decide(GAME.view(state, 2)) == {"type": "clock", "stop": True}
    state.score = [9, 2, 3, 4]
    assert make_bot("bus", "normal", 0).decide(GAME.view(state, 2)) == {"type": "clock", "stop": False}


def test_normal_builds_the_coming_type_where_passengers_wait_for_it():
    """Its line already has an office (the coming type) but two buses and two waiting passengers:
    a second office delivers one more at this round's Vrrooomm!, though offices are not what it lacks."""
    state = after_setup(4, 0)
    for lot in range(NET.lots):
        if NET.lot_zone[lot] == 1 and state.buildings[lot] is None:
            state.buildings[lot] = "house"
    set_line(state, 1, [6, 5, 1])
    state.buildings[lots_at(6)[0]] = "office"
    state.passengers[1] += 2
    state.supply -= 2  # two more passengers wait at crossing 1
    state.buses[1] = 2
    resolve(state, {"buildings": [1]})
    choice = make_bot("bus", "normal", 0).decide(GAME.view(state, 1))
    assert NET.lot_crossing[choice["lot"]] == 5 and choice["kind"] == "office"
