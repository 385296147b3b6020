"""A recorded game rebuilt through its rules, at any action: what the replay viewer shows.

Nothing on screen comes from the file's own events or secrets: the viewer deals the game again from
the recorded seed and options and applies the recorded actions through a ``Match``, exactly as the
live game did, so every view is the core's ``view(state, seat)`` for the seat watched. On opening,
the whole game is played through once: an action the rules refuse, an action whose events differ
from the recorded ones, or a different result means the file was edited or recorded with other
rules, and the replay is refused in words. The same pass keeps a snapshot every ``SNAPSHOT_EVERY``
actions, so going back (or jumping anywhere) restores the nearest one and plays forward from it.
"""

from __future__ import annotations

from typing import Any

from game.core.contract import RuleViolation, SnapshotError
from game.i18n import _
from game.match import Change, Match, canonical_bytes, plain_copy
from game.refusal_words import refusal_text
from game.replays import Replay, ReplayError

SNAPSHOT_EVERY = 16


class Playback:
    """The game of ``replay`` at ``position`` (the number of recorded actions applied)."""

    def __init__(self, replay: Replay) -> None:
        self.replay = replay
        self.match = self._deal()
        self.game = self.match.game
        self.position = 0
        self._finished: bool | None = None  # asked of the rules once per position (``finished``)
        self._snapshots: dict[int, dict[str, Any]] = {}
        self._check_all()
        self.seek(0)

    @property
    def length(self) -> int:
        return len(self.replay.steps)

    @property
    def at_end(self) -> bool:
        return self.position >= self.length

    @property
    def finished(self) -> bool:
        """The game is over at this position. The viewer asks every frame, and a game's rules may
        work to answer (Liniell scores the whole field), so they are asked once per position: the
        answer is forgotten whenever the position's state is rebuilt or moved on."""
        if self._finished is None:
            self._finished = self.match.finished
        return self._finished

    def _deal(self) -> Match:
        replay = self.replay
        try:
            return Match(replay.game, [plain_copy(seat) for seat in replay.seats], replay.seed,
                         plain_copy(replay.options))
        except (ValueError, TypeError, KeyError) as error:
            raise ReplayError(_("This replay's game cannot be dealt again: {error}.").format(error=error)) from None

    def _check_all(self) -> None:
        """Play the whole game once, as recorded, keeping snapshots; ReplayError where it departs."""
        title = self.replay.title
        for index, step in enumerate(self.replay.steps):
            if index % SNAPSHOT_EVERY == 0:
                self._snapshots[index] = plain_copy(self.game.snapshot(self.match.state))
            try:
                result = self.match.submit(step.seat, plain_copy(step.action))
            except (RuleViolation, ValueError, TypeError, KeyError, IndexError) as error:
                raise ReplayError(
                    _("Action {number} cannot be played with these rules of {title}: {error}.").format(
                        number=index + 1, title=title, error=error
                    )
                ) from None
            if not result.ok:
                assert result.rejection is not None
                raise ReplayError(
                    _("Action {number} is not allowed by these rules of {title} ({message}): {why}").format(
                        number=index + 1, title=title, message=refusal_text(result.rejection), why=self._why()
                    )
                )
            if canonical_bytes(result.events) != canonical_bytes(step.events):
                raise ReplayError(
                    _("Action {number} does not do here what the replay recorded: {why}").format(
                        number=index + 1, why=self._why()
                    )
                )
        recorded = self.replay.outcome
        if recorded is not None and canonical_bytes(self.match.outcome()) != canonical_bytes(recorded):
            raise ReplayError(
                _("The game ends differently from the result the replay recorded: {why}").format(why=self._why())
            )
        self._snapshots[self.length] = plain_copy(self.game.snapshot(self.match.state))

    def _why(self) -> str:
        rules = self.replay.rules_version
        if rules is not None and rules != self.game.rules_version:
            return _(
                "it was recorded with rules version {rules} of {title}, and this Linie plays version {rules_version}."
            ).format(rules=rules, title=self.replay.title, rules_version=self.game.rules_version)
        return _("the file was changed after the game.")

    # -- moving -----------------------------------------------------------------------------------
    def seek(self, position: int) -> None:
        """Go to ``position`` (clamped to the game): the nearest snapshot, then forward."""
        position = max(0, min(self.length, position))
        base = max(mark for mark in self._snapshots if mark <= position)
        try:
            self.match.state = self.game.restore(plain_copy(self._snapshots[base]))
        except SnapshotError as error:  # the snapshot was made by this very game a moment ago
            raise ReplayError(_("This replay cannot be rewound: {error}.").format(error=error)) from None
        self.match.version = base
        self.match.log = []
        self._finished = None
        self.position = base
        while self.position < position:
            self.step()

    def step(self) -> Change | None:
        """Apply the next recorded action; its change (None at the end)."""
        if self.at_end:
            return None
        step = self.replay.steps[self.position]
        changes: list[Change] = []
        self._finished = None
        self.match.add_listener(changes.append)
        try:
            result = self.match.submit(step.seat, plain_copy(step.action))
        finally:
            self.match.remove_listener(changes.append)
        if not result.ok or not changes:  # checked when opened: the game is deterministic
            raise ReplayError(_("Action {number} no longer applies.").format(number=self.position + 1))
        self.position += 1
        return changes[0]

    # -- turns ------------------------------------------------------------------------------------
    def turn_at(self, position: int) -> int:
        """The turn (1-based) whose action comes next at ``position``; the last turn at the end."""
        starts = self.replay.turn_starts
        return max(1, sum(1 for start in starts if start <= min(position, self.length - 1)))

    def turn_start(self, turn: int) -> int:
        """The position just before turn ``turn`` (1-based, clamped) begins."""
        starts = self.replay.turn_starts
        if not starts:
            return 0
        return starts[max(1, min(turn, len(starts))) - 1]
