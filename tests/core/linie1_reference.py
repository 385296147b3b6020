"""The Linie 1 route search as it stood before it was given lower bounds and caches: the reference
the faster search must agree with exactly (tests/core/test_linie1_search.py).

Only the searches and the expected-turns sum are the old code (node numbers, routes and problems
are shared with the game). Two test hooks: ``SEARCH_BUDGET`` is read at each call (tests may lower
it to keep slow boards quick) and ``BUDGET_HITS`` records every search that gave up on its budget,
since where this search gives up the new one may still find a route.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from fractions import Fraction
from itertools import permutations

from game.core.linie1.board import Board
from game.core.linie1.data import BOARD_SIZE, TERMINAL_AT, TERMINALS, Terminal
from game.core.linie1.geometry import STEP, Cell, exits_from, opposite
from game.core.linie1.network import TERMINAL_BASE, node_cell, node_terminal, square_node, terminal_node
from game.core.linie1.routes import Candidate, Route, make_route
from game.core.linie1.walks import RouteProblem

SEARCH_BUDGET = 200_000
MAX_CANDIDATES = 6
BUDGET_HITS: list[int] = []


class Network:
    """The successor relation of the tram graph on one board (built once, then read-only)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self._succ: dict[int, tuple[int, ...]] = {}

    def successors(self, node: int) -> tuple[int, ...]:
        cached = self._succ.get(node)
        if cached is not None:
            return cached
        out: list[int] = []
        found = node_terminal(node)
        if found is not None:
            terminal, cell_index = found
            leave = 1 - cell_index
            entry = terminal.entries[leave]
            edge = terminal.entry_edges[leave]
            if self.board.mask_at(entry) >> edge & 1:
                out.append(square_node(entry, edge))
        else:
            square, entry = divmod(node, 4)
            cell = divmod(square, BOARD_SIZE)
            face = self.board.face_at(cell)  # type: ignore[arg-type]
            if face is not None:
                for exit_edge in exits_from(face, entry):
                    other = (cell[0] + STEP[exit_edge][0], cell[1] + STEP[exit_edge][1])
                    back = opposite(exit_edge)
                    if self.board.mask_at(other) >> back & 1:
                        out.append(square_node(other, back))
                    elif other in TERMINAL_AT:
                        terminal = TERMINAL_AT[other]
                        out.append(terminal_node(terminal, terminal.cells.index(other)))
        result = tuple(out)
        self._succ[node] = result
        return result

    def start_nodes(self, terminal: Terminal) -> list[tuple[Cell, int]]:
        """(start cell, first node) for each way a tram can leave ``terminal``."""
        starts = []
        for i in range(2):
            entry, edge = terminal.entries[i], terminal.entry_edges[i]
            if self.board.mask_at(entry) >> edge & 1:
                starts.append((terminal.cells[i], square_node(entry, edge)))
        return starts


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


def expected_turns(halts: Sequence[bool], faces: Sequence[str]) -> Fraction:
    """The exact expected number of rolls from the start terminal to the destination."""
    last = len(halts) - 1
    expect: dict[int, Fraction] = {last: Fraction(0)}
    share = Fraction(1, len(faces))
    for position in range(last - 1, -2, -1):
        total = Fraction(0)
        for face in faces:
            total += expect[advance(halts, position, face)]
        expect[position] = 1 + share * total
    return expect[-1]


# -- searching for routes ---------------------------------------------------------------------------
def _stop_bit(problem: RouteProblem, node: int) -> int:
    return problem.node_bits.get(node, 0)


def _ordered_walk(network: Network, problem: RouteProblem, start_node: int, destination: Terminal,
                  order: Sequence[int], blocked: int) -> list[int] | None:
    """Shortest walk from ``start_node`` visiting the stops in ``order``, ending at ``destination``."""
    goal = len(order)

    def progress(node: int, done: int) -> int:
        while done < goal and node < TERMINAL_BASE and node_cell(node) == problem.stop_cells[order[done]]:
            done += 1
        return done

    first = (start_node, progress(start_node, 0))
    parent: dict[tuple[int, int], tuple[int, int] | None] = {first: None}
    queue = deque([first])
    dest_nodes = {terminal_node(destination, 0), terminal_node(destination, 1)}
    while queue:
        node, done = queue.popleft()
        if node in dest_nodes:
            if done == goal:
                walk = []
                key: tuple[int, int] | None = (node, done)
                while key is not None:
                    walk.append(key[0])
                    key = parent[key]
                return walk[::-1]
            continue
        for nxt in network.successors(node):
            if nxt == blocked:
                continue
            state = (nxt, progress(nxt, done))
            if state not in parent:
                parent[state] = (node, done)
                queue.append(state)
    return None


def _goal_distances(network: Network, problem: RouteProblem, nodes: Iterable[int],
                    destination: Terminal) -> dict[tuple[int, int], int]:
    """Exact walk distance to the goal from every reachable (node, stops-visited) pair."""
    full = (1 << len(problem.stop_cells)) - 1
    dest_nodes = {terminal_node(destination, 0), terminal_node(destination, 1)}
    # Forward exploration of the reachable pairs, then a reverse BFS from the goal pairs.
    reverse: dict[tuple[int, int], list[tuple[int, int]]] = {}
    seen: set[tuple[int, int]] = set()
    stack = [(node, _stop_bit(problem, node)) for node in nodes]
    seen.update(stack)
    while stack:
        node, mask = stack.pop()
        if node in dest_nodes:
            continue
        for nxt in network.successors(node):
            state = (nxt, mask | _stop_bit(problem, nxt))
            reverse.setdefault(state, []).append((node, mask))
            if state not in seen:
                seen.add(state)
                stack.append(state)
    distance: dict[tuple[int, int], int] = {}
    queue: deque[tuple[int, int]] = deque()
    for state in seen:
        if state[0] in dest_nodes and state[1] == full:
            distance[state] = 0
            queue.append(state)
    while queue:
        state = queue.popleft()
        for before in reverse.get(state, ()):
            if before not in distance:
                distance[before] = distance[state] + 1
                queue.append(before)
    return distance


def _chains(network: Network, problem: RouteProblem, node: int, mask: int, visited: set[int],
            dest_nodes: set[int]) -> list[tuple[list[int], int]]:
    """Each way on from ``node``: the run of nodes up to the next switch, stop or terminal.

    Along plain track every node has one successor, so following it needs no choice; searching
    only at switches keeps the depth-first search small.
    """
    runs = []
    for nxt in network.successors(node):
        chain = [nxt]
        seen = {nxt}
        run_mask = mask | _stop_bit(problem, nxt)
        alive = nxt not in visited
        current = nxt
        while alive and current not in dest_nodes and not _stop_bit(problem, current):
            onward = network.successors(current)
            if len(onward) != 1:
                break
            current = onward[0]
            if current in visited or current in seen:
                alive = False
                break
            chain.append(current)
            seen.add(current)
            run_mask |= _stop_bit(problem, current)
        if alive:
            runs.append((chain, run_mask))
    return runs


def _search_route(network: Network, problem: RouteProblem, start_node: int, blocked: int,
                  destination: Terminal, budget: int | None = None) -> list[int] | None:
    """A route (no repeated node) from ``start_node``, found depth-first nearest-goal-first.

    Following exact distances-to-goal makes the first walk tried a shortest one; the visited set
    forces a detour only where that walk would repeat a node. The search steps from switch to
    switch (see ``_chains``) and is iterative, so long routes cannot exhaust the recursion limit.
    """
    budget = SEARCH_BUDGET if budget is None else budget
    distance = _goal_distances(network, problem, [start_node], destination)
    first = (start_node, _stop_bit(problem, start_node))
    if first not in distance:
        return None
    dest_nodes = {terminal_node(destination, 0), terminal_node(destination, 1)}
    visited = {start_node, blocked}
    path: list[int] = [start_node]
    ends: list[tuple[int, int]] = [first]  # (node, mask) at the end of each chain on the path
    lengths: list[int] = []  # how many nodes each chain on the path added

    def options(node: int, mask: int) -> list[tuple[list[int], int]]:
        found = []
        for chain, run_mask in _chains(network, problem, node, mask, visited, dest_nodes):
            key = (chain[-1], run_mask)
            if key in distance:
                found.append((distance[key] + len(chain), len(found), chain, run_mask))
        found.sort(reverse=True)  # popped from the end: nearest first
        return [(chain, run_mask) for _d, _i, chain, run_mask in found]

    full = (1 << len(problem.stop_cells)) - 1

    def still_possible(node: int, mask: int) -> bool:
        """Are the missing stops and the destination still reachable without reusing a node?"""
        missing = full & ~mask
        stack = [node]
        seen = {node}
        reached_goal = False
        while stack:
            current = stack.pop()
            if current in dest_nodes:
                reached_goal = True
                continue
            missing &= ~_stop_bit(problem, current)
            for nxt in network.successors(current):
                if nxt not in visited and nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        return reached_goal and not missing

    pending = [options(*first)]
    expansions = 0
    while pending:
        node, mask = ends[-1]
        if node in dest_nodes and distance.get((node, mask)) == 0:
            return list(path)
        choices = pending[-1]
        if not choices or node in dest_nodes or expansions > budget:
            pending.pop()
            ends.pop()
            if lengths:
                for _ in range(lengths.pop()):
                    visited.discard(path.pop())
            if expansions > budget:
                BUDGET_HITS.append(start_node)
                return None
            continue
        chain, run_mask = choices.pop()
        expansions += 1
        visited.update(chain)
        path.extend(chain)
        lengths.append(len(chain))
        ends.append((chain[-1], run_mask))
        viable = chain[-1] in dest_nodes or still_possible(chain[-1], run_mask)
        pending.append(options(chain[-1], run_mask) if viable else [])
    return None


def _is_route(walk: Sequence[int], blocked: int) -> bool:
    return len(set(walk)) == len(walk) and blocked not in walk


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
    problem = RouteProblem.for_player(board, line, stops)
    if problem is None:
        return None
    network = network or Network(board)
    for _start, destination, cell, node, blocked in _starts(network, line):
        walk = _search_route(network, problem, node, blocked, destination)
        if walk is not None:
            return make_route(board, cell, walk)
    return None


def trip_candidates(board: Board, line: int, stops: Iterable[str], faces: Sequence[str],
                    limit: int = MAX_CANDIDATES) -> list[Candidate]:
    """Routes to offer when declaring the trip: the shortest, then others by expected turns (L8)."""
    problem = RouteProblem.for_player(board, line, stops)
    if problem is None:
        return []
    network = Network(board)
    found: dict[tuple[Cell, tuple[int, ...]], Route] = {}
    for _start, destination, cell, node, blocked in _starts(network, line):
        searched = False
        for perm in permutations(range(len(problem.stop_cells))):
            walk = _ordered_walk(network, problem, node, destination, perm, blocked)
            if walk is None:
                continue
            if not _is_route(walk, blocked):
                if searched:  # the search ignores the order: once per start is enough
                    continue
                searched = True
                walk = _search_route(network, problem, node, blocked, destination)
                if walk is None:
                    continue
            found.setdefault((cell, tuple(walk)), make_route(board, cell, walk))
    if not found:
        return []
    expected = {id(route): expected_turns(route.halts, faces) for route in found.values()}  # each exactly once

    def by_turns(route: Route) -> tuple:
        return (expected[id(route)], route.length, route.start, route.nodes)

    scored = sorted(found.values(), key=by_turns)
    shortest = min(scored, key=lambda r: (r.length, expected[id(r)], r.start, r.nodes))
    chosen = [shortest] + [route for route in scored if route is not shortest][: max(0, limit - 1)]
    chosen.sort(key=by_turns)
    return [Candidate(route, expected[id(route)], route is shortest) for route in chosen]
