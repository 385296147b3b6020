"""Typed refusals: out of turn, another seat, replays, stale intents, tokens, lobby rules, chat."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from net.host_thread import HostThread
from tests.net.conftest import RawPeer
from tests.net.test_host_robustness import fingerprint


@pytest.fixture
def seated(host_factory: Callable[..., HostThread],
           raw_peers: Callable[[int], RawPeer]) -> tuple[HostThread, RawPeer, RawPeer, list[str]]:
    """Ann (seat 0) and Bob (seat 1) at a started three-seat table whose seat 2 is a bot."""
    host = host_factory(seats=3, bots=1)
    ann, bob = raw_peers(host.port), raw_peers(host.port)
    tokens = []
    for seat, peer in enumerate((ann, bob)):
        peer.hello(f"P{seat}")
        peer.send({"type": "claim", "seat": seat})
        tokens.append(peer.expect("welcome", seat=seat)["token"])
    host.start_game()
    ann.expect("snapshot")
    bob.expect("snapshot")
    return host, ann, bob, tokens


def refusal(peer: RawPeer, message: dict[str, Any]) -> dict[str, Any]:
    msg_id = peer.send(message)
    answer = peer.expect("error")
    assert answer["id"] == msg_id and answer["fatal"] is False
    return answer


def test_move_out_of_turn_is_rejected_by_the_match(seated: tuple[HostThread, RawPeer, RawPeer, list[str]]) -> None:
    host, ann, bob, _ = seated
    before = fingerprint(host)
    msg_id = bob.send({"type": "intent", "seat": 1, "base": 0, "action": {"type": "draw"}})
    rejected = bob.expect("rejected")
    assert rejected["id"] == msg_id and rejected["rejection"]["code"] == "match.not_your_turn"
    assert fingerprint(host) == before


def test_illegal_move_is_rejected_with_the_game_code(seated: tuple[HostThread, RawPeer, RawPeer, list[str]]) -> None:
    host, ann, _, _ = seated
    ann.send({"type": "intent", "seat": 0, "base": 0, "action": {"type": "play", "card": "99:000000"}})
    assert ann.expect("rejected")["rejection"]["code"] == "hidden.not_in_hand"


def test_move_for_another_seat(seated: tuple[HostThread, RawPeer, RawPeer, list[str]]) -> None:
    host, ann, bob, _ = seated
    before = fingerprint(host)
    assert refusal(bob, {"type": "intent", "seat": 0, "base": 0, "action": {"type": "draw"}})[
        "code"] == "net.not_your_seat"
    assert fingerprint(host) == before


def test_replayed_and_stale_messages(seated: tuple[HostThread, RawPeer, RawPeer, list[str]]) -> None:
    host, ann, bob, _ = seated
    intent = {"type": "intent", "seat": 0, "base": 0, "action": {"type": "draw"}}
    used_id = ann.send(intent)
    ann.expect("update", version=1)
    before = fingerprint(host)
    # the very same frame again (same id): a replay
    assert refusal(ann, {**intent, "id": used_id})["code"] == "net.replayed"
    # a fresh id but based on the old version: stale
    assert refusal(ann, intent)["code"] == "net.stale"
    assert fingerprint(host) == before


def test_guessed_and_revoked_tokens(host_factory: Callable[..., HostThread],
                                    raw_peers: Callable[[int], RawPeer]) -> None:
    host = host_factory(seats=3)
    ann = raw_peers(host.port)
    ann.hello("Ann")
    ann.send({"type": "claim", "seat": 0})
    token = ann.expect("welcome")["token"]
    ann.send({"type": "bye"})  # leaving the lobby gives the seat up
    assert ann.closed()
    assert host.seat_states()[0]["kind"] == "open"

    eve = raw_peers(host.port)
    eve.hello("Eve")
    assert refusal(eve, {"type": "resume", "token": token})["code"] == "net.token_revoked"
    assert refusal(eve, {"type": "resume", "token": "A" * 32})["code"] == "net.bad_token"
    eve.send({"type": "resume", "token": "B" * 32})
    third = eve.expect("error")
    assert third["code"] == "net.bad_token" and third["fatal"] is True  # three guesses: cut off
    assert eve.closed()
    assert all(not seat["claimed"] for seat in host.seat_states())


def test_tokens_reach_only_their_owner_and_resume_takes_over(
        seated: tuple[HostThread, RawPeer, RawPeer, list[str]], raw_peers: Callable[[int], RawPeer]) -> None:
    host, ann, bob, tokens = seated
    phone = raw_peers(host.port)
    phone.hello("Ann's phone")
    phone.send({"type": "resume", "token": tokens[0]})
    assert phone.expect("welcome")["seat"] == 0
    assert phone.expect("snapshot")["seat"] == 0
    assert ann.expect("error")["code"] == "net.replaced"
    assert ann.closed()


def test_lobby_rules(host_factory: Callable[..., HostThread], raw_peers: Callable[[int], RawPeer]) -> None:
    host = host_factory(seats=2, bots=1, clients_may_start=False)
    ann, bob = raw_peers(host.port), raw_peers(host.port)
    ann.hello("Ann")
    bob.hello("Bob")
    assert refusal(ann, {"type": "claim", "seat": 1})["code"] == "net.seat_taken"  # the bot's
    assert refusal(ann, {"type": "claim", "seat": 5})["code"] == "net.no_such_seat"
    assert refusal(ann, {"type": "intent", "seat": 0, "base": 0, "action": {"type": "draw"}})[
        "code"] == "net.no_seat"
    ann.send({"type": "claim", "seat": 0})
    ann.expect("welcome")
    assert refusal(bob, {"type": "claim", "seat": 0})["code"] == "net.seat_taken"
    assert refusal(ann, {"type": "claim", "seat": 0})["code"] == "net.already_seated"
    assert refusal(ann, {"type": "intent", "seat": 0, "base": 0, "action": {"type": "draw"}})[
        "code"] == "net.not_started"
    assert refusal(ann, {"type": "resync"})["code"] == "net.no_view"
    assert refusal(ann, {"type": "start"})["code"] == "net.not_allowed"
    assert host.table_info()["phase"] == "lobby"
    host.start_game()
    assert refusal(bob, {"type": "claim", "seat": 0})["code"] == "net.not_in_lobby"


def test_a_dedicated_table_starts_when_every_seated_player_asked(host_factory: Callable[..., HostThread],
                                                                 raw_peers: Callable[[int], RawPeer]) -> None:
    host = host_factory(seats=4, bots=1)
    ann, bob = raw_peers(host.port), raw_peers(host.port)
    for seat, peer in enumerate((ann, bob)):
        peer.hello("Ann" if seat == 0 else "Bob")
        peer.send({"type": "claim", "seat": seat})
        peer.expect("welcome")
    ann.send({"type": "start"})  # one player asking is not enough: Bob is seated too
    asked = bob.expect("status", lambda status: status["seats"][0]["asked_start"])
    assert asked["phase"] == "lobby" and not asked["seats"][1]["asked_start"]
    assert host.table_info()["phase"] == "lobby"
    bob.send({"type": "start"})
    assert ann.expect("snapshot")["phase"] == "playing"
    kinds = [seat["kind"] for seat in host.seat_states()]
    assert kinds == ["human", "human", "bot", "bot"]  # the open seat was filled by a bot
    assert not any(seat["asked_start"] for seat in host.seat_states())


def test_a_table_starts_by_itself_once_every_seat_is_taken(host_factory: Callable[..., HostThread],
                                                           raw_peers: Callable[[int], RawPeer]) -> None:
    auto = host_factory(seats=2, autostart=True)
    peers = [raw_peers(auto.port), raw_peers(auto.port)]
    for seat, peer in enumerate(peers):
        peer.hello(f"P{seat}")
        peer.send({"type": "claim", "seat": seat})
    assert peers[1].expect("snapshot")["phase"] == "playing"


def test_chat_is_length_and_rate_limited(seated: tuple[HostThread, RawPeer, RawPeer, list[str]]) -> None:
    host, ann, bob, _ = seated
    ann.send({"type": "chat", "text": "good\nluck\x00 "})
    assert bob.expect("chat")["text"] == "goodluck"
    assert refusal(ann, {"type": "chat", "text": "x" * 281})["code"] == "net.chat_too_long"
    assert refusal(ann, {"type": "chat", "text": "é" * 4096})["code"] == "net.chat_too_long"  # 8 KiB: still a chat
    assert refusal(ann, {"type": "chat", "text": " \n"})["code"] == "net.chat_empty"
    assert refusal(ann, {"type": "chat", "text": "\u200b\u3164"})["code"] == "net.chat_empty"
    codes = []
    for _ in range(6):
        ann.send({"type": "chat", "text": "spam"})
    while len(codes) < 6:
        message = ann.recv()
        assert message is not None
        if message["type"] in ("chat", "error"):
            codes.append(message.get("code", "sent"))
    assert codes.count("sent") == 4 and codes.count("net.chat_rate_limited") == 2  # burst of 5 in all


def test_hello_twice_is_refused(seated: tuple[HostThread, RawPeer, RawPeer, list[str]]) -> None:
    _, ann, _, _ = seated
    assert refusal(ann, {"type": "hello", "protocol": 2, "name": "A", "rules": {}})["code"] == "net.already_greeted"


def test_a_table_of_bots_starts_by_itself(host_factory: Callable[..., HostThread],
                                          raw_peers: Callable[[int], RawPeer]) -> None:
    host = host_factory(seats=2, bots=2, autostart=True)
    watcher = raw_peers(host.port)
    assert watcher.hello("Watcher")["phase"] in ("playing", "over")
    watcher.send({"type": "spectate"})
    watcher.expect("status", phase="over")  # the bots play the whole game


def test_a_resumed_seat_speaks_under_the_seats_name_not_the_one_its_program_typed(
        seated: tuple[HostThread, RawPeer, RawPeer, list[str]], raw_peers: Callable[[int], RawPeer]) -> None:
    host, ann, bob, tokens = seated
    phone = raw_peers(host.port)
    phone.hello("P1")  # another program typed the other player's name: the seat it takes back is still P0
    phone.send({"type": "resume", "token": tokens[0]})
    assert phone.expect("welcome")["name"] == "P0"
    phone.send({"type": "chat", "text": "it's me"})
    line = bob.expect("chat")
    assert (line["seat"], line["name"], line["text"]) == (0, "P0", "it's me")
