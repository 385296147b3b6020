"""A LAN session scripted by the test: every member of ``game.session.Session``, no network.

The test appends the host's messages to ``inbox`` and reads what the table sent from ``sent``;
like a real LAN client it holds no view until the host's first update. It also has what the LAN
results read (``game.lan.results``): the table's phase, this screen's role, and asking for another
game (counted in ``rematches``).
"""

from __future__ import annotations

from typing import Any

from game.session import ChatLine


class ScriptedSession:
    lan = True
    replay = False
    link_reason = ""
    hosting = False
    save_problem = ""
    saved = False
    host_closed = False
    port = 0

    def __init__(self, game: str, seat: int | None = None) -> None:
        self.game = game
        self.seat = seat
        self.inbox: list[dict[str, Any]] = []
        self.sent: list[tuple[int, dict[str, Any]]] = []
        self.closed = False
        self.link = "up"
        self.seat_states: list[dict[str, Any]] = []
        self.over = False
        self.chat: list[ChatLine] = []
        self.table: dict[str, Any] = {"guests_start": True}
        self.rematches = 0

    @property
    def phase(self) -> str:
        return "over" if self.over else "playing"

    @property
    def role(self) -> str:
        return "spectator" if self.seat is None else "seat"

    @property
    def may_play_again(self) -> bool:
        return self.seat is not None and bool(self.table.get("guests_start"))

    def rematch(self) -> None:
        self.rematches += 1

    @property
    def controlled_seats(self) -> list[int]:
        return [] if self.seat is None else [self.seat]

    def submit(self, seat: int, action: dict[str, Any]) -> None:
        self.sent.append((seat, action))

    def poll(self) -> list[dict[str, Any]]:
        """The host's messages; like a LAN client, the game is over once a view with an outcome came."""
        messages, self.inbox = self.inbox, []
        for message in messages:
            view = message.get("view")
            if message.get("type") == "update" and isinstance(view, dict) and view.get("outcome"):
                self.over = True
        return messages

    def view(self, seat: int | None) -> dict[str, Any]:
        raise KeyError(seat)

    def pump(self) -> None:
        pass

    def say(self, text: str) -> str | None:
        self.chat.append(ChatLine(len(self.chat) + 1, "me", text, self.seat))
        return None

    def hold_bots(self, held: bool) -> None:
        pass

    def stand_in(self, seat: int, bot: bool) -> None:
        pass

    def watch(self, seat: int | None) -> None:
        pass

    def close(self, goodbye: bool = True) -> None:
        self.closed = True
