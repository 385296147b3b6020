"""The Linie 1 table: the player's choices and input on the table skeleton (``game.tables.base``).

The skeleton plays the session's updates through the show (``staging``), opens each turn and
brings up the cover between two humans at one screen; this module keeps what the player is doing
(the tile picked and turned, the square under the pointer, a held side-by-side exchange, the hint)
and draws the board (``board_view``) and the panel (``panel``) from it. A player's own cards show
only through their own eyes (``eyes``): the session sends that seat's view, nobody else's.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.anim.show import View
from game.anim.timeline import Timeline
from game.core.linie1 import (
    board_from_view,
    check_from_view,
    fitting_cells,
    my_route_status,
    my_trip_candidates,
)
from game.i18n import _, ngettext
from game.refusal_words import refusal_text
from game.replays import length_words
from game.scenes.figures import PlayerFigures
from game.tables.base import TableScene
from game.tables.linie1 import layout
from game.tables.linie1.board_view import BoardView
from game.tables.linie1.dice import (
    DICE_SIZE,
    die_at,
    die_target,
    draw_rolled,
    draw_target,
    draw_target_badge,
    waiting_dice,
)
from game.tables.linie1.figures import game_turns, linie1_figures
from game.tables.linie1.guidance import guidance, sign_words
from game.tables.linie1.hints import HINTS
from game.tables.linie1.history import History, HistoryPanel, history_area
from game.tables.linie1.panel import (
    PanelFrame,
    draw_carried,
    draw_hand_tip,
    draw_panel,
    draw_toast,
    notice_box,
    pace_badge_rect,
)
from game.tables.linie1.staging import StageKit, stage
from game.tables.linie1.trip import TripChooser
from game.ui import theme
from game.ui.drag import Carry, Homing
from game.ui.input import Intent
from game.ui.widgets import Button, draw_tooltip, room_for_labels, share_row

ORIGIN = layout.ORIGIN
PANEL_HINT_W = layout.PANEL_W - 24  # a first-game hint in the panel: as wide as the route card's foot
BOARD_HINT_NARROW = 9 * layout.CELL  # a hint on the board may also be this narrow, to stand beside a column
PAIRABLE = ("linie1.rule_d_blocks_track", "linie1.rule_d_into_trackless_side", "linie1.rule_e_dead_end",
            "linie1.rule_d_blocks_terminal")
TOAST_SECONDS = 1.4
DRIVING_HINTS = ("roll", "dice", "drive")  # the first-game hints said to a driver, over the hand
TIP_DELAY = 0.5  # seconds the pointer rests before a building or terminal is named
REFUSAL_NOTE_SECONDS = 4.0  # a refusal beside the square clicked, until the pointer moves on
DIRECTIONS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
# A tile carried over the board is smaller than a square and a little faint, so the green or red ghost
# in the square under the pointer reads through and around it.
CARRIED_OVER_BOARD = int(layout.CELL * 0.6)
CARRIED_ALPHA = 210


def _walked(focus: int | None, step: int, count: int) -> int:
    """The next of ``count`` things picked out by a key (``step`` 1 or -1), round the ends; with none
    picked out yet, the first going right and the last going left."""
    return (((-1 if step > 0 else 0) if focus is None else focus) + step) % count


def _cell(value: Any) -> tuple[int, int]:
    return int(value[0]), int(value[1])


def _beside(cells: list[tuple[int, int]], first: int, last: int) -> set[tuple[int, int]]:
    """The playfield squares next to any of ``cells`` (a terminal's, a building's)."""
    return {(row + d_row, col + d_col) for row, col in cells for d_row, d_col in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if first <= row + d_row <= last and first <= col + d_col <= last} - set(cells)


def results_title(players: str, outcome: dict[str, Any]) -> str:
    """The results' line: how many played (``players``: "Linie 1 · 3 players"), how long the game was
    (as the replays list says it), and, when nobody won (L11), why."""
    title = f"{players} · {length_words(game_turns(outcome))}"
    return title + " · " + _("stalemate: nobody could lay track") if outcome.get("stalemate") else title


class Linie1Table(TableScene):
    name = "linie1_table"
    game = "linie1"
    title = "Linie 1"
    hints = HINTS

    def __init__(self, app, session, config=None) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app, session, config)
        self.board_view = BoardView()
        self.board = self.board_view.board
        self.selected = 0
        # The hand slot a press began on, and whether a click there (no drag) turns it: the tile held
        # already turns on the release, so a press that drags it to the board lays it as it shows.
        self._dragged: tuple[int, bool] | None = None
        self.carry: Carry | None = None  # that press's tile, following the pointer as it was gripped
        # A tile let go where it cannot go, gliding back to its slot: the glide, the slot, and the size and
        # distance it was let go at (it grows back to its hand size on the way).
        self.homing: tuple[Homing, int, int, float] | None = None
        self._dropped_at: tuple[float, float] | None = None  # where a carried tile was let go to be laid
        # The pile empty: a tile on offer from drivers pressed on (taken when the button comes up on it or
        # on the player's tiles), and one let go elsewhere gliding back to the offer.
        self.offer_carry: tuple[Carry, int] | None = None
        self.offer_homing: tuple[Homing, int] | None = None
        # Whether the player chose the tile held: after a lay (or at a new hand) the slot holds a tile they
        # never clicked, and a click on it picks it rather than turning it.
        self._picked = False
        self.rotations = [0] * 6  # per hand slot, carried with each tile when the hand changes
        self._rotated: tuple[int | None, list[int]] = (None, [])  # whose hand, and the hand they refer to
        self._leaving: tuple[int | None, list[int], int] | None = None  # the hand and slot a tile was laid from
        self.cursor: tuple[int, int] | None = None
        self.pointer: tuple[int, int] | None = None
        self.pointer_on_board = False
        self._pointed: tuple[int, int] | None = None  # where the last point intent was
        self.pointer_still = 0.0
        # A turn opens with the pointer wherever the last player left it (often on a tile just laid): the
        # ghost and its verdict wait until this player moves the pointer, picks, turns or steers.
        self.ghost_waits = False
        # the square of the tile just laid: a hand that trembles on it during or after the click (a pixel
        # or two) brought the next tile's ghost over the new tile at once; it waits till the pointer leaves
        self._ghost_waits_on: tuple[int, int] | None = None
        self.hint = False
        self.message = ""
        self.message_bad = False
        self.refusal_note: tuple[str, tuple[int, int], float] | None = None  # (why, square, seconds left)
        self.history = History()
        self.history_panel = HistoryPanel(self.history)
        self.history_open = False  # the history shows in the route card's place
        self.drive_choice: int | None = None  # pace rule: squares chosen for this move (None: as far as allowed)
        self.die_focus: int | None = None  # three dice: the die picked out by arrows, Tab or the pad
        self.take_focus: int | None = None  # pile empty: the drivers' tile picked out by the arrows or the pad
        self.pair_first: dict[str, Any] | None = None  # the held first exchange of a side-by-side pair
        self.toast: tuple[str, float] | None = None
        self._toasted: int | None = None
        self._judged: dict[Any, Any] = {}  # (version, eyes, question) -> answer, for the view on screen
        # where on the board a hint stands, per hint and view, and the refusal note it keeps clear of
        self._coach_spot: tuple[Any, Any, pygame.Rect] | None = None
        if self.coach is not None:
            self.coach.max_width = PANEL_HINT_W  # the card's foot is as wide as the panel: fewer lines
        self._build_buttons()

    @classmethod
    def prewarm(cls) -> None:
        BoardView.prewarm()

    # -- what the screen shows ------------------------------------------------------------------------
    @property
    def current(self) -> int:
        return int(self.view["current"]) if self.view else 0

    def hand(self) -> list[int]:
        """The viewer's tiles as shown: those still flying in from the pile are not there yet."""
        if self.eyes is None or self.view is None:
            return []
        hand = list(self.view["hands"][self.eyes])
        hidden = self.show.masks.instead(("hand", self.eyes), 0)
        return hand[:len(hand) - hidden] if hidden else hand

    def selected_tile(self) -> int | None:
        hand = self.hand()
        if not hand:
            return None
        self.selected = min(self.selected, len(hand) - 1)
        return hand[self.selected]

    def can_build(self) -> bool:
        return self.my_turn and self.view["phase"] == "build" and self.view["actions_taken"] < 2

    def shown_tiles(self) -> dict:
        return self.board_view.shown_tiles(self.view, self.show.masks)

    def shown_signs(self) -> dict:
        return self.board_view.shown_signs(self.view, self.show.masks)

    def _answer(self, question: Any, work: Any) -> Any:
        """An answer about the view on screen, worked out once per change (and per pair of eyes)."""
        key = (self.version, self.eyes, question)
        if key not in self._judged:
            if len(self._judged) > 64:
                self._judged.clear()
            self._judged[key] = work()
        return self._judged[key]

    def route_status(self) -> dict[str, Any] | None:
        """The viewer's route card: of the board as shown, so a stop reads "sign placed" or "connected"
        only once the tile and the sign that make it so have landed (``staging``'s ``("route",)``)."""
        if self.eyes is None or self.view is None:
            return None
        held = self.show.masks.instead(("route",))
        if held is not None:
            before = held[0]
            return self._answer(("route before", id(before)), lambda: my_route_status(before))
        return self._answer("route", lambda: my_route_status(self.view))

    def planned_route(self) -> dict[str, Any] | None:
        """The viewer's shortest complete route, drawn dashed as soon as it is whole (before the trip
        is declared; the chooser offers the others)."""
        if self.eyes is None or self.view is None:
            return None
        found = self._candidates()
        shortest = [candidate for candidate in found if candidate.get("shortest")] or found
        return shortest[0] if shortest else None

    def pairs_only(self) -> bool:
        """The viewer's hand owes this turn's actions, yet none fits alone: only a side-by-side pair of
        exchanges (L3) does, which the hint cannot light."""
        if self.eyes is None or self.view is None or not self.view.get("must_act"):
            return False
        strict = bool(self.view["options"]["strict_dead_ends"])
        return self._answer("pairs only", lambda: not board_from_view(self.view).has_legal_action(
            self.hand(), strict, pairs=False))

    def trip_candidates(self) -> list[dict[str, Any]]:
        if not (self.my_turn and self.view["phase"] == "build" and self.view["actions_taken"] == 0):
            return []
        return self._candidates()

    def _candidates(self) -> list[dict[str, Any]]:
        """The viewer's trip candidates for the view on screen, searched once (the dashed plan and
        the trip chooser both read them)."""
        return self._answer("trip", lambda: my_trip_candidates(self.view))

    # -- the skeleton's hooks -------------------------------------------------------------------------
    def pace_turn(self) -> bool:
        """This screen's player drives by the pace rule now."""
        return bool(self.view and self.my_turn and self.view["phase"] == "roll" and self.view.get("allowance"))

    def dice_turn(self) -> bool:
        """This screen's player drives with the three dice now."""
        return bool(self.view and self.my_turn and self.view["phase"] == "roll" and self.view.get("dice"))

    def waiting_dice(self) -> tuple[list[str], list[tuple[float, float]]] | None:
        """Three dice rolled and not yet chosen from, once they have landed: their faces and where
        they lie beside the driver's tram."""
        if self.view is None or self.show.masks.held(("die",)):  # (still in the air)
            return None
        return waiting_dice(self.board, self.view)

    def die_under(self, pos: tuple[int, int] | None) -> int | None:
        waiting = self.waiting_dice()
        return None if waiting is None or pos is None else die_at(waiting[1], pos)

    def choose_die(self, index: int) -> None:
        waiting = self.waiting_dice()
        if self.dice_turn() and waiting is not None and 0 <= index < len(waiting[0]):
            self.die_focus = None
            self.submit({"type": "choose_die", "die": index})

    def stop_driving(self) -> None:
        """Three dice: stop rather than roll on."""
        dice = (self.view or {}).get("dice")
        if self.dice_turn() and dice and dice.get("rolled") is None and int(dice["next"]) < 3:
            self.submit({"type": "end_turn"})

    def toggle_history(self) -> None:
        self.history_open = not self.history_open
        self.history_button.label = _("Route card") if self.history_open else _("History")
        self.app.sounds.play("click")

    def adopted(self, view: View) -> None:
        self.history.opened(view)
        self.history.rewound(view)

    def stage(self, timeline: Timeline, events: list[dict[str, Any]], view: View, actor: int | None) -> None:
        self.history.record(events, view)
        before = self.view
        self.show.switch()
        kit = StageKit(self.board, self.show.masks, self.show.particles, self.app.sounds.play, self.sound_the_end,
                       self.seat_name, self.seat_colour, self._tile_source, self.eyes)
        stage(timeline, kit, events, before, view)

    def _tile_source(self, seat: int) -> tuple[float, float]:
        dropped, self._dropped_at = self._dropped_at, None
        if seat == self.eyes and dropped is not None:
            return dropped  # carried there by hand: it settles from where it was let go
        if seat == self.eyes:
            return layout.slot_rect(min(self.selected, 4)).center
        return layout.player_row(seat).center

    def turn_opened(self, acting: int | None, mine: bool) -> None:
        if not mine:
            self._toasted = None
            self.hint = False  # a hint is for one turn: never carried to the next player's
            return
        if acting != self._toasted:
            self._toasted = acting
            self.ghost_waits, self._ghost_waits_on = True, None
            # nor does the button the pointer was left on explain itself at once: against a bot (no
            # cover between) End turn, just pressed, put "Lay two tiles first…" over Undo, Rotate and Hint
            self.ui.forget_hover()
            self.drive_choice = None
            self.die_focus = None
            self.take_focus = None
            self.pair_first = None  # a held exchange belongs to the turn it was held in
            self.selected = 0
            self.hint = False
            self.message = ""
            if self.handover is None:  # (a declared driver handed over openly: the band names them already)
                self.toast = (_("Your turn") if len(self.humans) == 1 else _("{name}'s turn").format(
                    name=self.seat_name(acting)), TOAST_SECONDS)

    def result_to_see(self, events: list[dict[str, Any]], actor: int) -> bool:
        """A player's own tram moved (a roll, a drive, a die carried out): where it stands and what the
        die showed stay in sight a beat after a skipped show, before the next player's cover."""
        return any(event.get("type") == "move" and event.get("seat") == actor for event in events)

    def needs_cover(self, seat: int) -> bool:
        """A player who declared has shown their cards to everyone and their hand is public anyway:
        their turns need no cover, so a hot-seat trip is not a "show me" click before every roll."""
        players = (self.view or {}).get("players") or []
        return not (0 <= seat < len(players) and players[seat].get("revealed"))

    def refused(self, message: str) -> None:
        self.say(message, bad=True)
        self.ghost_waits = False  # the authority refused what the ghost allowed: show it where it was tried

    def results_title(self, outcome: dict[str, Any]) -> str:
        return results_title(super().results_title(outcome), outcome)

    def figures(self, view: View, outcome: dict[str, Any]) -> list[PlayerFigures]:
        return linie1_figures(view, outcome)

    def chat_feed_box(self) -> pygame.Rect | None:
        """Over the seats' rows: the board is squares and terminals to its edges (the corner's lines hid
        terminal 6 and the squares above it for nine seconds), and the route card, the tiles and the
        buttons below are this player's own. Whose turn it is stays said on the board and under the
        tiles; the rows' counts wait those seconds."""
        if self.view is None:
            return None
        bottom = layout.player_row(len(self.view["players"]) - 1).bottom
        return pygame.Rect(layout.PANEL_X, layout.player_row(0).top, layout.PANEL_W, bottom - layout.player_row(0).top)

    def notice_anchor(self) -> pygame.Rect:
        """Between the seats and the route card (``panel.notice_box``): never over a name or a card."""
        return notice_box(self.view) if self.view is not None else super().notice_anchor()

    def coach_anchor(self) -> pygame.Rect:
        """Never over the seats. While driving, over the hand (open to the others, of no use to the
        driver); otherwise the route card's empty foot (down to, not over, the hand's heading) when it fits
        there, so the seats, the line's heading, its stops and the tiles stay in sight; else (more seats,
        a longer hint or language, the history or Start trip in the card) over the band of the board
        that hides the least of the player's stops, tiles, route and the square just tried."""
        key = self.coach.said if self.coach is not None else None
        if self.view is None or key is None:
            return layout.HAND_AREA
        self.coach.max_width = PANEL_HINT_W  # in the panel: the card's foot is as wide as the panel
        if key in DRIVING_HINTS:  # at the area's foot: the whole row of tiles hidden, its heading not
            area = layout.HAND_AREA
            top = max(area.y, area.bottom - self.coach.bubble_height(area.width))
            return pygame.Rect(area.x, top, area.width, area.bottom - top)
        card = layout.route_card_rect(len(self.view["players"]))
        foot = pygame.Rect(card.x + 12, card.y + 184, card.width - 24, layout.HAND_Y + 8 - (card.y + 184))
        height = self.coach.bubble_height(foot.width)
        if not self.history_open and not self.trip_button.visible and height <= foot.height:
            return foot
        # on the board the words may be as small as at 100 %, so the bubble hides as little as it can:
        # narrower (a line taller) to stand between two columns of stops, as wide as the panel, or across
        # the whole field, a line shorter
        field = self._field()
        self.coach.max_width = field.width
        widths = (PANEL_HINT_W, field.width, BOARD_HINT_NARROW)  # on a tie the first: as wide as the panel
        sizes = tuple((width, self.coach.least_height(width)) for width in widths)
        spot_key = (key, self.version, self.eyes, sizes)
        note = self.refusal_note[:2] if self.refusal_note else None  # a refusal said beside its square
        if self._coach_spot is None or self._coach_spot[0] != spot_key or note not in (None, self._coach_spot[1]):
            self._coach_spot = (spot_key, note, self._board_spot(dict(sizes)))  # kept when the note goes
        return self._coach_spot[2]

    def _field(self) -> pygame.Rect:
        """The playfield, a little inside its left and right edges: where a hint may stand on the board
        (from its top edge to its bottom edge: a tall bubble may need every pixel of a band of rows)."""
        board = self.board_view.board
        field = pygame.Rect(*board.cell_rect((board.first, board.first), ORIGIN).topleft,
                            (board.last - board.first + 1) * layout.CELL, (board.last - board.first + 1) * layout.CELL)
        return field.inflate(-16, 0)

    def _board_spot(self, sizes: dict[int, int]) -> pygame.Rect:
        """Of the places on the playfield (left, centre or right; foot, middle, top, or any half square
        between), the one whose bubble hides the least of what the player needs: their stops and the
        squares beside them (where the signs go), the squares beside their terminals (where their line
        starts), the square just tried, their planned route and the tiles laid. First it keeps clear of
        the note of a refusal beside its square (the hint explaining a refusal must not hide it; the
        note is never so tall that no band above or below it is free). Then the stops themselves and
        the squares beside the terminals, what the goal hint talks about: a place that hides none of
        them always wins over one that hides any, however much else it hides. Chosen once per hint,
        view and refusal, so it never jumps about. Clicks on the squares under it, beside its two links,
        reach the board (``Coach.handle``), and it fades while the pointer is under it. ``sizes``: the
        bubble's height at each width it may take."""
        board = self.board_view.board
        field = self._field()
        weights = dict.fromkeys(board.buildings, 1)
        never: set[tuple[int, int]] = set()  # the player's stops and the squares their line starts from
        for tile in self.view["board"]["tiles"]:
            weights[_cell(tile["cell"])] = 1
        route = self.planned_route()
        for cell in route["route"] if route else ():
            weights[_cell(cell)] = 2
        if self.eyes is not None:  # where this player builds: beside their terminals and their stops
            me = self.view["players"][self.eyes]
            for terminal in board.terminals:
                if me.get("line") is not None and terminal["line"] == me["line"]:
                    for cell in _beside(terminal["cells"], board.first, board.last):
                        weights[cell] = max(weights.get(cell, 0), 4)
                        never.add(cell)
            for letter in me.get("stops") or []:
                if letter in board.building_cells:
                    home = board.building_cells[letter]
                    weights[home] = 4
                    never.add(home)
                    for cell in _beside([home], board.first, board.last):  # where its sign goes
                        weights[cell] = max(weights.get(cell, 0), 3)
        for cell in (self.cursor, self.refusal_note[1] if self.refusal_note else None):
            if cell is not None:
                weights[_cell(cell)] = 6
        note = None
        if self.refusal_note is not None:
            why, square, _left = self.refusal_note
            note = self.board_view.refusal_box(square, why)

        def hidden(spot: pygame.Rect) -> tuple[bool, int, int]:
            covered = [cell for cell in weights if spot.colliderect(board.cell_rect(cell, ORIGIN))]
            over_note = note is not None and spot.colliderect(note)  # a band above or below it is always free
            # a stop's or a start's square is hidden when the bubble reaches past its edge's few pixels
            hides = [cell for cell in never if spot.colliderect(board.cell_rect(cell, ORIGIN).inflate(-12, -12))]
            return over_note, len(hides), sum(weights[cell] for cell in covered)

        spots = []
        for width, tall in sizes.items():
            width, height = min(width, field.width), min(tall, field.height)
            tops = [field.bottom - height, field.centery - height // 2, field.top]  # foot, middle, top first
            tops += range(field.bottom - height, field.top, -(layout.CELL // 2))  # and every half square between
            lefts = [field.centerx - width // 2, field.left, field.right - width]  # middle, left, right first
            lefts += range(field.left, field.right - width, layout.CELL // 2)  # and every half square between
            spots += [pygame.Rect(left, top, width, height) for top in tops for left in lefts]
        return min(spots, key=hidden)

    def handover_area(self, surface: pygame.Surface) -> pygame.Rect:
        """The band naming the next driver stands over the panel, as "Your turn" does: the board's
        middle is what the driver reads first (their tram, their route)."""
        return pygame.Rect(layout.PANEL_X, 0, layout.PANEL_W, surface.get_height())

    def seat_anchor(self, seat: int) -> tuple[int, int] | None:
        row = layout.player_row(seat)
        return row.x + 52, row.centery + 14

    def say(self, text: str, bad: bool = False) -> None:
        self.message, self.message_bad = text, bad
        if not bad:
            self.refusal_note = None

    # -- buttons --------------------------------------------------------------------------------------
    def _build_buttons(self) -> None:
        y, x = layout.BUTTONS_Y, layout.PANEL_X
        # Undo a little wider than Rotate: German's "Rückgängig" reads at full size (not "Zurück", which
        # every menu uses for Back)
        self.undo_button = Button((x, y, 210, 86), _("Undo"), self.undo, "secondary", 34,
                                  _("Take back your last action (Ctrl+Z)."))
        self.rotate_button = Button((x + 226, y, 170, 86), _("Rotate"), self.rotate, "secondary", 34,
                                    _("Turn the tile ({key}, mouse wheel or right click).").format(
                                        key=self._key("rotate")))
        self.hint_button = Button(
            (x + 412, y, 150, 86),
            _("Hint"),
            self.toggle_hint,
            "secondary",
            34,
            _("Show where the tile fits ({key}).").format(key=self._key("hint")),
        )
        self.main_button = Button(
            (x + 578, y, layout.PANEL_W - 578, 86), _("End turn"), self.main_action, "primary", 38
        )
        card_bottom = layout.HAND_Y - 24  # the route card's foot (``layout.route_card_rect``): the button sits inside
        history = max(150, room_for_labels([_("History"), _("Route card")], 24))  # either word at its size
        self.history_button = Button((0, 0, history, 46), _("History"), self.toggle_history, "secondary", 24,
                                     _("Every turn since this table opened; hover one to see it on the board."))
        self.stop_button = Button((x, y, 396, 86), _("Stop here"), self.stop_driving, "secondary", 34,
                                  _("End your trip turn here rather than roll on."))
        trip_width = max(290, room_for_labels([_("Start trip")], 34))  # its label at its size ("Fahrt starten")
        self.trip_button = Button((x + layout.PANEL_W - 18 - trip_width, card_bottom - 84, trip_width, 66),
                                  _("Start trip"), self.open_trip_chooser,
                                  "good", 34, _("Your route is complete: choose it and start driving."))
        for button in (self.undo_button, self.rotate_button, self.hint_button, self.main_button, self.trip_button,
                       self.history_button, self.stop_button):
            self.ui.add(button)
        # the row under the hand as designed at 100 % (``_lay_out_button_row`` widens what a label needs)
        self._design_widths = {button: button.rect.width for button in (
            self.undo_button, self.rotate_button, self.hint_button, self.main_button, self.stop_button)}
        self._button_row: tuple[Any, ...] | None = None

    def _update_buttons(self) -> None:
        if self.view is None:
            return
        mine = self.my_turn
        phase = self.view["phase"]
        players = self.view["players"]
        # whose buttons while nobody here acts: the eyes', or, between two players here (a bot's turn at
        # a hot-seat table), theirs where they are alike, so two drivers never see End turn flash back
        here = [self.eyes] if self.eyes is not None else [seat for seat in self.humans if seat < len(players)]
        alike = {bool(players[seat]["driving"]) for seat in here}
        if not mine and len(alike) == 1:
            driving = alike.pop()
            if phase in ("roll", "refill") and not driving:
                phase = "build"  # a rival drives: a builder keeps their own buttons, idle ("End turn")
            elif phase in ("build", "refill", "over") and driving:
                phase = "roll"  # a rival builds, or the trip is won: idle "Roll the die", no Undo or End turn
        building = mine and phase == "build"
        self.undo_button.enabled = building and bool(self.view.get("can_undo"))
        for button in (self.rotate_button, self.hint_button):
            button.enabled = building
        self.hint_button.style = "primary" if self.hint else "secondary"  # lit only while the hint shows
        for button in (self.undo_button, self.rotate_button, self.hint_button):
            button.visible = phase == "build" and not self.watching
        self.main_button.visible = not self.watching
        self.main_button.tooltip = None
        dice = self.view.get("dice") if phase == "roll" else None
        self.stop_button.visible = bool(dice) and not self.watching
        self.stop_button.enabled = bool(mine and dice and dice["rolled"] is None and int(dice["next"]) < 3)
        if dice:
            if dice["rolled"] is not None:
                self.main_button.label, self.main_button.enabled = _("Choose a die"), False
                self.main_button.tooltip = _("Click one of the dice beside your tram, or press its number.")
            else:
                count = int(dice["next"])
                self.main_button.label = (_("Roll {count} dice").format(count=count) if count == 3 else
                                          ngettext("Roll {count} more die", "Roll {count} more dice", count).format(
                                              count=count))
                self.main_button.enabled = mine
        elif phase == "roll" and self.view.get("allowance"):
            squares = self.drive_squares()
            self.main_button.label, self.main_button.enabled = _("Drive {squares}").format(squares=squares), mine
        elif phase == "roll":
            self.main_button.label, self.main_button.enabled = _("Roll the die"), mine
        elif phase == "refill":
            self.main_button.label, self.main_button.enabled = _("Stop taking"), mine
        else:
            self.main_button.label = _("End turn")
            self.main_button.enabled = building and not self.view.get("must_act")
            owed = 2 - int(self.view["actions_taken"])
            if building and self.view.get("must_act"):
                self.main_button.tooltip = (
                    _("Lay one more tile first: a turn is two actions whenever two are possible.")
                    if owed == 1
                    else _("Lay two tiles first: a turn is two actions whenever two are possible.")
                )
        self.trip_button.visible = not self.watching and bool(self.trip_candidates()) and not self.history_open
        card = layout.route_card_rect(len(self.view["players"]))
        self.history_button.rect.topright = (card.right - 16, card.y + 14)
        # a five-seat card's stop chips share Start trip's row: the button is only as wide as its words
        # there, so the last roll between them has room (it covered the second stop's name)
        words = room_for_labels([_("Start trip")], 34)
        right = self.trip_button.rect.right
        self.trip_button.rect.width = words if len(self.view["players"]) >= 5 else max(290, words)
        self.trip_button.rect.right = right
        self._lay_out_button_row(dice is not None)

    def _lay_out_button_row(self, three_dice: bool) -> None:
        """The row under the hand reads at one size: each button as wide as its label needs where the row
        has room (German's "Rückgängig", "Zug beenden" at a large text size), else all shrunk alike."""
        row = [button for button in (self.undo_button, self.rotate_button, self.hint_button, self.stop_button,
                                     self.main_button) if button.visible]
        labels = [[button.label] for button in row]
        if three_dice and row and row[-1] is self.main_button:  # one size for every roll of the turn
            labels[-1] = [_("Choose a die"), _("Roll {count} dice").format(count=3),
                          *(ngettext("Roll {count} more die", "Roll {count} more dice", count).format(count=count)
                            for count in (1, 2))]
        key = (tuple(id(button) for button in row), tuple(map(tuple, labels)), theme.ui_scale())
        if not row or key == self._button_row:
            return
        self._button_row = key
        widths = [self._design_widths[button] for button in row]
        wide = len(row) > 1  # the row fills the panel; one button alone stands at its right end
        if wide and sum(widths) + 16 * (len(row) - 1) < layout.PANEL_W:
            widths[-1] = layout.PANEL_W - sum(widths[:-1]) - 16 * (len(row) - 1)
        share_row(row, pygame.Rect(layout.PANEL_X, layout.BUTTONS_Y, layout.PANEL_W, 86), widths, 16, labels)

    # -- intents --------------------------------------------------------------------------------------
    def rotate(self, step: int = 1) -> None:
        self.ghost_waits = False
        self.rotations[self.selected] = (self.rotations[self.selected] + step) % 4
        self._forget_refusal()
        self.app.sounds.play("rotate")

    def _forget_refusal(self) -> None:
        """A refusal was about the tile as it was: turned or changed, the ghost's own verdict speaks."""
        if self.message_bad:
            self.say("")

    def toggle_hint(self) -> None:
        self.hint = not self.hint

    def undo(self) -> None:
        if self.my_turn and self.view.get("can_undo"):
            self.submit({"type": "undo"})

    def main_action(self) -> None:
        if not self.my_turn:
            return
        if self.view["phase"] == "roll":
            allowance = self.view.get("allowance")
            dice = self.view.get("dice")
            if dice:  # three dice: roll (a die waiting for a choice is chosen on the board)
                if dice["rolled"] is None:
                    self.submit({"type": "roll"})
            elif allowance:  # the pace rule: drive the squares chosen
                self.submit({"type": "drive", "squares": self.drive_squares()})
            else:
                self.submit({"type": "roll"})
        else:
            self.submit({"type": "end_turn"})

    def drive_squares(self) -> int:
        """Pace rule: the squares the player will drive (1 .. the allowance; the allowance unless
        chosen otherwise with the arrows or a number key)."""
        allowance = int(self.view.get("allowance") or 1)
        chosen = allowance if self.drive_choice is None else self.drive_choice
        return max(1, min(allowance, chosen))

    def choose_drive(self, squares: int) -> None:
        self.drive_choice = max(1, min(int(self.view.get("allowance") or 1), squares))
        self.app.sounds.play("click")

    def open_trip_chooser(self) -> None:
        candidates = self.trip_candidates()
        status = self.route_status()
        if candidates and status is not None:
            self.app.push(
                TripChooser(
                    self.app, self.board_view, self.view, self.show.masks, candidates, int(status["line"]),
                    self.declare, status["stops"], self.seat_colour(int(self.view["current"])),
                )
            )

    def declare(self, candidate: dict[str, Any]) -> None:
        self.submit({"type": "declare", "start": candidate["start"], "route": candidate["route"]})

    def pick(self, index: int) -> None:
        if 0 <= index < len(self.hand()):
            self.ghost_waits = False
            if index == self.selected and self._picked:
                self.rotate()  # the tile chosen clicked (or its key pressed) again: it turns
            self.selected, self._picked = index, True
            self._forget_refusal()
            self.app.sounds.play("click")

    def handle_table(self, intent: Intent) -> bool:
        kind = intent.kind
        if kind == "cancel":
            if self.pair_first is None:
                return False
            self.pair_first = None
            self.say(_("Pair cancelled."))
            return True
        if kind == "point" and intent.pos is not None:
            if intent.value != "entered" and intent.pos != self._pointed and (
                    self._ghost_waits_on is None or self.board.cell_at(intent.pos, ORIGIN) != self._ghost_waits_on):
                self.ghost_waits, self._ghost_waits_on = False, None  # the player moved: the ghost follows
            self._point(intent.pos)
            for carry in (self.carry, self.offer_carry[0] if self.offer_carry is not None else None):
                if carry is not None:
                    carry.move(intent.pos)
            focus = self.ui.focus
            if not self.keys_on_buttons and focus is not None and not focus.contains(intent.pos):
                self.ui.set_focus(None)  # the pointer left the button it ringed: Enter is the table's again
        if kind == "press" and intent.pos is not None and self._press(intent.pos):
            return True
        if kind == "release" and self._dragged is not None:
            self._drop(intent.pos)
            return True
        if kind == "release" and self.offer_carry is not None:
            self._drop_offer(intent.pos)
            return True
        if (
            kind == "scroll"
            and self.history_open
            and self.pointer is not None
            and history_area(len(self.view["players"])).collidepoint(self.pointer)
        ):
            self.history_panel.wheel(int(intent.value))  # the wheel over the history scrolls it
            return True
        if intent.turn:
            self.rotate(intent.turn)
            return True
        waiting = self.waiting_dice() if self.dice_turn() else None
        if waiting is not None:
            count = len(waiting[0])
            if kind in ("left", "right", "focus_next", "focus_prev"):  # arrows, Tab, the pad walk the dice
                self.die_focus = _walked(self.die_focus, 1 if kind in ("right", "focus_next") else -1, count)
                self.app.sounds.play("click")
                return True
            if kind == "confirm" and self.die_focus is not None:
                self.choose_die(self.die_focus)
                return True
        if self.my_turn and self.view["phase"] == "refill" and self.refill_slots():
            count = len(self.refill_slots())
            if kind in ("left", "right"):  # the arrows and the pad walk the tiles (Tab keeps to the buttons)
                self.take_focus = _walked(self.take_focus, 1 if kind == "right" else -1, count)
                self.app.sounds.play("click")
                return True
            if kind == "confirm" and self.take_focus is not None:
                self.take_slot(self.take_focus)
                return True
            if kind == "pick" and isinstance(intent.value, int):
                self.take_slot(intent.value)
                return True
        if self.pace_turn():
            if kind in ("left", "right", "down", "up"):
                self.choose_drive(self.drive_squares() + (1 if kind in ("right", "up") else -1))
                return True
            if kind == "pick" and isinstance(intent.value, int):
                self.choose_drive(intent.value + 1)
                return True
        if self.dice_turn() and kind == "pick" and isinstance(intent.value, int):
            self.choose_die(intent.value)
            return True
        if kind == "pick" and isinstance(intent.value, int):
            self.pick(intent.value)
            return True
        if kind in ("focus_next", "focus_prev") and self.hand():
            return self._tab(1 if kind == "focus_next" else -1)
        if kind in ("undo", "hint", "next"):
            {"undo": self.undo, "hint": self.toggle_hint, "next": self.main_action}[kind]()
            return True
        if kind in DIRECTIONS and self.can_build():
            row, col = self.cursor or (6, 6)
            d_row, d_col = DIRECTIONS[kind]
            # the keys move on as the pointer does: the bubble of a refusal stayed by the square left
            self._move_cursor((min(12, max(1, row + d_row)), min(12, max(1, col + d_col))))
            self.pointer_on_board = True
            self.ghost_waits = False
            return True
        if (
            kind == "confirm"
            and self.can_build()
            and self.cursor is not None
            and (self.ui.focus is None or self.pointer_on_board)
        ):
            if not self.ghost_shown():
                # the square is out of sight (a turn just opened, a tile just laid, the pointer off the
                # board): Enter brings its ghost up first, rather than laying or exchanging where the
                # player sees nothing (the last turn's keys' square took a tile at once)
                self.pointer_on_board, self.ghost_waits = True, False
                return True
            self.place()
            return True
        if kind == "confirm" and self.can_build() and self.cursor is None and self.ui.focus is None:
            # Enter before any square was chosen: the keys' square comes up in the middle of the board,
            # with its ghost, rather than Enter ringing and pressing the first button (Rotate)
            self.cursor, self.pointer_on_board, self.ghost_waits = (6, 6), True, False
            return True
        return False

    def _tab(self, step: int) -> bool:
        """Tab (the pad's shoulder buttons) walks the hand, then on past its last tile through the
        buttons (Undo … End turn, Start trip, History) and back to the hand: every button is in reach
        of the keys, and the ringed one is the one Enter presses. False: the buttons' turn."""
        buttons = self.ui.focusables()
        if not self.can_build():
            return False  # no tile to lay (driving, a rival's turn): Tab walks the buttons alone
        if self.keys_on_buttons and buttons:
            if self.ui.focus is not (buttons[-1] if step > 0 else buttons[0]):
                return False  # on through the buttons
            self.selected = 0 if step > 0 else len(self.hand()) - 1  # past the last button: the hand again
        elif buttons and not 0 <= self.selected + step < len(self.hand()):
            self.ui.set_focus(buttons[-1] if step > 0 else buttons[0])  # the walk goes on from the buttons' edge
            return False
        else:
            self.selected = (self.selected + step) % len(self.hand())
        self.app.sounds.play("click")
        return True

    def _point(self, pos: tuple[int, int]) -> None:
        self.pointer, self.pointer_still, self._pointed = pos, 0.0, pos
        cell = self.board.cell_at(pos, ORIGIN)
        self.pointer_on_board = cell is not None
        if cell is not None:
            self._move_cursor(cell)

    def _move_cursor(self, cell: tuple[int, int]) -> None:
        """The square chosen, by the pointer or the keys: a refusal said at the last one gives way."""
        if cell != self.cursor and self.message_bad:
            self.say("")  # an old refusal gives way to what the ghost says here
        if cell != self.cursor:
            self.refusal_note = None
        self.cursor = cell

    def takes_press_at(self, pos: tuple[int, int]) -> bool:
        """Where a click acts (the pointer shows a hand): a die to roll or choose, a tile on offer or in
        the hand, a square the held tile may go on as its ghost shows it (green, not red), a tile
        already carried."""
        if self._dragged is not None or self.offer_carry is not None:
            return True
        if self.die_under(pos) is not None:
            return self.dice_turn()
        if self.view["phase"] == "refill":
            return any(rect.collidepoint(pos) for _source, _tile, rect in self.refill_slots())
        if any(layout.slot_rect(index).collidepoint(pos) for index in range(len(self.hand()))):
            return True
        cell = self.board.cell_at(pos, ORIGIN)
        return cell is not None and cell == self.cursor and self.can_build() and self.ghost_verdict() is None

    def _press(self, pos: tuple[int, int]) -> bool:
        die = self.die_under(pos)
        if die is not None:
            if self.dice_turn():
                self.choose_die(die)
            return True
        if self.view["phase"] == "refill":  # the hand area shows the drivers' tiles instead
            if self.my_turn and self._take_at(pos):
                return True
        else:
            for index in range(len(self.hand())):
                if layout.slot_rect(index).collidepoint(pos):
                    held = index == self.selected and self._picked
                    self._dragged = (index, held)
                    if not held:
                        self.pick(index)
                    self.carry, self.homing = Carry.take(pos, self._slot_centre(index)), None
                    return True
        cell = self.board.cell_at(pos, ORIGIN)
        if cell is None:
            return False
        self.cursor = cell
        self.ghost_waits = False
        self.place()
        return True

    def _drop(self, pos: tuple[int, int] | None) -> None:
        """The release of a press on a hand tile: let go where it was pressed it was a click (the tile
        held already turns), carried onto a square it is laid there as a click on the square lays it;
        anywhere else (off the board, on a button, a square that refuses it) it glides back to its slot
        and stays picked."""
        index, held = self._dragged or (-1, False)
        carry, self._dragged, self.carry = self.carry, None, None
        if pos is None or index != self.selected or index >= len(self.hand()):
            self._glide_home(carry, index)
            return
        if (carry is None or not carry.moved) and layout.slot_rect(index).collidepoint(pos):
            if held:
                self.pick(index)  # the held tile clicked again: it turns
            return
        cell = self.board.cell_at(pos, ORIGIN)
        if cell is not None:
            self.cursor = cell
            self.ghost_waits = False
            self._dropped_at = self._carried_centre(carry) if carry is not None else None
            if self.place():
                return
            self._dropped_at = None
        self._glide_home(carry, index)

    def _slot_centre(self, index: int) -> tuple[int, int]:
        """Where a hand tile lies when picked: its slot, lifted (``panel._hand``)."""
        return layout.slot_rect(index).move(0, -10).center

    def _over_board(self) -> bool:
        return self.pointer is not None and layout.BOARD_RECT.collidepoint(self.pointer)

    def _carried_centre(self, carry: Carry) -> tuple[float, float]:
        """Where the carried tile is drawn: smaller than a square over the board, its slot's size elsewhere."""
        return carry.centre_at(CARRIED_OVER_BOARD / layout.SLOT) if self._over_board() else carry.centre

    def _glide_home(self, carry: Carry | None, index: int) -> None:
        """A tile carried away and let go where it cannot go glides back to its slot."""
        if carry is not None and carry.moved and 0 <= index < len(self.hand()):
            at = self._carried_centre(carry)
            size = CARRIED_OVER_BOARD if self._over_board() else layout.SLOT
            self.homing = (Homing(at), index, size, max(1.0, math.dist(at, self._slot_centre(index))))

    def pause(self) -> None:
        """A menu comes up with a tile in hand (Esc, the button down): the button's coming up goes to the
        menu, so the tile goes back to its slot now."""
        super().pause()
        if self._dragged is not None:
            self._drop(None)
        if self.offer_carry is not None:
            self._drop_offer(None)

    def needs_frames(self) -> bool:
        return super().needs_frames() or self.homing is not None or self.offer_homing is not None

    def _away(self) -> int | None:
        """The hand slot whose tile is out of it: carried by a drag, or gliding back."""
        if self.carry is not None and self.carry.moved and self._dragged is not None:
            return self._dragged[0]
        return self.homing[1] if self.homing is not None else None

    def _offer_away(self) -> int | None:
        """The tile on offer that is out of its place: carried by a drag, or gliding back."""
        if self.offer_carry is not None and self.offer_carry[0].moved:
            return self.offer_carry[1]
        return self.offer_homing[1] if self.offer_homing is not None else None

    def draw_held(self, surface: pygame.Surface) -> None:
        """The tile out of its slot (or out of the offer), over everything on the table, its buttons and a
        first-game hint: under the pointer as it was gripped (small and faint over the board, where the
        ghost shows the square it would go to), or on its way back."""
        offered = self._offer_away()
        rect = self._offer_rect(offered) if offered is not None else None
        if offered is not None and rect is not None:
            at = self.offer_homing[0].pos if self.offer_homing is not None else self.offer_carry[0].centre
            draw_carried(surface, offered, 0, at, rect.width)
        index = self._away()
        hand = self.hand()
        if index is None or index >= len(hand):
            return
        rot = self.rotations[index]
        if self.homing is not None:
            homing, _index, size, distance = self.homing
            left = min(1.0, math.dist(homing.pos, self._slot_centre(index)) / distance)
            draw_carried(surface, hand[index], rot, homing.pos, round(layout.SLOT - (layout.SLOT - size) * left))
        elif self.carry is not None:
            over = self._over_board()
            draw_carried(surface, hand[index], rot, self._carried_centre(self.carry),
                         CARRIED_OVER_BOARD if over else layout.SLOT, CARRIED_ALPHA if over else 255)

    def _take_at(self, pos: tuple[int, int]) -> bool:
        """A press on a tile on offer takes it up: the button's coming up decides (``_drop_offer``)."""
        for _source, tile, rect in self.refill_slots():
            if rect.collidepoint(pos):
                self.offer_carry, self.offer_homing = (Carry.take(pos, rect.center), tile), None
                return True
        return False

    def _drop_offer(self, pos: tuple[int, int] | None) -> None:
        """A tile on offer let go: clicked (no drag) it is taken, as a click always took it; carried onto the
        hand's area (the player's own tiles, not back onto the offer) it is taken too; let go anywhere else
        (the board, a button, the offer) it glides back to its place in the offer."""
        assert self.offer_carry is not None
        carry, tile = self.offer_carry
        self.offer_carry = None
        offer = {offered: (source, rect) for source, offered, rect in self.refill_slots()} \
            if self.my_turn and self.view["phase"] == "refill" else {}
        if tile not in offer:
            return
        source, rect = offer[tile]
        on_offer = pos is not None and any(other.collidepoint(pos) for _source, other in offer.values())
        into_hand = pos is not None and layout.HAND_AREA.collidepoint(pos) and not on_offer
        if (pos is not None and not carry.moved and rect.collidepoint(pos)) or (carry.moved and into_hand):
            self.submit({"type": "take", "from": source, "tile": tile})
        elif carry.moved:
            self.offer_homing = (Homing(carry.centre), tile)

    def _offer_rect(self, tile: int) -> pygame.Rect | None:
        return next((rect for _source, offered, rect in self.refill_slots() if offered == tile), None)

    def refill_offer(self) -> dict[int, tuple[int, int]]:
        """With the pile empty: each tile type in drivers' hands, as tile -> (the first driver after
        this player who holds one, how many the drivers hold). Which driver a tile comes from changes
        nothing (drivers lay no more track), so each type is offered once and every one fits the panel."""
        players = self.view["players"]
        offer: dict[int, tuple[int, int]] = {}
        for step in range(1, len(players)):
            seat = (self.current + step) % len(players)
            if players[seat]["driving"] and seat != self.eyes:
                for tile in self.view["hands"][seat]:
                    source, count = offer.get(tile, (seat, 0))
                    offer[tile] = (source, count + 1)
        return offer

    def refill_slots(self) -> list[tuple[int, int, pygame.Rect]]:
        """The tiles on offer from drivers' hands, one slot per tile type: (source seat, tile, rect)."""
        offer = self.refill_offer()
        hand = len(self.hand())  # the player's own tiles stay in sight beside the offer
        return [(offer[tile][0], tile, layout.refill_rect(index, len(offer), hand))
                for index, tile in enumerate(sorted(offer))]

    def take_slot(self, index: int) -> None:
        """Take the ``index``-th tile on offer (a number key, or Enter on the ringed one)."""
        slots = self.refill_slots() if self.my_turn and self.view["phase"] == "refill" else []
        if 0 <= index < len(slots):
            self.take_focus = None
            self.submit({"type": "take", "from": slots[index][0], "tile": slots[index][1]})

    # -- placing --------------------------------------------------------------------------------------
    def ghost_shown(self) -> bool:
        """Whether the held tile hovers over the board as a ghost (green or red, with its verdict): while
        this player may build and points at the board, once they moved or chose since the turn opened."""
        return self.can_build() and self.pointer_on_board and not self.ghost_waits

    def ghost_calm(self) -> bool:
        """The square pointed at is one no tile can ever go (a terminal or another square of the border,
        a building): no red refusal hangs over its number or name before a click, only a calm frame that
        shows where the pointer or the keys are (a click there still says the rule's words)."""
        cell = self.cursor
        return cell is not None and (not self.board.is_playfield(cell) or cell in self.board.buildings)

    def ghost_action(self) -> dict[str, Any] | None:
        tile = self.selected_tile()
        if tile is None or self.cursor is None:
            return None
        laid = self.cursor in self.board_view.laid(self.view)[0]
        return {
            "type": "exchange" if laid else "place",
            "tile": tile,
            "cell": list(self.cursor),
            "rot": self.rotations[self.selected],
        }

    def _judged_action(self, action: dict[str, Any]) -> dict[str, Any]:
        if self.pair_first is not None and action["type"] == "exchange":
            return {
                "type": "exchange2",
                "first": self.pair_first,
                "second": {k: action[k] for k in ("tile", "cell", "rot")},
            }
        return action

    def ghost_verdict(self) -> Any:
        action = self.ghost_action()
        if action is None or self.eyes is None:
            return None
        judged = self._judged_action(action)
        question = ("verdict", repr(sorted(judged.items())))
        return self._answer(question, lambda: check_from_view(self.view, self.eyes, judged))

    def ghost_sign(self) -> str | None:
        """The building whose stop sign the green ghost's tile would receive, laid there: the ghost shows
        the sign and the line under the hand names it before the click, since a sign can never move
        again (a newcomer laid a tile beside a building and only then saw its sign land on the square)."""
        action = self.ghost_action() if self.ghost_shown() and not self.ghost_calm() else None
        if action is None or action["type"] != "place" or self.pair_first is not None or self.ghost_verdict():
            return None
        cell = (int(action["cell"][0]), int(action["cell"][1]))
        return self._answer(("sign", cell), lambda: board_from_view(self.view).sign_for(cell))

    def place(self) -> bool:
        """Lay (or exchange) the held tile on the square chosen, as the ghost shows it; True when it went."""
        if not self.can_build():
            if self.my_turn and self.view["phase"] == "build":
                self.say(_("You have taken both actions: end your turn."), bad=True)
            return False
        action = self.ghost_action()
        if action is None:
            return False
        rejection = self.ghost_verdict()
        judged = self._judged_action(action)
        if rejection is None:
            dropped = self.pair_first is not None and judged["type"] == "place"
            self.pair_first = None
            self._leaving = (self.eyes, self.hand(), self.selected)
            self.submit(judged)
            # a pair is the whole turn (L3): a tile laid instead is judged alone, and the held half goes, said
            self.say(_("Tile laid, so the held exchange is dropped: a side-by-side pair must be the whole turn. "
                       "Undo (Ctrl+Z) to try the pair again.") if dropped else "")
            # the pointer rests on the tile just laid: no ghost over it, nor a red verdict, till it leaves
            self.ghost_waits, self._ghost_waits_on = True, self.cursor if self.pointer_on_board else None
            return True
        if (
            judged["type"] == "exchange"
            and rejection.code in PAIRABLE
            and self.view["actions_taken"] == 0
            and len(self.hand()) >= 2
        ):
            self.pair_first = {k: action[k] for k in ("tile", "cell", "rot")}
            self.say(_("Not legal alone. Exchange a neighbouring tile too: both are judged together (Esc cancels)."))
            self.selected = (self.selected + 1) % len(self.hand())
            return False
        self.say(refusal_text(rejection), bad=True)
        self.explain_refusal(rejection.code, dict(rejection.params))
        self.refusal_note = (refusal_text(rejection), tuple(action["cell"]), REFUSAL_NOTE_SECONDS)
        self.app.sounds.play("error")
        return False

    # -- frame ----------------------------------------------------------------------------------------
    def _carry_rotations(self) -> None:
        """Each tile keeps its own turn when the hand changes: lay the fourth tile and the curve
        turned in the fifth slot, now the fourth, still shows turned (duplicates match in order)."""
        hand = self.hand()
        eyes, before = self._rotated
        if eyes == self.eyes and hand == before:
            return
        left = list(zip(before, self.rotations, strict=False)) if eyes == self.eyes else []
        leaving, self._leaving = self._leaving, None
        if leaving is not None and leaving[:2] == (eyes, before) and len(hand) < len(before) \
                and 0 <= leaving[2] < len(left):
            left.pop(leaving[2])  # the tile just laid leaves with its own turn, not a twin's
        carried = []
        for tile in hand:
            found = next((index for index, (old, _seat) in enumerate(left) if old == tile), None)
            carried.append(left.pop(found)[1] if found is not None else 0)
        self.rotations = carried + [0] * (6 - len(carried))
        self._rotated = (self.eyes, hand)
        self._picked = False  # another tile may lie in the chosen slot now: a click there picks it first

    def update(self, dt: float) -> None:
        super().update(dt)
        self._carry_rotations()
        if self.history_open and self.view is not None:
            self.history_panel.point(history_area(len(self.view["players"])), self.pointer)
        else:
            self.history_panel.hovered = None
        self.pointer_still += dt
        if self.homing is not None:
            homing, index = self.homing[:2]
            if index >= len(self.hand()) or not homing.update(self._slot_centre(index), dt):
                self.homing = None
        if self.offer_homing is not None:
            homing, tile = self.offer_homing
            home = self._offer_rect(tile) if self.view is not None and self.view["phase"] == "refill" else None
            if home is None or not homing.update(home.center, dt):
                self.offer_homing = None
        if self.toast is not None:
            self.toast = (self.toast[0], self.toast[1] - dt) if self.toast[1] > dt else None
        if self.refusal_note is not None:
            text, cell, left = self.refusal_note
            self.refusal_note = (text, cell, left - dt) if left > dt else None
        self._update_buttons()

    def status_line(self) -> tuple[str, bool]:
        """The line under the hand: a refusal, what the red ghost would be refused for, or guidance."""
        text, bad = self.message, self.message_bad
        verdict = self.ghost_verdict() if self.ghost_shown() and not self.ghost_calm() else None
        if verdict is not None and not self.message:
            text, bad = refusal_text(verdict), True  # the red ghost says why, before any click
        sign = self.ghost_sign() if not text else None
        if sign is not None:
            status = self.route_status()
            text = sign_words(sign, status is not None and any(stop["building"] == sign for stop in status["stops"]))
        if not text:
            text, bad = self._guidance(), False
        return text, bad

    def _key(self, intent: str) -> str:
        return self.app.mapper.key_label(intent)

    def _guidance(self) -> str:
        return guidance(self)

    def _panel_frame(self) -> PanelFrame:
        view, eyes = self.view, self.eyes
        seats = view.get("match", {}).get("seats", [])
        mine = self.my_turn
        if eyes is None:  # the hand of the player whose row is lit: while a move still plays, the mover's
            seat = self.show.masks.instead(("current",), self.current)
            spare = view["players"][seat]["driving"]  # a driver's tiles are spares, for the others to draw
            hand = list(view["hands"][seat])
            title = (_("{name}'s spare tiles (face up: others may draw them)") if spare
                     else _("{name}'s tiles")).format(name=self.seat_name(seat))
        else:
            hand = self.hand()
            title = (
                self.owned(eyes, _("Your tiles"), _("{name}'s tiles"))
                if mine or eyes not in self.humans or self.acting == eyes  # own tile still landing: still mine
                else _("Your tiles (wait for your turn)")
            )
            if view["players"][eyes]["driving"]:
                title = self.owned(
                    eyes,
                    _("Your spare tiles (face up: others may draw them)"),
                    _("{name}'s spare tiles (face up: others may draw them)"),
                )
        die = (
            self.show.masks.instead(("die",), view.get("last_roll"))
            if self.show.masks.held(("die",))
            else view.get("last_roll")
        )
        dice_roll = None
        roll_seat = die.get("seat") if isinstance(die, dict) and isinstance(die.get("seat"), int) else None
        # only this turn's roll: the last player's die, left in the card of the player whose turn opens,
        # was read by a newcomer as their own throw (the History lists every roll). The turn is the
        # seat the show still plays, or the one the screen opened (a hot-seat player's look at their roll)
        if roll_seat is not None and roll_seat not in (self.show.masks.instead(("current",), self.current),
                                                       self.acting):
            die, roll_seat = None, None
        if die and "faces" in die:  # three dice: the panel keeps a roll once a die is chosen from it
            dice_roll = ([str(face) for face in die["faces"]], die.get("chosen")) if "chosen" in die else None
            die = None
        message, bad = self.status_line()
        hidden = {key[1]: self.show.masks.instead(key, 0) for key in self.show.masks.keys("hand")}
        to_go = {key[1]: self.show.masks.instead(key) for key in self.show.masks.keys("to_go")}
        return PanelFrame(
            view=view,
            seats=seats,
            eyes=eyes,
            current=self.show.masks.instead(("current",), self.current),
            my_turn=mine,
            hand_title=title,
            hand=hand,
            rotations=self.rotations if eyes is not None else [0] * 6,
            selected=self.selected if mine and view["phase"] == "build" else None,
            hidden_hands=hidden,
            laid_flying={key[1]: self.show.masks.instead(key, 0) for key in self.show.masks.keys("laid")},
            to_go_held={seat: count for seat, count in to_go.items() if isinstance(count, int)},
            route=self.route_status(),
            line_heading=self.owned(eyes, _("Your line {line}"), _("{name}'s line {line}")),
            hidden_note=self._hidden_note(),
            refill=self.refill_slots() if view["phase"] == "refill" and mine else [],
            refill_counts={tile: count for tile, (_source, count) in self.refill_offer().items()}
            if view["phase"] == "refill" and mine else {},
            refill_focus=self.take_focus, offer_away=self._offer_away(),
            die_face=str(die["face"]) if die else None, dice_roll=dice_roll, message=message, message_bad=bad,
            roll_seat=roll_seat,
            kinds=[self.seat_kind(seat) for seat in range(len(view["players"]))],
            trip_button=self.trip_button.rect if self.trip_button.visible else None,
            history_button=self.history_button.rect if self.history_button.visible else None,
            keys_note=self._keys_note(), away=self._away() if eyes is not None else None)

    def _keys_note(self) -> str:
        """Where the pause menu and the rules are; a lasting notice (saving fails) takes the strip."""
        return "" if self.session.save_problem else self.menu_keys_note()

    def _hidden_note(self) -> str:
        if self.session.replay:
            return _("A spectator sees no cards.")
        if len(self.humans) > 1:
            return _("Cards are hidden.")
        seats = (self.view or {}).get("match", {}).get("seats", [])
        if not self.humans and any(isinstance(seat, dict) and seat.get("kind") == "human" for seat in seats):
            return _("A spectator sees no cards.")  # watching people play at a LAN table
        return _("Watching the bots play.")

    def draw_table(self, surface: pygame.Surface) -> None:
        if self.view is None:
            surface.blit(self.board_view.backdrop(surface.get_size()), (0, 0))
            return
        masks = self.show.masks
        surface.blit(self.board_view.still(surface.get_size(), self.view, masks), (0, 0))
        tile = self.selected_tile()
        if self.hint and self.can_build() and tile is not None:
            rot = self.rotations[self.selected]
            cells = self._answer(("hint", tile, rot), lambda: fitting_cells(self.view, tile, rot))
            self.board_view.draw_hints(surface, cells)
        self.board_view.draw_recent(surface, self.view, masks, self.seat_colour)
        status = self.route_status()
        if status is not None and not self.view["players"][self.eyes]["driving"]:
            self.board_view.draw_goals(surface, status, self.age)
            plan = self.planned_route() if status["complete"] else None
            if plan is not None:
                self.board_view.draw_plan(surface, plan, int(status["line"]))
        if self.pair_first is not None:
            self.board_view.draw_held_pair(surface, self.pair_first)
        action = self.ghost_action() if self.ghost_shown() else None
        if action is not None and self.ghost_calm():
            self.board_view.draw_calm_cursor(surface, tuple(action["cell"]))
        elif action is not None:
            self.board_view.draw_ghost(surface, action, self.ghost_verdict() is None)
            sign = self.ghost_sign()
            if sign is not None:
                self.board.draw_sign(surface, sign, (int(action["cell"][0]), int(action["cell"][1])), ORIGIN)
        self.board_view.draw_trams(surface, self.view, masks)
        waiting = self.waiting_dice()
        if waiting is not None:
            hovered = None
            if self.dice_turn():
                hovered = self.die_under(self.pointer)
                if hovered is None and self.die_focus is not None and self.die_focus < len(waiting[0]):
                    hovered = self.die_focus
            trip = self.view["players"][self.current].get("trip")
            target = None if hovered is None else die_target(self.board, trip, waiting[0][hovered])
            if target is not None:  # ringed under the dice, its number on top (dice may lie over it)
                draw_target(surface, *target)
            draw_rolled(surface, waiting[1], waiting[0], DICE_SIZE, self.dice_turn(), hovered)
            if target is not None and hovered is not None:
                draw_target_badge(surface, target[0], hovered)
        draw_panel(surface, self._panel_frame(), self.board)
        if self.history_open:
            area = history_area(len(self.view["players"]))
            self.history_panel.draw(surface, area, self.seat_name, self.seat_colour,
                                    area.right - self.history_button.rect.left + 24)
            hovered = self.history_panel.hovered
            if hovered is not None:
                self.history_panel.draw_highlight(
                    surface, lambda cell: self.board.cell_rect(cell, ORIGIN), self.seat_colour(hovered.seat)
                )

    def hand_tip(self) -> tuple[int, list[int]] | None:
        """The seat whose row the pointer rests on, and its tiles, when they are another player's:
        every hand lies face up (L12), but only the viewer's own is laid out in the panel."""
        if self.view is None or self.pointer is None:
            return None
        for player in self.view["players"]:
            seat = int(player["seat"])
            if seat != self.eyes and layout.player_row(seat).collidepoint(self.pointer):
                hidden = self.show.masks.instead(("hand", seat), 0)  # tiles still flying in are not there yet
                hand = list(self.view["hands"][seat])
                return seat, hand[:len(hand) - hidden] if hidden else hand
        return None

    def pace_badge(self) -> pygame.Rect | None:
        """The pace rule's "up to" badge in the panel, while the view has one."""
        return pace_badge_rect(self._panel_frame()) if self.view is not None and self.view.get("allowance") else None

    def pace_words(self) -> str:
        """What the "up to" badge means: a newcomer saw a number beside Start trip and nothing said why."""
        return _("Streetcar pace: the next trip move goes up to {allowance} squares, one more than the "
                 "last move anyone made, and stops at the first halt.").format(allowance=self.view["allowance"])

    def draw_over(self, surface: pygame.Surface) -> None:
        carrying = self._away() is not None or self._offer_away() is not None
        tip = self.hand_tip() if not carrying else None  # a tile carried over a seat's row: no tip
        if tip is not None:
            seat, tiles = tip
            title = (_("{name}'s spare tiles (face up: others may draw them)")
                     if self.view["players"][seat]["driving"] else _("{name}'s tiles (face up)"))
            player = self.view["players"][seat]
            note = (_("Line {line} · stops {stops}").format(line=player["line"], stops=" ".join(player["stops"]))
                    if player.get("revealed") and player.get("line") is not None and player.get("stops") else "")
            draw_hand_tip(surface, seat, title.format(name=self.seat_name(seat)), tiles, note)
        self.show.draw_effects(surface)
        if self.toast is not None and not self.busy:
            draw_toast(surface, *self.toast, len(self.view["players"]))
        if self.refusal_note is not None and self.pointer_on_board:
            text, cell, _left = self.refusal_note
            self.board_view.draw_refusal(surface, cell, text)
        elif self.pointer is not None and self.pointer_still >= TIP_DELAY and not self.busy \
                and self.app.stack.top is self:  # a menu over the table: no tip of what lies under it
            self.board_view.draw_name_tip(surface, self.pointer)
            badge = self.pace_badge()
            if badge is not None and badge.collidepoint(self.pointer):
                draw_tooltip(surface, self.pace_words(), badge, above=True, beside=False)
