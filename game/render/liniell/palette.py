"""Which seat colours Liniell's field cannot show: the blue of its rhombs.

A marker in the theme's blue would vanish on a blue rhomb, and a route's blue ends are what scores,
so no seat plays in it (``game.render.palette`` moves a seat that holds it on to the next colour).
"""

from __future__ import annotations

from game.ui.theme import PLAYER_COLOURS

RHOMB_BLUE = next(index for index, (name, _rgb) in enumerate(PLAYER_COLOURS) if name == "Blue")

RULED_OUT: frozenset[int] = frozenset({RHOMB_BLUE})
