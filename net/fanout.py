"""One change's update frames for every watching seat, each part's work done once.

After a change every watching seat gets its own events and view, as a delta on the view that
seat was sent before, and a moment later the view's hash. Most of a view is the same for every
seat: ``net.view_parts.ViewParts`` makes equal parts one object and packs, diffs and hashes each
once; the frames are joined here from those bytes. They are byte for byte the frames
``net.protocol.encode`` makes of the whole messages (tested).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import msgpack

from game.match import Change, Match
from net.frames import HostFrames
from net.protocol import HEADER
from net.table import Peer
from net.view_parts import ViewParts

View = dict[str, Any]


def _packed(*items: Any) -> bytes:
    return b"".join(msgpack.packb(item, use_bin_type=True) for item in items)


# an update is {"type": "update", "seat", "actor", "events", "delta" or "view", "version"}
_UPDATE = b"\x86" + _packed("type", "update", "seat")
_ACTOR, _EVENTS, _DELTA, _VIEW, _VERSION = (_packed(key) for key in ("actor", "events", "delta", "view", "version"))


@dataclass
class SentChange:
    """One change as it went out: what its checks, a moment later, are made from."""

    version: int
    views: dict[int | None, View]
    watching: list[Peer]


class ChangeFanout:
    """Each watching peer gets its own seat's events and view of a change, as a delta on the view
    that seat was sent before whenever it holds that one. The seats go first, then the spectators'
    shared frame in the order they came (a crowd that joins later does not hold up those already
    watching)."""

    def __init__(self, match: Match, frames: HostFrames) -> None:
        self.match = match
        self.frames = frames
        self.parts = ViewParts()
        # The view each seat was last sent, with its version: the base of the next update's delta.
        self._sent_views: dict[int | None, tuple[int, View]] = {}

    def send(self, change: Change, peers: Iterable[Peer]) -> SentChange:
        watching = sorted((peer for peer in peers if peer.role is not None),
                          key=lambda peer: (peer.seat is None, peer.seat or 0))
        parts = self.parts
        parts.next_change()
        built = self.match.views(dict.fromkeys(peer.seat for peer in watching))  # shared parts built once
        pack, version, actor = parts.pack, self.match.version, parts.pack(change.seat)  # as HostFrames stamps
        views: dict[int | None, View] = {}
        frames: dict[int | None, bytes] = {}
        for peer in watching:
            seat = peer.seat
            frame = frames.get(seat)
            if frame is None:
                sent = self._sent_views.get(seat)
                base = sent[1] if sent is not None and sent[0] == change.version - 1 else None
                view = views[seat] = parts.add(built[seat])
                events = parts.events_bytes(self.match.events_for(change, seat))
                if base is not None:  # every peer of a seat holds the view that seat was sent
                    count, ops = parts.delta(base, view)
                    content = _DELTA + parts.array_header(count) + ops
                else:
                    content = _VIEW + parts.view_bytes(view)
                body = b"".join((_UPDATE, pack(seat), _ACTOR, actor, _EVENTS, events, content, _VERSION,
                                 pack(version)))
                frame = frames[seat] = HEADER.pack(len(body)) + body
            peer.write(frame)
        for peer in watching:
            peer.mind_queue()
        for seat, view in views.items():
            self._sent_views[seat] = (change.version, view)
        parts.let_go()  # the last changes' memos go now that every frame is out
        return SentChange(change.version, views, watching)

    def send_checks(self, sent: SentChange) -> None:
        """The hash of the view each peer was sent, so a client that went astray resyncs."""
        checks = {seat: self.frames.encode({"type": "check", "seat": seat, "hash": self.parts.hash(view)})
                  for seat, view in sent.views.items()}
        for peer in sent.watching:
            peer.send(checks[peer.seat])
