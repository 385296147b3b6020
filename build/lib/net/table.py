"""Who is at a LAN table: the host's settings, its seats, its connections, their tokens.

Plain data and small helpers the host (``net.host``) works with; nothing here does any I/O
beyond queueing bytes on a connection.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
import time
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("linie.host")

MAX_PENDING_BYTES = 4 * 1024 * 1024  # a peer that lets this much pile up unread is dropped
MAX_BAD_TOKENS = 3  # wrong tokens one connection may try before it is cut off


@dataclass
class HostConfig:
    """How a table is run. Times are in seconds."""

    name: str = "Linie table"
    heartbeat: float = 2.0  # a ping to every peer this often
    away_after: float = 6.0  # a peer silent this long is marked away (its seat is kept)
    drop_after: float = 20.0  # a peer silent this long is disconnected (its seat is kept)
    hello_timeout: float = 5.0
    bot_takeover_after: float | None = None  # an absent player's seat goes to a bot after this long
    bot_level: str = "normal"
    bot_delay: float = 0.0  # a pause before each bot move so people can follow
    chat_max_len: int = 280
    chat_burst: int = 5  # chat rate limit: a bucket of this many messages ...
    chat_refill: float = 0.5  # ... refilled at this many per second
    clients_may_start: bool = True  # a seated player may start the game from the lobby
    autostart: bool = False  # start as soon as no seat is open
    save_path: Path | None = None
    fsync: bool = False  # os.replace alone survives a killed host; fsync also a power cut


class RefusedError(Exception):
    """A typed, non-fatal refusal (code ``net.*``): the peer is told, nothing changes."""

    def __init__(self, code: str, message: str, fatal: bool = False) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.fatal = fatal


class PeerLeaving(Exception):
    """The peer said bye."""


@dataclass
class SeatSlot:
    """The host's side of a seat: its owner's token, its live connection, and who plays it."""

    token: str | None = None
    peer: Peer | None = None
    bot_level: str | None = None  # set while a bot plays this seat
    handed: str | None = None  # "auto" or "manual" when a bot stands in for a human
    absent_since: float | None = None

    @property
    def bot_plays(self) -> bool:
        return self.bot_level is not None


@dataclass(eq=False)
class Peer:
    """One TCP connection."""

    transport: asyncio.Transport
    address: str
    name: str = "?"
    ready: bool = False  # hello exchanged
    role: str | None = None  # "seat" or "spectator"
    seat: int | None = None
    last_id: int = -1
    last_heard: float = field(default_factory=time.monotonic)
    away: bool = False
    bad_tokens: int = 0
    chat_tokens: float = 0.0
    chat_at: float = field(default_factory=time.monotonic)
    closed: bool = False  # we are done with it (the socket may still be flushing)

    def send(self, frame: bytes) -> None:
        """Queue a frame; a peer that stops reading is cut off rather than filling our memory."""
        if self.closed:
            return
        transport = self.transport
        if transport.is_closing():
            self.closed = True
            return
        transport.write(frame)
        if transport.get_write_buffer_size() > MAX_PENDING_BYTES:
            log.warning("dropping %s: it does not read its frames", self.address)
            self.abort()

    def close(self) -> None:
        """Close once what was sent is flushed."""
        self.closed = True
        self.transport.close()

    def abort(self) -> None:
        self.closed = True
        self.transport.abort()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def clean_chat(text: str) -> str:
    """Chat text without control characters (a line break would forge a second line)."""
    return "".join(ch for ch in text if unicodedata.category(ch)[0] != "C").strip()
