"""The LAN layer of any table scene: seat connection dots, the "Reconnecting…" overlay, the chat.

A table adds it in four lines and stays unaware of the network::

    self.lan_hud = NetHud(self, session, seat_anchor=lambda seat: ...)   # __init__
    if self.lan_hud.handle(intent): return True                          # first thing in handle
    self.lan_hud.update(dt)                                              # in update
    self.lan_hud.draw(surface)                                           # last thing in draw
                                                       # (or draw_under over the board and under the
                                                       # buttons and tips, then hints, then draw_over)

With a local session it does nothing at all. With a LAN session (``LanSession``) it reads the
connection's state every frame (without taking any message away from the table), draws a dot by
each seat (``seat_anchor(seat)`` gives the point; without it a small roster is drawn at the top),
covers the table while the link is down — the seat is kept and the game waits — and offers the
chat on T, with how many watch ("2 watching") on the chat tab's edge. The player hosting the table
may click the dot of an absent player to let a bot play for them, and click again to hand the seat
back.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from game.anim import ease
from game.i18n import _, ngettext
from game.lan.chat import ChatBox, ColourOf, FeedBox, line_step
from game.session import Session
from game.ui import theme
from game.ui.input import Intent
from game.ui.notices import NOTICE_BOX, draw_notice, save_problem_words
from game.ui.widgets import Button, FocusGroup, draw_tooltip, room_for_labels

Anchor = Callable[[int], tuple[int, int] | None]
DOT_RADIUS = 10
STATE_COLOURS: dict[str, theme.Colour] = {
    "connected": theme.MINT, "away": theme.SUNFLOWER, "gone": theme.CORAL, "bot": theme.SKY,
    "open": theme.PLUM_LIGHT,
}
WATCH_SIZE = 15  # the watchers' count on the chat tab's top edge: small and quiet, never news
WATCH_PAD = 6
VEIL_SECONDS = 0.3  # the overlay fades in and out over this long
OVERLAY = pygame.Rect(0, 0, 860, 360)
OVERLAY.center = (theme.WIDTH // 2, theme.HEIGHT // 2 - 40)


def seat_state(seat: dict[str, Any]) -> str | None:
    """connected / away / gone / bot (a bot stands in) / open; None for a seat the host's bot plays."""
    if seat.get("kind") == "bot" and not seat.get("claimed"):
        return None
    if seat.get("kind") == "open" and not seat.get("claimed"):
        return "open"
    if seat.get("bot"):
        return "bot"
    if not seat.get("connected"):
        return "gone"
    return "away" if seat.get("away") else "connected"


def describe(seat: dict[str, Any], state: str | None, hosting: bool, own: bool = False) -> str:
    """A seat dot's tooltip. On the player's own dot a bot the host let in is said to them, not
    about them ("Ben is back" on Ben's own screen reads as someone else)."""
    name = str(seat.get("name", "?"))
    if own and state == "bot" and seat.get("connected") and not hosting:
        return _("A bot plays your seat until the host gives it back.")
    text = {
        "connected": _("{name} is connected.").format(name=name),
        "away": _("{name} has not answered for a few seconds.").format(name=name),
        "gone": _("{name} lost the connection; the seat is kept for them.").format(name=name),
        "bot": _("A bot plays for {name} until they are back.").format(name=name),
        "open": _("Nobody has taken this seat yet."),
    }.get(state or "", name)
    if state == "bot" and seat.get("connected") and not seat.get("away"):
        text = _("{name} is back; a bot still plays for them.").format(name=name)  # the host handed it over
    if hosting and state in ("away", "gone"):
        text += _(" Click: let a bot play for them.")
    elif hosting and state == "bot":
        text += _(" Click: give the seat back.")
    return text


def countdown_words(name: str, seconds: int) -> str:
    """How long until a bot takes an absent player's seat, as the others read it at the table."""
    if seconds <= 0:
        return _("{name}'s seat goes to a bot now.").format(name=name)
    return _("{name}'s seat goes to a bot in {seconds} s.").format(name=name, seconds=seconds)


def draw_dot(surface: pygame.Surface, centre: tuple[int, int], state: str, age: float = 0.0,
             radius: int = DOT_RADIUS) -> None:
    """A connection dot: mint connected, sunflower away (pulsing), coral gone, sky with eyes for a bot."""
    x, y = centre
    colour = STATE_COLOURS[state]
    if state == "away":
        phase = (age % 1.6) / 1.6
        ring = pygame.Surface((radius * 6, radius * 6), pygame.SRCALPHA)
        pygame.draw.circle(ring, (*colour, int(160 * (1 - phase))), (radius * 3, radius * 3),
                           int(radius + phase * radius * 1.8), 3)
        surface.blit(ring, (x - radius * 3, y - radius * 3))
    pygame.draw.circle(surface, theme.SHADOW, (x, y + 2), radius + 3)
    pygame.draw.circle(surface, theme.NIGHT, (x, y), radius + 3)
    pygame.draw.circle(surface, colour, (x, y), radius)
    if state == "gone":
        arm = radius // 2
        pygame.draw.line(surface, theme.NIGHT, (x - arm, y - arm), (x + arm, y + arm), 3)
        pygame.draw.line(surface, theme.NIGHT, (x - arm, y + arm), (x + arm, y - arm), 3)
    elif state == "bot":
        for dx in (-radius // 3 - 1, radius // 3 + 1):
            pygame.draw.circle(surface, theme.NIGHT, (x + dx, y), max(2, radius // 4))
    elif state == "connected":
        pygame.draw.circle(surface, theme.shade(colour, 1.35), (x - radius // 3, y - radius // 3), max(2, radius // 3))


class NetHud:
    """Connection dots, the reconnecting overlay and the chat for a table scene (see module doc)."""

    def __init__(self, scene: Any, session: Session, seat_anchor: Anchor | None = None,
                 chat_corner: tuple[int, int] = (24, 1056), colour_of: ColourOf | None = None,
                 notice_box: Callable[[], pygame.Rect] | None = None, feed_box: FeedBox | None = None,
                 hint_box: FeedBox | None = None) -> None:
        self.scene = scene
        self.hint_box = hint_box  # where the table's first-game hint stands now (None: none shows)
        self.notice_box = notice_box or NOTICE_BOX.copy  # where the table lets notices stand
        self.session = session
        self.seat_anchor = seat_anchor
        self.active = session.lan
        self.age = 0.0
        self.veil = 0.0  # 0..1: how much of the overlay shows (eased, so a short flap barely shows)
        self.hover: int | None = None
        self.pointer: tuple[int, int] | None = None
        self.ui = FocusGroup(sound=scene.app.sounds.play)
        wide = max(360, room_for_labels([_("Leave table"), _("Back to title")], 36))  # "Zurück zum Titelbild" at 150 %
        self.leave_button = Button(pygame.Rect(0, 0, wide, 80), _("Leave table"), self.leave, "danger", 36)
        self.leave_button.rect.midbottom = (OVERLAY.centerx, OVERLAY.bottom - 34)
        self.ui.add(self.leave_button)
        self.chat: ChatBox | None = None
        self.notice_rect: pygame.Rect | None = None  # the lasting notice drawn this frame, if any
        if self.active:
            self.chat = ChatBox(scene, session, colour_of or theme.player_colour, chat_corner, feed_box)

    # -- what the session says --------------------------------------------------------------------
    def seats(self) -> list[dict[str, Any]]:
        return self.session.seat_states

    @property
    def link(self) -> str:
        return self.session.link

    @property
    def game_over(self) -> bool:
        return self.session.over

    @property
    def blocking(self) -> bool:
        """The link is down (or gone for good) while the game still runs: the table waits."""
        return self.active and self.link in ("down", "closed") and not self.game_over

    # -- actions ----------------------------------------------------------------------------------
    def leave(self) -> None:
        self.scene.app.to_title()

    def _stand_in_for(self, seat: int) -> bool | None:
        """What a click on ``seat``'s dot does: True lets a bot play for an absent player, False gives the
        seat back from its bot, None does nothing (not the host, or a seat whose player is here)."""
        seats = self.seats()
        if not self.session.hosting or not 0 <= seat < len(seats):
            return None
        state = seat_state(seats[seat])
        return True if state in ("away", "gone") else False if state == "bot" else None

    def _toggle_bot(self, seat: int) -> None:
        """The host lets a bot play for an absent player, or gives the seat back."""
        bot = self._stand_in_for(seat)
        if bot is None:
            return
        self.session.stand_in(seat, bot=bot)
        self.scene.app.sounds.play("click")

    # -- frame ------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        """True when the HUD took the intent (the table must then ignore it)."""
        if not self.active:
            return False
        if intent.kind == "point":
            self.pointer = intent.pos
            self.hover = self._dot_at(intent.pos) if intent.pos is not None else None
        if self.blocking:
            if intent.kind in ("cancel", "help"):
                return False  # the pause menu and the rules still open
            if self.chat is not None and self.chat.open:
                self.chat.hide()
            self.ui.handle(intent)
            return True
        if self.chat is not None and self.chat.handle(intent):
            return True
        if intent.kind == "press" and intent.pos is not None and self.session.hosting:
            seat = self._dot_at(intent.pos)
            if seat is not None:
                self._toggle_bot(seat)
                return True
        return False

    @property
    def pointer_shape(self) -> str | None:
        """The pointer over the HUD: the overlay's own while the table waits for the link, the chat's,
        a hand over a seat dot the host may hand to a bot or back; None where the table decides."""
        if not self.active:
            return None
        if self.blocking:
            return self.ui.pointer_shape or "arrow"
        if self.pointer is None:
            return None
        if self.chat is not None and (shape := self.chat.pointer_shape(self.pointer)) is not None:
            return shape
        if self.hover is not None and self._stand_in_for(self.hover) is not None:
            return "hand"  # the dot a click hands to a bot or back
        return None

    def _dot_at(self, pos: tuple[int, int]) -> int | None:
        for seat, centre in self._dots():
            if math.dist(pos, centre) <= DOT_RADIUS + 8:
                return seat
        return None

    def update(self, dt: float) -> None:
        if not self.active:
            return
        self.age += dt
        step = dt / VEIL_SECONDS
        self.veil = min(1.0, self.veil + step) if self.blocking else max(0.0, self.veil - step)
        self.leave_button.label = _("Back to title") if self.link == "closed" else _("Leave table")
        self.ui.update(dt)
        if self.blocking:
            self.ui.set_focus(self.leave_button)
        if self.chat is not None:
            self.chat.update(dt)

    def needs_frames(self) -> bool:
        """The veil easing in or out, the chat panel sliding: smooth frames until they rest."""
        target = 1.0 if self.blocking else 0.0
        sliding = self.chat is not None and self.chat.slide not in (0.0, 1.0)
        return self.veil != target or sliding

    # -- drawing ----------------------------------------------------------------------------------
    def _dots(self) -> list[tuple[int, tuple[int, int]]]:
        placed: list[tuple[int, tuple[int, int]]] = []
        for index, seat in enumerate(self.seats()):
            if seat_state(seat) is None:
                continue
            point = self.seat_anchor(index) if self.seat_anchor is not None else self._roster_point(index)
            if point is not None:
                placed.append((index, (int(point[0]), int(point[1]))))
        return placed

    def _roster_point(self, index: int) -> tuple[int, int]:
        count = max(1, len(self.seats()))
        return theme.WIDTH // 2 - (count - 1) * 17 + index * 34, 18

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_under(surface)
        self.draw_over(surface)

    def draw_under(self, surface: pygame.Surface) -> None:
        """The seat dots and the lasting notices: under a first-game hint and the table's own banners,
        which stand over the table for a moment."""
        if not self.active:
            return
        seats = self.seats()
        for index, centre in self._dots():
            state = seat_state(seats[index])
            if state is not None:
                draw_dot(surface, centre, state, self.age)
        self.notice_rect = None
        if self.game_over and self.link != "up":
            said = [_("The host has left the table; the game is over.")]
        else:
            said = self.own_seat_words() + self.countdowns()  # one notice for all, in the one place kept for it
            if self.session.hosting and self.session.save_problem:
                said.insert(0, save_problem_words(self.session.save_problem))
        if said:
            self.notice_rect = draw_notice(surface, " ".join(said), self.notice_box())

    def own_seat_words(self) -> list[str]:
        """While the hosting player lets a bot play this screen's seat (this player is here), the table
        may still read "Your turn": the notice says why clicks do nothing, for as long as it lasts, not
        only in a chat line that fades."""
        own = self.session.seat if self.session.role == "seat" else None
        seats = self.seats()
        if own is None or own >= len(seats) or self.link != "up" or self.game_over:
            return []
        seat = seats[own]
        return [_("A bot plays your seat until the host gives it back.")] if seat.get("bot") and seat.get(
            "connected") and seat.get("kind") == "human" else []

    def countdowns(self) -> list[str]:
        """The absent players' seats the table hands to bots soon, and in how long ("Ben's seat goes to a
        bot in 25 s."): the others see the wait end. Never this screen's own seat (its player reads
        "Reconnecting…"), nothing while the link is down (the host's count is then unknown)."""
        bot_in = getattr(self.session, "bot_in", None)
        if bot_in is None or self.link != "up" or self.game_over:
            return []
        own = self.session.seat if self.session.role == "seat" else None
        words = []
        for index, seat in enumerate(self.seats()):
            seconds = bot_in(index) if index != own and seat_state(seat) in ("away", "gone") else None
            if seconds is not None:
                words.append(countdown_words(str(seat.get("name", "?")), seconds))
        return words

    def draw_over(self, surface: pygame.Surface) -> None:
        """Over everything: the chat (typed into), and the "Reconnecting…" veil while the link is down,
        else a dot's tooltip."""
        if not self.active:
            return
        if self.chat is not None:
            self.chat.feed_bottom = self._feed_bottom()
            self.chat.draw(surface)
            self._draw_watchers(surface)
        seats = self.seats()
        if self.veil > 0:
            self._draw_overlay(surface)
        elif self.hover is not None and self.hover < len(seats):
            rect = pygame.Rect(0, 0, DOT_RADIUS * 2, DOT_RADIUS * 2)
            centre = dict(self._dots()).get(self.hover)
            if centre is not None:
                rect.center = centre
                own = self.session.seat if self.session.role == "seat" else None
                text = describe(seats[self.hover], seat_state(seats[self.hover]), self.session.hosting,
                                own=self.hover == own)
                draw_tooltip(surface, text, rect)

    def watchers(self) -> int:
        """How many watch this game, as the host's last status counts them (a spectator counts itself);
        0 while the link is down, when the count may be out of date."""
        status = getattr(self.session, "status", None)
        count = status.get("spectators") if isinstance(status, dict) and self.link == "up" else 0
        return count if isinstance(count, int) and count > 0 else 0

    def watch_words(self) -> str:
        count = self.watchers()
        return ngettext("{count} watching", "{count} watching", count).format(count=count) if count else ""

    def watch_rect(self) -> pygame.Rect | None:
        """Where the watchers' count stands (None: nobody watches, or the chat is open): a small pill on
        the chat tab's top edge, within the tab's width and left of its "+2", so at every table it stands
        where the tab does, in room each table keeps free of its game (``TableScene.chat_corner``)."""
        size = self._watch_size()
        if size is None or self.chat is None:
            return None
        tab = self.chat.tab
        face = theme.font(size)
        height = face.get_height() + 4
        width = face.size(self.watch_words())[0] + 3 * WATCH_PAD + theme.px(WATCH_SIZE)
        return pygame.Rect(tab.x + WATCH_PAD, tab.top + 8 - height, width, height)

    def _watch_size(self) -> int | None:
        """The count's text size: smaller where the words are long (German at 150 %) so the pill keeps
        within the tab's width."""
        words = self.watch_words()
        if not words or self.chat is None or self.chat.slide > 0:
            return None
        right = self.chat.tab.right - (30 if self.chat.unseen() else WATCH_PAD)  # the "+2" badge
        room = right - self.chat.tab.x - 4 * WATCH_PAD - theme.px(WATCH_SIZE)  # the eye and the padding
        return theme.fit_text(self.watch_words(), WATCH_SIZE, room, minimum=9)

    def _draw_watchers(self, surface: pygame.Surface) -> None:
        """"2 watching": the players know who can see the board without a notice each time."""
        rect, size = self.watch_rect(), self._watch_size()
        feed = self.feed_rect()
        lines = feed.move(40, 0).clip(feed) if feed is not None else None  # feed_rect keeps 40 px to slide in
        if rect is None or size is None or (lines is not None and lines.colliderect(rect)):
            return  # a chat line that found no room above it stands there for its nine seconds
        pygame.draw.rect(surface, theme.NIGHT, rect, border_radius=rect.height // 2)
        pygame.draw.rect(surface, theme.PLUM_LIGHT, rect, width=1, border_radius=rect.height // 2)
        eye = theme.px(WATCH_SIZE)
        centre = (rect.x + WATCH_PAD + eye // 2, rect.centery)
        lid = pygame.Rect(0, 0, eye, eye * 5 // 8)
        lid.center = centre
        pygame.draw.ellipse(surface, theme.CREAM_DIM, lid, width=max(1, eye // 10))
        pygame.draw.circle(surface, theme.CREAM_DIM, centre, max(2, eye // 5))
        theme.draw_text(surface, self.watch_words(), (rect.x + 2 * WATCH_PAD + eye, rect.centery + 1), size,
                        theme.CREAM_DIM, anchor="midleft")

    def feed_rect(self) -> pygame.Rect | None:
        """Where the chat's fading lines stand now (None: none shows, or not a LAN table): a table's own
        floating messages keep off them (``ChatBox.feed_rect``)."""
        return self.chat.feed_rect() if self.active and self.chat is not None else None

    def _feed_bottom(self) -> int | None:
        """Where the chat's fading lines must end to leave what stands in their room readable: a lasting
        notice in the table's corner (Bus keeps its notices in the map's key, where the lines stand), and
        a first-game hint (Linja's stands in the side panel the lines rise over: the first hint comes
        with the start, just as the players wish each other luck) and the watchers' count when a line
        fits above them; None: anywhere."""
        chat = self.chat
        if chat is None:
            return None
        room = chat.feed_room()
        hint = self.hint_box() if self.hint_box is not None else None
        # where no line fits above them, the newest line shows over them rather than nowhere
        above = [rect for rect in (hint, self.watch_rect())
                 if rect is not None and rect.top - room.top >= line_step() + 18]
        tops = [rect.top - 6 for rect in (self.notice_rect, *above) if rect is not None and rect.colliderect(room)]
        return min(tops) if tops else None

    def _draw_overlay(self, surface: pygame.Surface) -> None:
        shown = ease("out_cubic")(self.veil)
        theme.dim(surface, int(170 * shown))
        rise = int((1 - shown) * 40)
        closed = self.link == "closed"
        waiting = not closed and bool(getattr(self.session, "host_closed", False))  # a goodbye, not a lost link
        replaced = closed and bool(getattr(self.session, "table_replaced", False))
        if replaced and self.session.role == "seat":  # the game did not end: its host opened another table
            words = _("The host has opened another table at this address, so this game stopped here. Your "
                      "seat is kept: if they open this game again, join it to play on.")
        elif replaced:
            words = _("The host has opened another table at this address, so this game stopped here. If "
                      "they open it again, join it to watch on.")
        elif closed:
            words = _("The host has ended the game, or this program can no longer play at it.")
        elif not waiting and self.session.role != "seat":  # a spectator has no seat to keep
            words = _("The link to the host is lost. The table waits here until the host answers again, "
                      "and you watch on.")
        elif not waiting:
            words = _("The link to the host is lost. Your seat is kept, and the table waits here until the "
                      "host answers again.")
        elif self.session.role == "seat":
            words = _("The host has closed the table for now. Your seat is kept: when they open it again, "
                      "you sit back down here by yourself.")
        else:
            words = _("The host has closed the table for now. When they open it again, you watch on here.")
        lines = theme.wrap(words, 27, OVERLAY.width - 80)
        step = theme.px(34)
        reason = self.session.link_reason
        if not reason or reason == "closed" or waiting:  # "the host closed the table" is said above
            reason = ""
        else:
            reason = f"({reason if len(reason) < 80 else reason[:77] + '…'})"
        reason_size = theme.fit_text(reason, 22, OVERLAY.width - 60)
        # the panel grows with its lines (a large text size, a long language), so Leave table stays under them
        words_bottom = 136 + len(lines) * step + (theme.font(reason_size).get_height() // 2 + 6 if reason else 0)
        height = max(OVERLAY.height, words_bottom + 16 + self.leave_button.rect.height + 30)
        panel = pygame.Rect(OVERLAY.x, OVERLAY.centery - height // 2, OVERLAY.width, height).move(0, rise)
        theme.panel(surface, panel, theme.PLUM, 30, theme.CORAL if closed else theme.SUNFLOWER, 12)
        title = _("The table is closed") if closed else _("Waiting for the host") if waiting else _("Reconnecting")
        size = theme.fit_text(title, 58, panel.width - 160, theme.DISPLAY_FONT)  # the spinner and dots beside it
        heading = theme.heading(surface, title, (panel.centerx, panel.y + 70), size)
        if not closed:
            for index in range(1 + int(self.age * 2.5) % 3):  # the dots count up; the word stays put
                dot = (heading.right + 10 + index * 16, heading.bottom - 14)
                pygame.draw.circle(surface, theme.SHADOW, (dot[0], dot[1] + 3), 5)
                pygame.draw.circle(surface, theme.CREAM, dot, 5)
            _spinner(surface, (heading.x - 50, heading.centery), self.age)
        for index, text in enumerate(lines):
            theme.draw_text(surface, text, (panel.centerx, panel.y + 136 + index * step), 27, theme.CREAM,
                            anchor="center")
        if reason:
            theme.draw_text(surface, reason, (panel.centerx, panel.y + 136 + len(lines) * step + 6), reason_size,
                            theme.CREAM_DIM, anchor="center")
        self.leave_button.rect.midbottom = (panel.centerx, panel.bottom - 30)
        self.ui.draw(surface)


def _spinner(surface: pygame.Surface, centre: tuple[int, int], age: float) -> None:
    """Ten dots chasing round a circle: something is being tried."""
    for index in range(10):
        angle = index / 10 * math.tau + age * 4
        strength = index / 9
        colour = theme.mix(theme.PLUM_LIGHT, theme.SUNFLOWER, strength)
        point = (centre[0] + math.cos(angle) * 22, centre[1] + math.sin(angle) * 22)
        pygame.draw.circle(surface, colour, point, 3 + 3 * strength)

