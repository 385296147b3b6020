"""Choosing the inaugural trip: the complete routes the core offers, each shown on the board.

An overlay over the table: the focused candidate's route glows on the board, with its length and
expected number of turns under the die; both its terminals (Start, End) and the stop squares it must
pass (with their buildings' letters) are ringed in the player's colour. Declaring reveals the
player's cards to everyone, so the chooser says so before the player confirms.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.anim.show import Masks
from game.i18n import _, decimal, ngettext
from game.render.linie1.board import line_colour
from game.scenes.stack import AppServices, Scene
from game.tables.linie1 import layout
from game.tables.linie1.board_view import BoardView
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import Button, ListView, share_row

PANEL = pygame.Rect(1090, 150, 806, 800)


def length_note(candidate: dict[str, Any], candidates: list[dict[str, Any]]) -> str:
    """What a route's length is among those offered, only where it is true: "(shortest)" for the one
    shortest, "(both as long)" for two routes alike (a route from either terminal), "(one of the
    shortest)" where another of more is as short."""
    if not candidates:
        return ""
    least = min(other["length"] for other in candidates)
    if candidate["length"] != least:
        return ""
    tied = sum(1 for other in candidates if other["length"] == least)
    if tied == len(candidates) == 2:  # a route and its way back, most often
        return _("(both as long)")
    if tied > 1:
        return _("(one of the shortest)")
    return _("(shortest)")


def candidate_label(candidate: dict[str, Any], candidates: list[dict[str, Any]], pace: bool) -> str:
    """A route's length and its figure under the trip rule. The length's note stands by the squares it
    is about: after the figure, "13 moves at full pace (both as long)" beside "17 moves…" read as if
    the two routes' moves were alike."""
    note, count = length_note(candidate, candidates), candidate["length"]
    if pace:  # the pace rule: moves if each goes as far as allowed
        moves = int(candidate["expected_turns"])
        if note:
            return ngettext("{count} squares {note}, {moves} move at full pace",
                            "{count} squares {note}, {moves} moves at full pace", moves).format(
                count=count, note=note, moves=moves)
        return ngettext("{count} squares, {moves} move at full pace",
                        "{count} squares, {moves} moves at full pace", moves).format(count=count, moves=moves)
    turns = decimal(candidate["expected_turns"])
    if note:
        return _("{count} squares {note}, ≈ {turns} turns").format(count=count, note=note, turns=turns)
    return _("{count} squares, ≈ {turns} turns").format(count=count, turns=turns)


def stops_passed(candidate: dict[str, Any], stops: list[dict[str, Any]]) -> list[str]:
    """The route card's stops (their buildings' letters) in the order the route passes their sign
    squares, each once."""
    where = {tuple(stop["sign"]): str(stop["building"]) for stop in stops if stop.get("sign")}
    passed: list[str] = []
    for cell in candidate["route"]:
        letter = where.get(tuple(cell))
        if letter is not None and letter not in passed:
            passed.append(letter)
    return passed


def route_titles(candidates: list[dict[str, Any]], ends: list[tuple[str, str]],
                 stops: list[dict[str, Any]]) -> list[str]:
    """Each route's first line, "1. Rathaus to Zoo" (``ends``: its terminals' names). Routes between
    the same two terminals say what tells them apart, or a player could not choose between them: the
    order they pass the route card's stops ("via E, A, L"), else their length ("34 squares"); routes
    alike in both differ only in squares no letter names, and stay numbered."""
    titles = []
    for index, candidate in enumerate(candidates):
        start, end = ends[index]
        titles.append(_("{number}. {start} to {end}").format(number=index + 1, start=start, end=end))
        twins = [other for other, pair in zip(candidates, ends, strict=True) if pair == ends[index]]
        if len(twins) < 2:
            continue
        orders = [stops_passed(twin, stops) for twin in twins]
        if any(order != orders[0] for order in orders):
            titles[-1] = _("{number}. {start} to {end} via {stops}").format(
                number=index + 1, start=start, end=end, stops=", ".join(stops_passed(candidate, stops)))
        elif any(twin["length"] != twins[0]["length"] for twin in twins):
            titles[-1] = ngettext("{number}. {start} to {end}, {count} square",
                                  "{number}. {start} to {end}, {count} squares", candidate["length"]).format(
                number=index + 1, start=start, end=end, count=candidate["length"])
    return titles


class TripChooser(Scene):
    overlay = True
    name = "linie1_trip"

    def __init__(self, app: AppServices, board_view: BoardView, view: dict[str, Any], masks: Masks,
                 candidates: list[dict[str, Any]], line: int, declare: Callable[[dict[str, Any]], None],
                 stops: list[dict[str, Any]] | None = None, colour: theme.Colour = theme.CREAM) -> None:
        super().__init__(app)
        self.board_view, self.view, self.masks = board_view, view, masks
        self.line, self.declare = line, declare
        self.stops, self.colour = stops or [], colour  # the route card's stops, and the player's colour
        self.candidates = candidates[:8]
        terminals = board_view.board.terminal_at
        ends = [(terminals.get(tuple(candidate["start"]), {}).get("name", "?"),
                 terminals.get(tuple(candidate["route"][-1]), {}).get("name", "?")) for candidate in self.candidates]
        # the terminals, and under them the length: two lines read at full size where one shrank
        items = [title + "\n" + candidate_label(candidate, self.candidates, bool(view.get("allowance")))
                 for title, candidate in zip(route_titles(self.candidates, ends, self.stops), self.candidates,
                                             strict=True)]
        row_height = max(60, min(100, 480 // max(1, len(items))))  # every candidate in sight
        self.list = ListView(pygame.Rect(PANEL.x + 30, PANEL.y + 180, PANEL.width - 60, 480), items,
                             self._select, 0, row_height, 28)
        self.ui.add(self.list)
        self.go = Button((0, 0, 300, 84), _("Drive this route"), self.confirm, "good", 34)
        self.back = Button((0, 0, 240, 84), _("Not yet"), self.app.pop, "secondary", 34)
        # at the panel's two ends, each as wide as its words need ("Diese Strecke fahren" at a large text size)
        share_row([self.back, self.go], pygame.Rect(PANEL.x + 30, PANEL.bottom - 110, PANEL.width - 60, 84),
                  [240, 300], 20, justify=True)
        self.ui.add(self.go)
        self.ui.add(self.back)
        self.ui.set_focus(self.list)
        self.index = 0

    def note(self) -> str:
        """What declaring does, under the table's trip rule: the first move follows at once."""
        if self.view.get("allowance"):
            return _("Pick a route and the terminal to start from. Your line card, route card and route are then "
                     "shown to everyone, and you drive at once.")
        if self.view.get("dice"):
            return _("Pick a route and the terminal to start from. Your line card, route card and route are then "
                     "shown to everyone, and you roll the three dice at once.")
        return _("Pick a route and the terminal to start from. Your line card, route card and route are then "
                 "shown to everyone, and you roll at once.")

    def _select(self, index: int) -> None:
        self.index = index

    def confirm(self) -> None:
        candidate = self.candidates[self.index]
        self.app.pop()
        self.declare(candidate)

    def handle(self, intent: Intent) -> bool:
        if intent.kind == "cancel":
            self.app.pop()
            return True
        if intent.kind == "pick" and isinstance(intent.value, int) and intent.value < len(self.candidates):
            self.list.select(intent.value)
            return True
        if intent.kind == "confirm" and self.ui.focus is self.list:
            self.confirm()
            return True
        return super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        colour = line_colour(self.line)
        # The board as the table shows it, declared routes and the drivers' trams too, without this
        # player's dashed plan, hints or ghost: the candidate and its marks go on top.
        still = self.board_view.still(surface.get_size(), self.view, self.masks)
        surface.blit(still, layout.BOARD_RECT.topleft, layout.BOARD_RECT)
        self.board_view.draw_trams(surface, self.view, self.masks)
        candidate = self.candidates[self.index]
        self.board_view.draw_route(surface, candidate, colour, 200, label=str(self.line))
        self.board_view.draw_trip_marks(surface, candidate, self.stops, self.colour)
        self.board_view.draw_start_tram(surface, candidate, self.line)
        theme.panel(surface, PANEL, theme.PLUM, 28, colour, 12)
        heading = theme.draw_text(surface, _("Start your trip"), (PANEL.x + 30, PANEL.y + 28), 56, theme.SUNFLOWER,
                                  theme.DISPLAY_FONT)
        note = self.note()
        top = max(PANEL.y + 100, heading.bottom)
        size, lines, step = theme.fit_lines(note, 26, PANEL.width - 60, self.list.rect.y - 8 - top)
        for index, line in enumerate(lines):
            theme.draw_text(surface, line, (PANEL.x + 30, top + index * step), size, theme.CREAM_DIM)
        super().draw(surface)
