"""The shapes of Linie 1's actions (``game.core.shapes``): fields, types and ranges; and its events' fields."""

from __future__ import annotations

from game.core.linie1.data import LAST, PLAYABLE, TERMINAL_AT, TILE_TYPES
from game.core.shapes import Shape, cell, event, integer, list_of, nested

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

# The events Linie 1 tells (all public: hands lie face up, a trip shows its player's cards).
EVENT_FIELDS = {
    "place": event("seat", "tile", "cell", "rot", "segments"),
    "exchange": event("seat", "tile", "cell", "rot", "segments", "old_tile", "old_rot", "old_segments"),
    "stop": event("building", "cell"),  # a stop sign goes up beside a building a tile reached
    "undo": event("seat", "cells"),  # the squares the undone action had changed
    "draw": event("seat", "tiles"),
    "turn": event("seat", "turn", "phase"),
    "trip": event("seat", "line", "route_card", "stops", "start", "route", "halts", "expected_turns"),
    "reveal": event("players"),
    "roll": event("seat", sometimes=("face", "faces")),  # the die's face, or the three dice's
    "choose_die": event("seat", "die", "face"),
    "drive": event("seat", "squares"),  # the pace rule's move
    "move": event("seat", "from", "to"),
    "stopped": event("seat"),  # three dice: the driver stops instead of rolling on
    "refill": event("seat"),
    "take": event("seat", "from", "tile"),
    "win": event("seat"),
    "stalemate": event(),
}
