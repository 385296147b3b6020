"""The host's fan-out: each change's frames, joined from parts packed, diffed and hashed once,
are byte for byte the frames of the whole messages made without any sharing or caching."""

from __future__ import annotations

import weakref
from typing import Any

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.bots import make_bot
from game.match import Change, view_hash
from net.delta import SharedDiff, diff
from net.host import Host, HostConfig
from net.protocol import encode
from net.table import Peer
from net.view_parts import ViewParts
from tests.net import fake_game
from tests.net.conftest import make_host

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.floats(-2, 2), st.text(max_size=2))
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
    st.text(max_size=2), inner, max_size=3), max_leaves=12)
VIEWS = st.dictionaries(st.sampled_from(["board", "you", "match", "hands", "é", "a b"]), VALUES, max_size=6)


@given(old=st.lists(VIEWS, min_size=1, max_size=4), new=st.lists(VIEWS, min_size=1, max_size=4))
def test_shared_deltas_and_hashes_equal_the_plain_ones(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> None:
    parts = ViewParts()
    for before in old:
        parts.add(dict(before))
    parts.next_change()
    for before, after in zip(old, new, strict=False):
        expected_hash, expected_delta = view_hash(after), diff(before, after)
        after = parts.add(dict(after))
        count, ops = parts.delta(before, after)
        assert parts.array_header(count) + ops == msgpack.packb(expected_delta)
        assert parts.view_bytes(after) == msgpack.packb(after)
        assert parts.hash(after) == expected_hash


@given(old=VALUES, new=VALUES, inner=VALUES)
def test_a_shared_diff_is_the_plain_diff_even_of_shared_pieces(old: Any, new: Any, inner: Any) -> None:
    shared = SharedDiff()
    pairs = [(old, new), ([inner, old], [inner, new]), ({"a": old, "b": inner}, {"a": new, "b": [inner]})]
    for _ in range(2):  # the second time from the memo
        for before, after in pairs:
            assert shared.diff(before, after, ["k"]) == diff(before, after, ["k"])


def test_values_equal_only_to_python_are_not_shared() -> None:
    parts = ViewParts()
    first = parts.add({"you": False, "hands": [[1, 2]], "score": 1})
    second = parts.add({"you": 0, "hands": [[1, 2]], "score": 1.0})
    assert second["you"] is not first["you"] and type(second["you"]) is int  # 0 stays 0 on the wire
    assert type(second["score"]) is float
    assert second["hands"] is first["hands"]  # truly equal parts are still shared


class Tracked(list):  # a list a weak reference can follow
    pass


def test_the_parts_of_changes_gone_are_freed_after_the_frames_not_while_they_are_made() -> None:
    parts = ViewParts()
    board = Tracked([1])
    gone = weakref.ref(board)
    parts.add({"board": board})
    del board
    parts.next_change()
    parts.add({"board": [2]})  # the first board is the base of this change's deltas: kept
    parts.let_go()
    assert gone() is not None
    parts.next_change()  # no longer a base: retired, but freed only once the frames are out
    assert gone() is not None
    parts.let_go()
    assert gone() is None


class FrameLog:
    """Stands in for a socket: keeps every frame written."""

    def __init__(self) -> None:
        self.frames: list[bytes] = []

    def is_closing(self) -> bool:
        return False

    def get_write_buffer_size(self) -> int:
        return 0

    def write(self, frame: bytes) -> None:
        self.frames.append(frame)


@pytest.mark.parametrize("game", ["linie1", "hidden"])
def test_every_update_is_the_frame_made_from_that_seats_own_view_without_any_cache(game: str) -> None:
    """The frames a whole game sends each seat and the spectators equal, byte for byte, the update
    made from scratch: that seat's own view and events now, as a delta on its view one change ago.
    In the hidden-cards game every seat's secrets (its hand and code) differ, and a change often
    alters one seat's hand alone: no other seat may get a stale or a shared view of it."""
    if game == "hidden":
        host = make_host(seats=4)
        bots = [fake_game.HiddenBot() for _ in range(4)]
    else:
        host = Host.new("linie1", 5, HostConfig(), seed=3)
        bots = [make_bot("linie1", "easy", seat) for seat in range(5)]
    host.phase = "playing"
    seats: list[int | None] = [*range(len(bots)), None, None]
    logs = [FrameLog() for _ in seats]
    for log, seat in zip(logs, seats, strict=True):
        host.peer_opened(Peer(log, "test", ready=True, role="seat" if seat is not None else "spectator",  # type: ignore[arg-type]
                              seat=seat))
    before: dict[int | None, Any] = {}
    expected: dict[int | None, list[bytes]] = {seat: [] for seat in seats}

    def reference(change: Change) -> None:  # called after the host's own listener
        for seat in expected:
            view = host.match.view(seat)
            content = {"view": view} if change.version == 1 else {"delta": diff(before[seat], view)}
            expected[seat].append(encode({"type": "update", "seat": seat, "actor": change.seat,
                                           "events": host.match.events_for(change, seat), **content,
                                           "version": change.version}))
            before[seat] = view

    host.match.add_listener(reference)
    for _ in range(60):
        if host.match.finished:
            break
        seat = host.match.to_act()[0]
        host.match.submit(seat, bots[seat].decide(host.match.view(seat)))
    for index, seat in enumerate(seats):
        updates = [frame for frame in logs[index].frames if msgpack.unpackb(frame[4:])["type"] == "update"]
        assert len(updates) > 10 and updates == expected[seat], f"seat {seat}"
        checks = [message for message in map(msgpack.unpackb, (frame[4:] for frame in logs[index].frames))
                  if message["type"] == "check"]
        assert len(checks) == len(updates) and checks[-1]["hash"] == view_hash(host.match.view(seat))


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
