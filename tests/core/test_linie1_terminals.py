"""Terminal loops on a trip (linie1.md "Streetcars may also move through the terminals of other
players -- this counts as a space"; L6, L9): a loop passed through is one square of the route and a
halt for H; a trip may start from either terminal of the line, in either of its two directions."""

from game.core.linie1 import GAME
from game.core.linie1.board import Board
from game.core.linie1.dice import stop_signs, tools_target
from game.core.linie1.routes import advance, find_route, validate_route
from tests.core.linie1_helpers import LINE1_PATH, code, lay_path, rot_of, state_with_board

# Line 1 from Waldburgstraße ([3, 13], right edge) west along row 3 into line 3's Pfeilstraße
# ([3, 0], left edge), out of its other cell [2, 0], east along row 2 to column 2, down column 2
# (over a crossing on row 3) and west into Auf der Schmelz ([6, 0]). Signs: H at (3, 11), M at
# (3, 6), F at (3, 4), E at (5, 2).
ROW3 = [(3, c) for c in range(12, 0, -1)]
AFTER_LOOP = [(2, 1), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (6, 1)]
ROUTE = [*ROW3, (3, 0), *AFTER_LOOP, (6, 0)]
LOOP = ROUTE.index((3, 0))


def through_pfeilstrasse() -> Board:
    board = Board()
    lay_path(board, ROW3[:10], 1, 3)  # (3, 12) .. (3, 3), entered from the east
    board.set_tile((3, 2), 10, 0)  # the crossing: row 3 east-west, column 2 north-south
    lay_path(board, [(3, 1)], 1, 3)  # into the terminal cell [3, 0]
    lay_path(board, [(2, 1), (2, 2)], 3, 2)  # out of [2, 0], east, then south
    lay_path(board, [(4, 2), (5, 2), (6, 2), (6, 1)], 0, 3)  # down column 2, west into [6, 0]
    return board


def loop_state(stops=("F", "M", "E")):
    state = state_with_board(through_pfeilstrasse())
    state.lines[0], state.lines[1] = 1, 2
    state.stops[0] = list(stops)
    return state


def test_a_route_may_run_through_another_lines_terminal_and_it_counts_one_square():
    state = loop_state()
    assert state.board.signs == {"H": (3, 11), "F": (3, 4), "M": (3, 6), "E": (5, 2)}
    found = find_route(state.board, 1, state.stops[0])
    assert found is not None and list(found.cells) == ROUTE  # the only way: through Pfeilstraße
    route = validate_route(state.board, 1, state.stops[0], (3, 13), ROUTE)
    assert not isinstance(route, str)
    assert route.cells.count((3, 0)) == 1 and (2, 0) not in route.cells  # the loop is one square
    assert route.cells[LOOP - 1] == (3, 1) and route.cells[LOOP + 1] == (2, 1)
    assert code(state, 0, {"type": "declare", "start": [3, 13], "route": [list(c) for c in ROUTE]}) is None


def test_h_stops_in_another_lines_terminal_and_a_number_counts_it_once():
    route = validate_route(loop_state().board, 1, ["F", "M", "E"], (3, 13), ROUTE)
    assert not isinstance(route, str)
    halts = route.halts
    last_sign = ROUTE.index((3, 4))  # F, the last sign before the loop
    assert advance(halts, last_sign, "H") == LOOP  # "It could also be the terminal of another player."
    assert advance(halts, LOOP - 1, "2") == LOOP + 1  # into the loop and out: two squares in all
    assert advance(halts, LOOP, "H") == ROUTE.index((5, 2))  # on to E's sign, over the crossing


def test_a_trip_starts_from_either_terminal_and_runs_the_route_backwards_from_the_other():
    state = loop_state()
    # from Auf der Schmelz's cell [6, 0] to Waldburgstraße's [3, 13]; the loop is entered by [2, 0]
    backwards = [*AFTER_LOOP[::-1], (2, 0), *ROW3[::-1], (3, 13)]
    assert code(state, 0, {"type": "declare", "start": [6, 0], "route": [list(c) for c in backwards]}) is None
    # the terminal's other cell [7, 0] faces a free square: no trip leaves from there
    assert code(state, 0, {"type": "declare", "start": [7, 0], "route": [list(c) for c in backwards]}) \
        == "linie1.route_incomplete"
    GAME.apply(state, 0, {"type": "declare", "start": [6, 0], "route": [list(c) for c in backwards]})
    assert state.trips[0].start == [6, 0] and state.trips[0].cells[-1] == [3, 13]



# Line 1 leaves Waldburgstraße by [3, 13], runs a loop round the Hallenbad (sign at (3, 11)) back
# into (3, 12) from the south, through its own start terminal ([3, 13] in, [2, 13] out) and on along
# the usual line 1 track (LINE1_PATH) into Auf der Schmelz.
HALLENBAD_LOOP = [(3, 12), (3, 11), (3, 10), (4, 10), (5, 10), (5, 11), (5, 12), (4, 12), (3, 12)]
OWN_LOOP_ROUTE = [*HALLENBAD_LOOP, (3, 13), *LINE1_PATH, (6, 0)]
OWN_LOOP = OWN_LOOP_ROUTE.index((3, 13))


def own_loop_state(trip_rule="three_dice"):
    board = Board()
    lay_path(board, LINE1_PATH, 1, 3)
    board.set_tile((3, 12), 3, rot_of(3, "EW", "ES"))  # the switch: west, and back in from the south
    lay_path(board, HALLENBAD_LOOP[1:-1], 1, 0)
    state = state_with_board(board)
    state.lines[0], state.lines[1] = 1, 2
    state.stops[0] = ["F", "M", "L"]
    state.options["trip_rule"] = trip_rule
    return state


def test_a_route_may_pass_its_own_start_terminal_again():
    """Gap: the start terminal is a loop like any other (only the far terminal ends the trip); the
    tram passes it the other way round, so no (square, entry edge) repeats (L6)."""
    state = own_loop_state()
    assert state.board.sign_at[(3, 11)] == "H"
    route = validate_route(state.board, 1, ["F", "M", "L"], (3, 13), OWN_LOOP_ROUTE)
    assert not isinstance(route, str) and route.halts[OWN_LOOP]  # a terminal: a halt for H
    assert advance(route.halts, 1, "H") == OWN_LOOP


def test_three_dice_tools_go_back_to_the_start_terminal_passed_again():
    """Ruling (linie1-variants): tools send the tram to "the last square with a stop sign, or the
    start terminal, that the tram has entered on its frozen route before the current square"."""
    state = own_loop_state()
    GAME.apply(state, 0, {"type": "declare", "start": [3, 13], "route": [list(c) for c in OWN_LOOP_ROUTE]})
    trip = state.trips[0]
    signs = stop_signs(trip.cells, trip.halts)
    assert signs[OWN_LOOP] and not signs[-1]  # the start terminal passed again counts; the far one never
    assert tools_target(signs, OWN_LOOP + 3, False) == OWN_LOOP  # not back to the Hallenbad's sign
    assert tools_target(signs, OWN_LOOP, True) == OWN_LOOP  # arrived there by H: it stays, as on a sign
    assert tools_target(signs, OWN_LOOP, False) == 1  # arrived by a number: the sign before it
    trip.position = OWN_LOOP + 3
    GAME.apply(state, 0, {"type": "roll"})
    state.dice = ["T", "T", "T"]
    events = GAME.apply(state, 0, {"type": "choose_die", "die": 0})
    assert events[1] == {"type": "move", "seat": 0, "from": OWN_LOOP + 3, "to": OWN_LOOP}
