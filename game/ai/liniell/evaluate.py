"""How the Liniell bots see a position: its value from one seat's point of view, and every way a
turn can be finished with the position each leaves.

The value is the seat's lines' provisional route points minus the opponent's, plus a little for
each open end while tiles remain, minus the expected loss to a capture next turn (N4), estimated
from the tiles still face down. With no turns left it is exactly the final score margin.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from game.core.contract import Action
from game.core.liniell import GAME
from game.core.liniell.field import SIDE, Cell, Field, Lines, PieceRef, compute_lines
from game.core.liniell.routes import best_route
from game.core.liniell.rules import SUPPLY
from game.core.liniell.state import OCCUPY, State
from game.core.liniell.tiles import CLOSED, DELTAS, TILES, opposite

Markers = list[list[PieceRef | None]]

# How much of a line's value a capture costs its owner beyond the line itself: the capturer also
# gains the joined line. Tuned by bot-against-bot games (tools/simulate).
CAPTURE_SWING = 1.5
# A line with open ends can still grow; each open end that another tile can extend is worth this.
GROWTH_PER_OPEN_END = 0.3


def _connects(tile: int, rot: int, a: int, b: int) -> bool:
    piece = TILES[tile].piece_towards(a, rot)
    return piece != CLOSED and piece == TILES[tile].piece_towards(b, rot)


@dataclass
class Outlook:
    """What the evaluation needs besides the field: who we are and what may still be drawn."""

    me: int
    unseen: Counter[int]
    opponent_turns: int  # placements the opponent still makes after this turn
    my_turns: int


class Evaluator:
    """Scores positions (field, lines, markers) from one seat's point of view."""

    def __init__(self, outlook: Outlook) -> None:
        self.outlook = outlook
        self._connect_share: dict[tuple[int, int], float] = {}

    def value(self, field: Field, lines: Lines, markers: Markers, memo: dict[Any, Any]) -> float:
        """The position's worth to ``outlook.me``. ``memo`` holds what depends on the field alone
        (each line's points and open ends), shared by every position on the same field."""
        me = self.outlook.me
        total = 0.0
        owners: dict[int, int] = {}
        for seat, own in enumerate(markers):
            for ref in own:
                if ref is None:
                    continue
                line = lines.line_of[ref]
                owners[line] = seat
                worth = self._line_points(field, lines, line, memo)
                total += worth if seat == me else -worth
        total -= self._capture_risk(field, lines, owners, memo)
        return total

    def _line_points(self, field: Field, lines: Lines, line: int, memo: dict[Any, Any]) -> float:
        if line not in memo:
            route = best_route(field, lines.members[line])
            points = 0.0 if route is None else float(route.points)
            if self.outlook.opponent_turns + self.outlook.my_turns > 0:
                points += GROWTH_PER_OPEN_END * len(_ends(field, lines, line, memo))
            memo[line] = points
        return float(memo[line])

    def _capture_risk(self, field: Field, lines: Lines, owners: dict[int, int],
                      memo: dict[Any, Any]) -> float:
        """Expected loss to a capture on the opponent's next turn (my line joined to theirs)."""
        if self.outlook.opponent_turns == 0:
            return 0.0
        me = self.outlook.me
        facing: dict[Cell, list[tuple[int, int]]] = {}
        for line in owners:
            for cell, side in _ends(field, lines, line, memo):
                facing.setdefault(cell, []).append((line, side))
        risk = 0.0
        for entries in facing.values():
            mine = [(line, side) for line, side in entries if owners[line] == me]
            theirs = [(line, side) for line, side in entries if owners[line] != me]
            if not mine or not theirs:
                continue
            worst = 0.0
            for line, side in mine:
                share = max(self._share(side, other) for _, other in theirs)
                worst = max(worst, share * memo.get(line, 0.0) * CAPTURE_SWING)
            risk += worst
        return risk

    def _share(self, side_a: int, side_b: int) -> float:
        """The chance that the next tile drawn can join sides a and b of one square."""
        key = (min(side_a, side_b), max(side_a, side_b))
        if key not in self._connect_share:
            unseen = self.outlook.unseen
            total = sum(unseen.values())
            good = sum(count for tile, count in unseen.items()
                       if any(_connects(tile, rot, side_a, side_b) for rot in range(4)))
            self._connect_share[key] = good / total if total else 0.0
        return self._connect_share[key]


def _ends(field: Field, lines: Lines, line: int, memo: dict[Any, Any]) -> list[tuple[Cell, int]]:
    key = ("ends", line)
    if key not in memo:
        memo[key] = _open_ends(field, lines.members[line])
    return list(memo[key])


def _open_ends(field: Field, pieces: list[PieceRef]) -> list[tuple[Cell, int]]:
    """(empty square, side of that square) where the line could be continued by a tile."""
    ends: list[tuple[Cell, int]] = []
    if not field.cells:
        return ends
    min_x, min_y, max_x, max_y = field.bounds()  # once, not per square asked about
    for x, y, piece in pieces:
        tile, rot = field.cells[(x, y)]
        for direction in range(4):
            if TILES[tile].piece_towards(direction, rot) != piece:
                continue
            dx, dy = DELTAS[direction]
            near = (x + dx, y + dy)
            fits = (max(max_x, near[0]) - min(min_x, near[0]) < SIDE
                    and max(max_y, near[1]) - min(min_y, near[1]) < SIDE)  # Field.fits, bounds known
            if near not in field.cells and fits:
                ends.append((near, opposite(direction)))
    return ends


@dataclass
class Choice:
    """One way to play a turn (or its second half), the position it leaves, and that position's value."""

    place: Action | None
    follow: Action  # occupy / skip / connect_marker
    value: float
    field: Field
    lines: Lines
    markers: Markers


def outlook(state: State, seat: int) -> Outlook:
    """Who plays ``seat`` now and what may still come: the turns left to each side after this one."""
    left = len(state.stack)  # tiles still face down after the one being played now
    return Outlook(seat, Counter(state.stack), opponent_turns=(left + 1) // 2, my_turns=left // 2)


def greedy_outlook(state: State, seat: int) -> Outlook:
    """Only what scores now: no growth, no threats (the baseline every level is measured against)."""
    return Outlook(seat, Counter(state.stack), opponent_turns=0, my_turns=0)


def choices(state: State, seat: int, view_of: Outlook) -> list[Choice]:
    """Every way ``seat`` can finish its turn from ``state``, each valued by ``view_of``."""
    evaluator = Evaluator(view_of)
    if state.phase == OCCUPY:
        return follow_ups(state, seat, None, state.board, state.lines, evaluator)
    found: list[Choice] = []
    for place in GAME.legal(state, seat):
        cell = (place["x"], place["y"])
        field = state.board.with_tile(cell, state.drawn, place["rot"])  # type: ignore[arg-type]
        lines = compute_lines(field)
        found.extend(follow_ups(state, seat, place, field, lines, evaluator))
    return found


def follow_ups(state: State, seat: int, place: Action | None, field: Field, lines: Lines,
               evaluator: Evaluator) -> list[Choice]:
    """Every way the turn can finish after ``place`` (already on ``field``), with its value."""
    cell = (place["x"], place["y"]) if place else state.last_cell
    markers = [list(own) for own in state.markers]
    memo: dict[Any, Any] = {}  # per field: every follow-up below shares it
    crowded = _crowded_line(lines, markers)
    if crowded is not None:
        # N4: my marker on neither joined line moves onto it, both original markers go home.
        on_line = [(s, i) for s, own in enumerate(markers) for i, ref in enumerate(own)
                   if ref is not None and lines.line_of[ref] == crowded]
        mover = next(i for i in range(len(markers[seat])) if (seat, i) not in on_line)
        source = SUPPLY if markers[seat][mover] is None else lines.id_of(markers[seat][mover])
        for owner, index in on_line:
            markers[owner][index] = None
        markers[seat][mover] = lines.piece_on_cell(crowded, cell)
        follow = {"type": "connect_marker", "from": source}
        return [Choice(place, follow, evaluator.value(field, lines, markers, memo), field, lines, markers)]
    found = [Choice(place, {"type": "skip"}, evaluator.value(field, lines, markers, memo), field, lines, markers)]
    occupied = {lines.line_of[ref] for own in markers for ref in own if ref is not None}
    sources = [None] if None in markers[seat] else []
    sources += [ref for ref in markers[seat] if ref is not None]
    for line in lines.on_cell(cell):
        if line in occupied:
            continue
        for source in sources:
            moved = [list(own) for own in markers]
            index = moved[seat].index(source)
            moved[seat][index] = lines.piece_on_cell(line, cell)
            follow = {"type": "occupy", "line": lines.ids[line],
                      "from": SUPPLY if source is None else lines.id_of(source)}
            found.append(Choice(place, follow, evaluator.value(field, lines, moved, memo), field, lines, moved))
    return found


def _crowded_line(lines: Lines, markers: Markers) -> int | None:
    seen: set[int] = set()
    for own in markers:
        for ref in own:
            if ref is None:
                continue
            line = lines.line_of[ref]
            if line in seen:
                return line
            seen.add(line)
    return None


