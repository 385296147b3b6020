"""A table (``linie-host``, or one hosted from the game) listens on the default port when it can, so an
address typed without a port finds it."""

from __future__ import annotations

import asyncio
import contextlib
import socket

from net import DEFAULT_PORT
from tests.net.conftest import make_host


async def _listen_and_close(port: int | None) -> int:
    host = make_host(seats=2)
    try:
        return await host.serve("127.0.0.1", port)
    finally:
        await host.close(goodbye=False)


def test_the_default_port_when_free_else_any() -> None:
    with contextlib.ExitStack() as stack:
        blocker = stack.enter_context(socket.socket())
        blocker.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as servers do: TIME_WAIT is no obstacle
        try:
            blocker.bind(("127.0.0.1", DEFAULT_PORT))
            blocker.listen()
        except OSError:
            pass  # something on this machine listens there already: the fallback is tested all the same
        port = asyncio.run(_listen_and_close(None))
        assert port not in (0, DEFAULT_PORT)  # taken: another free port
    assert asyncio.run(_listen_and_close(None)) == DEFAULT_PORT or _taken(DEFAULT_PORT)
    assert asyncio.run(_listen_and_close(0)) != DEFAULT_PORT  # an explicit port is kept to


def _taken(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return True
    return False
