"""Bus: Splotter's *Bus* in full, 3-5 players, with Line Expansion at its heart (rulings U1-U5).

The registry imports ``GAME`` from here; the package splits the game by job: ``network`` (the city),
``data`` (the rules' numbers and options), ``streets`` (Line Expansion: where a line may grow),
``state`` (the state and its snapshot), ``city`` (questions about lots, lines and passengers),
``rounds`` (the course of a game), ``moves`` (intents read into checked decisions), ``scoring``
and ``definition`` (the GameDefinition).
"""

from game.core.bus.definition import GAME, Bus

__all__ = ["GAME", "Bus"]
