"""The table's public state (phase, seats, the size of the crowd), told to every connection.

A change is told at once when nothing was told for a moment, else once at the end of that moment
with everything that changed meanwhile. A crowd of a thousand spectators arriving together so
costs one status frame per connection per moment instead of one per connection per arrival (half
a million frames), and the frame is built once for everybody.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable

from net.frames import HostFrames
from net.seating import Seating
from net.table import Peer

STATUS_INTERVAL = 0.1  # seconds: at most one status broadcast per interval (the first goes at once)


class StatusBoard:
    """Builds the status frame and broadcasts it, coalesced."""

    def __init__(self, frames: HostFrames, seating: Seating, peers: Iterable[Peer], phase: Callable[[], str],
                 on_told: Callable[[], None], interval: float = STATUS_INTERVAL) -> None:
        self.frames = frames
        self.seating = seating
        self.peers = peers
        self.phase = phase
        self.on_told = on_told  # after each broadcast (discovery's advertisement follows the table)
        self.interval = interval
        self.spectators = 0  # kept by the host as spectators come and go: counting is never a walk
        self.loop: asyncio.AbstractEventLoop | None = None  # none: every change is told at once
        self._frame: tuple[int, bytes] | None = None  # (the match version it is stamped with, the frame)
        self._told_at = float("-inf")
        self._pending: asyncio.TimerHandle | None = None

    def frame(self) -> bytes:
        """The status now (built once per change, sent to each newcomer as it is)."""
        version = self.frames.match.version
        if self._frame is None or self._frame[0] != version:
            self._frame = (version, self.frames.encode({"type": "status", "phase": self.phase(),
                                                        "seats": self.seating.states(),
                                                        "spectators": self.spectators}))
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

