"""Clients written from the protocol pages alone play whole games of each game against linie-host.

``conformance_client`` imports nothing from ``net`` or ``game``: it frames msgpack itself, patches
the documented deltas, checks every view hash with its own canonical JSON and finds its moves from
the documented placement rules and data file. The host is a real ``linie-host`` process."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

from tests.net.conformance_client import BusClient, Components, ConformanceClient, LiniellClient, LinjaClient

ROOT = Path(__file__).resolve().parents[2]
CLIENT = Path(__file__).with_name("conformance_client.py")


def test_the_conformance_client_imports_nothing_of_the_project() -> None:
    modules = set()
    for node in ast.walk(ast.parse(CLIENT.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            modules |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            modules.add((node.module or "").split(".")[0])
    assert modules <= {"__future__", "copy", "hashlib", "json", "random", "socket", "struct", "pathlib", "typing",
                       "msgpack"}, modules


def start_host(game: str, tmp_path: Path, seats: int = 2, *options: str) -> tuple[subprocess.Popen[str], int]:
    """A real ``linie-host`` whose first seat is open, the others bots that move at once; and its port."""
    host = subprocess.Popen(
        [sys.executable, "-m", "net.host_cli", "--game", game, "--seats", str(seats), "--bots", str(seats - 1),
         "--level", "easy", "--bind", "127.0.0.1", "--port", "0", "--no-discovery", "--bot-delay", "0",
         "--seed", "4", "--save", str(tmp_path / "t.save"), "--replays", str(tmp_path),
         *(part for option in options for part in ("--option", option))],
        cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert host.stdout is not None
    return host, next(int(line.rsplit(":", 1)[1]) for line in host.stdout if "listening on" in line)


def stop_host(host: subprocess.Popen[str]) -> None:
    host.terminate()
    host.wait(10)
    if host.stdout is not None:
        host.stdout.close()


def test_a_client_written_from_the_docs_plays_a_whole_linie1_game_against_linie_host(tmp_path: Path) -> None:
    host, port = start_host("linie1", tmp_path)
    client = None
    try:
        client = ConformanceClient(port, Components(ROOT / "assets" / "linie1" / "components.json"))
        final = client.play(seat=0)
        outcome = final["outcome"]
        assert outcome["winners"] or outcome["stalemate"]
        assert final["match"]["to_act"] == []
        assert client.checks > 20 and client.intents > 20  # it played, and every view it held was the host's
    finally:
        if client is not None:
            client.close()
        stop_host(host)


def test_a_client_written_from_the_docs_plays_linja_watches_it_and_takes_its_seat_back(tmp_path: Path) -> None:
    """A spectator follows the whole game; the player vanishes mid-game and resumes with its token."""
    host, port = start_host("linja", tmp_path)
    clients: list[LinjaClient] = []
    try:
        spectator = LinjaClient(port)
        clients.append(spectator)
        spectator.greet()
        spectator.wire.send({"type": "spectate"})  # its frames wait in its socket until it reads them
        player = LinjaClient(port, seed=2)
        clients.append(player)
        player.play(seat=0, until_version=10)
        seat, token = player.seat, player.token
        final = player.resume()
        assert (player.seat, player.token) == (seat, token) == (0, token) and token
        watched = spectator.follow(200_000)
        assert spectator.seat is None and watched["seat"] is None
        assert {**watched, "seat": 0} == final  # Linja has no secrets: the same view but for who looks
        outcome = final["outcome"]
        assert (outcome["winners"] or outcome["draw"]) and final["match"]["to_act"] == []
        # it played; the checks that came (a check is left out when the next action came first) matched
        assert player.intents > 10 and player.checks > 0 and spectator.checks > 0
    finally:
        for client in clients:
            client.close()
        stop_host(host)


def test_a_client_written_from_the_docs_plays_liniell_while_a_spectator_watches(tmp_path: Path) -> None:
    host, port = start_host("liniell", tmp_path)
    clients: list[LiniellClient] = []
    try:
        spectator = LiniellClient(port)
        clients.append(spectator)
        spectator.greet()
        spectator.wire.send({"type": "spectate"})
        player = LiniellClient(port, seed=3)
        clients.append(player)
        final = player.play(seat=0)
        watched = spectator.follow(200_000)
        assert {**watched, "seat": 0} == final  # nothing in Liniell is secret but the stack's order
        outcome = final["outcome"]
        assert (outcome["winners"] or outcome["draw"]) and final["match"]["to_act"] == []
        assert final["stack_size"] == 0 and len(final["board"]) + len(final["set_aside"]) == 16
        assert player.intents >= 16 and player.checks > 0 and spectator.checks > 0
    finally:
        for client in clients:
            client.close()
        stop_host(host)


def test_a_client_written_from_the_docs_plays_a_short_bus_game_and_takes_its_seat_back(tmp_path: Path) -> None:
    """Bus with the 1999 edition's one time stone a player, the client stopping time whenever it can:
    a whole game in a few rounds. The player vanishes mid-game and resumes with its token."""
    host, port = start_host("bus", tmp_path, 3, "edition=1999")
    streets = json.loads((ROOT / "assets" / "bus" / "board.json").read_text(encoding="utf-8"))["streets"]
    player = BusClient(port, streets, seed=2)
    try:
        player.play(seat=0, until_version=12)
        token = player.token
        final = player.resume()
        assert (player.seat, player.token) == (0, token) and token
        outcome = final["outcome"]
        assert outcome["winners"] and final["match"]["to_act"] == [] and final["decision"] is None
        assert final["lines"][0]["stones"] >= 1  # it stopped time
        assert player.intents > 10 and player.checks > 0
    finally:
        player.close()
        stop_host(host)
