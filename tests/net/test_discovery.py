"""Zeroconf on loopback with hosts in other processes: listed once a hello verifies them, removed at
once on a clean goodbye, aged out when killed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from game.core.registry import available_games
from net.client import NetSession
from net.discovery import TableBrowser, advertised_addresses, compatibility, dial_order, txt_record
from net.host_thread import HostThread
from net.protocol import PROTOCOL_VERSION
from tests.net.conftest import make_host

ROOT = Path(__file__).resolve().parents[2]


def wait_until(condition: Callable[[], Any], timeout: float) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = condition()
        if result:
            return result
        time.sleep(0.05)
    raise AssertionError("timed out")


@pytest.fixture
def host_processes(tmp_path: Path) -> Iterator[Callable[[str], subprocess.Popen[str]]]:
    started: list[subprocess.Popen[str]] = []
    game = "linie1" if "linie1" in available_games() else available_games()[0]

    def start(name: str) -> subprocess.Popen[str]:
        process = subprocess.Popen(
            [sys.executable, "-m", "net.host_cli", "--game", game, "--seats", "2", "--bind", "127.0.0.1",
             "--name", f"{name} {RUN}", "--save", str(tmp_path / f"{name}.save"), "--manual-start", "-q"],
            cwd=ROOT, stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
        started.append(process)
        return process

    yield start
    for process in started:
        if process.poll() is None:
            process.kill()
        process.wait(5)
        assert process.stdout is not None
        process.stdout.close()


def port_of(process: subprocess.Popen[str]) -> int:
    assert process.stdout is not None
    for line in process.stdout:
        if "listening on" in line:
            return int(line.rsplit(":", 1)[1])
    raise AssertionError("the host printed no address")


RUN = uuid.uuid4().hex[:6]  # other tables on this machine's loopback must not confuse the test


def names(browser: TableBrowser) -> set[str]:
    """Our tables' names (without the run's tag)."""
    return {table["name"][: -len(RUN) - 1] for table in browser.tables() if table["name"].endswith(RUN)}


def ours(browser: TableBrowser) -> list[dict[str, Any]]:
    return [table for table in browser.tables() if table["name"].endswith(RUN)]


def test_tables_appear_leave_with_a_goodbye_and_age_out_when_killed(
        host_processes: Callable[[str], subprocess.Popen[str]]) -> None:
    browser = TableBrowser(interfaces=["127.0.0.1"], age_out=30.0, recheck=0.3, probe_timeout=0.5)
    in_process = HostThread(make_host(name=f"In-process table {RUN}"), "127.0.0.1", advertise=True)
    try:
        polite, doomed = host_processes("Polite table"), host_processes("Doomed table")
        in_process.start()  # how the client's "Host a LAN game" scene publishes its table
        polite_port = port_of(polite)
        port_of(doomed)
        wait_until(lambda: names(browser) == {"Polite table", "Doomed table", "In-process table"}, 30)
        in_process.stop()
        wait_until(lambda: names(browser) == {"Polite table", "Doomed table"}, 15)
        table = next(t for t in ours(browser) if t["name"].startswith("Polite table"))
        assert table["address"] == "127.0.0.1" and table["port"] == polite_port
        assert (table["seats_taken"], table["seats_total"], table["phase"]) == (0, 2, "lobby")
        assert table["compatible"] is True and table["reason"] == "" and table["answering"] is True

        player = NetSession("127.0.0.1", polite_port, "Ann", heartbeat=0.2)
        try:
            player.wait_for(lambda m: m["type"] == "hello")
            player.claim(0)
            player.wait_for(lambda m: m["type"] == "welcome")
            wait_until(lambda: any(t["seats_taken"] == 1 for t in ours(browser)), 15)
        finally:
            player.close()

        polite.send_signal(signal.SIGTERM)  # a clean exit says goodbye over mDNS
        wait_until(lambda: names(browser) == {"Doomed table"}, 15)
        assert polite.wait(5) == 0

        doomed.kill()  # no goodbye: the browser's re-checks fail and it ages out
        doomed.wait(5)
        # still within its age-out time, and said to be silent: the list never calls it a lobby with seats open
        wait_until(lambda: [t["answering"] for t in ours(browser)] == [False], 15)
        assert names(browser) == {"Doomed table"}
        browser.age_out = 0.5
        wait_until(lambda: not ours(browser), 15)
    finally:
        in_process.stop()
        browser.close()


def test_compatibility_reasons() -> None:
    table = {"protocol": PROTOCOL_VERSION, "game": "linie1", "rules_version": "1", "table": "T", "seats_taken": 1,
             "seats_total": 4, "phase": "lobby"}
    assert compatibility(table, {"linie1": "1"}) == (True, "")
    assert compatibility({**table, "protocol": PROTOCOL_VERSION - 1}, {"linie1": "1"})[0] is False
    ok, reason = compatibility(table, {"linie1": "2"})
    assert not ok and reason == "The table plays older rules of linie1 (version 1; this Linie has 2): its host needs " \
                                "to update Linie."
    ok, reason = compatibility({**table, "title": "Linie 1"}, {"linie1": "0"})
    assert reason == "The table plays newer rules of Linie 1 (version 1; this Linie has 0): update Linie to join it."
    ok, reason = compatibility({**table, "rules_version": "1b"}, {"linie1": "1"})
    assert not ok and "'1b'" in reason and "'1'" in reason
    ok, reason = compatibility({**table, "game": "chess"}, {"linie1": "1"})
    assert not ok and reason == "This program does not have the game 'chess': a newer Linie may."
    newer = compatibility({**table, "protocol": PROTOCOL_VERSION + 1}, {"linie1": "1"})
    assert newer == (False, f"The table runs a newer Linie (protocol {PROTOCOL_VERSION + 1}; this one speaks "
                            f"{PROTOCOL_VERSION}): update Linie to join it.")
    assert compatibility({**table, "protocol": PROTOCOL_VERSION - 1}, {"linie1": "1"})[1].endswith(
        "its host needs to update Linie.")
    assert txt_record(table) == {"proto": str(PROTOCOL_VERSION), "rules": "1", "game": "linie1", "table": "T",
                                 "seats": "1/4", "phase": "lobby"}


@pytest.mark.parametrize("name", ["ü" * 40, "桌" * 64, "🚋" * 64, "Ada's table by the river", "!!!"])
def test_a_table_name_in_any_script_is_announced_within_dns_limits(name: str) -> None:
    from zeroconf import ServiceInfo

    from net.discovery import SERVICE_TYPE, instance_label
    label = instance_label(name, 47000)
    assert len(label.encode("utf-8")) <= 63 and label.endswith("[47000]")
    info = {"protocol": 1, "rules_version": "1", "game": "linie1", "table": name, "seats_taken": 1,
            "seats_total": 4, "phase": "lobby"}
    record = txt_record(info)
    assert all(len(f"{key}={value}".encode()) <= 255 for key, value in record.items())
    ServiceInfo(SERVICE_TYPE, f"{label}.{SERVICE_TYPE}", port=47000, properties=record,
                server="linie-test.local.", parsed_addresses=["127.0.0.1"])  # zeroconf takes it


def test_a_probe_says_which_seats_are_open_not_only_how_many() -> None:
    from net.client import probe
    from net.host import Host, HostConfig
    from net.table import seat_tag

    thread = HostThread(Host.new("linie1", seats=4, bots=1, config=HostConfig(name="Gaps")), "127.0.0.1")
    port = thread.start()
    player = NetSession("127.0.0.1", port, "Ann", heartbeat=0.2)
    try:
        player.wait_for(lambda m: m["type"] == "hello")
        player.claim(1)  # the second seat: the first and third stay open, the last is a bot's
        player.wait_for(lambda m: m["type"] == "welcome")

        def seated() -> dict[str, Any] | None:
            hello = probe("127.0.0.1", port)
            return hello if hello["seats_taken"] == 2 else None

        hello = wait_until(seated, 5)
        assert (hello["seats_taken"], hello["open_seats"]) == (2, [0, 2])
        assert hello["seat_tags"] == [seat_tag(player.token)]  # the claimed seat's, never the token itself
        player.spectate()  # the seat given up: its token is dead, so its tag is no longer told
        assert wait_until(lambda: probe("127.0.0.1", port)["seat_tags"] == [], 5)
    finally:
        player.close()
        thread.stop()


class AnsweringServer:
    """A stand-in host on loopback that answers every connection with one message (and closes it, or
    keeps it open to be counted): what a newer or a refusing host says at the door."""

    def __init__(self, message: dict, close: bool = True) -> None:
        import socket
        import threading

        from net.protocol import encode
        self.frame, self.close_each = encode(message), close
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.knocks: list = []
        threading.Thread(target=self._answer, daemon=True).start()

    def _answer(self) -> None:
        while True:
            try:
                guest, _ = self.server.accept()
            except OSError:
                return
            self.knocks.append(guest)
            guest.sendall(self.frame)
            if self.close_each:
                guest.close()

    def close(self) -> None:
        self.server.close()
        for guest in self.knocks:
            guest.close()


def test_a_table_of_a_newer_linie_is_said_to_be_one_even_when_its_hello_has_grown() -> None:
    """A newer protocol may add fields to its hello that this program's schema refuses: the table is
    still listed as a newer Linie's (update to join), and joining it says so, never "unreadable"."""
    from net.client import probe
    newer = {"type": "hello", "version": 0, "protocol": PROTOCOL_VERSION + 1, "app": "linie", "game": "linja",
             "rules_version": "7", "title": "Linja", "table": "Zukunft", "phase": "lobby", "seats_total": 2,
             "seats_taken": 1, "guests_start": True, "region": {"a new": ["field"]}, "seats_taken_by": [0]}
    host = AnsweringServer(newer)
    session = None
    try:
        hello = probe("127.0.0.1", host.port)
        assert (hello["table"], hello["protocol"], hello["seats_taken"]) == ("Zukunft", PROTOCOL_VERSION + 1, 1)
        assert compatibility(hello)[1].startswith("The table runs a newer Linie")
        session = NetSession("127.0.0.1", host.port, "Ann", heartbeat=0.2)
        closed = session.wait_for(lambda m: m["type"] == "status" and m.get("link") == "closed")
        assert "another version of Linie" in closed["reason"]
    finally:
        host.close()
        if session is not None:
            session.close()


def test_a_table_announces_its_lan_addresses_not_loopback_unless_it_has_nothing_else(monkeypatch) -> None:
    """Another machine that dialled an announced 127.0.0.1 would reach itself (its own table on 47000)."""
    import net.discovery
    monkeypatch.setattr(net.discovery, "local_ipv4_addresses", lambda: ["192.168.1.20", "10.0.0.5", "127.0.0.1"])
    assert advertised_addresses("0.0.0.0") == ["192.168.1.20", "10.0.0.5"]
    assert advertised_addresses(None) == ["192.168.1.20", "10.0.0.5"]
    assert advertised_addresses("127.0.0.1") == ["127.0.0.1"]  # a table kept on this machine
    monkeypatch.setattr(net.discovery, "local_ipv4_addresses", lambda: ["127.0.0.1"])
    assert advertised_addresses("0.0.0.0") == ["127.0.0.1"]  # a machine without a network still finds it


def test_a_browser_dials_loopback_last_whatever_order_mdns_gave() -> None:
    assert dial_order(["127.0.0.1", "192.168.1.20", "10.0.0.5"]) == ["192.168.1.20", "10.0.0.5", "127.0.0.1"]
    assert dial_order(["127.0.0.1"]) == ["127.0.0.1"]


def test_a_host_that_refuses_the_hello_at_the_door_is_said_once_not_asked_again_forever() -> None:
    """A host may answer a hello it will not take (a name over its limit, a broken field) with a fatal
    error in place of its own hello: the player is told the host's reason and the session stops, as
    for any refusal for good, instead of reporting "the host did not say hello" and knocking again."""
    refusal = {"type": "error", "version": 0, "code": "protocol.schema", "id": None, "fatal": True,
               "message": "hello.name: at most 32 characters"}
    host = AnsweringServer(refusal, close=False)
    session = None
    try:
        session = NetSession("127.0.0.1", host.port, "Ann", heartbeat=0.2, backoff=(0.05, 0.1))
        error = session.wait_for(lambda m: m["type"] == "error")
        assert error["fatal"] and error["code"] == "protocol.schema"
        closed = session.wait_for(lambda m: m["type"] == "status" and m.get("link") == "closed")
        assert "at most 32 characters" in closed["reason"]
        time.sleep(0.5)  # five backoffs' time: no second knock
        assert len(host.knocks) == 1
    finally:
        host.close()
        if session is not None:
            session.close()
