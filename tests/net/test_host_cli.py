"""A table (``linie-host``, or one hosted from the game) listens on the default port when it can, so an
address typed without a port finds it."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from net import DEFAULT_PORT
from net.host_cli import build_host, parse_args, serve
from net.savefile import read_save
from tests.net.conftest import RawPeer, make_host, seat

ROOT = Path(__file__).resolve().parents[2]


async def _listen_and_close(port: int | None) -> int:
    host = make_host(seats=2)
    try:
        return await host.serve("127.0.0.1", port)
    finally:
        await host.close(goodbye=False)


def test_the_default_port_when_free_else_any() -> None:
    with contextlib.ExitStack() as stack:
        blocker = stack.enter_context(socket.socket())
        blocker.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as servers do: TIME_WAIT is no obstacle
        try:
            blocker.bind(("127.0.0.1", DEFAULT_PORT))
            blocker.listen()
        except OSError:
            pass  # something on this machine listens there already: the fallback is tested all the same
        port = asyncio.run(_listen_and_close(None))
        assert port not in (0, DEFAULT_PORT)  # taken: another free port
    assert asyncio.run(_listen_and_close(None)) == DEFAULT_PORT or _taken(DEFAULT_PORT)
    assert asyncio.run(_listen_and_close(0)) != DEFAULT_PORT  # an explicit port is kept to


def _taken(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return True
    return False


@pytest.mark.parametrize(("game", "seats"), [("linie1", 4), ("linja", 2), ("liniell", 2), ("bus", 4)])
def test_linie_host_seats_each_game_as_it_is_played_when_no_count_is_given(game: str, seats: int,
                                                                           tmp_path: Path) -> None:
    host = build_host(parse_args(["--game", game, "--bots", "1", "--save", str(tmp_path / "t.save")]))
    assert len(host.match.seats) == seats


def test_both_programs_say_their_version(capsys: pytest.CaptureFixture[str]) -> None:
    from game.__main__ import parse_args as client_args
    from game.version import program_version

    for parse, name in ((client_args, "linie"), (parse_args, "linie-host")):
        with pytest.raises(SystemExit) as done:
            parse(["--version"])
        assert done.value.code == 0
        assert capsys.readouterr().out.strip() == f"{name} {program_version()}"
    assert program_version()[0].isdigit()  # the installed distribution's, not "unknown"


def test_game_options_are_given_as_key_value_pairs(tmp_path: Path) -> None:
    host = build_host(parse_args(["--game", "linie1", "--bots", "1", "--option", "trip_rule=pace",
                                  "--option", 'die_faces=["1", "H"]', "--save", str(tmp_path / "t.save")]))
    assert host.match.options["trip_rule"] == "pace" and host.match.options["die_faces"] == ["1", "H"]
    for bad in ("trip_rule=dice", "nonsense", "trip_rule=" + "[" * 5000):  # the last: nested past JSON's parser
        with pytest.raises(SystemExit):
            build_host(parse_args(["--game", "linie1", "--option", bad, "--save", str(tmp_path / "u.save")]))


def test_an_option_whose_value_reads_as_a_number_is_taken_as_text_where_the_game_wants_text(tmp_path: Path) -> None:
    host = build_host(parse_args(["--game", "bus", "--seats", "3", "--option", "edition=1999",
                                  "--option", "five_player_bonus=all", "--save", str(tmp_path / "t.save")]))
    assert host.match.options == {"edition": "1999", "five_player_bonus": "all"}
    with pytest.raises(SystemExit):  # a value the game takes in neither form is still refused
        build_host(parse_args(["--game", "bus", "--option", "edition=2001", "--save", str(tmp_path / "u.save")]))


@pytest.mark.parametrize(("game", "seats", "said"), [("linja", "3", "Linja takes 2 seats"),
                                                     ("bus", "2", "Bus takes 3-5 seats")])
def test_a_seat_count_the_game_cannot_take_is_refused_in_plain_words(game: str, seats: str, said: str,
                                                                      tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as refused:
        build_host(parse_args(["--game", game, "--seats", seats, "--save", str(tmp_path / "t.save")]))
    assert str(refused.value.code) == f"linie-host: {said}"


def test_a_replays_folder_that_cannot_take_a_replay_is_said_at_the_start(tmp_path: Path) -> None:
    from net.host_cli import replays_note

    assert replays_note(tmp_path / "replays") is None and replays_note(None) is None
    (tmp_path / "blocked").write_text("")  # a file where the folder belongs
    note = replays_note(tmp_path / "blocked")
    assert note is not None and "(a file stands where its folder belongs)" in note


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="no SIGHUP on this system")
def test_linie_host_closes_its_table_when_its_terminal_closes(tmp_path: Path) -> None:
    """SIGHUP (the terminal or ssh session it ran in closing) mid-game: the table says goodbye to
    everyone, saves, frees its port and ends without a traceback, as Ctrl+C does."""
    save = tmp_path / "t.save"
    process = subprocess.Popen(
        [sys.executable, "-m", "net.host_cli", "--game", "linja", "--bind", "127.0.0.1", "--port", "0",
         "--no-discovery", "--seed", "3", "--save", str(save), "--replays", str(tmp_path / "replays")],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_DFL))  # as a terminal's own child has it
    peers: list[RawPeer] = []
    try:
        assert process.stdout is not None
        port = next(int(line.rsplit(":", 1)[1]) for line in process.stdout if "listening on" in line)
        peers += [RawPeer(port), RawPeer(port)]
        seat(peers[0], "Ann", 0)
        seat(peers[1], "Ben", 1)
        assert peers[0].expect("snapshot")["phase"] == "playing"
        process.send_signal(signal.SIGHUP)
        assert peers[0].expect("bye") and peers[1].expect("bye")
        for peer in peers:
            assert peer.closed()  # the host ends its side after the bye ...
            peer.close()  # ... and waits for each client to hang up too (as Linie's do)
        _, errors = process.communicate(timeout=10)
    finally:
        for peer in peers:
            peer.close()
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 0 and "Traceback" not in errors
    assert read_save(save)["table"]["phase"] == "playing"
    asyncio.run(_listen_and_close(port))  # the port is free again


def test_a_console_that_cannot_show_the_tables_name_never_ends_the_host(tmp_path: Path) -> None:
    """A table named in any script, printed to a console of another encoding (a Windows console in
    cp1252, an ASCII terminal): escaped, never a traceback at the start."""
    import os
    process = subprocess.Popen(
        [sys.executable, "-m", "net.host_cli", "--game", "linja", "--bind", "127.0.0.1", "--port", "0",
         "--no-discovery", "--name", "Café ☕ 東京", "--save", str(tmp_path / "t.save")],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, "PYTHONIOENCODING": "ascii"})
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        assert process.stdout.readline().startswith(b"  listening on 127.0.0.1:")
    finally:
        process.terminate()
        _, errors = process.communicate(timeout=10)
    assert first.startswith(b"Linie host: table 'Caf\\xe9 \\u2615 \\u6771\\u4eac'")
    assert process.returncode == 0 and b"Traceback" not in errors


@pytest.fixture
def no_home(monkeypatch: pytest.MonkeyPatch) -> None:
    """A container's user: no HOME, no XDG folders, and no entry in the password database."""
    import pwd

    def unknown(uid: int) -> Any:
        raise KeyError(uid)

    for variable in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setattr(pwd, "getpwuid", unknown)


def test_linie_host_without_a_home_folder_says_what_to_give_it(no_home: None, tmp_path: Path) -> None:
    """No traceback from the folders' library: the log goes to the console, no replay is kept unless
    --replays names a folder, and without --save it says to give one."""
    from game.logs import setup_logging
    assert setup_logging("linie-host", folder=None) is None
    assert build_host(parse_args(["--game", "linja"])).config.replays is None
    host = build_host(parse_args(["--game", "linja", "--replays", str(tmp_path)]))
    assert host.config.replays == tmp_path
    with pytest.raises(SystemExit) as refused:
        asyncio.run(serve(build_host(parse_args(["--game", "linja"])), parse_args(
            ["--game", "linja", "--bind", "127.0.0.1", "--port", "0", "--no-discovery"])))
    assert refused.value.code == ("linie-host: this user has no home folder to save the table in: choose a file "
                                  "with --save (or set HOME)")


@pytest.mark.parametrize("port", ["70000", "-1", "65536", "abc"])
def test_a_port_no_socket_can_take_is_refused_in_words(port: str, capsys: pytest.CaptureFixture[str]) -> None:
    """One past 65535 reached the socket and ended linie-host with a traceback."""
    with pytest.raises(SystemExit):
        parse_args(["--port", port])
    assert f"a port from 0 (any free port) to 65535, not '{port}'" in capsys.readouterr().err
    assert parse_args(["--port", "0"]).port == 0 and parse_args(["--port", "65535"]).port == 65535


@pytest.mark.parametrize(("option", "value", "said"), [
    ("--bot-delay", "nan", "a number of seconds from 0 to 60, not 'nan'"),  # bots that never moved
    ("--bot-delay", "inf", "a number of seconds from 0 to 60, not 'inf'"),
    ("--bot-delay", "-3", "a number of seconds from 0 to 60, not '-3'"),
    ("--bot-takeover", "-5", "a number of seconds from 0 to 86400, not '-5'"),
    ("--seed", "99999999999999999999999", "a whole number of at most 18 digits"),  # ended the host as it saved
    ("--show-replays", "0", "a whole number from 1 to 100000, not '0'"),  # a show keeping none has nothing to watch
])
def test_numbers_a_table_cannot_run_with_are_refused_in_words(option: str, value: str, said: str,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        parse_args([f"{option}={value}"])
    assert said in capsys.readouterr().err


def test_the_numbers_a_table_runs_with_still_pass() -> None:
    args = parse_args(["--bot-delay", "0", "--bot-takeover", "0", "--seed", "-1", "--show-replays", "5"])
    assert (args.bot_delay, args.bot_takeover, args.seed) == (0.0, 0.0, -1)
    assert build_host(args).config.show_replays_kept == 5
    assert parse_args(["--seed", str(10**18 - 1)]).seed == 10**18 - 1


def test_a_port_taken_is_said_as_such_and_only_listening_is_called_listening(tmp_path: Path) -> None:
    with socket.socket() as blocker:
        blocker.bind(("127.0.0.1", 0))
        blocker.listen()
        taken = blocker.getsockname()[1]
        args = parse_args(["--game", "linja", "--bind", "127.0.0.1", "--port", str(taken), "--no-discovery",
                           "--save", str(tmp_path / "t.save")])
        with pytest.raises(SystemExit) as refused:
            asyncio.run(serve(build_host(args), args))
    assert f"cannot listen on 127.0.0.1:{taken}" in str(refused.value.code)
