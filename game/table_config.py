"""What the setup screen decided for a table: the game, its seats and options, the deal's seed.

Its own module, below the menus and the tables: the setup screen builds one, the app's doors
(``AppServices.doors``) start a table from it, and the table keeps it so Play again can reuse it.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from game.match import SeatInfo


@dataclass
class TableConfig:
    """Everything the setup screen decided; kept by the table so Play again can reuse it."""

    game: str
    seats: list[SeatInfo]
    options: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None

    def with_new_seed(self) -> TableConfig:
        return TableConfig(self.game, copy.deepcopy(self.seats), copy.deepcopy(self.options), None)
