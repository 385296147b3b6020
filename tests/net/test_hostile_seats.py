"""A hostile peer against the lobby's seat moves (claim, spectate): a flood of moves, the host
player's seat, a seat kept for a player whose link dropped, and moving to read another seat's
secrets once the game runs. Every attack is refused with a typed code or costs the others nothing."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from game.lan.host import hosted_config
from game.match import Match, SeatInfo
from net.host import Host, HostConfig
from net.host_thread import HostThread
from net.savefile import read_save
from net.table import SeatSlot
from tests.net import fake_game
from tests.net.conftest import FAST, RawPeer, seat, watch
from tests.net.test_host_refusals import refusal
from tests.net.test_hostile_rematch import drain, quiet

ROOT = Path(__file__).resolve().parents[2]


def fast_hosted_config(save: Path | None) -> HostConfig:
    """The Host screen's settings, with the tests' quick heartbeats and bots that do not wait."""
    config = hosted_config("Ada's table", save)
    for key, value in {**FAST, "bot_delay": 0.0}.items():
        setattr(config, key, value)
    return config


def hosted(save: Path | None = None) -> Host:
    """A three-seat table as the Host screen opens it: seat 1 named for its host, the others open."""
    config = fast_hosted_config(save)
    names = ["Ada", "Seat 2", "Seat 3"]
    match = Match(fake_game.NAME, [SeatInfo(name, "open", colour=i) for i, name in enumerate(names)], 7)
    return Host(match, [SeatSlot() for _ in names], config, bot_factory=fake_game.bot_factory)


def test_a_guest_who_knocks_first_cannot_take_the_host_players_seat(
        host_factory: Callable[..., HostThread], raw_peers: Callable[[int], RawPeer]) -> None:
    thread = host_factory(hosted())
    eve = raw_peers(thread.port)
    eve.hello("Eve")
    assert refusal(eve, {"type": "claim", "seat": 0})["code"] == "net.seat_taken"  # held before it listened
    eve.send({"type": "claim", "seat": 1})
    eve.expect("welcome", seat=1)
    assert refusal(eve, {"type": "claim", "seat": 0})["code"] == "net.seat_taken"  # nor by moving
    assert thread.seat_states()[1]["name"] == "Eve"
    ada = raw_peers(thread.port)
    ada.hello("Ada")
    ada.send({"type": "resume", "token": thread.host.owner_token})
    assert ada.expect("welcome", seat=0)["name"] == "Ada"
    for move in ({"type": "claim", "seat": 2}, {"type": "spectate"}):
        assert refusal(ada, move)["code"] == "net.host_seat"  # the host's token resumes seat 1, so it stays there
    ada.send({"type": "bye"})  # even leaving the lobby keeps it for the host player
    eve.expect("status", lambda status: not status["seats"][0]["connected"])
    assert thread.seat_states()[0]["claimed"]
    assert refusal(eve, {"type": "claim", "seat": 0})["code"] == "net.seat_taken"


def test_a_resumed_hosted_table_holds_the_host_players_seat_and_keeps_it_across_a_rematch(
        host_factory: Callable[..., HostThread], raw_peers: Callable[[int], RawPeer], tmp_path: Path) -> None:
    save = tmp_path / "table.save"
    host = hosted(save)
    host.seating.release(0)  # a save from before seat 1 was held: open in the lobby
    host.autosave.full()  # type: ignore[union-attr]
    assert read_save(save)["table"]["seats"][0]["token"] is None
    thread = host_factory(Host.resume(save, fast_hosted_config(save), bot_factory=fake_game.bot_factory))
    token = thread.host.owner_token
    assert token is not None and thread.seat_states()[0]["claimed"]
    bob = raw_peers(thread.port)
    seat(bob, "Bob", 1)
    thread.start_game()
    bob.expect("snapshot")
    while thread.call(lambda: thread.host.phase) != "over":  # Bob and the host's seat play it out, the host away
        def step() -> None:
            match = thread.host.match
            for who in match.to_act():
                if not thread.host.slots[who].bot_plays:
                    match.submit(who, match.game.legal(match.state, who)[0])
        thread.call(step)
        time.sleep(0.005)
    thread.rematch()  # the host player's link is down now: their seat and token stay theirs all the same
    assert thread.host.owner_token == token and thread.seat_states()[0]["kind"] == "human"
    assert refusal(bob, {"type": "claim", "seat": 0})["code"] == "net.seat_taken"


def test_a_seat_whose_player_dropped_in_the_lobby_is_kept_for_them(
        host_factory: Callable[..., HostThread], raw_peers: Callable[[int], RawPeer]) -> None:
    thread = host_factory(seats=3)
    ann, bob, eve = raw_peers(thread.port), raw_peers(thread.port), raw_peers(thread.port)
    seat(ann, "Ann", 0)
    token = seat(bob, "Bob", 1)
    bob.close()  # no bye: a dropped link, the token still good
    ann.expect("status", lambda status: not status["seats"][1]["connected"])
    watch(eve, "Eve")
    assert refusal(eve, {"type": "claim", "seat": 1})["code"] == "net.seat_taken"
    eve.send({"type": "claim", "seat": 2})
    eve.expect("welcome", seat=2)
    assert refusal(eve, {"type": "claim", "seat": 1})["code"] == "net.seat_taken"  # moving there neither
    assert [s["name"] for s in thread.seat_states()] == ["Ann", "Bob", "Eve"]  # and Eve kept hers
    back = raw_peers(thread.port)
    back.hello("Bob")
    back.send({"type": "resume", "token": token})
    assert back.expect("welcome", seat=1)["token"] == token


def test_once_the_game_runs_no_seat_move_reaches_another_seats_secrets(
        host_factory: Callable[..., HostThread], raw_peers: Callable[[int], RawPeer]) -> None:
    thread = host_factory(seats=3)
    ann, eve, watcher = raw_peers(thread.port), raw_peers(thread.port), raw_peers(thread.port)
    seat(ann, "Ann", 0)
    seat(eve, "Eve", 1)
    watch(watcher, "Wes")
    thread.start_game()  # seat 2 becomes a bot
    eve.expect("snapshot", seat=1)
    codes = [refusal(eve, {"type": "claim", "seat": other})["code"] for other in (0, 2)]
    codes += [refusal(eve, {"type": "spectate"})["code"], refusal(watcher, {"type": "claim", "seat": 0})["code"]]
    codes += [refusal(eve, {"type": "resume", "token": "x" * 32})["code"]]
    assert codes == ["net.not_in_lobby", "net.not_in_lobby", "net.already_seated", "net.not_in_lobby",
                     "net.already_seated"]
    secrets = [thread.call(lambda s=s: thread.host.match.state["seats"][s]["code"]) for s in (0, 2)]
    eve.send({"type": "resync"})
    watcher.send({"type": "resync"})
    for peer, own in ((eve, 1), (watcher, None)):
        frames = drain(peer, "snapshot")
        assert frames[-1]["seat"] == own
        assert not any(secret in repr(frames) for secret in secrets)
    assert [s["name"] for s in thread.seat_states()][:2] == ["Ann", "Eve"]


def test_a_flood_of_seat_moves_is_slowed_told_coalesced_and_keeps_the_save_small(
        host_factory: Callable[..., HostThread], raw_peers: Callable[[int], RawPeer], tmp_path: Path) -> None:
    save = tmp_path / "table.save"
    thread = host_factory(seats=4, save=save, away_after=30.0, drop_after=60.0)
    ann, eve = raw_peers(thread.port), raw_peers(thread.port)
    ann_token = seat(ann, "Ann", 0)
    eve.hello("Eve")
    started = time.monotonic()
    moves = 300
    for number in range(moves):  # moving from seat to seat, and to watching: each gives a token up
        eve.send({"type": "spectate"} if number % 3 == 2 else {"type": "claim", "seat": 1 + number % 2})
    eve.send({"type": "chat", "text": "done"})
    answers = drain(eve, "chat", text="done")
    took = time.monotonic() - started
    moved = sum(1 for m in answers if m["type"] == "welcome")
    refused = [m["code"] for m in answers if m["type"] == "error"]
    assert moved + len(refused) == moves and set(refused) == {"net.seat_rate_limited", "net.already_seated"}
    assert 5 <= moved <= 5 + took + 1  # a few at once, then one a second
    heard = drain(ann, "chat", text="done") + quiet(ann, 0.3)
    assert len([m for m in heard if m["type"] == "status"]) <= moved  # and told no more often than that
    saved = read_save(save)["table"]
    assert len(saved["revoked"]) <= moved and saved["seats"][0]["token"] == ann_token  # Ann's seat is untouched
    thread.start_game()
    assert ann.expect("snapshot")["seat"] == 0


def test_linie_host_holds_against_a_seat_move_flood_and_an_early_start(tmp_path: Path) -> None:
    """A real ``linie-host`` process: a hostile guest moves seats as fast as it can and asks to start
    the table; it starts only once every seated player asked, and Ann's seat, token and name hold."""
    save = tmp_path / "t.save"
    process = subprocess.Popen(
        [sys.executable, "-m", "net.host_cli", "--game", "linie1", "--seats", "4", "--bind", "127.0.0.1",
         "--port", "0", "--no-discovery", "--seed", "3", "--save", str(save), "-q"],
        cwd=ROOT, stdout=subprocess.PIPE, text=True)
    peers: list[RawPeer] = []
    try:
        assert process.stdout is not None
        port = next(int(line.rsplit(":", 1)[1]) for line in process.stdout if "listening on" in line)
        ann, eve = RawPeer(port), RawPeer(port)
        peers += [ann, eve]
        token = seat(ann, "Ann", 0)
        eve.hello("Eve")
        for number in range(300):
            eve.send({"type": "spectate"} if number % 2 else {"type": "claim", "seat": 1 + number % 3})
        eve.send({"type": "claim", "seat": 0})
        eve.send({"type": "start"})  # seated or not, Ann has not asked: nothing starts
        eve.send({"type": "chat", "text": "done"})
        answers = drain(eve, "chat", text="done")
        errors = {m["code"] for m in answers if m["type"] == "error"}
        assert errors <= {"net.seat_rate_limited", "net.seat_taken", "net.already_seated", "net.not_allowed"}
        assert "net.seat_rate_limited" in errors and not any(m["type"] == "snapshot" for m in answers)
        statuses = [m for m in drain(ann, "chat", text="done") if m["type"] == "status"]
        assert len(statuses) < 30 and statuses[-1]["phase"] == "lobby"
        assert statuses[-1]["seats"][0]["name"] == "Ann" and read_save(save)["table"]["seats"][0]["token"] == token
        assert len(read_save(save)["table"]["revoked"]) < 20
        ann.send({"type": "start"})
        assert ann.expect("snapshot")["seat"] == 0 and eve.expect("snapshot")["phase"] == "playing"
    finally:
        for peer in peers:
            peer.close()
        process.terminate()
        process.wait(10)
        if process.stdout is not None:
            process.stdout.close()


def test_every_benchmark_attack_is_a_well_formed_message_so_it_reaches_the_tables_rules() -> None:
    from net.protocol import CLIENT_SCHEMAS, validate
    from tools.hostile_peers import KINDS, message

    for kind in KINDS:
        if kind != "slow_reader":  # it sends nothing
            for number in (2, 3):
                assert validate(message(kind, number), CLIENT_SCHEMAS)["id"] == number
    assert {message("seat_moves", n)["type"] for n in (2, 3)} == {"claim", "spectate"}
