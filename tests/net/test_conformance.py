"""A client written from the protocol pages alone plays a whole Linie 1 game against linie-host.

``conformance_client`` imports nothing from ``net`` or ``game``: it frames msgpack itself, patches
the documented deltas, checks every view hash with its own canonical JSON and finds its moves from
the documented placement rules and data file. The host is a real ``linie-host`` process."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from tests.net.conformance_client import Components, ConformanceClient

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


def test_a_client_written_from_the_docs_plays_a_whole_linie1_game_against_linie_host(tmp_path: Path) -> None:
    host = subprocess.Popen(
        [sys.executable, "-m", "net.host_cli", "--game", "linie1", "--seats", "2", "--bots", "1", "--level", "easy",
         "--bind", "127.0.0.1", "--port", "0", "--no-discovery", "--bot-delay", "0", "--seed", "4",
         "--save", str(tmp_path / "t.save")],
        cwd=ROOT, stdout=subprocess.PIPE, text=True)
    client = None
    try:
        assert host.stdout is not None
        port = next(int(line.rsplit(":", 1)[1]) for line in host.stdout if "listening on" in line)
        client = ConformanceClient(port, Components(ROOT / "assets" / "linie1" / "components.json"))
        final = client.play(seat=0)
        outcome = final["outcome"]
        assert outcome["winners"] or outcome["stalemate"]
        assert final["match"]["to_act"] == []
        assert client.checks > 20 and client.intents > 20  # it played, and every view it held was the host's
    finally:
        if client is not None:
            client.close()
        host.terminate()
        host.wait(10)
        if host.stdout is not None:
            host.stdout.close()
