"""The rules screen: the rules of each game in readable pages, one section at a time.

Tabs pick the game, the index on the left picks a section, ◀ ▶ (arrows, pad, buttons) turn pages.
Long sections continue on further pages rather than shrinking the type, a page turning where a
paragraph (or, in one longer than a page, a sentence) ends. Diagrams
(``game.render.diagrams``) scale to the text's width and keep their caption on their page.
"""

from __future__ import annotations

import re
from typing import NamedTuple

import pygame

from game.i18n import _
from game.render.diagrams import find, find_key, height_for, picture
from game.scenes.rulebook import Block, Rulebook, Section, available_rulebooks
from game.scenes.stack import Scene
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import Button, ListView, room_for_labels

PANEL = pygame.Rect(60, 50, theme.WIDTH - 120, theme.HEIGHT - 100)
TEXT_AREA = pygame.Rect(PANEL.x + 560, PANEL.y + 190, PANEL.width - 620, PANEL.height - 330)
BODY_SIZE = 31
LINE_GAP = 44
CAPTION_SIZE = 27
CAPTION_GAP = 36
DIAGRAM_MAX = 400  # a picture and its caption fit one page, with room for a few lines of text on many
DIAGRAM_GAP = 14
KEY_SIZE = 38
INDEX_ROW, INDEX_ROW_MIN, INDEX_TEXT = 66, 44, 28  # the section index: row height (largest, least), text
INDEX_WIDTH = 470  # its rows' width: every section's title fits it at full size (a test checks)
KEY_INDENT = 56


class Line(NamedTuple):
    """One laid-out row: ``kind`` is "text", "bullet", "space", "diagram", "caption" or "key"."""

    kind: str
    text: str
    indent: int
    height: int
    name: str = ""  # the diagram or key drawn on this row


def _block_groups(block: Block, width: int) -> list[list[Line]]:
    """A block's rows, grouped: a group stays on one page where it fits one (a picture keeps its
    caption, a paragraph or bullet is read whole, never ending on the next page mid-sentence)."""
    if block.kind == "diagram":
        group: list[Line] = []
        diagram = find(block.name)
        if diagram is not None:
            tall = height_for(diagram, width, DIAGRAM_MAX)
            group.append(Line("diagram", "", 0, tall + DIAGRAM_GAP, block.name))
        group += [Line("caption", text, 0, theme.px(CAPTION_GAP))
                  for text in theme.wrap(block.text, CAPTION_SIZE, width)]
        return [group]
    if block.kind in ("bullet", "key"):
        indent = 44 if block.kind == "bullet" else KEY_INDENT
        wrapped = theme.wrap(block.text, BODY_SIZE, width - indent)
        return [[Line(block.kind if i == 0 else "text", text, indent, theme.px(LINE_GAP), block.name)
                 for i, text in enumerate(wrapped)]]
    return [[Line("text", text, 0, theme.px(LINE_GAP)) for text in theme.wrap(block.text, BODY_SIZE, width)]]


SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[^\W\d_a-zäöüß]|[\d\"„(])")  # ". The", "! Die", ". 2 …"


def block_groups(block: Block, width: int, room: int) -> list[list[Line]]:
    """``_block_groups``, with a paragraph longer than a page of ``room`` in runs of whole sentences."""
    groups = _block_groups(block, width)
    if block.kind == "para" and sum(line.height for line in groups[0]) > room:
        return _paragraph_groups(block.text, width, room)
    return groups


def _paragraph_groups(text: str, width: int, room: int) -> list[list[Line]]:
    """A paragraph too long for one page, in runs of whole sentences that each fill at most a page,
    so that a page ends where a sentence does (a single sentence longer than a page runs on)."""
    gap = theme.px(LINE_GAP)
    groups: list[list[Line]] = []
    run: list[str] = []
    for sentence in SENTENCE_END.split(text):
        if run and len(theme.wrap(" ".join([*run, sentence]), BODY_SIZE, width)) * gap > room:
            groups.append([Line("text", line, 0, gap) for line in theme.wrap(" ".join(run), BODY_SIZE, width)])
            run = []
        run.append(sentence)
    groups.append([Line("text", line, 0, gap) for line in theme.wrap(" ".join(run), BODY_SIZE, width)])
    return groups


def _fitting(group: list[Line], room: int) -> list[list[Line]]:
    """``group`` whole, or, if even a page of its own cannot hold it, line by line (a paragraph
    longer than a page runs on; a picture with its caption is never cut)."""
    if sum(line.height for line in group) <= room or group[0].kind == "diagram":
        return [group]
    return [[line] for line in group]


def layout(section: Section, width: int, height: int) -> list[list[Line]]:
    """Wrap a section's blocks into rows and split them into pages that fit ``height``."""
    gap = theme.px(LINE_GAP)  # a line's height at the player's text size
    room = max(1, height // gap) * gap
    groups: list[list[Line]] = []
    for block in section.blocks:
        groups += block_groups(block, width, room)
        groups.append([Line("space", "", 0, theme.px(LINE_GAP) // 2)])
    pages: list[list[Line]] = []
    page: list[Line] = []
    used = 0
    for whole in groups:
        for group in _fitting(whole, room):
            cost = sum(line.height for line in group)
            if used + cost > room and page:
                pages.append(page)
                page, used = [], 0
                if group[0].kind == "space":
                    continue
            page += group
            used += cost
    while page and page[-1].kind == "space":
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
        self.index = ListView(pygame.Rect(PANEL.x + 40, PANEL.y + 190, INDEX_WIDTH, PANEL.height - 230), [],
                              self.open_section, 0, INDEX_ROW, INDEX_TEXT)
        self.ui.add(self.index)
        # one width for the three, the longest word's at their size ("Schließen" at a large text size)
        wide = max(220, room_for_labels([_("Previous"), _("Next"), _("Close")], 34))
        self.prev = Button(pygame.Rect(TEXT_AREA.x, PANEL.bottom - 116, wide, 76), _("Previous"), self.previous_page,
                           "secondary", 34)
        self.next = Button(pygame.Rect(TEXT_AREA.right - wide, PANEL.bottom - 116, wide, 76), _("Next"),
                           self.next_page, "primary", 34)
        close = pygame.Rect(0, 0, wide, 76)
        close.midbottom = (TEXT_AREA.centerx, PANEL.bottom - 40)
        self.close_button = Button(close, _("Close"), self.close, "secondary", 34)
        for widget in (self.prev, self.close_button, self.next):  # Tab reads the foot as it stands: ‹ Close ›
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
        # Every section's row in sight: rows close up when a book has more sections than fit.
        rows = max(1, len(self.index.items))
        self.index.row_height = max(INDEX_ROW_MIN, min(INDEX_ROW, self.index.rect.height // rows))
        size = INDEX_TEXT if self.index.row_height == INDEX_ROW else INDEX_TEXT - 3
        # one size for the whole index: the size its longest title fits at (at a large text size), not one
        # title shrunk below the others
        self.index.size = min([theme.fit_text(title, size, self.index.rect.width - 36, theme.DISPLAY_FONT)
                               for title in self.index.items] or [size])
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
        theme.heading(surface, _("Rules"), (PANEL.x + 275, PANEL.y + 78), 72)
        if book is None:
            theme.draw_text(surface, _("No rules are installed."), TEXT_AREA.topleft, 34)
            super().draw(surface)
            return
        title = book.sections[self.section].title if book.sections else ""
        total = len(self.pages)
        pages = _("page {page} of {pages}").format(page=self.page + 1, pages=total) if total > 1 else ""
        room = TEXT_AREA.width - (theme.font(26).size(pages)[0] + 24 if pages else 0)
        theme.draw_text(surface, title, (TEXT_AREA.x, TEXT_AREA.y - 58),
                        theme.fit_text(title, 48, room, theme.DISPLAY_FONT), theme.SUNFLOWER, theme.DISPLAY_FONT,
                        "topleft")
        y = TEXT_AREA.y + 10
        for line in self.pages[self.page]:
            self.draw_line(surface, line, y)
            y += line.height
        total = len(self.pages)
        if total > 1:
            theme.draw_text(surface, _("page {page} of {pages}").format(page=self.page + 1, pages=total),
                            (TEXT_AREA.right, TEXT_AREA.y - 44), 26, theme.CREAM_DIM, anchor="topright")
        self.prev.enabled = self.page > 0 or self.section > 0
        self.next.enabled = self.page + 1 < total or self.section + 1 < len(book.sections)
        super().draw(surface)

    @staticmethod
    def draw_line(surface: pygame.Surface, line: Line, y: int) -> None:
        x = TEXT_AREA.x
        if line.kind == "space":
            return
        if line.kind == "diagram":
            surface.blit(picture(line.name, TEXT_AREA.width, line.height - DIAGRAM_GAP), (x, y))
            return
        if line.kind == "caption":
            theme.draw_text(surface, line.text, (x, y), CAPTION_SIZE, theme.CREAM_DIM)
            return
        if line.kind == "bullet":
            pygame.draw.circle(surface, theme.TANGERINE, (x + 16, y + line.height * 19 // LINE_GAP), 7)
        elif line.kind == "key":
            paint = find_key(line.name)
            if paint is not None:
                surface.blit(paint(KEY_SIZE), (x, y + (line.height - KEY_SIZE) // 2))
        theme.draw_text(surface, line.text, (x + line.indent, y), BODY_SIZE, theme.CREAM)
