"""Complete routes (L7), trip candidates (L8) and movement under the die (L9) on the tram network.

The searches themselves live in ``walks`` (shortest walks, with lower bounds) and ``search`` (a
route where the shortest walk repeats a node); the network and its node numbers in ``network``.
Answers are kept with the board's network until the board changes (``network.network_of``), so
asking again on the same board (the legal list, the view helpers, a bot) costs nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import permutations
from typing import Any

from game.core.linie1.board import Board
from game.core.linie1.data import TERMINAL_AT, TERMINALS, Terminal
from game.core.linie1.dice import dice_turns, stop_signs
from game.core.linie1.geometry import Cell
from game.core.linie1.network import (
    TERMINAL_BASE,
    Network,
    network_of,
    node_cell,
    node_terminal,
    square_node,
    terminal_node,
)
from game.core.linie1.search import SEARCH_BUDGET, is_route, route_walk
from game.core.linie1.walks import RouteProblem, ordered_walk

MAX_CANDIDATES = 6


@dataclass(frozen=True)
class Route:
    """A frozen trip: where the tram starts, the squares it enters, and which of them are halts."""

    start: Cell
    nodes: tuple[int, ...]
    cells: tuple[Cell, ...]
    halts: tuple[bool, ...]  # carries a stop sign or is a terminal: where an H stops the tram

    @property
    def length(self) -> int:
        return len(self.cells)

    def expected_turns(self, faces: Sequence[str], allowance: int | None = None, rule: str = "die") -> Fraction:
        signs = stop_signs(self.cells, self.halts) if rule == "three_dice" else None
        return trip_measure(self.halts, faces, allowance, signs)

    def to_view(self) -> dict:
        return {"start": list(self.start), "route": [list(cell) for cell in self.cells],
                "halts": list(self.halts)}


def _halts(board: Board, nodes: Sequence[int]) -> tuple[bool, ...]:
    return tuple(node >= TERMINAL_BASE or node_cell(node) in board.sign_at for node in nodes)


def make_route(board: Board, start: Cell, nodes: Sequence[int]) -> Route:
    return Route(start, tuple(nodes), tuple(node_cell(n) for n in nodes), _halts(board, nodes))


# -- movement ------------------------------------------------------------------------------------
def advance(halts: Sequence[bool], position: int, face: str) -> int:
    """Where a tram at ``position`` (-1: on its start terminal) ends after rolling ``face`` (L9)."""
    last = len(halts) - 1
    if face == "H":
        for index in range(position + 1, last + 1):
            if halts[index]:
                return index
        return last
    return min(position + int(face), last)


def drive_to(halts: Sequence[bool], position: int, squares: int) -> int:
    """Pace rule: where a tram at ``position`` ends driving up to ``squares``: it stops at the first
    halt it reaches, and at the destination."""
    last = len(halts) - 1
    target = min(position + squares, last)
    for index in range(position + 1, target + 1):
        if halts[index]:
            return index
    return target


def pace_turns(halts: Sequence[bool], allowance: int) -> Fraction:
    """Pace rule: the trip's length in moves, if every move goes as far as allowed and the next is
    allowed one square more (others' moves set the allowance too: a measure to compare routes by,
    as the die's expected turns are)."""
    position, moves, last = -1, 0, len(halts) - 1
    while position < last:
        reached = drive_to(halts, position, max(1, allowance))
        allowance = reached - position + 1
        position = reached
        moves += 1
    return Fraction(moves)


def trip_measure(halts: Sequence[bool], faces: Sequence[str], allowance: int | None,
                 signs: Sequence[bool] | None = None) -> Fraction:
    """Expected turns under the die; the pace rule's moves when ``allowance`` is given; the three
    dice's expected turns, played well, when the route's stop ``signs`` are given (tools return there)."""
    if signs is not None:
        return dice_turns(halts, signs)
    return expected_turns(halts, faces) if allowance is None else pace_turns(halts, allowance)


def expected_turns(halts: Sequence[bool], faces: Sequence[str]) -> Fraction:
    """The exact expected number of rolls from the start terminal to the destination.

    E(p) = 1 + the mean of E over where each face leads from p (``advance``). Every face moves the
    tram on, so E(p) * F ** (last - p), F faces, is a whole number: the sums stay in integers and one
    fraction is reduced at the end, the same exact value as adding fractions all along.
    """
    last = len(halts) - 1
    count = len(faces)
    power = [1]
    for _ in range(last + 1):
        power.append(power[-1] * count)
    halt_from = [last] * (last + 1)  # the first halt at or after each position (else the end)
    for position in range(last - 1, -1, -1):
        halt_from[position] = position if halts[position] else halt_from[position + 1]
    tally: dict[str, int] = {}
    for face in faces:
        tally[face] = tally.get(face, 0) + 1
    scaled = [0] * (last + 2)  # scaled[p + 1] = E(p) * F ** (last - p)
    for position in range(last - 1, -2, -1):
        total = power[last - position]
        for face, times in tally.items():
            reached = halt_from[position + 1] if face == "H" else min(position + int(face), last)
            total += times * scaled[reached + 1] * power[reached - position - 1]
        scaled[position + 1] = total
    return Fraction(scaled[0], power[last + 1])


# -- complete routes and trip candidates --------------------------------------------------------------
def _starts(network: Network, line: int) -> list[tuple[Terminal, Terminal, Cell, int, int]]:
    """(start terminal, destination, start cell, first node, node blocked as already visited)."""
    out = []
    for start_index in range(2):
        start, destination = TERMINALS[line][start_index], TERMINALS[line][1 - start_index]
        for cell, node in network.start_nodes(start):
            blocked = terminal_node(start, 1 - start.cells.index(cell))
            out.append((start, destination, cell, node, blocked))
    return out


def find_route(board: Board, line: int, stops: Iterable[str], network: Network | None = None) -> Route | None:
    """Any complete route for ``line`` through the stop signs of ``stops`` (None: not complete, L7)."""
    stops = tuple(stops)
    problem = RouteProblem.for_player(board, line, stops)
    if problem is None:
        return None
    network = network or network_of(board)
    key = ("route", line, stops)
    if key in network.memo:
        return network.memo[key]
    found = None
    for _start, destination, cell, node, blocked in _starts(network, line):
        walk = route_walk(network, problem, node, blocked, destination)
        if walk is not None:
            found = make_route(board, cell, walk)
            break
    network.memo[key] = found
    return found


@dataclass(frozen=True)
class Candidate:
    route: Route
    expected: Fraction
    shortest: bool

    def to_view(self) -> dict:
        data = self.route.to_view()
        data.update({"expected_turns": float(self.expected),
                     "expected_exact": f"{self.expected.numerator}/{self.expected.denominator}",
                     "length": self.route.length, "shortest": self.shortest})
        return data


def trip_candidates(board: Board, line: int, stops: Iterable[str], faces: Sequence[str],
                    limit: int = MAX_CANDIDATES, allowance: int | None = None, rule: str = "die",
                    ) -> list[Candidate]:
    """Routes to offer when declaring the trip: the shortest, then others by expected turns (L8);
    under the pace rule (``allowance``: the next move's) by the moves the trip takes; under the
    three dice (``rule``) by their expected turns."""
    stops = tuple(stops)
    problem = RouteProblem.for_player(board, line, stops)
    if problem is None:
        return []
    network = network_of(board)
    key = ("trips", line, stops, tuple(faces), limit, allowance, rule)
    cached = network.memo.get(key)
    if cached is None:
        cached = network.memo[key] = tuple(_candidates(board, network, problem, faces, limit, allowance, rule))
    return list(cached)


def _candidates(board: Board, network: Network, problem: RouteProblem, faces: Sequence[str],
                limit: int, allowance: int | None = None, rule: str = "die") -> list[Candidate]:
    found: dict[tuple[Cell, tuple[int, ...]], Route] = {}
    for _start, destination, cell, node, blocked in _starts(network, problem.line):
        searched = False
        for perm in permutations(range(len(problem.stop_cells))):
            walk = ordered_walk(network, problem, node, destination, perm, blocked)
            if walk is None:
                continue
            if not is_route(walk, blocked):
                if searched:  # the search ignores the order: once per start is enough
                    continue
                searched = True
                walk = route_walk(network, problem, node, blocked, destination)
                if walk is None:
                    continue
            found.setdefault((cell, tuple(walk)), make_route(board, cell, walk))
    if not found:
        return []
    expected = {id(route): route.expected_turns(faces, allowance, rule) for route in found.values()}  # each once

    def by_turns(route: Route) -> tuple:
        return (expected[id(route)], route.length, route.start, route.nodes)

    scored = sorted(found.values(), key=by_turns)
    shortest = min(scored, key=lambda r: (r.length, expected[id(r)], r.start, r.nodes))
    chosen = [shortest] + [route for route in scored if route is not shortest][: max(0, limit - 1)]
    chosen.sort(key=by_turns)
    return [Candidate(route, expected[id(route)], route is shortest) for route in chosen]


@dataclass(frozen=True)
class RouteFault:
    """Why a proposed route is not a complete one: a reason a client words (``reason``, with
    ``params``), and the same in English for logs and other programs."""

    reason: str  # stop_unsigned, not_own_terminal, empty, leave_start, rails, other_terminal,
    #              early_terminal, same_way_twice, missed_stops
    message: str
    params: dict[str, Any] = field(default_factory=dict)


def validate_route(board: Board, line: int, stops: Iterable[str], start: Cell,
                   cells: Sequence[Cell]) -> Route | RouteFault:
    """The Route a player proposes (start cell + squares entered), or why it is not a complete one.
    The last answer stays on the board until the board changes: a declaration is checked and then
    applied, the same question twice on the host's path to the players' views."""
    stops = tuple(stops)
    question = (line, stops, start, tuple(cells))
    known = board.derived.get("validated route")
    if known is not None and known[0] == question:
        return known[1]
    answer = _validate_route(board, line, stops, start, cells)
    board.derived["validated route"] = (question, answer)
    return answer


def _validate_route(board: Board, line: int, stops: Iterable[str], start: Cell,
                    cells: Sequence[Cell]) -> Route | RouteFault:
    problem = RouteProblem.for_player(board, line, stops)
    if problem is None:
        return RouteFault("stop_unsigned", "a building on your route card has no stop sign yet")
    start_terminal = TERMINAL_AT.get(start)
    if start_terminal is None or start_terminal.line != line:
        return RouteFault("not_own_terminal", "the trip must start in one of your own terminals")
    destination = TERMINALS[line][1 - start_terminal.index]
    if not cells:
        return RouteFault("empty", "the route is empty")
    network = network_of(board)
    cell_index = start_terminal.cells.index(start)
    entry, edge = start_terminal.entries[cell_index], start_terminal.entry_edges[cell_index]
    if not board.mask_at(entry) >> edge & 1 or cells[0] != entry:
        return RouteFault("leave_start", "the route must leave the start terminal into the square in front of it")
    blocked = terminal_node(start_terminal, 1 - cell_index)
    nodes = [square_node(entry, edge)]
    for cell in cells[1:]:
        choices = [n for n in network.successors(nodes[-1]) if node_cell(n) == cell]
        if len(choices) != 1:
            came = list(node_cell(nodes[-1]))
            return RouteFault("rails", f"the rails do not run from {came} to {list(cell)} that way",
                              {"square": len(nodes) + 1})  # 1 is the first square of the route
        nodes.append(choices[0])
    last = node_terminal(nodes[-1])
    if last is None or last[0] is not destination:
        return RouteFault("other_terminal", "the route must end in your other terminal")
    if any(node_terminal(n) is not None and node_terminal(n)[0] is destination for n in nodes[:-1]):  # type: ignore[index]
        return RouteFault("early_terminal", "the route reaches your other terminal before its end")
    if not is_route(nodes, blocked):
        return RouteFault("same_way_twice", "the route may not run the same way through a square twice")
    visited = {node_cell(n) for n in nodes}
    missing = [letter for letter in stops if board.signs[letter] not in visited]
    if missing:
        return RouteFault("missed_stops", f"the route does not pass the stop sign of {', '.join(missing)}",
                          {"stops": ", ".join(missing)})
    return make_route(board, start, nodes)


# -- the "my route" panel -----------------------------------------------------------------------------
def route_status(board: Board, line: int, stops: Sequence[str]) -> dict:
    """What a player's route panel shows: terminals, stops, which are connected, complete or not."""
    network = network_of(board)
    reach: list[set[Cell]] = []
    for terminal in TERMINALS[line]:
        seen: set[int] = set()
        stack = [node for _cell, node in network.start_nodes(terminal)]
        seen.update(stack)
        while stack:
            node = stack.pop()
            for nxt in network.successors(node):
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        reach.append({node_cell(n) for n in seen})
    other_cells = [set(TERMINALS[line][1].cells), set(TERMINALS[line][0].cells)]
    stop_items = []
    for letter in stops:
        sign = board.signs.get(letter)
        stop_items.append({
            "building": letter,
            "sign": list(sign) if sign else None,
            "connected": [bool(sign and sign in reach[i]) for i in range(2)],
        })
    route = find_route(board, line, stops, network)
    return {
        "line": line,
        "terminals": [{"name": t.name, "cells": [list(c) for c in t.cells]} for t in TERMINALS[line]],
        "terminals_joined": bool(reach[0] & other_cells[0]) or bool(reach[1] & other_cells[1]),
        "stops": stop_items,
        "complete": route is not None,
    }


__all__ = ["MAX_CANDIDATES", "drive_to", "pace_turns", "trip_measure",
           "SEARCH_BUDGET", "TERMINAL_BASE", "Candidate", "Network", "Route", "RouteProblem",
           "advance", "expected_turns", "find_route", "make_route", "node_cell", "node_terminal",
           "RouteFault", "route_status", "square_node", "terminal_node", "trip_candidates", "validate_route"]
