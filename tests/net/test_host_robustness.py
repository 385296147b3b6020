"""Hostile bytes on a real loopback socket: the host answers with an error or drops that one
connection, never crashes, and the players and the game are untouched."""

from __future__ import annotations

import random
import socket
import struct
from collections.abc import Callable
from typing import Any

import msgpack
import pytest

from game.match import view_hash
from net.host_thread import HostThread
from net.protocol import CLIENT_LIMITS
from tests.net.conftest import RawPeer


def fingerprint(host: HostThread) -> tuple[int, list[str]]:
    """The match version and every seat's view hash, read on the host's loop."""
    def read() -> tuple[int, list[str]]:
        match = host.host.match
        return match.version, [view_hash(match.view(seat)) for seat in (None, 0, 1, 2)]
    return host.call(read)


@pytest.fixture
def table(host_factory: Callable[..., HostThread],
          raw_peers: Callable[[int], RawPeer]) -> tuple[HostThread, RawPeer, RawPeer]:
    """A game in progress between two raw players (seat 2 is a bot), one move already made."""
    host = host_factory(seats=3, bots=1)
    ann, bob = raw_peers(host.port), raw_peers(host.port)
    for seat, peer in enumerate((ann, bob)):
        peer.hello(f"P{seat}")
        peer.send({"type": "claim", "seat": seat})
        peer.expect("welcome", seat=seat)
    host.start_game()
    view = ann.expect("snapshot")["view"]
    ann.send({"type": "intent", "seat": 0, "base": 0, "action": {"type": "draw"}})
    assert ann.expect("update", version=1)["view"]["players"][0]["hand_count"] == view["players"][0][
        "hand_count"] + 1
    bob.expect("update", version=1)
    return host, ann, bob


def still_playing(host: HostThread, bob: RawPeer, before: tuple[int, list[str]]) -> None:
    """Nothing changed, and Bob (another player) is still served on his own connection."""
    assert fingerprint(host) == before
    bob.send({"type": "resync"})
    snapshot = bob.expect("snapshot")
    assert snapshot["version"] == before[0] and snapshot["hash"] == before[1][2]


BAD_FRAMES: dict[str, bytes] = {
    "garbage": b"\xde\xad\xbe\xef" * 8,
    "oversize_prefix": struct.pack(">I", CLIENT_LIMITS.max_frame + 1) + b"x" * 64,
    "huge_prefix": b"\xff\xff\xff\xff",
    "not_msgpack": struct.pack(">I", 3) + b"\xc1\xc1\xc1",
    "deep_nesting": (lambda body: struct.pack(">I", len(body)) + body)(b"\x91" * 200 + b"\xc0"),
    "wrong_types": (lambda body: struct.pack(">I", len(body)) + body)(
        msgpack.packb({"type": "intent", "id": "7", "seat": "0", "base": None, "action": 3})),
    "unknown_type": (lambda body: struct.pack(">I", len(body)) + body)(
        msgpack.packb({"type": "self_destruct", "id": 99})),
    "not_a_map": (lambda body: struct.pack(">I", len(body)) + body)(msgpack.packb([1, 2, 3])),
}


@pytest.mark.parametrize("name", sorted(BAD_FRAMES))
def test_bad_frame_after_hello_gets_an_error_and_only_that_connection_drops(
        name: str, table: tuple[HostThread, RawPeer, RawPeer], raw_peers: Callable[[int], RawPeer]) -> None:
    host, ann, bob = table
    before = fingerprint(host)
    mallory = raw_peers(host.port)
    mallory.hello("Mallory")
    mallory.send_bytes(BAD_FRAMES[name])
    error = mallory.expect("error")
    assert error["code"].startswith("protocol.") and error["fatal"] is True
    assert error["version"] == before[0]
    assert mallory.closed()
    still_playing(host, bob, before)


def test_bad_frame_from_a_seated_player_drops_only_that_player(
        table: tuple[HostThread, RawPeer, RawPeer]) -> None:
    host, ann, bob = table
    before = fingerprint(host)
    ann.send_bytes(BAD_FRAMES["wrong_types"])
    assert ann.expect("error")["code"] == "protocol.schema"
    assert ann.closed()
    still_playing(host, bob, before)
    assert host.seat_states()[0]["connected"] is False and host.seat_states()[0]["claimed"] is True


def test_truncated_frame_then_hangup_and_a_silent_hello(
        table: tuple[HostThread, RawPeer, RawPeer], raw_peers: Callable[[int], RawPeer]) -> None:
    host, ann, bob = table
    before = fingerprint(host)
    cut = raw_peers(host.port)
    cut.hello("Cut")
    body = msgpack.packb({"type": "chat", "id": 5, "text": "never finished"})
    cut.send_bytes(struct.pack(">I", len(body)) + body[:4])
    cut.sock.shutdown(socket.SHUT_WR)
    assert cut.closed()
    first = raw_peers(host.port)
    first.send({"type": "ping", "id": 0})  # the first message must be a hello
    assert first.expect("error")["code"] == "protocol.hello_expected"
    assert first.closed()
    still_playing(host, bob, before)


def test_wrong_protocol_or_rules_version_gets_a_clear_error(
        table: tuple[HostThread, RawPeer, RawPeer], raw_peers: Callable[[int], RawPeer]) -> None:
    host, ann, bob = table
    old = raw_peers(host.port)
    old.send({"type": "hello", "protocol": 999, "name": "Old", "rules": {"hidden": "1"}})
    hello = old.expect("hello")
    assert hello["protocol"] == 2 and hello["game"] == "hidden"  # the host still says who it is
    assert old.expect("error")["code"] == "protocol.version_mismatch"
    other = raw_peers(host.port)
    other.send({"type": "hello", "protocol": 2, "name": "Other", "rules": {"hidden": "0.9"}})
    error = other.expect("error")
    assert error["code"] == "protocol.rules_mismatch" and "0.9" in error["message"]
    still_playing(host, bob, fingerprint(host))


def fuzz_frames(count: int, seed: int) -> list[bytes]:
    """Seeded hostile frames: random bytes, mutated valid messages, random well-formed maps."""
    rng = random.Random(seed)
    valid = [msgpack.packb(m) for m in (
        {"type": "intent", "id": 50, "seat": 0, "base": 1, "action": {"type": "draw"}},
        {"type": "claim", "id": 50, "seat": 1}, {"type": "resume", "id": 50, "token": "x" * 32},
        {"type": "chat", "id": 50, "text": "hello"}, {"type": "resync", "id": 50})]
    leaves: list[Any] = [None, True, -1, 2**40, 1.5, "", "draw", "x" * 40, b"\x00", [], {}]
    frames = []
    for index in range(count):
        style = index % 4
        if style == 0:
            body = rng.randbytes(rng.randrange(1, 64))
        elif style == 1:
            body = bytearray(rng.choice(valid))
            for _ in range(rng.randrange(1, 4)):
                body[rng.randrange(len(body))] = rng.randrange(256)
            body = bytes(body)
        elif style == 2:
            message: dict[str, Any] = {"type": rng.choice(["intent", "claim", "chat", "resume", "hello", "zap"])}
            for key in rng.sample(["id", "seat", "base", "action", "text", "token", "name"], rng.randrange(0, 5)):
                message[key] = rng.choice(leaves)
            body = msgpack.packb(message, use_bin_type=True)
        else:
            body = rng.choice(valid)[: rng.randrange(1, 10)]
        length = len(body) if rng.random() < 0.9 else rng.randrange(2**32)
        frames.append(struct.pack(">I", length) + body)
    return frames


def test_a_thousand_fuzzed_frames_never_hurt_the_table(
        table: tuple[HostThread, RawPeer, RawPeer]) -> None:
    host, ann, bob = table
    before = fingerprint(host)
    frames = fuzz_frames(1000, seed=20240601)
    errors = 0
    for batch_start in range(0, len(frames), 50):
        for player in (ann, bob):  # the players' clients keep their links alive, as real ones do: on a
            player.send({"type": "ping"})  # loaded machine the fuzzing outlasts the test host's 3 s of silence
        # fifty connections at a time, each sends one hostile frame after its hello
        peers = []
        for data in frames[batch_start: batch_start + 50]:
            peer = RawPeer(host.port, timeout=5.0)
            peer.send({"type": "hello", "protocol": 2, "name": "fuzz", "rules": {"hidden": "1"}})
            peer.send_bytes(data)
            peer.sock.shutdown(socket.SHUT_WR)
            peers.append(peer)
        for peer in peers:
            try:
                while (message := peer.recv()) is not None:
                    errors += message["type"] == "error"
            except OSError:
                pass
            peer.close()
    assert errors > 500  # most frames were answered with a typed error, not just dropped
    still_playing(host, bob, before)
    assert host.call(lambda: len(host.host.peers)) == 2  # only Ann and Bob remain


def test_a_resync_flood_gets_one_snapshot_at_a_time_and_typed_refusals(
        table: tuple[HostThread, RawPeer, RawPeer]) -> None:
    host, ann, bob = table
    before = fingerprint(host)
    for _ in range(50):
        ann.send({"type": "resync"})
    snapshots, refusals = 0, []
    while snapshots + len(refusals) < 50:
        message = ann.recv()
        assert message is not None
        if message["type"] == "snapshot":
            snapshots += 1
        elif message["type"] == "error":
            refusals.append(message)
    assert 1 <= snapshots <= 2  # the bucket's burst: the rest is refused, not queued
    assert {r["code"] for r in refusals} <= {"net.rate_limited", "net.resync_pending"}
    assert not any(r["fatal"] for r in refusals)
    still_playing(host, bob, before)
