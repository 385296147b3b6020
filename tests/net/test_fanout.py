"""SharedViews: the per-seat deltas and hashes of one change, each shared part worked on once,
give exactly what net.delta.diff and game.match.view_hash give on the whole views."""

from __future__ import annotations

from typing import Any

import msgpack
from hypothesis import given
from hypothesis import strategies as st

from game.bots import make_bot
from game.match import Match, SeatInfo, canonical_bytes, view_hash
from net.delta import patch
from net.fanout import SharedViews
from net.table import Peer
from tests.net import fake_game
from tests.net.conftest import make_host

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


class RecordingTransport:
    """Stands in for a socket: notes which connection got which update, in order."""

    def __init__(self, name: str, log: list[tuple[str, str]]) -> None:
        self.name, self.log = name, log

    def is_closing(self) -> bool:
        return False

    def get_write_buffer_size(self) -> int:
        return 0

    def write(self, frame: bytes) -> None:
        kind = msgpack.unpackb(frame[4:])["type"]
        self.log.append((self.name, kind))


def test_updates_go_to_the_seats_first_then_to_spectators_in_the_order_they_came() -> None:
    host = make_host(seats=3, bots=0)
    host.phase = "playing"
    log: list[tuple[str, str]] = []
    joined = [("early watcher", None), ("seat 2", 2), ("middle watcher", None), ("seat 0", 0),
              ("seat 1", 1), ("late watcher", None)]
    for name, seat in joined:
        host.peer_opened(Peer(RecordingTransport(name, log), name, ready=True,  # type: ignore[arg-type]
                              role="spectator" if seat is None else "seat", seat=seat))
    seat = host.match.to_act()[0]
    host.match.submit(seat, fake_game.HiddenBot().decide(host.match.view(seat)))
    updates = [name for name, kind in log if kind == "update"]
    assert updates == ["seat 0", "seat 1", "seat 2", "early watcher", "middle watcher", "late watcher"]
    first_check = next(index for index, (_, kind) in enumerate(log) if kind == "check")
    assert all(kind == "update" for _, kind in log[:first_check])  # every update before any check


def test_checks_follow_a_moment_later_and_only_for_the_newest_change(host_factory, raw_peers) -> None:
    host = host_factory(seats=2, bots=0, bot_delay=30.0)  # the seats' bots stay out of the way
    watcher = raw_peers(host.port)
    watcher.hello("watcher")
    watcher.send({"type": "spectate"})
    host.call(host.host.start_game)
    watcher.expect("snapshot")

    def two_actions() -> None:  # back to back, within one turn of the host's loop
        for _ in range(2):
            seat = host.host.match.to_act()[0]
            host.host.match.submit(seat, fake_game.HiddenBot().decide(host.host.match.view(seat)))

    host.call(two_actions)
    seen = []
    while not seen or seen[-1] != ("check", 2):
        message = watcher.recv()
        assert message is not None
        if message["type"] in ("update", "check"):
            seen.append((message["type"], message["version"]))
    assert seen == [("update", 1), ("update", 2), ("check", 2)]  # version 1's check was superseded


def test_values_equal_only_to_python_are_not_shared() -> None:
    shared = SharedViews()
    first = shared.add({"you": False, "hands": [[1, 2]], "score": 1})
    second = shared.add({"you": 0, "hands": [[1, 2]], "score": 1.0})
    assert second["you"] is not first["you"] and type(second["you"]) is int  # 0 stays 0 on the wire
    assert type(second["score"]) is float
    assert second["hands"] is first["hands"]  # truly equal parts are still shared
