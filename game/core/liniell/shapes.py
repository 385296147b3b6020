"""The shapes of Liniell's actions (``game.core.shapes``): fields, types and ranges."""

from __future__ import annotations

from game.core.shapes import Shape, integer, text

SQUARE = integer(-3, 3)  # the first tile is at (0, 0) and all 16 fit in one 4 x 4 square
SOURCE = text(32)  # "supply" or the id of a line the player's marker is on
ACTION_SHAPES = {
    "place": Shape({"x": SQUARE, "y": SQUARE, "rot": integer(0, 3)}),
    "occupy": Shape({"line": text(32), "from": SOURCE}),
    "skip": Shape(),
    "connect_marker": Shape({"from": SOURCE}),
}
