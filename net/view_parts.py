"""The top-level parts of the views a host sends, each packed, diffed and hashed once.

After a change the host sends every watching seat its view, as a delta on the view that seat was
sent before, and a moment later the view's hash. Most of a view is the same for every seat (the
board, the match, the turn): only a seat's own secrets differ. ``ViewParts`` makes equal parts of
one change's views one object (equal as the wire tells values apart: the same msgpack bytes), so
each is diffed (``net.delta.SharedDiff``), packed and hashed once for all seats; a part the game
hands out again unchanged (Linie 1's board until the next tile) keeps its bytes and canonical JSON
from the change before. What comes out is byte for byte what ``net.delta.diff``, msgpack and
``game.match.view_hash`` give on the whole views: only the repeated work goes.

Views are read-only (``GameDefinition.views``), so a part never changes once made. Every memo
keyed by an object's identity holds that object, so an identity is never reused while it is known.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

import msgpack

from game.match import canonical_bytes
from net.delta import SharedDiff

View = dict[str, Any]
Packed = tuple[int, bytes]  # a list's item count and its items' msgpack bytes, without the list's header


class Part:
    """One distinct value of a view part, with its msgpack bytes and canonical JSON once asked."""

    __slots__ = ("value", "_packed", "chunk")

    def __init__(self, value: Any) -> None:
        self.value = value
        self._packed: bytes | None = None
        self.chunk: bytes | None = None

    def packed(self, pack: Callable[[Any], bytes]) -> bytes:
        if self._packed is None:
            self._packed = pack(self.value)
        return self._packed


_PLAIN = (str, int, bool, type(None))  # equal under == and of one type: equal on the wire


class ViewParts:
    """The parts of the latest change's views and of the one before, known by identity.
    ``next_change`` forgets what neither of the last two changes sent, so the memos stay small."""

    def __init__(self) -> None:
        packer = msgpack.Packer(use_bin_type=True)  # as net.protocol.encode packs; autoreset
        self.pack = packer.pack
        self.array_header = packer.pack_array_header  # the header of a list of so many items
        self._map_header = packer.pack_map_header
        self._by_id: dict[int, Part] = {}  # a part's own value's identity: the part holds the value
        self._before_by_id: dict[int, Part] = {}
        self._seen: dict[str, list[Part]] = {}  # this change's distinct values of each key
        self._ops: dict[tuple[str, int, int], tuple[Any, Any, Packed]] = {}  # with both sides kept
        self._events: dict[tuple[int, ...], tuple[list[Any], bytes]] = {}
        self._key_order: dict[tuple[str, ...], list[tuple[str, bytes]]] = {}
        self._differ = SharedDiff()
        self._items: dict[int, tuple[Any, bytes]] = {}  # canonical JSON of list items (``_chunk``)
        self._before_items: dict[int, tuple[Any, bytes]] = {}
        self._retired: tuple[Any, ...] = ()  # the memos ``next_change`` dropped, freed by ``let_go``

    def next_change(self) -> None:
        """A new change's memos. The old ones are freed by ``let_go``, once the frames are out: freeing
        the views of two changes ago is work no player should wait for."""
        self._retired = (self._before_by_id, self._before_items, self._seen, self._ops, self._events, self._differ)
        self._before_by_id, self._by_id = self._by_id, {}
        self._before_items, self._items = self._items, {}
        self._seen, self._ops, self._events = {}, {}, {}
        self._differ = SharedDiff()

    def let_go(self) -> None:
        """Free what ``next_change`` retired (the host calls it after the change's frames are written)."""
        self._retired = ()

    def add(self, view: View) -> View:
        """``view`` (changed in place) with each part that equals, as the wire tells values apart,
        the same key's part in another view of this change replaced by that one."""
        known = self._by_id
        for key, value in view.items():
            if id(value) in known:  # a part of this change already (views share what all seats see)
                continue
            seen = self._seen.get(key)
            part = None if seen is None else next((other for other in seen if self._same(other, value)), None)
            if part is None:
                part = self._before_by_id.get(id(value)) or Part(value)  # the last change's, if it is
                if seen is None:
                    self._seen[key] = [part]
                else:
                    seen.append(part)
            known[id(part.value)] = part
            if part.value is not value:
                view[key] = part.value
        return view

    def _same(self, part: Part, value: Any) -> bool:
        """Whether ``value`` equals ``part`` on the wire (0 is not False there, nor 1.0 1)."""
        known = part.value
        if type(known) is not type(value) or known != value:
            return False
        return type(value) in _PLAIN or part.packed(self.pack) == self.pack(value)

    def part(self, value: Any) -> Part:
        """``value``'s part: known if it came through ``add`` in this change, else a fresh one."""
        return self._by_id.get(id(value)) or Part(value)

    def delta(self, old: View, new: View) -> Packed:
        """``diff(old, new)`` packed, for views whose parts ``add`` made: parts equal in both are the
        same object and cost nothing, and each changed part is diffed once per change for every
        seat that holds it."""
        count, chunks = 0, []
        pack = self.pack
        for key, value in new.items():
            before = old.get(key, _MISSING)
            if before is value:
                continue
            if before is _MISSING:
                count += 1
                chunks.append(_SET + pack([key]) + self.part(value).packed(pack))
                continue
            memo = (key, id(before), id(value))
            found = self._ops.get(memo)
            if found is None:
                ops = self._differ.diff(before, value, [key])
                found = self._ops[memo] = (before, value, (len(ops), b"".join(map(pack, ops))))
            count += found[2][0]
            chunks.append(found[2][1])
        for key in old:
            if key not in new:
                count += 1
                chunks.append(pack(["del", [key]]))
        return count, b"".join(chunks)

    def view_bytes(self, view: View) -> bytes:
        """``view`` packed, from its parts' bytes."""
        pack = self.pack
        return self._map_header(len(view)) + b"".join(pack(key) + self.part(value).packed(pack)
                                                 for key, value in view.items())

    def events_bytes(self, events: list[Any]) -> bytes:
        """``events`` packed; the same events shown to several seats are packed once per change."""
        memo = tuple(map(id, events))
        found = self._events.get(memo)
        if found is None:
            found = self._events[memo] = (events, self.pack(events))
        return found[1]

    def hash(self, view: View) -> str:
        """``view_hash(view)``: the canonical JSON joined from each part's, made once per part."""
        order = self._key_order.get(tuple(view))
        if order is None:
            order = [(key, canonical_bytes(key) + b":") for key in sorted(view)]
            if len(self._key_order) < 64:  # a game's views have one or two sets of keys
                self._key_order[tuple(view)] = order
        pieces = []
        for key, label in order:
            part = self.part(view[key])
            if part.chunk is None:
                part.chunk = self._chunk(part.value)
            pieces.append(label + part.chunk)
        return hashlib.sha256(b"{" + b",".join(pieces) + b"}").hexdigest()

    def _chunk(self, value: Any) -> bytes:
        """``canonical_bytes(value)``; a list of maps (Linie 1's players, which every seat's own
        list shares but one) is joined from its items', each made once."""
        if type(value) is not list or not value or type(value[0]) is not dict:
            return canonical_bytes(value)
        chunks = []
        for item in value:
            found = self._items.get(id(item)) or self._before_items.get(id(item))
            if found is None:
                found = (item, canonical_bytes(item))  # the item is kept: its identity stays its own
            self._items[id(item)] = found
            chunks.append(found[1])
        return b"[" + b",".join(chunks) + b"]"


_MISSING = object()
_SET = msgpack.packb(["set", None, None])[:-2]  # a 3-item list's header and "set": path and value follow
