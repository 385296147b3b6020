"""The Bus bots as ``game.bots`` finds them: the levels and the maker (the bots are ``bot.py``)."""

from game.ai.bus.bot import LEVELS, make_bot

__all__ = ["LEVELS", "make_bot"]
