"""The title screen: the logo, a tram rolling by, and the main menu.

The LAN screens (and with them the network stack and zeroconf) are imported only when Host or
Join is chosen: a start-up saving, since most games are played on one screen.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game import saves
from game.i18n import N_, _
from game.render.linie1.board import LINE_RGB, draw_rails
from game.render.linie1.tram import draw_tram
from game.scenes.replays import ReplaysScene
from game.scenes.rules import RulesScene
from game.scenes.saved import SavedGamesScene, open_saved_game, summary
from game.scenes.settings import SettingsScene
from game.scenes.setup import SetupScene
from game.scenes.stack import AppServices, Scene
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import CAPTION_MARGIN, Button, caption_least, room_for_labels

MENU_TOP = 386  # below the logo's line
MENU_BOTTOM = 948  # above the track
BUTTON_WIDTH = 660  # two to a row, each word of either language reads at the menu's one size (a test checks)
WIDEST_MENU = 1240  # at a large text size the menu widens up to this, still clear of the screen's edges
ROW_HEIGHT = 68
TITLE_BUTTON_SIZE = 40  # the menu's words
CONTINUE_HEIGHT = 96  # Continue carries a line saying what it continues
CAPTION_HEIGHT = 88  # Host and Join a LAN game in one row, when Join says where a seat is kept
ROW_GAP = 12
TIGHTEST_GAP = 6  # a menu taller than its room (Continue, large text) closes its gaps down to this
TRACK_Y = 1012
TRAM_SPEED = 420  # pixels a second
TRAM_PAUSE = 6.0  # seconds of empty track between two trams: a still screen costs next to nothing


def kept_seat_words(app: AppServices, width: int | None = None) -> str:
    """Where a seat waits for this player at a LAN table (its host closed it for now, or this program
    closed mid-game), as the Join button's second line says it; "" when none was taken lately. The
    join list says the same of the table once it answers again. ``width``: the line's room, in which
    a long table name (up to 64 characters) is cut with "…" so that "is kept" stays in sight."""
    tables = app.doors.kept_lan_seats()
    if not tables:
        return ""
    words = _("Your seat at “{table}” is kept").replace("{table}", "{name}")
    if width is None:
        return words.format(name=tables[0])
    least = caption_least(TITLE_BUTTON_SIZE)
    return theme.named(words, tables[0], least, width, theme.TEXT_BOLD_FONT, least)[0]


class TitleScene(Scene):
    name = "title"

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.buttons: dict[str, Button] = {}
        self._read_saves()
        self._lay_out(self._menu())
        self.ui.set_focus(self.buttons[self._first_choice()])
        self._recheck = saves.RECHECK
        self.tram_x = -300.0
        self.tram_wait = 0.0  # seconds until the next tram sets off
        self.trams = [(1, LINE_RGB["red"]), (4, LINE_RGB["blue"]), (2, LINE_RGB["yellow"]),
                      (5, LINE_RGB["magenta"]), (3, LINE_RGB["green"])]
        self.tram_index = 0
        self.track = self._track_surface()

    def _read_saves(self) -> None:
        """What the menu offers from the disk: the saves (no game's rules imported for the title: only
        Continue's), Continue's game and where a LAN seat is kept, as they are now."""
        self.folder = saves.folder_state()
        self.saves = saves.list_saves(rules=False)
        self.latest = saves.to_continue(self.saves)
        self.captions = {"Continue": summary(self.latest) if self.latest else "",
                         "Join a LAN game": kept_seat_words(self.app)}

    def refresh(self) -> None:
        """The menu as the disk says now: another Linie (a second window, a LAN host that ended) may
        have written, deleted or let go of a save since the title was built, and Continue must come
        and go with it. The saves are read again only when the folder changed (``saves.folder_state``,
        no save read). The focus stays on the button the player moved it to; on the first choice it
        moves with it (Enter means Continue once Continue is offered)."""
        if saves.folder_state() == self.folder and kept_seat_words(self.app) == self.captions.get("Join a LAN game"):
            return
        before = (self.latest.path if self.latest else None, self.captions, bool(self.saves))
        first = self._first_choice()
        self._read_saves()
        if before == (self.latest.path if self.latest else None, self.captions, bool(self.saves)):
            return
        focused = next((label for label, button in self.buttons.items() if button is self.ui.focus), None)
        if focused == first:  # Enter meant the first choice (Continue, once it is offered): it still does
            focused = self._first_choice()
        self.ui.clear()
        self.buttons = {}
        self._lay_out(self._menu())
        self.ui.set_focus(self.buttons[focused if focused in self.buttons else self._first_choice()])

    def resume(self) -> None:
        """Back from a screen opened here (Saved games may have deleted the game Continue offered)."""
        self.refresh()

    def refocused(self) -> None:
        """The window has the focus again: the player may come from another Linie's window."""
        self.refresh()

    def _menu(self) -> list[list[tuple[str, Callable[[], None], str, str | None]]]:
        """The menu's rows, each of one or more buttons: Continue only when there is a game to come
        back to, Saved games when there is any save (a damaged one too: the list says what is wrong,
        and may go on from its last good action or delete it)."""
        rows: list[list[tuple[str, Callable[[], None], str, str | None]]] = []
        if self.latest is not None:
            rows.append([(N_("Continue"), self.continue_latest, "primary",
                          _("Back to the last game, exactly where it was left."))])
        host = (N_("Host a LAN game"), self.open_host, "secondary",
                _("Open a table other computers on this network can join."))
        first = self._first_choice()
        join = (N_("Join a LAN game"), self.open_join, "primary" if first == "Join a LAN game" else "secondary",
                _("Find tables on this network, or join by address."))
        rows.append([(N_("Play"), self.open_setup, "primary" if first == "Play" else "secondary",
                      _("Set up a table: players, bots, options."))])
        # Join saying where a seat is kept stands taller: beside Host, so the menu still fits (with Continue)
        rows += [[host, join]] if self.captions.get("Join a LAN game") else [[host], [join]]
        replays = (N_("Replays"), self.open_replays, "secondary", _("Watch any finished game again; statistics."))
        if self.saves:  # one row for both: the menu must fit between the logo and the track
            rows.append([(N_("Saved games"), self.open_saved, "secondary",
                          _("Every unfinished game: resume or delete.")),
                         replays])
        else:
            rows.append([replays])
        rows += [[(N_("Rules"), self.open_rules, "secondary", None),
                  (N_("Settings"), self.open_settings, "secondary", None)],
                 [(N_("Quit"), self.app.quit, "danger", None)]]
        return rows

    def _first_choice(self) -> str:
        """The button Enter presses: the game on this screen to go on with, else the LAN table where
        a seat waits for this player, else a new game."""
        if self.latest is not None:
            return "Continue"
        return "Join a LAN game" if self.captions.get("Join a LAN game") else "Play"

    def retranslated(self) -> TitleScene:
        return TitleScene(self.app)

    def _lay_out(self, rows: list[list[tuple[str, Callable[[], None], str, str | None]]]) -> None:
        """Stack the rows centred between the logo and the track; a row of several buttons shares
        the width. A menu that would not fit (Continue and Saved games at a large text size) closes
        its gaps rather than creep up to the tagline or down onto the track."""
        heights = [max(CONTINUE_HEIGHT, theme.px(CONTINUE_HEIGHT * 0.8)) if row[0][0] == "Continue"
                   else max(CAPTION_HEIGHT, theme.px(CAPTION_HEIGHT * 0.8))
                   if any(self.captions.get(entry[0]) for entry in row) else ROW_HEIGHT for row in rows]
        room = MENU_BOTTOM - MENU_TOP - sum(heights)
        gap = max(TIGHTEST_GAP, min(ROW_GAP, room // max(1, len(rows) - 1)))
        total = sum(heights) + gap * (len(rows) - 1)
        y = max(MENU_TOP, (MENU_TOP + MENU_BOTTOM - total) // 2)
        menu = min(WIDEST_MENU, max([BUTTON_WIDTH] + [room_for_labels([_(entry[0]) for entry in row]) * len(row)
                                                      + ROW_GAP * (len(row) - 1) for row in rows]))
        for row, height in zip(rows, heights, strict=True):
            width = (menu - ROW_GAP * (len(row) - 1)) // len(row)
            x = theme.WIDTH // 2 - menu // 2
            for label, action, style, tip in row:
                caption = self.captions.get(label, "")
                if label == "Join a LAN game" and caption:  # the table's name cut to the button's room
                    caption = kept_seat_words(self.app, width - CAPTION_MARGIN)
                button = Button(pygame.Rect(x, y, width, height), _(label), action, style, TITLE_BUTTON_SIZE, tip,
                                caption=caption)
                self.buttons[label] = button
                self.ui.add(button)
                x += width + ROW_GAP
            y += height + gap

    # -- actions ----------------------------------------------------------------------------------
    def continue_latest(self) -> None:
        """Back to the newest game; when it cannot be resumed after all, Saved games says why."""
        if self.latest is not None and (problem := open_saved_game(self.app, self.latest)) is not None:
            self.app.sounds.play("error")
            self.app.push(SavedGamesScene(self.app, problem))

    def open_saved(self) -> None:
        self.app.push(SavedGamesScene(self.app))

    def open_replays(self) -> None:
        self.app.push(ReplaysScene(self.app))

    def open_setup(self) -> None:
        self.app.push(SetupScene(self.app))

    def open_rules(self) -> None:
        self.app.push(RulesScene(self.app))

    def open_settings(self) -> None:
        self.app.push(SettingsScene(self.app))

    def open_host(self) -> None:
        self.app.push(self.app.doors.host_table())

    def open_join(self) -> None:
        self.app.push(self.app.doors.join_table())

    def handle(self, intent: Intent) -> bool:
        if intent.kind == "help":
            self.open_rules()
            return True
        return super().handle(intent)

    # -- frame ------------------------------------------------------------------------------------
    @property
    def idle_fps(self) -> int:  # type: ignore[override]
        return 30 if self.tram_wait <= 0 else 4  # smooth while a tram rolls by, nearly asleep between

    def update(self, dt: float) -> None:
        super().update(dt)
        self._recheck -= dt
        if self._recheck <= 0:  # a look at the folder now and then, never a save read every frame
            self._recheck = saves.RECHECK
            self.refresh()
        if self.tram_wait > 0:
            self.tram_wait -= dt
            if self.tram_wait <= 0:
                self.app.sounds.play("bell")
            return
        self.tram_x += TRAM_SPEED * dt
        if self.tram_x > theme.WIDTH + 300:
            self.tram_x = -300.0
            self.tram_index = (self.tram_index + 1) % len(self.trams)
            self.tram_wait = TRAM_PAUSE

    @staticmethod
    def _track_surface() -> pygame.Surface:
        size = 120
        tile = pygame.Surface((size * 3, size * 3), pygame.SRCALPHA)
        draw_rails(tile, size * 3, [["W", "E"]])
        tile = pygame.transform.smoothscale(tile, (size, size))
        track = pygame.Surface((theme.WIDTH + size, size), pygame.SRCALPHA)
        for x in range(0, theme.WIDTH + size, size):
            track.blit(tile, (x, 0))
        return track

    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        self._draw_logo(surface)
        surface.blit(self.track, (0, TRACK_Y - self.track.get_height() // 2))
        number, colour = self.trams[self.tram_index]
        bob = math.sin(self.age * 14) * 1.2
        draw_tram(surface, (self.tram_x, TRACK_Y + bob), 0, colour, 220, str(number))
        super().draw(surface)

    @theme.natural_size  # a picture: the same at every text size
    def _draw_logo(self, surface: pygame.Surface) -> None:
        centre_x = theme.WIDTH // 2
        plate = pygame.Rect(0, 0, 720, 190)
        plate.center = (centre_x, 165)
        theme.panel(surface, plate, theme.SUNFLOWER, 46, theme.TANGERINE_DARK, 14)
        inner = plate.inflate(-28, -28)
        pygame.draw.rect(surface, theme.TANGERINE, inner, width=6, border_radius=36)
        theme.draw_text(surface, "LINIE", (centre_x, plate.centery), 156, theme.INK,
                        theme.DISPLAY_FONT, "center")
        # Line colour dots under the logo: the six lines of the board.
        for index, name in enumerate(("red", "yellow", "green", "blue", "magenta", "white")):
            x = centre_x - 150 + index * 60
            pygame.draw.circle(surface, theme.SHADOW, (x, plate.bottom + 40), 17)
            pygame.draw.circle(surface, LINE_RGB[name], (x, plate.bottom + 37), 16)
        theme.draw_text(surface, _("line-building board games"), (centre_x, plate.bottom + 84), 32,
                        theme.CREAM_DIM, theme.TEXT_BOLD_FONT, "center")
