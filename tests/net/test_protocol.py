"""Framing, limits and schemas of net.protocol, without sockets."""

from __future__ import annotations

import asyncio
import struct

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st

from net import protocol
from net.protocol import CLIENT_LIMITS, CLIENT_SCHEMAS, HOST_LIMITS, HOST_SCHEMAS


def frame(message: object) -> bytes:
    body = msgpack.packb(message, use_bin_type=True)
    return struct.pack(">I", len(body)) + body


def read(data: bytes, limits: protocol.Limits = CLIENT_LIMITS, timeout: float | None = 1.0) -> object:
    async def run() -> object:
        reader = asyncio.StreamReader()
        reader.feed_data(data)
        reader.feed_eof()
        return await protocol.read_message(reader, limits, CLIENT_SCHEMAS, timeout)
    return asyncio.run(run())


def test_encode_round_trips_through_read() -> None:
    message = {"type": "intent", "id": 3, "seat": 1, "base": 9, "action": {"type": "play", "card": "x"}}
    assert protocol.encode(message) == frame(message)
    assert read(protocol.encode(message)) == message


def test_oversize_length_is_refused_before_the_body_is_read() -> None:
    header = struct.pack(">I", CLIENT_LIMITS.max_frame + 1)
    with pytest.raises(protocol.FrameTooLarge):
        read(header)  # no body at all: the header alone must be enough to refuse
    with pytest.raises(protocol.MalformedFrame):
        read(struct.pack(">I", 0))


def test_truncated_frame_reads_as_a_closed_connection() -> None:
    data = frame({"type": "ping", "id": 1})
    with pytest.raises(protocol.ConnectionClosed):
        read(data[:-2])


def test_a_frame_that_never_completes_times_out() -> None:
    async def run() -> None:
        reader = asyncio.StreamReader()
        reader.feed_data(frame({"type": "ping", "id": 1})[:5])
        await protocol.read_frame(reader, CLIENT_LIMITS, timeout=0.05)
    with pytest.raises(protocol.ReadTimeout):
        asyncio.run(run())


@pytest.mark.parametrize("body", [
    b"\xc1",  # never-used byte
    b"\x92\x01",  # array missing an item
    b"\x81\x01\x02",  # int map key (strict_map_key)
    b"\xd4\x01\x01",  # extension type
    b"\x80\x80",  # trailing bytes
    b"\xc4\x03abc",  # bin is not accepted from clients at all
])
def test_undecodable_bodies_are_malformed(body: bytes) -> None:
    with pytest.raises(protocol.MalformedFrame):
        protocol.decode_body(body, CLIENT_LIMITS)


def test_limits_apply_to_strings_arrays_and_maps() -> None:
    with pytest.raises(protocol.MalformedFrame, match=f"max_str_len.{CLIENT_LIMITS.max_str_len}"):
        protocol.decode_body(msgpack.packb("x" * (CLIENT_LIMITS.max_str_len + 1)), CLIENT_LIMITS)
    with pytest.raises(protocol.MalformedFrame, match=f"max_array_len.{CLIENT_LIMITS.max_array_len}"):
        protocol.decode_body(msgpack.packb([0] * (CLIENT_LIMITS.max_array_len + 1)), CLIENT_LIMITS)
    big_map = {str(i): i for i in range(CLIENT_LIMITS.max_map_len + 1)}
    with pytest.raises(protocol.MalformedFrame):
        protocol.decode_body(msgpack.packb(big_map), CLIENT_LIMITS)
    assert protocol.decode_body(msgpack.packb(big_map), HOST_LIMITS) == big_map


def test_nesting_depth_is_bounded() -> None:
    deep: object = 1
    for _ in range(CLIENT_LIMITS.max_depth):
        deep = [deep]
    protocol.decode_body(msgpack.packb(deep), CLIENT_LIMITS)
    with pytest.raises(protocol.TooDeep):
        protocol.decode_body(msgpack.packb([deep]), CLIENT_LIMITS)
    with pytest.raises(protocol.TooDeep):
        protocol.decode_body(msgpack.packb({"a": [deep]}), CLIENT_LIMITS)
    # far deeper than msgpack's own stack: still a typed error, never a crash
    with pytest.raises(protocol.ProtocolError):
        protocol.decode_body(b"\x91" * 5000 + b"\xc0", CLIENT_LIMITS)


@pytest.mark.parametrize(("message", "error"), [
    ([1, 2], protocol.SchemaError),
    ({"id": 1}, protocol.SchemaError),
    ({"type": 5, "id": 1}, protocol.SchemaError),
    ({"type": "teleport", "id": 1}, protocol.UnknownMessage),
    ({"type": "claim", "id": 1}, protocol.SchemaError),  # missing seat
    ({"type": "claim", "id": 1, "seat": "0"}, protocol.SchemaError),
    ({"type": "claim", "id": 1, "seat": True}, protocol.SchemaError),
    ({"type": "claim", "id": 1, "seat": -1}, protocol.SchemaError),
    ({"type": "claim", "id": 1, "seat": 0, "extra": 1}, protocol.SchemaError),
    ({"type": "intent", "id": 1, "seat": 0, "base": 0, "action": {"card": 1}}, protocol.SchemaError),
    ({"type": "intent", "id": 1, "seat": 0, "base": 0, "action": [1]}, protocol.SchemaError),
    ({"type": "hello", "id": 0, "protocol": 2, "name": "", "rules": {}}, protocol.SchemaError),
    ({"type": "hello", "id": 0, "protocol": 2, "name": "a", "rules": {"g": 1}}, protocol.SchemaError),
    ({"type": "ping", "id": 1.5}, protocol.SchemaError),
])
def test_schema_refusals_are_typed(message: object, error: type[protocol.ProtocolError]) -> None:
    with pytest.raises(error) as raised:
        protocol.validate(message, CLIENT_SCHEMAS)
    assert raised.value.code.startswith("protocol.")
    reply = raised.value.to_message(4)
    assert reply["code"] == raised.value.code and reply["fatal"] is True and reply["id"] == 4
    protocol.validate({**reply, "version": 0}, HOST_SCHEMAS)  # the error frame itself is valid


def test_every_documented_message_validates() -> None:
    client = [
        {"type": "hello", "id": 0, "protocol": 2, "name": "Ann", "rules": {"linie1": "1"}, "app": "linie"},
        {"type": "claim", "id": 1, "seat": 2}, {"type": "resume", "id": 2, "token": "abc"},
        {"type": "spectate", "id": 3}, {"type": "chat", "id": 4, "text": "hi"},
        {"type": "intent", "id": 5, "seat": 0, "base": 7, "action": {"type": "draw"}},
        {"type": "resync", "id": 6}, {"type": "start", "id": 7}, {"type": "ping", "id": 8},
        {"type": "bye", "id": 9},
    ]
    for message in client:
        assert protocol.validate(message, CLIENT_SCHEMAS) is message
    view = {"type": "v", "match": {"version": 3}}
    host = [
        {"type": "hello", "version": 0, "protocol": 2, "game": "linie1", "rules_version": "1", "title": "Linie 1",
         "table": "T", "phase": "lobby", "seats_total": 4, "seats_taken": 1, "app": "linie"},
        {"type": "welcome", "version": 0, "seat": 1, "token": "t", "name": "Ann"},
        {"type": "welcome", "version": 0, "seat": None, "token": None, "name": "Spectator"},
        {"type": "snapshot", "version": 3, "seat": None, "view": view, "hash": "0" * 64, "phase": "playing"},
        {"type": "update", "version": 3, "seat": 0, "actor": 1, "events": [{"type": "x"}], "view": view},
        {"type": "check", "version": 3, "seat": 0, "hash": "f" * 64},
        {"type": "rejected", "version": 3, "id": 5, "seat": 0, "rejection": {"code": "a.b", "message": "m"}},
        {"type": "rejected", "version": 3, "id": 5, "seat": 0,
         "rejection": {"code": "linja.no_piece", "message": "m", "params": {"row": 3}}},
        {"type": "status", "version": 3, "phase": "playing", "spectators": 2, "seats": [
            {"name": "Ann", "kind": "human", "level": "normal", "claimed": True, "connected": True,
             "away": False, "bot": False}]},
        {"type": "chat", "version": 3, "seat": None, "name": "Eve", "text": "hello"},
        {"type": "ping", "version": 3}, {"type": "bye", "version": 3, "reason": "closing"},
    ]
    for message in host:
        assert protocol.validate(message, HOST_SCHEMAS) is message


def test_hello_version_check() -> None:
    protocol.check_hello({"protocol": protocol.PROTOCOL_VERSION})
    with pytest.raises(protocol.VersionMismatch) as raised:
        protocol.check_hello({"protocol": protocol.PROTOCOL_VERSION + 1})
    assert raised.value.code == "protocol.version_mismatch"


@given(cuts=st.lists(st.integers(0, 400), max_size=8))
def test_the_frame_parser_reassembles_frames_cut_anywhere(cuts: list[int]) -> None:
    messages = [{"type": "ping", "id": n} for n in range(3)] + [{"type": "chat", "id": 3, "text": "ä" * 40}]
    stream = b"".join(frame(message) for message in messages)
    parser = protocol.FrameParser(CLIENT_LIMITS)
    got, start = [], 0
    for cut in sorted({min(cut, len(stream)) for cut in cuts}) + [len(stream)]:
        got += parser.feed(stream[start:cut])
        start = cut
    assert got == messages


def test_the_frame_parser_refuses_an_oversize_length_from_the_header_alone() -> None:
    parser = protocol.FrameParser(CLIENT_LIMITS)
    with pytest.raises(protocol.FrameTooLarge):
        parser.feed(struct.pack(">I", CLIENT_LIMITS.max_frame + 1))  # not one body byte sent
    with pytest.raises(protocol.MalformedFrame):
        protocol.FrameParser(CLIENT_LIMITS).feed(struct.pack(">I", 2) + b"\xc1\xc1")


@pytest.mark.parametrize("rejection", [
    {"code": "a.b"}, {"code": "", "message": "m"}, {"code": "a.b", "message": "m", "params": {"row": [1]}},
    {"code": "a.b", "message": "m", "params": {"name": "x" * 201}}, {"code": "a.b", "message": "m", "extra": "x"},
])
def test_a_refusal_carries_only_plain_parameters(rejection: dict) -> None:
    with pytest.raises(protocol.SchemaError):
        protocol.validate({"type": "rejected", "version": 1, "id": 1, "seat": 0, "rejection": rejection},
                          protocol.HOST_SCHEMAS)
