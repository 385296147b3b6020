"""LAN host latency and discovery time, on loopback.

- ``net.intent_to_all_views``: a dedicated host (``linie-host`` in its own process, Linie 1, five
  seats, autosave on) and 5 seated + 10 spectating clients; from an intent sent to the moment the
  last of the 15 clients has read and decoded its new view. Intents come one at a time, each
  after the previous change was settled (its check frames arrived) and a 20 ms pause, as in play.
- ``net.intent_to_first_view``: the same runs, to the first of the 15 clients holding its view: what
  one player on a LAN machine of their own waits for.
- ``net.intent_to_all_views_200_idle``: the same with 200 further spectator connections that read
  everything and never send an intent.
- ``net.discovery_listed``: from a host starting to advertise to a browser listing it (verified
  by its TCP hello).

- ``net.host_fanout_15``: the host's own share, in one process without sockets: from an intent
  handed to the Match to the last of the 15 update frames written.
- ``net.client_decode_view``: one client's work on a whole late-game Linie 1 view (a snapshot):
  decode, limits, depth, schema and view hash.
- ``net.client_apply_delta``: one client's work on a usual update, a delta on the view it holds:
  decode, limits, depth, schema and patch.

Clients decode and check every frame (limits, depth, schema) as ``NetSession`` does; the
view-hash check is left out, a real client does it on its own machine. All 15 clients share one
process here, so their decoding is serialised: on a LAN each client decodes in parallel.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from game.bots import make_bot
from net.client import local_rules
from net.delta import diff, patch
from net.protocol import (
    HEADER,
    HOST_LIMITS,
    HOST_SCHEMAS,
    PROTOCOL_VERSION,
    decode_body,
    encode,
    validate,
)
from tools.bench import timed

ROOT = Path(__file__).resolve().parents[2]
GAME = "linie1"
SEATS = 5
SPECTATORS = 10
SAMPLES = 200
THINK = 0.02  # seconds between a change being settled and the next intent


def raise_open_file_limit(needed: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < needed:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(needed, hard), hard))


class HostProcess:
    """``python -m net.host_cli`` on 127.0.0.1, without discovery, in a temporary directory."""

    def __init__(self, seed: int) -> None:
        self.directory = tempfile.TemporaryDirectory()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "net.host_cli", "--game", GAME, "--seats", str(SEATS), "--bind", "127.0.0.1",
             "--no-discovery", "--quiet", "--seed", str(seed), "--save", f"{self.directory.name}/table.save"],
            cwd=ROOT, stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert self.process.stdout is not None
        self.port = next(int(line.rsplit(":", 1)[1]) for line in self.process.stdout if "listening on" in line)

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(10)
        assert self.process.stdout is not None
        self.process.stdout.close()
        self.directory.cleanup()


class Arrivals:
    """Counts, per (kind, version), the clients that got it; wakes the driver when all of them have."""

    def __init__(self, clients: int) -> None:
        self.clients = clients
        self.counts: dict[tuple[str, int], int] = {}
        self.first: dict[tuple[str, int], float] = {}  # when the first client got it
        self.done: dict[tuple[str, int], asyncio.Future[float]] = {}

    def expect(self, version: int, kind: str = "view") -> asyncio.Future[float]:
        return self.done.setdefault((kind, version), asyncio.get_running_loop().create_future())

    def arrived(self, version: int, kind: str = "view") -> None:
        key = (kind, version)
        if key not in self.counts:
            self.first[key] = time.perf_counter()
        self.counts[key] = self.counts.get(key, 0) + 1
        if self.counts[key] == self.clients:
            future = self.expect(version, kind)
            if not future.done():
                future.set_result(time.perf_counter())


class Client(asyncio.Protocol):
    """A seat or a spectator: hello, claim or spectate, then decode and check every frame it is sent.

    Frames are cut from the byte stream in ``data_received`` and go through the same checks a
    ``NetSession`` makes (size cap, msgpack limits, nesting depth, schema) and the view is patched;
    a protocol callback rather than a StreamReader task, so the benchmark measures the table, not
    the stand-in client's own awaits.
    """

    def __init__(self, arrivals: Arrivals) -> None:
        self.arrivals = arrivals
        self.view: dict[str, Any] | None = None
        self.next_id = 0
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.greeted: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def send(self, message: dict[str, Any]) -> None:
        assert self.transport is not None
        self.transport.write(encode({**message, "id": self.next_id}))
        self.next_id += 1

    async def join(self, port: int, name: str, seat: int | None) -> None:
        loop = asyncio.get_running_loop()
        await loop.create_connection(lambda: self, "127.0.0.1", port)
        self.send({"type": "hello", "protocol": PROTOCOL_VERSION, "name": name, "rules": local_rules()})
        await asyncio.wait_for(self.greeted, 5)
        self.send({"type": "spectate"} if seat is None else {"type": "claim", "seat": seat})

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        while len(self.buffer) >= HEADER.size:
            (length,) = HEADER.unpack_from(self.buffer)
            if length > HOST_LIMITS.max_frame:
                raise RuntimeError("the host sent a frame over the cap")
            end = HEADER.size + length
            if len(self.buffer) < end:
                return
            body = bytes(self.buffer[HEADER.size:end])
            del self.buffer[:end]
            self.receive(validate(decode_body(body, HOST_LIMITS), HOST_SCHEMAS))

    def receive(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "hello" and not self.greeted.done():
            self.greeted.set_result(None)
        elif kind in ("update", "snapshot"):
            self.view = message["view"] if "view" in message else patch(self.view, message["delta"])
            self.arrivals.arrived(message["version"])
        elif kind == "check":
            self.arrivals.arrived(message["version"], "check")
        elif kind in ("rejected", "error"):
            raise RuntimeError(f"the host refused the benchmark: {message}")

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()


class IdleSpectator(asyncio.Protocol):
    """A spectator that reads and drops everything it is sent and only says hello and ping."""

    def __init__(self) -> None:
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        self.transport.write(encode({"type": "hello", "id": 0, "protocol": PROTOCOL_VERSION, "name": "idle",
                                     "rules": local_rules()}) + encode({"type": "spectate", "id": 1}))
        self.pings = 2

    def data_received(self, data: bytes) -> None:
        pass

    def ping(self) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(encode({"type": "ping", "id": self.pings}))
            self.pings += 1


async def measure(port: int, idle: int, samples: int, bot_seed: int,
                  firsts: list[float] | None = None) -> tuple[list[float], bool]:
    """Latency samples on one table (to the last client; to the first one into ``firsts``); the flag
    says the game ended before enough were taken."""
    firsts = [] if firsts is None else firsts
    loop = asyncio.get_running_loop()
    idlers = [(await loop.create_connection(IdleSpectator, "127.0.0.1", port))[1] for _ in range(idle)]
    arrivals = Arrivals(SEATS + SPECTATORS)
    seats = [Client(arrivals) for _ in range(SEATS)]
    watchers = [Client(arrivals) for _ in range(SPECTATORS)]
    for index, client in enumerate(watchers):
        await client.join(port, f"Watcher {index}", None)
    for seat, client in enumerate(seats):
        await client.join(port, f"Seat {seat}", seat)  # the last claim starts the game
    bots = [make_bot(GAME, "easy", bot_seed + seat) for seat in range(SEATS)]
    await asyncio.wait_for(arrivals.expect(0), 10)
    results: list[float] = []
    last_ping = time.monotonic()
    try:
        while len(results) < samples:
            view = seats[0].view
            assert view is not None
            acting = view["match"]["to_act"]
            if not acting:
                return results, True
            seat = acting[0]
            version = view["match"]["version"]
            action = bots[seat].decide(seats[seat].view)  # type: ignore[arg-type]
            done = arrivals.expect(version + 1)
            started = time.perf_counter()
            seats[seat].send({"type": "intent", "seat": seat, "base": version, "action": action})
            finished = await asyncio.wait_for(done, 10)
            results.append(1000 * (finished - started))
            firsts.append(1000 * (arrivals.first[("view", version + 1)] - started))
            # like people, the next intent comes once the last one is settled (checked and saved)
            await asyncio.wait_for(arrivals.expect(version + 1, "check"), 10)
            await asyncio.sleep(THINK)
            if time.monotonic() - last_ping > 2:
                last_ping = time.monotonic()
                for client in seats + watchers:
                    client.send({"type": "ping"})
                for protocol in idlers:
                    protocol.ping()
        return results, False
    finally:
        for client in seats + watchers:
            client.close()
        for protocol in idlers:
            if protocol.transport is not None:
                protocol.transport.close()


def latency(idle: int, samples: int = SAMPLES, firsts: list[float] | None = None) -> list[float]:
    raise_open_file_limit(idle + 256)
    results: list[float] = []
    seed = 1
    while len(results) < samples:
        host = HostProcess(seed)
        try:
            taken, _ = asyncio.run(measure(host.port, idle, samples - len(results), seed, firsts))
        finally:
            host.close()
        results += taken
        seed += 1
    return results


def host_fanout(samples: int = SAMPLES) -> list[float]:
    """The host's CPU path from intent to the last update frame, with 15 stand-in connections."""
    from net.host import Host, HostConfig, Peer

    class Transport:
        def is_closing(self) -> bool:
            return False

        def get_write_buffer_size(self) -> int:
            return 0

    class Writer:
        transport = Transport()
        last_update = 0.0

        def write(self, frame: bytes) -> None:
            if frame[5:17] == b"\xa4type\xa6update":  # {"type": "update", ...} comes first in the map
                Writer.last_update = time.perf_counter()

    results: list[float] = []
    seed = 1
    while len(results) < samples:
        host = Host.new(GAME, SEATS, HostConfig(), seed=seed)
        host.phase = "playing"
        for seat in [*range(SEATS), *[None] * SPECTATORS]:
            role = "seat" if seat is not None else "spectator"
            host.peers.add(Peer(Writer(), "bench", ready=True, role=role, seat=seat))  # type: ignore[arg-type]
        bots = [make_bot(GAME, "easy", seed + seat) for seat in range(SEATS)]
        while len(results) < samples and not host.match.finished:
            seat = host.match.to_act()[0]
            action = bots[seat].decide(host.match.view(seat))
            started = time.perf_counter()
            host.match.submit(seat, action)
            results.append(1000 * (Writer.last_update - started))
        seed += 1
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
    from net.host import Host, HostConfig, HostThread

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


def figures() -> Iterator[tuple[str, list[float]]]:
    firsts: list[float] = []
    yield "net.intent_to_all_views", latency(idle=0, firsts=firsts)
    yield "net.intent_to_first_view", firsts
    yield "net.intent_to_all_views_200_idle", latency(idle=200)
    yield "net.host_fanout_15", host_fanout()
    whole, delta = client_decode()
    yield "net.client_decode_view", whole
    yield "net.client_apply_delta", delta
    yield "net.discovery_listed", discovery()
