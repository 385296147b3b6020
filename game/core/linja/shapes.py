"""The shapes of Linja's actions (``game.core.shapes``): fields, types and ranges."""

from __future__ import annotations

from game.core.linja.position import ROWS
from game.core.shapes import Shape, integer

MOVE = Shape({"from": integer(0, ROWS - 1)})
ACTION_SHAPES = {"initial": MOVE, "follow": MOVE}
