"""The Linja table: seven bamboo sticks, two colours of pieces, and every move animated.

The scene talks only to a ``Session`` (local or LAN). Intents go out with ``submit``; updates come
back with events, which become one ``Timeline`` of hops, counts, banners and the final tally, and
the seat's new view, which the board adopts once the animations that lead to it have played
(``shown``). Input waits while the timeline runs; a click or Enter skips it. With two humans at
one screen the framework's cover says whose turn it is between their turns.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.anim import ParticleSystem, Timeline, Tween
from game.lan.hud import NetHud
from game.render.linja.layout import ROWS, LinjaLayout
from game.scenes.cover import CoverScene
from game.tables.legacy import TableScene
from game.tables.linja.board import LinjaBoardView
from game.tables.linja.figures import linja_figures
from game.tables.linja.panel import BOARD, CARDS, LinjaPanel
from game.tables.linja.show import Banner, Floaters, Piece, hop_tween
from game.ui import theme
from game.ui.input import Intent

REMOTE_PAUSE = 0.35  # a breath before a bot's or a remote player's move, so it can be followed
COUNT_PAUSE = 0.5  # how long the count of an initial move is shown before play goes on
TALLY_BEAT = 0.11  # one piece counted at the end
LOG_LINES = 7


class LinjaTable(TableScene):
    name = "linja_table"

    def __init__(self, app, session, config=None) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app, session, config)
        self.layout = LinjaLayout(BOARD)
        self.humans: list[int] = list(session.controlled_seats)
        self.observer: int | None = self.humans[0] if self.humans else None
        self.view: dict[str, Any] = session.view(self.observer)  # the latest word of the authority
        self.shown: dict[str, Any] = self.view  # what the board shows: catches up as animations play
        self.timeline = Timeline()
        self.rows: list[list[list[Piece]]] = self._pieces_for(self.shown)
        self.floaters = Floaters()
        self.banner: Banner | None = None
        self.particles = ParticleSystem(seed=23)
        self.seat: int | None = None  # the human whose intents the screen sends now
        self.covered_for: int | None = None
        self.hover_row: int | None = None
        self.hover_pos: tuple[int, int] | None = None
        self.selected: int | None = None  # a choice picked with the keyboard or pad
        self.picked: Piece | None = None  # the very piece clicked, so that one hops
        self.count_row: int | None = None  # the row whose pieces set the following move
        self.count_skip: Piece | None = None  # ...not counting the piece that just arrived
        self.score_rows: set[int] = set()
        self.tally: list[int] | None = None
        self.message = ""
        self.message_bad = False
        self.log: list[tuple[int, str]] = []
        self.finished = False
        self.panel = LinjaPanel(self)
        self.board = LinjaBoardView(self)
        self.lan_hud = NetHud(self, session, lambda seat: (CARDS[seat].x + 104, CARDS[seat].centery + 30)
                              if seat in CARDS else None)
        self._entered = False

    def enter(self) -> None:
        # A first cover must go on top of this scene, so the seat is chosen once the scene is pushed.
        if not self._entered:
            self._entered = True
            self._choose_seat(initial=True)
            self._announce_start()

    # -- seats ------------------------------------------------------------------------------------
    def seat_info(self, seat: int) -> dict[str, Any]:
        seats = self.view.get("match", {}).get("seats", [])
        return seats[seat] if seat < len(seats) else {"name": f"Seat {seat + 1}", "colour": seat, "kind": "human"}

    def seat_name(self, seat: int) -> str:
        return str(self.seat_info(seat).get("name"))

    def seat_colour(self, seat: int) -> theme.Colour:
        return theme.player_colour(int(self.seat_info(seat).get("colour", seat)))

    @property
    def colours(self) -> tuple[theme.Colour, theme.Colour]:
        return self.seat_colour(0), self.seat_colour(1)

    @property
    def busy(self) -> bool:
        return not self.timeline.done

    @property
    def my_turn(self) -> bool:
        return (self.seat is not None and self.seat == self.shown.get("turn") and not self.busy
                and not self.finished)

    def _choose_seat(self, initial: bool = False) -> None:
        """Who acts from this screen now; between two humans' turns, the cover comes up."""
        turn = self.shown.get("turn")
        if self.shown.get("phase") == "over" or turn is None:
            self.seat = self.observer if len(self.humans) == 1 else None
        elif turn in self.humans:
            if len(self.humans) > 1 and self.covered_for != turn:
                self.seat = None
                self.covered_for = turn
                colour_name = theme.PLAYER_COLOURS[int(self.seat_info(turn).get("colour", turn))
                                                   % len(theme.PLAYER_COLOURS)][0]
                way = "up" if turn == 0 else "down"
                note = f"Your {colour_name.lower()} pieces move {way} the board."
                self.app.push(CoverScene(self.app, self.seat_name(turn), self.seat_colour(turn),
                                         lambda seat=turn: self._reveal(seat), note))
                return
            self.seat = turn
        else:
            self.seat = self.observer if len(self.humans) == 1 else None
        if not initial and self.my_turn:
            self.app.sounds.play("turn")

    def _reveal(self, seat: int) -> None:
        self.seat = seat
        self.say("")

    def _announce_start(self) -> None:
        if self.shown.get("moves") or self.shown.get("phase") == "over" or len(self.humans) > 1:
            return  # hot-seat: the cover already names the starting player
        first = int(self.shown.get("first", 0))
        self._banner(f"{self.seat_name(first)} starts", self.seat_colour(first), 1.3,
                     "Move a piece over one stick; the row it reaches sets the next move.")

    # -- the session ------------------------------------------------------------------------------
    def _drain(self) -> None:
        for message in self.session.poll():
            kind = message.get("type")
            if kind == "rejected" and message.get("seat") in self.humans:
                rejection = message.get("rejection") or {}
                self.picked = None
                self.say(str(rejection.get("message", "Not allowed.")), bad=True)
                self.app.sounds.play("error")
            elif kind == "update" and message.get("seat") == self.observer:
                self._stage(list(message.get("events") or []), message.get("view") or self.view)
            elif kind == "error":
                self.say(str(message.get("message", "")), bad=True)

    def say(self, text: str, bad: bool = False) -> None:
        self.message = text
        self.message_bad = bad

    # -- events become a timeline -----------------------------------------------------------------
    def _stage(self, events: list[dict[str, Any]], view: dict[str, Any]) -> None:
        self.view = view
        if self.timeline.done:
            self.timeline = Timeline()
        if any(e.get("type") == "move" and e.get("seat") not in self.humans for e in events[:1]):
            self.timeline.wait(REMOTE_PAUSE)
        for event in events:
            kind = event.get("type")
            if kind == "move":
                self._stage_move(event)
            elif kind == "extra_turn":
                seat = int(event["seat"])
                self._log(seat, "extra turn!")
                self.timeline.call(lambda: self.app.sounds.play("fanfare"))
                self._banner("Extra turn!", theme.SUNFLOWER, 1.4,
                             f"{self.seat_name(seat)} reached an empty row and moves again.")
            elif kind == "pass":
                self._stage_pass(event)
            elif kind == "end":
                self._stage_end(event, view)
        self.timeline.call(lambda: self._show(view))

    def _banner(self, text: str, colour: theme.Colour, seconds: float, subtitle: str = "") -> None:
        banner = Banner(BOARD, text, colour, subtitle)

        def begin() -> None:
            self.banner = banner

        self.timeline.call(begin).then(Tween(0.0, 1.0, seconds, banner.set_progress, "linear"))

    def _stage_move(self, event: dict[str, Any]) -> None:
        seat, source, to = int(event["seat"]), int(event["from"]), int(event["to"])
        initial = event.get("phase") == "initial"
        steps = int(event.get("steps", 0))
        flight: dict[str, Any] = {}

        def begin() -> None:
            self.count_row = self.count_skip = None
            piece = self._take_piece(seat, source)
            flight["before"] = len(self.rows[to][0]) + len(self.rows[to][1])
            flight["piece"], flight["start"] = piece, piece.pos
            piece.flying = True
            self.rows[to][seat].append(piece)

        def where() -> tuple[Piece, tuple[float, float], tuple[float, float]]:
            piece = flight["piece"]
            return piece, flight["start"], self.slot_of(piece)

        def hopped(count: int, hops: int = abs(to - source)) -> None:
            if count < hops:
                self.app.sounds.play("rotate")
            else:
                self.app.sounds.play("place")
                x, y = flight["piece"].pos
                self.particles.burst(x, y + 12, [theme.CREAM_DIM, (196, 160, 110), theme.CREAM], 14, 220, 0.45)

        def landed() -> None:
            piece: Piece = flight["piece"]
            piece.flying, piece.lift = False, 0.0
            x, y = self.slot_of(piece)
            if initial and steps:
                self.count_row, self.count_skip = to, piece
                self._float(f"+{steps}", (x, y - 46), theme.SUNFLOWER, 56, 1.2)
                self.app.sounds.play("pop")
                self._write_log(seat, f"{source} → {to}, counts {steps}")
            elif initial:
                empty = flight["before"] == 0  # otherwise the move ended the game (G4): no note
                self._write_log(seat, f"{source} → {to}" + (", empty row" if empty else ""))
                if empty:
                    self._float("empty row: no following move", (x, y - 46), theme.CREAM, 30, 1.4)
            else:
                lost = int(event.get("expired", 0))
                plural = "s" if steps > 1 else ""
                self._write_log(seat, f"{source} → {to}, {steps} step{plural}" + (f" ({lost} lost)" if lost else ""))
                if lost:
                    self._float(f"home · {lost} step{'s' if lost > 1 else ''} lost", (x, y - 46),
                                theme.CREAM, 30, 1.4)

        self.timeline.call(begin)
        self.timeline.then(hop_tween(where, abs(to - source), hopped))
        self.timeline.call(landed)
        if initial and steps:
            self.timeline.wait(COUNT_PAUSE)

    def _stage_pass(self, event: dict[str, Any]) -> None:
        seat = int(event["seat"])
        name = self.seat_name(seat)
        if event.get("phase") == "following":
            steps = int(event.get("steps", 0))
            self._log(seat, f"no piece can move {steps}: following move lost")
            self._banner("Following move lost", theme.CORAL, 1.5,
                         f"No piece of {name} can move {steps} sticks forward.")
        else:
            self._log(seat, "cannot move: passes")
            self._banner(f"{name} passes", theme.CORAL, 1.5, "Every initial move runs into a full row.")

    def _stage_end(self, event: dict[str, Any], view: dict[str, Any]) -> None:
        """The final scoring, counted up row by row: the 1-point rows first, the goal rows last."""
        scores = [int(value) for value in event.get("scores", [0, 0])]
        rows = view.get("rows") or []
        targets = view.get("targets") or [ROWS - 1, 0]

        def begin() -> None:
            self._adopt(view)
            self.tally = [0, 0]

        self.timeline.wait(0.4).call(begin)
        for distance, points in ((3, 1), (2, 2), (1, 3), (0, 5)):
            scoring_rows = [int(targets[0]) - distance, int(targets[1]) + distance]
            counts = [int(rows[scoring_rows[seat]][seat]) if rows else 0 for seat in (0, 1)]
            self.timeline.call(lambda r=scoring_rows: self._light_rows(r))
            for index in range(max(counts)):
                self.timeline.call(lambda i=index, r=scoring_rows, p=points: self._count_piece(i, r, p))
                self.timeline.wait(TALLY_BEAT)
            self.timeline.wait(0.35)

        def done() -> None:
            self.score_rows = set()
            self.tally = scores

        self.timeline.call(done)
        winners = [int(seat) for seat in event.get("winners", [])]
        score_line = f"{self.seat_name(0)} {scores[0]} : {scores[1]} {self.seat_name(1)}"
        if winners:
            self.timeline.call(lambda: self._celebrate(winners[0]))
            self._banner(f"{self.seat_name(winners[0])} wins!", self.seat_colour(winners[0]), 2.6, score_line)
        else:
            self._banner("A draw!", theme.SUNFLOWER, 2.6, score_line)

    def _light_rows(self, rows: list[int]) -> None:
        self.score_rows = set(rows)

    def _count_piece(self, index: int, rows: list[int], points: int) -> None:
        assert self.tally is not None
        for seat in (0, 1):
            pieces = self.rows[rows[seat]][seat]
            if index < len(pieces):
                self.tally[seat] += points
                x, y = pieces[index].pos
                self._float(f"+{points}", (x, y - 24), self.seat_colour(seat), 40, 0.9, 40)
        self.app.sounds.play("click")

    def _float(self, text: str, pos: tuple[float, float], colour: theme.Colour, size: int, life: float,
               rise: float = 60.0) -> None:
        """A rising label that never leaves the top of the board."""
        top = BOARD.y + size / 2 + rise
        self.floaters.add(text, (pos[0], max(top, pos[1])), colour, size, life, rise)

    def _celebrate(self, seat: int) -> None:
        colours = [self.seat_colour(seat), theme.SUNFLOWER, theme.CREAM]
        self.particles.confetti(BOARD.right, colours, 180)

    def _log(self, seat: int, text: str) -> None:
        """Write to the move list when the timeline gets there."""
        self.timeline.call(lambda: self._write_log(seat, text))

    def _write_log(self, seat: int, text: str) -> None:
        self.log.append((seat, text))
        del self.log[:-LOG_LINES]

    # -- the board catches up ---------------------------------------------------------------------
    def _adopt(self, view: dict[str, Any]) -> None:
        """The board now shows ``view``: the animations leading to it have played."""
        self.shown = view
        self._resync()
        if view.get("phase") != "following":
            self.count_row = self.count_skip = None
        self.selected = None

    def _show(self, view: dict[str, Any]) -> None:
        """The end of a batch of events: adopt its view, then end the game or hand over the turn."""
        self._adopt(view)
        self.banner = None
        outcome = view.get("outcome")
        if outcome and not self.finished:
            self._finish(outcome)
            return
        self._choose_seat()

    def _pieces_for(self, view: dict[str, Any]) -> list[list[list[Piece]]]:
        rows: list[list[list[Piece]]] = [[[], []] for _ in range(ROWS)]
        for row in range(ROWS):
            counts = view["rows"][row]
            slots = self.layout.slots(row, (int(counts[0]), int(counts[1])))
            for seat in (0, 1):
                rows[row][seat] = [Piece(seat, x, y) for x, y in slots[seat]]
        return rows

    def _resync(self) -> None:
        """Make the pieces on screen agree with the shown view (they always should; a LAN resync may not)."""
        for row in range(ROWS):
            for seat in (0, 1):
                group = self.rows[row][seat]
                wanted = int(self.shown["rows"][row][seat])
                while len(group) > wanted:
                    group.pop()
                while len(group) < wanted:
                    y = self.layout.row_y(row)
                    group.append(Piece(seat, self.layout.rect.centerx, y))

    def _take_piece(self, seat: int, row: int) -> Piece:
        group = self.rows[row][seat]
        piece = self.picked if self.picked in group else (group[-1] if group else None)
        self.picked = None
        if piece is None:  # out of step with the authority: conjure the piece rather than fail
            return Piece(seat, self.layout.rect.centerx, self.layout.row_y(row))
        group.remove(piece)
        return piece

    def row_counts(self, row: int) -> tuple[int, int]:
        """Pieces laid out in a row: those on it, plus room for the piece the hovered move brings."""
        counts = [len(self.rows[row][0]), len(self.rows[row][1])]
        choice = self.active_choice()
        if choice is not None and self.seat is not None and int(choice["to"]) == row:
            counts[self.seat] += 1
        return counts[0], counts[1]

    def slot_of(self, piece: Piece) -> tuple[float, float]:
        for row in range(ROWS):
            for seat in (0, 1):
                group = self.rows[row][seat]
                if piece in group:
                    counts = (len(self.rows[row][0]), len(self.rows[row][1]))
                    return self.layout.slots(row, counts)[seat][group.index(piece)]
        return piece.pos

    def _finish(self, outcome: dict[str, Any]) -> None:
        self.finished = True
        from game.scenes.results import ResultsScene
        again = None
        if self.config is not None and "next_first" in outcome:
            from game.tables.launch import start_local_game
            config = self.config.with_new_seed()
            config.options = {**config.options, "first": int(outcome["next_first"])}  # the loser starts
            again = lambda: start_local_game(self.app, config)  # noqa: E731
        title = f"Linja · {self.seat_name(0)} vs {self.seat_name(1)}"
        self.app.replace(ResultsScene(self.app, linja_figures(self.shown, outcome), outcome, again, title))

    # -- choices and input ------------------------------------------------------------------------
    def choices(self) -> list[dict[str, Any]]:
        return list(self.shown.get("choices") or []) if self.my_turn else []

    def active_choice(self) -> dict[str, Any] | None:
        """The move under the pointer, or the one picked with keys."""
        choices = self.choices()
        if self.hover_row is not None:
            return next((c for c in choices if c["from"] == self.hover_row), None)
        if self.selected is not None and choices:
            return choices[self.selected % len(choices)]
        return None

    def mover(self, choice: dict[str, Any]) -> Piece | None:
        """The piece that would move for ``choice``: the one nearest the pointer in its row."""
        assert self.seat is not None
        group = self.rows[int(choice["from"])][self.seat]
        if not group:
            return None
        pointer = self.hover_pos
        if pointer is None or self.hover_row != choice["from"]:
            return group[-1]
        return min(group, key=lambda piece: abs(piece.x - pointer[0]))

    def play_row(self, row: int) -> None:
        phase = self.shown.get("phase")
        if phase == "over" or self.finished:
            return
        if self.seat is None:
            self.say("Watching: nobody plays from this screen.")
            return
        choice = next((c for c in self.choices() if c["from"] == row), None)
        if choice is not None:
            self.picked = self.mover(choice)
        self.say("")
        self.submit({"type": "initial" if phase == "initial" else "follow", "from": row})

    def handle(self, intent: Intent) -> bool:
        if self.lan_hud.handle(intent):
            return True
        kind = intent.kind
        if kind == "cancel":
            self.open_menu()
            return True
        if kind == "help":
            self.open_rules()
            return True
        on_button = intent.pos is not None and self.ui.at(intent.pos) is not None
        if self.busy and kind in ("press", "confirm", "next") and not on_button:
            self.timeline.finish()  # impatient players skip the animation
            return True
        if kind == "point" and intent.pos is not None:
            self.hover_pos = intent.pos
            self.hover_row = self.layout.row_at(intent.pos)
            if self.hover_row is not None:
                self.selected = None
        if kind == "press" and intent.pos is not None:
            row = self.layout.row_at(intent.pos)
            if row is not None:
                self.hover_pos, self.hover_row = intent.pos, row
                self.play_row(row)
                return True
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
        if kind == "confirm" and self.choices() and not (self.ui.focus is not None and self.ui.focus.hovered):
            self._step_selection(1)  # Enter first shows a move; a second Enter plays it
            return True
        return super().handle(intent)

    def _step_selection(self, step: int) -> None:
        count = len(self.choices())
        self.hover_row = None
        self.selected = (0 if step > 0 else count - 1) if self.selected is None else (self.selected + step) % count
        self.app.sounds.play("hover")

    def open_rules(self) -> None:
        from game.scenes.rules import RulesScene
        self.app.push(RulesScene(self.app, "linja"))

    def open_menu(self) -> None:
        from game.scenes.pause import PauseScene
        self.app.push(PauseScene(self.app, game="linja"))

    # -- frame ------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.lan_hud.update(dt)
        scaled = dt * self.app.settings.animation_speed
        self.timeline.update(scaled)
        self.floaters.update(scaled)
        self.particles.update(dt)
        for row in range(ROWS):
            slots = self.layout.slots(row, self.row_counts(row))
            for seat in (0, 1):
                for piece, slot in zip(self.rows[row][seat], slots[seat], strict=False):
                    piece.glide(slot, scaled)
        if not self.busy and not self.finished:
            try:
                self.session.pump()
            finally:
                self._drain()

    def draw(self, surface: pygame.Surface) -> None:
        self.panel.draw_board(surface)
        self.board.draw(surface)
        self.floaters.draw(surface)
        if self.banner is not None:
            self.banner.draw(surface)
        self.panel.draw(surface)
        super().draw(surface)
        self.particles.draw(surface)
        self.lan_hud.draw(surface)  # seat dots, chat, and "Reconnecting…" while the link is down

    def pulse(self, speed: float = 5.0) -> float:
        return 0.5 + 0.5 * math.sin(self.age * speed)

    def counted_pieces(self) -> list[Piece]:
        """The pieces whose number sets the following move: those of the row entered, bar the newcomer."""
        if self.count_row is None:
            return []
        return [piece for seat in (0, 1) for piece in self.rows[self.count_row][seat]
                if piece is not self.count_skip and not piece.flying]
