"""The Liniell table: the field in its 4 x 4 frame, the tile in hand, two players and their markers.

It fills in the table skeleton (``game.tables.base``): each update's events become a timeline of
tiles flying in, markers hopping and captures (``show.stage_update``), and the view goes on screen
when the motion arrives there; the model, the camera framing and the hand follow every view that
goes on screen (``shown_changed``). A turn is two decisions: place the drawn tile (ghost at the
pointer, turned with R, the wheel or a right click), then occupy a free line on it, skip, or — after
a connection — make the forced marker move. At the end every scoring route lights up in turn while
its points count, and the results button follows.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.anim import ParticleSystem, Timeline, Tween, Tweens
from game.core.text import distinct_initials
from game.i18n import _
from game.render.liniell import field as board
from game.render.liniell.field import BOARD, Camera
from game.render.liniell.geometry import tile_shape
from game.scenes.figures import PlayerFigures
from game.tables.base import CHAT_TAB, Anchor, TableScene, View
from game.tables.coach import WIDTH as COACH_WIDTH
from game.tables.liniell import panel
from game.tables.liniell.count import FinalCount
from game.tables.liniell.drawing import StaticLayer, draw_carried, draw_table, notice_box, toast_box
from game.tables.liniell.figures import liniell_figures
from game.tables.liniell.frame import LiniellFrame, Toast
from game.tables.liniell.hint_spot import board_spot
from game.tables.liniell.hints import HINTS
from game.tables.liniell.model import TableModel
from game.tables.liniell.show import Stage, stage_count, stage_update
from game.ui import theme
from game.ui.drag import Carry, Homing
from game.ui.input import Intent
from game.ui.widgets import Button, room_for_labels

SUPPLY = "supply"
BOT_PAUSE = 0.35  # a breath before a bot's or a remote player's move plays, so it can be followed
TOAST_SECONDS = 3.2
REFRAME_SECONDS = 0.6
ROTATE_SECONDS = 0.18


def seat_note(seat: Any) -> str:
    """What a LAN status says about a seat, in a word or three (nothing when all is well)."""
    if not isinstance(seat, dict):
        return ""
    if seat.get("away"):
        return _("away")
    if seat.get("claimed") and not seat.get("connected"):
        return _("a bot stands in") if seat.get("bot") else _("offline")
    return ""


CHAT_STRIP = 420  # at a LAN table, the board's floor left of the field is the chat's (``chat_feed_box``)


def field_area(lan: bool) -> pygame.Rect:
    """Where the camera frames the field: the whole board, or at a LAN table the board right of the
    chat's strip (the field a few pixels smaller a tile: 120 px instead of 130 while it spans 7 x 7)."""
    return pygame.Rect(BOARD.x + CHAT_STRIP, BOARD.y, BOARD.width - CHAT_STRIP, BOARD.height) if lan else BOARD


class LiniellTable(TableScene):
    name = "liniell_table"
    game = "liniell"
    title = "Liniell"
    hints = HINTS

    def __init__(self, app, session, config=None) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app, session, config)
        self.camera = Camera(field_area(session.lan))
        self._coach_spot: tuple[Any, str | None, pygame.Rect] | None = None  # the hint's place on the board, and why
        self.layer = StaticLayer()
        self.count = FinalCount()
        self.show.particles = ParticleSystem(seed=7, gravity=500.0, drag=2.0)
        self.model: TableModel | None = None  # the view on screen and what follows from it
        self.pointer: tuple[int, int] | None = None
        self.cursor: tuple[int, int] | None = None
        self.turns = 0  # quarter turns of the tile in hand; the ghost eases towards turns * 90 degrees
        self.turn_angle = 0.0
        self._spin = Tweens()  # the ghost turning: one tween at a time, restarted by each turn
        self.source: str | None = None  # where the marker of an occupation comes from
        # A press on the drawn tile takes it up: it follows the pointer, its release on a square lays it, a
        # click where it lies turns it; let go anywhere else it glides back to its card (``homing``).
        self.carry: Carry | None = None
        self.homing: Homing | None = None
        # A marker pressed on: (its carry, where it came from, the marker chosen before the press). Let go on
        # a free line of the new tile it occupies it; a click (no drag) chooses it as before; let go
        # anywhere else it glides back (``marker_homing``: the glide and where it goes).
        self.marker_carry: tuple[Carry, str, str | None] | None = None
        self.marker_homing: tuple[Homing, str] | None = None
        self.marker_dropped: tuple[float, float] | None = None  # where a marker was let go on its line
        self.choice = 0  # keyboard choice among the free lines of the new tile
        # ←/→ took the choice of line from the pointer: it shows (and Enter takes) the keys' line, not
        # whatever the resting pointer is over, until the pointer moves again
        self.line_keyed = False
        # A turn opens quiet, as Linie 1's does: the pointer rests wherever it was (on the cover's button, or
        # where a click skipped the bot's move), so the ghost tile and its verdict wait until this player
        # moves the pointer, turns the tile or steers with the keys.
        self.ghost_waits = False
        self._pointed: tuple[int, int] | None = None  # the last point's place (the skeleton sets ``pointer``)
        self.launch: tuple[tuple[float, float], float, float] | None = None
        self.toast_text = ""
        self.toast_colour: theme.Colour = theme.CORAL
        self.toast_time = 0.0
        self.toast_owner: int | None = None  # whose input the note answers: it is theirs alone
        self._stage = Stage(self.show, self.camera, self._model, self.seat_colour, self.sound, self.toast,
                            self.count, self._counted, lambda seat: self.initials()[seat])
        self._build_buttons()

    def _model(self) -> TableModel:
        assert self.model is not None
        return self.model

    @property
    def shown_current(self) -> int:
        """Whose move the screen shows: the mover while their move still plays, else the view's."""
        masks = self.show.masks
        if masks.held(("current",)):
            return int(masks.instead(("current",)))
        return self.model.current if self.model else 0

    @property
    def link_down(self) -> bool:
        return self.session.link != "up"

    @property
    def link_words(self) -> str:
        """What the top bar says of a link not up, as the cover over the table does: a host that said
        goodbye closed the table for now (nothing broke), a link given up is closed."""
        if self.session.link == "closed":
            return "closed"
        return "host_closed" if getattr(self.session, "host_closed", False) else self.session.link

    @property
    def notes(self) -> dict[int, str]:
        """LAN seats that are away, offline or played by a stand-in bot."""
        return {index: note for index, seat in enumerate(self.session.seat_states) if (note := seat_note(seat))}

    @property
    def my_turn(self) -> bool:
        return super().my_turn and self.model is not None and self.model.phase in ("place", "occupy", "connect")

    # -- the skeleton's hooks ---------------------------------------------------------------------
    def shown_changed(self, view: View) -> None:
        """Make ``view`` the one on screen; the camera glides to frame the squares still in play."""
        previous = self.model
        self.model = TableModel(view)
        if previous is None or previous.drawn != self.model.drawn or previous.phase != self.model.phase:
            if self.model.phase == "place" and (previous is None or previous.phase != "place"):
                self._spin.clear()
                self.turns, self.turn_angle = 0, 0.0
            self.source = SUPPLY if self.model.supply(self.model.current) else None
            self.choice, self.line_keyed = 0, False
        self._reframe(animate=previous is not None)

    def _reframe(self, animate: bool) -> None:
        assert self.model is not None
        cx, cy, cell = self.camera.framing(self.model.region())
        if (cx, cy, cell) == (self.camera.cx, self.camera.cy, self.camera.cell):
            return
        if not animate:
            self.camera.cx, self.camera.cy, self.camera.cell = cx, cy, cell
            return
        self.camera.rest = self.camera.rest or self.camera.tile_size()

        def settled() -> None:
            self.camera.rest = None

        self.tweens.to(self.camera, REFRAME_SECONDS, "in_out_cubic", on_done=settled, cx=cx, cy=cy, cell=cell)

    def stage(self, timeline: Timeline, events: list[dict[str, Any]], view: View, actor: int | None) -> None:
        mine = actor in self.humans
        launch, self.launch = (self.launch if mine else None), None
        dropped, self.marker_dropped = (self.marker_dropped if mine else None), None
        stage_update(self._stage, timeline, events, 0.0 if mine else BOT_PAUSE, launch, actor, dropped)

    def turn_opened(self, acting: int | None, mine: bool) -> None:
        """A forced skip: no free line on the new tile ends the turn by itself. A note that answered the
        last player of this screen does not stay for the next one (at one screen the cover comes
        between: "Both your markers are out" read as the next player's own)."""
        if mine and self.toast_owner is not None and self.toast_owner != acting:
            self.toast_time = 0.0
        model = self.model
        self.ghost_waits = mine and model is not None and model.phase == "place"
        if mine and model is not None and model.phase == "occupy" and not model.free_lines_on_last():
            self.toast(_("No free line on this tile: your turn ends."), theme.SUNFLOWER, owner=acting)
            self.submit({"type": "skip"})

    def refused(self, message: str) -> None:
        self.launch = self.marker_dropped = None
        self.toast(message, owner=self.eyes)

    def needs_cover(self, seat: int) -> bool:
        """Liniell hides nothing (the lines, markers and scores lie open on the board):
        every seat's view is the same, so the screen is handed over openly, with the turn sound and a band
        naming the next player, never behind a cover that waits for a click."""
        return False

    def cover_note(self, seat: int) -> str:
        """Whose markers are whose, as Linja's cover says whose pieces: the cover hides nothing secret,
        it hands the mouse over and says what to do with it."""
        return _("Your move now, with the {colour} markers.").format(colour=theme.colour_word(self.colour_index(seat)))

    def keys_note(self) -> str:
        """The keys named in the top bar's right corner, in the words shown (a replay's Esc goes back
        to the list; a spectator reads there that they only watch)."""
        return self.menu_keys_note()

    def notice_anchor(self) -> pygame.Rect:
        """In the top bar, between the turn's pill (at its widest) and the keys' note."""
        return notice_box(self.keys_note())

    def chat_feed_box(self) -> pygame.Rect:
        """The board's floor left of the field (``field_area``), above the chat's tab: in the corner
        the lines crossed the field's bottom rows for nine seconds, and the panel holds the cards."""
        top = BOARD.y + 16
        return pygame.Rect(BOARD.x + 14, top, CHAT_STRIP - 28, self.chat_corner()[1] - CHAT_TAB[1] - 10 - top)

    def coach_anchor(self) -> pygame.Rect:
        """While a tile is placed, over the words of the action box above its keys line (the drawn tile
        it tells the player to turn stays in sight); while markers move, on the board where it hides the
        least of the tiles (``board_spot``): over the tile card, "Tile placed" and the tiles left were
        hidden, and the markers and Skip stay in reach. Chosen once per hint and tile, so it neither jumps
        while the camera glides nor while it fades out."""
        if self.model is not None and self.model.phase == "place":  # the keys line at its foot stays in sight
            if self.coach is not None:  # in the panel at most as wide as the action box
                self.coach.max_width = COACH_WIDTH
            return pygame.Rect(panel.ACTIONS.x, panel.ACTIONS.y, panel.ACTIONS.width,
                               panel.keys_line_top() - 6 - panel.ACTIONS.y)
        if self.model is None or self.coach is None:
            return pygame.Rect(panel.ACTIONS)
        self.coach.max_width = self.camera.area.width  # on the board it may take fewer, longer lines
        key = (self.coach.said, self.model.last, len(self.model.tiles), self.coach.least_height(COACH_WIDTH))
        toast = self.toast_text if self.toast_time > 0 else None  # kept clear of; the hint stays when it goes
        if self._coach_spot is None or self._coach_spot[0] != key or toast not in (None, self._coach_spot[1]):
            last = self.camera.tile_rect(self.model.last) if self.model.last in self.model.tiles else None
            note = toast_box(toast, last, self.camera.area) if toast else None
            self._coach_spot = (key, toast, board_spot(self.camera.area, self.model, self.coach.least_height, note))
        return self._coach_spot[2]

    def seat_anchor(self, seat: int) -> Anchor:
        return panel.PLAYER_CARDS[seat].move(9, 30).topleft if 0 <= seat < len(panel.PLAYER_CARDS) else None

    def figures(self, view: View, outcome: dict[str, Any]) -> list[PlayerFigures]:
        return liniell_figures(view, outcome)

    def opening_seat(self, view: View) -> int | None:
        """The first player is drawn at random (or set up): named until the first tile lies."""
        return None if view.get("board") or view.get("phase") == "over" else int(view.get("first_player", 0))

    def opening_words(self) -> str:
        return _("Each turn: lay the tile drawn, then you may put a marker on one of its lines.")

    def opening_area(self) -> pygame.Rect:
        return field_area(self.session.lan)

    def results_title(self, outcome: dict[str, Any]) -> str:
        """Who played whom, as Linja's duel says it (the other games name their player count), and when
        the game ended without its last tile (N5), that it did."""
        title = _("Liniell · {first} vs {second}").format(first=self.seat_name(0), second=self.seat_name(1))
        if outcome.get("reason") == "last_tile_unplaceable":
            title += " · " + _("the last tile had no legal place")
        return title

    def game_over(self, outcome: dict[str, Any]) -> None:
        """The final view is on screen: the count plays (a table that opens on, or resyncs to, a
        finished game counts too), then the results button waits for the players."""
        if self.count.done:
            return
        if not self.count.running and self.view is not None:
            outcome_event = {"type": "score", **outcome}
            self.show.play(self.view, lambda timeline: stage_count(self._stage, timeline, outcome_event))

    def _counted(self) -> None:
        self.results_button.visible = True
        winners = (self.model.view.get("outcome") or {}).get("winners", []) if self.model else []
        if not winners:  # a draw: the calm bell, no confetti, as the results say it
            self.sound_the_end("bell")
            return
        self.sound_the_end("fanfare")
        colours = [self.seat_colour(seat) for seat in winners] + [theme.SUNFLOWER, theme.CREAM]
        self.show.particles.confetti(BOARD.width, colours, 160)

    def open_results(self) -> None:
        if self.count.done:
            super().open_results()

    # -- messages ---------------------------------------------------------------------------------
    def sound(self, name: str) -> None:
        self.app.sounds.play(name)

    def toast(self, text: str, colour: theme.Colour = theme.CORAL, owner: int | None = None) -> None:
        """A note at the foot of the board; ``owner``: the seat whose input it answers (None: the
        table's own news, a tile set aside), which it is not shown past (see ``turn_opened``)."""
        self.toast_text, self.toast_colour, self.toast_time = text, colour, TOAST_SECONDS
        self.toast_owner = owner

    # -- buttons ----------------------------------------------------------------------------------
    def initials(self) -> list[str]:
        """The letters on each seat's markers (``distinct_initials``: they tell the seats apart)."""
        return distinct_initials([self.seat_name(seat) for seat in range(2)])

    def _build_buttons(self) -> None:
        wide = pygame.Rect(panel.ACTIONS.x + 30, panel.BUTTON_ROW_Y, panel.ACTIONS.width - 60, 76)
        skip = min(wide.width, max(240, room_for_labels([_("Skip")], 36)))  # "Aussetzen" at its size
        self.skip_button = Button(pygame.Rect(wide.x, wide.y, skip, wide.height), _("Skip"), self.skip, "secondary",
                                  36, _("Leave your markers where they are ({key}).").format(
                                      key=self.app.mapper.key_label("next")))
        self.connect_button = Button(wide, _("Connect"), self.connect, "primary", 38,
                                     _("Move your other marker onto the joined line (Enter)."))
        self.results_button = Button(wide, _("See the results"), self.open_results, "primary", 38)
        for button in (self.skip_button, self.connect_button, self.results_button):
            button.visible = False
            self.ui.add(button)

    def _sync_buttons(self) -> None:
        model, mine = self.model, self.my_turn
        self.skip_button.visible = bool(mine and model and model.phase == "occupy")
        self.connect_button.visible = bool(mine and model and model.phase == "connect")
        self.results_button.visible = self.count.done

    # -- intents ----------------------------------------------------------------------------------
    def skip(self) -> None:
        if self.my_turn and self.model is not None and self.model.phase == "occupy":
            self.submit({"type": "skip"})

    def connect(self) -> None:
        if self.my_turn and self.model is not None and self.model.phase == "connect":
            self.submit({"type": "connect_marker", "from": self.model.connect_from()})

    def rotate(self, step: int) -> None:
        if self.my_turn and self.model is not None and self.model.phase == "place":
            self.ghost_waits = False
            self.turns += step
            self.sound("rotate")
            self._spin.clear()
            self._spin.add(Tween(self.turn_angle, self.turns * 90.0, ROTATE_SECONDS, self._set_turn_angle, "out_back"))

    def _set_turn_angle(self, value: Any) -> None:
        self.turn_angle = float(value)

    def handle_table(self, intent: Intent) -> bool:
        kind = intent.kind
        if kind == "release" and self.carry is not None:
            self._drop(intent.pos)  # before the buttons: a tile let go on Skip goes home, Skip stays unpressed
            return True
        if kind == "release" and self.marker_carry is not None:
            self._drop_marker(intent.pos)  # likewise a marker let go on Skip: it goes home, Skip stays unpressed
            return True
        if kind == "point" and intent.pos is not None:
            if intent.pos != self._pointed and intent.value != "entered":
                self.ghost_waits = self.line_keyed = False  # the player moved: the ghost follows from here on
            self.pointer = self._pointed = intent.pos
            for carry in (self.carry, self.marker_carry[0] if self.marker_carry is not None else None):
                if carry is not None:
                    carry.move(intent.pos)
            cell, _where = self.camera.locate(intent.pos)
            if self._in_region(cell):
                self.cursor = cell
            elif BOARD.collidepoint(intent.pos):
                self.cursor = None  # off the squares in play: the ghost follows the pointer
        self._sync_buttons()
        if kind in ("point", "press", "release") and self.ui.at(intent.pos or (-1, -1)) is not None:
            return False  # the buttons take it
        if self.finished or self.count.running:
            if kind == "confirm" and self.count.done:
                self.open_results()
                return True
            return False
        if not self.my_turn or self.model is None:
            if kind == "press" and self.model is not None and BOARD.collidepoint(intent.pos or (0, 0)) \
                    and self.model.phase != "over" and not self.busy:
                self.toast(_("Wait for {name}.").format(name=self.seat_name(self.model.current)), theme.CREAM_DIM,
                           owner=self.eyes)
            return False
        phase = self.model.phase
        if phase == "place":
            return self._handle_place(intent)
        if phase == "occupy":
            return self._handle_occupy(intent)
        return self._handle_connect(intent)

    def _in_region(self, cell: tuple[int, int]) -> bool:
        return self.model is not None and board.in_region(cell, self.model.region())

    def _handle_place(self, intent: Intent) -> bool:
        kind = intent.kind
        if intent.turn:
            self.rotate(intent.turn)
            return True
        if kind in ("up", "down", "left", "right"):
            self.ghost_waits = False
            self._move_cursor(kind)
            return True
        if kind == "press" and intent.pos is not None:
            self.ghost_waits = False
            if panel.TILE_SPOT.collidepoint(intent.pos):
                self.carry = Carry.take(intent.pos, panel.TILE_SPOT.center)  # where it comes down says what it was
                self.homing = None
                return True
            cell, _where = self.camera.locate(intent.pos)
            if self._in_region(cell):
                self.cursor = cell
                self.place(cell)
            return True
        if kind == "confirm":
            opens = self.model.open_cells if self.model is not None else []
            waited, self.ghost_waits = self.ghost_waits, False
            if waited and self.cursor in opens:
                self.sound("hover")  # the first Enter shows where the tile would go, with its verdict
            elif self.cursor in opens:
                self.place(self.cursor)
            elif opens:  # no square chosen, or the one just filled: Enter first shows the nearest lit one
                here = self.cursor or opens[0]
                self.cursor = min(opens, key=lambda cell: (abs(cell[0] - here[0]) + abs(cell[1] - here[1]), cell))
                self.sound("hover")
            return True
        return False

    def _drop(self, pos: tuple[int, int] | None) -> None:
        """The drawn tile let go: dragged onto a square of the field it is laid there (as a click on the
        square lays it), clicked where it lies it turns, let go anywhere else it glides back to its card."""
        carry, self.carry = self.carry, None
        if carry is None:
            return
        if pos is not None and not carry.moved and panel.TILE_SPOT.collidepoint(pos):
            self.rotate(1)
            return
        cell, _where = self.camera.locate(pos) if pos is not None else ((0, 0), None)
        if pos is not None and BOARD.collidepoint(pos) and self._in_region(cell) and self.my_turn \
                and self.model is not None and self.model.phase == "place":
            self.cursor = cell
            if self.model.problem(cell, self.turns) is not None:  # the rules refuse it: sent for the words,
                self.homing = Homing(carry.centre)  # the tile glides home from the hand as any let-go does
            self.place(cell)
            return
        self.homing = Homing(carry.centre)

    def pause(self) -> None:
        """A menu comes up with the tile in hand (Esc, the button down): the button's coming up goes to
        the menu, so the tile goes back to its card now."""
        super().pause()
        if self.carry is not None:
            self._drop(None)
        if self.marker_carry is not None:
            self._drop_marker(None)

    def _move_cursor(self, direction: str) -> None:
        """Arrow keys step between the lit squares only (the squares a tile may go on): the nearest
        one that way, those in line with the cursor first; with none that way the cursor stays."""
        assert self.model is not None
        opens = self.model.open_cells
        if self.cursor is None or not self._in_region(self.cursor):
            self.cursor = opens[0] if opens else (0, 0)
            return
        dx, dy = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}[direction]
        best: tuple[int, tuple[int, int]] | None = None
        for cell in opens:
            ox, oy = cell[0] - self.cursor[0], cell[1] - self.cursor[1]
            along = ox * dx + oy * dy
            if along <= 0:
                continue
            score = along + 3 * (abs(ox * dy) + abs(oy * dx))
            if best is None or score < best[0]:
                best = (score, cell)
        if best is not None:
            self.cursor = best[1]
            self.sound("hover")

    def place(self, cell: tuple[int, int]) -> None:
        rect = self.camera.tile_rect(cell)
        self.launch = (rect.center, float(rect.width), self.turn_angle)
        self.submit({"type": "place", "x": cell[0], "y": cell[1], "rot": self.turns % 4})

    def _handle_occupy(self, intent: Intent) -> bool:
        assert self.model is not None
        kind, model = intent.kind, self.model
        free = model.free_lines_on_last()
        if kind == "next":
            self.skip()
            return True
        if kind in ("left", "right") and free:
            if self.target_line() == free[self.choice % len(free)]:  # the keys' line shows: step on (else show it)
                self.choice = (self.choice + (1 if kind == "right" else -1)) % len(free)
            self.line_keyed = True
            self.sound("hover")
            return True
        if kind in ("up", "down"):
            sources = model.sources(model.current)
            if sources:
                index = sources.index(self.source) if self.source in sources else -1
                self.source = sources[(index + (1 if kind == "down" else -1)) % len(sources)]
                self.sound("click")
            return True
        if kind == "confirm" and free:
            target = self.target_line()
            if target is None and self.source is not None:  # nothing lit (the pointer rests off the new
                self.line_keyed = True  # tile's lines): show the choice first
                self.sound("hover")
            else:  # (with no marker chosen, the note on choosing one comes at once)
                self.occupy(target or free[self.choice % len(free)], keys=True)
            return True
        if kind == "press" and intent.pos is not None:
            picked = self._source_at(intent.pos)
            if picked is not None:  # taken up: a click chooses it, a drag carries it to a line
                self.marker_carry = (Carry.take(intent.pos, self._source_spot(picked)), picked, self.source)
                self.marker_homing = None
                self.source = picked
                self.sound("click")
                return True
            line = self.line_at(intent.pos)
            if line is not None:
                self.occupy(line)
            return True
        return False

    def _drop_marker(self, pos: tuple[int, int] | None) -> None:
        """A marker let go: clicked (no drag) it stays chosen — the chosen one on the field clicked again
        is let go of, as before; dragged onto a free line of the new tile it occupies it; let go anywhere
        else it glides back to where it stood, still chosen."""
        assert self.marker_carry is not None
        carry, picked, before = self.marker_carry
        self.marker_carry = None
        if not carry.moved and pos is not None:
            if picked == before and picked != SUPPLY:
                self.source = None
            return
        model = self.model
        line = self.line_at(pos) if pos is not None and BOARD.collidepoint(pos) else None
        if line is not None and model is not None and self.my_turn and model.phase == "occupy" \
                and line in model.free_lines_on_last():
            self.marker_dropped = carry.centre
            self.occupy(line)
            return
        self.marker_homing = (Homing(carry.centre), picked)

    def _source_spot(self, source: str) -> tuple[float, float]:
        """Where the acting player's marker of ``source`` stands: the supply's free one, or on its line."""
        assert self.model is not None
        seat = self.model.current
        if source == SUPPLY:
            return panel.supply_spot(seat, min(self.model.supply(seat), default=0))  # the one the rules move
        for marker in range(2):
            piece = self.model.marker_piece(seat, marker)
            if piece is not None and self.model.line_of_piece.get(piece) == source:
                return board.marker_spot(self.camera, self.model.tiles, piece)
        return panel.supply_spot(seat, 0)

    def occupy(self, line: str, keys: bool = False) -> None:
        """Occupy ``line`` with the chosen marker; with both out and none chosen, say how to choose one —
        by the keys to a player who pressed Enter (the note said "click" to a player at the keyboard)."""
        if self.source is None:
            self.toast(_("Both your markers are out: first choose the one that should move with ↑/↓.") if keys
                       else _("Both your markers are out: first click the one that should move."), theme.SUNFLOWER,
                       owner=self.eyes)
            self.sound("error")
            return
        self.submit({"type": "occupy", "line": line, "from": self.source})

    def _handle_connect(self, intent: Intent) -> bool:
        if intent.kind == "confirm":
            self.connect()
            return True
        if intent.kind == "press" and intent.pos is not None:
            if self.line_at(intent.pos) is not None or self._source_at(intent.pos) is not None:
                self.connect()
            return True
        return False

    # -- pointing ---------------------------------------------------------------------------------
    def takes_press_at(self, pos: tuple[int, int]) -> bool:
        """The drawn tile and the squares it may go on; the player's markers and the free lines of the
        new tile; the lines that connect (the pointer shows a hand there)."""
        model = self.model
        if model is None or self.carry is not None or self.marker_carry is not None:
            return model is not None
        if model.phase == "place":
            cell, _where = self.camera.locate(pos)
            return panel.TILE_SPOT.collidepoint(pos) or (BOARD.collidepoint(pos) and cell in model.open_cells)
        if self._source_at(pos) is not None:
            return True
        line = self.line_at(pos)
        return line is not None and (model.phase != "occupy" or line in model.free_lines_on_last())

    def line_at(self, pos: tuple[int, int]) -> str | None:
        """The line under ``pos`` on the field, if any."""
        if self.model is None or not BOARD.collidepoint(pos):
            return None
        cell, _where = self.camera.locate(pos)
        placed = self.model.tiles.get(cell)
        if placed is None:
            return None
        rect = self.camera.tile_rect(cell)
        point = ((pos[0] - rect.x) / rect.width, (pos[1] - rect.y) / rect.height)
        piece = tile_shape(placed[0], placed[1]).piece_at(point)
        return None if piece is None else self.model.line_of_piece.get((cell[0], cell[1], piece))

    def _source_at(self, pos: tuple[int, int]) -> str | None:
        """One of the acting player's markers under ``pos``: "supply" or the line it stands on."""
        assert self.model is not None
        seat = self.model.current
        for marker in self.model.supply(seat):
            x, y = panel.supply_spot(seat, marker)
            if math.dist(pos, (x, y)) <= panel.SUPPLY_RADIUS + 8:
                return SUPPLY
        radius = board.marker_radius(self.camera) + 6
        for marker in range(2):
            piece = self.model.marker_piece(seat, marker)
            if piece is not None:
                x, y = board.marker_spot(self.camera, self.model.tiles, piece)
                if math.dist(pos, (x, y)) <= radius:
                    return self.model.line_of_piece.get(piece)
        return None

    def target_line(self) -> str | None:
        """The line the acting player would occupy now (under the pointer, else the keyboard choice)."""
        model = self.model
        if model is None or model.phase != "occupy":
            return None
        free = model.free_lines_on_last()
        if self.pointer is not None and BOARD.collidepoint(self.pointer) and not self.line_keyed:
            line = self.line_at(self.pointer)
            return line if line in free else None
        return free[self.choice % len(free)] if free else None

    def hovered_line(self) -> str | None:
        if self.pointer is None or self.busy or self.count.running:
            return None
        return self.line_at(self.pointer)

    # -- frame ------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self._spin.update(dt * self.app.settings.animation_speed)
        if self.homing is not None and not self.homing.update(panel.TILE_SPOT.center, dt):
            self.homing = None
        if self.marker_homing is not None:
            homing, source = self.marker_homing
            if self.model is None or self.model.phase != "occupy" or not homing.update(self._source_spot(source), dt):
                self.marker_homing = None
        self.toast_time = max(0.0, self.toast_time - dt)
        if self.count.running and self.toast_owner is not None:
            self.toast_time = 0.0  # the game is over: a note about the last choice is not read over the count

    def needs_frames(self) -> bool:
        return super().needs_frames() or self.toast_time > 0 or self._spin.busy or self.homing is not None \
            or self.marker_homing is not None

    def frame(self) -> LiniellFrame:
        seats = range(2)
        return LiniellFrame(
            model=self.model, camera=self.camera, names=[self.seat_name(s) for s in seats], initials=self.initials(),
            colours=[self.seat_colour(s) for s in seats], kinds=[self.seat_kind(s) for s in seats],
            notes=self.notes, humans=self.humans, my_turn=self.my_turn, busy=self.busy or self.just_played,
            link_down=self.link_down,
            current=self.shown_current, masks=self.show.masks, count=self.count, cursor=self.cursor,
            ghost_waits=self.ghost_waits, pointer=self.pointer,
            carried=self.carry.centre if self.carry is not None else None,
            homing=self.homing.pos if self.homing is not None else None, turn_angle=self.turn_angle,
            marker_at=self._marker_in_hand(), marker_from=self._marker_taken_from(),
            turns=self.turns, source=self.source,
            target=self.target_line() if self.my_turn else None, hovered=self.hovered_line(),
            toast=Toast(self.toast_text, self.toast_colour, self.toast_time) if self.toast_time > 0 else None,
            age=self.age, waiting=self.others_words(self.shown_current),
            keys_note=self.keys_note(),
            buttons=any(button.visible for button in (self.skip_button, self.connect_button, self.results_button)),
            link=self.link_words)

    def _marker_in_hand(self) -> tuple[float, float] | None:
        if self.marker_carry is not None and self.marker_carry[0].moved:
            return self.marker_carry[0].centre
        return self.marker_homing[0].pos if self.marker_homing is not None else None

    def _marker_taken_from(self) -> str | None:
        if self.marker_carry is not None:
            return self.marker_carry[1]
        return self.marker_homing[1] if self.marker_homing is not None else None

    def draw_table(self, surface: pygame.Surface) -> None:
        self._sync_buttons()
        frame = self.frame()
        draw_table(frame, self.layer, surface)

    def draw_held(self, surface: pygame.Surface) -> None:
        draw_carried(self.frame(), surface)
