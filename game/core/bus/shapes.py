"""The shapes of Bus's actions (``game.core.shapes``): fields, types and ranges; and its events' fields."""

from __future__ import annotations

from game.core.bus.data import ACTION_IDS, KINDS
from game.core.shapes import Shape, boolean, event, integer, list_of, nullable, one_of

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

# The events Bus tells (all public).
EVENT_FIELDS = {
    "phase": event("phase"),
    "building_built": event("seat", "lot", "kind", "crossing", "zone", "open_zone", "setup"),
    "street_built": event("seat", "street", "head", "to", "line_markers_left"),
    "circle_closed": event("seat", "crossing"),
    "round_started": event("round", "start_player", "markers", "largest_fleet"),
    "marker_placed": event("seat", "action", "letter", "index", "markers_left", "yields"),
    "passed": event("seat", "forced", "reason", "markers_left"),
    "resolving": event("round"),
    "action_resolving": event("seat", "action", "letter", "index", "amount", sometimes=("buses", "wants")),
    "lapsed": event("seat", "action", "count"),  # an action whose rest cannot be carried out
    "streets_lost": event("seat", "count", "reason"),
    "bus_bought": event("seat", "buses", "largest_fleet"),
    "passengers_arrived": event("seat", "stations", "supply"),
    "start_player": event("seat", "taken"),
    "clock_turned": event("seat", "from", "wants"),
    "clock_stopped": event("seat", "stones", "stones_left", "wants"),
    "vrooom_started": event("wants", "seated", "waiting"),
    "delivered": event("seat", "from", "to", "lot", "kind", "path", "arrival", "score", "left"),
    "round_ended": event("round", "markers"),
    "game_over": event("reason", "winners", "draw", "scores", "stones", "deliveries", "ranking", "shared"),
}
