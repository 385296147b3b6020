"""Liniell bots. They read only their seat's view: the field, the lines, the markers, the drawn tile
and the multiset of tiles still face down (public: the 16 tiles minus those seen), never the order.

* easy — lays the drawn tile anywhere legal at random, then puts a marker from its supply on the
  line of the new tile that would score most now. It never moves markers and ignores threats.
* normal — tries every placement with every occupation that may follow and keeps the one whose
  position is best: its lines' provisional route points minus the opponent's, less the risk that
  the opponent captures a line by connecting to it (N4), estimated from the unseen tiles.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.core.contract import Action, View
from game.core.liniell import GAME
from game.core.liniell.field import Cell, Field, Lines, PieceRef, compute_lines
from game.core.liniell.routes import best_route
from game.core.liniell.rules import SUPPLY
from game.core.liniell.state import CONNECT, OCCUPY, PLACE, State
from game.core.liniell.tiles import CLOSED, DELTAS, TILES, opposite
from game.core.rng import Rng

LEVELS = ("easy", "normal")

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

    def value(self, field: Field, lines: Lines, markers: Markers, routes: dict[int, float]) -> float:
        me = self.outlook.me
        total = 0.0
        owners: dict[int, int] = {}
        for seat, own in enumerate(markers):
            for ref in own:
                if ref is None:
                    continue
                line = lines.line_of[ref]
                owners[line] = seat
                worth = self._line_points(field, lines, line, routes)
                total += worth if seat == me else -worth
        total -= self._capture_risk(field, lines, owners, routes)
        return total

    def _line_points(self, field: Field, lines: Lines, line: int, routes: dict[int, float]) -> float:
        if line not in routes:
            route = best_route(field, lines.members[line])
            points = 0.0 if route is None else float(route.points)
            if self.outlook.opponent_turns + self.outlook.my_turns > 0:
                points += GROWTH_PER_OPEN_END * len(_open_ends(field, lines.members[line]))
            routes[line] = points
        return routes[line]

    def _capture_risk(self, field: Field, lines: Lines, owners: dict[int, int],
                      routes: dict[int, float]) -> float:
        """Expected loss to a capture on the opponent's next turn (my line joined to theirs)."""
        if self.outlook.opponent_turns == 0:
            return 0.0
        me = self.outlook.me
        facing: dict[Cell, list[tuple[int, int]]] = {}
        for line in owners:
            for cell, side in _open_ends(field, lines.members[line]):
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
                worst = max(worst, share * routes.get(line, 0.0) * CAPTURE_SWING)
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


def _open_ends(field: Field, pieces: list[PieceRef]) -> list[tuple[Cell, int]]:
    """(empty square, side of that square) where the line could be continued by a tile."""
    ends = []
    for x, y, piece in pieces:
        tile, rot = field.cells[(x, y)]
        for direction in range(4):
            if TILES[tile].piece_towards(direction, rot) != piece:
                continue
            dx, dy = DELTAS[direction]
            near = (x + dx, y + dy)
            if near not in field.cells and field.fits(near):
                ends.append((near, opposite(direction)))
    return ends


@dataclass
class Choice:
    place: Action | None
    follow: Action  # occupy / skip / connect_marker
    value: float


class LiniellBot:
    def __init__(self, level: str, seed: int) -> None:
        self.level = level
        self.rng = Rng(seed)

    def decide(self, view: View) -> Action:
        state = GAME.state_from_view(view)
        seat = view["seat"]
        if state.phase == CONNECT:
            return GAME.legal(state, seat)[0]
        if self.level == "easy":
            return self._easy(state, seat)
        choices = self._choices(state, seat)
        best = max(choice.value for choice in choices)
        top = [choice for choice in choices if choice.value >= best - 1e-9]
        pick = top[self.rng.below(len(top))]
        return pick.place if state.phase == PLACE else pick.follow

    # -- easy -----------------------------------------------------------------------------------------
    def _easy(self, state: State, seat: int) -> Action:
        legal = GAME.legal(state, seat)
        if state.phase == PLACE:
            return legal[self.rng.below(len(legal))]
        options = [action for action in legal if action["type"] == "occupy" and action["from"] == SUPPLY]
        if not options:
            return {"type": "skip"}
        scored = []
        for action in options:
            line = state.lines.index_of_id(action["line"])
            route = best_route(state.board, state.lines.members[line])
            scored.append((0 if route is None else route.points, action["line"], action))
        return max(scored, key=lambda item: (item[0], item[1]))[2]

    # -- normal ---------------------------------------------------------------------------------------
    def _outlook(self, state: State, seat: int) -> Outlook:
        left = len(state.stack)  # tiles still face down after the one being played now
        return Outlook(seat, Counter(state.stack), opponent_turns=(left + 1) // 2, my_turns=left // 2)

    def _choices(self, state: State, seat: int) -> list[Choice]:
        evaluator = Evaluator(self._outlook(state, seat))
        if state.phase == OCCUPY:
            return self._follow_ups(state, seat, None, state.board, state.lines, evaluator)
        choices: list[Choice] = []
        for place in GAME.legal(state, seat):
            cell = (place["x"], place["y"])
            field = state.board.with_tile(cell, state.drawn, place["rot"])
            lines = compute_lines(field)
            choices.extend(self._follow_ups(state, seat, place, field, lines, evaluator))
        return choices

    def _follow_ups(self, state: State, seat: int, place: Action | None, field: Field, lines: Lines,
                    evaluator: Evaluator) -> list[Choice]:
        """Every way the turn can finish after ``place`` (already on ``field``), with its value."""
        cell = (place["x"], place["y"]) if place else state.last_cell
        markers = [list(own) for own in state.markers]
        routes: dict[int, float] = {}
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
            return [Choice(place, follow, evaluator.value(field, lines, markers, routes))]
        choices = [Choice(place, {"type": "skip"}, evaluator.value(field, lines, markers, routes))]
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
                choices.append(Choice(place, follow, evaluator.value(field, lines, moved, routes)))
        return choices


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


def make_bot(level: str, seed: int) -> LiniellBot:
    if level not in LEVELS:
        raise ValueError(f"Liniell bots come in {', '.join(LEVELS)}")
    return LiniellBot(level, seed)
