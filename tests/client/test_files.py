"""A pipe, a device or a folder where Linie expects a file (a path typed in Open file…, a settings
file, a save) is refused in words at once: reading a pipe would hold the game still for ever."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.config import read_settings
from game.core.contract import SnapshotError
from game.files import read_file
from game.lan import seats as lan_seats
from game.replays import ReplayError, read_replay
from net.savefile import read_save

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")


def pipe(path: Path) -> Path:
    os.mkfifo(path)  # nothing ever writes to it: a plain read would wait for ever
    return path


def test_a_pipe_is_refused_before_anything_is_read(tmp_path):
    with pytest.raises(OSError, match="not a regular file"):
        read_file(pipe(tmp_path / "p"), 100)
    with pytest.raises(IsADirectoryError):
        read_file(tmp_path, 100)
    (tmp_path / "f").write_bytes(b"x" * 10)
    assert read_file(tmp_path / "f", 4) == b"xxxxx"  # one more than the limit: too big, and no more read


def test_a_file_is_read_whole_up_to_the_limit_even_when_it_grows_after_its_size_was_taken(tmp_path, monkeypatch):
    path = tmp_path / "f"
    path.write_bytes(b"0123456789")
    assert read_file(path, 100) == b"0123456789" and read_file(path, 10) == b"0123456789"
    real = os.fstat

    def smaller(handle: int) -> os.stat_result:  # the file as it was before its last 6 bytes came
        found = real(handle)
        return os.stat_result((*found[:6], found.st_size - 6, *found[7:]))

    monkeypatch.setattr(os, "fstat", smaller)
    assert read_file(path, 100) == b"0123456789"
    assert read_file(path, 7) == b"01234567"  # still one more than the limit, no more


def test_every_reader_refuses_a_pipe_in_words(tmp_path, monkeypatch):
    with pytest.raises(ReplayError, match=r"game.jsonl cannot be read: not a file\."):
        read_replay(pipe(tmp_path / "game.jsonl"))
    with pytest.raises(SnapshotError, match="cannot read .*game.save: not a file"):
        read_save(pipe(tmp_path / "game.save"))
    settings, report = read_settings(pipe(tmp_path / "settings.json"))
    assert report.words() == "The settings file cannot be read (not a file): the defaults are in use."
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    pipe(lan_seats.seats_path().parent.mkdir(parents=True) or lan_seats.seats_path())
    assert lan_seats.recall("anything") is None


def test_reading_a_small_file_sets_aside_no_memory_for_the_limit(tmp_path):
    import tracemalloc

    path = tmp_path / "f"
    path.write_bytes(b"x" * 1000)
    tracemalloc.start()
    try:
        read_file(path, 64 * 1024 * 1024)  # a save's limit
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 1024 * 1024
