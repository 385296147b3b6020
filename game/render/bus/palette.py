"""Which seat colours Bus's city cannot show: none, every colour of the theme reads on it.

Every game has this module (``game.render.palette`` reads it); Liniell's rules out its rhombs' blue.
"""

from __future__ import annotations

RULED_OUT: frozenset[int] = frozenset()
