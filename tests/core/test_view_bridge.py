"""The contract's view -> state bridge: from a seat's view, the rules answer as for the real game.

Bots and tables ask ``legal`` and ``check`` about ``state_from_view(view)``; for that to be honest the
rebuilt state must agree with the real one on everything the seat may decide, at every point of a
whole game.
"""

from __future__ import annotations

import pytest

from game.bots import make_bot
from game.core.registry import available_games, get_game
from game.match import Match, SeatInfo

ACTIONS_PER_GAME = 60


def _canonical(actions):
    return sorted(repr(sorted(action.items())) for action in actions)


@pytest.mark.parametrize("name", available_games())
def test_a_seat_rebuilds_what_it_may_do_from_its_view(name):
    game = get_game(name)
    players = max(game.min_players, 2)
    match = Match(name, [SeatInfo(f"P{i}", "bot", "easy", i) for i in range(players)], 21)
    bots = [make_bot(name, "easy", 5 + seat) for seat in range(players)]
    for _ in range(ACTIONS_PER_GAME):
        if match.finished:
            break
        seat = match.to_act()[0]
        view = match.view(seat)
        rebuilt = game.state_from_view(view)
        assert game.to_act(rebuilt) == game.to_act(match.state)
        assert _canonical(game.legal(rebuilt, seat)) == _canonical(game.legal(match.state, seat))
        action = bots[seat].decide(view)
        assert game.check(rebuilt, seat, action) is None
        assert match.submit(seat, action).ok
