"""The Liniell bots as ``game.bots`` finds them: the levels and the maker (the bots are ``bot.py``)."""

from game.ai.liniell.bot import LEVELS, make_bot

__all__ = ["LEVELS", "make_bot"]
