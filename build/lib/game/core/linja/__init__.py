"""Linja (Steffen Mühlhäuser, 2003) as the project plays it: see docs/linja.md and rulings J1-J6."""

from game.core.linja.rules import GAME, Linja, LinjaState

__all__ = ["GAME", "Linja", "LinjaState"]
