"""Bad input never hurts Linie 1: any action-shaped value gets None or a typed Rejection, and
checking never changes the state."""

from hypothesis import given
from hypothesis import strategies as st

from game.core.contract import Rejection
from game.core.linie1 import GAME

ATOMS = st.one_of(st.none(), st.booleans(), st.integers(-5, 2**70), st.floats(allow_nan=False), st.text(max_size=3))
VALUES = st.recursive(ATOMS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
    st.sampled_from(["tile", "cell", "rot", "first", "second", "start", "route", "from", "type"]), inner,
    max_size=4), max_leaves=12)
ACTIONS = st.fixed_dictionaries(
    {"type": st.sampled_from(["place", "exchange", "exchange2", "undo", "end_turn", "declare", "roll", "take",
                              "fly"])},
    optional={"tile": VALUES, "cell": VALUES, "rot": VALUES, "first": VALUES, "second": VALUES,
              "start": VALUES, "route": VALUES, "from": VALUES}) | VALUES


@given(action=ACTIONS, seat=st.integers(-2, 6), seed=st.integers(0, 50))
def test_check_answers_any_input_with_a_rejection_and_changes_nothing(action, seat, seed):
    state = GAME.setup(3, seed)
    GAME.apply(state, 0, {"type": "place", "tile": 1, "cell": [5, 5], "rot": 0})
    before = GAME.snapshot(state)
    result = GAME.check(state, seat, action)
    assert result is None or isinstance(result, Rejection)
    assert GAME.snapshot(state) == before
