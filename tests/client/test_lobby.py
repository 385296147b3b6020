"""Hosting and joining LAN tables from the client, over real sockets on 127.0.0.1.

Two Apps in one process play the host's screen and a guest's screen; they share pygame's one
display, which is fine since each frame draws a whole stack. One test starts a separate
``linie-host`` process and finds it through zeroconf on the loopback interface.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.bots import make_bot
from game.config import Settings
from game.i18n import _, set_language
from game.lan.host import HostScene
from game.lan.join import JoinScene, parse_address
from game.lan.lobby import LobbyScene
from game.scenes.title import TitleScene
from game.tables.linie1.table import Linie1Table
from game.ui import theme
from tests.client.helpers import click, key, record_drawn_sizes, run, typed

ROOT = Path(__file__).resolve().parents[2]
RUN = uuid.uuid4().hex[:6]  # other tables on this machine's loopback must not confuse the tests


class QuietBrowser:
    """No zeroconf in the tests that join by address."""

    def __init__(self, *args, **kwargs) -> None:
        pass

    def tables(self):
        return []

    def close(self):
        pass


@pytest.fixture
def loopback(monkeypatch):
    """Every table on 127.0.0.1, on a free port, unannounced; the browser finds nothing by itself."""
    monkeypatch.setattr(HostScene, "bind", "127.0.0.1")
    monkeypatch.setattr(HostScene, "advertise", False)
    monkeypatch.setattr(HostScene, "port", 0)
    import net.discovery
    monkeypatch.setattr(net.discovery, "TableBrowser", QuietBrowser)


def until(apps, condition, seconds=8.0):
    """Step every app until ``condition()`` holds (False after ``seconds`` of wall time)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for app in apps:
            run(app, 1 / 60)
        if condition():
            return True
        time.sleep(0.005)
    return False


def second_app() -> App:
    return App(settings=Settings(fullscreen=False, mute=True, player_name="Ben"))


def host_a_table(app) -> LobbyScene:
    app.settings.player_name = "Ada"
    app.push(TitleScene(app))
    app.push(HostScene(app))
    run(app)
    setup = app.stack.top
    assert setup.rows[0].kind_choice.text == "You (host)" and setup.rows[1].kind_choice.value == "open"
    assert setup.table_name.text == "Ada's table"
    run(app, 0.05, click(setup.table_name.rect.center) + typed(" by the river"))
    run(app, 0.05, click(setup.start.rect.center))
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene) and lobby.hosting
    run(app, 0.5)  # the host reads the lobby: a press on Start sooner, where Open table was, is a double click's
    return lobby


def join_by_address(app, port: int, address: str = "127.0.0.1") -> LobbyScene | JoinScene:
    app.push(TitleScene(app))
    app.push(JoinScene(app))
    run(app)
    join = app.stack.top
    run(app, 0.05, click(join.address.rect.center) + typed(f"{address}:{port}") + key(13))  # Enter joins
    assert until([app], lambda: not isinstance(app.stack.top, JoinScene) or join.message, 5)
    return app.stack.top


def test_title_offers_lan_play(app):
    buttons = TitleScene(app).buttons
    assert "Host a LAN game" in buttons and "Join a LAN game" in buttons


def test_the_title_says_where_a_seat_is_kept_for_this_player_and_forgets_an_old_one(app, monkeypatch):
    """A guest whose host closed the table mid-game (or whose program closed) finds the way back
    from the title: the Join button's second line names the table, as Continue names its game."""
    import json
    import time

    from game.lan import seats as lan_seats
    assert TitleScene(app).buttons["Join a LAN game"].caption == ""
    older, newer = lan_seats.table_key("10.0.0.2", 47000, "Keller"), lan_seats.table_key("10.0.0.3", 47000, "Tafel")
    lan_seats.remember(older, "a-token")
    lan_seats.remember(newer, "b-token")
    title = TitleScene(app)
    assert title.buttons["Join a LAN game"].caption == "Your seat at “Tafel” is kept"  # the newest seat taken
    assert title.ui.focus is title.buttons["Join a LAN game"]  # Enter takes them there (no game here to go on with)
    lan_seats.forget(newer)  # its game ended, or the seat was given up
    assert "“Keller”" in TitleScene(app).buttons["Join a LAN game"].caption
    data = json.loads(lan_seats.seats_path().read_text())
    data[lan_seats.WHEN][older] = time.time() - lan_seats.RECENT - 60  # taken weeks ago: that table is long gone
    lan_seats.seats_path().write_text(json.dumps(data))
    assert TitleScene(app).buttons["Join a LAN game"].caption == ""
    assert lan_seats.recall(older) == "a-token"  # still kept for the join list, should it ever answer again


@pytest.mark.parametrize(("language", "scale"), [("en", 1.0), ("de", 1.5)])
def test_a_kept_seat_at_a_table_with_a_long_name_is_said_within_the_join_button(app, monkeypatch, language, scale):
    """A table's name may have 64 characters (emoji and all): the Join button's second line ran far out
    of the button on both sides at 12 px, over Host a LAN game. The name is cut and the line reads."""
    from game.lan import seats as lan_seats
    set_language(language)
    theme.set_ui_scale(scale)
    lan_seats.remember(lan_seats.table_key("10.0.0.2", 47000, "Tafel 🚋🚋" + "W" * 56), "a-token")
    app.push(TitleScene(app))
    join = app.stack.top.buttons["Join a LAN game"]
    assert "…" in join.caption and join.caption.endswith(_("Your seat at “{table}” is kept").rsplit("}", 1)[1])
    assert "Tafel" in join.caption
    drawn = record_drawn_sizes(monkeypatch)
    join.draw(pygame.Surface((theme.WIDTH, theme.HEIGHT)))
    monkeypatch.undo()
    second = [(size, rect) for text, size, rect in drawn if text != join.label]  # the caption, as drawn
    assert len(second) == 1 and join.rect.contains(second[0][1]) and second[0][0] >= 16
    assert [text for text, _size, _rect in drawn if text != join.label] == [join.caption]  # whole: "is kept" too


@pytest.mark.parametrize(("language", "scale"), [("en", 1.0), ("de", 1.5)])
def test_the_table_names_tooltip_never_hides_its_label_back_or_open_table(app, monkeypatch, language, scale):
    """Typing the table's name, its tooltip stood over Back and half of Open table; moved above the
    field, it hid the field's own label ("Table name"). It stands above both now."""
    import pygame

    from game.i18n import set_language
    from game.lan.host import HostScene
    from game.ui import widgets
    from tests.client.helpers import record_drawn_text
    set_language(language)
    theme.set_ui_scale(scale)
    try:
        host = HostScene(app)
        field = host.table_name
        boxes = []
        real = widgets.draw_tooltip
        monkeypatch.setattr(widgets, "draw_tooltip", lambda *args, **kwargs: boxes.append(real(*args, **kwargs)))
        drawn = record_drawn_text(monkeypatch)
        host.ui.hover, field.hovered, host.ui.hover_time = field, True, 1.0  # the pointer rests on the field
        surface = pygame.Surface((theme.WIDTH, theme.HEIGHT))
        host.draw(surface)
        label = next(rect for text, rect in drawn if text == widgets._("Table name"))
        assert len(boxes) == 1
        box = boxes[0]
        assert not box.colliderect(label) and not box.colliderect(field.rect)
        assert not box.colliderect(host.back.rect) and not box.colliderect(host.start.rect)
    finally:
        set_language("en")
        theme.set_ui_scale(1.0)


def test_addresses_are_read_or_refused_in_words():
    assert parse_address("192.168.1.20") == ("192.168.1.20", 47000)
    assert parse_address(" host.local:4711 ") == ("host.local", 4711)
    assert parse_address("192.168.1.20 4711") == ("192.168.1.20", 4711)  # a space for the colon
    assert parse_address("192,168,1,20") == ("192.168.1.20", 47000)  # a German keypad's decimal key
    assert parse_address("192,168,1,20:4711") == ("192.168.1.20", 4711)
    for bad, reason in (("", "Type"), ("10.0.0.1:x", "number"), ("10.0.0.1:70000", "between"), (":80", "missing")):
        with pytest.raises(ValueError, match=reason):
            parse_address(bad)


def test_the_host_screen_opens_a_table_with_its_games_options_as_last_started(app, loopback):
    """The LAN host screen sets options too: it offers each game's as last started (locally or at a
    LAN table), falls back where a value is not offered, and keeps what it opened with."""
    from game.config import load_settings
    app.settings.last_options = {"linie1": {"trip_rule": "pace", "strict_dead_ends": "no"}}
    app.push(TitleScene(app))
    app.push(HostScene(app))
    run(app)
    setup = app.stack.top
    setup.select_game(setup.games.index("linie1"))
    assert setup.options["trip_rule"] == "pace" and setup.options["strict_dead_ends"] is True  # "no" is no switch
    assert setup.option_widgets[setup.option_keys.index("trip_rule")].value == "pace"
    setup._set_option("strict_dead_ends", False)
    try:
        run(app, 0.05, click(setup.start.rect.center))
        lobby = app.stack.top
        assert isinstance(lobby, LobbyScene)
        match = lobby.session.hosted.host.match
        assert (match.options["trip_rule"], match.options["strict_dead_ends"]) == ("pace", False)
    finally:
        app.stack.reset(TitleScene(app))
    kept = load_settings()
    opened = kept.last_options["linie1"]
    assert (opened["trip_rule"], opened["strict_dead_ends"]) == ("pace", False)
    assert kept.last_seats == {}  # the seats of a LAN table are not the local game's
    app.settings = kept
    again = HostScene(app)
    again.select_game(again.games.index("linie1"))
    assert (again.options["trip_rule"], again.options["strict_dead_ends"]) == ("pace", False)


def test_host_and_guest_play_the_same_linie1_game_over_sockets(app, loopback):
    lobby = host_a_table(app)
    guest = second_app()
    try:
        assert until([app], lambda: lobby.session.role == "seat" and lobby.session.seat == 0)
        guest_lobby = join_by_address(guest, lobby.port)
        assert isinstance(guest_lobby, LobbyScene) and not guest_lobby.hosting
        apps = [app, guest]
        assert until(apps, lambda: guest_lobby.session.role == "seat" and guest_lobby.session.seat == 1)
        assert guest_lobby.session.table["table"] == "Ada's table by the river"
        run(guest, 0.05)
        assert not guest_lobby.start.visible  # a guest never sees a Start it may not use
        # the host's lobby shows who joined, and the chat crosses both ways
        assert until(apps, lambda: [s["name"] for s in lobby.session.status["seats"]] == ["Ada", "Ben"])
        run(guest, 0.05, key(116) + typed("hi Ada") + key(13))  # T, type, Enter
        assert until(apps, lambda: any(line.text == "hi Ada" for line in lobby.session.chat))
        assert until(apps, lambda: lobby.start.enabled)
        run(app, 0.05, key(27))  # Esc: with Ben seated, closing the table needs a second word
        assert app.stack.top is lobby and lobby.leave_button.label == "Close table?"
        run(app, 0.05, click(lobby.start.rect.center))
        assert lobby.leave_button.label == "Leave"
        assert until(apps, lambda: isinstance(app.stack.top, Linie1Table) and isinstance(guest.stack.top, Linie1Table))
        host_table, guest_table = app.stack.top, guest.stack.top
        assert host_table.humans == [0] and guest_table.humans == [1]
        assert host_table.view["players"][1]["line"] is None  # Ben's cards stay on Ben's screen
        assert guest_table.lan_hud.active and len(guest_table.lan_hud.session.chat) >= 1  # the chat came along

        mover = host_table if host_table.current == 0 else guest_table
        other = guest_table if mover is host_table else host_table
        tiles = len(other.view["board"]["tiles"])
        action = make_bot("linie1", "easy", 7).decide(mover.view)
        mover.submit(action)
        assert until(apps, lambda: other.busy)  # the other screen animates it, as in local play
        assert until(apps, lambda: len(other.view["board"]["tiles"]) == tiles + 1)
        laid = {tuple(t["cell"]) for t in other.view["board"]["tiles"]}
        assert tuple(action["cell"]) in laid  # the very move, seen on the other screen
    finally:
        guest.stack.reset(TitleScene(guest))
        app.stack.reset(TitleScene(app))  # leaving closes the session and the hosted table


def test_a_dropped_link_shows_reconnecting_and_the_seat_comes_back(app, loopback, tmp_path):
    from net.host import Host, HostConfig
    from net.host_thread import HostThread
    save = tmp_path / "table.save"
    host = Host.new("linie1", 2, HostConfig(name="Zoe's table", save_path=save, bot_delay=30.0), bots=1)
    thread = HostThread(host, bind="127.0.0.1")
    port = thread.start()
    try:
        lobby = join_by_address(app, port)
        assert isinstance(lobby, LobbyScene)
        assert until([app], lambda: lobby.session.role == "seat")
        thread.start_game()
        assert until([app], lambda: isinstance(app.stack.top, Linie1Table))
        table = app.stack.top
        assert not table.lan_hud.blocking
        thread.stop(goodbye=False)  # the host vanishes as if its machine crashed
        assert until([app], lambda: table.lan_hud.blocking and table.lan_hud.veil == 1.0)
        thread = HostThread(Host.resume(save, HostConfig(save_path=save, bot_delay=30.0)), bind="127.0.0.1",
                            port=port)
        thread.start()
        assert until([app], lambda: not table.lan_hud.blocking and table.lan_hud.veil == 0.0, 10)
        assert table.session.seat == lobby.session.seat  # resumed with its token, same seat
    finally:
        app.stack.reset(TitleScene(app))
        thread.stop()


def sit_play_and_leave(app, thread, port: int) -> int:
    """Join ``thread``'s table by address, sit, let the game start, then leave the program's game for
    the title (the host keeps the seat, its token stays on disk): the seat taken."""
    lobby = join_by_address(app, port)
    assert until([app], lambda: lobby.session.role == "seat")
    seat = lobby.session.seat
    thread.start_game()
    assert until([app], lambda: isinstance(app.stack.top, Linie1Table))
    app.stack.reset(TitleScene(app))
    assert until([app], lambda: thread.seat_states()[seat]["connected"] is False)
    return seat


def test_a_guest_who_left_sits_back_down_at_the_same_seat(app, loopback):
    from net.host import Host, HostConfig
    from net.host_thread import HostThread
    thread = HostThread(Host.new("linie1", 2, HostConfig(name=f"Rejoin {RUN}", bot_delay=30.0), bots=1),
                        bind="127.0.0.1")
    port = thread.start()
    try:
        seat = sit_play_and_leave(app, thread, port)
        # The token was kept on disk: the same seat, not a spectator. The lobby may hand over to the
        # table within the very frames that joining takes, so either may be on top by now.
        again = join_by_address(app, port)
        assert isinstance(again, LobbyScene | Linie1Table)
        assert until([app], lambda: isinstance(app.stack.top, Linie1Table))
        assert app.stack.top.humans == [seat]
        # the chat says it once the host seated this player, never "taking back…" after it already was
        said = [line.text for line in app.stack.top.session.chat if line.notice]
        assert said.count("You sit in your seat again.") == 1 and not any("Taking back" in text for text in said)
    finally:
        app.stack.reset(TitleScene(app))
        thread.stop()


def test_a_seat_is_taken_back_when_the_same_table_answers_under_another_address(app, loopback):
    from game.lan import seats as lan_seats
    from net.host import Host, HostConfig
    from net.host_thread import HostThread
    name = f"Moved {RUN}"
    thread = HostThread(Host.new("linie1", 2, HostConfig(name=name, bot_delay=30.0), bots=1), bind="127.0.0.1")
    port = thread.start()
    twin = HostThread(Host.new("linie1", 2, HostConfig(name=name, bot_delay=30.0), bots=1), bind="127.0.0.1")
    twin_port = twin.start()  # another table of the same name on the same machine
    try:
        seat = sit_play_and_leave(app, thread, port)
        kept = lan_seats.recall(lan_seats.table_key("127.0.0.1", port, name))
        other = join_by_address(app, twin_port)  # same address and name, but no seat of ours there
        assert isinstance(other, LobbyScene) and kept is not None
        assert other.session.connection._token != kept  # never sent there (a seat it deals has a new one)
        app.stack.reset(TitleScene(app))
        # the same host machine under another name for its address: the token's tag finds the seat
        again = join_by_address(app, port, "localhost")
        assert isinstance(again, LobbyScene | Linie1Table)
        assert until([app], lambda: isinstance(app.stack.top, Linie1Table))
        assert app.stack.top.humans == [seat]
        assert lan_seats.recall(lan_seats.table_key("localhost", port, name)) is not None  # kept as reached now
        assert lan_seats.recall(lan_seats.table_key("127.0.0.1", port, name)) is None
    finally:
        app.stack.reset(TitleScene(app))
        thread.stop()
        twin.stop()


def test_why_no_table_answered_is_said_in_the_players_language():
    import socket

    from game.i18n import set_language
    from game.lan.join import failure_words
    set_language("de")
    try:
        said = [failure_words(error) for error in (
            socket.gaierror(-2, "Name or service not known"), ConnectionRefusedError(111, "Connection refused"),
            TimeoutError(), OSError(113, "No route to host"))]
    finally:
        set_language("en")
    assert said == ["kein Rechner in diesem Netz hat diesen Namen",
                    "an diesem Port antwortet nichts: Ist der Tisch offen?", "keine rechtzeitige Antwort",
                    "diese Adresse ist von diesem Netz aus nicht erreichbar"]


def test_a_wrong_address_is_told_not_raised(app, loopback):
    join = join_by_address(app, 1)
    assert isinstance(join, JoinScene) and "No table answered at 127.0.0.1:1" in join.message


@pytest.mark.parametrize(("language", "scale"), [("de", 1.0), ("de", 1.5), ("en", 1.5)])
def test_why_a_join_failed_stands_beside_join_address_never_under_it(app, monkeypatch, language, scale):
    """In German "Per Adresse beitreten" made the button wider than the gap before the message, and the
    reason's first letters ("Unter 127.0.0.1:47000 …") stood under it at 1366x768."""
    from game.i18n import _, set_language
    from game.lan.join import PANEL, failure_words
    from tests.client.helpers import record_drawn_text
    set_language(language)
    theme.set_ui_scale(scale)
    try:
        app.push(JoinScene(app))
        run(app)
        join = app.stack.top
        join.message = _("No table answered at {address}:{port} ({why}).").format(
            address="127.0.0.1", port=47000, why=failure_words(ConnectionRefusedError(111, "refused")))
        drawn = record_drawn_text(monkeypatch)
        app.draw()
        said = [(text, rect) for text, rect in drawn if text and text in join.message]
        assert " ".join(text for text, _rect in said).split() == join.message.split()  # every word shown
        for text, rect in said:
            assert not rect.colliderect(join.join_address.rect), (text, rect, join.join_address.rect)
            assert PANEL.contains(rect), (text, rect)
    finally:
        set_language("en")
        theme.set_ui_scale(1.0)


def join_listing(app, monkeypatch, tables: list[dict]) -> JoinScene:
    """The Join screen open, its browser listing ``tables`` (a copy of each, every time it is asked)."""
    class Browser(QuietBrowser):
        def tables(self):
            return [dict(table) for table in tables]

    monkeypatch.setattr(JoinScene, "enter", lambda self: setattr(self, "browser", Browser()))
    app.push(JoinScene(app))
    run(app)
    return app.stack.top


def test_incompatible_tables_are_greyed_and_cannot_be_joined(app, monkeypatch):
    tables = [
        {"service": "a", "name": "Old rules", "game": "linie1", "title": "Linie 1", "seats_taken": 1,
         "seats_total": 2, "phase": "lobby", "protocol": 2, "rules_version": "0.1", "address": "127.0.0.1",
         "port": 1, "compatible": False, "reason": "The table plays rules '0.1'; this program has '1'."},
    ]

    join = join_listing(app, monkeypatch, tables)
    assert [t["name"] for t in join.list.tables] == ["Old rules"]
    assert not join.join_button.enabled
    run(app, 0.05, click(join.list.rect.move(0, 10).midtop))  # a click on the chosen row tries to join
    assert app.stack.top is join and "rules '0.1'" in join.message and join.knocking is None


def test_tables_are_listed_in_the_order_a_player_looks_them_up():
    from game.lan.join import alphabetical
    names = ["Zweiter Tisch", "Ärger im Büro", "anna's Linja", "Öde Runde", "Bernd"]
    assert sorted(names, key=alphabetical) == ["anna's Linja", "Ärger im Büro", "Bernd", "Öde Runde", "Zweiter Tisch"]


def test_more_tables_than_rows_scroll_with_the_keys_and_the_wheel(app, monkeypatch):
    from game.lan.join import TableList
    from game.ui.input import Intent
    from tests.client.helpers import record_drawn_text

    tables = [{"service": str(i), "name": f"Table {i}", "game": "linja", "title": "Linja", "seats_taken": 1,
               "seats_total": 2, "phase": "lobby", "protocol": 2, "rules_version": "1", "address": "10.0.0.2",
               "port": 47000 + i, "compatible": True, "reason": ""} for i in range(7)]

    join = join_listing(app, monkeypatch, tables)
    listed: TableList = join.list
    rows = listed.rows()
    assert rows < 7 and listed.first == 0
    for _step in range(6):
        listed.handle(Intent("down"))
    assert listed.chosen["name"] == "Table 6" and listed.first == 7 - rows  # the last one, shown
    assert listed.row_at(listed.rect.move(0, 5).midtop) == 7 - rows  # the top row shows the first shown
    drawn = record_drawn_text(monkeypatch)
    run(app)
    assert f"Tables {8 - rows}–7 of 7: scroll for more" in [text for text, _rect in drawn]
    join.handle(Intent("point", pos=listed.rect.center))
    join.handle(Intent("scroll", value=5))  # the wheel up, over the list
    assert listed.first == 0 and listed.chosen["name"] == f"Table {rows - 1}"  # still among those shown


def test_a_listed_lobby_whose_host_stopped_answering_says_so_not_that_seats_are_open(app, monkeypatch):
    """A host killed without a goodbye stays listed until it ages out: its row says what is true then."""
    from tests.client.helpers import record_drawn_text

    lobby = {"service": "s", "name": "Silent", "game": "linja", "title": "Linja", "seats_taken": 1,
             "seats_total": 2, "phase": "lobby", "protocol": 2, "rules_version": "1", "address": "10.0.0.2",
             "port": 47000, "compatible": True, "reason": "", "answering": True}
    tables = [lobby]
    join_listing(app, monkeypatch, tables)
    drawn = record_drawn_text(monkeypatch)
    run(app)
    assert any("seats open in the lobby" in text for text, _rect in drawn)
    tables[0] = {**lobby, "answering": False}  # its last check found nobody
    drawn.clear()
    run(app)
    details = [text for text, _rect in drawn if "10.0.0.2:47000" in text]
    assert details and all("not answering — its host may be gone" in text for text in details)
    assert not any("seats open" in text for text in details)


def test_a_game_where_a_seat_is_kept_for_this_player_says_join_to_play_on(app, monkeypatch):
    from game.lan import join as join_module
    from game.lan import seats as lan_seats
    playing = {"service": "b", "name": f"Kept {RUN}", "game": "linie1", "title": "Linie 1", "seats_taken": 2,
               "seats_total": 2, "phase": "playing", "protocol": 2, "rules_version": "1", "address": "127.0.0.1",
               "port": 2, "compatible": True, "reason": ""}
    other = {**playing, "service": "c", "name": f"Other {RUN}"}
    ended = {**playing, "service": "d", "name": f"Ended {RUN}", "phase": "over", "port": 3}

    class Browser(QuietBrowser):
        def tables(self):
            return [dict(playing), dict(other), dict(ended)]

    lan_seats.remember(lan_seats.table_key("127.0.0.1", 2, playing["name"]), "a-token")
    lan_seats.remember(lan_seats.table_key("127.0.0.1", 3, ended["name"]), "b-token")
    monkeypatch.setattr(JoinScene, "browse_interfaces", ["127.0.0.1"])
    real_enter = JoinScene.enter  # reads the kept seats; its browser is swapped for the fixed list
    monkeypatch.setattr(JoinScene, "enter", lambda self: (real_enter(self), self.browser.close(),
                                                          setattr(self, "browser", Browser())))
    drawn: list[str] = []
    real_draw_text = join_module.theme.draw_text

    def draw_text(surface, text, *rest, **named):
        drawn.append(text)
        return real_draw_text(surface, text, *rest, **named)

    monkeypatch.setattr(join_module.theme, "draw_text", draw_text)
    app.push(JoinScene(app))
    run(app)
    details = [text for text in drawn if "127.0.0.1:2" in text]
    assert any("your seat is kept" in text for text in details)  # the table where this player sat
    assert any("join to watch" in text for text in details)  # any other game under way
    ended_details = [text for text in drawn if "127.0.0.1:3" in text]
    assert any("game over; your seat is kept — join for the results" in text for text in ended_details)


def test_a_table_hosted_by_linie_host_appears_in_the_join_list(app, monkeypatch, tmp_path):
    monkeypatch.setattr(JoinScene, "browse_interfaces", ["127.0.0.1"])
    name = f"Process table {RUN}"
    process = subprocess.Popen(
        [sys.executable, "-m", "net.host_cli", "--game", "linie1", "--seats", "3", "--bind", "127.0.0.1",
         "--name", name, "--save", str(tmp_path / "p.save"), "--manual-start", "-q"],
        cwd=ROOT, stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        app.push(TitleScene(app))
        app.push(JoinScene(app))
        join = app.stack.top
        assert until([app], lambda: any(t["name"] == name for t in join.list.tables), 12)
        index = next(i for i, t in enumerate(join.list.tables) if t["name"] == name)
        listed = join.list.tables[index]
        assert listed["compatible"] and (listed["seats_taken"], listed["seats_total"]) == (0, 3)
        join.list.selected = index
        run(app)
        assert join.join_button.enabled
        run(app, 0.05, click(join.join_button.rect.center))
        assert until([app], lambda: isinstance(app.stack.top, LobbyScene))
        lobby = app.stack.top
        assert until([app], lambda: lobby.session.role == "seat" and lobby.session.seat == 0)
    finally:
        app.stack.reset(TitleScene(app))
        process.terminate()
        process.wait(5)
        assert process.stdout is not None
        process.stdout.close()


def test_a_table_hosted_from_the_game_autosaves_and_reopens_with_everyone_in_their_seats(app, loopback,
                                                                                        monkeypatch):
    """The host player's program fails mid-game: its crash screen's Continue opens the table again on
    its port, the host takes seat 1 back and the guest's program, which was never told the table
    ended, sits back down at seat 2 with its token."""
    import socket

    from game import saves
    from game.scenes.crash import CrashScene
    from game.scenes.stack import Scene

    class Broken(Scene):
        def update(self, dt: float) -> None:
            raise ZeroDivisionError("the bug")
    with socket.socket() as probe:  # a fixed port, as 47000 would be: the guest knocks there again
        probe.bind(("127.0.0.1", 0))
        monkeypatch.setattr(HostScene, "port", probe.getsockname()[1])
    lobby = host_a_table(app)
    guest = second_app()
    apps = [app, guest]
    try:
        assert until([app], lambda: lobby.session.role == "seat" and lobby.session.seat == 0)
        guest_lobby = join_by_address(guest, lobby.port)
        assert until(apps, lambda: guest_lobby.session.role == "seat" and guest_lobby.session.seat == 1)
        assert until(apps, lambda: lobby.start.enabled)
        run(app, 0.05, click(lobby.start.rect.center))
        assert until(apps, lambda: isinstance(app.stack.top, Linie1Table) and isinstance(guest.stack.top, Linie1Table))
        host_table, guest_table = app.stack.top, guest.stack.top
        mover = host_table if host_table.current == 0 else guest_table
        mover.submit(make_bot("linie1", "easy", 7).decide(mover.view))
        assert until(apps, lambda: host_table.view["match"]["version"] == 1 == guest_table.view["match"]["version"])
        saved = saves.latest()
        assert saved is not None and saved.kind == "hosted" and saved.turn == 1
        assert saved.table == "Ada's table by the river" and saved.players == ["Ada", "Ben"]
        app.push(Broken(app))  # a bug in the host player's program: the crash screen takes over
        app.safe_step(0.05)
        crash = app.stack.top
        assert isinstance(crash, CrashScene) and crash.latest.path == saved.path
        assert until([guest], lambda: guest_table.lan_hud.blocking)  # Ben waits: nobody said goodbye
        assert not guest_table.lan_hud.game_over
        run(app, 0.05, click(crash.buttons["Continue"].rect.center))
        assert until(apps, lambda: isinstance(app.stack.top, Linie1Table) and not guest_table.lan_hud.blocking, 12)
        again = app.stack.top
        assert again.humans == [0] and again.view["match"]["version"] == 1
        assert guest.stack.top is guest_table and guest_table.session.seat == 1
    finally:
        guest.stack.reset(TitleScene(guest))
        app.stack.reset(TitleScene(app))


def test_guests_read_that_the_host_closed_the_table_not_that_the_host_lost_the_connection(app, loopback):
    lobby = host_a_table(app)
    guest = second_app()
    apps = [app, guest]
    try:
        guest_lobby = join_by_address(guest, lobby.port)
        assert until(apps, lambda: guest_lobby.session.role == "seat" and lobby.start.enabled)
        run(app, 0.05, click(lobby.start.rect.center))
        assert until(apps, lambda: isinstance(app.stack.top, Linie1Table) and isinstance(guest.stack.top, Linie1Table))
        guest_table = guest.stack.top
        time.sleep(0.3)  # past the host's status interval: a status it sends next goes out at once
        app.stack.reset(TitleScene(app))  # the hosting player leaves: the table closes (and autosaves)
        assert until([guest], lambda: guest_table.session.host_closed and guest_table.lan_hud.blocking)
        run(guest, 0.2)
        notices = [line.text for line in guest_table.session.chat if line.notice]
        assert not any("lost the connection" in text for text in notices), notices
    finally:
        guest.stack.reset(TitleScene(guest))
        app.stack.reset(TitleScene(app))


def test_a_guest_in_the_lobby_reads_that_the_host_closed_it_not_that_it_is_tried_again(app, loopback):
    """A table hosted from the game and closed before it began keeps nothing to come back to: its
    guest is told so, and how to go on, instead of "Lost the host … trying again" for ever."""
    lobby = host_a_table(app)
    guest = second_app()
    apps = [app, guest]
    try:
        guest_lobby = join_by_address(guest, lobby.port)
        assert until(apps, lambda: guest_lobby.session.role == "seat")
        time.sleep(0.3)
        app.stack.reset(TitleScene(app))  # the hosting player leaves: the table closes
        assert until([guest], lambda: guest_lobby.session.host_closed and guest_lobby.message)
        run(guest, 0.2)
        assert "Ada closed the table before the game began" in guest_lobby.message, guest_lobby.message
        assert "trying again" not in guest_lobby.message
    finally:
        guest.stack.reset(TitleScene(guest))
        app.stack.reset(TitleScene(app))


def test_a_guest_at_a_dedicated_table_presses_ready_and_the_game_starts_when_everyone_is(app, loopback):
    from net.host import Host, HostConfig
    from net.host_thread import HostThread
    from tests.net.conftest import RawPeer

    host = Host.new("linie1", 3, HostConfig(name=f"Ready {RUN}", bot_delay=30.0, autostart=False), bots=1)
    thread = HostThread(host, bind="127.0.0.1")
    port = thread.start()
    other = RawPeer(port)
    try:
        lobby = join_by_address(app, port)
        assert until([app], lambda: lobby.session.role == "seat" and lobby.start.visible)
        other.hello("Ben")
        other.send({"type": "claim", "seat": 1 - lobby.session.seat})
        other.expect("welcome")
        assert lobby.start.label == "Ready" and lobby.ui.focus is lobby.start
        assert "open seats then become bots" in lobby._how_to_join()  # nobody waits for a third friend
        run(app, 0.05, key(13))  # Enter readies the guest (it never leaves the table)
        assert until([app], lambda: lobby.start.label == "Waiting…" and not lobby.start.enabled)
        assert thread.table_info()["phase"] == "lobby"  # Ben has not said he is ready
        assert until([app], lambda: "ready" in lobby._state_words(
            lobby.session.status["seats"][lobby.session.seat], "connected"))
        other.send({"type": "start"})
        assert until([app], lambda: isinstance(app.stack.top, Linie1Table))
    finally:
        other.close()
        app.stack.reset(TitleScene(app))
        thread.stop()


class SeatedLobbySession:
    """Just enough of a LanSession for the lobby's Leave: the host and one guest seated."""

    token = None
    table = {"table": "Tafel", "title": "Linie 1"}
    status = {"seats": [{"name": "Ada", "kind": "human", "claimed": True, "connected": True},
                        {"name": "Ben", "kind": "human", "claimed": True, "connected": True}], "phase": "lobby"}
    closed = False
    host_closed = False

    def close(self, goodbye: bool = True) -> None:
        self.closed = True


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_hosting_player_is_asked_before_leave_closes_the_table_in_every_language(app, language):
    from game.i18n import _, set_language
    set_language(language)
    try:
        session = SeatedLobbySession()
        lobby = LobbyScene(app, session, port=47000, hosting=True)
        app.push(lobby)
        lobby.leave()
        assert app.stack.top is lobby and not session.closed  # Ben would lose the table: ask first
        assert lobby.leave_button.label == _("Close table?") != _("Leave")
        lobby.leave()
        assert session.closed
    finally:
        set_language("en")


def test_a_long_table_name_stays_on_the_lobby_screen(app):
    import pygame

    from game.lan.host import TABLE_NAME_LIMIT
    from game.lan.lobby import table_heading
    from game.ui import theme
    surface = pygame.Surface((theme.WIDTH, theme.HEIGHT))
    short = table_heading(surface, "Ada's table")
    long = table_heading(surface, "W" * TABLE_NAME_LIMIT)  # the widest name the Host screen takes
    assert long.left > 0 and long.right < theme.WIDTH
    assert short.height >= long.height  # a short name keeps the heading's full size


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_note_under_four_seats_is_shown_whole_at_every_text_size(language, scale):
    from game.i18n import _, set_language
    from game.lan.lobby import ROW_H, SEATS, how_to_join_lines
    from game.ui import theme
    set_language(language)
    theme.set_ui_scale(scale)
    try:
        who = _("The game starts once every seated player is Ready (open seats then become bots), or when every "
                "seat is taken.")
        seated = _("{who} Until then, Leave gives your seat back; once the game runs, the seat waits for you if "
                   "your program closes: join again to sit back down.").format(who=who)
        watching = _("{who} You are watching: Sit here takes a seat that opens before the start; Leave takes "
                     "you back to the title.").format(who=who)
        for text in (seated, watching):
            size, lines = how_to_join_lines(text, 4)
            assert " ".join(lines).split() == text.split()  # every word, none cut off
            assert len(lines) * theme.px(size * 34 / 25) <= SEATS.bottom - 28 - (SEATS.y + 96 + 4 * ROW_H)
    finally:
        set_language("en")
        theme.set_ui_scale(1.0)


def test_while_the_host_is_lost_the_lobby_does_not_call_anyone_connected(app):
    session = SeatedLobbySession()
    session.link = "up"
    lobby = LobbyScene(app, session, port=47000, hosting=False)
    ben = session.status["seats"][1]
    assert lobby._state_words(ben, "connected") == "connected"
    session.link = "down"  # the host closed the table, or its machine is gone
    assert lobby._state_words(ben, "connected") == "—"
    assert lobby._state_words({"level": "easy"}, None) != "—"  # a bot seat is still a bot seat
    assert lobby._state_words({"kind": "open"}, "open") == "open; nobody can join while the host is gone"
    session.host_closed = True  # a goodbye: the seat waits for nobody, no "waiting for a player…"
    assert lobby._state_words({"kind": "open"}, "open") == "open; the table is closed for now"
    session.link, session.host_closed = "up", False
    assert lobby._state_words({"kind": "open"}, "open").startswith("waiting for a player")


def test_a_newcomer_joining_a_game_under_way_never_reads_that_the_lobby_waits_for_a_start(app):
    """Between the hello and the host's first status the lobby shows for a moment: it says what the
    hello said (a game in progress) and that a place is being taken, not "in the lobby, waiting"."""
    session = SeatedLobbySession()
    session.link, session.role, session.seat, session.phase = "up", None, None, "lobby"  # NetSession's default
    session.status, session.address = {"seats": [], "phase": "lobby"}, "192.168.1.20"
    session.table = {"table": "Tafel", "title": "Linja", "phase": "playing", "guests_start": True}
    lobby = LobbyScene(app, session, port=47000, hosting=False)
    assert "game in progress" in lobby._where(session.table) and "in the lobby" not in lobby._where(session.table)
    assert lobby._note() == "Taking a place at the table…"


def test_a_spectator_in_the_lobby_is_told_about_watching_not_about_a_seat_to_give_back(app):
    session = SeatedLobbySession()
    session.link, session.role, session.seat, session.phase = "up", "spectator", None, "lobby"
    session.table = {"table": "Tafel", "title": "Linja", "guests_start": True}  # a linie-host table
    lobby = LobbyScene(app, session, port=47000, hosting=False)
    note = lobby._how_to_join()
    assert note.startswith("The game starts once every seated player is Ready") and "You are watching" in note
    assert "your seat" not in note
    session.table = {"table": "Tafel", "title": "Linja", "guests_start": False}  # hosted from the game
    assert lobby._how_to_join().startswith("The host starts the game. You are watching")
    session.role, session.seat = "seat", 1
    assert "Leave gives your seat back" in lobby._how_to_join()
    session.table = {"table": "Tafel", "title": "Linja", "guests_start": True}
    lobby.start.visible = True  # a seated guest at a linie-host table: every seat taken, and it waits
    assert lobby._how_to_join().startswith("The game starts once every seated player is Ready. Until then")


def test_a_lobby_opened_twice_on_one_session_leaves_it_open_when_the_first_one_goes(app):
    session = SeatedLobbySession()  # a table read two statuses of the next deal in one frame: two lobbies
    first = LobbyScene(app, session, port=47000, hosting=False)
    second = LobbyScene(app, session, port=47000, hosting=False)
    first.exit()
    first.abandon()
    assert not session.closed  # the player still watches or plays at that table
    second.exit()
    assert session.closed


def test_a_table_that_closed_for_good_says_why_and_never_the_bare_word_closed(app):
    session = SeatedLobbySession()
    session.link, session.role, session.seat, session.phase = "closed", "seat", 1, "lobby"
    lobby = LobbyScene(app, session, port=47000, hosting=False)
    said = []
    for reason in ("closed", "another table, “Zoe's table”, now answers at 10.0.0.2:47000", "closed"):
        session.poll = lambda reason=reason: [{"type": "status", "link": "closed", "reason": reason}]
        lobby.update(0.01)
        said.append(lobby.message)
    assert said == ["The table is closed", *["The table closed: another table, “Zoe's table”, now answers at "
                                            "10.0.0.2:47000"] * 2]


def test_a_guest_at_a_dedicated_table_is_told_a_lost_player_is_not_waited_for_long(app):
    session = SeatedLobbySession()
    session.link = "up"
    gone = {"name": "Ben", "kind": "human", "claimed": True, "connected": False}
    guest = LobbyScene(app, session, port=47000, hosting=False)
    guest.start.visible = True  # a guest's Ready: the table's players start it themselves
    assert "bot" in guest._state_words(gone, "gone")
    guest.start.visible = False  # the host starts this table: it decides whom to wait for
    assert guest._state_words(gone, "gone") == "disconnected"
    host = LobbyScene(app, session, port=47000, hosting=True)
    host.start.visible = True
    assert host._state_words(gone, "gone") == "disconnected"


def test_a_lobby_counts_down_until_an_absent_player_is_no_longer_waited_for(app):
    session = SeatedLobbySession()
    session.link = "up"
    gone = {"name": "Ben", "kind": "human", "claimed": True, "connected": False}
    session.bot_in = {1: 25, 2: 0}.get  # what LanSession counts down from the host's word
    guest = LobbyScene(app, session, port=47000, hosting=False)
    assert guest._state_words(gone, "gone", 1) == "disconnected: the others may start without them in 25 s"
    assert guest._state_words(gone, "gone", 2) == ("disconnected: not waited for; a bot plays for them once the "
                                                   "game starts")
    # a seat the host counts nothing down for (--bot-takeover 0) is never handed over: no bot promised
    assert guest._state_words({**gone, "bot_in": None}, "gone", 0) == "disconnected"
    session.table = {**session.table, "guests_start": False}  # its host starts it: the count runs on into the game
    host = LobbyScene(app, session, port=47000, hosting=True)
    assert host._state_words(gone, "away", 1) == "away: once the game runs, a bot plays for them in 25 s"


def test_a_guest_waiting_for_the_host_does_not_leave_on_a_second_enter(app):
    """The Enter that joined a table is often pressed twice: the lobby of a table hosted from the game
    offers a guest no Ready, and Enter there must not be Leave (Esc or a click still leaves)."""
    session = SeatedLobbySession()
    session.link, session.role, session.seat, session.phase = "up", "seat", 1, "lobby"
    session.table = {"table": "Tafel", "title": "Linie 1", "guests_start": False}
    session.poll, session.address, session.game = (lambda: []), "192.0.2.7", "linie1"
    session.seat_colour, session.chat = (lambda seat: seat), []
    lobby = LobbyScene(app, session, port=47000, hosting=False)
    app.push(lobby)
    run(app, 0.05)
    assert not lobby.start.visible
    assert lobby.leave_button.rect.centerx == theme.WIDTH // 2  # alone in the middle, not where it would pair up
    run(app, 0.05, key(13))
    assert app.stack.top is lobby and not session.closed
    run(app, 0.05, key(27))  # Esc leaves, as the title's Back would
    assert session.closed


def test_the_hosts_lobby_says_open_seats_become_bots_only_while_one_is_open(app):
    from tools.shots.lan import ShotLink, chatter
    from tools.shots.lan import seat as lan_seat
    open_one = ShotLink([lan_seat("Ada"), lan_seat("Seat 2", "open", claimed=False)], "Liniell night", game="liniell")
    lobby = LobbyScene(app, chatter(open_one, []), port=47000, hosting=True)
    assert lobby._note() == "Start when everyone is seated; open seats become bots."
    full = ShotLink([lan_seat("Ada"), lan_seat("Ben")], "Liniell night", game="liniell")
    lobby = LobbyScene(app, chatter(full, []), port=47000, hosting=True)
    assert lobby._note() == "Everyone is seated: start when you are ready."
