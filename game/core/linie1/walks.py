"""Shortest walks through a player's stops (L7, L8), found with lower bounds instead of blind search.

A walk is searched over *states*: a node and a layer saying which stops are done, either in a fixed
order (``ordered_walk``: one candidate per visiting order) or in any order (``free_walk``). Among all
shortest walks the one returned is the first in successor order, which is exactly what a plain
breadth-first search would return; only the way there is cheaper:

* a lower bound on the steps still needed from each state (fewest steps along the rails to the next
  stop, then between the stops and to the destination, ignoring every rule of the search) is
  consistent, so a state whose steps so far plus its bound exceed the walk's length is on no
  shortest walk and is never expanded;
* the length comes from a best-first search on that bound; a breadth-first search that skips such
  states then finds the same walk the unpruned one would (every state on a shortest walk, and every
  state that reaches one in as few steps, survives, so the order of discovery is unchanged).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.core.linie1.board import Board
from game.core.linie1.data import BOARD_SIZE, Terminal
from game.core.linie1.geometry import Cell
from game.core.linie1.network import NODE_COUNT, UNREACHABLE, Network, cell_nodes, terminal_node

Layer = tuple[tuple[list[int], int], ...]  # a state's bound: min over (distances, constant) terms


@dataclass
class RouteProblem:
    """A line's two terminals and the squares it must pass (the stop signs of its buildings)."""

    line: int
    stop_cells: tuple[Cell, ...]
    node_bits: dict[int, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for index, (row, col) in enumerate(self.stop_cells):
            for entry in range(4):
                node = (row * BOARD_SIZE + col) * 4 + entry
                self.node_bits[node] = self.node_bits.get(node, 0) | (1 << index)

    @classmethod
    def for_player(cls, board: Board, line: int, stops: Sequence[str]) -> RouteProblem | None:
        """None when a building on the card has no stop sign yet (it cannot be visited: L7)."""
        cells = []
        for letter in stops:
            if letter not in board.signs:
                return None
            cells.append(board.signs[letter])
        return cls(line, tuple(cells))


def dest_nodes(destination: Terminal) -> frozenset[int]:
    return frozenset((terminal_node(destination, 0), terminal_node(destination, 1)))


class Guide:
    """Lower bounds for one problem and destination: rail distances to each stop and to the end."""

    def __init__(self, network: Network, problem: RouteProblem, destination: Terminal) -> None:
        self.to_stop = [network.distances_to(cell_nodes(cell)) for cell in problem.stop_cells]
        self.to_dest = network.distances_to(sorted(dest_nodes(destination)))
        count = len(problem.stop_cells)
        # Fewest steps from anywhere on stop i to stop j, and from stop i to the destination.
        self.gap = [[min(self.to_stop[j][node] for node in cell_nodes(problem.stop_cells[i]))
                     for j in range(count)] for i in range(count)]
        self.out = [min(self.to_dest[node] for node in cell_nodes(cell)) for cell in problem.stop_cells]
        self._tours: dict[tuple[int, int], int] = {}

    def ordered_layers(self, order: Sequence[int]) -> list[Layer]:
        """Layer k (k stops of ``order`` done): steps to stop order[k], then on through the rest."""
        layers: list[Layer] = []
        for k in range(len(order)):
            rest = self.out[order[-1]] + sum(self.gap[order[j]][order[j + 1]] for j in range(k, len(order) - 1))
            layers.append(((self.to_stop[order[k]], rest),))
        layers.append(((self.to_dest, 0),))
        return layers

    def free_layers(self, count: int) -> list[Layer]:
        """Layer ``mask`` (those stops done): the best of going to each missing stop first."""
        full = (1 << count) - 1
        layers: list[Layer] = []
        for mask in range(full + 1):
            missing = full & ~mask
            if not missing:
                layers.append(((self.to_dest, 0),))
                continue
            layers.append(tuple((self.to_stop[t], self._tour(t, missing & ~(1 << t)))
                                for t in range(count) if missing >> t & 1))
        return layers

    def _tour(self, first: int, others: int) -> int:
        """Fewest steps from stop ``first`` through the stops in ``others`` (any order) to the end."""
        key = (first, others)
        found = self._tours.get(key)
        if found is None:
            if not others:
                found = self.out[first]
            else:
                found = min(self.gap[first][t] + self._tour(t, others & ~(1 << t))
                            for t in range(len(self.out)) if others >> t & 1)
            self._tours[key] = found
        return found


def guide_for(network: Network, problem: RouteProblem, destination: Terminal) -> Guide:
    key = ("guide", problem.stop_cells, destination.line, destination.index)
    guide = network.memo.get(key)
    if guide is None:
        guide = network.memo[key] = Guide(network, problem, destination)
    return guide


def _bound(layers: list[Layer], layer: int, node: int) -> int:
    best = UNREACHABLE
    for distances, rest in layers[layer]:
        value = distances[node] + rest
        if value < best:
            best = value
    return best


class LayeredSearch:
    """Walks over (node, layer) states from one start to the destination in the final layer.

    ``moves[layer]`` maps the nodes whose entry changes the layer to the new layer; ``layers`` gives
    each layer's lower bound. The node ``blocked`` is never entered.
    """

    def __init__(self, network: Network, destination: Terminal, blocked: int, moves: list[dict[int, int]],
                 layers: list[Layer], final: int) -> None:
        self.succ = network.succ
        self.dest = dest_nodes(destination)
        self.blocked = blocked
        self.moves = moves
        self.layers = layers
        self.final = final

    def _successors(self, state: int) -> list[int]:
        layer, node = divmod(state, NODE_COUNT)
        moves = self.moves[layer]
        out = []
        for nxt in self.succ[node]:
            if nxt == self.blocked:
                continue
            into = moves.get(nxt, layer)
            if nxt in self.dest and into != self.final:
                continue  # a walk may not pass through its own destination
            out.append(into * NODE_COUNT + nxt)
        return out

    def length(self, first: int) -> int | None:
        """The fewest steps to the goal: best-first on steps taken plus the bound."""
        layers = self.layers
        start_bound = _bound(layers, first // NODE_COUNT, first % NODE_COUNT)
        if start_bound >= UNREACHABLE:
            return None
        steps = {first: 0}
        buckets: dict[int, list[int]] = {start_bound: [first]}
        level, top = start_bound, start_bound
        while level <= top:
            bucket = buckets.pop(level, None)
            while bucket:
                state = bucket.pop()
                taken = steps[state]
                node = state % NODE_COUNT
                if taken + _bound(layers, state // NODE_COUNT, node) != level:
                    continue  # reached again in fewer steps since it was queued
                if node in self.dest:
                    return taken
                for nxt in self._successors(state):
                    if taken + 1 < steps.get(nxt, UNREACHABLE):
                        steps[nxt] = taken + 1
                        score = taken + 1 + _bound(layers, nxt // NODE_COUNT, nxt % NODE_COUNT)
                        if score == level:
                            bucket.append(nxt)
                        elif score < UNREACHABLE:
                            buckets.setdefault(score, []).append(nxt)
                            top = max(top, score)
            level += 1
        return None

    def first_shortest(self, first: int, limit: int) -> list[int] | None:
        """Breadth-first from ``first`` skipping states that cannot finish within ``limit`` steps:
        the first walk in successor order among the shortest, if one is that short."""
        layers = self.layers
        parent = {first: -1}
        frontier = [first]
        taken = 0
        while frontier:
            ahead = []
            for state in frontier:
                if state % NODE_COUNT in self.dest:
                    walk = []
                    while state != -1:
                        walk.append(state % NODE_COUNT)
                        state = parent[state]
                    return walk[::-1]
                for nxt in self._successors(state):
                    if nxt in parent or taken + 1 + _bound(layers, nxt // NODE_COUNT, nxt % NODE_COUNT) > limit:
                        continue
                    parent[nxt] = state
                    ahead.append(nxt)
            frontier = ahead
            taken += 1
        return None

    def walk(self, start_node: int) -> list[int] | None:
        first = self.moves[0].get(start_node, 0) * NODE_COUNT + start_node
        # Most often the bound at the start is already exact; else the length is found first.
        optimistic = _bound(self.layers, first // NODE_COUNT, start_node)
        if optimistic >= UNREACHABLE:
            return None
        walk = self.first_shortest(first, optimistic)
        if walk is not None:
            return walk
        length = self.length(first)
        return None if length is None else self.first_shortest(first, length)


def ordered_walk(network: Network, problem: RouteProblem, start_node: int, destination: Terminal,
                 order: Sequence[int], blocked: int) -> list[int] | None:
    """The first shortest walk from ``start_node`` counting the stops only in ``order`` (a stop
    passed early does not count), ending at ``destination`` and never entering ``blocked``."""
    guide = guide_for(network, problem, destination)
    moves: list[dict[int, int]] = []
    for k in range(len(order)):
        target = problem.stop_cells[order[k]]
        after = k + 1
        while after < len(order) and problem.stop_cells[order[after]] == target:
            after += 1
        moves.append(dict.fromkeys(cell_nodes(target), after))
    moves.append({})
    search = LayeredSearch(network, destination, blocked, moves, guide.ordered_layers(order), len(order))
    return search.walk(start_node)


def free_walk(network: Network, problem: RouteProblem, start_node: int, destination: Terminal,
              blocked: int = -1) -> list[int] | None:
    """The first shortest walk from ``start_node`` through every stop in any order to ``destination``."""
    guide = guide_for(network, problem, destination)
    count = len(problem.stop_cells)
    full = (1 << count) - 1
    moves = [{node: mask | bits for node, bits in problem.node_bits.items() if bits & ~mask}
             for mask in range(full + 1)]
    search = LayeredSearch(network, destination, blocked, moves, guide.free_layers(count), full)
    return search.walk(start_node)
