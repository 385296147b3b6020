"""One peer's TCP connection on the host: bytes in, checked messages out, frames back.

An ``asyncio.Protocol`` rather than a StreamReader task: each complete frame is decoded, checked
and handed to the host in the same loop iteration that read it, with no task to wake and no
timeout context per message (a tenth of a millisecond per intent on loopback, measured by
``python -m tools.bench net``). Silence is the host's heartbeat's business; the hello has its own
timers here (a moment's grace, when the host asks whether it may wait longer, and its whole time).

A connection that sends faster than ``HostConfig.message_rate`` (after a burst), or intents faster
than ``intent_rate``, is read no faster: its reading pauses until its budget allows the next
message, so a flood costs the host no more than an honest client, a player looping moves sends the
others a sane rate of updates, and a fast client (a script, a bot) is slowed, never refused. The
kernel's buffers then push back on the sender.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Any, Protocol, cast

from net.limits import TokenBucket
from net.protocol import CLIENT_LIMITS, CLIENT_SCHEMAS, FrameParser, ProtocolError, ReadTimeout, validate
from net.table import HANG_UP_MOST_BYTES, HostConfig, Peer


class PeerHandler(Protocol):
    """What the host does with a connection's life."""

    def peer_opened(self, peer: Peer) -> None: ...
    def peer_slow_hello(self, peer: Peer) -> None: ...
    def peer_message(self, peer: Peer, message: dict[str, Any]) -> None: ...
    def peer_failed(self, peer: Peer, error: ProtocolError) -> None: ...
    def peer_closed(self, peer: Peer) -> None: ...


class PeerConnection(asyncio.Protocol):
    """Frames from one peer, validated against the client schemas, passed on one by one."""

    def __init__(self, handler: PeerHandler, config: HostConfig) -> None:
        self.handler = handler
        self.hello_timeout = config.hello_timeout
        self.parser = FrameParser(CLIENT_LIMITS)
        self.budget = TokenBucket(config.message_burst, config.message_rate)
        self.intents = TokenBucket(config.intent_burst, config.intent_rate)
        self.peer: Peer | None = None
        self._waiting: deque[Any] = deque()  # read and decoded, not yet handled (over budget)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._hello_timer: asyncio.TimerHandle | None = None
        self._grace_timer: asyncio.TimerHandle | None = None
        self.hello_grace = config.hello_grace
        self._resume: asyncio.TimerHandle | None = None
        self._read_after_hang_up = 0  # bytes read away since the host hung up on the peer

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        address = "{}:{}".format(*(transport.get_extra_info("peername") or ("?", 0))[:2])
        self.peer = Peer(cast(asyncio.Transport, transport), address)  # a stream socket's transport
        self._loop = asyncio.get_running_loop()
        self._hello_timer = self._loop.call_later(self.hello_timeout, self._hello_late)
        self._grace_timer = self._loop.call_later(self.hello_grace, self._hello_slow)
        self.handler.peer_opened(self.peer)

    def data_received(self, data: bytes) -> None:
        peer = self.peer
        if peer is None or peer.closed:
            if peer is not None and peer.hung_up:
                self._read_away(peer, len(data))
            return
        try:
            self._waiting.extend(self.parser.feed(data))
        except ProtocolError as error:
            self.handler.peer_failed(peer, error)
            return
        if self._resume is None:
            self._handle_waiting()

    def _handle_waiting(self) -> None:
        peer, loop = self.peer, self._loop
        assert peer is not None and loop is not None
        while self._waiting and not peer.closed:
            message = self._waiting[0]
            now = loop.time()
            intent = isinstance(message, dict) and message.get("type") == "intent"
            wait = max(self.budget.wait(now), self.intents.wait(now) if intent else 0.0)
            if wait > 0:  # over budget: read nothing more until the next message is due
                peer.transport.pause_reading()
                self._resume = loop.call_later(wait, self._resumed)
                return
            self.budget.take(now)
            if intent:
                self.intents.take(now)
            self._waiting.popleft()
            try:
                self.handler.peer_message(peer, validate(message, CLIENT_SCHEMAS))
            except ProtocolError as error:
                self.handler.peer_failed(peer, error)
                return
            if peer.ready and self._hello_timer is not None:
                for timer in (self._hello_timer, self._grace_timer):
                    if timer is not None:
                        timer.cancel()
                self._hello_timer = self._grace_timer = None

    def _read_away(self, peer: Peer, size: int) -> None:
        """The host hung up on this peer (``Peer.hang_up``): what it still sends (its pings in
        flight) is dropped unparsed, each read still taken from its reading budget (past it, reading
        pauses as for messages), and a peer that sends more than ``HANG_UP_MOST_BYTES`` meanwhile is
        no client finishing its last read: it is cut at once. So a hostile peer makes the host read
        no more, nor for longer, than any connection may."""
        self._waiting.clear()
        self._read_after_hang_up += size
        if self._read_after_hang_up > HANG_UP_MOST_BYTES:
            peer.transport.abort()
            return
        assert self._loop is not None
        now = self._loop.time()
        if not self.budget.take(now) and self._resume is None:
            peer.transport.pause_reading()
            self._resume = self._loop.call_later(self.budget.wait(now), self._resumed)

    def _resumed(self) -> None:
        self._resume = None
        peer = self.peer
        if peer is None or (peer.closed and not peer.hung_up):
            return
        if peer.hung_up:
            self._waiting.clear()  # read before the hang-up and never handled: dropped with the rest
        else:
            self._handle_waiting()  # which may hang up on the peer (a fatal refusal): then read on too
        if self._resume is None and not peer.transport.is_closing():
            peer.transport.resume_reading()  # a hung-up peer's end is read at once, not at the grace's

    def eof_received(self) -> bool:
        return False  # the peer is done: close our side too

    def connection_lost(self, exc: Exception | None) -> None:
        for timer in (self._hello_timer, self._grace_timer, self._resume):
            if timer is not None:
                timer.cancel()
        self._waiting.clear()
        if self.peer is not None:
            self.handler.peer_closed(self.peer)

    def _hello_slow(self) -> None:
        self._grace_timer = None
        if self.peer is not None and not self.peer.ready and not self.peer.closed:
            self.handler.peer_slow_hello(self.peer)

    def _hello_late(self) -> None:
        self._hello_timer = None
        if self.peer is not None and not self.peer.ready and not self.peer.closed:
            self.handler.peer_failed(self.peer, ReadTimeout(
                f"nothing complete arrived within {self.hello_timeout:g} s"))
