"""NetSession against a scripted host: a version gap or a view-hash mismatch makes it ask for a
snapshot and never hands the suspicious update to the scene; a host that speaks other rules is
refused for good."""

from __future__ import annotations

import socket
import struct
from collections.abc import Iterator
from typing import Any

import msgpack
import pytest

from game.match import view_hash
from net.client import NetSession
from net.protocol import encode

HELLO = {"type": "hello", "version": 0, "protocol": 2, "game": "hidden", "rules_version": "1", "title": "Hidden",
         "table": "Scripted", "phase": "playing", "seats_total": 2, "seats_taken": 2}


class ScriptedHost:
    """One accepted connection that the test drives frame by frame."""

    def __init__(self) -> None:
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.conn: socket.socket | None = None

    def accept(self) -> dict[str, Any]:
        self.server.settimeout(5)
        self.conn, _ = self.server.accept()
        self.conn.settimeout(5)
        return self.read()

    def send(self, message: dict[str, Any]) -> None:
        assert self.conn is not None
        self.conn.sendall(encode(message))

    def read(self) -> dict[str, Any]:
        assert self.conn is not None
        header = self._exactly(4)
        return msgpack.unpackb(self._exactly(struct.unpack(">I", header)[0]), raw=False)

    def expect(self, kind: str) -> dict[str, Any]:
        while (message := self.read())["type"] != kind:
            assert message["type"] in ("ping", "spectate"), message
        return message

    def _exactly(self, count: int) -> bytes:
        assert self.conn is not None
        data = b""
        while len(data) < count:
            chunk = self.conn.recv(count - len(data))
            assert chunk, "the client hung up"
            data += chunk
        return data

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
        self.server.close()


@pytest.fixture
def scripted() -> Iterator[ScriptedHost]:
    host = ScriptedHost()
    yield host
    host.close()


def view(version: int) -> dict[str, Any]:
    """A spectator's view of the hidden game at ``version`` (of the shape the game's own views have)."""
    return {"type": "hidden", "me": None, "turn": version % 2, "players": [], "pile_count": 10,
            "match": {"version": version, "game": "hidden", "seats": [], "to_act": [version % 2]}}


def snapshot(version: int) -> dict[str, Any]:
    return {"type": "snapshot", "version": version, "seat": None, "view": view(version),
            "hash": view_hash(view(version)), "phase": "playing"}


def update(version: int) -> dict[str, Any]:
    return {"type": "update", "version": version, "seat": None, "actor": 0, "events": [{"type": "pass", "seat": 0}],
            "view": view(version)}


def check(version: int, good_hash: bool = True) -> dict[str, Any]:
    return {"type": "check", "version": version, "seat": None,
            "hash": view_hash(view(version)) if good_hash else "0" * 64}


def delivered(session: NetSession) -> list[tuple[int, bool]]:
    return [(m["version"], bool(m.get("snapshot"))) for m in session.poll() if m["type"] == "update"]


def test_gaps_and_bad_hashes_are_repaired_by_a_snapshot(scripted: ScriptedHost) -> None:
    session = NetSession("127.0.0.1", scripted.port, "Ann", spectate=True, rules={"hidden": "1"}, heartbeat=30)
    try:
        hello = scripted.accept()
        assert hello["type"] == "hello" and hello["rules"] == {"hidden": "1"} and hello["id"] == 0
        scripted.send(HELLO)
        scripted.send({"type": "welcome", "version": 1, "seat": None, "token": None, "name": "Ann"})
        scripted.send(snapshot(1))
        scripted.send(update(2))
        scripted.send(check(2))  # a good hash: nothing to repair
        session.wait_for(lambda m: m.get("version") == 2 and m["type"] == "update")
        assert delivered(session) == [(1, True), (2, False)]
        assert session.view(None)["match"]["version"] == 2

        scripted.send(update(4))  # version 3 went missing
        assert scripted.expect("resync")["id"] == 2  # hello 0, spectate 1: no resync before the gap
        scripted.send(update(5))  # still ahead of the snapshot: dropped too
        scripted.send(snapshot(5))
        session.wait_for(lambda m: m.get("snapshot") and m["version"] == 5)
        assert delivered(session) == [(5, True)]

        scripted.send(update(6))
        scripted.send(check(6, good_hash=False))
        scripted.expect("resync")
        scripted.send(snapshot(6))
        session.wait_for(lambda m: m.get("snapshot") and m["version"] == 6)
        assert delivered(session) == [(6, False), (6, True)]  # the suspicious view is replaced

        scripted.send({"type": "status", "version": 8, "phase": "playing", "seats": [], "spectators": 1})
        assert scripted.expect("resync")["id"] > 0  # a status from the future also reveals a gap
    finally:
        session.close(goodbye=False)


def test_other_rules_are_refused_for_good(scripted: ScriptedHost) -> None:
    session = NetSession("127.0.0.1", scripted.port, "Ann", rules={"hidden": "1"}, backoff=(0.01, 0.02))
    try:
        scripted.accept()
        scripted.send({**HELLO, "rules_version": "2"})
        closed = session.wait_for(lambda m: m["type"] == "status" and m["link"] == "closed")
        assert "rules" in closed["reason"]
        assert "replaced" not in closed  # refused: not another table where ours was
        scripted.server.settimeout(0.3)
        with pytest.raises(TimeoutError):
            scripted.server.accept()  # it does not come back
    finally:
        session.close(goodbye=False)


def test_a_malformed_host_frame_drops_the_link_and_it_reconnects(scripted: ScriptedHost) -> None:
    session = NetSession("127.0.0.1", scripted.port, "Ann", rules={"hidden": "1"}, backoff=(0.01, 0.02))
    try:
        scripted.accept()
        scripted.send(HELLO)
        scripted.send({"type": "update", "version": "x"})  # fails the schema
        down = session.wait_for(lambda m: m["type"] == "status" and m["link"] == "down")
        assert down["reason"] == "The host sent something this program cannot read."  # the schema's words go to the log
        assert scripted.accept()["type"] == "hello"  # back with a fresh hello
    finally:
        session.close(goodbye=False)
