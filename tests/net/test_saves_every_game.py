"""Saves that cannot lie, over whole saved games of every game: a bit flipped anywhere in a save or
its journal is found (the resume is refused) or changes nothing; a file cut short is found, or is
an earlier moment of the same game (a journal cut at a record's end is what a crash leaves behind)."""

from __future__ import annotations

import logging
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.bots import make_bot
from game.core.contract import SnapshotError
from game.match import view_hash
from net.host import Host
from net.savefile import journal_path
from net.table import HostConfig

GAMES = {"linie1": 3, "linja": 2, "liniell": 2, "bus": 3}
ACTIONS = 130  # past one full save (every 100 actions), so both files hold part of the game


def hashes(host: Host) -> list[str]:
    return [view_hash(host.match.view(seat)) for seat in [None, *range(len(host.match.seats))]]


@pytest.fixture(scope="module")
def saved_games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, dict[int, list[str]]]]:
    """Each game played by bots, autosaved as a host saves; the views at every version."""
    played = {}
    for game, seats in GAMES.items():
        path = tmp_path_factory.mktemp(game) / "table.save"
        host = Host.new(game, seats, HostConfig(save_path=path), bots=seats, seed=17)
        host.start_game()
        bots = [make_bot(game, "easy", seat) for seat in range(seats)]
        seen = {host.match.version: hashes(host)}
        while not host.match.finished and host.match.version < ACTIONS:
            seat = host.match.to_act()[0]
            assert host.match.submit(seat, bots[seat].decide(host.match.view(seat))).ok
            seen[host.match.version] = hashes(host)
        host.autosave.close()
        played[game] = (path, seen)
    return played


def resumed_after(path: Path, in_journal: bool, damage: tuple[str, int, int]) -> Host | None:
    """Damage a copy of the files; resume it. None: the damage was found and named."""
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / path.name
        shutil.copy(path, copy)
        shutil.copy(journal_path(path), journal_path(copy))
        target = journal_path(copy) if in_journal else copy
        body = bytearray(target.read_bytes())
        kind, position, bit = damage
        if kind == "flip":
            body[position % len(body)] ^= 1 << bit
        else:
            del body[position % len(body):]
        target.write_bytes(bytes(body))
        try:
            return Host.resume(copy, HostConfig(), bot_factory=lambda game, level, seed: make_bot(game, "easy", seed))
        except SnapshotError:
            return None


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=st.sampled_from(sorted(GAMES)), in_journal=st.booleans(),
       damage=st.tuples(st.sampled_from(["flip", "cut"]), st.integers(0, 1 << 20), st.integers(0, 7)))
def test_damage_is_found_or_changes_nothing_in_every_game(saved_games, game, in_journal, damage) -> None:
    path, seen = saved_games[game]
    logging.disable(logging.WARNING)
    try:
        resumed = resumed_after(path, in_journal, damage)
    finally:
        logging.disable(logging.NOTSET)
    if resumed is None:
        return
    final = max(seen)
    if damage[0] == "flip":
        assert resumed.match.version == final and hashes(resumed) == seen[final]
    else:  # an earlier moment of the very same game, never another
        assert in_journal and resumed.match.version in seen and hashes(resumed) == seen[resumed.match.version]
