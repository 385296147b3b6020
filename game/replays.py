"""Replays on this computer: reading one (from the replays folder or any path), listing the kept
ones, and the statistics the Statistics screen shows. Pure of pygame.

A replay is the JSON Lines file of ``docs/formats.md`` (``Match.replay_lines``). Files come from
anywhere ("Open file…" takes any path), so reading one trusts nothing: at most ``MAX_BYTES`` are
read, every line is checked for its shape, and anything wrong becomes a ``ReplayError`` whose
message says what, in a player's words. Whether the recorded actions really make the recorded game
is checked when it is played back (``game.playback``), through the game's own rules.
"""

from __future__ import annotations

import json
import math
import re
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.contract import is_int
from game.core.registry import GAMES, UnknownGame, get_game
from game.core.text import clean_text
from game.files import read_file, reason_in_words
from game.i18n import _, ngettext
from game.match import REPLAY_FORMAT, REPLAY_VERSION, SEAT_KINDS, SeatInfo
from game.outcome_words import seat_name, shared_win
from game.paths import replays_dir
from game.save_progress import bus_round_starts
from net.savefile import SEAL

MAX_BYTES = 8 * 1024 * 1024  # a 5-player Linie 1 replay is about 0.1 MB; nothing real comes near this
MAX_ACTIONS = 50_000
OLDEST_VERSION = 1  # version 1 lacks seat colours and the rules version: they default
SUFFIX = ".jsonl"
STAMP = re.compile(r"^(\d{8}-\d{6})-")
COUNTED_IN_ROUNDS = frozenset({"bus"})  # games whose players count rounds, not turns (save_progress reads them so)


class ReplayError(ValueError):
    """A file that cannot be shown as a replay; the message says why, for the player."""


class NewerReplay(ReplayError):
    """A replay a newer Linie wrote (a newer replay version, a game this one does not have): not
    damage, and the message says to update."""


@dataclass(frozen=True)
class Step:
    """One recorded action: who made it, what it was, and what it did (as recorded)."""

    seat: int
    action: dict[str, Any]
    events: list[dict[str, Any]]


@dataclass
class Replay:
    """A replay file read and checked for its shape (not yet played back)."""

    game: str
    title: str
    seed: int
    options: dict[str, Any]
    seats: list[SeatInfo]
    steps: list[Step]
    outcome: dict[str, Any] | None
    version: int = REPLAY_VERSION
    rules_version: str | None = None  # None: a version 1 replay, which did not say
    path: Path | None = None
    when: float = 0.0  # when the game ended (the file's name stamp, else its time)

    @property
    def players(self) -> list[str]:
        """The seats' names as every screen says them: "Anna (a bot stood in)" (``seat_name``)."""
        return [seat_name(seat.name, seat.stood_in) for seat in self.seats]

    @property
    def winners(self) -> list[int]:
        winners = (self.outcome or {}).get("winners")
        if not isinstance(winners, list):
            return []
        return [seat for seat in winners if is_int(seat) and 0 <= seat < len(self.seats)]

    @property
    def turn_starts(self) -> list[int]:
        """The action index each turn begins at: a turn is a run of actions by one seat."""
        return [index for index, step in enumerate(self.steps)
                if index == 0 or step.seat != self.steps[index - 1].seat]

    @property
    def turns(self) -> int:
        return len(self.turn_starts)

    @property
    def in_rounds(self) -> bool:
        """Whether its players count this game in rounds, not turns (Bus: 121 "turns" were 9 rounds)."""
        return self.game in COUNTED_IN_ROUNDS

    @property
    def round_starts(self) -> list[int]:
        """The action index each Bus round begins at, counted as a save's rounds are
        (``bus_round_starts``): from its first marker, the city's setup being no round."""
        return list(bus_round_starts((step.seat, step.action.get("type")) for step in self.steps))

    @property
    def rounds(self) -> int:
        return len(self.round_starts)

    @property
    def length(self) -> int:
        """How long the game was in the count its players keep: rounds (``in_rounds``), else turns."""
        return self.rounds if self.in_rounds else self.turns

    def result(self) -> str:
        """"Ada won", "Ada and Ben share the win", "a draw", "unfinished": as a list row says it."""
        if self.outcome is None:
            return _("unfinished")
        return result_in_words(self.outcome, self.players)


def length_words(count: int, in_rounds: bool = False) -> str:
    """"87 turns", "9 rounds": how long a game was, in the count its players keep. A turn is one
    player's go, counted over the whole table (``Replay.turns``: a run of actions by one seat), as the
    replay viewer's "Turn 12 of 87" and Saved games' "turn 87 · round 29" count; Bus counts rounds.
    The replays list, the statistics and Linie 1's results say it in these words."""
    if in_rounds:
        return ngettext("{count} round", "{count} rounds", count).format(count=count)
    return ngettext("{count} turn", "{count} turns", count).format(count=count)


def result_in_words(outcome: dict[str, Any], players: list[str]) -> str:
    """"Ada won", "Ada and Ben share the win", "a draw": an outcome as a list row says it (a kept
    replay's, and a finished game's that waits in its save)."""
    winners = outcome.get("winners")
    seats = [seat for seat in winners if is_int(seat) and 0 <= seat < len(players)] if isinstance(winners, list) else []
    names = [players[seat] for seat in seats]
    if not names:
        return _("a draw") if outcome.get("draw") else _("nobody won")
    if len(names) == 1:
        return _("{name} won").format(name=names[0])
    return shared_win(names)


# -- reading ----------------------------------------------------------------------------------------
def read_replay(path: Path) -> Replay:
    """The replay at ``path``; ReplayError saying what is wrong (missing, too big, not a replay,
    damaged, from a newer version, of an unknown game)."""
    try:
        if path.is_dir():
            raise ReplayError(_("{name} is a folder, not a replay file.").format(name=path.name))
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise ReplayError(
                _("{name} is {value:.1f} MB: too large to be a replay (at most {value2} MB are read).").format(
                    name=path.name, value=size / 1_048_576, value2=MAX_BYTES // 1_048_576
                )
            )
        body = read_file(path, MAX_BYTES)
    except FileNotFoundError:
        raise ReplayError(_("There is no file {path}.").format(path=path)) from None
    except OSError as error:
        raise ReplayError(
            _("{name} cannot be read: {value}.").format(name=path.name,
                                                        value=reason_in_words(error.strerror or str(error)))
        ) from None
    if len(body) > MAX_BYTES:
        raise ReplayError(_("{name} is too large to be a replay.").format(name=path.name))
    replay = parse_replay(body, path.name)
    replay.path = path
    replay.when = file_time(path)
    return replay


def parse_replay(body: bytes, name: str = "The file") -> Replay:
    """A replay from the bytes of its file (``name`` is how messages call it)."""
    if body.startswith(SEAL):
        raise ReplayError(
            _("{name} is a saved game, not a replay: Saved games on the title resumes it.").format(name=name)
        )
    try:
        text = body.decode("utf-8-sig")  # a BOM: a friend's file passed through an editor that writes one
    except UnicodeDecodeError:
        raise ReplayError(_("{name} is not a text file, so not a Linie replay.").format(name=name)) from None
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise ReplayError(_("{name} is empty.").format(name=name))
    header = _json(lines[0])
    if not isinstance(header, dict) or header.get("format") != REPLAY_FORMAT:
        raise ReplayError(_("{name} is not a Linie replay.").format(name=name))
    version = header.get("version")
    if not is_int(version) or version < OLDEST_VERSION:
        raise ReplayError(
            _("{name} has replay version {version!r}, which no version of Linie wrote.").format(
                name=name, version=version
            )
        )
    if version > REPLAY_VERSION:
        raise NewerReplay(_("{name} was made by a newer Linie (replay version {version}); this one reads versions "
                            "{oldest} to {newest}. Update Linie to watch it.").format(
            name=name, version=version, oldest=OLDEST_VERSION, newest=REPLAY_VERSION))
    replay = _header(header, name)
    if len(lines) - 2 > MAX_ACTIONS:
        raise ReplayError(
            _("{name} holds more than {MAX_ACTIONS} actions: no real game is that long.").format(
                name=name, MAX_ACTIONS=MAX_ACTIONS
            )
        )
    ended = False
    for number, line in enumerate(lines[1:], start=2):
        if ended:
            raise ReplayError(
                _("{name} is damaged: line {number} follows the game's result.").format(name=name, number=number)
            )
        entry = _json(line)
        if entry is None:
            raise ReplayError(
                _("{name} is damaged at line {number}: it is cut short or not JSON.").format(name=name, number=number)
            )
        if isinstance(entry, dict) and "outcome" in entry:
            outcome = entry["outcome"]
            if outcome is not None and not isinstance(outcome, dict):
                raise ReplayError(
                    _("{name} is damaged: its result (line {number}) is not readable.").format(name=name, number=number)
                )
            replay.outcome = outcome
            ended = True
            continue
        replay.steps.append(_step(entry, len(replay.steps) + 1, len(replay.seats), name, number))
    if not ended:
        raise ReplayError(
            _("{name} ends after action {len} without the game's result: it was cut short.").format(
                name=name, len=len(replay.steps)
            )
        )
    return replay


def _json(line: str) -> Any:
    """The line's value, or None for anything that is not JSON (NaN and infinities included)."""

    def refuse(constant: str) -> Any:
        raise ValueError(constant)

    try:
        return json.loads(line, parse_constant=refuse)
    except (ValueError, RecursionError):
        return None


def _header(header: dict[str, Any], name: str) -> Replay:
    game_name = header.get("game")
    try:
        game = get_game(game_name) if isinstance(game_name, str) else None
    except UnknownGame:
        game = None
    if game is None:
        shown = clean_text(game_name, 40) if isinstance(game_name, str) else "?"
        raise (NewerReplay if isinstance(game_name, str) else ReplayError)(
            _("{name} records a game this version of Linie does not know (“{shown}”).").format(name=name, shown=shown)
        )
    seed, options, seats = header.get("seed"), header.get("options", {}), header.get("seats")
    if not is_int(seed) or not isinstance(options, dict):
        raise ReplayError(_("{name} is damaged: its seed or options are missing.").format(name=name))
    if not isinstance(seats, list) or not game.min_players <= len(seats) <= game.max_players:
        raise ReplayError(
            _(
                "{name} is damaged: {title} takes {min_players} to {max_players} players, and its seats do not say so."
            ).format(name=name, title=game.title, min_players=game.min_players, max_players=game.max_players)
        )
    infos = []
    for index, seat in enumerate(seats):
        if (
            not isinstance(seat, dict)
            or not isinstance(seat.get("name"), str)
            or seat.get("kind", "human") not in SEAT_KINDS
        ):
            raise ReplayError(_("{name} is damaged: seat {value} is not readable.").format(name=name, value=index + 1))
        colour = seat.get("colour", index)  # version 1 kept no colours: each seat its own
        level = seat.get("level", "normal")
        infos.append(
            SeatInfo(
                clean_text(seat["name"], 40) or _("Seat {number}").format(number=index + 1),
                seat.get("kind", "human"),
                clean_text(level, 20) if isinstance(level, str) else "normal",
                colour if is_int(colour) and 0 <= colour < 64 else index,
                seat.get("stood_in") is True,  # a bot made some of this person's moves (said only when so)
            )
        )
    rules = header.get("rules_version")
    return Replay(
        game.name,
        game.title,
        seed,
        options,
        infos,
        [],
        None,
        header["version"],
        rules if isinstance(rules, str) else None,
    )


def _step(entry: Any, n: int, seats: int, name: str, number: int) -> Step:
    if not isinstance(entry, dict) or entry.get("n") != n:
        raise ReplayError(
            _("{name} is damaged at line {number}: action {n} was expected there.").format(
                name=name, number=number, n=n
            )
        )
    seat, action, events = entry.get("seat"), entry.get("action"), entry.get("events", [])
    if not is_int(seat) or not 0 <= seat < seats:
        raise ReplayError(
            _("{name} is damaged at line {number}: action {n} names no seat of the table.").format(
                name=name, number=number, n=n
            )
        )
    if (
        not isinstance(action, dict)
        or not isinstance(events, list)
        or not all(isinstance(event, dict) for event in events)
    ):
        raise ReplayError(
            _("{name} is damaged at line {number}: action {n} is not readable.").format(name=name, number=number, n=n)
        )
    return Step(seat, action, events)


def file_time(path: Path) -> float:
    """When a kept game ended: the stamp of its name (it survives copying), else the file's time."""
    found = STAMP.match(path.name)
    if found:
        try:
            return time.mktime(time.strptime(found.group(1), "%Y%m%d-%H%M%S"))
        except (ValueError, OverflowError):
            pass
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


# -- the kept replays -------------------------------------------------------------------------------
@dataclass(frozen=True)
class KeptReplay:
    """One file of the replays folder as the list shows it: its replay, or why it cannot be read."""

    path: Path
    when: float
    replay: Replay | None = None
    problem: str = ""
    newer: bool = False  # not damaged: a newer Linie wrote it (the problem says to update)


def list_replays(folder: Path | None = None) -> list[KeptReplay]:
    """Every replay in the folder, newest first; a damaged one is listed (last) with its problem."""
    folder = folder or replays_dir()
    try:
        paths = [path for path in folder.iterdir() if path.name.endswith(SUFFIX) and path.is_file()]
    except OSError:
        return []
    kept = [_kept(path) for path in paths]
    present = set(paths)
    for gone in [path for path in _READ if path.parent == folder and path not in present]:
        del _READ[gone]
    return sorted(kept, key=lambda item: (item.replay is not None, item.when), reverse=True)


_READ: dict[Path, tuple[tuple[int, int], KeptReplay]] = {}  # path -> (its stamp when read, what it held)


def _kept(path: Path) -> KeptReplay:
    """``path`` read, or as it was read before while its size and time are unchanged: the list is
    opened again after every replay watched, and a folder of hundreds of games takes a second to read."""
    try:
        status = path.stat()
        stamp = (status.st_mtime_ns, status.st_size)
    except OSError:
        stamp = (-1, -1)
    known = _READ.get(path)
    if known is not None and known[0] == stamp and stamp[0] >= 0:
        return known[1]
    try:
        replay = read_replay(path)
    except ReplayError as error:
        item = KeptReplay(path, file_time(path), problem=str(error), newer=isinstance(error, NewerReplay))
    else:
        item = KeptReplay(path, replay.when, replay)
    _READ[path] = (stamp, item)
    return item


def delete_replay(path: Path) -> str | None:
    """Remove a kept replay; why not, in words (None: gone)."""
    try:
        path.unlink()
    except FileNotFoundError:
        return None
    except OSError as error:
        return _("Could not delete {name}: {value}.").format(name=path.name,
                                                             value=reason_in_words(error.strerror or str(error)))
    return None


# -- statistics -------------------------------------------------------------------------------------
@dataclass
class Record:
    """A best figure and whose it is: the longest trip, a game's best score."""

    value: float
    name: str
    title: str
    when: float


@dataclass
class GameFigures:
    """One game's line of the statistics."""

    game: str
    title: str
    played: int = 0
    turns: int = 0  # over every game played; rounds for a game counted in rounds (``Replay.in_rounds``)
    actions: int = 0
    best_score: Record | None = None

    @property
    def average_turns(self) -> float:
        return self.turns / self.played if self.played else 0.0


@dataclass
class PlayerFigures:
    """One player name's line: games played and won, over every game."""

    name: str
    played: int = 0
    won: int = 0
    bot: bool = True  # every time this name played, it was a bot


@dataclass
class Stats:
    games: list[GameFigures] = field(default_factory=list)
    players: list[PlayerFigures] = field(default_factory=list)
    longest_trip: Record | None = None  # in squares, from the trips the games' events record
    total: int = 0


def compute_stats(replays: Iterable[Replay]) -> Stats:
    """The Statistics screen's figures from finished games' replays (unfinished ones are left out).

    Player names are matched ignoring case and surrounding space, so "ada" and "Ada " are one
    player. A trip is a ``trip`` event that gives its ``route`` (Linie 1's), of a seat that won: the
    others never rode theirs to the end, and the screen says "ridden by"; a best score is the
    highest of an outcome's ``scores``.
    """
    games: dict[str, GameFigures] = {}
    players: dict[str, PlayerFigures] = {}
    stats = Stats()
    for replay in replays:
        if replay.outcome is None:
            continue
        stats.total += 1
        figures = games.setdefault(replay.game, GameFigures(replay.game, replay.title))
        figures.played += 1
        figures.turns += replay.length
        figures.actions += len(replay.steps)
        winners = set(replay.winners)
        for seat, info in enumerate(replay.seats):
            player = players.setdefault(info.name.strip().casefold(), PlayerFigures(info.name.strip()))
            player.played += 1
            player.won += seat in winners
            player.bot = player.bot and info.kind == "bot"
        scores = replay.outcome.get("scores")
        if isinstance(scores, list):
            for seat, score in enumerate(scores[: len(replay.seats)]):
                if _number(score) and (figures.best_score is None or score > figures.best_score.value):
                    figures.best_score = Record(score, replay.players[seat], replay.title, replay.when)
        for step in replay.steps:
            for event in step.events:
                route, seat = event.get("route"), event.get("seat")
                if (
                    event.get("type") != "trip"
                    or not isinstance(route, list)
                    or not is_int(seat)
                    or not 0 <= seat < len(replay.seats)
                    or seat not in winners  # a trip counts once ridden to its end: the winner's
                ):
                    continue
                if stats.longest_trip is None or len(route) > stats.longest_trip.value:
                    stats.longest_trip = Record(len(route), replay.players[seat], replay.title, replay.when)
    order = {name: index for index, name in enumerate(GAMES)}  # the menu's order
    stats.games = sorted(games.values(), key=lambda item: (order.get(item.game, len(order)), item.game))
    stats.players = sorted(players.values(), key=lambda item: (-item.won, -item.played, item.name.casefold()))
    return stats


def _number(value: Any) -> bool:
    return (is_int(value) or isinstance(value, float)) and math.isfinite(value)
