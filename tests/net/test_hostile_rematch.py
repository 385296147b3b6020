"""A hostile peer against another game at the same table: asking from the wrong place or at the
wrong time, flooding, racing, malformed, or hoping the finished game's tokens, versions, views or
journal leak into the next one. Each attack is refused with a typed code and changes nothing."""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from net.host import Host, HostConfig
from net.host_thread import HostThread
from net.savefile import read_save
from tests.net.conftest import FAST, RawPeer, make_host, seat
from tests.net.test_host_refusals import refusal

Table = tuple[HostThread, RawPeer, RawPeer, RawPeer, list[str]]


def drain(peer: RawPeer, until: str, **fields: Any) -> list[dict[str, Any]]:
    """Every frame up to and including the first ``until`` frame with ``fields``."""
    seen = []
    while True:
        message = peer.recv()
        assert message is not None, f"closed before {until}"
        seen.append(message)
        if message["type"] == until and all(message.get(k) == v for k, v in fields.items()):
            return seen


def quiet(peer: RawPeer, wait: float) -> list[dict[str, Any]]:
    """The frames (pings aside) that come to ``peer`` within the next ``wait`` seconds."""
    seen = []
    deadline = time.monotonic() + wait
    try:
        while (left := deadline - time.monotonic()) > 0:
            peer.sock.settimeout(left)
            message = peer.recv()
            if message is None:
                break
            if message["type"] != "ping":
                seen.append(message)
    except TimeoutError:
        pass
    finally:
        peer.sock.settimeout(3.0)
    return seen


def test_a_spectators_flood_of_rematches_is_refused_and_asks_nothing(finished_table: Callable[..., Table]) -> None:
    thread, ann, _bob, cid, _tokens = finished_table()
    first = cid.next_id
    for _ in range(150):
        cid.send({"type": "rematch"})
    cid.send({"type": "chat", "text": "done"})
    answers = [m for m in drain(cid, "chat", text="done") if m["type"] == "error"]
    assert [m["code"] for m in answers] == ["net.not_allowed"] * 150
    assert [m["id"] for m in answers] == list(range(first, first + 150)) and not any(m["fatal"] for m in answers)
    assert thread.call(lambda: thread.host.phase) == "over"
    assert not any(state["asked_start"] for state in thread.seat_states())


def test_one_players_flood_of_rematches_waits_for_the_others_and_is_told_coalesced(
        finished_table: Callable[..., Table]) -> None:
    thread, ann, bob, cid, _tokens = finished_table(away_after=30.0, drop_after=60.0)  # Bob, silent, stays here
    finished = thread.host.match
    for _ in range(150):
        ann.send({"type": "rematch"})
    ann.send({"type": "chat", "text": "done"})
    heard = drain(cid, "chat", text="done") + quiet(cid, 0.3)
    assert thread.call(lambda: thread.host.phase) == "over" and thread.host.match is finished
    statuses = [m for m in heard if m["type"] == "status"]
    assert 1 <= len(statuses) <= 2  # one asking player is one change, not 150 broadcasts
    assert [s["asked_start"] for s in statuses[-1]["seats"]] == [True, False, False, False]
    bob.send({"type": "rematch"})
    cid.expect("snapshot", phase="playing", version=0)
    assert thread.host.match is not finished


def test_asking_again_and_again_over_a_while_tells_the_table_once(finished_table: Callable[..., Table]) -> None:
    _thread, ann, _bob, cid, _tokens = finished_table(away_after=30.0, drop_after=60.0)  # nobody away
    for _ in range(25):  # a steady stream over half a second: past the status interval many times
        ann.send({"type": "rematch"})
        time.sleep(0.02)
    ann.send({"type": "chat", "text": "done"})
    heard = drain(cid, "chat", text="done") + quiet(cid, 0.3)
    assert len([m for m in heard if m["type"] == "status"]) == 1  # the one change: Ann asked


def test_being_ready_again_and_again_tells_the_lobby_once(host_factory: Callable[..., HostThread],
                                                          raw_peers: Callable[[int], RawPeer]) -> None:
    thread = host_factory(seats=3, away_after=30.0, drop_after=60.0)
    eve, ann, watcher = raw_peers(thread.port), raw_peers(thread.port), raw_peers(thread.port)
    seat(eve, "Eve", 0)
    seat(ann, "Ann", 1)  # who is not ready
    watcher.hello("Wes")
    quiet(watcher, 0.15)
    for _ in range(25):
        eve.send({"type": "start"})
        time.sleep(0.02)
    eve.send({"type": "chat", "text": "done"})
    heard = drain(watcher, "chat", text="done") + quiet(watcher, 0.3)
    assert len([m for m in heard if m["type"] == "status"]) == 1
    assert thread.call(lambda: thread.host.phase) == "lobby"


def test_two_players_racing_their_rematches_begin_exactly_one_new_game(finished_table: Callable[..., Table]) -> None:
    thread, ann, bob, cid, _tokens = finished_table()
    finished = thread.host.match
    for _ in range(3):  # each asks again and again, the two streams interleaving on the host
        ann.send({"type": "rematch"})
        bob.send({"type": "rematch"})
    for peer in (ann, bob):
        peer.send({"type": "chat", "text": "done"})
    for peer in (ann, bob):
        frames = drain(peer, "chat", text="done")
        late = [m["code"] for m in frames if m["type"] == "error"]
        assert set(late) <= {"net.not_over"}  # asked once the next game had begun: refused, not a third game
    heard = drain(cid, "chat", text="done")
    heard += drain(cid, "chat", text="done")
    assert [m["phase"] for m in heard if m["type"] == "status"].count("lobby") == 1
    assert sum(1 for m in heard if m["type"] == "snapshot") == 1
    second = thread.host.match
    assert second is not finished and thread.host.phase == "playing"
    assert thread.call(lambda: thread.host.match) is second


@pytest.mark.parametrize("bad", [{"id": "7"}, {"id": True}, {"id": -1.5}, {"seat": 1}, {"token": "x"},
                                 {"base": 0}, {"game": "linja"}])
def test_a_malformed_rematch_is_a_fatal_schema_error_that_changes_nothing(finished_table: Callable[..., Table],
                                                                          bad: dict[str, Any]) -> None:
    thread, ann, bob, _cid, _tokens = finished_table()
    ann.send({"type": "rematch", **bad})
    assert ann.expect("error")["code"] == "protocol.schema" and ann.closed()
    assert thread.call(lambda: thread.host.phase) == "over"
    assert not thread.seat_states()[0]["asked_start"]


def test_a_replayed_rematch_is_ignored(finished_table: Callable[..., Table]) -> None:
    thread, ann, bob, cid, _tokens = finished_table()
    ann.send({"type": "ping", "id": 50})
    assert refusal(ann, {"type": "rematch", "id": 50})["code"] == "net.replayed"
    assert not thread.seat_states()[0]["asked_start"]


def test_a_guest_at_a_hosted_table_cannot_ask_for_or_start_the_next_game(finished_table: Callable[..., Table]) -> None:
    thread, ann, bob, cid, _tokens = finished_table(clients_may_start=False)
    for peer, kind in ((ann, "rematch"), (bob, "rematch"), (cid, "rematch"), (ann, "start"), (cid, "start")):
        for _ in range(20):
            assert refusal(peer, {"type": kind})["code"] in ("net.not_allowed", "net.not_in_lobby")
    assert thread.call(lambda: thread.host.phase) == "over"
    assert not any(state["asked_start"] for state in thread.seat_states())


def test_a_player_resuming_meanwhile_counts_and_a_replaced_connection_asks_nothing(
        finished_table: Callable[..., Table], raw_peers: Callable[[int], RawPeer]) -> None:
    thread, ann, bob, cid, tokens = finished_table()
    finished = thread.host.match
    ann.send({"type": "rematch"})
    cid.expect("status", lambda status: status["seats"][0]["asked_start"])
    again = raw_peers(thread.port)  # Bob's program knocks again while his old link still hangs on
    again.hello("Bob")
    again.send({"type": "resume", "token": tokens[1]})
    assert again.expect("welcome", seat=1)["token"] == tokens[1]
    assert again.expect("snapshot")["phase"] == "over"  # the finished game, his own seat
    assert bob.expect("error")["code"] == "net.replaced"
    assert bob.closed()
    assert thread.call(lambda: thread.host.phase) == "over" and thread.host.match is finished  # he counts again
    assert refusal(cid, {"type": "resume", "token": tokens[1]})["code"] == "net.already_seated"
    again.send({"type": "rematch"})
    assert again.expect("snapshot", phase="playing")["seat"] == 1


def test_after_the_rematch_the_old_games_versions_views_and_gone_tokens_get_nothing(
        finished_table: Callable[..., Table], raw_peers: Callable[[int], RawPeer], tmp_path: Path) -> None:
    save = tmp_path / "table.save"
    thread, ann, bob, cid, tokens = finished_table(clients_may_start=False, save=save)
    finished = thread.host.match
    last = finished.version
    bob.send({"type": "bye"})  # Bob leaves the table: his seat and token go with the next game
    ann.expect("status", lambda status: not status["seats"][1]["connected"])
    thread.rematch()
    ann.expect("status", phase="lobby")
    assert refusal(ann, {"type": "resync"})["code"] == "net.no_view"  # the finished game's view is not resent
    assert refusal(cid, {"type": "resync"})["code"] == "net.no_view"
    assert refusal(ann, {"type": "intent", "seat": 0, "base": last, "action": {"type": "draw"}})["code"] \
        == "net.not_started"
    comeback = raw_peers(thread.port)
    comeback.hello("Bob")
    assert refusal(comeback, {"type": "resume", "token": tokens[1]})["code"] == "net.token_revoked"
    assert refusal(comeback, {"type": "resume", "token": tokens[1]})["code"] == "net.token_revoked"
    comeback.send({"type": "resume", "token": tokens[1]})  # the third wrong try ends the connection
    assert comeback.expect("error")["fatal"] and comeback.closed()
    thread.start_game()
    assert ann.expect("snapshot")["version"] == 0
    assert refusal(ann, {"type": "intent", "seat": 0, "base": last, "action": {"type": "draw"}})["code"] \
        == "net.stale"  # a version of the finished game acts on nothing
    ann.send({"type": "resync"})
    fresh = ann.expect("snapshot")
    assert fresh["version"] == 0 and fresh["view"] == thread.call(lambda: thread.host.match.view(0))
    again = raw_peers(thread.port)  # Ann's token from the finished game is her seat's in the new one
    again.hello("Ann")
    again.send({"type": "resume", "token": tokens[0]})
    assert again.expect("welcome", seat=0)["token"] == tokens[0]
    resumed_view = again.expect("snapshot")
    assert resumed_view["seat"] == 0 and resumed_view["view"] == thread.call(lambda: thread.host.match.view(0))
    assert ann.expect("error")["code"] == "net.replaced"
    ann = again
    # the save holds the new game alone: its journal starts again, and a restarted host resumes it
    thread.call(lambda: thread.host.match.submit(0, thread.host.match.game.legal(thread.host.match.state, 0)[0]))
    assert thread.call(lambda: thread.host.match.version) >= 1  # (a bot may answer at once)
    saved = read_save(save)
    assert saved["match"]["seed"] == thread.host.match.seed != finished.seed
    resumed = Host.resume(save, HostConfig(**FAST))
    now = thread.call(lambda: thread.host.match.version)  # the bots may have played on meanwhile
    assert 1 <= resumed.match.version <= now and resumed.match.seed == thread.host.match.seed
    assert resumed.phase == "playing" and resumed.slots[1].token is None


class HeldLoop:
    """Stands in for the host's loop: what it is asked to call later is kept, to be run by hand."""

    def __init__(self) -> None:
        self.later: list[Callable[[], None]] = []

    def call_later(self, _delay: float, callback: Callable[..., None], *args: Any) -> None:
        self.later.append(functools.partial(callback, *args))

    def settles(self, host: Host) -> list[Callable[[], None]]:
        """The checks and saves that follow the changes (bots are kept waiting for ever)."""
        return [call for call in self.later if getattr(call, "func", None) == host._settle]


def test_a_finished_games_late_checks_never_go_out_in_the_next_game() -> None:
    host = make_host(seats=2, bots=0)
    loop = HeldLoop()
    host._loop = host.bots.loop = loop  # type: ignore[assignment]
    host.start_game()
    match = host.match
    while not match.finished:
        seat = match.to_act()[0]
        match.submit(seat, match.game.legal(match.state, seat)[0])

    old_settles = loop.settles(host)
    host.rematch()
    host.start_game()
    new = host.match
    new.submit(new.to_act()[0], new.game.legal(new.state, new.to_act()[0])[0])
    checked: list[int] = []
    host.fanout.send_checks = lambda sent: checked.append(sent.version)  # type: ignore[method-assign]
    for settle in old_settles:  # the old game's version 1 is the new game's version now
        settle()
    assert checked == []
    for settle in loop.settles(host)[len(old_settles):]:
        settle()
    assert checked == [1]


@pytest.mark.parametrize("hosted", [False, True])
def test_a_player_whose_link_dropped_keeps_seat_and_token_across_the_next_game(
        finished_table: Callable[..., Table], raw_peers: Callable[[int], RawPeer], hosted: bool) -> None:
    thread, ann, bob, cid, tokens = finished_table(clients_may_start=not hosted)
    bob.close()  # no bye: a blip, not a goodbye
    cid.expect("status", lambda status: not status["seats"][1]["connected"])
    if hosted:
        thread.rematch()  # the host player deals again meanwhile
    else:
        ann.send({"type": "rematch"})  # Ann, the only one still connected, asks: the next game begins
        cid.expect("snapshot", phase="playing", version=0)
    assert [slot.token for slot in thread.host.slots[:2]] == tokens
    assert thread.seat_states()[1]["kind"] == "human" and thread.seat_states()[1]["name"] == "Bob"
    assert refusal(cid, {"type": "claim", "seat": 1})["code"] in ("net.seat_taken", "net.not_in_lobby")
    back = raw_peers(thread.port)
    back.hello("Bob")
    back.send({"type": "resume", "token": tokens[1]})
    assert back.expect("welcome", seat=1)["token"] == tokens[1]
    if not hosted:
        snapshot = back.expect("snapshot")  # the new game, Ann to play first: nothing moved yet
        assert snapshot["version"] == 0 and snapshot["view"] == thread.call(lambda: thread.host.match.view(1))


def test_a_player_who_left_after_the_game_and_came_back_before_the_next_keeps_the_seat(
        finished_table: Callable[..., Table], raw_peers: Callable[[int], RawPeer]) -> None:
    thread, ann, bob, cid, tokens = finished_table(clients_may_start=False)
    bob.send({"type": "bye"})
    cid.expect("status", lambda status: not status["seats"][1]["connected"])
    back = raw_peers(thread.port)
    back.hello("Bob")
    back.send({"type": "resume", "token": tokens[1]})
    back.expect("welcome", seat=1)
    thread.rematch()
    assert thread.host.slots[1].token == tokens[1] and thread.seat_states()[1]["name"] == "Bob"
