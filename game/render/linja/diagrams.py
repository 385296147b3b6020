"""Linja's rules diagrams: positions played with the core's ``play`` and drawn on the bamboo table.

Each move panel plays its moves on a copy of a position and claims what the core reports (how
many rows the following move goes, whether it earns an extra turn); the scoring panel claims the
core's ``scores`` of an ended game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import pygame

from game.core.linja.position import Position, have_passed, play, scores, starting_pieces
from game.core.linja.rules import Linja, LinjaState
from game.core.rng import Rng
from game.render.diagrams import OK, REFUSED, Diagram, Panel, fit, marker
from game.render.linja.art import board_layer, draw_landing_mark, draw_piece, draw_ring
from game.render.linja.layout import PIECE_RADIUS, LinjaLayout
from game.ui import theme

BOARD_SIZE = (820, 660)  # the table drawn at this size, then scaled to the panel
COLOURS = (theme.player_colour(0), theme.player_colour(1))
ASPECT = BOARD_SIZE[0] / BOARD_SIZE[1]


@dataclass(frozen=True)
class Play:
    """A position (``pieces[seat][row]``, ``seat`` to move) and the rows its moves start from."""

    pieces: tuple[tuple[int, ...], tuple[int, ...]]
    seat: int
    rows: tuple[int, ...]

    def start(self) -> Position:
        return Position([list(self.pieces[0]), list(self.pieces[1])], self.seat)

    def events(self, moves: int | None = None) -> list[dict[str, Any]]:
        position, events = self.start(), []
        for row in self.rows[:moves]:
            play(position, row, events)
        return events

    def after(self, moves: int) -> Position:
        position = self.start()
        for row in self.rows[:moves]:
            play(position, row)
        return position


def told(events: Sequence[dict[str, Any]]) -> str:
    """The events of the moves in words the claims use: "0-1 then 2; 1-4; extra turn"."""
    parts = []
    for event in events:
        if event["type"] == "move":
            steps = f" then {event['steps']}" if event["phase"] == "initial" and event["steps"] else ""
            parts.append(f"{event['from']}-{event['to']}{steps}")
        elif event["type"] == "extra_turn":
            parts.append("extra turn")
    return "; ".join(parts)


# -- drawing ---------------------------------------------------------------------------------------
def _layout() -> LinjaLayout:
    return LinjaLayout(pygame.Rect(0, 0, *BOARD_SIZE))


def _slots(pieces: list[list[int]], row: int) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    return _layout().slots(row, (pieces[0][row], pieces[1][row]))


def _arrow(surface: pygame.Surface, start: tuple[float, float], end: tuple[float, float]) -> None:
    (x0, y0), (x1, y1) = start, end
    length = max(1.0, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    tip = (x1 - ux * (PIECE_RADIUS + 6), y1 - uy * (PIECE_RADIUS + 6))
    base = (x0 + ux * (PIECE_RADIUS + 6), y0 + uy * (PIECE_RADIUS + 6))
    pygame.draw.line(surface, theme.SHADOW, base, tip, 11)
    pygame.draw.line(surface, theme.SUNFLOWER, base, tip, 7)
    side = (-uy * 16, ux * 16)
    head = [(tip[0] + ux * 10, tip[1] + uy * 10), (tip[0] - ux * 18 + side[0], tip[1] - uy * 18 + side[1]),
            (tip[0] - ux * 18 - side[0], tip[1] - uy * 18 - side[1])]
    pygame.draw.polygon(surface, theme.SUNFLOWER, head)
    pygame.draw.polygon(surface, theme.SHADOW, head, 2)


def _moved_piece(pieces: list[list[int]], seat: int, row: int) -> tuple[float, float]:
    """Where the table puts the piece of ``seat`` that moves on or off ``row``: A's last, B's first."""
    mine = _slots(pieces, row)[seat]
    return mine[-1] if seat == 0 else mine[0]


def table(pieces: list[list[int]], left: tuple[list[list[int]], int, int] | None = None) -> pygame.Surface:
    """The table with ``pieces``; ``left`` = (position before, seat, row) draws that row as it was
    before a move, the piece that left it faded."""
    surface = board_layer((0, 0, *BOARD_SIZE), COLOURS).copy()
    for row in range(len(pieces[0])):
        shown = pieces if left is None or row != left[2] else left[0]
        for seat, spots in enumerate(_slots(shown, row)):
            for spot in spots:
                gone = left is not None and shown is left[0] and seat == left[1] \
                    and spot == _moved_piece(left[0], seat, row)
                draw_piece(surface, spot, COLOURS[seat], seat, PIECE_RADIUS, alpha=110 if gone else 255)
    return surface


def move_paint(game: Play, index: int, count: bool = False, tag: str = "") -> Callable[[int, int], pygame.Surface]:
    """The position after move ``index`` (0-based) with a faded piece where it came from, an arrow,
    rings round the pieces that set the following move's length (``count``), and a tag by its row."""
    def paint(width: int, height: int) -> pygame.Surface:
        before, after = game.after(index), game.after(index + 1)
        seat, source = before.turn, game.rows[index]
        destination = next(row for row in range(8) if after.pieces[seat][row] > before.pieces[seat][row])
        surface = table(after.pieces, (before.pieces, seat, source))
        start = _moved_piece(before.pieces, seat, source)
        end = _moved_piece(after.pieces, seat, destination)
        if count:
            a, b = _slots(after.pieces, destination)
            for spot in a + b:
                if spot != end:
                    draw_ring(surface, spot, PIECE_RADIUS + 4, theme.SUNFLOWER, 4)
        draw_ring(surface, end, PIECE_RADIUS + 5, theme.MINT, 5)
        _arrow(surface, start, end)
        if tag:
            y = _layout().row_y(destination)
            marker(surface, (BOARD_SIZE[0] - 150, y), tag, 44)
        return fit(surface, width, height)
    return paint


def move_panel(game: Play, index: int, claim: str, count: bool = False, tag: str = "",
               verdict: str | None = None) -> Panel:
    return Panel(claim, lambda: told(game.events(index + 1)[_moves_before(game, index):]),
                 move_paint(game, index, count, tag), ASPECT, verdict)


def _moves_before(game: Play, index: int) -> int:
    """How many events the first ``index`` moves recorded, so a panel tells only its own move."""
    return len(game.events(index))


# -- a following move over a full row -------------------------------------------------------------
FULL_ROW = Play(((3, 2, 1, 1, 2, 1, 1, 1), (0, 1, 1, 0, 4, 2, 1, 3)), 0, (1, 3))  # 1 -> 2 (two), then 3 -> 5
BLOCKED_FROM = 2  # a piece on row 2 would stop on the full row 4


def refused_follow() -> str:
    """The core's verdict on following from ``BLOCKED_FROM`` after the initial move."""
    state = LinjaState(FULL_ROW.after(1), 0, Rng(0))
    problem = Linja().check(state, 0, {"type": "follow", "from": BLOCKED_FROM})
    return OK if problem is None else problem.code


def refused_paint(width: int, height: int) -> pygame.Surface:
    """The position after the initial move, with the move that may not be made: an arrow to a faded
    piece on the full row, ringed in coral."""
    position = FULL_ROW.after(1)
    surface = table(position.pieces)
    start = _moved_piece(position.pieces, 0, BLOCKED_FROM)
    to = BLOCKED_FROM + position.steps
    crowded = [position.pieces[0][:], position.pieces[1][:]]
    crowded[0][to] += 1
    end = _moved_piece(crowded, 0, to)
    draw_piece(surface, end, COLOURS[0], 0, PIECE_RADIUS, alpha=120)
    draw_ring(surface, end, PIECE_RADIUS + 5, theme.CORAL, 5)
    _arrow(surface, start, end)
    return fit(surface, width, height)


# -- scoring ---------------------------------------------------------------------------------------
ENDED = ((0, 0, 0, 0, 4, 3, 2, 3), (4, 3, 3, 2, 0, 0, 0, 0))


def score_measured() -> str:
    pieces = [list(ENDED[0]), list(ENDED[1])]
    a, b = scores(pieces)
    return f"{'passed' if have_passed(pieces) else 'not passed'}; A {a} : B {b}"


@cache
def _score_picture() -> pygame.Surface:
    return table([list(ENDED[0]), list(ENDED[1])])


def score_paint(width: int, height: int) -> pygame.Surface:
    return fit(_score_picture(), width, height)


# -- the diagrams ----------------------------------------------------------------------------------
START = tuple(starting_pieces()[0]), tuple(starting_pieces()[1])
OPENING = Play(START, 0, (0, 1))  # A: 0 -> 1 (two pieces there: two rows), then 1 -> 3
EXTRA = Play(((4, 2, 2, 1, 0, 1, 1, 1), (0, 1, 1, 2, 0, 2, 2, 4)), 0, (2, 1))  # 2 -> 3 (three), 1 -> 4 (empty)

DIAGRAMS: dict[str, Diagram] = {
    "turn": Diagram((move_panel(OPENING, 0, "0-1 then 2", count=True, tag="2"),
                     move_panel(OPENING, 1, "1-3")), ("two",)),
    "extra_turn": Diagram((move_panel(EXTRA, 0, "2-3 then 3", count=True, tag="3"),
                           move_panel(EXTRA, 1, "1-4; extra turn")), ("three", "extra turn")),
    "full_row": Diagram((move_panel(FULL_ROW, 1, "3-5", verdict=OK),
                         Panel("linja.row_full", refused_follow, refused_paint, ASPECT, REFUSED)), ("row 4",)),
    "scoring": Diagram((Panel("passed; A 31 : B 37", score_measured, score_paint, ASPECT),),
                       ("31", "37")),
}


def _piece_key(seat: int) -> Callable[[int], pygame.Surface]:
    def paint(size: int) -> pygame.Surface:
        surface = pygame.Surface((size, size), pygame.SRCALPHA)
        draw_piece(surface, (size / 2, size / 2 - 2), COLOURS[seat], seat, size // 2 - 4)
        return surface
    return paint


def _ring_key(colour: theme.Colour) -> Callable[[int], pygame.Surface]:
    def paint(size: int) -> pygame.Surface:
        surface = pygame.Surface((size, size), pygame.SRCALPHA)
        draw_ring(surface, (size / 2, size / 2), size // 2 - 5, colour, 4)
        return surface
    return paint


def _landing_key(size: int) -> pygame.Surface:
    """The mark at both ends of a row a legal move can reach, as the table draws it."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    draw_landing_mark(surface, (size / 2, size / 2 - 1), 1, scale=size / 40)
    return surface


KEYS: dict[str, Callable[[int], pygame.Surface]] = {
    "a": _piece_key(0), "b": _piece_key(1), "moved": _ring_key(theme.MINT), "counted": _ring_key(theme.SUNFLOWER),
    "landing": _landing_key,
}
