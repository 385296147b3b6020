"""The client side of a LAN game: ``NetSession``, a ``game.session.Session`` over TCP.

The connection lives on its own thread with its own asyncio loop, so a slow or dead network never
stalls a frame. The pygame loop calls ``poll()`` (or ``pump()``) each frame and gets the same
messages a ``LocalSession`` gives — ``update``, ``rejected``, ``status``, ``chat`` — plus the
table's ``hello``, the ``welcome`` to a seat and typed ``error`` messages. A lost link is
retried with exponential backoff, resuming the seat with its token; a version gap or a view-hash
mismatch asks the host for a fresh snapshot. ``status`` carries ``link`` ("connecting", "up",
"down", "closed") so a scene can show "Reconnecting…".
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import random
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from game.core.contract import Action, View
from game.core.registry import UnknownGame, available_games, get_game
from game.i18n import _
from game.match import view_hash
from net.delta import PatchError, patch
from net.protocol import (
    APP,
    HOST_LIMITS,
    HOST_SCHEMAS,
    PROTOCOL_VERSION,
    ConnectionClosed,
    FrameTooLarge,
    HelloExpected,
    ProtocolError,
    ReadTimeout,
    RulesMismatch,
    SchemaError,
    VersionMismatch,
    check_hello,
    encode,
    read_frame,
    read_message,
    validate,
)
from net.view_shape import view_fault

# Refusals after which retrying the same connection cannot help.
FINAL_CODES = {"protocol.version_mismatch", "protocol.rules_mismatch", "net.replaced"}
# Refusals that mean our token is worthless: forget it, stay connected without a seat.
TOKEN_CODES = {"net.bad_token", "net.token_revoked"}
# Refusals of a resync that mean "not now": asked again a moment later, never shown.
RESYNC_LATER_CODES = {"net.rate_limited", "net.resync_pending"}
RESYNC_RETRY = 1.0  # seconds

log = logging.getLogger("linie.client")


def local_rules() -> dict[str, str]:
    """The games this program has, with their rules versions: what the hello offers."""
    return {name: get_game(name).rules_version for name in available_games()}


def host_fault_in_words(error: ProtocolError) -> str:
    """Why the host's bytes were refused, for a player: the wire's own sentence is English and names
    msgpack and byte caps (it goes to the log)."""
    if isinstance(error, FrameTooLarge):
        return _("The host sent more at once than this program accepts.")
    if isinstance(error, ReadTimeout):
        return _("The host did not answer in time.")
    if isinstance(error, ConnectionClosed):
        return _("The host closed the connection.")
    return _("The host sent something this program cannot read.")


async def probe_async(address: str, port: int, timeout: float = 1.0,
                      rules: dict[str, str] | None = None) -> dict[str, Any]:
    """Say hello to a table and return its hello (game, versions, name, seats, phase), then leave."""
    reader, writer = await asyncio.wait_for(asyncio.open_connection(address, port), timeout)
    try:
        writer.write(encode({"type": "hello", "id": 0, "protocol": PROTOCOL_VERSION, "app": APP, "name": "probe",
                             "rules": local_rules() if rules is None else rules}))
        first = await read_frame(reader, HOST_LIMITS, timeout)
        if (other := other_protocol_hello(first)) is not None:
            return other  # said to be joinable or not by its protocol (what follows may not be ours to read)
        hello = validate(first, HOST_SCHEMAS)
        if hello["type"] != "hello":
            raise HelloExpected("the host did not say hello")
        seats = await _seat_states(reader, timeout)
        hello = {**hello, "open_seats": _open_seats(seats), "seat_tags": _seat_tags(seats)}
        writer.write(encode({"type": "bye", "id": 1}))
        return hello
    finally:
        writer.close()


def other_protocol_hello(message: Any) -> dict[str, Any] | None:
    """The hello of a table that speaks another protocol (another version of Linie), read as far as
    this program can, so the lists say "a newer Linie: update" instead of that it sent something
    unreadable: a newer protocol may add or change fields this program's schema refuses. Each field
    this one knows is kept where it fits its check, else a neutral value; None for anything else."""
    if not isinstance(message, dict) or message.get("type") != "hello":
        return None
    protocol = message.get("protocol")
    if type(protocol) is not int or protocol == PROTOCOL_VERSION or not 0 <= protocol < 2**31:
        return None
    schema = HOST_SCHEMAS["hello"]
    neutral = {"version": 0, "game": "?", "rules_version": "", "title": "?", "table": "?", "phase": "lobby",
               "seats_total": 0, "seats_taken": 0}
    hello: dict[str, Any] = {"type": "hello", "protocol": protocol, "open_seats": None, "seat_tags": None}
    for name, check in schema.required.items():
        if name not in hello:
            value = message.get(name)
            hello[name] = value if name in message and check(value) is None else neutral[name]
    return hello


async def _seat_states(reader: asyncio.StreamReader, timeout: float) -> list[dict[str, Any]] | None:
    """The seats of the status a host sends a compatible newcomer after its hello (the hello only
    counts them); None when no status came (an incompatible newcomer is refused instead)."""
    try:
        status = await read_message(reader, HOST_LIMITS, HOST_SCHEMAS, timeout)
    except (OSError, ProtocolError):
        return None
    seats = status.get("seats") if status.get("type") == "status" else None
    if not isinstance(seats, list):
        return None
    return [state if isinstance(state, dict) else {} for state in seats]


def _open_seats(seats: list[dict[str, Any]] | None) -> list[int] | None:
    """Which seats are open: a list draws the open one where it is."""
    return None if seats is None else [seat for seat, state in enumerate(seats) if state.get("kind") == "open"]


def _seat_tags(seats: list[dict[str, Any]] | None) -> list[str] | None:
    """The tags of the seats' tokens (``net.table.seat_tag``): which seats this table still keeps
    for a player, whatever address it answers at."""
    return None if seats is None else [tag for state in seats if isinstance(tag := state.get("tag"), str)]


def probe(address: str, port: int, timeout: float = 1.0, rules: dict[str, str] | None = None) -> dict[str, Any]:
    """``probe_async`` for a plain thread ("Join by address", the table browser)."""
    return asyncio.run(probe_async(address, port, timeout, rules))


class _Final(Exception):
    """The host refused us for good (another protocol, other rules, our seat taken over).
    ``replaced``: another table answers at the address now, ours is not there any more (its host may
    open it again: the seat's token is kept)."""

    def __init__(self, message: str, replaced: bool = False) -> None:
        super().__init__(message)
        self.replaced = replaced


class NetSession:
    """A seat or a spectator's place at a table on a LAN host; see the module docstring."""

    def __init__(self, address: str, port: int, name: str, *, token: str | None = None,
                 spectate: bool = False, heartbeat: float = 2.0, link_timeout: float = 8.0,
                 connect_timeout: float = 3.0, backoff: tuple[float, float] = (0.25, 8.0),
                 rules: dict[str, str] | None = None) -> None:
        self.address, self.port, self.name = address, port, name
        self.game = ""
        self.table: dict[str, Any] = {}
        self.status: dict[str, Any] = {"type": "status", "seats": [], "phase": "lobby", "spectators": 0}
        self.seat: int | None = None
        self.role: str | None = None
        self.phase = "lobby"
        self.version = 0
        self.link = "connecting"
        self.host_closed = False  # the host said goodbye (closed the table) and has not answered since
        self._view: View | None = None
        self._pending: list[dict[str, Any]] = []
        self._cursor = 0
        self._inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        # network-thread state
        self._heartbeat, self._link_timeout, self._connect_timeout = heartbeat, link_timeout, connect_timeout
        self._backoff = backoff
        self._rules = rules if rules is not None else local_rules()
        self._lock = threading.Lock()
        self._token = token
        self._want = "resume" if token else ("spectate" if spectate else None)
        self._want_seat: int | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._next_id = 0
        self._sent: OrderedDict[int, dict[str, Any]] = OrderedDict()
        self._net_version: int | None = None
        self._net_view: View = {}
        self._resyncing = False
        self._resync_id = -1  # the id of the resync asked last
        self._established = False  # hello exchanged on the live connection
        self._sat_at: tuple[str, str] | None = None  # the game and name of the table the first hello named
        self._seats_total = 0  # how many seats the last hello said the table has
        self._hellos = 0  # hellos answered on this session: more than one is a reconnect
        self._seated = False  # the host gave this session a seat at some point
        self._greeted = False  # ... at least once on the current attempt
        self._farewell = ""  # the host's reason when it said bye
        self._closing = False
        self._jitter = random.Random()
        self._loop = asyncio.new_event_loop()
        self._main: asyncio.Task[None] | None = None
        self._thread = threading.Thread(target=self._run, name=f"linie-net-{name}", daemon=True)
        self._thread.start()

    # -- the Session protocol (pygame thread) ----------------------------------------------------
    @property
    def controlled_seats(self) -> list[int]:
        return [self.seat] if self.role == "seat" and self.seat is not None else []

    @property
    def token(self) -> str | None:
        """This seat's secret: keep it to rejoin after a restart (``NetSession(..., token=...)``)."""
        with self._lock:
            return self._token

    def submit(self, seat: int, action: Action) -> None:
        if seat not in self.controlled_seats:
            self._pending.append({"type": "rejected", "seat": seat, "rejection": {
                "code": "match.not_your_seat", "message": "That seat is not played from this screen."}})
            return
        self._send({"type": "intent", "seat": seat, "base": self.version, "action": action})

    def pump(self) -> None:
        """Take what the network thread received and bring this session's state up to date."""
        while True:
            try:
                message = self._inbox.get_nowait()
            except queue.Empty:
                return
            self._absorb(message)

    def poll(self) -> list[dict[str, Any]]:
        self.pump()
        messages, self._pending, self._cursor = self._pending, [], 0
        return messages

    def view(self, seat: int | None) -> View:
        """The latest view of this connection's own seat (a LAN client holds no other)."""
        if self._view is None or seat != self.seat:
            raise KeyError(f"this connection holds no view for seat {seat}")
        return self._view

    def close(self, goodbye: bool = True) -> None:
        """Stop the network thread. With ``goodbye`` the host is told (a lobby seat is given up);
        without, the connection just vanishes as if the program had died (the seat is kept)."""
        if self._closing:
            return

        def shut() -> None:
            self._closing = True
            if self._writer is not None and goodbye:
                self._write({"type": "bye"})
            elif self._writer is not None:
                self._writer.transport.abort()
                self._writer = None
            if self._main is not None:
                self._main.cancel()
        with contextlib.suppress(RuntimeError):  # the loop already stopped
            self._loop.call_soon_threadsafe(shut)
        self._thread.join(5)

    # -- table actions ---------------------------------------------------------------------------
    def claim(self, seat: int) -> None:
        """Ask for an open seat in the lobby; a ``welcome`` (or an ``error``) answers."""
        self._send({"type": "claim", "seat": seat})

    def spectate(self) -> None:
        self._send({"type": "spectate"})

    def chat(self, text: str) -> None:
        self._send({"type": "chat", "text": text})

    def start_game(self) -> None:
        """Ask the host to leave the lobby (open seats become bots)."""
        self._send({"type": "start"})

    def resync(self) -> None:
        self._send({"type": "resync"})

    def rematch(self) -> None:
        """After the game, ask for another at this table (where seated players start games)."""
        self._send({"type": "rematch"})

    def wait_for(self, predicate: Callable[[dict[str, Any]], bool], timeout: float = 5.0) -> dict[str, Any]:
        """Block until a message matching ``predicate`` arrives (tests and tools, never a frame)."""
        deadline = time.monotonic() + timeout
        while True:
            while self._cursor < len(self._pending):
                message = self._pending[self._cursor]
                self._cursor += 1
                if predicate(message):
                    return message
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError("no such message arrived")
            try:
                self._absorb(self._inbox.get(timeout=remaining))
            except queue.Empty:
                continue

    def _absorb(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "update":
            self._view, self.version, self.seat = message["view"], message["version"], message["seat"]
            self.phase = message.get("phase", self.phase)
        elif kind == "welcome":
            self.seat, self.role = message["seat"], "seat" if message["seat"] is not None else "spectator"
        elif kind == "status":
            if "seats" in message:
                if message["phase"] == "lobby" and self.phase != "lobby":  # another game at this table
                    self._view, self.version = None, 0
                self.status, self.phase = message, message["phase"]
            else:  # a link change: repeat the last known seats so every status looks alike
                message = {**self.status, **message}
            self.link = message["link"]
        elif kind == "hello":
            self.table, self.game = message["table"], message["table"]["game"]
            self.host_closed = False
        elif kind == "bye":
            self.host_closed = True
        elif kind == "forget_seat":
            self.seat, self.role, self._view = None, None, None
            return
        self._pending.append(message)

    def _send(self, message: dict[str, Any]) -> None:
        with contextlib.suppress(RuntimeError):
            self._loop.call_soon_threadsafe(self._send_now, message)

    # -- the network thread ----------------------------------------------------------------------
    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._main = self._loop.create_task(self._connection_loop())
        with contextlib.suppress(asyncio.CancelledError):
            self._loop.run_until_complete(self._main)
        self._loop.run_until_complete(self._loop.shutdown_asyncgens())
        self._loop.close()

    def _push(self, message: dict[str, Any]) -> None:
        self._inbox.put(message)

    def _link(self, state: str, reason: str = "", replaced: bool = False) -> None:
        status: dict[str, Any] = {"type": "status", "link": state, "reason": reason}
        if replaced:  # the screens say the game is not over, only not here any more
            status["replaced"] = True
        self._push(status)

    async def _connection_loop(self) -> None:
        delay = self._backoff[0]
        said = False  # the reason the link closed for good, told already: not overwritten by a bare "closed"
        try:
            while not self._closing:
                self._greeted = False
                try:
                    await self._connect_once()
                except _Final as final:
                    self._link("closed", str(final), final.replaced)
                    said = True
                    return
                except (OSError, TimeoutError, ProtocolError) as error:
                    reason = self._farewell or self._in_words(error)
                finally:
                    self._drop_writer()
                if self._closing:
                    break
                if self._greeted:  # a link that worked starts the backoff afresh
                    delay = self._backoff[0]
                self._link("down", reason)
                await asyncio.sleep(delay * self._jitter.uniform(0.8, 1.2))
                delay = min(delay * 2, self._backoff[1])
        finally:
            if not said:
                self._link("closed", "closed")

    def _in_words(self, error: Exception) -> str:
        """Why the link broke, for a player rather than a programmer."""
        where = f"{self.address}:{self.port}"
        if isinstance(error, ConnectionRefusedError):
            return _("Nobody answers at {where}: the host may be restarting the table.").format(where=where)
        if isinstance(error, TimeoutError):
            return _("No answer from {where}.").format(where=where)
        if isinstance(error, ConnectionClosed | ConnectionResetError | BrokenPipeError):
            return _("The host closed the connection.")
        if isinstance(error, ProtocolError):
            log.warning("the host at %s broke the protocol: %s (%s)", where, error.message, error.code)
            return host_fault_in_words(error)
        return error.strerror if isinstance(error, OSError) and error.strerror else str(error) or type(error).__name__

    async def _connect_once(self) -> None:
        """One connection, from hello until it breaks (it always ends by an exception)."""
        reader, writer = await asyncio.wait_for(asyncio.open_connection(self.address, self.port),
                                                self._connect_timeout)
        self._writer, self._next_id, self._net_version, self._resyncing = writer, 0, None, False
        self._farewell = ""
        self._sent.clear()
        self._write({"type": "hello", "protocol": PROTOCOL_VERSION, "app": APP, "name": self.name,
                     "rules": self._rules})
        first = await read_frame(reader, HOST_LIMITS, self._connect_timeout)
        hello = other_protocol_hello(first) or validate(first, HOST_SCHEMAS)  # another version: said as such
        if hello["type"] == "error" and hello["fatal"]:  # refused at the door: said once, not asked again
            self._push({"type": "error", "code": hello["code"], "message": hello["message"], "fatal": True})
            raise _Final(hello["message"])
        if hello["type"] != "hello":
            raise HelloExpected("the host did not say hello")
        try:
            check_hello(hello)
            self._check_rules(hello)
        except VersionMismatch:
            raise _Final(_("the host runs another version of Linie (protocol {theirs}, this program {mine}): "
                           "update both to the same one").format(theirs=hello.get("protocol"),
                                                                 mine=PROTOCOL_VERSION)) from None
        except ProtocolError as error:
            raise _Final(error.message) from None
        if self._sat_at is not None and self._sat_at != (hello["game"], hello["table"]):
            # the host closed our table and another one answers at its address now (the next game a
            # friend hosts takes port 47000 again): we never chose to join that one
            raise _Final(_("another table, “{name}”, now answers at {where}").format(
                where=f"{self.address}:{self.port}", name=hello["table"]), replaced=True)
        self._sat_at = (hello["game"], hello["table"])
        self._seats_total = hello["seats_total"]
        self._hellos += 1
        table = {key: hello[key] for key in (
            "game", "title", "table", "phase", "seats_total", "seats_taken", "rules_version", "protocol")}
        table["guests_start"] = hello.get("guests_start", True)  # may a seated guest press Start?
        self._push({"type": "hello", "table": table})
        self._established = self._greeted = True
        self._link("up")
        if self._want == "resume" and self._token:
            self._write({"type": "resume", "token": self._token})
        elif self._want == "claim" and self._want_seat is not None:
            self._write({"type": "claim", "seat": self._want_seat})
        elif self._want == "spectate":
            self._write({"type": "spectate"})
        pinger = asyncio.create_task(self._ping_loop())
        try:
            while True:
                message = await read_message(reader, HOST_LIMITS, HOST_SCHEMAS, self._link_timeout)
                self._receive(message)
        finally:
            pinger.cancel()

    def _check_rules(self, hello: dict[str, Any]) -> None:
        try:
            mine = get_game(hello["game"]).rules_version
        except UnknownGame:
            raise RulesMismatch(_("this program does not have the game {game!r}").format(game=hello["game"])) from None
        if mine != hello["rules_version"]:
            raise RulesMismatch(_("the host plays rules {rules!r}, this program has {mine!r}").format(
                rules=hello["rules_version"], mine=mine))

    async def _ping_loop(self) -> None:
        while True:
            await asyncio.sleep(self._heartbeat)
            self._write({"type": "ping"})

    def _drop_writer(self) -> None:
        self._established = False
        if self._writer is not None:
            if self._closing:
                self._writer.close()  # flushes the bye
            else:
                self._writer.transport.abort()
            self._writer = None

    def _write(self, message: dict[str, Any]) -> None:
        """Number and send one message on the live connection."""
        assert self._writer is not None
        message["id"] = self._next_id
        self._next_id += 1
        if message["type"] in ("intent", "claim"):  # refusals name them by id
            self._sent[message["id"]] = message
            while len(self._sent) > 256:
                self._sent.popitem(last=False)
        self._writer.write(encode(message))

    def _send_now(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind in ("claim", "spectate"):  # a wish: sent now if we are in, else after the next hello
            self._want, self._want_seat = kind, message.get("seat")
            if not self._established:
                return
        if self._established and self._writer is not None and not self._writer.transport.is_closing():
            self._write(message)
        elif kind == "intent":
            self._push({"type": "rejected", "seat": message["seat"], "rejection": {
                "code": "net.link_down", "message": "Not connected to the host; try again in a moment."}})
        else:
            self._push({"type": "error", "code": "net.link_down", "message": "Not connected to the host.",
                        "fatal": False})

    def _receive(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "update":
            self._on_update(message)
        elif kind == "check":
            self._on_check(message)
        elif kind == "snapshot":
            self._on_snapshot(message)
        elif kind == "welcome":
            self._check_seat(message["seat"])
            with self._lock:
                if message["token"] is not None or message["seat"] is None:  # a seat given up to watch
                    self._token = message["token"]
            self._want = "resume" if message["seat"] is not None else "spectate"
            self._seated = self._seated or message["seat"] is not None
            self._push({"type": "welcome", "seat": message["seat"], "name": message["name"],
                        "version": message["version"]})
        elif kind == "status":
            if message["phase"] == "lobby":  # no game view in a lobby (another game may follow one)
                self._net_version, self._net_view, self._resyncing = None, {}, False
            self._push({**message, "link": "up"})
            if self._net_version is not None and message["version"] > self._net_version:
                self._ask_resync()
        elif kind == "error":
            self._on_error(message)
        elif kind in ("rejected", "chat"):
            self._push(message)
        elif kind == "bye":  # the link goes down next; say why, in the player's language (the wire's is English)
            self._farewell = _("The host closed the table.")
            self._push({"type": "bye"})

    def _on_update(self, message: dict[str, Any]) -> None:
        self._check_seat(message["seat"])
        self._check_seat(message["actor"])
        if self._resyncing:
            return  # the snapshot on its way supersedes this
        expected = None if self._net_version is None else self._net_version + 1
        if expected is not None and message["version"] != expected:
            self._ask_resync()
            return
        if "view" not in message:
            try:
                message["view"] = patch(self._net_view, message.get("delta"))
            except PatchError:
                self._ask_resync()  # nothing sound to patch: the snapshot repairs it
                return
            del message["delta"]
        self._check_view(message["view"])
        self._net_version, self._net_view = message["version"], message["view"]
        self._push(message)

    def _check_view(self, view: View) -> None:
        """A view that is not of this table's game's shape never reaches the table (it would end
        in the crash screen): the link drops as for any unreadable message and is made again, and
        the host's next snapshot replaces it."""
        fault = view_fault(self._sat_at[0], view) if self._sat_at is not None else None
        if fault is not None:
            raise SchemaError(fault)

    def _on_check(self, message: dict[str, Any]) -> None:
        """The host's hash of the view it just sent: a mismatch means a desync, repaired by a snapshot."""
        if self._resyncing or message["version"] != self._net_version:
            return  # a gap is already being repaired, or a later update will be checked
        if view_hash(self._net_view) != message["hash"]:
            self._ask_resync()

    def _check_seat(self, seat: int | None) -> None:
        """A seat the table does not have (its hello counted them) never reaches the screens, which
        would look for that seat's row, colour and cards: the link drops as for any unreadable message."""
        if seat is not None and not 0 <= seat < self._seats_total:
            raise SchemaError(f"the host named seat {seat} of a table of {self._seats_total} seats")

    def _on_snapshot(self, message: dict[str, Any]) -> None:
        self._check_seat(message["seat"])
        self._check_view(message["view"])
        self._resyncing = False
        self._net_version, self._net_view = message["version"], message["view"]
        if view_hash(message["view"]) != message["hash"]:
            self._push({"type": "error", "code": "net.desync", "fatal": False,
                        "message": "The view from the host does not match its hash."})
        self._push({"type": "update", "version": message["version"], "seat": message["seat"],
                    "actor": None, "events": [], "view": message["view"], "hash": message["hash"],
                    "phase": message["phase"], "snapshot": True})

    def _ask_resync(self) -> None:
        if not self._resyncing and self._writer is not None:
            self._resyncing = True
            self._resync_id = self._next_id
            self._write({"type": "resync"})

    def _on_error(self, message: dict[str, Any]) -> None:
        code, msg_id = message["code"], message["id"]
        if code in RESYNC_LATER_CODES and self._resyncing and msg_id == self._resync_id:
            self._resyncing = False
            self._loop.call_later(RESYNC_RETRY, self._ask_resync)
            return
        if code == "net.bad_token" and self._seated and self._hellos > 1 and self._sat_at is not None:
            # our seat's table is gone and a new one of the same game and name answers (the host opened
            # the next table on the same port): we never chose to join that one
            raise _Final(_("another table, “{name}”, now answers at {where}").format(
                where=f"{self.address}:{self.port}", name=self._sat_at[1]), replaced=True)
        refused = self._sent.pop(msg_id, None) if msg_id is not None else None
        if refused is not None and refused["type"] == "intent":
            self._push({"type": "rejected", "id": msg_id, "seat": refused["seat"],
                        "rejection": {"code": code, "message": message["message"]}})
        else:
            if refused is not None and self._want == "claim":  # not asked again on reconnect
                self._want, self._want_seat = None, None
            self._push({"type": "error", "code": code, "message": message["message"],
                        "fatal": message["fatal"]})
        if code in TOKEN_CODES:
            with self._lock:
                self._token = None
            self._want = None
            self._push({"type": "forget_seat"})
        if code in FINAL_CODES:
            raise _Final(message["message"])
