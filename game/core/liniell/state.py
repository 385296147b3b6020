"""The host-side state of a Liniell game, and its snapshot form (a plain dict) checked on the way back.

Everything a seed plus the actions reproduce lives here: the RNG, the secret stack order, the
field, the markers and whose decision it is. The lines are derived from the field and cached.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.contract import SnapshotError, is_int
from game.core.liniell.field import Cell, Field, Lines, PieceRef, compute_lines
from game.core.liniell.tiles import TILE_IDS
from game.core.rng import Rng

PLAYERS = 2
MARKERS = 2  # per colour
COLOURS = ("yellow", "green")  # seat 0, seat 1

PLACE = "place"  # the current player holds the drawn tile and must place it
OCCUPY = "occupy"  # the tile is placed; the player may occupy a line on it (N3) or skip
CONNECT = "connect"  # the tile joined a yellow and a green line; the connection must be made (N4)
OVER = "over"
PHASES = (PLACE, OCCUPY, CONNECT, OVER)

END_STACK_EMPTY = "stack_empty"
END_LAST_UNPLACEABLE = "last_tile_unplaceable"
END_REASONS = (END_STACK_EMPTY, END_LAST_UNPLACEABLE)


@dataclass
class State:
    rng: Rng
    stack: list[int]  # face down; the next tile is the last item
    first_player: int
    current: int
    phase: str
    drawn: int | None = None
    placed: list[tuple[Cell, int, int]] = field(default_factory=list)  # (cell, tile, rot) in order
    set_aside: list[int] = field(default_factory=list)
    markers: list[list[PieceRef | None]] = field(
        default_factory=lambda: [[None] * MARKERS for _ in range(PLAYERS)])
    end_reason: str | None = None
    board: Field = field(default_factory=Field)
    lines: Lines = field(default_factory=lambda: compute_lines(Field()))

    def refresh(self) -> None:
        """Rebuild the derived field and lines after the placed tiles changed."""
        self.board = Field({cell: (tile, rot) for cell, tile, rot in self.placed})
        self.lines = compute_lines(self.board)

    @property
    def last_cell(self) -> Cell | None:
        return self.placed[-1][0] if self.placed else None

    def marker_lines(self) -> dict[int, tuple[int, int]]:
        """Occupied line index -> (seat, marker). Two markers share a line only during CONNECT."""
        found: dict[int, tuple[int, int]] = {}
        for seat, own in enumerate(self.markers):
            for index, ref in enumerate(own):
                if ref is not None:
                    found.setdefault(self.lines.line_of[ref], (seat, index))
        return found

    def markers_on(self, line: int) -> list[tuple[int, int]]:
        return [(seat, index) for seat, own in enumerate(self.markers) for index, ref in enumerate(own)
                if ref is not None and self.lines.line_of[ref] == line]


def snapshot(state: State) -> dict[str, Any]:
    return {
        "game": "liniell",
        "rng": state.rng.state,
        "stack": list(state.stack),
        "first_player": state.first_player,
        "current": state.current,
        "phase": state.phase,
        "drawn": state.drawn,
        "placed": [[cell[0], cell[1], tile, rot] for cell, tile, rot in state.placed],
        "set_aside": list(state.set_aside),
        "markers": [[None if ref is None else list(ref) for ref in own] for own in state.markers],
        "end_reason": state.end_reason,
    }


def restore(data: Any) -> State:
    """Rebuild a state from ``snapshot``; any inconsistency raises SnapshotError."""
    if not isinstance(data, dict) or data.get("game") != "liniell":
        raise SnapshotError("not a Liniell snapshot")
    rng_state, first, current, phase = data.get("rng"), data.get("first_player"), data.get("current"), \
        data.get("phase")
    if not is_int(rng_state) or not 0 <= rng_state < 1 << 64:
        raise SnapshotError("bad random generator state")
    if first not in (0, 1) or current not in (0, 1) or not is_int(first) or not is_int(current):
        raise SnapshotError("bad seat number")
    if phase not in PHASES:
        raise SnapshotError(f"unknown phase {phase!r}")
    stack = _tile_list(data.get("stack"), "stack")
    set_aside = _tile_list(data.get("set_aside"), "set-aside tiles")
    drawn = data.get("drawn")
    if drawn is not None and (not is_int(drawn) or drawn not in TILE_IDS):
        raise SnapshotError("bad drawn tile")
    placed = _placed(data.get("placed"))
    every = stack + set_aside + [tile for _, tile, _ in placed] + ([] if drawn is None else [drawn])
    if sorted(every) != list(TILE_IDS):
        raise SnapshotError("the tiles in the snapshot are not exactly the tile set")
    if (phase == PLACE) != (drawn is not None):
        raise SnapshotError("a drawn tile exists exactly while it waits to be placed")
    end_reason = data.get("end_reason")
    valid_end = end_reason in END_REASONS if phase == OVER else end_reason is None
    if not valid_end:
        raise SnapshotError("bad end reason")
    if phase == OVER and stack:
        raise SnapshotError("a finished game has no tiles left in the stack (N5)")
    if end_reason == END_LAST_UNPLACEABLE and not set_aside:
        raise SnapshotError("the last tile was set aside, yet no tile is set aside")
    state = State(Rng(0), stack, first, current, phase, drawn, placed, set_aside, end_reason=end_reason)
    state.rng.state = rng_state
    state.refresh()
    state.markers = _markers(data.get("markers"), state)
    _check_marker_lines(state)
    return state


def _tile_list(value: Any, what: str) -> list[int]:
    if not isinstance(value, list) or not all(is_int(item) and item in TILE_IDS for item in value):
        raise SnapshotError(f"bad {what}")
    return list(value)


def _placed(value: Any) -> list[tuple[Cell, int, int]]:
    if not isinstance(value, list):
        raise SnapshotError("bad placed tiles")
    placed: list[tuple[Cell, int, int]] = []
    board = Field()
    for item in value:
        if not (isinstance(item, list) and len(item) == 4 and all(is_int(v) for v in item)):
            raise SnapshotError("a placed tile is [x, y, tile, rot]")
        x, y, tile, rot = item
        if tile not in TILE_IDS or not 0 <= rot < 4:
            raise SnapshotError("bad tile or rotation")
        cell = (x, y)
        legal_spot = cell == (0, 0) if not placed else cell in board.open_cells()
        if not legal_spot:
            raise SnapshotError(f"tile at {cell} could not have been placed there")
        board = board.with_tile(cell, tile, rot)
        placed.append((cell, tile, rot))
    return placed


def _markers(value: Any, state: State) -> list[list[PieceRef | None]]:
    if not isinstance(value, list) or len(value) != PLAYERS:
        raise SnapshotError("bad markers")
    markers: list[list[PieceRef | None]] = []
    for own in value:
        if not isinstance(own, list) or len(own) != MARKERS:
            raise SnapshotError("bad markers")
        row: list[PieceRef | None] = []
        for ref in own:
            if ref is None:
                row.append(None)
                continue
            if not (isinstance(ref, list) and len(ref) == 3 and all(is_int(v) for v in ref)):
                raise SnapshotError("a marker sits on [x, y, piece]")
            piece = (ref[0], ref[1], ref[2])
            if piece not in state.lines.line_of:
                raise SnapshotError(f"marker on a piece that is not on the field: {ref}")
            row.append(piece)
        markers.append(row)
    return markers


def _check_marker_lines(state: State) -> None:
    crowded = [line for line in range(len(state.lines.members)) if len(state.markers_on(line)) > 1]
    if state.phase == CONNECT:
        seats = {seat for seat, _ in state.markers_on(crowded[0])} if len(crowded) == 1 else set()
        if len(crowded) != 1 or len(state.markers_on(crowded[0])) != 2 or seats != {0, 1}:
            raise SnapshotError("a connection waits on exactly one line holding one marker of each colour")
    elif crowded:
        raise SnapshotError("two markers on one line")
    for own in state.markers:
        lines = [state.lines.line_of[ref] for ref in own if ref is not None]
        if len(lines) != len(set(lines)):
            raise SnapshotError("one player's two markers on one line")
    if state.phase in (OCCUPY, CONNECT) and not state.placed:
        raise SnapshotError("nothing has been placed yet")
    if state.phase == CONNECT and crowded[0] not in state.lines.on_cell(state.last_cell):
        raise SnapshotError("the connection must run through the tile just placed")
