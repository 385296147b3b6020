"""The end of a LAN game on real screens over loopback sockets: each role's results offer what it can
really do, Play again takes everyone still at the table back to its lobby and into the next game, and
a spectator in the lobby sits down on a seat that opened (and goes back to watching)."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pygame

from game.lan.host import hosted_config
from game.lan.lobby import LobbyScene
from game.lan.results import LanResultsScene
from game.lan.session import LanSession
from game.match import Match, SeatInfo
from game.paths import replays_dir
from game.replays import result_in_words
from game.scenes.title import TitleScene
from game.tables.base import TableScene
from game.tables.liniell.table import LiniellTable
from net.client import NetSession
from net.host import Host, HostConfig
from net.host_thread import HostThread
from net.table import SeatSlot
from tests.client.helpers import click, run
from tests.client.test_lobby import join_by_address, second_app, until
from tests.net.conftest import RawPeer


def liniell_table(config: HostConfig) -> HostThread:
    """A two-seat Liniell table on 127.0.0.1 with both seats open, the first named for its host as the
    Host screen names it (a short game: 32 actions)."""
    match = Match("liniell", [SeatInfo("Ada", "open", colour=0), SeatInfo("Seat 2", "open", colour=1)], 5)
    thread = HostThread(Host(match, [SeatSlot(), SeatSlot()], config), bind="127.0.0.1")
    thread.start()
    return thread


def play_to_the_end(thread: HostThread, apps: list, staying: tuple = ()) -> None:
    """The host plays each seat's first legal action (as if its player had) while the screens follow,
    skipping their animations, until every screen shows the results (the ``staying`` screens stay on
    their finished table instead)."""
    def step() -> None:
        match = thread.host.match
        for seat in match.to_act():
            match.submit(seat, match.game.legal(match.state, seat)[0])

    deadline = time.monotonic() + 30
    while not all(isinstance(app.stack.top, LanResultsScene) or app in staying and app.stack.top.finished
                  for app in apps):
        assert time.monotonic() < deadline, [type(app.stack.top).__name__ for app in apps]
        thread.call(step)
        for app in apps:
            if isinstance(app.stack.top, TableScene):
                app.stack.top.show.skip()
                if app.stack.top.finished and app not in staying:
                    app.stack.top.open_results()  # Liniell's "See the results", once its count has played
            run(app, 1 / 60)


def ada_hosts(app, thread: HostThread) -> LanSession:  # type: ignore[no-untyped-def]
    """Ada's program holds ``thread``'s table and shows its lobby (seat 1 is held for her, as HostScene does)."""
    session = LanSession(NetSession("127.0.0.1", thread.port, "Ada", token=thread.host.owner_token), hosted=thread,
                         address="127.0.0.1", port=thread.port)
    app.stack.reset(LobbyScene(app, session, port=thread.port, hosting=True))
    return session


def guest_sits_and_ada_starts(app, guest, thread: HostThread) -> LobbyScene:  # type: ignore[no-untyped-def]
    """The guest joins Ada's table and takes seat 2, Ada starts the game: both see its table. The
    guest's lobby is returned."""
    apps = [app, guest]
    guest_lobby = join_by_address(guest, thread.port)
    assert until(apps, lambda: guest_lobby.session.seat == 1 and app.stack.top.start.enabled)
    run(app, 0.05, click(app.stack.top.start.rect.center))
    assert until(apps, lambda: all(isinstance(a.stack.top, LiniellTable) for a in apps))
    return guest_lobby


def guest_lobby_has_notice(app) -> bool:
    return any(line.notice and "new game begins" in line.text for line in app.stack.top.session.chat)


def test_the_hosting_player_deals_again_and_everyone_follows_to_the_lobby_and_the_next_game(app, tmp_path: Path):
    save = tmp_path / "table.save"
    thread = liniell_table(hosted_config("Ada's table", save))
    ada_hosts(app, thread)
    guest = second_app()
    apps = [app, guest]
    try:
        guest_lobby = guest_sits_and_ada_starts(app, guest, thread)
        play_to_the_end(thread, apps)
        mine, theirs = app.stack.top, guest.stack.top
        # the table stays open behind the results: the host may deal again, the guest may leave
        assert mine.again.visible and mine.again.enabled and mine.again.label == "Play again"
        assert mine.menu.label == "Close table" and thread.table_info()["phase"] == "over"
        assert not theirs.again.visible and theirs.menu.label == "Leave table"
        assert theirs.menu.rect.centerx == theirs.again.rect.centerx + 220  # alone, in the middle
        assert "Ada" in theirs.note()
        run(app, 1.3)  # the results take no click for a moment
        run(app, 0.05, click(mine.menu.rect.center))  # Ben is still there: closing asks once more
        assert app.stack.top is mine and mine.menu.label == "Close table?"
        run(app, 0.05, click(mine.again.rect.center))
        assert until(apps, lambda: all(isinstance(a.stack.top, LobbyScene) for a in apps))
        assert until(apps, lambda: guest_lobby_has_notice(guest))
        kept = list(replays_dir().glob("*-liniell.jsonl"))
        assert len(kept) == 1  # the finished game's replay, kept before the table dealt again
        lobby, guest_lobby = app.stack.top, guest.stack.top
        assert lobby.hosting and guest_lobby.session.seat == 1 and not guest_lobby.hosting
        assert until(apps, lambda: lobby.start.enabled)
        run(app, 0.05, click(lobby.start.rect.center))
        assert until(apps, lambda: all(isinstance(a.stack.top, LiniellTable) for a in apps))
        for table in (app.stack.top, guest.stack.top):
            assert not table.finished and table.view["match"]["version"] == 0  # a new game, not the last
        assert thread.host.match.version == 0 and thread.host.phase == "playing"
    finally:
        guest.stack.reset(TitleScene(guest))
        app.stack.reset(TitleScene(app))
    assert save.exists()  # a game under way stays in Saved games


def test_a_guest_still_looking_at_the_final_board_follows_the_table_into_its_next_game(app):
    thread = liniell_table(hosted_config("Ada's table", None))
    ada_hosts(app, thread)
    guest = second_app()
    apps = [app, guest]
    try:
        guest_sits_and_ada_starts(app, guest, thread)
        play_to_the_end(thread, apps, staying=(guest,))
        finished = guest.stack.top
        assert finished.finished and finished.results_button.visible  # Ben has not looked at the results
        app.stack.top.ask_again()
        assert until(apps, lambda: all(isinstance(a.stack.top, LobbyScene) for a in apps))
        assert guest.stack.top.session is finished.session  # the same connection, never closed
        app.stack.top.start_game()
        assert until(apps, lambda: all(isinstance(a.stack.top, LiniellTable) for a in apps))
        table = guest.stack.top
        assert table is not finished and not table.finished and table.view["match"]["version"] == 0
    finally:
        guest.stack.reset(TitleScene(guest))
        app.stack.reset(TitleScene(app))


def test_at_a_dedicated_table_play_again_waits_for_every_player_then_deals_until_the_host_closes(app, tmp_path: Path):
    thread = liniell_table(HostConfig(name="Friday", clients_may_start=True))
    ben = RawPeer(thread.port)
    try:
        lobby = join_by_address(app, thread.port)
        assert until([app], lambda: lobby.session.seat == 0)
        ben.hello("Ben")
        ben.send({"type": "claim", "seat": 1})
        ben.expect("welcome")
        thread.start_game()
        assert until([app], lambda: isinstance(app.stack.top, LiniellTable))
        play_to_the_end(thread, [app])
        results = app.stack.top
        assert results.again.visible and results.menu.label == "Leave table"
        run(app, 1.3)
        run(app, 0.05, click(results.again.rect.center))
        assert until([app], lambda: results.again.label == "Waiting…" and not results.again.enabled)
        assert results.note() == "Waiting for Ben to play again…"
        ben.send({"type": "rematch"})
        assert until([app], lambda: isinstance(app.stack.top, LiniellTable))
        assert app.stack.top.view["match"]["version"] == 0 and not app.stack.top.finished
        play_to_the_end(thread, [app])  # and once more: Ben asks first, then the host closes the table
        results = app.stack.top
        ben.send({"type": "rematch"})
        assert until([app], lambda: results.note() == "Ben would like to play again.")
        hang_up = threading.Thread(target=lambda: (ben.closed(), ben.close()))  # as a client does at the bye
        hang_up.start()
        thread.stop()
        hang_up.join(10)
        assert until([app], lambda: results.closed)
        run(app, 0.05)
        assert not results.again.visible and results.menu.label == "Title screen"
        assert results.note() == "The host closed the table."
    finally:
        ben.close()
        app.stack.reset(TitleScene(app))
        thread.stop()


def test_a_spectator_in_the_lobby_sits_down_on_a_seat_that_opened_and_goes_back_to_watching(app):
    thread = liniell_table(HostConfig(name="Full"))
    ann, ben = RawPeer(thread.port), RawPeer(thread.port)
    try:
        for number, peer in enumerate((ann, ben)):
            peer.hello(("Ann", "Ben")[number])
            peer.send({"type": "claim", "seat": number})
            peer.expect("welcome")
        lobby = join_by_address(app, thread.port)
        assert until([app], lambda: lobby.session.role == "spectator")
        assert not any(button.visible for button in lobby.sit_buttons)
        assert lobby._note() == "Every seat is taken: you will watch the game."
        ben.send({"type": "bye"})  # Ben leaves the lobby: his seat opens
        assert until([app], lambda: lobby.sit_buttons[1].visible)
        assert lobby._note() == "You are watching: choose Sit here on an open seat to play."
        run(app, 0.05, click(lobby.sit_buttons[1].rect.center))
        assert until([app], lambda: lobby.session.role == "seat" and lobby.session.seat == 1)
        assert until([app], lambda: lobby.watch_button.visible and not lobby.sit_buttons[1].visible)
        assert thread.seat_states()[1]["name"] == "Player"  # seated under the screen's name
        run(app, 0.05, click(lobby.watch_button.rect.center))
        assert until([app], lambda: lobby.session.role == "spectator" and lobby.sit_buttons[1].visible)
        assert thread.seat_states()[1]["kind"] == "open"
    finally:
        ann.close()
        ben.close()
        app.stack.reset(TitleScene(app))
        thread.stop()


class Statuses:
    """A connection that hands the LanSession the statuses queued in it."""

    def __init__(self) -> None:
        self.queued: list[dict] = []
        self.role: str | None = None
        self.seat: int | None = None

    def poll(self) -> list[dict]:
        queued, self.queued = self.queued, []
        return queued


def test_the_chat_says_whether_a_player_left_moved_or_went_to_watch():
    def status(names: list[str | None], spectators: int) -> dict:
        seats = [{"name": name or f"Seat {i + 1}", "kind": "human" if name else "open", "claimed": bool(name)}
                 for i, name in enumerate(names)]
        return {"type": "status", "phase": "lobby", "seats": seats, "spectators": spectators}

    link = Statuses()
    session = LanSession(link)
    for names, spectators in (([None, "Ann", "Ben"], 0), (["Ann", None, "Ben"], 0), (["Ann", None, None], 1),
                              ([None, None, None], 1)):
        link.queued.append(status(names, spectators))
        session.collect()
    assert [line.text for line in session.chat if line.notice] == [
        "Ann sits down.", "Ben gave up the seat to watch.", "Ann left the table."]


def test_the_chat_tells_a_player_who_came_and_went_but_never_about_their_own_link():
    def status(connected: list[bool]) -> dict:
        seats = [{"name": name, "kind": "human", "claimed": True, "connected": up}
                 for name, up in zip(("Ann", "Ben"), connected, strict=True)]
        return {"type": "status", "phase": "playing", "seats": seats, "spectators": 0}

    def notices(seat: int) -> list[str]:
        link = Statuses()
        link.role, link.seat = "seat", seat
        session = LanSession(link)
        # Ann hosts: her seat is hers before her screen connects; Ben comes; the host restarts (every
        # seat first told as not connected) and both come back
        for connected in ([False, False], [True, False], [True, True], [False, False], [True, False],
                          [True, True]):
            link.queued.append(status(connected))
            session.collect()
        return [line.text for line in session.chat if line.notice]

    assert notices(0) == ["Ben is back.", "Ben lost the connection; the seat is kept.", "Ben is back."]
    assert notices(1) == ["Ann is back.", "Ann lost the connection; the seat is kept.", "Ann is back."]


def test_a_screen_still_on_the_final_board_is_told_in_the_chat_who_would_like_to_play_again():
    def status(phase: str, asked: list[bool]) -> dict:
        seats = [{"name": name, "kind": "human", "claimed": True, "connected": True, "asked_start": keen}
                 for name, keen in zip(("Ann", "Ben", "Cem"), asked, strict=True)]
        return {"type": "status", "phase": phase, "seats": seats, "spectators": 0}

    link = Statuses()
    link.role, link.seat = "seat", 1
    session = LanSession(link)
    for phase, asked in (("lobby", [False] * 3), ("lobby", [True, False, False]), ("playing", [False] * 3),
                         ("over", [False] * 3), ("over", [False, True, False]), ("over", [True, True, False])):
        link.queued.append(status(phase, asked))
        session.collect()
    assert [line.text for line in session.chat if line.notice] == ["Ann would like to play again."]


def test_a_seat_token_forgotten_at_the_end_is_kept_again_when_the_table_plays_again():
    from game.lan import seats as lan_seats

    link = Statuses()
    link.role, link.token, link.seat = "seat", "tok-123", 0
    session = LanSession(link, seat_key="table-key")
    lan_seats.remember("table-key", "tok-123")
    for phase, kept in (("playing", "tok-123"), ("over", None), ("lobby", "tok-123")):
        link.queued.append({"type": "status", "phase": phase, "seats": [], "spectators": 0})
        session.collect()
        assert lan_seats.recall("table-key") == kept, phase
    assert session.deal == 1


def test_the_hosting_player_hears_when_the_replay_cannot_be_kept_and_the_game_waits_finished(app, tmp_path: Path):
    """A full disk (here a file where the replays folder belongs) refuses the replay as the results open:
    the hosting player's results say so, as a local game's do; closed, the table's save waits in Saved
    games marked finished with its result, and opening it again keeps the replay."""
    from game import saves
    from game.scenes.saved import SavedGamesScene

    blocker = replays_dir()
    blocker.parent.mkdir(parents=True, exist_ok=True)
    blocker.write_text("")
    save = saves.new_save_path("liniell")
    thread = liniell_table(hosted_config("Ada's table", save))
    session = ada_hosts(app, thread)
    try:
        assert until([app], lambda: app.stack.top.start.enabled)
        run(app, 0.05, click(app.stack.top.start.rect.center))  # the open seat becomes a bot
        assert until([app], lambda: isinstance(app.stack.top, LiniellTable))
        play_to_the_end(thread, [app])
        results = app.stack.top
        assert results.trouble.startswith("The replay cannot be kept (a file stands where its folder belongs): "
                                          "Close table keeps the game in Saved games until it can be")
        assert not session.replay_kept
        run(app, 1.3)
        run(app, 0.05, click(results.menu.rect.center))  # nobody else is here: it closes at once
        assert isinstance(app.stack.top, TitleScene) and save.exists()
    finally:
        app.stack.reset(TitleScene(app))
    [waiting] = saves.list_saves()
    assert waiting.kind == "hosted" and waiting.finished and saves.latest() is None
    assert waiting.result() == result_in_words(thread.host.match.outcome(), waiting.players)
    blocker.unlink()
    app.push(SavedGamesScene(app))
    screen = app.stack.top
    assert screen.row_buttons[0][0].label == "Results"
    try:
        run(app, 0.05, click(screen.row_buttons[0][0].rect.center))
        assert until([app], lambda: isinstance(app.stack.top, LiniellTable) and app.stack.top.finished, 12), \
            type(app.stack.top).__name__
        app.stack.top.show.skip()
        app.stack.top.open_results()  # Liniell's "See the results"
        assert isinstance(app.stack.top, LanResultsScene)
        again = app.stack.top
        assert again.trouble == "" and again.session.replay_kept and len(list(replays_dir().glob("*.jsonl"))) == 1
        run(app, 1.3)
        run(app, 0.05, click(again.menu.rect.center))
        assert isinstance(app.stack.top, TitleScene)
    finally:
        app.stack.reset(TitleScene(app))
    assert saves.list_saves() == [] and len(list(replays_dir().glob("*.jsonl"))) == 1  # kept once, not twice


def test_the_hosting_player_is_told_when_neither_replay_nor_save_holds_the_game_and_closing_tries_again(
        app, tmp_path: Path, monkeypatch):
    """The disk is full at the end: the results do not promise Saved games; Close table tries the
    replay and the save again and, still full, stays and says so; with room again it keeps the replay."""
    from game import saves
    from tests.client.test_saved_games import disk_full_until_freed

    full = disk_full_until_freed(monkeypatch)
    blocker = replays_dir()
    blocker.parent.mkdir(parents=True, exist_ok=True)
    blocker.write_text("")
    thread = liniell_table(hosted_config("Ada's table", saves.new_save_path("liniell")))
    ada_hosts(app, thread)
    try:
        assert until([app], lambda: app.stack.top.start.enabled)
        run(app, 0.05, click(app.stack.top.start.rect.center))
        assert until([app], lambda: isinstance(app.stack.top, LiniellTable))
        play_to_the_end(thread, [app])
        results = app.stack.top
        assert results.trouble.startswith("Neither the replay nor the table's save can be written (disk full)")
        run(app, 1.3)
        run(app, 0.05, click(results.menu.rect.center))  # Close table: still full
        assert app.stack.top is results and results.trouble.startswith("Still not written (disk full)")
        full["now"] = False
        blocker.unlink()
        run(app, 0.05, click(results.menu.rect.center))
        assert isinstance(app.stack.top, TitleScene)
    finally:
        app.stack.reset(TitleScene(app))
    assert saves.list_saves() == [] and len(list(replays_dir().glob("*.jsonl"))) == 1


def ann_and_ben_playing() -> tuple[HostThread, RawPeer, RawPeer]:
    """A dedicated Liniell table "Friday" whose two seats Ann and Ben took, its game started."""
    thread = liniell_table(HostConfig(name="Friday", clients_may_start=True))
    ann, ben = RawPeer(thread.port), RawPeer(thread.port)
    for seat, (peer, name) in enumerate(((ann, "Ann"), (ben, "Ben"))):
        peer.hello(name)
        peer.send({"type": "claim", "seat": seat})
        peer.expect("welcome")
    thread.start_game()
    return thread, ann, ben


def test_a_spectator_still_on_the_final_board_watches_the_next_game_a_dedicated_table_starts_at_once(app):
    thread, ann, ben = ann_and_ben_playing()
    try:
        while thread.host.phase != "over":  # Ann and Ben play it out (their first legal action each time)
            thread.call(lambda: [thread.host.match.submit(seat, thread.host.match.game.legal(
                thread.host.match.state, seat)[0]) for seat in thread.host.match.to_act()])
        lobby = join_by_address(app, thread.port)  # the spectator comes in after the end
        assert until([app], lambda: isinstance(app.stack.top, LiniellTable) and lobby.session.role == "spectator")
        finished = app.stack.top
        run(app, 0.2)
        ann.send({"type": "rematch"})
        ben.send({"type": "bye"})  # Ann plays again, Ben goes home: the next game starts at once, a bot for Ben
        assert until([app], lambda: isinstance(app.stack.top, LiniellTable) and app.stack.top is not finished)
        run(app, 0.5)
        table = app.stack.top
        assert table.session is finished.session and table.session.link == "up"  # still watching, never closed
        assert table.session.role == "spectator" and not table.finished
    finally:
        ann.close()
        ben.close()
        app.stack.reset(TitleScene(app))
        thread.stop()


def test_a_spectator_leaves_a_table_in_one_click_and_is_told_it_plays_on(app, monkeypatch):
    """Nothing is lost when someone who only watches leaves: no "Really leave?", and the menu says why
    (headed "Menu", not "Paused": the table does not wait for it)."""
    from game.scenes.pause import PauseScene
    from tests.client.helpers import record_drawn_text
    thread, ann, ben = ann_and_ben_playing()
    try:
        lobby = join_by_address(app, thread.port)
        assert until([app], lambda: isinstance(app.stack.top, LiniellTable) and lobby.session.role == "spectator")
        app.stack.top.open_menu()
        pause = app.stack.top
        assert isinstance(pause, PauseScene)
        assert pause.buttons["Leave game"].tooltip == "You only watch: the table plays on without you."
        drawn = record_drawn_text(monkeypatch)
        pause.draw(pygame.Surface((1920, 1080)))
        texts = [text for text, _rect in drawn]
        assert "The table plays on meanwhile." in texts and "Paused" not in texts  # nothing waits for this menu
        run(app, 0.05, click(pause.buttons["Leave game"].rect.center))  # one click, no "Really leave?"
        assert not isinstance(app.stack.top, (PauseScene, LiniellTable))
    finally:
        ann.close()
        ben.close()
        app.stack.reset(TitleScene(app))
        thread.stop()


def test_a_table_follows_its_next_deal_to_the_lobby_once_however_many_statuses_come_in_one_frame(app, monkeypatch):
    """Statuses after the next deal all say "another game": the first takes the table to its lobby; the
    ones read in the same frame must not open a second lobby on the same session."""
    import game.lan.lobby as lobby_module
    from game.scenes.stack import Scene
    from tests.client.test_linja_table import VS_BOT, make_table

    opened: list[object] = []

    class Lobby(Scene):
        def __init__(self, app, session, port=None, hosting=False):  # type: ignore[no-untyped-def]
            super().__init__(app)
            opened.append(session)

    monkeypatch.setattr(lobby_module, "LobbyScene", Lobby)
    table, _match = make_table(app, VS_BOT, first=0)
    session = table.session
    session.deal, session.port, session.hosting = table.deal + 1, 47000, False  # the host dealt again
    for _ in range(3):
        table.receive({"type": "status", "phase": "lobby", "seats": [], "spectators": 0})
    assert opened == [session]


def test_a_table_of_bots_only_deals_again_by_itself_and_its_watcher_watches_on(app):
    """``linie-host --bots`` as many as ``--seats`` is a show: nobody there can ask for another game, so
    the host deals it a moment after the end, and the watching screen says so and follows."""
    config = HostConfig(name="Show", autostart=True, bot_delay=0.0, bot_level="easy", bots_again_after=1.5)
    thread = HostThread(Host.new("liniell", 2, config, bots=2, seed=5), bind="127.0.0.1")
    thread.start()
    try:
        join_by_address(app, thread.port)
        first = thread.host.match

        def at_the_results() -> bool:
            top = app.stack.top
            if isinstance(top, TableScene):
                top.show.skip()
                if top.finished:
                    top.open_results()  # Liniell's "See the results", once its count has played
            return isinstance(app.stack.top, LanResultsScene)

        assert until([app], at_the_results, 30)
        assert app.stack.top.note() == ("You are watching a table of bots: they deal the next game in a moment, "
                                        "and you watch it too.")
        assert until([app], lambda: isinstance(app.stack.top, LiniellTable) and thread.host.match is not first, 30)
        assert app.stack.top.session.role == "spectator"
    finally:
        thread.stop()
        app.stack.reset(TitleScene(app))


def test_a_seat_a_bot_stood_in_for_is_named_alike_on_the_hosts_and_the_guests_results_and_in_the_replays(
        app, tmp_path: Path):
    """The host let a bot play the guest's seat for a while: the host's results, the guest's, the kept
    replay's row in Replays and its statistics name that seat one way, "Ben (a bot stood in)" (the
    seat and its result stay the guest's: not "Bot 1", not "Ben" on one screen and more on another)."""
    from game.replays import compute_stats, read_replay
    from game.scenes.replays import ReplaysScene
    thread = liniell_table(hosted_config("Ada's table", tmp_path / "table.save"))
    ada_hosts(app, thread)
    guest = second_app()
    apps = [app, guest]
    try:
        guest_sits_and_ada_starts(app, guest, thread)
        match = thread.host.match
        guest_name = match.seats[1].name
        thread.call(thread.host.hand_to_bot, 1)  # the host lets a bot play the guest's seat

        def ada_moves() -> None:
            if 0 in match.to_act():
                match.submit(0, match.game.legal(match.state, 0)[0])

        assert until(apps, lambda: thread.call(ada_moves) or match.seats[1].stood_in, 20)
        thread.call(thread.host.hand_back, 1)  # and hands it back: the guest plays on
        play_to_the_end(thread, apps)
        said = f"{guest_name} (a bot stood in)"
        mine, theirs = app.stack.top, guest.stack.top
        assert [figure.name for figure in mine.figures] == [figure.name for figure in theirs.figures] == ["Ada", said]
        assert mine.title == theirs.title and "bot" not in mine.title  # said once, by the seat's name
        (kept,) = replays_dir().glob("*-liniell.jsonl")
        replay = read_replay(kept)
        assert replay.players == ["Ada", said] and replay.seats[1].kind == "human"
        app.push(ReplaysScene(app))
        (row,) = [app.stack.top.row_words(item) for item in app.stack.top.items if item.path == kept]
        assert row.players == f"Ada, {said}"
        assert row.title.endswith(result_in_words(replay.outcome or {}, ["Ada", said]))  # the winner as the cards say
        stats = compute_stats([replay])
        assert {player.name for player in stats.players} == {"Ada", guest_name}  # one player's games, counted as theirs
        best = stats.games[0].best_score
        assert best is None or best.name in ("Ada", said)
        app.pop()  # back on the results: the table plays again, and in its next game no bot stood in yet
        run(app, 1.3)
        run(app, 0.05, click(mine.again.rect.center))
        assert until(apps, lambda: all(isinstance(a.stack.top, LobbyScene) for a in apps))
        assert thread.call(lambda: [info.stood_in for info in thread.host.match.seats]) == [False, False]
    finally:
        guest.stack.reset(TitleScene(guest))
        app.stack.reset(TitleScene(app))
        thread.stop()
