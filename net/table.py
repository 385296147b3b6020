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

from net.limits import TokenBucket
from net.show_replays import SHOW_REPLAYS_KEPT

log = logging.getLogger("linie.host")

MAX_PENDING_BYTES = 4 * 1024 * 1024  # a peer that lets this much pile up unread is dropped
MAX_TOTAL_PENDING_BYTES = 64 * 1024 * 1024  # over all peers: past it the one furthest behind is dropped
MAX_BAD_TOKENS = 3  # wrong tokens one connection may try before it is cut off
HANG_UP_GRACE = 2.0  # seconds a closed connection waits for the peer to hang up before it is cut
HANG_UP_MOST_BYTES = 64 * 1024  # read away from a peer hung up on (its pings): past this it is cut at once


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
    intent_burst: int = 40  # intents read from one connection at once ...
    intent_rate: float = 20.0  # ... and a second after that: no player floods the others with updates
    resync_burst: int = 2  # fresh snapshots one connection may ask for at once ...
    resync_rate: float = 0.5  # ... and a second after that (and only one in flight)
    move_burst: int = 5  # seat changes in the lobby (claim, or a seat given up to watch) at once ...
    move_rate: float = 1.0  # ... and a second after that: each one is a save and a status for everyone
    message_burst: int = 200  # messages of any kind read from one connection at once ...
    message_rate: float = 100.0  # ... and a second after that; beyond, its reading pauses
    arrival_burst: int = 2048  # new connections from one address at once (a crowd of spectators) ...
    arrival_rate: float = 50.0  # ... and a second after that; beyond, each is closed before its hello
    hello_pending_max: int = 256  # connections from one address that may owe their hello past ``hello_grace`` ...
    hello_grace: float = 1.0  # ... seconds: beyond that many, a connection still silent then is closed
    clients_may_start: bool = True  # a seated player may start the game from the lobby
    autostart: bool = False  # start as soon as no seat is open
    bots_again_after: float = 20.0  # a table of bots only deals its next game this long after the end
    owner_seat: int | None = None  # the seat of the player hosting from the game: theirs before anyone connects
    save_path: Path | None = None
    replays: Path | None = None  # keep the finished game's replay in this folder (linie-host does)
    show_replays_kept: int = SHOW_REPLAYS_KEPT  # a table of bots only keeps its newest games' replays only
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


class PeerCut(PeerLeaving):
    """The peer was refused for good (a fatal refusal, told to it): the host hangs up on it."""


@dataclass
class SeatSlot:
    """The host's side of a seat: its owner's token, its live connection, and who plays it."""

    token: str | None = None
    peer: Peer | None = None
    bot_level: str | None = None  # set while a bot plays this seat
    handed: str | None = None  # "auto" or "manual" when a bot stands in for a human
    absent_since: float | None = None
    filled: bool = False  # an open seat a bot took at the start: open again for a rematch
    left: bool = False  # its player said bye after the game: the seat opens for the next one
    went: bool = False  # its player said bye during the game (Leave game): kept, but nobody's link broke
    missed_end: bool = False  # its player's link was down as the table dealt again: told once back

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
    limits: PeerLimits | None = None  # set when the hello is done
    budget: QueueBudget | None = None  # the bytes queued for every peer together
    resync_queued: bool = False  # a snapshot asked for is queued and not yet flushed
    closed: bool = False  # we are done with it (the socket may still be flushing)
    hung_up: bool = False  # closed by ``hang_up``: what it still sends is read and dropped (net.connection)
    owes_hello: str = ""  # the address it is counted under while its hello has not come (net.host)

    def send(self, frame: bytes) -> None:
        """Queue a frame; a peer that stops reading is cut off rather than filling our memory."""
        self.write(frame)
        self.mind_queue()

    def write(self, frame: bytes) -> None:
        """Queue a frame, nothing more: a fan-out writes to every peer first and then minds their
        queues (``mind_queue``), so the last peer is not kept waiting by the bookkeeping of the
        others."""
        if self.closed:
            return
        transport = self.transport
        if transport.is_closing():
            self.closed = True
            return
        transport.write(frame)

    def mind_queue(self) -> None:
        """Cut the peer off if it has stopped reading; count its queue in the host's budget."""
        if self.closed:
            return
        queued = self.transport.get_write_buffer_size()
        if queued > MAX_PENDING_BYTES:
            log.warning("dropping %s: it does not read its frames", self.address)
            self.abort()
        elif self.budget is not None:
            self.budget.note(self, queued)

    def queued(self) -> int:
        """Bytes written to this peer and not yet taken by the kernel."""
        return 0 if self.closed else self.transport.get_write_buffer_size()

    def close(self) -> None:
        """Close once what was sent is flushed."""
        self.closed = True
        self.transport.close()
        if self.budget is not None:
            self.budget.forget(self)

    def hang_up(self) -> None:
        """Close once what was sent is flushed and the peer has read it (the host's goodbye, a
        seat resumed from another connection, a fatal refusal). Only our side of the stream is shut
        (after the frames queued); what the peer still sends (its pings) is read and dropped unparsed
        (``net.connection``: still at its reading rate, and at most ``HANG_UP_MOST_BYTES``) until it
        hangs up too, or ``HANG_UP_GRACE`` has passed. A socket closed with unread data in it answers
        with a reset instead, and the peer's next ping then fails: its asyncio drops the connection
        with our last frame unread, and the player reads "the host closed the connection" instead of
        "the host closed the table" (or why their seat is gone)."""
        if self.hung_up:
            return
        transport = self.transport
        if not transport.can_write_eof() or transport.is_closing():
            self.close()
            return
        self.closed = self.hung_up = True
        try:
            transport.write_eof()
        except OSError:  # the peer is gone already (a reset not yet read): nothing to hang up on
            self.abort()
            return
        asyncio.get_running_loop().call_later(HANG_UP_GRACE, transport.abort)
        if self.budget is not None:
            self.budget.forget(self)

    def abort(self) -> None:
        self.closed = True
        self.transport.abort()
        if self.budget is not None:
            self.budget.forget(self)


@dataclass
class PeerLimits:
    """One connection's rate limits (``net.limits.TokenBucket``)."""

    chat: TokenBucket
    resyncs: TokenBucket
    moves: TokenBucket

    @classmethod
    def of(cls, config: HostConfig) -> PeerLimits:
        return cls(TokenBucket(config.chat_burst, config.chat_refill),
                   TokenBucket(config.resync_burst, config.resync_rate),
                   TokenBucket(config.move_burst, config.move_rate))


class QueueBudget:
    """The bytes queued for all peers together, so a crowd of slow readers cannot fill the host's
    memory one 4 MiB allowance at a time. Each peer's figure is the one seen at its last send (a
    peer's queue only shrinks in between); past the cap they are counted afresh, and while still
    past it the peer furthest behind is dropped."""

    def __init__(self, cap: int = MAX_TOTAL_PENDING_BYTES) -> None:
        self.cap = cap
        self.total = 0
        self._queued: dict[Peer, int] = {}

    def note(self, peer: Peer, queued: int) -> None:
        self.total += queued - self._queued.get(peer, 0)
        self._queued[peer] = queued
        if self.total > self.cap:
            self._recount()
            while self.total > self.cap and self._queued:
                slowest = max(self._queued, key=self._queued.__getitem__)
                log.warning("dropping %s: %d bytes queued for all peers", slowest.address, self.total)
                slowest.abort()  # forgets it

    def forget(self, peer: Peer) -> None:
        self.total -= self._queued.pop(peer, 0)

    def _recount(self) -> None:
        for peer in list(self._queued):
            if peer.closed:
                self.forget(peer)
            else:
                self._queued[peer] = peer.queued()
        self.total = sum(self._queued.values())


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


SEAT_TAG_CHARS = 16  # hex digits: 64 bits, so two tokens never share a tag by chance


def seat_tag(token: str) -> str:
    """A seat's public mark, told in every status: a program that holds the token finds its seat by
    it whatever address the table answers at, and learns nothing from it that would let it in
    (a digest of its own, not ``token_digest``, which names given-up tokens in the save)."""
    return hashlib.sha256(b"linie seat tag\0" + token.encode()).hexdigest()[:SEAT_TAG_CHARS]


def clean_chat(text: str) -> str:
    """Chat text without control characters (a line break would forge a second line)."""
    return "".join(ch for ch in text if unicodedata.category(ch)[0] != "C").strip()
