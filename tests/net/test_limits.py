"""One connection cannot make the host work for it faster than an honest client: its messages and
intents are read at a bounded rate (reading pauses, nothing is refused), resyncs are limited and
one at a time, statuses are coalesced, and the bytes queued for all connections together are capped."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from net.connection import PeerConnection
from net.frames import HostFrames
from net.limits import TokenBucket
from net.protocol import encode
from net.seating import Seating
from net.status import StatusBoard
from net.table import HostConfig, Peer, QueueBudget, SeatSlot
from tests.net import fake_game  # noqa: F401 - registers the hidden-information test game


class FakeTransport:
    """What a peer's transport is asked: writes are counted, reading can pause."""

    def __init__(self) -> None:
        self.paused = False
        self.pauses = 0
        self.written: list[bytes] = []
        self.buffered = 0
        self.closing = False

    def get_extra_info(self, name: str) -> Any:
        return ("127.0.0.1", 5000) if name == "peername" else None

    def pause_reading(self) -> None:
        self.paused, self.pauses = True, self.pauses + 1

    def resume_reading(self) -> None:
        self.paused = False

    def write(self, data: bytes) -> None:
        self.written.append(data)
        self.buffered += len(data)

    def get_write_buffer_size(self) -> int:
        return self.buffered

    def is_closing(self) -> bool:
        return self.closing

    def close(self) -> None:
        self.closing = True

    def abort(self) -> None:
        self.closing = True


class CountingHandler:
    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    def peer_opened(self, peer: Peer) -> None:
        pass

    def peer_message(self, peer: Peer, message: dict[str, Any]) -> None:
        peer.ready = True
        self.messages.append(message)

    def peer_failed(self, peer: Peer, error: Exception) -> None:
        raise AssertionError(error)

    def peer_closed(self, peer: Peer) -> None:
        pass


def test_a_token_bucket_allows_a_burst_then_its_rate() -> None:
    bucket = TokenBucket(burst=3, rate=2.0)
    assert [bucket.take(10.0) for _ in range(4)] == [True, True, True, False]
    assert bucket.wait(10.0) == 0.5
    assert not bucket.take(10.4) and bucket.take(10.5)
    assert bucket.take(100.0) and bucket.tokens == 2  # never more than the burst


def test_a_flood_of_messages_is_read_at_the_honest_rate_and_nothing_is_lost() -> None:
    config = HostConfig(message_burst=50, message_rate=1000.0)

    async def flood() -> tuple[int, int, int, int]:
        handler = CountingHandler()
        connection = PeerConnection(handler, config)
        transport = FakeTransport()
        connection.connection_made(transport)  # type: ignore[arg-type]
        loop = asyncio.get_running_loop()
        frozen = loop.time()
        loop.time = lambda: frozen  # type: ignore[method-assign] - the burst is read in no time (a slow machine refills none)
        connection.data_received(b"".join(encode({"type": "ping", "id": i}) for i in range(400)))
        del loop.time  # the clock runs again: the rest is read at the rate
        at_once, paused = len(handler.messages), transport.paused
        while connection._waiting:
            await asyncio.sleep(0.01)
        connection.connection_lost(None)
        return at_once, int(paused), len(handler.messages), int(transport.paused)

    at_once, paused, handled, still_paused = asyncio.run(flood())
    assert at_once == 50 and paused  # the burst, then reading stopped
    assert handled == 400 and not still_paused  # every message in the end, reading resumed


def test_intents_are_read_at_their_own_rate() -> None:
    config = HostConfig(intent_burst=5, intent_rate=1.0)

    async def loop_moves() -> tuple[int, int]:
        handler = CountingHandler()
        connection = PeerConnection(handler, config)
        transport = FakeTransport()
        connection.connection_made(transport)  # type: ignore[arg-type]
        frames = [encode({"type": "intent", "id": i, "seat": 0, "base": 0, "action": {"type": "x"}})
                  for i in range(30)] + [encode({"type": "ping", "id": 99})]
        connection.data_received(b"".join(frames))
        handled = len(handler.messages)
        connection.connection_lost(None)
        return handled, transport.pauses

    handled, pauses = asyncio.run(loop_moves())
    assert handled == 5 and pauses == 1  # a player looping place + undo sends the others 1 update a second


def test_statuses_are_coalesced_into_one_per_interval() -> None:
    from game.match import Match, SeatInfo

    async def crowd() -> list[Any]:
        match = Match("hidden", [SeatInfo("A", "open"), SeatInfo("B", "open")], 1)
        frames = HostFrames(match)
        peer = Peer(FakeTransport(), "watcher")  # type: ignore[arg-type]
        peer.ready = True
        told: list[int] = []
        board = StatusBoard(frames, Seating(match, [SeatSlot(), SeatSlot()]), [peer], lambda: "lobby",
                            lambda: told.append(board.spectators), interval=0.05)
        board.loop = asyncio.get_running_loop()
        for _ in range(1000):  # a thousand spectators arrive at once
            board.spectators += 1
            board.changed()
        await asyncio.sleep(0.12)
        return told

    assert asyncio.run(crowd()) == [1, 1000]  # the first at once, the rest in one frame


def test_the_bytes_queued_for_everyone_are_capped_by_dropping_the_slowest() -> None:
    budget = QueueBudget(cap=1000)
    peers = [Peer(FakeTransport(), f"p{i}") for i in range(3)]  # type: ignore[arg-type]
    for peer in peers:
        peer.budget = budget
    peers[0].send(b"x" * 300)
    peers[1].send(b"x" * 500)
    assert budget.total == 800 and not any(peer.closed for peer in peers)
    peers[2].send(b"x" * 400)  # 1200 queued: the peer furthest behind goes
    assert peers[1].closed and not peers[0].closed and not peers[2].closed
    assert budget.total == 700
    peers[0].transport.buffered = 0  # type: ignore[attr-defined]  # its bytes were flushed meanwhile
    peers[2].send(b"x" * 500)  # 300 stale + 900: counted afresh, 900 fits
    assert not peers[2].closed and budget.total == 900


def test_arrivals_admit_a_burst_then_a_rate_per_address_and_forget_the_oldest() -> None:
    from net.limits import Arrivals

    arrivals = Arrivals(burst=3, rate=2.0, keep=2)
    assert [arrivals.admit("10.0.0.5", 0.0) for _ in range(4)] == [True, True, True, False]
    assert arrivals.admit("10.0.0.6", 0.0)  # another machine has its own
    assert not arrivals.admit("10.0.0.5", 0.1) and arrivals.admit("10.0.0.5", 0.5)  # two a second
    arrivals.admit("10.0.0.7", 0.5)
    assert len(arrivals._buckets) == 2 and "10.0.0.6" not in arrivals._buckets


def test_a_connection_flood_from_one_address_is_closed_before_its_hello_and_the_table_plays_on(
        host_factory: Any, raw_peers: Any) -> None:
    host = host_factory(seats=2, arrival_burst=3, arrival_rate=0.01)
    ann = raw_peers(host.port)
    ann.hello("Ann")
    ann.send({"type": "claim", "seat": 0})
    ann.expect("welcome", seat=0)
    flood = [raw_peers(host.port) for _ in range(6)]  # two more fit the burst; the rest are closed at once
    answered = 0
    for peer in flood:
        try:
            peer.hello("Flood")
            answered += 1
        except (ConnectionError, OSError):
            pass
    assert answered == 2
    ann.send({"type": "chat", "text": "still here"})
    assert ann.expect("chat")["text"] == "still here"  # the table plays on for the one already there


def test_connections_still_silent_after_the_hellos_grace_are_capped_per_address_and_a_crowd_is_not(
        host_factory: Any, raw_peers: Any) -> None:
    """Within the arrival burst one machine could hold thousands of sockets that never say hello
    (each for the hello's whole time): a second after they opened, those past the cap are closed,
    the oldest first. Connections that say hello as they connect (a crowd) are never counted long."""
    import time
    host = host_factory(seats=2, hello_pending_max=2, hello_grace=0.3)

    def owing() -> int:
        return host.call(lambda: sum(host.host._owing_hello.values()))

    crowd = [raw_peers(host.port) for _ in range(5)]  # five at once, more than the cap, their hellos read
    deadline = time.monotonic() + 3.0                 # only after all of them were taken in (a batch)
    while owing() != 5:
        assert time.monotonic() < deadline, "the host never took the crowd in"
        time.sleep(0.01)
    for index, peer in enumerate(crowd):  # within the grace: every one of them is welcome
        peer.hello(f"Crowd {index}")
    silent = [raw_peers(host.port) for _ in range(4)]
    deadline = time.monotonic() + 3.0
    while owing() != 4:
        assert time.monotonic() < deadline, "the host never took the silent connections in"
        time.sleep(0.01)
    deadline = time.monotonic() + 3.0  # past the grace: two of the four are closed, the oldest first
    while owing() != 2:
        assert time.monotonic() < deadline, f"{owing()} silent connections are still held"
        time.sleep(0.01)
    assert [peer.closed() for peer in silent[:2]] == [True, True]
    assert silent[2].hello("Late but in time")["type"] == "hello"  # the others still had the hello's time
    late = raw_peers(host.port)  # a newcomer meanwhile is let in as any other
    assert late.hello("Ann")["type"] == "hello"
    crowd[0].send({"type": "chat", "text": "still here"})
    assert crowd[0].expect("chat")["text"] == "still here"
    silent[3].close()
    deadline = time.monotonic() + 3.0
    while host.call(lambda: dict(host.host._owing_hello)):
        assert time.monotonic() < deadline, "an address with nothing owed is still remembered"
        time.sleep(0.01)


def test_connections_that_never_say_hello_are_logged_once_in_a_row_not_each(
        host_factory: Any, raw_peers: Any, caplog: Any) -> None:
    """A flood of silent connections (2048 within the burst, each timing out) would write a warning
    line apiece into the host's log and its operator's terminal."""
    import logging
    import time
    caplog.set_level(logging.DEBUG, logger="linie.host")
    host = host_factory(seats=2, hello_timeout=0.2)
    silent = [raw_peers(host.port) for _ in range(4)]
    for peer in silent:
        assert peer.closed()  # each is told and closed after the hello's time
    time.sleep(0.1)
    said = [record for record in caplog.records if "nothing complete arrived" in record.getMessage()]
    assert len(said) == 4 and [record.levelno for record in said].count(logging.WARNING) == 1


def test_a_host_raises_its_open_file_limit_as_far_as_the_system_lets_it(monkeypatch):
    """A soft limit of 1024 (many desktops) would shut the door on a crowd of spectators: it is raised
    to what a crowd needs, never past the hard limit, and never lowered."""
    resource = pytest.importorskip("resource")
    from net.limits import OPEN_FILES_WANTED, raise_open_file_limit
    limits = {"now": (1024, 4096)}
    monkeypatch.setattr(resource, "getrlimit", lambda kind: limits["now"])
    monkeypatch.setattr(resource, "setrlimit", lambda kind, value: limits.__setitem__("now", value))
    assert raise_open_file_limit() == 4096 and limits["now"] == (4096, 4096)  # the hard limit is the ceiling
    limits["now"] = (1024, 1 << 20)
    assert raise_open_file_limit() == OPEN_FILES_WANTED and limits["now"] == (OPEN_FILES_WANTED, 1 << 20)
    limits["now"] = (20000, 1 << 20)
    assert raise_open_file_limit() == 20000 and limits["now"] == (20000, 1 << 20)  # never lowered

    def forbidden(kind, value):
        raise ValueError("not allowed here")
    monkeypatch.setattr(resource, "setrlimit", forbidden)
    limits["now"] = (1024, 1 << 20)
    assert raise_open_file_limit() == 1024  # a sandbox that forbids it keeps the old limit, and the host runs


def test_a_crowd_arriving_at_once_is_taken_in_small_batches_and_none_is_turned_away(host_factory: Any) -> None:
    """asyncio accepts as many waiting connections in one go as the backlog it was given: with the
    kernel's long queue (so a crowd is not turned away) that was up to 1024 in one pass of the loop,
    ~20 ms in which no intent was read. The host takes at most ``ACCEPT_BATCH`` at a time."""
    import collections
    import socket
    import threading
    import time

    from net.host import ACCEPT_BATCH
    crowd_size = 5 * ACCEPT_BATCH
    thread = host_factory(seats=2)
    host, loop = thread.host, thread._loop
    passes = [0]
    opened_in: collections.Counter[int] = collections.Counter()

    def count_passes() -> None:  # one call per pass of the loop
        passes[0] += 1
        loop.call_soon(count_passes)

    def patch() -> None:
        opened = host.peer_opened

        def peer_opened(peer: Any) -> None:
            opened_in[passes[0]] += 1
            opened(peer)
        host.peer_opened = peer_opened  # type: ignore[method-assign]
        count_passes()

    thread.call(patch)
    held, release = threading.Event(), threading.Event()
    loop.call_soon_threadsafe(lambda: (held.set(), release.wait(10)))  # the loop busy while the crowd arrives
    assert held.wait(5)
    crowd = []
    try:
        for _ in range(crowd_size):
            sock = socket.socket()
            sock.setblocking(False)
            sock.connect_ex(("127.0.0.1", thread.port))
            crowd.append(sock)
        time.sleep(0.2)  # the kernel completes every handshake into the listening queue
        release.set()
        deadline = time.monotonic() + 0.9  # a handshake the queue had no room for is tried again after 1 s
        while sum(opened_in.values()) < crowd_size:
            assert time.monotonic() < deadline, f"only {sum(opened_in.values())} of the crowd were taken in"
            time.sleep(0.01)
        assert max(opened_in.values()) <= ACCEPT_BATCH
    finally:
        release.set()
        for sock in crowd:
            sock.close()


def test_connections_that_send_the_same_garbage_are_logged_once_in_a_row_not_each(
        host_factory: Any, raw_peers: Any, caplog: Any) -> None:
    """A machine sending garbage on connection after connection wrote a warning line apiece (hundreds a
    second from one loop); another kind of failure from there, or one from elsewhere, is said again."""
    import logging
    caplog.set_level(logging.DEBUG, logger="linie.host")
    host = host_factory(seats=2)
    for _ in range(3):
        peer = raw_peers(host.port)
        peer.send_bytes(b"\xff\xff\xff\xff")  # a frame past every limit
        assert peer.closed()
    other = raw_peers(host.port)
    other.send({"type": "ping"})  # not a hello: another failure
    assert other.closed()
    said = [record for record in caplog.records if record.name == "linie.host" and "(127.0.0.1:" in record.getMessage()
            and ("cap" in record.getMessage() or "hello" in record.getMessage())]
    assert [record.levelno for record in said] == [logging.WARNING, logging.DEBUG, logging.DEBUG, logging.WARNING]
