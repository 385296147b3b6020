"""A table (``linie-host``, or one hosted from the game) listens on the default port when it can, so an
address typed without a port finds it."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from pathlib import Path

import pytest

from net import DEFAULT_PORT
from net.host_cli import build_host, parse_args
from tests.net.conftest import make_host


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
    for bad in ("trip_rule=dice", "nonsense"):
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
