"""The Linie 1 bots: every level plays whole legal games; the hard level plans, hides and reads only its view."""

from __future__ import annotations

import copy

import pytest

from game.ai import linie1 as ai
from game.ai.linie1_route import Pricer, halt_cells, search
from game.bots import bot_levels
from game.core.linie1 import GAME
from game.core.linie1.board import Board
from game.match import Match, SeatInfo
from tests.core.linie1_helpers import LINE1_PATH, lay_path, line1_route_state, rot_of


def play_out(levels: tuple[str, ...], seed: int, options: dict | None = None) -> Match:
    """A whole bot game through the Match; a refused proposal fails the test."""
    seats = [SeatInfo(f"Bot {i}", "bot", level) for i, level in enumerate(levels)]
    match = Match("linie1", seats, seed, options)
    bots = [ai.make_bot(level, seed * 7 + i) for i, level in enumerate(levels)]
    while not match.finished:
        (seat,) = match.to_act()
        result = match.submit(seat, bots[seat].decide(match.view(seat)))
        assert result.ok, result.rejection
    return match


def test_levels_are_easy_normal_hard():
    assert bot_levels("linie1") == ("easy", "normal", "hard")
    with pytest.raises(ValueError):
        ai.make_bot("expert", 1)


@pytest.mark.parametrize(("levels", "seed", "rule"), [(("hard", "normal"), 3, "die"),
                                                      (("normal", "hard", "easy"), 4, "pace")])
def test_the_hard_bot_plays_whole_legal_games(levels, seed, rule):
    outcome = play_out(levels, seed, {"trip_rule": rule}).outcome()
    assert outcome is not None and (outcome["winners"] or outcome["stalemate"])


def gapped_line1(*gaps: tuple[int, int]):
    """Seat 0 holds line 1 (stops F, M, L) whose route is laid except on ``gaps``; its hand
    holds the straights that close them and nothing else it could use."""
    state = line1_route_state()
    for cell in gaps:
        state.pile.append(state.board.tiles.pop(cell)[0])
    state.board = Board.from_view(state.board.to_view())  # forget cached facts of the full board
    state.pile.extend(state.hands[0])
    state.hands[0] = []
    for tile in [1, 1, 9, 9, 9]:
        state.pile.remove(tile)
        state.hands[0].append(tile)
    return state


def test_the_hard_bot_closes_its_route_away_from_its_terminal_first():
    # Both gaps take a straight; the one in front of the Waldburgstraße terminal would tell
    # everyone which line it holds, so it waits for the last action.
    state = gapped_line1((2, 12), (2, 10))
    action = ai.make_bot("hard", 1).decide(GAME.view(state, 0))
    assert action == {"type": "place", "tile": 1, "cell": [2, 10], "rot": rot_of(1, "EW")}
    bot = ai.make_bot("hard", 1)
    state = gapped_line1((2, 12), (3, 5))  # the same with a gap the straight closes north-south
    assert bot.decide(GAME.view(state, 0))["cell"] == [3, 5]


def test_the_hard_bot_declares_a_complete_route_at_once():
    state = line1_route_state()
    action = ai.make_bot("hard", 1).decide(GAME.view(state, 0))
    assert action["type"] == "declare"


def test_the_planner_avoids_halts_when_told_they_cost():
    # Line 1's laid route passes the signs of G and E besides its own F, M and L; a free detour
    # one row below row 2 avoids G. Priced for halts, the plan takes the detour, and not otherwise.
    board = Board()
    lay_path(board, LINE1_PATH, 1, 3)
    plain = search(board, 1, ["F", "M", "L"], Pricer(board, [1, 2], True), drive=0)
    assert plain is not None and plain.cost == 0 and (2, 8) in plain.cells
    assert (2, 8) in halt_cells(board)
    priced = search(board, 1, ["F", "M", "L"], Pricer(board, [1, 2], True), drive=0, halt=40)
    assert priced is not None and (2, 8) not in priced.cells and priced.cost > 0


def test_the_hard_bot_decides_from_its_view_alone():
    # Two games that differ only in what seat 0 may not see: the other seat's cards and the
    # order of the pile. Seat 0's views are equal, so its decisions must be.
    state = GAME.setup(2, 11)
    other = copy.deepcopy(state)
    other.lines[1] = next(line for line in range(1, 7) if line not in state.lines)
    other.route_cards[1] = "B6" if state.route_cards[1] != "B6" else "B5"
    other.pile.reverse()
    assert GAME.view(state, 0) == GAME.view(other, 0)
    first = ai.make_bot("hard", 2).decide(GAME.view(state, 0))
    assert ai.make_bot("hard", 2).decide(GAME.view(other, 0)) == first


def test_a_spare_tile_never_lands_beside_its_own_unsigned_building():
    # Line 1 with stops F, M, L, and only the L end laid: F's and M's signs are not placed yet.
    # A tile no plan step uses must not fix their signs off the route, wherever else it may go.
    state = line1_route_state()
    state.board = Board()
    lay_path(state.board, [(6, c) for c in range(4, 0, -1)], 1, 3)
    view = GAME.view(state, 0)
    beside_f_or_m = {(2, 3), (2, 5), (1, 4), (3, 4), (4, 5), (4, 7), (3, 6), (5, 6)}
    for seed in range(6):
        bot = ai.make_bot("hard", seed)
        action = bot.hard.spare(view, [], Board.from_view(view["board"]), [2, 2, 1, 1, 10], True)
        assert action is not None and action["type"] == "place"
        assert tuple(action["cell"]) not in beside_f_or_m
