"""A dedicated table's lobby never waits for ever: a seated player whose link stays down past the
table's takeover time no longer holds back those who asked to start; a bot plays their seat until
they resume it. Raw peers on loopback (they send no pings, so the away timer is set far off)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from net.host_thread import HostThread
from tests.net.conftest import RawPeer, make_host, seat

GRACE = 0.3  # the table's takeover time in these tests (the heartbeat that checks it: 0.1 s)
PATIENT = {"away_after": 30.0, "drop_after": 60.0, "bot_takeover_after": GRACE, "heartbeat": 0.1}


def lobby_of_two(host_factory: Callable[..., HostThread], raw_peers: Callable[[int], RawPeer],
                 **config: Any) -> tuple[HostThread, RawPeer, RawPeer, str]:
    """Ann (seat 0) and Bob (seat 1) at a three-seat table's lobby; returns Bob's token too."""
    thread = host_factory(make_host(seats=3, **{**PATIENT, **config}))
    ann, bob = raw_peers(thread.port), raw_peers(thread.port)
    seat(ann, "Ann", 0)
    return thread, ann, bob, seat(bob, "Bob", 1)


def phase(thread: HostThread) -> str:
    return thread.call(lambda: thread.host.phase)


def test_a_player_gone_past_the_grace_time_holds_the_others_back_no_more_and_resumes_from_the_bot(
        host_factory: Callable[..., HostThread], raw_peers: Callable[[int], RawPeer]) -> None:
    thread, ann, bob, token = lobby_of_two(host_factory, raw_peers)
    ann.send({"type": "start"})
    ann.expect("status", lambda status: status["seats"][0]["asked_start"])
    dropped = time.monotonic()
    bob.close()  # Bob's link drops for good, before he pressed Ready
    ann.expect("status", lambda status: not status["seats"][1]["connected"])
    assert phase(thread) == "lobby"  # not at once: he may come straight back
    snapshot = ann.expect("snapshot")
    assert time.monotonic() - dropped >= GRACE and snapshot["phase"] == "playing"
    bob_seat = thread.seat_states()[1]
    assert bob_seat["kind"] == "human" and bob_seat["claimed"] and bob_seat["bot"]  # kept, a bot plays it
    assert bob_seat["bot_in"] is None  # nothing left to count down
    assert thread.seat_states()[2]["kind"] == "bot"  # the open seat was filled as always
    back = raw_peers(thread.port)
    back.hello("Bob")
    back.send({"type": "resume", "token": token})
    assert back.expect("welcome")["seat"] == 1
    assert back.expect("snapshot")["seat"] == 1
    assert not thread.seat_states()[1]["bot"]  # his own hands again


def test_a_player_back_within_the_grace_time_is_waited_for(host_factory: Callable[..., HostThread],
                                                          raw_peers: Callable[[int], RawPeer]) -> None:
    thread, ann, bob, token = lobby_of_two(host_factory, raw_peers)
    ann.send({"type": "start"})
    bob.close()
    back = raw_peers(thread.port)
    back.hello("Bob")
    back.send({"type": "resume", "token": token})
    assert back.expect("welcome")["seat"] == 1
    time.sleep(GRACE * 3)  # well past the grace time, counted from the drop
    assert phase(thread) == "lobby"  # Bob is here and has not asked: he is waited for
    assert not thread.seat_states()[1]["bot"]
    back.send({"type": "start"})
    assert ann.expect("snapshot")["phase"] == "playing"
    assert not any(state["bot"] for state in thread.seat_states()[:2])


def test_a_table_whose_seated_players_are_all_gone_does_not_start_by_itself(
        host_factory: Callable[..., HostThread], raw_peers: Callable[[int], RawPeer]) -> None:
    thread, ann, bob, _ = lobby_of_two(host_factory, raw_peers)
    ann.send({"type": "start"})
    ann.expect("status", lambda status: status["seats"][0]["asked_start"])
    ann.close()
    bob.close()
    time.sleep(GRACE * 3)
    assert phase(thread) == "lobby"  # nobody is left to play with: the table waits for its players


def test_only_the_owner_starts_a_hosted_table_even_when_a_guest_is_gone(
        host_factory: Callable[..., HostThread], raw_peers: Callable[[int], RawPeer]) -> None:
    thread = host_factory(make_host(seats=3, clients_may_start=False, owner_seat=0, **PATIENT))
    owner, guest = raw_peers(thread.port), raw_peers(thread.port)
    owner.hello("Ann")
    owner.send({"type": "resume", "token": thread.host.owner_token})
    owner.expect("welcome", seat=0)
    seat(guest, "Bob", 1)
    guest.send({"type": "start"})
    assert guest.expect("error")["code"] == "net.not_allowed"
    guest.close()
    time.sleep(GRACE * 3)
    assert phase(thread) == "lobby"  # the host player starts it, whoever is gone
    thread.start_game()
    assert owner.expect("snapshot")["phase"] == "playing"


def test_the_table_starts_when_the_one_player_not_ready_leaves_the_lobby(
        host_factory: Callable[..., HostThread], raw_peers: Callable[[int], RawPeer]) -> None:
    thread, ann, bob, _ = lobby_of_two(host_factory, raw_peers, bot_takeover_after=None)
    ann.send({"type": "start"})
    ann.expect("status", lambda status: status["seats"][0]["asked_start"])
    bob.send({"type": "bye"})  # gives the seat up: Ann, the one seated player left, has asked
    assert ann.expect("snapshot")["phase"] == "playing"
    assert [state["kind"] for state in thread.seat_states()] == ["human", "bot", "bot"]


def test_every_status_tells_how_long_until_a_bot_takes_an_absent_players_seat(
        host_factory: Callable[..., HostThread], raw_peers: Callable[[int], RawPeer]) -> None:
    thread, ann, bob, token = lobby_of_two(host_factory, raw_peers, bot_takeover_after=30.0)
    assert [state["bot_in"] for state in thread.seat_states()] == [None, None, None]  # everyone is here
    bob.close()
    told = ann.expect("status", lambda status: status["seats"][1]["claimed"] and not status["seats"][1]["connected"])
    assert 29 <= told["seats"][1]["bot_in"] <= 30 and told["seats"][0]["bot_in"] is None
    time.sleep(1.2)  # a newcomer a moment later reads fewer seconds, not the frame built when Bob left
    newcomer = raw_peers(thread.port)
    newcomer.hello("Cid")
    assert newcomer.expect("status")["seats"][1]["bot_in"] < told["seats"][1]["bot_in"]
    back = raw_peers(thread.port)
    back.hello("Bob")
    back.send({"type": "resume", "token": token})
    assert ann.expect("status", lambda status: status["seats"][1]["connected"])["seats"][1]["bot_in"] is None


def test_no_countdown_where_the_table_never_hands_a_seat_to_a_bot(
        host_factory: Callable[..., HostThread], raw_peers: Callable[[int], RawPeer]) -> None:
    thread, ann, bob, _token = lobby_of_two(host_factory, raw_peers, bot_takeover_after=None)
    bob.close()
    told = ann.expect("status", lambda status: status["seats"][1]["claimed"] and not status["seats"][1]["connected"])
    assert told["seats"][1]["bot_in"] is None
