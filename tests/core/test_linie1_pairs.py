"""A hand that fits only as two side-by-side exchanges still owes the turn's two actions (L3, L4),
and a game where someone can still make such a pair is not stalled (L11)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.linie1.bot import Linie1Bot
from game.core.linie1 import GAME
from tests.core.linie1_positions import PAIR_HAND, pairs_only_state
from tests.core.test_linie1_properties import play

PAIR = {"type": "exchange2", "first": {"tile": 12, "cell": [2, 6], "rot": 0},
        "second": {"tile": 6, "cell": [2, 7], "rot": 0}}
TILE_ACTIONS = ("place", "exchange", "exchange2")


def code(state, seat, action):
    rejection = GAME.check(state, seat, action)
    return rejection.code if rejection else None


def test_the_position_fits_the_hand_only_as_a_pair():
    state = pairs_only_state()
    board = state.board
    assert not list(board.legal_placements(PAIR_HAND)) and not list(board.legal_exchanges(PAIR_HAND))
    assert list(board.joint_exchanges(PAIR_HAND)) == [((12, (2, 6), 0), (6, (2, 7), 0))]
    assert board.has_legal_action(PAIR_HAND)
    assert not board.has_legal_action(PAIR_HAND, pairs=False)
    assert not any(board.has_legal_action(hand) for hand in state.hands[1:])
    assert not any(GAME.route_complete(state, seat) for seat in range(state.players))


def test_a_pair_only_hand_must_act_and_may_not_end_the_turn():
    state = pairs_only_state()
    assert GAME.view(state, 0)["must_act"] is True
    assert code(state, 0, {"type": "end_turn"}) == "linie1.must_take_two_actions"
    legal = list(GAME.legal(state, 0))
    assert [a for a in legal if a["type"] in TILE_ACTIONS] == [PAIR]
    assert {"type": "end_turn"} not in legal
    GAME.apply(state, 0, PAIR)
    assert state.actions_taken == 2 and GAME.view(state, 0)["must_act"] is False
    assert code(state, 0, {"type": "end_turn"}) is None


def test_no_stalemate_while_a_pair_exchange_is_possible():
    state = pairs_only_state(current=4)  # seat 4 holds a lone 6 that fits nowhere
    assert GAME.view(state, 4)["must_act"] is False
    events = GAME.apply(state, 4, {"type": "end_turn"})
    assert {"type": "stalemate"} not in events and GAME.outcome(state) is None
    assert state.current == 0 and state.phase == "build" and GAME.view(state, 0)["must_act"] is True


def test_the_same_position_without_the_pair_is_a_stalemate():
    state = pairs_only_state(current=4)
    state.hands[0].remove(12)  # the 6s and the straight fit nowhere, alone or paired
    events = GAME.apply(state, 4, {"type": "end_turn"})
    assert {"type": "stalemate"} in events and GAME.outcome(state)["stalemate"]


def test_bots_make_the_pair_rather_than_end_the_turn():
    for level in ("normal", "easy"):
        for seed in range(4):
            state = pairs_only_state()
            action = Linie1Bot(level, seed).decide(GAME.view(state, 0))
            assert action == PAIR, (level, seed, action)


@settings(max_examples=10, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10**6))
def test_must_act_exactly_when_a_tile_action_is_legal(players, seed):
    for state in play(players, seed, 40):
        if state.phase == "build":
            seat = state.current
            owed = any(action["type"] in TILE_ACTIONS for action in GAME.legal(state, seat))
            assert GAME.must_act(state) == owed


def test_full_hands_that_fit_nowhere_are_a_stalemate_even_with_tiles_left_in_the_pile():
    """Gap (docs/linie1.md, Stalemate): nobody drives, nobody can lay, exchange or declare, and
    nobody could draw (every hand is full): the table would pass turns forever, so it ends."""
    state = pairs_only_state(current=4)
    state.hands = [[1, 1, 6, 9, 10] for _ in range(5)]
    state.pile = [2, 2]
    events = GAME.apply(state, 4, {"type": "end_turn"})
    assert {"type": "stalemate"} in events and GAME.outcome(state)["winners"] == []
    state = pairs_only_state(current=4)
    state.hands = [[1, 1, 6, 9, 10] for _ in range(4)] + [[1, 1, 6, 9]]  # seat 4 can still draw
    state.pile = [6, 2]
    events = GAME.apply(state, 4, {"type": "end_turn"})  # it draws the 2, which fits somewhere
    assert events[0] == {"type": "draw", "seat": 4, "tiles": [2]} and GAME.outcome(state) is None
