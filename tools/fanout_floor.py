"""The floor of a LAN host's fan-out on this machine: a bare asyncio server that, for each frame a
client sends, writes one pre-packed frame of a given size to every connection. From the frame
sent to the moment the last client's socket holds the answer, it is what Python and the kernel
cost before any game work: ``python -m tools.bench net`` prints it beside the real host's figure
(``net.floor_all_views``), measured in blocks between the host's, so the ratio holds on a noisy
machine.

Beside it, the least a host written in Python must do for one change (``LEAST_HOST``): read the
intent's frame and decode it, look at its shape, append it to a journal and flush, pack a frame of
the same size for each of the five seats and one shared by the spectators, and write them to the 15
sockets. No rules, no views, no deltas: how much of the floor's multiple any Python host spends
before the game does anything (``net.floor_least_python_host``).
"""

from __future__ import annotations

import contextlib
import os
import selectors
import socket
import struct
import subprocess
import sys
import tempfile
import time

import msgpack

SO_TIMESTAMPNS = getattr(socket, "SO_TIMESTAMPNS", 35 if sys.platform.startswith("linux") else None)
TIMESPEC = struct.Struct("@qq")

SERVER = r"""
import asyncio, socket, struct, sys

size = int(sys.argv[1])
frame = struct.pack(">I", size - 4) + b"x" * (size - 4)  # packed once, like a shared spectator frame
transports = []


class Peer(asyncio.Protocol):
    def connection_made(self, transport):
        transport.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        transports.append(transport)

    def data_received(self, data):
        for transport in transports:
            transport.write(frame)


async def main():
    server = await asyncio.get_running_loop().create_server(Peer, "127.0.0.1", 0)
    print(server.sockets[0].getsockname()[1], flush=True)
    await server.serve_forever()

asyncio.run(main())
"""


LEAST_HOST = r"""
import asyncio, os, socket, struct, sys, msgpack

size, seats, journal = int(sys.argv[1]), int(sys.argv[2]), open(os.path.join(sys.argv[3], "journal"), "ab")
HEADER = struct.Struct(">I")
transports = []
version = 0


def frame(message):
    body = msgpack.packb(message, use_bin_type=True)
    message["pad"] = b"x" * max(0, size - len(body) - 10)  # at least the floor's frame size
    body = msgpack.packb(message, use_bin_type=True)
    return HEADER.pack(len(body)) + body


class Peer(asyncio.Protocol):
    def connection_made(self, transport):
        transport.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        transports.append(transport)
        self.buffer = b""

    def data_received(self, data):
        self.buffer += data
        while len(self.buffer) >= 4:
            end = 4 + HEADER.unpack_from(self.buffer)[0]
            if len(self.buffer) < end:
                return
            message, self.buffer = msgpack.unpackb(self.buffer[4:end]), self.buffer[end:]
            self.intent(message)

    def intent(self, message):
        global version
        if type(message) is not dict or message.get("type") != "intent":
            return
        action = message.get("action")
        if type(action) is not dict or type(action.get("kind")) is not str:
            return
        version += 1
        journal.write(msgpack.packb([version, 0, action]))
        journal.flush()
        frames = [frame({"type": "update", "seat": seat, "actor": 0, "events": [action],
                         "delta": [["set", ["turn"], seat]], "version": version})
                  for seat in [*range(seats), None]]
        for index, transport in enumerate(transports):
            transport.write(frames[min(index, seats)])


async def main():
    server = await asyncio.get_running_loop().create_server(Peer, "127.0.0.1", 0)
    print(server.sockets[0].getsockname()[1], flush=True)
    await server.serve_forever()

asyncio.run(main())
"""


class Floor:
    """The bare server in a process of its own and ``clients`` connections to it, measured in as
    many blocks as the caller likes (``python -m tools.bench net`` takes the floor's samples in
    blocks between the real host's, so a machine whose load drifts during the run weighs on both
    alike)."""

    def __init__(self, frame_size: int, clients: int, think: float, server_cpus: set[int] | None = None,
                 least_host_seats: int | None = None) -> None:
        """The bare server, or with ``least_host_seats`` the least Python host (``LEAST_HOST``) for
        so many seats, the rest of the ``clients`` spectating."""
        self.frame_size, self.think = frame_size, think
        self.directory = tempfile.TemporaryDirectory()
        server = [SERVER] if least_host_seats is None else [LEAST_HOST, str(least_host_seats)]
        self.process = subprocess.Popen([sys.executable, "-c", server[0], str(frame_size), *server[1:],
                                         self.directory.name], stdout=subprocess.PIPE, text=True)
        # an intent as a player's client sends one (the bare server never reads it)
        self.intent = _frame({"type": "intent", "id": 7, "action": {"kind": "place", "tile": "curve",
                                                                     "at": [4, 7], "rot": 1}})
        if server_cpus is not None:
            os.sched_setaffinity(self.process.pid, server_cpus)
        self.socks: list[socket.socket] = []
        self.selector = selectors.DefaultSelector()
        try:
            assert self.process.stdout is not None
            port = int(self.process.stdout.readline())
            self.clock = min(time.time() - time.perf_counter() for _ in range(5))
            for index in range(clients):
                sock = socket.create_connection(("127.0.0.1", port))
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                if SO_TIMESTAMPNS is not None:
                    with contextlib.suppress(OSError):
                        sock.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
                sock.setblocking(False)
                self.selector.register(sock, selectors.EVENT_READ, index)
                self.socks.append(sock)
            time.sleep(0.2)  # every connection accepted
        except BaseException:
            self.close()
            raise

    def measure(self, samples: int) -> list[float]:
        """Milliseconds from one client's frame to the last socket holding the answer (the kernel's
        receive timestamp of its last byte), ``samples`` times."""
        results = []
        intent = self.intent
        for _ in range(samples):
            pending = {index: self.frame_size for index in range(len(self.socks))}
            last = 0.0
            started = time.perf_counter()
            self.socks[0].sendall(intent)
            while pending:
                for key, _ in self.selector.select(5.0):
                    data, ancillary, _, _ = key.fileobj.recvmsg(1 << 20, 256)  # type: ignore[union-attr]
                    reached = time.perf_counter()
                    for level, kind, payload in ancillary:
                        if level == socket.SOL_SOCKET and kind == SO_TIMESTAMPNS:
                            seconds, nanoseconds = TIMESPEC.unpack_from(payload)
                            reached = seconds + nanoseconds / 1e9 - self.clock
                    pending[key.data] -= len(data)
                    if pending[key.data] <= 0:
                        del pending[key.data]
                        last = max(last, reached)
            results.append(1000 * (last - started))
            time.sleep(self.think)
        return results

    def close(self) -> None:
        for sock in self.socks:
            self.selector.unregister(sock)
            sock.close()
        self.selector.close()
        self.process.terminate()
        self.process.wait(10)
        if self.process.stdout is not None:
            self.process.stdout.close()
        self.directory.cleanup()


def _frame(message: dict[str, object]) -> bytes:
    body = msgpack.packb(message, use_bin_type=True)
    return struct.pack(">I", len(body)) + body

