"""Linie 1's rules diagrams: small corners of the real board, built with the core's ``Board``.

Each panel lays its tiles in order on an empty board (so the stop signs fall where the game puts
them), then shows one move — a placement, an exchange or a pair of exchanges — framed mint when
the core allows it and coral when the core refuses it, with the refusal's code as its claim.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

import pygame

from game.core.linie1.board import Board
from game.core.linie1.data import BESIDE_BUILDING, FACES, TERMINALS
from game.core.linie1.dice import carry_out, stop_signs
from game.core.linie1.geometry import exits_from, face_to_names
from game.core.linie1.network import network_of
from game.core.linie1.routes import Route, advance, make_route
from game.render.diagrams import OK, REFUSED, Diagram, Panel, fit, marker, outline
from game.render.linie1.board import Linie1Board, line_colour, stop_sign, tile_image
from game.render.linie1.die import die_face
from game.render.linie1.geometry import edge_between, tram_path
from game.render.linie1.tram import draw_tram
from game.ui import theme

CELL = 96  # pixels per square the corners are drawn at before they are scaled to the panel
Laid = tuple[int, int, int, int]  # (row, column, tile type, rotation)
Window = tuple[int, int, int, int]  # (first row, first column, rows, columns)


@dataclass(frozen=True)
class Move:
    """A placement (``kind`` "place"), an exchange ("exchange") or two at once ("exchange2")."""

    kind: str
    tiles: tuple[Laid, ...]


def board_of(laid: Sequence[Laid]) -> Board:
    board = Board()
    for row, col, tile, rot in laid:
        board.set_tile((row, col), tile, rot)
    return board


def background_problem(laid: Sequence[Laid]) -> str:
    """"ok" when every tile of the position could have been laid in turn, else the first refusal."""
    board = Board()
    for row, col, tile, rot in laid:
        problem = board.check_place(tile, (row, col), rot)
        if problem is not None:
            return problem.code
        board.set_tile((row, col), tile, rot)
    return OK


def judge(laid: Sequence[Laid], move: Move) -> str:
    """What the core says of ``move`` on the position: "ok" or the refusal's code."""
    board = board_of(laid)
    specs = [(tile, (row, col), rot) for row, col, tile, rot in move.tiles]
    if move.kind == "place":
        problem = board.check_place(*specs[0])
    elif move.kind == "exchange":
        problem = board.check_exchange(*specs[0])
    else:
        problem = board.check_double_exchange(specs[0], specs[1])
    return OK if problem is None else problem.code


# -- drawing ---------------------------------------------------------------------------------------
@cache
def _board() -> Linie1Board:
    return Linie1Board(CELL)


def _crop(window: Window) -> tuple[pygame.Surface, tuple[int, int]]:
    """The window of the empty board, and the origin that places board cell (0, 0) on it."""
    row, col, rows, cols = window
    area = pygame.Rect(col * CELL, row * CELL, cols * CELL, rows * CELL)
    return _board().base().subsurface(area).copy(), (-col * CELL, -row * CELL)


def _draw_position(surface: pygame.Surface, origin: tuple[int, int], board: Board) -> None:
    art = _board()
    for (row, col), placed in board.tiles.items():
        surface.blit(tile_image(face_to_names(FACES[placed]), CELL), art.cell_rect((row, col), origin))
    for letter, cell in board.signs.items():
        art.draw_sign(surface, letter, cell, origin)


def corner(window: Window, laid: Sequence[Laid], move: Move | None = None, verdict: str | None = None,
           tags: Sequence[tuple[int, int, str]] = ()) -> Callable[[int, int], pygame.Surface]:
    """Paint a corner of the board: the position, then the move (drawn even when refused, framed
    in the verdict's colour), then letter tags on squares."""
    def paint(width: int, height: int) -> pygame.Surface:
        surface, origin = _crop(window)
        board = board_of(laid)
        moved = [(tile, (row, col), rot) for row, col, tile, rot in move.tiles] if move else []
        if move is not None and (move.kind != "place" or verdict == OK):
            for tile, cell, rot in moved:  # an allowed placement shows its stop sign, as the game would
                board.set_tile(cell, tile, rot)
        _draw_position(surface, origin, board)
        art = _board()
        for tile, cell, rot in moved:
            rect = art.cell_rect(cell, origin)
            surface.blit(tile_image(face_to_names(FACES[(tile, rot)]), CELL), rect)
            if cell in board.sign_at:
                art.draw_sign(surface, board.sign_at[cell], cell, origin)
            outline(surface, rect, verdict)
        for row, col, text in tags:
            rect = art.cell_rect((row, col), origin)
            marker(surface, (rect.x + CELL * 0.2, rect.y + CELL * 0.2), text, int(CELL * 0.34))
        return fit(surface, width, height)
    return paint


def rule_pair(window: Window, laid: Sequence[Laid], good: Laid, bad: Laid, code: str, rule: str,
              bad_tags: Sequence[tuple[int, int, str]] = ()) -> Diagram:
    """An allowed placement beside a refused one on the same position."""
    rows, cols = window[2], window[3]
    panels = []
    for move_tiles, verdict, claim, tags in (((good,), OK, OK, ()), ((bad,), REFUSED, code, bad_tags)):
        move = Move("place", move_tiles)
        panels.append(Panel(claim, lambda m=move: judge(laid, m), corner(window, laid, move, verdict, tags),
                            cols / rows, verdict))
    return Diagram(tuple(panels), (f"rule {rule}",) if rule else ())


# -- stop signs and the H --------------------------------------------------------------------------
SIGN_TILES: tuple[Laid, ...] = ((3, 11, 1, 1), (5, 11, 1, 1), (4, 10, 1, 0), (4, 12, 1, 0))
SIGN_WINDOW: Window = (3, 8, 3, 5)


SIGN_CORNERS = ((3, 10), (5, 10), (3, 12), (5, 12))  # X: touching the Hallenbad only at a corner


def signs_measured() -> str:
    """Where the core put the signs, and whether the corner squares could ever get the Hallenbad's."""
    board = board_of(SIGN_TILES)
    signs = ";".join(f"{letter}@{cell[0]},{cell[1]}" for letter, cell in sorted(board.signs.items()))
    corners = "never" if all(BESIDE_BUILDING.get(cell) != "H" for cell in SIGN_CORNERS) else "possible"
    return f"{signs}; corners {corners}"


def signs_panel() -> Panel:
    tags = [(3, 11, "A"), (5, 11, "B"), (4, 10, "C"), (4, 12, "D"), *((row, col, "X") for row, col in SIGN_CORNERS)]
    return Panel("H@3,11; corners never", signs_measured, corner(SIGN_WINDOW, SIGN_TILES, tags=tags),
                 SIGN_WINDOW[3] / SIGN_WINDOW[2])


TRIP_TILES: tuple[Laid, ...] = tuple((11, col, 1, 1) for col in range(1, 7))
TRIP_WINDOW: Window = (9, 0, 4, 7)
TRIP_LINE, TRIP_TERMINAL = 2, 1  # line 2 leaves Alberichstraße eastwards


def trip_route() -> Route:
    """The squares a tram of line 2 enters leaving Alberichstraße eastwards, following the rails as
    the core's network runs them, and which of them are halts."""
    board = board_of(TRIP_TILES)
    network = network_of(board)
    start, node = network.start_nodes(TERMINALS[TRIP_LINE][TRIP_TERMINAL])[0]
    nodes = [node]
    while network.successors(nodes[-1]) and len(nodes) < len(TRIP_TILES):
        nodes.append(network.successors(nodes[-1])[0])
    return make_route(board, start, nodes)


def trip_end(face: str) -> int:
    """How many squares the tram drives on ``face`` from its terminal (the core's ``advance``)."""
    return advance(trip_route().halts, -1, face) + 1


def trip_measured(face: str) -> str:
    reached = trip_end(face)
    row, col = trip_route().cells[reached - 1]
    return f"{face}: {reached} squares to {row},{col}"


def trip_paint(face: str) -> Callable[[int, int], pygame.Surface]:
    def paint(width: int, height: int) -> pygame.Surface:
        surface, origin = _crop(TRIP_WINDOW)
        board = board_of(TRIP_TILES)
        _draw_position(surface, origin, board)
        art = _board()
        route = trip_route()
        cells, reached = route.cells, trip_end(face)
        colour = line_colour(TRIP_LINE)
        trail = [route.start, *cells[:reached]]
        for cell in trail[1:]:
            rect = art.cell_rect(cell, origin)
            shade = pygame.Surface(rect.size, pygame.SRCALPHA)
            shade.fill((*colour, 70))
            surface.blit(shade, rect)
        last = cells[reached - 1]
        entry = edge_between(last, trail[-2]) or "W"
        exit_ = {"N": "S", "S": "N", "E": "W", "W": "E"}[entry]
        x, y, heading = tram_path(art.cell_rect(last, origin), entry, exit_, 0.5)
        draw_tram(surface, (x, y), heading, colour, int(CELL * 1.3), str(TRIP_LINE))
        if last in board.sign_at:  # the sign stays in sight under the tram that stopped at it
            art.draw_sign(surface, board.sign_at[last], last, origin)
        die = die_face(face, int(CELL * 0.8))
        surface.blit(die, die.get_rect(topleft=(int(CELL * 0.15), int(CELL * 0.12))))
        return fit(surface, width, height)
    return paint


def trip_panel(face: str, claim: str) -> Panel:
    return Panel(claim, lambda: trip_measured(face), trip_paint(face), TRIP_WINDOW[3] / TRIP_WINDOW[2])


def tools_end(position: int, by_h: bool) -> int:
    """Three dice: where tools send the tram standing on route square ``position`` (the core's
    ``carry_out``; -1 is the start terminal)."""
    route = trip_route()
    return carry_out(route.halts, stop_signs(route.cells, route.halts), position, by_h, "T")[0]


def tools_measured(position: int, by_h: bool) -> str:
    cells = trip_route().cells
    row, col = cells[position]
    end = tools_end(position, by_h)
    where = "the terminal" if end < 0 else "{},{}".format(*cells[end])
    return f"T from {row},{col}{' after H' if by_h else ''}: {'stays at' if end == position else 'back to'} {where}"


def tools_paint(position: int, by_h: bool) -> Callable[[int, int], pygame.Surface]:
    def paint(width: int, height: int) -> pygame.Surface:
        surface, origin = _crop(TRIP_WINDOW)
        board = board_of(TRIP_TILES)
        _draw_position(surface, origin, board)
        art = _board()
        route = trip_route()
        cells, end = route.cells, tools_end(position, by_h)
        colour = line_colour(TRIP_LINE)
        for cell in cells[:position + 1]:  # the squares driven so far
            rect = art.cell_rect(cell, origin)
            shade = pygame.Surface(rect.size, pygame.SRCALPHA)
            shade.fill((*colour, 60))
            surface.blit(shade, rect)
        if end != position:  # the square tools send it back from
            outline(surface, art.cell_rect(cells[position], origin).inflate(-8, -8), REFUSED)
        trail = [route.start, *cells]
        here = trail[end + 1]
        entry = edge_between(here, trail[end]) if end >= 0 else "W"
        exit_ = {"N": "S", "S": "N", "E": "W", "W": "E"}[entry or "W"]
        x, y, heading = tram_path(art.cell_rect(here, origin), entry or "W", exit_, 0.5)
        draw_tram(surface, (x, y), heading, colour, int(CELL * 1.3), str(TRIP_LINE))
        if here in board.sign_at:
            art.draw_sign(surface, board.sign_at[here], here, origin)
        die = die_face("T", int(CELL * 0.8), lights=True)
        surface.blit(die, die.get_rect(topleft=(int(CELL * 0.15), int(CELL * 0.12))))
        if by_h:
            letter = die_face("H", int(CELL * 0.5), lights=True)
            surface.blit(letter, letter.get_rect(topleft=(int(CELL * 1.0), int(CELL * 0.12))))
        return fit(surface, width, height)
    return paint


def tools_panel(position: int, by_h: bool, claim: str) -> Panel:
    return Panel(claim, lambda: tools_measured(position, by_h), tools_paint(position, by_h),
                 TRIP_WINDOW[3] / TRIP_WINDOW[2])


# -- how a tram runs through a square --------------------------------------------------------------
RUN_CENTRE = (5, 8)
RUN_WINDOW: Window = (4, 7, 3, 3)
EDGE_NAMES = "NESW"


def run_tiles(centre_tile: int) -> tuple[Laid, ...]:
    """The tile under study in the middle, with straights leading away on all four sides."""
    row, col = RUN_CENTRE
    return ((row, col, centre_tile, 0), (row, col - 1, 1, 1), (row, col + 1, 1, 1), (row - 1, col, 1, 0),
            (row + 1, col, 1, 0))


def run_measured(centre_tile: int) -> str:
    """Where the core lets a tram entering the middle square from the west leave it."""
    exits = exits_from(FACES[(centre_tile, 0)], 3)
    return "from W: " + " ".join(EDGE_NAMES[edge] for edge in exits)


def run_paint(centre_tile: int) -> Callable[[int, int], pygame.Surface]:
    """The tram coming in from the west, and a band and arrow along each way on it may take."""
    def paint(width: int, height: int) -> pygame.Surface:
        surface, origin = _crop(RUN_WINDOW)
        _draw_position(surface, origin, board_of(run_tiles(centre_tile)))
        art = _board()
        colour = line_colour(TRIP_LINE)
        rect = art.cell_rect(RUN_CENTRE, origin)
        for edge in exits_from(FACES[(centre_tile, 0)], 3):
            points = [tram_path(rect, "W", EDGE_NAMES[edge], i / 16)[:2] for i in range(17)]
            pygame.draw.lines(surface, theme.SHADOW, False, points, 16)
            pygame.draw.lines(surface, colour, False, points, 10)
            x, y, heading = tram_path(rect, "W", EDGE_NAMES[edge], 1.0)
            ux, uy = math.cos(math.radians(heading)), -math.sin(math.radians(heading))
            tip = (x + ux * 16, y + uy * 16)
            head = [tip, (x - uy * 16, y + ux * 16), (x + uy * 16, y - ux * 16)]
            pygame.draw.polygon(surface, colour, head)
            pygame.draw.polygon(surface, theme.SHADOW, head, 3)
        west = art.cell_rect((RUN_CENTRE[0], RUN_CENTRE[1] - 1), origin)
        draw_tram(surface, (west.centerx, west.centery), 0.0, colour, int(CELL * 1.3), str(TRIP_LINE))
        return fit(surface, width, height)
    return paint


def run_panel(centre_tile: int, claim: str) -> Panel:
    return Panel(claim, lambda: run_measured(centre_tile), run_paint(centre_tile), 1.0)


# -- the diagrams ----------------------------------------------------------------------------------
EXCHANGE_TILES: tuple[Laid, ...] = ((6, 5, 1, 1), (6, 6, 2, 2), (7, 6, 1, 0))
EXCHANGE_WINDOW: Window = (5, 5, 3, 3)
PAIR_TILES: tuple[Laid, ...] = ((6, 5, 1, 0), (6, 6, 1, 0))
PAIR_WINDOW: Window = (5, 4, 3, 4)
PAIR_A, PAIR_B = (6, 5, 4, 0), (6, 6, 3, 0)


def _exchange_diagram() -> Diagram:
    before = Panel(OK, lambda: background_problem(EXCHANGE_TILES),
                   corner(EXCHANGE_WINDOW, EXCHANGE_TILES, tags=[(6, 6, "A")]), 1.0)
    good, bad = Move("exchange", ((6, 6, 3, 0),)), Move("exchange", ((6, 6, 1, 1),))
    return Diagram((
        before,
        Panel(OK, lambda: judge(EXCHANGE_TILES, good), corner(EXCHANGE_WINDOW, EXCHANGE_TILES, good, OK), 1.0, OK),
        Panel("linie1.exchange_loses_track", lambda: judge(EXCHANGE_TILES, bad),
              corner(EXCHANGE_WINDOW, EXCHANGE_TILES, bad, REFUSED), 1.0, REFUSED),
    ))


def _pair_diagram() -> Diagram:
    tags = [(6, 5, "A"), (6, 6, "B")]
    aspect = PAIR_WINDOW[3] / PAIR_WINDOW[2]
    panels = []
    for move, verdict, claim in ((Move("exchange", (PAIR_A,)), REFUSED, "linie1.rule_d_into_trackless_side"),
                                 (Move("exchange", (PAIR_B,)), REFUSED, "linie1.rule_d_into_trackless_side"),
                                 (Move("exchange2", (PAIR_A, PAIR_B)), OK, OK)):
        panels.append(Panel(claim, lambda m=move: judge(PAIR_TILES, m),
                            corner(PAIR_WINDOW, PAIR_TILES, move, verdict, tags), aspect, verdict))
    return Diagram(tuple(panels))


DIAGRAMS: dict[str, Diagram] = {
    "rule_a": rule_pair((0, 2, 3, 6), (), (1, 5, 1, 1), (1, 5, 1, 0), "linie1.rule_a_off_board", "a"),
    "rule_b": rule_pair((3, 3, 3, 5), (), (4, 5, 1, 0), (4, 5, 1, 1), "linie1.rule_b_into_building", "b"),
    "rule_c": rule_pair((3, 4, 3, 4), (), (5, 6, 1, 1), (4, 6, 1, 1), "linie1.rule_c_covers_building", "c"),
    "rule_d": rule_pair((5, 4, 3, 4), ((6, 5, 1, 1),), (6, 6, 1, 1), (6, 6, 1, 0), "linie1.rule_d_blocks_track",
                        "d"),
    "rule_e": rule_pair((0, 0, 4, 4), ((2, 1, 2, 2),), (1, 2, 2, 0), (1, 2, 2, 3), "linie1.rule_e_dead_end",
                        "e", ((1, 1, "X"),)),
    "exchange": _exchange_diagram(),
    "exchange_pair": _pair_diagram(),
    "stop_signs": Diagram((signs_panel(),)),
    "running": Diagram((run_panel(10, "from W: E"), run_panel(9, "from W: N S"))),
    "halt": Diagram((trip_panel("H", "H: 5 squares to 11,5"), trip_panel("3", "3: 3 squares to 11,3")),
                    ("H", "3")),
    "tools": Diagram((tools_panel(5, False, "T from 11,6: back to 11,5"),
                      tools_panel(4, True, "T from 11,5 after H: stays at 11,5"),
                      tools_panel(2, False, "T from 11,3: back to the terminal")),
                     ("tools", "by H", "terminal")),
}


def _sign_key(size: int) -> pygame.Surface:
    return stop_sign(size)


def _tram_key(size: int) -> pygame.Surface:
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    draw_tram(surface, (size / 2, size / 2), 0.0, line_colour(TRIP_LINE), size, str(TRIP_LINE))
    return surface


def _tag_key(size: int) -> pygame.Surface:
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    marker(surface, (size / 2, size / 2), "A", size)
    return surface


KEYS: dict[str, Callable[[int], pygame.Surface]] = {"sign": _sign_key, "tram": _tram_key, "tag": _tag_key}
