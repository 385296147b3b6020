"""The authoritative LAN host: an asyncio server around one ``game.match.Match``.

Every byte a peer receives about the game comes from ``Match.view(seat)`` and
``Match.events_for(change, seat)`` for that peer's own seat (None for spectators); the rest is
public table state (seat names, connection states, chat) or the peer's own token and errors.
The host is the only authority: clients send intents, the host checks them through the Match.

A table goes lobby -> playing -> over. Seats are ``open`` until a client claims one (it gets a
secret token), ``bot`` seats are played here in a worker thread, and an absent player's seat can
be handed to a bot and back. Every applied action is journaled before anyone hears of it, and
the whole table is saved atomically at every seat change and every so many actions, so a
restarted host resumes it and the players reconnect with their tokens.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import math
import random
import socket
import time
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from game.bots import make_bot
from game.core.contract import SnapshotError
from game.core.text import clean_text, shows_something
from game.match import Change, Match, SeatInfo
from game.replay_writer import keep_replay
from net import DEFAULT_PORT
from net.autosave import Autosave, load_saved
from net.bot_runner import BotFactory, BotRunner
from net.connection import PeerConnection
from net.fanout import ChangeFanout, SentChange
from net.frames import HostFrames
from net.limits import Arrivals, raise_open_file_limit
from net.protocol import (
    APP,
    MAX_NAME_CHARS,
    PROTOCOL_VERSION,
    HelloExpected,
    ProtocolError,
    ReadTimeout,
    RulesMismatch,
    SchemaError,
    check_hello,
)
from net.requests import Requests
from net.savefile import HOST_SAVE_FORMAT, HOST_SAVE_VERSION
from net.seating import Seating
from net.show_replays import ShowReplays
from net.status import StatusBoard
from net.table import (
    HostConfig,
    Peer,
    PeerCut,
    PeerLeaving,
    PeerLimits,
    QueueBudget,
    RefusedError,
    SeatSlot,
)

log = logging.getLogger("linie.host")

LISTEN_BACKLOG = 1024  # connections waiting to be accepted: a crowd arriving at once is not turned away
ACCEPT_BATCH = 64  # connections accepted at once before the loop reads its peers again
SETTLE_DELAY = 0.001  # seconds from a change's updates to its checks: long enough to let the CPU go


class Host(Requests):
    """One table. Runs on one asyncio loop; every method is called from that loop's thread.
    What each client message does is ``net.requests.Requests``."""

    def __init__(self, match: Match, slots: list[SeatSlot], config: HostConfig, phase: str = "lobby",
                 revoked: Iterable[str] | None = None, bot_factory: BotFactory = make_bot) -> None:
        self.match = match
        self.config = config
        config.name = clean_text(config.name, 64)  # what the hello's schema allows
        if not shows_something(config.name):
            config.name = HostConfig.name
        self.phase = phase
        self.seating = Seating(match, slots, revoked or ())
        self.slots = slots
        self._seat_owner()
        self.peers: dict[Peer, None] = {}  # in the order they connected: fan-outs serve the longest-connected first
        self.table_listeners: list[Callable[[dict[str, Any]], None]] = []
        self.port = 0
        self.last_port = 0  # the port a resumed table listened on before: its players' programs knock there
        self.queue_budget = QueueBudget()
        self.arrivals = Arrivals(config.arrival_burst, config.arrival_rate)
        self._flooding = ""  # the address whose connections were last closed for coming too fast
        self._owing_hello: Counter[str] = Counter()  # per address: connections whose hello has not come
        self._half_open_flood = ""  # the address whose connections were last closed for owing too many hellos
        self._failure_told: tuple[str, str, bool] | None = None  # the address and kind of the last failure logged
        self._unkept: list[Match] = []  # finished games whose replay a full disk refused, tried again
        self.show_replays = ShowReplays(config.show_replays_kept)  # a bots-only show keeps its newest few
        self.frames = HostFrames(match)
        self.fanout = ChangeFanout(match, self.frames)
        self.status = StatusBoard(self.frames, self.seating, self.peers, lambda: self.phase, self._tell_listeners,
                                  bot_in=self._bot_in)
        self.bots = BotRunner(match, slots, bot_factory, lambda: self.config.bot_level,
                              lambda: self.config.bot_delay, lambda: self.phase == "playing")
        self.autosave = Autosave(config.save_path, self.save_data, config.fsync) if config.save_path else None
        self._server: asyncio.Server | None = None
        self._heartbeat: asyncio.Task[None] | None = None
        self._all_gone: asyncio.Event | None = None  # set by the last connection to close
        self._closed = False
        self._loop: asyncio.AbstractEventLoop | None = None
        match.add_listener(self._on_change)

    # -- construction ----------------------------------------------------------------------------
    def _seat_owner(self) -> None:
        """A table hosted from the game holds its host player's seat for them before it listens: a
        guest who knocks first cannot take it (their program resumes it with ``owner_token``)."""
        owner = self.config.owner_seat
        if owner is not None and owner < len(self.slots) and self.slots[owner].token is None \
                and self.match.seats[owner].kind == "open":
            self.seating.claim(owner, self.match.seats[owner].name)

    @property
    def owner_token(self) -> str | None:
        """The token of the host player's seat (None: a table nobody hosts from the game)."""
        owner = self.config.owner_seat
        return self.slots[owner].token if owner is not None and owner < len(self.slots) else None

    @classmethod
    def new(cls, game: str, seats: int, config: HostConfig, bots: int = 0, seed: int | None = None,
            options: dict[str, Any] | None = None, bot_factory: BotFactory = make_bot) -> Host:
        """A fresh table in the lobby: the last ``bots`` seats are bots, the others open."""
        if not 0 <= bots <= seats:
            raise ValueError("more bots than seats")
        # each seat plays in its own colour, as at a table set up on the Host screen
        infos = [SeatInfo(f"Seat {i + 1}", "open", colour=i) for i in range(seats - bots)]
        infos += [SeatInfo(f"Bot {i + 1}", "bot", config.bot_level, colour=seats - bots + i) for i in range(bots)]
        seed = random.SystemRandom().randrange(2**62) if seed is None else seed
        match = Match(game, infos, seed, options)
        slots = [SeatSlot(bot_level=info.level if info.kind == "bot" else None) for info in infos]
        return cls(match, slots, config, bot_factory=bot_factory)

    @classmethod
    def resume(cls, path: Path, config: HostConfig, bot_factory: BotFactory = make_bot,
               keep_name: bool = True, accept_damage: bool = False) -> Host:
        """The table saved in ``path`` (with its saved name unless ``keep_name`` is false);
        SnapshotError when the file cannot be trusted. A journal damaged in the middle is refused
        (the error names the last good action) unless ``accept_damage``: then the table continues
        from that action, and the log says so."""
        data, match = load_saved(path, (HOST_SAVE_FORMAT,), accept_damage)
        table = data.get("table")
        if not isinstance(table, dict) or table.get("phase") not in ("lobby", "playing", "over"):
            raise SnapshotError("the save has no table")
        if table["phase"] == "playing" and match.finished:
            table["phase"] = "over"
        slots, revoked = Seating.slots_from_save(table, len(match.seats))
        if keep_name and isinstance(table.get("name"), str):
            config.name = table["name"]
        host = cls(match, slots, config, table["phase"], revoked, bot_factory)
        port = table.get("port")
        host.last_port = port if isinstance(port, int) and not isinstance(port, bool) and 0 < port < 65536 else 0
        return host

    # -- serving ---------------------------------------------------------------------------------
    async def serve(self, bind: str = "0.0.0.0", port: int | None = 0) -> int:
        """Listen on ``bind``:``port`` (0: any free port; None: ``DEFAULT_PORT`` when it is free, so
        an address typed without a port finds the table, else any free port; a resumed table tries
        the port it had first, where its players' programs knock again); returns the port."""
        self._loop = self.bots.loop = self.status.loop = asyncio.get_running_loop()
        raise_open_file_limit()  # a crowd of spectators must not find the door shut at 1024 files
        self._server = await self._listen(bind, port)
        self.port = self._server.sockets[0].getsockname()[1]
        self._heartbeat = asyncio.create_task(self._heartbeat_loop())
        now = time.monotonic()
        for slot in self.slots:
            if slot.token is not None:
                slot.absent_since = now
        self.save()
        if self.config.autostart and self.phase == "lobby" and not self.seating.open_seats():
            self.start_game()  # a table of bots only: nobody will come to claim a seat
        if self.phase == "over":
            self._deal_again_later()  # a table of bots only resumed at its end
        self.bots.schedule()
        log.info("table %r (%s, %d seats) listening on %s:%d", self.config.name, self.match.game.name,
                 len(self.slots), bind, self.port)
        return self.port

    async def _listen(self, bind: str, port: int | None) -> asyncio.Server:
        assert self._loop is not None
        choices = [port] if port is not None else list(dict.fromkeys([self.last_port or DEFAULT_PORT, DEFAULT_PORT, 0]))
        for choice in choices:
            try:
                return await self._serve_on(bind, choice)
            except OSError as error:
                if choice == choices[-1]:
                    raise
                log.info("port %d is taken (%s); listening on another", choice, error.strerror)
        raise AssertionError("unreachable: the last choice raises or returns")

    async def _serve_on(self, bind: str, port: int) -> asyncio.Server:
        """Listen on ``bind``:``port``. The kernel holds up to ``LISTEN_BACKLOG`` arrivals (a crowd
        arriving at once is not turned away), but the loop takes at most ``ACCEPT_BATCH`` of them
        between two looks at the connections it serves: asyncio accepts as many at once as the
        backlog it was given, and a flood of connections would otherwise hold every intent up for
        the whole batch (~20 ms for 1024)."""
        assert self._loop is not None
        family, _kind, _proto, _name, address = socket.getaddrinfo(bind or None, port, type=socket.SOCK_STREAM,
                                                                  flags=socket.AI_PASSIVE)[0]
        sock = socket.create_server(address, family=family, backlog=LISTEN_BACKLOG)
        try:
            server = await self._loop.create_server(lambda: PeerConnection(self, self.config), sock=sock,
                                                    backlog=ACCEPT_BATCH)
        except BaseException:
            sock.close()
            raise
        sock.listen(LISTEN_BACKLOG)  # asyncio listened with the batch; the kernel's queue stays long
        return server

    async def close(self, goodbye: bool = True) -> None:
        """Stop serving. With ``goodbye`` peers are told; without, connections just drop (a crash)."""
        self._closed = True
        self.status.close()
        if self._heartbeat is not None:
            self._heartbeat.cancel()
        if self._server is not None:
            self._server.close()
        frame = self.frames.encode({"type": "bye", "reason": "The host closed the table."})
        self._all_gone = asyncio.Event()
        for peer in list(self.peers):
            if goodbye:
                peer.send(frame)
                peer.hang_up()
            else:
                peer.abort()
        if self.peers:  # let every connection flush and close
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._all_gone.wait(), 2.0)
        for peer in list(self.peers):  # a peer that has not hung up by now is cut off
            peer.abort()
        if self._server is not None:
            await self._server.wait_closed()
        self.match.remove_listener(self._on_change)
        self.bots.shutdown()
        if self.autosave is not None:
            self.autosave.close()
        self._keep_unkept()

    # -- connections (called by net.connection.PeerConnection) ------------------------------------
    def peer_opened(self, peer: Peer) -> None:
        source = peer.address.rsplit(":", 1)[0]
        if not self.arrivals.admit(source, time.monotonic()):
            if self._flooding != source:  # said once per flood, not once per connection
                log.warning("connections from %s come faster than %g a second: the excess are closed", source,
                            self.config.arrival_rate)
            self._flooding = source
            peer.abort()
            return
        self._owing_hello[source] += 1
        peer.owes_hello = source
        peer.budget = self.queue_budget
        self.peers[peer] = None

    def peer_slow_hello(self, peer: Peer) -> None:
        """A connection still silent after the hello's grace: it may wait its whole time only while
        its address holds no more than ``hello_pending_max`` such. Connections that never say hello
        each hold a socket: within the arrival burst one machine could hold thousands for the hello's
        time and use up the host's files for everyone. A crowd arriving at once says hello as it
        connects, so none of it is still silent a second later (its connections are read long before)."""
        source = peer.owes_hello
        if not source or self._owing_hello[source] <= self.config.hello_pending_max:
            return
        if self._half_open_flood != source:  # said once per flood
            log.warning("more than %d connections from %s have not said hello within %g s: those are closed",
                        self.config.hello_pending_max, source, self.config.hello_grace)
        self._half_open_flood = source
        self._hello_came(peer)  # counted out now: the next one's grace, in this same moment, sees it gone
        peer.abort()

    def peer_message(self, peer: Peer, message: dict[str, Any]) -> None:
        """One checked message; whatever goes wrong is answered on this connection only."""
        try:
            if not peer.ready:
                self._greet(peer, message)
            else:
                self._heard(peer)
                self._handle(peer, message)
        except PeerCut:
            log.log(logging.INFO if peer.role else logging.DEBUG, "%s (%s) is refused for good", peer.name,
                    peer.address)
            self._hang_up(peer)
        except PeerLeaving:
            log.log(logging.INFO if peer.role else logging.DEBUG, "%s (%s) left", peer.name, peer.address)
            peer.close()
        except ProtocolError as error:
            self.peer_failed(peer, error)
        except RefusedError as error:
            peer.send(self.frames.error(error.code, error.message, None, fatal=True))
            self._hang_up(peer)
        except Exception:  # one peer's trouble must never take the table down
            log.exception("unexpected error with %s", peer.address)
            peer.close()

    def peer_failed(self, peer: Peer, error: ProtocolError) -> None:
        """A broken frame, a bad hello or a silence: the peer is told why and disconnected. Connections
        from one address that fail alike (never say hello, send the same kind of garbage) are logged
        once in a row, not each: a flood of them would fill the log and the operator's terminal (a
        line apiece, hundreds a second from one machine sending garbage)."""
        source = peer.address.rsplit(":", 1)[0]
        silent = not peer.ready and isinstance(error, ReadTimeout)
        failure = (source, error.code, silent)
        if self._failure_told == failure:
            log.debug("%s (%s): %s", peer.name, peer.address, error)
        else:
            log.warning("%s (%s): %s%s", peer.name, peer.address, error,
                        " (the next ones from there that say nothing are not logged)" if silent else
                        " (the next ones from there that fail alike are not logged)")
        self._failure_told = failure
        peer.send(self.frames.encode(error.to_message()))
        self._hang_up(peer)

    def peer_closed(self, peer: Peer) -> None:
        if not peer.closed:
            log.log(logging.INFO if peer.role else logging.DEBUG, "%s (%s) disconnected", peer.name, peer.address)
        self._drop(peer)

    def _greet(self, peer: Peer, hello: dict[str, Any]) -> None:
        if hello["type"] != "hello":
            raise HelloExpected("the first message must be a hello")
        peer.last_id = hello["id"]
        # One line of drawable text: a line break would forge the host's log, an escape sequence colour
        # its terminal, a direction override show another name on every screen, the seat and the saves.
        peer.name = clean_text(hello["name"], MAX_NAME_CHARS)
        game = self.match.game
        peer.send(self.frames.encode({
            "type": "hello", "protocol": PROTOCOL_VERSION, "app": APP, "game": game.name,
            "rules_version": game.rules_version, "title": game.title, "table": self.config.name,
            "phase": self.phase, "guests_start": self.config.clients_may_start, **self.seating.counts()}))
        check_hello(hello)
        if hello["rules"].get(game.name) != game.rules_version:
            raise RulesMismatch(f"this table plays {game.title} rules {game.rules_version!r}; the client "
                                f"has {hello['rules'].get(game.name)!r}")
        if not shows_something(peer.name):  # zero-width spaces would seat an invisible player
            raise SchemaError("a player's name must hold a letter or a sign to show")
        peer.ready = True
        self._hello_came(peer)
        peer.last_heard = time.monotonic()
        peer.limits = PeerLimits.of(self.config)
        peer.send(self.status.frame())
        log.debug("%s connected from %s", peer.name, peer.address)

    def _hello_came(self, peer: Peer) -> None:
        """The peer owes no hello any more (it said one, or it is gone)."""
        if source := peer.owes_hello:
            peer.owes_hello = ""
            self._owing_hello[source] -= 1
            if self._owing_hello[source] <= 0:
                del self._owing_hello[source]  # an address long gone leaves nothing behind

    def _hang_up(self, peer: Peer) -> None:
        """End a connection just told why (its last frame queued): its seat, or its place among the
        watchers, is given up at once, and the connection ends once the peer has read that frame
        (``Peer.hang_up``: closed with the peer's pings unread, its socket would answer with a reset,
        and the peer lose the frame). A connection that never said hello sends nothing after its
        hello, and one that floods before it is no client: it is closed at once, as ever."""
        if not peer.ready:
            peer.close()
            return
        peer.hang_up()
        self._leave(peer)  # told to the others: this connection is closed to frames already

    def _drop(self, peer: Peer) -> None:
        self._hello_came(peer)
        self.peers.pop(peer, None)
        if not self.peers and self._all_gone is not None:
            self._all_gone.set()
        if not peer.closed:
            peer.close()
        self._leave(peer)

    def _leave(self, peer: Peer) -> None:
        """The peer's seat is no longer played from it (the seat is kept: it shows absent), or it
        watches no more. Once only: the connection keeps no role."""
        if peer.role == "seat" and peer.seat is not None:
            slot = self.slots[peer.seat]
            if slot.peer is peer:
                slot.peer = None
                slot.absent_since = time.monotonic()
                self._broadcast_status()
                self._maybe_rematch()
        elif peer.role == "spectator":
            self.status.spectators -= 1
            self._broadcast_status()
        peer.role = None

    def _heard(self, peer: Peer) -> None:
        peer.last_heard = time.monotonic()
        if peer.away:
            peer.away = False
            if peer.role == "seat":
                self.slots[peer.seat].absent_since = None  # type: ignore[index]
            self._broadcast_status()

    def start_game(self) -> None:
        """Leave the lobby: open seats are filled by bots and everyone gets their first view."""
        if self.phase != "lobby":
            raise RefusedError("net.not_in_lobby", "The game has already started.")
        self.seating.fill_with_bots(self.config.bot_level)
        self.frames.seats_changed()
        self.phase = "over" if self.match.finished else "playing"
        log.info("game started: %s", ", ".join(info.name for info in self.match.seats))
        self.save()
        for peer in self.peers:
            if peer.role is not None:
                peer.send(self.frames.snapshot(peer.seat, self.phase))
        self._broadcast_status()
        self.bots.schedule()

    def rematch(self) -> Match:
        """After the game: the same table plays again. A new deal with the same game, options and
        seats goes to the lobby (``Seating.seat_again``: a player who left frees the seat); the
        players and spectators still connected stay and are told at once. A table whose seated
        players start it themselves starts at once when everyone still seated asked for it.
        Returns the finished match, whose replay the caller may keep (a ``linie-host`` kept it
        already, in ``config.replays``)."""
        if self.phase != "over":
            raise RefusedError("net.not_over", "A new game at this table can only begin once this one is over.")
        finished = self.match
        if self.config.replays is not None and keep_replay(finished, self.config.replays) is None:
            # kept as the game ended, else tried now (the disk was full then); still refused, the next
            # deal's save takes the table's file: the finished game waits here, tried with every save
            self._unkept.append(finished)
        seats = [SeatInfo(info.name, info.kind, info.level, info.colour) for info in finished.seats]
        seed = random.SystemRandom().randrange(2**62)
        self._use_match(Match(finished.game, seats, seed, next_options(finished)))
        self.seating.seat_again(keep=self.config.owner_seat)
        now = time.monotonic()
        for slot in self.slots:  # a player whose link is down is still away: a bot may stand in, as in play
            slot.absent_since = now if slot.token is not None and slot.peer is None else None
        self.phase = "lobby"
        log.info("a new game at the table: %s", ", ".join(info.name for info in self.match.seats))
        self.save()
        self._broadcast_status()
        self.status.flush()  # the lobby is told, even when the game starts again at once
        if self.config.clients_may_start and self.seating.rematch_asked():
            self.start_game()  # everyone here asked: a seat kept for one whose link is down waits for them
        return finished

    def _use_match(self, match: Match) -> None:
        """From now on the table plays ``match``: everything that reads the game reads the new one."""
        self.match.remove_listener(self._on_change)
        self.bots.shutdown()
        self.match = self.seating.match = match
        self.frames = self.status.frames = HostFrames(match)
        self.fanout = ChangeFanout(match, self.frames)
        self.bots = BotRunner(match, self.slots, self.bots.factory, lambda: self.config.bot_level,
                              lambda: self.config.bot_delay, lambda: self.phase == "playing")
        self.bots.loop = self._loop
        match.add_listener(self._on_change)

    def _maybe_rematch(self) -> None:
        """Every seated player still connected asked for another game (the last one to ask, or
        the last one who had not, leaving): it begins."""
        if self.phase == "over" and self.config.clients_may_start and self.seating.rematch_asked():
            log.info("every seated player asked for another game")
            self.rematch()

    def _deal_again_later(self) -> None:
        """A table of bots only (``linie-host --bots`` as many as ``--seats``: a show for those
        watching) deals its next game a moment after the end, since nobody there can ask for it."""
        if self.config.autostart and self._loop is not None and self.seating.bots_only():
            self._loop.call_later(self.config.bots_again_after, self._bots_again, self.match)

    def _bots_again(self, finished: Match) -> None:
        if self.match is finished and self.phase == "over":
            log.info("a table of bots deals again")
            self.rematch()
            if self.phase == "lobby" and not self.seating.open_seats():
                self.start_game()

    def _lobby_gone(self, now: float) -> list[int]:
        """Seated players absent (link down, or silent) for longer than the table's takeover time:
        in the lobby they hold the others back no longer, as during a game they hold up no turn."""
        takeover = self.config.bot_takeover_after
        if takeover is None:
            return []
        return [seat for seat in self.seating.humans()
                if (since := self.slots[seat].absent_since) is not None and now - since > takeover]

    def _start_if_asked(self, now: float) -> bool:
        """A table whose players start it starts once everyone it still waits for asked (a Ready,
        or the last one not ready gone for too long); a bot plays each absent player's seat until
        they resume it with their token, as during a game. True if it started."""
        if self.phase != "lobby" or not self.config.clients_may_start:
            return False
        gone = self._lobby_gone(now)
        if not self.seating.start_asked(gone):
            return False
        for seat in gone:
            self.seating.hand_to_bot(seat, self.config.bot_level, "auto")
        log.info("every seated player asked to start%s", f" (a bot plays for {len(gone)} absent)" if gone else "")
        self.start_game()
        return True

    def hand_to_bot(self, seat: int, level: str | None = None, how: str = "manual") -> None:
        """Let a bot play a human's seat (the player keeps the seat and its token)."""
        if not self.seating.hand_to_bot(seat, level or self.config.bot_level, how):
            return
        log.info("a bot plays seat %d for %s", seat + 1, self.match.seats[seat].name)
        self.save()
        self._broadcast_status()
        self.bots.schedule()

    def hand_back(self, seat: int) -> None:
        """The human plays their seat again."""
        if not self.seating.hand_back(seat):
            return
        self.bots.forget(seat)
        log.info("%s plays seat %d again", self.match.seats[seat].name, seat + 1)
        self.save()
        self._broadcast_status()

    # -- the game moving on ----------------------------------------------------------------------
    def _on_change(self, change: Change) -> None:
        """The action is journaled, then each peer gets its own seat's events and view
        (``ChangeFanout``). The checks and the bookkeeping no player waits for follow a moment
        later (``_settle``)."""
        if self.autosave is not None:
            self.autosave.action(change.version, change.seat, change.action)
        sent = self.fanout.send(change, self.peers)
        if self.match.finished and self.phase != "over":
            self.phase = "over"
            log.info("game over: %s", self.match.outcome())
            self._broadcast_status()
            self.save()
            if self.config.replays is not None and (kept := keep_replay(self.match, self.config.replays)):
                log.info("replay kept at %s", kept)  # keep_replay logs why when it cannot
                if self.seating.bots_only():  # a show plays on for days: its oldest replays make room
                    self.show_replays.kept(kept)
            self._deal_again_later()
        settle = functools.partial(self._settle, self.match, sent)
        if self._loop is None:
            settle()
        else:
            self._loop.call_later(SETTLE_DELAY, settle)
        self.bots.schedule()

    def _settle(self, match: Match, sent: SentChange) -> None:
        """The checks of a change (the hash of the view each peer was sent) and a full save when one
        is due. They come a moment after the updates: the host's CPU goes idle in between, so a
        client running on the same machine (a player hosting from the game itself, whose client
        shares this process) reads its update first. Skipped if a newer change came meanwhile:
        its own checks follow, and the client checks only the view it holds. Skipped as well once the
        table plays another game: the finished game's versions are the new one's numbers too."""
        if self._closed or match is not self.match or sent.version != match.version:
            return
        self.fanout.send_checks(sent)
        if self.autosave is not None:
            self.autosave.settle()
        self._keep_unkept()

    def _keep_unkept(self) -> None:
        """The replays of finished games a full disk refused at the rematch, tried again once the
        table's own save works (so a disk still full costs nothing per action)."""
        if self._unkept and self.config.replays is not None and self.autosave is not None \
                and self.autosave.problem is None:
            self._unkept = [match for match in self._unkept if keep_replay(match, self.config.replays) is None]

    # -- heartbeats ------------------------------------------------------------------------------
    async def _heartbeat_loop(self) -> None:
        while True:
            await asyncio.sleep(self.config.heartbeat)
            self.tick(time.monotonic())

    def tick(self, now: float) -> None:
        """One heartbeat: ping everyone, mark silent peers away, let bots stand in for the absent."""
        ping = self.frames.encode({"type": "ping"})
        changed = False
        for peer in list(self.peers):
            if not peer.ready or peer.closed:
                continue
            silent = now - peer.last_heard
            if silent > self.config.drop_after:
                self.peer_failed(peer, ReadTimeout(f"nothing complete arrived within "
                                                   f"{self.config.drop_after:g} s"))
                continue
            peer.send(ping)
            if silent > self.config.away_after and not peer.away:
                peer.away = changed = True
                if peer.role == "seat":
                    self.slots[peer.seat].absent_since = peer.last_heard  # type: ignore[index]
                log.info("%s (%s) is away", peer.name, peer.address)
        if changed:
            self._broadcast_status()
        if self.phase == "lobby":
            self._start_if_asked(now)  # a player whose link stays down no longer holds the others back
        takeover = self.config.bot_takeover_after
        if takeover is not None and self.phase == "playing":
            for seat, slot in enumerate(self.slots):
                if slot.absent_since is not None and now - slot.absent_since > takeover:
                    self.hand_to_bot(seat, how="auto")

    # -- the table's public state ----------------------------------------------------------------
    def seat_states(self) -> list[dict[str, Any]]:
        """Public facts about each seat: who sits there and whether they are connected."""
        return self.seating.states(self._bot_in)

    def _bot_in(self, seat: int) -> int | None:
        """Whole seconds until a bot takes the seat of its absent player (0: at the next heartbeat; in
        the lobby: until the others stop waiting for them, and a bot plays it once the game starts);
        None while nothing counts down: the player is here, a bot plays already, the game is over or
        the table never hands a seat over."""
        takeover, slot = self.config.bot_takeover_after, self.slots[seat]
        if takeover is None or self.phase == "over" or slot.absent_since is None or slot.handed is not None \
                or self.match.seats[seat].kind != "human":
            return None
        return max(0, math.ceil(slot.absent_since + takeover - time.monotonic()))

    def _broadcast_status(self) -> None:
        self.status.changed()

    def _tell_listeners(self) -> None:
        info = self.table_info()
        for listener in list(self.table_listeners):
            listener(info)

    def table_info(self) -> dict[str, Any]:
        """What discovery advertises: versions, game, table name, seats and phase."""
        return {"protocol": PROTOCOL_VERSION, "game": self.match.game.name,
                "rules_version": self.match.game.rules_version, "table": self.config.name,
                "phase": self.phase, **self.seating.counts()}

    # -- autosave --------------------------------------------------------------------------------
    def save_data(self) -> dict[str, Any]:
        return {"format": HOST_SAVE_FORMAT, "version": HOST_SAVE_VERSION, "title": self.match.game.title,
                "table": {"name": self.config.name, "phase": self.phase, "port": self.port,
                          **self.seating.save_data()},
                "match": self.match.save()}

    @property
    def save_problem(self) -> str | None:
        """Why saving fails right now (said once, retried each action); None while it works."""
        return self.autosave.problem if self.autosave is not None else None

    def save_to(self, path: Path) -> None:
        """Autosave the table at ``path`` from now on, beginning with a full save."""
        self.config.save_path = path
        self.autosave = Autosave(path, self.save_data, self.config.fsync)
        self.save()

    def save(self) -> None:
        """A full save, and a fresh journal to continue it."""
        if self.autosave is not None:
            self.autosave.full()
            self._keep_unkept()


def next_options(finished: Match) -> dict[str, Any]:
    """The options of the next game at a table: the same, except that where the outcome names who
    starts the next game (Linja: the loser) and the game has that option, that player starts."""
    options = dict(finished.options)
    outcome = finished.outcome() or {}
    if isinstance(outcome.get("next_first"), int) and "first" in options:
        options["first"] = outcome["next_first"]
    return options


__all__ = ["Host", "HostConfig", "Peer", "RefusedError", "SeatSlot"]
