"""Seats this player holds at LAN tables, kept on disk so a crashed or closed client can sit back down.

A seat's token is the only way back to it once the game runs (the host keeps the seat for its
player). It is stored in ``$XDG_CONFIG_HOME/linie/lan-seats.json`` (created 0600) under the table's
address, port and name, written atomically, and forgotten when the game ends or the seat is given
up. A damaged file is treated as empty: at worst the player watches instead of playing.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from game.files import read_file, replace_file
from game.paths import config_dir

FILE_NAME = "lan-seats.json"
KEEP = 20  # tables remembered at most (the oldest are dropped)
LIMIT = 64 * 1024  # bytes: twenty seats take about two thousand; a bigger file is damaged, never read whole


def seats_path() -> Path:
    return config_dir() / FILE_NAME


def table_key(address: str, port: int, table_name: str) -> str:
    return f"{address}:{port}|{table_name}"


def _load(path: Path) -> dict[str, str]:
    try:
        body = read_file(path, LIMIT)
        data: Any = json.loads(body.decode("utf-8")) if len(body) <= LIMIT else None
    except (OSError, ValueError, RecursionError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {key: value for key, value in data.items() if isinstance(key, str) and isinstance(value, str)}


def _store(path: Path, seats: dict[str, str]) -> None:
    with contextlib.suppress(OSError):  # a seat not remembered costs a rejoin as a newcomer, no more
        replace_file(path, json.dumps(seats).encode())


def kept() -> set[str]:
    """The tables (``table_key``) where a seat is kept for this player."""
    return set(_load(seats_path()))


def recall(key: str) -> str | None:
    return _load(seats_path()).get(key)


def match(keys: Iterable[str], address: str, port: int, table_name: str) -> str | None:
    """Which of ``keys`` holds the seat kept at this table: this very key, else the same address and
    table name on another port (a hosted table opened again while port 47000 was taken listens
    elsewhere; a token the host does not know is refused, and the player sits down anew)."""
    keys = list(keys)
    key = table_key(address, port, table_name)
    if key in keys:
        return key
    moved = [other for other in keys if other.partition("|")[2] == table_name
             and other.partition("|")[0].rpartition(":")[0] == address]
    return moved[-1] if moved else None


def find(address: str, port: int, table_name: str) -> tuple[str, str] | None:
    """The seat kept at this table (``match``), as (its key, its token)."""
    seats = _load(seats_path())
    key = match(seats, address, port, table_name)
    return (key, seats[key]) if key is not None else None


def remember(key: str, token: str) -> None:
    path = seats_path()
    seats = _load(path)
    if seats.get(key) == token:
        return
    seats.pop(key, None)
    seats[key] = token
    _store(path, dict(list(seats.items())[-KEEP:]))


def forget(key: str) -> None:
    path = seats_path()
    seats = _load(path)
    if key in seats:
        del seats[key]
        _store(path, seats)
