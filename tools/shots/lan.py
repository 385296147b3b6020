"""Shots of the LAN screens: hosting, the lobby, the join list, and a table with its LAN HUD.

No sockets here: ``ShotLink`` looks to the screens like a ``NetSession`` (seats, link, chat) and
keeps a local game behind it, so every shot is the same on every run.
"""

from __future__ import annotations

from typing import Any

from game.core.registry import get_game
from game.i18n import _ as words  # this module keeps _ for values it throws away
from game.lan.host import HostScene
from game.lan.join import JoinScene
from game.lan.lobby import LobbyScene
from game.lan.session import LanSession
from game.match import Match, SeatInfo
from game.scenes.title import TitleScene
from game.session import LocalSession
from net.discovery import compatibility
from tools.screenshot import shot


def seat(name: str, kind: str = "human", claimed: bool = True, connected: bool = True, away: bool = False,
         bot: bool = False, level: str = "normal", asked_start: bool = False,
         bot_in: int | None = None) -> dict[str, Any]:
    return {"name": name, "kind": kind, "level": level, "claimed": claimed, "connected": connected, "away": away,
            "bot": bot, "asked_start": asked_start, "bot_in": bot_in}


class ShotLink:
    """A NetSession as the screens see it, with a local game (or none, in the lobby) behind it."""

    def __init__(self, seats: list[dict[str, Any]], table: str, local: LocalSession | None = None,
                 phase: str = "lobby", seat: int = 0, game: str = "linie1") -> None:
        self.local = local
        self.game = local.game if local is not None else game
        self.table = {"table": table, "title": get_game(self.game).title, "game": self.game, "phase": phase}
        self.status: dict[str, Any] = {"type": "status", "seats": seats, "phase": phase, "spectators": 1}
        self.seat, self.role, self.phase, self.link = seat, "seat", phase, "up"
        self.address, self.port, self.token = "192.168.1.20", 47000, None
        self.inbox: list[dict[str, Any]] = []

    @property
    def controlled_seats(self) -> list[int]:
        return [self.seat]

    def submit(self, seat: int, action: dict[str, Any]) -> None:
        if self.local is not None:
            self.local.submit(seat, action)

    def poll(self) -> list[dict[str, Any]]:
        messages = self.local.poll() if self.local is not None else []
        messages += self.inbox
        self.inbox = []
        return messages

    def pump(self) -> None:
        if self.local is not None:
            self.local.pump()

    def view(self, seat: int | None) -> dict[str, Any]:
        if self.local is None:
            raise KeyError(seat)
        return self.local.view(seat)

    def chat(self, text: str) -> None:
        self.inbox.append({"type": "chat", "seat": self.seat, "name": "Ada", "text": text})

    def close(self) -> None:
        if self.local is not None:
            self.local.close()


def sits(name: str) -> str:
    """The lobby's notice, in the shot's language as the session words it (``game.lan.session``)."""
    return words("{name} sits down.").format(name=name)


def away(name: str) -> str:
    return words("{name} is away.").format(name=name)


def chatter(link: ShotLink, lines: list[tuple[int | None, str, str]]) -> LanSession:
    """A LanSession over ``link`` whose chat already holds ``lines`` (seat, name, text; seat None: a notice)."""
    session = LanSession(link)
    for speaker, name, text in lines:
        if speaker is None:
            session.notice(text)
        else:
            link.inbox.append({"type": "chat", "seat": speaker, "name": name, "text": text})
            session.collect()
    return session


@shot("lan_host_setup")
def host_setup(app: Any) -> None:
    app.push(TitleScene(app))
    scene = HostScene(app)
    app.push(scene)
    scene.rows[0].name_field.text = scene.rows[0].name = "Ada"
    scene.count.index = 2
    scene.set_players(4)
    scene.rows[3].kind_choice.step(1)  # the last seat: an easy bot
    scene.set_kind(3, scene.rows[3].kind_choice.value)
    scene.table_name.text = "Ada's tram depot"
    scene.table_name_edited = True


@shot("lan_lobby", settle=1.2)
def lobby(app: Any) -> None:
    link = ShotLink([seat("Ada"), seat("Ben"), seat("Cleo", away=True), seat("Seat 4", "open", claimed=False)],
                    "Ada's tram depot")
    session = chatter(link, [
        (None, "", sits("Ben")), (1, "Ben", "Evening! Who brought the snacks?"),
        (None, "", sits("Cleo")), (2, "Cleo", "Me. Pretzels. Start without the fourth?"),
        (0, "Ada", "Give Dora two more minutes, then we go."),
    ])
    app.push(TitleScene(app))
    app.push(LobbyScene(app, session, port=47000, hosting=True))


@shot("lan_lobby_liniell", settle=1.2)
def lobby_liniell(app: Any) -> None:
    """A Liniell table: its rhombs are blue, so the second seat plays in mint here as on the board."""
    link = ShotLink([seat("Ada"), seat("Ben")], "Rhomb duel", game="liniell")
    session = chatter(link, [(None, "", sits("Ben")), (1, "Ben", "Mint suits me."), (0, "Ada", "Ready?")])
    app.push(TitleScene(app))
    app.push(LobbyScene(app, session, port=47000, hosting=True))


@shot("lan_lobby_ready", settle=1.2)
def lobby_ready(app: Any) -> None:
    """A guest at a dedicated host (linie-host): Ben is Ready, Ada (this screen) not yet."""
    link = ShotLink([seat("Ada"), seat("Ben", asked_start=True), seat("Seat 3", "open", claimed=False),
                     seat("Bot 1", "bot", claimed=False, connected=False, level="easy")], "Friday table")
    link.table["guests_start"] = True
    session = chatter(link, [(None, "", sits("Ben")), (1, "Ben", "Ready when you are.")])
    app.push(TitleScene(app))
    app.push(LobbyScene(app, session, port=47000, hosting=False))


class ShotBrowser:
    """Two tables heard on the network: one to join, one from a program with other rules."""

    def tables(self) -> list[dict[str, Any]]:
        common = {"protocol": 2, "game": "linie1", "title": "Linie 1", "port": 47000}
        return [
            {**common, "service": "a", "name": "Ben's kitchen table", "seats_taken": 2, "seats_total": 4,
             "phase": "lobby", "rules_version": _rules(), "address": "192.168.1.31", "compatible": True,
             "reason": ""},
            {**common, "service": "b", "name": "Office lunch league", "seats_taken": 3, "seats_total": 3,
             "phase": "playing", "rules_version": _older_rules(), "address": "192.168.1.47", "compatible": False,
             "reason": compatibility({**common, "rules_version": _older_rules()})[1]},  # in the screen's words
            {**common, "service": "c", "name": "Rhomb duel", "game": "liniell", "title": "Liniell",
             "seats_taken": 1, "seats_total": 2, "phase": "lobby", "rules_version": get_game("liniell").rules_version,
             "address": "192.168.1.52", "compatible": True, "reason": ""},
        ]

    def close(self) -> None:
        pass


def _older_rules() -> str:
    """Linie 1's rules version before this one's: a table of an older Linie."""
    return str(int(_rules()) - 1)


def _rules() -> str:
    return get_game("linie1").rules_version


class ShotJoin(JoinScene):
    def enter(self) -> None:
        self.browser = ShotBrowser()


@shot("lan_join", settle=1.0)
def join(app: Any) -> None:
    app.push(TitleScene(app))
    scene = ShotJoin(app)
    app.push(scene)
    scene.ui.set_focus(scene.list)


def _table(app: Any, seats: list[dict[str, Any]]) -> tuple[Any, LanSession, ShotLink]:
    from game.tables.linie1.table import Linie1Table
    from tools.shots.linie1 import advanced
    local = advanced(5, lambda view: len(view["board"]["tiles"]) >= 20 and view["current"] == 0)
    match: Match = local.match
    match.seats[1] = SeatInfo("Ben", "human", colour=1)  # LAN players at these seats, as the host sees them
    match.seats[2] = SeatInfo("Cleo", "human", colour=2)
    link = ShotLink(seats, "Ada's tram depot", local, "playing")
    session = chatter(link, [
        (1, "Ben", "Who keeps building through my station?"), (None, "", away("Cleo")),
        (0, "Ada", "Not me. Probably the bot."),
    ])
    scene = Linie1Table(app, session, None)
    app.push(scene)
    return scene, session, link


@shot("lan_table_chat", settle=0.8)
def table_chat(app: Any) -> None:
    from game.ui.input import Intent
    scene, _, _ = _table(app, [seat("Ada"), seat("Ben"), seat("Cleo", away=True)])
    scene.lan_hud.handle(Intent("chat"))
    for letter in "Ha! Watch line 4 sneak round the Dom":
        scene.lan_hud.handle(Intent("text", value=letter))


@shot("lan_table_reconnecting", settle=0.8)
def table_reconnecting(app: Any) -> None:
    scene, _, link = _table(app, [seat("Ada"), seat("Ben", connected=False), seat("Cleo", bot=True)])
    link.link = "down"
    link.inbox.append({"type": "status", "link": "down", "reason": "Connection reset by peer"})


@shot("lan_table_host_closed", settle=0.8)
def table_host_closed(app: Any) -> None:
    """The hosting player left (their table autosaved): the guests wait for it to open again."""
    scene, _, link = _table(app, [seat("Ada", connected=False), seat("Ben"), seat("Cleo")])
    link.link, link.host_closed = "down", True
    link.inbox.append({"type": "status", "link": "down", "reason": "the host closed the table"})


def _told(session: LanSession, link: ShotLink) -> None:
    """The host's status read once more: the session counts the seats' seconds down from it."""
    link.inbox.append(dict(link.status))
    session.collect()


@shot("lan_table_replaced", settle=0.8)
def table_replaced(app: Any) -> None:
    """The hosting player left mid-game and opened another table on the same port: this game stopped
    here, not ended, and the guest's seat waits for it."""
    scene, _, link = _table(app, [seat("Ada"), seat("Ben"), seat("Cleo")])
    link.link = "closed"
    link.inbox.append({"type": "status", "link": "closed", "replaced": True,
                       "reason": "another table, “Ada's table”, now answers at 192.168.1.20:47000"})


@shot("lan_table_countdown", settle=0.8)
def table_countdown(app: Any) -> None:
    """Ben's link dropped and Cleo went silent: the others read when a bot takes their seats."""
    scene, session, link = _table(app, [seat("Ada"), seat("Ben", connected=False, bot_in=25),
                                        seat("Cleo", away=True, bot_in=71)])
    _told(session, link)


@shot("lan_lobby_countdown", settle=1.2)
def lobby_countdown(app: Any) -> None:
    """A guest at a dedicated host: Ben's link dropped, and the others may start without him soon."""
    link = ShotLink([seat("Ada", asked_start=True), seat("Ben", connected=False, bot_in=25),
                     seat("Seat 3", "open", claimed=False)], "Friday table")
    link.table["guests_start"] = True
    session = chatter(link, [(None, "", sits("Ben")), (1, "Ben", "Brb, router.")])
    _told(session, link)
    app.push(TitleScene(app))
    app.push(LobbyScene(app, session, port=47000, hosting=False))


class ShotHosted:
    """The table this screen hosts, as the results see it (nothing is served)."""

    save_problem = ""

    def saved_table(self) -> None:
        return None

    def stop(self, goodbye: bool = True) -> None:
        pass


def _lan_results(app: Any, link: ShotLink, hosted: ShotHosted | None = None, replay_problem: str = "") -> None:
    from game.lan.results import LanResultsScene
    from game.scenes.figures import generic_figures
    from game.tables.base import players_title

    seats = [{"name": s["name"], "kind": s["kind"], "level": s["level"], "colour": i}
             for i, s in enumerate(link.status["seats"])]
    outcome = {"winners": [1], "draw": False, "scores": [9, 12, 7]}
    session = LanSession(link, hosted=hosted)  # type: ignore[arg-type]
    session.replay_problem = replay_problem
    app.push(TitleScene(app))
    app.push(LanResultsScene(app, generic_figures({"match": {"seats": seats}}, outcome), outcome,
                             players_title("Linie 1", len(seats)), session))


@shot("lan_results_host", settle=1.6)
def lan_results_host(app: Any) -> None:
    """The hosting player's results: Play again deals at the same table, Close table ends it."""
    link = ShotLink([seat("Ada"), seat("Ben"), seat("Bot 1", "bot", claimed=False, connected=False)],
                    "Ada's tram depot", phase="over")
    _lan_results(app, link, ShotHosted())


FULL_DISK = "No space left on device"


@shot("lan_lobby_save_problem", settle=1.2)
def lan_lobby_save_problem(app: Any) -> None:
    """The hosting player's lobby while the table's autosave fails: the notice stands left of Leave."""
    hosted = ShotHosted()
    hosted.save_problem = FULL_DISK
    link = ShotLink([seat("Ada"), seat("Ben"), seat("Cleo"), seat("Dora"), seat("Emil")], "Ada's tram depot")
    app.push(TitleScene(app))
    app.push(LobbyScene(app, LanSession(link, hosted=hosted), port=47000, hosting=True))  # type: ignore[arg-type]


@shot("lan_results_save_problem", settle=1.6)
def lan_results_save_problem(app: Any) -> None:
    """The hosting player's results while the table's autosave fails: the notice stands left of Play again."""
    hosted = ShotHosted()
    hosted.save_problem = FULL_DISK
    link = ShotLink([seat("Ada"), seat("Ben"), seat("Bot 1", "bot", claimed=False, connected=False)],
                    "Ada's tram depot", phase="over")
    _lan_results(app, link, hosted)


@shot("lan_results_replay_problem", settle=1.6)
def lan_results_replay_problem(app: Any) -> None:
    """The hosting player's results when the disk refuses the finished game's replay: said above the
    buttons, as a local game's results say it."""
    link = ShotLink([seat("Ada"), seat("Ben"), seat("Bot 1", "bot", claimed=False, connected=False)],
                    "Ada's tram depot", phase="over")
    _lan_results(app, link, ShotHosted(), FULL_DISK)


@shot("lan_results_waiting", settle=1.6)
def lan_results_waiting(app: Any) -> None:
    """A guest at linie-host who chose Play again, waiting for the others."""
    link = ShotLink([seat("Ada", asked_start=True), seat("Ben"), seat("Cleo", asked_start=True)],
                    "Friday table", phase="over")
    link.table["guests_start"] = True
    _lan_results(app, link)


@shot("lan_results_spectator", settle=1.6)
def lan_results_spectator(app: Any) -> None:
    """A spectator's results: only the way out, and what happens if the players play again."""
    link = ShotLink([seat("Ada"), seat("Ben"), seat("Cleo")], "Ada's tram depot", phase="over")
    link.role, link.seat = "spectator", None
    _lan_results(app, link)


@shot("lan_lobby_spectator", settle=1.2)
def lobby_spectator(app: Any) -> None:
    """A spectator in the lobby of a table again after a game: Ben left, so a seat is open to sit down on."""
    link = ShotLink([seat("Ada"), seat("Seat 2", "open", claimed=False), seat("Cleo"),
                     seat("Bot 1", "bot", claimed=False, connected=False)], "Ada's tram depot")
    link.role, link.seat = "spectator", None
    session = chatter(link, [(None, "", words("{name} left the table.").format(name="Ben"))])
    app.push(TitleScene(app))
    app.push(LobbyScene(app, session, port=47000, hosting=False))


def _table_feed(app: Any, game: str, players: int, away: int | None = None) -> None:
    """A LAN table of ``game`` a moment after four chat lines came: they stand in the room the table
    gives them (``TableScene.chat_feed_box``), the tab counting any left out. ``away``: that seat lost its
    connection, and the notice of its bot's countdown stands beside the lines."""
    from game.tables.registry import table_scene
    names = ["Ada", "Tramina", "Ben", "Cleo", "Dora"][:players]
    local = LocalSession(Match(game, [SeatInfo(names[0])] + [SeatInfo(name, "bot", "easy") for name in names[1:]],
                               seed=4))
    link = ShotLink([seat(name) for name in names], "Ada's tram depot", local, "playing", game=game)
    link.status["spectators"] = 2  # the count on the chat tab's edge
    said = [(1, "Good luck!"), (0, "You too."), (2 % players, "That line of yours reaches both stations first."),
            (0, "Offices next.")]
    link_lines = [(speaker, names[speaker], text) for speaker, text in said]
    session = LanSession(link)
    table = table_scene(game)(app, session, None)
    app.push(table)
    if away is not None and table.lan_hud is not None:  # as the host's status would count it down
        from game.lan.hud import countdown_words
        table.lan_hud.countdowns = lambda: [countdown_words(names[away], 40)]
    for speaker, name, text in link_lines:  # said now, not before the table opened: they show
        link.inbox.append({"type": "chat", "seat": speaker, "name": name, "text": text})


@shot("lan_feed_linie1", settle=0.5)
def feed_linie1(app: Any) -> None:
    _table_feed(app, "linie1", 4)


@shot("lan_feed_liniell", settle=0.5)
def feed_liniell(app: Any) -> None:
    _table_feed(app, "liniell", 2)


@shot("lan_feed_bus", settle=0.5)
def feed_bus(app: Any) -> None:
    _table_feed(app, "bus", 5)


@shot("lan_feed_linja", settle=0.5)
def feed_linja(app: Any) -> None:
    _table_feed(app, "linja", 2)


@shot("lan_feed_bus_notice", settle=0.5)
def feed_bus_notice(app: Any) -> None:
    _table_feed(app, "bus", 4, away=1)
