"""Seats this player holds at LAN tables, kept on disk so a crashed or closed client can sit back down.

A seat's token is the only way back to it once the game runs (the host keeps the seat for its
player). It is stored in ``$XDG_CONFIG_HOME/linie/lan-seats.json`` (created 0600) under the table's
address, port and name, written atomically, and forgotten when the game ends or the seat is given
up. A damaged file is treated as empty: at worst the player watches instead of playing. When each
seat was last taken is kept beside them (under ``WHEN``, which no table's key can be), so the title
can say where a seat waits for this player without naming a table that closed weeks ago.

Which table keeps a seat is decided by the tags of the seats' tokens that a table tells in its
status (``net.table.seat_tag``), not by its address: the same machine answers at 127.0.0.1 one time
and at its LAN address the next, and a table of the same name at the same address may be another
one. Only a table that told no status is matched by address and name.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from game.files import read_file, replace_file
from game.paths import config_dir

FILE_NAME = "lan-seats.json"
KEEP = 20  # tables remembered at most (the oldest are dropped)
LIMIT = 64 * 1024  # bytes: twenty seats take about two thousand; a bigger file is damaged, never read whole
WHEN = "taken"  # when each seat was last taken (seconds since the epoch); a table's key always holds "|"
RECENT = 7 * 24 * 3600  # the title names a kept seat taken this recently: a LAN party, or a weekend's game


def seats_path() -> Path:
    return config_dir() / FILE_NAME


def table_key(address: str, port: int, table_name: str) -> str:
    return f"{address}:{port}|{table_name}"


def _load(path: Path) -> dict[str, str]:
    return {key: value for key, value in _load_all(path).items() if isinstance(value, str)}


def _load_all(path: Path) -> dict[str, Any]:
    """Everything the file holds, entries this version cannot read too (a newer Linie's): changing
    one seat writes the others back as they were."""
    try:
        body = read_file(path, LIMIT)
        data: Any = json.loads(body.decode("utf-8-sig")) if len(body) <= LIMIT else None
    except (OSError, ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def _store(path: Path, seats: dict[str, Any]) -> None:
    with contextlib.suppress(OSError):  # a seat not remembered costs a rejoin as a newcomer, no more
        replace_file(path, json.dumps(seats).encode())


def kept() -> dict[str, str]:
    """The tables (``table_key``) where a seat is kept for this player, with its token."""
    return _load(seats_path())


def recall(key: str) -> str | None:
    return _load(seats_path()).get(key)


def match(seats: Mapping[str, str], address: str, port: int, table_name: str,
          tags: Iterable[str] | None = None) -> str | None:
    """Which of ``seats`` (key: token) holds the seat kept at this table. A table that told its
    seats' ``tags`` keeps the seat whose token has one of them, whatever address, port or name it
    answers at now (the key it was kept under first when two do), and no other: a token it does not
    know is no seat of its own. A table that told no tags: this very key, else the same address
    and table name on another port (a hosted table opened again while port 47000 was taken
    listens elsewhere; a token the host does not know is refused, and the player sits down anew)."""
    from net.table import seat_tag  # here: the title reads the seats without the network's modules

    key = table_key(address, port, table_name)
    if tags is not None:
        told = set(tags)
        held = [other for other, token in seats.items() if seat_tag(token) in told]
        return key if key in held else (held[-1] if held else None)
    if key in seats:
        return key
    moved = [other for other in seats if other.partition("|")[2] == table_name
             and other.partition("|")[0].rpartition(":")[0] == address]
    return moved[-1] if moved else None


def find(address: str, port: int, table_name: str, tags: Iterable[str] | None = None) -> tuple[str, str] | None:
    """The seat kept at this table (``match``), as (its key, its token)."""
    seats = _load(seats_path())
    key = match(seats, address, port, table_name, tags)
    return (key, seats[key]) if key is not None else None


def remember(key: str, token: str) -> None:
    """Keep ``token`` for the table ``key`` (the newest ``KEEP`` tables), noting that it was taken now."""
    path = seats_path()
    seats = _load_all(path)
    when = _taken(seats.pop(WHEN, None))
    seats.pop(key, None)
    seats[key] = token
    seats = dict(list(seats.items())[-KEEP:])
    when = {other: at for other, at in when.items() if other in seats}
    when[key] = time.time()
    _store(path, {**seats, WHEN: when})


def forget(key: str) -> None:
    path = seats_path()
    seats = _load_all(path)
    if key in seats:
        del seats[key]
        if isinstance(seats.get(WHEN), dict):
            seats[WHEN].pop(key, None)
        _store(path, seats)


def _taken(value: Any) -> dict[str, float]:
    """The times the file notes (anything else in their place, a hand-edited file's, is no time)."""
    if not isinstance(value, dict):
        return {}
    return {key: float(at) for key, at in value.items()
            if isinstance(key, str) and isinstance(at, int | float) and not isinstance(at, bool)}


def recent(now: float | None = None) -> list[str]:
    """The names of the tables where a seat was taken within ``RECENT`` and is still kept, the newest
    first: where this player's game waits for them (a table whose host closed it for now, a program
    that closed mid-game). A seat the file notes no time for (kept by an older Linie) is not named."""
    data = _load_all(seats_path())
    when, now = _taken(data.get(WHEN)), time.time() if now is None else now
    kept_now = {key for key, token in data.items() if isinstance(token, str) and "|" in key}
    fresh = sorted((at, key) for key, at in when.items() if key in kept_now and now - at <= RECENT)
    return [key.partition("|")[2] for _at, key in reversed(fresh)]
