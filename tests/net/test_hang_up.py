"""The last frame before the host ends a connection reaches the peer, whatever it still sends.

A socket closed with unread data in it (a ping in flight) answers with a reset, and the peer then
loses the frame that said why it was cut. Each test leaves a ping unread in the host's socket (the
reading budget paused it) as the host ends the connection, and reads the frame and an orderly end.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from net.connection import PeerConnection
from net.host_thread import HostThread
from net.table import HANG_UP_GRACE, HANG_UP_MOST_BYTES, HostConfig
from tests.net.conftest import RawPeer


def _pause_then_ping(host: HostThread, peer: RawPeer) -> None:
    """The peer's last message waits for the reading budget (the host stops reading), and a ping
    sent now lies unread in the host's socket."""
    reading = lambda: host.call(lambda: [p.transport.is_reading() for p in host.host.peers  # noqa: E731
                                         if p.name == "Ann"])
    deadline = time.monotonic() + 5
    while reading() != [False]:
        assert time.monotonic() < deadline, "the host never paused its reading"
        time.sleep(0.01)
    peer.send({"type": "ping"})


def _ends_in_order(peer: RawPeer) -> None:
    assert peer.sock.recv(1) == b""  # a reset raises ConnectionResetError here


def test_a_seat_resumed_from_another_connection_tells_the_old_one_why_before_it_ends(
        host_factory: Callable[..., HostThread], raw_peers: Callable[[int], RawPeer]) -> None:
    host = host_factory(seats=2, message_burst=2, message_rate=0.5)
    ann = raw_peers(host.port)
    ann.hello("Ann")
    ann.send({"type": "claim", "seat": 0})
    token = ann.expect("welcome")["token"]
    ann.send({"type": "ping"})  # past the budget: read, and the reading pauses
    _pause_then_ping(host, ann)
    again = raw_peers(host.port)
    again.hello("Ann again")
    again.send({"type": "resume", "token": token})
    assert again.expect("welcome")["seat"] == 0
    assert ann.expect("error")["code"] == "net.replaced"
    _ends_in_order(ann)


def test_a_fatal_refusal_is_read_before_the_connection_ends(
        host_factory: Callable[..., HostThread], raw_peers: Callable[[int], RawPeer]) -> None:
    host = host_factory(seats=2, message_burst=3, message_rate=1.0)
    ann = raw_peers(host.port)
    ann.hello("Ann")
    for _ in range(3):  # the third wrong token is fatal; it waits for the budget
        ann.send({"type": "resume", "token": "not a token of this table"})
    _pause_then_ping(host, ann)
    refusal = ann.expect("error", fatal=True)
    assert refusal["code"] == "net.bad_token"
    _ends_in_order(ann)


def test_a_broken_message_is_answered_the_seat_shows_its_player_gone_at_once_and_the_link_ends_in_order(
        host_factory: Callable[..., HostThread], raw_peers: Callable[[int], RawPeer]) -> None:
    host = host_factory(seats=2, message_burst=2, message_rate=1.0)
    ann = raw_peers(host.port)
    ann.hello("Ann")
    ann.send({"type": "claim", "seat": 0})
    ann.expect("welcome")
    ann.send({"type": "claim", "seat": "the first"})  # waits for the budget; then breaks the schema
    _pause_then_ping(host, ann)
    assert ann.expect("error", fatal=True)["code"] == "protocol.schema"
    assert host.seat_states()[0]["connected"] is False  # while the connection still hangs up
    _ends_in_order(ann)


def test_a_peer_that_floods_the_connection_it_was_cut_from_is_reset_long_before_the_grace(
        host_factory: Callable[..., HostThread], raw_peers: Callable[[int], RawPeer]) -> None:
    host = host_factory(seats=2)
    ann = raw_peers(host.port)
    ann.hello("Ann")
    ann.send({"type": "spectate"})
    ann.expect("welcome")
    ann.send_bytes(b"\xff\xff\xff\xff")  # a frame past every limit: the host hangs up
    ann.expect("error", fatal=True)
    started = time.monotonic()
    chunk = bytes(16 * 1024)
    sent = 0
    try:
        while time.monotonic() - started < 2 * HANG_UP_GRACE:
            ann.sock.sendall(chunk)
            sent += len(chunk)
            time.sleep(0.001)
    except OSError:  # reset (or a broken pipe) once the host cut it
        pass
    assert time.monotonic() - started < HANG_UP_GRACE / 2
    assert sent >= HANG_UP_MOST_BYTES  # cut for what it sent past the allowance, not for its silence


class _Transport:
    """What a ``PeerConnection`` asks of its transport, recorded."""

    def __init__(self) -> None:
        self.paused = 0
        self.aborted = False

    def get_extra_info(self, name: str) -> Any:
        return ("127.0.0.1", 1) if name == "peername" else None

    def can_write_eof(self) -> bool:
        return True

    def is_closing(self) -> bool:
        return self.aborted

    def write(self, data: bytes) -> None:
        pass

    def write_eof(self) -> None:
        pass

    def get_write_buffer_size(self) -> int:
        return 0

    def pause_reading(self) -> None:
        self.paused += 1

    def resume_reading(self) -> None:
        pass

    def abort(self) -> None:
        self.aborted = True


class _Handler:
    def peer_opened(self, peer: Any) -> None: ...
    def peer_slow_hello(self, peer: Any) -> None: ...
    def peer_message(self, peer: Any, message: dict[str, Any]) -> None: ...
    def peer_failed(self, peer: Any, error: Exception) -> None: ...
    def peer_closed(self, peer: Any) -> None: ...


def test_what_a_peer_sends_after_the_host_hung_up_is_read_at_its_reading_rate_only() -> None:
    async def flood() -> tuple[int, bool]:
        connection = PeerConnection(_Handler(), HostConfig(message_burst=5, message_rate=1.0))
        transport = _Transport()
        connection.connection_made(transport)  # type: ignore[arg-type]
        assert connection.peer is not None
        connection.peer.hang_up()
        for _ in range(8):  # garbage, never parsed: five reads fit the budget, the sixth pauses
            connection.data_received(b"\xff" * 100)
        paused = transport.paused
        connection.connection_lost(None)
        return paused, transport.aborted

    paused, aborted = asyncio.run(flood())
    assert paused == 1
    assert not aborted
