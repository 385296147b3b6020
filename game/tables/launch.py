"""Starting a local game: a table configuration becomes a Match, a LocalSession and a table scene;
resuming one from its autosave (``game.saves``)."""

from __future__ import annotations

import copy
import logging
import random
from pathlib import Path

from game.core.contract import SnapshotError
from game.i18n import _
from game.match import Match
from game.saves import load_local, new_save_path
from game.scenes.stack import AppServices
from game.session import LocalSession
from game.table_config import TableConfig
from game.tables.registry import has_table, table_scene

log = logging.getLogger(__name__)


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
    try:
        save_path: Path | None = new_save_path(config.game)
    except OSError as error:  # the table plays on; its pill says saving fails
        log.warning("no save for this game: %s", error)
        save_path = None
    session = LocalSession(match, bot_seed=config.seed, save_path=save_path)
    app.stack.reset(scene_class(app, session, config))
    return True


def resume_local_game(app: AppServices, path: Path, accept_damage: bool = False) -> None:
    """The game on one screen saved at ``path``, at its table, exactly where it was left.
    SnapshotError (``JournalDamage`` naming the last good action) when the save cannot be trusted."""
    match = load_local(path, accept_damage)
    if not has_table(match.game.name):
        raise SnapshotError(_("{game} has no table in this version").format(game=match.game.title))
    config = TableConfig(match.game.name, copy.deepcopy(match.seats), copy.deepcopy(match.options), match.seed)
    session = LocalSession(match, bot_seed=match.seed, save_path=path)
    app.stack.reset(table_scene(match.game.name)(app, session, config))
