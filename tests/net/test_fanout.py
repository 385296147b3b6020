"""SharedViews: the per-seat deltas and hashes of one change, each shared part worked on once,
give exactly what net.delta.diff and game.match.view_hash give on the whole views."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from game.bots import make_bot
from game.match import Match, SeatInfo, canonical_bytes, view_hash
from net.delta import patch
from net.fanout import SharedViews

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.text(max_size=2))
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
    st.text(max_size=2), inner, max_size=3), max_leaves=12)
VIEWS = st.dictionaries(st.sampled_from(["board", "you", "match", "hands", "é", "a b"]), VALUES, max_size=6)


@given(old=st.lists(VIEWS, min_size=1, max_size=4), new=st.lists(VIEWS, min_size=1, max_size=4))
def test_shared_deltas_and_hashes_equal_the_plain_ones(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> None:
    shared = SharedViews()
    for before, after in zip(old, new, strict=False):
        expected_hash = view_hash(after)
        after = shared.add(dict(after))
        assert patch(before, shared.delta(before, after)) == after
        assert shared.hash(after) == expected_hash


def test_a_linie1_change_is_worked_on_once_for_the_public_parts_and_stays_exact() -> None:
    seats: list[int | None] = [None, 0, 1, 2, 3, 4]
    match = Match("linie1", [SeatInfo(f"Seat {seat}") for seat in range(5)], 11)
    bots = [make_bot("linie1", "easy", seat) for seat in range(5)]
    sent = {seat: match.view(seat) for seat in seats}
    for _ in range(60):
        if match.finished:
            break
        actor = match.to_act()[0]
        match.submit(actor, bots[actor].decide(match.view(actor)))
        shared = SharedViews()
        views = {seat: shared.add(match.view(seat)) for seat in seats}
        for seat in seats:
            assert views[seat] == match.view(seat)
            assert patch(sent[seat], shared.delta(sent[seat], views[seat])) == views[seat]
            assert shared.hash(views[seat]) == view_hash(views[seat])
        # the board, the match and the hands are the same for everyone: one object, not six
        for key in ("board", "match", "hands"):
            assert len({id(view[key]) for view in views.values()}) == 1
        # every part is one object per distinct value (the players part differs by each seat's secrets)
        for key in views[None]:
            assert (len({id(view[key]) for view in views.values()})
                    == len({canonical_bytes(view[key]) for view in views.values()}))
        assert len({id(view["players"]) for view in views.values()}) > 1
        sent = views
