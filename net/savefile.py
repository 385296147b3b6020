"""The host's autosave: a full save written atomically, and a journal of the actions since.

A full save is the Match's own save plus the table (seats, tokens); writing it costs time that
grows with the game, so after an action the host only appends that action to the *journal*, a
file next to the save: a msgpack header ``{"format", "base", "c"}``, then one framed record
``{"v", "seat", "action", "c"}`` per action (``frame``; docs/formats.md has the bytes). ``base``
names the full save the journal continues, so a journal left over from an older save is never
replayed onto a newer one. A killed host can leave a torn last record; it is dropped (and logged)
on reading, as the action it was writing never reached anyone (records are written before the
update frames).

Neither file can lie: a full save is sealed (a magic word and the SHA-256 of its body before the
body), and every journal record carries the CRC-32 of its action together with the id of the save
it continues. Damage is found and named: a save that does not match its seal is refused, and a
journal damaged in the middle reports the last good action (``JournalDamage``), so the table is
either refused or, when the operator says so, continued from there — never a different game.

Tokens are stored in plain text on purpose: they must survive a host restart so players can
reconnect to their seats. Both files are host-local and readable by their owner only.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import secrets
import tempfile
import zlib
from pathlib import Path
from typing import Any, BinaryIO

import msgpack

try:  # advisory file locks: every system but Windows
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

from game.core.contract import SnapshotError
from game.files import read_file, reason_in_words, replace_file
from game.i18n import _

HOST_SAVE_FORMAT = "linie-host-save"
HOST_SAVE_VERSION = 1  # of every format here
LOCAL_SAVE_FORMAT = "linie-local-save"  # a game on one screen: the Match and who sits where
SEAL = b"LINIESV1"  # then the SHA-256 of the body, then the body
log = logging.getLogger(__name__)
JOURNAL_FORMAT = "linie-host-journal"
MAX_JOURNAL_BYTES = 64 * 1024 * 1024  # far beyond any game; a bigger file is not ours
MAX_SAVE_BYTES = 64 * 1024 * 1024


def journal_path(save_path: Path) -> Path:
    return save_path.with_name(save_path.name + ".journal")


def new_base_id() -> str:
    return secrets.token_hex(8)


class JournalDamage(SnapshotError):
    """The journal is damaged after its ``good`` first records (which can still be replayed)."""

    def __init__(self, message: str, good: list[dict[str, Any]]) -> None:
        super().__init__(message)
        self.good = good


class OtherVersion(SnapshotError):
    """A sound save that another version of Linie wrote (a newer save format, a game this one does
    not have, other rules of its game): not damage, and the message says what can be done."""


def record_check(base: Any, version: int, seat: int, action: Any) -> int:
    """The CRC-32 of one journal record, bound to the save it continues."""
    return zlib.crc32(msgpack.packb([base, version, seat, action], use_bin_type=True)) & 0xFFFFFFFF


def header_check(base: Any) -> int:
    """The CRC-32 of a journal's header: a damaged save id must not pass for an older journal's."""
    return zlib.crc32(msgpack.packb([JOURNAL_FORMAT, base], use_bin_type=True)) & 0xFFFFFFFF


def write_atomic(path: Path, data: dict[str, Any], fsync: bool = False) -> None:
    """Write ``data`` as sealed msgpack next to ``path`` and rename it over: a crash leaves old or new."""
    body = msgpack.packb(data, use_bin_type=True)
    replace_file(path, SEAL + hashlib.sha256(body).digest() + body, fsync)


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
        return _("it is a folder")
    return None


def lock_path(save_path: Path) -> Path:
    return save_path.with_name(save_path.name + ".lock")


class SaveLock:
    """Who plays a save: a table holds its save's lock from its start to its close, so a second Linie
    (the game started twice, a second ``linie-host --resume``) neither resumes nor deletes a game that
    is being played and saved elsewhere (two tables writing one save lose one game's moves). An
    advisory ``flock`` on ``FILE.lock``, a file never replaced (the save itself is renamed over at
    every full save); the system lets it go when the process ends, however it ends. Within one
    process a lock is counted, so a table reopened there (Continue after the crash screen) takes it
    again. Where the system has no ``flock`` (Windows) nothing is locked."""

    _held: dict[Path, tuple[int | None, int]] = {}  # this process's locks: path -> (descriptor, holders)

    def __init__(self, save_path: Path) -> None:
        self.save_path = save_path
        self.path = lock_path(save_path).absolute()
        self.released = False

    @classmethod
    def take(cls, save_path: Path) -> SaveLock | None:
        """Hold the lock of ``save_path``; None when another process holds it."""
        lock = cls(save_path)
        if lock.path in cls._held:
            descriptor, holders = cls._held[lock.path]
            cls._held[lock.path] = (descriptor, holders + 1)
            return lock
        descriptor: int | None = None
        if fcntl is not None:
            try:
                descriptor = os.open(lock.path, os.O_RDWR | os.O_CREAT, 0o600)
            except OSError:
                descriptor = None  # a folder that takes no file takes no save either: that failure is told there
            else:
                try:
                    fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except OSError:
                    os.close(descriptor)
                    return None
        cls._held[lock.path] = (descriptor, 1)
        return lock

    def release(self) -> None:
        """Let it go (once, however often asked: a table's close and its collection both ask)."""
        if self.released or self.path not in self._held:
            return
        self.released = True
        descriptor, holders = self._held.pop(self.path)
        if holders > 1:
            self._held[self.path] = (descriptor, holders - 1)
            return
        if not self.save_path.exists():  # the game is gone (finished, deleted): its lock goes too
            with contextlib.suppress(OSError):
                self.path.unlink()
        if descriptor is not None:
            os.close(descriptor)  # and with it the lock

    @classmethod
    def held_elsewhere(cls, save_path: Path) -> bool:
        """Another process plays this save now."""
        path = lock_path(save_path).absolute()
        if path in cls._held or fcntl is None:
            return False
        try:
            descriptor = os.open(path, os.O_RDONLY)
        except OSError:
            return False  # no lock file: nobody has played it since it was last closed
        try:
            fcntl.flock(descriptor, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except OSError:
            return True
        finally:
            os.close(descriptor)
        return False


class InUse(SnapshotError):
    """The save is being played by another Linie right now: not damaged, and not to be touched."""


def check_not_in_use(path: Path) -> None:
    """``InUse`` when another process plays the save at ``path``."""
    if SaveLock.held_elsewhere(path):
        raise InUse(_("open in another Linie right now (a second window, or linie-host): close it there to "
                      "resume it here"))


def remove_save(path: Path) -> str | None:
    """Remove a save and its journal; why not, in words (None: both are gone). A save another Linie
    plays right now stays."""
    if SaveLock.held_elsewhere(path):
        return _("Cannot delete {name}: another Linie is playing it right now").format(name=path.name)
    for target in (path, journal_path(path), lock_path(path)):
        try:
            target.unlink(missing_ok=True)
        except OSError as error:
            return _("Cannot delete {name}: {reason}").format(name=target.name,
                                                              reason=reason_in_words(error.strerror or str(error)))
    return None


def read_save(path: Path, formats: tuple[str, ...] = (HOST_SAVE_FORMAT,)) -> dict[str, Any]:
    """The save in ``path``, of one of ``formats``; SnapshotError when it is missing, truncated,
    damaged or not ours."""
    try:
        if path.stat().st_size > MAX_SAVE_BYTES:
            raise SnapshotError(_("{path} is too big to be a save").format(path=path))
        body = read_file(path, MAX_SAVE_BYTES)
    except OSError as error:
        raise SnapshotError(_("cannot read {path}: {reason}").format(
            path=path, reason=reason_in_words(error.strerror or str(error)))) from None
    if body.startswith(SEAL):
        digest, body = body[len(SEAL):len(SEAL) + 32], body[len(SEAL) + 32:]
        if hashlib.sha256(body).digest() != digest:
            raise SnapshotError(_("{path} is damaged: its contents do not match their checksum").format(path=path))
    else:
        log.warning("%s predates sealed saves: it cannot be checked for damage", path)
    try:
        data = msgpack.unpackb(body, raw=False, strict_map_key=False)
    except Exception as error:  # the decoder's own word for it (ExtraData, ValueError) goes to the log only
        log.warning("%s does not decode: %s", path, type(error).__name__)
        raise SnapshotError(_("{path} is not a Linie save").format(path=path)) from None
    if isinstance(data, dict) and data.get("format") == LOCAL_SAVE_FORMAT and LOCAL_SAVE_FORMAT not in formats:
        raise SnapshotError(_("{path} holds a game on one screen, not a LAN table: Saved games in Linie resumes "
                              "it").format(path=path))
    if not isinstance(data, dict) or data.get("format") not in formats:
        raise SnapshotError(_("{path} is not a Linie save").format(path=path))
    version = data.get("version")
    if type(version) is int and version > HOST_SAVE_VERSION:
        raise OtherVersion(_("{path} was saved by a newer Linie (save version {version}): update Linie to resume "
                             "it").format(path=path, version=version))
    if version != HOST_SAVE_VERSION:
        raise SnapshotError(_("save version {version!r} is not supported").format(version=version))
    return data


class Journal:
    """The open journal of one save: ``restart`` it after each full save, ``append`` each action."""

    def __init__(self, save_path: Path, fsync: bool = False) -> None:
        self.path = journal_path(save_path)
        self.fsync = fsync
        self.records = 0
        self.base: str = ""
        self._stream: BinaryIO | None = None

    def restart(self, base: str) -> None:
        """A journal holding only its header for the full save ``base`` replaces the old one."""
        self.close()
        self.base = base
        header = {"format": JOURNAL_FORMAT, "base": base, "c": header_check(base)}
        replace_file(self.path, msgpack.packb(header), self.fsync)
        self._stream = open(self.path, "ab")  # noqa: SIM115 - held open for the appends
        self.records = 0

    def append(self, version: int, seat: int, action: Any) -> None:
        if self._stream is None:
            raise OSError("the journal is not open")
        check = record_check(self.base, version, seat, action)
        self._stream.write(frame(msgpack.packb({"v": version, "seat": seat, "action": action, "c": check})))
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
            raise SnapshotError(_("{path} is too big: no journal is that long").format(path=path))
        body = read_file(path, MAX_JOURNAL_BYTES)
    except FileNotFoundError:
        return []
    except OSError as error:
        raise SnapshotError(_("cannot read {path}: {reason}").format(
            path=path, reason=reason_in_words(error.strerror or str(error)))) from None
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=False, max_buffer_size=MAX_JOURNAL_BYTES)
    unpacker.feed(body)
    try:
        header = next(unpacker)
    except Exception:  # noqa: BLE001 - no header at all, or bytes msgpack cannot read
        raise SnapshotError(_("{path} is not a Linie journal").format(path=path)) from None
    if not isinstance(header, dict) or header.get("format") != JOURNAL_FORMAT:
        raise SnapshotError(_("{path} is not a Linie journal").format(path=path))
    if set(header) == LEGACY_HEADER_KEYS:
        return _legacy_records(path, header, unpacker, base)
    if set(header) != HEADER_KEYS:  # a flipped bit in the header's own shape: never read it as another kind
        raise JournalDamage(_("{path} is damaged in its header").format(path=path), [])
    if header.get("c") != header_check(header.get("base")):
        raise JournalDamage(_("{path} is damaged in its header").format(path=path), [])
    if header.get("base") != base:
        return []  # left over from an earlier save, which the current one already contains
    good: list[dict[str, Any]] = []
    at = unpacker.tell()
    while at < len(body):
        size = _frame_size(body, at)
        if size is None:  # the frame's own header is damaged
            break
        if size < 0:  # a frame cut short: the action being written as the host stopped (nobody saw it)
            log.warning("%s ends in a torn record, dropped", path)
            return good
        try:
            record = msgpack.unpackb(body[at + FRAME_HEAD : at + FRAME_HEAD + size], raw=False, strict_map_key=False)
        except Exception:  # noqa: BLE001 - whatever msgpack makes of damaged bytes
            break
        if not _sound(record, base):
            break
        good.append({key: record[key] for key in ("v", "seat", "action")})
        at += FRAME_HEAD + size
    else:
        return good
    after = _("after action {last}").format(last=good[-1]["v"]) if good else _("from its first action on")
    raise JournalDamage(_("{path} is damaged {after}").format(path=path, after=after), good)


def _legacy_records(path: Path, header: dict[str, Any], unpacker: msgpack.Unpacker, base: Any) -> list[dict[str, Any]]:
    """A journal written before records were framed and checked: read as it was then (plain
    ``{v, seat, action}`` maps, a torn last one dropped), with a warning that it cannot be checked."""
    if header.get("base") != base:
        return []
    log.warning("%s predates checked journals: it cannot be checked for damage", path)
    try:
        records = list(unpacker)
    except Exception:  # noqa: BLE001 - whatever msgpack makes of damaged bytes
        raise SnapshotError(_("{path} is damaged").format(path=path)) from None
    for record in records:
        if (
            not isinstance(record, dict)
            or set(record) != {"v", "seat", "action"}
            or type(record["v"]) is not int
            or type(record["seat"]) is not int
        ):
            raise SnapshotError(_("{path} holds a record that is not an action").format(path=path))
    return records


FRAME_MARK = b"R"
HEADER_KEYS = frozenset({"format", "base", "c"})
LEGACY_HEADER_KEYS = frozenset({"format", "base"})
FRAME_HEAD = 9  # the mark, the payload's length, the CRC-32 of both


def frame(payload: bytes) -> bytes:
    """A journal record framed so that a record cut short by a crash can be told from a damaged one:
    its length carries its own check."""
    head = FRAME_MARK + len(payload).to_bytes(4, "big")
    return head + (zlib.crc32(head) & 0xFFFFFFFF).to_bytes(4, "big") + payload


def _frame_size(body: bytes, at: int) -> int | None:
    """The payload length of the frame at ``at``; -1 when the file ends inside it (torn), None when
    its head is damaged."""
    head = body[at : at + FRAME_HEAD]
    if len(head) < FRAME_HEAD:
        return -1 if FRAME_MARK.startswith(head[:1]) else None
    if head[:1] != FRAME_MARK or int.from_bytes(head[5:9], "big") != zlib.crc32(head[:5]) & 0xFFFFFFFF:
        return None
    size = int.from_bytes(head[1:5], "big")
    return -1 if at + FRAME_HEAD + size > len(body) else size


def _sound(record: Any, base: Any) -> bool:
    """A record as the journal writes it, its check matching its action and its save."""
    return (
        isinstance(record, dict)
        and set(record) == {"v", "seat", "action", "c"}
        and type(record["v"]) is int
        and type(record["seat"]) is int
        and record["c"] == record_check(base, record["v"], record["seat"], record["action"])
    )
