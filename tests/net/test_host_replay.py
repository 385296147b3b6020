"""``linie-host`` keeps its finished game's replay, in the folder the client's Replays screen lists."""

from __future__ import annotations

from pathlib import Path

from game.bots import make_bot
from game.paths import replays_dir
from game.playback import Playback
from game.replays import list_replays
from net.host import Host, HostConfig
from net.host_cli import build_host, parse_args


def test_a_dedicated_host_keeps_the_replay_of_its_finished_game(tmp_path: Path) -> None:
    host = build_host(parse_args(["--game", "liniell", "--bots", "2", "--seed", "4",
                                  "--save", str(tmp_path / "table.save")]))
    assert host.config.replays == replays_dir()  # by default, where the client lists them
    host.config.replays = tmp_path / "replays"
    host.start_game()
    bots = [make_bot("liniell", "easy", seat) for seat in range(2)]
    while not host.match.finished:
        assert list_replays(host.config.replays) == []  # only a finished game leaves one
        seat = host.match.to_act()[0]
        assert host.match.submit(seat, bots[seat].decide(host.match.view(seat))).ok
    (kept,) = list_replays(host.config.replays)
    assert kept.replay is not None and kept.replay.players == ["Bot 1", "Bot 2"]
    assert Playback(kept.replay).length == len(host.match.log)


def test_a_host_without_a_replays_folder_keeps_none(tmp_path: Path) -> None:
    host = Host.new("linja", 2, HostConfig(), bots=2, seed=3)
    host.start_game()
    bots = [make_bot("linja", "easy", seat) for seat in range(2)]
    while not host.match.finished:
        seat = host.match.to_act()[0]
        assert host.match.submit(seat, bots[seat].decide(host.match.view(seat))).ok
    assert not replays_dir().exists() or list_replays() == []
    assert host.phase == "over"


def test_linie_host_takes_a_replays_folder(tmp_path: Path) -> None:
    args = parse_args(["--game", "linja", "--replays", str(tmp_path / "kept")])
    assert build_host(args).config.replays == tmp_path / "kept"


def finished_linja(replays: Path, save: Path | None = None) -> Host:
    host = Host.new("linja", 2, HostConfig(replays=replays, save_path=save), bots=2, seed=3)
    host.start_game()
    bots = [make_bot("linja", "easy", seat) for seat in range(2)]
    while not host.match.finished:
        seat = host.match.to_act()[0]
        assert host.match.submit(seat, bots[seat].decide(host.match.view(seat))).ok
    return host


def test_a_replay_the_full_disk_refused_at_the_end_is_kept_when_the_table_plays_again(tmp_path: Path) -> None:
    """The next deal's save takes the table's one file: the finished game would be gone with it."""
    replays = tmp_path / "replays"
    replays.write_text("")  # no folder can be made: as a full disk, the replay is refused
    host = finished_linja(replays)
    assert host.phase == "over"
    replays.unlink()  # room again
    finished = host.rematch()
    (kept,) = list_replays(replays)
    assert kept.replay is not None and len(kept.replay.steps) == len(finished.log)


def test_a_replay_kept_at_the_end_is_not_kept_twice_when_the_table_plays_again(tmp_path: Path) -> None:
    host = finished_linja(tmp_path / "replays")
    assert len(list_replays(tmp_path / "replays")) == 1
    host.rematch()
    assert len(list_replays(tmp_path / "replays")) == 1


def test_a_replay_still_refused_at_the_rematch_is_kept_with_the_next_save_that_works(tmp_path: Path) -> None:
    replays = tmp_path / "replays"
    replays.write_text("")
    host = finished_linja(replays, tmp_path / "table.save")
    finished = host.rematch()  # the disk is still full: the next deal goes on, the finished game waits
    assert replays.is_file()
    replays.unlink()
    host.start_game()  # a full save of the new deal: the disk has room again
    (kept,) = list_replays(replays)
    assert kept.replay is not None and len(kept.replay.steps) == len(finished.log)
    host.save()
    assert len(list_replays(replays)) == 1  # once
