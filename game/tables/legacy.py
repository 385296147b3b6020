"""Transitional, for the tables not yet on ``game.tables.base``: what every game's table scene
shares: the session it plays through, and its place on the stack.

A table talks to a ``game.session.Session`` only (a local Match or a LAN host, it cannot tell),
keeps the ``TableConfig`` it was started from for Play again, lets local bots wait while a menu
covers the table, and closes its session when it leaves the stack.
"""

from __future__ import annotations

from typing import Any

from game.scenes.stack import Scene


class TableScene(Scene):
    def __init__(self, app: Any, session: Any, config: Any = None) -> None:
        super().__init__(app)
        self.session = session
        self.config = config
        humans = session.controlled_seats
        session.watch(humans[0] if humans else None)  # these tables follow the first human's updates

    def pause(self) -> None:
        """A menu or cover is on top: local bots wait rather than play on unseen."""
        self.session.hold_bots(True)

    def resume(self) -> None:
        self.session.hold_bots(False)

    def exit(self) -> None:
        self.session.close()

    def submit(self, action: dict[str, Any]) -> None:
        """Send an intent for the seat this screen plays now (``self.seat``), then read the answer."""
        if getattr(self, "seat", None) is None:
            return
        self.session.submit(self.seat, action)
        self._drain()

    def _drain(self) -> None:
        """Read the session's messages; each table animates its own game's events."""
        raise NotImplementedError
