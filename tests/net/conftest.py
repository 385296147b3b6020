"""Fixtures for the LAN tests: a registered fake game, hosts on ephemeral loopback ports, raw peers."""

from __future__ import annotations

import socket
import struct
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import msgpack
import pytest

from game.core import registry
from net.client import local_rules
from net.host import Host, HostConfig
from net.host_thread import HostThread
from net.protocol import PROTOCOL_VERSION
from tests.net import fake_game

FAST = {"heartbeat": 0.2, "away_after": 0.6, "drop_after": 3.0, "hello_timeout": 2.0}


@pytest.fixture(autouse=True)
def hidden_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the fake game so the host, the client's hello and Match.load all know it."""
    monkeypatch.setitem(registry.GAMES, fake_game.NAME, ("tests.net.fake_game", "GAME"))


def make_host(seats: int = 3, bots: int = 0, seed: int = 7, save: Path | None = None,
              **config: Any) -> Host:
    options = {**FAST, **config}
    return Host.new(fake_game.NAME, seats, HostConfig(save_path=save, **options), bots=bots, seed=seed,
                    bot_factory=fake_game.bot_factory)


@pytest.fixture
def host_factory() -> Iterator[Callable[..., HostThread]]:
    """Start hosts on 127.0.0.1 (ephemeral ports); every one is stopped after the test."""
    started: list[HostThread] = []

    def start(host: Host | None = None, port: int = 0, **kwargs: Any) -> HostThread:
        thread = HostThread(host or make_host(**kwargs), "127.0.0.1", port)
        thread.start()
        started.append(thread)
        return thread

    yield start
    for thread in started:
        thread.stop(goodbye=False)


class RawPeer:
    """A hand-driven client on a plain socket: sends any bytes, reads decoded frames."""

    def __init__(self, port: int, timeout: float = 3.0) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.next_id = 0

    def send_bytes(self, data: bytes) -> None:
        self.sock.sendall(data)

    def send(self, message: dict[str, Any], numbered: bool = True) -> int:
        if numbered and "id" not in message:
            message = {**message, "id": self.next_id}
            self.next_id += 1
        body = msgpack.packb(message, use_bin_type=True)
        self.sock.sendall(struct.pack(">I", len(body)) + body)
        return message.get("id", -1)

    def hello(self, name: str = "raw") -> dict[str, Any]:
        self.send({"type": "hello", "protocol": PROTOCOL_VERSION, "name": name, "rules": local_rules()})
        return self.expect("hello")

    def recv(self) -> dict[str, Any] | None:
        """The next frame, or None when the host closed the connection."""
        header = self._exactly(4)
        if header is None:
            return None
        body = self._exactly(struct.unpack(">I", header)[0])
        return None if body is None else msgpack.unpackb(body, raw=False)

    def expect(self, kind: str, where: Callable[[dict[str, Any]], bool] | None = None,
               **fields: Any) -> dict[str, Any]:
        """Read (skipping other frames) until a frame of ``kind`` with ``fields`` (and ``where``)."""
        while True:
            message = self.recv()
            if message is None:
                raise ConnectionError(f"closed while waiting for {kind}")
            if message["type"] == kind and all(message.get(k) == v for k, v in fields.items()) \
                    and (where is None or where(message)):
                return message

    def closed(self) -> bool:
        """True when the host closes this connection (reading everything until then)."""
        try:
            while self.recv() is not None:
                pass
        except TimeoutError:
            return False
        except OSError:
            pass
        return True

    def _exactly(self, count: int) -> bytes | None:
        data = b""
        while len(data) < count:
            try:
                chunk = self.sock.recv(count - len(data))
            except ConnectionResetError:
                return None
            if not chunk:
                return None
            data += chunk
        return data

    def close(self) -> None:
        self.sock.close()


@pytest.fixture
def raw_peers() -> Iterator[Callable[[int], RawPeer]]:
    opened: list[RawPeer] = []

    def connect(port: int) -> RawPeer:
        peer = RawPeer(port)
        opened.append(peer)
        return peer

    yield connect
    for peer in opened:
        peer.close()


# -- a table whose game is over (the rematch tests) -------------------------------------------------
def play_to_the_end(thread: HostThread, timeout: float = 5.0) -> None:
    """The seated people play their first legal action until the game is over (bots play themselves)."""
    def step() -> None:
        match = thread.host.match
        for seat in match.to_act():
            if not thread.host.slots[seat].bot_plays:
                match.submit(seat, match.game.legal(match.state, seat)[0])

    deadline = time.monotonic() + timeout
    while thread.call(lambda: thread.host.phase) != "over":
        assert time.monotonic() < deadline, "the game never ended"
        thread.call(step)
        time.sleep(0.005)


def seat(peer: RawPeer, name: str, number: int) -> str:
    peer.hello(name)
    peer.send({"type": "claim", "seat": number})
    return peer.expect("welcome", seat=number)["token"]


def watch(peer: RawPeer, name: str) -> None:
    """``peer`` says hello as ``name`` and watches."""
    peer.hello(name)
    peer.send({"type": "spectate"})
    peer.expect("welcome", seat=None)


@pytest.fixture
def finished_table(host_factory: Callable[..., HostThread], raw_peers: Callable[[int], RawPeer]
                   ) -> Callable[..., tuple[HostThread, RawPeer, RawPeer, RawPeer, list[str]]]:
    """A four-seat table (seat 3 a bot chosen for it) where Ann and Bob played, seat 2 was left open
    (a bot took it at the start), Cid watched, and the game is over."""
    def build(**config: Any) -> tuple[HostThread, RawPeer, RawPeer, RawPeer, list[str]]:
        thread = host_factory(make_host(seats=4, bots=1, **config))
        ann, bob, cid = raw_peers(thread.port), raw_peers(thread.port), raw_peers(thread.port)
        tokens = [seat(ann, "Ann", 0), seat(bob, "Bob", 1)]
        watch(cid, "Cid")
        thread.start_game()
        play_to_the_end(thread)
        for peer in (ann, bob, cid):
            peer.expect("status", phase="over")
        return thread, ann, bob, cid, tokens
    return build
