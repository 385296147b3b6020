"""A seat's view as a patch on the view it holds already, so an update carries only what changed.

Views are plain msgpack data: maps with string keys, lists, scalars. ``diff(old, new)`` gives a
list of operations; ``patch(old, ops)`` applies them to a copy. Lists change by one *splice*
(the common prefix and suffix stay), so a tile laid into the middle of a sorted list costs one
item, not the whole list. The host's per-change view hash still guards the result: a client whose
patched view does not match asks for a snapshot.

Operations: ``["set", path, value]``, ``["del", path]``, ``["splice", path, start, count, items]``;
a path is a list of map keys (str) and list indices (int) from the root.

``diff`` compares with ``==``, which does not tell ``0`` from ``False`` or ``1`` from ``1.0``: a
value that changes only in that way gives no operation. No game's view does that, and if one
did, the view hash would differ and the client would ask for a snapshot.
"""

from __future__ import annotations

from typing import Any

MAX_OPS = 4096
SHORT_LIST = 8  # lists up to this long are compared item by item, longer ones by halving


class PatchError(ValueError):
    """An operation that does not fit the view it is applied to."""



def changed_span(old: list[Any], new: list[Any]) -> tuple[int, int, int]:
    """Where two lists differ: the first index that differs and the ends of the differing runs
    (``old[start:end_old]`` became ``new[start:end_new]``), equal heads and tails trimmed.

    Found by halving, comparing slices: a slice comparison runs in C and takes an item that is the
    same object as equal at once, where ``a == b`` in Python compares two maps key by key even when
    they are one object. A board of 80 tiles, one of them new, costs a few comparisons, not 80."""
    limit = min(len(old), len(new))
    low, high = 0, limit  # old[:low] == new[:low]; the first difference is at most at high
    while low < high:
        middle = (low + high) // 2
        if old[low:middle + 1] == new[low:middle + 1]:
            low = middle + 1
        else:
            high = middle
    start = low
    end_old, end_new = len(old), len(new)
    low, high = 0, limit - start  # a common tail of low items holds; it has at most high
    while low < high:
        middle = (low + high + 1) // 2
        if old[end_old - middle:end_old - low] == new[end_new - middle:end_new - low]:
            low = middle
        else:
            high = middle - 1
    return start, end_old - low, end_new - low


def diff(old: Any, new: Any, path: list[Any] | None = None) -> list[list[Any]]:
    path = path or []
    if old == new:
        return []
    if type(old) is dict and type(new) is dict:
        ops: list[list[Any]] = []
        for key, value in new.items():
            if key not in old:
                ops.append(["set", [*path, key], value])
            elif old[key] != value:
                ops.extend(diff(old[key], value, [*path, key]))
        ops.extend(["del", [*path, key]] for key in old if key not in new)
        return ops
    if type(old) is list and type(new) is list:
        start, end_old, end_new = changed_span(old, new)
        if end_old - start == 1 and end_new - start == 1:  # one item changed in place: recurse
            return diff(old[start], new[start], [*path, start])
        return [["splice", path, start, end_old - start, new[start:end_new]]]
    return [["set", path, new]]


class SharedDiff:
    """``diff`` of many pairs of views that share objects (the host's views of one change for every
    seat): a pair of containers met again at the same place is diffed once. Keyed by identity, so
    only for values that stay alive and unchanged while it is used: a new one for each change."""

    def __init__(self) -> None:
        self._ops: dict[tuple[int, int, tuple[Any, ...]], list[list[Any]]] = {}

    def diff(self, old: Any, new: Any, path: list[Any]) -> list[list[Any]]:
        """What ``diff(old, new, path)`` gives."""
        kind = type(old)
        if kind is not type(new) or (kind is not dict and kind is not list):
            return [] if old == new else [["set", path, new]]
        memo = (id(old), id(new), tuple(path))
        ops = self._ops.get(memo)
        if ops is None:
            ops = self._ops[memo] = self._dict(old, new, path) if kind is dict else self._list(old, new, path)
        return ops

    def _dict(self, old: dict[str, Any], new: dict[str, Any], path: list[Any]) -> list[list[Any]]:
        ops: list[list[Any]] = []
        for key, value in new.items():
            if key not in old:
                ops.append(["set", [*path, key], value])
            elif old[key] != value:
                ops.extend(self.diff(old[key], value, [*path, key]))
        ops.extend(["del", [*path, key]] for key in old if key not in new)
        return ops

    def _list(self, old: list[Any], new: list[Any], path: list[Any]) -> list[list[Any]]:
        if len(old) == len(new) <= SHORT_LIST:  # a short list (a game's players): a look at each item
            changed = [index for index, item in enumerate(old) if item is not new[index] and item != new[index]]
            if not changed:
                return []
            start, end_old = changed[0], changed[-1] + 1
            end_new = end_old
        else:
            start, end_old, end_new = changed_span(old, new)
        if start == end_old == end_new:
            return []
        if end_old - start == 1 and end_new - start == 1:  # one item changed in place: recurse
            return self.diff(old[start], new[start], [*path, start])
        return [["splice", path, start, end_old - start, new[start:end_new]]]


def _step(node: Any, step: Any) -> bool:
    """Whether ``step`` names an existing place in ``node``."""
    kind = type(node)
    if kind is dict:
        return type(step) is str and step in node
    return kind is list and type(step) is int and 0 <= step < len(node)


class _Writer:
    """Copies only the containers on the paths it writes through (the old view stays intact)."""

    def __init__(self, root: Any) -> None:
        self.root = root
        self.fresh: set[int] = set()

    def _own(self, value: Any) -> Any:
        kind = type(value)
        if (kind is dict or kind is list) and id(value) not in self.fresh:
            value = value.copy()
            self.fresh.add(id(value))
        return value

    def node(self, path: list[Any]) -> Any:
        """The container at ``path``, made writable (copied once) along with its ancestors."""
        if type(path) is not list:
            raise PatchError("a path is a list of keys and indices")
        self.root = node = self._own(self.root)
        fresh = self.fresh
        for step in path:  # the checks of _step, inline: this loop is a client's hottest
            kind = type(node)
            if kind is dict:
                if type(step) is not str or step not in node:
                    raise PatchError(f"no {step!r} in the view")
            elif kind is not list or type(step) is not int or not 0 <= step < len(node):
                raise PatchError(f"no {step!r} in the view")
            child = node[step]
            child_kind = type(child)
            if (child_kind is dict or child_kind is list) and id(child) not in fresh:
                child = child.copy()
                fresh.add(id(child))
                node[step] = child
            node = child
        return node


def patch(view: Any, ops: Any) -> Any:
    """``view`` with ``ops`` applied, as a new value sharing every untouched part with ``view``."""
    if not isinstance(ops, list) or len(ops) > MAX_OPS:
        raise PatchError("a delta is a list of operations")
    writer = _Writer(view)
    for op in ops:
        if not isinstance(op, list) or not op or op[0] not in ("set", "del", "splice"):
            raise PatchError("unknown delta operation")
        kind = op[0]
        if kind == "splice" and len(op) == 5:
            node = writer.node(op[1])
            start, count, items = op[2], op[3], op[4]
            if type(node) is not list or type(start) is not int or type(count) is not int:
                raise PatchError("cannot splice that")
            if not isinstance(items, list) or not 0 <= start <= len(node) or not 0 <= count <= len(node) - start:
                raise PatchError("the splice does not fit the list")
            node[start:start + count] = items
            continue
        if len(op) != (3 if kind == "set" else 2) or not isinstance(op[1], list):
            raise PatchError("malformed delta operation")
        if kind == "set" and op[1] == []:
            writer = _Writer(op[2])
            continue
        if not op[1]:
            raise PatchError("an operation needs a path inside the view")
        parent = writer.node(op[1][:-1])
        key = op[1][-1]
        if kind == "set" and (type(parent) is dict and type(key) is str or _step(parent, key)):
            parent[key] = op[2]
        elif kind == "del" and type(parent) is dict and _step(parent, key):
            del parent[key]
        else:
            raise PatchError(f"cannot {kind} that place")
    return writer.root
