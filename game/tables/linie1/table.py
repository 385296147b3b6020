"""The Linie 1 table: board, hand, route card, players, and every animation of the game.

It talks only to a ``Session`` (local or LAN): intents go out through ``submit``; updates come back
with events (animated one after another by a ``Director``) and the seat's new view. What is drawn
is the view plus the *overrides* of effects still to play, so a tile appears on the board only
when its flight lands. With several humans at one screen, a cover ("Pass to …") comes up before
each human turn and a player's own cards are shown only during their turn.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.anim import ParticleSystem
from game.core.linie1 import check_from_view, fitting_cells, my_route_status, my_trip_candidates
from game.lan.hud import NetHud
from game.render.linie1.board import Cell, Linie1Board, Segments, line_colour, tile_image, tile_segments
from game.render.linie1.die import draw_die
from game.render.linie1.route import RoutePath
from game.scenes.cover import CoverScene
from game.tables.legacy import TableScene
from game.tables.linie1.figures import linie1_figures
from game.tables.linie1.show import Banner, Call, DieRoll, Director, HandFlight, Pop, TileFlight, TramDrive, Wait
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import Button, draw_tooltip

CELL = 74
ORIGIN = (22, 22)
PANEL_X = 1090
PANEL_W = theme.WIDTH - PANEL_X - 24
SLOT = 118
HAND_Y = 650
PILE_POS = (PANEL_X + PANEL_W - 70, HAND_Y + 60)
LINE_NAMES = {1: "red", 2: "yellow", 3: "green", 4: "blue", 5: "magenta", 6: "white"}
PAIRABLE = ("linie1.rule_d_blocks_track", "linie1.rule_d_into_trackless_side", "linie1.rule_e_dead_end",
            "linie1.rule_d_blocks_terminal")


def _cell(value: Any) -> tuple[int, int]:
    return int(value[0]), int(value[1])


class Linie1Table(TableScene):
    name = "linie1_table"

    def __init__(self, app, session, config=None) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app, session, config)
        self.board = Linie1Board(CELL)
        self.director = Director()
        self.particles = ParticleSystem(seed=11)
        self.humans: list[int] = list(session.controlled_seats)
        self.seat: int | None = None  # whose eyes the screen shows (None: nobody's secrets)
        self.covered_for: int | None = None
        self.view: dict[str, Any] = session.view(self._public_seat())
        # Effects still to play hide their result: cell -> segments shown meanwhile (None = empty).
        self.cell_overrides: dict[tuple[int, int], list[list[str]] | None] = {}
        self.hidden_signs: set[str] = set()
        # The view's tile and sign lists with the maps drawn from them: views are read-only and a
        # new list comes with every change, so the same list means the same maps (and picture).
        self._board_maps: tuple[Any, Any, dict[Cell, Segments], dict[str, Cell]] | None = None
        self._announced_turn: tuple[Any, int] | None = None  # (turn number, seat) last greeted
        self.hand_hidden: dict[int, int] = {}
        self.tram_override: dict[int, tuple[float, float, float]] = {}
        self.die: dict[str, Any] | None = None
        self.selected = 0
        self.rotations = [0] * 6
        self.cursor: tuple[int, int] | None = None
        self.pointer_on_board = False
        self.hint = False
        self.message = ""
        self.message_bad = False
        self.pair_first: dict[str, Any] | None = None
        self._ghost_cache: dict[Any, Any] = {}
        self._hint_cache: dict[Any, list[list[int]]] = {}
        self._status_cache: dict[Any, Any] = {}
        self.finished = False
        self.link_down = False  # a LAN session lost its host and is reconnecting
        self.pointer: tuple[int, int] | None = None
        self.pointer_still = 0.0  # seconds the mouse has rested (board tooltips wait for it)
        self.toast: tuple[str, float] | None = None  # a short note over the board that blocks nothing
        self._build_buttons()
        self._entered = False
        self.lan_hud = NetHud(self, session, lambda seat: (self.player_row(seat).x + 52,
                                                           self.player_row(seat).centery + 14))

    def enter(self) -> None:
        # The first cover (if any) must go on top of this scene, so the seat is chosen once pushed.
        if not self._entered:
            self._entered = True
            self._choose_seat(initial=True)

    # -- seats and privacy ------------------------------------------------------------------------
    def _public_seat(self) -> int | None:
        return self.humans[0] if len(self.humans) == 1 else None

    def seat_info(self, seat: int) -> dict[str, Any]:
        seats = self.view.get("match", {}).get("seats", [])
        return seats[seat] if seat < len(seats) else {"name": f"Seat {seat + 1}", "colour": seat, "kind": "human"}

    def seat_colour(self, seat: int) -> theme.Colour:
        return theme.player_colour(int(self.seat_info(seat).get("colour", seat)))

    @property
    def current(self) -> int:
        return int(self.view["current"])

    @property
    def my_turn(self) -> bool:
        return (self.seat is not None and self.seat == self.current and self.view["phase"] != "over"
                and self.seat in self.humans and not self.finished)

    def _choose_seat(self, initial: bool = False) -> None:
        """Decide whose view the screen shows; bring up the cover when the device must change hands."""
        current = self.current
        if self.view["phase"] == "over":
            self.seat = self._public_seat()
        elif current in self.humans:
            if len(self.humans) > 1 and self.covered_for != current:
                self.seat = None
                self.covered_for = current
                self._refresh_view()
                name = str(self.seat_info(current).get("name"))
                self.app.push(CoverScene(self.app, name, self.seat_colour(current),
                                         lambda seat=current: self._reveal(seat)))
                return
            self.seat = current
        else:
            self.seat = self._public_seat()
        self._refresh_view()
        turn = (self.view.get("turn"), current)
        if self.my_turn and self.view["phase"] != "over" and turn != self._announced_turn:
            self._announced_turn = turn  # once a turn, not after each of its actions
            if not initial:
                self.app.sounds.play("turn")
            self.toast = ("Your turn" if len(self.humans) == 1 else f"{self.seat_info(current).get('name')}'s turn",
                          1.4)

    def _reveal(self, seat: int) -> None:
        self.seat = seat
        self._refresh_view()
        self.toast = (f"{self.seat_info(seat).get('name')}'s turn", 1.4)
        self.selected = 0
        self.message = ""

    def _refresh_view(self) -> None:
        self.view = self.session.view(self.seat)
        self._ghost_cache.clear()

    # -- the session ------------------------------------------------------------------------------
    def _drain(self) -> None:
        """Read the session's messages: animate one observer's events, show rejections."""
        observer = self.humans[0] if self.humans else None
        changed = False
        for message in self.session.poll():
            kind = message.get("type")
            if kind == "rejected":
                rejection = message.get("rejection", {})
                self.say(str(rejection.get("message", "Not allowed.")), bad=True)
                self.app.sounds.play("error")
            elif kind == "status":
                self.link_down = message.get("link") == "down"
            elif kind == "update" and message.get("seat") == observer:
                self._stage(message.get("events", []))
                changed = True
        if changed:
            self.director.add(Call(self._after_events))
            self._refresh_view()

    def _after_events(self) -> None:
        self.cell_overrides.clear()
        self.hidden_signs.clear()
        self.hand_hidden.clear()
        self.tram_override.clear()
        self._refresh_view()
        outcome = self.view.get("outcome")
        if outcome and not self.finished:
            self._finish(outcome)
            return
        previous_seat = self.seat
        self._choose_seat()
        if self.seat != previous_seat:
            self.selected = 0

    def say(self, text: str, bad: bool = False) -> None:
        self.message = text
        self.message_bad = bad

    # -- events become effects ----------------------------------------------------------------------
    def _stage(self, events: list[dict[str, Any]]) -> None:
        before = self.view
        tiles_before = {_cell(t["cell"]): tile_segments(t["tile"], t["rot"]) for t in before["board"]["tiles"]}
        for event in events:
            kind = event.get("type")
            if kind in ("place", "exchange"):
                cell = _cell(event["cell"])
                self.cell_overrides.setdefault(cell, tiles_before.get(cell))
                source = self._tile_source(int(event["seat"]))
                self.director.add(TileFlight(source, self.board.cell_rect(cell, ORIGIN), event["segments"],
                                             lambda c=cell: self.cell_overrides.pop(c, None), self.app.sounds.play))
            elif kind == "stop":
                letter = str(event["building"])
                cell = _cell(event["cell"])
                self.hidden_signs.add(letter)
                centre = self.board.sign_position(letter, cell, ORIGIN)
                self.director.add(Pop(centre, lambda surface, scale, l=letter, c=cell: self.board.draw_sign(
                    surface, l, c, ORIGIN, scale), lambda l=letter: self.hidden_signs.discard(l), self._sparks,
                    self.app.sounds.play))
            elif kind == "draw":
                seat = int(event["seat"])
                tiles = [int(t) for t in event["tiles"]]
                self.hand_hidden[seat] = self.hand_hidden.get(seat, 0) + len(tiles)
                self.director.add(Call(lambda: None))
                self.director.add(_LazyHandFlight(self, seat, tiles))
            elif kind == "trip":
                seat = int(event["seat"])
                name = str(self.seat_info(seat).get("name"))
                stops = " ".join(event.get("stops", []))
                self.director.add(Banner(self.board_rect, f"{name} starts the trip!", line_colour(int(event["line"])),
                                         1.8, f"Line {event['line']} · stops {stops}"))
            elif kind == "roll":
                face = str(event["face"])
                self.director.add(DieRoll(self.die_centre, 110, list(self.view["options"]["die_faces"]), face,
                                          lambda s=int(event["seat"]), f=face: self._set_die(s, f),
                                          self.app.sounds.play, seed=self.view["turn"]))
            elif kind == "move":
                self._stage_move(event)
            elif kind == "win":
                seat = int(event["seat"])
                name = str(self.seat_info(seat).get("name"))
                self.director.add(Call(lambda s=seat: self._celebrate(s)))
                self.director.add(Banner(self.board_rect, f"{name} wins!", theme.SUNFLOWER, 2.6,
                                         "The first tram reached its terminal."))
            elif kind == "stalemate":
                self.director.add(Banner(self.board_rect, "Stalemate", theme.CORAL, 2.2,
                                         "Nobody can lay track and nobody is driving."))
            elif kind == "undo":
                self.app.sounds.play("rotate")
            elif kind == "turn":
                self.director.add(Wait(0.15))

    def _stage_move(self, event: dict[str, Any]) -> None:
        seat = int(event["seat"])
        player = self.view["players"][seat]
        trip = player.get("trip")
        if trip is None:
            return
        path = RoutePath(self.board, trip, ORIGIN)
        start, end = int(event["from"]), int(event["to"])
        self.tram_override[seat] = path.resting(start)

        def place(progress: float, s: int = seat) -> None:
            self.tram_override[s] = path.travel(start, end, progress)

        self.director.add(TramDrive(place, end - start, lambda s=seat: self.tram_override.pop(s, None),
                                    self.app.sounds.play))

    def _set_die(self, seat: int, face: str) -> None:
        self.die = {"seat": seat, "face": face}

    def _sparks(self, centre: tuple[float, float]) -> None:
        self.particles.burst(centre[0], centre[1], [theme.SUNFLOWER, theme.MINT, theme.CREAM], 26, 380, 0.7)

    def _celebrate(self, seat: int) -> None:
        self.app.sounds.play("fanfare")
        colours = [self.seat_colour(seat), theme.SUNFLOWER, theme.CREAM, theme.TANGERINE]
        self.particles.confetti(theme.WIDTH, colours, 240)
        for offset in (-300, 0, 300):
            self.particles.burst(self.board_rect.centerx + offset, self.board_rect.centery - 120, colours, 50, 650)

    def _tile_source(self, seat: int) -> tuple[float, float]:
        if seat == self.seat:
            return self.slot_rect(min(self.selected, 4)).center
        return self.player_row(seat).center

    def _finish(self, outcome: dict[str, Any]) -> None:
        self.finished = True
        from game.scenes.results import ResultsScene
        final = self.session.view(self._public_seat())  # every card is revealed at the end
        again = None
        if self.config is not None:
            from game.tables.launch import start_local_game
            config = self.config.with_new_seed()
            again = lambda: start_local_game(self.app, config)  # noqa: E731
        players = len(self.view["players"])
        self.app.replace(ResultsScene(self.app, linie1_figures(final, outcome), outcome, again,
                                      f"Linie 1 · {players} players"))

    # -- layout -----------------------------------------------------------------------------------
    @property
    def board_rect(self) -> pygame.Rect:
        return pygame.Rect(ORIGIN[0], ORIGIN[1], self.board.size, self.board.size)

    @property
    def die_centre(self) -> tuple[float, float]:
        return (PANEL_X + PANEL_W - 90, HAND_Y - 120)

    def player_row(self, seat: int) -> pygame.Rect:
        return pygame.Rect(PANEL_X, 24 + seat * 72, PANEL_W, 64)

    def slot_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(PANEL_X + 24 + index * (SLOT + 16), HAND_Y + 56, SLOT, SLOT)

    def _build_buttons(self) -> None:
        y = 946
        self.undo_button = Button((PANEL_X, y, 190, 86), "Undo", lambda: self.submit({"type": "undo"}),
                                  "secondary", 34, "Take back your last action (Ctrl+Z).")
        self.rotate_button = Button((PANEL_X + 206, y, 190, 86), "Rotate", self.rotate, "secondary", 34,
                                    "Turn the tile (R, mouse wheel or right click).")
        self.hint_button = Button((PANEL_X + 412, y, 150, 86), "Hint", self.toggle_hint, "secondary", 34,
                                  "Show where the tile fits (H).")
        self.main_button = Button((PANEL_X + 578, y, PANEL_W - 578, 86), "End turn", self.main_action, "primary", 38)
        self.trip_button = Button((PANEL_X + PANEL_W - 300, 566, 300, 70), "Start trip", self.open_trip_chooser,
                                  "good", 34, "Your route is complete: choose it and start driving.")
        for button in (self.undo_button, self.rotate_button, self.hint_button, self.main_button, self.trip_button):
            self.ui.add(button)

    # -- intents ----------------------------------------------------------------------------------
    def rotate(self, step: int = 1) -> None:
        self.rotations[self.selected] = (self.rotations[self.selected] + step) % 4
        self.app.sounds.play("rotate")
        self._ghost_cache.clear()

    def toggle_hint(self) -> None:
        self.hint = not self.hint
        self.hint_button.style = "primary" if self.hint else "secondary"

    def main_action(self) -> None:
        phase = self.view["phase"]
        if not self.my_turn:
            return
        if phase == "roll":
            self.submit({"type": "roll"})
        else:
            self.submit({"type": "end_turn"})

    def open_trip_chooser(self) -> None:
        candidates = self.trip_candidates()
        if not candidates:
            return
        from game.tables.linie1.trip import TripChooser
        self.app.push(TripChooser(self.app, self, candidates))

    def declare(self, candidate: dict[str, Any]) -> None:
        self.submit({"type": "declare", "start": candidate["start"], "route": candidate["route"]})

    def hand(self) -> list[int]:
        if self.seat is None:
            return []
        hand = list(self.view["hands"][self.seat])
        hidden = self.hand_hidden.get(self.seat, 0)
        return hand[:len(hand) - hidden] if hidden else hand

    def selected_tile(self) -> int | None:
        hand = self.hand()
        if not hand:
            return None
        self.selected = min(self.selected, len(hand) - 1)
        return hand[self.selected]

    def can_build(self) -> bool:
        return self.my_turn and self.view["phase"] == "build" and self.view["actions_taken"] < 2 \
            and not self.director.busy

    def handle(self, intent: Intent) -> bool:
        if self.lan_hud.handle(intent):
            return True
        kind = intent.kind
        if kind == "cancel":
            if self.pair_first is not None:
                self.pair_first = None
                self.say("Pair cancelled.")
                return True
            from game.scenes.pause import PauseScene
            self.app.push(PauseScene(self.app, game="linie1"))
            return True
        if kind == "help":
            from game.scenes.rules import RulesScene
            self.app.push(RulesScene(self.app, "linie1"))
            return True
        if self.director.busy and kind in ("confirm", "press", "next") and intent.pos is None:
            self.director.finish_all()  # impatient players skip the animation
            return True
        if kind == "point" and intent.pos is not None:
            self.pointer = intent.pos
            self.pointer_still = 0.0
            cell = self.board.cell_at(intent.pos, ORIGIN)
            self.pointer_on_board = cell is not None
            if cell is not None:
                if cell != self.cursor and self.message_bad:
                    self.say("")  # an old refusal gives way to what the ghost says here
                self.cursor = cell
        if kind == "press" and intent.pos is not None:
            if self.view["phase"] == "refill":  # the hand area shows the drivers' tiles instead
                if self.my_turn and self._take_at(intent.pos):
                    return True
            else:
                for index in range(len(self.hand())):
                    if self.slot_rect(index).collidepoint(intent.pos):
                        self.pick(index)
                        return True
            cell = self.board.cell_at(intent.pos, ORIGIN)
            if cell is not None:
                self.cursor = cell
                self.place()
                return True
        if intent.turn:
            self.rotate(intent.turn)
            return True
        if kind == "pick" and isinstance(intent.value, int):
            self.pick(intent.value)
            return True
        if kind in ("focus_next", "focus_prev") and self.hand():
            # Tab / the pad's shoulder buttons walk through the hand.
            step = 1 if kind == "focus_next" else -1
            self.selected = (self.selected + step) % len(self.hand())
            self.app.sounds.play("click")
            self._ghost_cache.clear()
            return True
        if kind == "undo":
            if self.my_turn and self.view.get("can_undo"):
                self.submit({"type": "undo"})
            return True
        if kind == "hint":
            self.toggle_hint()
            return True
        if kind == "next":
            self.main_action()
            return True
        if kind in ("up", "down", "left", "right") and self.can_build():
            row, col = self.cursor or (6, 6)
            d_row, d_col = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}[kind]
            self.cursor = (min(12, max(1, row + d_row)), min(12, max(1, col + d_col)))
            self.pointer_on_board = True
            return True
        if kind == "confirm" and self.can_build() and self.cursor is not None and self.ui.focus is None:
            self.place()
            return True
        if kind == "confirm" and self.can_build() and self.cursor is not None and self.pointer_on_board:
            self.place()
            return True
        return super().handle(intent)

    def pick(self, index: int) -> None:
        if 0 <= index < len(self.hand()):
            if index == self.selected:
                self.rotate()
            self.selected = index
            self.app.sounds.play("click")
            self._ghost_cache.clear()

    def _take_at(self, pos: tuple[int, int]) -> bool:
        for source, index, tile, rect in self._refill_slots():
            if rect.collidepoint(pos):
                self.submit({"type": "take", "from": source, "tile": tile})
                return True
            del index
        return False

    def _refill_slots(self) -> list[tuple[int, int, int, pygame.Rect]]:
        slots = []
        x = PANEL_X + 24
        for player in self.view["players"]:
            seat = player["seat"]
            if not player["driving"] or seat == self.seat:
                continue
            for index, tile in enumerate(self.view["hands"][seat]):
                slots.append((seat, index, tile, pygame.Rect(x, HAND_Y + 56, 80, 80)))
                x += 90
        return slots

    # -- placing ----------------------------------------------------------------------------------
    def ghost_action(self) -> dict[str, Any] | None:
        tile = self.selected_tile()
        if tile is None or self.cursor is None:
            return None
        cell = [self.cursor[0], self.cursor[1]]
        laid = any(_cell(t["cell"]) == self.cursor for t in self.view["board"]["tiles"])
        return {"type": "exchange" if laid else "place", "tile": tile, "cell": cell,
                "rot": self.rotations[self.selected]}

    def ghost_verdict(self) -> Any:
        action = self.ghost_action()
        if action is None or self.seat is None:
            return None
        version = self.view.get("match", {}).get("version")
        pair = self.pair_first
        key = (version, action["type"], action["tile"], tuple(action["cell"]), action["rot"],
               None if pair is None else tuple(pair["cell"]))
        if key not in self._ghost_cache:
            if pair is not None and action["type"] == "exchange":
                judged = {"type": "exchange2", "first": pair, "second": {k: action[k] for k in ("tile", "cell", "rot")}}
            else:
                judged = action
            self._ghost_cache[key] = check_from_view(self.view, self.seat, judged)
        return self._ghost_cache[key]

    def place(self) -> None:
        if not self.can_build():
            if self.my_turn and self.view["phase"] == "build":
                self.say("You have taken both actions: end your turn.", bad=True)
            return
        action = self.ghost_action()
        if action is None:
            return
        rejection = self.ghost_verdict()
        if self.pair_first is not None and action["type"] == "exchange":
            pair = {"type": "exchange2", "first": self.pair_first,
                    "second": {k: action[k] for k in ("tile", "cell", "rot")}}
            if rejection is None:
                self.pair_first = None
                self.submit(pair)
                return
            self.say(rejection.message, bad=True)
            self.app.sounds.play("error")
            return
        if rejection is None:
            self.submit(action)
            self.say("")
            return
        if (action["type"] == "exchange" and rejection.code in PAIRABLE and self.view["actions_taken"] == 0
                and len(self.hand()) >= 2):
            self.pair_first = {k: action[k] for k in ("tile", "cell", "rot")}
            self.say("Not legal alone. Exchange a neighbouring tile too: both are judged together (Esc cancels).")
            self.selected = (self.selected + 1) % len(self.hand())
            return
        self.say(rejection.message, bad=True)
        self.app.sounds.play("error")

    # -- frame ------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        scaled = dt * self.app.settings.animation_speed
        self.director.update(scaled)
        self.particles.update(dt)
        self.lan_hud.update(dt)
        self.pointer_still += dt
        if self.toast is not None:
            self.toast = (self.toast[0], self.toast[1] - dt) if self.toast[1] > dt else None
        if not self.director.busy and not self.finished:
            try:
                self.session.pump()
            finally:
                self._drain()
        self._update_buttons()

    def _update_buttons(self) -> None:
        mine = self.my_turn and not self.director.busy
        phase = self.view["phase"]
        building = mine and phase == "build"
        self.undo_button.enabled = building and bool(self.view.get("can_undo"))
        self.rotate_button.enabled = building
        self.hint_button.enabled = building
        for button in (self.undo_button, self.rotate_button, self.hint_button):
            button.visible = phase == "build"
        self.main_button.visible = True
        self.main_button.tooltip = None
        if phase == "roll":
            self.main_button.label = "Roll the die"
            self.main_button.enabled = mine
        elif phase == "refill":
            self.main_button.label = "Stop taking"
            self.main_button.enabled = mine
        else:
            self.main_button.label = "End turn"
            self.main_button.enabled = building and not self.view.get("must_act")
            owed = 2 - int(self.view["actions_taken"])
            self.main_button.tooltip = (
                f"Lay {'one more tile' if owed == 1 else 'two tiles'} first: a turn is two actions "
                "whenever two are possible." if building and self.view.get("must_act") else None)
        self.trip_button.visible = building and self.view["actions_taken"] == 0 and bool(self.trip_candidates())

    def trip_candidates(self) -> list[dict[str, Any]]:
        if not (self.my_turn and self.view["phase"] == "build" and self.view["actions_taken"] == 0):
            return []
        key = ("trip", self.view.get("match", {}).get("version"), self.seat)
        if key not in self._status_cache:
            self._status_cache = {key: my_trip_candidates(self.view)}
        return self._status_cache[key]

    def route_status(self) -> dict[str, Any] | None:
        if self.seat is None:
            return None
        key = ("route", self.view.get("match", {}).get("version"), self.seat)
        if key not in self._status_cache:
            self._status_cache[key] = my_route_status(self.view)
        return self._status_cache[key]

    # -- drawing ----------------------------------------------------------------------------------
    def _laid(self) -> tuple[dict[Cell, Segments], dict[str, Cell]]:
        """The view's tiles and signs as maps, made again only when the view's lists change."""
        board = self.view["board"]
        maps = self._board_maps
        if maps is None or maps[0] is not board["tiles"] or maps[1] is not board["signs"]:
            tiles = {_cell(t["cell"]): tile_segments(t["tile"], t["rot"]) for t in board["tiles"]}
            signs = {s["building"]: _cell(s["cell"]) for s in board["signs"]}
            maps = self._board_maps = (board["tiles"], board["signs"], tiles, signs)
        return maps[2], maps[3]

    def shown_tiles(self) -> dict[Cell, Segments]:
        """The tiles to draw: the view's, with those still in flight held back. The same object
        frame after frame while nothing moves, so the board's picture is not even compared."""
        tiles = self._laid()[0]
        if not self.cell_overrides:
            return tiles
        tiles = dict(tiles)
        for cell, segments in self.cell_overrides.items():
            if segments is None:
                tiles.pop(cell, None)
            else:
                tiles[cell] = segments
        return tiles

    def shown_signs(self) -> dict[str, Cell]:
        signs = self._laid()[1]
        if not self.hidden_signs:
            return signs
        return {letter: cell for letter, cell in signs.items() if letter not in self.hidden_signs}

    def _backdrop(self, size: tuple[int, int]) -> pygame.Surface:
        """The background and the board's frame: drawn once, then one opaque blit a frame."""
        cached = self.__dict__.get("_backdrop_surface")
        if cached is None or cached.get_size() != size:
            cached = pygame.Surface(size).convert() if pygame.display.get_surface() else pygame.Surface(size)
            theme.background(cached)
            frame = self.board_rect.inflate(16, 16)
            pygame.draw.rect(cached, theme.SHADOW, frame.move(0, 6), border_radius=18)
            pygame.draw.rect(cached, theme.PLUM_LIGHT, frame, border_radius=18)
            self.__dict__["_backdrop_surface"] = cached
        return cached

    def _still_picture(self, size: tuple[int, int]) -> pygame.Surface:
        """Backdrop, board, laid tiles, signs and declared routes as one opaque surface.

        These change only when a tile, a sign or a trip does, so a frame costs one opaque blit
        for all of them instead of three large alpha blits.
        """
        static = self.board.static_layer(self.shown_tiles(), self.shown_signs())
        routes = tuple(self._route_key(player["trip"], line_colour(int(player["line"])), 110)
                       for player in self.view["players"]
                       if player.get("trip") is not None and player.get("line") is not None)
        key = (id(static), routes, size)
        if self.__dict__.get("_still_key") != key:
            picture = self._backdrop(size).copy()
            picture.blit(static, ORIGIN)
            self._draw_routes(picture)
            self.__dict__["_still_surface"] = picture
            self.__dict__["_still_key"] = key
        return self.__dict__["_still_surface"]

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self._still_picture(surface.get_size()), (0, 0))
        self._draw_hint(surface)
        self._draw_goals(surface)
        self._draw_ghost(surface)
        self._draw_trams(surface)
        self._draw_players(surface)
        self._draw_route_card(surface)
        self._draw_hand(surface)
        self._draw_die(surface)
        self._draw_message(surface)
        super().draw(surface)
        self.director.draw(surface)
        self.particles.draw(surface)
        self._draw_toast(surface)
        self._draw_board_tooltip(surface)
        self.lan_hud.draw(surface)  # seat dots, chat, and "Reconnecting…" while the link is down

    def _draw_toast(self, surface: pygame.Surface) -> None:
        if self.toast is None or self.director.busy:
            return
        text, left = self.toast
        alpha = min(1.0, left / 0.3)
        image = theme.render_text(text, 56, theme.SUNFLOWER, theme.DISPLAY_FONT)
        box = image.get_rect().inflate(64, 30)
        box.midtop = (self.board_rect.centerx, self.board_rect.y + 26)
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*theme.NIGHT, 220), layer.get_rect(), border_radius=22)
        pygame.draw.rect(layer, (*theme.SUNFLOWER, 255), layer.get_rect(), width=3, border_radius=22)
        layer.blit(image, image.get_rect(center=(box.width // 2, box.height // 2 + 3)))
        layer.set_alpha(int(255 * alpha))
        surface.blit(layer, box)

    def _draw_board_tooltip(self, surface: pygame.Surface) -> None:
        """Resting the mouse on a terminal or a building names it."""
        if self.pointer is None or self.pointer_still < 0.5 or self.director.busy:
            return
        cell = self.board.cell_at(self.pointer, ORIGIN)
        if cell is None:
            return
        if cell in self.board.terminal_at:
            terminal = self.board.terminal_at[cell]
            text = f"Line {terminal['line']}: {terminal['name']}"
        elif cell in self.board.buildings:
            building = self.board.buildings[cell]
            text = f"{building['letter']}: {building['name']}"
        else:
            return
        draw_tooltip(surface, text, self.board.cell_rect(cell, ORIGIN))

    def _draw_hint(self, surface: pygame.Surface) -> None:
        tile = self.selected_tile()
        if not (self.hint and self.can_build() and tile is not None):
            return
        rot = self.rotations[self.selected]
        key = (self.view.get("match", {}).get("version"), tile, rot)
        if key not in self._hint_cache:
            self._hint_cache = {key: fitting_cells(self.view, tile, rot)}
        glow = pygame.Surface((CELL, CELL), pygame.SRCALPHA)
        glow.fill((*theme.MINT, 70))
        for row, col in self._hint_cache[key]:
            rect = self.board.cell_rect((row, col), ORIGIN)
            surface.blit(glow, rect)
            pygame.draw.rect(surface, theme.MINT, rect, width=2, border_radius=6)

    def _draw_ghost(self, surface: pygame.Surface) -> None:
        if self.pair_first is not None:
            cell = _cell(self.pair_first["cell"])
            segments = tile_segments(self.pair_first["tile"], self.pair_first["rot"])
            self.board.draw_ghost(surface, cell, segments, True, ORIGIN, 230)
            pygame.draw.rect(surface, theme.SUNFLOWER, self.board.cell_rect(cell, ORIGIN).inflate(8, 8), 4,
                             border_radius=10)
        if not self.can_build() or not self.pointer_on_board:
            return
        action = self.ghost_action()
        if action is None:
            return
        ok = self.ghost_verdict() is None
        cell = _cell(action["cell"])
        self.board.draw_ghost(surface, cell, tile_segments(action["tile"], action["rot"]), ok, ORIGIN)

    def _draw_goals(self, surface: pygame.Surface) -> None:
        """Ring the viewer's own terminals and stop buildings, so the secret plan is easy to read."""
        status = self.route_status()
        if status is None or self.view["players"][self.seat]["driving"]:
            return
        pulse = 0.5 + 0.5 * math.sin(self.age * 3)
        colour = theme.mix(line_colour(int(status["line"])), theme.CREAM, 0.35 * pulse)
        for terminal in status["terminals"]:
            area = self.board.cell_rect(_cell(terminal["cells"][0]), ORIGIN).union(
                self.board.cell_rect(_cell(terminal["cells"][1]), ORIGIN))
            pygame.draw.rect(surface, colour, area.inflate(6, 6), width=4, border_radius=CELL // 3)
        for stop in status["stops"]:
            rect = self.board.cell_rect(self.board.building_cells[stop["building"]], ORIGIN)
            pygame.draw.rect(surface, theme.SUNFLOWER if not all(stop["connected"]) else theme.MINT,
                             rect.inflate(2, 2), width=3 + int(pulse * 2), border_radius=CELL // 6)

    def _draw_routes(self, surface: pygame.Surface) -> None:
        for player in self.view["players"]:
            trip = player.get("trip")
            if trip is None or player.get("line") is None:
                continue
            self.draw_route(surface, trip, line_colour(int(player["line"])), 110)

    def draw_route(self, surface: pygame.Surface, trip: dict[str, Any], colour: theme.Colour, alpha: int) -> None:
        """A trip's route as a glowing line over the rails, with its halts marked.

        A declared route never changes, so its drawing is cached as a layer the size of the route's
        bounding box: a moving tram then costs one small blit per route, not a rebuilt polyline.
        """
        key = self._route_key(trip, colour, alpha)
        cache = self.__dict__.setdefault("_route_layers", {})
        cached = cache.get(key)
        if cached is None:
            if len(cache) >= 24:
                cache.clear()
            cached = cache[key] = self._route_layer(trip, colour, alpha)
        layer, offset = cached
        surface.blit(layer, offset)

    @staticmethod
    def _route_key(trip: dict[str, Any], colour: theme.Colour, alpha: int) -> tuple:
        return (tuple(trip["start"]), tuple(tuple(cell) for cell in trip["route"]), tuple(trip.get("halts", [])),
                tuple(colour), alpha)

    def _route_layer(self, trip: dict[str, Any], colour: theme.Colour,
                     alpha: int) -> tuple[pygame.Surface, tuple[int, int]]:
        path = RoutePath(self.board, trip, ORIGIN)
        points = [path.at(s / 4)[:2] for s in range(-4, len(path) * 4 + 1)]
        halts = [path.resting(index)[:2] for index, halt in enumerate(trip.get("halts", [])) if halt]
        xs = [p[0] for p in points + halts]
        ys = [p[1] for p in points + halts]
        margin = 16
        left, top = int(min(xs)) - margin, int(min(ys)) - margin
        width, height = int(max(xs)) - left + margin, int(max(ys)) - top + margin
        layer = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
        if len(points) > 1:
            pygame.draw.lines(layer, (*colour, alpha), False, [(x - left, y - top) for x, y in points], 12)
        for x, y in halts:
            centre = (x - left, y - top)
            pygame.draw.circle(layer, (*theme.CREAM, min(255, alpha + 80)), centre, 9)
            pygame.draw.circle(layer, (*colour, 255), centre, 9, 3)
        return layer, (left, top)

    def _draw_trams(self, surface: pygame.Surface) -> None:
        for player in self.view["players"]:
            seat = player["seat"]
            trip = player.get("trip")
            if trip is None or player.get("line") is None:
                continue
            pose = self.tram_override.get(seat)
            if pose is None:
                pose = RoutePath(self.board, trip, ORIGIN).resting(int(trip["position"]))
            self.board.draw_tram(surface, pose[:2], pose[2], int(player["line"]))

    def _draw_players(self, surface: pygame.Surface) -> None:
        for player in self.view["players"]:
            seat = player["seat"]
            rect = self.player_row(seat)
            info = self.seat_info(seat)
            colour = self.seat_colour(seat)
            active = seat == self.current and self.view["phase"] != "over"
            theme.panel(surface, rect, theme.PLUM if not active else theme.PLUM_LIGHT, 16,
                        colour if active else None, 4)
            pygame.draw.circle(surface, colour, (rect.x + 36, rect.centery), 18)
            if active:
                pygame.draw.circle(surface, theme.CREAM, (rect.x + 36, rect.centery), 18, 3)
            name = str(info.get("name"))
            if info.get("kind") == "bot":
                name += f"  · bot ({info.get('level')})"
            theme.draw_text(surface, name, (rect.x + 68, rect.centery), 28, theme.CREAM, theme.TEXT_BOLD_FONT,
                            "midleft")
            stats = player.get("stats", {})
            if player["driving"] and player.get("trip"):
                trip = player["trip"]
                left = len(trip["route"]) - 1 - int(trip["position"])
                status = f"driving · {left} to go"
            else:
                status = f"{player['hand_count']} tiles · laid {stats.get('tiles_laid', 0)}"
            theme.draw_text(surface, status, (rect.right - 20, rect.centery), 24, theme.CREAM_DIM, anchor="midright")
            if player.get("line") is not None and (player.get("revealed") or seat == self.seat):
                badge = (rect.right - 20 - theme.font(24).size(status)[0] - 36, rect.centery)
                pygame.draw.circle(surface, line_colour(int(player["line"])), badge, 17)
                ink = theme.INK if int(player["line"]) in (2, 6) else theme.CREAM
                theme.draw_text(surface, str(player["line"]), (badge[0], badge[1] + 1), 22, ink, theme.DISPLAY_FONT,
                                "center")
        pile = f"Pile: {self.view['pile_count']} tiles"
        theme.draw_text(surface, pile, (PANEL_X + PANEL_W, 24 + len(self.view["players"]) * 72 + 6), 24,
                        theme.CREAM_DIM, anchor="topright")

    def _draw_route_card(self, surface: pygame.Surface) -> None:
        top = 24 + len(self.view["players"]) * 72 + 44
        rect = pygame.Rect(PANEL_X, top, PANEL_W, HAND_Y - top - 24)
        theme.panel(surface, rect, theme.PLUM, 22, theme.PLUM_LIGHT, 6)
        status = self.route_status()
        if status is None:
            text = "Cards are hidden." if len(self.humans) > 1 else "Watching the bots play."
            theme.draw_text(surface, text, (rect.x + 28, rect.y + 26), 30, theme.CREAM_DIM, theme.TEXT_BOLD_FONT)
            whose = str(self.seat_info(self.current).get("name"))
            theme.draw_text(surface, f"{whose} is playing.", (rect.x + 28, rect.y + 70), 28, theme.CREAM_DIM)
            return
        line = int(status["line"])
        colour = line_colour(line)
        badge = (rect.x + 60, rect.y + 56)
        pygame.draw.circle(surface, theme.SHADOW, (badge[0], badge[1] + 4), 36)
        pygame.draw.circle(surface, colour, badge, 36)
        ink = theme.INK if line in (2, 6) else theme.CREAM
        theme.draw_text(surface, str(line), (badge[0], badge[1] + 3), 44, ink, theme.DISPLAY_FONT, "center")
        names = " ↔ ".join(t["name"] for t in status["terminals"])
        theme.draw_text(surface, f"Your line {line}", (rect.x + 116, rect.y + 20), 32, theme.SUNFLOWER,
                        theme.DISPLAY_FONT)
        size = theme.fit_text(names, 26, rect.width - 150)
        theme.draw_text(surface, names, (rect.x + 116, rect.y + 60), size, theme.CREAM)
        x = rect.x + 28
        y = rect.y + 112
        for stop in status["stops"]:
            letter = stop["building"]
            placed = stop["sign"] is not None
            joined = all(stop["connected"])
            chip = pygame.Rect(x, y, 200, 64)
            fill = theme.MINT_DARK if joined else theme.NIGHT_2
            pygame.draw.rect(surface, fill, chip, border_radius=14)
            pygame.draw.rect(surface, theme.MINT if joined else theme.PLUM_LIGHT, chip, 2, border_radius=14)
            theme.draw_text(surface, letter, (chip.x + 30, chip.centery + 2), 36, theme.CREAM, theme.DISPLAY_FONT,
                            "center")
            note = "connected" if joined else ("sign placed" if placed else "no sign yet")
            building = self.board.buildings[self.board.building_cells[letter]]["name"]
            bsize = theme.fit_text(building, 20, 140, theme.TEXT_BOLD_FONT)
            theme.draw_text(surface, building, (chip.x + 56, chip.y + 10), bsize, theme.CREAM, theme.TEXT_BOLD_FONT)
            theme.draw_text(surface, note, (chip.x + 56, chip.y + 36), 18, theme.CREAM_DIM)
            x += 216
        if status["complete"]:
            theme.draw_text(surface, "Route complete!", (rect.x + 28, rect.bottom - 48), 30, theme.MINT,
                            theme.DISPLAY_FONT)
        elif status["terminals_joined"]:
            theme.draw_text(surface, "Terminals joined — now the stops.", (rect.x + 28, rect.bottom - 44), 26,
                            theme.CREAM_DIM)

    def _draw_hand(self, surface: pygame.Surface) -> None:
        phase = self.view["phase"]
        title_pos = (PANEL_X + 24, HAND_Y + 6)
        if phase == "refill" and self.my_turn:
            theme.draw_text(surface, "Pile empty: take tiles from drivers' hands", title_pos, 28, theme.SUNFLOWER,
                            theme.TEXT_BOLD_FONT)
            for _source, _index, tile, rect in self._refill_slots():
                surface.blit(tile_image(tile_segments(tile, 0), rect.width), rect)
            return
        seat = self.seat if self.seat is not None else self.current
        if self.seat is None:
            hand = list(self.view["hands"][seat])
            label = f"{self.seat_info(seat).get('name')}'s tiles"
        else:
            hand = self.hand()
            label = "Your tiles" if self.my_turn else "Your tiles (wait for your turn)"
            if self.view["players"][self.seat]["driving"]:
                label = "Your spare tiles (face up: others may draw them)"
        theme.draw_text(surface, label, title_pos, 28, theme.CREAM, theme.TEXT_BOLD_FONT)
        if self.my_turn and phase == "build":
            taken = self.view["actions_taken"]
            theme.draw_text(surface, f"actions {taken}/2", (PANEL_X + PANEL_W - 24, HAND_Y + 8), 26,
                            theme.SUNFLOWER, anchor="topright")
        for index, tile in enumerate(hand[:6]):
            rect = self.slot_rect(index)
            chosen = self.seat is not None and index == self.selected and self.my_turn and phase == "build"
            lift = -10 if chosen else 0
            back = rect.inflate(12, 12).move(0, lift)
            pygame.draw.rect(surface, theme.SUNFLOWER if chosen else theme.NIGHT_2, back, border_radius=14)
            rot = self.rotations[index] if self.seat is not None else 0
            surface.blit(tile_image(tile_segments(tile, rot), SLOT), rect.move(0, lift))
            if self.my_turn and phase == "build":
                theme.draw_text(surface, str(index + 1), (back.centerx, back.bottom + 2), 22, theme.CREAM_DIM,
                                anchor="midtop")

    def _draw_die(self, surface: pygame.Surface) -> None:
        if self.die is None or (self.director.busy and isinstance(self.director.queue[0], DieRoll)):
            return
        draw_die(surface, self.die_centre, 110, self.die["face"])

    def status_line(self) -> tuple[str, bool]:
        """The line under the hand: a refusal, what the red ghost would be refused for, or guidance."""
        text, bad = self.message, self.message_bad
        verdict = self.ghost_verdict() if self.can_build() and self.pointer_on_board else None
        if verdict is not None and not self.message:
            text, bad = verdict.message, True  # the red ghost says why, before any click
        if not text:
            text, bad = self._guidance(), False
        return text, bad

    def _draw_message(self, surface: pygame.Surface) -> None:
        y = HAND_Y + 56 + SLOT + 38
        text, bad = self.status_line()
        if not text:
            return
        colour = theme.CORAL if bad else theme.CREAM_DIM
        for index, line in enumerate(theme.wrap(text, 26, PANEL_W - 20)[:2]):
            theme.draw_text(surface, line, (PANEL_X + 10, y + index * 32), 26, colour, theme.TEXT_BOLD_FONT)

    def _guidance(self) -> str:
        if not self.my_turn:
            name = self.seat_info(self.current).get("name")
            return f"{name} is thinking…" if self.seat_info(self.current).get("kind") == "bot" else ""
        phase = self.view["phase"]
        if phase == "roll":
            return "Roll the die to drive (Enter or N)."
        if phase == "build":
            if self.view["actions_taken"] >= 2 or not self.view.get("must_act"):
                return "End your turn (N) — or undo (Ctrl+Z)."
            return "Pick a tile (1–5), turn it (R / wheel / right click), click a square to lay it."
        return ""


class _LazyHandFlight(HandFlight):
    """A hand flight whose targets are measured when it starts (the hand may have changed)."""

    def __init__(self, table: Linie1Table, seat: int, tiles: list[int]) -> None:
        self.table, self.seat, self.drawn = table, seat, tiles
        super().__init__(PILE_POS, [], [tile_segments(t, 0) for t in tiles],
                         lambda: table.hand_hidden.pop(seat, None), table.app.sounds.play)

    def start(self) -> None:
        if self.seat == self.table.seat:
            size = len(self.table.view["hands"][self.seat])
            first = size - len(self.drawn)
            self.targets = [self.table.slot_rect(i) for i in range(first, size)]
        else:
            row = self.table.player_row(self.seat)
            self.targets = [pygame.Rect(row.right - 100, row.y, 60, 60) for _ in self.drawn]
        super().start()
