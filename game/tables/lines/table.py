"""The Line Expansion table: the city map, the action board and the players, played through a Session.

The scene knows only the Session protocol (submit, poll, view, pump), so the same table serves
hot-seat humans, bots and LAN games. Every message is shown in order: each batch of events plays as
one animation (``lines_show``) and the table switches to the batch's view when its move lands.
Input is open only when nothing is playing and a seat of this screen is to act; the authority
decides every move, and a refusal shows its message and changes nothing.
"""

from __future__ import annotations

import math
from collections import deque
from typing import Any

import pygame

from game.core.lines.state import BUS_SPACE
from game.lan.hud import NetHud
from game.render.lines.city import CityMap, city_map
from game.render.lines.pieces import draw_marker
from game.tables.legacy import TableScene
from game.tables.lines import hud
from game.tables.lines.choices import PASS, Choices, readable, space_title
from game.tables.lines.figures import lines_figures
from game.tables.lines.fx import draw_toasts, draw_tooltip
from game.tables.lines.seats import SeatLook, seat_looks
from game.tables.lines.show import Show
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import Button

GAME = "lines"
MAP_RECT = pygame.Rect(36, 36, 1060, 1008)
SUBMIT_PATIENCE = 5.0  # seconds to wait for the authority's answer before accepting input again
Colour = tuple[int, int, int]



class LinesTable(TableScene):
    name = "lines_table"

    def __init__(self, app, session, config=None) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app, session, config)
        self.city: CityMap = city_map(*MAP_RECT)
        self.show = Show(self.city, app.sounds.play)
        self.pending: deque[dict[str, Any]] = deque()
        self.view: dict[str, Any] | None = None
        self.version = -1
        self.looks: list[SeatLook] = []
        self.choices = Choices(None, None)
        self.opened: tuple[int, int | None] | None = None  # (version, seat) whose turn was opened
        self.screen_owner: int | None = None  # the human seat the screen was last handed to
        self.last_acting: int | None = None  # whose decision the table showed last
        self.pointer: tuple[int, int] | None = None
        self.steering = False  # True while keys or a pad move the cursor (tooltips follow it, not the mouse)
        self.selected: int | None = None  # the street under the pointer or the keyboard cursor
        self.closing_at: int | None = None  # for a street that closes a circle: where it closes
        self.hover_space: str | None = None
        self.cursor_space: str | None = None
        self.refused: tuple[int, float] | None = None  # (street, age) flashing after a refusal
        self.awaiting = 0.0  # seconds left waiting for the answer to a submitted intent
        self.finished = False
        self.link = "up"
        self.lan_hud = NetHud(self, session, lambda seat: None if self.view is None else tuple(
            round(v) + 17 for v in hud.disc_point(seat, len(self.view["lines"]))))
        button = pygame.Rect(0, 0, 250, 66)
        button.bottomright = (hud.HEADER.right - 32, hud.HEADER.bottom - 26)
        self.results_button = Button(button, "See results", self.to_results, "good", 32)
        self.results_button.visible = False
        self.ui.add(self.results_button)
        first = self._first_view()
        if first is not None:
            self._jump(first)

    # -- the session --------------------------------------------------------------------------------
    def _first_view(self) -> dict[str, Any] | None:
        """This screen's view now; a LAN session may not hold one yet (then the first update brings it)."""
        for seat in [*self.session.controlled_seats, None]:
            try:
                view = self.session.view(seat)
            except (KeyError, LookupError):
                continue
            if _is_view(view):
                return view
        return None

    def _jump(self, view: dict[str, Any], version: int | None = None) -> None:
        """Show ``view`` at once (the first view, or a snapshot after a resync)."""
        self.show.finish()
        self.pending.clear()
        self.view = view
        match = view.get("match") if isinstance(view.get("match"), dict) else {}
        self.version = version if isinstance(version, int) else int(match.get("version", -1))
        self.looks = seat_looks(view, len(view["lines"]))
        self.show.reset(view)
        self.opened = None
        if view.get("outcome"):
            self.show.counts = [float(score) for score in view["outcome"].get("scores", [])]
            self._counted()

    def _receive(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "update" and _is_view(message.get("view")):
            self.awaiting = 0.0
            version = message.get("version")
            if message.get("snapshot") or self.view is None:
                self._jump(message["view"], version)
            elif not isinstance(version, int) or version > self.version:
                self.version = version if isinstance(version, int) else self.version + 1
                self.pending.append(message)
            # An older or equal version is the same change seen by another seat of this screen.
        elif kind == "rejected":
            self.awaiting = 0.0
            rejection = message.get("rejection") or {}
            self._refuse(readable(str(rejection.get("message") or "That move is not allowed."),
                                  [look.name for look in self.looks]))
        elif kind == "status":
            self.link = str(message.get("link", self.link))
        elif kind == "error":
            self.show.toast(str(message.get("message", "Something went wrong.")), refusal=True)

    def _submit(self, action: dict[str, Any]) -> None:
        seat = self.choices.seat
        if seat is None or self.awaiting > 0:
            return
        self.awaiting = SUBMIT_PATIENCE
        self.app.sounds.play("click")
        self.session.submit(seat, action)

    def _refuse(self, message: str) -> None:
        self.app.sounds.play("error")
        self.show.toast(message, refusal=True)
        if self.selected is not None:
            self.refused = (self.selected, 0.0)

    # -- time -----------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.lan_hud.update(dt)
        scaled = dt * self.app.settings.animation_speed
        idle = not self.show.busy and not self.pending
        if idle:
            self.session.pump()  # bots think only once the last move has been seen
        for message in self.session.poll():
            self._receive(message)
        self.show.update(scaled, dt)
        if not self.show.busy and self.pending:
            self._play_next()
        if not self.show.busy and not self.pending and self.view is not None:
            self._open_turn()
        self.awaiting = max(0.0, self.awaiting - dt)
        if self.refused is not None:
            street, age = self.refused
            self.refused = (street, age + dt) if age + dt < 0.8 else None

    def _play_next(self) -> None:
        message = self.pending.popleft()
        after = message["view"]
        assert self.view is not None
        self.show.stage(self.view, after, list(message.get("events") or []), self.looks,
                        lambda: self._switch(after), self._counted)

    def _switch(self, view: dict[str, Any]) -> None:
        self.view = view
        self.looks = seat_looks(view, len(view["lines"]))
        self.choices = Choices(None, None)
        self.selected = None
        self.hover_space = None

    def _counted(self) -> None:
        self.finished = True
        self.results_button.visible = True
        self.ui.set_focus(self.results_button)

    def skip(self) -> None:
        """Play every queued animation at once (a click or Enter while the table is busy)."""
        self.show.finish()
        while self.pending:
            self._play_next()
            self.show.finish()

    def _open_turn(self) -> None:
        """Once per change: whose decision is it, and is it one of this screen's seats?"""
        assert self.view is not None
        seat = hud.acting_seat(self.view)
        key = (self.version, seat)
        if key == self.opened:
            return
        self.opened = key
        mine = seat is not None and seat in self.session.controlled_seats
        names = [look.name for look in self.looks]
        self.choices = Choices(self.view, seat, names) if mine else Choices(None, None)
        self.selected = None
        self.cursor_space = None
        previous, self.last_acting = self.last_acting, seat
        if not mine or seat is None:
            return
        if len(self.session.controlled_seats) > 1 and seat != self.screen_owner:
            self._hand_over(seat)  # the cover plays the turn sound
        elif seat != previous:
            self.screen_owner = seat
            self.app.sounds.play("turn")
        if self.pointer is not None and not self.steering:
            self._hover(self.pointer)

    def _hand_over(self, seat: int) -> None:
        """Hot-seat: cover the table until the next player takes the device."""
        from game.scenes.cover import CoverScene

        look = self.looks[seat]

        def reveal() -> None:
            self.screen_owner = seat
        note = hud.prompt(self._frame())[0].split(": ", 1)[-1].capitalize() + "."
        self.app.push(CoverScene(self.app, look.name, look.colour, reveal, note))

    # -- input ----------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        if self.lan_hud.handle(intent):
            return True
        kind = intent.kind
        if kind == "cancel":
            from game.scenes.pause import PauseScene
            self.app.push(PauseScene(self.app, game=GAME))
            return True
        if kind == "point" and intent.pos is not None:
            self.pointer = intent.pos
            self.steering = False
            self._hover(intent.pos)
            self.ui.handle(intent)
            return True
        if self.finished and self.ui.handle(intent):
            return True
        if kind in ("press", "confirm") and (self.show.busy or self.pending):
            self.skip()
            return True
        if kind == "press" and intent.pos is not None:
            self.pointer = intent.pos
            self._hover(intent.pos)
            return self._act_at_pointer()
        if kind == "confirm":
            return self._act_on_cursor()
        if kind in ("left", "right", "up", "down", "next"):
            self.steering = True
            return self._move_cursor(kind)
        if kind == "pick" and isinstance(intent.value, int):
            return self._pick(intent.value)
        if kind in ("rotate", "rotate_back"):
            return self._flip_circle()
        if kind == "hint":
            self.show.toast(self._hint())
            return True
        if kind == "help":
            from game.scenes.rules import RulesScene
            self.app.push(RulesScene(self.app, GAME))
            return True
        return False

    def _hover(self, pos: tuple[int, int]) -> None:
        self.hover_space = None
        self.selected = None
        if self.view is None:
            return
        if MAP_RECT.collidepoint(pos):
            street = self.city.street_at(pos)
            self.selected = street
            if street is not None and self.choices.closes_circle(street):
                self.closing_at = self.city.nearer_end(street, pos)
        else:
            self.hover_space = hud.space_at(self.view, pos)
            self.cursor_space = None

    def _act_at_pointer(self) -> bool:
        if self.choices.building and self.selected is not None:
            self._submit(self.choices.street_action(self.selected, self.closing_at))
            return True
        if self.choices.choosing and self.hover_space is not None:
            self._submit(self.choices.space_action(self.hover_space))
            return True
        return False

    def _act_on_cursor(self) -> bool:
        if self.finished:
            self.to_results()
            return True
        if self.choices.building and self.selected is not None:
            self._submit(self.choices.street_action(self.selected, self.closing_at))
            return True
        if self.choices.choosing and self.cursor_space is not None:
            self._submit(self.choices.space_action(self.cursor_space))
            return True
        return False

    def _move_cursor(self, kind: str) -> bool:
        """Arrow keys, a stick or N move a cursor over the legal streets or the open spaces."""
        if self.choices.choosing:
            spaces = self.choices.spaces()
            if not spaces:
                return False
            step = -1 if kind in ("left", "up") else 1
            index = spaces.index(self.cursor_space) + step if self.cursor_space in spaces else 0
            self.cursor_space = spaces[index % len(spaces)]
            self.app.sounds.play("hover")
            return True
        if not self.choices.building:
            return False
        streets = sorted(self.choices.streets())
        if not streets:
            return False
        if self.selected not in streets or kind == "next":
            index = streets.index(self.selected) + 1 if self.selected in streets else 0
            self.selected = streets[index % len(streets)]
        else:
            self.selected = self._street_towards(self.selected, kind, streets)
        if self.choices.closes_circle(self.selected):
            self.closing_at = self.city.net.ends[self.selected][1]
        self.app.sounds.play("hover")
        return True

    def _street_towards(self, current: int, direction: str, streets: list[int]) -> int:
        here = self.city.street_middle(current)
        dx, dy = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}[direction]
        best: tuple[float, int] | None = None
        for street in streets:
            if street == current:
                continue
            x, y = self.city.street_middle(street)
            along = (x - here[0]) * dx + (y - here[1]) * dy
            if along <= 0:
                continue
            score = along + 2 * abs((x - here[0]) * dy) + 2 * abs((y - here[1]) * dx)
            if best is None or score < best[0]:
                best = (score, street)
        return best[1] if best else current

    def _pick(self, index: int) -> bool:
        """Number keys pick the action spaces in board order (A, B, …, the bus, pass)."""
        if not self.choices.choosing or self.view is None:
            return False
        board = list(hud.space_rects(self.view))
        if 0 <= index < len(board):
            self.cursor_space = board[index]
            self._submit(self.choices.space_action(board[index]))
            return True
        return False

    def _flip_circle(self) -> bool:
        if self.selected is None or not self.choices.closes_circle(self.selected):
            return False
        a, b = self.city.net.ends[self.selected]
        self.closing_at = b if self.closing_at == a else a
        self.app.sounds.play("rotate")
        return True

    def _hint(self) -> str:
        if self.choices.building:
            return "Click a glowing street (or pick one with the arrow keys and press Enter)."
        if self.choices.choosing and self.view is not None:
            count = len(hud.space_rects(self.view))
            return f"Click a glowing space on the action board, or press 1–{count}; Pass takes nothing."
        return "Wait for the other players; Esc opens the menu."

    # -- the end --------------------------------------------------------------------------------------
    def to_results(self) -> None:
        if self.view is None or not self.view.get("outcome"):
            return
        from game.scenes.results import ResultsScene
        from game.session import LocalSession
        from game.tables.launch import start_local_game

        play_again = None
        if self.config is not None and isinstance(self.session, LocalSession):
            config = self.config

            def play_again() -> None:
                start_local_game(self.app, config.with_new_seed())
        outcome = self.view["outcome"]
        why = "every player passed" if outcome.get("reason") == "passed" else "no line could grow"
        title = f"Line Expansion · {len(self.looks)} players · the game ended as {why}"
        self.app.replace(ResultsScene(self.app, lines_figures(self.view, outcome), outcome, play_again, title))

    # -- drawing --------------------------------------------------------------------------------------
    def _frame(self) -> hud.HudFrame:
        assert self.view is not None
        counting = self.show.counts is not None
        scores = list(self.show.counts) if counting else list(self.show.scores)  # type: ignore[arg-type]
        room = self.results_button.rect.width + 16 if self.results_button.visible else 0
        return hud.HudFrame(self.view, self.looks, self.choices, list(self.session.controlled_seats), self.age,
                            self.hover_space, self.cursor_space, scores, counting, dict(self.show.bus_pop),
                            button_room=room)

    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        if self.view is None:
            theme.heading(surface, "Waiting for the table…", (theme.WIDTH // 2, theme.HEIGHT // 2), 64)
            return
        surface.blit(self.city.base, MAP_RECT)
        lines = self.view["lines"]
        layer = self.city.lines_layer([line["path"] for line in lines], [look.colour for look in self.looks],
                                      [line.get("closed_at") for line in lines])
        surface.blit(layer, MAP_RECT)
        self._draw_targets(surface)
        self.show.draw_over_map(surface)
        hud.draw(surface, self._frame())
        self.show.draw_flights(surface)
        draw_toasts(surface, self.show.toasts, MAP_RECT)
        self.show.draw_banner(surface)
        self._draw_tooltip(surface)
        super().draw(surface)
        self.lan_hud.draw(surface)  # seat dots, chat, and "Reconnecting…" while the link is down

    def _draw_targets(self, surface: pygame.Surface) -> None:
        """Legal streets pulse in the player's colour; the selected one previews its marker."""
        if self.refused is not None:
            street, age = self.refused
            self.city.draw_street_glow(surface, street, theme.CORAL, 0.9 * (1 - age / 0.8), 1.2)
        seat = self.choices.seat
        if not self.choices.building or seat is None or self.show.busy or self.pending:
            return
        colour = self.looks[seat].colour
        streets = self.choices.streets()
        pulse = 0.5 + 0.5 * math.sin(self.age * 4.5)
        first_streets = self.choices.phase == "place"
        for street in streets:
            if street != self.selected:
                strength = (0.12 + 0.1 * pulse) if first_streets else (0.3 + 0.25 * pulse)
                self.city.draw_street_glow(surface, street, colour, strength)
        self._draw_heads(surface, seat, colour, pulse)
        if self.selected is None:
            return
        if self.selected in streets:
            self.city.draw_street_glow(surface, self.selected, theme.shade(colour, 1.3), 0.95, 1.15)
            self._draw_preview(surface, seat, self.selected, colour)
        else:
            self.city.draw_street_glow(surface, self.selected, theme.CORAL, 0.55)

    def _draw_heads(self, surface: pygame.Surface, seat: int, colour: Colour, pulse: float) -> None:
        assert self.view is not None
        for crossing in self.view["lines"][seat].get("heads", []):
            x, y = self.city.pos(crossing)
            radius = self.city.crossing_radius + 6 + 4 * pulse
            pygame.draw.circle(surface, theme.shade(colour, 0.6), (x, y), radius + 2, 5)
            pygame.draw.circle(surface, colour, (x, y), radius, 3)

    def _draw_preview(self, surface: pygame.Surface, seat: int, street: int, colour: Colour) -> None:
        """The marker as it would lie, and where the circle would close."""
        assert self.view is not None
        streets = [list(line.get("streets", [])) for line in self.view["lines"]]
        streets[seat].append(street)
        seats = self.city.lanes(streets)[street]
        a, b = self.city.marker_ends(street, seats.index(seat), len(seats))
        draw_marker(surface, a, b, colour, round(self.city.lane_thickness(len(seats))), alpha=190)
        if self.choices.closes_circle(street) and self.closing_at is not None:
            x, y = self.city.pos(self.closing_at)
            pygame.draw.circle(surface, theme.CREAM, (x, y), self.city.crossing_radius + 4, 4)

    def _draw_tooltip(self, surface: pygame.Surface) -> None:
        if self.show.busy or self.pending or self.view is None:
            return
        lines = self._tooltip_lines()
        if not lines:
            return
        if self.pointer is not None and not self.steering:
            anchor = (float(self.pointer[0]), float(self.pointer[1]))
        elif self.selected is not None:
            anchor = self.city.street_middle(self.selected)
        else:
            rect = hud.space_rects(self.view).get(self.cursor_space or "", MAP_RECT)
            anchor = (float(rect.centerx), float(rect.bottom))
        draw_tooltip(surface, lines, anchor, surface.get_rect())

    def _tooltip_lines(self) -> list[tuple[str, Colour]]:
        space = self.cursor_space if self.steering else self.hover_space
        if self.choices.choosing and space is not None:
            return self._space_tip(space)
        if self.choices.building and self.selected is not None:
            return self._street_tip(self.selected)
        return []

    def _street_tip(self, street: int) -> list[tuple[str, Colour]]:
        net = self.city.net
        a, b = net.ends[street]
        title = (f"Street {a}–{b}", theme.INK)
        reason = self.choices.street_refusal(street)
        if reason is not None:
            return [title, (reason, theme.CORAL_DARK)]
        assert self.view is not None and self.choices.seat is not None
        visited = set(self.view["lines"][self.choices.seat].get("path", []))
        gains = [(crossing, net.points[crossing]) for crossing in (a, b)
                 if crossing not in visited and net.points[crossing]]
        lines = [title]
        for crossing, points in gains:
            what = "station" if net.specials[crossing] == "station" else f"{len(net.lots[crossing])} lot" + (
                "s" if len(net.lots[crossing]) != 1 else "")
            lines.append((f"+{points} at crossing {crossing} ({what})", theme.MINT_DARK))
        if not gains:
            lines.append(("No new points here", theme.shade(theme.INK, 1.6)))
        if self.choices.closes_circle(street) and self.closing_at is not None:
            lines.append((f"Closes a circle at crossing {self.closing_at} (R or right-click: the other end)",
                          theme.TANGERINE_DARK))
        return lines

    def _space_tip(self, space: str) -> list[tuple[str, Colour]]:
        reason = self.choices.space_refusal(space)
        title = (space_title(space), theme.INK)
        if reason is not None:
            return [title, (reason, theme.CORAL_DARK)]
        assert self.view is not None
        if space == PASS:
            return [title, ("Take nothing this round. If everyone passes, the game ends.", theme.INK)]
        if space == BUS_SPACE:
            return [title, ("One more bus after the expansions: more buses make every expansion longer.",
                            theme.INK)]
        streets = next((entry.get("streets") for entry in self.view.get("action_board", [])
                        if entry.get("space") == space), 0)
        return [title, (f"Build {streets} street{'s' if streets != 1 else ''} this round.", theme.MINT_DARK)]


def _is_view(view: Any) -> bool:
    """A Line Expansion view: anything else (a stray or damaged message) is not shown."""
    return isinstance(view, dict) and view.get("type") == "lines_view" and isinstance(view.get("lines"), list) \
        and all(isinstance(line, dict) and isinstance(line.get("path"), list) for line in view["lines"])


