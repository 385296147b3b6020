"""Hostile connections for the LAN benchmark: each kind runs in a process of its own against a
table while ``tools.bench net`` measures the other players' intent -> view latency.

- ``resync``: a spectator asking for the whole view as fast as it can, reading what comes;
- ``chat``: a spectator chatting as fast as it can;
- ``ping``: a spectator sending pings as fast as it can (a flood of cheap messages);
- ``intent``: a spectator sending intents as fast as it can (each refused: it has no seat);
- ``slow_reader``: a spectator that never reads what it is sent;
- ``rematch``: a spectator asking for another game as fast as it can (each refused: only seated
  players may, and only once the game is over);
- ``seat_moves``: a spectator trying to sit down in the first seat and to go back to watching, turn
  about, as fast as it can (each refused once the game runs: seats change hands in the lobby only);
- ``half_open``: a spectator whose machine then opens connections that never say hello, as many and
  as fast as it can, opening another for each the host closes (``HostConfig.hello_pending_max``);
- ``garbage``: a spectator whose machine then says hello, sends a broken frame and keeps sending
  bytes as fast as it can until the host cuts the connection, and again, as fast as it can (each cut
  connection is told why before the host hangs up: what the host reads meanwhile is what it costs).
"""

from __future__ import annotations

import contextlib
import os
import socket
from typing import Any

from net.client import local_rules
from net.protocol import HOST_LIMITS, PROTOCOL_VERSION, FrameParser, encode

KINDS = ("resync", "chat", "ping", "intent", "slow_reader", "rematch", "seat_moves", "half_open", "garbage")
BATCH = 64  # frames sent per write
HALF_OPEN_MOST = 4000  # connections the half_open attacker tries to hold at once (past the host's 2048 burst)
# The half-open connections come from a loopback address of their own (Linux answers all of 127/8): on a
# LAN the attacker is another machine, and the host's limits are per address, so from 127.0.0.1 they would
# shut out the measured clients, as they would a LAN party's guests on that attacker's machine.
HALF_OPEN_SOURCE = "127.0.0.2"
BROKEN_FRAME = b"\xff\xff\xff\xff"  # a frame header past every limit: the host cuts the connection at once


def message(kind: str, number: int) -> dict[str, Any]:
    if kind == "resync":
        return {"type": "resync", "id": number}
    if kind == "chat":
        return {"type": "chat", "id": number, "text": f"spam {number}"}
    if kind == "intent":
        return {"type": "intent", "id": number, "seat": 0, "base": 0, "action": {"type": "roll"}}
    if kind == "rematch":
        return {"type": "rematch", "id": number}
    if kind == "seat_moves":
        return {"type": "claim", "id": number, "seat": 0} if number % 2 else {"type": "spectate", "id": number}
    return {"type": "ping", "id": number}


def attack(port: int, kind: str, cpus: set[int] | None, stop: Any) -> None:
    """Connect, watch, then send ``kind`` frames until ``stop`` is set (run in its own process)."""
    if cpus is not None:
        os.sched_setaffinity(0, cpus)
    os.nice(19)  # on a LAN it has a machine of its own: here it must not starve the measuring clients
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(encode({"type": "hello", "id": 0, "protocol": PROTOCOL_VERSION, "name": f"hostile {kind}",
                         "rules": local_rules()}) + encode({"type": "spectate", "id": 1}))
    if kind == "slow_reader":
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # and never read: the host's queue grows
        stop.wait()
        sock.close()
        return
    if kind == "half_open":
        hold_half_open(port, stop)
        sock.close()
        return
    if kind == "garbage":
        flood_garbage(port, stop)
        sock.close()
        return
    sock.setblocking(False)
    number = 2
    pending = b""
    while not stop.is_set():
        if not pending:
            pending = b"".join(encode(message(kind, number + i)) for i in range(BATCH))
            number += BATCH
        try:
            sent = sock.send(pending)
            pending = pending[sent:]
        except BlockingIOError:
            stop.wait(0.001)
        except OSError:
            break  # dropped by the host: that is an answer too
        with contextlib.suppress(BlockingIOError, OSError):
            while sock.recv(1 << 20):
                pass
    sock.close()



def flood_garbage(port: int, stop: Any) -> int:
    """Say hello, send a broken frame and then bytes as fast as they go until the host cuts the
    connection (a reset, or a send refused), and again, until ``stop``: the connections cut. Its
    connections come from ``HALF_OPEN_SOURCE``, like the half-open ones, so the arrival limit they
    meet is not the measured clients'."""
    hello = encode({"type": "hello", "id": 0, "protocol": PROTOCOL_VERSION, "name": "hostile garbage",
                    "rules": local_rules()}) + encode({"type": "spectate", "id": 1})
    junk = bytes(range(256)) * 256
    cuts = 0
    while not stop.is_set():
        try:
            sock = socket.create_connection(("127.0.0.1", port), timeout=1.0, source_address=(HALF_OPEN_SOURCE, 0))
        except OSError:
            stop.wait(0.01)
            continue
        with sock:
            try:
                sock.sendall(hello)
                _welcomed(sock)  # a watcher the host knows: not a connection that never said hello
                sock.sendall(BROKEN_FRAME)
                sock.setblocking(False)
                while not stop.is_set():  # what the host sends is read; its end is no reason to stop
                    try:
                        sock.send(junk)
                    except BlockingIOError:
                        stop.wait(0.001)
                    with contextlib.suppress(BlockingIOError):
                        sock.recv(1 << 16)
            except OSError:
                cuts += 1
    return cuts


def _welcomed(sock: socket.socket) -> None:
    """Read the host's frames until its welcome (OSError if it does not come)."""
    parser = FrameParser(HOST_LIMITS)
    while True:
        data = sock.recv(1 << 16)
        if not data:
            raise ConnectionResetError("closed before the welcome")
        if any(isinstance(got, dict) and got.get("type") == "welcome" for got in parser.feed(data)):
            return


def hold_half_open(port: int, stop: Any) -> int:
    """Open connections that never say hello and keep them, one more for each the host closes, until
    ``stop``; the most held open at once (as the host left them: a closed one is counted out once its
    end is read)."""
    from net.limits import raise_open_file_limit
    raise_open_file_limit(HALF_OPEN_MOST + 256)
    held: list[socket.socket] = []
    most = 0
    while not stop.is_set():
        if len(held) < HALF_OPEN_MOST:
            try:
                sock = socket.create_connection(("127.0.0.1", port), timeout=1.0,
                                                source_address=(HALF_OPEN_SOURCE, 0))
                sock.setblocking(False)
                held.append(sock)
            except OSError:
                stop.wait(0.01)
        else:
            stop.wait(0.01)
        if len(held) % 64 == 0 or len(held) >= HALF_OPEN_MOST:
            held = [sock for sock in held if _still_open(sock)]
            most = max(most, len(held))
    for sock in held:
        sock.close()
    return most


def _still_open(sock: socket.socket) -> bool:
    """False (and closed here) once the host closed it: its end read, or the connection reset."""
    try:
        if sock.recv(1 << 16) == b"":
            sock.close()
            return False
    except BlockingIOError:
        return True
    except OSError:
        sock.close()
        return False
    return True  # a frame (the host's refusal of a late hello) before the end: read next time
