"""The tram network (L6): a directed graph of *nodes*, built once per board version and shared.

A tram on square (r, c) having entered by edge e is node ``(r * 14 + c) * 4 + e``; a tram passing
through a terminal loop, having entered it by its cell i, is ``TERMINAL_BASE + (line * 2 + index) * 2 + i``.
Terminal loops are numbered right after the squares, so node numbers are small and dense and the
searches keep per-node facts in flat lists rather than dicts.

``network_of`` keeps one Network per board in ``Board.derived``, which the board empties whenever a
tile is laid or exchanged; everything computed from the network (distances, routes) lives in it too.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from game.core.linie1.board import Board
from game.core.linie1.data import BOARD_SIZE, FACES, LINES, TERMINAL_AT, TERMINALS, Terminal
from game.core.linie1.geometry import STEP, Cell, exits_from, opposite

TERMINAL_BASE = BOARD_SIZE * BOARD_SIZE * 4
NODE_COUNT = TERMINAL_BASE + (max(LINES) + 1) * 4
UNREACHABLE = 1 << 20  # a distance larger than any walk; sums of a few stay comparable


def square_node(cell: Cell, entry: int) -> int:
    return (cell[0] * BOARD_SIZE + cell[1]) * 4 + entry


def terminal_node(terminal: Terminal, cell_index: int) -> int:
    return TERMINAL_BASE + (terminal.line * 2 + terminal.index) * 2 + cell_index


def node_terminal(node: int) -> tuple[Terminal, int] | None:
    if node < TERMINAL_BASE:
        return None
    code, cell_index = divmod(node - TERMINAL_BASE, 2)
    line, index = divmod(code, 2)
    return TERMINALS[line][index], cell_index


def _node_cell(node: int) -> Cell:
    found = node_terminal(node)
    if found is not None:
        terminal, cell_index = found
        return terminal.cells[cell_index]
    square = node // 4
    return divmod(square, BOARD_SIZE)  # type: ignore[return-value]


# The square each node stands for (a terminal loop is written as the terminal cell it entered);
# a node of no real terminal maps to (-1, -1), which no search ever reaches.
NODE_CELLS: tuple[Cell, ...] = tuple(
    _node_cell(node) if node < TERMINAL_BASE or (node - TERMINAL_BASE) // 4 in TERMINALS else (-1, -1)
    for node in range(NODE_COUNT)
)


def node_cell(node: int) -> Cell:
    """The square a node stands for; a terminal loop is written as the terminal cell it entered."""
    return NODE_CELLS[node]


# For each laid face and entry edge, the edges a tram may leave by (``exits_from``, precomputed).
EXITS: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {
    placed: tuple(tuple(exits_from(face, entry)) for entry in range(4)) for placed, face in FACES.items()
}
# For each square and edge: the node entered across that edge if the square there has a rail back,
# and the terminal node entered if the neighbour is a terminal cell.
_ACROSS: dict[tuple[Cell, int], tuple[Cell, int, int | None]] = {}
for _row in range(BOARD_SIZE):
    for _col in range(BOARD_SIZE):
        for _edge in range(4):
            _other = (_row + STEP[_edge][0], _col + STEP[_edge][1])
            _terminal = TERMINAL_AT.get(_other)
            _ACROSS[((_row, _col), _edge)] = (
                _other, opposite(_edge),
                terminal_node(_terminal, _terminal.cells.index(_other)) if _terminal else None)


class Network:
    """The successor relation of the tram graph on one board, in successor order (read-only)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.succ: list[tuple[int, ...]] = [()] * NODE_COUNT
        self._pred: list[tuple[int, ...]] | None = None
        self.memo: dict[Hashable, Any] = {}  # distances and routes computed from this network
        tiles = board.tiles
        masks = self._masks = {cell: board.mask_at(cell) for cell in tiles}
        for cell, placed in tiles.items():
            base = (cell[0] * BOARD_SIZE + cell[1]) * 4
            for entry, exits in enumerate(EXITS[placed]):
                if not exits:
                    continue
                out = []
                for exit_edge in exits:
                    other, back, terminal = _ACROSS[(cell, exit_edge)]
                    if masks.get(other, 0) >> back & 1:
                        out.append((other[0] * BOARD_SIZE + other[1]) * 4 + back)
                    elif terminal is not None:
                        out.append(terminal)
                self.succ[base + entry] = tuple(out)
        for line in LINES:
            for terminal in TERMINALS[line]:
                for cell_index in range(2):
                    leave = 1 - cell_index
                    entry, edge = terminal.entries[leave], terminal.entry_edges[leave]
                    if masks.get(entry, 0) >> edge & 1:
                        self.succ[terminal_node(terminal, cell_index)] = (square_node(entry, edge),)

    def successors(self, node: int) -> tuple[int, ...]:
        return self.succ[node]

    def predecessors(self) -> list[tuple[int, ...]]:
        """For every node, the nodes with an edge into it (built on first use)."""
        if self._pred is None:
            pred: list[list[int]] = [[] for _ in range(NODE_COUNT)]
            for node, out in enumerate(self.succ):
                for nxt in out:
                    pred[nxt].append(node)
            self._pred = [tuple(p) for p in pred]
        return self._pred

    def start_nodes(self, terminal: Terminal) -> list[tuple[Cell, int]]:
        """(start cell, first node) for each way a tram can leave ``terminal``."""
        starts = []
        for i in range(2):
            entry, edge = terminal.entries[i], terminal.entry_edges[i]
            if self._masks.get(entry, 0) >> edge & 1:
                starts.append((terminal.cells[i], square_node(entry, edge)))
        return starts

    def distances_to(self, targets: Sequence[int]) -> list[int]:
        """Fewest steps from every node to any of ``targets`` along the rails (``UNREACHABLE``: none).

        A relaxation of every search's own rules (nothing is forbidden on the way), so it is a lower
        bound on any walk they allow: the searches use it to skip what cannot beat their best.
        """
        key = ("to", tuple(targets))
        found = self.memo.get(key)
        if found is None:
            pred = self.predecessors()
            found = [UNREACHABLE] * NODE_COUNT
            frontier = []
            for node in targets:
                if found[node]:
                    found[node] = 0
                    frontier.append(node)
            steps = 0
            while frontier:
                steps += 1
                ahead = []
                for node in frontier:
                    for before in pred[node]:
                        if found[before] == UNREACHABLE:
                            found[before] = steps
                            ahead.append(before)
                frontier = ahead
            self.memo[key] = found
        return found


def cell_nodes(cell: Cell) -> tuple[int, ...]:
    """The four nodes of a square, one per entry edge."""
    base = (cell[0] * BOARD_SIZE + cell[1]) * 4
    return (base, base + 1, base + 2, base + 3)


def network_of(board: Board) -> Network:
    """The board's network, built at most once per board version (``Board.derived``)."""
    network = board.derived.get("network")
    if network is None:
        network = board.derived["network"] = Network(board)
    return network
