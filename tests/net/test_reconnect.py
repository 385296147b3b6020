"""Links that break: clients killed and back, a host killed and resumed, away marking, bots that
stand in for absent players. Real NetSessions on loopback."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from game.match import Match, view_hash
from net.client import NetSession
from net.host import Host, HostConfig
from net.host_thread import HostThread
from tests.net import fake_game
from tests.net.conftest import FAST, RawPeer, make_host

QUICK = {"heartbeat": 0.1, "link_timeout": 2.0, "backoff": (0.05, 0.2)}


@pytest.fixture
def sessions() -> Iterator[Callable[..., NetSession]]:
    opened: list[NetSession] = []

    def open_session(port: int, name: str, **kwargs: Any) -> NetSession:
        session = NetSession("127.0.0.1", port, name, **{**QUICK, **kwargs})
        opened.append(session)
        return session

    yield open_session
    for session in opened:
        session.close(goodbye=False)


def kind(name: str, **fields: Any) -> Callable[[dict[str, Any]], bool]:
    return lambda message: message["type"] == name and all(message.get(k) == v for k, v in fields.items())


def seat_two(host: HostThread, sessions: Callable[..., NetSession]) -> tuple[NetSession, NetSession]:
    ann, bob = sessions(host.port, "Ann"), sessions(host.port, "Bob")
    for seat, session in enumerate((ann, bob)):
        session.wait_for(kind("hello"))
        session.claim(seat)
        session.wait_for(kind("welcome", seat=seat))
    host.start_game()
    for session in (ann, bob):
        session.wait_for(kind("update", snapshot=True))
        session.poll()
    return ann, bob


def host_view(host: HostThread, seat: int | None) -> tuple[int, str]:
    return host.call(lambda: (host.host.match.version, view_hash(host.host.match.view(seat))))


def play(session: NetSession) -> dict[str, Any]:
    """Make the client-side bot's move for this session's seat and wait for its update."""
    session.pump()
    while session.view(session.seat)["match"]["to_act"] != [session.seat]:
        session.wait_for(kind("update"))
    view = session.view(session.seat)
    session.submit(session.seat, fake_game.HiddenBot().decide(view))  # type: ignore[arg-type]
    return session.wait_for(kind("update", version=view["match"]["version"] + 1))


def test_a_killed_client_resumes_its_seat_with_its_token(host_factory: Callable[..., HostThread],
                                                        sessions: Callable[..., NetSession]) -> None:
    host = host_factory(seats=2)
    ann, bob = seat_two(host, sessions)
    play(ann)
    bob.wait_for(kind("update", version=1))
    token = bob.token
    assert token and ann.token != token
    bob.close(goodbye=False)  # the program dies mid-turn: it is Bob's turn
    status = ann.wait_for(lambda m: m["type"] == "status" and not m["seats"][1]["connected"])
    assert status["seats"][1]["claimed"] and status["link"] == "up"
    again = sessions(host.port, "Bob again", token=token)
    assert again.wait_for(kind("welcome"))["seat"] == 1
    snapshot = again.wait_for(kind("update", snapshot=True))
    assert (snapshot["version"], snapshot["hash"]) == host_view(host, 1)
    assert again.controlled_seats == [1]
    play(again)
    assert ann.wait_for(kind("update", version=2))["actor"] == 1
    time.sleep(0.1)  # every check frame has arrived: none of them asked for a repair
    assert not any(message.get("snapshot") for message in ann.poll())


def test_a_dropped_link_reconnects_by_itself(host_factory: Callable[..., HostThread],
                                             sessions: Callable[..., NetSession]) -> None:
    host = host_factory(seats=2)
    ann, bob = seat_two(host, sessions)
    ann.poll()
    host.call(lambda: [peer.abort() for peer in list(host.host.peers) if peer.seat == 0])
    assert ann.wait_for(kind("status", link="down"))["seats"]  # still shows the last seats
    ann.wait_for(kind("update", snapshot=True))
    assert ann.link == "up" and ann.controlled_seats == [0]
    play(ann)


def test_a_killed_host_resumes_and_every_client_is_back(tmp_path: Path, host_factory: Callable[..., HostThread],
                                                       sessions: Callable[..., NetSession]) -> None:
    save = tmp_path / "table.save"
    host = host_factory(seats=3, bots=1, save=save)
    ann, bob = seat_two(host, sessions)
    watcher = sessions(host.port, "Watcher", spectate=True)
    watcher.wait_for(kind("update", snapshot=True))
    play(ann)
    play(bob)  # then the bot (seat 2) moves: version 3
    for session in (ann, bob, watcher):
        session.wait_for(kind("update", version=3))
    port = host.port
    host.stop(goodbye=False)  # the host crashes: no goodbye
    for session in (ann, bob, watcher):
        session.wait_for(kind("status", link="down"))
    resumed = host_factory(Host.resume(save, HostConfig(**FAST), bot_factory=fake_game.bot_factory), port=port)
    for seat, session in ((0, ann), (1, bob), (None, watcher)):
        snapshot = session.wait_for(kind("update", snapshot=True), timeout=5)
        assert (snapshot["version"], snapshot["hash"]) == host_view(resumed, seat) and snapshot["version"] == 3
    assert [seat["connected"] for seat in resumed.seat_states()] == [True, True, False]
    play(ann)
    assert watcher.wait_for(kind("update", version=4))["actor"] == 0


def test_silent_peers_are_marked_away_then_dropped_but_keep_their_seat(
        host_factory: Callable[..., HostThread], raw_peers: Callable[[int], RawPeer]) -> None:
    host = host_factory(seats=2, drop_after=1.2, away_after=0.4, heartbeat=0.1)
    quiet, loud = raw_peers(host.port), raw_peers(host.port)
    quiet.hello("Quiet")
    loud.hello("Loud")
    quiet.send({"type": "claim", "seat": 0})
    token = quiet.expect("welcome")["token"]
    loud.send({"type": "claim", "seat": 1})
    loud.expect("welcome")
    started = time.monotonic()
    for _ in range(3):
        time.sleep(0.2)
        loud.send({"type": "ping"})
    away = loud.expect("status", seats=[dict(host.seat_states()[0], away=True), host.seat_states()[1]])
    assert away["seats"][0]["connected"] and not away["seats"][1]["away"]
    quiet.send({"type": "ping"})  # heard again: no longer away
    assert not loud.expect("status")["seats"][0]["away"]
    assert quiet.closed()  # silent past drop_after: disconnected by the host
    assert time.monotonic() - started > 1.0
    state = host.seat_states()[0]
    assert state["claimed"] and not state["connected"]
    back = raw_peers(host.port)
    back.hello("Quiet")
    back.send({"type": "resume", "token": token})
    assert back.expect("welcome")["seat"] == 0


def test_a_bot_stands_in_for_an_absent_player_and_hands_back(
        host_factory: Callable[..., HostThread], sessions: Callable[..., NetSession]) -> None:
    host = host_factory(make_host(seats=2, bot_takeover_after=0.3))
    ann, bob = seat_two(host, sessions)
    token = ann.token
    ann.close(goodbye=False)  # Ann vanishes on her own turn
    status = bob.wait_for(lambda m: m["type"] == "status" and m["seats"][0]["bot"], timeout=5)
    assert status["seats"][0]["kind"] == "human" and status["seats"][0]["claimed"]
    moved = bob.wait_for(kind("update", version=1))
    assert moved["actor"] == 0  # the bot moved for her
    # and every screen's view says so of her seat, which the table's save and the replay keep too
    assert bob.view(1)["match"]["seats"][0].get("stood_in") is True
    assert "stood_in" not in bob.view(1)["match"]["seats"][1]
    assert Match.load(host.call(host.host.match.save)).seats[0].stood_in
    assert host.call(host.host.match.replay_header)["seats"][0]["stood_in"] is True
    again = sessions(host.port, "Ann", token=token)
    again.wait_for(kind("update", snapshot=True))
    assert not host.seat_states()[0]["bot"]  # back in her hands
    assert again.controlled_seats == [0]
    play(bob)
    assert play(again)["actor"] == 0
    # the host can hand a present player's seat to a bot on purpose, and back
    host.hand_to_bot(1)
    assert again.wait_for(kind("update", version=4))["actor"] == 1
    bob.submit(1, {"type": "pass"})
    assert bob.wait_for(kind("rejected"))["rejection"]["code"] == "net.bot_plays"
    host.hand_back(1)
    assert not host.seat_states()[1]["bot"]
    play(again)
    assert play(bob)["actor"] == 1


def test_refusals_reach_the_scene_as_rejections(host_factory: Callable[..., HostThread],
                                                sessions: Callable[..., NetSession]) -> None:
    host = host_factory(seats=2)
    ann, bob = seat_two(host, sessions)
    bob.submit(0, {"type": "draw"})  # not this screen's seat: refused locally
    assert bob.wait_for(kind("rejected"))["rejection"]["code"] == "match.not_your_seat"
    bob.submit(1, {"type": "draw"})  # not Bob's turn: refused by the match on the host
    assert bob.wait_for(kind("rejected"))["rejection"]["code"] == "match.not_your_turn"
    ann.chat("hello Bob")
    assert bob.wait_for(kind("chat"))["text"] == "hello Bob"
    host.stop(goodbye=True)
    assert bob.wait_for(kind("status", link="down"))["reason"] == "The host closed the table."
    bob.submit(1, {"type": "draw"})
    assert bob.wait_for(kind("rejected"))["rejection"]["code"] == "net.link_down"


class IllegalBot:
    def decide(self, view: dict[str, Any]) -> dict[str, Any]:
        return {"type": "teleport"}


def broken_factory(game: str, level: str, seed: int) -> IllegalBot:
    if seed % 97 == 0:
        raise ImportError("no bots for this game")  # seat 0 cannot even get a bot
    return IllegalBot()  # seat 1's bot proposes nonsense


def test_broken_bots_never_stall_the_table(host_factory: Callable[..., HostThread],
                                           sessions: Callable[..., NetSession]) -> None:
    host = host_factory(Host.new(fake_game.NAME, 2, HostConfig(**FAST), bots=2, seed=3,
                                 bot_factory=broken_factory))
    watcher = sessions(host.port, "Watcher", spectate=True)
    watcher.wait_for(kind("hello"))
    host.start_game()
    over = watcher.wait_for(lambda m: m["type"] == "status" and m["phase"] == "over", timeout=10)
    assert over["version"] == host.call(lambda: host.host.match.version) >= 2 * fake_game.PLAYS_TO_END


def test_lobby_through_net_sessions(host_factory: Callable[..., HostThread],
                                    sessions: Callable[..., NetSession]) -> None:
    host = host_factory(seats=2)
    ann, bob = sessions(host.port, "Ann"), sessions(host.port, "Bob")
    assert ann.wait_for(kind("hello"))["table"]["seats_total"] == 2 and ann.game == "hidden"
    ann.claim(1)
    ann.wait_for(kind("welcome", seat=1))
    bob.wait_for(kind("hello"))
    bob.claim(1)
    refused = bob.wait_for(kind("error"))
    assert refused["code"] == "net.seat_taken" and not refused["fatal"] and bob.controlled_seats == []
    claimed = lambda m: m["type"] == "status" and bool(m.get("seats")) and m["seats"][1]["claimed"]  # noqa: E731
    lobby = bob.status if claimed(bob.status) else bob.wait_for(claimed)  # statuses are coalesced: it may follow
    assert lobby["seats"][1]["name"] == "Ann" and lobby["phase"] == "lobby"
    bob.claim(0)
    bob.wait_for(kind("welcome", seat=0))
    bob.start_game()  # Bob is ready; Ann, seated too, is not yet
    ann.wait_for(lambda m: m["type"] == "status" and bool(m.get("seats")) and m["seats"][0]["asked_start"])
    assert ann.phase == "lobby"
    ann.start_game()
    assert ann.wait_for(kind("update", snapshot=True))["view"]["me"] == 1
    assert ann.controlled_seats == [1] and ann.phase == "playing"
    with pytest.raises(KeyError):
        ann.view(0)  # a LAN client holds only its own seat's view


def test_a_claim_made_while_connecting_is_sent_once(host_factory: Callable[..., HostThread],
                                                    sessions: Callable[..., NetSession]) -> None:
    host = host_factory(seats=2)
    ann = sessions(host.port, "Ann")
    ann.claim(1)  # before the hello has even been answered
    ann.wait_for(kind("welcome", seat=1))
    ann.chat("hi")
    ann.wait_for(kind("chat"))
    assert not [m for m in ann.poll() if m["type"] == "error"]  # no "already seated" for a second claim
    host.call(lambda: [peer.abort() for peer in list(host.host.peers)])
    ann.wait_for(kind("status", link="down"))
    ann.wait_for(kind("welcome", seat=1))  # back by its token, not by claiming again
    assert not [m for m in ann.poll() if m["type"] == "error"]


def test_a_link_that_cannot_be_made_is_explained_in_words(sessions: Callable[..., NetSession]) -> None:
    import socket

    with socket.socket() as probe:  # a port that was free a moment ago: nobody listens there
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    session = sessions(port, "Ann")
    down = session.wait_for(kind("status", link="down"))
    assert down["reason"] == f"Nobody answers at 127.0.0.1:{port}: the host may be restarting the table."


def test_the_hosts_goodbye_is_told_in_the_players_language(host_factory: Callable[..., HostThread],
                                                           sessions: Callable[..., NetSession]) -> None:
    from game.i18n import _, set_language
    host = host_factory(seats=2)
    ann, bob = seat_two(host, sessions)
    set_language("de")
    try:
        host.stop(goodbye=True)
        reason = bob.wait_for(kind("status", link="down"))["reason"]
        assert reason == _("The host closed the table.") != "The host closed the table."
    finally:
        set_language("en")


def test_another_table_at_the_same_address_closes_the_link_instead_of_seating_us_there(
        host_factory: Callable[..., HostThread], sessions: Callable[..., NetSession]) -> None:
    host = host_factory(seats=2, name="Ann's table")
    ann, bob = seat_two(host, sessions)
    port = host.port
    host.stop(goodbye=True)  # the table closes, and a friend opens the next one on the same port
    bob.wait_for(kind("status", link="down"))
    host_factory(port=port, seats=2, name="Zoe's table")
    closed = bob.wait_for(kind("status", link="closed"), timeout=5)
    assert closed["reason"] == f"another table, “Zoe's table”, now answers at 127.0.0.1:{port}"
    assert closed.get("replaced") is True  # the screens say the game stopped here, not that it ended
    with pytest.raises(TimeoutError):  # nothing after it: no seat there, and no bare "closed" over the reason
        bob.wait_for(lambda m: m["type"] in ("hello", "welcome", "error", "status"), timeout=0.5)
    assert (bob.role, bob.seat, bob.table["table"]) == ("seat", 1, "Ann's table")


def test_a_new_table_of_the_same_game_and_name_at_the_address_closes_the_link_too(
        host_factory: Callable[..., HostThread], sessions: Callable[..., NetSession]) -> None:
    host = host_factory(seats=2, name="Ann's table")
    ann, bob = seat_two(host, sessions)
    port = host.port
    host.stop(goodbye=True)  # Ann opens her next table: the same game, the same name, the same port
    bob.wait_for(kind("status", link="down"))
    host_factory(port=port, seats=2, name="Ann's table")
    closed = bob.wait_for(kind("status", link="closed"), timeout=5)
    assert closed["reason"] == f"another table, “Ann's table”, now answers at 127.0.0.1:{port}"
    assert closed.get("replaced") is True
    assert (bob.role, bob.seat) == ("seat", 1)  # not placed at the new table


def test_a_seat_kept_on_disk_that_the_host_no_longer_knows_still_lets_the_player_join(
        host_factory: Callable[..., HostThread], sessions: Callable[..., NetSession]) -> None:
    host = host_factory(seats=2, name="Ann's table")
    bob = sessions(host.port, "Bob", token="a-token-from-an-older-table")  # the first hello: not a reconnect
    assert bob.wait_for(kind("error"))["code"] == "net.bad_token"
    bob.claim(1)
    assert bob.wait_for(kind("welcome"))["seat"] == 1 and bob.link == "up"


def test_a_resumed_table_listens_where_it_did_so_its_players_programs_find_it(
        tmp_path: Path, host_factory: Callable[..., HostThread], sessions: Callable[..., NetSession]) -> None:
    save = tmp_path / "table.save"
    host = host_factory(seats=2, save=save)  # on a port of its own (47000 was taken, say)
    ann, bob = seat_two(host, sessions)
    port = host.port
    host.stop(goodbye=False)
    resumed = host_factory(Host.resume(save, HostConfig(**FAST), bot_factory=fake_game.bot_factory), port=None)
    assert resumed.port == port  # tried first, before 47000
    for seat, session in ((0, ann), (1, bob)):
        assert session.wait_for(kind("update", snapshot=True), timeout=5)["seat"] == seat


def test_a_closing_host_hangs_up_after_its_goodbye_is_read_not_with_a_reset(
        host_factory: Callable[..., HostThread], raw_peers: Callable[[int], RawPeer]) -> None:
    """A socket closed with unread data in it answers with a reset, and a client whose ping then
    fails drops the connection with the goodbye unread: it would say "the host closed the
    connection" instead of "the host closed the table". Pings past the reading budget lie unread
    at the host when it closes; it reads them away and ends the stream in order."""
    host = host_factory(seats=2, message_burst=2, message_rate=0.5)
    peer = raw_peers(host.port)
    peer.hello("Ann")
    peer.send({"type": "ping"})
    peer.send({"type": "ping"})  # past the budget: the host stops reading this connection
    reading = lambda: host.call(lambda: [p.transport.is_reading() for p in host.host.peers])  # noqa: E731
    deadline = time.monotonic() + 5
    while reading() != [False]:
        assert time.monotonic() < deadline, "the host never paused its reading"
        time.sleep(0.01)
    peer.send({"type": "ping"})  # left in the host's socket, unread, as it closes
    closing = threading.Thread(target=host.stop, kwargs={"goodbye": True})
    closing.start()
    assert peer.expect("bye")["reason"] == "The host closed the table."
    assert peer.sock.recv(1) == b""  # an orderly end (a reset raises ConnectionResetError here)
    peer.close()  # the host waits for this, then closes at once
    closing.join(10)
    assert not closing.is_alive()


class _GoneTransport:
    """A connection whose peer reset it a moment ago, before the host read the reset: shutting our
    side of it fails (ENOTCONN)."""

    def __init__(self) -> None:
        self.aborted = False

    def can_write_eof(self) -> bool:
        return True

    def is_closing(self) -> bool:
        return False

    def write_eof(self) -> None:
        raise OSError(107, "Transport endpoint is not connected")

    def abort(self) -> None:
        self.aborted = True


def test_hanging_up_on_a_peer_already_gone_cuts_it_instead_of_failing_the_hosts_close() -> None:
    """A closing host hangs up on every peer in turn: one that reset its end must not stop the
    others' goodbyes and the rest of the close (it raised, and linie-host said it "cannot listen")."""
    from net.table import Peer

    async def hang_up() -> _GoneTransport:
        transport = _GoneTransport()
        Peer(transport, "127.0.0.1:1").hang_up()  # type: ignore[arg-type]
        return transport

    assert asyncio.run(hang_up()).aborted
