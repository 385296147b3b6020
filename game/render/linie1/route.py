"""Where a tram is along its frozen route: the path through each square, with true curves.

A trip is ``start`` (the terminal cell the tram starts on) and ``route`` (the squares it enters in
order; a terminal loop passed through is written as the first terminal cell it enters, and the last
square is the destination terminal cell). Index -1 is the start. ``position(k, t)`` is the tram
``t`` (0..1) of the way through the k-th square, so ``t = 0.5`` is where it stands on that square.
"""

from __future__ import annotations

from typing import Any

from game.render.linie1.board import Cell, Linie1Board
from game.render.linie1.geometry import OPPOSITE, edge_between, edge_midpoint, heading, tram_path


class RoutePath:
    def __init__(self, board: Linie1Board, trip: dict[str, Any], origin: tuple[int, int] = (0, 0)) -> None:
        self.board = board
        self.origin = origin
        self.start: Cell = tuple(trip["start"])  # type: ignore[assignment]
        self.route: list[Cell] = [tuple(cell) for cell in trip["route"]]  # type: ignore[misc]

    def __len__(self) -> int:
        return len(self.route)

    def _partner(self, cell: Cell) -> Cell:
        """The other cell of the terminal loop ``cell`` belongs to."""
        terminal = self.board.terminal_at[cell]
        first, second = terminal["cells"]
        return second if cell == first else first

    def _left_from(self, index: int) -> Cell:
        """The cell the tram leaves square ``index`` from (a loop is left by its other cell)."""
        if index < 0:
            return self.start
        cell = self.route[index]
        if cell in self.board.terminal_at and index < len(self.route) - 1:
            return self._partner(cell)
        return cell

    def position(self, index: int, t: float) -> tuple[float, float, float]:
        """``(x, y, heading)`` of the tram ``t`` of the way through route square ``index`` (-1: start)."""
        t = min(1.0, max(0.0, t))
        if index < 0:
            return self._terminal_stub(self.start, leaving=True, t=t)
        cell = self.route[index]
        previous = self._left_from(index - 1)
        entry = edge_between(cell, previous)
        if entry is None:
            raise ValueError(f"route square {cell} does not touch {previous}")
        last = index == len(self.route) - 1
        if cell in self.board.terminal_at:
            if last:
                return self._terminal_stub(cell, leaving=False, t=t)
            return self.board.terminal_path([cell, self._partner(cell)], t, self.origin)
        if last:  # a route always ends on a terminal; straight on is the only sensible fallback
            return tram_path(self.board.cell_rect(cell, self.origin), entry, OPPOSITE[entry], t)
        following = self.route[index + 1]
        exit_edge = edge_between(cell, following)
        if exit_edge is None:
            raise ValueError(f"route square {cell} does not touch {following}")
        return tram_path(self.board.cell_rect(cell, self.origin), entry, exit_edge, t)

    def _terminal_stub(self, cell: Cell, leaving: bool, t: float) -> tuple[float, float, float]:
        """Between a terminal cell's centre and its edge facing the playfield."""
        rect = self.board.cell_rect(cell, self.origin)
        edge = self.board.inward_edge(cell)
        centre = rect.center
        mouth = edge_midpoint(rect, edge)
        a, b = (centre, mouth) if leaving else (mouth, centre)
        # At the start the tram waits on its cell (t = 0.5 is the middle of the cell's stub).
        return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, heading(b[0] - a[0], b[1] - a[1]))

    def resting_s(self, index: int) -> float:
        """The tram's spot on square ``index`` as a distance along the route (square k spans k..k+1)."""
        if index < 0:
            return -0.35  # in the terminal, near its mouth: a tram longer than a square stays on the board
        if index >= len(self.route) - 1:
            return float(len(self.route))
        return index + 0.5

    def at(self, s: float) -> tuple[float, float, float]:
        index = min(len(self.route) - 1, max(-1, int(s // 1)))
        return self.position(index, s - index)

    def resting(self, index: int) -> tuple[float, float, float]:
        """Where a tram standing on route square ``index`` is drawn."""
        return self.at(self.resting_s(index))

    def travel(self, start: int, end: int, progress: float) -> tuple[float, float, float]:
        """A tram moving from square ``start`` to ``end``, ``progress`` (0..1) of the way."""
        a, b = self.resting_s(start), self.resting_s(end)
        return self.at(a + (b - a) * min(1.0, max(0.0, progress)))
