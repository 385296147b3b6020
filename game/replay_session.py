"""A recorded game as a table's session: the same tables, scenes and animations as a live game.

A table talks to this session as to any other (``game.session.Session``): it polls ``update``
messages and asks for views. Nobody plays here: no seat is controlled and every intent is refused.
The replay viewer (``game.tables.replay``) moves the game: ``advance`` applies the next recorded
action and queues its update (events filtered for the seat watched, then that seat's view), which
the table animates as it would a live move; ``seek`` jumps without animation, and the viewer then
opens a fresh table at the new position.
"""

from __future__ import annotations

from typing import Any

from game.core.contract import Action, View
from game.i18n import _
from game.playback import Playback
from game.session import ChatLine


class ReplaySession:
    """``Session`` over a ``Playback``: views are the core's, for the seat watched (None: a
    spectator, who sees what a spectator saw; after the end every secret is shown)."""

    lan = False
    replay = True
    link = "up"
    link_reason = ""
    hosting = False
    save_problem = ""
    replay_problem = ""
    saved = False

    def __init__(self, playback: Playback) -> None:
        self.playback = playback
        self.game = playback.game.name
        self.watching: int | None = None
        self._messages: list[dict[str, Any]] = []

    @property
    def controlled_seats(self) -> list[int]:
        return []

    @property
    def seat_states(self) -> list[dict[str, Any]]:
        return []

    @property
    def over(self) -> bool:
        return self.playback.finished

    @property
    def chat(self) -> list[ChatLine]:
        return []

    def say(self, text: str) -> str | None:
        return _("A replay has no chat.")

    def submit(self, seat: int, action: Action) -> None:
        self._messages.append({"type": "rejected", "seat": seat, "rejection": {
            "code": "replay.watch_only", "message": "This is a replay: nobody plays in it."}})

    def poll(self) -> list[dict[str, Any]]:
        messages, self._messages = self._messages, []
        return messages

    def view(self, seat: int | None) -> View:
        return self.playback.match.view(seat)

    def watch(self, seat: int | None) -> None:
        self.watching = seat

    def pump(self) -> None:
        """The viewer moves the game, not the table's frame loop."""

    def hold_bots(self, held: bool) -> None:
        """A replay has no bots to hold."""

    def stand_in(self, seat: int, bot: bool) -> None:
        """Nobody plays in a replay."""

    def close(self, goodbye: bool = True) -> None:
        """Nothing to let go: the replay file was read whole."""

    # -- the viewer's controls ------------------------------------------------------------------
    def advance(self) -> bool:
        """Apply the next recorded action and queue its update; False at the end."""
        change = self.playback.step()
        if change is None:
            return False
        match, seat = self.playback.match, self.watching
        self._messages.append({
            "type": "update", "version": change.version, "seat": seat, "actor": change.seat,
            "events": match.events_for(change, seat), "view": match.view(seat),
        })
        return True

    def seek(self, position: int) -> None:
        """Go to ``position`` at once; updates not yet read are dropped (the viewer opens a fresh
        table there)."""
        self._messages = []
        self.playback.seek(position)
