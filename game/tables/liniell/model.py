"""What the Liniell table needs to know about a view, worked out from the view alone.

The table never holds a game state: it rebuilds the position a view shows (the same way the bots
do) and asks the rules core the questions a player asks while looking at the board — where may
this tile go, which line is this, what would my lines score if the game ended now. Nothing here
decides anything: the host still checks every intent.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from game.core.liniell import GAME
from game.core.liniell.field import SIDE, Cell, PieceRef
from game.core.liniell.routes import best_route
from game.core.liniell.rules import SUPPLY, connect_source, connection_line, placement_problem
from game.core.liniell.scoring import line_routes
from game.core.liniell.state import State
from game.core.liniell.tiles import TILES

Region = tuple[int, int, int, int]  # x0, y0, x1, y1 inclusive


@dataclass
class TableModel:
    """One view and everything derived from it (computed lazily, cached for the view's lifetime)."""

    view: dict[str, Any]
    _problems: dict[tuple[Cell, int], Any] = field(default_factory=dict)
    _points: dict[str, int] = field(default_factory=dict)
    _after: dict[tuple[Cell, int], list[int] | None] = field(default_factory=dict)

    # -- plain facts ------------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        return str(self.view.get("phase", ""))

    @property
    def current(self) -> int:
        return int(self.view.get("current", 0))

    @property
    def drawn(self) -> int | None:
        return self.view.get("drawn")

    @property
    def last(self) -> Cell | None:
        last = self.view.get("last")
        return (last[0], last[1]) if last else None

    @cached_property
    def tiles(self) -> dict[Cell, tuple[int, int]]:
        return {(item["x"], item["y"]): (item["tile"], item["rot"]) for item in self.view.get("board", [])}

    @cached_property
    def line_of_piece(self) -> dict[PieceRef, str]:
        return {(p[0], p[1], p[2]): line["id"] for line in self.view.get("lines", []) for p in line["pieces"]}

    @cached_property
    def lines(self) -> dict[str, dict[str, Any]]:
        return {line["id"]: line for line in self.view.get("lines", [])}

    def owner(self, line_id: str | None) -> int | None:
        marker = self.lines.get(line_id or "", {}).get("marker")
        return None if marker is None else int(marker["seat"])

    def piece_owners(self, cell: Cell) -> tuple[int | None, ...]:
        """For each piece of the tile on ``cell``: the seat occupying its line, or None (also for
        the joined line of a pending connection, which holds both colours for a moment)."""
        tile = self.tiles[cell]
        contested = self.view.get("connection")
        owners = []
        for piece in range(TILES[tile[0]].pieces):
            line = self.line_of_piece.get((cell[0], cell[1], piece))
            owners.append(None if line == contested else self.owner(line))
        return tuple(owners)

    def marker_piece(self, seat: int, marker: int) -> PieceRef | None:
        piece = self.view["markers"][seat][marker]["piece"]
        return None if piece is None else (piece[0], piece[1], piece[2])

    def supply(self, seat: int) -> list[int]:
        """Indices of the seat's markers waiting in its supply."""
        return [index for index, entry in enumerate(self.view["markers"][seat]) if entry["piece"] is None]

    def pieces_on(self, line_id: str, cell: Cell | None = None) -> list[PieceRef]:
        pieces = [(p[0], p[1], p[2]) for p in self.lines.get(line_id, {}).get("pieces", [])]
        return pieces if cell is None else [p for p in pieces if p[:2] == cell]

    def lines_on(self, cell: Cell) -> list[str]:
        found: list[str] = []
        for ref, line in sorted(self.line_of_piece.items()):
            if ref[:2] == cell and line not in found:
                found.append(line)
        return found

    # -- the field's shape ------------------------------------------------------------------------
    def region(self) -> Region:
        """Every square a tile may still cover: the union of the 4 x 4 squares holding the field."""
        if not self.tiles:
            return (-(SIDE - 1), -(SIDE - 1), SIDE - 1, SIDE - 1)
        xs = [x for x, _ in self.tiles]
        ys = [y for _, y in self.tiles]
        return (max(xs) - SIDE + 1, max(ys) - SIDE + 1, min(xs) + SIDE - 1, min(ys) + SIDE - 1)

    def settled(self) -> bool:
        """Whether the 4 x 4 square is fixed (the field is already 4 wide and 4 high)."""
        x0, y0, x1, y1 = self.region()
        return x1 - x0 + 1 == SIDE and y1 - y0 + 1 == SIDE

    @cached_property
    def state(self) -> State:
        return GAME.state_from_view(self.view)

    @cached_property
    def open_cells(self) -> list[Cell]:
        if self.phase != "place":
            return []
        return self.state.board.open_cells()

    def problem(self, cell: Cell, rot: int) -> Any:
        """The rejection placing the drawn tile there would get (None: legal), as the core says."""
        key = (cell, rot % 4)
        if key not in self._problems:
            drawn = self.drawn
            self._problems[key] = None if drawn is None else placement_problem(self.state, cell, drawn, rot % 4)
        return self._problems[key]

    def legal_rotations(self, cell: Cell) -> list[int]:
        return [rot for rot in range(4) if self.problem(cell, rot) is None]

    # -- the second half of a turn ---------------------------------------------------------------
    def free_lines_on_last(self) -> list[str]:
        last = self.last
        if last is None or self.phase != "occupy":
            return []
        return [line for line in self.lines_on(last) if self.owner(line) is None]

    def connect_from(self) -> str | None:
        """The one legal source of the pending connection's marker (N4), or None."""
        if self.phase != "connect":
            return None
        return connect_source(self.state, self.current)[1]

    def connect_marker(self) -> int | None:
        if self.phase != "connect":
            return None
        return connect_source(self.state, self.current)[0]

    def sources(self, seat: int) -> list[str]:
        """Where a marker may come from for an occupation: the supply first, then the seat's lines."""
        out = [SUPPLY] if self.supply(seat) else []
        out += [entry["line"] for entry in self.view["markers"][seat] if entry["line"] is not None]
        return out

    # -- what the lines are worth now -------------------------------------------------------------
    @cached_property
    def provisional(self) -> list[int]:
        """Each seat's points if the game ended now (ports facing empty squares count as the edge)."""
        totals = [0, 0]
        for entry in line_routes(self.state):
            totals[entry["seat"]] += entry["points"]
        return totals

    def line_points(self, line_id: str) -> int:
        """What the line would score now (its route as if the game ended), remembered per line."""
        if line_id not in self._points:
            pieces = self.pieces_on(line_id)
            route = best_route(self.state.board, pieces) if pieces else None
            self._points[line_id] = 0 if route is None else route.points
        return self._points[line_id]

    def points_after(self, cell: Cell, rot: int) -> list[int] | None:
        """Each seat's points now were the drawn tile laid at ``cell`` turned ``rot``, before any
        occupation: what the placement alone does to the lines held. None where it may not go, and
        for a placement that joins a yellow and a green line (the connection then moves the markers)."""
        key = (cell, rot % 4)
        if key not in self._after:
            drawn = self.drawn
            after = None
            if drawn is not None and self.problem(cell, rot) is None:
                state = replace(self.state, placed=[*self.state.placed, (cell, drawn, rot % 4)])
                state.refresh()
                if connection_line(state) is None:
                    after = [0, 0]
                    for entry in line_routes(state):
                        after[entry["seat"]] += entry["points"]
            self._after[key] = after
        return self._after[key]
