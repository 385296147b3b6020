"""Writing a file so that a crash, a full disk or a power cut leaves the old file or the new one,
never half of each: the one way every file of Linie (settings, saves, journals, remembered seats)
is replaced. Reading one so that a pipe, a device or a huge file never holds the game still, and
saying why the disk refused in the player's words."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from pathlib import Path

from game.i18n import N_, _

NOT_A_FILE = "not a regular file"  # why ``read_file`` refuses a pipe or a device

# The usual reasons a disk refuses a write (or a read), as the system says them (``strerror``, English), in words a
# player reads in their own language; any other reason is shown as the system says it.
_REASON_WORDS = {
    "ENOSPC": N_("disk full"),
    "EROFS": N_("read-only disk"),
    "EACCES": N_("no write permission"),
    "EPERM": N_("no write permission"),
    "EDQUOT": N_("disk quota used up"),
    "EIO": N_("disk error"),
    "EISDIR": N_("a folder stands in its place"),
    "ENOTDIR": N_("a file stands where its folder belongs"),
    "EEXIST": N_("a file stands where its folder belongs"),  # (making the folder)
    "ELOOP": N_("its links go round in a loop"),
}
REASONS = {os.strerror(getattr(errno, name)): words for name, words in _REASON_WORDS.items()
           if hasattr(errno, name)}  # (a platform may lack one: Windows has no EDQUOT of its own)
REASONS[NOT_A_FILE] = N_("not a file")


def folder_problem(folder: Path) -> str:
    """Why ``folder`` cannot be listed (the system's reason, for ``reason_in_words``), or "" when it
    can or is simply not there yet (nothing was kept in it so far)."""
    try:
        next(iter(folder.iterdir()), None)
    except FileNotFoundError:
        return ""
    except OSError as error:
        return error.strerror or type(error).__name__
    return ""


def read_file(path: Path, limit: int) -> bytes:
    """At most ``limit`` + 1 bytes of the regular file at ``path`` (more than ``limit``: too big for
    what it should be). A pipe, a device or a folder is refused with OSError before anything is
    read: a pipe would hold the game still until something writes to it, a device might never end."""
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # a pipe opens without waiting
    with os.fdopen(handle, "rb") as stream:
        mode = os.fstat(handle).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        if not stat.S_ISREG(mode):
            raise OSError(errno.EINVAL, NOT_A_FILE, str(path))
        # Asked for by the file's size, not the limit: a read sets aside as many bytes as it asks
        # for, and a 1 kB save should not take 64 MB of memory for a moment.
        size = os.fstat(handle).st_size
        body = stream.read(min(limit, size) + 1)
        if size < len(body) <= limit:  # it grew since: on to the limit
            body += stream.read(limit + 1 - len(body))
        return body


def reason_in_words(reason: str) -> str:
    """Why a write failed (an OSError's ``strerror``), in the player's language where it is one of
    the usual reasons."""
    words = REASONS.get(reason)
    return _(words) if words is not None else reason


def replace_file(path: Path, body: bytes, fsync: bool = False, mode: int = 0o600) -> None:
    """Write ``body`` to a scratch file beside ``path`` and rename it over ``path`` (the folder is
    made if need be). OSError when the disk refuses; the scratch file never stays behind."""
    directory = path.parent if str(path.parent) else Path(".")
    directory.mkdir(parents=True, exist_ok=True)
    handle, scratch = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(body)
            if fsync:
                stream.flush()
                os.fsync(stream.fileno())
        os.chmod(scratch, mode)
        os.replace(scratch, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(scratch)
        raise
