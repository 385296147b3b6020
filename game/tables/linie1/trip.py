"""Choosing the inaugural trip: the complete routes the core offers, each shown on the board.

An overlay over the table: the focused candidate's route glows on the board, with its length and
expected number of turns under the die. Declaring reveals the player's cards to everyone, so the
chooser says so before the player confirms.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.render.linie1.board import line_colour
from game.render.linie1.route import RoutePath
from game.scenes.stack import Scene
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import Button, ListView

PANEL = pygame.Rect(1090, 150, 806, 800)


class TripChooser(Scene):
    overlay = True
    name = "linie1_trip"

    def __init__(self, app, table, candidates: list[dict[str, Any]]) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.table = table
        self.candidates = candidates[:8]
        items = []
        terminals = table.board.terminal_at
        for index, candidate in enumerate(self.candidates):
            start = terminals.get(tuple(candidate["start"]), {}).get("name", "?")
            end = terminals.get(tuple(candidate["route"][-1]), {}).get("name", "?")
            label = f"{candidate['length']} squares, ≈ {candidate['expected_turns']:.1f} turns"
            if candidate.get("shortest"):
                label += " (shortest)"
            items.append(f"{index + 1}. {start} to {end}: {label}")
        self.list = ListView(pygame.Rect(PANEL.x + 30, PANEL.y + 180, PANEL.width - 60, 480), items,
                             self._select, 0, 60, 28)
        self.ui.add(self.list)
        self.go = Button((PANEL.x + PANEL.width - 330, PANEL.bottom - 110, 300, 84), "Drive this route",
                         self.confirm, "good", 34)
        self.back = Button((PANEL.x + 30, PANEL.bottom - 110, 240, 84), "Not yet", self.app.pop, "secondary", 34)
        self.ui.add(self.go)
        self.ui.add(self.back)
        self.ui.set_focus(self.list)
        self.index = 0

    def _select(self, index: int) -> None:
        self.index = index

    def confirm(self) -> None:
        candidate = self.candidates[self.index]
        self.app.pop()
        self.table.declare(candidate)

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
        status = self.table.route_status()
        colour = line_colour(int(status["line"])) if status else theme.CREAM
        board = self.table.board_rect
        surface.blit(self.table.board.static_layer(self.table.shown_tiles(), self.table.shown_signs()), board)
        candidate = self.candidates[self.index]
        self.table.draw_route(surface, candidate, colour, 200)
        x, y, heading = RoutePath(self.table.board, candidate, board.topleft).resting(-1)
        self.table.board.draw_tram(surface, (x, y), heading, int(status["line"]) if status else 1)
        theme.panel(surface, PANEL, theme.PLUM, 28, colour, 12)
        theme.draw_text(surface, "Start your trip", (PANEL.x + 30, PANEL.y + 28), 56, theme.SUNFLOWER,
                        theme.DISPLAY_FONT)
        note = ("Pick a route and the terminal to start from. Your line card, route card and route are then "
                "shown to everyone, and you roll at once.")
        for index, line in enumerate(theme.wrap(note, 26, PANEL.width - 60)):
            theme.draw_text(surface, line, (PANEL.x + 30, PANEL.y + 100 + index * 32), 26, theme.CREAM_DIM)
        super().draw(surface)
