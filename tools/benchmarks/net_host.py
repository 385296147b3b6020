"""LAN host latency and discovery time, on loopback.

- ``net.intent_to_all_views``: a dedicated host (``linie-host`` in its own process, Linie 1, five
  seats, autosave on) and 5 seated + 10 spectating clients; from an intent sent to the moment the
  last of the 15 clients holds its new view, read, checked and patched. Intents come one at a
  time, each after the previous change was settled (its check frames arrived) and a 20 ms pause,
  as in play.
- ``net.intent_to_first_view``: the same runs, to the first of the 15 clients holding its view.
- ``net.host_cpu_per_change``: the CPU time the host process used over those runs (Linux's /proc),
  per change: everything it does for one, the checks, saves, pings and status included.
- ``net.intent_to_all_views_one_process``: the same runs, to the last client done in this process.
- ``net.intent_to_all_views_200_idle`` (and ``..._one_process``): the same with 200 further
  spectator connections held open by another process, which come once the game is under way;
  they read everything they are sent (in batches) and never send an intent. The host serves
  spectators in the order they came, so the crowd's own frames follow those of the table's first
  watchers (``net.host_fanout_215_sockets`` is what the whole crowd costs the host).
- ``net.floor_all_views``: the floor of the first figure on this machine, in the same run: a bare
  asyncio server that answers each frame by writing one pre-packed frame of the median update's
  size to the 15 sockets (``tools/fanout_floor.py``), measured in blocks of 25 between the first
  figure's, so that a load that drifts during the run weighs on both alike;
  ``net.all_views_over_floor_median`` and ``..._p99`` are the ratios (goal <= 2).
- ``net.floor_least_python_host``: in the same blocks, the least any host written in Python must
  do for a change (``tools.fanout_floor.LEAST_HOST``: decode the intent, journal it, pack the five
  seats' frames and the spectators' one, write the 15) with no rules, views or deltas, and
  ``net.least_python_host_over_floor_median``: how much of the goal's 2x that alone takes.
- ``net.intent_to_all_views_1000_idle``: the first figure with 1000 further spectators watching;
  ``net.crowd_1000_in``: from the crowd starting to connect to the table's watchers being told
  (in a coalesced status) that all 1000 are in.
- ``net.intent_to_all_views_under_KIND``: the first figure while one hostile connection of each
  kind (``tools/hostile_peers.py``: resync, chat, ping, intent, rematch, seat-move and half-open
  floods, a reader that never reads, connections that send garbage) runs against the table; goal
  p99 <= 50 ms.
- ``net.intent_to_all_views_shared_cores``: the one-process figure with the host and the clients
  left to share the CPUs as the kernel likes; not a LAN figure, printed so the difference shows.
- ``net.discovery_listed``: from a host starting to advertise to a browser listing it (verified
  by its TCP hello).

- ``net.host_fanout_15``: the host's own share, in one process without sockets: from an intent
  handed to the Match to the last of the 15 update frames written.
- ``net.host_fanout_215_sockets``: the same to 5 seats and 210 spectators on real loopback sockets:
  what a crowd costs the host, kernel included (the last spectator of a crowd waits this long).
- ``net.client_decode_view``: one client's work on a whole late-game Linie 1 view (a snapshot):
  decode, limits, depth, schema and view hash.
- ``net.client_apply_delta``: one client's work on a usual update, a delta on the view it holds:
  decode, limits, depth, schema and patch.

On a LAN the host and each player have a machine of their own; on loopback they share this one.
Two things follow. The kernel tends to run a client woken by the host's write on the host's own
CPU, behind the host's remaining work (TCP wakes the reader "synchronously"), a stall no LAN has:
so, where there are two CPUs or more, the host runs on one and every client on the others. And
the 15 clients share one process, so each waits for the ones read before it, which a LAN does in
parallel: so a client holds its view at the moment the kernel had the frame for its socket (its
receive timestamp) plus the time that client itself took to decode, check and patch it. The
``one_process`` figures keep the waiting in. The view-hash check is left out: each client does it
on its own machine after it holds the view.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import selectors
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from game.bots import make_bot
from net.client import local_rules
from net.delta import diff, patch
from net.limits import raise_open_file_limit
from net.protocol import (
    HEADER,
    HOST_LIMITS,
    HOST_SCHEMAS,
    PROTOCOL_VERSION,
    FrameParser,
    decode_body,
    encode,
    validate,
)
from tools.bench import percentile, timed
from tools.fanout_floor import Floor
from tools.hostile_peers import KINDS, attack

ROOT = Path(__file__).resolve().parents[2]
GAME = "linie1"
SEATS = 5
SPECTATORS = 10
SAMPLES = 200
THINK = 0.02  # seconds between a change being settled and the next intent
FLOOR_BLOCK = 25  # the floor's samples are taken in blocks of this many between the host's
PING_EVERY = 2.0


def cpu_split() -> tuple[set[int], set[int]] | None:
    """(the host's CPU, the clients' CPUs), or None with one CPU or no way to pin (macOS, Windows)."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    cpus = sorted(os.sched_getaffinity(0))
    return ({cpus[0]}, set(cpus[1:])) if len(cpus) > 1 else None


class HostProcess:
    """``python -m net.host_cli`` on 127.0.0.1, without discovery, in a temporary directory."""

    def __init__(self, seed: int, cpus: set[int] | None = None) -> None:
        self.directory = tempfile.TemporaryDirectory()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "net.host_cli", "--game", GAME, "--seats", str(SEATS), "--bind", "127.0.0.1",
             "--port", "0", "--no-discovery", "--quiet", "--seed", str(seed),
             "--save", f"{self.directory.name}/table.save"],
            cwd=ROOT, stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
        if cpus is not None:
            os.sched_setaffinity(self.process.pid, cpus)
        assert self.process.stdout is not None
        self.port = next(int(line.rsplit(":", 1)[1]) for line in self.process.stdout if "listening on" in line)

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(10)
        assert self.process.stdout is not None
        self.process.stdout.close()
        self.directory.cleanup()


# The kernel's receive timestamp of each read (Linux: SO_TIMESTAMPNS, 35, which Python's socket
# module may not name): when the frame reached that client's socket, whatever the benchmark's own
# loop was busy with at that moment.
SO_TIMESTAMPNS = getattr(socket, "SO_TIMESTAMPNS", 35 if sys.platform.startswith("linux") else None)
TIMESPEC = struct.Struct("@qq")


def realtime_minus_perf_counter() -> float:
    """Converts a CLOCK_REALTIME stamp (the kernel's) to ``time.perf_counter``'s clock."""
    return min(time.time() - time.perf_counter() for _ in range(5))


class Arrivals:
    """Per (kind, version): when each client held it, two ways. *Own*: the moment its frame reached
    its socket plus the time that client took to decode, check and patch it, i.e. when it would
    hold the view on a machine of its own, as on a LAN. *Serial*: when it was done here, where
    the 15 clients share one process and each waits for the ones read before it."""

    def __init__(self, clients: int) -> None:
        self.clients = clients
        self.own: dict[tuple[str, int], list[float]] = {}
        self.serial: dict[tuple[str, int], list[float]] = {}

    def arrived(self, version: int, kind: str = "view", own: float | None = None) -> None:
        done = time.perf_counter()
        self.own.setdefault((kind, version), []).append(done if own is None else own)
        self.serial.setdefault((kind, version), []).append(done)

    def everyone(self, version: int, kind: str = "view") -> bool:
        return len(self.serial.get((kind, version), ())) >= self.clients


class Client:
    """A seat or a spectator on a non-blocking socket: frames are cut from the stream by the host's
    own ``FrameParser`` and go through the checks a ``NetSession`` makes (size cap, msgpack limits,
    nesting depth, schema), and the view is patched. Plain sockets and one selector rather than
    asyncio, so the benchmark spends its time on the table and the clients' real work, not on a
    stand-in for fifteen machines."""

    def __init__(self, port: int, name: str, seat: int | None, arrivals: Arrivals, clock: float) -> None:
        self.arrivals = arrivals
        self.clock = clock  # realtime_minus_perf_counter()
        self.seat = seat
        self.view: dict[str, Any] | None = None
        self.spectators = 0  # the host's count, from its status frames
        self.next_id = 0
        self.parser = FrameParser(HOST_LIMITS)
        self.greeted = False
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.stamped = False
        if SO_TIMESTAMPNS is not None:
            with contextlib.suppress(OSError):
                self.sock.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
                self.stamped = True
        self.sock.setblocking(False)
        self.send({"type": "hello", "protocol": PROTOCOL_VERSION, "name": name, "rules": local_rules()})

    def send(self, message: dict[str, Any]) -> None:
        self.sock.sendall(encode({**message, "id": self.next_id}))
        self.next_id += 1

    def read(self) -> None:
        while True:
            try:
                data, ancillary, _, _ = self.sock.recvmsg(1 << 20, 256)
            except BlockingIOError:
                return
            started = time.perf_counter()
            if not data:
                raise RuntimeError("the host closed a benchmark connection")
            reached = None  # when the kernel had these bytes for us, on perf_counter's clock
            for level, kind, payload in ancillary:
                if self.stamped and level == socket.SOL_SOCKET and kind == SO_TIMESTAMPNS:
                    seconds, nanoseconds = TIMESPEC.unpack_from(payload)
                    reached = seconds + nanoseconds / 1e9 - self.clock
            for message in self.parser.feed(data):
                self.receive(validate(message, HOST_SCHEMAS), reached, started)

    def receive(self, message: dict[str, Any], reached: float | None = None, started: float = 0.0) -> None:
        kind = message["type"]
        if kind == "hello" and not self.greeted:
            self.greeted = True
            self.send({"type": "spectate"} if self.seat is None else {"type": "claim", "seat": self.seat})
        elif kind in ("update", "snapshot"):
            self.view = message["view"] if "view" in message else patch(self.view, message["delta"])
            own = None if reached is None else reached + time.perf_counter() - started
            self.arrivals.arrived(message["version"], own=own)
        elif kind == "check":
            self.arrivals.arrived(message["version"], "check")
        elif kind == "status":
            self.spectators = message["spectators"]
        elif kind in ("rejected", "error"):
            raise RuntimeError(f"the host refused the benchmark: {message}")

    def close(self) -> None:
        self.sock.close()


class Table:
    """The 15 measured clients and one selector over them."""

    def __init__(self, port: int, arrivals: Arrivals) -> None:
        self.selector = selectors.DefaultSelector()
        clock = realtime_minus_perf_counter()
        self.watchers = [Client(port, f"Watcher {index}", None, arrivals, clock) for index in range(SPECTATORS)]
        self.clients = list(self.watchers)
        for client in self.watchers:
            self.selector.register(client.sock, selectors.EVENT_READ, client)
        self.pump(lambda: all(client.greeted for client in self.watchers))
        self.seats: list[Client] = []
        for seat in range(SEATS):  # the last claim starts the game
            client = Client(port, f"Seat {seat}", seat, arrivals, clock)
            self.selector.register(client.sock, selectors.EVENT_READ, client)
            self.seats.append(client)
            self.clients.append(client)
            self.pump(lambda client=client: client.greeted)  # type: ignore[misc]

    def pump(self, done: Callable[[], bool], timeout: float = 10.0) -> None:
        """Read whatever arrives until ``done()``."""
        deadline = time.monotonic() + timeout
        while not done():
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the host did not answer the benchmark in time")
            for key, _ in self.selector.select(left):
                key.data.read()

    def wait(self, seconds: float) -> None:
        """Keep reading (pings, chat, status) while waiting, as a client does."""
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            for key, _ in self.selector.select(left):
                key.data.read()

    def close(self) -> None:
        for client in self.clients:
            self.selector.unregister(client.sock)
            client.close()
        self.selector.close()


def idle_crowd(port: int, count: int, cpus: set[int] | None, stop: Any) -> None:
    """``count`` spectators that say hello, watch, read everything in batches and ping; run in a
    process of their own until ``stop`` is set."""
    if cpus is not None:
        os.sched_setaffinity(0, cpus)
    raise_open_file_limit(count + 64)
    sockets = []
    for index in range(count):
        sock = socket.create_connection(("127.0.0.1", port))
        sock.sendall(encode({"type": "hello", "id": 0, "protocol": PROTOCOL_VERSION, "name": f"idle {index}",
                             "rules": local_rules()}) + encode({"type": "spectate", "id": 1}))
        sock.setblocking(False)
        sockets.append(sock)
    next_id, last_ping = 2, time.monotonic()
    while not stop.wait(0.25):
        for sock in sockets:
            with contextlib.suppress(BlockingIOError):
                while sock.recv(1 << 20):
                    pass
        if time.monotonic() - last_ping > PING_EVERY:
            for sock in sockets:
                sock.sendall(encode({"type": "ping", "id": next_id}))
            next_id, last_ping = next_id + 1, time.monotonic()
    for sock in sockets:
        sock.close()


# "all", "first", "serial" per change; "crowd_in", "host_cpu" (ms) and "host_changes" per table
Samples = dict[str, list[float]]


def cpu_seconds(pid: int) -> float | None:
    """The user and system CPU time a process has used so far (Linux's /proc), or None."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(port: int, samples: int, bot_seed: int, found: Samples, idle: int = 0,
            bring_crowd: Callable[[], None] | None = None, host_pid: int | None = None,
            between: Callable[[], None] | None = None, every: int = 0) -> int:
    """Latency samples on one table, added to ``found``: to the last of the 15 clients holding the
    view on a machine of its own ("all"), to the first ("first"), and to the last one done in
    this shared process ("serial"). Returns how many were taken, fewer than ``samples`` when the
    game ends first. ``bring_crowd`` lets ``idle`` further spectators in once the table is set
    (they come to watch a game under way); ``between`` is called after every ``every`` samples."""
    arrivals = Arrivals(SEATS + SPECTATORS)
    table = Table(port, arrivals)
    bots = [make_bot(GAME, "easy", bot_seed + seat) for seat in range(SEATS)]
    taken = 0
    try:
        table.pump(lambda: arrivals.everyone(0))
        crowd_at = time.perf_counter()
        if bring_crowd is not None:
            bring_crowd()
        table.pump(lambda: table.watchers[0].spectators == SPECTATORS + idle, 60.0)  # the crowd is in
        found["crowd_in"].append(1000 * (time.perf_counter() - crowd_at))
        last_ping = time.monotonic()
        cpu_before = None if host_pid is None else cpu_seconds(host_pid)
        while taken < samples:
            view = table.seats[0].view
            assert view is not None
            acting = view["match"]["to_act"]
            if not acting:
                break
            seat = acting[0]
            version = view["match"]["version"]
            action = bots[seat].decide(table.seats[seat].view)  # type: ignore[arg-type]
            started = time.perf_counter()
            table.seats[seat].send({"type": "intent", "seat": seat, "base": version, "action": action})
            new = version + 1
            table.pump(lambda: arrivals.everyone(new))  # noqa: B023 - called before the loop moves on
            own, serial = arrivals.own[("view", new)], arrivals.serial[("view", new)]
            found["all"].append(1000 * (max(own) - started))
            found["first"].append(1000 * (min(own) - started))
            found["serial"].append(1000 * (max(serial) - started))
            taken += 1
            # like people, the next intent comes once the last one is settled (checked and saved)
            table.pump(lambda: arrivals.everyone(new, "check"))  # noqa: B023
            table.wait(THINK)
            if between is not None and taken % every == 0:
                between()
            if time.monotonic() - last_ping > PING_EVERY:
                last_ping = time.monotonic()
                for client in table.clients:
                    client.send({"type": "ping"})
        cpu_after = None if host_pid is None else cpu_seconds(host_pid)
        if cpu_before is not None and cpu_after is not None and taken:
            found["host_cpu"].append(1000 * (cpu_after - cpu_before))
            found["host_changes"].append(taken)
        return taken
    finally:
        table.close()


def latency(idle: int, samples: int = SAMPLES, separate_cores: bool = True, attacker: str | None = None,
            between: Callable[[], None] | None = None, every: int = 0) -> Samples:
    """Samples over as many tables as it takes, each hosted by a ``linie-host`` process; with
    ``attacker``, one hostile connection of that kind (``tools.hostile_peers``) runs meanwhile;
    ``between`` is called after every ``every`` samples (the floor's blocks)."""
    raise_open_file_limit(idle + 256)
    split = cpu_split() if separate_cores else None
    own = os.sched_getaffinity(0) if split is not None else set()
    found: Samples = {"all": [], "first": [], "serial": [], "crowd_in": [], "host_cpu": [], "host_changes": []}
    seed = 1
    try:
        if split is not None:
            os.sched_setaffinity(0, split[1])
        while len(found["all"]) < samples:
            host = HostProcess(seed, split[0] if split else None)
            context = multiprocessing.get_context("spawn")
            stop = context.Event()
            others = split[1] if split else None
            helpers = [context.Process(target=idle_crowd, args=(host.port, idle, others, stop))] if idle else []
            if attacker is not None:
                helpers.append(context.Process(target=attack, args=(host.port, attacker, others, stop)))

            def bring(helpers: list[Any] = helpers) -> None:
                for helper in helpers:
                    helper.start()
            try:
                measure(host.port, samples - len(found["all"]), seed, found, idle + (attacker is not None),
                        bring if helpers else None, host.process.pid, between, every)
            finally:
                stop.set()
                for helper in helpers:
                    if helper.is_alive():
                        helper.join(10)
                host.close()
            seed += 1
    finally:
        if split is not None:
            os.sched_setaffinity(0, own)
    return found


class _Wire:
    """A host-side connection for ``host_fanout``: nothing, or a real loopback socket."""

    last_update = 0.0
    update_sizes: list[int] = []  # every update frame written: the floor's frame is of their median size

    def __init__(self, sock: socket.socket | None = None) -> None:
        self.sock = sock

    def is_closing(self) -> bool:
        return False

    def get_write_buffer_size(self) -> int:
        return 0

    def write(self, frame: bytes) -> None:
        if self.sock is not None:
            self.sock.sendall(frame)
        if frame[5:17] == b"\xa4type\xa6update":  # {"type": "update", ...} comes first in the map
            _Wire.last_update = time.perf_counter()
            _Wire.update_sizes.append(len(frame))


def host_fanout(samples: int = SAMPLES, spectators: int = SPECTATORS, sockets: bool = False) -> list[float]:
    """The host's path from an intent handed to the Match to the last update frame written, in one
    process: to stand-in connections (its Python work alone), or to real loopback sockets whose
    other ends are drained between changes (with the kernel's share of each send)."""
    from net.host import Host, HostConfig, Peer

    raise_open_file_limit(2 * (SEATS + spectators) + 64)
    listener = socket.create_server(("127.0.0.1", 0), backlog=512) if sockets else None
    results: list[float] = []
    seed = 1
    while len(results) < samples:
        host = Host.new(GAME, SEATS, HostConfig(), seed=seed)
        host.phase = "playing"
        far_ends: list[socket.socket] = []
        for seat in [*range(SEATS), *[None] * spectators]:
            wire = _Wire()
            if listener is not None:
                far_ends.append(socket.create_connection(listener.getsockname()))
                wire.sock = listener.accept()[0]
                wire.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            role = "seat" if seat is not None else "spectator"
            host.peer_opened(Peer(wire, "bench", ready=True, role=role, seat=seat))  # type: ignore[arg-type]
        for end in far_ends:
            end.setblocking(False)
        bots = [make_bot(GAME, "easy", seed + seat) for seat in range(SEATS)]
        while len(results) < samples and not host.match.finished:
            seat = host.match.to_act()[0]
            action = bots[seat].decide(host.match.view(seat))
            started = time.perf_counter()
            host.match.submit(seat, action)
            results.append(1000 * (_Wire.last_update - started))
            for end in far_ends:
                with contextlib.suppress(BlockingIOError):
                    while end.recv(1 << 20):
                        pass
        for peer in host.peers:
            if peer.transport.sock is not None:  # type: ignore[attr-defined]
                peer.transport.sock.close()  # type: ignore[attr-defined]
        for end in far_ends:
            end.close()
        seed += 1
    if listener is not None:
        listener.close()
    return results


def client_decode(samples: int = SAMPLES) -> list[float]:
    """One client's work on a late-game Linie 1 update: decode, limits, depth, schema, view hash."""
    from game.match import Match, SeatInfo, view_hash

    match = Match(GAME, [SeatInfo(f"Seat {seat}") for seat in range(SEATS)], 1)
    bots = [make_bot(GAME, "easy", seat) for seat in range(SEATS)]
    for _ in range(120):
        if match.finished:
            break
        seat = match.to_act()[0]
        match.submit(seat, bots[seat].decide(match.view(seat)))
    before = match.view(0)
    seat = match.to_act()[0]
    match.submit(seat, bots[seat].decide(match.view(seat)))
    after = match.view(0)
    frame = encode({"type": "update", "version": match.version, "seat": 0, "actor": 0, "events": [],
                    "view": after})
    delta_frame = encode({"type": "update", "version": match.version, "seat": 0, "actor": 0, "events": [],
                          "delta": diff(before, after)})

    def decode() -> None:
        message = validate(decode_body(frame[HEADER.size:], HOST_LIMITS), HOST_SCHEMAS)
        view_hash(message["view"])

    def apply_delta() -> None:
        message = validate(decode_body(delta_frame[HEADER.size:], HOST_LIMITS), HOST_SCHEMAS)
        patch(before, message["delta"])
    return timed(decode, samples), timed(apply_delta, samples)


def discovery(runs: int = 3) -> list[float]:
    """Milliseconds from ``Advertiser`` start to the table in ``TableBrowser.tables()``."""
    from net.discovery import Advertiser, TableBrowser
    from net.host import Host, HostConfig
    from net.host_thread import HostThread

    browser = TableBrowser(interfaces=["127.0.0.1"], recheck=0.5)
    results = []
    try:
        for run in range(runs):
            name = f"Bench table {run}"
            host = HostThread(Host.new(GAME, 2, HostConfig(name=name)), "127.0.0.1")
            port = host.start()
            started = time.perf_counter()
            advertiser = Advertiser(port, host.table_info(), "127.0.0.1")
            try:
                while not any(table["name"] == name for table in browser.tables()):
                    if time.perf_counter() - started > 15:
                        raise RuntimeError("the table was never listed")
                    time.sleep(0.005)
                results.append(1000 * (time.perf_counter() - started))
            finally:
                with contextlib.suppress(Exception):
                    advertiser.close()
                host.stop()
    finally:
        browser.close()
    return results


def figures() -> Iterator[tuple[str, list[float]] | tuple[str, float, str]]:
    fanout = host_fanout()  # (also the size of the floor's frame: the median update's)
    size = int(statistics.median(_Wire.update_sizes))
    split = cpu_split()
    bare = Floor(size, SEATS + SPECTATORS, THINK, split[0] if split else None)
    least = Floor(size, SEATS + SPECTATORS, THINK, split[0] if split else None, least_host_seats=SEATS)
    floor: list[float] = []
    least_host: list[float] = []

    def floors() -> None:
        floor.extend(bare.measure(FLOOR_BLOCK))
        least_host.extend(least.measure(FLOOR_BLOCK))

    try:  # the floors' samples in blocks between the host's: a drifting load weighs on all alike
        table = latency(idle=0, between=floors, every=FLOOR_BLOCK)
        floor.extend(bare.measure(SAMPLES - len(floor)))
        least_host.extend(least.measure(SAMPLES - len(least_host)))
    finally:
        bare.close()
        least.close()
    yield "net.intent_to_all_views", table["all"]
    yield "net.intent_to_first_view", table["first"]
    yield "net.intent_to_all_views_one_process", table["serial"]
    if table["host_changes"]:  # the host's whole work per change (checks, saves, pings), not only the path
        yield "net.host_cpu_per_change", sum(table["host_cpu"]) / sum(table["host_changes"]), "ms of CPU"
    yield f"net.floor_all_views ({size}-byte frame to {SEATS + SPECTATORS} sockets)", floor
    for name, pick in (("median", statistics.median), ("p99", lambda s: percentile(s, 0.99))):
        yield f"net.all_views_over_floor_{name}", pick(table["all"]) / pick(floor), "x (goal <= 2)"
    yield "net.floor_least_python_host (decode, journal, 6 frames packed, 15 writes)", least_host
    yield "net.least_python_host_over_floor_median", statistics.median(least_host) / statistics.median(floor), "x"
    crowd = latency(idle=200)
    yield "net.intent_to_all_views_200_idle", crowd["all"]
    yield "net.intent_to_all_views_200_idle_one_process", crowd["serial"]
    thousand = latency(idle=1000, samples=SAMPLES // 2)
    yield "net.intent_to_all_views_1000_idle", thousand["all"]
    yield "net.crowd_1000_in", thousand["crowd_in"]
    for kind in KINDS:
        yield f"net.intent_to_all_views_under_{kind}", latency(idle=0, samples=SAMPLES // 2, attacker=kind)["all"]
    yield "net.intent_to_all_views_shared_cores", latency(idle=0, separate_cores=False)["serial"]
    yield "net.host_fanout_15", fanout
    yield "net.host_fanout_215_sockets", host_fanout(spectators=SPECTATORS + 200, sockets=True)
    whole, delta = client_decode()
    yield "net.client_decode_view", whole
    yield "net.client_apply_delta", delta
    yield "net.discovery_listed", discovery()
