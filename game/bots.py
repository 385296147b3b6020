"""Bots by game name, and the loop that lets bot seats act on a Match.

A bot is any object with ``decide(view) -> action``: it sees only its own seat's view, never the
state. Each game's module in ``game.ai`` provides ``make_bot(level, seed)`` and ``LEVELS``.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

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


def play_bot_turns(match: Any, bots: dict[int, Bot], limit: int = 1_000_000) -> int:
    """Let bot seats act until a human is to act or the game ends; returns the actions applied."""
    applied = 0
    while applied < limit and not match.finished:
        acting = [seat for seat in match.to_act() if seat in bots]
        if not acting:
            break
        seat = acting[0]
        action = bots[seat].decide(match.view(seat))
        result = match.submit(seat, action)
        if not result.ok:
            raise BotError(f"seat {seat} bot proposed {action!r}: {result.rejection}")
        applied += 1
    return applied
