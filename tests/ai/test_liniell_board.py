"""The hard bot's fast positions (``game.ai.liniell.board``) against the rules they copy: the same
lines, the same open squares, the same route points as ``routes.best_route``, the same legal
placements and follow-ups as ``GAME.legal``, in random games and in the rulebook example."""

from __future__ import annotations

import random

import pytest

from game.ai.liniell.board import (
    CELL_XY,
    DISTINCT_ROTS,
    NO_MARKER,
    PORT,
    Board,
    cell_index,
    line_id,
    piece_of_ref,
    piece_ref,
    route_of,
)
from game.ai.liniell.search import Search, follow_ups, placements, rhombs_on, to_actions
from game.core.liniell import GAME
from game.core.liniell.field import Field
from game.core.liniell.routes import best_route
from game.core.liniell.state import OCCUPY, OVER, PLACE
from game.core.liniell.tiles import TILES
from tests.core.liniell_positions import EXAMPLE, placement_order


def rules_route(state, pieces):
    route = best_route(state.board, [piece_ref(pc) for pc in pieces])
    return (0, 0) if route is None else (route.points, route.blue)


def board_of(state):
    order = [cell for cell, _, _ in state.placed]
    return Board.from_cells({cell: (tile, rot) for cell, tile, rot in state.placed}, order)


def markers_of(state):
    return tuple(tuple(NO_MARKER if ref is None else piece_of_ref(ref) for ref in own) for own in state.markers)


def look(tile, rot):
    """What a rotated tile shows on the field, whatever the numbering of its pieces."""
    port = PORT[tile * 4 + rot]
    spec = TILES[tile]
    colours = [sorted(colour for node, colour in spec.rhombs.items() if spec.rhomb_piece[node] == piece)
               for piece in range(spec.pieces)]
    return tuple((tuple(d for d in range(4) if port[d] == port[side]), tuple(colours[port[side]]))
                 for side in range(4))


def test_the_rulebook_example_scores_the_same():
    board = Board.from_cells(EXAMPLE, placement_order(EXAMPLE))
    field = Field(EXAMPLE)
    for label, pieces in board.members.items():
        route = best_route(field, [piece_ref(pc) for pc in pieces])
        assert board.route[label] == ((0, 0) if route is None else (route.points, route.blue))
    assert sorted(board.route[board.line_of[piece_of_ref((0, 0, 0))]]) == [2, 8]  # yellow's line 1


@pytest.mark.parametrize("seed", range(40))
def test_random_games_have_the_same_lines_squares_routes_and_moves(seed):
    rnd = random.Random(seed)
    state = GAME.setup(2, seed)
    while state.phase != OVER:
        seat = state.current
        legal = GAME.legal(state, seat)
        board, markers = board_of(state), markers_of(state)
        assert sorted(CELL_XY[c] for c in board.open_cells()) == state.board.open_cells()
        assert sorted(sorted(piece_ref(pc) for pc in pieces) for pieces in board.members.values()) == \
            sorted(state.lines.members)
        for label, pieces in board.members.items():
            assert board.route[label] == rules_route(state, pieces)
            assert line_id(board, label) in state.lines.ids
        if state.phase == PLACE:
            ours = {(CELL_XY[c], look(state.drawn, tr & 3)) for c, tr, _, _ in placements(board, markers, state.drawn)}
            theirs = {((a["x"], a["y"]), look(state.drawn, a["rot"])) for a in legal}
            assert ours == theirs
            shown = {look(state.drawn, rot) for rot in DISTINCT_ROTS[state.drawn]}
            assert len(shown) == len(DISTINCT_ROTS[state.drawn])
            assert {look(state.drawn, rot) for rot in range(4)} == shown
            # every placement's follow-ups are exactly the rules' ones
            for c, tr, child, crowded in placements(board, markers, state.drawn)[:6]:
                trial = GAME.restore(GAME.snapshot(state))
                x, y = CELL_XY[c]
                GAME.apply(trial, seat, {"type": "place", "x": x, "y": y, "rot": tr & 3})
                expected = GAME.legal(trial, seat)
                got = []
                for follow, _ in follow_ups(child, markers, seat, c, crowded):
                    if follow[0] == "skip":
                        got.append({"type": "skip"})
                        continue
                    source = "supply" if follow[-1] is None else line_id(child, follow[-1])
                    if follow[0] == "connect":
                        got.append({"type": "connect_marker", "from": source})
                    else:
                        got.append({"type": "occupy", "line": line_id(child, follow[1]), "from": source})
                assert sorted(map(str, got)) == sorted(map(str, expected))
        GAME.apply(state, seat, rnd.choice(legal))


def test_the_hard_bots_plays_are_legal_actions():
    for seed in range(3):
        state = GAME.setup(2, seed)
        rnd = random.Random(seed)
        while state.phase != OVER and len(state.stack) > 10:
            seat = state.current
            if state.phase in (PLACE, OCCUPY):
                search = Search(state, seat)
                for option in search.mine():
                    place, follow = to_actions(search, option)
                    trial = GAME.restore(GAME.snapshot(state))
                    if place is not None:
                        GAME.apply(trial, seat, place)
                    assert follow in GAME.legal(trial, seat)
            legal = GAME.legal(state, seat)
            GAME.apply(state, seat, rnd.choice(legal))


def test_route_cache_answers_like_a_fresh_search():
    state = GAME.setup(2, 3)
    rnd = random.Random(3)
    while state.phase != OVER:
        GAME.apply(state, state.current, rnd.choice(GAME.legal(state, state.current)))
    board = board_of(state)
    for label, pieces in board.members.items():
        assert route_of(board.grid, pieces) == board.route[label] == rules_route(state, pieces)
    assert cell_index(0, 0) == 24


@pytest.mark.parametrize("seed", range(5))
def test_the_judge_counts_the_rhombs_on_a_line_as_the_tiles_say(seed):
    rnd = random.Random(seed)
    state = GAME.setup(2, seed)
    seen = set()
    while state.phase != OVER:
        board = board_of(state)
        for label, pieces in board.members.items():
            rhombs = 0
            for x, y, piece in map(piece_ref, pieces):
                spec = TILES[state.board.cells[(x, y)][0]]
                rhombs += sum(1 for node in spec.rhombs if spec.rhomb_piece[node] == piece)
            assert rhombs_on(board, label) == min(rhombs, 2)
            seen.add(min(rhombs, 2))
        seat = state.current
        GAME.apply(state, seat, rnd.choice(GAME.legal(state, seat)))
    assert seen == {0, 1, 2}
