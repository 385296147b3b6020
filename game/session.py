"""What a scene talks to: one interface whether the Match is in-process or on a LAN host.

A scene submits intents for the seats this screen controls and polls messages each frame:

- ``{"type": "update", "version": v, "seat": s, "events": [...], "view": {...}}`` — something
  happened; ``events`` are already filtered for seat ``s`` (None: spectator) and ``view`` is that
  seat's view after them. ``s`` is the seat the screen watches (``watch``): one update per change.
- ``{"type": "rejected", "seat": s, "rejection": {"code": ..., "message": ...}}`` — an intent was
  refused; nothing changed.
- ``{"type": "status", "seats": [{"connected": bool, "away": bool}, ...], "link": "up"|"down"}`` —
  connection states (LAN only; a local session is always up).
- ``{"type": "chat", "seat": s, "name": ..., "text": ...}``.

Local sessions run bot seats on a worker thread so a slow decision never stalls a frame.
"""

from __future__ import annotations

import queue
import threading
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from game.bots import Bot, BotError, make_bot
from game.core.contract import Action, View
from game.i18n import _
from game.match import Change, Match
from game.replay_writer import write_replay
from game.saves import last_move_saved, local_snapshot
from net.autosave import Autosave


class BotThinker:
    """The one thread a local session's bots think on, started with the session. A thread started
    for each decision made the frame that started it wait until the new thread ran (``start`` waits
    for that): up to a tenth of a second on a busy machine, a visible stall. A daemon: a game closed
    mid-decision does not wait for the bot."""

    def __init__(self, name: str) -> None:
        self._jobs: queue.SimpleQueue[Callable[[], None] | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while (job := self._jobs.get()) is not None:
            job()

    def submit(self, job: Callable[[], None]) -> None:
        self._jobs.put(job)

    def stop(self) -> None:
        """The thread ends once the decision under way (if any) is made."""
        self._jobs.put(None)

    @property
    def alive(self) -> bool:
        return self._thread.is_alive()


@dataclass
class ChatLine:
    """One line of a table's chat: a player's words, or a notice from this program (``seat`` None,
    ``notice``)."""

    serial: int
    name: str
    text: str
    seat: int | None = None
    notice: bool = False
    said_at: float | None = None  # when it came (``time.monotonic``): a screen opened just after still shows it


class Session(Protocol):
    """Everything a table needs to know about where its game lives, as declared members: a table
    never asks "is this a LAN game?" by probing attributes."""

    game: str
    lan: bool  # True: the Match is on a host across the network (``game.lan.session.LanSession``)
    # True: a recorded game played back (``game.replay_session.ReplaySession``): nobody plays, the
    # viewer chooses whose eyes the screen shows, and the results go over the replay, not instead of it
    replay: bool

    @property
    def controlled_seats(self) -> list[int]:
        """Seats whose intents this screen may submit (hot-seat: every human seat)."""
        ...

    @property
    def link(self) -> str:
        """``up``; on a LAN also ``connecting``, ``down`` (reconnecting, the seat is kept) or ``closed``."""
        ...

    @property
    def link_reason(self) -> str:
        """Why the link is not up, in a player's words ("" when it is)."""
        ...

    @property
    def seat_states(self) -> list[dict[str, Any]]:
        """Each seat's connection as the host reports it (empty for a local game)."""
        ...

    @property
    def hosting(self) -> bool:
        """This program hosts the table: it may let a bot play for an absent player."""
        ...

    @property
    def save_problem(self) -> str:
        """Why this program's autosave of the table fails right now ("" while it works, or when this
        program saves nothing): the player hosting must hear of it."""
        ...

    @property
    def replay_problem(self) -> str:
        """Why the finished game's replay could not be kept ("" when it was, or when this program
        keeps none): the results say so, and that the game waits in Saved games meanwhile."""
        ...

    @property
    def saved(self) -> bool:
        """This program's autosave holds the game as it stands: leaving loses nothing (Continue or
        Saved games brings it back)."""
        ...

    @property
    def over(self) -> bool:
        """The game has ended (its last view carries the outcome)."""
        ...

    @property
    def chat(self) -> list[ChatLine]:
        """The chat so far, oldest first (a table on one screen has none)."""
        ...

    def say(self, text: str) -> str | None:
        """Send a chat line; the reason in words when it cannot be sent."""
        ...

    def submit(self, seat: int, action: Action) -> None: ...

    def poll(self) -> list[dict[str, Any]]: ...

    def view(self, seat: int | None) -> View: ...

    def pump(self) -> None:
        """Called once a frame: lets bots act, reads the network, and so on."""
        ...

    def hold_bots(self, held: bool) -> None:
        """A menu or cover hides the table: bots of this screen wait (on a LAN the host decides)."""
        ...

    def watch(self, seat: int | None) -> None:
        """Whose eyes the screen shows from now on (None: nobody's secrets); later updates carry that
        seat's view. A hot-seat table changes eyes at each cover; a LAN client has only its own."""
        ...

    def stand_in(self, seat: int, bot: bool) -> None:
        """The host lets a bot play for an absent player (``bot``), or hands the seat back."""
        ...

    def close(self, goodbye: bool = True) -> None:
        """Let the game go. A table hosted here closes; without ``goodbye`` (this program failed)
        its players are not told it ended, and wait for it to come back from its save."""
        ...


class LocalSession:
    """A Match in this process: hot-seat humans on one screen and bots on a worker thread."""

    lan = False
    replay = False
    link = "up"
    link_reason = ""
    hosting = False

    def __init__(self, match: Match, bot_seed: int = 0,
                 bot_factory: Callable[[str, str, int], Bot] = make_bot, save_path: Path | None = None) -> None:
        self.match = match
        # Autosaved from the start (``game.saves``): a game closed, crashed or killed comes back. The
        # save says when its last move was made: resuming writes a full save, but moves nothing.
        self.moved = (last_move_saved(save_path) if save_path is not None else None) or time.time()
        self.autosave = (Autosave(save_path, lambda: local_snapshot(match, self.moved))
                         if save_path is not None else None)
        # where the finished game's replay was kept (``replay``, the Session's flag, stays False: a live game)
        self.kept_replay: Path | None = None
        self.replay_problem = ""  # why that replay could not be kept (a full disk)
        self.game = match.game.name
        self._messages: list[dict[str, Any]] = []
        self._bots: dict[int, Bot] = {
            seat: bot_factory(self.game, info.level, bot_seed * 97 + seat)
            for seat, info in enumerate(match.seats) if info.kind == "bot"
        }
        humans = self.controlled_seats
        self.watching: int | None = humans[0] if len(humans) == 1 else None
        self._thinking = False  # a bot's decision is under way on the thinker
        self._thinker = BotThinker(f"bots-{self.game}") if self._bots else None
        if self._thinker is not None:  # a session dropped without ``close`` leaves no thread waiting
            weakref.finalize(self, self._thinker.stop)
        self._decisions: queue.Queue[tuple[int, int, Action | BaseException]] = queue.Queue()
        self.paused = False
        match.add_listener(self._on_change)
        if self.autosave is not None:
            self._retire() if match.finished else self.autosave.full()

    @property
    def save_problem(self) -> str:
        return (self.autosave.problem or "") if self.autosave is not None else ""

    @property
    def saved(self) -> bool:
        return self.autosave is not None and self.autosave.problem is None

    @property
    def controlled_seats(self) -> list[int]:
        return [seat for seat, info in enumerate(self.match.seats) if info.kind == "human"]

    @property
    def seat_states(self) -> list[dict[str, Any]]:
        return []

    @property
    def over(self) -> bool:
        return self.match.finished

    @property
    def chat(self) -> list[ChatLine]:
        return []

    def say(self, text: str) -> str | None:
        return _("A table on one screen has no chat.")

    def hold_bots(self, held: bool) -> None:
        self.paused = held

    def stand_in(self, seat: int, bot: bool) -> None:
        """Every seat of a local game is at this screen: there is nobody to stand in for."""

    def _on_change(self, change: Change) -> None:
        self.moved = time.time()
        self._save(change)
        seat = self.watching
        self._messages.append({
            "type": "update", "version": change.version, "seat": seat, "actor": change.seat,
            "events": self.match.events_for(change, seat), "view": self.match.view(seat),
        })

    def _save(self, change: Change) -> None:
        """Write-ahead, as the host does; a finished game trades its save for its replay."""
        if self.autosave is None:
            return
        if self.match.finished:
            self._retire()
            return
        self.autosave.action(change.version, change.seat, change.action)
        self.autosave.settle()

    def _retire(self) -> None:
        """The finished game's replay replaces its save. When the replay cannot be written (a full
        disk) the save stays, holding the finished game: resumed later, it is kept as a replay then."""
        if self.autosave is not None:
            try:
                self.kept_replay = write_replay(self.match)
            except OSError as error:
                self.replay_problem = error.strerror or type(error).__name__
            if self.kept_replay is None:
                self.autosave.full()
                self.autosave.close()
                if self.autosave.problem is not None:
                    return  # neither written: the table keeps saying so, and leaving tries once more
            else:
                self.autosave.discard()
            self.autosave = None

    def watch(self, seat: int | None) -> None:
        self.watching = seat

    def submit(self, seat: int, action: Action) -> None:
        if seat not in self.controlled_seats:
            self._messages.append({"type": "rejected", "seat": seat, "rejection": {
                "code": "match.not_your_seat", "message": "That seat is not played from this screen."}})
            return
        result = self.match.submit(seat, action)
        if not result.ok:
            assert result.rejection is not None
            self._messages.append({"type": "rejected", "seat": seat,
                                   "rejection": result.rejection.to_dict()})

    def poll(self) -> list[dict[str, Any]]:
        messages, self._messages = self._messages, []
        return messages

    def view(self, seat: int | None) -> View:
        return self.match.view(seat)

    def bot_to_act(self) -> int | None:
        if self.match.finished:
            return None
        for seat in self.match.to_act():
            if seat in self._bots:
                return seat
        return None

    def pump(self) -> None:
        """Apply a finished bot decision, or start the next one (never both in one frame)."""
        try:
            seat, version, decision = self._decisions.get_nowait()
        except queue.Empty:
            pass
        else:
            self._thinking = False
            if isinstance(decision, BaseException):
                raise BotError(f"bot for seat {seat} failed") from decision
            if version == self.match.version:
                result = self.match.submit(seat, decision)
                if not result.ok:
                    raise BotError(f"seat {seat} bot proposed {decision!r}: {result.rejection}")
            return
        if self.paused or self._thinking or self._thinker is None:
            return
        seat = self.bot_to_act()
        if seat is None:
            return
        view = self.match.view(seat)
        version = self.match.version
        bot = self._bots[seat]

        def think() -> None:
            try:
                decision: Action | BaseException = bot.decide(view)
            except BaseException as error:  # handed to the main thread, which raises it
                decision = error
            self._decisions.put((seat, version, decision))

        self._thinking = True
        self._thinker.submit(think)

    def run_bots_now(self) -> None:
        """Let every bot act synchronously until a human must act (tests and tools)."""
        while (seat := self.bot_to_act()) is not None:
            decision = self._bots[seat].decide(self.match.view(seat))
            result = self.match.submit(seat, decision)
            if not result.ok:
                raise BotError(f"seat {seat} bot proposed {decision!r}: {result.rejection}")

    def keep_finished(self) -> str:
        """Try once more to keep a finished game that neither its replay nor its save could hold (a
        full disk): the replay first, else the save. The problem still in the way, or "" once either
        is written (the results ask this as the player leaves them, after freeing some space)."""
        if self.autosave is None or not self.match.finished:
            return ""
        self._retire()
        return self.save_problem

    def close(self, goodbye: bool = True) -> None:
        self.match.remove_listener(self._on_change)
        if self._thinker is not None:
            self._thinker.stop()  # a decision under way ends unread: its thread ends after it
        if self.autosave is not None:
            self.autosave.close()  # the save stays: Continue brings the game back
