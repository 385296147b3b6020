"""The Linie 1 bots: every level plays whole legal games; the hard level plans, hides and reads only its view."""

from __future__ import annotations

import copy

import pytest

from game.ai.linie1 import bot as ai
from game.ai.linie1 import hard
from game.ai.linie1.hard import HardBuilder
from game.ai.linie1.plan import Step, plan_route
from game.ai.linie1.rivals import Guess, harm, obstructs
from game.ai.linie1.route import TILE, Pricer, RoutePlan, halt_cells, search
from game.bots import bot_levels
from game.core.linie1 import GAME
from game.core.linie1.board import Board
from game.core.rng import Rng
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
                                                      (("normal", "hard", "easy"), 4, "pace"),
                                                      (("normal", "hard"), 5, "three_dice")])
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


def test_a_block_bars_a_rival_route_and_a_fitting_tile_does_not():
    # A rival (seat 1) on line 1 through F, M and L whose laid route lacks (2, 10) and (2, 11).
    # A curve on (2, 11) turning north sends its tram off the route: a detour, more tiles. A
    # straight there is the very tile it needs. The block is chosen, the gift never.
    board = Board()
    lay_path(board, LINE1_PATH, 1, 3)
    for cell in ((2, 10), (2, 11)):
        del board.tiles[cell]
    board = Board.from_view(board.to_view())
    plan = plan_route(board, 1, ["F", "M", "L"])
    assert plan is not None and plan.cost == 4
    guesses = [Guess(1, 1, ("F", "M", "L"), 1.0, plan)]
    curve, straight = (2, (2, 11), rot_of(2, "NE")), (1, (2, 11), rot_of(1, "EW"))
    assert board.check_place(*curve) is None and board.check_place(*straight) is None
    assert obstructs(guesses, *curve) and not obstructs(guesses, *straight)
    assert harm(guesses, board, *curve) > 0 > harm(guesses, board, *straight)
    chosen = HardBuilder(Rng(1))._block(guesses, board, [(0, 1, *curve), (0, 1, *straight)])
    assert chosen == {"type": "place", "tile": 2, "cell": [2, 11], "rot": rot_of(2, "NE")}


def test_the_hard_bot_plans_once_per_turn(monkeypatch):
    calls = []
    real = hard.best_plans
    monkeypatch.setattr(hard, "best_plans", lambda *args: calls.append(1) or real(*args))
    state = gapped_line1((2, 12), (2, 10), (3, 5))
    bot = ai.make_bot("hard", 1)
    for _ in range(2):  # two tile actions in one turn
        action = bot.decide(GAME.view(state, 0))
        assert action["type"] == "place"
        GAME.apply(state, 0, action)
    assert len(calls) == 1
    assert bot.decide(GAME.view(state, 0)) == {"type": "end_turn"} and len(calls) == 1


def test_the_hard_bot_waits_to_declare_only_when_it_can_build_now(monkeypatch):
    # A complete route, and a plan still to build that is said to win sooner (one straight on a
    # free square). With a straight in hand the bot builds; with a hand that lays no step it
    # declares rather than wait for tiles that may never come (a complete route keeps the game
    # from ending in a stalemate).
    better = RoutePlan(TILE, [Step((8, 9), 0, 2, "free")], [(8, 9)], [False], 0.0)
    monkeypatch.setattr(hard, "best_plans", lambda *args: [better])
    state = line1_route_state()
    state.pile.extend(state.hands[0])
    state.hands[0] = []
    for tile in (1, 1):
        state.pile.remove(tile)
        state.hands[0].append(tile)
    assert ai.make_bot("hard", 1).decide(GAME.view(state, 0))["cell"] == [8, 9]
    state.pile.extend(state.hands[0])
    state.hands[0] = []
    assert ai.make_bot("hard", 1).decide(GAME.view(state, 0))["type"] == "declare"
