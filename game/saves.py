"""The saved games of this computer: every unfinished game played or hosted from here.

Each game autosaves into the saves folder (``game.paths.saves_dir``) from its first action on,
with the host's own code (``net.autosave``): a game on one screen as a ``linie-local-save``, a LAN
table hosted from the game as a ``linie-host-save`` (seats, tokens and all, as ``linie-host``
writes). The title's Continue resumes the newest game under way; the Saved games screen lists them
all. A finished game leaves its replay in the replays folder instead of a save; one whose replay
could not be written yet (a full disk) waits in its save, listed as finished with its result, and
opening it shows its results and keeps the replay then.

Reading a save for the list never loads its game: what the list shows (the game's title, the
players, how far it got in its players' count: ``game.save_progress``, and when its last move was
saved) is read from the save itself and its journal. Whether the save's rules are this Linie's is
asked of the game's rules (importing them): by the Saved games screen for every save, by the title
for Continue's game alone (``list_saves(rules=False)``, then ``to_continue``).
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from game.core import registry
from game.core.contract import SnapshotError
from game.core.registry import UnknownGame, get_game
from game.core.text import clean_text
from game.i18n import _, language
from game.match import Match
from game.outcome_words import seat_name
from game.paths import saves_dir
from game.replay_writer import keep_replay
from game.replays import result_in_words
from game.save_progress import Progress, progress_in_words, read_progress
from net.autosave import check_versions, load_saved
from net.savefile import (
    HOST_SAVE_FORMAT,
    HOST_SAVE_VERSION,
    LOCAL_SAVE_FORMAT,
    InUse,
    JournalDamage,
    OtherVersion,
    SaveLock,
    check_not_in_use,
    journal_path,
    read_journal,
    read_save,
    remove_save,
)

log = logging.getLogger("linie.saves")

SAVE_SUFFIX = ".save"
FORMATS = (LOCAL_SAVE_FORMAT, HOST_SAVE_FORMAT)
KINDS = {LOCAL_SAVE_FORMAT: "local", HOST_SAVE_FORMAT: "hosted"}


@dataclass(frozen=True)
class SavedGame:
    """One save as the list shows it. ``problem`` says why it cannot be resumed (it can still be
    deleted); ``turn`` counts the actions played, ``progress`` how far the game got as its players
    count (None: not known)."""

    path: Path
    kind: str = ""  # local (one screen) or hosted (a LAN table hosted from here)
    game: str = ""
    title: str = ""
    players: list[str] = field(default_factory=list)
    turn: int = 0
    when: float = 0.0  # when its last move was saved (seconds since the epoch)
    table: str = ""  # a hosted table's name
    problem: str = ""
    other_version: bool = False  # sound, but another version of Linie saved it: the problem says which and what to do
    in_use: bool = False  # another Linie plays it right now (a second window, linie-host): hands off until it closes
    good_until: int | None = None  # the journal is damaged after this action: the game may go on from it
    outcome: dict[str, Any] | None = None  # the game is over: it waits here only for its replay to be kept
    progress: Progress | None = None
    options: dict[str, Any] = field(default_factory=dict)  # the table's options (Linie 1's trip rule)

    @property
    def resumable(self) -> bool:
        return not self.problem

    @property
    def finished(self) -> bool:
        """The game is over: opening it shows its results (and keeps its replay), there is no move left."""
        return self.outcome is not None and self.resumable

    def result(self) -> str:
        """"Ada won", "a draw": a finished game's result, as its row says it."""
        return result_in_words(self.outcome or {}, self.players)

    @property
    def continuable(self) -> bool:
        """Damaged, but it may go on from its last good action."""
        return self.good_until is not None

    def how_far(self) -> str:
        """"turn 12 · round 3", "5 of 16 tiles placed": how far the game got, as its players count."""
        return progress_in_words(self.progress, self.turn)

    def summary(self, rule: str = "") -> str:
        """"Linie 1 · Three dice · Ada, Bot 2, Bot 3 · turn 12 · round 3", as a menu line says it
        (``rule``: the rule the Saved games row names beside the game, ``game.scenes.saved.rule_words``)."""
        named = f"{self.title or self.game} · {rule}" if rule else self.title or self.game
        where = " · " + _("LAN table “{table}”").format(table=self.table) if self.kind == "hosted" else ""
        return f"{named}{where} · {', '.join(self.players)} · {self.how_far()}"


def new_save_path(game: str, folder: Path | None = None) -> Path:
    """A fresh file name for a game starting now: its time and game, never an existing file's."""
    folder = folder or saves_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for attempt in range(1000):
        path = folder / f"{stamp}-{game}{f'-{attempt}' if attempt else ''}{SAVE_SUFFIX}"
        if not path.exists():
            return path
    raise OSError("no free save name")  # a thousand games started within one second


def local_snapshot(match: Match, moved: float | None = None) -> dict[str, Any]:
    """A game on one screen, as its autosave keeps it; a finished one says its outcome, so the list
    can show the result without loading the game. ``moved``: when its last move was made (a save
    written on resuming, before any move, keeps the time of the move before)."""
    snapshot = {"format": LOCAL_SAVE_FORMAT, "version": HOST_SAVE_VERSION, "title": match.game.title,
                "match": match.save()}
    if moved is not None:
        snapshot["moved"] = moved
    if (outcome := match.outcome()) is not None:
        snapshot["outcome"] = outcome
    return snapshot


def list_saves(folder: Path | None = None, rules: bool = True) -> list[SavedGame]:
    """Every save in the folder, newest first; a damaged one is listed (last) with its problem.
    ``rules``: each game's rules are asked whether the save's are theirs (importing each game
    saved: the Saved games screen); without, only what the saves say (the title, which needs
    ``to_continue`` alone)."""
    folder = folder or saves_dir()
    try:
        paths = [path for path in folder.iterdir() if path.name.endswith(SAVE_SUFFIX) and path.is_file()]
    except OSError:
        return []
    read = {path: _summary_as_now(path, rules) for path in paths}
    _read_before.clear()  # only the saves still there are kept
    _read_before.update({path: found for path, found in read.items() if found[0] is not None})
    games = [found[1] for found in read.values()]
    return sorted(games, key=lambda game: (game.resumable or game.continuable, game.when), reverse=True)


# Each save's summary as last read, with what it was read from (``_stamp``): a list shown while
# another Linie plays a game reads again every few seconds, and only the save that changed need be
# read again (30 saves took ~48 ms, a frame's hitch each time).
_read_before: dict[Path, tuple[tuple[Any, ...] | None, SavedGame]] = {}


def forget_read() -> None:
    """Forget every summary read: the next list reads every save (a benchmark of a first look)."""
    _read_before.clear()


def _stamp(path: Path, rules: bool) -> tuple[Any, ...] | None:
    """All a save's summary follows from but its bytes: the save's and its journal's file (a save is
    written anew and renamed into place: a new file), time and size, whether another Linie plays it,
    the rules asked and the language of its words (None: unreadable)."""
    try:
        save = path.stat()
    except OSError:
        return None
    try:
        journal = journal_path(path).stat()
        kept: tuple[int, int, int] | None = (journal.st_ino, journal.st_mtime_ns, journal.st_size)
    except OSError:
        kept = None
    return (save.st_ino, save.st_mtime_ns, save.st_size, kept, SaveLock.held_elsewhere(path), rules, language())


def _summary_as_now(path: Path, rules: bool) -> tuple[tuple[Any, ...] | None, SavedGame]:
    stamp = _stamp(path, rules)
    before = _read_before.get(path)
    if stamp is not None and before is not None and before[0] == stamp:
        return before
    return stamp, read_summary(path, rules)


RECHECK = 2.0  # seconds between a shown list's looks at the folder (``folder_state``): another Linie may change it


def folder_state(folder: Path | None = None) -> tuple[tuple[str, int, int, bool], ...]:
    """What the saves folder holds now, cheaply (no save read): each save's and journal's name, time
    and size, and whether another Linie plays each save. A screen that shows the saves (the title's
    Continue, Saved games) reads them again when this changes: another window or a LAN host that
    ended may write, delete or let go of a save while the screen is shown; its time is in
    nanoseconds, so two moves within one second still differ."""
    folder = folder or saves_dir()
    state = []
    try:
        entries = list(folder.iterdir())
    except OSError:
        return ()
    for path in entries:
        if not path.name.endswith((SAVE_SUFFIX, journal_path(path.with_name(SAVE_SUFFIX)).name)):  # a save, a journal
            continue
        try:
            status = path.stat()
        except OSError:
            continue
        played = path.name.endswith(SAVE_SUFFIX) and SaveLock.held_elsewhere(path)
        state.append((path.name, status.st_mtime_ns, status.st_size, played))
    return tuple(sorted(state))


def to_continue(games: list[SavedGame]) -> SavedGame | None:
    """What Continue brings back of ``games`` (newest first): the newest game under way that can be
    resumed (a finished game has no move left; Saved games shows its results), its rules asked."""
    for game in games:
        if game.resumable and not game.finished and (checked := read_summary(game.path)).resumable:
            return checked
    return None


def latest(folder: Path | None = None) -> SavedGame | None:
    """What Continue brings back: ``to_continue`` of the saves in the folder."""
    return to_continue(list_saves(folder, rules=False))


def file_time(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def last_move_time(path: Path, data: dict[str, Any], records: list[dict[str, Any]]) -> float:
    """When the save's last move was saved. Between full saves (every hundred actions) a move is
    only appended to the journal, so the full save's file time lags behind: the journal's time is
    the last move's while it holds any. A full save written with no move since (a game resumed)
    says when the move before it was made (``moved``, a game on one screen's); else its file time."""
    if records:
        return max(file_time(journal_path(path)), file_time(path))
    moved = data.get("moved")
    if (type(moved) is float or type(moved) is int) and 0 < moved <= file_time(path):
        return float(moved)
    return file_time(path)


def last_move_saved(path: Path) -> float | None:
    """When the last move of the save at ``path`` was saved; None when there is no readable save."""
    try:
        data = read_save(path, FORMATS)
        try:
            records = read_journal(path, data.get("journal"))
        except JournalDamage as damage:
            records = damage.good
    except SnapshotError:
        return None
    return last_move_time(path, data, records)


def read_summary(path: Path, rules: bool = True) -> SavedGame:
    """What the list shows of one save, read without loading its game (``rules``: asking its game's
    rules whether the save's are theirs, which imports them)."""
    when = file_time(path)
    good_until: int | None = None
    try:
        data = read_save(path, FORMATS)
        try:
            records = read_journal(path, data.get("journal"))
        except JournalDamage as damage:
            records, good_until = damage.good, len(damage.good)
        match = data.get("match")
        seats = match.get("seats") if isinstance(match, dict) else None
        version = match.get("match_version") if isinstance(match, dict) else None
        if not isinstance(seats, list) or type(version) is not int:
            raise SnapshotError(_("{path} holds no game").format(path=path))
        # a hosted lobby's open seat is nobody's yet: "Ada, Cid, Open seat", not a player called "Seat 3"
        players = [(_("Open seat") if seat.get("kind") == "open"
                    else seat_name(clean_text(str(seat.get("name", "?")), 40), seat.get("stood_in") is True))
                   if isinstance(seat, dict) else "?" for seat in seats]
        table = data.get("table") if isinstance(data.get("table"), dict) else {}
        game = str(match.get("game", ""))
        title = data.get("title") if isinstance(data.get("title"), str) else _title_of(game, rules)
        saved = SavedGame(
            path,
            KINDS[data["format"]],
            game,
            clean_text(title, 40),
            players,
            version + len(records),
            last_move_time(path, data, records),
            clean_text(table.get("name", ""), 64),
            outcome=finished_outcome(data, match),
            progress=read_progress(game, match, records),
            options=dict(match["options"]) if isinstance(match.get("options"), dict) else {},
        )
        try:
            check_versions(match, rules)
            check_not_in_use(path)
        except OtherVersion as error:
            return replace(saved, problem=_in_words(path, error), other_version=True)
        except InUse as error:
            return replace(saved, problem=_in_words(path, error), in_use=True)
        if good_until is not None:
            good_until += version
            problem = _("its journal is damaged after action {good_until}: later actions are lost").format(
                good_until=good_until
            )
            return replace(saved, problem=problem, good_until=good_until)
        return saved
    except SnapshotError as error:
        return SavedGame(path, when=when, title=path.name, problem=_in_words(path, error),
                         other_version=isinstance(error, OtherVersion))


def _title_of(game: str, rules: bool) -> str:
    """The title of a save's game where the save does not say it (hosted tables' saves from before
    titles were kept): "Linie 1", not "linie1", once the game's rules are asked anyway (``rules``)."""
    if rules and game in registry.GAMES:
        try:
            return get_game(game).title
        except UnknownGame:
            pass
    return game or "?"


def finished_outcome(data: dict[str, Any], match: dict[str, Any]) -> dict[str, Any] | None:
    """The outcome of a save that holds a game already over (None: under way). A game on one screen
    writes it into its save; a hosted table says its phase, and its full save at the game's end
    holds the final position, whose outcome the game reads (only for such a save: the list loads no
    game otherwise)."""
    if data["format"] == LOCAL_SAVE_FORMAT:
        outcome = data.get("outcome")
        return outcome if isinstance(outcome, dict) else None
    table = data.get("table")
    if not isinstance(table, dict) or table.get("phase") != "over":
        return None
    try:
        return Match.load(match).outcome()
    except SnapshotError:
        return None


def _in_words(path: Path, error: SnapshotError) -> str:
    """A loader's message as a sentence of its own, the file's full path (the row already names the
    file) said as "the file" or "the save's journal"."""
    words = str(error).replace(str(journal_path(path)), _("the save's journal")).replace(str(path), _("the file"))
    words = words or _("the file is damaged")
    return words[:1].upper() + words[1:]


def refusal(path: Path, error: SnapshotError) -> str:
    """What the player is told when ``path`` cannot be resumed."""
    if isinstance(error, JournalDamage):
        last = error.good[-1]["v"] if error.good else None
        where = _("after action {last}").format(last=last) if last is not None else _("from its first action on")
        return _("This save is damaged {where}: continue from there, or delete it.").format(where=where)
    return _("This save cannot be resumed. {in_words}.").format(in_words=_in_words(path, error))


def in_use(path: Path) -> bool:
    """Another Linie plays the save at ``path`` right now."""
    return SaveLock.held_elsewhere(path)


def load_local(path: Path, accept_damage: bool = False) -> Match:
    """The game on one screen saved at ``path``, every journaled action replayed."""
    return load_saved(path, (LOCAL_SAVE_FORMAT,), accept_damage)[1]


def delete(path: Path) -> str | None:
    """Remove a save and its journal; why not, in words (None: gone)."""
    return remove_save(path)


def retire_save(path: Path, match: Match, phase: str, replay_kept: bool = False) -> None:
    """A table hosted from here has closed: a finished game trades its save for its replay (kept
    now, unless ``replay_kept`` already as its results opened), and a table closed in the lobby
    before anyone moved leaves nothing to come back to. Any other stays: Saved games brings the
    table back. A finished game whose replay cannot be written (a full disk) keeps its save:
    resumed later, the table keeps the replay then."""
    if phase == "over" or match.finished:
        if replay_kept or keep_replay(match) is not None:
            delete(path)
    elif phase == "lobby" and match.version == 0:
        delete(path)
