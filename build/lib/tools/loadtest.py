"""Load a running LAN host with spectators: ``python -m tools.loadtest ADDRESS PORT --spectators 200``.

Every spectator is a full client (hello, spectate, decoded and schema-checked frames, heartbeats).
For each game update it reports how far apart the first and the last spectator got it (the
host's fan-out spread), and at the end how many connections the host dropped. Point it at a
``linie-host`` whose game is running (bots, or players) to see how a table copes with a crowd.
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import statistics
import sys
import time

from net.client import local_rules
from net.protocol import HOST_LIMITS, HOST_SCHEMAS, PROTOCOL_VERSION, ProtocolError, encode, read_message
from tools.bench import percentile


async def spectator(address: str, port: int, index: int, arrivals: dict[int, list[float]],
                    stop: asyncio.Event) -> bool:
    """One watcher until ``stop``; False when the host dropped it."""
    reader, writer = await asyncio.open_connection(address, port)
    writer.write(encode({"type": "hello", "id": 0, "protocol": PROTOCOL_VERSION, "name": f"load {index}",
                         "rules": local_rules()}) + encode({"type": "spectate", "id": 1}))
    next_id, last_ping = 2, time.monotonic()
    try:
        while not stop.is_set():
            try:
                message = await read_message(reader, HOST_LIMITS, HOST_SCHEMAS, timeout=1.0)
            except ProtocolError as error:
                if error.code == "protocol.timeout":
                    continue
                return False
            if message["type"] == "update":
                arrivals.setdefault(message["version"], []).append(time.perf_counter())
            if time.monotonic() - last_ping > 2:
                writer.write(encode({"type": "ping", "id": next_id}))
                next_id, last_ping = next_id + 1, time.monotonic()
        return True
    finally:
        writer.close()


async def run(address: str, port: int, spectators: int, duration: float) -> int:
    arrivals: dict[int, list[float]] = {}
    stop = asyncio.Event()
    tasks = [asyncio.create_task(spectator(address, port, index, arrivals, stop)) for index in range(spectators)]
    await asyncio.sleep(duration)
    stop.set()
    alive = sum(await asyncio.gather(*tasks))
    complete = {version: times for version, times in arrivals.items() if len(times) == spectators}
    spreads = [1000 * (max(times) - min(times)) for times in complete.values()]
    print(f"{spectators} spectators for {duration:g} s: {len(arrivals)} updates seen, "
          f"{len(complete)} reached everyone, {spectators - alive} connections dropped")
    if spreads:
        print(f"fan-out spread first->last spectator: median={statistics.median(spreads):.2f} ms "
              f"p99={percentile(spreads, 0.99):.2f} ms")
    return 0 if alive == spectators else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.loadtest", description=__doc__.split("\n\n")[0])
    parser.add_argument("address")
    parser.add_argument("port", type=int)
    parser.add_argument("--spectators", type=int, default=200)
    parser.add_argument("--duration", type=float, default=20.0, help="seconds")
    args = parser.parse_args(argv)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < args.spectators + 64:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(args.spectators + 64, hard), hard))
    return asyncio.run(run(args.address, args.port, args.spectators, args.duration))


if __name__ == "__main__":
    sys.exit(main())
