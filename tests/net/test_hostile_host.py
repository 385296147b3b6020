"""A host that sends a client garbage: the link goes down with a reason in the player's words (the
wire's own sentence names msgpack and byte caps, in English), never a crash. A fake host on a raw
socket says hello properly and then sends what a broken or hostile host might."""

from __future__ import annotations

import socket
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from game.core.registry import get_game
from game.i18n import _, set_language
from game.lan.join import failure_words
from net.client import NetSession, probe
from net.protocol import HEADER, HOST_LIMITS, PROTOCOL_VERSION, MalformedFrame, encode

QUICK = {"heartbeat": 0.1, "link_timeout": 2.0, "backoff": (0.05, 0.2)}


def hello(protocol: int = PROTOCOL_VERSION) -> bytes:
    return encode({"type": "hello", "version": 0, "protocol": protocol, "app": "linie", "game": "linja",
                   "rules_version": get_game("linja").rules_version, "title": "Linja", "table": "Odd table",
                   "phase": "lobby", "seats_total": 2, "seats_taken": 0})


class FakeHost:
    """Answers every connection with ``answer`` (after reading whatever the client sends first)."""

    def __init__(self, answer: bytes) -> None:
        self.answer = answer
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.connections = 0
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                sock, _address = self.server.accept()
            except OSError:
                return
            self.connections += 1
            sock.recv(4096)  # the client's hello
            sock.sendall(self.answer)
            threading.Timer(1.0, sock.close).start()

    def close(self) -> None:
        self.server.close()


@pytest.fixture
def fake_host() -> Iterator[Callable[[bytes], FakeHost]]:
    made: list[FakeHost] = []

    def make(answer: bytes) -> FakeHost:
        made.append(FakeHost(answer))
        return made[-1]

    yield make
    for host in made:
        host.close()


def first_link(session: NetSession, state: str) -> dict[str, Any]:
    try:
        return session.wait_for(lambda m: m["type"] == "status" and m.get("link") == state, timeout=5)
    finally:
        session.close(goodbye=False)


UNREADABLE = "The host sent something this program cannot read."
GARBAGE = {
    "oversized": (HEADER.pack(HOST_LIMITS.max_frame + 1) + b"\0" * 64,
                  "The host sent more at once than this program accepts."),
    "not msgpack": (HEADER.pack(3) + b"\xc1\xc1\xc1", UNREADABLE),
    "unknown message": (encode({"type": "teleport", "version": 0}), UNREADABLE),
    "wrong fields": (encode({"type": "status", "version": 0, "phase": "lobby", "seats": 5, "spectators": 0}),
                     UNREADABLE),
    # the hello counts two seats: a seat past them would be looked up by every screen
    "a seat the table lacks": (encode({"type": "welcome", "version": 0, "seat": 63, "token": "t" * 20,
                                       "name": "Ann"}), UNREADABLE),
}


@pytest.mark.parametrize("name", list(GARBAGE))
def test_garbage_after_the_hello_is_told_in_words_in_the_players_language(
        name: str, fake_host: Callable[[bytes], FakeHost]) -> None:
    bad, english = GARBAGE[name]
    host = fake_host(hello() + bad)
    set_language("de")
    try:
        session = NetSession("127.0.0.1", host.port, "Ann", **QUICK)  # type: ignore[arg-type]
        down = first_link(session, "down")
        assert down["reason"] == _(english) != english
        assert "msgpack" not in down["reason"] and "byte" not in down["reason"]
    finally:
        set_language("en")
    session = NetSession("127.0.0.1", host.port, "Ann", **QUICK)  # type: ignore[arg-type]
    assert first_link(session, "down")["reason"] == english


def test_a_host_of_another_protocol_closes_the_link_in_the_players_language(
        fake_host: Callable[[bytes], FakeHost]) -> None:
    host = fake_host(hello(protocol=PROTOCOL_VERSION + 7))
    words = ("the host runs another version of Linie (protocol {theirs}, this program {mine}): "
             "update both to the same one")
    set_language("de")
    try:
        session = NetSession("127.0.0.1", host.port, "Ann", **QUICK)  # type: ignore[arg-type]
        reason = first_link(session, "closed")["reason"]
        assert reason == _(words).format(theirs=PROTOCOL_VERSION + 7, mine=PROTOCOL_VERSION)
    finally:
        set_language("en")
    assert reason != words.format(theirs=PROTOCOL_VERSION + 7, mine=PROTOCOL_VERSION)  # German, not the wire's English


def test_joining_by_address_a_host_that_sends_garbage_says_so_in_words(
        fake_host: Callable[[bytes], FakeHost]) -> None:
    host = fake_host(HEADER.pack(3) + b"\xc1\xc1\xc1")
    with pytest.raises(MalformedFrame) as caught:
        probe("127.0.0.1", host.port, timeout=2.0)
    assert failure_words(caught.value) == "The host sent something this program cannot read."


@pytest.mark.parametrize("kind", ["update", "snapshot"])
def test_a_view_of_another_shape_never_reaches_the_table(kind: str, fake_host: Callable[[bytes], FakeHost]) -> None:
    view = {"nonsense": [1, 2, 3]}  # what a Linja table would read "rows" from
    if kind == "update":
        bad = encode({"type": "update", "version": 1, "seat": None, "actor": 0, "events": [], "view": view})
    else:
        bad = encode({"type": "snapshot", "version": 1, "seat": None, "view": view, "hash": "0" * 64,
                      "phase": "playing"})
    host = fake_host(hello() + bad)
    session = NetSession("127.0.0.1", host.port, "Ann", **QUICK)  # type: ignore[arg-type]
    seen: list[dict[str, Any]] = []
    try:
        down = session.wait_for(lambda m: seen.append(m) is None and m["type"] == "status"
                                and m.get("link") == "down", timeout=5)
    finally:
        session.close(goodbye=False)
    assert down["reason"] == UNREADABLE
    assert not [m for m in seen if m["type"] == "update"]
    with pytest.raises(KeyError):  # the session holds no view at all
        session.view(None)


def test_a_status_naming_a_seat_longer_than_any_name_is_refused_as_unreadable(
        fake_host: Callable[[bytes], FakeHost]) -> None:
    seats = [{"name": "W" * 60000, "kind": "human"}]  # a lobby row would run off the screen
    host = fake_host(hello() + encode({"type": "status", "version": 0, "phase": "lobby", "seats": seats,
                                       "spectators": 0}))
    session = NetSession("127.0.0.1", host.port, "Ann", **QUICK)  # type: ignore[arg-type]
    assert first_link(session, "down")["reason"] == UNREADABLE
