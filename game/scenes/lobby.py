"""LAN play from the client: host a table, find or join one, and wait in its lobby.

- ``HostScene``: the setup screen, where every other seat is an open LAN seat or a bot. Opening
  the table runs a ``net.host`` Host on a background thread (advertised over zeroconf) and seats
  the host player through a ``NetSession`` like anyone else.
- ``JoinScene``: the tables found on the network (each verified by a hello) and "join by address".
- ``LobbyScene``: the seats as the host reports them; the host starts the game; then the game's
  table scene takes over the session, exactly as for a local game.
"""

from __future__ import annotations

import socket
from typing import Any

import pygame

from game.scenes.setup import OPEN_NAME, SetupScene
from game.scenes.stack import Scene
from game.scenes.tables import table_scene
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import Button, ListView, TextInput

DEFAULT_PORT = 47000
PANEL = pygame.Rect(260, 140, 1400, 780)


def _title_scene(app: Any) -> Scene:
    from game.scenes.title import TitleScene
    return TitleScene(app)


class HostedSession:
    """The host player's NetSession; closing it also closes the table this program hosts."""

    def __init__(self, session: Any, thread: Any) -> None:
        self._session = session
        self._thread = thread

    def __getattr__(self, name: str) -> Any:
        return getattr(self._session, name)

    def close(self) -> None:
        self._session.close()
        self._thread.stop()


class HostScene(SetupScene):
    """Choose the game, the seats (open for LAN players, or bots) and the options; open the table."""

    name = "host"
    start_label = "Open table"
    heading_text = "Host a LAN table"
    bind = "0.0.0.0"
    advertise = True

    @staticmethod
    def offered_games() -> list[str]:
        return [name for name in SetupScene.offered_games() if table_scene(name) is not None]

    @staticmethod
    def default_kind(index: int, values: list[str]) -> str:
        return values[0]  # you, then open seats

    def row_kinds(self, index: int, levels: list[str]) -> list[tuple[str, str]]:
        if index == 0:
            return [("human", "You (host)")]
        return [("open", "Open seat")] + [(f"bot:{level}", f"Bot · {level}") for level in levels]

    def start_game(self) -> None:
        from game.match import Match
        from net.host import Host, HostConfig, HostThread
        from net.table import SeatSlot

        config = self.config()
        me = self.app.settings.player_name
        infos = config.seats
        for index, info in enumerate(infos):
            if info.kind == "human":
                info.kind = "open"  # the host player claims it like any LAN player
                info.name = me if index == 0 else f"Seat {index + 1}"
            elif info.kind == "open":
                info.name = f"Seat {index + 1}"
        from game.scenes.launch import new_seed
        match = Match(config.game, infos, new_seed(), config.options)
        slots = [SeatSlot(bot_level=info.level if info.kind == "bot" else None) for info in infos]
        host = Host(match, slots, HostConfig(name=f"{me}'s table", bot_delay=0.4))
        thread = HostThread(host, bind=self.bind, advertise=self.advertise)
        try:
            port = thread.start()
        except OSError as error:
            self.message = f"Could not open the table: {error}"
            self.app.sounds.play("error")
            return
        from net.client import NetSession
        session = NetSession("127.0.0.1", port, me)
        session.claim(0)
        self.app.replace(LobbyScene(self.app, HostedSession(session, thread), port=port, hosting=True))


class JoinScene(Scene):
    """Tables on this network, verified before they are listed; or an address typed in."""

    name = "join"

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.browser: Any = None
        self.tables: list[dict[str, Any]] = []
        self.message = ""
        self.list = ListView(pygame.Rect(PANEL.x + 40, PANEL.y + 140, PANEL.width - 80, 380), [], self._pick, 0,
                             72, 30)
        self.address = TextInput(pygame.Rect(PANEL.x + 40, PANEL.y + 580, 620, 76), "", lambda text: None, 60,
                                 f"address:port (port {DEFAULT_PORT} if left out)")
        self.join_address = Button((PANEL.x + 690, PANEL.y + 576, 300, 84), "Join address", self.join_typed,
                                   "secondary", 34)
        self.join_button = Button((PANEL.right - 340, PANEL.bottom - 110, 300, 84), "Join table", self.join_listed,
                                  "good", 38)
        self.back = Button((PANEL.x + 40, PANEL.bottom - 110, 240, 84), "Back", self.close, "secondary", 38)
        for widget in (self.list, self.address, self.join_address, self.join_button, self.back):
            self.ui.add(widget)
        self.ui.set_focus(self.list)

    def enter(self) -> None:
        try:
            from net.discovery import TableBrowser
            self.browser = TableBrowser()
        except (ImportError, OSError) as error:  # no multicast here: joining by address still works
            self.message = f"Cannot look for tables here ({error}); join by address."

    def exit(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.browser = None

    def close(self) -> None:
        self.app.pop()

    def _pick(self, index: int) -> None:
        self.list.selected = index

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.browser is not None:
            self.tables = sorted(self.browser.tables(), key=lambda table: (not table["compatible"], table["name"]))
            self.list.items = [self._describe(table) for table in self.tables]
            self.list.selected = min(self.list.selected, max(0, len(self.tables) - 1))
        self.join_button.enabled = bool(self.tables) and self.tables[self.list.selected]["compatible"]

    @staticmethod
    def _describe(table: dict[str, Any]) -> str:
        text = (f"{table['name']} · {table.get('title') or table['game']} · "
                f"{table['seats_taken']}/{table['seats_total']} seats · {table['phase']}")
        return text if table["compatible"] else f"{text} — {table.get('reason') or 'incompatible'}"

    def join_listed(self) -> None:
        if self.tables:
            table = self.tables[self.list.selected]
            self.join(str(table["address"]), int(table["port"]))

    def join_typed(self) -> None:
        text = self.address.text.strip()
        host, _, port_text = text.rpartition(":") if ":" in text else (text, "", str(DEFAULT_PORT))
        try:
            port = int(port_text)
        except ValueError:
            self.message = "The port must be a number, like 192.168.1.20:47000."
            self.app.sounds.play("error")
            return
        self.join(host or "127.0.0.1", port)

    def join(self, address: str, port: int) -> None:
        from net.client import probe
        from net.discovery import compatibility
        try:
            hello = probe(address, port, timeout=1.5)
        except Exception as error:  # noqa: BLE001 - any failure to reach a table is told, never raised
            self.message = f"No table answered at {address}:{port} ({error.__class__.__name__})."
            self.app.sounds.play("error")
            return
        ok, reason = compatibility(hello)
        if not ok:
            self.message = f"That table cannot be joined: {reason}"
            self.app.sounds.play("error")
            return
        from net.client import NetSession
        session = NetSession(address, port, self.app.settings.player_name)
        self.app.replace(LobbyScene(self.app, session, port=port, hosting=False))

    def handle(self, intent: Intent) -> bool:
        if intent.kind == "cancel":
            self.close()
            return True
        return super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        theme.panel(surface, PANEL, theme.PLUM, 30, theme.PLUM_LIGHT, 10)
        theme.heading(surface, "Join a LAN game", (PANEL.centerx, PANEL.y + 64), 64)
        if not self.tables:
            theme.draw_text(surface, "Looking for tables on this network…", (PANEL.x + 48, PANEL.y + 160), 30,
                            theme.CREAM_DIM)
        theme.draw_text(surface, "Or type the host's address:", (PANEL.x + 44, PANEL.y + 536), 28, theme.CREAM)
        if self.message:
            theme.draw_text(surface, self.message, (PANEL.x + 44, PANEL.y + 676), 26, theme.CORAL,
                            theme.TEXT_BOLD_FONT)
        super().draw(surface)


class LobbyScene(Scene):
    """Waiting for players: the seats, who is connected, and (for the host) the Start button."""

    name = "lobby"

    def __init__(self, app, session: Any, port: int, hosting: bool) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.session = session
        self.port = port
        self.hosting = hosting
        self.message = ""
        self.claimed = hosting  # the host player asked for seat 0 already
        self.handed_over = False
        self.start = Button((PANEL.right - 340, PANEL.bottom - 110, 300, 84), "Start game", self.start_game, "good", 38)
        self.start.visible = hosting
        self.leave_button = Button((PANEL.x + 40, PANEL.bottom - 110, 240, 84), "Leave", self.leave, "secondary", 38)
        self.ui.add(self.start)
        self.ui.add(self.leave_button)
        self.ui.set_focus(self.start if hosting else self.leave_button)

    def start_game(self) -> None:
        self.session.start_game()

    def leave(self) -> None:
        self.session.close()
        self.app.stack.reset(_title_scene(self.app))

    def handle(self, intent: Intent) -> bool:
        if intent.kind == "cancel":
            self.leave()
            return True
        return super().handle(intent)

    def update(self, dt: float) -> None:
        super().update(dt)
        for message in self.session.poll():
            if message.get("type") == "error":
                self.message = str(message.get("message", ""))
                if message.get("code") == "net.seat_taken":
                    self.claimed = False
            elif message.get("type") == "status" and message.get("link") == "closed":
                self.message = f"The table closed: {message.get('reason', '')}"
        seats = self.session.status.get("seats", [])
        if not self.claimed and seats and self.session.role is None:
            free = next((i for i, seat in enumerate(seats) if seat["kind"] == "open" and not seat["claimed"]), None)
            if free is None:
                self.session.spectate()
            else:
                self.session.claim(free)
            self.claimed = True
        self.start.enabled = self.hosting and self.session.role == "seat" and self.session.link == "up"
        if self.session.phase in ("playing", "over") and not self.handed_over:
            self._hand_over()

    def _hand_over(self) -> None:
        """The game began: the game's own table scene takes the session from here."""
        try:
            self.session.view(self.session.seat)
        except KeyError:
            return  # the first view is still on its way
        scene_class = table_scene(self.session.game)
        if scene_class is None:
            self.message = "This client has no table for that game."
            return
        self.handed_over = True
        self.app.stack.reset(scene_class(self.app, self.session, None))

    def exit(self) -> None:
        if not self.handed_over:
            self.session.close()

    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        theme.panel(surface, PANEL, theme.PLUM, 30, theme.PLUM_LIGHT, 10)
        table = self.session.table or {}
        title = table.get("table") or "Connecting…"
        theme.heading(surface, str(title), (PANEL.centerx, PANEL.y + 64), 60)
        game = table.get("title") or self.session.game
        where = f"{game} · port {self.port}" if game else f"port {self.port}"
        if self.hosting:
            where += f" · others join at {_local_address()}:{self.port}"
        theme.draw_text(surface, where, (PANEL.centerx, PANEL.y + 122), 28, theme.CREAM_DIM, anchor="center")
        for index, seat in enumerate(self.session.status.get("seats", [])):
            row = pygame.Rect(PANEL.x + 60, PANEL.y + 170 + index * 82, PANEL.width - 120, 68)
            mine = self.session.role == "seat" and self.session.seat == index
            pygame.draw.rect(surface, theme.PLUM_LIGHT if mine else theme.NIGHT_2, row, border_radius=16)
            pygame.draw.circle(surface, theme.player_colour(index), (row.x + 36, row.centery), 18)
            name = OPEN_NAME if seat["kind"] == "open" and not seat["claimed"] else seat["name"]
            if mine:
                name += "  (you)"
            theme.draw_text(surface, name, (row.x + 70, row.centery), 30, theme.CREAM, theme.TEXT_BOLD_FONT,
                            "midleft")
            if seat["kind"] == "bot":
                state = f"bot · {seat['level']}"
            elif seat["claimed"]:
                state = "away" if seat["away"] else ("connected" if seat["connected"] else "disconnected")
            else:
                state = "waiting for a player"
            theme.draw_text(surface, state, (row.right - 24, row.centery), 26, theme.CREAM_DIM, anchor="midright")
        note = self.message or ("Start when everyone is seated; open seats become bots." if self.hosting
                                else "Waiting for the host to start the game…")
        theme.draw_text(surface, note, (PANEL.centerx, PANEL.bottom - 150), 28,
                        theme.CORAL if self.message else theme.CREAM_DIM, theme.TEXT_BOLD_FONT, "center")
        super().draw(surface)


def _local_address() -> str:
    """An IPv4 address of this machine on the LAN (interfaces are listed, nothing is sent)."""
    try:
        import ifaddr  # comes with zeroconf
        for adapter in ifaddr.get_adapters():
            for ip in adapter.ips:
                if isinstance(ip.ip, str) and not ip.ip.startswith("127."):
                    return ip.ip
    except (ImportError, OSError):
        pass
    return socket.gethostbyname(socket.gethostname())
