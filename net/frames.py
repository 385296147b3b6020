"""The frames a host sends, each stamped with the match's version.

One place that builds them, so every frame carries the version its content belongs to, and a
snapshot (a whole view with its hash) is built once per seat and version however often it is
asked for.
"""

from __future__ import annotations

from typing import Any

from game.match import Match, view_hash
from net.protocol import encode


class HostFrames:
    """Frame builders for one table."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self._snapshots: dict[tuple[int | None, str], tuple[int, bytes]] = {}  # (seat, phase) -> (version, frame)

    def stamp(self, message: dict[str, Any]) -> dict[str, Any]:
        message["version"] = self.match.version
        return message

    def encode(self, message: dict[str, Any]) -> bytes:
        return encode(self.stamp(message))

    def error(self, code: str, message: str, msg_id: int | None, fatal: bool = False) -> bytes:
        return self.encode({"type": "error", "code": code, "message": message, "id": msg_id, "fatal": fatal})

    def seats_changed(self) -> None:
        """Seat names or kinds changed without a new version (the lobby, the start): views differ."""
        self._snapshots.clear()

    def snapshot(self, seat: int | None, phase: str) -> bytes:
        """``seat``'s whole view now, with its hash; made once per version (a resync costs a write)."""
        key, version = (seat, phase), self.match.version
        cached = self._snapshots.get(key)
        if cached is not None and cached[0] == version:
            return cached[1]
        view = self.match.view(seat)
        frame = self.encode({"type": "snapshot", "seat": seat, "view": view, "hash": view_hash(view),
                             "phase": phase})
        if len(self._snapshots) > 64:  # seats x phases: only a few; stale versions go
            self._snapshots.clear()
        self._snapshots[key] = (version, frame)
        return frame
