"""Bot games played once per test run: the replay tests read the same few finished games (the same
game, seats and seed every time), and playing one again for each test costs up to a second. Each
caller gets a copy of its own to rename seats on or play back; the first to ask plays it, so any
test still runs alone."""

from __future__ import annotations

import copy
import functools
import json
from typing import Any

from game.match import Match
from tools.simulate import play_one


@functools.cache
def _played(game: str, players: int, seed: int, options: str) -> Match:
    match, _figures = play_one(game, players, seed, ["easy"], json.loads(options))
    return match


def easy_game(game: str, players: int, seed: int, options: dict[str, Any] | None = None) -> Match:
    """The game ``play_one`` plays with easy bots in every seat, finished."""
    played = _played(game, players, seed, json.dumps(options, sort_keys=True))
    return copy.deepcopy(played, {id(played.game): played.game})  # the rules themselves are shared, not copied
