"""The wire: length-prefixed msgpack frames, their limits, message schemas and typed errors.

A frame is a 4-byte big-endian body length followed by one msgpack map. The length is checked
against a fixed cap BEFORE a single body byte is read, the body is unpacked with explicit small
limits, its nesting depth is bounded, and every message is validated against the schema of its
``type`` before anyone looks at it. Anything wrong raises a ``ProtocolError`` whose ``code`` is
stable (tests and the other side's UI rely on it). docs/protocol.md describes every message.
"""

from __future__ import annotations

import asyncio
import struct
from dataclasses import dataclass
from typing import Any

import msgpack

from game.core.shapes import Check, Shape, boolean, integer, list_of, mapping, nullable, one_of, text

PROTOCOL_VERSION = 2
APP = "linie"
HEADER = struct.Struct(">I")
PHASES = ("lobby", "playing", "over")


# -- errors ---------------------------------------------------------------------------------------
class ProtocolError(Exception):
    """A peer broke the protocol. ``code`` is stable; ``fatal`` errors close the connection."""

    code = "protocol.error"
    fatal = True

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def to_message(self, msg_id: int | None = None) -> dict[str, Any]:
        """The ``error`` frame that tells the peer what it did wrong."""
        return {"type": "error", "code": self.code, "message": self.message, "id": msg_id,
                "fatal": self.fatal}


class FrameTooLarge(ProtocolError):
    code = "protocol.frame_too_large"


class MalformedFrame(ProtocolError):
    code = "protocol.malformed"


class TooDeep(ProtocolError):
    code = "protocol.too_deep"


class SchemaError(ProtocolError):
    code = "protocol.schema"


class UnknownMessage(ProtocolError):
    code = "protocol.unknown_type"


class HelloExpected(ProtocolError):
    code = "protocol.hello_expected"


class VersionMismatch(ProtocolError):
    code = "protocol.version_mismatch"


class RulesMismatch(ProtocolError):
    code = "protocol.rules_mismatch"


class ReadTimeout(ProtocolError):
    code = "protocol.timeout"


class ConnectionClosed(ProtocolError):
    """The peer went away (EOF or reset); there is nobody left to tell."""

    code = "protocol.closed"


# -- limits ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Limits:
    """What one side accepts. Clients send small intents; the host sends whole views."""

    max_frame: int
    max_str_len: int
    max_bin_len: int
    max_array_len: int
    max_map_len: int
    max_depth: int


# What the host accepts from a client: an intent is a few hundred bytes. A string may take 16 KiB
# (4096 characters of any script): a chat longer than the table allows is then a typed refusal
# (net.chat_too_long), never a broken frame.
CLIENT_LIMITS = Limits(max_frame=64 * 1024, max_str_len=16 * 1024, max_bin_len=0, max_array_len=1024,
                       max_map_len=256, max_depth=16)
# What a client accepts from the host: a full view of a large board.
HOST_LIMITS = Limits(max_frame=1024 * 1024, max_str_len=64 * 1024, max_bin_len=0,
                     max_array_len=65536, max_map_len=4096, max_depth=32)


def _no_ext(code: int, data: bytes) -> Any:
    raise MalformedFrame(f"msgpack extension type {code} is not allowed")


def encode(message: dict[str, Any]) -> bytes:
    """One frame: the length prefix and the msgpack body."""
    body = msgpack.packb(message, use_bin_type=True)
    return HEADER.pack(len(body)) + body


def body_length(header: bytes, limits: Limits) -> int:
    """The body length announced by a 4-byte header, refused when over the cap."""
    (length,) = HEADER.unpack(header)
    if length > limits.max_frame:
        raise FrameTooLarge(f"a frame of {length} bytes is over the {limits.max_frame}-byte cap")
    if length == 0:
        raise MalformedFrame("an empty frame")
    return length


def decode_body(body: bytes, limits: Limits) -> Any:
    """Unpack one msgpack object with explicit limits; no extension types, no trailing bytes."""
    try:
        value = msgpack.unpackb(
            body, raw=False, strict_map_key=True, use_list=True, ext_hook=_no_ext,
            max_str_len=limits.max_str_len, max_bin_len=limits.max_bin_len,
            max_array_len=limits.max_array_len, max_map_len=limits.max_map_len, max_ext_len=0)
    except ProtocolError:
        raise
    except msgpack.ExtraData:
        raise MalformedFrame("trailing bytes after the message") from None
    except Exception as error:  # msgpack raises ValueError subclasses and others on bad bytes
        # msgpack's words name the limit a frame broke ("16385 exceeds max_str_len(16384)"): for
        # whoever writes a client in another language, that is the whole diagnosis
        said = str(error)[:120]
        raise MalformedFrame(f"undecodable msgpack: {type(error).__name__}{': ' + said if said else ''}") from None
    check_depth(value, limits.max_depth)
    return value


def check_depth(value: Any, max_depth: int) -> None:
    """Refuse containers nested deeper than ``max_depth``.

    Only exact dicts and lists are followed: that is all msgpack decodes to, and ``type() is`` is
    much faster than ``isinstance`` on a large view. The recursion is bounded by ``max_depth``.
    """
    kind = type(value)
    if (kind is dict or kind is list) and (max_depth == 0 or not _fits(value, max_depth - 1)):
        raise TooDeep(f"nested deeper than {max_depth} levels")


def _fits(container: Any, budget: int) -> bool:
    """Whether every container inside ``container`` is nested at most ``budget`` levels deeper."""
    for child in (container.values() if type(container) is dict else container):
        kind = type(child)
        if (kind is dict or kind is list) and (budget == 0 or not _fits(child, budget - 1)):
            return False
    return True


class FrameParser:
    """Cuts frames out of a byte stream as it arrives, for a protocol's ``data_received``: the same
    checks as ``read_frame`` (the cap before any body byte is kept, then ``decode_body``)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._buffer = bytearray()
        self._length: int | None = None  # the body length of the frame being read

    def feed(self, data: bytes) -> list[Any]:
        """The messages (decoded, not yet validated) completed by ``data``; ProtocolError on the
        first bad frame, after which the stream cannot be trusted."""
        if self._length is None and not self._buffer and len(data) > HEADER.size:
            # the usual read, one whole frame and nothing more: no buffering
            length = body_length(data[:HEADER.size], self.limits)
            if len(data) == HEADER.size + length:
                return [decode_body(data[HEADER.size:], self.limits)]
        self._buffer += data
        messages = []
        while True:
            if self._length is None:
                if len(self._buffer) < HEADER.size:
                    return messages
                self._length = body_length(bytes(self._buffer[:HEADER.size]), self.limits)
                del self._buffer[:HEADER.size]
            if len(self._buffer) < self._length:
                return messages
            body = bytes(self._buffer[:self._length])
            del self._buffer[:self._length]
            self._length = None
            messages.append(decode_body(body, self.limits))


async def read_frame(reader: asyncio.StreamReader, limits: Limits, timeout: float | None = None) -> Any:
    """Read one frame's decoded (not yet validated) message; the timeout covers the whole frame."""
    try:
        async with asyncio.timeout(timeout):
            header = await reader.readexactly(HEADER.size)
            length = body_length(header, limits)
            body = await reader.readexactly(length)
    except TimeoutError:
        raise ReadTimeout(f"nothing complete arrived within {timeout:g} s") from None
    except asyncio.IncompleteReadError:
        raise ConnectionClosed("the peer closed the connection") from None
    except (ConnectionError, OSError) as error:
        raise ConnectionClosed(f"connection lost: {error}") from None
    return decode_body(body, limits)


# -- schemas --------------------------------------------------------------------------------------
# The field checks (integer, text, list_of, ...) are those of the games' action shapes.


def typed_map(value: Any) -> str | None:
    """An action, event or view: a map whose ``type`` (when present for actions) is a string."""
    if not isinstance(value, dict):
        return "must be a map"
    return None if isinstance(value.get("type"), str) else "needs a string 'type'"


def delta_op(value: Any) -> str | None:
    """One view-delta operation: ["set", path, value], ["del", path] or ["splice", path, start, count, items]."""
    if not isinstance(value, list) or not value or value[0] not in ("set", "del", "splice"):
        return "must be a delta operation"
    if len(value) < 2 or not isinstance(value[1], list) or len(value[1]) > 32:
        return "needs a path"
    return None


def str_map(inner: Check, max_len: int) -> Check:
    def check(value: Any) -> str | None:
        if not isinstance(value, dict):
            return "must be a map"
        if len(value) > max_len:
            return f"must hold at most {max_len} entries"
        for key, item in value.items():
            reason = inner(item)
            if reason is not None:
                return f"entry {key!r} {reason}"
        return None
    return check


class Schema(Shape):
    """The fields of one message type: required ones, optional ones, and nothing else."""

    def validate(self, kind: str, message: dict[str, Any]) -> None:
        reason = self.problem(message)
        if reason is not None:
            raise SchemaError(f"'{kind}' {reason}")


def schema(optional: dict[str, Check] | None = None, **required: Check) -> Schema:
    return Schema(required, optional or {})


SEAT = integer(0, 63)
MSG_ID = integer(0, 2**53)
VERSION = integer(0, 2**53)
MAX_NAME_CHARS = 32  # a player's name
NAME = text(MAX_NAME_CHARS, 1)
TOKEN = text(64, 1)
HASH = text(64, 64)
# A refusal: its code, its English message, and the parameters the client words it with (plain values).
REJECTION_FIELDS = schema({"params": str_map(lambda value: None if value is None or isinstance(value, bool | int)
                                             or (isinstance(value, str) and len(value) <= 200)
                                             else "must be a number or a short text", 8)},
                          code=text(128, 1), message=text(4096))


def REJECTION(value: Any) -> str | None:  # noqa: N802 (a check, named as the other field checks are)
    return REJECTION_FIELDS.problem(value) if isinstance(value, dict) else "must be a map"
SEAT_STATE = str_map(lambda value: None if value is None or isinstance(value, bool | int)
                     or (isinstance(value, str) and len(value) <= 2 * MAX_NAME_CHARS)  # a name, a kind, a level
                     else "must be a plain value (a text of at most 64 characters)", 16)

# Client -> host. Every message has an "id" that increases on each connection.
CLIENT_SCHEMAS: dict[str, Schema] = {
    "hello": schema({"app": text(32)}, id=MSG_ID, protocol=integer(0, 2**31), name=NAME,
                    rules=str_map(text(32), 32)),
    "claim": schema(id=MSG_ID, seat=SEAT),
    "resume": schema(id=MSG_ID, token=TOKEN),
    "spectate": schema(id=MSG_ID),
    "intent": schema(id=MSG_ID, seat=SEAT, base=VERSION, action=typed_map),
    "chat": schema(id=MSG_ID, text=text(16 * 1024)),
    "resync": schema(id=MSG_ID),
    "start": schema(id=MSG_ID),
    "rematch": schema(id=MSG_ID),
    "ping": schema(id=MSG_ID),
    "bye": schema(id=MSG_ID),
}

# Host -> client. Every message carries the Match "version".
HOST_SCHEMAS: dict[str, Schema] = {
    "hello": schema({"app": text(32), "guests_start": boolean}, version=VERSION, protocol=integer(0, 2**31),
                    game=text(32, 1), rules_version=text(32), title=text(64), table=text(64), phase=one_of(*PHASES),
                    seats_total=integer(0, 64), seats_taken=integer(0, 64)),
    "welcome": schema(version=VERSION, seat=nullable(SEAT), token=nullable(TOKEN), name=text(32)),
    "snapshot": schema(version=VERSION, seat=nullable(SEAT), view=mapping, hash=HASH,
                       phase=one_of(*PHASES)),
    # An update carries the whole "view", or a "delta" on the view of the version before (net/delta.py).
    "update": schema({"view": mapping, "delta": list_of(delta_op, 4096)}, version=VERSION, seat=nullable(SEAT),
                     actor=SEAT, events=list_of(typed_map, 4096)),
    "check": schema(version=VERSION, seat=nullable(SEAT), hash=HASH),
    "rejected": schema(version=VERSION, id=MSG_ID, seat=SEAT, rejection=REJECTION),
    "error": schema(version=VERSION, code=text(64, 1), message=text(4096), id=nullable(MSG_ID),
                    fatal=boolean),
    "status": schema(version=VERSION, phase=one_of(*PHASES), seats=list_of(SEAT_STATE, 64),
                     spectators=integer(0, 2**31)),
    "chat": schema(version=VERSION, seat=nullable(SEAT), name=text(32), text=text(4096)),
    "ping": schema(version=VERSION),
    "bye": schema(version=VERSION, reason=text(256)),
}


def validate(message: Any, schemas: dict[str, Schema]) -> dict[str, Any]:
    """The message itself when it matches the schema of its type; SchemaError/UnknownMessage if not."""
    if not isinstance(message, dict):
        raise SchemaError("a message must be a map")
    kind = message.get("type")
    if not isinstance(kind, str):
        raise SchemaError("a message needs a string 'type'")
    found = schemas.get(kind)
    if found is None:
        raise UnknownMessage(f"unknown message type {kind[:32]!r}")
    found.validate(kind, message)
    return message


async def read_message(reader: asyncio.StreamReader, limits: Limits, schemas: dict[str, Schema],
                       timeout: float | None = None) -> dict[str, Any]:
    """Read, decode and validate one message."""
    return validate(await read_frame(reader, limits, timeout), schemas)


def check_hello(hello: dict[str, Any]) -> None:
    """Both sides: refuse a peer that speaks another protocol version."""
    if hello.get("protocol") != PROTOCOL_VERSION:
        raise VersionMismatch(f"the peer speaks protocol {hello.get('protocol')}, this program "
                              f"speaks {PROTOCOL_VERSION}")
