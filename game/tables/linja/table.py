"""The Linja table: seven bamboo sticks, two colours of pieces, and every move animated.

It fills in the table skeleton (``game.tables.base``): each update's events become a timeline of
hops, counts, banners and the final tally (``stage``); the pieces on screen (``PieceLayer``) follow
the view the show has played up to (``adopted``). What the board and the panel draw is worked out
once a frame as a ``LinjaFrame``.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.anim import Timeline
from game.core.linja.position import have_passed, row_points
from game.i18n import _, ngettext
from game.render.linja.art import board_base
from game.render.linja.layout import CHIP_RADIUS, PIECE_RADIUS, ROWS, LinjaLayout
from game.scenes.figures import PlayerFigures
from game.tables.base import CHAT_TAB, Anchor, TableScene, View
from game.tables.launch import TableConfig
from game.tables.linja.board import draw_board
from game.tables.linja.figures import linja_figures
from game.tables.linja.floats import row_float
from game.tables.linja.frame import LinjaFrame, preview_text
from game.tables.linja.hints import HINTS
from game.tables.linja.layout import BOARD, CARDS, GUIDANCE_TOP, MENU_BUTTON, RULES_BUTTON, TURN_BOX, board_rect
from game.tables.linja.panel import draw_backdrop, draw_panel, turn_box_plan
from game.tables.linja.pieces import PieceLayer
from game.tables.linja.show import Piece, hop_tween
from game.ui import theme
from game.ui.banner import Banner
from game.ui.drag import Carry
from game.ui.input import Intent
from game.ui.widgets import Button, draw_tooltip

NOTICE_HEIGHT = 74  # from the screen's top to just above the far row's pieces

TIP_DELAY = 0.5  # seconds the pointer rests on a points chip before it is explained
HELD_LIFT = 0.35  # how far a piece pressed on rises off the table (a hop's top is 1)
REMOTE_PAUSE = 0.35  # a breath before a bot's or a remote player's move, so it can be followed
COUNT_PAUSE = 0.5  # how long the count of an initial move is shown before play goes on
TALLY_BEAT = 0.11  # one piece counted at the end
LOG_LINES = 7


class LinjaTable(TableScene):
    name = "linja_table"
    game = "linja"
    title = "Linja"
    hints = HINTS

    def __init__(self, app, session, config=None) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app, session, config)
        self.layout = LinjaLayout(board_rect(session.lan))  # a LAN table keeps a band for the chat under it
        self.pieces: PieceLayer | None = None  # made from the first view
        self.hover_row: int | None = None
        self.hover_pos: tuple[int, int] | None = None
        self.resting = 0.0  # seconds the pointer has rested where it is
        self.selected: int | None = None  # a choice picked with the keyboard or pad
        self.picked: Piece | None = None  # the very piece clicked, so that one hops
        self.pressed_row: int | None = None  # a row pressed: its move is played when the button comes up on it
        self.held: Piece | None = None  # the piece of that move, carried by the pointer while the button is down
        self.carry: Carry | None = None  # ...and where the pointer gripped it
        self.dropped: Piece | None = None  # a piece let go on its move: it waits where it lies for its hop
        self.count_row: int | None = None  # the row whose pieces set the following move
        self.count_skip: Piece | None = None  # ...not counting the piece that just arrived
        self.score_rows: set[int] = set()
        self.tally: list[int] | None = None
        self.message = ""
        self.message_bad = False
        self.log: list[tuple[int, str]] = []
        self.ui.add(Button(RULES_BUTTON, _("Rules"), self.open_rules, "secondary", 32, _("The rules of Linja (F1).")))
        menu = Button(MENU_BUTTON, _("Menu"), self.open_menu, "secondary", 32, _("Pause, settings, leave (Esc)."))
        menu.visible = not session.replay  # a replay's bar has Back; nothing of a live game to pause
        self.ui.add(menu)

    @property
    def rows(self) -> list[list[list[Piece]]]:
        return self.pieces.rows if self.pieces is not None else [[[], []] for _row in range(ROWS)]

    # -- the skeleton's hooks ---------------------------------------------------------------------
    @classmethod
    def prewarm(cls) -> None:
        for lan in (False, True):
            board_base(*board_rect(lan).size)

    def adopted(self, view: View) -> None:
        if self.pieces is None:
            self.pieces = PieceLayer(self.layout, view)
        self.pieces.resync(view)
        if view.get("phase") != "following":
            self.count_row = self.count_skip = None
        self.selected = None

    def turn_opened(self, acting: int | None, mine: bool) -> None:
        if mine and len(self.humans) > 1:
            self.say("")

    def refused(self, message: str) -> None:
        self.picked = None
        self.say(message, bad=True)

    def needs_cover(self, seat: int) -> bool:
        """Linja hides nothing (both sides' pieces stand on the board for all to see):
        every seat's view is the same, so the screen is handed over openly, with the turn sound and a band
        naming the next player, never behind a cover that waits for a click."""
        return False

    def cover_note(self, seat: int) -> str:
        colour = theme.colour_word(self.colour_index(seat))
        if seat == 0:
            return _("Your pieces ({colour}) move up the board.").format(colour=colour)
        return _("Your pieces ({colour}) move down the board.").format(colour=colour)

    def coach_anchor(self) -> pygame.Rect:
        """Never over the seats' cards: in the turn box, from its guidance line (which the hint says
        more fully) down to the moves list's foot above Rules and Menu. Whose turn it is and the
        phase card stay in sight; a longer hint (German at a large text size) climbs over the card's
        explanation, never over whose turn it is."""
        frame = self.frame()
        top = turn_box_plan(frame).guidance.y if frame is not None else TURN_BOX.y + GUIDANCE_TOP
        return pygame.Rect(TURN_BOX.x, top, TURN_BOX.width, RULES_BUTTON.y - 8 - top)

    def notice_anchor(self) -> pygame.Rect:
        """Over the board's top frame, above the far row's pieces and never out over the seat cards."""
        return pygame.Rect(BOARD.x + 240, 2, BOARD.width - 480, NOTICE_HEIGHT)

    def chat_corner(self) -> tuple[int, int]:
        """The LAN chat in its own band under the board (``board_rect``), its tab at the band's left: in
        the default corner its lines covered rows 0 and 1, and beside the board they stood over the moves
        list and the points chips."""
        return BOARD.bottomleft

    def chat_feed_box(self) -> pygame.Rect:
        """The band under the board, right of the tab: the lines rise from its foot and wait in the open
        chat when they do not fit ("+2" on the tab), never up over the board or the side panel."""
        top = self.layout.rect.bottom + 8
        return pygame.Rect(BOARD.x + CHAT_TAB[0] + 12, top, BOARD.width - CHAT_TAB[0] - 12, BOARD.bottom - top)

    def seat_anchor(self, seat: int) -> Anchor:
        return (CARDS[seat].x + 104, CARDS[seat].centery + 30) if seat in CARDS else None

    def figures(self, view: View, outcome: dict[str, Any]) -> list[PlayerFigures]:
        return linja_figures(view, outcome)

    def results_title(self, outcome: dict[str, Any]) -> str:
        """Who played whom, and, when the armies never passed each other, that nobody could move."""
        title = _("Linja · {first} vs {second}").format(first=self.seat_name(0), second=self.seat_name(1))
        view = self.view or {}
        if view.get("phase") == "over" and view.get("rows") and not armies_passed(view):
            title += " · " + _("nobody could move")
        return title

    def next_game(self, outcome: dict[str, Any]) -> TableConfig | None:
        """Play again: a new deal, and the loser starts (``next_first``)."""
        if self.config is None or "next_first" not in outcome:
            return None
        config = self.config.with_new_seed()
        config.options = {**config.options, "first": int(outcome["next_first"])}
        return config

    # -- the show ---------------------------------------------------------------------------------
    def opening_seat(self, view: View) -> int | None:
        return None if view.get("moves") or view.get("phase") == "over" else int(view.get("first", 0))

    def opening_words(self) -> str:
        return _("Move a piece over one stick; the row it reaches sets the next move.")

    def opening_area(self) -> pygame.Rect:
        return self.layout.rect

    def stage(self, timeline: Timeline, events: list[dict[str, Any]], view: View, actor: int | None) -> None:
        first = events[0] if events else {}
        if first.get("type") == "move" and first.get("seat") not in self.humans:
            timeline.wait(REMOTE_PAUSE)
        for event in events:
            kind = event.get("type")
            if kind == "move":
                self._stage_move(timeline, event)
            elif kind == "extra_turn":
                seat = int(event["seat"])
                self._log(timeline, seat, _("extra turn!"))
                timeline.call(lambda: self.app.sounds.play("fanfare"))
                timeline.play(self._banner(_("Extra turn!"), theme.SUNFLOWER, 1.4,
                                           _("{name} reached an empty row and moves again.").format(
                                               name=self.seat_name(seat))))
            elif kind == "pass":
                self._stage_pass(timeline, event, view)
            elif kind == "end":
                self._stage_end(timeline, event, view)

    def _banner(self, text: str, colour: theme.Colour, seconds: float, subtitle: str = "") -> Banner:
        return Banner(self.layout.rect, text, colour, seconds, subtitle)

    def _stage_move(self, timeline: Timeline, event: dict[str, Any]) -> None:
        seat, source, to = int(event["seat"]), int(event["from"]), int(event["to"])
        initial = event.get("phase") == "initial"
        steps = int(event.get("steps", 0))
        flight: dict[str, Any] = {}
        hops = self._hops_left(source, to)

        def begin() -> None:
            assert self.pieces is not None
            self.count_row = self.count_skip = None
            piece = self.pieces.take(seat, source, self.picked)
            self.picked = None
            flight["before"] = sum(self.pieces.counts(to))
            flight["piece"], flight["start"] = piece, piece.pos
            piece.flying = True
            self.pieces.rows[to][seat].append(piece)

        def where() -> tuple[Piece, tuple[float, float], tuple[float, float]]:
            assert self.pieces is not None
            piece = flight["piece"]
            return piece, flight["start"], self.pieces.slot_of(piece)

        def hopped(count: int) -> None:
            if count < hops:
                self.app.sounds.play("rotate")
            else:
                self.app.sounds.play("place")
                x, y = flight["piece"].pos
                self.show.particles.burst(x, y + 12, [theme.CREAM_DIM, (196, 160, 110), theme.CREAM], 14, 220, 0.45)

        def landed() -> None:
            assert self.pieces is not None
            piece: Piece = flight["piece"]
            piece.flying, piece.lift = False, 0.0
            x, y = self.pieces.slot_of(piece)
            if initial and steps and to == self._target(seat):
                # Special situation 1: leaving the field earns one step, whatever stands on the target row
                self._float(_("home · +1 step"), to, (x, y), theme.SUNFLOWER, 36, 1.2)
                self.app.sounds.play("pop")
                self._write_log(seat, _("{source} → home: 1 step").format(source=source))
            elif initial and steps:
                self.count_row, self.count_skip = to, piece
                self._float(f"+{steps}", to, (x, y), theme.SUNFLOWER, 56, 1.2)
                self.app.sounds.play("pop")
                there = ngettext("{source} → {to}, {steps} piece there", "{source} → {to}, {steps} pieces there", steps)
                self._write_log(seat, there.format(source=source, to=to, steps=steps))  # they set the next move
            elif initial:
                empty = flight["before"] == 0  # otherwise the move ended the game (G4): no note
                self._write_log(seat, f"{source} → {to}" + (", " + _("empty row") if empty else ""))
                if empty:
                    self._float(_("empty row: no following move"), to, (x, y), theme.CREAM, 30, 1.4)
            else:
                lost = int(event.get("expired", 0))
                moved = ngettext("{steps} step", "{steps} steps", steps).format(steps=steps)
                self._write_log(seat, f"{source} → {to}, {moved}"
                                + (" " + _("({count} lost)").format(count=lost) if lost else ""))
                if lost:
                    self._float(ngettext("home · {count} step lost", "home · {count} steps lost", lost).format(
                        count=lost), to, (x, y), theme.CREAM, 30, 1.4)

        timeline.call(begin)
        timeline.then(hop_tween(where, hops, hopped))
        timeline.call(landed)
        if initial and steps:
            timeline.wait(COUNT_PAUSE)

    def _hops_left(self, source: int, to: int) -> int:
        """The sticks a move's piece still jumps: all of them from its row, fewer for a piece the player
        carried part of the way (let go on the row it reaches, it settles into its place with one hop)."""
        piece = self.dropped if self.dropped is not None and self.dropped is self.picked else None
        here = self.layout.row_at((round(piece.x), round(piece.y))) if piece is not None else None
        if here is None or not min(source, to) <= here <= max(source, to):
            return abs(to - source)
        return max(1, abs(to - here))

    def _target(self, seat: int) -> int:
        """The row ``seat``'s pieces travel to (the view says it; A's is the top row)."""
        targets = (self.view or {}).get("targets") or [ROWS - 1, 0]
        return int(targets[seat])

    def _stage_pass(self, timeline: Timeline, event: dict[str, Any], view: View) -> None:
        seat = int(event["seat"])
        name = self.seat_name(seat)
        if event.get("phase") == "following":
            steps = int(event.get("steps", 0))
            self._log(timeline, seat, _("no piece can move {steps}: following move lost").format(steps=steps))
            timeline.play(self._banner(_("Following move lost"), theme.CORAL, 1.5,
                                       ngettext("No piece of {name} can move {steps} stick forward.",
                                                "No piece of {name} can move {steps} sticks forward.",
                                                steps).format(name=name, steps=steps)))
        else:
            rows, targets = view.get("rows") or [], view.get("targets") or [ROWS - 1, 0]
            home = bool(rows) and all(count[seat] == 0 for row, count in enumerate(rows) if row != targets[seat])
            self._log(timeline, seat, _("cannot move: passes"))
            timeline.play(self._banner(_("{name} passes").format(name=name), theme.CORAL, 1.5,
                                       _("Every piece of {name} is home.").format(name=name) if home
                                       else _("Every initial move runs into a full row.")))

    def _stage_end(self, timeline: Timeline, event: dict[str, Any], view: View) -> None:
        """The final scoring, counted up row by row: the 1-point rows first, the goal rows last."""
        scores = [int(value) for value in event.get("scores", [0, 0])]
        rows = view.get("rows") or []
        targets = view.get("targets") or [ROWS - 1, 0]

        def begin() -> None:
            self.show.switch()
            self.adopted(view)
            self.tally = [0, 0]

        if event.get("reason") == "blocked":  # both passed: nothing can ever move again
            timeline.play(self._banner(_("Nobody can move"), theme.CORAL, 1.8,
                                       _("The game ends here, scored as the pieces stand.")))
        timeline.wait(0.4).call(begin)
        for distance, points in ((3, 1), (2, 2), (1, 3), (0, 5)):
            scoring_rows = [int(targets[0]) - distance, int(targets[1]) + distance]
            counts = [int(rows[scoring_rows[seat]][seat]) if rows else 0 for seat in (0, 1)]
            timeline.call(lambda r=scoring_rows: self._light_rows(r))
            for index in range(max(counts)):
                timeline.call(lambda i=index, r=scoring_rows, p=points: self._count_piece(i, r, p))
                timeline.wait(TALLY_BEAT)
            timeline.wait(0.35)

        def done() -> None:
            self.score_rows = set()
            self.tally = scores

        timeline.call(done)
        winners = [int(seat) for seat in event.get("winners", [])]
        score_line = f"{self.seat_name(0)} {scores[0]} : {scores[1]} {self.seat_name(1)}"
        if winners:
            timeline.call(lambda: self._celebrate(winners[0]))
            timeline.play(self._banner(_("{name} wins!").format(name=self.seat_name(winners[0])),
                                       self.seat_colour(winners[0]), 2.6, score_line))
        else:  # the calm bell, no confetti: nobody won (heard once: the results stay quiet)
            timeline.call(lambda: self.sound_the_end("bell"))
            timeline.play(self._banner(_("A draw"), theme.SUNFLOWER, 2.6, score_line))

    def _light_rows(self, rows: list[int]) -> None:
        self.score_rows = set(rows)

    def _count_piece(self, index: int, rows: list[int], points: int) -> None:
        assert self.tally is not None
        for seat in (0, 1):
            pieces = self.rows[rows[seat]][seat]
            if index < len(pieces):
                self.tally[seat] += points
                x, y = pieces[index].pos
                self._float(f"+{points}", rows[seat], (x, y - 24), self.seat_colour(seat), 40, 0.9, 40, beside=False)
        self.app.sounds.play("click")

    def _float(self, text: str, row: int, at: tuple[float, float], colour: theme.Colour, size: int, life: float,
               rise: float = 60.0, beside: bool = True) -> None:
        """A rising word that stays in ``row``, beside its pieces (``floats.row_float``)."""
        assert self.pieces is not None
        self.show.overlays.append(row_float(self.layout, row, self.pieces.counts(row), text, colour, size, life, at,
                                            rise, beside))

    def _celebrate(self, seat: int) -> None:
        """The game's one celebration, as the banner comes: its fanfare and confetti here, so the results
        stay quiet."""
        self.sound_the_end("fanfare")
        colours = [self.seat_colour(seat), theme.SUNFLOWER, theme.CREAM]
        self.show.particles.confetti(BOARD.right, colours, 180)

    def _log(self, timeline: Timeline, seat: int, text: str) -> None:
        """Write to the move list when the timeline gets there."""
        timeline.call(lambda: self._write_log(seat, text))

    def _write_log(self, seat: int, text: str) -> None:
        self.log.append((seat, text))
        del self.log[:-LOG_LINES]

    # -- choices ----------------------------------------------------------------------------------
    def say(self, text: str, bad: bool = False) -> None:
        self.message = text
        self.message_bad = bad

    def choices(self) -> list[dict[str, Any]]:
        return list(self.view.get("choices") or []) if self.my_turn and self.view is not None else []

    def active_choice(self) -> dict[str, Any] | None:
        """The move under the pointer, or the one picked with keys."""
        choices = self.choices()
        if self.hover_row is not None:
            return next((c for c in choices if c["from"] == self.hover_row), None)
        if self.selected is not None and choices:
            return choices[self.selected % len(choices)]
        return None

    def takes_press_at(self, pos: tuple[int, int]) -> bool:
        """A row holding a piece this player may move, or a piece already in the hand."""
        if self.pressed_row is not None:
            return True
        row = self.layout.row_at(pos)
        return row is not None and any(choice["from"] == row for choice in self.choices())

    def mover(self, choice: dict[str, Any]) -> Piece | None:
        """The piece that would move for ``choice``: the one nearest the pointer in its row."""
        if self.pieces is None or self.eyes is None:
            return None
        if self.held is not None and self.pressed_row == choice["from"]:
            return self.held  # the piece in the hand, wherever the pointer has carried it
        pointer = self.hover_pos if self.hover_row == choice["from"] else None
        return self.pieces.nearest(self.eyes, int(choice["from"]), pointer)

    def row_counts(self, row: int) -> tuple[int, int]:
        """Pieces laid out in a row: those on it, plus room for the piece the hovered move brings."""
        return self.pieces.counts(row, self._incoming()) if self.pieces is not None else (0, 0)

    def _incoming(self) -> tuple[int, int] | None:
        choice = self.active_choice()
        return (self.eyes, int(choice["to"])) if choice is not None and self.eyes is not None else None

    def counted_pieces(self) -> list[Piece]:
        """The pieces whose number sets the following move: those of the row entered, bar the newcomer."""
        if self.count_row is None:
            return []
        return [piece for seat in (0, 1) for piece in self.rows[self.count_row][seat]
                if piece is not self.count_skip and not piece.flying]

    def guidance(self) -> tuple[str, theme.Colour]:
        """The line under the phase card: a refusal, the hovered move, or whose turn it is."""
        if self.message:
            return self.message, theme.CORAL if self.message_bad else theme.CREAM
        view = self.view or {}
        choice = self.active_choice()
        if choice is not None:
            return preview_text(view, choice), theme.CREAM
        if self.busy:
            return self.animation_words(), theme.CREAM_DIM
        turn = view.get("turn")
        if view.get("phase") == "over" or turn is None:
            return "", theme.CREAM
        if self.my_turn:
            return _("Click a piece to move it — or ← → and Enter."), theme.CREAM_DIM
        if self.session.replay:  # the card's heading already says whose turn it is ("Ada's turn")
            return "", theme.CREAM_DIM
        if int(turn) in self.humans:  # this screen's own turn, on hold (a move on its way, the link down):
            return "", theme.CREAM_DIM  # never "Waiting for Ada…" on Ada's own screen
        if self.spectating:  # said calmly all game, in one line even at 150 %; the heading names the mover
            return _("You only watch."), theme.CREAM_DIM
        return self.waiting_words(int(turn)), theme.CREAM_DIM

    def guidance_more(self) -> str:
        """A sentence the line under the card adds where it has the room at its size (not at 150 %)."""
        text, _colour = self.guidance()
        if text == _("Click a piece to move it — or ← → and Enter."):
            return _("Hover to see where it lands.")
        if text == _("You only watch."):  # a spectator: the heading names the mover, this says who waits
            return self.waiting_words(int((self.view or {}).get("turn") or 0))
        return ""

    def play_row(self, row: int, piece: Piece | None = None) -> None:
        """Play the move from ``row``: ``piece`` hops (the one carried there), else the one nearest the pointer."""
        view = self.view
        if view is None or view.get("phase") == "over" or self.finished:
            return
        if self.eyes is None:
            self.say(_("Watching: nobody plays from this screen."))
            return
        choice = next((c for c in self.choices() if c["from"] == row), None)
        if choice is not None:
            self.picked = piece or self.mover(choice)
        self.say("")
        phase = view.get("phase")
        self.submit({"type": "initial" if phase == "initial" else "follow", "from": row}, seat=self.eyes)

    # -- input ------------------------------------------------------------------------------------
    def handle_table(self, intent: Intent) -> bool:
        kind = intent.kind
        if kind == "point" and intent.pos is not None:
            self.resting = 0.0
            if self.pressed_row is not None:
                self._carry_to(intent.pos)
                return False  # a piece held: its move stays shown until the button comes up
            self.hover_pos = intent.pos
            self.hover_row = self.layout.row_at(intent.pos)
            if self.hover_row is not None:
                self.selected = None
            return False
        if kind == "press" and intent.pos is not None:
            row = self.layout.row_at(intent.pos)
            if row is not None and self.pressed_row is None:
                self.hover_pos, self.hover_row = intent.pos, row
                self.pressed_row = row  # played when the button comes up, as a click or a drag ends
                choice = next((c for c in self.choices() if c["from"] == row), None)
                self.held = self.mover(choice) if choice is not None else None
                if self.held is not None:  # taken up off the table: it follows the pointer as gripped
                    self.held.lift, self.held.held = HELD_LIFT, True
                    self.carry = Carry.take(intent.pos, self.held.pos)
                return True
        if kind == "release":
            return self._released(intent.pos)
        if kind in ("left", "right", "up", "down") and self.choices():
            self._step_selection(1 if kind in ("right", "up") else -1)
            return True
        if kind == "pick" and isinstance(intent.value, int) and self.choices():
            self.selected = intent.value % len(self.choices())
            self.hover_row = None
            return True
        if kind in ("confirm", "next") and self.selected is not None:
            choice = self.active_choice()
            if choice is not None:
                self.play_row(int(choice["from"]))
            return True
        pointed = self.ui.focus is not None and self.ui.focus.hovered
        if kind == "confirm" and self.choices() and not pointed:
            self._step_selection(1)  # Enter first shows a move; a second Enter plays it
            return True
        # Nothing to show now (another's turn, the moment after an animation it skipped, a watcher):
        # Enter presses no button the keys never walked to (it opened the rules in the bot's turn)
        return kind == "confirm" and not pointed

    def _released(self, pos: tuple[int, int] | None) -> bool:
        """The button up after a press on a row: let go on that row (a click) or dragged to the row its
        move reaches, the move is played; let go anywhere else — off the board, on a button, another
        row — nothing happens, so a piece taken up by mistake can be put back."""
        row, self.pressed_row = self.pressed_row, None
        piece, self.held, self.carry = self.held, None, None
        if piece is not None:
            piece.lift = 0.0  # set down where it is: it hops on from there if the move is played
        if row is None:
            return False
        here = self.layout.row_at(pos) if pos is not None else None
        choice = next((c for c in self.choices() if c["from"] == row), None)
        if here is not None and (here == row or (choice is not None and here == int(choice["to"]))):
            self.dropped = piece  # it waits where it lies until its move's hop takes it
            self.play_row(row, piece)
        if piece is not None and self.dropped is not piece:
            piece.held = False  # let go where it cannot go: it glides back to its place
        if pos is not None:
            self.hover_pos, self.hover_row = pos, here
        return True

    def _carry_to(self, pos: tuple[int, int]) -> None:
        """The piece held follows the pointer, as gripped, and stays over the board (a piece dragged over
        the side panel would slip under it)."""
        if self.held is None or self.carry is None:
            return
        self.carry.move(pos)
        x, y = self.carry.centre
        room = self.layout.rect.inflate(-2 * PIECE_RADIUS, -2 * PIECE_RADIUS)
        self.held.x = min(max(x, room.left), room.right)
        self.held.y = min(max(y, room.top), room.bottom)

    def pause(self) -> None:
        """A menu or cover comes up while a piece is held (Esc with the button down): it is put back,
        since the button's coming up goes to the menu."""
        super().pause()
        if self.pressed_row is not None:
            self._released(None)

    def keys_left_board(self) -> None:
        self.selected = None  # Tab went to Rules or Menu: no piece stays picked out under Enter

    def _step_selection(self, step: int) -> None:
        count = len(self.choices())
        self.hover_row = None
        self.selected = (0 if step > 0 else count - 1) if self.selected is None else (self.selected + step) % count
        self.app.sounds.play("hover")

    # -- frame ------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.resting += dt
        if self.dropped is not None and (self.dropped.flying or (self.awaiting <= 0 and not self.busy)):
            self.dropped.held = False  # its hop took it, or the move was refused: it glides back
            self.dropped = None
        if self.pieces is not None:
            self.pieces.glide(dt * self.app.settings.animation_speed, self._incoming())

    def needs_frames(self) -> bool:
        return super().needs_frames() or self.count_row is not None  # the pieces that count pulse

    def frame(self) -> LinjaFrame | None:
        view = self.view
        if view is None or self.pieces is None:
            return None
        seats = view.get("match", {}).get("seats") or [self.seat_info(0), self.seat_info(1)]
        active = self.active_choice()
        kinds = [self.seat_kind(seat) for seat in range(2)]
        return LinjaFrame(view=view, seats=seats, kinds=kinds, pieces=self.pieces, seat=self.eyes, my_turn=self.my_turn,
                          choices=self.choices(), active=active, mover=self.mover(active) if active else None,
                          counted=self.counted_pieces(), count_row=self.count_row, score_rows=self.score_rows,
                          tally=self.tally, guidance=self.guidance(), guidance_more=self.guidance_more(),
                          log=self.log, age=self.age,
                          humans=tuple(self.humans), replay=self.session.replay)

    def draw_table(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, (self.seat_colour(0), self.seat_colour(1)), self.layout.rect)
        frame = self.frame()
        if frame is not None:
            draw_board(surface, frame)
            draw_panel(surface, frame)
            chip = self.chip_tip()
            if chip is not None:
                draw_tooltip(surface, chip[0], chip[1], within=self.layout.rect)

    def chip_tip(self) -> tuple[str, pygame.Rect] | None:
        """What a points chip means, once the pointer rests on it: the newcomer's first question about the
        numbers down the board's sides (5, 3, 2, 1 for one colour, 1, 2, 3, 5 for the other)."""
        if self.hover_pos is None or self.resting < TIP_DELAY or self.pressed_row is not None:
            return None
        for seat in (0, 1):
            for row in range(ROWS):
                points = row_points(seat, row)
                centre = self.layout.chip_centre(seat, row)
                if points and (self.hover_pos[0] - centre[0]) ** 2 + (self.hover_pos[1] - centre[1]) ** 2 \
                        <= (CHIP_RADIUS + 4) ** 2:
                    words = ngettext("Each of {name}'s pieces on this row scores {points} point at the end.",
                                     "Each of {name}'s pieces on this row scores {points} points at the end.", points)
                    box = pygame.Rect(0, 0, 2 * CHIP_RADIUS, 2 * CHIP_RADIUS)
                    box.center = centre
                    return words.format(name=self.seat_name(seat), points=points), box
        return None


def armies_passed(view: View) -> bool:
    """Whether the game ended as J6 ends it (the armies passed each other) rather than with nobody able
    to move: the end event says which, the finished view's pieces say it again for a screen that only
    holds the view."""
    rows = view.get("rows") or []
    try:
        return have_passed([[int(row[seat]) for row in rows] for seat in (0, 1)])
    except (StopIteration, TypeError, ValueError, IndexError):
        return True  # a view the table cannot read: say nothing more than the rules' usual end
