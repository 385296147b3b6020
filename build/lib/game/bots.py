"""Bots by game name: each game's bot module behind one small interface.

A bot is any object with ``decide(view) -> action``: it sees only its own seat's view, never the
state. Each game's module in ``game.ai`` provides ``make_bot(level, seed)`` and ``LEVELS``.
"""

from __future__ import annotations

import importlib
from typing import Protocol

from game.core.contract import Action, View


class Bot(Protocol):
    def decide(self, view: View) -> Action: ...


class BotError(RuntimeError):
    """A bot proposed an action the core refused: always a bug in the bot."""


def bot_levels(game: str) -> tuple[str, ...]:
    return tuple(importlib.import_module(f"game.ai.{game}").LEVELS)


def make_bot(game: str, level: str = "normal", seed: int = 0) -> Bot:
    module = importlib.import_module(f"game.ai.{game}")
    if level not in module.LEVELS:
        raise ValueError(f"{game} bots come in {', '.join(module.LEVELS)}, not {level!r}")
    return module.make_bot(level, seed)
