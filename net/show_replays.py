"""The replays a table of bots only keeps: the newest few.

A ``linie-host`` whose seats are all bots is a show for those watching: it deals its next game a
moment after each end, for as long as it runs. Every finished game's replay goes to the replays
folder, as at any table; kept forever, a host left running for a week would fill the disk with
games nobody played. So of the show's own games only the newest ``keep`` stay; a game anyone
played in is never removed, nor any file this table did not write in this run.
"""

from __future__ import annotations

import logging
from collections import deque
from pathlib import Path

log = logging.getLogger("linie.host")

SHOW_REPLAYS_KEPT = 20  # about seven hours of a Linja show at one game every twenty minutes


class ShowReplays:
    """The replays a bots-only table wrote in this run, oldest first; past ``keep`` the oldest goes."""

    def __init__(self, keep: int = SHOW_REPLAYS_KEPT) -> None:
        self.keep = max(1, keep)
        self._kept: deque[Path] = deque()
        self._told = False

    def kept(self, path: Path) -> list[Path]:
        """``path`` was just written for a show game: the replays removed to make room for it."""
        if path in self._kept:  # asked again for the same game (the next deal keeps it once more)
            return []
        self._kept.append(path)
        removed: list[Path] = []
        while len(self._kept) > self.keep:
            oldest = self._kept.popleft()
            try:
                oldest.unlink(missing_ok=True)
            except OSError as error:  # a file the operator locked: it stays, the count goes on
                log.warning("cannot remove the old show replay %s: %s", oldest, error.strerror)
                continue
            removed.append(oldest)
        if removed and not self._told:  # said once per run: a show plays on for days
            log.info("a table of bots keeps its replays of the newest games only (%d): %s removed, and the "
                     "oldest goes so each time a game ends", self.keep, removed[0].name)
            self._told = True
        return removed
