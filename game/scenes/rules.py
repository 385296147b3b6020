"""The rules screen: the rules of each game in readable pages, one section at a time.

Tabs pick the game, the index on the left picks a section, ◀ ▶ (arrows, pad, buttons) turn pages.
Long sections continue on further pages rather than shrinking the type.
"""

from __future__ import annotations

import pygame

from game.scenes.rulebook import Rulebook, Section, available_rulebooks
from game.scenes.stack import Scene
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import Button, ListView

PANEL = pygame.Rect(60, 50, theme.WIDTH - 120, theme.HEIGHT - 100)
TEXT_AREA = pygame.Rect(PANEL.x + 560, PANEL.y + 190, PANEL.width - 620, PANEL.height - 330)
BODY_SIZE = 31
LINE_GAP = 44
Line = tuple[str, str, int]  # (kind, text, indent) — kind: "text", "bullet", "space"


def layout(section: Section, width: int, height: int) -> list[list[Line]]:
    """Wrap a section's blocks into lines and split them into pages that fit ``height``."""
    lines: list[Line] = []
    for block in section.blocks:
        if block.kind == "bullet":
            wrapped = theme.wrap(block.text, BODY_SIZE, width - 44)
            lines.extend(("bullet" if i == 0 else "text", text, 44) for i, text in enumerate(wrapped))
            lines.append(("space", "", 0))
        else:
            lines.extend(("text", text, 0) for text in theme.wrap(block.text, BODY_SIZE, width))
            lines.append(("space", "", 0))
    gap = theme.px(LINE_GAP)  # at the player's text size
    per_page = max(1, height // gap)
    pages: list[list[Line]] = []
    page: list[Line] = []
    used = 0
    for line in lines:
        cost = gap // 2 if line[0] == "space" else gap
        if used + cost > per_page * gap and page:
            pages.append(page)
            page, used = [], 0
            if line[0] == "space":
                continue
        page.append(line)
        used += cost
    while page and page[-1][0] == "space":
        page.pop()
    if page:
        pages.append(page)
    return pages or [[]]


class RulesScene(Scene):
    closes_on_cancel = True
    overlay = True
    name = "rules"

    def __init__(self, app, game: str | None = None) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.books: list[Rulebook] = available_rulebooks()
        self.book_index = next((i for i, b in enumerate(self.books) if b.game == game), 0)
        self.tabs: list[Button] = []
        count = max(1, len(self.books))
        tab_width = min(340, (TEXT_AREA.width - 20 * (count - 1)) // count)
        for index, book in enumerate(self.books):
            rect = pygame.Rect(PANEL.x + 560 + index * (tab_width + 20), PANEL.y + 40, tab_width, 70)
            tab = Button(rect, book.title, lambda i=index: self.open_book(i), "secondary", 32)
            self.tabs.append(tab)
            self.ui.add(tab)
        self.index = ListView(pygame.Rect(PANEL.x + 40, PANEL.y + 190, 470, PANEL.height - 230), [],
                              self.open_section, 0, 66, 28)
        self.ui.add(self.index)
        self.prev = Button(pygame.Rect(TEXT_AREA.x, PANEL.bottom - 116, 220, 76), "Previous", self.previous_page,
                           "secondary", 34)
        self.next = Button(pygame.Rect(TEXT_AREA.right - 220, PANEL.bottom - 116, 220, 76), "Next",
                           self.next_page, "primary", 34)
        close = pygame.Rect(0, 0, 220, 76)
        close.midbottom = (TEXT_AREA.centerx, PANEL.bottom - 40)
        self.close_button = Button(close, "Close", self.close, "secondary", 34)
        for widget in (self.prev, self.next, self.close_button):
            self.ui.add(widget)
        self.section = 0
        self.page = 0
        self.pages: list[list[Line]] = [[]]
        self.open_book(self.book_index)
        self.ui.set_focus(self.next)

    @property
    def book(self) -> Rulebook | None:
        return self.books[self.book_index] if self.books else None

    def open_book(self, index: int) -> None:
        self.book_index = index
        for i, tab in enumerate(self.tabs):
            tab.style = "primary" if i == index else "secondary"
        book = self.book
        self.index.items = [section.title for section in book.sections] if book else []
        self.open_section(0)

    def open_section(self, index: int, last_page: bool = False) -> None:
        book = self.book
        if book is None or not book.sections:
            self.pages = [[]]
            return
        self.section = max(0, min(index, len(book.sections) - 1))
        self.index.selected = self.section
        self.pages = layout(book.sections[self.section], TEXT_AREA.width, TEXT_AREA.height)
        self.page = len(self.pages) - 1 if last_page else 0

    def next_page(self) -> None:
        book = self.book
        if book is None:
            return
        if self.page + 1 < len(self.pages):
            self.page += 1
        elif self.section + 1 < len(book.sections):
            self.open_section(self.section + 1)
        else:
            self.app.sounds.play("error")

    def previous_page(self) -> None:
        if self.page > 0:
            self.page -= 1
        elif self.section > 0:
            self.open_section(self.section - 1, last_page=True)
        else:
            self.app.sounds.play("error")

    def handle(self, intent: Intent) -> bool:
        if intent.kind in ("right", "next") and self.ui.focus is not self.index:
            self.next_page()
            return True
        if intent.kind == "left" and self.ui.focus is not self.index:
            self.previous_page()
            return True
        if intent.kind == "scroll":
            (self.previous_page if intent.value > 0 else self.next_page)()
            return True
        return super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        theme.panel(surface, PANEL, theme.PLUM, 34, theme.PLUM_LIGHT, 12)
        book = self.book
        theme.heading(surface, "Rules", (PANEL.x + 275, PANEL.y + 78), 72)
        if book is None:
            theme.draw_text(surface, "No rules are installed.", TEXT_AREA.topleft, 34)
            super().draw(surface)
            return
        title = book.sections[self.section].title if book.sections else ""
        theme.draw_text(surface, title, (TEXT_AREA.x, TEXT_AREA.y - 58), 48, theme.SUNFLOWER,
                        theme.DISPLAY_FONT, "topleft")
        y = TEXT_AREA.y + 10
        gap = theme.px(LINE_GAP)
        for kind, text, indent in self.pages[self.page]:
            if kind == "space":
                y += gap // 2
                continue
            if kind == "bullet":
                pygame.draw.circle(surface, theme.TANGERINE, (TEXT_AREA.x + 16, y + gap * 19 // 44), 7)
            theme.draw_text(surface, text, (TEXT_AREA.x + indent, y), BODY_SIZE, theme.CREAM)
            y += gap
        total = len(self.pages)
        if total > 1:
            theme.draw_text(surface, f"page {self.page + 1} of {total}",
                            (TEXT_AREA.right, TEXT_AREA.y - 44), 26, theme.CREAM_DIM, anchor="topright")
        self.prev.enabled = self.page > 0 or self.section > 0
        self.next.enabled = self.page + 1 < total or self.section + 1 < len(book.sections)
        super().draw(surface)
