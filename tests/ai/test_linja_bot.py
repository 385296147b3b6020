"""The Linja bots: always legal, see only the view, and take what is obviously best."""

from __future__ import annotations

import msgpack
import pytest

from game.ai.linja import bot as ai
from game.bots import bot_levels, make_bot
from game.core.linja import GAME
from game.match import Match, SeatInfo
from tests.core.linja_positions import make


def play_out(levels: tuple[str, str], seed: int) -> Match:
    """A whole bot game through the Match; a refused proposal fails the test."""
    match = Match("linja", [SeatInfo("A", "bot", levels[0]), SeatInfo("B", "bot", levels[1])], seed)
    bots = [make_bot("linja", level, seed + index) for index, level in enumerate(levels)]
    while not match.finished:
        (seat,) = match.to_act()
        view = match.view(seat)
        action = bots[seat].decide(view)
        assert action in GAME.legal(match.state, seat)
        result = match.submit(seat, action)
        assert result.ok, result.rejection
    return match


def test_levels_are_easy_normal_hard():
    assert bot_levels("linja") == ("easy", "normal", "hard")
    with pytest.raises(ValueError):
        ai.make_bot("expert", 1)


@pytest.mark.parametrize(("levels", "seed"), [(("normal", "easy"), 1), (("easy", "normal"), 2),
                                              (("easy", "easy"), 3)])
def test_bots_only_ever_propose_legal_actions_over_whole_games(levels, seed):
    outcome = play_out(levels, seed).outcome()
    assert outcome is not None and len(outcome["scores"]) == 2


def test_the_bot_works_from_a_view_that_crossed_the_wire():
    match = Match("linja", [SeatInfo("A"), SeatInfo("B")], 5, {"first": 1})
    view = msgpack.unpackb(msgpack.packb(match.view(1)), raw=False)
    action = ai.make_bot("normal", 3).decide(view)
    assert match.submit(1, action).ok


def test_the_same_seed_gives_the_same_decisions():
    state = GAME.setup(2, 8, {"first": 0})
    view = GAME.view(state, 0)
    assert [ai.make_bot("easy", 4).decide(view) for _ in range(3)] == [ai.make_bot("easy", 4).decide(view)] * 3


def test_the_bot_refuses_to_move_out_of_turn():
    state = GAME.setup(2, 8, {"first": 0})
    with pytest.raises(ValueError):
        ai.make_bot("normal", 1).decide(GAME.view(state, 1))


@pytest.mark.parametrize("level", ai.LEVELS)
def test_every_level_takes_an_immediate_win(level):
    # A's piece 3 -> 4 passes B's last piece: A 1 + 5*2 + 6*5 = 41 against B 1 + 4*2 + 2*3 + 5*5
    # = 40. Waiting would let B bring its pieces on rows 1 and 2 home first.
    state = make({3: 1, 5: 5, 7: 6}, {3: 1, 2: 4, 1: 2, 0: 5})
    assert ai.make_bot(level, 1).decide(GAME.view(state, 0)) == {"type": "initial", "from": 3}


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_bot_does_not_end_a_game_it_would_lose(level):
    # The rule sheet's 46 : 41 position one move early: B moving 5 -> 4 ends the game lost.
    state = make({5: 2, 6: 4, 7: 6}, {0: 5, 1: 4, 2: 2, 5: 1}, turn=1)
    assert ai.make_bot(level, 1).decide(GAME.view(state, 1)) != {"type": "initial", "from": 5}


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_bot_takes_the_following_move_that_earns_an_extra_turn(level):
    # Two steps: 2 -> 4 lands on an empty field row (a whole extra turn); the others (0 -> 2,
    # 5 -> 7, 6 -> 7 with one step expiring) earn nothing more.
    state = make({0: 9, 2: 1, 5: 1, 6: 1}, {2: 1, 6: 1, 7: 10}, phase="following", steps=2)
    assert ai.make_bot(level, 1).decide(GAME.view(state, 0)) == {"type": "follow", "from": 2}


def test_the_search_rebuilds_the_position_from_the_view_alone():
    state = make({0: 10, 1: 1, 2: 1}, {1: 1, 2: 1, 7: 10}, phase="following", steps=2, extra=True)
    rebuilt = ai.position_from_view(GAME.view(state, 0))
    assert rebuilt == state.position
