"""Which table plays which game: one explicit line per game.

A table class takes ``(app, session, config)``: a ``game.session.Session`` and the ``TableConfig``
it was started from (for Play again). Tables are imported when their game starts, not at start-up
(each brings its game's art and rules: a saving for the title screen). A table that fails to import
is a bug and raises, never "this game has no table".
"""

from __future__ import annotations

import importlib
import logging
import threading
from typing import Any

log = logging.getLogger(__name__)

# game -> (module, class)
TABLES: dict[str, tuple[str, str]] = {
    "linie1": ("game.tables.linie1.table", "Linie1Table"),
    "linja": ("game.tables.linja.table", "LinjaTable"),
    "liniell": ("game.tables.liniell.table", "LiniellTable"),
    "bus": ("game.tables.bus.table", "BusTable"),
}


def has_table(game: str) -> bool:
    return game in TABLES


def table_scene(game: str) -> Any:
    """The table class for ``game`` (KeyError for a game without one)."""
    module_name, attribute = TABLES[game]
    return getattr(importlib.import_module(module_name), attribute)


_preparing: dict[str, threading.Thread] = {}


def prepare(game: str) -> None:
    """Start loading ``game``'s table in the background (the setup screen and the lobby call this as
    soon as they know the game), so that Start does not wait for its imports. A failure here is only
    logged: ``table_scene`` imports again and raises it where it belongs."""
    if game not in TABLES or game in _preparing:
        return
    thread = threading.Thread(target=_load, args=(TABLES[game][0],), name=f"prepare-{game}", daemon=True)
    _preparing[game] = thread
    thread.start()


def prepared(game: str) -> bool:
    """The table's module has been loaded in the background (or was loaded already)."""
    thread = _preparing.get(game)
    return thread is not None and not thread.is_alive()


def _load(module_name: str) -> None:
    try:
        importlib.import_module(module_name)
    except Exception:  # noqa: BLE001 - reported by table_scene on the main thread, where it matters
        log.debug("preparing %s failed", module_name, exc_info=True)
