"""A finished game's replay written into the replays folder (``docs/formats.md``), once per game.

Its own module, below the network code: ``linie-host`` (``net.host``) keeps the replays of the games it
hosts, and the saved games (``game.saves``, which read the host's save files) sit above the network.
"""

from __future__ import annotations

import json
import logging
import time
import weakref
from pathlib import Path

from game.files import replace_file
from game.match import Match
from game.paths import replays_dir

log = logging.getLogger("linie.saves")


def keep_replay(match: Match, folder: Path | None = None) -> Path | None:
    """A finished game's replay in the replays folder; None when the disk refuses (the game is
    over either way)."""
    try:
        return write_replay(match, folder)
    except OSError:
        return None


def write_replay(match: Match, folder: Path | None = None) -> Path:
    """A finished game's replay (one JSON line each: header, actions, outcome) in the replays
    folder; OSError (logged) when the disk refuses. Once per game: asked again (a try after a full
    disk, by whoever cannot know whether an earlier one worked) it gives the file kept before."""
    folder = folder or replays_dir()
    if (kept := _KEPT.get(match)) is not None and kept.parent == folder and kept.exists():
        return kept
    stem = f"{time.strftime('%Y%m%d-%H%M%S')}-{match.game.name}"
    path = folder / f"{stem}.jsonl"
    number = 1
    while path.exists():  # two games ending in the same second (a show of fast bots) keep two replays
        number += 1
        path = folder / f"{stem}-{number}.jsonl"
    body = "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in match.replay_lines())
    try:
        replace_file(path, body.encode())
    except OSError as error:
        log.warning("cannot keep the replay at %s: %s", path, error.strerror)
        raise
    _KEPT[match] = path
    return path


_KEPT: weakref.WeakKeyDictionary[Match, Path] = weakref.WeakKeyDictionary()  # each game's replay, once kept
