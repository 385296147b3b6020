"""Starting a local game: a table configuration becomes a Match, a LocalSession and a table scene."""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any

from game.match import Match, SeatInfo
from game.scenes.stack import AppServices
from game.session import LocalSession
from game.tables.registry import has_table, table_scene


@dataclass
class TableConfig:
    """Everything the setup screen decided; kept by the table so Play again can reuse it."""

    game: str
    seats: list[SeatInfo]
    options: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None

    def with_new_seed(self) -> TableConfig:
        return TableConfig(self.game, copy.deepcopy(self.seats), copy.deepcopy(self.options), None)


def new_seed() -> int:
    return random.SystemRandom().randrange(1, 2**62)


def start_local_game(app: AppServices, config: TableConfig) -> bool:
    """Replace the current scene with the game's table; False if the game has no table."""
    if not has_table(config.game):
        return False
    scene_class = table_scene(config.game)
    if config.seed is None:
        config.seed = new_seed()
    match = Match(config.game, copy.deepcopy(config.seats), config.seed, copy.deepcopy(config.options))
    session = LocalSession(match, bot_seed=config.seed)
    app.stack.reset(scene_class(app, session, config))
    return True
