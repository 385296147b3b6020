"""Streetcar's pace rule (``trip_rule: "pace"``, linie1-variants): no die; the game's first trip
move is exactly one square, every later one up to one more than the last move anyone made, and a
tram always stops at the first halt it reaches."""

import pytest

from game.core.contract import SnapshotError
from game.core.linie1 import GAME, my_trip_candidates
from game.core.linie1.routes import drive_to, pace_turns
from tests.core.linie1_helpers import LINE1_ROUTE as ROUTE
from tests.core.linie1_helpers import code, declared_trip, line1_route_state


def pace_trip():
    return declared_trip("pace")


def other_turn(state):
    """Seat 1 builds (or passes) so that the turn comes back to seat 0."""
    while GAME.to_act(state) == [1]:
        action = next((a for a in GAME.legal(state, 1) if a["type"] == "place"), {"type": "end_turn"})
        GAME.apply(state, 1, action if GAME.must_act(state) else {"type": "end_turn"})


def test_the_option_is_checked():
    assert GAME.validate_options({"trip_rule": "pace"})["trip_rule"] == "pace"
    assert GAME.default_options()["trip_rule"] == "die"
    with pytest.raises(ValueError):
        GAME.validate_options({"trip_rule": "dice"})


def test_the_first_move_is_one_square_and_the_die_is_not_rolled():
    state = pace_trip()
    view = GAME.view(state, 0)
    assert view["allowance"] == 1 and list(GAME.legal(state, 0)) == [{"type": "drive", "squares": 1}]
    assert code(state, 0, {"type": "roll"}) == "linie1.pace_rule"
    assert code(state, 0, {"type": "drive", "squares": 2}) == "linie1.too_far"
    assert code(state, 0, {"type": "end_turn"}) == "linie1.driving_pace"
    events = GAME.apply(state, 0, {"type": "drive", "squares": 1})
    assert events[:2] == [{"type": "drive", "seat": 0, "squares": 1}, {"type": "move", "seat": 0, "from": -1, "to": 0}]
    assert state.last_move == 1 and GAME.view(state, 1)["allowance"] == 2


def test_each_move_may_go_one_further_than_the_last_and_stops_at_the_first_halt():
    state = pace_trip()
    halts = state.trips[0].halts
    GAME.apply(state, 0, {"type": "drive", "squares": 1})
    other_turn(state)
    assert [a["squares"] for a in GAME.legal(state, 0)] == [2, 1]
    position = state.trips[0].position
    GAME.apply(state, 0, {"type": "drive", "squares": 2})
    assert state.trips[0].position == drive_to(halts, position, 2)
    first_halt = next(i for i in range(len(halts)) if halts[i])
    state.trips[0].position = first_halt - 1
    state.last_move = 5  # allowed six: the halt one square ahead stops the tram after one
    other_turn(state)
    GAME.apply(state, 0, {"type": "drive", "squares": 6})
    assert state.trips[0].position == first_halt and state.last_move == 1  # holds back the next player
    assert GAME.view(state, 1)["allowance"] == 2


def test_a_shorter_move_by_choice_holds_back_the_next_player():
    state = pace_trip()
    state.last_move = 3
    GAME.apply(state, 0, {"type": "drive", "squares": 1})
    assert state.last_move == 1 and state.allowance == 2


def test_the_destination_wins_and_the_dies_rule_refuses_driving():
    state = pace_trip()
    while GAME.outcome(state) is None:
        if GAME.to_act(state) == [0]:
            GAME.apply(state, 0, next(iter(GAME.legal(state, 0))))  # always as far as allowed
        else:
            other_turn(state)
    assert GAME.outcome(state)["winners"] == [0]
    die = line1_route_state()
    GAME.apply(die, 0, {"type": "declare", "start": [2, 13], "route": ROUTE})
    assert code(die, 0, {"type": "drive", "squares": 1}) == "linie1.die_rule"
    assert GAME.view(die, 0)["allowance"] is None


def test_saves_and_views_keep_the_allowance():
    state = GAME.setup(2, 3, {"trip_rule": "pace"})
    state.last_move = 1  # as after the game's first trip move
    assert GAME.restore(GAME.snapshot(state)).last_move == 1
    older = GAME.snapshot(state)
    del older["last_move"]
    assert GAME.restore(older).last_move is None  # saves from before the variant
    from game.core.linie1.saves import state_from_view
    assert state_from_view(GAME.view(state, 1)).allowance == state.allowance == 2
    damaged = GAME.snapshot(state)
    damaged["last_move"] = -3
    with pytest.raises(SnapshotError):
        GAME.restore(damaged)


def test_the_route_chooser_counts_moves_under_the_pace_rule():
    halts = [False, False, True, False, False, False, False, True]
    assert pace_turns(halts, 1) == 4  # 1 square, 2 (to the halt), 3, then 2 (the last halt ends it)
    assert drive_to(halts, -1, 1) == 0 and drive_to(halts, 0, 2) == 2 and drive_to(halts, 2, 3) == 5
    state = line1_route_state()
    state.options["trip_rule"] = "pace"
    view = GAME.view(state, 0)
    candidates = my_trip_candidates(view)
    assert candidates and all(float(c["expected_turns"]).is_integer() for c in candidates)


def test_bots_play_a_whole_pace_game():
    from game.ai.linie1.bot import Linie1Bot
    state = GAME.setup(3, 77, {"trip_rule": "pace"})
    bots = [Linie1Bot("normal", 77 + s) for s in range(3)]
    drives = 0
    for _ in range(4000):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_act(state)[0]
        action = bots[seat].decide(GAME.view(state, seat))
        assert GAME.check(state, seat, action) is None, action
        drives += action["type"] == "drive"
        GAME.apply(state, seat, action)
    assert GAME.outcome(state) is not None and drives > 0
