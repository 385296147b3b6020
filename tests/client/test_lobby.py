"""Hosting and joining LAN tables from the client, over real sockets on 127.0.0.1."""

import time

import pytest

from game.scenes.linie1_table import Linie1Table
from game.scenes.lobby import HostScene, JoinScene, LobbyScene
from game.scenes.title import TitleScene
from tests.client.helpers import click, run, typed


@pytest.fixture
def loopback(monkeypatch):
    """Keep every table on 127.0.0.1 and off zeroconf; the browser finds nothing by itself."""
    monkeypatch.setattr(HostScene, "bind", "127.0.0.1")
    monkeypatch.setattr(HostScene, "advertise", False)

    class QuietBrowser:
        def tables(self):
            return []

        def close(self):
            pass

    import net.discovery
    monkeypatch.setattr(net.discovery, "TableBrowser", QuietBrowser)


def until(app, condition, seconds=8.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        run(app, 0.05)
        if condition():
            return True
        time.sleep(0.01)
    return False


def test_title_offers_lan_play_now_that_the_lobby_exists(app):
    buttons = TitleScene(app).buttons
    assert "Host a LAN game" in buttons and "Join a LAN game" in buttons


def test_host_a_table_seat_a_guest_and_start(app, loopback):
    from net.client import NetSession
    app.push(TitleScene(app))
    app.push(HostScene(app))
    run(app)
    host_setup = app.stack.top
    assert host_setup.rows[0].kind_choice.text == "You (host)"
    assert host_setup.rows[1].kind_choice.value == "open"  # other seats start open for LAN players
    run(app, 0.05, click(host_setup.start.rect.center))
    lobby_scene = app.stack.top
    assert isinstance(lobby_scene, LobbyScene) and lobby_scene.hosting
    assert until(app, lambda: lobby_scene.session.role == "seat" and lobby_scene.session.seat == 0)
    guest = NetSession("127.0.0.1", lobby_scene.port, "Ben")
    try:
        guest.claim(1)
        assert until(app, lambda: all(seat["claimed"] for seat in lobby_scene.session.status.get("seats", [])))
        assert until(app, lambda: lobby_scene.start.enabled)
        run(app, 0.05, click(lobby_scene.start.rect.center))
        assert until(app, lambda: isinstance(app.stack.top, Linie1Table))
        table = app.stack.top
        assert table.humans == [0] and table.view["you"] == 0
        assert table.view["players"][1]["line"] is None  # the guest's cards stay on the guest's screen
    finally:
        guest.close()
        app.stack.reset(TitleScene(app))  # leaving closes the session and the hosted table


def test_join_by_address_claims_a_seat_and_follows_the_start(app, loopback):
    from net.host import Host, HostConfig, HostThread
    host = Host.new("linie1", 2, HostConfig(name="Zoe's table"), bots=1)
    thread = HostThread(host, bind="127.0.0.1")
    port = thread.start()
    try:
        app.push(TitleScene(app))
        app.push(JoinScene(app))
        run(app)
        join = app.stack.top
        run(app, 0.05, click(join.address.rect.center) + typed(f"127.0.0.1:{port}"))
        run(app, 0.05, click(join.join_address.rect.center))
        lobby_scene = app.stack.top
        assert isinstance(lobby_scene, LobbyScene) and not lobby_scene.hosting
        assert until(app, lambda: lobby_scene.session.role == "seat")
        assert lobby_scene.session.table["table"] == "Zoe's table"
        thread.start_game()
        assert until(app, lambda: isinstance(app.stack.top, Linie1Table))
        assert app.stack.top.humans == [lobby_scene.session.seat]
    finally:
        app.stack.reset(TitleScene(app))
        thread.stop()


def test_a_wrong_address_is_told_not_raised(app, loopback):
    app.push(JoinScene(app))
    run(app)
    join = app.stack.top
    run(app, 0.05, click(join.address.rect.center) + typed("127.0.0.1:1"))
    run(app, 0.05, click(join.join_address.rect.center))
    assert app.stack.top is join and "No table answered" in join.message
