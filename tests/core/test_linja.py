"""Linja's rules, one test per rule and special situation (rulings J1-J6 and docs/linja.md gaps)."""

from __future__ import annotations

import pytest

from game.bots import make_bot
from game.core.contract import RuleViolation
from game.core.linja import GAME
from game.core.linja.position import row_points, scores
from game.match import Match, SeatInfo
from tests.core.linja_positions import make, move, rows, types

START_A = {0: 6, 1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1}
START_B = {7: 6, 1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1}


# -- J1/J2: board and setup --------------------------------------------------------------------------
def test_setup_puts_six_on_the_start_row_and_one_on_each_field_row():
    state = GAME.setup(2, 11, {"first": 0})
    assert rows(state) == {"A": START_A, "B": START_B}
    view = GAME.view(state, 0)
    assert view["rows"] == [[6, 0], [1, 1], [1, 1], [1, 1], [1, 1], [1, 1], [1, 1], [0, 6]]
    assert view["targets"] == [7, 0]
    assert (view["phase"], view["turn"], view["steps"], view["extra_turn"]) == ("initial", 0, 0, False)


def test_option_first_sets_the_starting_player():
    for seat in (0, 1):
        state = GAME.setup(2, 5, {"first": seat})
        assert GAME.to_act(state) == [seat]
        assert GAME.view(state, None)["first"] == seat


def test_without_first_the_starting_player_is_random_but_reproducible():
    firsts = [GAME.to_act(GAME.setup(2, seed))[0] for seed in range(40)]
    assert set(firsts) == {0, 1}
    assert firsts == [GAME.to_act(GAME.setup(2, seed, {"first": None}))[0] for seed in range(40)]


@pytest.mark.parametrize("players", [1, 3, 4])
def test_linja_is_for_two_players_exactly(players):
    with pytest.raises(ValueError):
        GAME.setup(players, 1)


@pytest.mark.parametrize("first", [2, -1, "0", True, 0.0])
def test_a_bad_first_option_is_refused(first):
    with pytest.raises(ValueError):
        GAME.setup(2, 1, {"first": first})


# -- J3: the initial move ------------------------------------------------------------------------------
def test_player_a_moves_up_and_player_b_moves_down():
    state = GAME.setup(2, 1, {"first": 0})
    assert move(state, 0, "initial", 0)[0] == {"type": "move", "seat": 0, "from": 0, "to": 1,
                                                "phase": "initial", "steps": 2}
    state = GAME.setup(2, 1, {"first": 1})
    assert move(state, 1, "initial", 7)[0]["to"] == 6


def test_initial_move_may_not_enter_a_full_field_row():
    state = make({0: 6, 1: 1, 2: 5}, {2: 1, 7: 11})
    assert GAME.check(state, 0, {"type": "initial", "from": 1}).code == "linja.row_full"
    assert {"type": "initial", "from": 1} not in GAME.legal(state, 0)
    assert {"type": "initial", "from": 0} in GAME.legal(state, 0)


def test_a_piece_on_its_target_row_has_left_the_field_and_never_moves():
    state = make({7: 1, 0: 11}, {0: 1, 7: 11})
    assert GAME.check(state, 0, {"type": "initial", "from": 7}).code == "linja.piece_home"
    assert GAME.legal(state, 0) == [{"type": "initial", "from": 0}]


def test_a_row_without_an_own_piece_cannot_be_moved_from():
    state = GAME.setup(2, 1, {"first": 0})
    assert GAME.check(state, 0, {"type": "initial", "from": 7}).code == "linja.no_piece"


def test_player_without_an_initial_move_passes_automatically():
    # B's pieces on row 4 face row 3, full of A; the rest are home. A moves 1 -> 2 (empty: no
    # following move), and B, unable to move, passes at once: A is to act again.
    state = make({1: 6, 3: 6}, {4: 6, 0: 6})
    events = move(state, 0, "initial", 1)
    assert events[1:] == [{"type": "pass", "seat": 1, "phase": "initial"}]
    assert GAME.to_act(state) == [0]
    assert GAME.view(state, 1)["phase"] == "initial"



def test_a_player_with_every_piece_home_passes_until_the_last_opponent_leaves():
    # A's twelve pieces are all on row 7, but two of B's have not left it yet: the armies have not
    # passed. A can never move again, so each of A's turns is passed (J3) and B plays on; the game
    # ends the moment B's last piece steps off row 7, below every piece of A.
    state = make({7: 12}, {7: 2, 0: 10}, turn=1)
    events = move(state, 1, "initial", 7)  # onto row 6, empty: no following move
    assert types(events) == ["move", "pass"] and events[1] == {"type": "pass", "seat": 0, "phase": "initial"}
    assert GAME.to_act(state) == [1] and GAME.outcome(state) is None
    events = move(state, 1, "initial", 7)
    assert types(events) == ["move", "end"] and events[0]["steps"] == 0  # the due step is void (G4)
    assert GAME.outcome(state)["scores"] == [60, 50]

# -- J4: the following move ----------------------------------------------------------------------------
def test_following_steps_count_both_colours_on_the_entered_row_before_arrival():
    state = make({0: 9, 2: 1, 3: 2}, {3: 1, 7: 11})
    event = move(state, 0, "initial", 2)[0]
    assert event["steps"] == 3  # two of A and one of B were there; the arriving piece does not count
    view = GAME.view(state, 0)
    assert (view["phase"], view["steps"], view["turn"]) == ("following", 3, 0)


def test_initial_move_onto_an_empty_row_gives_no_following_move():
    state = make({0: 11, 5: 1}, {7: 12})
    events = move(state, 0, "initial", 5)
    assert events == [{"type": "move", "seat": 0, "from": 5, "to": 6, "phase": "initial", "steps": 0}]
    assert GAME.to_act(state) == [1]
    assert GAME.view(state, 1)["phase"] == "initial"


def test_initial_move_onto_the_target_row_gives_exactly_one_step():
    # Row 7 holds B's six start pieces, but reaching the target row always gives one step.
    state = make({0: 11, 6: 1}, {7: 6, 2: 6})
    assert move(state, 0, "initial", 6)[0]["steps"] == 1
    assert GAME.view(state, 0)["steps"] == 1


def test_the_target_row_has_no_limit():
    state = make({0: 4, 6: 1, 7: 7}, {7: 6, 2: 6})
    move(state, 0, "initial", 6)
    assert rows(state)["A"][7] == 8


def test_following_move_takes_exactly_n_rows_with_any_piece_including_the_one_just_moved():
    # Rows 2, 3 and 4 all hold pieces, so no following move here earns an extra turn.
    for source, to in ((2, 4), (0, 2), (1, 3)):
        state = make({0: 9, 1: 2, 2: 1}, {2: 1, 3: 1, 4: 1, 7: 9})
        assert move(state, 0, "initial", 1)[0]["steps"] == 2
        assert {"type": "follow", "from": source} in GAME.legal(state, 0)
        event = move(state, 0, "follow", source)[0]
        assert (event["phase"], event["from"], event["to"], event["expired"]) == ("following", source, to, 0)
        assert GAME.to_act(state) == [1]


def test_following_move_jumps_full_rows_but_never_stops_on_one():
    # Rows 2 and 3 are full. With four steps the piece on row 0 jumps them both to row 4;
    # with three steps the piece on row 0 would stop on full row 3.
    a = {0: 4, 1: 1, 2: 3, 3: 3, 6: 1}
    b = {2: 3, 3: 3, 7: 6}
    state = make(a, b, phase="following", steps=4)
    assert move(state, 0, "follow", 0)[0]["to"] == 4
    state = make(a, b, phase="following", steps=3)
    rejection = GAME.check(state, 0, {"type": "follow", "from": 0})
    assert rejection.code == "linja.row_full"
    assert {"type": "follow", "from": 0} not in GAME.legal(state, 0)
    assert {"type": "follow", "from": 1} in GAME.legal(state, 0)  # 1 + 3 = 4: free


def test_following_move_stops_on_the_target_row_and_the_rest_expire():
    state = make({0: 10, 5: 1, 6: 1}, {7: 12}, phase="following", steps=4)
    event = move(state, 0, "follow", 5)[0]
    assert (event["to"], event["steps"], event["expired"]) == (7, 4, 2)
    state = make({0: 12}, {7: 10, 2: 1, 3: 1}, turn=1, phase="following", steps=5)
    event = move(state, 1, "follow", 3)[0]
    assert (event["to"], event["expired"]) == (0, 2)


def test_the_following_move_cannot_be_declined_while_a_piece_can_make_it():
    # Gap G7: the sheet says the player "can" jump, but J4 makes the move: exactly one piece moves.
    state = GAME.setup(2, 1, {"first": 0})
    move(state, 0, "initial", 0)  # row 1 held two pieces: two steps are due
    assert GAME.legal(state, 0) == [{"type": "follow", "from": row} for row in range(7)]
    assert GAME.check(state, 0, {"type": "pass"}).code == "linja.unknown_action"
    assert GAME.check(state, 0, {"type": "initial", "from": 0}).code == "linja.wrong_phase"
    assert GAME.to_act(state) == [0]


def test_a_following_move_no_piece_can_make_is_lost():
    # A's initial move onto the target row gives one step; rows 3 and 4 are full, so no piece can
    # make it: the following move is lost and B is to act.
    state = make({6: 1, 2: 6, 3: 5}, {3: 1, 4: 6, 0: 4, 7: 1})
    events = move(state, 0, "initial", 6)
    assert events[1:] == [{"type": "pass", "seat": 0, "phase": "following", "steps": 1}]
    assert GAME.to_act(state) == [1]
    assert GAME.view(state, 1)["phase"] == "initial"


# -- J5: the extra turn -----------------------------------------------------------------------------------
def test_a_following_move_onto_an_empty_field_row_gives_an_extra_turn():
    state = make({0: 10, 1: 1, 2: 1}, {2: 1, 7: 11})
    move(state, 0, "initial", 1)  # row 2 held two pieces: two steps
    events = move(state, 0, "follow", 2)  # 2 -> 4, an empty field row
    assert types(events) == ["move", "extra_turn"]
    assert events[1] == {"type": "extra_turn", "seat": 0}
    view = GAME.view(state, 0)
    assert (view["turn"], view["phase"], view["extra_turn"]) == (0, "initial", True)


def test_the_extra_turns_own_following_move_gives_no_further_extra_turn():
    state = make({0: 10, 1: 1, 2: 1}, {2: 1, 7: 11}, phase="following", steps=2, extra=True)
    events = move(state, 0, "follow", 2)  # onto empty row 4 again
    assert types(events) == ["move"]
    assert GAME.to_act(state) == [1]
    assert GAME.view(state, 1)["extra_turn"] is False


def test_the_extra_turn_is_a_full_turn_that_can_itself_have_a_following_move():
    state = make({0: 10, 1: 1, 2: 1}, {1: 1, 2: 1, 7: 10})
    move(state, 0, "initial", 1)
    assert types(move(state, 0, "follow", 2)) == ["move", "extra_turn"]
    assert move(state, 0, "initial", 0)[0]["steps"] == 1  # row 1 holds B's piece
    assert GAME.view(state, 0)["phase"] == "following"


def test_ending_on_the_empty_target_row_is_no_extra_turn():
    # Row 0 (B's target) is empty; reaching it is leaving the field, not reaching a field row.
    state = make({4: 6, 6: 6}, {3: 1, 7: 11}, turn=1, phase="following", steps=3)
    events = move(state, 1, "follow", 3)
    assert events[0]["to"] == 0
    assert types(events) == ["move"]
    assert GAME.to_act(state) == [0]


def test_an_extra_turn_without_an_initial_move_is_passed():
    # A's following move lands on empty row 5 (extra turn), but every A piece then faces a full
    # row (3, 4 and 6): the extra turn is passed and B moves.
    state = make({0: 1, 2: 5, 3: 6}, {4: 6, 6: 6}, phase="following", steps=5)
    events = move(state, 0, "follow", 0)
    assert types(events) == ["move", "extra_turn", "pass"]
    assert events[2] == {"type": "pass", "seat": 0, "phase": "initial"}
    assert GAME.to_act(state) == [1]
    assert GAME.view(state, 1)["extra_turn"] is False


# -- the row limit ------------------------------------------------------------------------------------------
def test_a_field_row_never_holds_more_than_six():
    state = make({0: 6, 1: 1, 3: 5}, {3: 1, 7: 11}, phase="following", steps=3)
    assert GAME.check(state, 0, {"type": "follow", "from": 0}).code == "linja.row_full"
    move(state, 0, "follow", 1)  # 1 -> 4
    assert max(sum(row) for row in GAME.view(state, 0)["rows"][1:7]) <= 6


# -- J6: the end and the scores ----------------------------------------------------------------------------
def test_row_points_are_five_three_two_one_in_the_opponents_half():
    assert [row_points(0, row) for row in range(8)] == [0, 0, 0, 0, 1, 2, 3, 5]
    assert [row_points(1, row) for row in range(8)] == [5, 3, 2, 1, 0, 0, 0, 0]


def test_the_rule_sheets_example_scores_46_to_41():
    # The sheet's picture is lost, so here is a legal end position scoring exactly 46 : 41.
    # Before the last move: A has 6 pieces home (row 7), 4 on row 6 and 2 on row 5; B has 5 home
    # (row 0), 4 on row 1, 2 on row 2 and one last piece on row 5, beside A's two: not yet passed.
    # B moves that piece 5 -> 4 (an empty row: no following move) and every A piece now stands
    # above every B piece. A: 6*5 + 4*3 + 2*2 = 46. B: 5*5 + 4*3 + 2*2 + 1*0 (row 4 is B's own
    # half) = 41. A wins and B, the loser, starts the next game.
    state = make({5: 2, 6: 4, 7: 6}, {0: 5, 1: 4, 2: 2, 5: 1}, turn=1)
    events = move(state, 1, "initial", 5)
    assert events[-1] == {"type": "end", "reason": "passed", "winners": [0], "draw": False,
                          "scores": [46, 41], "next_first": 1}
    assert GAME.outcome(state) == {"winners": [0], "draw": False, "scores": [46, 41], "next_first": 1}
    assert GAME.view(state, None)["scores"] == [46, 41]
    assert GAME.to_act(state) == []


def test_pieces_sharing_a_row_have_not_passed():
    state = make({3: 1, 5: 5, 7: 6}, {3: 1, 2: 5, 0: 6})
    assert GAME.outcome(state) is None  # row 3 holds a piece of each


def test_the_game_ends_right_after_an_initial_move_and_its_following_move_is_void():
    # A's move 3 -> 4 enters a row with two pieces (two steps), but the pieces have now passed.
    state = make({3: 1, 4: 2, 5: 3, 7: 6}, {3: 1, 2: 5, 0: 6})
    events = move(state, 0, "initial", 3)
    assert events[0]["steps"] == 0
    assert types(events) == ["move", "end"]
    outcome = GAME.outcome(state)
    assert outcome["scores"] == [39, 41] == scores(state.position.pieces)
    assert (outcome["winners"], outcome["next_first"]) == ([1], 0)
    assert GAME.legal(state, 0) == [] and GAME.legal(state, 1) == []
    assert GAME.check(state, 0, {"type": "follow", "from": 4}).code == "linja.game_over"


def test_the_game_ends_right_after_a_following_move():
    state = make({3: 1, 5: 5, 7: 6}, {3: 1, 2: 5, 0: 6}, phase="following", steps=2)
    events = move(state, 0, "follow", 3)  # 3 -> 5: A's lowest piece is now above B's highest
    assert types(events) == ["move", "end"]
    assert GAME.outcome(state)["scores"] == [6 * 2 + 6 * 5, 41]


def test_the_end_also_comes_after_a_following_move_that_would_earn_an_extra_turn():
    state = make({3: 1, 5: 5, 7: 6}, {3: 1, 2: 5, 0: 6}, phase="following", steps=1)
    events = move(state, 0, "follow", 3)  # 3 -> 4, an empty field row, but the game is over
    assert types(events) == ["move", "end"]


@pytest.mark.parametrize("first", [0, 1])
def test_equal_scores_are_a_draw_and_the_other_player_starts_the_next_game(first):
    # After A's 3 -> 4: A 1*1 + 5*2 + 6*5 = 41, B 1*1 + 5*2 + 6*5 = 41.
    state = make({3: 1, 5: 5, 7: 6}, {3: 1, 2: 5, 0: 6}, first=first)
    move(state, 0, "initial", 3)
    assert GAME.outcome(state) == {"winners": [], "draw": True, "scores": [41, 41], "next_first": 1 - first}


def test_the_loser_starts_the_next_game():
    state = make({5: 2, 6: 4, 7: 6}, {0: 5, 1: 4, 2: 2, 5: 1}, turn=1, first=0)
    move(state, 1, "initial", 5)
    assert GAME.outcome(state)["next_first"] == 1  # B lost 41 : 46
    state = make({3: 1, 4: 2, 5: 3, 7: 6}, {3: 1, 2: 5, 0: 6}, first=1)
    move(state, 0, "initial", 3)
    assert GAME.outcome(state)["next_first"] == 0  # A lost 39 : 41


def test_when_neither_player_can_ever_move_again_the_game_ends_and_is_scored_as_it_stands():
    # Gap G1. A's move onto the target row gives one step that no A piece can take (rows 3 and 4
    # are full). Then B cannot move (rows 2 and 3 are full) and A cannot either: nothing can ever
    # change, so the game ends: A 1*5 = 5, B 5*5 + 1*1 = 26.
    state = make({6: 1, 2: 6, 3: 5}, {3: 1, 4: 6, 0: 5})
    events = move(state, 0, "initial", 6)
    assert types(events) == ["move", "pass", "pass", "end"]
    assert events[1] == {"type": "pass", "seat": 0, "phase": "following", "steps": 1}
    assert events[2] == {"type": "pass", "seat": 1, "phase": "initial"}
    assert events[3]["reason"] == "blocked"
    assert GAME.outcome(state) == {"winners": [1], "draw": False, "scores": [5, 26], "next_first": 0}
    assert GAME.to_act(state) == []


def test_apply_refuses_an_illegal_move():
    state = GAME.setup(2, 1, {"first": 0})
    with pytest.raises(RuleViolation) as caught:
        GAME.apply(state, 1, {"type": "initial", "from": 7})
    assert caught.value.rejection.code == "linja.not_your_turn"


# -- whole games --------------------------------------------------------------------------------------------
def _passed(rows):
    """J6 in the test's own words: A's lowest piece stands above B's highest."""
    return min(r for r in range(8) if rows[r][0]) > max(r for r in range(8) if rows[r][1])


def _reached(rows, seat):
    """For each row k, how many of ``seat``'s pieces stand on k or beyond it (in its direction)."""
    return [sum(rows[row][seat] for row in range(8) if (row >= k if seat == 0 else row <= k)) for k in range(8)]


@pytest.mark.parametrize(("seed", "levels"), [(1, ("easy", "normal")), (2, ("normal", "easy"))])
def test_a_bot_game_keeps_every_rule_to_its_end(seed, levels):
    # Seeded bot games through the Match, checked after every action against the rules as the rule
    # sheet words them: pieces kept and only ever moving forward, full rows respected, the end exactly
    # when the armies have passed, and the J6 table's scores and winner.
    match = Match("linja", [SeatInfo("A"), SeatInfo("B")], seed=seed)
    bots = [make_bot("linja", level, seed + seat) for seat, level in enumerate(levels)]
    rows = match.view(None)["rows"]
    while not match.finished:
        seat = match.to_act()[0]
        submission = match.submit(seat, bots[seat].decide(match.view(seat)))
        assert submission.ok, submission.rejection
        after = match.view(None)["rows"]
        assert [sum(row[0] for row in after), sum(row[1] for row in after)] == [12, 12]
        assert all(sum(after[row]) <= 6 for row in range(1, 7))
        for who in (0, 1):
            assert all(b >= a for a, b in zip(_reached(rows, who), _reached(after, who), strict=True))
        moves = [event for event in submission.events if event["type"] == "move"]
        assert len(moves) == 1 and moves[0]["seat"] == seat
        assert (moves[0]["to"] - moves[0]["from"]) * (1 if seat == 0 else -1) >= 1
        assert match.finished or not _passed(after)  # J6: the game ends as soon as they have passed
        rows = after
    outcome = match.outcome()
    assert _passed(rows) or all(not GAME.legal(match.state, who) for who in (0, 1))
    points = {0: 5, 1: 3, 2: 2, 3: 1}
    scores = [sum(rows[row][seat] * points.get(abs((7, 0)[seat] - row), 0) for row in range(8))
              for seat in (0, 1)]
    assert outcome["scores"] == scores
    if scores[0] == scores[1]:
        assert (outcome["winners"], outcome["draw"]) == ([], True)
    else:
        winner = 0 if scores[0] > scores[1] else 1
        assert (outcome["winners"], outcome["next_first"]) == ([winner], 1 - winner)
