"""Which table plays which game: one explicit line per game.

A table class takes ``(app, session, config)``: a ``game.session.Session`` and the ``TableConfig``
it was started from (for Play again). Tables are imported when their game starts, not at start-up
(each brings its game's art and rules: a saving for the title screen). A table that fails to import
is a bug and raises, never "this game has no table".
"""

from __future__ import annotations

import importlib
from typing import Any

# game -> (module, class)
TABLES: dict[str, tuple[str, str]] = {
    "linie1": ("game.tables.linie1.table", "Linie1Table"),
    "linja": ("game.tables.linja.table", "LinjaTable"),
    "liniell": ("game.tables.liniell.table", "LiniellTable"),
    "lines": ("game.tables.lines.table", "LinesTable"),
}


def has_table(game: str) -> bool:
    return game in TABLES


def table_scene(game: str) -> Any:
    """The table class for ``game`` (KeyError for a game without one)."""
    module_name, attribute = TABLES[game]
    return getattr(importlib.import_module(module_name), attribute)
