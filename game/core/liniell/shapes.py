"""The shapes of Liniell's actions (``game.core.shapes``): fields, types and ranges; and its events' fields."""

from __future__ import annotations

from game.core.shapes import Shape, event, integer, text

SQUARE = integer(-3, 3)  # the first tile is at (0, 0) and all 16 fit in one 4 x 4 square
SOURCE = text(32)  # "supply" or the id of a line the player's marker is on
ACTION_SHAPES = {
    "place": Shape({"x": SQUARE, "y": SQUARE, "rot": integer(0, 3)}),
    "occupy": Shape({"line": text(32), "from": SOURCE}),
    "skip": Shape(),
    "connect_marker": Shape({"from": SOURCE}),
}

# The events Liniell tells (all public: a drawn tile is shown to both).
EVENT_FIELDS = {
    "place": event("seat", "tile", "x", "y", "rot", "lines", sometimes=("connection",)),
    "occupy": event("seat", "marker", "line", "from", "piece"),
    "capture": event("line", "markers"),
    "draw": event("seat", "tile", "left"),
    "set_aside": event("seat", "tile", "last"),  # a drawn tile with no legal square (N5)
    "end": event("reason"),
    "score": event("reason", "routes", "scores", "blue", "winners", "draw"),
}
