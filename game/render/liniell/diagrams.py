"""Liniell's rules diagrams: small fields built as core ``State``s and drawn with the table's tiles.

The joining diagram asks the core whether a placement is allowed and plays the connection that
follows; the scoring diagram scores its field with the core's ``scoring.result``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.core.liniell import scoring
from game.core.liniell.rules import GAME, SUPPLY
from game.core.liniell.state import PLACE, State
from game.core.liniell.tiles import TILES
from game.core.rng import Rng
from game.render.diagrams import OK, REFUSED, Diagram, Panel, fit, outline
from game.render.liniell import art
from game.render.liniell.field import MARKER_RADIUS, TABLE
from game.render.liniell.geometry import tile_shape
from game.render.palette import seat_colours
from game.ui import theme

SIZE = 200  # pixels per tile before the picture is scaled to its panel
GAP = 6
# A and B in the colours a table gives its two seats unless they choose others (tangerine and mint, the
# blue of the rhombs being ruled out): the markers a newcomer then meets are the ones the pages showed
COLOURS = tuple(theme.player_colour(index) for index in seat_colours("liniell", (0, 1)))
LETTERS = ("A", "B")
Placed = tuple[int, int, int, int]  # (x, y, tile, rotation)
Marker = tuple[int, int, int, int]  # (seat, x, y, side the occupied line leaves the tile by: 0..3 = N E S W)
Window = tuple[int, int, int, int]  # (first x, first y, columns, rows)


@dataclass(frozen=True)
class Field:
    """Placed tiles and the markers on them: everything a diagram's state needs."""

    placed: tuple[Placed, ...]
    markers: tuple[Marker, ...]

    def state(self, drawn: int | None = None, current: int = 0) -> State:
        state = State(Rng(1), [0], current, current, PLACE, drawn=drawn)
        state.placed = [((x, y), tile, rot) for x, y, tile, rot in self.placed]
        state.refresh()
        tiles = {(x, y): (tile, rot) for x, y, tile, rot in self.placed}
        for seat, x, y, side in self.markers:
            tile, rot = tiles[(x, y)]
            slot = state.markers[seat].index(None)
            state.markers[seat][slot] = (x, y, TILES[tile].piece_towards(side, rot))
        return state


def owners(state: State) -> dict[tuple[int, int], tuple[int | None, ...]]:
    """For each tile, the seat occupying each of its pieces' lines (None: free)."""
    occupied = state.marker_lines()
    found = {}
    for (x, y), (tile, _rot) in state.board.cells.items():
        pieces = []
        for piece in range(TILES[tile].pieces):
            line = state.lines.line_of[(x, y, piece)]
            pieces.append(occupied[line][0] if line in occupied and len(state.markers_on(line)) == 1 else None)
        found[(x, y)] = tuple(pieces)
    return found


def draw_field(state: State, window: Window, highlight: tuple[int, int] | None = None,
               verdict: str | None = None, glow: Sequence[tuple[int, int, int]] = ()) -> pygame.Surface:
    """The window of the field: tiles with occupied lines in their owner's colour, glowing pieces,
    markers with their owner's letter, and a frame round the ``highlight`` tile."""
    x0, y0, cols, rows = window
    surface = pygame.Surface((cols * (SIZE + GAP) + GAP, rows * (SIZE + GAP) + GAP), pygame.SRCALPHA)
    surface.fill(TABLE)

    def rect(x: int, y: int) -> pygame.Rect:
        return pygame.Rect(GAP + (x - x0) * (SIZE + GAP), GAP + (y - y0) * (SIZE + GAP), SIZE, SIZE)

    seats = owners(state)
    for (x, y), (tile, rot) in sorted(state.board.cells.items()):
        colours = tuple(None if seat is None else COLOURS[seat] for seat in seats[(x, y)])
        surface.blit(art.tile_image(tile, rot, SIZE, colours), rect(x, y))
    for x, y, piece in glow:
        tile, rot = state.board.cells[(x, y)]
        surface.blit(art.piece_glow(tile, rot, piece, SIZE, theme.SUNFLOWER), rect(x, y))
    if highlight is not None:
        outline(surface, rect(*highlight), verdict)
    for seat, own in enumerate(state.markers):
        for ref in own:
            if ref is None:
                continue
            tile, rot = state.board.cells[(ref[0], ref[1])]
            ax, ay = tile_shape(tile, rot).anchors[ref[2]]
            spot = rect(ref[0], ref[1])
            art.draw_marker(surface, (spot.x + ax * SIZE, spot.y + ay * SIZE), int(SIZE * MARKER_RADIUS),
                            COLOURS[seat], letter=LETTERS[seat])
    return surface


# -- a turn: place, then occupy -------------------------------------------------------------------
ROW = Field(((0, 0, 3, 1), (1, 0, 0, 0), (2, 0, 5, 0), (3, 0, 1, 0)), ())
DRAWN = 7  # the T with a blue end
TURN_WINDOW: Window = (0, 0, 5, 2)


def turn_played(x: int, y: int) -> tuple[State, str]:
    """Place the drawn T at (x, y), then occupy its main line from the supply: the core's verdict
    ("ok" when both steps pass) and the state reached."""
    state = ROW.state(drawn=DRAWN)
    place = {"type": "place", "x": x, "y": y, "rot": 0}
    problem = GAME.check(state, 0, place)
    if problem is not None:
        return state, problem.code
    GAME.apply(state, 0, place)
    occupy = {"type": "occupy", "line": state.lines.id_of((x, y, TILES[DRAWN].piece_towards(0, 0))), "from": SUPPLY}
    problem = GAME.check(state, 0, occupy)
    if problem is not None:
        return state, problem.code
    GAME.apply(state, 0, occupy)
    return state, OK


def turn_paint(x: int, y: int, verdict: str) -> Callable[[int, int], pygame.Surface]:
    def paint(width: int, height: int) -> pygame.Surface:
        state = turn_played(x, y)[0]
        if verdict != OK:  # drawn where the player tried to put it, though the core refused it
            state.placed.append(((x, y), DRAWN, 0))
            state.refresh()
        return fit(draw_field(state, TURN_WINDOW, (x, y), verdict), width, height)
    return paint


def _turn_diagram() -> Diagram:
    aspect = TURN_WINDOW[2] / TURN_WINDOW[3]
    return Diagram((
        Panel(OK, lambda: turn_played(1, 1)[1], turn_paint(1, 1, OK), aspect, OK),
        Panel("liniell.outside_square", lambda: turn_played(4, 0)[1], turn_paint(4, 0, REFUSED), aspect, REFUSED),
    ))


# -- joining occupied lines ------------------------------------------------------------------------
BRIDGE = 1  # the tile placed at (1, 0): two curves, the west-south one joins the two lines
JOIN_WINDOW: Window = (0, 0, 2, 2)
JOIN_TILES: tuple[Placed, ...] = ((0, 0, 3, 1), (0, 1, 9, 0), (1, 1, 3, 0))
SAME = Field(JOIN_TILES, ((0, 0, 0, 1), (0, 1, 1, 0)))
MIXED = Field(JOIN_TILES, ((0, 0, 0, 1), (1, 1, 1, 0)))


def placing(field: Field) -> tuple[State, str]:
    """Offer the bridge between the two lines: the core's verdict, and the state after it."""
    state = field.state(drawn=BRIDGE)
    action = {"type": "place", "x": 1, "y": 0, "rot": 0}
    problem = GAME.check(state, 0, action)
    if problem is not None:
        return state, problem.code
    GAME.apply(state, 0, action)
    return state, OK


def connected() -> State:
    """The mixed join played on: placed, then the placer's free marker moved onto the joined line."""
    state, _ = placing(MIXED)
    move = next(action for action in GAME.legal(state, 0) if action["type"] == "connect_marker")
    GAME.apply(state, 0, move)
    return state


def connection_measured() -> str:
    state = connected()
    joined = state.lines.line_of[(1, 0, TILES[BRIDGE].piece_towards(3, 0))]
    words = []
    for seat, own in enumerate(state.markers):
        on_joined = sum(1 for ref in own if ref is not None and state.lines.line_of[ref] == joined)
        in_supply = sum(1 for ref in own if ref is None)
        words.append(f"{LETTERS[seat]}: {on_joined} on the joined line, {in_supply} in supply")
    return "; ".join(words)


def _with_bridge(field: Field) -> State:
    state = field.state()
    state.placed.append(((1, 0), BRIDGE, 0))
    state.refresh()
    return state


def join_paint(field: Field, verdict: str) -> Callable[[int, int], pygame.Surface]:
    def paint(width: int, height: int) -> pygame.Surface:
        state = placing(field)[0] if verdict == OK else _with_bridge(field)
        return fit(draw_field(state, JOIN_WINDOW, (1, 0), verdict), width, height)
    return paint


def after_paint(width: int, height: int) -> pygame.Surface:
    return fit(draw_field(connected(), JOIN_WINDOW, (1, 0)), width, height)


def _join_diagram() -> Diagram:
    aspect = JOIN_WINDOW[2] / JOIN_WINDOW[3]
    return Diagram((
        Panel("liniell.same_colour_join", lambda: placing(SAME)[1], join_paint(SAME, REFUSED), aspect, REFUSED),
        Panel(OK, lambda: placing(MIXED)[1], join_paint(MIXED, OK), aspect, OK),
        Panel("A: 1 on the joined line, 1 in supply; B: 0 on the joined line, 2 in supply", connection_measured,
              after_paint, aspect),
    ))


# -- scoring ---------------------------------------------------------------------------------------
SCORED = Field(
    ((0, 0, 9, 0), (1, 0, 0, 0), (2, 0, 0, 0), (3, 0, 9, 1), (1, 1, 9, 0), (2, 1, 6, 0)),
    ((0, 1, 0, 1), (1, 1, 1, 0)),
)
SCORE_WINDOW: Window = (0, 0, 4, 2)


def score_measured() -> str:
    result = scoring.result(SCORED.state())
    return f"{LETTERS[0]} {result['scores'][0]} : {LETTERS[1]} {result['scores'][1]}"


def score_paint(width: int, height: int) -> pygame.Surface:
    state = SCORED.state()
    return fit(draw_field(state, SCORE_WINDOW), width, height)


DIAGRAMS: dict[str, Diagram] = {
    "turn": _turn_diagram(),
    "joining": _join_diagram(),
    "scoring": Diagram((Panel("A 6 : B 3", score_measured, score_paint, SCORE_WINDOW[2] / SCORE_WINDOW[3]),),
                       ("6", "3")),
}


def _marker_key(seat: int) -> Callable[[int], pygame.Surface]:
    def paint(size: int) -> pygame.Surface:
        surface = pygame.Surface((size, size), pygame.SRCALPHA)
        art.draw_marker(surface, (size / 2, size * 0.45), int(size * 0.36), COLOURS[seat], letter=LETTERS[seat])
        return surface
    return paint


KEYS: dict[str, Callable[[int], pygame.Surface]] = {"a": _marker_key(0), "b": _marker_key(1)}
