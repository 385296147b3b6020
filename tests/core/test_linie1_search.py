"""The route searches with lower bounds and caches answer exactly what the plain searches did.

``linie1_reference`` is the search as it stood before (breadth-first walks, an unpruned depth-first
route search, no caches). On boards from bot games at every stage, and on full boards, both find
the same route (or none) and offer the same trip candidates in the same order, and asking a second
time on the same board answers from the cache while a laid tile empties it.
"""

from __future__ import annotations

import pytest

from game.core.linie1 import GAME
from game.core.linie1 import routes as fast
from game.core.linie1.board import Board
from game.core.linie1.network import network_of
from tests.core import linie1_reference as reference
from tests.core.test_linie1_properties import play
from tools.benchmarks.core_linie1 import full_states


def positions():
    """Boards from bot games every 15 actions, up to their end, and two full boards."""
    found = []
    for players, seed in ((3, 11), (5, 12)):
        for index, state in enumerate(play(players, seed, 400, bots=True)):
            if index % 15 == 0:
                found.append(GAME.restore(GAME.snapshot(state)))
    return found + full_states(2)


POSITIONS = positions()


def fresh(state) -> Board:
    return Board.from_view(state.board.to_view())


@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_the_same_routes_and_candidates_as_the_plain_search(index):
    state = POSITIONS[index]
    for seat in range(state.players):
        line, stops = state.lines[seat], state.stops[seat]
        before = len(reference.BUDGET_HITS)
        expected_route = reference.find_route(fresh(state), line, stops)
        expected = [c.to_view() for c in reference.trip_candidates(fresh(state), line, stops, state.faces)]
        if len(reference.BUDGET_HITS) != before:
            continue  # the plain search gave up: the faster one may find more, which is no error
        route = fast.find_route(fresh(state), line, stops)
        assert (route is None) == (expected_route is None)
        if route is not None:
            assert route.to_view() == expected_route.to_view()
        assert [c.to_view() for c in fast.trip_candidates(fresh(state), line, stops, state.faces)] == expected


def test_positions_include_complete_routes_and_full_boards():
    complete = sum(fast.find_route(fresh(s), s.lines[seat], s.stops[seat]) is not None
                   for s in POSITIONS for seat in range(s.players))
    assert complete >= 10 and max(len(s.board.tiles) for s in POSITIONS) >= 114


def test_answers_are_kept_until_a_tile_is_laid():
    state = next(s for s in reversed(POSITIONS)
                 if any(fast.find_route(fresh(s), s.lines[seat], s.stops[seat]) for seat in range(s.players)))
    seat = next(seat for seat in range(state.players)
                if fast.find_route(fresh(state), state.lines[seat], state.stops[seat]))
    board = fresh(state)
    line, stops = state.lines[seat], state.stops[seat]
    first = fast.trip_candidates(board, line, stops, state.faces)
    network = network_of(board)
    assert network_of(board) is network and fast.trip_candidates(board, line, stops, state.faces) == first
    tile, cell, rot = next(iter(board.legal_placements(range(1, 13), strict=False)))
    board.set_tile(cell, tile, rot)
    assert network_of(board) is not network  # a laid tile: the network and its answers are rebuilt
