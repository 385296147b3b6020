"""The host's bots: each bot seat's move is thought in a worker thread and played on the loop.

A bot sees only its own seat's view (``Match.view(seat)``) and its answer goes through the same
``Match.check`` as a person's intent. A bot that fails or answers nonsense plays its seat's first
legal action instead, so one broken bot never stalls a table.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any

from game.bots import Bot
from game.match import Match
from net.table import SeatSlot

log = logging.getLogger("linie.host")

BotFactory = Callable[[str, str, int], Bot]


class BotRunner:
    """One bot move at a time, always scheduled through the loop (a run of bot moves never nests)."""

    def __init__(self, match: Match, slots: list[SeatSlot], factory: BotFactory,
                 default_level: Callable[[], str], delay: Callable[[], float],
                 playing: Callable[[], bool]) -> None:
        self.match = match
        self.slots = slots
        self.factory = factory
        self.default_level = default_level
        self.delay = delay
        self.playing = playing  # is the table in play (not in the lobby, not over)?
        self.loop: asyncio.AbstractEventLoop | None = None  # set when the host serves
        self._bots: dict[int, Bot] = {}
        self._busy = False
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="linie-bot")

    def forget(self, seat: int) -> None:
        """The seat's bot stood down: a later stand-in starts afresh."""
        self._bots.pop(seat, None)

    def schedule(self) -> None:
        """If a bot is to act and none is thinking, let it think after the table's bot delay."""
        if self._busy or not self.playing() or self.loop is None:
            return
        seat = next((s for s in self.match.to_act() if self.slots[s].bot_plays), None)
        if seat is None:
            return
        self._busy = True
        self.loop.call_later(self.delay(), self._run, seat)

    def shutdown(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)

    def _run(self, seat: int) -> None:
        if not self.playing() or not self.slots[seat].bot_plays or seat not in self.match.to_act():
            self._busy = False
            self.schedule()
            return
        bot = self._bots.get(seat)
        if bot is None:
            level = self.slots[seat].bot_level or self.default_level()
            try:
                bot = self.factory(self.match.game.name, level, self.match.seed * 97 + seat)
            except Exception as error:  # no bot module for this game, an unknown level, ...
                self._busy = False
                self._play_first_legal(seat, error)
                return
            self._bots[seat] = bot
        view, version = self.match.view(seat), self.match.version
        assert self.loop is not None
        future = self.loop.run_in_executor(self._executor, bot.decide, view)
        future.add_done_callback(lambda done: self._decided(seat, version, done))

    def _decided(self, seat: int, version: int, future: asyncio.Future[Any]) -> None:
        self._busy = False
        if future.cancelled() or self.match.version != version or not self.slots[seat].bot_plays:
            self.schedule()
            return
        error = future.exception()
        action = None if error is not None else future.result()
        refusal = None if error is not None else self.match.check(seat, action)
        if error is not None or refusal is not None:
            self._play_first_legal(seat, error or refusal)
            return
        self._play(seat, action)  # the host hears the change, which schedules the next bot
        self.schedule()

    def _play_first_legal(self, seat: int, why: object) -> None:
        """A broken bot must not stall the table: log it and play the seat's first legal action."""
        log.error("bot for seat %d failed (%s); playing its first legal action", seat + 1, why)
        action = next(iter(self.match.game.legal(self.match.state, seat)), None)
        if action is not None and self.match.check(seat, action) is None:
            self._play(seat, action)
        self.schedule()

    def _play(self, seat: int, action: Any) -> None:
        """Play the bot's move. A person's seat is marked as one a bot stood in for before the move,
        so its change's views already say so, to every screen alike, and the replay and the table's
        save keep it (``SeatInfo.stood_in``)."""
        info = self.match.seats[seat]
        if info.kind == "human" and not info.stood_in:
            self.match.seats[seat] = replace(info, stood_in=True)
        self.match.submit(seat, action)
