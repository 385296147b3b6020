"""The Linie 1 bots as ``game.bots`` finds them: the levels and the maker (the bot is ``bot.py``)."""

from game.ai.linie1.bot import LEVELS, make_bot

__all__ = ["LEVELS", "make_bot"]
