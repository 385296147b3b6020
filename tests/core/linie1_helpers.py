"""Small builders for Linie 1 test positions."""

from __future__ import annotations

from game.core.linie1 import GAME
from game.core.linie1.board import Board
from game.core.linie1.data import FACES, TILE_TYPES
from game.core.linie1.geometry import face_from_names


def rot_of(tile: int, *segments: str) -> int:
    """The rotation of ``tile`` whose face is exactly ``segments`` (e.g. "NS", "SW")."""
    wanted = face_from_names([list(s) for s in segments])
    for rot in range(4):
        if FACES[(tile, rot)] == wanted:
            return rot
    raise AssertionError(f"tile {tile} has no rotation with {segments}")


def board_with(*placements: tuple[int, tuple[int, int], int]) -> Board:
    board = Board()
    for tile, cell, rot in placements:
        board.set_tile(cell, tile, rot)
    return board


def straight(cell, direction="NS"):
    return (1, cell, rot_of(1, direction))


def state_with_board(board: Board, players: int = 2, seed: int = 1, hand: list[int] | None = None):
    """A fresh game whose board is ``board`` and whose current hand is ``hand``."""
    state = GAME.setup(players, seed)
    laid = [t for t, _ in board.tiles.values()]
    state.board = board
    # keep the 126-tile count: take the laid tiles out of the pile
    for tile in laid:
        state.pile.remove(tile)
    if hand is not None:
        state.pile.extend(state.hands[state.current])
        for tile in hand:
            state.pile.remove(tile)
        state.hands[state.current] = list(hand)
    return state


__all__ = ["TILE_TYPES", "board_with", "rot_of", "state_with_board", "straight"]


def lay_path(board: Board, cells: list[tuple[int, int]], first_entry: int, last_exit: int) -> None:
    """Lay straights and curves so a tram entering ``cells[0]`` by ``first_entry`` runs along them."""
    from game.core.linie1.geometry import EDGE_NAMES, edge_towards

    for index, cell in enumerate(cells):
        entry = first_entry if index == 0 else edge_towards(cell, cells[index - 1])
        exit_ = last_exit if index == len(cells) - 1 else edge_towards(cell, cells[index + 1])
        pair = EDGE_NAMES[entry] + EDGE_NAMES[exit_]
        tile = 1 if (entry - exit_) % 2 == 0 else 2
        board.set_tile(cell, tile, rot_of(tile, pair))


# Line 1 from Waldburgstraße (right, rows 2-3) west along row 2, down column 5, west along row 6
# into Auf der Schmelz (left, rows 6-7). Signs fall to G (2,8), F (2,5), M (4,5), L (6,4), E (6,1).
LINE1_PATH = ([(2, c) for c in range(12, 4, -1)] + [(r, 5) for r in range(3, 7)]
              + [(6, c) for c in range(4, 0, -1)])


def line1_route_state(stops=("F", "M", "L"), players: int = 2):
    """A game where seat 0 holds line 1 with ``stops`` and its route is laid and complete."""
    board = Board()
    lay_path(board, LINE1_PATH, 1, 3)
    state = state_with_board(board, players=players)
    state.lines[0] = 1
    if 1 in state.lines[1:]:
        state.lines[state.lines.index(1, 1)] = next(x for x in range(2, 7) if x not in state.lines)
    state.stops[0] = list(stops)
    return state


LINE1_ROUTE = [list(c) for c in LINE1_PATH] + [[6, 0]]  # the route seat 0 declares, into its terminal


def declared_trip(trip_rule: str):
    """Seat 0's complete line 1 declared and driving under ``trip_rule`` from its first sign."""
    state = line1_route_state()
    state.options["trip_rule"] = trip_rule
    GAME.apply(state, 0, {"type": "declare", "start": [2, 13], "route": LINE1_ROUTE})
    return state


def code(state, seat, action):
    """The refusal code of ``action`` (None when the core accepts it)."""
    rejection = GAME.check(state, seat, action)
    return rejection.code if rejection else None
