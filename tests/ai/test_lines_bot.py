"""Line Expansion bots: always legal, only their view, fast, and normal clearly stronger than easy."""

from __future__ import annotations

import statistics
import time

import msgpack
import pytest

from game.ai import lines as lines_ai
from game.bots import bot_levels, make_bot
from game.core.lines import GAME
from game.core.lines.network import network
from game.match import Match, SeatInfo
from tools.simulate import play_one

NET = network()


def test_levels_and_factory():
    assert bot_levels("lines") == ("easy", "normal")
    assert isinstance(make_bot("lines", "easy", 1), lines_ai.LinesBot)
    with pytest.raises(ValueError):
        lines_ai.make_bot("hard", 1)


@pytest.mark.parametrize(("players", "levels"), [(2, ["easy"]), (3, ["normal", "easy"]), (5, ["normal"])])
def test_bots_play_whole_games_with_legal_actions(players, levels):
    match, figures = play_one("lines", players, seed=players, levels=levels)  # raises on a refused action
    assert match.finished and figures["actions"] > 20
    assert all(len(path) >= 3 for path in match.state.paths)


def test_normal_beats_easy_in_most_games():
    normal_wins = 0
    for seed in range(6):
        levels = ["normal", "easy"] if seed % 2 == 0 else ["easy", "normal"]
        match, _ = play_one("lines", 2, seed=100 + seed, levels=levels)
        winners = match.outcome()["winners"]
        normal_wins += winners == [levels.index("normal")]
    assert normal_wins >= 5


def game_views(players: int, seed: int) -> list[dict]:
    match = Match("lines", [SeatInfo(str(i), "bot") for i in range(players)], seed)
    bots = [make_bot("lines", "normal", i) for i in range(players)]
    views = []
    while not match.finished:
        seat = match.to_act()[0]
        views.append(match.view(seat))
        assert match.submit(seat, bots[seat].decide(views[-1])).ok
    return views


def test_normal_decides_from_the_view_alone_within_budget():
    views = game_views(4, 3)[::3]
    bot = make_bot("lines", "normal", 9)
    samples = []
    for view in views:
        wire = msgpack.unpackb(msgpack.packb(view))  # what a LAN bot would receive
        started = time.perf_counter()
        action = bot.decide(wire)
        samples.append(1000 * (time.perf_counter() - started))
        state = GAME.state_from_view(view)
        assert GAME.check(state, view["to_act"][0], action) is None
        assert wire == msgpack.unpackb(msgpack.packb(view))  # the bot did not touch its view
    assert statistics.median(samples) <= 300


def choosing_position(passed: list[int], scores_lead: bool) -> dict:
    """Round 2 of a two-player game: seat 1 chooses last after seat 0 passed."""
    lead, trail = [27, 19, 14, 20], [0, 1]  # 2 + 2 + 2 + 2 against 1 + 1
    paths = [trail, lead] if scores_lead else [lead, trail]
    state = GAME.restore({
        "format": "lines-state", "version": 1, "players": 2, "phase": "choose", "round": 2,
        "start_player": 1, "paths": paths, "buses": [1, 1], "spaces": {}, "passed": passed,
        "queue": [1], "remaining": 0, "lost": [0, 0], "ended": None})
    view = GAME.view(state, 1)
    return view


def test_normal_ends_the_game_by_passing_only_when_ahead():
    bot = make_bot("lines", "normal", 0)
    assert bot.decide(choosing_position([0], scores_lead=True)) == {"type": "pass"}
    assert bot.decide(choosing_position([0], scores_lead=False)) == {"type": "action_space", "space": "A"}


def test_normal_takes_the_expansion_over_a_bus_in_the_first_round():
    match = Match("lines", [SeatInfo("a"), SeatInfo("b")], 5)
    bots = [make_bot("lines", "normal", 0), make_bot("lines", "normal", 1)]
    while match.state.phase != "choose":
        seat = match.to_act()[0]
        assert match.submit(seat, bots[seat].decide(match.view(seat))).ok
    seat = match.to_act()[0]
    assert bots[seat].decide(match.view(seat)) == {"type": "action_space", "space": "A"}


def test_with_its_last_marker_normal_takes_the_most_valuable_street():
    # 24 streets: one marker left. From head 0 the only street returns to visited 10; from head 20 the
    # streets reach 23 (two lots), 24 (one) or 15 (two).
    line = [0, 1, 2, 3, 7, 2, 6, 5, 10, 14, 6, 7, 8, 4, 9, 8, 12, 7, 11, 14, 13, 18, 19, 14, 20]
    state = GAME.restore({
        "format": "lines-state", "version": 1, "players": 2, "phase": "build", "round": 1,
        "start_player": 0, "paths": [line, [26, 30]], "buses": [1, 1], "spaces": {"A": 0},
        "passed": [], "queue": [0], "remaining": 1, "lost": [0, 0], "ended": None})
    seen = set(line)
    gains = {}
    for action in GAME.legal(state, 0):
        to = NET.other_end(action["street"], action["head"])
        gains[(action["street"], action["head"])] = 0 if to in seen else NET.points[to]
    assert sorted(gains.values()) == [0, 1, 2, 2]
    for seed in range(3):
        choice = make_bot("lines", "normal", seed).decide(GAME.view(state, 0))
        assert gains[(choice["street"], choice["head"])] == 2
