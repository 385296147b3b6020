"""A LAN host on a background thread with its own event loop, for hosting from the pygame client.

The "Host a LAN game" scene builds a ``net.host.Host``, starts it here, and then talks to it like
any other player through a ``net.client.NetSession`` on 127.0.0.1; the host's own controls
(start, hand a seat to a bot and back) are the thread-safe methods below.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.match import Match
from net.discovery import Advertiser

if TYPE_CHECKING:
    from net.host import Host


@dataclass(frozen=True)
class SavedTable:
    """Where a table autosaves, its game and its phase."""

    path: Path
    match: Match
    phase: str


class HostThread:
    """A host on a background thread with its own loop: how the pygame client hosts a LAN game.

    With ``advertise`` the table is published over zeroconf while it runs. Every method may be
    called from any thread; calls are run on the host's loop.
    """

    def __init__(self, host: Host, bind: str = "0.0.0.0", port: int | None = 0, advertise: bool = False) -> None:
        self.host = host
        self.bind = bind
        self.port = port
        self.advertise = advertise
        self.advertiser: Advertiser | None = None
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._stopped: asyncio.Future[bool] | None = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="linie-host", daemon=True)

    def start(self, timeout: float = 10.0) -> int:
        """Start serving; returns the port (blocks until the server listens)."""
        self._thread.start()
        if not self._ready.wait(timeout):
            raise TimeoutError("the host did not start")
        if self._error is not None:
            raise self._error
        if self.advertise:
            self.advertiser = Advertiser(self.port, self.table_info(), self.bind)
            self.call(self.host.table_listeners.append, self.advertiser.update)
        return self.port

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_until_complete(self._main())

    async def _main(self) -> None:
        try:
            self.port = await self.host.serve(self.bind, self.port)
        except BaseException as error:
            self._error = error
            self._ready.set()
            return
        self._stopped = self._loop.create_future()
        self._ready.set()
        goodbye = await self._stopped
        await self.host.close(goodbye)

    def call(self, function: Callable[..., Any], *args: Any, timeout: float = 10.0) -> Any:
        """Run ``function(*args)`` on the host's loop and return its result."""
        async def run() -> Any:
            return function(*args)
        return asyncio.run_coroutine_threadsafe(run(), self._loop).result(timeout)

    @property
    def save_problem(self) -> str:
        """Why the autosave fails right now ("" while it works); read across threads, a plain str."""
        return self.host.save_problem or ""

    def save_now(self) -> None:
        """A full save at once, on the host's loop (the hosting player leaves a table whose disk was full)."""
        self.call(self.host.save)

    def saved_table(self) -> SavedTable | None:
        """The table's autosave (None: it saves nothing); read once the table has stopped, or
        between two of its actions."""
        path = self.host.config.save_path
        return SavedTable(path, self.host.match, self.host.phase) if path is not None else None

    def start_game(self) -> None:
        self.call(self.host.start_game)

    def rematch(self) -> Match:
        """The finished game's table plays again (``Host.rematch``); returns the finished match."""
        return self.call(self.host.rematch)

    def hand_to_bot(self, seat: int, level: str | None = None) -> None:
        self.call(self.host.hand_to_bot, seat, level)

    def hand_back(self, seat: int) -> None:
        self.call(self.host.hand_back, seat)

    def seat_states(self) -> list[dict[str, Any]]:
        return self.call(self.host.seat_states)

    def table_info(self) -> dict[str, Any]:
        return self.call(self.host.table_info)

    def stop(self, goodbye: bool = True, timeout: float = 10.0) -> None:
        """Close the table (``goodbye=False`` drops every connection like a crash would)."""
        if self.advertiser is not None:
            self.advertiser.close()  # the goodbye to browsers goes first
            self.advertiser = None
        if not self._thread.is_alive():
            return
        if self._stopped is not None:
            self._loop.call_soon_threadsafe(
                lambda: self._stopped.done() or self._stopped.set_result(goodbye))  # type: ignore[union-attr]
        self._thread.join(timeout)
        if not self._loop.is_closed() and not self._thread.is_alive():
            self._loop.close()
