"""LAN play from the client: host a table, find or join one, and wait in its lobby.

- ``HostScene`` (``game.lan.host``): the setup screen where every other seat is open or a bot; it opens
  a table served from this program and seats the host player like anyone else.
- ``JoinScene`` (``game.lan.join``): the tables found on the network, verified by a hello, with the
  ones this program cannot join greyed out and the reason given; or an address typed in.
- ``LobbyScene`` (here): who sits where and whether they are connected, the chat, and Start. When
  the game begins the game's own table scene takes the session over, exactly as for a local game.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.bots import bot_label
from game.i18n import N_, _, ngettext
from game.lan.address import lan_address
from game.lan.chat import ChatField, draw_history
from game.lan.hud import draw_dot, seat_state
from game.lan.session import TOKEN_REFUSALS, LanSession
from game.refusal_words import net_error_text
from game.scenes.setup import OPEN_NAME
from game.scenes.stack import HoldsSession, Scene
from game.tables.registry import has_table, table_scene
from game.ui import theme
from game.ui.input import Intent
from game.ui.notices import draw_save_problem, room_left_of
from game.ui.widgets import Button, room_for_labels

SEATS = pygame.Rect(120, 196, 1040, 700)
CHAT = pygame.Rect(1190, 196, 610, 700)
# A saving problem of the hosting player's table stands left of Leave, under the note line: nothing
# else is drawn there (the same place LanResultsScene gives it).
NOTICE = pygame.Rect(24, 956, theme.WIDTH // 2 - 24, 116)  # cut short left of Leave (``room_left_of``)
ROW_H = 96
MAX_ROWS = 6  # the seats the panel has room for (no game has more)
PHASE_WORDS = {"lobby": N_("in the lobby"), "playing": N_("game in progress"), "over": N_("game over")}


class LobbyScene(HoldsSession, Scene):
    """Waiting for players: the seats, who is connected, the chat, and Start."""

    name = "lobby"
    idle_fps = 30  # empty seats turn their dashed rings

    def __init__(self, app, session: LanSession, port: int, hosting: bool) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.session = session
        session.lobby = self  # the newest lobby holds the session (see exit)
        self.port = port
        self.hosting = hosting
        self.message = ""
        self.lost_host = False  # the message says the host is lost (cleared when it answers again)
        self.claimed = hosting or session.token is not None  # asked already, or resuming
        self.confirming_close = False  # the hosting player pressed Leave once with guests seated
        self.may_start = True  # unless the host says guests may not start (only a dedicated host lets them)
        # Leave and Start side by side, as wide as their longest words need at their sizes ("Tisch schließen?")
        wide = max(340, room_for_labels([_("Start game"), _("Ready"), _("Waiting…")], 44),
                   room_for_labels([_("Leave"), _("Close table?")], 40))
        start = pygame.Rect(theme.WIDTH // 2 + 30, 954, wide, 92)
        leave = pygame.Rect(theme.WIDTH // 2 - 30 - wide, 954, wide, 92)
        seat_button = max(200, room_for_labels([_("Sit here"), _("Just watch")], 26))
        self.start = Button(start, _("Start game") if hosting else _("Ready"), self.start_game,
                            "good" if hosting else "secondary", 44,
                            None if hosting else _("The game starts once every seated player is ready "
                                                 "(or every seat is taken); open seats become bots."))
        self.leave_button = Button(leave, _("Leave"), self.leave, "secondary", 40)
        self.chat_field = ChatField(pygame.Rect(CHAT.x + 24, CHAT.bottom - 88, CHAT.width - 48, 62), self.say)
        # a guest changes places in the lobby: sits down on an open seat, or goes back to watching
        self.sit_buttons = [Button(pygame.Rect(0, 0, seat_button, 56), _("Sit here"), lambda seat=seat: self.sit(seat),
                                   "secondary", 26, _("Take this seat (the one you hold, if any, opens again).")
                                   ) for seat in range(MAX_ROWS)]
        self.watch_button = Button(pygame.Rect(0, 0, seat_button, 56), _("Just watch"), self.watch, "secondary", 26,
                                   _("Give your seat up and watch the game instead."))
        for widget in (self.start, self.leave_button, *self.sit_buttons, self.watch_button, self.chat_field):
            self.ui.add(widget)
        self.ui.set_focus(self._key_default())

    def _key_default(self) -> Button | None:
        """What Enter presses in the lobby: Start (or a guest's Ready) while offered; a guest offered nothing
        gets no default, so a second Enter after the one that joined never walks them out of the table."""
        if self.start.visible:
            return self.start
        return self.leave_button if self.hosting else None

    # -- actions ----------------------------------------------------------------------------------
    def start_game(self) -> None:
        try:
            self.session.start_game()
        except Exception as error:  # noqa: BLE001 - e.g. it started meanwhile: say so, never crash
            self.message = str(getattr(error, "message", error))

    def sit(self, seat: int) -> None:
        self.message = ""
        self.session.claim(seat)

    def watch(self) -> None:
        self.message = ""
        self.session.spectate()

    def say(self, text: str) -> None:
        problem = self.session.say(text)
        if problem:
            self.message = problem
            self.chat_field.text, self.chat_field.caret = text, len(text)
            self.app.sounds.play("error")

    def exit(self) -> None:
        if getattr(self.session, "lobby", self) is not self:
            # a newer lobby holds the session: a table that read two statuses of the next deal in one
            # frame opens the lobby twice, and closing the first would end the player's link
            return
        super().exit()

    def abandon(self) -> None:
        if getattr(self.session, "lobby", self) is self:
            super().abandon()

    def leave(self) -> None:
        others = sum(1 for seat in self.session.status.get("seats", []) if seat.get("claimed")) - 1
        if self.hosting and others > 0 and not self.confirming_close:
            self.confirming_close = True  # the others would lose the table: ask once more
            self.leave_button.label, self.leave_button.style = _("Close table?"), "danger"
            self.ui.set_focus(self.leave_button)
            return
        self.session.close()
        self.handed_over = True  # closed already: exit() must not close it twice
        self.app.to_title()

    def handle(self, intent: Intent) -> bool:
        if intent.kind == "chat":
            self.ui.set_focus(self.chat_field)
            self.chat_field.swallow = "t"
            return True
        if intent.kind == "cancel":
            if self.ui.focus is self.chat_field:
                self.ui.set_focus(self._key_default())
                return True
            self.leave()
            return True
        if intent.kind == "confirm" and self.ui.focus is None:
            return True  # no default here (``_key_default``): an arrow or Tab picks a button first
        handled = super().handle(intent)
        if self.confirming_close and self.ui.focus is not self.leave_button:
            self.confirming_close = False  # moved away: not confirmed
            self.leave_button.label, self.leave_button.style = _("Leave"), "secondary"
        return handled

    # -- frame ------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        for message in self.session.poll():
            kind = message.get("type")
            if kind == "error" and message.get("code") in TOKEN_REFUSALS:
                self.claimed = False  # the seat we came back for is gone: take another, or watch
            elif kind == "error" and not str(message.get("code", "")).startswith("net.chat"):
                self.message = net_error_text(message)
                if message.get("code") in ("net.seat_taken", "net.not_in_lobby"):
                    self.claimed = False  # someone was quicker: try the next open seat, or watch
                elif message.get("code") == "net.not_allowed":
                    self.may_start = False
            elif kind == "status" and message.get("link") == "closed":
                reason = str(message.get("reason") or "")  # "closed" alone: no reason, never shown as one
                if reason != "closed":
                    self.message = _("The table closed: {reason}").format(reason=reason)
                elif not self.message.startswith(_("The table closed: {reason}").format(reason="")):
                    self.message = _("The table is closed")
            elif kind == "status" and message.get("link") == "down":
                reason = str(message.get("reason") or "").rstrip(".")
                self.message = (_("Lost the host ({reason}) — trying again…").format(reason=reason) if reason
                                else _("Lost the host — trying again…"))
                self.lost_host = True
            elif kind == "status" and message.get("link") == "up" and self.lost_host:
                self.message, self.lost_host = "", False
        if self.lost_host and self.session.host_closed:
            self.message = self._host_closed_words()  # a goodbye, not a lost link: nothing is "tried again"
        self._take_a_place()
        guests_start = bool((self.session.table or {}).get("guests_start", True))
        offered = self.start.visible
        self.start.visible = self.hosting or (self.session.role == "seat" and self.may_start and guests_start)
        if self.start.visible and not offered and self.ui.focus in (self.leave_button, None):
            self.ui.set_focus(self.start)  # Ready appeared: Enter readies the guest, it never leaves the table
        # Leave beside Start, or alone in the middle (a guest waiting for the host): not off to one side
        self.leave_button.rect.right = self.start.rect.left - 60 if self.start.visible else \
            theme.WIDTH // 2 + self.leave_button.rect.width // 2
        ready = not self.hosting and self._asked_to_start()
        self.start.label = _("Start game") if self.hosting else _("Waiting…") if ready else _("Ready")
        self.start.enabled = self.session.role == "seat" and self.session.link == "up" \
            and self.session.phase == "lobby" and not ready
        self._place_seat_buttons()
        if self.session.phase in ("playing", "over") and not self.handed_over:
            self._hand_over()

    def _place_seat_buttons(self) -> None:
        """Sit here on each open seat, and Watch on this guest's own, while seats may change hands.
        The hosting player keeps the first seat (its token is what resumes a hosted table)."""
        seats = self.session.status.get("seats", [])[:MAX_ROWS]
        changing = not self.hosting and self.session.phase == "lobby" and self.session.link == "up" \
            and self.session.role is not None
        mine = self.session.seat if self.session.role == "seat" else None
        for index, button in enumerate(self.sit_buttons):
            seat = seats[index] if index < len(seats) else None
            button.visible = changing and seat is not None and seat.get("kind") == "open" and not seat.get("claimed")
            button.rect.midright = (self._row(index).right - 20, self._row(index).centery)
        self.watch_button.visible = changing and isinstance(mine, int) and mine < len(seats)
        if isinstance(mine, int):
            self.watch_button.rect.midright = (self._row(mine).right - 20, self._row(mine).centery)
        if self.ui.focus is not None and not self.ui.focus.visible:
            self.ui.set_focus(self._key_default())

    @staticmethod
    def _row(index: int) -> pygame.Rect:
        return pygame.Rect(SEATS.x + 30, SEATS.y + 96 + index * ROW_H, SEATS.width - 60, ROW_H - 14)

    def _take_a_place(self) -> None:
        """A joining player takes the first open seat, or watches when none is left."""
        seats = self.session.status.get("seats", [])
        if self.claimed or not seats or self.session.role is not None or self.session.link != "up":
            return
        free = next((i for i, seat in enumerate(seats) if seat["kind"] == "open" and not seat["claimed"]), None)
        if free is None or self.session.phase != "lobby":
            self.session.spectate()
        else:
            self.session.claim(free)
        self.claimed = True

    def _hand_over(self) -> None:
        """The game began: the game's own table scene takes the session from here."""
        if self.session.role is None:
            return  # a place at the table first (a claim refused because the game started: watch)
        try:
            self.session.view(self.session.seat)
        except KeyError:
            return  # the first view is still on its way
        if not has_table(self.session.game):
            self.message = _("This client has no table for that game.")
            return
        self.handed_over = True
        self.app.stack.reset(table_scene(self.session.game)(self.app, self.session, None))

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        table = self.session.table or {}
        table_heading(surface, str(table.get("table") or _("Connecting…")))
        theme.draw_text(surface, self._where(table), (theme.WIDTH // 2, 152), 28, theme.CREAM_DIM,
                        theme.TEXT_BOLD_FONT, "center")
        self._draw_seats(surface)
        self._draw_chat(surface)
        note = self.message or self._note()
        size = theme.fit_text(note, 28, theme.WIDTH - 120, theme.TEXT_BOLD_FONT)  # a long reason, a long language
        theme.draw_text(surface, note, (theme.WIDTH // 2, 928), size, theme.CORAL if self.message else theme.CREAM_DIM,
                        theme.TEXT_BOLD_FONT, "center")
        if self.hosting and self.session.save_problem:  # as the table says it, while saving fails
            draw_save_problem(surface, self.session.save_problem, room_left_of(NOTICE, self.ui.widgets), "lobby")
        super().draw(surface)

    def _where(self, table: dict[str, Any]) -> str:
        game = table.get("title") or self.session.game or "?"
        address = f"{self.session.address or lan_address()}:{self.port}"
        if self.hosting:
            return _("{game} · you host this table · others join at {address}").format(game=game, address=address)
        told = self.session.phase if self.session.status.get("seats") else table.get("phase") or self.session.phase
        phase = _(PHASE_WORDS.get(told, told))  # before the first status, the hello's: a game may be under way
        return _("{game} · {phase} · at {address}").format(game=game, phase=phase, address=address)

    def _note(self) -> str:
        if self.session.link != "up":
            return _("Connecting to the table…")
        if self.session.role is None and not self.hosting:
            return _("Taking a place at the table…")  # not "waiting for the host to start": it may be under way
        if self.session.role == "spectator":
            seats = self.session.status.get("seats", [])
            if self.session.phase == "lobby" and any(seat.get("kind") == "open" for seat in seats):
                return _("You are watching: choose Sit here on an open seat to play.")
            return _("Every seat is taken: you will watch the game.")
        if self.hosting:
            seats = self.session.status.get("seats", [])
            if seats and not any(seat.get("kind") == "open" for seat in seats):
                return _("Everyone is seated: start when you are ready.")  # no open seat left to become a bot
            return _("Start when everyone is seated; open seats become bots.")
        if self.start.visible:
            return (_("Waiting for the other players to be ready…") if self._asked_to_start()
                    else _("Press Ready when you are: the game starts once every seated player is."))
        return _("Waiting for the host to start the game…")

    def _host_closed_words(self) -> str:
        """What a guest's lobby says once its host said goodbye. A table hosted from the game keeps
        no lobby to come back to (``game.saves.retire_save``: nobody has moved yet), so waiting would
        be in vain; a dedicated host's lobby is saved, and its restart seats the guest again."""
        seats = self.session.status.get("seats", [])
        host = str(seats[0].get("name", "?")) if seats and isinstance(seats[0], dict) else "?"
        if not bool((self.session.table or {}).get("guests_start", True)):
            return _("{host} closed the table before the game began: Leave, and join again when they open "
                     "one.").format(host=host)
        return _("The host closed the table for now: if it opens again, you sit back down here.")

    def _asked_to_start(self) -> bool:
        """Has this guest pressed Ready (as the host's last status says)?"""
        seats = self.session.status.get("seats", [])
        seat = self.session.seat
        return self.session.role == "seat" and isinstance(seat, int) and seat < len(seats) \
            and bool(seats[seat].get("asked_start"))

    def _draw_seats(self, surface: pygame.Surface) -> None:
        theme.panel(surface, SEATS, theme.PLUM, 28, theme.PLUM_LIGHT, 10)
        theme.draw_text(surface, _("Seats"), (SEATS.x + 30, SEATS.y + 24), 44, theme.SUNFLOWER, theme.DISPLAY_FONT)
        watchers = int(self.session.status.get("spectators", 0) or 0)
        if watchers:
            theme.draw_text(
                surface,
                ngettext("{count} watching", "{count} watching", watchers).format(count=watchers),
                (SEATS.right - 30, SEATS.y + 36),
                26,
                theme.CREAM_DIM,
                anchor="topright",
            )
        seats = self.session.status.get("seats", [])[:MAX_ROWS]
        for index, seat in enumerate(seats):
            self._draw_seat(surface, index, seat)
        if len(seats) <= 4:  # room for a word on how the others get here
            size, lines = how_to_join_lines(self._how_to_join(), len(seats))
            step = theme.px(size * 34 / 25)
            for index, line in enumerate(lines):
                theme.draw_text(surface, line, (SEATS.x + 50, SEATS.bottom - 28 - len(lines) * step + index * step),
                                size, theme.CREAM_DIM)

    def _draw_seat(self, surface: pygame.Surface, index: int, seat: dict[str, Any]) -> None:
        row = self._row(index)
        mine = self.session.role == "seat" and self.session.seat == index
        state = seat_state(seat)
        known = self.session.link == "up"  # with the host lost, who is connected is not known
        pygame.draw.rect(surface, theme.PLUM_LIGHT if mine else theme.NIGHT_2, row, border_radius=18)
        if mine:
            pygame.draw.rect(surface, theme.SUNFLOWER, row, width=3, border_radius=18)
        colour = theme.player_colour(self._colour(index))
        disc = (row.x + 46, row.centery)
        if state == "open":  # the ring turns while the seat waits; with the host gone it waits for nobody
            _dashed_circle(surface, disc, 24, colour, self.age if known else 0.0)
        else:
            pygame.draw.circle(surface, theme.SHADOW, (disc[0], disc[1] + 3), 24)
            pygame.draw.circle(surface, colour, disc, 24)
        if state is not None and state != "open" and known:
            draw_dot(surface, (disc[0] + 19, disc[1] + 17), state, self.age, 8)
        name = _(OPEN_NAME) if state == "open" else str(seat.get("name", "?"))
        rect = theme.draw_text(
            surface,
            name,
            (row.x + 92, row.centery),
            32,
            theme.CREAM_DIM if state == "open" else theme.CREAM,
            theme.TEXT_BOLD_FONT,
            "midleft",
        )
        if mine:
            tag = pygame.Rect(rect.right + 14, row.centery - 16, 66, 32)
            pygame.draw.rect(surface, theme.SUNFLOWER, tag, border_radius=16)
            theme.draw_text(surface, _("you"), tag.center, 22, theme.INK, theme.DISPLAY_FONT, "center")
        button = self.watch_button if mine else self.sit_buttons[index]
        if button.visible and not mine:
            return  # an open seat with Sit here on it: the button says what the seat waits for
        right = button.rect.left - 24 if button.visible else row.right - 26
        words = self._state_words(seat, state, index)
        left = tag.right if mine else rect.right
        theme.draw_text(
            surface,
            words,
            (right, row.centery),
            theme.fit_text(words, 26, right - left - 20),
            STATE_INK.get(state or "", theme.CREAM_DIM) if known else theme.CREAM_DIM,
            anchor="midright",
        )

    def _how_to_join(self) -> str:
        if self.hosting:
            address = f"{self.session.address or lan_address()}:{self.port}"
            return _(
                "Friends on this network choose Join a LAN game, where this table is listed, or type "
                "{address}. Whoever is not here when you start is played by a bot."
            ).format(address=address)
        guests_start = bool((self.session.table or {}).get("guests_start", True))
        ready = guests_start if self.session.role == "spectator" else self.start.visible
        seats = self.session.status.get("seats", [])
        full = bool(seats) and not any(seat.get("kind") == "open" for seat in seats)
        if not ready:
            who = _("The host starts the game.")
        elif full:  # every seat taken and still waiting: a table that starts on everyone's Ready alone
            who = _("The game starts once every seated player is Ready.")
        else:
            who = _("The game starts once every seated player is Ready (open seats then become bots), or when "
                    "every seat is taken.")
        if self.session.role == "spectator":  # no seat to give back or to wait for them
            return _("{who} You are watching: Sit here takes a seat that opens before the start; Leave takes "
                     "you back to the title.").format(who=who)
        return _(
            "{who} Until then, Leave gives your seat back; once the game runs, the seat waits for you if your "
            "program closes: join again to sit back down."
        ).format(who=who)

    def _colour(self, seat: int) -> int:
        return self.session.seat_colour(seat)

    def _seat_colour(self, seat: int) -> theme.Colour:
        return theme.player_colour(self.session.seat_colour(seat))

    def _state_words(self, seat: dict[str, Any], state: str | None, index: int | None = None) -> str:
        if self.session.link != "up" and state == "open":  # nobody finds a table whose host is gone
            return _("open; the table is closed for now") if self.session.host_closed \
                else _("open; nobody can join while the host is gone")
        if self.session.link != "up" and state is not None:
            return "—"  # the host is lost: the last word heard ("connected") would mislead
        bot_in = getattr(self.session, "bot_in", None)
        seconds = bot_in(index) if bot_in is not None and index is not None and state in ("away", "gone") else None
        if seconds is not None:
            return self._countdown_words(_("disconnected") if state == "gone" else _("away"), seconds)
        if state is None:
            return bot_label(seat.get("level", "normal"))
        if state == "open":
            return _("waiting for a player") + "." * (1 + int(self.age * 2) % 3)
        if state == "connected" and seat.get("asked_start"):
            return _("ready")
        if state == "gone" and self.start.visible and not self.hosting and "bot_in" not in seat:
            # a dedicated host waits for a lost player only so long: then a bot keeps their seat warm
            # (a host that counts it down says how long, and a seat it tells no count for never goes)
            return _("disconnected: if not back soon, a bot plays for them")
        return {
            "connected": _("connected"),
            "away": _("away"),
            "gone": _("disconnected"),
            "bot": _("a bot plays for now"),
        }[state]

    def _countdown_words(self, state: str, seconds: int) -> str:
        """An absent player's row while the table's takeover time runs: at a table whose players
        start it, how long the others still wait for them; at one its host starts, when a bot takes
        the seat once the game runs (the count goes on through the start)."""
        if bool((self.session.table or {}).get("guests_start", True)):
            if seconds > 0:
                return _("{state}: the others may start without them in {seconds} s").format(
                    state=state, seconds=seconds)
            return _("{state}: not waited for; a bot plays for them once the game starts").format(state=state)
        if seconds > 0:
            return _("{state}: once the game runs, a bot plays for them in {seconds} s").format(
                state=state, seconds=seconds)
        return _("{state}: a bot plays for them once the game runs").format(state=state)

    def _draw_chat(self, surface: pygame.Surface) -> None:
        theme.panel(surface, CHAT, theme.PLUM, 28, theme.PLUM_LIGHT, 10)
        theme.draw_text(surface, _("Chat"), (CHAT.x + 30, CHAT.y + 24), 44, theme.SUNFLOWER, theme.DISPLAY_FONT)
        theme.draw_text(
            surface, _("T or click to type"), (CHAT.right - 30, CHAT.y + 36), 22, theme.CREAM_DIM, anchor="topright"
        )
        history = pygame.Rect(CHAT.x + 30, CHAT.y + 96, CHAT.width - 60, CHAT.height - 206)
        draw_history(surface, self.session, history, self._seat_colour)


def how_to_join_lines(text: str, seats: int) -> tuple[int, list[str]]:
    """The note under the seats, whole: its text size (smaller when a long language or a big text
    size needs it) and its lines, which fit between the last seat's row and the panel's edge."""
    room = SEATS.bottom - 28 - (SEATS.y + 96 + seats * ROW_H)
    for size in range(25, 15, -1):
        lines = theme.wrap(text, size, SEATS.width - 100)
        if len(lines) * theme.px(size * 34 / 25) <= room:
            break
    return size, lines


def table_heading(surface: pygame.Surface, name: str) -> pygame.Rect:
    """The table's name as the lobby's heading, smaller when a long name would leave the screen."""
    size = theme.fit_text(name, theme.unscaled(72), theme.WIDTH - 2 * SEATS.x, theme.DISPLAY_FONT)
    return theme.draw_text(surface, name, (theme.WIDTH // 2, 84), size, theme.CREAM, theme.DISPLAY_FONT, "center",
                           shadow=True)


STATE_INK: dict[str, theme.Colour] = {
    "connected": theme.MINT,
    "away": theme.SUNFLOWER,
    "gone": theme.CORAL,
    "bot": theme.SKY,
}


def _dashed_circle(
    surface: pygame.Surface, centre: tuple[int, int], radius: int, colour: theme.Colour, age: float
) -> None:
    """An empty seat: a slowly turning dashed ring in the seat's colour."""
    for index in range(12):
        start = index / 12 * math.tau + age * 0.8
        points = [
            (centre[0] + math.cos(start + t * 0.3) * radius, centre[1] + math.sin(start + t * 0.3) * radius)
            for t in range(4)
        ]
        pygame.draw.lines(surface, colour, False, points, 4)
