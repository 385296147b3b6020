"""Liniell's rules as a GameDefinition: turns, placement (N2), occupation (N3), connection (N4), end (N5, N6).

A turn is two decisions. First ``{"type": "place", "x", "y", "rot"}`` puts the drawn tile. Then
either ``{"type": "occupy", "line": id, "from": "supply" | id}`` or ``{"type": "skip"}``; or, when
the placement joined a yellow and a green line, ``{"type": "connect_marker", "from": ...}`` — a
forced move with exactly one legal form (the placer's marker that is on neither joined line), kept
as its own action so the client can show the player making it. Line ids are the ids in the view.

A tile that cannot be placed anywhere is set aside face up and the same player draws the next one;
when that was the last tile, the game ends without it (N5 and the project's ruling on earlier tiles).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from game.core.contract import (
    Action,
    Event,
    Rejection,
    RuleViolation,
    SnapshotError,
    View,
    action_type,
    is_int,
    reject,
    views_one_by_one,
)
from game.core.liniell import scoring
from game.core.liniell.field import Cell, joins_for
from game.core.liniell.shapes import ACTION_SHAPES, EVENT_FIELDS
from game.core.liniell.state import (
    COLOURS,
    CONNECT,
    END_LAST_UNPLACEABLE,
    END_STACK_EMPTY,
    OCCUPY,
    OVER,
    PLACE,
    PLAYERS,
    State,
    restore,
    snapshot,
)
from game.core.liniell.tiles import TILE_IDS
from game.core.rng import Rng

NAME = "liniell"
SUPPLY = "supply"
ACTION_KEYS = {
    "place": {"type", "x", "y", "rot"},
    "occupy": {"type", "line", "from"},
    "skip": {"type"},
    "connect_marker": {"type", "from"},
}
PHASE_ACTIONS = {PLACE: ("place",), OCCUPY: ("occupy", "skip"), CONNECT: ("connect_marker",)}
PHASE_HINTS = {
    PLACE: "First place the tile you drew.",
    OCCUPY: "The tile is placed: occupy a line on it or skip.",
    CONNECT: "Two occupied lines were joined: move your other marker onto the joined line.",
}


def _no(code: str, message: str, **params: Any) -> Rejection:
    return reject(NAME, code, message, **params)


# -- placement ---------------------------------------------------------------------------------------

def placement_problem(state: State, cell: Cell, tile: int, rot: int) -> Rejection | None:
    """Why ``tile`` may not go on ``cell`` turned ``rot`` (N2, N4), or None when it may."""
    board = state.board
    if cell in board.cells:
        return _no("cell_taken", "There is already a tile on that square.")
    if not board.cells:
        if cell != (0, 0):
            return _no("first_tile_centre", "The first tile goes in the centre (0, 0).")
        return None
    if not board.is_adjacent(cell):
        return _no("not_adjacent", "A tile must go next to a tile already in play (N2).")
    if not board.fits(cell):
        return _no("outside_square", "All tiles must fit inside one 4 x 4 square (N2).")
    occupied = state.marker_lines()
    mixed = 0
    for join in joins_for(board, state.lines, cell, tile, rot):
        seats = [occupied[line][0] for line in join.lines if line in occupied]
        if len(seats) != len(set(seats)):
            return _no("same_colour_join",
                       f"This would connect two lines occupied by {COLOURS[seats[0]]}: never allowed (N4).",
                       seat=seats[0])
        if len(seats) == 2:
            mixed += 1
    if mixed > 1:
        return _no("double_connection",
                   "This would make two connections of occupied lines at once; only one connection "
                   "can be made in a turn (project ruling).")
    return None


def legal_placements(state: State, tile: int) -> Iterator[Action]:
    for cell in state.board.open_cells():
        for rot in range(4):
            if placement_problem(state, cell, tile, rot) is None:
                yield {"type": "place", "x": cell[0], "y": cell[1], "rot": rot}


def can_place(state: State, tile: int) -> bool:
    return next(legal_placements(state, tile), None) is not None


# -- occupation and connection ---------------------------------------------------------------------

def connection_line(state: State) -> int | None:
    """The joined line waiting for the connection (the one line holding both colours)."""
    for line in state.lines.on_cell(state.last_cell) if state.placed else []:
        if len(state.markers_on(line)) == 2:
            return line
    return None


def _source_of(state: State, seat: int, marker: int) -> str:
    ref = state.markers[seat][marker]
    return SUPPLY if ref is None else state.lines.id_of(ref)


def connect_source(state: State, seat: int) -> tuple[int, str]:
    """The placer's marker that is on neither joined line, and where it comes from (N4)."""
    line = connection_line(state)
    on_line = {index for owner, index in state.markers_on(line) if owner == seat}
    other = next(index for index in range(len(state.markers[seat])) if index not in on_line)
    return other, _source_of(state, seat, other)


def occupy_options(state: State, seat: int) -> list[tuple[str, str]]:
    """Every (target line id, source) the player may choose after placing (N3)."""
    occupied = state.marker_lines()
    sources = [SUPPLY] if None in state.markers[seat] else []
    sources += [state.lines.id_of(ref) for ref in state.markers[seat] if ref is not None]
    ids = state.lines.ids
    return [(ids[line], source) for line in state.lines.on_cell(state.last_cell) if line not in occupied
            for source in sources]


# -- the game definition ---------------------------------------------------------------------------

class Liniell:
    name = NAME
    title = "Liniell"
    rules_version = "1"
    min_players = PLAYERS
    max_players = PLAYERS
    action_shapes = ACTION_SHAPES  # the fields of each action (game.core.shapes)
    event_fields = EVENT_FIELDS  # the fields of each event it tells

    def default_options(self) -> dict[str, Any]:
        return {"first_player": 0}

    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        if players != PLAYERS:
            raise ValueError("Liniell is a game for 2 players")
        first = {**self.default_options(), **(options or {})}["first_player"]
        if first is not None and (first not in (0, 1) or not is_int(first)):
            raise ValueError("first_player is seat 0, seat 1 or None (random)")
        rng = Rng(seed)
        stack = list(TILE_IDS)
        rng.shuffle(stack)
        if first is None:  # "determine a first player": drawn after the shuffle, so a seed's stack stays
            first = rng.below(2)
        state = State(rng, stack, first, first, PLACE)
        state.drawn = state.stack.pop()
        return state

    def to_act(self, state: State) -> list[int]:
        return [] if state.phase == OVER else [state.current]

    def legal(self, state: State, seat: int) -> list[Action]:
        if state.phase == OVER or seat != state.current:
            return []
        if state.phase == PLACE:
            return list(legal_placements(state, state.drawn))
        if state.phase == CONNECT:
            return [{"type": "connect_marker", "from": connect_source(state, seat)[1]}]
        options = [{"type": "occupy", "line": line, "from": source} for line, source in
                   occupy_options(state, seat)]
        return [{"type": "skip"}, *options]

    def check(self, state: State, seat: int, action: Any) -> Rejection | None:
        if state.phase == OVER:
            return _no("game_over", "The game is over.")
        if not is_int(seat) or seat != state.current:
            return _no("not_your_turn", "It is not your turn.")
        kind = action_type(action)
        if kind not in ACTION_KEYS:
            return _no("malformed", "An action is a dict whose type is place, occupy, skip or connect_marker.")
        if set(action) != ACTION_KEYS[kind]:
            return _no("malformed", f"A {kind} action has exactly the keys {sorted(ACTION_KEYS[kind])}.")
        if kind not in PHASE_ACTIONS[state.phase]:
            return _no("wrong_phase", f"Not at this point of the turn. {PHASE_HINTS[state.phase]}", phase=state.phase)
        if kind == "place":
            x, y, rot = action["x"], action["y"], action["rot"]
            if not (is_int(x) and is_int(y) and is_int(rot)) or not 0 <= rot <= 3:
                return _no("malformed", "Place takes integer x and y and a rotation 0..3.")
            return placement_problem(state, (x, y), state.drawn, rot)
        if kind == "skip":
            return None
        source = action["from"]
        if not isinstance(source, str):
            return _no("malformed", "'from' is 'supply' or the id of a line you occupy.")
        if kind == "connect_marker":
            expected = connect_source(state, seat)[1]
            if source != expected:
                where = "your supply" if expected == SUPPLY else f"line {expected}"
                return _no("wrong_marker", f"The marker to move is the one on neither joined line: from {where} (N4).",
                           source=expected)
            return None
        return self._occupy_problem(state, seat, action["line"], source)

    def _occupy_problem(self, state: State, seat: int, line_id: Any, source: str) -> Rejection | None:
        if not isinstance(line_id, str):
            return _no("malformed", "'line' is the id of a line.")
        line = state.lines.index_of_id(line_id)
        if line is None:
            return _no("unknown_line", f"There is no line {line_id!r} on the field.")
        if line not in state.lines.on_cell(state.last_cell):
            return _no("not_on_tile", "You may only occupy a line that runs through the tile just placed (N3).")
        if line in state.marker_lines():
            return _no("line_occupied", "That line is already occupied; one marker per line (N3).")
        if source == SUPPLY:
            if None not in state.markers[seat]:
                return _no("no_marker", "Both your markers are on lines; move one from its line instead.")
            return None
        own = [state.lines.id_of(ref) for ref in state.markers[seat] if ref is not None]
        if source not in own:
            return _no("bad_source", "'from' must be 'supply' or the id of a line you occupy.")
        return None

    def apply(self, state: State, seat: int, action: Action, *, checked: bool = False) -> list[Event]:
        rejection = None if checked else self.check(state, seat, action)
        if rejection is not None:
            raise RuleViolation(rejection)
        kind = action["type"]
        if kind == "place":
            return self._place(state, seat, action)
        events: list[Event] = []
        if kind == "occupy":
            events.append(self._move_marker(state, seat, action["from"], state.lines.index_of_id(action["line"])))
        elif kind == "connect_marker":
            events.extend(self._connect(state, seat))
        events.extend(self._end_turn(state))
        return events

    def _place(self, state: State, seat: int, action: Action) -> list[Event]:
        cell, tile, rot = (action["x"], action["y"]), state.drawn, action["rot"]
        state.placed.append((cell, tile, rot))
        state.drawn = None
        state.refresh()
        joined = connection_line(state)
        state.phase = OCCUPY if joined is None else CONNECT
        event: Event = {"type": "place", "seat": seat, "tile": tile, "x": cell[0], "y": cell[1], "rot": rot,
                        "lines": [state.lines.ids[line] for line in state.lines.on_cell(cell)]}
        if joined is not None:
            event["connection"] = state.lines.ids[joined]
        return [event]

    def _move_marker(self, state: State, seat: int, source: str, line: int) -> Event:
        if source == SUPPLY:
            marker = state.markers[seat].index(None)
        else:
            marker = next(index for index, ref in enumerate(state.markers[seat])
                          if ref is not None and state.lines.id_of(ref) == source)
        piece = state.lines.piece_on_cell(line, state.last_cell)
        state.markers[seat][marker] = piece
        return {"type": "occupy", "seat": seat, "marker": marker, "line": state.lines.ids[line],
                "piece": list(piece), "from": source}

    def _connect(self, state: State, seat: int) -> list[Event]:
        line = connection_line(state)
        originals = state.markers_on(line)
        _, source = connect_source(state, seat)
        moved = self._move_marker(state, seat, source, line)
        for owner, index in originals:
            state.markers[owner][index] = None
        capture = {"type": "capture", "line": state.lines.ids[line],
                   "markers": [{"seat": owner, "marker": index} for owner, index in originals]}
        return [moved, capture]

    def _end_turn(self, state: State) -> list[Event]:
        if not state.stack:
            return self._finish(state, END_STACK_EMPTY)
        state.current = 1 - state.current
        events: list[Event] = []
        while state.stack:
            tile = state.stack.pop()
            events.append({"type": "draw", "seat": state.current, "tile": tile, "left": len(state.stack)})
            if can_place(state, tile):
                state.drawn = tile
                state.phase = PLACE
                return events
            state.set_aside.append(tile)
            events.append({"type": "set_aside", "seat": state.current, "tile": tile,
                           "last": not state.stack})
        return events + self._finish(state, END_LAST_UNPLACEABLE)

    def _finish(self, state: State, reason: str) -> list[Event]:
        state.phase = OVER
        state.end_reason = reason
        result = scoring.result(state)
        return [{"type": "end", "reason": reason}, {"type": "score", **result}]

    def views(self, state: Any, seats: Iterable[int | None]) -> dict[int | None, View]:
        return views_one_by_one(self, state, seats)  # the views share little worth building once

    def view(self, state: State, seat: int | None) -> View:
        lines = state.lines
        occupied = state.marker_lines()
        return {
            "type": "view",
            "game": NAME,
            "seat": seat,
            "colours": list(COLOURS),
            "phase": state.phase,
            "current": state.current,
            "first_player": state.first_player,
            "drawn": state.drawn,
            "stack_size": len(state.stack),
            # The tiles still face down, as a sorted multiset: public knowledge, the order is not.
            "unseen": sorted(state.stack),
            "set_aside": list(state.set_aside),
            "board": [{"x": cell[0], "y": cell[1], "tile": tile, "rot": rot} for cell, tile, rot in state.placed],
            "last": list(state.last_cell) if state.placed else None,
            "lines": [
                {"id": lines.ids[index], "pieces": [list(ref) for ref in pieces],
                 "marker": None if index not in occupied else
                 {"seat": occupied[index][0], "marker": occupied[index][1]}}
                for index, pieces in enumerate(lines.members)
            ],
            "markers": [[{"line": None if ref is None else lines.id_of(ref),
                          "piece": None if ref is None else list(ref)} for ref in own]
                        for own in state.markers],
            "connection": None if state.phase != CONNECT else lines.ids[connection_line(state)],
            "end_reason": state.end_reason,
            "outcome": self.outcome(state),
        }

    def view_event(self, state: State, event: Event, seat: int | None) -> Event | None:
        return dict(event)  # nothing in Liniell's events is secret: a drawn tile is shown to both

    def outcome(self, state: State) -> dict[str, Any] | None:
        if state.phase != OVER:
            return None
        return scoring.result(state)

    def snapshot(self, state: State) -> dict[str, Any]:
        return snapshot(state)

    def restore(self, data: Any) -> State:
        state = restore(data)
        if state.phase == PLACE and not can_place(state, state.drawn):
            # N5, ruling 6: such a tile is set aside when drawn; no game waits on it with no move.
            raise SnapshotError("the drawn tile cannot be placed anywhere; the rules set it aside")
        return state

    def state_from_view(self, view: View) -> State:
        """Everything a view shows; the tiles still face down (public as a multiset) in any order."""
        return self.restore({
            "game": "liniell",
            "rng": 0,
            "stack": list(view["unseen"]),
            "first_player": view["first_player"],
            "current": view["current"],
            "phase": view["phase"],
            "drawn": view["drawn"],
            "placed": [[item["x"], item["y"], item["tile"], item["rot"]] for item in view["board"]],
            "set_aside": list(view["set_aside"]),
            "markers": [[entry["piece"] for entry in own] for own in view["markers"]],
            "end_reason": view["end_reason"],
        })

    def secrets(self, state: State) -> dict[str, Any]:
        return {"stack": list(reversed(state.stack))}


GAME = Liniell()
