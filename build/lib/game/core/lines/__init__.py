"""Line Expansion: the line building of Splotter's *Bus* on its real street network (rulings B1-B7).

The registry imports ``GAME`` from here; the package splits the game by job: ``network`` (the
street graph), ``streets`` (where a line may grow), ``rounds`` (setup, action spaces, the end),
``moves`` (intents read into checked moves), ``scoring`` and ``definition`` (the GameDefinition).
"""

from game.core.lines.definition import GAME, LineExpansion

__all__ = ["GAME", "LineExpansion"]
