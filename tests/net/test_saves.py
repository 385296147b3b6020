"""The host's autosave: atomic, owner-only, resumable; anything corrupt is a SnapshotError.

A full save is written at seat changes and every JOURNAL_LIMIT actions; each action in between is
appended to the journal beside it before any player hears of it.
"""

from __future__ import annotations

import io
import stat
from pathlib import Path
from typing import Any

import msgpack
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import net.autosave
import net.host
from game.core.contract import SnapshotError
from net.host import Host, HostConfig
from net.host_cli import build_host, parse_args
from net.savefile import (
    FRAME_HEAD,
    SEAL,
    JournalDamage,
    frame,
    header_check,
    journal_path,
    read_save,
    record_check,
    write_atomic,
)
from net.seating import MAX_REVOKED
from net.table import token_digest
from tests.net import fake_game
from tests.net.conftest import make_host


def saved_table(tmp_path: Path) -> tuple[Path, Host]:
    path = tmp_path / "table.save"
    host = make_host(seats=3, bots=1, save=path)
    host.slots[0].token = "tok-0"
    host.match.seats[0] = host.match.seats[0].__class__("Ann", "human")
    host.start_game()  # saves; the open seat 1 becomes a bot
    for _ in range(4):
        seat = host.match.to_act()[0]
        host.match.submit(seat, fake_game.HiddenBot().decide(host.match.view(seat)))  # saves each time
    return path, host


def test_autosave_is_atomic_private_and_resumable(tmp_path: Path) -> None:
    path, host = saved_table(tmp_path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600  # it holds the seats' tokens
    assert stat.S_IMODE(journal_path(path).stat().st_mode) == 0o600
    # no temporary file left behind
    assert sorted(p.name for p in tmp_path.iterdir()) == ["table.save", "table.save.journal",
                                                          "table.save.lock"]  # the lock: while the table plays
    assert read_save(path)["match"]["match_version"] == 0  # the full save from the start ...
    assert len(journal_records(path)) == 4  # ... and the four actions since
    resumed = Host.resume(path, HostConfig(), bot_factory=fake_game.bot_factory)
    assert resumed.match.version == host.match.version == 4
    assert resumed.phase == "playing" and resumed.slots[0].token == "tok-0"
    assert [s.bot_level for s in resumed.slots] == [None, "normal", "normal"]
    assert resumed.match.view(0) == host.match.view(0)
    assert resumed.config.name == host.config.name


def record(base: str, version: int, seat: int, action: Any) -> dict[str, Any]:
    """A journal record as the host writes it."""
    return {"v": version, "seat": seat, "action": action, "c": record_check(base, version, seat, action)}


def journal_records(path: Path) -> list[Any]:
    """The records after the header, unframed."""
    body = journal_path(path).read_bytes()
    unpacker = msgpack.Unpacker(io.BytesIO(body), raw=False)
    next(unpacker)
    at, records = unpacker.tell(), []
    while at < len(body):
        size = int.from_bytes(body[at + 1:at + 5], "big")
        records.append(msgpack.unpackb(body[at + FRAME_HEAD:at + FRAME_HEAD + size], raw=False))
        at += FRAME_HEAD + size
    return records


def test_a_torn_last_journal_record_is_dropped(tmp_path: Path) -> None:
    path, host = saved_table(tmp_path)
    seat = host.match.to_act()[0]
    base = read_save(path)["journal"]
    torn = frame(msgpack.packb(record(base, 5, seat, fake_game.HiddenBot().decide(host.match.view(seat)))))
    with journal_path(path).open("ab") as stream:
        stream.write(torn[:-3])  # the host was killed mid-write: that action reached nobody
    assert Host.resume(path, HostConfig()).match.version == 4


def test_a_journal_left_from_an_earlier_save_is_not_replayed(tmp_path: Path) -> None:
    path, host = saved_table(tmp_path)
    old_journal = journal_path(path).read_bytes()
    host.save()  # a full save holding all four actions, and a fresh journal for it
    assert journal_records(path) == []
    journal_path(path).write_bytes(old_journal)  # as if the host died between the two writes
    resumed = Host.resume(path, HostConfig())
    assert resumed.match.version == 4 and resumed.match.view(None) == host.match.view(None)


def test_the_journal_is_folded_into_a_full_save_every_so_many_actions(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(net.autosave, "JOURNAL_LIMIT", 3)
    path, host = saved_table(tmp_path)  # four actions: the third made a full save
    assert read_save(path)["match"]["match_version"] == 3
    assert [record["v"] for record in journal_records(path)] == [4]
    assert Host.resume(path, HostConfig()).match.version == 4


def test_an_action_journaled_as_the_host_died_still_ends_the_game(tmp_path: Path) -> None:
    path, host = saved_table(tmp_path)
    bot = fake_game.HiddenBot()
    while not host.match.finished:  # play to the end, keeping the files from before each action
        seat = host.match.to_act()[0]
        action = bot.decide(host.match.view(seat))
        before = path.read_bytes(), journal_path(path).read_bytes()
        host.match.submit(seat, action)
    assert host.phase == "over" and read_save(path)["table"]["phase"] == "over"  # saved in full
    # had the host died right after journaling the last action, the resumed table is over too
    path.write_bytes(before[0])
    base = read_save(path)["journal"]
    journal_path(path).write_bytes(before[1] + frame(msgpack.packb(record(base, host.match.version, seat, action))))
    resumed = Host.resume(path, HostConfig())
    assert resumed.phase == "over" and resumed.match.version == host.match.version
    assert resumed.match.outcome() == host.match.outcome()


@pytest.mark.parametrize("damage", ["wrong_version", "illegal", "not_a_record", "garbage", "header"])
def test_a_damaged_journal_is_a_snapshot_error(tmp_path: Path, damage: str) -> None:
    path, host = saved_table(tmp_path)
    seat = host.match.to_act()[0]
    base = read_save(path)["journal"]
    good = record(base, 5, seat, fake_game.HiddenBot().decide(host.match.view(seat)))
    journal = journal_path(path)
    extra = {
        "wrong_version": frame(msgpack.packb(record(base, 9, seat, good["action"]))),
        "illegal": frame(msgpack.packb(record(base, 5, seat, {"type": "play", "card": "not held"}))),
        "not_a_record": frame(msgpack.packb({**good, "extra": 1})),
        "garbage": b"\xc1" + frame(msgpack.packb(good)),
    }
    if damage == "header":
        journal.write_bytes(msgpack.packb({"format": "something else"}) + journal.read_bytes())
    else:
        with journal.open("ab") as stream:
            stream.write(extra[damage])
    with pytest.raises(SnapshotError):
        Host.resume(path, HostConfig())


def test_write_atomic_keeps_the_old_file_when_writing_fails(tmp_path: Path) -> None:
    path = tmp_path / "table.save"
    write_atomic(path, {"a": 1})
    with pytest.raises(TypeError):
        write_atomic(path, {"a": object()})  # cannot be packed: nothing replaced
    assert msgpack.unpackb(path.read_bytes()[len(SEAL) + 32:]) == {"a": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["table.save"]


def corrupt(data: dict[str, Any], change: str) -> Any:
    table, match = data["table"], data["match"]
    edits = {
        "format": lambda: data.update(format="other"),
        "version": lambda: data.update(version=99),
        "no_table": lambda: data.pop("table"),
        "phase": lambda: table.update(phase="paused"),
        "seat_count": lambda: table["seats"].pop(),
        "token_type": lambda: table["seats"][0].update(token=5),
        "handed": lambda: table["seats"][0].update(handed="sometimes"),
        "revoked": lambda: table.update(revoked=[1]),
        "state": lambda: match.update(state=None),
        "game": lambda: match.update(game="chess"),
        "rules": lambda: match.update(rules_version="0"),
    }
    edits[change]()
    return data


@pytest.mark.parametrize("change", ["format", "version", "no_table", "phase", "seat_count", "token_type",
                                    "handed", "revoked", "state", "game", "rules"])
def test_corrupt_saves_raise_snapshot_error(tmp_path: Path, change: str) -> None:
    path, _ = saved_table(tmp_path)
    write_atomic(path, corrupt(read_save(path), change))  # sealed anew: what is inside must be judged
    with pytest.raises(SnapshotError):
        Host.resume(path, HostConfig())


@pytest.mark.parametrize("content", [b"", b"\xc1garbage", msgpack.packb([1, 2]), b"\x93\x01"])
def test_unreadable_files_raise_snapshot_error(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "bad.save"
    path.write_bytes(content)
    with pytest.raises(SnapshotError):
        Host.resume(path, HostConfig())
    with pytest.raises(SnapshotError):
        Host.resume(tmp_path / "missing.save", HostConfig())


def test_cli_builds_and_resumes_tables(tmp_path: Path) -> None:
    path, host = saved_table(tmp_path)
    resumed = build_host(parse_args(["--resume", str(path), "--name", "Renamed"]))
    assert resumed.match.version == host.match.version and resumed.config.name == "Renamed"
    assert resumed.config.save_path == path  # saves back where it came from
    fresh = build_host(parse_args(["--game", "hidden", "--seats", "4", "--name", "Fresh", "--manual-start"]))
    assert len(fresh.slots) == 4 and fresh.config.autostart is False and fresh.phase == "lobby"
    long_name = build_host(parse_args(["--game", "hidden", "--seats", "2", "--name", "x" * 100]))
    assert long_name.table_info()["table"] == "x" * 64  # fits the hello's schema
    for argv, message in ((["--game", "chess"], "no game"), (["--game", "hidden", "--seats", "9"], "2-6 seats"),
                          (["--game", "hidden", "--seats", "2", "--bots", "3"], "--bots"),
                          (["--resume", str(tmp_path / "missing.save")], "cannot resume")):
        with pytest.raises(SystemExit) as raised:
            build_host(parse_args(argv))
        assert message in str(raised.value.code)


def test_resuming_a_game_saved_on_one_screen_as_a_lan_table_says_where_it_belongs(tmp_path: Path) -> None:
    from game.match import Match, SeatInfo
    from game.saves import local_snapshot

    path = tmp_path / "local.save"
    write_atomic(path, local_snapshot(Match("hidden", [SeatInfo("Ada"), SeatInfo("Ben")], seed=1)))
    with pytest.raises(SystemExit) as raised:
        build_host(parse_args(["--resume", str(path)]))
    assert "a game on one screen, not a LAN table: Saved games in Linie resumes it" in str(raised.value.code)


def test_a_dedicated_hosts_seats_each_play_in_their_own_colour() -> None:
    host = make_host(seats=4, bots=2)  # what linie-host --seats 4 --bots 2 builds (Host.new)
    assert [info.colour for info in host.match.seats] == [0, 1, 2, 3]
    host.start_game()  # open seats become bots and keep their colour
    assert len({info.colour for info in host.match.seats}) == 4


class FullDisk:
    """A journal stream on a disk that has run full: every write fails, and so does the close that
    would flush what is buffered (the failure that used to stop a table for good)."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def write(self, body: bytes) -> int:
        raise OSError(28, "No space left on device")

    def flush(self) -> None:
        raise OSError(28, "No space left on device")

    def fileno(self) -> int:
        return self.stream.fileno()

    def close(self) -> None:
        self.stream.close()
        raise OSError(28, "No space left on device")


def test_a_full_disk_never_stops_the_game_and_the_save_catches_up(tmp_path: Path, caplog: pytest.LogCaptureFixture,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    path, host = saved_table(tmp_path)
    assert host.autosave is not None
    journal = host.autosave._journal
    assert journal is not None and journal._stream is not None
    journal._stream = FullDisk(journal._stream)
    real_write = net.autosave.write_atomic

    def full(*args: Any, **kwargs: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(net.autosave, "write_atomic", full)
    with caplog.at_level("ERROR", logger="linie.autosave"):
        for _ in range(3):  # the actions are applied although nothing can be written
            seat = host.match.to_act()[0]
            host.match.submit(seat, fake_game.HiddenBot().decide(host.match.view(seat)))
    assert host.match.version == 7 and host.save_problem == "No space left on device"
    assert sum("fails" in record.getMessage() for record in caplog.records) == 1  # said once, not per action
    monkeypatch.setattr(net.autosave, "write_atomic", real_write)  # space is free again
    seat = host.match.to_act()[0]
    host.match.submit(seat, fake_game.HiddenBot().decide(host.match.view(seat)))
    assert host.save_problem is None
    resumed = Host.resume(path, HostConfig(), bot_factory=fake_game.bot_factory)
    assert resumed.match.version == host.match.version == 8  # nothing missing from the save
    assert resumed.match.view(0) == host.match.view(0)


def test_linie_host_refuses_to_start_when_its_save_cannot_be_written(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    with pytest.raises(SystemExit) as refused:
        build_host(parse_args(["--game", "linja", "--seats", "2", "--save", str(blocker / "table.save")]))
    assert "cannot save to" in str(refused.value.code) and "table.save" in str(refused.value.code)
    fine = build_host(parse_args(["--game", "linja", "--seats", "2", "--save", str(tmp_path / "ok" / "t.save")]))
    assert fine.config.save_path == tmp_path / "ok" / "t.save"


def _resumed_after_flip(path: Path, which: Path, position: int, bit: int) -> Host | None:
    """Flip one bit of ``which`` (the save or its journal) in a copy of the files; resume the copy.
    None: the damage was found and named."""
    import shutil
    import tempfile
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / path.name
        shutil.copy(path, copy)
        shutil.copy(journal_path(path), journal_path(copy))
        target = copy if which == path else journal_path(copy)
        body = bytearray(target.read_bytes())
        body[position % len(body)] ^= 1 << bit
        target.write_bytes(bytes(body))
        try:
            return Host.resume(copy, HostConfig(), bot_factory=fake_game.bot_factory)
        except SnapshotError:
            return None


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.booleans(), st.integers(min_value=0, max_value=1 << 20), st.integers(min_value=0, max_value=7))
@example(in_journal=True, position=27, bit=2)  # "base" read as an empty key: the header lost its base
def test_a_flipped_bit_anywhere_is_found_never_a_different_game(tmp_path: Path, in_journal: bool, position: int,
                                                                 bit: int) -> None:
    import tempfile
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    path, host = saved_table(folder)
    which = journal_path(path) if in_journal else path
    resumed = _resumed_after_flip(path, which, position, bit)
    if resumed is not None:  # only when the flip cannot matter (nothing of the game changed)
        assert resumed.match.version == host.match.version
        assert [resumed.match.view(seat) for seat in range(3)] == [host.match.view(seat) for seat in range(3)]


def test_a_journal_damaged_in_the_middle_names_the_last_good_action_and_may_continue_from_it(
        tmp_path: Path) -> None:
    path, host = saved_table(tmp_path)  # a full save at version 0, then four journaled actions
    journal = journal_path(path)
    records = journal_records(path)
    records[2]["c"] ^= 1  # the third action's record is damaged
    header = msgpack.packb({"format": "linie-host-journal", "base": read_save(path)["journal"],
                            "c": header_check(read_save(path)["journal"])})
    journal.write_bytes(header + b"".join(frame(msgpack.packb(item)) for item in records))
    with pytest.raises(JournalDamage, match="after action 2") as damage:
        Host.resume(path, HostConfig(), bot_factory=fake_game.bot_factory)
    assert [record["v"] for record in damage.value.good] == [1, 2]
    with pytest.raises(SystemExit, match="--accept-damage to continue from action 2"):
        build_host(parse_args(["--resume", str(path)]))
    kept = Host.resume(path, HostConfig(), bot_factory=fake_game.bot_factory, accept_damage=True)
    assert kept.match.version == 2  # continued from the last good action, as asked


def test_a_save_edited_by_hand_is_refused(tmp_path: Path) -> None:
    path, _ = saved_table(tmp_path)
    body = path.read_bytes()
    data = msgpack.unpackb(body[len(SEAL) + 32:], raw=False, strict_map_key=False)
    data["match"]["rng"] = 12345  # the deal changed, the seal kept
    path.write_bytes(body[:len(SEAL) + 32] + msgpack.packb(data))
    with pytest.raises(SnapshotError, match="do not match their checksum"):
        Host.resume(path, HostConfig(), bot_factory=fake_game.bot_factory)


def test_given_up_tokens_are_remembered_within_a_bound(tmp_path: Path) -> None:
    path = tmp_path / "table.save"
    host = make_host(seats=3, save=path)
    for round_ in range(MAX_REVOKED + 50):  # a claim/leave loop in the lobby
        host.slots[0].token = f"token-{round_}"
        host._release(0)
    assert len(host.seating.revoked) == MAX_REVOKED
    assert token_digest("token-0") not in host.seating.revoked  # the oldest went first
    assert token_digest(f"token-{MAX_REVOKED + 49}") in host.seating.revoked
    assert path.stat().st_size < 40_000  # the save stays small
    resumed = Host.resume(path, HostConfig(), bot_factory=fake_game.bot_factory)
    assert list(resumed.seating.revoked) == list(host.seating.revoked)


def test_a_save_and_journal_from_before_the_checks_still_resume(tmp_path: Path) -> None:
    path, host = saved_table(tmp_path)
    data, base = read_save(path), read_save(path)["journal"]
    path.write_bytes(msgpack.packb(data))  # unsealed, as saves were
    old = msgpack.packb({"format": "linie-host-journal", "base": base}) + b"".join(
        msgpack.packb({key: item[key] for key in ("v", "seat", "action")}) for item in journal_records(path))
    journal_path(path).write_bytes(old)  # plain records, as journals were
    resumed = Host.resume(path, HostConfig(), bot_factory=fake_game.bot_factory)
    assert resumed.match.version == host.match.version == 4
    assert resumed.match.view(0) == host.match.view(0)


def test_every_bit_of_a_journal_header_is_checked(tmp_path: Path) -> None:
    """The header decides whether the journal is read at all: a flip there must never make the
    journal look like a leftover of another save (which would drop its actions without a word)."""
    path, host = saved_table(tmp_path)
    unpacker = msgpack.Unpacker(io.BytesIO(journal_path(path).read_bytes()), raw=False)
    next(unpacker)
    header_size = unpacker.tell()
    for position in range(header_size):
        for bit in range(8):
            resumed = _resumed_after_flip(path, journal_path(path), position, bit)
            assert resumed is None or resumed.match.version == host.match.version, (position, bit)


def test_a_hosted_tables_save_is_listed_under_its_games_title(tmp_path: Path) -> None:
    from game.saves import read_summary
    path = tmp_path / "table.save"
    host = Host.new("linie1", seats=2, bots=1, config=HostConfig(name="Tafel"))
    host.save_to(path)
    summary = read_summary(path)
    assert summary.resumable and summary.title == host.match.game.title != host.match.game.name
    assert summary.summary().startswith(f"{host.match.game.title} · ")  # "Linie 1", never "linie1"


def test_a_hosted_tables_save_from_before_titles_were_kept_is_listed_under_its_games_title(tmp_path: Path) -> None:
    """The save format allows ``title`` to be missing (older saves): the list said "linie1" then."""
    from game.saves import FORMATS, read_summary
    path = tmp_path / "table.save"
    host = Host.new("linie1", seats=2, bots=1, config=HostConfig(name="Tafel"))
    host.save_to(path)
    data = read_save(path, FORMATS)
    del data["title"]
    write_atomic(path, data)
    summary = read_summary(path)
    assert summary.resumable and summary.title == "Linie 1"


def test_linie_host_says_when_a_newer_linie_saved_the_table_and_leaves_the_file(tmp_path: Path) -> None:
    from game.core.registry import get_game
    path, host = saved_table(tmp_path)
    ours = get_game("hidden").rules_version
    data = read_save(path)
    data["match"]["rules_version"] = str(int(ours) + 1)
    write_atomic(path, data)
    written = path.read_bytes()
    with pytest.raises(SystemExit) as raised:
        build_host(parse_args(["--resume", str(path)]))
    assert str(raised.value.code) == (f"linie-host: cannot resume {path}: saved with newer rules of "
                                      f"{host.match.game.title} (version {int(ours) + 1}, this Linie plays {ours}): "
                                      "update Linie to resume it")
    assert path.read_bytes() == written  # left for the Linie that can resume it
    write_atomic(path, {**data, "version": 2})
    with pytest.raises(SystemExit) as raised:
        build_host(parse_args(["--resume", str(path)]))
    assert "was saved by a newer Linie (save version 2): update Linie to resume it" in str(raised.value.code)
