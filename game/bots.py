"""Bots by game name: each game's bot module behind one small interface.

A bot is any object with ``decide(view) -> action``: it sees only its own seat's view, never the
state. Each game's package in ``game.ai`` (its bot in ``game/ai/<game>/bot.py``) provides
``make_bot(level, seed)`` and ``LEVELS``.
"""

from __future__ import annotations

import importlib
from typing import Protocol

from game.core.contract import Action, View
from game.i18n import N_, _

# How each level reads on screen (levels are the bots' own names; "hard" and others added later
# need a line here and a translation).
LEVEL_NAMES = {"easy": N_("easy"), "greedy": N_("greedy"), "normal": N_("normal"), "hard": N_("hard"),
               "expert": N_("expert")}


def level_name(level: object) -> str:
    """A bot level as players read it, in their language."""
    text = str(level or "normal")
    return _(LEVEL_NAMES[text]) if text in LEVEL_NAMES else text


def bot_label(level: object) -> str:
    """"Bot · normal", as a seat says what plays it."""
    return _("Bot · {level}").format(level=level_name(level))


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
