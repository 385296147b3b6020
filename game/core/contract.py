"""The interface every game implements, and the small types it shares.

Modelled on boardgame.io's game definition, but plain Python: a game is an object with a handful
of functions over an opaque state. Actions, events and views are plain dicts (msgpack- and
JSON-safe) so they can cross the wire and land in replays without any class on the other side.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

Action = dict[str, Any]
Event = dict[str, Any]
View = dict[str, Any]


@dataclass(frozen=True)
class Rejection:
    """Why an action is refused: a stable ``code`` and the ``params`` a sentence about it needs (a
    row, a tile, a limit: plain numbers and strings), from which the client words it in the player's
    language (``game.refusal_words``). ``message`` is English for logs, bots' errors and
    developers; it is never what a player reads."""

    code: str
    message: str
    params: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.params:
            data["params"] = dict(self.params)
        return data


class RuleViolation(Exception):
    """Raised when ``apply`` is called with an action that ``check`` would refuse."""

    def __init__(self, rejection: Rejection) -> None:
        super().__init__(f"{rejection.code}: {rejection.message}")
        self.rejection = rejection


class SnapshotError(ValueError):
    """A snapshot (a save file) that cannot be restored: corrupt, truncated or from another game."""


def reject(game: str, code: str, message: str, **params: Any) -> Rejection:
    """Build a rejection whose code is namespaced by the game (``linie1.rule_b_into_building``)."""
    return Rejection(f"{game}.{code}", message, params)


def action_type(action: Any) -> str | None:
    """The ``type`` of an action dict, or None when the action is not a dict with a string type."""
    if isinstance(action, dict):
        kind = action.get("type")
        if isinstance(kind, str):
            return kind
    return None


def is_int(value: Any) -> bool:
    """True for a real int (bools are ints in Python, but never valid seat or row numbers)."""
    return isinstance(value, int) and not isinstance(value, bool)


@runtime_checkable
class GameDefinition(Protocol):
    """What every game module provides (see docs/architecture.md).

    ``state`` is opaque to everyone but the game itself. All randomness comes from an RNG held in
    the state, so a seed plus the list of applied actions reproduces a game bit for bit.
    """

    name: str  # "linie1", "linja", "liniell", "bus"
    title: str  # shown to people
    rules_version: str  # bumped whenever a rule changes; LAN peers must agree on it
    min_players: int
    max_players: int
    # The fields of each action type (game.core.shapes.Shape); Match refuses any other shape
    # (match.malformed_action) before ``check``: no unknown or missing fields, no NaN, no huge strings.
    action_shapes: Mapping[str, Any]
    # The fields of each event type it tells (game.core.shapes.EventFields): the wire pages list them
    # for clients written from the docs, and the tests hold every event made against them.
    event_fields: Mapping[str, Any]

    def default_options(self) -> dict[str, Any]: ...

    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> Any: ...

    def to_act(self, state: Any) -> list[int]: ...

    def legal(self, state: Any, seat: int) -> Iterable[Action]: ...

    def check(self, state: Any, seat: int, action: Any) -> Rejection | None: ...

    def apply(self, state: Any, seat: int, action: Action, *, checked: bool = False) -> list[Event]:
        """Apply a legal action; RuleViolation for an illegal one. ``checked``: the caller has just
        had ``check`` accept this action on this very state (Match.submit), so it is not judged twice."""

    def view(self, state: Any, seat: int | None) -> View: ...

    def views(self, state: Any, seats: Iterable[int | None]) -> dict[int | None, View]:
        """``view`` for several seats at once, equal to it seat by seat; what they all see is built
        once and is one object in every view (the host builds each change's views with it).
        Views are read-only: nobody may change one that was handed out."""

    def view_event(self, state: Any, event: Event, seat: int | None) -> Event | None: ...

    def outcome(self, state: Any) -> dict[str, Any] | None: ...

    def state_from_view(self, view: View) -> Any:
        """A state holding exactly what ``view`` shows, with what it hides filled in arbitrarily
        (tiles face down in any order, others' secret cards absent). Bots and tables ask the rules
        (``legal``, ``check``) about this state: the same rules the host applies, from only what a
        seat may know. It must never be played on as if it were the real game."""

    def snapshot(self, state: Any) -> dict[str, Any]: ...

    def restore(self, data: Any) -> Any: ...

    def secrets(self, state: Any) -> dict[str, Any]: ...


def views_one_by_one(game: GameDefinition, state: Any, seats: Iterable[int | None]) -> dict[int | None, View]:
    """``GameDefinition.views`` for a game whose views share little: each seat's ``view``."""
    return {seat: game.view(state, seat) for seat in seats}
