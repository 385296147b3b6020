"""Disk faults on real filesystems: a tiny tmpfs that runs full and a folder remounted read-only.

A failing write never stops a game: the action is applied (and sent), saving failing is said once
and why, every action tries again, and once the disk takes writes the save holds the whole game.
This is the same for a game on one screen, a table hosted from the game and ``linie-host`` (the
last two are one ``net.host.Host``). The filesystems need mount(8) and the right to use it (root);
elsewhere these tests skip, and the monkeypatched ones in ``test_saves`` still run.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

import net.autosave
from game.bots import make_bot
from game.match import Match, SeatInfo
from game.replays import list_replays
from game.saves import load_local, local_snapshot, retire_save
from game.session import LocalSession
from net.host import Host
from net.host_cli import build_host, parse_args
from net.savefile import write_atomic
from net.table import HostConfig


def _mount(*args: str) -> bool:
    return subprocess.run(["mount", *args], capture_output=True).returncode == 0


@pytest.fixture
def tiny_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A 256 KiB tmpfs of this test's own. A full save every other action: a journal's appends
    may still fit the page its file already holds, a new save's never do."""
    monkeypatch.setattr(net.autosave, "JOURNAL_LIMIT", 2)
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a filesystem needs root and mount(8)")
    folder = tmp_path / "disk"
    folder.mkdir()
    if not _mount("-t", "tmpfs", "-o", "size=256k,mode=0700", "tmpfs", str(folder)):
        pytest.skip("this machine does not let the tests mount a tmpfs")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True)


def fill(folder: Path) -> Path:
    """Take every free byte of the filesystem."""
    filler = folder / "filler"
    with contextlib.suppress(OSError), filler.open("wb") as stream:
        while True:
            stream.write(b"\0" * 4096)
            stream.flush()
    with pytest.raises(OSError) as full:
        (folder / "probe").write_bytes(b"\0" * 8192)
    assert full.value.errno == errno.ENOSPC
    return filler


def move(match: Match, bots: list) -> None:
    seat = match.to_act()[0]
    assert match.submit(seat, bots[seat].decide(match.view(seat))).ok


def test_a_local_game_plays_on_a_full_disk_and_its_save_catches_up(tiny_disk: Path) -> None:
    match = Match("linja", [SeatInfo("Ada"), SeatInfo("Ben")], 5)
    session = LocalSession(match, save_path=tiny_disk / "game.save")
    bots = [make_bot("linja", "easy", seat) for seat in range(2)]
    move(match, bots)
    filler = fill(tiny_disk)
    for _ in range(4):
        move(match, bots)  # applied although nothing can be written
    assert match.version == 5 and session.save_problem == "No space left on device"
    assert not session.saved  # so leaving asks once more
    filler.unlink()
    move(match, bots)
    assert session.save_problem == "" and session.saved
    assert load_local(tiny_disk / "game.save").version == 6  # nothing missing


def test_a_hosted_table_plays_on_a_full_disk_and_its_save_catches_up(tiny_disk: Path) -> None:
    host = Host.new("linja", 2, HostConfig(save_path=tiny_disk / "table.save"), bots=2, seed=3)
    host.start_game()
    bots = [make_bot("linja", "easy", seat) for seat in range(2)]
    filler = fill(tiny_disk)
    for _ in range(3):
        move(host.match, bots)
    assert host.match.version == 3 and host.save_problem == "No space left on device"
    filler.unlink()
    move(host.match, bots)
    assert host.save_problem is None
    assert Host.resume(tiny_disk / "table.save", HostConfig()).match.version == 4


def test_a_folder_turned_read_only_is_said_and_retried(tiny_disk: Path) -> None:
    match = Match("linja", [SeatInfo("Ada"), SeatInfo("Ben")], 8)
    session = LocalSession(match, save_path=tiny_disk / "game.save")
    bots = [make_bot("linja", "easy", seat) for seat in range(2)]
    move(match, bots)
    session.autosave.close()  # the journal reopens on the next full save: what a read-only folder refuses
    session.autosave._journal = None
    assert _mount("-o", "remount,ro", str(tiny_disk))
    try:
        move(match, bots)
        assert session.save_problem == "Read-only file system" and match.version == 2
        with pytest.raises(SystemExit, match="cannot save to .*Read-only file system"):
            build_host(parse_args(["--game", "linja", "--seats", "2", "--save", str(tiny_disk / "host.save")]))
        with pytest.raises(SystemExit, match="Read-only file system .add --save FILE to continue the game in"):
            build_host(parse_args(["--resume", str(tiny_disk / "game.save")]))  # a save on a read-only disk
    finally:
        assert _mount("-o", "remount,rw", str(tiny_disk))
    move(match, bots)
    assert session.save_problem == ""
    assert load_local(tiny_disk / "game.save").version == 3


def test_leaving_a_game_once_the_disk_has_room_again_saves_it(tiny_disk: Path) -> None:
    """The player leaves before the next action could retry: leaving is the last try."""
    match = Match("linja", [SeatInfo("Ada"), SeatInfo("Ben")], 5)
    session = LocalSession(match, save_path=tiny_disk / "game.save")
    bots = [make_bot("linja", "easy", seat) for seat in range(2)]
    move(match, bots)
    filler = fill(tiny_disk)
    for _ in range(3):
        move(match, bots)
    assert session.save_problem == "No space left on device"
    filler.unlink()
    session.close()
    assert load_local(tiny_disk / "game.save").version == 4


def play_out(match: Match) -> None:
    bots = [make_bot(match.game.name, "easy", seat) for seat in range(len(match.seats))]
    while not match.finished:
        move(match, bots)


def test_a_game_finished_on_a_full_disk_keeps_its_save_until_its_replay_can_be_written(
        tiny_disk: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tiny_disk / "data"))
    match = Match("linja", [SeatInfo("Ada"), SeatInfo("Ben")], 5)
    session = LocalSession(match, save_path=tiny_disk / "game.save")
    filler = fill(tiny_disk)
    play_out(match)
    assert session.kept_replay is None and session.save_problem == "No space left on device"
    assert session.replay_problem == "No space left on device"
    filler.unlink()
    session.close()
    saved = load_local(tiny_disk / "game.save")
    assert saved.finished and saved.version == match.version
    again = LocalSession(saved, save_path=tiny_disk / "game.save")  # resumed: the replay is kept now
    assert again.kept_replay is not None and not (tiny_disk / "game.save").exists()
    [kept] = list_replays()
    assert kept.replay is not None and len(kept.replay.steps) == match.version


def test_a_hosted_table_finished_on_a_full_disk_keeps_its_save(tiny_disk: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tiny_disk / "data"))
    match = Match("linja", [SeatInfo("Ada"), SeatInfo("Ben")], 6)
    play_out(match)
    write_atomic(tiny_disk / "table.save", local_snapshot(match))
    filler = fill(tiny_disk)
    retire_save(tiny_disk / "table.save", match, "over")
    assert (tiny_disk / "table.save").exists() and list_replays() == []
    filler.unlink()
    retire_save(tiny_disk / "table.save", match, "over")
    assert not (tiny_disk / "table.save").exists() and len(list_replays()) == 1


def test_deleting_on_a_read_only_disk_says_why_in_words_and_keeps_the_files(tiny_disk: Path) -> None:
    from game.replays import delete_replay
    from game.saves import delete

    save, replay = tiny_disk / "game.save", tiny_disk / "game.jsonl"
    save.write_bytes(b"x")
    replay.write_text("{}\n")
    assert _mount("-o", "remount,ro", str(tiny_disk))
    try:
        assert delete(save) == "Cannot delete game.save: read-only disk"
        assert delete_replay(replay) == "Could not delete game.jsonl: read-only disk."
        assert save.exists() and replay.exists()
    finally:
        assert _mount("-o", "remount,rw", str(tiny_disk))
