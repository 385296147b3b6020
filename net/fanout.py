"""One change's views for every watching seat, with the work shared between seats.

After a change the host builds a view per seat (and one for spectators), a delta of each on the
view that seat was sent before, and a hash of each. Most of a view is the same for every seat
(the board, the match, the turn): only a seat's own secrets differ. ``SharedViews`` makes equal
top-level parts one object, so the delta and the hash of each part are computed once per change
instead of once per seat. The results are exactly those of ``net.delta.diff`` and
``game.match.view_hash`` on the whole view; only the repeated work goes. ``ChangeFanout`` sends
a change's updates with it, and its checks a moment later.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import msgpack

from game.match import Change, Match, canonical_bytes
from net.delta import diff
from net.frames import HostFrames
from net.table import Peer

View = dict[str, Any]
_KEYS: dict[str, bytes] = {}  # a view key's canonical JSON; views have a few dozen distinct keys


def _key_bytes(key: str) -> bytes:
    found = _KEYS.get(key)
    if found is None:
        found = canonical_bytes(key)
        if len(_KEYS) < 4096:
            _KEYS[key] = found
    return found


class SharedViews:
    """Views of one change. Memos are keyed by object identity, which is sound because every view
    added stays referenced (by the caller and by this object) until the object is dropped."""

    def __init__(self) -> None:
        self._parts: dict[str, list[list[Any]]] = {}  # key -> [value, its msgpack bytes or None]
        self._diffs: dict[tuple[str, int, int], list[list[Any]]] = {}
        self._chunks: dict[int, bytes] = {}
        self._keep: list[Any] = []  # what the identity memos refer to stays alive

    def add(self, view: View) -> View:
        """``view`` with every top-level value that equals one already seen replaced by that one.

        Equal as the wire tells values apart: Python's ``==`` says ``0 == False`` and ``1 == 1.0``,
        msgpack does not, so a part is shared only when its msgpack bytes match too (each packed
        once, and only when ``==`` already holds)."""
        for key, value in view.items():
            seen = self._parts.setdefault(key, [])
            packed = None
            for entry in seen:
                candidate = entry[0]
                if candidate is value:
                    break
                if candidate == value:
                    if entry[1] is None:
                        entry[1] = msgpack.packb(candidate)
                    if packed is None:
                        packed = msgpack.packb(value)
                    if entry[1] == packed:
                        view[key] = candidate
                        break
            else:
                seen.append([value, packed])
        return view

    def delta(self, old: View, new: View) -> list[list[Any]]:
        """The delta ``diff(old, new)`` would give, for views whose parts ``add`` shared."""
        ops: list[list[Any]] = []
        for key, value in new.items():
            if key not in old:
                ops.append(["set", [key], value])
                continue
            before = old[key]
            if before is value:
                continue
            memo = (key, id(before), id(value))
            part = self._diffs.get(memo)
            if part is None:
                part = diff(before, value, [key])
                self._diffs[memo] = part
                self._keep += (before, value)
            ops.extend(part)
        ops.extend(["del", [key]] for key in old if key not in new)
        return ops

    def hash(self, view: View) -> str:
        """``view_hash(view)``: the canonical JSON is joined from each part's, made once per part."""
        pieces = []
        for key in sorted(view):
            value = view[key]
            chunk = self._chunks.get(id(value))
            if chunk is None:
                chunk = canonical_bytes(value)
                self._chunks[id(value)] = chunk
                self._keep.append(value)
            pieces.append(_key_bytes(key) + b":" + chunk)
        return hashlib.sha256(b"{" + b",".join(pieces) + b"}").hexdigest()


@dataclass
class SentChange:
    """One change as it went out: what its checks, a moment later, are made from."""

    version: int
    shared: SharedViews
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
        # The view each seat was last sent, with its version: the base of the next update's delta.
        self._sent_views: dict[int | None, tuple[int, View]] = {}

    def send(self, change: Change, peers: Iterable[Peer]) -> SentChange:
        watching = sorted((peer for peer in peers if peer.role is not None),
                          key=lambda peer: (peer.seat is None, peer.seat or 0))
        shared = SharedViews()
        built = self.match.views(dict.fromkeys(peer.seat for peer in watching))  # shared parts built once
        views: dict[int | None, View] = {}
        frames: dict[int | None, bytes] = {}
        for peer in watching:
            seat = peer.seat
            if seat not in frames:
                views[seat] = shared.add(built[seat])
                body: dict[str, Any] = {"type": "update", "seat": seat, "actor": change.seat,
                                        "events": self.match.events_for(change, seat)}
                sent = self._sent_views.get(seat)
                if sent is not None and sent[0] == change.version - 1:
                    body["delta"] = shared.delta(sent[1], views[seat])  # peers of a seat all hold it
                else:
                    body["view"] = views[seat]
                frames[seat] = self.frames.encode(body)
            peer.send(frames[seat])
        for seat, view in views.items():
            self._sent_views[seat] = (change.version, view)
        return SentChange(change.version, shared, views, watching)

    def send_checks(self, sent: SentChange) -> None:
        """The hash of the view each peer was sent, so a client that went astray resyncs."""
        checks = {seat: self.frames.encode({"type": "check", "seat": seat, "hash": sent.shared.hash(view)})
                  for seat, view in sent.views.items()}
        for peer in sent.watching:
            peer.send(checks[peer.seat])
