"""Finding tables on the LAN: zeroconf ``_linie._tcp.local.`` over IPv4.

``Advertiser`` publishes one host's table (TXT: protocol, rules version, game, table name, seats
taken/total, phase) and withdraws it with a goodbye on exit. ``TableBrowser`` lists the tables it
hears about, but only after a TCP hello to the table answered (a stale mDNS record never shows a
dead table), re-checks them every few seconds and ages out the ones that stopped answering. Its
``tables()`` is a thread-safe snapshot the Join screen can call every frame.

All mDNS traffic runs on zeroconf's own thread and on one worker thread here: nothing blocks the
host's event loop or the pygame loop.
"""

from __future__ import annotations

import contextlib
import ipaddress
import logging
import queue
import re
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import ifaddr
from zeroconf import InterfaceChoice, IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

from game.core.registry import UnknownGame, get_game
from game.i18n import _
from game.version import version_number
from net.client import probe
from net.protocol import PROTOCOL_VERSION

log = logging.getLogger("linie.discovery")

SERVICE_TYPE = "_linie._tcp.local."


def local_ipv4_addresses() -> list[str]:
    """This machine's IPv4 addresses, loopback last (a remote browser tries them in order)."""
    found = {ip.ip for adapter in ifaddr.get_adapters() for ip in adapter.ips if isinstance(ip.ip, str)}
    return sorted(found, key=lambda address: (ipaddress.ip_address(address).is_loopback, address))


def advertised_addresses(bind: str | None) -> list[str]:
    """The addresses a table announces: the one it is bound to, else this machine's LAN addresses.
    Loopback only when there is nothing else: a browser on another machine that dials 127.0.0.1
    reaches itself, and a table of its own on the same port would be listed under this one's name
    (two tables at a LAN party, one of them a `linie-host` beside a player's own game)."""
    if bind and bind != "0.0.0.0":
        return [bind]
    found = local_ipv4_addresses()
    lan = [address for address in found if not ipaddress.ip_address(address).is_loopback]
    return lan or found


def dial_order(addresses: list[str]) -> list[str]:
    """A table's announced addresses in the order a browser tries them: loopback last, whatever
    order mDNS delivered them in (an older host announces its loopback address too)."""
    return sorted(addresses, key=lambda address: ipaddress.ip_address(address).is_loopback)


def txt_record(info: dict[str, Any]) -> dict[str, str]:
    """The TXT properties of a table (see docs/protocol.md, "Discovery")."""
    return {"proto": str(info["protocol"]), "rules": info["rules_version"], "game": info["game"],
            "table": cut_utf8(info["table"][:64], 200), "seats": f"{info['seats_taken']}/{info['seats_total']}",
            "phase": info["phase"]}


def cut_utf8(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` bytes of UTF-8, never inside a character."""
    return text.encode("utf-8")[:limit].decode("utf-8", errors="ignore")


def instance_label(table: str, port: int) -> str:
    """The mDNS instance name of a table: its name's letters, digits, spaces and dashes (any script)
    and the port, within DNS's 63 bytes for one label."""
    suffix = f" [{port}]"
    label = re.sub(r"[^\w \-]", "", table)[:40].strip()
    label = cut_utf8(label, 63 - len(suffix)).strip() or "Linie table"
    return label + suffix


def _interfaces(bind: str | None) -> list[str] | InterfaceChoice:
    return [bind] if bind and bind != "0.0.0.0" else InterfaceChoice.All


class Advertiser:
    """Publishes one table while the host runs. Thread-safe; mDNS work runs on a worker thread."""

    def __init__(self, port: int, info: dict[str, Any], bind: str | None = None) -> None:
        self._zeroconf = Zeroconf(interfaces=_interfaces(bind), ip_version=IPVersion.V4Only)
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="linie-advertise")
        addresses = advertised_addresses(bind)
        self._service = ServiceInfo(
            SERVICE_TYPE, f"{instance_label(info['table'], port)}.{SERVICE_TYPE}", port=port,
            properties=txt_record(info), server=f"linie-{uuid.uuid4().hex[:12]}.local.", parsed_addresses=addresses)
        self._last = txt_record(info)
        self._closed = False
        self._registered = self._worker.submit(self._register)

    def _register(self) -> None:
        self._zeroconf.register_service(self._service, allow_name_change=True)
        log.info("advertising %s", self._service.name)

    def update(self, info: dict[str, Any]) -> None:
        """New seat counts or phase; cheap to call on every change (unchanged records are skipped)."""
        record = txt_record(info)
        if record == self._last or self._closed:
            return
        self._last = record
        with contextlib.suppress(RuntimeError):  # closed meanwhile
            self._worker.submit(self._update, record)

    def _update(self, record: dict[str, str]) -> None:
        if self._closed:
            return
        self._service = ServiceInfo(
            SERVICE_TYPE, self._service.name, port=self._service.port, properties=record,
            server=self._service.server, parsed_addresses=self._service.parsed_addresses())
        self._zeroconf.update_service(self._service)

    def close(self) -> None:
        """Say goodbye (unregister) so browsers drop the table at once, then stop."""
        if self._closed:
            return
        self._closed = True  # updates queued from now on are skipped
        self._worker.submit(self._unregister).result(timeout=10)
        self._worker.shutdown(wait=True)
        self._zeroconf.close()

    def _unregister(self) -> None:
        with contextlib.suppress(Exception):
            self._registered.result(timeout=10)
            self._zeroconf.unregister_service(self._service)


def compatibility(table: dict[str, Any], rules: dict[str, str] | None = None) -> tuple[bool, str]:
    """Whether this program can join ``table`` (from its hello), and why not."""
    protocol = table.get("protocol")
    if protocol != PROTOCOL_VERSION:
        words = {"protocol": protocol, "mine": PROTOCOL_VERSION}
        if type(protocol) is int and protocol > PROTOCOL_VERSION:
            return False, _("The table runs a newer Linie (protocol {protocol}; this one speaks {mine}): update "
                            "Linie to join it.").format(**words)
        if type(protocol) is int:
            return False, _("The table runs an older Linie (protocol {protocol}; this one speaks {mine}): its host "
                            "needs to update Linie.").format(**words)
        return False, _("The table speaks protocol {protocol}; this program speaks {mine}.").format(**words)
    game = table.get("game")
    if rules is not None:
        mine = rules.get(game)  # type: ignore[arg-type]
    else:
        try:
            mine = get_game(game).rules_version  # type: ignore[arg-type]
        except UnknownGame:
            mine = None
    if mine is None:
        return False, _("This program does not have the game {game!r}: a newer Linie may.").format(game=game)
    theirs = table.get("rules_version")
    if mine != theirs:
        words = {"rules": theirs, "mine": mine, "title": table.get("title") or game}
        newer, ours = version_number(theirs) if isinstance(theirs, str) else None, version_number(mine)
        if newer is not None and ours is not None and newer > ours:
            return False, _("The table plays newer rules of {title} (version {rules}; this Linie has {mine}): update "
                            "Linie to join it.").format(**words)
        if newer is not None and ours is not None:
            return False, _("The table plays older rules of {title} (version {rules}; this Linie has {mine}): its "
                            "host needs to update Linie.").format(**words)
        return False, _("The table plays rules {rules!r}; this program has {mine!r}.").format(**words)
    return True, ""


class TableBrowser:
    """Lists verified tables on the LAN. ``tables()`` may be called from any thread, every frame."""

    def __init__(self, interfaces: list[str] | None = None, age_out: float = 10.0, recheck: float = 2.0,
                 probe_timeout: float = 1.0, rules: dict[str, str] | None = None) -> None:
        self.age_out, self.recheck, self.probe_timeout, self.rules = age_out, recheck, probe_timeout, rules
        self._lock = threading.Lock()
        self._tables: dict[str, dict[str, Any]] = {}
        self._work: queue.Queue[tuple[str, bool] | None] = queue.Queue()
        self._stopping = threading.Event()
        self._zeroconf = Zeroconf(interfaces=interfaces or InterfaceChoice.All, ip_version=IPVersion.V4Only)
        self._worker = threading.Thread(target=self._run, name="linie-browse", daemon=True)
        self._worker.start()
        self._browser = ServiceBrowser(self._zeroconf, SERVICE_TYPE, handlers=[self._on_service])

    def tables(self) -> list[dict[str, Any]]:
        """The tables verified by a hello and not aged out, sorted by name (copies)."""
        with self._lock:
            found = [dict(entry) for entry in self._tables.values()]
        return sorted(found, key=lambda entry: (entry["name"].lower(), entry["service"]))

    def close(self) -> None:
        self._stopping.set()
        self._work.put(None)
        self._browser.cancel()
        self._worker.join(5)
        self._zeroconf.close()

    def _on_service(self, zeroconf: Zeroconf, service_type: str, name: str,
                    state_change: ServiceStateChange) -> None:
        # zeroconf's thread: never block here, hand the work to our worker
        removed = state_change is ServiceStateChange.Removed
        if removed:
            with self._lock:
                self._tables.pop(name, None)
        self._work.put((name, removed))

    def _run(self) -> None:
        # service name -> (first heard or last verified, last checked): names that never answer
        # are retried until they age out like listed ones
        known: dict[str, tuple[float, float]] = {}
        while not self._stopping.is_set():
            try:
                item = self._work.get(timeout=self.recheck / 2)
            except queue.Empty:
                item = None
            if self._stopping.is_set():
                return
            heard, removed = item if item is not None else (None, False)
            now = time.monotonic()
            if heard is not None and removed:  # a goodbye: forget it, no more re-checks
                known.pop(heard, None)
                with self._lock:  # a probe that raced the goodbye may have listed it again
                    self._tables.pop(heard, None)
                heard = None
            elif heard is not None:
                known[heard] = (known.get(heard, (now, now))[0], now)
                self._check(heard, known, fresh=True)
            for service, (first, checked) in list(known.items()):
                if service != heard and now - checked >= self.recheck:
                    known[service] = (first, now)
                    self._check(service, known, fresh=False)

    def _check(self, service: str, known: dict[str, tuple[float, float]], fresh: bool) -> None:
        if self._verify(service, fresh):
            known[service] = (time.monotonic(), known[service][1])
            return
        with self._lock:
            entry = self._tables.get(service)
            last_good = entry["seen"] if entry else known[service][0]
            if time.monotonic() - last_good <= self.age_out:
                if entry is not None:  # listed a while yet (a host paused), but said as it is: silent
                    entry["answering"] = False
                return
            if entry is not None:
                del self._tables[service]
                log.info("table %s stopped answering; dropped", entry["name"])
        known.pop(service, None)

    def _verify(self, service: str, fresh: bool) -> bool:
        """Say hello to the table (resolving its record first when it is new or changed);
        list it only if that works."""
        with self._lock:
            entry = self._tables.get(service)
        candidates: list[tuple[str, int]] = []
        if entry is not None and not fresh:
            candidates = [(entry["address"], entry["port"])]
        else:
            info = self._zeroconf.get_service_info(SERVICE_TYPE, service, timeout=int(self.probe_timeout * 1000))
            if info is None:
                return False
            candidates = [(address, info.port) for address in dial_order(info.parsed_addresses(IPVersion.V4Only))
                          if info.port]
        for address, port in candidates:
            try:
                hello = probe(address, port, timeout=self.probe_timeout, rules=self.rules)
            except Exception as error:  # any failure means "not answering at that address"
                log.debug("probe of %s at %s:%s failed: %s", service, address, port, error)
                continue
            compatible, reason = compatibility(hello, self.rules)
            record = {"service": service, "name": hello["table"], "game": hello["game"], "title": hello["title"],
                      "seats_taken": hello["seats_taken"], "seats_total": hello["seats_total"],
                      "open_seats": hello.get("open_seats"), "seat_tags": hello.get("seat_tags"),
                      "phase": hello["phase"], "protocol": hello["protocol"],
                      "rules_version": hello["rules_version"], "address": address, "port": port,
                      "compatible": compatible, "reason": reason, "seen": time.monotonic(), "answering": True}
            with self._lock:
                if not self._stopping.is_set():
                    self._tables[service] = record
            return True
        return False
