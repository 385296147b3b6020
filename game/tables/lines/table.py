"""The Line Expansion table: the city map, the action board and the players.

It fills in the table skeleton (``game.tables.base``): each update's events become one timeline of
a street or an action marker flying in, then its consequences (``show.stage_update``); the new view
goes on screen when the move lands, and the seats' looks and the player's choices follow it
(``shown_changed``). Input is open only when the show has caught up and a seat of this screen is to
act; the authority decides every move, and a refusal shows its message and changes nothing.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

import pygame

from game.anim import ParticleSystem, Timeline
from game.render.bus.city import CityMap, city_map
from game.render.bus.pieces import draw_marker
from game.scenes.figures import PlayerFigures
from game.tables.base import Anchor, TableScene, View
from game.tables.lines import hud
from game.tables.lines.choices import Choices, readable
from game.tables.lines.figures import lines_figures
from game.tables.lines.fx import Toasts, draw_toasts, draw_tooltip
from game.tables.lines.hints import HINTS
from game.tables.lines.seats import SeatLook, seat_looks
from game.tables.lines.show import Stage, Tally, stage_update
from game.tables.lines.tips import Tip, space_tip, street_tip
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import Button

MAP_RECT = pygame.Rect(36, 36, 1060, 1008)
FLASH_SECONDS = 0.8  # a refused street glows coral this long
Colour = tuple[int, int, int]


@lru_cache(maxsize=1)
def backdrop(city: CityMap, size: tuple[int, int]) -> pygame.Surface:
    """What never changes on this table: the background, the empty map and the column's boxes."""
    picture = pygame.Surface(size)
    theme.background(picture)
    picture.blit(city.base, MAP_RECT)
    hud.draw_frames(picture)
    return picture.convert() if pygame.display.get_surface() is not None else picture


class LinesTable(TableScene):
    name = "lines_table"
    game = "lines"
    title = "Line Expansion"
    hints = HINTS

    def __init__(self, app, session, config=None) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app, session, config)
        self.city: CityMap = city_map(*MAP_RECT, look="lines")
        self.show.particles = ParticleSystem(seed=11, gravity=300.0)
        self.tally = Tally()
        self.toasts = Toasts()
        self.looks: list[SeatLook] = []
        self.choices = Choices(None, None)
        self.counted = False  # the final count has played: the results button waits
        self.pointer: tuple[int, int] | None = None
        self.steering = False  # True while keys or a pad move the cursor (tooltips follow it, not the mouse)
        self.selected: int | None = None  # the street under the pointer or the keyboard cursor
        self.closing_at: int | None = None  # for a street that closes a circle: where it closes
        self.hover_space: str | None = None
        self.cursor_space: str | None = None
        self.flash: tuple[int, float] | None = None  # (street, age) glowing after a refusal
        self._still_from: tuple[pygame.Surface, tuple[int, int]] | None = None  # the lines layer it holds
        self._still_picture: pygame.Surface | None = None
        self._stage = Stage(self.show, self.city, self.tally, app.sounds.play, self.toasts.add, self._counted)
        button = pygame.Rect(0, 0, 250, 66)
        button.bottomright = (hud.HEADER.right - 32, hud.HEADER.bottom - 26)
        self.results_button = Button(button, "See results", self.open_results, "good", 32)
        self.results_button.visible = False
        self.ui.add(self.results_button)

    @property
    def link(self) -> str:
        return self.session.link

    # -- the skeleton's hooks ---------------------------------------------------------------------
    def accepts(self, view: Any) -> bool:
        """A Line Expansion view: anything else (a stray or damaged message) is not shown."""
        return isinstance(view, dict) and view.get("type") == "lines_view" and isinstance(view.get("lines"), list) \
            and all(isinstance(line, dict) and isinstance(line.get("path"), list) for line in view["lines"])

    def resync(self, view: View) -> None:
        self.tally.reset(view)
        super().resync(view)

    def shown_changed(self, view: View) -> None:
        self.looks = seat_looks(view, len(view["lines"]))
        self.choices = Choices(None, None)
        self.selected = None
        self.hover_space = None

    def stage(self, timeline: Timeline, events: list[dict[str, Any]], view: View, actor: int | None) -> None:
        before = self.view or view
        stage_update(self._stage, timeline, before, view, events, self.looks)

    def turn_opened(self, acting: int | None, mine: bool) -> None:
        view = self.view
        names = [look.name for look in self.looks]
        self.choices = Choices(view, acting, names) if mine and view is not None else Choices(None, None)
        self.selected = None
        self.cursor_space = None
        if mine and self.pointer is not None and not self.steering:
            self._hover(self.pointer)

    def refused(self, message: str) -> None:
        self.toasts.add(readable(message, [look.name for look in self.looks]), refusal=True)
        if self.selected is not None:
            self.flash = (self.selected, 0.0)

    def cover_note(self, seat: int) -> str:
        if self.view is None:
            return ""
        return hud.prompt(self._frame())[0].split(": ", 1)[-1].capitalize() + "."

    def coach_anchor(self) -> pygame.Rect:
        return pygame.Rect(1125, 596, 760, 340)  # over the seats' cards

    def seat_anchor(self, seat: int) -> Anchor:
        if self.view is None:
            return None
        x, y = hud.disc_point(seat, len(self.view["lines"]))
        return round(x) + 17, round(y) + 17

    def figures(self, view: View, outcome: dict[str, Any]) -> list[PlayerFigures]:
        return lines_figures(view, outcome)

    def results_title(self, outcome: dict[str, Any]) -> str:
        why = "every player passed" if outcome.get("reason") == "passed" else "no line could grow"
        return f"Line Expansion · {len(self.looks)} players · the game ended as {why}"

    def game_over(self, outcome: dict[str, Any]) -> None:
        """The final view is on screen; a table that opened on a finished game shows its scores."""
        if not self.counted:
            self.tally.counts = [float(score) for score in outcome.get("scores", [])]
            self._counted()

    def _counted(self) -> None:
        self.counted = True
        self.results_button.visible = True
        self.ui.set_focus(self.results_button)

    def open_results(self) -> None:
        if self.counted:
            super().open_results()

    def _submit(self, action: dict[str, Any]) -> None:
        if self.choices.seat is None or self.awaiting > 0:
            return
        self.app.sounds.play("click")
        self.submit(action, seat=self.choices.seat)

    # -- input ------------------------------------------------------------------------------------
    def handle_table(self, intent: Intent) -> bool:
        kind = intent.kind
        if kind == "point" and intent.pos is not None:
            self.pointer = intent.pos
            self.steering = False
            self._hover(intent.pos)
            return False  # the buttons see the pointer too
        if kind == "press" and intent.pos is not None:
            if self.ui.at(intent.pos) is not None:
                return False
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
            self.toasts.add(self._hint())
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
        if self.counted:
            self.open_results()
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

    # -- frame ------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.tally.update(dt * self.app.settings.animation_speed)
        self.toasts.update(dt)
        if self.flash is not None:
            street, age = self.flash
            self.flash = (street, age + dt) if age + dt < FLASH_SECONDS else None

    def needs_frames(self) -> bool:
        return super().needs_frames() or self.tally.moving or bool(self.toasts) or self.flash is not None

    @classmethod
    def prewarm(cls) -> None:
        """The map's layers and the backdrop, before the first table opens."""
        backdrop(city_map(*MAP_RECT, look="lines"), (theme.WIDTH, theme.HEIGHT))

    def _frame(self) -> hud.HudFrame:
        assert self.view is not None
        counts = self.tally.counts
        scores = list(counts) if counts is not None else list(self.tally.scores)
        room = self.results_button.rect.width + 16 if self.results_button.visible else 0
        acting = hud.acting_seat(self.view)
        return hud.HudFrame(self.view, self.looks, self.choices, list(self.humans), self.age, self.hover_space,
                            self.cursor_space, scores, counts is not None, dict(self.tally.bus_pop),
                            button_room=room, waiting=self.waiting_words(acting) if acting is not None else "")

    def draw_table(self, surface: pygame.Surface) -> None:
        if self.view is None:
            theme.background(surface)
            theme.heading(surface, "Waiting for the table…", (theme.WIDTH // 2, theme.HEIGHT // 2), 64)
            return
        lines = self.view["lines"]
        layer = self.city.lines_layer([line["path"] for line in lines], [look.colour for look in self.looks],
                                      [line.get("closed_at") for line in lines], [look.initial for look in self.looks])
        surface.blit(self._still(layer, surface.get_size()), (0, 0))
        self._draw_targets(surface)
        self.tally.draw_buses(surface)
        hud.draw(surface, self._frame())
        draw_toasts(surface, self.toasts.items, MAP_RECT)
        self._draw_tooltip(surface)

    def _still(self, layer: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
        """Backdrop, map, column boxes and the lines, as one opaque picture redrawn only when the
        lines change: most frames start with one blit."""
        held = self._still_from
        if held is None or held[0] is not layer or held[1] != size or self._still_picture is None:
            picture = backdrop(self.city, size).copy()
            picture.blit(layer, MAP_RECT)
            self._still_from, self._still_picture = (layer, size), picture  # holding it: no id is reused
        return self._still_picture

    def _draw_targets(self, surface: pygame.Surface) -> None:
        """Legal streets pulse in the player's colour; the selected one previews its marker."""
        if self.flash is not None:
            street, age = self.flash
            self.city.draw_street_glow(surface, street, theme.CORAL, 0.9 * (1 - age / 0.8), 1.2)
        seat = self.choices.seat
        if not self.choices.building or seat is None or self.busy:
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
        if self.busy or self.view is None:
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

    def _tooltip_lines(self) -> Tip:
        space = self.cursor_space if self.steering else self.hover_space
        if self.choices.choosing and space is not None and self.view is not None:
            return space_tip(self.choices, self.view, space)
        if self.choices.building and self.selected is not None and self.view is not None:
            return street_tip(self.city, self.choices, self.view, self.selected, self.closing_at)
        return []
