"""The authority over one game in progress: seats, versions, the log, and each seat's own view.

A local game runs a Match in-process; a LAN game runs the same Match inside ``net.host``. Nothing
outside the core touches the game state: intents go in through ``submit``; views and filtered
events come out through ``view`` and ``events_for``.
"""

from __future__ import annotations

import copy
import hashlib
import json
import pickle
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from game.core.contract import Action, Event, GameDefinition, Rejection, SnapshotError, View, is_int
from game.core.registry import UnknownGame, get_game
from game.core.shapes import shape_problem
from game.i18n import _

SAVE_FORMAT = "linie-save"
SAVE_VERSION = 1
REPLAY_FORMAT = "linie-replay"
REPLAY_VERSION = 2  # 2 added rules_version and each seat's level and colour; 1 still opens

SEAT_KINDS = ("human", "bot", "open")


@dataclass
class SeatInfo:
    """Who sits in a seat. ``kind`` is human, bot or open (a LAN seat nobody has claimed yet).
    ``stood_in``: a bot made some of this human's moves in this game (a LAN player away, or let go
    by the host); the seat is still theirs, and every screen names it so (``outcome_words.seat_name``)."""

    name: str
    kind: str = "human"
    level: str = "normal"
    colour: int = 0
    stood_in: bool = False

    def to_dict(self) -> dict[str, Any]:
        said = {"name": self.name, "kind": self.kind, "level": self.level, "colour": self.colour}
        if self.stood_in:  # said only when so: a game no bot stood in for writes what it always wrote
            said["stood_in"] = True
        return said

    @classmethod
    def from_dict(cls, data: Any) -> SeatInfo:
        if not isinstance(data, dict) or not isinstance(data.get("name"), str):
            raise SnapshotError("a seat needs a name")
        kind = data.get("kind", "human")
        if kind not in SEAT_KINDS:
            raise SnapshotError(f"unknown seat kind {kind!r}")
        level = data.get("level", "normal")
        colour = data.get("colour", 0)
        stood_in = data.get("stood_in", False)
        if not isinstance(level, str) or not is_int(colour) or not isinstance(stood_in, bool):
            raise SnapshotError("bad seat level, colour or stand-in")
        return cls(data["name"], kind, level, colour, stood_in)


@dataclass
class Change:
    """One applied action: what ``Match.submit`` hands to its listeners."""

    version: int
    seat: int
    action: Action
    events: list[Event]


@dataclass
class Submission:
    """The answer to ``submit``: the events on success, the rejection otherwise."""

    events: list[Event] = field(default_factory=list)
    rejection: Rejection | None = None

    @property
    def ok(self) -> bool:
        return self.rejection is None


def plain_copy(value: Any) -> Any:
    """A deep copy of plain data (actions, events), made in C: four times quicker than
    ``copy.deepcopy``, which matters on the host's path from an intent to the players' views."""
    return pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))


def view_hash(view: View) -> str:
    """SHA-256 of a view's canonical bytes: host and client compare it to detect a desync."""
    return hashlib.sha256(canonical_bytes(view)).hexdigest()


def canonical_bytes(value: Any) -> bytes:
    """Compact JSON with every map's keys sorted, so equal values always give equal bytes.

    Views are JSON-safe by contract (string keys, plain values), and the json module sorts keys
    in C: many times faster than sorting them in Python, which matters since the host hashes every
    seat's view after every change.
    """
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False).encode("utf-8")


class Match:
    """One game in progress. Not thread-safe: the owner serialises calls (the host's event loop)."""

    def __init__(
        self,
        game: GameDefinition | str,
        seats: list[SeatInfo],
        seed: int,
        options: dict[str, Any] | None = None,
    ) -> None:
        self.game = get_game(game) if isinstance(game, str) else game
        if not self.game.min_players <= len(seats) <= self.game.max_players:
            raise ValueError(
                f"{self.game.title} takes {self.game.min_players}-{self.game.max_players} players"
            )
        self.seats = list(seats)
        self.seed = seed
        self.options = {**self.game.default_options(), **(options or {})}
        self.state = self.game.setup(len(seats), seed, self.options)
        self.version = 0
        self.log: list[dict[str, Any]] = []
        self._listeners: list[Callable[[Change], None]] = []
        self._seats_view: tuple[tuple[Any, ...], list[dict[str, Any]]] = ((), [])

    # -- intents -------------------------------------------------------------------------------
    def submit(self, seat: int, action: Any) -> Submission:
        """Check and apply one intent from ``seat``; a refusal changes nothing."""
        rejection = self.check(seat, action)
        if rejection is not None:
            return Submission(rejection=rejection)
        events = self.game.apply(self.state, seat, action, checked=True)
        self.version += 1
        self._record(seat, action, events)
        change = Change(self.version, seat, action, events)
        for listener in list(self._listeners):
            listener(change)
        return Submission(events=events)

    def check(self, seat: Any, action: Any) -> Rejection | None:
        """The rejection ``submit`` would give, without applying anything."""
        if not is_int(seat) or not 0 <= seat < len(self.seats):
            return Rejection("match.no_such_seat", "There is no such seat at this table.")
        if self.game.outcome(self.state) is not None:
            return Rejection("match.game_over", "The game is over.")
        if seat not in self.game.to_act(self.state):
            return Rejection("match.not_your_turn", "It is not your turn.")
        malformed = shape_problem(self.game.action_shapes, action)
        if malformed is not None:
            return Rejection("match.malformed_action", malformed)
        return self.game.check(self.state, seat, action)

    def _record(self, seat: int, action: Action, events: list[Event]) -> None:
        # An undo retracts this seat's last logged action: replays never show undone actions.
        if any(event.get("type") == "undo" for event in events):
            for index in range(len(self.log) - 1, -1, -1):
                if self.log[index]["seat"] == seat:
                    del self.log[index]
                    break
            return
        action, events = plain_copy((action, events))  # one copy of both
        self.log.append({"n": len(self.log) + 1, "seat": seat, "action": action, "events": events})

    def add_listener(self, listener: Callable[[Change], None]) -> None:
        self._listeners.append(listener)

    def remove_listener(self, listener: Callable[[Change], None]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    # -- what each seat may see -------------------------------------------------------------------
    def to_act(self) -> list[int]:
        return self.game.to_act(self.state)

    def view(self, seat: int | None) -> View:
        """What ``seat`` may know (None: a spectator), with the match's own public facts."""
        return self.views((seat,))[seat]

    def views(self, seats: Iterable[int | None]) -> dict[int | None, View]:
        """``view`` of several seats at once: what they all see is built once and shared."""
        found = self.game.views(self.state, seats)
        facts = {
            "version": self.version,
            "game": self.game.name,
            "seats": self._seats_facts(),
            "to_act": self.game.to_act(self.state),
        }
        for view in found.values():
            view["match"] = facts
        return found

    def _seats_facts(self) -> list[dict[str, Any]]:
        """The seats as views show them: the same list while no seat changes (a host diffs it
        only when one does)."""
        key = tuple((info.name, info.kind, info.level, info.colour, info.stood_in) for info in self.seats)
        if key != self._seats_view[0]:
            self._seats_view = (key, [info.to_dict() for info in self.seats])
        return self._seats_view[1]

    def events_for(self, change: Change, seat: int | None) -> list[Event]:
        """The events of ``change`` as ``seat`` may see them (secrets filtered by the game)."""
        shown = []
        for event in change.events:
            filtered = self.game.view_event(self.state, event, seat)
            if filtered is not None:
                shown.append(filtered)
        return shown

    def outcome(self) -> dict[str, Any] | None:
        return self.game.outcome(self.state)

    @property
    def finished(self) -> bool:
        return self.outcome() is not None

    # -- saves and replays -----------------------------------------------------------------------
    def save(self) -> dict[str, Any]:
        """Everything needed to resume: the full host-side state and the log.

        Log entries were copied when recorded and are never changed afterwards, so the save shares
        them rather than copying the whole log on every autosave; treat the result as read-only.
        """
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game.name,
            "rules_version": self.game.rules_version,
            "seed": self.seed,
            "options": copy.deepcopy(self.options),
            "seats": [info.to_dict() for info in self.seats],
            "match_version": self.version,
            "state": self.game.snapshot(self.state),
            "log": list(self.log),
        }

    @classmethod
    def load(cls, data: Any) -> Match:
        """Rebuild a match from ``save()``; anything malformed raises SnapshotError."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SnapshotError(_("not a Linie save"))
        if data.get("version") != SAVE_VERSION:
            raise SnapshotError(_("save format version {version!r} is not supported").format(
                version=data.get("version")))
        try:
            game = get_game(data.get("game"))  # type: ignore[arg-type]
        except (UnknownGame, TypeError):
            raise SnapshotError(_("unknown game {game!r}").format(game=data.get("game"))) from None
        if data.get("rules_version") != game.rules_version:
            raise SnapshotError(_("the save was made with other rules"))
        seats_data = data.get("seats")
        if not isinstance(seats_data, list):
            raise SnapshotError(_("a save needs its seats"))
        seed, version, log, options = (
            data.get("seed"),
            data.get("match_version"),
            data.get("log"),
            data.get("options"),
        )
        if not is_int(seed) or not is_int(version) or version < 0:
            raise SnapshotError(_("bad seed or version"))
        if not isinstance(log, list) or not isinstance(options, dict):
            raise SnapshotError(_("bad log or options"))
        match = cls.__new__(cls)
        match.game = game
        match.seats = [SeatInfo.from_dict(item) for item in seats_data]
        if not game.min_players <= len(match.seats) <= game.max_players:
            raise SnapshotError(_("wrong number of seats"))
        match.seed = seed
        match.options = options
        try:
            match.state = game.restore(data.get("state"))
        except SnapshotError:
            raise
        except Exception as error:  # a corrupt snapshot must never crash the caller
            raise SnapshotError(_("corrupt game state: {error}").format(error=error)) from error
        match.version = version
        match.log = log
        match._listeners = []
        match._seats_view = ((), [])
        return match

    def replay_header(self) -> dict[str, Any]:
        """The replay's first line: enough to deal the same game again (``game.replays`` reads it)."""
        return {
            "format": REPLAY_FORMAT,
            "version": REPLAY_VERSION,
            "game": self.game.name,
            "rules_version": self.game.rules_version,
            "seed": self.seed,
            "options": copy.deepcopy(self.options),
            "seats": [
                {
                    "name": info.name,
                    "kind": "human" if info.kind == "open" else info.kind,
                    "level": info.level,
                    "colour": info.colour,
                    **({"stood_in": True} if info.stood_in else {}),  # a bot made some of this person's moves
                }
                for info in self.seats
            ],
        }

    def replay_lines(self) -> list[dict[str, Any]]:
        """The replay of DESIGN.md as a list of JSON-ready lines (header, actions, outcome)."""
        lines: list[dict[str, Any]] = [self.replay_header()]
        lines.extend(self.log)
        lines.append({"outcome": self.outcome(), "secrets": self.game.secrets(self.state)})
        return lines
