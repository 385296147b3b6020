"""The shapes of Bus's actions (``game.core.shapes``): fields, types and ranges."""

from __future__ import annotations

from game.core.bus.data import ACTION_IDS, KINDS
from game.core.shapes import Shape, boolean, integer, list_of, nullable, one_of

ID = integer(0, 9999)  # streets, crossings and lots are numbered from 0
ACTION_SHAPES = {
    "building": Shape({"lot": ID, "kind": one_of(*KINDS)}),
    "street": Shape({"street": ID}, {"head": nullable(ID)}),
    "choose": Shape({"action": one_of(*ACTION_IDS)}),
    "pass": Shape(),
    "passengers": Shape({"counts": list_of(integer(0, 99), 2, 2)}),
    "clock": Shape({"stop": boolean}),
    "deliver": Shape({"from": ID, "lot": ID}),
}
