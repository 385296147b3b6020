"""Host a LAN game: the setup screen with open seats, a table name, and a table served from here.

The first seat is the host player; every other seat is open for a player on the network or a bot
of some level, and only the host starts the game. Each seat plays in its own number's colour as the
game allows it (``game.render.palette``), so the join list and the lobby (which know the game and
the seats but no colours) and the table agree. "Open table" runs a ``net.host.Host`` on a
background thread — on port 47000 when it is free, so friends can type the address, else on any
free port — announces it over zeroconf, and seats the host player through a ``NetSession`` like
anyone else.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.bots import bot_label
from game.i18n import N_, _
from game.lan.address import lan_address
from game.lan.lobby import LobbyScene
from game.lan.session import LanSession
from game.match import Match, SeatInfo
from game.saves import new_save_path
from game.scenes.setup import GAME_PANEL, SetupScene
from game.scenes.stack import AppServices
from game.tables.launch import new_seed
from game.tables.registry import has_table
from game.ui import theme
from game.ui.widgets import TextInput
from net.client import NetSession
from net.host import Host, HostConfig
from net.host_thread import HostThread
from net.table import SeatSlot

TABLE_NAME_LIMIT = 40
BOT_TAKEOVER_SECONDS = 90.0  # as the dedicated host: an absent player's seat goes to a bot meanwhile
BOT_DELAY = 0.5  # seconds a bot waits before moving, so the others can follow
NAME_FIELD = pygame.Rect(GAME_PANEL.x, 968, GAME_PANEL.width, 72)
NAME_LABEL = pygame.Rect(NAME_FIELD.x, NAME_FIELD.y - 38, NAME_FIELD.width, 38)  # "Table name", over the field


def hosted_config(table_name: str, save_path: Path | None) -> HostConfig:
    """How a table hosted from the game behaves: only its host starts it, bots wait a moment before
    moving, an absent player's seat goes to a bot meanwhile, it autosaves in the saves folder, and
    seat 1 is held for its host player from the start (no guest who knocks first can take it)."""
    return HostConfig(name=table_name, bot_delay=BOT_DELAY, clients_may_start=False, owner_seat=0,
                      bot_takeover_after=BOT_TAKEOVER_SECONDS, save_path=save_path)


def serve_table(make_host: Callable[[], Host], bind: str, port: int | None, advertise: bool
                ) -> tuple[HostThread, int, bool]:
    """Serve on port 47000 when it is free, else any (``Host.serve``); if announcing fails, serve
    unannounced. Returns the thread, its port and whether the table is announced."""
    attempts = [advertise, False] if advertise else [False]
    failure: Exception = OSError("no port to listen on")
    for announce in attempts:
        thread = HostThread(make_host(), bind=bind, port=port, advertise=announce)
        try:
            return thread, thread.start(), announce
        except Exception as error:  # noqa: BLE001 - a busy port, or no multicast on this machine
            thread.stop(goodbye=False)
            failure = error
    raise failure


def resume_hosted_table(app: AppServices, path: Path, accept_damage: bool = False) -> None:
    """Open again the LAN table hosted from here and saved at ``path``: the host player takes seat 1
    back with its token, and everyone else gets theirs back with theirs (their programs knock again
    on their own, as with ``linie-host --resume``). SnapshotError when the save cannot be trusted."""
    def make_host() -> Host:  # the save is checked before anything listens
        return Host.resume(path, hosted_config("", path), accept_damage=accept_damage)

    thread, port, announced = serve_table(make_host, HostScene.bind, HostScene.port, HostScene.advertise)
    token = thread.host.owner_token  # held for the host player even in a save from before seat 1 was held
    session = LanSession(NetSession("127.0.0.1", port, thread.host.match.seats[0].name, token=token), hosted=thread,
                         address=lan_address(HostScene.bind), port=port)
    if not announced:
        session.notice(_("This table could not be announced on the network; others join by address."))
    if token is None:
        session.claim(0)
    app.stack.reset(LobbyScene(app, session, port=port, hosting=True))


class HostScene(SetupScene):
    """Choose the game, the seats (open for LAN players, or bots), the options and the table's name."""

    name = "host"
    start_label = N_("Open table")
    heading_text = N_("Host a LAN table")
    remembers = False  # a LAN table starts from open seats, not from the last local game's bots
    bind = "0.0.0.0"
    advertise = True
    port: int | None = None  # None: 47000 when it is free, else any free port (Host.serve)

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        for row in self.rows:  # each seat keeps its own number's colour, as the game allows it
            row.swatch.enabled = False
            row.swatch.tooltip = _("At a LAN table each seat plays in its own colour.")
        self.table_name_edited = False
        self.table_name = TextInput(NAME_FIELD, self.default_table_name(), self._name_table, TABLE_NAME_LIMIT,
                                    _("Table name"), 30, _("The name players see when they look for tables."))
        self.table_name.tooltip_beside = False  # beside it stand Back and Open table: the word goes above,
        self.table_name.tooltip_above = True  # over the label too ("Table name"), which it hid
        self.table_name.tooltip_anchor = NAME_FIELD.union(NAME_LABEL)
        self.ui.add(self.table_name)

    @staticmethod
    def offered_games() -> list[str]:
        return [name for name in SetupScene.offered_games() if has_table(name)]

    @staticmethod
    def default_kind(index: int, values: list[str]) -> str:
        return values[0]  # you, then open seats

    def row_kinds(self, index: int, levels: list[str]) -> list[tuple[str, str]]:
        if index == 0:
            return [("human", _("You (host)"))]
        return [("open", _("Open seat"))] + [(f"bot:{level}", bot_label(level)) for level in levels]

    def next_colour(self, index: int) -> None:
        """Colours are the seats' own here (see the module docstring)."""

    # -- the table's name follows the host's name until it is typed ---------------------------------
    def default_table_name(self) -> str:
        name = self.rows[0].name.strip() or self.app.settings.shown_name()
        return _("{name}'s table").format(name=name)[:TABLE_NAME_LIMIT]

    def _name_table(self, text: str) -> None:
        self.table_name_edited = True

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.table_name_edited and self.table_name.text != self.default_table_name():
            self.table_name.text = self.default_table_name()
            self.table_name.caret = len(self.table_name.text)

    # -- opening the table --------------------------------------------------------------------------
    def start_game(self) -> None:
        if self.game is None:
            return

        config = self.config()
        me = config.seats[0].name
        infos = [SeatInfo(info.name, "bot", info.level, info.colour) if info.kind == "bot"
                 else SeatInfo(me if index == 0 else _("Seat {number}").format(number=index + 1), "open",
                               colour=info.colour)
                 for index, info in enumerate(config.seats)]
        table_name = self.table_name.text.strip() or self.default_table_name()

        try:
            save_path: Path | None = new_save_path(config.game)
        except OSError:
            save_path = None  # the table plays on; the host's pill says saving fails

        def make_host() -> Any:
            seats = [SeatInfo(i.name, i.kind, i.level, i.colour) for i in infos]
            match = Match(config.game, seats, new_seed(), config.options)
            slots = [SeatSlot(bot_level=info.level if info.kind == "bot" else None) for info in seats]
            return Host(match, slots, hosted_config(table_name, save_path))

        try:
            thread, port, announced = serve_table(make_host, self.bind, self.port, self.advertise)
        except Exception as error:  # noqa: BLE001 - a table that cannot open is told, never raised
            self.message = _("Could not open the table: {error}").format(error=error)
            self.app.sounds.play("error")
            return
        if me != self.app.settings.shown_name():  # a name typed here is the name chosen from now on
            self.app.settings.player_name = me
        self.remember_choices()  # the options opened with, for the next table of this game (saved)
        # the table held seat 1 for its host before it listened: resumed, no guest can take it first
        session = LanSession(NetSession("127.0.0.1", port, me, token=thread.host.owner_token), hosted=thread,
                             address=lan_address(self.bind), port=port)
        if not announced:
            session.notice(_("This table could not be announced on the network; others join by address."))
        self.app.replace(LobbyScene(self.app, session, port=port, hosting=True))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        theme.draw_text(surface, _("Table name"), (NAME_LABEL.x + 4, NAME_LABEL.y), 26, theme.SUNFLOWER,
                        theme.TEXT_BOLD_FONT)
