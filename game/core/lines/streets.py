"""Where a line may grow: Line Expansion's rules live with Bus (``game.core.bus.streets``)."""

from game.core.bus.streets import (
    OWN_STREET,
    PARALLEL,
    Move,
    Surroundings,
    can_grow,
    end_streets,
    extend,
    heads,
    line_streets,
    occupancy,
)

__all__ = ["OWN_STREET", "PARALLEL", "Move", "Surroundings", "can_grow", "end_streets", "extend", "heads",
           "line_streets", "occupancy"]
