"""The Linja bots as ``game.bots`` finds them: the levels and the maker (the bot is ``bot.py``)."""

from game.ai.linja.bot import LEVELS, make_bot

__all__ = ["LEVELS", "make_bot"]
