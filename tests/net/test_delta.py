"""View deltas: patching the old view with diff(old, new) always gives the new view exactly."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from net.delta import PatchError, diff, patch

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.text(max_size=2))
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
    st.text(max_size=2), inner, max_size=4), max_leaves=20)


@given(old=VALUES, new=VALUES)
def test_patch_of_diff_is_the_new_value(old, new):
    assert patch(old, diff(old, new)) == new


@given(old=VALUES)
def test_no_change_no_operations_and_the_old_view_is_untouched(old):
    assert diff(old, old) == []
    snapshot = repr(old)
    patch(old, diff(old, [old, 1]))
    assert repr(old) == snapshot


def test_a_tile_laid_into_a_sorted_list_costs_one_item():
    old = {"board": {"tiles": [{"cell": [r, 1], "tile": 1, "rot": 0} for r in range(1, 60)]}, "turn": 4}
    new = {"board": {"tiles": sorted(old["board"]["tiles"] + [{"cell": [30, 5], "tile": 2, "rot": 1}],
                                     key=lambda t: t["cell"])}, "turn": 5}
    ops = diff(old, new)
    assert ["set", ["turn"], 5] in ops
    splices = [op for op in ops if op[0] == "splice"]
    assert len(splices) == 1 and splices[0][3] == 0 and len(splices[0][4]) == 1


@pytest.mark.parametrize("ops", [
    None, "x", [["jump", ["a"], 1]], [["set", ["missing", "deeper"], 1]], [["del", ["nothing"]]],
    [["splice", ["a"], 5, 1, []]], [["splice", ["list"], 0, 9, []]], [["set", [], 1, 2]], [["del", []]],
    [["set", ["list", 7], 1]], [["splice", "list", 0, 0, []]],
])
def test_a_bad_delta_is_refused(ops):
    with pytest.raises(PatchError):
        patch({"a": 1, "list": [1, 2]}, ops)
