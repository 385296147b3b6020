"""Turns, undo, refills, the inaugural trip, movement, the win and the stalemate (L4, L6-L11)."""

from fractions import Fraction

import pytest

from game.core.contract import SnapshotError
from game.core.linie1 import GAME, my_route_status, my_trip_candidates
from game.core.linie1.board import Board
from game.core.linie1.routes import advance, expected_turns, find_route, validate_route
from tests.core.linie1_helpers import LINE1_PATH, board_with, line1_route_state, rot_of, state_with_board, straight


def codes(state, seat, action):
    rejection = GAME.check(state, seat, action)
    return rejection.code if rejection else None


def place(tile, cell, rot):
    return {"type": "place", "tile": tile, "cell": list(cell), "rot": rot}


# -- setup ---------------------------------------------------------------------------------------
def test_setup_deals_start_tiles_secret_cards_and_a_shuffled_pile():
    for players in range(2, 6):
        state = GAME.setup(players, seed=players)
        assert all(sorted(hand) == [1, 1, 1, 2, 2] for hand in state.hands)
        assert len(state.pile) == 101 and len(state.box) == 25 - 5 * players
        assert len(set(state.lines)) == players
        colour = "B" if players <= 3 else "R"
        assert all(card.startswith(colour) for card in state.route_cards)
        assert len(set(state.route_cards)) == players
        assert all(len(stops) == (3 if players <= 3 else 2) for stops in state.stops)
    assert GAME.setup(3, 1).pile == GAME.setup(3, 1).pile
    assert GAME.setup(3, 1).pile != GAME.setup(3, 2).pile


def test_bad_options_and_player_counts_are_refused():
    for options in ({"die_faces": ["7"]}, {"die_faces": []}, {"strict_dead_ends": "yes"}, {"colour": 1}):
        try:
            GAME.setup(2, 1, options)
        except ValueError:
            continue
        raise AssertionError(options)
    for players in (1, 6):
        try:
            GAME.setup(players, 1)
        except ValueError:
            continue
        raise AssertionError(players)


# -- a turn --------------------------------------------------------------------------------------
def test_a_turn_is_two_actions_then_a_draw_back_to_five():
    state = GAME.setup(2, 3)
    assert codes(state, 1, {"type": "end_turn"}) == "linie1.not_your_turn"
    assert codes(state, 0, {"type": "end_turn"}) == "linie1.must_take_two_actions"
    GAME.apply(state, 0, place(1, (5, 5), 0))
    assert codes(state, 0, {"type": "end_turn"}) == "linie1.must_take_two_actions"
    GAME.apply(state, 0, place(2, (9, 9), 0))
    assert codes(state, 0, place(1, (10, 10), 0)) == "linie1.two_actions_done"
    pile_top = state.pile[-2:]
    events = GAME.apply(state, 0, {"type": "end_turn"})
    assert events[0] == {"type": "draw", "seat": 0, "tiles": pile_top[::-1]}
    assert len(state.hands[0]) == 5 and state.current == 1 and state.turn == 2
    assert events[-1] == {"type": "turn", "seat": 1, "turn": 2, "phase": "build"}


def test_fewer_actions_only_when_no_legal_action_is_left():
    state = GAME.setup(2, 3)
    state.pile.extend(state.hands[0])
    state.hands[0] = []
    assert codes(state, 0, {"type": "end_turn"}) is None
    GAME.apply(state, 0, {"type": "end_turn"})
    assert len(state.hands[0]) == 5


def test_tile_must_be_in_hand_and_actions_must_be_well_formed():
    state = GAME.setup(2, 3)
    assert codes(state, 0, place(9, (5, 5), 0)) == "linie1.tile_not_in_hand"
    for bad in (None, {}, {"type": 5}, {"type": "place"}, {"type": "place", "tile": 1, "cell": [5], "rot": 0},
                {"type": "place", "tile": True, "cell": [5, 5], "rot": 0},
                {"type": "place", "tile": 1, "cell": [5, 5], "rot": 7}, {"type": "fly"}):
        assert codes(state, 0, bad) in ("linie1.malformed", "linie1.unknown_action")


def test_undo_restores_board_hand_and_sign():
    state = GAME.setup(2, 3)
    before_hand = list(state.hands[0])
    GAME.apply(state, 0, place(1, (4, 10), 0))  # beside the Hallenbad: receives its sign
    assert state.board.signs == {"H": (4, 10)}
    events = GAME.apply(state, 0, {"type": "undo"})
    assert events == [{"type": "undo", "seat": 0, "cells": [[4, 10]]}]
    assert state.board.tiles == {} and state.board.signs == {} and state.hands[0] == before_hand
    assert state.actions_taken == 0
    assert codes(state, 0, {"type": "undo"}) == "linie1.nothing_to_undo"


def test_an_undo_point_survives_a_save_and_a_damaged_one_is_refused_with_the_save():
    state = GAME.setup(2, 3)
    GAME.apply(state, 0, place(1, (4, 10), 0))
    GAME.apply(state, 0, place(2, (5, 5), 0))
    data = GAME.snapshot(state)
    assert data["undo_stack"][1]["tiles"] == [[4, 10, 1, 0]] and data["undo_stack"][1]["signs"] == [["H", 4, 10]]
    resumed = GAME.restore(data)
    assert GAME.snapshot(resumed) == data
    GAME.apply(resumed, 0, {"type": "undo"})
    assert resumed.board.tiles == {(4, 10): (1, 0)} and resumed.board.sign_at == {(4, 10): "H"}
    assert resumed.laid == {(4, 10): (0, resumed.turn)}
    for damage in ([[4, 10, "x", 0]], [[4, 10, 1]], [[4, 10, 1, 0], [4, 10, 2, 0]], "tiles"):
        broken = GAME.snapshot(state)
        broken["undo_stack"][1]["tiles"] = damage
        with pytest.raises(SnapshotError):
            GAME.restore(broken)


def test_an_exchanged_tile_is_in_hand_at_once_and_the_draw_is_smaller():
    board = board_with(straight((9, 9), "NS"))
    state = state_with_board(board, hand=[4, 1, 1, 2, 2])
    events = GAME.apply(state, 0, {"type": "exchange", "tile": 4, "cell": [9, 9], "rot": rot_of(4, "NS", "SE")})
    assert events[0]["type"] == "exchange" and events[0]["old_tile"] == 1
    assert sorted(state.hands[0]) == [1, 1, 1, 2, 2]
    GAME.apply(state, 0, place(1, (5, 5), 0))
    assert len(state.hands[0]) == 4
    draw = GAME.apply(state, 0, {"type": "end_turn"})[0]
    assert len(draw["tiles"]) == 1


def test_a_tile_laid_this_turn_may_be_exchanged_as_the_second_action():
    """Gap: a tile laid earlier in the turn is "an already placed track tile"; exchanging it gives
    it back to the hand, so the turn has laid the new tile and kept the old one."""
    state = state_with_board(Board(), hand=[1, 4, 2, 2, 1])
    GAME.apply(state, 0, place(1, (9, 9), rot_of(1, "NS")))
    GAME.apply(state, 0, {"type": "exchange", "tile": 4, "cell": [9, 9], "rot": rot_of(4, "NS", "SE")})
    assert state.board.tiles[(9, 9)] == (4, rot_of(4, "NS", "SE")) and sorted(state.hands[0]) == [1, 1, 2, 2]
    GAME.apply(state, 0, {"type": "undo"})
    assert state.board.tiles[(9, 9)] == (1, rot_of(1, "NS")) and sorted(state.hands[0]) == [1, 2, 2, 4]


def test_a_tile_under_a_tram_may_be_exchanged_and_the_trip_runs_on():
    """Rule text: "any track tiles that have streetcars or stop signs on them may be exchanged as well."
    The tram stays on its square and drives on along its frozen route."""
    state = line1_route_state()
    GAME.apply(state, 0, {"type": "declare", "start": [2, 13], "route": [list(c) for c in LINE1_PATH] + [[6, 0]]})
    state.trips[0].position = 2  # on (2, 10), a straight east-west, no sign
    state.current, state.phase = 1, "build"
    state.hands[1] = [3, 1, 1, 2, 2]
    upgrade = {"type": "exchange", "tile": 3, "cell": [2, 10], "rot": rot_of(3, "EW", "ES")}
    assert codes(state, 1, upgrade) is None
    GAME.apply(state, 1, upgrade)
    GAME.apply(state, 1, place(1, (9, 10), 0))
    GAME.apply(state, 1, {"type": "end_turn"})
    trip = state.trips[0]
    assert trip.position == 2 and trip.cells == [list(c) for c in LINE1_PATH] + [[6, 0]]
    state.options["die_faces"] = ["1"]
    assert GAME.apply(state, 0, {"type": "roll"})[1] == {"type": "move", "seat": 0, "from": 2, "to": 3}


def test_side_by_side_exchange_is_one_action_using_the_whole_turn():
    board = board_with(straight((5, 7), "NS"), straight((5, 8), "NS"))
    state = state_with_board(board, hand=[3, 4, 1, 1, 2])
    pair = {"type": "exchange2", "first": {"tile": 4, "cell": [5, 7], "rot": rot_of(4, "NS", "SE")},
            "second": {"tile": 3, "cell": [5, 8], "rot": rot_of(3, "NS", "SW")}}
    assert pair in list(GAME.legal(state, 0))
    GAME.apply(state, 0, pair)
    assert state.actions_taken == 2 and sorted(state.hands[0]) == [1, 1, 1, 1, 2]
    assert GAME.apply(state, 0, {"type": "end_turn"})[0]["type"] == "turn"  # no draw: still five


def test_a_side_by_side_pair_takes_its_tiles_from_the_hand_before_it():
    """Gap (docs/linie1.md): the two exchanges happen at once, so the tile one frees cannot be the
    other's new tile; and a pair is the whole turn, never a second action."""
    board = board_with((3, (5, 7), rot_of(3, "NS", "SW")), straight((5, 8), "NS"))
    pair = {"type": "exchange2", "first": {"tile": 11, "cell": [5, 7], "rot": rot_of(11, "NS", "NE", "SW")},
            "second": {"tile": 3, "cell": [5, 8], "rot": rot_of(3, "NS", "SW")}}
    alone = {"type": "exchange", "tile": 11, "cell": [5, 7], "rot": rot_of(11, "NS", "NE", "SW")}
    state = state_with_board(board, hand=[11, 2, 2, 2, 2])
    assert codes(state, 0, alone) == "linie1.rule_d_into_trackless_side"
    assert codes(state, 0, pair) == "linie1.tile_not_in_hand"  # the 3 the first exchange frees
    state = state_with_board(board_with(*((t, c, r) for c, (t, r) in board.tiles.items())),
                             hand=[11, 3, 2, 2, 1])
    GAME.apply(state, 0, place(2, (9, 9), 0))
    assert codes(state, 0, pair) == "linie1.exchange_pair_needs_whole_turn"
    GAME.apply(state, 0, {"type": "undo"})
    GAME.apply(state, 0, pair)
    assert sorted(state.hands[0]) == [1, 1, 2, 2, 3] and state.actions_taken == 2


def test_refill_from_drivers_when_the_pile_is_empty():
    state = line1_route_state()
    state.current = 1
    GAME.apply(state, 1, place(1, (10, 10), 0))
    GAME.apply(state, 1, place(1, (11, 11), 0))
    # seat 0 is driving and holds tiles; the pile is (made) empty
    route = find_route(state.board, 1, state.stops[0])
    from game.core.linie1.state import Trip
    state.trips[0] = Trip(list(route.start), [list(c) for c in route.cells], list(route.halts))
    state.box.extend(state.pile)
    state.pile.clear()
    events = GAME.apply(state, 1, {"type": "end_turn"})
    assert events == [{"type": "refill", "seat": 1}] and state.phase == "refill"
    assert codes(state, 1, {"type": "take", "from": 1, "tile": 1}) == "linie1.not_a_driver"
    tile = state.hands[0][0]
    GAME.apply(state, 1, {"type": "take", "from": 0, "tile": tile})
    assert len(state.hands[1]) == 4 and state.phase == "refill"
    events = GAME.apply(state, 1, {"type": "end_turn"})  # the taker may stop early
    assert events[0]["type"] == "turn" and state.current == 0 and state.phase == "roll"


def _seat0_driving(state):
    from game.core.linie1.state import Trip
    route = find_route(state.board, 1, state.stops[0])
    state.trips[0] = Trip(list(route.start), [list(c) for c in route.cells], list(route.halts))


def test_tiles_are_taken_from_drivers_only_once_the_pile_is_used_up():
    """"The other players may take them if the tile stacks are depleted": a pile with tiles left is
    drawn from first, and only what it cannot give may come from a driver's hand."""
    state = line1_route_state()
    _seat0_driving(state)
    state.current = 1
    GAME.apply(state, 1, place(1, (10, 10), 0))
    assert codes(state, 1, {"type": "take", "from": 0, "tile": state.hands[0][0]}) == "linie1.no_refill"
    GAME.apply(state, 1, place(1, (11, 11), 0))
    state.box.extend(state.pile[1:])
    del state.pile[1:]  # one tile left for the two owed
    events = GAME.apply(state, 1, {"type": "end_turn"})
    assert [e["type"] for e in events] == ["draw", "refill"] and len(events[0]["tiles"]) == 1
    assert state.pile == [] and len(state.hands[1]) == 4
    GAME.apply(state, 1, {"type": "take", "from": 0, "tile": state.hands[0][0]})
    assert len(state.hands[1]) == 5 and state.phase == "roll" and state.current == 0  # full: the turn passed


def test_no_taking_beyond_five_tiles():
    state = line1_route_state()
    _seat0_driving(state)
    state.current, state.phase = 1, "refill"
    state.box.extend(state.pile)
    state.pile.clear()
    assert len(state.hands[1]) == 5
    assert codes(state, 1, {"type": "take", "from": 0, "tile": state.hands[0][0]}) == "linie1.hand_full"


# -- routes and the trip ------------------------------------------------------------------------------
def test_route_completion_needs_every_stop_sign_on_the_way():
    state = line1_route_state(stops=("F", "M", "L"))
    assert find_route(state.board, 1, ["F", "M", "L"]) is not None
    assert find_route(state.board, 1, ["F", "M", "B"]) is None  # B has no sign yet
    assert find_route(state.board, 2, ["F", "M", "L"]) is None  # another line's terminals
    view = GAME.view(state, 0)
    status = my_route_status(view)
    assert status["complete"] and status["terminals_joined"]
    assert [s["connected"] for s in status["stops"]] == [[True, True]] * 3


def test_trip_candidates_include_the_shortest_with_exact_expected_turns():
    state = line1_route_state()
    candidates = my_trip_candidates(GAME.view(state, 0))
    assert candidates and any(c["shortest"] for c in candidates)
    best = candidates[0]
    assert best["route"][-1] in ([6, 0], [2, 13])
    assert best["expected_turns"] == float(Fraction(best["expected_exact"]))
    assert [c["expected_turns"] for c in candidates] == sorted(c["expected_turns"] for c in candidates)


def test_expected_turns_are_exact():
    faces = ["1", "2", "3", "4", "H", "H"]
    assert expected_turns([False, True], faces) == Fraction(7, 6)
    # cross-check a longer route against a forward probability recursion
    halts = [False, False, True, False, False, False, True, False, True]
    exact = expected_turns(halts, faces)
    distribution = {-1: Fraction(1)}
    total = Fraction(0)
    for _turn in range(200):
        unfinished = sum(p for pos, p in distribution.items() if pos != len(halts) - 1)
        total += unfinished
        step: dict[int, Fraction] = {}
        for pos, p in distribution.items():
            if pos == len(halts) - 1:
                continue
            for face in faces:
                nxt = advance(halts, pos, face)
                step[nxt] = step.get(nxt, 0) + p / len(faces)
        distribution = step
    assert abs(float(total) - float(exact)) < 1e-9


def test_declare_reveals_cards_freezes_the_route_and_must_roll():
    state = line1_route_state()
    start = [2, 13]
    route = [list(c) for c in LINE1_PATH] + [[6, 0]]
    declare = {"type": "declare", "start": start, "route": route}
    assert codes(state, 0, declare) is None
    events = GAME.apply(state, 0, declare)
    trip = events[0]
    assert trip["type"] == "trip" and trip["line"] == 1 and trip["stops"] == ["F", "M", "L"]
    assert trip["route"] == route and trip["start"] == start
    assert GAME.view(state, 1)["players"][0]["line"] == 1  # revealed to everyone
    assert state.phase == "roll"
    assert codes(state, 0, place(1, (10, 10), 0)) == "linie1.driving"
    assert codes(state, 0, {"type": "end_turn"}) == "linie1.driving"
    assert codes(state, 0, {"type": "undo"}) == "linie1.nothing_to_undo"


def test_a_route_refused_says_why_so_the_player_can_mend_it():
    state = line1_route_state()
    route = [list(c) for c in LINE1_PATH] + [[6, 0]]

    def why(start, squares, stops=("F", "M", "L")):
        state.stops[0] = list(stops)
        rejection = GAME.check(state, 0, {"type": "declare", "start": start, "route": squares})
        assert rejection is not None and rejection.code == "linie1.route_incomplete"
        return rejection.params

    assert why([2, 13], route[:-3]) == {"reason": "other_terminal"}
    assert why([6, 0], route) == {"reason": "leave_start"}
    assert why([2, 13], route, ("F", "M", "B")) == {"reason": "stop_unsigned"}  # B has no sign yet
    assert why([2, 13], []) == {"reason": "empty"}
    assert why([2, 13], route[:3] + route[4:]) == {"reason": "rails", "square": 4}  # the 4th square is off the rails
    assert why([0, 4], route) == {"reason": "not_own_terminal"}
    state.board.signs["B"] = (10, 10)  # as if a tile by B had taken its sign, far from this route
    assert why([2, 13], route, ("F", "M", "B")) == {"reason": "missed_stops", "stops": "B"}


def test_declaring_is_only_at_the_start_of_a_turn_and_with_a_real_route():
    state = line1_route_state()
    route = [list(c) for c in LINE1_PATH] + [[6, 0]]
    assert codes(state, 0, {"type": "declare", "start": [2, 13], "route": route[:-3]}) == "linie1.route_incomplete"
    assert codes(state, 0, {"type": "declare", "start": [6, 0], "route": route}) == "linie1.route_incomplete"
    state.stops[0] = ["F", "M", "B"]
    assert codes(state, 0, {"type": "declare", "start": [2, 13], "route": route}) == "linie1.route_incomplete"
    state.stops[0] = ["F", "M", "L"]
    GAME.apply(state, 0, place(1, (10, 10), 0))
    assert codes(state, 0, {"type": "declare", "start": [2, 13], "route": route}) == "linie1.declare_at_turn_start"


def test_page4_h_runs_to_the_next_stop_sign_and_a_number_counts_squares():
    state = line1_route_state()
    route = validate_route(state.board, 1, ["F", "M", "L"], (2, 13), LINE1_PATH + [(6, 0)])
    assert not isinstance(route, str)
    halts = route.halts
    assert advance(halts, -1, "H") == 4  # (2, 8): the Gericht's sign, not one of this line's stops
    assert route.cells[4] == (2, 8)
    assert advance(halts, -1, "3") == 2  # three squares: (2, 12), (2, 11), (2, 10)
    assert advance(halts, 4, "H") == 7  # on to the Fischmarkt's sign at (2, 5)
    assert advance(halts, len(halts) - 3, "4") == len(halts) - 1  # surplus pips are lost


def test_page4_no_turning_on_a_crossing():
    board = board_with(straight((5, 9), "EW"), (10, (5, 8), 0), straight((5, 7), "EW"), straight((6, 8), "NS"))
    from game.core.linie1.routes import Network, node_cell, square_node
    network = Network(board)
    entered_from_east = square_node((5, 8), 1)
    assert [node_cell(n) for n in network.successors(entered_from_east)] == [(5, 7)]
    entered_from_the_south = square_node((5, 8), 2)  # coming up from (6, 8)
    assert [node_cell(n) for n in network.successors(entered_from_the_south)] == []  # (4, 8) is free


def test_rolling_moves_the_tram_and_reaching_the_terminal_wins():
    state = line1_route_state()
    route = [list(c) for c in LINE1_PATH] + [[6, 0]]
    state.options["die_faces"] = ["H"]
    GAME.apply(state, 0, {"type": "declare", "start": [2, 13], "route": route})
    events = GAME.apply(state, 0, {"type": "roll"})
    assert events[:2] == [{"type": "roll", "seat": 0, "face": "H"}, {"type": "move", "seat": 0, "from": -1, "to": 4}]
    assert state.current == 1 and state.phase == "build"
    state.options["die_faces"] = ["4"]
    while GAME.outcome(state) is None:
        seat = GAME.to_act(state)[0]
        if seat == 1:
            GAME.apply(state, 1, {"type": "end_turn"} if not GAME.must_act(state) else next(
                a for a in GAME.legal(state, 1) if a["type"] == "place"))
            continue
        events = GAME.apply(state, 0, {"type": "roll"})
    assert GAME.outcome(state)["winners"] == [0]
    assert events[-2] == {"type": "win", "seat": 0} and events[-1]["type"] == "reveal"
    assert all(p["line"] is not None for p in GAME.view(state, None)["players"])


def test_stalemate_when_nobody_can_act_drive_or_draw():
    state = GAME.setup(2, 5)
    state.box.extend(state.pile + state.hands[0] + state.hands[1])
    state.pile.clear()
    state.hands = [[], []]
    events = GAME.apply(state, 0, {"type": "end_turn"})
    assert {"type": "stalemate"} in events
    outcome = GAME.outcome(state)
    assert outcome["winners"] == [] and outcome["stalemate"]
    assert events[-1]["type"] == "reveal"  # L12: everyone's cards at the end
    assert all(player["line"] is not None for player in GAME.view(state, None)["players"])


def test_no_stalemate_while_someone_can_still_draw():
    state = GAME.setup(2, 5)
    state.pile.extend(state.hands[0])
    state.hands[0] = []
    events = GAME.apply(state, 0, {"type": "end_turn"})
    assert {"type": "stalemate"} not in events and GAME.outcome(state) is None


def test_views_keep_secrets():
    state = GAME.setup(3, 9)
    for seat in (0, 1, 2, None):
        view = GAME.view(state, seat)
        assert "pile" not in view and view["pile_count"] == 101
        for player in view["players"]:
            mine = player["seat"] == seat
            assert (player["line"] is not None) == mine
            assert (player["route_card"] is not None) == mine
            assert (player["stops"] is not None) == mine
        assert view["hands"] == state.hands  # "All players' track tiles are kept face up."


def test_a_pair_each_legal_alone_is_accepted_though_only_pairs_needing_each_other_are_listed():
    """L3 judges a side-by-side pair on the board after both, so a pair whose exchanges are each
    legal alone is legal too; ``legal`` lists only the pairs legal *only* together (docs/linie1.md),
    since any other pair is the same as its two single exchanges, which are listed."""
    board = board_with(straight((5, 7), "NS"), straight((5, 8), "NS"))
    state = state_with_board(board, hand=[3, 4, 1, 1, 2])
    west = {"tile": 3, "cell": [5, 7], "rot": rot_of(3, "NS", "SW")}  # a curve out to the free west
    east = {"tile": 4, "cell": [5, 8], "rot": rot_of(4, "NS", "SE")}  # a curve out to the free east
    listed = list(GAME.legal(state, 0))
    assert {"type": "exchange", **west} in listed and {"type": "exchange", **east} in listed
    pair = {"type": "exchange2", "first": west, "second": east}
    assert codes(state, 0, pair) is None and pair not in listed
    GAME.apply(state, 0, pair)
    assert state.actions_taken == 2 and sorted(state.hands[0]) == [1, 1, 1, 1, 2]
