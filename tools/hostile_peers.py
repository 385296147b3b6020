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
  about, as fast as it can (each refused once the game runs: seats change hands in the lobby only).
"""

from __future__ import annotations

import contextlib
import os
import socket
from typing import Any

from net.client import local_rules
from net.protocol import PROTOCOL_VERSION, encode

KINDS = ("resync", "chat", "ping", "intent", "slow_reader", "rematch", "seat_moves")
BATCH = 64  # frames sent per write


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

