"""The rules core must stay pure: no pygame, sockets, clocks or threads, directly or indirectly."""

import ast
import pathlib
import subprocess
import sys

CORE = pathlib.Path(__file__).resolve().parents[2] / "game" / "core"
FORBIDDEN = {"pygame", "socket", "asyncio", "time", "datetime", "threading", "selectors", "ssl",
             "zeroconf", "msgpack", "random", "os", "subprocess"}


def test_core_sources_import_nothing_impure():
    offenders = []
    for path in CORE.rglob("*.py"):
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                if name.split(".")[0] in FORBIDDEN:
                    offenders.append(f"{path.name}: {name}")
    assert offenders == []


def test_importing_every_game_loads_no_impure_module():
    code = (
        "import sys\n"
        "from game.core.registry import available_games, get_game\n"
        "names = available_games()\n"
        "assert 'linie1' in names, names\n"
        "for name in names: get_game(name)\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {sorted(FORBIDDEN - {'os', 'time'})!r})\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""
