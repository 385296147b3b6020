"""Each table with the save-problem notice up (a full disk under a game on one screen): the notice
must hide nothing a player needs (``TableScene.notice_anchor``)."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

import tools.shots.bus
import tools.shots.linie1
import tools.shots.liniell
import tools.shots.linja  # noqa: F401 (the tables' own shots, registered before these are built on them)
from game.tables.base import TableScene
from net.autosave import Autosave
from tools.screenshot import SHOTS, shot

TABLES = {"linie1": "linie1_table_midgame", "linja": "linja_table_midgame", "liniell": "liniell_occupy",
          "bus": "bus_line"}


class FullDisk(Autosave):
    """An autosave on a disk with no room left: every write fails as ENOSPC does."""

    def full(self) -> None:
        self._fails(self.path, OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)))


def saving_fails(app: Any, base: str) -> None:
    SHOTS[base].make(app)
    table = next(scene for scene in app.stack.scenes if isinstance(scene, TableScene))
    table.session.autosave = FullDisk(Path("unused.save"), dict)
    table.session.autosave.full()


def _register(game: str, base: str) -> None:
    @shot(f"{game}_save_problem", settle=SHOTS[base].settle)
    def make(app: Any) -> None:
        saving_fails(app, base)


for _game, _base in TABLES.items():
    _register(_game, _base)
