"""A list of files of this computer, a page of rows at a time: the saved games and the kept replays.

Each row has its own action (Resume, Watch) unless the file is damaged, and Delete, which asks once
more: the row then offers "Keep" where Delete was, focused, and "Yes, delete" where its action was, so
neither Enter pressed twice nor a double click deletes anything (Keep, Esc or another page takes the
question back). Back, Newer and Older sit at
the foot, beside any buttons of the list's own. Focus stays on the same button across a rebuild, so
a keyboard player keeps their place when a row goes.

Every row shown says its title at one size and its detail at another, the largest at which all fit
down to a floor (``RowWords``); what is still too long is shortened with "…", the players' names first,
never shrunk alone, so the rows of a page look alike.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, TypeVar

import pygame

from game.i18n import _
from game.scenes.stack import AppServices, Scene
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import Button

PANEL = pygame.Rect(160, 150, 1600, 800)
ROW_H = 112
ROWS = 5  # a page
LIST_TOP = PANEL.y + 110
FOOT_Y = PANEL.bottom - 100

TITLE_SIZE, DETAIL_SIZE = 34, 25  # a row's words at most
TITLE_LEAST, DETAIL_LEAST = 28, 21  # and at least: below, the words are shortened instead

Item = TypeVar("Item")


@dataclass(frozen=True)
class RowWords:
    """What a row says: its title, and its detail line as a pattern whose ``{players}`` may be cut."""

    title: str
    pattern: str
    players: str
    fields: dict[str, str]
    ink: theme.Colour
    colour: theme.Colour

    def detail(self, players: str | None = None) -> str:
        return self.pattern.format(players=self.players if players is None else players, **self.fields)

    def shortened(self, size: int, width: int) -> str:
        """The detail in ``width`` at ``size``: the players' names are cut first (how far the game got
        and when stay whole), then the end of the line."""
        players = self.players
        while theme.text_width(self.detail(players), size, theme.TEXT_BOLD_FONT) > width and len(players) > 4:
            players = players[:-2].rstrip(" ,") + "…"
        return shortened(self.detail(players), size, width)


def when_words(when: float, now: float) -> str:
    """When a game was last saved or ended, as short as still says it: today's its time alone, this
    year's without the year, so a row's room goes to the players' names rather than to the date. Both
    lists say it so: a game saved at 14:05 and another that ended then read alike ("today 14:05")."""
    then, today = time.localtime(when), time.localtime(now)
    if then[:3] == today[:3]:
        return time.strftime(_("today %H:%M"), then)
    if then.tm_year == today.tm_year and when <= now:
        return time.strftime(_("%d %b, %H:%M"), then)
    return time.strftime(_("%d %b %Y, %H:%M"), then)


shortened = theme.shortened


class PagedListScene(Scene, Generic[Item]):
    """The paging, the rows' buttons, the asked-twice Delete and the frame around the rows; a list
    says what it holds (``load``), what each row does and how a row looks."""

    heading = ""

    def __init__(self, app: AppServices, message: str = "", back_width: int = 200) -> None:
        super().__init__(app)
        self.items: list[Item] = []
        self.page = 0
        self.message = message
        self.confirm: Path | None = None  # the file whose Delete asks once more
        self.back = Button(pygame.Rect(PANEL.x + 40, FOOT_Y, back_width, 72), _("Back"), app.pop, "secondary", 34)
        self.previous = Button(pygame.Rect(PANEL.right - 560, FOOT_Y, 250, 72), _("‹ Newer"),
                               lambda: self._turn(-1), "secondary", 30)
        self.next = Button(pygame.Rect(PANEL.right - 290, FOOT_Y, 250, 72), _("Older ›"),
                           lambda: self._turn(1), "secondary", 30)
        self.row_buttons: list[tuple[Button, Button]] = []
        self.sizes = (TITLE_SIZE, DETAIL_SIZE)  # the rows' title and detail sizes, alike on every row shown

    # -- what a list says about itself -------------------------------------------------------------
    def load(self) -> list[Item]:
        """The files, newest first."""
        raise NotImplementedError

    def path_of(self, item: Item) -> Path:
        raise NotImplementedError

    def row_action(self, index: int, item: Item, row: pygame.Rect) -> tuple[Button, bool]:
        """The row's own button, and whether it is offered (a damaged file can only be deleted)."""
        raise NotImplementedError

    def remove(self, path: Path) -> str | None:
        """Delete the file; why not, in a player's words."""
        raise NotImplementedError

    def header(self, count: int) -> str:
        raise NotImplementedError

    def row_words(self, item: Item) -> RowWords:
        """What the row of ``item`` says, and in which colours."""
        raise NotImplementedError

    def readable(self, item: Item) -> bool:
        """Whether the row's file could be read (a damaged one's row is drawn dimmer)."""
        raise NotImplementedError

    def words_room(self) -> int:
        """How far from a row's right its words must end: its leftmost button's edge."""
        raise NotImplementedError

    def foot_buttons(self) -> list[Button]:
        """Buttons of the list's own beside Back (the first is focused when no row has a button)."""
        return []

    def message_place(self, count: int) -> tuple[int, int, int]:
        """Where the last message goes, beside the foot's buttons: x, width and text size."""
        left = max(button.rect.right for button in [self.back, *self.foot_buttons()]) + 30
        right = PANEL.right - 600 if count > ROWS else PANEL.right - 44
        return left, right - left, 24

    # -- the list ---------------------------------------------------------------------------------
    def refresh(self) -> None:
        self.items = self.load()
        self.page = min(self.page, max(0, (len(self.items) - 1) // ROWS))
        self._build()

    def shown(self) -> list[Item]:
        return self.items[self.page * ROWS:(self.page + 1) * ROWS]

    def _turn(self, step: int) -> None:
        self.page = max(0, min(self.page + step, (len(self.items) - 1) // ROWS))
        self.confirm = None
        self._build()

    def _build(self) -> None:
        """The buttons of the rows on this page, and the page's own."""
        focus_label = self.ui.focus.name if isinstance(self.ui.focus, Button) else None
        self.ui.clear()
        self.row_buttons = []
        asking: Button | None = None
        for index, item in enumerate(self.shown()):
            row = self.row_rect(index)
            action, offered = self.row_action(index, item, row)
            delete_rect = pygame.Rect(row.right - 214, row.centery - 32, 190, 64)
            if self.confirm == self.path_of(item):  # asked: Keep in Delete's place, the real Delete aside
                really = Button(pygame.Rect(row.right - 470, row.centery - 32, 240, 64), _("Yes, delete"),
                                self._deleter(item), "danger", 30, name=f"really-{index}")
                asking = Button(delete_rect, _("Keep"), self.keep, "secondary", 30, name=f"keep-{index}")
                self.ui.add(really)
                self.ui.add(asking)
                self.row_buttons.append((really, asking))
                continue
            delete = Button(delete_rect, _("Delete"), self._deleter(item), "danger", 30, name=f"delete-{index}")
            if offered:
                self.ui.add(action)
            self.ui.add(delete)
            self.row_buttons.append((action, delete))
        for button in (self.back, *self.foot_buttons()):
            self.ui.add(button)
        pages = (len(self.items) - 1) // ROWS + 1
        if pages > 1:
            self.previous.enabled, self.next.enabled = self.page > 0, self.page < pages - 1
            self.ui.add(self.previous)
            self.ui.add(self.next)
        chosen = next((widget for widget in self.ui.widgets if getattr(widget, "name", None) == focus_label), None)
        fallback = next(iter(self.foot_buttons()), self.back)
        first = next((button for button, _delete in self.row_buttons if button in self.ui.widgets), fallback)
        self.ui.set_focus(asking or chosen or first)

    def _deleter(self, item: Item) -> Callable[[], None]:
        return lambda: self.delete(item)

    # -- actions ----------------------------------------------------------------------------------
    def delete(self, item: Item) -> None:
        """The first press asks (Keep, focused, or Yes, delete), "Yes, delete" deletes."""
        path = self.path_of(item)
        if self.confirm != path:
            self.confirm = path
            self._build()
            return
        self.confirm = None
        self.message = self.remove(path) or ""
        self.refresh()

    def keep(self) -> None:
        """The question taken back: the row as it was, its Delete focused again."""
        asked = next((delete.name for _really, delete in self.row_buttons if delete.name.startswith("keep-")), "")
        self.confirm = None
        self._build()
        again = next((widget for widget in self.ui.widgets
                      if getattr(widget, "name", None) == asked.replace("keep-", "delete-")), None)
        if again is not None:
            self.ui.set_focus(again)

    def failed(self, problem: str) -> None:
        """A row's action could not open its file: say why, and list again (it may have gone)."""
        self.message = problem
        self.app.sounds.play("error")
        self.refresh()

    def handle(self, intent: Intent) -> bool:
        if intent.kind == "cancel":
            if self.confirm is not None:
                self.keep()
            else:
                self.app.pop()
            return True
        return super().handle(intent)

    # -- drawing ----------------------------------------------------------------------------------
    @staticmethod
    def row_rect(index: int) -> pygame.Rect:
        return pygame.Rect(PANEL.x + 40, LIST_TOP + index * ROW_H, PANEL.width - 80, ROW_H - 14)

    def words_width(self) -> int:
        """How wide a row's words may run: up to its leftmost button, clear of that button's focus glow."""
        return self.row_rect(0).width - self.words_room() - 28 - 36

    def fit_sizes(self) -> tuple[int, int]:
        """One size for the titles and one for the details of every row shown, the largest at which
        all fit down to a floor; what is still too long is then shortened, never shrunk alone."""
        words = [self.row_words(item) for item in self.shown()]
        width = self.words_width()
        return (min([theme.fit_text(row.title, TITLE_SIZE, width, theme.DISPLAY_FONT, TITLE_LEAST)
                     for row in words], default=TITLE_SIZE),
                min([theme.fit_text(row.detail(), DETAIL_SIZE, width, theme.TEXT_BOLD_FONT, DETAIL_LEAST)
                     for row in words], default=DETAIL_SIZE))

    def draw_row(self, surface: pygame.Surface, row: pygame.Rect, item: Item) -> None:
        fill = theme.NIGHT_2 if self.readable(item) else theme.shade(theme.NIGHT_2, 0.8)
        pygame.draw.rect(surface, fill, row, border_radius=18)
        width = self.words_width()
        words = self.row_words(item)
        title_size, detail_size = self.sizes
        theme.draw_text(surface, shortened(words.title, title_size, width, theme.DISPLAY_FONT),
                        (row.x + 28, row.y + 12), title_size, words.ink, theme.DISPLAY_FONT)
        theme.draw_text(surface, words.shortened(detail_size, width), (row.x + 28, row.y + 56), detail_size,
                        words.colour, theme.TEXT_BOLD_FONT)

    def draw(self, surface: pygame.Surface) -> None:
        self.sizes = self.fit_sizes()
        theme.background(surface)
        theme.heading(surface, _(self.heading), (theme.WIDTH // 2, 78), 78)
        theme.panel(surface, PANEL, theme.PLUM, 30, theme.PLUM_LIGHT, 10)
        count = len(self.items)
        header = self.header(count)  # a folder's path may be long: the line shrinks to the panel
        theme.draw_text(surface, header, (PANEL.x + 44, PANEL.y + 44),
                        theme.fit_text(header, 32, PANEL.width - (340 if count > ROWS else 88), theme.TEXT_BOLD_FONT),
                        theme.SUNFLOWER, theme.TEXT_BOLD_FONT)
        if count > ROWS:
            pages = _("page {page} of {pages}").format(page=self.page + 1, pages=(count - 1) // ROWS + 1)
            theme.draw_text(surface, pages,
                            (PANEL.right - 44, PANEL.y + 44), 26, theme.CREAM_DIM, anchor="topright")
        for index, item in enumerate(self.shown()):
            self.draw_row(surface, self.row_rect(index), item)
        if self.message:
            left, width, size = self.message_place(count)
            for index, line in enumerate(theme.wrap(self.message, size, width)[:2]):
                theme.draw_text(surface, line, (left, self.back.rect.y + 4 + index * theme.px(size + 8)), size,
                                theme.CORAL, theme.TEXT_BOLD_FONT)
        super().draw(surface)
