"""After the game: another at the same table (seats, settings, who stays and who watches), and the
lobby's seats changing hands (a spectator sits down, a player moves or goes back to watching)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import pytest

from net.client import NetSession
from net.host import next_options
from net.host_thread import HostThread
from net.savefile import read_save
from tests.net import fake_game
from tests.net.conftest import RawPeer, make_host, play_to_the_end, seat, watch
from tests.net.test_host_refusals import refusal


def test_players_who_all_ask_play_again_with_the_same_seats_and_the_spectator_still_watches(finished_table) -> None:
    thread, ann, bob, cid, tokens = finished_table()
    finished = thread.host.match
    assert refusal(cid, {"type": "rematch"})["code"] == "net.not_allowed"  # a spectator has no say
    ann.send({"type": "rematch"})
    asked = bob.expect("status", lambda status: status["seats"][0]["asked_start"])
    assert asked["phase"] == "over" and not asked["seats"][1]["asked_start"]  # Bob has not asked yet
    bob.send({"type": "rematch"})
    for peer in (ann, bob, cid):
        peer.expect("status", phase="lobby")  # told, even though the game starts again at once
    snapshots = [peer.expect("snapshot") for peer in (ann, bob, cid)]
    assert [(s["seat"], s["phase"], s["version"]) for s in snapshots] == [(0, "playing", 0), (1, "playing", 0),
                                                                          (None, "playing", 0)]
    match = thread.host.match
    assert match is not finished and match.seed != finished.seed and match.options == finished.options
    assert [(info.name, info.kind, info.colour) for info in match.seats] == [
        ("Ann", "human", 0), ("Bob", "human", 1), ("Bot 1", "bot", 2), ("Bot 1", "bot", 3)]
    assert [slot.token for slot in thread.host.slots[:2]] == tokens  # the same seats, the same tokens
    assert thread.host.status.spectators == 1
    assert not any(state["asked_start"] for state in thread.seat_states())


def test_a_player_whose_link_was_down_as_the_table_dealt_again_is_told_by_the_status_they_read_first(
        finished_table, raw_peers: Callable[[int], RawPeer]) -> None:
    thread, ann, bob, cid, tokens = finished_table()
    bob.close()  # Bob's program is gone before the end's results were read
    ann.expect("status", lambda status: not status["seats"][1]["connected"])
    ann.send({"type": "rematch"})  # everyone still connected asked: the next game begins without waiting
    dealt = ann.expect("status", phase="lobby")
    assert dealt["seats"][1]["missed_end"] and not dealt["seats"][0]["missed_end"]
    back = raw_peers(thread.port)
    first = (back.hello("Bob"), back.expect("status"))[1]  # what his program reads before taking the seat
    assert first["seats"][1]["missed_end"] and not first["seats"][1]["connected"]
    back.send({"type": "resume", "token": tokens[1]})
    back.expect("welcome", seat=1)
    assert not back.expect("status", lambda status: status["seats"][1]["connected"])["seats"][1]["missed_end"]
    assert not thread.call(lambda: thread.host.save_data()["table"]["seats"][1]["missed_end"])  # once only
    cid.close()


def test_a_rematch_with_anything_more_than_its_id_is_a_schema_error(finished_table) -> None:
    thread, ann, bob, _cid, _tokens = finished_table()
    ann.send({"type": "rematch", "seat": 0})  # nothing to choose: a field the schema does not name
    assert ann.expect("error")["code"] == "protocol.schema" and ann.closed()
    assert thread.call(lambda: thread.host.phase) == "over"  # and nothing changed
    bob.send({"type": "rematch"})  # Bob is the only one still connected and seated: the table plays again
    assert bob.expect("snapshot")["phase"] == "playing"


def test_a_rematch_waits_for_the_game_to_end_and_for_everyone_still_connected(
        host_factory: Callable[..., HostThread], raw_peers: Callable[[int], RawPeer], finished_table) -> None:
    thread = host_factory(seats=2)
    ann = raw_peers(thread.port)
    seat(ann, "Ann", 0)
    assert refusal(ann, {"type": "rematch"})["code"] == "net.not_over"  # in the lobby
    thread.start_game()
    assert refusal(ann, {"type": "rematch"})["code"] == "net.not_over"  # in play
    with pytest.raises(Exception, match="once this one is over"):
        thread.rematch()

    thread, ann, bob, cid, _tokens = finished_table()
    ann.send({"type": "rematch"})
    cid.expect("status", lambda status: status["seats"][0]["asked_start"])
    assert thread.call(lambda: thread.host.phase) == "over"
    bob.send({"type": "bye"})  # Bob leaves instead: Ann was the only one still there, and she asked
    ann.expect("snapshot", phase="playing")
    kinds = [(info.name, info.kind) for info in thread.host.match.seats]
    assert kinds == [("Ann", "human"), ("Bot 1", "bot"), ("Bot 2", "bot"), ("Bot 1", "bot")]


def test_the_host_of_a_table_starts_the_rematch_in_the_lobby_and_a_departed_players_seat_opens(
        finished_table, raw_peers: Callable[[int], RawPeer], tmp_path: Path) -> None:
    save = tmp_path / "table.save"
    thread, ann, bob, cid, tokens = finished_table(clients_may_start=False, save=save)
    finished = thread.host.match
    names = [info.name for info in finished.seats]
    assert refusal(ann, {"type": "rematch"})["code"] == "net.not_allowed"  # the host's to decide
    bob.send({"type": "bye"})  # Bob leaves the table
    gone = ann.expect("status", lambda status: not status["seats"][1]["connected"])
    assert gone["seats"][1]["left"] and not gone["seats"][0]["left"]  # said as left, not as a lost link
    assert thread.rematch() is finished
    assert [info.name for info in finished.seats] == names  # its replay keeps who played
    lobby = cid.expect("status", phase="lobby")
    assert [(s["kind"], s["claimed"]) for s in lobby["seats"]] == [("human", True), ("open", False),
                                                                  ("open", False), ("bot", False)]
    assert thread.host.slots[0].token == tokens[0]
    saved = read_save(save)
    assert saved["table"]["phase"] == "lobby" and saved["match"]["match_version"] == 0
    comeback = raw_peers(thread.port)  # Bob's token was given up with his seat
    comeback.hello("Bob")
    comeback.send({"type": "resume", "token": tokens[1]})
    assert comeback.expect("error")["code"] == "net.token_revoked"
    cid.send({"type": "claim", "seat": 1})  # the spectator takes the freed seat
    assert cid.expect("welcome", seat=1)["name"] == "Cid"
    thread.start_game()
    assert ann.expect("snapshot")["version"] == 0 and cid.expect("snapshot")["seat"] == 1


def test_a_client_forgets_the_finished_games_view_when_its_table_plays_again(
        host_factory: Callable[..., HostThread]) -> None:
    thread = host_factory(make_host(seats=2, bots=1, clients_may_start=False))
    ann = NetSession("127.0.0.1", thread.port, "Ann", heartbeat=0.2)
    try:
        ann.claim(0)
        ann.wait_for(lambda message: message["type"] == "welcome")
        thread.start_game()
        play_to_the_end(thread)
        ann.wait_for(lambda message: message["type"] == "status" and message.get("phase") == "over")
        assert ann.view(0)["players"][0]["played"]
        thread.rematch()
        ann.wait_for(lambda message: message["type"] == "status" and message.get("phase") == "lobby")
        assert ann.phase == "lobby" and ann.role == "seat" and ann.seat == 0
        with pytest.raises(KeyError):
            ann.view(0)  # no view in a lobby: the last game's must not open the next table
        thread.start_game()
        ann.wait_for(lambda message: message["type"] == "update" and message.get("snapshot"))
        assert ann.version == 0 and ann.view(0)["players"][0]["played"] == []
        ann.submit(0, {"type": "draw"})
        update = ann.wait_for(lambda message: message["type"] in ("update", "rejected", "error"))
        assert update["type"] == "update" and update["version"] == 1  # intents are based on the new game
    finally:
        ann.close()


def test_the_next_game_lets_the_player_the_outcome_names_start() -> None:
    finished = SimpleNamespace(options={"first": 0, "board": "x"}, outcome=lambda: {"winners": [0], "next_first": 1})
    assert next_options(finished) == {"first": 1, "board": "x"}  # type: ignore[arg-type]
    plain = SimpleNamespace(options={"board": "x"}, outcome=lambda: {"winners": [0], "next_first": 1})
    assert next_options(plain) == {"board": "x"}  # type: ignore[arg-type]


# -- the lobby's seats changing hands ----------------------------------------------------------------
def test_a_spectator_sits_down_in_a_seat_freed_in_the_lobby(host_factory: Callable[..., HostThread],
                                                            raw_peers: Callable[[int], RawPeer]) -> None:
    thread = host_factory(seats=2)
    ann, bob, cid = raw_peers(thread.port), raw_peers(thread.port), raw_peers(thread.port)
    seat(ann, "Ann", 0)
    seat(bob, "Bob", 1)
    watch(cid, "Cid")
    assert refusal(cid, {"type": "claim", "seat": 1})["code"] == "net.seat_taken"
    bob.send({"type": "bye"})
    cid.expect("status", lambda status: status["seats"][1]["kind"] == "open")
    cid.send({"type": "claim", "seat": 1})
    assert cid.expect("welcome", seat=1)["token"]
    # Ann may not have read the statuses of Bob sitting there yet: the one that names Cid
    status = ann.expect("status", lambda status: status["seats"][1]["name"] == "Cid")
    assert status["seats"][1]["kind"] == "human" and status["spectators"] == 0
    assert refusal(cid, {"type": "claim", "seat": 1})["code"] == "net.already_seated"


def test_a_player_goes_back_to_watching_or_moves_to_another_open_seat(host_factory: Callable[..., HostThread],
                                                                     raw_peers: Callable[[int], RawPeer]) -> None:
    thread = host_factory(seats=3)
    ann, bob = raw_peers(thread.port), raw_peers(thread.port)
    token = seat(ann, "Ann", 0)
    seat(bob, "Bob", 1)
    ann.send({"type": "claim", "seat": 2})  # moves: seat 0 opens, Ann keeps her name
    moved = ann.expect("welcome", seat=2)
    assert moved["name"] == "Ann" and moved["token"] != token
    assert [(s["kind"], s["name"]) for s in thread.seat_states()] == [("open", "Seat 1"), ("human", "Bob"),
                                                                      ("human", "Ann")]
    assert refusal(ann, {"type": "claim", "seat": 1})["code"] == "net.seat_taken"  # and nothing changed
    assert thread.seat_states()[2]["name"] == "Ann"
    bob.send({"type": "spectate"})  # back to watching: the seat opens, the token dies
    assert bob.expect("welcome")["seat"] is None
    status = ann.expect("status", lambda status: status["spectators"] == 1)
    assert [s["kind"] for s in status["seats"]] == ["open", "open", "human"]
    assert refusal(bob, {"type": "spectate"})["code"] == "net.already_seated"
    thread.start_game()
    assert refusal(ann, {"type": "spectate"})["code"] == "net.already_seated"  # a seat in play is kept
    assert refusal(bob, {"type": "claim", "seat": 0})["code"] == "net.not_in_lobby"


def test_the_status_that_opens_a_seat_given_up_to_watch_counts_the_new_watcher(
        host_factory: Callable[..., HostThread], raw_peers: Callable[[int], RawPeer]) -> None:
    thread = host_factory(seats=2)
    ann, bob = raw_peers(thread.port), raw_peers(thread.port)
    seat(ann, "Ann", 0)
    seat(bob, "Bob", 1)
    ann.expect("status", lambda status: status["seats"][1]["kind"] == "human")
    time.sleep(0.15)  # the status interval has passed: the next change is told at once
    bob.send({"type": "spectate"})
    opened = ann.expect("status", lambda status: status["seats"][1]["kind"] == "open")
    assert opened["spectators"] == 1  # else a screen reads "Bob left the table" rather than "went to watch"


def test_linjas_loser_starts_the_next_game_at_the_same_table(host_factory: Callable[..., HostThread]) -> None:
    from net.host import Host, HostConfig
    host = Host.new("linja", 2, HostConfig(bot_level="easy"), bots=2, seed=4)
    thread = host_factory(host)
    thread.start_game()
    deadline = time.monotonic() + 30
    while thread.call(lambda: host.phase) != "over":
        assert time.monotonic() < deadline, "the bots never finished"
        time.sleep(0.02)
    finished = thread.rematch()
    loser_first = finished.outcome()["next_first"]
    assert finished.options["first"] is None  # the first game: a random start
    assert thread.host.match.options["first"] == loser_first
    assert thread.host.match.view(None)["first"] == loser_first


def test_a_table_of_bots_only_deals_again_a_moment_after_the_end_and_one_with_people_never_does(
        host_factory: Callable[..., HostThread], raw_peers: Callable[[int], RawPeer]) -> None:
    show = host_factory(make_host(seats=2, bots=2, autostart=True, bot_delay=0.0, bots_again_after=1.0))
    cid = raw_peers(show.port)
    watch(cid, "Cid")
    first = show.host.match
    cid.expect("status", phase="over")
    cid.expect("status", phase="lobby")  # nobody there can ask: the host deals the next game itself
    assert cid.expect("snapshot")["version"] == 0
    assert show.call(lambda: (show.host.phase, show.host.match is not first)) == ("playing", True)

    people = host_factory(make_host(seats=2, bots=1, autostart=True, bot_delay=0.0, bots_again_after=0.2))
    ann = raw_peers(people.port)
    seat(ann, "Ann", 0)
    play_to_the_end(people)
    time.sleep(0.5)
    assert people.call(lambda: people.host.phase) == "over"  # Ann decides whether there is another game


def test_a_show_of_bots_keeps_the_replays_of_its_newest_games_only_and_a_table_with_people_keeps_all(
        host_factory: Callable[..., HostThread], raw_peers: Callable[[int], RawPeer], tmp_path: Path) -> None:
    shows, people = tmp_path / "shows", tmp_path / "people"
    shows.mkdir()
    (shows / "20260101-120000-linja.jsonl").write_text("a game the player kept\n")  # never the show's to remove
    show = host_factory(make_host(seats=2, bots=2, autostart=True, bot_delay=0.0, bots_again_after=0.01,
                                  replays=shows, show_replays_kept=2))
    deadline = time.monotonic() + 10.0
    while not show.call(lambda: show.host.show_replays._told):  # the third game's replay made room
        assert time.monotonic() < deadline, "the show never played four games"
        time.sleep(0.02)
    show.stop(goodbye=False)
    files = sorted(path.name for path in shows.iterdir())
    assert "20260101-120000-linja.jsonl" in files and len(files) == 3  # the player's game and the show's newest two
    shown = [name for name in files if fake_game.NAME in name]
    assert sorted(path.name for path in show.host.show_replays._kept) == shown

    people.mkdir()
    table = host_factory(make_host(seats=2, bots=1, autostart=True, bot_delay=0.0, replays=people,
                                   show_replays_kept=1))
    ann = raw_peers(table.port)
    seat(ann, "Ann", 0)
    for _ in range(3):
        play_to_the_end(table)
        table.rematch()
        table.start_game()
    assert len(list(people.iterdir())) == 3  # a game Ann played in is hers to delete, never the table's


def test_a_player_who_leaves_the_game_in_play_is_told_as_gone_with_the_seat_kept_not_as_a_lost_link(
        host_factory, raw_peers: Callable[[int], RawPeer]) -> None:
    thread = host_factory(make_host(seats=2))
    ann, bob, back = raw_peers(thread.port), raw_peers(thread.port), raw_peers(thread.port)
    tokens = [seat(ann, "Ann", 0), seat(bob, "Bob", 1)]
    thread.start_game()
    ann.expect("status", phase="playing")
    bob.send({"type": "bye"})  # Leave game
    gone = ann.expect("status", lambda status: not status["seats"][1]["connected"])
    assert gone["seats"][1]["went"] and gone["seats"][1]["claimed"] and not gone["seats"][1]["left"]
    back.hello("Bob")
    back.send({"type": "resume", "token": tokens[1]})
    back.expect("welcome", seat=1)
    assert not ann.expect("status", lambda status: status["seats"][1]["connected"])["seats"][1]["went"]
