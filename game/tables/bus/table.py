"""The Bus table: the city with its buildings, passengers, lines and clock; the action board, the score
track and the players; a control for every decision.

It fills in the table skeleton (``game.tables.base``): each update's events become one timeline
(``show.stage_update``); the new view goes on screen when the move lands (the column waits for
the end of a batch that ends a round). Input is open only when
the show has caught up and a seat of this screen is to act; the authority decides every move, and a
refusal shows its reason and changes nothing. What may be taken glows; pointing at anything else
says in words why it would be refused.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

import pygame

from game.anim import ParticleSystem, Timeline
from game.i18n import N_, _, language, ngettext
from game.render.bus.buildings import KIND_NAMES, KINDS, building, draw_passengers
from game.render.bus.city import CityMap, city_map
from game.render.bus.clock import draw_clock, draw_stones
from game.render.bus.pieces import draw_marker
from game.scenes.figures import PlayerFigures
from game.tables.base import CHAT_TAB, Anchor, TableScene, View
from game.tables.bus import board, layout, players, track
from game.tables.bus.choices import Choices
from game.tables.bus.figures import bus_figures
from game.tables.bus.fx import Toasts, draw_toasts, draw_tooltip
from game.tables.bus.hints import HINTS
from game.tables.bus.model import (
    ACTION_IDS,
    ACTION_NAMES,
    SHORT_WORDS,
    Picture,
    lot_id,
    lot_key,
    next_space,
    picture_of,
    wasted,
)
from game.tables.bus.prompt import prompt, prompt_lines
from game.tables.bus.seats import SeatLook, seat_looks
from game.tables.bus.show import CLOCK_RADIUS, People, Stage, Tally, clock_centre, people_of, stage_update
from game.tables.bus.station_label import label_rect
from game.tables.bus.steer import ARROWS, toward
from game.tables.bus.tips import Tip, lot_tip, row_tip, source_tip, station_tip, street_tip
from game.tables.coach import WIDTH as COACH_WIDTH
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import Button, room_for_labels, share_row

MAP_RECT = layout.MAP_RECT
FLASH_SECONDS = 0.8
KIND_LABEL_SIZE = 26  # the decision buttons' labels (Pass, the building types, ...) before any shrinking
Colour = tuple[int, int, int]
STONE = 22
CHAT_BESIDE_NOTICE = 440  # at a LAN table, the left of the map's key is the chat's while a lasting notice stands in it


@lru_cache(maxsize=1)
def backdrop(city: CityMap, size: tuple[int, int], lang: str) -> pygame.Surface:
    """What never changes on this table: the background, the empty map and the column's boxes (in the
    language ``lang`` of the map's key)."""
    picture = pygame.Surface(size)
    theme.background(picture)
    picture.blit(city.base, MAP_RECT)
    for rect in layout.frames():
        theme.panel(picture, rect, theme.PLUM, 22, theme.PLUM_LIGHT, 10)
    return picture.convert() if pygame.display.get_surface() is not None else picture


COMPASS = {"NW": N_("NW"), "NE": N_("NE"), "SW": N_("SW"), "SE": N_("SE")}  # a station's corner of the map


def fitting_caption(button: Button, captions: list[str]) -> str:
    """The first of ``captions`` (longest first) that fits whole under ``button``'s label at the size
    the button draws it; the last one where none does. German at 150 % cut "letzter Stein: Spielende"
    off at both sides of Stop time, the one warning that the game ends at once."""
    room = button.rect.width - 40
    for caption in captions:
        size = theme.fit_text(caption, button.size * 11 // 20, room, theme.TEXT_BOLD_FONT)
        if theme.font(size, theme.TEXT_BOLD_FONT).size(caption)[0] <= room:
            return caption
    return captions[-1]


class BusTable(TableScene):
    name = "bus_table"
    game = "bus"
    title = "Bus"
    hints = HINTS

    def __init__(self, app, session, config=None) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app, session, config)
        self.city: CityMap = city_map(*MAP_RECT)
        self.show.particles = ParticleSystem(seed=11, gravity=300.0)
        self.show.on_skipped = self._skipped
        self.tally = Tally()
        self.toasts = Toasts()
        self.looks: list[SeatLook] = []
        self.picture: Picture | None = None
        self.choices = Choices(None, None)
        self.counted = False
        self.pointer: tuple[int, int] | None = None
        self.steering = False
        self.selected: int | None = None  # a street under the pointer or the cursor
        self.closing_at: int | None = None
        self.flipped = False  # R chose where the selected street's circle closes: pointing keeps that choice
        self.hover_lot: int | None = None
        self.hover_crossing: int | None = None
        self.hover_row: str | None = None
        self.cursor_row: str | None = None
        self.clock_lit: Button | None = None  # the clock's button a first Enter lit at this decision
        self.kind = KINDS[0]  # the building type a click places
        self.kind_seat: int | None = None  # whose choice ``kind`` is: another player starts from a house again
        self.split = [0, 0]  # passengers to each station, while the split is being decided
        self.source: int | None = None  # Vrrooomm!: the crossing whose passenger rides
        self.confirming: str | None = None  # an action whose next space gives nothing, chosen once
        self.queued_pick: int | None = None  # a number key pressed while the others still moved
        self.toast_boxes: list[pygame.Rect] = []  # where this frame's toasts stand: the tooltip keeps off them
        self.flash: tuple[int, float] | None = None
        self._still_from: tuple[Any, ...] | None = None
        self._still_picture: pygame.Surface | None = None
        self._stage = Stage(self.show, self.city, self.tally, app.sounds.play, self.toasts.add, self._counted,
                            sound_end=self.sound_the_end, game_over=self.toasts.drop_waiting,
                            narrate=lambda text: self.toasts.add(text, moment=True),
                            page_turned=self.toasts.turn_page)
        self.buttons: dict[str, Button] = {}
        self._kinds_laid_out: float | None = None  # the text size the building types' row was laid out at
        self._make_buttons()
        result = pygame.Rect(0, 0, max(250, room_for_labels([_("See the results")], 30)), 62)  # its words at size
        result.bottomright = (layout.PROMPT.right - 10, layout.PROMPT.bottom - 10)
        self.results_button = Button(result, _("See the results"), self.open_results, "good", 30)
        self.results_button.visible = False
        self.ui.add(self.results_button)

    # -- the decision's buttons ---------------------------------------------------------------------
    def _make_buttons(self) -> None:
        box = layout.CONTROLS
        third = (box.width - 16) // 3
        half = (box.width - 8) // 2
        specs = {
            "pass": (pygame.Rect(box.right - 200, box.y, 200, box.height), _("Pass"), self._pass, "secondary"),
            "stop": (pygame.Rect(box.x, box.y, half, box.height), _("Stop"), lambda: self._clock(True), "danger"),
            "run": (pygame.Rect(box.x + half + 8, box.y, half, box.height), _("Let it run"), lambda: self._clock(False),
                    "good"),
            "west": (pygame.Rect(box.x, box.y, 84, box.height), "+1", lambda: self._shift(0), "secondary"),
            "east": (pygame.Rect(box.x + 92, box.y, 84, box.height), "+1", lambda: self._shift(1), "secondary"),
            "place": (pygame.Rect(box.x + 184, box.y, box.width - 184, box.height), _("Place"), self._place_passengers,
                      "primary"),
        }
        for index, kind in enumerate(KINDS):
            specs[kind] = (pygame.Rect(box.x + index * (third + 8), box.y, third, box.height), _(KIND_NAMES[kind]),
                           lambda kind=kind: self._pick_kind(kind), "secondary")
        for key, (rect, label, action, style) in specs.items():
            button = Button(rect, label, action, style, KIND_LABEL_SIZE)
            button.visible = False
            self.buttons[key] = button
            self.ui.add(button)

    def _show_buttons(self) -> None:
        wanted: set[str] = set()
        if self.choices.choosing and self.choices.may_pass:
            wanted.add("pass")
            self.buttons["pass"].caption = _("key {key}").format(key=self.app.mapper.key_label("next"))
        if self.choices.timing:
            wanted |= {"stop", "run"}
            nxt = str(self._decision().get("next"))
            self.buttons["run"].caption = _("to: {kind}").format(kind=_(KIND_NAMES[nxt])) if nxt in KIND_NAMES else ""
            last = self._decision().get("stones_left") == 1
            self.buttons["stop"].caption = fitting_caption(
                self.buttons["stop"], [_("the last stone: game over"), _("game over")] if last
                else [_("take a stone: −1"), "−1"])
        if self.choices.splitting:
            wanted |= {"west", "east", "place"}
            names = self._station_names()
            self.buttons["west"].caption, self.buttons["east"].caption = names
            self.buttons["place"].caption = f"{self.split[0]} {names[0]} · {self.split[1]} {names[1]}"
        if self.choices.building:
            kinds = self.choices.kinds()
            wanted |= set(kinds)
            if self.kind not in kinds and kinds:
                self.kind = kinds[0]
            if self._kinds_laid_out != theme.ui_scale():
                # The three types read at one size: each as wide as its name needs where the row has room,
                # and all shrunk alike where it has not, rather than one shrunk below its neighbours.
                self._kinds_laid_out = theme.ui_scale()
                third = (layout.CONTROLS.width - 16) // 3
                share_row([self.buttons[kind] for kind in KINDS], layout.CONTROLS, [third] * len(KINDS), 8)
            for kind in KINDS:
                self.buttons[kind].style = "primary" if kind == self.kind else "secondary"
        for key, button in self.buttons.items():
            button.visible = key in wanted and not self.busy

    def _opening_split(self) -> list[int]:
        """The share a Passengers decision opens with: even, the odd one to the first station."""
        amount = int(self._decision().get("amount", 0))
        return [amount - amount // 2, amount // 2]

    def _decision(self) -> dict[str, Any]:
        decision = (self.view or {}).get("decision")
        return decision if isinstance(decision, dict) else {}

    def _stations(self) -> list[int]:
        stations = (self.view or {}).get("stations")
        return [int(s) for s in stations] if isinstance(stations, list) else [8, 27]

    def _station_names(self) -> tuple[str, str]:
        """The stations by where they lie on the map (north-west, south-east), in the player's language."""
        names = []
        for crossing in self._stations()[:2]:
            x, y = self.city.pos(crossing)
            corner = ("N" if y < self.city.rect.centery else "S") + ("W" if x < self.city.rect.centerx else "E")
            names.append(_(COMPASS[corner]))
        names += [_("1st"), _("2nd")]
        return names[0], names[1]

    # -- the skeleton's hooks ---------------------------------------------------------------------
    def accepts(self, view: Any) -> bool:
        return isinstance(view, dict) and view.get("type") == "bus_view" and isinstance(view.get("paths"), list)

    def resync(self, view: View) -> None:
        self.tally.reset(view)
        super().resync(view)

    def shown_changed(self, view: View) -> None:
        self.picture = picture_of(view)
        self.looks = seat_looks(view, self.picture.players)
        self.choices = Choices(None, None)
        self.selected = None
        self.flipped = False
        self.source = None
        self._show_buttons()

    def stage(self, timeline: Timeline, events: list[dict[str, Any]], view: View, actor: int | None) -> None:
        before = self.view or view
        for button in self.buttons.values():
            button.visible = False
        stage_update(self._stage, timeline, before, view, events, self.looks)

    def _skipped(self) -> None:
        """The player skipped the moves playing: what would still be said or shown of the moments skipped
        over goes (queued news, banners, rising words, a score still counting up) and the newest news
        stays, so the words on screen name the moment the board shows."""
        self.toasts.skip_to_newest()
        self.show.overlays.clear()
        if not self.show.busy:
            self.tally.finish()

    def turn_opened(self, acting: int | None, mine: bool) -> None:
        view = self.view
        names = [look.name for look in self.looks]
        self.choices = Choices(view, acting, names) if mine and view is not None else Choices(None, None)
        self.selected = None
        self.flipped = False
        self.source = None
        self.cursor_row = None
        self.confirming = None
        self.clock_lit = None
        if self.choices.splitting:
            self.split = self._opening_split()
        if mine and acting != self.kind_seat:  # a hot-seat player's type is theirs, not the last player's
            self.kind, self.kind_seat = KINDS[0], acting
        self._show_buttons()
        # A decision opens quiet: the pointer still rests where the last one was made, on the lot or
        # street just taken, whose tooltip would read as a refusal of the click that succeeded. The
        # tooltip and glow wait until the pointer moves; a click where it rests still acts there.
        self.hover_lot = self.hover_crossing = self.hover_row = None
        if mine:
            self._play_queued_pick()

    def refused(self, message: str) -> None:
        self.toasts.add(message, refusal=True)
        if self.selected is not None:
            self.flash = (self.selected, 0.0)

    def needs_cover(self, seat: int) -> bool:
        """Bus hides nothing (the whole city, every player's buses and the clock lie open):
        every seat's view is the same, so the screen is handed over openly, with the turn sound and a band
        naming the next player, never behind a cover that waits for a click."""
        return False

    def cover_note(self, seat: int) -> str:
        """What the player handed the device does, whole: the headline too ("Your turn: a first building
        (2 to place)"), since the detail alone ("Choose its type…") says "its" of nothing on the cover."""
        if self.picture is None:
            return ""
        # The cover comes before the turn opens: the share it names is the one the turn will open with,
        # not what the last split left behind ("0 to SE and 0 to NW" of one passenger to share).
        split = self._opening_split() if self._decision().get("action") == "passengers" else self.split
        kind = self.kind if seat == self.kind_seat else KINDS[0]
        headline, detail = prompt(self.picture, self.looks, [seat], self._decision(), "", kind, split,
                                  stations=self._station_names())
        return f"{headline}. {detail}" if detail else headline

    def chat_corner(self) -> tuple[int, int]:
        """The LAN chat's tab in the screen's corner under the map's key words, never over them."""
        return (layout.LEGEND.x - 12, theme.HEIGHT - 2)

    def chat_feed_box(self) -> pygame.Rect:
        """The chat's fading lines stand over the map's key, down to the tab: the map is streets, lots
        and stations to its edges (over its foot they hid the bottom row's streets for nine seconds,
        with every player count) and the column holds the prompt, the action board, the track and the
        players. The key's words wait those seconds; the newest line shows, older ones wait in the
        open chat."""
        tab_top = self.chat_corner()[1] - CHAT_TAB[1]
        room = pygame.Rect(layout.LEGEND.x, layout.LEGEND.y, layout.LEGEND.width, tab_top - 2 - layout.LEGEND.y)
        notice = self.lan_hud.notice_rect if self.lan_hud is not None else None
        if notice is not None and notice.colliderect(room):
            room.width = notice.left - 8 - room.x  # beside a lasting notice: above it they covered the map's foot
        return room

    def notice_anchor(self) -> pygame.Rect:
        """In the map's key at its foot: the key waits while the notice lasts; the map, the action
        board and the players stay in sight. At a LAN table the notice takes the key's right part, and
        the chat's lines stand beside it rather than rise over the streets above it."""
        key = layout.LEGEND.inflate(-16, -12)
        if self.lan_hud is not None:
            key.width -= CHAT_BESIDE_NOTICE
            key.x += CHAT_BESIDE_NOTICE
        return key

    def coach_anchor(self) -> pygame.Rect:
        """Never over the players' rows: over the action board while the decision is on the map; while it
        is on the action board or the clock, over the map's foot or its top left, whichever hides less of
        the deciding player's line."""
        if self.choices.phase not in ("choose", "clock"):
            return layout.HINT_OVER_BOARD
        seat = self.choices.seat
        seats = self.picture.seats if self.picture is not None else []
        path = seats[seat].path if seat is not None and seat < len(seats) else []
        line = [self.city.pos(crossing) for crossing in path]

        def hidden(anchor: pygame.Rect) -> int:
            bubble = pygame.Rect(0, 0, min(COACH_WIDTH, anchor.width), anchor.height)
            bubble.midtop = anchor.midtop
            return sum(bubble.collidepoint(point) for point in line)

        foot = layout.HINT_OVER_MAP
        if self.session.save_problem:  # the notice stands in the map's key: the hint ends above it
            foot = foot.move(0, min(0, self.notice_anchor().top - 4 - foot.bottom))
        return min((foot, layout.HINT_OVER_MAP_TOP), key=hidden)

    def seat_anchor(self, seat: int) -> Anchor:
        if self.picture is None:
            return None
        return players.link_dot_point(seat, self.picture.players)

    def figures(self, view: View, outcome: dict[str, Any]) -> list[PlayerFigures]:
        return bus_figures(view, outcome)

    def results_title(self, outcome: dict[str, Any]) -> str:
        why = {"clock": _("the last time stone was taken"), "markers": _("at most one player had markers left"),
               "lots": _("every lot was built on")}.get(str(outcome.get("reason")), _("the game ended"))
        return _("Bus · {count} players · {why}").format(count=len(self.looks), why=why)

    def game_over(self, outcome: dict[str, Any]) -> None:
        if not self.counted:
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
        self.toasts.drop_refusals()  # what was refused before is answered by the move now made
        self.submit(action, seat=self.choices.seat)

    # -- decisions ----------------------------------------------------------------------------------
    def _choose(self, action: str) -> None:
        """A marker on ``action``'s next space. A space that would give nothing is said so first, and
        taken only when chosen again (ruling U4: the player confirms a wasted marker)."""
        picture = self.picture
        row = next((row for row in picture.spaces if row and row[0].action == action), []) if picture else []
        space = next_space(row)
        if space is not None and wasted(space) and self.confirming != action and action in self.choices.actions():
            self.confirming = action
            letter = f" {space.letter}" if space.letter else ""
            self.toasts.add(
                _("{action}{letter} gives nothing this round ({why}). Choose it again to place your marker anyway.")
                .format(action=_(ACTION_NAMES[action]), letter=letter, why=_(SHORT_WORDS[space.short_of or "buses"])),
                refusal=True,
            )
            self.app.sounds.play("error")
            return
        self.confirming = None
        self._submit({"type": "choose", "action": action})

    def _pass(self) -> None:
        if self.choices.choosing and self.choices.may_pass:
            self._submit({"type": "pass"})

    def _clock(self, stop: bool) -> None:
        if self.choices.timing:
            self._submit({"type": "clock", "stop": stop})

    def _shift(self, station: int) -> None:
        """One passenger more to ``station`` (taken from the other one)."""
        other = 1 - station
        if self.split[other] > 0:
            self.split[other] -= 1
            self.split[station] += 1
            self.app.sounds.play("hover")
        else:
            self.app.sounds.play("error")
        self._show_buttons()

    def _place_passengers(self) -> None:
        if self.choices.splitting:
            self._submit({"type": "passengers", "counts": list(self.split)})

    def _pick_kind(self, kind: str) -> None:
        self.kind = kind
        self._show_buttons()

    # -- input ------------------------------------------------------------------------------------
    def handle_table(self, intent: Intent) -> bool:
        kind = intent.kind
        if kind == "point" and intent.pos is not None:
            self.pointer = intent.pos
            self.steering = False
            self._hover(intent.pos)
            return False
        if kind == "press" and intent.pos is not None:
            if self.ui.at(intent.pos) is not None:
                return False
            self.pointer = intent.pos
            self._hover(intent.pos)
            return self._act_at_pointer()
        if kind == "confirm":
            return self._act_on_cursor()
        if kind == "next" and self.choices.choosing and self.choices.may_pass:
            self._pass()  # N ends the turn in every game: here it ends this round's placing
            return True
        if kind == "next" and self.choices.choosing:
            # N before the round's two markers still steps through the rows, and says why it does not pass
            self.toasts.add(self.choices.refusal({"type": "pass"}) or _("Not now."), refusal=True)
        if kind in ("left", "right", "up", "down", "next"):
            self.steering = True
            return self._move_cursor(kind)
        if kind == "pick" and isinstance(intent.value, int):
            return self._pick(intent.value) or self._queue_pick(intent.value)
        if kind in ("rotate", "rotate_back"):
            return self._rotate(1 if kind == "rotate" else -1)
        if kind == "cancel" and self.source is not None:
            self.source = None
            return True
        if kind == "hint":
            self.toasts.add(self._hint())
            return True
        return False

    def _hover(self, pos: tuple[int, int]) -> None:
        before = self.selected
        self.hover_row = None
        self.hover_lot = None
        self.hover_crossing = None
        self.selected = None
        if self.picture is None:
            return
        if MAP_RECT.collidepoint(pos):
            lot = self._lot_at(pos)
            if lot is not None and (self.choices.building or self.choices.driving):
                self.hover_lot = lot
                return
            crossing = self._crossing_at(pos)
            if crossing is not None and (self.choices.driving or self.choices.splitting):
                self.hover_crossing = crossing
                return
            if self.choices.laying:
                street = self.city.street_at(pos)
                self.selected = street
                if street != before:
                    self.flipped = False
                if street is not None and self.choices.closes_circle(street) and not self.flipped:
                    self.closing_at = self.city.nearer_end(street, pos)
        else:
            key = board.space_at(self.picture, pos)
            if key is None:
                key = self._row_at(pos)
            self.hover_row = key[0] if key else None
            self.cursor_row = None

    def _row_at(self, pos: tuple[int, int]) -> tuple[str, str] | None:
        for index, action in enumerate(ACTION_IDS):
            if layout.row_rect(index).collidepoint(pos):
                return action, ""
        return None

    def _lot_at(self, pos: tuple[int, int]) -> int | None:
        reach = self.city.building_size * 0.6
        best: tuple[float, int] | None = None
        for crossing, spots in enumerate(self.city.lot_spots):
            if self.city.net.specials[crossing] == "station":
                continue
            for index, spot in enumerate(spots):
                distance = math.dist(pos, spot)
                if distance <= reach and (best is None or distance < best[0]):
                    best = (distance, lot_id((crossing, index)))
        return best[1] if best else None

    def _crossing_at(self, pos: tuple[int, int]) -> int | None:
        reach = self.city.crossing_radius * 1.6
        for crossing in range(self.city.net.crossings):
            points = [self.city.pos(crossing), self.city.waiting_point(crossing)]
            if any(math.dist(pos, point) <= reach for point in points):
                return crossing
        return None

    def takes_press_at(self, pos: tuple[int, int]) -> bool:
        """Where a click makes a move of the phase (the pointer shows a hand): a street that may be
        built, a lot to build on, an action that takes a marker, a station to shift, a passenger to
        carry or a building they may ride to. The hover fields were set for ``pos`` as it came."""
        choices = self.choices
        if choices.laying and self.selected is not None:
            return self.selected in choices.streets()
        if choices.building and self.hover_lot is not None:
            return self.hover_lot in choices.lots()
        if choices.choosing and self.hover_row is not None:
            return self.hover_row in choices.actions()
        if choices.splitting and self.hover_crossing is not None:
            return self.hover_crossing in self._stations()
        if choices.driving:
            if self.hover_crossing is not None:
                return self.hover_crossing in choices.sources()
            if self.hover_lot is not None:
                return self.hover_lot in choices.targets(self.source)
        return False

    def _act_at_pointer(self) -> bool:
        if self.choices.laying and self.selected is not None:
            self._submit(self.choices.street_action(self.selected, self.closing_at))
            return True
        if self.choices.building and self.hover_lot is not None:
            self._submit({"type": "building", "lot": self.hover_lot, "kind": self.kind})
            return True
        if self.choices.choosing and self.hover_row is not None:
            self._choose(self.hover_row)
            return True
        if self.choices.splitting and self.hover_crossing in self._stations():
            self._shift(self._stations().index(self.hover_crossing))
            return True
        if self.choices.driving:
            return self._drive_click()
        return False

    def _drive_click(self) -> bool:
        if self.hover_lot is not None and self.source is not None:
            self._submit({"type": "deliver", "from": self.source, "lot": self.hover_lot})
            return True
        if self.hover_crossing is not None:
            if self.hover_crossing in self.choices.sources():
                self.source = self.hover_crossing
                self.app.sounds.play("hover")
            else:
                lot_free = next(iter(self.choices.targets()), None)
                if lot_free is not None:  # the authority says why nobody can ride from here
                    self._submit({"type": "deliver", "from": self.hover_crossing, "lot": lot_free})
            return True
        if self.hover_lot is not None:
            sources = sorted(self.choices.sources())
            if len(sources) == 1:
                self._submit({"type": "deliver", "from": sources[0], "lot": self.hover_lot})
            else:
                self.toasts.add(
                    _("First click a waiting passenger on your line, then the building they ride to."), refusal=True
                )
            return True
        return False

    def _act_on_cursor(self) -> bool:
        if self.counted:
            self.open_results()
            return True
        if self.choices.laying and self.selected is not None:
            self._submit(self.choices.street_action(self.selected, self.closing_at))
            return True
        if self.choices.choosing and self.cursor_row is not None:
            self._choose(self.cursor_row)
            return True
        if self.choices.building and self.hover_lot is not None:
            self._submit({"type": "building", "lot": self.hover_lot, "kind": self.kind})
            return True
        if self.choices.driving and self.source is not None and self.hover_lot is not None:
            self._submit({"type": "deliver", "from": self.source, "lot": self.hover_lot})
            return True
        picking = self.hover_crossing in self.choices.sources() and self.hover_crossing != self.source
        if self.choices.driving and picking:
            self.source = self.hover_crossing
            return True  # the next Enter lights their first building (it picked the same passenger again)
        if self.choices.splitting:
            self._place_passengers()
            return True
        if self.choices.timing and not (self.ui.focus is not None and self.ui.focus.hovered):
            # Enter with neither button lit by the keys (nor under the pointer) lights Let it run, and the
            # next Enter presses it: one stray Enter (the one meant to skip the animation) took a stone, −1
            self.clock_lit = self.buttons["run"]
            self.ui.set_focus(self.clock_lit)
            return True
        deciding = self.choices.choosing or self.choices.laying or self.choices.building or self.choices.driving
        focus = self.ui.focus
        # A button under the pointer still takes Enter; one only ringed by an earlier click (the Place or
        # House the last player pressed, hidden since or not) does not: Enter pressed House for ever.
        if deciding and not (focus is not None and focus.interactive and focus.hovered):
            # nothing lit yet: Enter lights the first choice (as an arrow would), the next Enter takes it
            self.steering = True
            return self._move_cursor("right")
        return False

    def _keys_on_board(self) -> None:
        if self.choices.timing and self.clock_lit is not None and self.ui.focus is self.clock_lit:
            self.keys_on_buttons = True  # the button Enter just lit at the clock: the next Enter presses it
            return
        super()._keys_on_board()

    def _move_cursor(self, kind: str) -> bool:
        """Arrows, a stick or N step through what may be taken now: action rows, streets, lots,
        waiting passengers then their buildings (N passes instead once a player may pass)."""
        step = -1 if kind in ("left", "up") else 1
        if self.choices.choosing:
            rows = self.choices.actions()
            if not rows:
                return False
            index = rows.index(self.cursor_row) + step if self.cursor_row in rows else 0
            self.cursor_row = rows[index % len(rows)]
        elif self.choices.laying:
            streets = sorted(self.choices.streets())
            if not streets:
                return False
            places = {street: self.city.street_middle(street) for street in streets}
            self.selected = self._steer(kind, self.selected, places, step)
            self.flipped = False
            if self.choices.closes_circle(self.selected):
                self.closing_at = self.city.net.ends[self.selected][1]
        elif self.choices.building or (self.choices.driving and self.source is not None):
            lots = sorted(self.choices.lots() if self.choices.building else self.choices.targets(self.source))
            if not lots:
                return False
            places = {lot: self.city.lot_point(*lot_key(lot)) for lot in lots}
            self.hover_lot = self._steer(kind, self.hover_lot, places, step)
        elif self.choices.driving:
            sources = sorted(self.choices.sources())
            if not sources:
                return False
            places = {crossing: self.city.pos(crossing) for crossing in sources}
            self.hover_crossing = self._steer(kind, self.hover_crossing, places, step)
        elif self.choices.splitting:
            self._shift(0 if step < 0 else 1)
        else:
            return False
        self.app.sounds.play("hover")
        return True

    @staticmethod
    def _steer(kind: str, lit: int | None, places: dict[int, tuple[float, float]], step: int) -> int:
        """The choice an arrow lights on the map: the nearest the way it points (``steer.toward``); the
        next or previous by number for N, for the first key pressed, and where nothing lies that way."""
        keys = sorted(places)
        if lit in places and kind in ARROWS:
            found = toward(places[lit], {key: spot for key, spot in places.items() if key != lit}, kind)
            if found is not None:
                return found
        index = keys.index(lit) + step if lit in keys else 0
        return keys[index % len(keys)]

    def _pick(self, index: int) -> bool:
        """Number keys: the actions in board order while choosing, the building types while building."""
        if self.choices.choosing and 0 <= index < len(ACTION_IDS):
            self.cursor_row = ACTION_IDS[index]
            self._choose(ACTION_IDS[index])
            return True
        if self.choices.building and 0 <= index < len(KINDS):
            if KINDS[index] in self.choices.kinds():
                self._pick_kind(KINDS[index])
            else:  # every building of that type is on the board (Q5): said, not picked
                lot = min(self.choices.lots(), default=0)
                reason = self.choices.refusal({"type": "building", "lot": lot, "kind": KINDS[index]})
                self.toasts.add(reason or _("Not now."), refusal=True)
                self.app.sounds.play("error")
            return True
        return False

    def _queue_pick(self, index: int) -> bool:
        """A number key while the others still move (or their move still plays) is kept for this
        screen's player's next decision rather than lost, and the toast says so."""
        if self.choices.active:  # this screen's player decides, and the key means nothing for it
            self._unused_key(index)
            return True
        if len(self.humans) != 1 or self.finished:
            return False
        self.queued_pick = index
        self.toasts.add(_("Key {number} is kept until the moves on the board have played.").format(
            number=index + 1), at_once=True)
        return True

    def _play_queued_pick(self) -> None:
        """This screen's player decides: a number key kept for it acts now, or says why it cannot."""
        index, self.queued_pick = self.queued_pick, None
        if index is None or not self.choices.active:
            return
        if not self._pick(index):
            self._unused_key(index)

    def _unused_key(self, index: int) -> None:
        self.toasts.add(_("Key {number} means nothing for this decision: it was not used.").format(
            number=index + 1), refusal=True)

    def _rotate(self, step: int) -> bool:
        """R (right click, X): where a circle closes, the next building type, or letting go of a rider."""
        if self.choices.building:
            kinds = self.choices.kinds() or list(KINDS)
            index = kinds.index(self.kind) + step if self.kind in kinds else 0
            self._pick_kind(kinds[index % len(kinds)])
            self.app.sounds.play("rotate")
            return True
        if self.choices.driving and self.source is not None:
            self.source = None
            return True
        if self.selected is None or not self.choices.closes_circle(self.selected):
            return False
        a, b = self.city.net.ends[self.selected]
        self.closing_at = b if self.closing_at == a else a
        self.flipped = True  # the click that follows closes it there, wherever on the street it lands
        self.app.sounds.play("rotate")
        return True

    def _hint(self) -> str:
        if self.choices.laying:
            return _("Click a glowing street (or pick one with the arrow keys and press Enter).")
        if self.choices.building:
            return _("Choose House, Office or Pub (1-3 or R), then click a glowing lot.")
        if self.choices.choosing:
            return _("Click an action on the board (or press 1-7) to put a marker on its next space, or Pass ({key})."
                     ).format(key=self.app.mapper.key_label("next"))
        if self.choices.splitting:
            return _("Share the passengers between the stations with the +1 buttons (or click a station), then Place.")
        if self.choices.timing:
            return _("Stop time (take a stone, −1 point at the end) or let the hand move on.")
        if self.choices.driving:
            return _("Click a waiting passenger on your line, then a glowing building of the wanted type.")
        return _("Wait for the other players; Esc opens the menu.")

    # -- frame ------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.tally.update(dt * self.app.settings.animation_speed)
        self.toasts.update(dt)
        if self.choices.active and not self.busy:
            self.toasts.clear_read()
        if self.flash is not None:
            street, age = self.flash
            self.flash = (street, age + dt) if age + dt < FLASH_SECONDS else None
        if self.busy:
            for button in self.buttons.values():
                button.visible = False
        elif self.choices.active and not any(button.visible for button in self.buttons.values()):
            self._show_buttons()

    def needs_frames(self) -> bool:
        return super().needs_frames() or self.tally.moving or bool(self.toasts) or self.flash is not None

    @classmethod
    def prewarm(cls) -> None:
        city = city_map(*MAP_RECT)
        backdrop(city, (theme.WIDTH, theme.HEIGHT), language())
        clock_centre(city)

    def _toast_area(self) -> pygame.Rect:
        """Where the messages about the moves stand: the map above its key, and above the LAN chat's
        fading lines while they show in the map's corner (a message drawn over them reads as neither)."""
        area = layout.TOASTS.copy()
        feed = self.lan_hud.feed_rect() if self.lan_hud is not None else None
        if feed is not None and feed.colliderect(area):
            area.height = max(area.height // 2, feed.top - 8 - area.top)
        return area

    def draw_table(self, surface: pygame.Surface) -> None:
        picture = self.picture
        if self.view is None or picture is None:
            theme.background(surface)
            theme.heading(surface, _("Waiting for the table…"), (theme.WIDTH // 2, theme.HEIGHT // 2), 64)
            return
        surface.blit(self._still(picture, surface.get_size()), (0, 0))
        self._draw_city(surface, picture)
        self._draw_targets(surface, picture)
        column = self.tally.column  # a round-ending batch: the column as it stood, until the show ends
        self._draw_column(surface, column.picture if column else picture,
                          column.decision if column else self._decision())
        deciding = self.choices.active and not self.busy and not self.steering
        self.toast_boxes = draw_toasts(surface, self.toasts.items, self._toast_area(),
                                       self.pointer if deciding else None)
        note = self.menu_keys_note()  # under the players, in the margin nothing else uses
        size = theme.fit_text(note, 18, layout.COLUMN.width // 2)
        theme.draw_text(surface, note, (layout.COLUMN.right - 8, (layout.COLUMN.bottom + theme.HEIGHT) // 2), size,
                        theme.CREAM_DIM, anchor="midright")

    def draw_over(self, surface: pygame.Surface) -> None:
        super().draw_over(surface)
        self._draw_tooltip(surface)

    def _still(self, picture: Picture, size: tuple[int, int]) -> pygame.Surface:
        """Backdrop, map, boxes, lines and buildings as one opaque picture, redrawn only when they change."""
        lines = self.city.lines_layer(
            [seat.path for seat in picture.seats],
            [look.colour for look in self.looks],
            self._closed(),
            [look.initial for look in self.looks],
        )
        town = self.city.town_layer(picture.buildings)
        base = backdrop(self.city, size, language())
        key = (base, lines, town, size)
        if (
            self._still_from is None
            or any(a is not b for a, b in zip(self._still_from, key, strict=True))
            or self._still_picture is None
        ):
            still = base.copy()
            still.blit(lines, MAP_RECT)
            still.blit(town, MAP_RECT)
            self._still_from, self._still_picture = key, still
        return self._still_picture

    def _closed(self) -> list[int | None]:
        lines = (self.view or {}).get("lines")
        if not isinstance(lines, list):
            return [None] * len(self.looks)
        return [line.get("closed_at") if isinstance(line, dict) else None for line in lines][: len(self.looks)] + [
            None
        ] * max(0, len(self.looks) - len(lines))

    def _draw_city(self, surface: pygame.Surface, picture: Picture) -> None:
        people: People = self.tally.people or people_of(picture)
        self.city.draw_people(surface, people.standing, sorted(people.seated))
        centre = clock_centre(self.city)
        hand = self.tally.hand if self.tally.hand is not None else float(picture.clock)
        draw_clock(surface, centre, CLOCK_RADIUS, hand)
        left = self.tally.stones_left if self.tally.stones_left is not None else picture.stones_left
        draw_stones(surface, centre, CLOCK_RADIUS, left, picture.stones_total, STONE)
        wants = ("house", "office", "pub")[round(hand) % 3]
        room = 2 * round(MAP_RECT.right - 10 - centre[0])  # centred on the clock, inside the map
        wanted = _("Wanted: {kind}").format(kind=_(KIND_NAMES[wants]))
        theme.draw_text(
            surface,
            wanted,
            (round(centre[0]), round(centre[1] - CLOCK_RADIUS - 8)),
            theme.fit_text(wanted, 17, room, theme.TEXT_BOLD_FONT),
            theme.INK,
            theme.TEXT_BOLD_FONT,
            "midbottom",
        )
        supply = _("{supply} in the supply").format(supply=picture.supply)
        theme.draw_text(
            surface,
            supply,
            (round(centre[0]), round(centre[1] + CLOCK_RADIUS + STONE + 26)),
            theme.fit_text(supply, 16, room),
            theme.shade(theme.INK, 1.5),
            anchor="midtop",
        )

    def _draw_column(self, surface: pygame.Surface, picture: Picture, decision: dict[str, Any]) -> None:
        acting = picture.to_act
        waiting = self.others_words(acting) if acting is not None else ""
        headline, detail = prompt(
            picture, self.looks, list(self.humans), decision, waiting, self.kind, self.split, self.source,
            self._station_names()
        )
        if self.busy and acting in self.humans and not picture.outcome:
            # the player's own move still plays (a round's end keeps its old prompt until the last banner):
            # a click now skips it, so the words say that rather than ask for a click already made
            detail = self.animation_words()
        self._draw_header(surface, picture, headline, detail)
        open_rows: set[tuple[str, str]] = set()
        if self.choices.choosing and not self.busy:
            for row in picture.spaces:
                nxt = next_space(row)
                if nxt is not None and nxt.action in self.choices.actions():
                    open_rows.add((nxt.action, nxt.letter))
        hover = self._row_space(picture, self.cursor_row if self.steering else self.hover_row)
        board.draw_board(
            surface, picture, self.looks, open_rows, hover, self._row_space(picture, self.cursor_row), self.age
        )
        track.draw_track(surface, picture, self.looks, self._scores(picture))
        players.draw_players(
            surface, picture, self.looks, [self.seat_kind(seat) for seat in range(len(self.looks))],
            self._scores(picture), self.age, dict(self.tally.bus_pop)
        )

    def _row_space(self, picture: Picture, action: str | None) -> tuple[str, str] | None:
        if action is None:
            return None
        for row in picture.spaces:
            space = next_space(row)
            if space is not None and space.action == action:
                return space.action, space.letter
        return None

    def _scores(self, picture: Picture) -> list[float]:
        scores = list(self.tally.scores)
        return scores + [float(seat.score) for seat in picture.seats[len(scores) :]]

    def _draw_header(self, surface: pygame.Surface, picture: Picture, headline: str, detail: str) -> None:
        name = theme.draw_text(surface, "BUS", (layout.HEADER.x + 24, layout.HEADER.y + 12), 30, theme.SUNFLOWER,
                               theme.DISPLAY_FONT)
        label = _("Setup") if picture.round == 0 else _("Round {number}").format(number=picture.round)
        if picture.open_zone is None:  # every lot built on: the game ends with this round (§6), no zone opens
            facts = ngettext("Largest fleet {fleet} · every lot built on · {stones} time stone left",
                             "Largest fleet {fleet} · every lot built on · {stones} time stones left",
                             picture.stones_left).format(fleet=picture.largest_fleet, stones=picture.stones_left)
        else:
            facts = ngettext("Largest fleet {fleet} · zone {zone} open · {stones} time stone left",
                             "Largest fleet {fleet} · zone {zone} open · {stones} time stones left",
                             picture.stones_left).format(fleet=picture.largest_fleet, zone=picture.open_zone,
                                                         stones=picture.stones_left)
        shown = theme.draw_text(surface, label, (layout.HEADER.right - 24, layout.HEADER.y + 8), theme.unscaled(34),
                                theme.CREAM, theme.DISPLAY_FONT, "topright", shadow=True)  # big already
        left = max(layout.HEADER.x + 100, name.right + 14)
        if not picture.outcome:  # once the game is over, stones left and zones open tell nothing more
            theme.draw_text(surface, facts, (left, layout.HEADER.y + 20),
                            theme.fit_text(facts, 20, shown.x - 16 - left, minimum=8), theme.CREAM_DIM)
        seat = picture.to_act
        colour = (
            self.looks[seat].colour
            if seat is not None and seat < len(self.looks) and not picture.outcome
            else theme.SUNFLOWER
        )
        box = layout.PROMPT
        pulse = 0.5 + 0.5 * math.sin(self.age * 4) if seat in self.humans else 0.0
        pygame.draw.rect(surface, theme.shade(colour, 0.32), box, border_radius=16)
        pygame.draw.rect(surface, theme.mix(theme.shade(colour, 0.7), colour, pulse), box, width=3, border_radius=16)
        buttons = any(button.visible for button in self.buttons.values()) or self.results_button.visible
        room = box.width - 36 - (layout.CONTROLS.width + 12 if buttons else 0)
        ink = theme.text_colour(colour, theme.shade(colour, 0.32))
        words = prompt_lines(headline, detail, room, box.bottom - 6 - (box.y + 10))
        for index, line in enumerate(words.headline):
            theme.draw_text(surface, line, (box.x + 18, box.y + 10 + index * words.headline_step),
                            words.headline_size, ink, theme.DISPLAY_FONT)
        top = box.y + 10 + words.detail_top
        for index, line in enumerate(words.detail):
            theme.draw_text(surface, line, (box.x + 18, top + index * words.detail_step), words.detail_size,
                            theme.CREAM)

    def _draw_targets(self, surface: pygame.Surface, picture: Picture) -> None:
        if self.flash is not None:
            street, age = self.flash
            self.city.draw_street_glow(surface, street, theme.CORAL, 0.9 * (1 - age / 0.8), 1.2)
        seat = self.choices.seat
        if seat is None or self.busy or not self.choices.active:
            return
        colour = self.looks[seat].colour
        pulse = 0.5 + 0.5 * math.sin(self.age * 4.5)
        if self.choices.laying:
            self._draw_street_targets(surface, picture, seat, colour, pulse)
        elif self.choices.building:
            for lot in self.choices.lots():
                self._ring(surface, self.city.lot_point(*lot_key(lot)), self.city.building_size * 0.62, colour, pulse)
            if self.hover_lot is not None and self.hover_lot in self.choices.lots():
                crossing, index = lot_key(self.hover_lot)
                ghost = building(self.kind, self.city.building_size, dim=True)
                ghost.set_alpha(200)
                x, y = self.city.lot_point(crossing, index)
                surface.blit(ghost, ghost.get_rect(center=(round(x), round(y))))
        elif self.choices.splitting:
            for station, count, name in zip(self._stations(), self.split, self._station_names(), strict=False):
                point = self.city.waiting_point(station)
                self._ring(surface, point, self.city.building_size * 0.9, colour, pulse)
                if count:
                    shifted = (point[0], point[1] + self.city.passenger_size() * 1.3)
                    draw_passengers(surface, shifted, count, self.city.passenger_size(), seated=True)
                # the station's name as the prompt and the +1 buttons say it (the map wrote neither SE nor NW)
                words = f"+{count} {name}" if count else name
                size = theme.render_text(words, 24, face=theme.DISPLAY_FONT).get_size()
                ring = self.city.building_size * 0.9 + 5  # the ring at its widest pulse, and its line
                theme.draw_text(surface, words, label_rect(self.city, point, ring, size).center, 24,
                                theme.shade(colour, 0.6), theme.DISPLAY_FONT, "center")
        elif self.choices.driving:
            for street in self.city.path_streets(picture.seats[seat].path):  # where this player's buses run
                self.city.draw_street_glow(surface, street, colour, 0.22 + 0.1 * pulse)
            for crossing in self.choices.sources():
                strength = 1.0 if crossing == self.source else 0.6
                self._ring(
                    surface,
                    self.city.waiting_point(crossing),
                    self.city.crossing_radius * 1.5,
                    colour,
                    pulse * strength,
                )
            for lot in self.choices.targets(self.source):
                self._ring(
                    surface,
                    self.city.lot_point(*lot_key(lot)),
                    self.city.building_size * 0.62,
                    theme.SUNFLOWER if self.source is not None else theme.shade(colour, 1.2),
                    pulse,
                )

    def _ring(
        self, surface: pygame.Surface, centre: tuple[float, float], radius: float, colour: Colour, pulse: float
    ) -> None:
        r = radius + 3 * pulse
        pygame.draw.circle(surface, theme.shade(colour, 0.6), (round(centre[0]), round(centre[1])), round(r) + 2, 4)
        pygame.draw.circle(surface, colour, (round(centre[0]), round(centre[1])), round(r), 3)

    def _draw_street_targets(
        self, surface: pygame.Surface, picture: Picture, seat: int, colour: Colour, pulse: float
    ) -> None:
        streets = self.choices.streets()
        first = self.choices.phase == "setup_streets"
        for street in streets:
            if street != self.selected:
                strength = (0.12 + 0.1 * pulse) if first else (0.3 + 0.25 * pulse)
                self.city.draw_street_glow(surface, street, colour, strength)
        for crossing in self._heads(seat):
            x, y = self.city.pos(crossing)
            radius = self.city.crossing_radius + 6 + 4 * pulse
            pygame.draw.circle(surface, theme.shade(colour, 0.6), (x, y), radius + 2, 5)
            pygame.draw.circle(surface, colour, (x, y), radius, 3)
        if self.selected is None:
            return
        if self.selected in streets:
            self.city.draw_street_glow(surface, self.selected, theme.shade(colour, 1.3), 0.95, 1.15)
            built = [self.city.path_streets(info.path) for info in picture.seats]
            built[seat].append(self.selected)
            lanes = self.city.lanes(built)[self.selected]
            a, b = self.city.marker_ends(self.selected, lanes.index(seat), len(lanes))
            draw_marker(surface, a, b, colour, round(self.city.lane_thickness(len(lanes))), alpha=190)
            if self.choices.closes_circle(self.selected) and self.closing_at is not None:
                x, y = self.city.pos(self.closing_at)
                pygame.draw.circle(surface, theme.CREAM, (x, y), self.city.crossing_radius + 4, 4)
        else:
            self.city.draw_street_glow(surface, self.selected, theme.CORAL, 0.55)

    def _heads(self, seat: int) -> list[int]:
        lines = (self.view or {}).get("lines")
        if isinstance(lines, list) and seat < len(lines) and isinstance(lines[seat], dict):
            return [c for c in lines[seat].get("heads", []) if isinstance(c, int)]
        return []

    def _draw_tooltip(self, surface: pygame.Surface) -> None:
        if self.busy or self.picture is None or not self.choices.active:
            return
        lines = self._tooltip_lines()
        if not lines:
            return
        if self.pointer is not None and not self.steering:
            anchor = (float(self.pointer[0]), float(self.pointer[1]))
        elif self.choices.choosing and self.cursor_row in ACTION_IDS:  # beside the row, whatever the map last held
            rect = layout.row_rect(ACTION_IDS.index(self.cursor_row))
            anchor = (float(rect.centerx), float(rect.bottom))
        elif self.selected is not None:
            anchor = self.city.street_middle(self.selected)
        elif self.hover_lot is not None:
            anchor = self.city.lot_point(*lot_key(self.hover_lot))
        elif self.hover_crossing is not None:
            anchor = self.city.waiting_point(self.hover_crossing)
        else:
            rect = layout.row_rect(ACTION_IDS.index(self.cursor_row)) if self.cursor_row in ACTION_IDS else MAP_RECT
            anchor = (float(rect.centerx), float(rect.bottom))
        on_map = MAP_RECT.collidepoint(anchor)  # a tooltip on the map stays on it, clear of the players' rows
        draw_tooltip(surface, lines, anchor, MAP_RECT if on_map else surface.get_rect(), self.toast_boxes)

    def _tooltip_lines(self) -> Tip:
        assert self.picture is not None
        row = self.cursor_row if self.steering else self.hover_row
        if self.choices.choosing and row is not None:
            return row_tip(self.choices, self.picture, row)
        if self.choices.laying and self.selected is not None:
            return street_tip(self.choices, self.selected, self.closing_at, self.picture)
        if (self.choices.building or self.choices.driving) and self.hover_lot is not None:
            return lot_tip(self.choices, self.picture, self.hover_lot, self.kind, self.source)
        if self.choices.driving and self.hover_crossing is not None:
            return source_tip(self.choices, self.picture, self.hover_crossing, self.source)
        if self.choices.splitting and self.hover_crossing in self._stations():
            index = self._stations().index(self.hover_crossing)
            return station_tip(self.picture, self.hover_crossing, self._station_names()[index], self.split[index],
                               sum(self.split))
        return []
