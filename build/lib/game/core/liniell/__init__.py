"""Liniell: a two-player tile-laying duel over a 4 x 4 field of the project's own tiles.

The package splits the rules by job: ``tiles`` (the tile set), ``field`` (placement and lines),
``routes`` (what scores), ``scoring`` (the final count), ``state`` (state and snapshots) and
``rules`` (the GameDefinition, ``GAME``).
"""

from game.core.liniell.rules import GAME

__all__ = ["GAME"]
