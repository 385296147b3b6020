"""One table's autosave, kept current while it plays: the helper every saving table uses.

The dedicated host, a table hosted from inside the game and a game on one screen all save the
same way (``net.savefile`` has the bytes): a full save now and then, and between two full saves a
journal record per action, written before anyone hears of the action. A failing disk never stops
the game: the failure is logged once and kept in ``problem`` (for the screen of whoever is
responsible), the next action tries again with a full save, and once the disk takes writes again
the save holds the whole game and the log says so.
"""

from __future__ import annotations

import logging
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.core.contract import SnapshotError
from game.core.registry import UnknownGame, get_game
from game.i18n import _
from game.match import SAVE_VERSION, Match
from game.version import version_number
from net.savefile import (
    Journal,
    JournalDamage,
    OtherVersion,
    SaveLock,
    check_not_in_use,
    new_base_id,
    read_journal,
    read_save,
    remove_save,
    write_atomic,
)

log = logging.getLogger("linie.autosave")

JOURNAL_LIMIT = 100  # actions journaled before the next full save, which keeps resuming quick


class Autosave:
    """Keeps the file at ``path`` current: ``full`` writes ``snapshot()`` (plus the id of the journal
    that continues it), ``action`` journals one action, ``settle`` makes a full save when one is due.
    Nothing here raises for a disk that refuses."""

    def __init__(self, path: Path, snapshot: Callable[[], dict[str, Any]], fsync: bool = False,
                 journal_limit: int | None = None) -> None:
        self.path = path
        self.snapshot = snapshot
        self.fsync = fsync
        self.journal_limit = journal_limit  # None: JOURNAL_LIMIT
        self.problem: str | None = None  # why saving fails right now (said once, retried each action)
        self._journal: Journal | None = None
        self._lock = SaveLock.take(path)  # this table plays the save: no second Linie resumes it meanwhile
        if self._lock is None:
            log.warning("another program plays the save %s too: what it saves and what this table saves may "
                        "overwrite each other", path)
        else:  # a table dropped without its close (a test's, a failed start's) lets it go when collected
            weakref.finalize(self, self._lock.release)

    def full(self) -> None:
        """A full save, and a fresh journal to continue it."""
        base = new_base_id()
        try:
            write_atomic(self.path, {**self.snapshot(), "journal": base}, self.fsync)
            if self._journal is None:
                self._journal = Journal(self.path, self.fsync)
            self._journal.restart(base)
        except OSError as error:
            self._fails(self.path, error)
            self._drop_journal()  # the next action makes a full save again
            return
        self._works()

    def action(self, version: int, seat: int, action: Any) -> None:
        """Write-ahead: the action is on disk before any player hears of it. When the write fails the
        game goes on; the full save that follows (``settle``) holds the action once the disk takes
        writes again."""
        if self._journal is None:
            return
        try:
            self._journal.append(version, seat, action)
        except (OSError, ValueError) as error:
            self._fails(self._journal.path, error)
            self._drop_journal()

    def settle(self) -> None:
        """A full save when one is due: none since the last failure, or a long journal."""
        limit = JOURNAL_LIMIT if self.journal_limit is None else self.journal_limit
        if self._journal is None or self._journal.records >= limit:
            self.full()

    def close(self) -> None:
        """Let the journal go (the files stay: they hold the table). While saving fails, one last
        full save first: the disk may have room again since the last action, and nothing tries
        after this (a player leaving a table whose disk was full would otherwise lose the game)."""
        if self.problem is not None:
            self.full()
        self._drop_journal()
        self._unlock()

    def discard(self) -> None:
        """Let the journal go, and remove the save and its journal: the table needs them no more."""
        self._drop_journal()
        if (problem := remove_save(self.path)) is not None:
            log.warning("%s", problem)
        self._unlock()

    def _unlock(self) -> None:
        if self._lock is not None:
            self._lock.release()

    def _drop_journal(self) -> None:
        if self._journal is not None:
            self._journal.close()
        self._journal = None

    def _fails(self, path: Path, error: Exception) -> None:
        """Tell once; every action tries again."""
        problem = getattr(error, "strerror", None) or str(error)
        if self.problem is None:
            log.error("saving to %s fails (%s): the game goes on, and every action tries again", path, problem)
        self.problem = problem

    def _works(self) -> None:
        if self.problem is not None:
            log.warning("saving to %s works again: the save holds the whole game", self.path)
        self.problem = None


def load_saved(path: Path, formats: tuple[str, ...], accept_damage: bool = False
               ) -> tuple[dict[str, Any], Match]:
    """The save at ``path`` and its Match with the journal's actions replayed. SnapshotError when
    the files cannot be trusted; ``JournalDamage`` (naming the last good action) when the journal is
    damaged in the middle, unless ``accept_damage``: then the game continues from that action."""
    check_not_in_use(path)
    data = read_save(path, formats)
    check_versions(data.get("match"))
    match = Match.load(data.get("match"))
    try:
        records = read_journal(path, data.get("journal"))
    except JournalDamage as damage:
        if not accept_damage:
            raise
        log.warning("%s: continuing from the last good action, as asked", damage)
        records = damage.good
    for record in records:
        if record["v"] != match.version + 1 or not match.submit(record["seat"], record["action"]).ok:
            raise SnapshotError(_("the journal's action {number} does not follow its save").format(number=record["v"]))
    return data, match


def check_versions(match: Any) -> None:
    """Refuse, with ``OtherVersion`` saying what can be done, a Match save that another version of
    Linie wrote: a newer save format, a game this one does not have, or other rules of its game
    (newer: update; older: only the Linie that saved it resumes it). Anything else is left to
    ``Match.load``, which refuses damage."""
    if not isinstance(match, dict):
        return
    version, name, rules = match.get("version"), match.get("game"), match.get("rules_version")
    if type(version) is int and version > SAVE_VERSION:
        raise OtherVersion(_("saved by a newer Linie (game version {version}): update Linie to resume it").format(
            version=version))
    if not isinstance(name, str) or not isinstance(rules, str):
        return
    try:
        game = get_game(name)
    except UnknownGame:
        raise OtherVersion(_("a game of {game}, which this Linie does not have: a newer Linie may resume it").format(
            game=name[:32])) from None
    if rules == game.rules_version:
        return
    words = {"saved": rules[:16], "title": game.title, "ours": game.rules_version}
    saved, ours = version_number(rules), version_number(game.rules_version)
    if saved is not None and ours is not None and saved > ours:
        raise OtherVersion(_("saved with newer rules of {title} (version {saved}, this Linie plays {ours}): update "
                             "Linie to resume it").format(**words))
    if saved is not None and ours is not None:
        raise OtherVersion(_("saved with older rules of {title} (version {saved}, this Linie plays {ours}): an older "
                             "Linie resumes it").format(**words))
    raise OtherVersion(_("saved with other rules of {title} (version {saved}, this Linie plays {ours})").format(
        **words))
