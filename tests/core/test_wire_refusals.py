"""Every refusal code a game's rules can give is on its wire page (docs/wire/<game>.md): a client
written elsewhere learns the codes there. The codes are read from the rules' source as calls, so a
refusal whose message is built at run time is found too."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.core.registry import GAMES

ROOT = Path(__file__).resolve().parents[2]
BUILDERS = {"reject", "rejection", "refuse", "_no"}


def refusal_codes(game: str) -> set[str]:
    codes = set()
    for path in (ROOT / "game" / "core" / game).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in BUILDERS:
                first = [arg.value for arg in node.args[:2] if isinstance(arg, ast.Constant)
                         and isinstance(arg.value, str) and arg.value.isidentifier() and arg.value.islower()]
                if first:
                    codes.add(f"{game}.{first[0]}")
    return codes


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_refusal_code_of_the_rules_is_on_the_wire_page(game):
    codes = refusal_codes(game)
    page = (ROOT / "docs" / "wire" / f"{game}.md").read_text(encoding="utf-8")
    assert len(codes) >= 5
    assert sorted(code for code in codes if f"`{code}`" not in page) == []
