"""Every game has the same shape in every layer: a folder of its own under the rules, the bots, the
art and the tables, and its bots reached the one way ``game.bots`` looks for them."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from game.core.registry import GAMES

ROOT = Path(__file__).resolve().parents[2]
LAYERS = ("core", "ai", "render", "tables")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_layer_has_a_package_for_the_game(game: str) -> None:
    missing = [layer for layer in LAYERS if not (ROOT / "game" / layer / game / "__init__.py").is_file()]
    assert not missing, f"{game} has no package in game/{{{','.join(missing)}}}/"


def test_the_bots_hold_no_module_outside_a_game_folder() -> None:
    loose = sorted(path.name for path in (ROOT / "game" / "ai").glob("*.py") if path.name != "__init__.py")
    assert not loose, f"game/ai/ holds {loose}: a game's bot modules go in game/ai/<game>/"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_game_package_hands_on_its_bot_module(game: str) -> None:
    package = importlib.import_module(f"game.ai.{game}")
    bot = importlib.import_module(f"game.ai.{game}.bot")
    assert package.LEVELS is bot.LEVELS
    assert package.make_bot is bot.make_bot
