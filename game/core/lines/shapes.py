"""The shapes of Line Expansion's actions (``game.core.shapes``): fields, types and ranges."""

from __future__ import annotations

from game.core.lines.state import BUS_SPACE, EXPANSION_SPACES
from game.core.shapes import Shape, integer, nullable, one_of

ID = integer(0, 9999)  # streets and crossings are numbered from 0 (the board has 70 streets)
ACTION_SHAPES = {
    "street": Shape({"street": ID}, {"head": nullable(ID)}),
    "action_space": Shape({"space": one_of(*EXPANSION_SPACES, BUS_SPACE)}),
    "pass": Shape(),
}
