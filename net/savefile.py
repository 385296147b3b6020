"""The host's autosave: the Match's own save plus the table (seats, tokens), written atomically.

Tokens are stored in plain text on purpose: they must survive a host restart so players can
reconnect to their seats. The file is host-local and created readable by its owner only.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from typing import Any

import msgpack

from game.core.contract import SnapshotError

HOST_SAVE_FORMAT = "linie-host-save"
HOST_SAVE_VERSION = 1


def write_atomic(path: Path, data: dict[str, Any], fsync: bool = False) -> None:
    """Write ``data`` as msgpack next to ``path`` and rename it over: a crash leaves old or new."""
    body = msgpack.packb(data, use_bin_type=True)
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
