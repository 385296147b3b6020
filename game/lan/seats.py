"""Seats this player holds at LAN tables, kept on disk so a crashed or closed client can sit back down.

A seat's token is the only way back to it once the game runs (the host keeps the seat for its
player). It is stored in ``$XDG_CONFIG_HOME/linie/lan-seats.json`` (created 0600) under the table's
address, port and name, written atomically, and forgotten when the game ends or the seat is given
up. A damaged file is treated as empty: at worst the player watches instead of playing.
"""

from __future__ import annotations

import contextlib
import json
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
