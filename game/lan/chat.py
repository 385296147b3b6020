"""Chat on a LAN table: the T key, a one-line field, the scroll-back and a feed whose lines fade.

The input mapper turns T (outside text fields) into a "chat" intention. ``ChatBox`` is the in-game
chat (closed: the last lines fade away in a corner; open: the
scroll-back and a field); the lobby docks the same scroll-back beside its seats.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import cache
from typing import Any

import pygame

from game.i18n import _
from game.lan.session import CHAT_LIMIT
from game.session import ChatLine, Session
from game.tables.base import CHAT_PANEL as PANEL_SIZE
from game.tables.base import CHAT_TAB as TAB_SIZE
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import TextInput

FEED_SECONDS = 9.0  # a new line stays this long in the closed feed ...
FEED_FADE = 2.0  # ... the last of it fading out
FEED_LINES = 4
FEED_SHADE = 240  # the lines' backs: dark enough that a panel's words under them do not read through
FEED_REACH = 360  # how far the fading lines rise above the tab where the table gives them no room
LINE_SIZE = 24
LINE_GAP = 6


def feed_alphas(fade: float) -> tuple[int, int]:
    """The back's and the words' opacity of a fading line (``fade`` 1 -> 0): the words go first and the
    back keeps covering what stands under it until they are nearly gone. Fading alike, the half-faded
    words stood over a seat's row read through a half-faded back, two texts over each other."""
    fade = max(0.0, min(1.0, fade))
    return int(FEED_SHADE * min(1.0, 2 * fade)), int(255 * fade * fade)


def line_step() -> int:
    """Pixels from one chat line to the next, at the player's text size."""
    return theme.px(LINE_SIZE + LINE_GAP)


class SubmitField(TextInput):
    """A text field that acts on Enter (``on_submit(text)``); a long text scrolls to show its end."""

    def __init__(self, rect: Any, on_submit: Callable[[str], None], limit: int, placeholder: str = "",
                 size: int = 26, clear: bool = False, text: str = "", tooltip: str | None = None) -> None:
        super().__init__(rect, text, lambda value: None, limit, placeholder, size, tooltip)
        self.on_submit = on_submit
        self.clear = clear
        self.swallow = ""  # a key that focused the field may also arrive as typed text: drop it once

    def update(self, dt: float) -> None:
        super().update(dt)
        self.swallow = ""  # only within the frame the key was pressed

    def handle(self, intent: Intent) -> bool:
        if intent.kind == "text" and self.swallow and str(intent.value).lower() == self.swallow:
            self.swallow = ""
            return True
        self.swallow = ""
        if intent.kind == "confirm":
            text = self.text
            if self.clear:
                self.text, self.caret = "", 0
            self.on_submit(text)
            return True
        return super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        shown = self.text
        width = self.rect.width - 40
        face = theme.font(self.size, theme.TEXT_BOLD_FONT)
        if face.size(shown)[0] <= width:
            super().draw(surface)
            return
        while shown and face.size("…" + shown)[0] > width:
            shown = shown[1:]
        saved_text, saved_caret = self.text, self.caret
        self.text = "…" + shown
        self.caret = max(0, len(self.text) - (len(saved_text) - saved_caret))
        try:
            super().draw(surface)
        finally:
            self.text, self.caret = saved_text, saved_caret


class ChatField(SubmitField):
    """The chat's one-line field: Enter sends and empties it."""

    def __init__(self, rect: Any, on_submit: Callable[[str], None], placeholder: str | None = None) -> None:
        super().__init__(rect, on_submit, CHAT_LIMIT, _("Say something…") if placeholder is None else placeholder, 26,
                         clear=True)


# -- drawing ---------------------------------------------------------------------------------------------
ColourOf = Callable[[int], theme.Colour]  # a seat's colour, as the screen showing the chat knows it
FeedBox = Callable[[], pygame.Rect | None]  # the room a table gives the chat's fading lines, asked every frame


def line_colour(line: ChatLine, colour_of: ColourOf) -> theme.Colour:
    return theme.CREAM_DIM if line.seat is None else colour_of(line.seat)


def layout_line(line: ChatLine, width: int) -> list[str]:
    """The line's text wrapped after its speaker's name (``name: `` indents the continuation)."""
    indent = _name_width(line)
    return theme.wrap(line.text, LINE_SIZE, max(80, width - indent)) or [""]


def _name_width(line: ChatLine) -> int:
    if line.notice:
        return theme.font(LINE_SIZE, theme.TEXT_BOLD_FONT).size("• ")[0]
    return theme.font(LINE_SIZE, theme.TEXT_BOLD_FONT).size(f"{line.name}: ")[0]


def draw_line(surface: pygame.Surface, colour_of: ColourOf, line: ChatLine, rows: list[str], x: int, y: int,
              alpha: int = 255) -> int:
    """Draw one wrapped chat line at (x, y); returns its height."""
    height = len(rows) * line_step()
    if alpha <= 0:
        return height
    indent = _name_width(line)
    if line.notice:
        _blit(surface, "• ", (x, y), theme.SUNFLOWER, theme.TEXT_BOLD_FONT, alpha)
        colour = theme.CREAM_DIM
    else:
        _blit(surface, f"{line.name}:", (x, y), line_colour(line, colour_of), theme.TEXT_BOLD_FONT, alpha)
        colour = theme.CREAM
    for index, row in enumerate(rows):
        _blit(surface, row, (x + indent, y + index * line_step()), colour, theme.TEXT_FONT, alpha)
    return height


def _blit(surface: pygame.Surface, text: str, pos: tuple[int, int], colour: theme.Colour, face: str,
          alpha: int) -> None:
    image = theme.render_text(text, LINE_SIZE, colour, face)
    if alpha < 255:
        image = image.copy()
        image.set_alpha(alpha)
    surface.blit(image, pos)


def draw_history(surface: pygame.Surface, session: Session, rect: pygame.Rect, colour_of: ColourOf,
                 scroll: int = 0) -> None:
    """The newest lines that fit in ``rect``, bottom-aligned (``scroll`` lines back from the newest)."""
    lines = session.chat[:len(session.chat) - scroll] if scroll else session.chat
    y = rect.bottom
    clip = surface.get_clip()
    surface.set_clip(rect)
    for line in reversed(lines):
        rows = layout_line(line, rect.width)
        height = len(rows) * line_step()
        y -= height
        draw_line(surface, colour_of, line, rows, rect.x, y)
        if y < rect.y:
            break
    surface.set_clip(clip)
    if not session.chat:
        theme.draw_text(surface, _("No messages yet."), (rect.x, rect.bottom - theme.px(LINE_SIZE) - 4), LINE_SIZE,
                        theme.shade(theme.CREAM_DIM, 0.8))


class ChatBox:
    """The in-game chat: closed, a fading feed at ``corner`` (bottom-left); open, a panel with a field.

    ``scene`` is the table: while the box is open its focus is the field, so the app switches the
    keyboard to text mode exactly as for any text field on the scene.
    """

    def __init__(self, scene: Any, session: Session, colour_of: ColourOf,
                 corner: tuple[int, int] = (24, 1056), feed_box: FeedBox | None = None) -> None:
        self.scene = scene
        self.session = session
        self.colour_of = colour_of
        self.corner = corner
        self.open = False
        self.scroll = 0
        self.message = ""
        # lines from before this screen fade as if it had shown them since they came: a table that
        # opens the moment its player sits back down still shows why ("A bot played your seat…")
        now = time.monotonic()
        self.ages: dict[int, float] = {
            line.serial: FEED_SECONDS if line.said_at is None else min(FEED_SECONDS, max(0.0, now - line.said_at))
            for line in session.chat}
        self.panel = pygame.Rect(0, 0, *PANEL_SIZE)
        self.panel.bottomleft = corner
        self.field = ChatField(pygame.Rect(self.panel.x + 20, self.panel.bottom - 78, self.panel.width - 40, 58),
                               self.send)
        self.tab = pygame.Rect((0, 0), TAB_SIZE)
        self.tab.bottomleft = corner
        self._focus_before: Any = None
        self.slide = 0.0  # 0 closed .. 1 open, eased
        self.feed_bottom: int | None = None  # the feed stays above this (a lasting notice stands below it)
        self.feed_box = feed_box  # the room the table gives the feed (None: the corner above the tab)

    # -- opening and sending -------------------------------------------------------------------------
    def show(self, by_key: bool = False) -> None:
        if self.open:
            return
        self.open = True
        self.scroll = 0
        self.message = ""
        self.field.swallow = "t" if by_key else ""
        self._focus_before = self.scene.ui.focus
        self.scene.ui.set_focus(self.field)
        self.field.sound = self.scene.ui.sound

    def hide(self) -> None:
        if not self.open:
            return
        self.open = False
        if self.scene.ui.focus is self.field:
            self.scene.ui.set_focus(self._focus_before if self._focus_before in self.scene.ui.widgets else None)
        self._focus_before = None

    def send(self, text: str) -> None:
        problem = self.session.say(text)
        if problem:
            self.message = problem
            self.field.text, self.field.caret = text, len(text)
            self.scene.app.sounds.play("error")
        elif text.strip():
            self.message = ""
            self.scene.app.sounds.play("click")
        else:
            self.hide()  # Enter on an empty field closes the chat

    # -- frame ----------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        """While open the box takes the keyboard; closed, only a click on its tab."""
        kind = intent.kind
        if not self.open:
            if kind == "chat" or (kind == "press" and intent.pos is not None and self.tab.collidepoint(intent.pos)):
                self.show(by_key=kind == "chat")
                return True
            return False
        if kind in ("cancel", "chat"):
            self.hide()
            return True
        if kind == "scroll":
            self.scroll = max(0, min(len(self.session.chat) - 1, self.scroll + int(intent.value or 0)))
            return True
        if kind == "press" and intent.pos is not None and not self.panel.collidepoint(intent.pos):
            self.hide()
            return False  # the click still reaches the table
        if kind == "release":
            return False
        if kind == "point":
            return True  # the table's hover would take the focus from the field
        if kind in ("up", "down"):
            step = 1 if kind == "up" else -1
            self.scroll = max(0, min(len(self.session.chat) - 1, self.scroll + step))
            return True
        self.field.handle(intent)
        return True  # every other key belongs to the field while it is open

    def pointer_shape(self, pos: tuple[int, int]) -> str | None:
        """A text beam over the open field, an arrow elsewhere on the open panel, a hand over the
        closed tab; None where a click goes on to the table."""
        if self.open:
            if self.field.rect.collidepoint(pos):
                return "text"
            return "arrow" if self.panel.collidepoint(pos) else None
        return "hand" if self.tab.collidepoint(pos) else None

    def update(self, dt: float) -> None:
        for line in self.session.chat:
            self.ages[line.serial] = self.ages.get(line.serial, 0.0) + dt
        if len(self.ages) > 4 * len(self.session.chat) + 20:
            alive = {line.serial for line in self.session.chat}
            self.ages = {serial: age for serial, age in self.ages.items() if serial in alive}
        target = 1.0 if self.open else 0.0
        self.slide += (target - self.slide) * min(1.0, dt * 14)
        if abs(self.slide - target) < 0.01:
            self.slide = target
        self.field.update(dt)
        if self.open and self.scene.ui.focus is not self.field:
            self.scene.ui.set_focus(self.field)  # the table moved its focus meanwhile: typing stays here

    def draw(self, surface: pygame.Surface) -> None:
        if self.slide > 0:
            self._draw_panel(surface)
        if self.slide < 1:
            self._draw_feed(surface)
            self._draw_tab(surface)
            self._draw_unseen(surface)

    def _draw_tab(self, surface: pygame.Surface) -> None:
        tab = _tab_image(self.tab.size, _("Chat"), theme.ui_scale())
        tab.set_alpha(int(255 * (1 - self.slide)))
        surface.blit(tab, self.tab)

    def _draw_unseen(self, surface: pygame.Surface) -> None:
        """A badge on the tab counting the fresh lines the feed's room could not hold: T shows them."""
        unseen = self.unseen()
        if unseen and self.slide == 0:
            text = theme.render_text(f"+{unseen}", 18, theme.INK, theme.DISPLAY_FONT)
            badge = text.get_rect().inflate(14, 6)
            badge.width = max(badge.width, badge.height)
            badge.center = (self.tab.right - 4, self.tab.top + 2)
            pygame.draw.rect(surface, theme.SUNFLOWER, badge, border_radius=badge.height // 2)
            surface.blit(text, text.get_rect(center=(badge.centerx, badge.centery + 1)))

    def unseen(self) -> int:
        """How many of the last nine seconds' lines the feed leaves out (its room holds fewer), so the tab
        can say more was said than shows."""
        if self.open:
            return 0
        fresh = sum(1 for line in self.session.chat if self.ages.get(line.serial, 0.0) < FEED_SECONDS)
        return max(0, fresh - len(self._feed_lines()))

    def feed_room(self) -> pygame.Rect:
        """The room the fading lines stand in: the table's (``TableScene.chat_feed_box``), else the
        corner above the tab. The lines' backs fill its width; they rise from its foot."""
        box = self.feed_box() if self.feed_box is not None else None
        if box is not None:
            return box
        return pygame.Rect(self.corner[0], self.tab.y - 16 - FEED_REACH, PANEL_SIZE[0] - 12, FEED_REACH)

    def _feed_lines(self) -> list[tuple[ChatLine, list[str], int, int]]:
        """The closed chat's fresh lines, newest first: each with its rows, its top and its height. They
        rise from the room's foot (above a lasting notice standing there) and stay inside it: an older
        line that does not fit waits in the open chat. The newest always shows."""
        fresh = [line for line in self.session.chat if self.ages.get(line.serial, 0.0) < FEED_SECONDS]
        room = self.feed_room()
        y = room.bottom if self.feed_bottom is None else min(room.bottom, self.feed_bottom)
        placed: list[tuple[ChatLine, list[str], int, int]] = []
        for line in reversed(fresh[-FEED_LINES:]):
            rows = layout_line(line, room.width - 28)
            height = len(rows) * line_step() + 12
            if placed and y - height < room.top:
                break
            y -= height
            placed.append((line, rows, y, height))
            y -= 6
        return placed

    def feed_rect(self) -> pygame.Rect | None:
        """Where the closed chat's fading lines stand now (None: none shows), so a table can keep its
        own floating messages off them (two texts over each other are neither read)."""
        placed = self._feed_lines() if self.slide < 1 else []
        if not placed:
            return None
        top, bottom = placed[-1][2], placed[0][2] + placed[0][3]
        room = self.feed_room()
        return pygame.Rect(room.x - 40, top, room.width + 40, bottom - top)  # 40: a new line slides in

    def _draw_feed(self, surface: pygame.Surface) -> None:
        """The fresh lines, newest at the foot. The backs of lines standing one over another join
        across the gap between them: through a gap the words of a panel under the lines (Linie 1's seat
        rows) showed in slices, half letters between the lines."""
        room = self.feed_room()
        width = room.width - 28
        placed = self._feed_lines()
        for index, (line, rows, y, height) in enumerate(placed):
            age = self.ages.get(line.serial, 0.0)
            fade = min(1.0, (FEED_SECONDS - age) / FEED_FADE) * (1 - self.slide)
            appear = min(1.0, age / 0.18)  # a new line pops in
            shade, ink = feed_alphas(fade)
            joins_below = index > 0  # a newer line stands under this one: the gap is this line's back
            joined_above = index + 1 < len(placed)
            gap = placed[index - 1][2] - (y + height) if joins_below else 0
            back = pygame.Surface((width + 28, height + gap), pygame.SRCALPHA)
            pygame.draw.rect(back, (*theme.SHADOW, shade), back.get_rect(), border_radius=14,
                             border_top_left_radius=0 if joined_above else 14,
                             border_top_right_radius=0 if joined_above else 14,
                             border_bottom_left_radius=0 if joins_below else 14,
                             border_bottom_right_radius=0 if joins_below else 14)
            offset = int((1 - appear) * -40)
            surface.blit(back, (room.x + offset, y))
            draw_line(surface, self.colour_of, line, rows, room.x + 14 + offset, y + 6, ink)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        rise = int((1 - self.slide) * 60)
        panel = self.panel.move(0, rise)
        veil = pygame.Surface(panel.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (*theme.NIGHT, int(236 * self.slide)), veil.get_rect(), border_radius=22)
        surface.blit(veil, panel)
        pygame.draw.rect(surface, theme.mix(theme.NIGHT, theme.SUNFLOWER, self.slide), panel, width=3,
                         border_radius=22)
        title = theme.draw_text(surface, _("Chat"), (panel.x + 22, panel.y + 14), 32, theme.SUNFLOWER,
                                theme.DISPLAY_FONT)
        keys = _("Enter send · Esc close · wheel scroll")
        size = theme.fit_text(keys, 20, panel.right - 22 - (title.right + 18))  # never over the title
        theme.draw_text(surface, keys, (panel.right - 22, panel.y + 22), size, theme.CREAM_DIM, anchor="topright")
        history = pygame.Rect(panel.x + 22, panel.y + 60, panel.width - 44, panel.height - 170)
        draw_history(surface, self.session, history, self.colour_of, self.scroll)
        if self.scroll:
            theme.draw_text(surface, _("↓ {count} newer").format(count=self.scroll),
                            (history.right, history.bottom + 2), 18, theme.SUNFLOWER, anchor="topright")
        if self.message:
            theme.draw_text(surface, self.message, (panel.x + 22, panel.bottom - 106), 20, theme.CORAL,
                            theme.TEXT_BOLD_FONT)
        self.field.rect.topleft = (panel.x + 20, panel.bottom - 78)
        self.field.draw(surface)


TAB_WORD_LEFT = 54  # where the tab's word starts, right of its bubble


@cache
def _tab_image(size: tuple[int, int], word: str, scale: float) -> pygame.Surface:
    """The closed chat's tab: a bubble, the word "Chat" and the T key (drawn once per language and
    text size). The tab keeps its size (tables place it between their own things), so at a large text
    size the word takes the room between the bubble and the key and no more: at 150 % it ran under
    the key."""
    tab = pygame.Surface(size, pygame.SRCALPHA)
    middle = size[1] // 2
    pygame.draw.rect(tab, (*theme.SHADOW, 170), tab.get_rect(), border_radius=middle)
    pygame.draw.rect(tab, (*theme.PLUM_LIGHT, 255), tab.get_rect(), width=2, border_radius=middle)
    _bubble(tab, (30, middle), theme.SUNFLOWER)
    chip = pygame.Rect(0, 0, 26, 26)
    chip.midright = (size[0] - 12, middle)
    room = chip.left - 6 - TAB_WORD_LEFT
    theme.draw_text(tab, word, (TAB_WORD_LEFT, middle), theme.fit_text(word, 22, room, theme.TEXT_BOLD_FONT),
                    theme.CREAM, theme.TEXT_BOLD_FONT, "midleft")
    pygame.draw.rect(tab, theme.CREAM_DIM, chip, border_radius=6)
    key = theme.render_text("T", 18, theme.INK, theme.DISPLAY_FONT)
    tab.blit(key, key.get_rect(center=(chip.centerx, chip.centery + 1)))
    return tab


def _bubble(surface: pygame.Surface, centre: tuple[int, int], colour: theme.Colour) -> None:
    """A small speech bubble: the chat's icon."""
    x, y = centre
    body = pygame.Rect(0, 0, 26, 19)
    body.center = (x, y - 2)
    pygame.draw.rect(surface, colour, body, border_radius=8)
    pygame.draw.polygon(surface, colour, [(x - 7, y + 5), (x - 9, y + 12), (x + 1, y + 6)])
    for dx in (-6, 0, 6):
        pygame.draw.circle(surface, theme.INK, (x + dx, y - 2), 2)
