"""The shapes of Linja's actions (``game.core.shapes``): fields, types and ranges; and its events' fields."""

from __future__ import annotations

from game.core.linja.position import ROWS
from game.core.shapes import Shape, event, integer

MOVE = Shape({"from": integer(0, ROWS - 1)})
ACTION_SHAPES = {"initial": MOVE, "follow": MOVE}

# The events Linja tells (all public).
EVENT_FIELDS = {
    "move": event("seat", "phase", "from", "to", "steps", sometimes=("expired",)),
    "pass": event("seat", "phase", sometimes=("steps",)),  # a player with no piece that may move
    "extra_turn": event("seat"),
    "end": event("reason", "winners", "draw", "scores", "next_first"),
}
