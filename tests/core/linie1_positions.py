"""A late Linie 1 position where a hand fits only as a pair of side-by-side exchanges (L3, L4, L11).

The tiles are those five bots had laid by turn 73 of a game in which nobody declared a trip (they
kept building). Here they are laid square by square in an order where every placement is legal
under the strict rules, so a real game can reach this board. With the pile empty, the twelve
tiles left are dealt so that only seat 0 can act, and only by exchanging the tiles on (2, 6) and (2, 7) together.
"""

from __future__ import annotations

from game.core.linie1 import GAME
from game.core.linie1.board import Board
from game.core.linie1.data import ROUTE_CARDS
from game.core.linie1.state import State

# (row, column, tile, rotation), in a legal laying order: 114 tiles.
LATE_TILES = (
    (1, 1, 2, 1), (1, 2, 10, 0), (1, 3, 5, 0), (1, 4, 1, 1), (1, 5, 5, 2), (1, 6, 9, 0), (1, 7, 7, 3),
    (1, 10, 1, 0), (1, 11, 1, 0), (2, 1, 2, 3), (2, 2, 4, 0), (2, 3, 2, 2), (2, 5, 4, 0), (2, 6, 4, 2),
    (2, 7, 2, 0), (2, 8, 1, 1), (2, 9, 1, 1), (2, 10, 8, 2), (2, 11, 2, 3), (2, 12, 2, 1), (3, 1, 1, 1),
    (3, 2, 10, 0), (3, 3, 5, 0), (3, 4, 2, 2), (3, 6, 2, 3), (3, 10, 2, 0), (3, 11, 1, 1), (3, 12, 9, 0),
    (4, 2, 1, 0), (4, 4, 4, 0), (4, 5, 2, 2), (4, 7, 4, 0), (4, 8, 1, 1), (4, 9, 1, 1), (4, 10, 2, 2),
    (4, 12, 1, 0), (5, 2, 7, 1), (5, 3, 1, 1), (5, 4, 7, 0), (5, 5, 2, 3), (5, 6, 2, 1), (5, 7, 11, 1),
    (5, 8, 1, 1), (5, 9, 1, 1), (5, 10, 2, 3), (5, 12, 1, 0), (6, 1, 3, 3), (6, 2, 11, 0), (6, 3, 1, 1),
    (6, 4, 1, 1), (6, 5, 2, 2), (6, 6, 1, 0), (6, 7, 3, 2), (6, 10, 2, 1), (6, 11, 2, 2), (6, 12, 2, 0),
    (7, 1, 4, 2), (7, 2, 2, 0), (7, 3, 2, 2), (7, 5, 3, 2), (7, 6, 5, 3), (7, 7, 5, 1), (7, 8, 4, 3),
    (7, 9, 5, 2), (7, 10, 12, 1), (7, 11, 8, 1), (7, 12, 1, 1), (8, 1, 5, 1), (8, 2, 1, 1), (8, 3, 8, 1),
    (8, 4, 3, 3), (8, 5, 2, 3), (8, 6, 2, 0), (8, 7, 2, 3), (8, 8, 2, 1), (8, 9, 9, 0), (8, 10, 3, 0),
    (8, 11, 1, 0), (9, 1, 1, 0), (9, 3, 5, 1), (9, 4, 3, 1), (9, 5, 2, 2), (9, 8, 2, 0), (9, 9, 8, 1),
    (9, 10, 3, 0), (9, 11, 1, 0), (10, 1, 2, 3), (10, 2, 2, 1), (10, 3, 2, 3), (10, 5, 5, 1), (10, 6, 1, 1),
    (10, 7, 7, 2), (10, 8, 1, 1), (10, 9, 3, 1), (10, 10, 10, 0), (10, 11, 3, 1), (10, 12, 1, 1), (11, 1, 1, 1),
    (11, 2, 8, 3), (11, 3, 4, 1), (11, 4, 7, 2), (11, 5, 4, 3), (11, 6, 4, 1), (11, 7, 8, 1), (11, 10, 5, 1),
    (11, 11, 3, 3), (11, 12, 1, 1), (12, 2, 1, 0), (12, 3, 7, 1), (12, 4, 2, 3), (12, 6, 1, 0), (12, 7, 1, 0),
    (12, 10, 1, 0), (12, 11, 1, 0),
)
PAIR_HAND = [12, 6, 6, 6, 1]  # fits nowhere alone; 12 on (2, 6) with 6 on (2, 7) fits as a pair
OTHER_HANDS = ([9, 1], [10, 1], [6, 6], [6])  # no single or paired action for these at all
# Lines and route cards with routes not yet complete on this board (a stalemate needs that).
SEATS = ((1, "R1"), (2, "R5"), (3, "R3"), (4, "R4"), (6, "R2"))


def late_board() -> Board:
    board = Board()
    for row, col, tile, rot in LATE_TILES:
        problem = board.check_place(tile, (row, col), rot, strict=True)
        assert problem is None, (row, col, tile, rot, problem)
        board.set_tile((row, col), tile, rot)
    return board


def pairs_only_state(current: int = 0) -> State:
    """Five players, an empty pile, and seat 0 holding ``PAIR_HAND``; checked like a save file."""
    state = GAME.setup(5, seed=1)
    state.board = late_board()
    state.pile = []
    state.hands = [list(PAIR_HAND)] + [list(hand) for hand in OTHER_HANDS]
    state.lines = [line for line, _card in SEATS]
    state.route_cards = [card for _line, card in SEATS]
    state.stops = [list(ROUTE_CARDS[card][line]) for line, card in SEATS]
    state.current = current
    return GAME.restore(GAME.snapshot(state))
