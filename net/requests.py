"""What each client message does at a table: claim, resume, spectate, intent, chat, resync, start.

A part of ``net.host.Host`` kept in its own module so the table's rules for its guests read in one
place, apart from the connections' lives, the game moving on and the saves. Every handler runs on
the host's loop; a refusal is a ``RefusedError`` the host turns into an ``error`` frame.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from game.core.text import shows_something
from game.match import Match
from net.frames import HostFrames
from net.seating import Seating
from net.status import StatusBoard
from net.table import (
    MAX_BAD_TOKENS,
    HostConfig,
    Peer,
    PeerCut,
    PeerLeaving,
    PeerLimits,
    RefusedError,
    SeatSlot,
    clean_chat,
)

log = logging.getLogger("linie.host")


class Requests:
    """The handlers of client messages, ``_on_<type>``, and the seat changes they make."""

    match: Match
    config: HostConfig
    phase: str
    seating: Seating
    slots: list[SeatSlot]
    frames: HostFrames
    status: StatusBoard
    peers: dict[Peer, None]

    # the host's own (net.host.Host), declared here for the reader and the type checker
    def save(self) -> None:
        raise NotImplementedError

    def start_game(self) -> None:
        raise NotImplementedError

    def _maybe_rematch(self) -> None:
        raise NotImplementedError

    def _start_if_asked(self, now: float) -> bool:
        raise NotImplementedError

    def hand_back(self, seat: int) -> None:
        raise NotImplementedError

    def _broadcast_status(self) -> None:
        raise NotImplementedError

    # -- messages --------------------------------------------------------------------------------
    def _handle(self, peer: Peer, message: dict[str, Any]) -> None:
        kind, msg_id = message["type"], message["id"]
        if msg_id <= peer.last_id:
            peer.send(self.frames.error("net.replayed", f"message id {msg_id} is not after "
                                        f"{peer.last_id}: ignored as a replay", msg_id))
            return
        peer.last_id = msg_id
        try:
            handler = getattr(self, f"_on_{kind}")
            handler(peer, message)
        except RefusedError as refusal:
            peer.send(self.frames.error(refusal.code, refusal.message, msg_id, refusal.fatal))
            if refusal.fatal:
                raise PeerCut from None

    def _on_hello(self, peer: Peer, message: dict[str, Any]) -> None:
        raise RefusedError("net.already_greeted", "This connection has already said hello.")

    def _on_ping(self, peer: Peer, message: dict[str, Any]) -> None:
        """Liveness only: ``_heard`` already noted it."""

    def _on_bye(self, peer: Peer, message: dict[str, Any]) -> None:
        if self.phase == "lobby" and peer.role == "seat" and peer.seat is not None \
                and peer.seat != self.config.owner_seat:  # the host's seat is theirs until the table closes
            self._release(peer.seat)
        elif self.phase == "over" and peer.role == "seat" and peer.seat is not None:
            self.slots[peer.seat].left = True  # gone for good: the next game at this table opens the seat
        elif self.phase == "playing" and peer.role == "seat" and peer.seat is not None:
            self.slots[peer.seat].went = True  # the seat is kept: the others read they left, not a lost link
        raise PeerLeaving

    def _may_move(self, peer: Peer) -> None:
        """A seat change is a save and a status for everyone: one connection makes a few at once,
        then one a second (a refused claim costs nothing and is not counted)."""
        if not self._limits(peer).moves.take(time.monotonic()):
            raise RefusedError("net.seat_rate_limited", "Too many seat changes; wait a moment.")

    def _keeps_owner_seat(self, peer: Peer) -> None:
        """The player hosting from the game stays in their seat: its token is what resumes the table."""
        if peer.role == "seat" and peer.seat is not None and peer.seat == self.config.owner_seat:
            raise RefusedError("net.host_seat", "The table's host keeps their seat.")

    def _on_claim(self, peer: Peer, message: dict[str, Any]) -> None:
        """An open seat for this connection; in the lobby a spectator may sit down, and a player may
        move to another open seat (the old one is given up, as by leaving)."""
        seat = message["seat"]
        if self.phase != "lobby":
            raise RefusedError("net.not_in_lobby", "Seats can only be claimed before the game starts.")
        if peer.role == "seat" and peer.seat == seat:
            raise RefusedError("net.already_seated", "This connection already has a place at the table.")
        self._keeps_owner_seat(peer)
        free = seat < len(self.slots) and self.match.seats[seat].kind == "open"
        if free:
            self._may_move(peer)
        if free and peer.role == "seat" and peer.seat is not None:
            self.seating.release(peer.seat)  # first, so the name the player keeps is not "taken" by it
        self.seating.claim(seat, peer.name)  # refused (and nothing changes) unless the seat is open
        if peer.role == "spectator":
            self.status.spectators -= 1
        self.frames.seats_changed()
        self._attach(peer, seat)
        log.info("%s claimed seat %d", peer.name, seat + 1)
        self.save()
        self._broadcast_status()
        if self.config.autostart and not self.seating.open_seats():
            self.start_game()

    def _on_resume(self, peer: Peer, message: dict[str, Any]) -> None:
        if peer.role is not None:
            raise RefusedError("net.already_seated", "This connection already has a place at the table.")
        seat = self.seating.seat_of_token(message["token"])
        if seat is None:
            peer.bad_tokens += 1
            fatal = peer.bad_tokens >= MAX_BAD_TOKENS
            if self.seating.is_revoked(message["token"]):
                raise RefusedError("net.token_revoked", "That token was given up and is no longer valid.",
                                   fatal)
            raise RefusedError("net.bad_token", "No seat at this table has that token.", fatal)
        slot = self.slots[seat]
        if slot.peer is not None and slot.peer is not peer:
            old = slot.peer
            old.send(self.frames.error("net.replaced", "Your seat was resumed from another connection.",
                                       None, fatal=True))
            old.role = None  # the seat is the new connection's from now on
            old.hang_up()  # once the old one read why: else a ping of its in flight answers with a reset
        if slot.handed == "auto":
            self.hand_back(seat)
        self._attach(peer, seat)
        log.info("%s resumed seat %d", peer.name, seat + 1)
        self._broadcast_status()

    def _on_spectate(self, peer: Peer, message: dict[str, Any]) -> None:
        """Watch. A player may give a seat up for this in the lobby (as by leaving), not in a game."""
        if self.phase == "lobby":
            self._keeps_owner_seat(peer)
        given_up = peer.seat if peer.role == "seat" and self.phase == "lobby" else None
        if given_up is not None:
            self._may_move(peer)
        elif peer.role is not None:
            raise RefusedError("net.already_seated", "This connection already has a place at the table.")
        peer.role, peer.seat = "spectator", None
        self.status.spectators += 1  # before the seat opens: the status that opens it counts the watcher too
        if given_up is not None:
            log.info("%s gives up seat %d to watch", peer.name, given_up + 1)
            self._release(given_up)
        log.info("%s (%s) watches", peer.name, peer.address)
        peer.send(self.frames.encode({"type": "welcome", "seat": None, "token": None, "name": peer.name}))
        if self.phase != "lobby":
            peer.send(self.frames.snapshot(None, self.phase))
        self._broadcast_status()

    def _on_intent(self, peer: Peer, message: dict[str, Any]) -> None:
        if peer.role != "seat":
            raise RefusedError("net.no_seat", "Only a seated player can act; claim or resume a seat first.")
        if message["seat"] != peer.seat:
            raise RefusedError("net.not_your_seat", "That seat is not yours.")
        if self.phase == "lobby":
            raise RefusedError("net.not_started", "The game has not started yet.")
        if self.slots[peer.seat].bot_plays:
            raise RefusedError("net.bot_plays", "A bot is playing this seat for now.")
        if message["base"] != self.match.version:
            raise RefusedError("net.stale", f"That move was made on version {message['base']}; the game "
                               f"is at version {self.match.version}.")
        result = self.match.submit(peer.seat, message["action"])
        if result.rejection is not None:
            peer.send(self.frames.encode({"type": "rejected", "id": message["id"], "seat": peer.seat,
                                          "rejection": result.rejection.to_dict()}))

    def _on_chat(self, peer: Peer, message: dict[str, Any]) -> None:
        text = clean_chat(message["text"])
        if not shows_something(text):  # blank fillers alone would send an empty-looking line
            raise RefusedError("net.chat_empty", "An empty chat message is not sent.")
        if len(text) > self.config.chat_max_len:
            raise RefusedError("net.chat_too_long", f"Chat messages are at most "
                               f"{self.config.chat_max_len} characters.")
        if not self._limits(peer).chat.take(time.monotonic()):
            raise RefusedError("net.chat_rate_limited", "Too many chat messages; wait a moment.")
        frame = self.frames.encode({"type": "chat", "seat": peer.seat, "name": peer.name, "text": text})
        for other in self.peers:
            if other.ready:
                other.send(frame)

    def _on_resync(self, peer: Peer, message: dict[str, Any]) -> None:
        if peer.role is None or self.phase == "lobby":
            raise RefusedError("net.no_view", "There is no game view to resend yet.")
        if peer.resync_queued and peer.queued() > 0:
            raise RefusedError("net.resync_pending", "The view asked for before is still on its way.")
        if not self._limits(peer).resyncs.take(time.monotonic()):
            raise RefusedError("net.rate_limited", "Too many requests for the whole view; wait a moment.")
        peer.send(self.frames.snapshot(peer.seat, self.phase))
        peer.resync_queued = True

    @staticmethod
    def _limits(peer: Peer) -> PeerLimits:
        assert peer.limits is not None, "set by the hello, before any other message is handled"
        return peer.limits

    def _on_start(self, peer: Peer, message: dict[str, Any]) -> None:
        if peer.role != "seat" or not self.config.clients_may_start:
            raise RefusedError("net.not_allowed", "Only the host can start this game.")
        if self.phase != "lobby":
            raise RefusedError("net.not_in_lobby", "The game has already started.")
        if peer.seat in self.seating.asked_to_start:
            return  # asked already: nothing changed, and nobody is told it again
        self.seating.asked_to_start.add(peer.seat)  # type: ignore[arg-type]
        if not self._start_if_asked(time.monotonic()):
            log.info("%s asks to start", peer.name)
            self._broadcast_status()

    def _on_rematch(self, peer: Peer, message: dict[str, Any]) -> None:
        """A seated player asks for another game at this table once this one is over (only where
        the players start games themselves); it begins once every seated player still connected
        asked (``Host.rematch``)."""
        if peer.role != "seat" or not self.config.clients_may_start:
            raise RefusedError("net.not_allowed", "Only the host can start a new game at this table.")
        if self.phase != "over":
            raise RefusedError("net.not_over", "A new game at this table can only begin once this one is over.")
        if peer.seat in self.seating.asked_to_start:
            return  # asked already: a repeated ask changes nothing, so no status goes out for it
        self.seating.asked_to_start.add(peer.seat)  # type: ignore[arg-type]
        log.info("%s asks for another game", peer.name)
        self._broadcast_status()
        self._maybe_rematch()

    # -- seats -----------------------------------------------------------------------------------
    def _attach(self, peer: Peer, seat: int) -> None:
        slot = self.slots[seat]
        slot.peer = peer
        slot.absent_since, slot.left, slot.went = None, False, False  # back, whatever they said when they went
        slot.missed_end = False  # the status after their hello said it; from now on they see the game
        peer.role, peer.seat = "seat", seat
        peer.name = self.match.seats[seat].name  # the seat's, unique at the table (chat says it too), whatever
        # name a program that resumes it typed ("Ben" taking back "Ben 2" must not speak as the other Ben)
        peer.send(self.frames.encode({"type": "welcome", "seat": seat, "token": slot.token,
                                      "name": self.match.seats[seat].name}))
        if self.phase != "lobby":
            peer.send(self.frames.snapshot(seat, self.phase))

    def _release(self, seat: int) -> None:
        """A player gives up a lobby seat: it is open again and its token is dead."""
        self.seating.release(seat)
        self.frames.seats_changed()
        self.save()
        self._broadcast_status()

