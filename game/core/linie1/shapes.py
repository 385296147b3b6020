"""The shapes of Linie 1's actions (``game.core.shapes``): fields, types and ranges."""

from __future__ import annotations

from game.core.linie1.data import LAST, PLAYABLE, TERMINAL_AT, TILE_TYPES
from game.core.shapes import Shape, cell, integer, list_of, nested

TILE = integer(min(TILE_TYPES), max(TILE_TYPES))
CELL = cell(LAST + 2)  # rows and columns 0..13: the 12 x 12 city and its border of terminals
ROT = integer(0, 3)
# The most squares a route can enter: it never enters a square twice by the same edge (L6), nor a
# terminal twice by the same cell, so a declaration (and a move along it) is never longer.
MAX_ROUTE = 4 * len(PLAYABLE) + len(TERMINAL_AT)
LAY = Shape({"tile": TILE, "cell": CELL, "rot": ROT})

ACTION_SHAPES = {
    "place": LAY,
    "exchange": LAY,
    "exchange2": Shape({"first": nested(LAY), "second": nested(LAY)}),
    "declare": Shape({"start": CELL, "route": list_of(CELL, MAX_ROUTE, 1)}),
    "take": Shape({"from": integer(0, 4), "tile": TILE}),
    "undo": Shape(),
    "end_turn": Shape(),
    "roll": Shape(),
    "drive": Shape({"squares": integer(1, MAX_ROUTE)}),
    "choose_die": Shape({"die": integer(0, 2)}),
}
