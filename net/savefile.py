"""The host's autosave: a full save written atomically, and a journal of the actions since.

A full save is the Match's own save plus the table (seats, tokens); writing it costs time that
grows with the game, so after an action the host only appends that action to the *journal*, a
file of msgpack records next to the save: ``{"format", "base"}`` first, then one ``{"v", "seat",
"action"}`` per action. ``base`` names the full save the journal continues, so a journal left over
from an older save is never replayed onto a newer one. A killed host can leave a torn last record;
it is dropped on reading, as the action it was writing never reached anyone (records are written
before the update frames).

Tokens are stored in plain text on purpose: they must survive a host restart so players can
reconnect to their seats. Both files are host-local and readable by their owner only.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import tempfile
from pathlib import Path
from typing import Any, BinaryIO

import msgpack

from game.core.contract import SnapshotError

HOST_SAVE_FORMAT = "linie-host-save"
HOST_SAVE_VERSION = 1
JOURNAL_FORMAT = "linie-host-journal"
MAX_JOURNAL_BYTES = 64 * 1024 * 1024  # far beyond any game; a bigger file is not ours


def journal_path(save_path: Path) -> Path:
    return save_path.with_name(save_path.name + ".journal")


def new_base_id() -> str:
    return secrets.token_hex(8)


def write_atomic(path: Path, data: dict[str, Any], fsync: bool = False) -> None:
    """Write ``data`` as msgpack next to ``path`` and rename it over: a crash leaves old or new."""
    _replace_with(path, msgpack.packb(data, use_bin_type=True), fsync)


def check_writable(path: Path) -> str | None:
    """Why a save cannot be written to ``path`` (None: it can): the folder is made if need be and a
    scratch file is written and removed there, as the autosave will."""
    directory = path.parent if str(path.parent) else Path(".")
    try:
        directory.mkdir(parents=True, exist_ok=True)
        handle, scratch = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".check", dir=directory)
        os.close(handle)
        os.unlink(scratch)
    except OSError as error:
        return error.strerror or str(error)
    if path.is_dir():
        return "it is a folder"
    return None


def _replace_with(path: Path, body: bytes, fsync: bool) -> None:
    directory = path.parent if str(path.parent) else Path(".")
    handle, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(body)
            if fsync:
                stream.flush()
                os.fsync(stream.fileno())
        os.chmod(temp_name, 0o600)
        os.replace(temp_name, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp_name)
        raise


def read_save(path: Path) -> dict[str, Any]:
    """The host save in ``path``; SnapshotError when it is missing, truncated or not ours."""
    try:
        body = path.read_bytes()
    except OSError as error:
        raise SnapshotError(f"cannot read {path}: {error.strerror}") from None
    try:
        data = msgpack.unpackb(body, raw=False, strict_map_key=False)
    except Exception as error:
        raise SnapshotError(f"{path} is not a host save ({type(error).__name__})") from None
    if not isinstance(data, dict) or data.get("format") != HOST_SAVE_FORMAT:
        raise SnapshotError(f"{path} is not a Linie host save")
    if data.get("version") != HOST_SAVE_VERSION:
        raise SnapshotError(f"host save version {data.get('version')!r} is not supported")
    return data


class Journal:
    """The open journal of one save: ``restart`` it after each full save, ``append`` each action."""

    def __init__(self, save_path: Path, fsync: bool = False) -> None:
        self.path = journal_path(save_path)
        self.fsync = fsync
        self.records = 0
        self._stream: BinaryIO | None = None

    def restart(self, base: str) -> None:
        """A journal holding only its header for the full save ``base`` replaces the old one."""
        self.close()
        _replace_with(self.path, msgpack.packb({"format": JOURNAL_FORMAT, "base": base}), self.fsync)
        self._stream = open(self.path, "ab")  # noqa: SIM115 - held open for the appends
        self.records = 0

    def append(self, version: int, seat: int, action: Any) -> None:
        if self._stream is None:
            raise OSError("the journal is not open")
        self._stream.write(msgpack.packb({"v": version, "seat": seat, "action": action}))
        self._stream.flush()
        if self.fsync:
            os.fsync(self._stream.fileno())
        self.records += 1

    def close(self) -> None:
        """Let the file go; a failing close (a full disk refusing the buffered rest) is not an error
        here: the caller is already giving up on this journal, and the next full save replaces it."""
        stream, self._stream = self._stream, None
        if stream is not None:
            with contextlib.suppress(OSError):
                stream.close()


def read_journal(save_path: Path, base: Any) -> list[dict[str, Any]]:
    """The action records journaled after the full save ``base``, in order: none when there is no
    journal or it continues another save. SnapshotError when it is ours but damaged."""
    path = journal_path(save_path)
    try:
        if path.stat().st_size > MAX_JOURNAL_BYTES:
            raise SnapshotError(f"{path} is too big to be a journal")
        body = path.read_bytes()
    except FileNotFoundError:
        return []
    except OSError as error:
        raise SnapshotError(f"cannot read {path}: {error.strerror}") from None
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=False, max_buffer_size=MAX_JOURNAL_BYTES)
    unpacker.feed(body)
    try:
        items = list(unpacker)  # a torn last record is incomplete and simply not yielded
    except Exception as error:
        raise SnapshotError(f"{path} is damaged ({type(error).__name__})") from None
    if not items or not isinstance(items[0], dict) or items[0].get("format") != JOURNAL_FORMAT:
        raise SnapshotError(f"{path} is not a Linie journal")
    if items[0].get("base") != base:
        return []  # left over from an earlier save, which the current one already contains
    records = items[1:]
    for record in records:
        if (not isinstance(record, dict) or set(record) != {"v", "seat", "action"}
                or type(record["v"]) is not int or type(record["seat"]) is not int):
            raise SnapshotError(f"{path} holds a record that is not an action")
    return records
