"""The LAN HUD on its own: seat dots, chat on T, the Reconnecting overlay — no sockets needed here
(tests/client/test_lobby.py plays it over real ones)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.lan import seats as lan_seats
from game.lan.hud import NetHud, seat_state
from game.lan.session import LanSession
from game.scenes.stack import Scene
from game.ui.input import Intent
from tests.client.helpers import click, key, run, typed


def seat(name: str, **facts: Any) -> dict[str, Any]:
    base = {"name": name, "kind": "human", "level": "normal", "claimed": True, "connected": True, "away": False,
            "bot": False}
    return {**base, **facts}


class Link:
    """The parts of a NetSession the HUD reads: seats, link, chat."""

    def __init__(self) -> None:
        self.status: dict[str, Any] = {"seats": [seat("Ada"), seat("Ben")], "phase": "playing"}
        self.link, self.phase, self.seat, self.role, self.game = "up", "playing", 0, "seat", "linie1"
        self.inbox: list[dict[str, Any]] = []
        self.sent: list[str] = []
        self.token: str | None = None

    controlled_seats = [0]

    def poll(self) -> list[dict[str, Any]]:
        messages, self.inbox = self.inbox, []
        return messages

    def chat(self, text: str) -> None:
        self.sent.append(text)
        self.inbox.append({"type": "chat", "seat": 0, "name": "Ada", "text": text})

    def set_seats(self, seats: list[dict[str, Any]]) -> None:
        self.status = {"type": "status", "seats": seats, "phase": self.phase}
        self.inbox.append({**self.status, "link": self.link})

    def close(self) -> None:
        pass


class Table(Scene):
    """A table scene reduced to what integrating the HUD takes (four lines)."""

    def __init__(self, app, session) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.session = session
        self.lan_hud = NetHud(self, session, lambda seat: (100, 100 + 60 * seat))
        self.seen: list[str] = []
        self.messages: list[dict[str, Any]] = []

    def handle(self, intent: Intent) -> bool:
        if self.lan_hud.handle(intent):
            return True
        self.seen.append(intent.kind)
        return super().handle(intent)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.lan_hud.update(dt)
        self.messages += self.session.poll()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0))
        self.lan_hud.draw(surface)


@pytest.fixture
def lan(app):
    link = Link()
    table = Table(app, LanSession(link))
    app.push(table)
    run(app)
    return table, link


def test_a_local_session_gets_no_hud(app):
    from game.match import Match, SeatInfo
    from game.session import LocalSession
    session = LocalSession(Match("linie1", [SeatInfo("A"), SeatInfo("B")], 3))
    table = Table(app, session)
    app.push(table)
    run(app, 0.05, key(pygame.K_t) + click((100, 100)))
    assert not table.lan_hud.active and table.lan_hud.chat is None
    assert "press" in table.seen  # nothing was taken from the table


def test_the_hud_says_where_the_chats_fading_lines_stand_while_they_show(app, lan):
    table, link = lan
    assert table.lan_hud.feed_rect() is None
    link.chat("Hallo zusammen")
    run(app, 0.5)
    feed = table.lan_hud.feed_rect()
    assert feed is not None and feed.bottom <= table.lan_hud.chat.tab.top and feed.height > 20
    run(app, 10.0)  # past the feed's 9 s
    assert table.lan_hud.feed_rect() is None


def test_the_chats_lines_stay_in_the_room_a_table_gives_them_newest_at_its_foot(app, lan):
    """Lines that do not fit the table's room wait in the open chat; the newest always shows."""
    table, link = lan
    room = pygame.Rect(300, 500, 420, 160)  # three rows and one: 102 + 6 + 42 px, not three lines
    table.lan_hud.chat.feed_box = lambda: room
    for text in ("first", "second", "third and a much longer line that wraps onto a second row here"):
        link.chat(text)
    run(app, 0.5)
    placed = table.lan_hud.chat._feed_lines()
    assert [line.text for line, *_ in placed] == ["third and a much longer line that wraps onto a second row here",
                                                  "second"]
    for _line, _rows, top, height in placed:
        assert room.top <= top and top + height <= room.bottom
    assert len(placed[0][1]) == 3  # wrapped to the room's width
    assert table.lan_hud.chat.unseen() == 1  # "first" waits in the open chat: the tab says +1
    table.lan_hud.chat.feed_box = lambda: pygame.Rect(300, 500, 420, 20)  # not even one line's room
    assert len(table.lan_hud.chat._feed_lines()) == 1 and table.lan_hud.chat.unseen() == 2
    run(app, 9.0)  # the lines faded: nothing left unseen to point at
    assert table.lan_hud.chat.unseen() == 0


def test_a_player_whose_seat_the_host_gave_a_bot_reads_it_for_as_long_as_it_lasts(app, lan, monkeypatch):
    from game.lan import hud
    table, link = lan
    said: list[str] = []
    real = hud.draw_notice
    monkeypatch.setattr(hud, "draw_notice", lambda surface, text, box: said.append(text) or real(surface, text, box))
    link.seat = 1
    link.set_seats([seat("Ada"), seat("Ben", bot=True)])  # Ben is here; a bot plays his seat all the same
    run(app, 12.0)  # long past the chat line's 9 s
    assert said and "A bot plays your seat until the host gives it back." in said[-1]
    said.clear()
    link.set_seats([seat("Ada"), seat("Ben")])  # the host gave it back
    run(app, 0.2)
    assert not any("A bot plays your seat" in text for text in said)


def test_a_watchers_chat_line_is_never_taken_for_a_seated_players_of_the_same_name(app):
    link = Link()
    session = LanSession(link)
    link.inbox.append({"type": "chat", "seat": 1, "name": "Ben", "text": "my turn?"})
    link.inbox.append({"type": "chat", "seat": None, "name": "Ben", "text": "I am the real Ben"})
    session.poll()
    assert [(line.name, line.seat) for line in session.chat] == [("Ben", 1), ("Ben (watching)", None)]


def test_seat_states_read_from_the_status():
    assert seat_state(seat("A")) == "connected"
    assert seat_state(seat("A", away=True)) == "away"
    assert seat_state(seat("A", connected=False)) == "gone"
    assert seat_state(seat("A", connected=False, bot=True)) == "bot"
    assert seat_state(seat("Bot 1", kind="bot", claimed=False, connected=False, bot=True)) is None
    assert seat_state(seat("Seat 2", kind="open", claimed=False, connected=False)) == "open"


def test_chat_opens_on_t_sends_on_enter_and_shows_the_line(app, lan):
    table, link = lan
    run(app, 0.05, key(pygame.K_t) + typed("t"))  # SDL also reports the key that opened it as text
    assert table.lan_hud.chat.open and app.mapper.text_mode
    assert table.lan_hud.chat.field.text == ""
    run(app, 0.05, typed("rotate? no, hello") + key(pygame.K_RETURN))
    assert link.sent == ["rotate? no, hello"]
    assert table.seen.count("rotate") == 0  # typing never reached the table as shortcuts
    run(app, 0.05)
    assert [line.text for line in table.lan_hud.session.chat] == ["rotate? no, hello"]
    assert any(m["type"] == "chat" for m in table.messages)  # the table still gets every message
    run(app, 0.05, key(pygame.K_ESCAPE))
    assert not table.lan_hud.chat.open and not app.mapper.text_mode
    assert "cancel" not in table.seen  # Esc closed the chat, it did not open the table's menu


def test_chat_that_cannot_be_sent_says_why_and_keeps_the_text(app, lan):
    table, link = lan
    link.link = "down"
    table.lan_hud.chat.show()
    table.lan_hud.chat.field.text = "anyone there?"
    table.lan_hud.chat.send("anyone there?")
    assert link.sent == [] and "Not connected" in table.lan_hud.chat.message
    assert table.lan_hud.chat.field.text == "anyone there?"


def test_seat_changes_become_notices_in_the_chat(app, lan):
    table, link = lan
    link.set_seats([seat("Ada"), seat("Ben")])
    run(app)
    link.set_seats([seat("Ada"), seat("Ben", connected=False)])
    run(app)
    link.set_seats([seat("Ada"), seat("Ben", connected=False, bot=True)])
    run(app)
    link.set_seats([seat("Ada"), seat("Ben", connected=False)])  # Ben resumes: his bot stands down first ...
    run(app)
    link.set_seats([seat("Ada"), seat("Ben")])  # ... then he is back: one notice, not "plays" and "is back"
    run(app)
    link.set_seats([seat("Ada"), seat("Ben", bot=True)])  # the host lets a bot play for Ben at once
    run(app)
    link.set_seats([seat("Ada"), seat("Ben")])  # and gives it back while he is there
    run(app)
    notices = [line.text for line in table.lan_hud.session.chat if line.notice]
    assert notices == ["Ben lost the connection; the seat is kept.", "A bot plays for Ben for now.",
                       "Ben is back.", "A bot plays for Ben for now.", "Ben plays their own seat again."]


def test_the_overlay_covers_the_table_while_the_link_is_down(app, lan):
    table, link = lan
    link.link = "down"
    link.inbox.append({"type": "status", "link": "down", "reason": "Connection refused"})
    run(app, 0.5)
    assert table.lan_hud.blocking and table.lan_hud.veil == 1.0
    run(app, 0.05, click((900, 200)) + key(pygame.K_n))
    assert "press" not in table.seen and "next" not in table.seen
    run(app, 0.05, key(pygame.K_ESCAPE))
    assert "cancel" in table.seen  # the pause menu still opens
    assert table.lan_hud.session.link_reason == "Connection refused"
    centre = app.screen.get_at((960, 500))
    link.link = "up"
    run(app, 0.6)
    assert not table.lan_hud.blocking and table.lan_hud.veil == 0.0
    assert app.screen.get_at((960, 500)) != centre  # the panel is gone


def test_a_host_that_closed_the_table_is_waited_for_not_called_a_lost_link(app, lan, monkeypatch):
    from game.lan import hud
    table, link = lan
    said: list[str] = []
    real = hud.theme.heading
    monkeypatch.setattr(hud.theme, "heading", lambda surface, text, *rest: said.append(text) or real(surface, text,
                                                                                                      *rest))
    link.link = "down"
    link.inbox.append({"type": "status", "link": "down", "reason": "the host closed the table"})
    run(app, 0.5)
    assert said[-1] == "Reconnecting"  # a lost link, as far as this screen knows
    link.host_closed = True  # the host's goodbye came first
    run(app, 0.1)
    assert said[-1] == "Waiting for the host"


def cover_words(lan, monkeypatch, role: str):  # noqa: ANN001, ANN201 - the fixtures; the table, link, words
    """The LAN table as ``role`` (a seat's player or a spectator), and every paragraph its cover wraps."""
    from game.lan import hud
    table, link = lan
    link.role, link.seat = role, (0 if role == "seat" else None)
    said: list[str] = []
    real = hud.theme.wrap
    monkeypatch.setattr(hud.theme, "wrap", lambda text, *rest: said.append(text) or real(text, *rest))
    return table, link, said


@pytest.mark.parametrize("role", ["seat", "spectator"])
def test_a_lost_link_promises_a_kept_seat_only_to_a_player_who_has_one(app, lan, monkeypatch, role):
    table, link, said = cover_words(lan, monkeypatch, role)
    link.link = "down"
    link.inbox.append({"type": "status", "link": "down", "reason": "Connection refused"})
    run(app, 0.5)
    assert said and ("Your seat is kept" in said[-1]) == (role == "seat"), said[-1]
    assert "host answers again" in said[-1]


@pytest.mark.parametrize("role", ["seat", "spectator"])
def test_a_table_whose_host_opened_another_one_is_not_said_to_have_ended(app, lan, monkeypatch, role):
    """The hosting player left mid-game and opened a Bus table on the same port: the guest's program
    finds that table where its Liniell game was. That game did not end (it waits in the host's saved
    games, the seat's token is kept), so the cover must not say "The host has ended the game"."""
    table, link, said = cover_words(lan, monkeypatch, role)
    link.link = "closed"
    link.inbox.append({"type": "status", "link": "closed", "replaced": True,
                       "reason": "another table, “Ada's table”, now answers at 10.0.0.2:47000"})
    run(app, 0.5)
    assert table.lan_hud.session.table_replaced
    assert "opened another table" in said[-1] and "ended" not in said[-1], said[-1]
    assert ("Your seat is kept" in said[-1]) == (role == "seat"), said[-1]


def test_a_table_that_refused_for_good_still_says_it_is_closed(app, lan, monkeypatch):
    from game.lan import hud
    table, link = lan
    said: list[str] = []
    real = hud.theme.wrap
    monkeypatch.setattr(hud.theme, "wrap", lambda text, *rest: said.append(text) or real(text, *rest))
    link.link = "closed"
    link.inbox.append({"type": "status", "link": "closed", "reason": "the host runs another version of Linie"})
    run(app, 0.5)
    assert not table.lan_hud.session.table_replaced
    assert said[-1] == "The host has ended the game, or this program can no longer play at it."


def test_leave_from_the_overlay_goes_back_to_the_title(app, lan):
    from game.scenes.title import TitleScene
    table, link = lan
    link.link = "closed"
    run(app, 0.5)
    assert table.lan_hud.leave_button.label == "Back to title"
    run(app, 0.05, click(table.lan_hud.leave_button.rect.center))
    assert isinstance(app.stack.top, TitleScene)


def test_the_overlay_stays_away_once_the_game_is_over(app, lan):
    table, link = lan
    link.phase = "over"
    link.link = "down"
    run(app, 0.3)
    assert not table.lan_hud.blocking
    run(app, 0.05, click((500, 500)))
    assert "press" in table.seen


def test_the_host_hands_an_absent_seat_to_a_bot_and_back(app):
    class Hosted:
        save_problem = ""

        def __init__(self) -> None:
            self.calls: list[tuple[str, int]] = []

        def hand_to_bot(self, seat: int) -> None:
            self.calls.append(("bot", seat))

        def hand_back(self, seat: int) -> None:
            self.calls.append(("back", seat))

        def stop(self) -> None:
            pass

    link, hosted = Link(), Hosted()
    link.status["seats"] = [seat("Ada"), seat("Ben", away=True)]
    table = Table(app, LanSession(link, hosted=hosted))
    app.push(table)
    run(app)
    run(app, 0.05, click((100, 160)))
    link.status["seats"] = [seat("Ada"), seat("Ben", away=True, bot=True)]
    run(app, 0.05, click((100, 160)))
    run(app, 0.05, click((100, 100)))  # your own, connected seat: nothing to hand over
    assert hosted.calls == [("bot", 1), ("back", 1)]


def test_a_player_back_at_a_seat_the_host_gave_a_bot_is_said_to_still_have_the_bot(app):
    from game.lan.hud import describe

    class Hosted:
        save_problem = ""

    link = Link()
    session = LanSession(link, hosted=Hosted())
    for ben in (seat("Ben"), seat("Ben", away=True), seat("Ben", away=True, bot=True), seat("Ben", bot=True)):
        link.set_seats([seat("Ada"), ben])
        session.poll()
    notices = [line.text for line in session.chat if line.notice]
    assert notices == ["Ben is away.", "A bot plays for Ben for now.",
                       "Ben is back: click their dot to give them the seat."]
    back = seat("Ben", bot=True)
    assert describe(back, seat_state(back), True) == ("Ben is back; a bot still plays for them. "
                                                      "Click: give the seat back.")
    gone = seat("Ben", connected=False, bot=True)
    assert describe(gone, seat_state(gone), False) == "A bot plays for Ben until they are back."
    # on Ben's own screen his dot speaks to him
    assert describe(back, seat_state(back), False, own=True) == "A bot plays your seat until the host gives it back."


def test_a_player_back_at_a_seat_a_bot_still_plays_is_told_who_gives_it_back(app):
    link = Link()
    link.seat = 1
    session = LanSession(link)
    # Ben's program was asleep: the host let a bot play his seat, and it keeps it when he is back
    for ben in (seat("Ben"), seat("Ben", connected=False, bot=True), seat("Ben", bot=True)):
        link.set_seats([seat("Ada"), ben])
        session.poll()
    # a bot that stood in by itself (the takeover time passed) gives way as he comes back: he is told
    # once, whether the host stood it down before his seat showed connected or with it
    for ben in (seat("Ben", connected=False, bot=True), seat("Ben", connected=False), seat("Ben"), seat("Ben")):
        link.set_seats([seat("Ada"), ben])
        session.poll()
    notices = [line.text for line in session.chat if line.notice]
    assert notices == ["A bot plays your seat until the host gives it back.",  # his own seat: never "for Ben"
                       "A bot played your seat while you were away; it is yours again."]
    link.set_seats([seat("Ada", connected=False, bot=True), seat("Ben")])
    link.set_seats([seat("Ada"), seat("Ben")])  # another player's return is "Ada is back", never "your seat"
    session.poll()
    assert [line.text for line in session.chat if line.notice][2:] == ["A bot plays for Ada for now.",
                                                                      "Ada is back."]


def test_a_player_whose_link_dropped_is_never_told_a_bot_plays_for_them_by_name(app):
    """Ben's program froze for a moment and a bot played his turn. Back, his own screen read "A bot plays
    for Ben for now." (of himself, as of someone else) before "A bot played your seat while you were
    away": the first status after the link came back shows the bot, the next one Ben again."""
    link = Link()
    link.seat = 1
    session = LanSession(link)
    link.set_seats([seat("Ada"), seat("Ben")])
    session.poll()
    for ben in (seat("Ben", connected=False, bot=True), seat("Ben")):  # after the link came back
        link.set_seats([seat("Ada"), ben])
        session.poll()
    assert [line.text for line in session.chat if line.notice] == [
        "A bot played your seat while you were away; it is yours again."]


def test_a_player_here_whose_seat_the_host_gives_a_bot_reads_it_as_theirs(app):
    link = Link()
    link.seat = 1
    session = LanSession(link)
    link.set_seats([seat("Ada"), seat("Ben", away=True)])
    link.set_seats([seat("Ada"), seat("Ben", away=True, bot=True)])  # the hosting player clicked his dot
    session.poll()
    assert [line.text for line in session.chat if line.notice] == [
        "A bot plays your seat until the host gives it back."]  # never "A bot plays for Ben"


def test_a_player_seated_under_a_numbered_name_is_told_it_once(app):
    link = Link()
    link.name = "Ben"  # what this player typed; a Ben sits at the table already
    session = LanSession(link)
    for _ in range(2):  # the welcome again after a dropped link says nothing new
        link.inbox.append({"type": "welcome", "seat": 1, "name": "Ben 2", "version": 0})
        session.poll()
    notices = [line.text for line in session.chat if line.notice]
    assert notices == ["Another player here is called Ben: the others see you as Ben 2."]
    other = LanSession(Link())
    other.connection.name = "Ada"
    other.connection.inbox.append({"type": "welcome", "seat": 0, "name": "Ada", "version": 0})
    other.connection.inbox.append({"type": "welcome", "seat": None, "name": "Ada 2", "version": 0})  # watching
    other.poll()
    assert not [line for line in other.chat if line.notice]  # the name as typed, or no seat: nothing to say


def test_a_player_who_leaves_after_the_game_is_said_to_have_left_not_to_have_lost_the_link(app):
    link = Link()
    link.phase = "over"
    session = LanSession(link)
    for ben in (seat("Ben"), seat("Ben", connected=False, left=True), seat("Ben", connected=False, left=True)):
        link.set_seats([seat("Ada"), ben])
        session.poll()
    link.phase = "lobby"  # the table plays again: Ben's seat opens
    link.set_seats([seat("Ada"), seat("Seat 2", kind="open", claimed=False, connected=False)])
    session.poll()
    notices = [line.text for line in session.chat if line.notice]
    assert notices == ["Ben left the table.", "A new game begins at this table."], notices


def test_a_player_who_left_the_game_in_play_is_said_to_have_left_not_to_have_lost_the_link():
    """Leave game keeps the seat (a bot may play it); the others read that Ben left, as he chose."""
    link = Link()
    session = LanSession(link)
    for ben in (seat("Ben"), seat("Ben", connected=False, went=True), seat("Ben"), seat("Ben", connected=False)):
        link.set_seats([seat("Ada"), ben])
        session.poll()
    assert [line.text for line in session.chat if line.notice] == [
        "Ben left the game; the seat is kept.", "Ben is back.", "Ben lost the connection; the seat is kept."]


def test_after_this_screens_link_comes_back_the_others_reconnecting_is_not_news(app, monkeypatch):
    """A paused or restarted host cut every link: Ada's screen never reads that Ben lost his."""
    from game.lan import session as lan_session
    clock = [100.0]
    monkeypatch.setattr(lan_session.time, "monotonic", lambda: clock[0])
    link = Link()
    session = LanSession(link)
    link.set_seats([seat("Ada"), seat("Ben")])
    session.poll()
    link.inbox.append({"type": "status", "link": "down", "reason": "The host did not answer in time."})
    link.inbox.append({"type": "status", "link": "up", "reason": ""})
    for ben in (seat("Ben", connected=False), seat("Ben")):  # the host saw Ben silent too; he is back
        link.set_seats([seat("Ada"), ben])
        session.poll()
    assert not [line.text for line in session.chat if line.notice]
    clock[0] += lan_session.RETURN_GRACE + 1  # later, Ben's own link drops: that is news
    link.set_seats([seat("Ada"), seat("Ben", connected=False)])
    session.poll()
    assert [line.text for line in session.chat if line.notice] == ["Ben lost the connection; the seat is kept."]


def test_a_program_started_again_is_told_a_bot_played_its_seat_meanwhile(app):
    link = Link()
    session = LanSession(link)
    link.seat, link.role = None, None  # the status after the hello comes before the welcome
    link.set_seats([seat("Ada"), seat("Ben", connected=False, bot=True)])
    session.poll()
    link.seat, link.role = 1, "seat"
    link.inbox.append({"type": "welcome", "seat": 1, "name": "Ben", "version": 9})
    link.set_seats([seat("Ada"), seat("Ben")])
    session.poll()
    assert [line.text for line in session.chat if line.notice] == [
        "A bot played your seat while you were away; it is yours again."]


def test_a_player_back_after_the_table_dealt_again_is_told_the_game_they_left_ended(app):
    """A linie-host table deals again once everyone still connected asks: Ben, whose program was
    closed, comes back into the next game and reads that the one he left is over."""
    link = Link()
    session = LanSession(link)
    link.seat, link.role = None, None  # the status after the hello comes before the welcome
    link.set_seats([seat("Ada"), seat("Ben", connected=False, missed_end=True)])
    link.set_seats([seat("Ada"), seat("Ben", connected=False, missed_end=True)])  # told again: once is said
    session.poll()
    link.seat, link.role = 1, "seat"
    link.inbox.append({"type": "welcome", "seat": 1, "name": "Ben", "version": 0})
    link.set_seats([seat("Ada"), seat("Ben")])
    link.set_seats([seat("Ada"), seat("Ben")])
    session.poll()
    assert [line.text for line in session.chat if line.notice] == [
        "While you were away, that game ended and the table began another: you play this one."]
    ada = LanSession(link)  # another screen sees Ben come back: his news is not theirs
    link.seat = 0
    link.set_seats([seat("Ada"), seat("Ben", connected=False, missed_end=True)])
    link.set_seats([seat("Ada"), seat("Ben")])
    ada.poll()
    assert not any("that game ended" in line.text for line in ada.chat)


def test_the_others_read_how_long_until_a_bot_takes_an_absent_players_seat(lan):
    table, link = lan
    session = table.session
    link.set_seats([seat("Ada", bot_in=None), seat("Ben", connected=False, bot_in=25),
                    seat("Cid", away=True, bot_in=80), seat("Dan", connected=False, bot=True)])
    run(table.app)
    assert table.lan_hud.countdowns() == ["Ben's seat goes to a bot in 25 s.", "Cid's seat goes to a bot in 80 s."]
    session.bot_due = {seat: due - 30 for seat, due in session.bot_due.items()}  # half a minute later
    assert table.lan_hud.countdowns() == ["Ben's seat goes to a bot now.", "Cid's seat goes to a bot in 50 s."]
    link.seat = 1  # this screen's own seat: its player reads "Reconnecting…", not a countdown
    assert table.lan_hud.countdowns() == ["Cid's seat goes to a bot in 50 s."]
    link.link = "down"
    assert table.lan_hud.countdowns() == []  # the host's count is not known while the link is down


def test_a_seat_token_is_kept_until_the_game_ends(app):
    link = Link()
    link.token = "secret-token"
    session = LanSession(link, seat_key=lan_seats.table_key("10.0.0.2", 47000, "Zoe's table"))
    link.inbox.append({"type": "welcome", "seat": 1, "name": "Ben", "version": 0})
    session.poll()
    assert lan_seats.recall(session.seat_key) == "secret-token"
    assert oct(lan_seats.seats_path().stat().st_mode & 0o777) == "0o600"
    link.inbox.append({"type": "status", "seats": [], "phase": "over", "link": "up"})
    session.poll()
    assert lan_seats.recall(session.seat_key) is None


def test_a_seat_kept_at_a_table_opened_again_on_another_port_is_taken_back_there(app):
    from game.lan.join import JoinScene
    from game.scenes.title import TitleScene

    kept = lan_seats.table_key("127.0.0.1", 47000, "Zoe's table")
    lan_seats.remember(kept, "zoes-token")
    assert lan_seats.find("127.0.0.1", 51234, "Zoe's table") == (kept, "zoes-token")
    assert lan_seats.find("127.0.0.3", 51234, "Zoe's table") is None  # another machine
    assert lan_seats.find("127.0.0.1", 51234, "Zoe's other table") is None
    join = JoinScene(app)
    join.kept_seats = lan_seats.kept()
    assert join._seat_kept({"address": "127.0.0.1", "port": 51234, "name": "Zoe's table"})  # "your seat is kept"
    join.enter_lobby("127.0.0.1", 51234, {"table": "Zoe's table"})
    try:
        lobby = app.stack.top
        assert lobby.session.connection._token == "zoes-token"  # resumes the seat rather than watching
        assert lobby.session.seat_key == lan_seats.table_key("127.0.0.1", 51234, "Zoe's table")
        assert lan_seats.recall(kept) is None  # kept under the port the table listens on now
    finally:
        app.stack.reset(TitleScene(app))


def test_a_kept_seat_is_found_by_its_tokens_tag_and_never_at_a_table_without_it(app):
    from net.table import seat_tag
    kept = lan_seats.table_key("127.0.0.1", 47000, "Zoe's table")
    lan_seats.remember(kept, "zoes-token")
    lan_seats.remember(lan_seats.table_key("10.0.0.9", 47000, "Max's table"), "max-token")
    tags = [seat_tag("someone-else"), seat_tag("zoes-token")]
    # the same machine at its LAN address, on another port, even renamed: the table knows the token
    assert lan_seats.find("192.168.1.20", 51000, "Zoe's new table", tags) == (kept, "zoes-token")
    # a table that tells its seats and keeps none of ours: nothing offered, whatever its address and name
    assert lan_seats.find("127.0.0.1", 47000, "Zoe's table", [seat_tag("someone-else")]) is None
    assert lan_seats.find("127.0.0.1", 47000, "Zoe's table", []) is None
    assert seat_tag("zoes-token") != seat_tag("max-token") and "zoes-token" not in seat_tag("zoes-token")


def test_a_damaged_seat_file_is_treated_as_empty(app):
    path = lan_seats.seats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json")
    assert lan_seats.recall("anything") is None
    path.write_text('{"k": "t", "pad": "' + "x" * lan_seats.LIMIT + '"}')  # too big: damaged, never read whole
    assert lan_seats.recall("k") is None
    path.write_text("[" * 100_000)  # nested past the parser's depth
    assert lan_seats.recall("k") is None
    lan_seats.remember("k", "t")
    assert lan_seats.recall("k") == "t"


def test_seats_a_newer_linie_kept_in_its_own_form_survive_this_one_keeping_and_forgetting(app):
    """A newer Linie may keep a seat as more than a token: this one cannot use such an entry, and
    writes it back as it was when it keeps or forgets one of its own."""
    import json
    path = lan_seats.seats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    newer = {"10.0.0.9:47000|Zoe's table": {"token": "zoes-token", "kept": 1700000000}}
    path.write_text(json.dumps(newer))
    assert lan_seats.kept() == {}
    lan_seats.remember("k", "t")
    lan_seats.forget("k")
    lan_seats.remember("j", "u")
    kept = json.loads(path.read_text())
    assert set(kept.pop(lan_seats.WHEN)) == {"j"}  # when the seat was taken: this one's, none forgotten
    assert kept == {**newer, "j": "u"}
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())  # hand-edited in an editor that writes a BOM
    assert lan_seats.recall("j") == "u"


class Hosted:
    """The table this program hosts, with a disk that has run full."""

    save_problem = "No space left on device"

    def start_game(self) -> None: ...

    def hand_to_bot(self, seat: int) -> None: ...

    def hand_back(self, seat: int) -> None: ...

    def stop(self, goodbye: bool = True) -> None: ...

    def saved_table(self) -> None:
        return None


def test_the_player_hosting_is_told_when_saving_fails(app, monkeypatch):
    import game.lan.hud as hud
    said: list[str] = []
    monkeypatch.setattr(hud, "draw_notice", lambda surface, text, box: said.append(text))
    hosted = Hosted()
    table = Table(app, LanSession(Link(), hosted=hosted))
    app.push(table)
    run(app)
    assert "Not saved (disk full): every move tries again." in said
    said.clear()
    hosted.save_problem = ""  # saving works again
    run(app)
    assert not any("Not saved" in text for text in said)
    guest = Table(app, LanSession(Link()))  # a guest saves nothing and is told nothing
    app.push(guest)
    run(app)
    assert not any("Not saved" in text for text in said)


class SavingHost(Hosted):
    """A table hosted here whose autosave works."""

    save_problem = ""

    def saved_table(self) -> object:
        return object()


def test_the_hosting_player_is_asked_before_leaving_stops_the_game_for_the_others(app):
    from game.scenes.pause import PauseScene
    link = Link()  # Ada hosts and plays seat 0; Ben plays seat 1 from his own screen
    session = LanSession(link, hosted=SavingHost())
    assert not session.saved  # leaving would stop Ben's game: not a one-click "Save and leave"
    pause = PauseScene(app, game="linie1", saved=session.saved)
    app.push(pause)
    pause.leave()
    assert app.stack.top is pause and pause.confirming  # asked once more
    link.status = {"seats": [seat("Ada"), seat("Bot", kind="bot", claimed=False)], "phase": "playing"}
    assert session.saved  # only bots play with Ada: leaving loses nothing
    link.phase = "over"
    link.status = {"seats": [seat("Ada"), seat("Ben")], "phase": "over"}
    assert session.saved  # the game is over: nobody is stopped


def test_a_table_opened_right_after_a_notice_still_shows_it_in_the_feed(app):
    from game.lan.chat import FEED_SECONDS
    session = LanSession(Link())
    session.notice("Said a minute ago.")
    session.chat[-1].said_at -= 60
    session.notice("A bot played your seat while you were away; it is yours again.")  # as the lobby hands over
    table = Table(app, session)
    ages = table.lan_hud.chat.ages
    assert [ages[line.serial] < FEED_SECONDS for line in session.chat] == [False, True]


def test_the_chat_lines_rise_above_a_notice_kept_in_the_tables_lower_corner(app):
    link = Link()
    session = LanSession(link)
    link.set_seats([seat("Ada"), seat("Ben", connected=False, bot_in=40)])
    session.notice("Ben lost the connection; the seat is kept.")
    corner = pygame.Rect(24, 960, 900, 64)  # as Bus keeps its notices, in the map's key at its foot
    for box, expected in ((corner, corner.y - 6), (pygame.Rect(500, 8, 900, 64), None)):
        scene = Table(app, session)
        scene.lan_hud = NetHud(scene, session, lambda seat: (100, 100 + 60 * seat), notice_box=box.copy)
        app.push(scene)
        run(app)
        assert scene.lan_hud.notice_rect is not None  # "Ben's seat goes to a bot in 40 s." is shown
        assert scene.lan_hud.chat.feed_bottom == expected
        app.stack.pop()


def test_the_pause_menus_leave_says_what_leaving_does_to_the_table(app):
    from game.scenes.pause import PauseScene

    class Hosted:
        save_problem = ""

        def saved_table(self) -> None:
            return None

    guest = LanSession(Link())
    assert "Your seat is kept" in guest.leave_note
    host = LanSession(Link(), hosted=Hosted())
    assert "closes for everyone" in host.leave_note  # Ben holds the second seat
    alone = Link()
    alone.status = {"seats": [seat("Ada"), seat("Bot 1", kind="bot", claimed=False)], "phase": "playing"}
    assert LanSession(alone, hosted=Hosted()).leave_note == ""  # nobody else to leave behind
    watcher = Link()
    watcher.role, watcher.seat = "spectator", None
    lobby = Link()
    lobby.phase = "lobby"
    assert LanSession(watcher).leave_note == LanSession(lobby).leave_note == ""
    pause = PauseScene(app, game="linie1", leave_note=guest.leave_note)
    assert pause.buttons["Leave game"].tooltip == guest.leave_note
    assert pause.retranslated().leave_note == guest.leave_note


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_really_leave_at_a_lan_table_says_what_leaving_does_in_the_panel_for_keys_too(app, monkeypatch, lang, scale):
    """The tooltip shows only under a pointer: a player who pressed Enter on Leave game reads it under
    Really leave?, whole and inside the menu's panel."""
    from game.i18n import _, set_language
    from game.scenes.pause import PauseScene
    from game.ui import theme
    from tests.client.helpers import record_drawn_text

    class Hosted:
        save_problem = ""

        def saved_table(self) -> None:
            return None

    set_language(lang)
    theme.set_ui_scale(scale)
    try:
        note = LanSession(Link(), hosted=Hosted()).leave_note
        pause = PauseScene(app, game="linie1", leave_note=note)
        drawn = record_drawn_text(monkeypatch)
        pause.draw(pygame.Surface((theme.WIDTH, theme.HEIGHT)))
        assert not any(text in note for text, _rect in drawn if len(text) > 8)  # not before it is asked
        pause.leave()
        assert pause.buttons["Leave game"].label == _("Really leave?")
        drawn.clear()
        pause.draw(pygame.Surface((theme.WIDTH, theme.HEIGHT)))
    finally:
        set_language("en")
        theme.set_ui_scale(1.0)
    lines = [(text, rect) for text, rect in drawn if len(text) > 8 and text in note]
    assert " ".join(text for text, _rect in lines).split() == note.split()  # every word
    assert all(pause.panel.contains(rect) and rect.top >= pause.buttons["Leave game"].rect.bottom
               for _text, rect in lines)


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_chat_panels_key_hint_never_runs_over_its_title(app, lan, monkeypatch, scale):
    from game.i18n import set_language
    from game.ui import theme
    from tests.client.helpers import record_drawn_text
    table, _ = lan
    set_language("de")  # the longest words
    theme.set_ui_scale(scale)
    try:
        run(app, 0.05, key(pygame.K_t))
        run(app, 0.5)  # the panel has slid in
        drawn = record_drawn_text(monkeypatch)
        table.draw(app.screen)
    finally:
        set_language("en")
    title = next(rect for text, rect in drawn if text == "Chat")
    hint = next(rect for text, rect in drawn if text.startswith("Enter senden"))
    assert not title.colliderect(hint)
    assert hint.right <= table.lan_hud.chat.panel.right


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_chat_tabs_word_ends_before_its_key(monkeypatch, scale):
    """The closed chat's tab keeps its size; at 150 % its word "Chat" ran under the T key's chip. The
    word's pixels (the tab drawn with it against the tab drawn without) end clear of the chip."""
    from game.lan import chat
    from game.ui import theme

    def tab(word: str) -> pygame.Surface:
        monkeypatch.setattr(chat, "_", lambda text: word)
        chat._tab_image.cache_clear()
        box = chat.ChatBox.__new__(chat.ChatBox)
        box.tab, box.slide = pygame.Rect(0, 0, 150, 46), 0.0
        surface = pygame.Surface((150, 46), pygame.SRCALPHA)
        box._draw_tab(surface)
        return surface

    theme.set_ui_scale(scale)
    try:
        with_word, without = tab("Chat"), tab("")
    finally:
        theme.set_ui_scale(1.0)
        chat._tab_image.cache_clear()
    letters = [x for x in range(150) for y in range(46) if with_word.get_at((x, y)) != without.get_at((x, y))]
    key_chip_left = 150 - 12 - 26
    assert letters and max(letters) < key_chip_left - 3, max(letters, default=None)


def test_really_leave_says_what_leaving_does_once_not_also_as_a_tooltip(app, monkeypatch):
    from game.scenes.pause import PauseScene
    from game.ui import theme
    from tests.client.helpers import record_drawn_text
    note = LanSession(Link()).leave_note
    pause = PauseScene(app, game="linie1", leave_note=note)
    leave = pause.buttons["Leave game"]
    pause.ui.hover, pause.ui.hover_time = leave, 5.0  # the pointer has rested on Leave game
    drawn = record_drawn_text(monkeypatch)
    pause.draw(pygame.Surface((theme.WIDTH, theme.HEIGHT)))
    said_before = " ".join(text for text, _rect in drawn if len(text) > 8 and text in note)
    assert said_before.split() == note.split()  # the tooltip says it under the pointer ...
    pause.leave()
    drawn.clear()
    pause.draw(pygame.Surface((theme.WIDTH, theme.HEIGHT)))
    said = " ".join(text for text, _rect in drawn if len(text) > 8 and text in note)
    assert said.split() == note.split()  # ... and asked once more, the panel says it, once


def test_the_players_read_when_someone_begins_or_stops_watching_a_game_under_way():
    """A spectator's arrival changes only the status's count: the players are told once in the chat (the
    table's count on the chat tab is quiet; the lobby shows the count, so its comings are not news)."""
    link = Link()
    session = LanSession(link)
    link.phase = "lobby"
    for phase, watching in (("lobby", 0), ("lobby", 1), ("playing", 0), ("playing", 1), ("playing", 3),
                            ("playing", 2), ("playing", 0)):
        link.phase = phase
        link.set_seats([seat("Ada"), seat("Ben")])
        link.inbox[-1]["spectators"] = watching
        session.poll()
    assert [line.text for line in session.chat if line.notice] == [
        "Nobody watches any more.", "Someone began watching: 1 watching.", "2 people began watching: 3 watching.",
        "Someone stopped watching: 2 watching.", "Nobody watches any more."]


def test_a_watchers_screen_is_told_nothing_of_the_other_watchers_nor_of_itself():
    """At a bots-only show watchers come and go all day: their chat would fill with it."""
    link = Link()
    link.seat, link.role = None, None
    session = LanSession(link)
    link.set_seats([seat("Ada"), seat("Ben")])  # the status after the hello
    session.poll()
    link.role = "spectator"
    link.inbox.append({"type": "welcome", "seat": None, "name": "Cleo", "version": 3})
    for watching in (1, 2, 1):  # this screen counted, then someone else, who goes again
        link.set_seats([seat("Ada"), seat("Ben")])
        link.inbox[-1]["spectators"] = watching
        session.poll()
    assert not [line.text for line in session.chat if line.notice]


def test_the_chat_lines_end_above_a_first_game_hint_standing_in_their_room(app):
    """Linja's first hint stands in the side panel the chat's lines rise over, and comes with the start,
    as the players wish each other luck: a line drawn over it hid its words for nine seconds."""
    link = Link()
    session = LanSession(link)
    link.chat("Viel Glück")
    room = pygame.Rect(24, 600, 900, 400)  # the default corner above the tab
    for hint, expected in ((pygame.Rect(100, 900, 600, 120), 894), (pygame.Rect(100, 610, 600, 300), None),
                           (None, None)):
        scene = Table(app, session)
        scene.lan_hud = NetHud(scene, session, lambda seat: (100, 100 + 60 * seat), feed_box=room.copy,
                               hint_box=lambda hint=hint: hint)
        app.push(scene)
        run(app, 0.3)
        assert scene.lan_hud.chat.feed_bottom == expected  # too little room above a hint: the line shows
        feed = scene.lan_hud.feed_rect()
        assert feed is not None and (hint is None or expected is None or feed.bottom <= hint.top)
        app.stack.pop()



def test_letters_typed_in_the_frame_the_chat_opened_in_are_not_lost(app, lan):
    """SDL makes text of key presses only while a field takes text: the letters read in the same frame
    as the T that opened the chat came as bare key presses, and "Liniell!" arrived as "niell!"."""
    table, link = lan
    pressed = [pygame.event.Event(pygame.KEYDOWN, key=ord(ch.lower()), mod=pygame.KMOD_SHIFT if ch.isupper() else 0,
                                  unicode=ch, scancode=0) for ch in "Li"]
    run(app, 0.05, key(pygame.K_t) + pressed)
    run(app, 0.05, typed("niell!") + key(pygame.K_RETURN))  # from the next frame SDL sends text
    assert link.sent == ["Liniell!"]
    assert table.seen.count("rotate") == 0



def test_a_fading_chat_lines_words_go_before_its_back_so_two_texts_never_read_over_each_other():
    """The line stands over a seat's row (Linie 1) or a panel's words: fading alike, both texts showed at
    half strength for a second."""
    from game.lan.chat import FEED_SHADE, feed_alphas
    assert feed_alphas(1.0) == (FEED_SHADE, 255) and feed_alphas(0.0) == (0, 0)
    for step in range(101):
        shade, ink = feed_alphas(step / 100)
        if shade < 0.75 * FEED_SHADE:  # what stands under the line starts to show through ...
            assert ink < 0.2 * 255  # ... when the line's own words are nearly gone
