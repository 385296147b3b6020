"""The table's public state (phase, seats, the size of the crowd), told to every connection.

A change is told at once when nothing was told for a moment, else once at the end of that moment
with everything that changed meanwhile. A crowd of a thousand spectators arriving together so
costs one status frame per connection per moment instead of one per connection per arrival (half
a million frames), and the frame is built once for everybody.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterable

from net.frames import HostFrames
from net.seating import Seating
from net.table import Peer

STATUS_INTERVAL = 0.1  # seconds: at most one status broadcast per interval (the first goes at once)
COUNTDOWN_FRESH = 1.0  # seconds: a frame counting down to a bot is built again for a newcomer after this long


class StatusBoard:
    """Builds the status frame and broadcasts it, coalesced."""

    def __init__(self, frames: HostFrames, seating: Seating, peers: Iterable[Peer], phase: Callable[[], str],
                 on_told: Callable[[], None], interval: float = STATUS_INTERVAL,
                 bot_in: Callable[[int], int | None] | None = None) -> None:
        self.frames = frames
        self.seating = seating
        self.bot_in = bot_in  # seconds until a bot takes an absent player's seat, as told in each seat
        self.peers = peers
        self.phase = phase
        self.on_told = on_told  # after each broadcast (discovery's advertisement follows the table)
        self.interval = interval
        self.spectators = 0  # kept by the host as spectators come and go: counting is never a walk
        self.loop: asyncio.AbstractEventLoop | None = None  # none: every change is told at once
        # the match version it is stamped with, the frame, and when it stops being true (a countdown in it)
        self._frame: tuple[int, bytes, float] | None = None
        self._told_at = float("-inf")
        self._pending: asyncio.TimerHandle | None = None

    def frame(self) -> bytes:
        """The status now (built once per change, sent to each newcomer as it is; one that counts a
        seat down to a bot is built again once its seconds are stale)."""
        version, now = self.frames.match.version, time.monotonic()
        if self._frame is None or self._frame[0] != version or now > self._frame[2]:
            seats = self.seating.states(self.bot_in)
            counting = any(seat["bot_in"] is not None for seat in seats)
            self._frame = (version, self.frames.encode({"type": "status", "phase": self.phase(), "seats": seats,
                                                        "spectators": self.spectators}),
                           now + COUNTDOWN_FRESH if counting else float("inf"))
        return self._frame[1]

    def changed(self) -> None:
        """Something public changed: tell everyone now, or at the end of the current interval."""
        self._frame = None
        if self._pending is not None:
            return
        if self.loop is None:
            self._tell()
            return
        wait = self._told_at + self.interval - self.loop.time()
        if wait <= 0:
            self._tell()
        else:
            self._pending = self.loop.call_later(wait, self._tell)

    def flush(self) -> None:
        """Tell a waiting change now (the table closes, a test wants it said)."""
        if self._pending is not None:
            self._pending.cancel()
            self._tell()

    def _tell(self) -> None:
        self._pending = None
        if self.loop is not None:
            self._told_at = self.loop.time()
        frame = self.frame()
        for peer in list(self.peers):
            if peer.ready:
                peer.send(frame)
        self.on_told()

    def close(self) -> None:
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None

