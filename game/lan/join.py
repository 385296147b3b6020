"""Join a LAN game: the tables found on this network, or an address typed in.

The list comes from ``net.discovery.TableBrowser``: a table shows only once a hello to it has
answered, and disappears when it stops answering. Tables this program cannot join (another
protocol, other rules, a game it does not have) stay listed but greyed, with the reason, so a
player knows why their friend's table cannot be joined. Joining by address says hello first (on
a worker thread, so the screen never freezes) and explains any failure in words.
"""

from __future__ import annotations

import errno
import math
import re
import socket
import threading
import unicodedata
from typing import Any

import pygame

from game.core.text import shows_something
from game.i18n import N_, _
from game.lan import seats as lan_seats
from game.lan.chat import SubmitField
from game.lan.lobby import LobbyScene
from game.lan.session import LanSession
from game.render.palette import seat_colours
from game.scenes.stack import Scene
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import Button, TextInput, Widget, room_for_labels
from net import DEFAULT_PORT
from net.client import NetSession, host_fault_in_words, probe
from net.discovery import TableBrowser, compatibility
from net.protocol import ProtocolError

PANEL = pygame.Rect(120, 150, 1680, 770)
LIST = pygame.Rect(PANEL.x + 40, PANEL.y + 130, PANEL.width - 80, 4 * 108)
ROW_H = 108  # at 100 %; see ``row_height``
PHASES = {"lobby": N_("seats open in the lobby"), "playing": N_("game in progress — join to watch"),
          "over": N_("game over")}
SEAT_KEPT = N_("your seat is kept — join to play on")  # a game under way where this player sat
SEAT_KEPT_OVER = N_("game over; your seat is kept — join for the results and another game")
LOBBY_FULL = N_("every seat taken — join to watch")  # a lobby without an open seat
SILENT = N_("not answering — its host may be gone")  # its last check failed: listed a few seconds more


def parse_address(text: str) -> tuple[str, int]:
    """``host``, ``host:port`` → (host, port); ValueError with the reason in words. Also read as a
    player types them: ``host port`` (a space for the colon), and an address typed on a German
    keypad, whose decimal key gives commas (``192,168,1,20``)."""
    text = text.strip()
    if not text:
        raise ValueError(_("Type the host's address first, like 192.168.1.20:47000."))
    words = text.split()
    if len(words) == 2 and words[1].isdigit() and ":" not in text:
        text = ":".join(words)
    host, colon, port_text = text.rpartition(":")
    if re.fullmatch(r"\d{1,3}(,\d{1,3}){3}", host or text):
        host, text = host.replace(",", "."), text.replace(",", ".")
    if not colon:
        return text, DEFAULT_PORT
    if not host:
        raise ValueError(_("The address is missing before the colon."))
    try:
        port = int(port_text)
    except ValueError:
        raise ValueError(_("The port must be a number, like 192.168.1.20:47000.")) from None
    if not 0 < port < 65536:
        raise ValueError(_("The port must be between 1 and 65535."))
    return host, port


def alphabetical(name: str) -> str:
    """A table's name as a player looks it up: "Ärger im Büro" among the A's, not after the Z's."""
    return "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c)).casefold()


def failure_words(error: BaseException) -> str:
    """Why no table answered at a typed address, in the player's language (the system's own words
    for the common failures are English whatever the player speaks)."""
    if isinstance(error, socket.gaierror):
        return _("no computer on this network has that name")
    if isinstance(error, ConnectionRefusedError):
        return _("nothing answers on that port: is the table open?")
    if isinstance(error, TimeoutError):
        return _("no answer in time")
    if isinstance(error, OSError) and error.errno in (errno.EHOSTUNREACH, errno.ENETUNREACH):
        return _("that address cannot be reached from this network")
    if isinstance(error, ProtocolError):  # the wire's own sentence names msgpack and byte caps
        return host_fault_in_words(error)
    return str(getattr(error, "strerror", None) or type(error).__name__)


class TableList(Widget):
    """The tables found: up/down choose, confirm (or a click on the chosen one) joins. More tables
    than rows (a LAN party) scroll: up/down past the edge, or the wheel over the list."""

    def __init__(self, rect: pygame.Rect, on_join: Any) -> None:
        super().__init__(rect)
        self.tables: list[dict[str, Any]] = []
        self.selected = 0
        self.first = 0  # the table shown in the top row
        self.on_join = on_join
        self.hover_row: int | None = None

    @property
    def chosen(self) -> dict[str, Any] | None:
        return self.tables[self.selected] if 0 <= self.selected < len(self.tables) else None

    def set_tables(self, tables: list[dict[str, Any]]) -> None:
        key = self.chosen["service"] if self.chosen else None
        self.tables = tables
        keys = [table.get("service") for table in tables]
        self.selected = keys.index(key) if key in keys else min(self.selected, max(0, len(tables) - 1))
        self.first = max(0, min(self.first, len(tables) - self.rows()))
        self._show_selected()

    def _show_selected(self) -> None:
        if self.selected < self.first:
            self.first = self.selected
        elif self.selected >= self.first + self.rows():
            self.first = self.selected - self.rows() + 1

    def scroll(self, rows: int) -> None:
        """The wheel: the rows move, and the chosen table stays among those shown."""
        self.first = max(0, min(self.first + rows, len(self.tables) - self.rows()))
        self.selected = min(max(self.selected, self.first), self.first + self.rows() - 1, len(self.tables) - 1)

    def handle(self, intent: Intent) -> bool:
        if intent.kind in ("up", "down") and self.tables:
            new = self.selected + (-1 if intent.kind == "up" else 1)
            if 0 <= new < len(self.tables):
                self.selected = new
                self._show_selected()
                self.sound("hover")
                return True
            return False
        if intent.kind == "confirm" and self.chosen is not None:
            self.on_join(self.chosen)
            return True
        return False

    def rows(self) -> int:
        return max(1, self.rect.height // row_height())

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The table (its index in ``tables``) in the row at ``pos``."""
        index = self.first + (pos[1] - self.rect.y) // row_height()
        shown = min(len(self.tables), self.first + self.rows())
        return index if self.first <= index < shown and self.rect.collidepoint(pos) else None

    def press(self, pos: tuple[int, int]) -> None:
        index = self.row_at(pos)
        if index is None:
            return
        if index == self.selected:
            self.on_join(self.tables[index])
        else:
            self.selected = index
            self.sound("hover")

    def draw(self, surface: pygame.Surface) -> None:
        shown = self.tables[self.first:self.first + self.rows()]
        for place, table in enumerate(shown):
            index = self.first + place
            row = pygame.Rect(self.rect.x, self.rect.y + place * row_height(), self.rect.width, row_height() - 12)
            draw_table_row(surface, row, table, index == self.selected and self.focused, index == self.selected)
        if len(self.tables) > self.rows():  # say that more are listed than shown, and how to reach them
            text = _("Tables {first}–{last} of {total}: scroll for more").format(
                first=self.first + 1, last=self.first + len(shown), total=len(self.tables))
            theme.draw_text(surface, text, (self.rect.right, self.rect.bottom + 2), 22, theme.CREAM_DIM,
                            anchor="topright")


def row_height() -> int:
    """A table's row: taller at a bigger text size, for its name above its details."""
    return round(ROW_H * (0.55 + 0.45 * theme.ui_scale()))


def draw_table_row(surface: pygame.Surface, row: pygame.Rect, table: dict[str, Any], focused: bool,
                   chosen: bool) -> None:
    """One table: its name, game, seats, phase and versions; greyed with the reason if not joinable."""
    ok = bool(table.get("compatible"))
    fill = theme.PLUM_LIGHT if chosen and ok else theme.NIGHT_2 if ok else theme.shade(theme.NIGHT_2, 0.8)
    pygame.draw.rect(surface, fill, row, border_radius=18)
    if chosen:
        pygame.draw.rect(surface, theme.SUNFLOWER if focused else theme.TANGERINE, row, width=4, border_radius=18)
    ink = theme.CREAM if ok else theme.shade(theme.CREAM_DIM, 0.62)
    dim = theme.CREAM_DIM if ok else theme.shade(theme.CREAM_DIM, 0.55)
    _table_icon(surface, (row.x + 50, row.centery), ok)
    name = str(table.get("name") or _("Linie table"))
    theme.draw_text(surface, name, (row.x + 100, row.y + 10), theme.fit_text(name, 36, 700, theme.DISPLAY_FONT), ink,
                    theme.DISPLAY_FONT)
    game = str(table.get("title") or table.get("game") or "?")
    where = f"{table.get('address')}:{table.get('port')}"
    if ok:
        phase = str(table.get("phase"))
        full = int(table.get("seats_taken", 0)) >= int(table.get("seats_total", 0))
        said = SILENT if table.get("answering") is False else \
            SEAT_KEPT if phase in ("lobby", "playing") and table.get("seat_kept") else \
            SEAT_KEPT_OVER if phase == "over" and table.get("seat_kept") else \
            LOBBY_FULL if phase == "lobby" and full else PHASES.get(phase, phase)
        detail = f"{game} · {_(said)} · {where}"
        theme.draw_text(surface, detail, (row.x + 100, row.bottom - 8), theme.fit_text(detail, 25, 1080), dim,
                        anchor="bottomleft")
    right = row.right - 30
    versions = _("protocol {protocol} · rules {rules}").format(
        protocol=table.get("protocol"), rules=table.get("rules_version")
    )
    if not ok:  # the reason says which Linie to update: as much room as the versions in the corner leave
        reason = f"{game} · {where} — {table.get('reason') or _('This program cannot join it.')}"
        room = right - theme.font(21).size(versions)[0] - 24 - (row.x + 100)
        theme.draw_text(surface, reason, (row.x + 100, row.bottom - 8),
                        theme.fit_text(reason, 25, room, theme.TEXT_BOLD_FONT), theme.shade(theme.CORAL, 0.9),
                        theme.TEXT_BOLD_FONT, "bottomleft")
    taken, total = int(table.get("seats_taken", 0)), int(table.get("seats_total", 0))
    # A table opens with each seat in its own number's colour, as its game allows (game.lan.host,
    # linie-host): the hello names the game and the seats, which is all these dots need. The open ones
    # are hollow where they are (the table's status says which), as the lobby will show them.
    colours = seat_colours(str(table.get("game") or ""), range(total))
    open_seats = table.get("open_seats")
    if not isinstance(open_seats, list):  # a table that told only how many: the first ones taken
        open_seats = list(range(taken, total))
    for seat in range(total):
        centre = (right - (total - 1 - seat) * 30 - 8, row.y + 34)
        colour = theme.player_colour(colours[seat]) if ok else theme.shade(theme.CREAM_DIM, 0.5)
        if seat not in open_seats:
            pygame.draw.circle(surface, colour, centre, 11)
        else:
            pygame.draw.circle(surface, colour, centre, 11, 3)
    theme.draw_text(
        surface,
        _("{taken}/{total} seats").format(taken=taken, total=total),
        (right - total * 30 - 12, row.y + 34),
        24,
        dim,
        anchor="midright",
    )
    theme.draw_text(surface, versions, (right, row.bottom - 8), 21, dim, anchor="bottomright")


def _table_icon(surface: pygame.Surface, centre: tuple[int, int], ok: bool) -> None:
    """A round tram-stop sign: mint for a table you can join, a barred grey one for one you cannot."""
    x, y = centre
    pygame.draw.circle(surface, theme.SHADOW, (x, y + 3), 30)
    face = theme.SUNFLOWER if ok else theme.shade(theme.CREAM_DIM, 0.45)
    rim = theme.MINT_DARK if ok else theme.CORAL_DARK
    pygame.draw.circle(surface, face, (x, y), 30)
    pygame.draw.circle(surface, rim, (x, y), 30, 5)
    if ok:
        pygame.draw.rect(surface, rim, (x - 12, y - 15, 6, 30))
        pygame.draw.rect(surface, rim, (x + 6, y - 15, 6, 30))
        pygame.draw.rect(surface, rim, (x - 12, y - 3, 24, 6))
    else:
        pygame.draw.line(surface, rim, (x - 18, y + 18), (x + 18, y - 18), 7)


class JoinScene(Scene):
    """Tables on this network, verified before they are listed; or an address typed in."""

    closes_on_cancel = True
    name = "join"
    browse_interfaces: list[str] | None = None  # None: every interface (tests keep to 127.0.0.1)

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.browser: Any = None
        self.message = ""
        self.knocking: tuple[str, int] | None = None  # an address being asked, on a worker thread
        self._answer: dict[str, Any] | None = None
        self._answer_lock = threading.Lock()
        self._list_offered = False  # the first table found takes the focus from an untouched address field
        self.kept_seats: dict[str, str] = {}  # where a seat waits for this player: its token (``enter`` reads them)
        self.list = TableList(LIST, self.join_listed)
        self.pointer = (0, 0)  # where the mouse last was: the wheel scrolls the list under it
        self.player_name = TextInput(
            pygame.Rect(PANEL.right - 440, PANEL.y + 36, 400, 64),
            app.settings.shown_name(),
            self._rename,
            16,
            _("Your name"),
            30,
            _("The name the others see."),
        )
        self.address = SubmitField(
            pygame.Rect(PANEL.x + 40, PANEL.bottom - 130, 640, 76),
            self.join_typed_text,
            60,
            _("address or address:port (port {port} if left out)").format(port=DEFAULT_PORT),
            30,
        )
        self.join_address = Button(  # as wide as its words need at its size ("Adresse beitreten")
            (PANEL.x + 710, PANEL.bottom - 134, max(320, room_for_labels([_("Join address")], 36)), 84),
            _("Join address"), self.join_typed, "secondary", 36
        )
        wide = max(340, room_for_labels([_("Join table")], 44), room_for_labels([_("Back")], 40))
        back = pygame.Rect(theme.WIDTH // 2 - 30 - wide, 954, wide, 92)
        join = pygame.Rect(theme.WIDTH // 2 + 30, 954, wide, 92)
        self.back = Button(back, _("Back"), self.close, "secondary", 40)
        self.join_button = Button(join, _("Join table"), self.join_chosen, "good", 44)
        for widget in (self.player_name, self.list, self.address, self.join_address, self.back, self.join_button):
            self.ui.add(widget)
        self.ui.set_focus(self.address)

    def enter(self) -> None:
        self.kept_seats = lan_seats.kept()
        try:
            self.browser = TableBrowser(interfaces=self.browse_interfaces)
        except Exception as error:  # noqa: BLE001 - no multicast here: joining by address still works
            self.message = _("Cannot look for tables here ({error}); join by address.").format(error=error)

    def exit(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.browser = None

    def _rename(self, text: str) -> None:
        if shows_something(text):
            self.app.settings.player_name = text.strip()

    # -- joining ----------------------------------------------------------------------------------
    def join_chosen(self) -> None:
        if self.list.chosen is not None:
            self.join_listed(self.list.chosen)

    def join_listed(self, table: dict[str, Any]) -> None:
        if not table.get("compatible"):
            self.message = _("That table cannot be joined: {reason}").format(
                reason=table.get("reason") or _("it is not compatible")
            )
            self.app.sounds.play("error")
            return
        self.knock(str(table["address"]), int(table["port"]))

    def join_typed(self) -> None:
        self.join_typed_text(self.address.text)

    def join_typed_text(self, text: str) -> None:
        try:
            address, port = parse_address(text)
        except ValueError as error:
            self.message = str(error)
            self.app.sounds.play("error")
            return
        self.knock(address, port)

    def knock(self, address: str, port: int) -> None:
        """Say hello to the table on a worker thread; ``update`` goes on when it answers."""
        if self.knocking is not None:
            return
        self.knocking = (address, port)
        self.message = ""

        def ask() -> None:
            try:
                answer: dict[str, Any] = {"hello": probe(address, port, timeout=2.0)}
            except Exception as error:  # noqa: BLE001 - any failure to reach a table is told, never raised
                answer = {"error": error}
            with self._answer_lock:
                self._answer = answer

        threading.Thread(target=ask, name="linie-knock", daemon=True).start()

    def _answered(self, answer: dict[str, Any]) -> None:
        assert self.knocking is not None
        address, port = self.knocking
        self.knocking = None
        if "error" in answer:
            why = failure_words(answer["error"])
            self.message = _("No table answered at {address}:{port} ({why}).").format(
                address=address, port=port, why=why
            )
            self.app.sounds.play("error")
            return
        hello = answer["hello"]
        ok, reason = compatibility(hello)
        if not ok:
            self.message = _("That table cannot be joined: {reason}").format(reason=reason)
            self.app.sounds.play("error")
            return
        self.enter_lobby(address, port, hello)

    def enter_lobby(self, address: str, port: int, hello: dict[str, Any]) -> None:
        typed = self.player_name.text
        name = typed.strip() if shows_something(typed) else self.app.settings.shown_name()
        if self.app.settings.player_name:  # typed here (``_rename``) or chosen before, not the untouched default
            self.app.settings.player_name = name
            self.app.save_settings()
        key = lan_seats.table_key(address, port, str(hello.get("table", "")))
        # a seat kept since we last sat there, known by its token's tag at whatever address we reach it now
        found = lan_seats.find(address, port, str(hello.get("table", "")), hello.get("seat_tags"))
        token = found[1] if found else None
        if found and found[0] != key:
            lan_seats.forget(found[0])  # the table answers at another address or port now: kept under this one
        session = LanSession(NetSession(address, port, name, token=token), address=address, port=port, seat_key=key)
        session.taking_back = bool(token)  # the chat says so once the host seated this player again
        self.app.replace(LobbyScene(self.app, session, port=port, hosting=False))

    # -- frame ------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        if intent.kind == "point" and intent.pos is not None:
            self.pointer = intent.pos
            self.list.hover_row = self.list.row_at(intent.pos)
        if intent.kind == "scroll" and self.list.rect.collidepoint(self.pointer):
            self.list.scroll(-int(intent.value or 0))  # the wheel up shows the tables above
            return True
        return super().handle(intent)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.browser is not None:
            tables = sorted(self.browser.tables(), key=lambda t: (not t["compatible"], alphabetical(t["name"])))
            if self.kept_seats:  # say where a seat waits for this player (the browser's records stay its own)
                tables = [{**table, "seat_kept": self._seat_kept(table)} for table in tables]
            self.list.set_tables(tables)
            if tables and not self._list_offered:
                self._list_offered = True
                if self.ui.focus is self.address and not self.address.text:
                    self.ui.set_focus(self.list)
        with self._answer_lock:
            answer, self._answer = self._answer, None
        if answer is not None:
            self._answered(answer)
        chosen = self.list.chosen
        busy = self.knocking is not None
        self.join_button.enabled = chosen is not None and bool(chosen.get("compatible")) and not busy
        self.join_address.enabled = not busy

    def _seat_kept(self, table: dict[str, Any]) -> bool:
        return lan_seats.match(self.kept_seats, str(table.get("address")), int(table.get("port", 0)),
                               str(table.get("name", "")), table.get("seat_tags")) is not None

    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        theme.heading(surface, _("Join a LAN game"), (theme.WIDTH // 2, 78), 78)
        theme.panel(surface, PANEL, theme.PLUM, 30, theme.PLUM_LIGHT, 10)
        theme.draw_text(
            surface, _("Tables on this network"), (PANEL.x + 40, PANEL.y + 40), 44, theme.SUNFLOWER, theme.DISPLAY_FONT
        )
        theme.draw_text(
            surface,
            _("You join as"),
            (self.player_name.rect.x - 18, self.player_name.rect.centery),
            26,
            theme.CREAM_DIM,
            anchor="midright",
        )
        if not self.list.tables:
            self._draw_searching(surface)
        theme.draw_text(
            surface,
            _("Or type the host's address"),
            (PANEL.x + 44, PANEL.bottom - 184),
            30,
            theme.SUNFLOWER,
            theme.TEXT_BOLD_FONT,
        )
        box = self.message_box()
        if self.knocking is not None:
            text = _("Knocking at {address}:{port}…").format(address=self.knocking[0], port=self.knocking[1])
            size = theme.fit_text(text, 28, box.width, theme.TEXT_BOLD_FONT)
            theme.draw_text(surface, text, (box.x, self.address.rect.centery), size, theme.CREAM,
                            theme.TEXT_BOLD_FONT, "midleft")
        elif self.message:
            size, lines, step = theme.fit_lines(self.message, 25, box.width, box.height, theme.TEXT_BOLD_FONT)
            for index, line in enumerate(lines):
                theme.draw_text(surface, line, (box.x, box.y + index * step), size, theme.CORAL, theme.TEXT_BOLD_FONT)
        super().draw(surface)

    def message_box(self) -> pygame.Rect:
        """Where why a join failed (or whom it knocks at) is said: right of Join address, whose German
        words ("Per Adresse beitreten") made it wider than the place the message once began at, so the
        message's first letters stood under the button."""
        left = max(PANEL.x + 1060, self.join_address.rect.right + 28)
        return pygame.Rect(left, PANEL.bottom - 134, PANEL.right - 30 - left, 118)

    def _draw_searching(self, surface: pygame.Surface) -> None:
        """Nothing found yet: a radar sweep, so the screen visibly keeps looking."""
        centre = (LIST.centerx, LIST.y + 150)
        for ring in range(3):
            radius = 40 + ((self.age * 40 + ring * 40) % 120)
            alpha = int(200 * (1 - (radius - 40) / 120))
            layer = pygame.Surface((340, 340), pygame.SRCALPHA)
            pygame.draw.circle(layer, (*theme.SUNFLOWER, alpha), (170, 170), int(radius), 3)
            surface.blit(layer, (centre[0] - 170, centre[1] - 170))
        angle = self.age * 2.4
        tip = (centre[0] + math.cos(angle) * 150, centre[1] + math.sin(angle) * 150)
        pygame.draw.line(surface, theme.TANGERINE, centre, tip, 3)
        pygame.draw.circle(surface, theme.TANGERINE, centre, 10)
        text = (
            _("Looking for tables on this network…") if self.browser is not None else _("Nothing to look through here.")
        )
        theme.draw_text(surface, text, (centre[0], LIST.y + 350), 30, theme.CREAM_DIM, theme.TEXT_BOLD_FONT, "center")
