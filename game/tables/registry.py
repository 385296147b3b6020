"""Which scene plays which game at the table, imported lazily (one game never loads another).

A game's table scene is a class ``Scene(app, session, config)`` where ``session`` is a
``game.session.Session`` and ``config`` the ``TableConfig`` it was started from (for Play again).
Add a line here when a game gets its table.
"""

from __future__ import annotations

import importlib
import logging
from typing import Any

log = logging.getLogger(__name__)

TABLES: dict[str, tuple[str, str]] = {
    "linie1": ("game.tables.linie1.table", "Linie1Table"),
    "lines": ("game.tables.lines.table", "LinesTable"),
    "linja": ("game.tables.linja.table", "LinjaTable"),
    "liniell": ("game.tables.liniell.table", "LiniellTable"),
}


def table_scene(game: str) -> Any | None:
    """The table scene class for ``game``, or None when there is none (yet)."""
    entry = TABLES.get(game)
    if entry is None:
        return None
    module_name, attribute = entry
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name and module_name.startswith(error.name):
            return None
        log.warning("the %s table cannot be loaded: %s", game, error)
        return None
    except ImportError as error:  # a table half-written or out of step with its core: not offered
        log.warning("the %s table cannot be loaded: %s", game, error)
        return None
    return getattr(module, attribute, None)
