"""The ends of a Linie 1 game and its rare positions: the race between two trams, what nobody may do
once it is won, a table that must play on (a tram on its way, a route ready to declare), the table
option that switches rule e off, the longest route, a balloon loop, and what a turn owes."""

from game.core.linie1 import GAME
from game.core.linie1.board import Board
from game.core.linie1.data import PLAYABLE, TERMINAL_AT, TERMINALS
from game.core.linie1.routes import find_route
from game.core.linie1.state import Trip
from game.match import Match, SeatInfo
from tests.core.linie1_helpers import (
    board_with,
    code,
    lay_path,
    line1_route_state,
    rot_of,
    state_with_board,
    straight,
)
from tests.core.linie1_positions import pairs_only_state

PASS = {"type": "end_turn"}
ROLL = {"type": "roll"}


def drive(state, seat, position):
    """``seat`` is on its trip along seat 0's laid line-1 route, its tram at ``position``."""
    route = find_route(state.board, 1, state.stops[0])
    state.trips[seat] = Trip(list(route.start), [list(c) for c in route.cells], list(route.halts), position)
    state.revealed[seat] = True
    return state.trips[seat]


def empty_supplies(state):
    """No tile to draw or to lay: the pile and every hand go back in the box."""
    state.box.extend(state.pile + [tile for hand in state.hands for tile in hand])
    state.pile.clear()
    state.hands = [[] for _ in state.hands]


def test_the_first_tram_to_reach_its_terminal_wins_though_another_set_off_first():
    """"The first player to complete their route and end at their other terminal wins the game."
    Seat 1 set off first and is further along; seat 0 arrives first, and the game ends at once."""
    state = line1_route_state(players=3)
    state.options["die_faces"] = ["4"]
    late = drive(state, 0, len(state.board.tiles) - 3)  # three squares from its terminal
    early = drive(state, 1, len(state.board.tiles) - 2)  # two from it, but seat 0 rolls first
    state.phase = "roll"
    events = GAME.apply(state, 0, ROLL)
    assert late.position == len(late.cells) - 1  # surplus pips lost: no exact count needed
    assert [e["type"] for e in events] == ["roll", "move", "win", "reveal"]
    outcome = GAME.outcome(state)
    assert outcome["winners"] == [0] and not outcome["draw"] and not outcome["stalemate"]
    assert state.phase == "over" and GAME.to_act(state) == [] and early.position == len(early.cells) - 3
    lay = {"type": "place", "tile": 1, "cell": [10, 10], "rot": 0}
    for seat, action in ((1, ROLL), (2, PASS), (0, ROLL), (2, lay)):
        assert code(state, seat, action) == "linie1.game_over"
    assert list(GAME.legal(state, 1)) == [] and list(GAME.legal(state, 2)) == []


def test_no_stalemate_while_a_tram_is_on_its_way():
    """With no tile left anywhere the builders pass, and the driver rolls on to the win (L11 needs
    nobody driving)."""
    state = line1_route_state()
    state.options["die_faces"] = ["1"]
    trip = drive(state, 0, -1)
    empty_supplies(state)
    state.current = 1
    for _ in range(len(trip.cells)):
        assert list(GAME.legal(state, 1)) == [PASS] and GAME.must_act(state) is False
        events = GAME.apply(state, 1, PASS)
        assert {"type": "stalemate"} not in events and state.phase == "roll"
        events = GAME.apply(state, 0, ROLL)
        if GAME.outcome(state) is not None:
            break
    assert GAME.outcome(state)["winners"] == [0] and events[-2] == {"type": "win", "seat": 0}


def test_no_stalemate_while_a_complete_route_waits_to_be_declared():
    """Nobody can lay, draw or take, but seat 0 could set off: the table plays on until it does, and
    its declaration is offered at the start of its turn."""
    state = line1_route_state()
    empty_supplies(state)
    state.current = 1
    events = GAME.apply(state, 1, PASS)
    assert {"type": "stalemate"} not in events and GAME.outcome(state) is None
    offered = [a["type"] for a in GAME.legal(state, 0)]
    assert offered[0] == "declare" and set(offered) == {"declare", "end_turn"}
    GAME.apply(state, 0, PASS)  # keeping it waiting is allowed, and still no stalemate
    assert GAME.outcome(state) is None
    state.stops[0] = ["F", "M", "B"]  # the same table where nobody's route is complete: stalemate
    events = GAME.apply(state, 1, PASS)
    assert {"type": "stalemate"} in events and GAME.outcome(state)["winners"] == []


def test_a_table_without_rule_e_lets_a_rail_run_into_a_square_nothing_could_fill():
    """Option ``strict_dead_ends`` off: rules a-d only, through the game's own check and its legal list."""
    curve_nw = {"type": "place", "tile": 2, "cell": [2, 1], "rot": rot_of(2, "NW")}
    for strict, expected in ((True, "linie1.rule_e_dead_end"), (False, None)):
        state = state_with_board(board_with(straight((1, 2), "NS")), hand=[1, 1, 1, 2, 2])
        state.options["strict_dead_ends"] = strict
        assert code(state, 0, curve_nw) == expected
        assert (curve_nw in list(GAME.legal(state, 0))) is (expected is None)


def test_a_route_as_long_as_the_rules_allow_is_judged_by_the_rules_not_refused_as_malformed():
    """A route never enters a square twice by the same edge, nor a terminal twice by the same cell
    (L6), and nothing else bounds its length: a declaration that long reaches the rules (which say
    what is wrong with it), and only a longer one is malformed."""
    longest = 4 * len(PLAYABLE) + len(TERMINAL_AT)
    match = Match("linie1", [SeatInfo("Ann"), SeatInfo("Ben")], 1)
    start = list(TERMINALS[match.state.lines[0]][0].cells[0])
    declare = {"type": "declare", "start": start, "route": [[5, 5]] * longest}
    assert match.check(0, declare).code == "linie1.route_incomplete"
    assert GAME.check(match.state, 0, declare).code == "linie1.route_incomplete"
    declare["route"].append([5, 5])
    assert match.check(0, declare).code == "match.malformed_action"
    assert GAME.check(match.state, 0, declare).code == "linie1.malformed"


# A balloon loop: line 1 leaves Waldburgstraße west along row 2, turns round a loop by the Gericht
# and comes back east along the same two rails, passes its own start terminal and runs on along
# row 5 to Auf der Schmelz.
STEM = [(2, 12), (2, 11)]
BALLOON = [(1, 9), (2, 9), (3, 9), (3, 10)]
ONWARD = [(3, 12), (4, 12), (5, 12), *[(5, c) for c in range(11, 1, -1)], (6, 2), (6, 1)]
BALLOON_ROUTE = [*STEM, (2, 10), (1, 10), *BALLOON, (2, 10), *STEM[::-1], (2, 13), *ONWARD, (6, 0)]


def test_a_route_may_run_back_along_its_own_rails_after_a_loop():
    """Gap (L6): a route never enters a square twice by the same edge, so after a loop it may run
    back along a track it came by, the other way: the tram only ever drives forwards."""
    board = Board()
    lay_path(board, STEM, 1, 3)
    board.set_tile((2, 10), 5, rot_of(5, "EN", "ES"))  # the switch: into the loop, and back east
    board.set_tile((1, 10), 3, rot_of(3, "NS", "SW"))  # in front of line 6's terminal, whose rail it keeps
    lay_path(board, BALLOON, 1, 0)
    lay_path(board, ONWARD, 1, 3)
    state = state_with_board(board)
    state.lines[0], state.lines[1] = 1, 2
    state.stops[0] = ["G", "M", "I"]
    assert [board.signs[letter] for letter in state.stops[0]] == [(1, 9), (5, 6), (5, 9)]
    for cell, placed in board.tiles.items():  # a position the laying rules allow
        assert Board.check_place(board_without(board, cell), placed[0], cell, placed[1]) is None, cell
    declare = {"type": "declare", "start": [2, 13], "route": [list(c) for c in BALLOON_ROUTE]}
    assert code(state, 0, declare) is None
    events = GAME.apply(state, 0, declare)
    assert events[0]["route"].count([2, 11]) == 2 and state.trips[0].cells[-1] == [6, 0]


def board_without(board, cell):
    other = board.copy()
    del other.tiles[cell]
    other._constraints.clear()
    other._allowed.clear()
    return other


def test_a_turn_undone_to_its_start_may_still_begin_the_trip():
    """Gap (L4, L8): an action taken back never happened, so a player who undoes every action of
    the turn is at its start again and may declare; with an action standing they may not."""
    state = line1_route_state()
    found = find_route(state.board, 1, state.stops[0])
    route = {"type": "declare", "start": list(found.start), "route": [list(c) for c in found.cells]}
    GAME.apply(state, 0, {"type": "place", "tile": 1, "cell": [10, 10], "rot": 0})
    assert code(state, 0, route) == "linie1.declare_at_turn_start"
    GAME.apply(state, 0, {"type": "undo"})
    assert code(state, 0, route) is None
    GAME.apply(state, 0, route)
    assert state.phase == "roll" and state.revealed[0]


def test_a_second_action_is_owed_when_one_is_legal_after_the_first():
    """Gap (L4): on a crowded late board, a straight-plus-curve in hand may upgrade the straight on
    (2, 8) or the curve on (2, 7). Upgrading the straight gives back a straight that fits nowhere,
    so nothing more is owed; upgrading the curve gives back a curve that fits, so a second action is
    owed. Both first actions are allowed: the duty is judged on what the first one left."""
    outcomes = {}
    for cell, returned in (((2, 8), 1), ((2, 7), 2)):
        state = pairs_only_state()
        state.hands[0] = [1, 3]
        exchange = next(a for a in GAME.legal(state, 0) if a["type"] == "exchange" and a["cell"] == list(cell))
        GAME.apply(state, 0, exchange)
        assert sorted(state.hands[0]) == sorted([1, returned])
        outcomes[cell] = (GAME.must_act(state), code(state, 0, PASS))
    assert outcomes == {(2, 8): (False, None), (2, 7): (True, "linie1.must_take_two_actions")}
