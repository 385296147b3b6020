"""Line Expansion: the board data, every ruling B1-B7, each example of the rule text on the real
network, and properties of random legal play."""

from __future__ import annotations

from collections import Counter

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.assets import load_json
from game.core.contract import RuleViolation, SnapshotError
from game.core.lines import GAME
from game.core.lines.network import network
from game.core.lines.streets import heads, line_streets
from game.core.registry import get_game
from game.core.rng import Rng
from game.match import Match, SeatInfo

NET = network()


def street(a: int, b: int) -> int:
    found = NET.street_between(a, b)
    assert found is not None, f"no street {a}-{b}"
    return found


def position(paths, *, builder=0, remaining=3, buses=None, phase="build", queue=None, spaces=None,
             passed=None, round_=1):
    """A state on the real network with the given lines (lists of crossings), built through restore."""
    players = len(paths)
    return GAME.restore({
        "format": "lines-state", "version": 1, "players": players, "phase": phase, "round": round_,
        "start_player": (round_ - 1) % players, "paths": paths, "buses": buses or [1] * players,
        "spaces": {"A": builder} if spaces is None else spaces, "passed": passed or [],
        "queue": [builder] if queue is None else queue, "remaining": remaining if phase == "build" else 0,
        "lost": [0] * players, "ended": None,
    })


def legal_streets(state, seat, head=None):
    return sorted(action["street"] for action in GAME.legal(state, seat)
                  if head is None or action["head"] == head)


def build(state, seat, a, b, head=None):
    action = {"type": "street", "street": street(a, b), "head": a if head is None else head}
    assert GAME.check(state, seat, action) is None, GAME.check(state, seat, action)
    return GAME.apply(state, seat, action)


def refusal(state, seat, action):
    rejection = GAME.check(state, seat, action)
    assert rejection is not None
    return rejection.code


# -- the board ------------------------------------------------------------------------------------

def test_board_counts_match_the_transcription():
    data = load_json("bus/board.json")
    assert len(data["crossings"]) == 36
    assert len(data["streets"]) == 70
    assert len({tuple(sorted(pair)) for pair in data["streets"]}) == 70
    zones = Counter(zone for crossing in data["crossings"] for zone in crossing["lots"])
    assert zones == {1: 12, 2: 11, 3: 9, 4: 15}
    specials = Counter(crossing["special"] for crossing in data["crossings"])
    assert specials["station"] == 2 and specials["roundabout"] == 4


def test_board_sample_positions_lots_and_streets():
    data = load_json("bus/board.json")
    crossings = data["crossings"]
    sample = {0: (0, 0, [4], None), 7: (5, 1, [1, 3], None), 8: (7, 1, [], "station"),
              11: (4, 2, [1, 1], "roundabout"), 13: (1, 3, [2, 3], None), 20: (4, 4, [1, 1], "roundabout"),
              27: (2, 6, [], "station"), 29: (6, 6, [2, 3], None), 35: (7, 8, [4], None)}
    for cid, (x, y, lots, special) in sample.items():
        assert (crossings[cid]["x"], crossings[cid]["y"], crossings[cid]["lots"], crossings[cid]["special"]) \
            == (x, y, lots, special)
    streets = {tuple(pair) for pair in data["streets"]}
    for pair in [(0, 1), (0, 10), (8, 17), (10, 14), (14, 20), (19, 27), (24, 32), (27, 33), (34, 35)]:
        assert pair in streets
    for pair in [(0, 5), (14, 15), (11, 20), (27, 28)]:
        assert pair not in streets and pair[::-1] not in streets
    assert sorted(c for c in range(36) if crossings[c]["special"] == "roundabout") == [11, 14, 15, 20]


def test_network_tables():
    assert NET.points[8] == 2 and NET.points[27] == 2  # stations score two
    assert NET.points[11] == 2 and NET.points[5] == 1 and NET.points[6] == 2
    assert sum(len(streets) for streets in NET.adjacent) == 140
    assert NET.other_end(street(7, 12), 7) == 12
    assert get_game("lines") is GAME
    assert (GAME.name, GAME.title, GAME.rules_version, GAME.min_players, GAME.max_players) == \
        ("lines", "Line Expansion", "1", 2, 5)


# -- the examples of the rule text ---------------------------------------------------------------

def test_example_blue_at_a_may_only_take_the_one_open_road():
    # Blue reaches 12 from 7; Red runs through 12 along 8-12 and 12-15 with its heads elsewhere.
    blue, red = [6, 7, 12], [9, 8, 12, 15]
    state = position([blue, red])
    assert legal_streets(state, 0, head=12) == [street(12, 16)]
    assert refusal(state, 0, {"type": "street", "street": street(8, 12), "head": 12}) == "lines.parallel"
    assert refusal(state, 0, {"type": "street", "street": street(12, 15), "head": 12}) == "lines.parallel"
    assert refusal(state, 0, {"type": "street", "street": street(7, 12), "head": 12}) == "lines.own_street"


def test_example_blue_at_b_may_run_beside_a_head_until_yellow_builds_there():
    blue, yellow = [20, 15, 21], [8, 16, 21]
    state = position([blue, yellow])
    assert legal_streets(state, 0, head=21) == sorted([street(16, 21), street(21, 25), street(21, 29)])
    # If Yellow builds on first, its head leaves 21 and the chance is lost.
    state = position([blue, yellow], builder=1)
    build(state, 1, 21, 29)
    state.queue, state.remaining, state.spaces = [0], 1, {"A": 0}
    assert legal_streets(state, 0, head=21) == [street(21, 25)]
    assert refusal(state, 0, {"type": "street", "street": street(16, 21), "head": 21}) == "lines.parallel"


def test_beside_rule_with_two_lines_needs_both_heads_on_the_crossing():
    blue, yellow = [20, 15, 21], [8, 16, 21]
    both_end_here = position([blue, yellow, [12, 16, 21]])
    assert street(16, 21) in legal_streets(both_end_here, 0, head=21)
    one_passes_through = position([blue, yellow, [17, 16, 21, 29]])
    assert street(16, 21) not in legal_streets(one_passes_through, 0, head=21)


def test_beside_rule_needs_the_other_lines_end_street_not_just_its_head():
    # Yellow has a head at 16 (arriving from 21) but runs through 16 along 12-16 and 16-25.
    blue, yellow = [4, 8, 16], [12, 16, 25, 21, 16]
    state = position([blue, yellow])
    assert legal_streets(state, 0, head=16) == sorted([street(16, 17), street(16, 21)])
    for other in (12, 25):
        assert refusal(state, 0, {"type": "street", "street": street(16, other), "head": 16}) == "lines.parallel"


def test_example_red_at_c_takes_either_occupied_road_but_never_its_own():
    red, blue = [0, 1, 5], [14, 6, 5, 10, 18]
    state = position([red, blue])
    assert legal_streets(state, 0, head=5) == sorted([street(5, 6), street(5, 10)])
    assert refusal(state, 0, {"type": "street", "street": street(1, 5), "head": 5}) == "lines.own_street"


def test_example_red_at_d_must_go_up_and_not_beside_a_line_whose_end_is_elsewhere():
    red, yellow = [16, 21, 29], [28, 24, 29, 25, 35]
    state = position([red, yellow])
    assert legal_streets(state, 0, head=29) == [street(29, 34)]
    for other in (24, 25):
        action = {"type": "street", "street": street(29, other), "head": 29}
        assert refusal(state, 0, action) == "lines.parallel"
        assert "end is not there" in GAME.check(state, 0, action).message
    # Had Yellow's end been at 29, Red could have followed Yellow's end street.
    touching = position([red, [28, 24, 29]])
    assert street(24, 29) in legal_streets(touching, 0, head=29)


@pytest.mark.parametrize(("built_from", "closes_at", "other"), [(14, 20, 14), (20, 14, 20)])
def test_example_purple_closes_its_circle_at_either_crossing(built_from, closes_at, other):
    purple = [20, 15, 11, 14]  # heads 20 and 14; the street 14-20 closes the circle
    state = position([purple, [0, 1]], remaining=2)
    closing = street(14, 20)
    assert {a["head"] for a in GAME.legal(state, 0) if a["street"] == closing} == {14, 20}
    assert refusal(state, 0, {"type": "street", "street": closing}) == "lines.choose_head"
    events = build(state, 0, built_from, closes_at)
    assert {"type": "circle_closed", "seat": 0, "crossing": closes_at} in events
    assert heads(state.paths[0]) == [closes_at]
    assert GAME.view(state, 1)["lines"][0]["closed_at"] == closes_at
    # The next street must leave the closing crossing: set 2 at 20, set 1 at 14.
    expected = {20: [street(20, 23), street(20, 24)],
                14: [street(6, 14), street(10, 14), street(13, 14), street(14, 19)]}[closes_at]
    assert legal_streets(state, 0) == sorted(expected)
    away = next(s for s, _ in NET.adjacent[other] if s not in line_streets(NET, state.paths[0]))
    assert refusal(state, 0, {"type": "street", "street": away, "head": other}) == "lines.not_a_head"
    assert refusal(state, 0, {"type": "street", "street": away}) == "lines.not_at_head"
    build(state, 0, closes_at, NET.other_end(expected[0], closes_at))
    assert heads(state.paths[0]) == [closes_at, NET.other_end(expected[0], closes_at)]


# -- B1-B4 -----------------------------------------------------------------------------------------

def test_b1_either_head_and_through_visited_crossings():
    line = [1, 5, 6, 7, 2, 6]  # reaches 6 a second time: a trail, not a path
    state = position([line, [33, 27]], remaining=2)
    assert sorted({a["head"] for a in GAME.legal(state, 0)}) == [1, 6]
    build(state, 0, 1, 2)  # through 2 again, from the other head
    assert state.paths[0] == [2, 1, 5, 6, 7, 2, 6]
    assert street(2, 6) not in legal_streets(state, 0)


def test_b3_a_closed_circle_grows_from_the_closing_crossing_and_stays_a_trail():
    state = position([[0, 1, 5, 10], [33, 27]], remaining=3)
    build(state, 0, 10, 0)  # closes at 0 from 10
    assert heads(state.paths[0]) == [0]
    # Both streets at 0 are its own now: the line cannot grow and its streets are lost (B4).
    assert state.paths[0] == [0, 1, 5, 10, 0]
    assert state.lost[0] == 2
    assert state.phase == "choose"


def test_b4_streets_beyond_twenty_five_markers_are_lost():
    path = long_trail(25)  # 24 streets
    state = position([path, [33, 27]], remaining=3)
    moves = GAME.legal(state, 0)
    events = GAME.apply(state, 0, moves[0])
    assert {"type": "streets_lost", "seat": 0, "count": 2, "reason": "markers"} in events
    assert len(line_streets(NET, state.paths[0])) == 25
    assert GAME.view(state, 0)["lines"][0]["markers_left"] == 0
    assert not GAME.view(state, 0)["lines"][0]["can_build"]


def long_trail(crossings: int) -> list[int]:
    """A trail through ``crossings`` crossings found by depth-first search (deterministic)."""
    def search(path, used):
        if len(path) == crossings:
            return path
        for s, to in NET.adjacent[path[-1]]:
            if s not in used:
                found = search(path + [to], used | {s})
                if found:
                    return found
        return None
    return search([30], frozenset())


def test_b4_a_blocked_builder_loses_the_rest_and_cannot_take_an_expansion():
    closed = [0, 1, 5, 10, 0]
    state = position([closed, [33, 27]], phase="choose", spaces={}, queue=[0, 1])
    assert refusal(state, 0, {"type": "action_space", "space": "A"}) == "lines.cannot_build"
    assert {"type": "action_space", "space": "A"} not in GAME.legal(state, 0)
    assert {"type": "action_space", "space": "bus"} in GAME.legal(state, 0)


# -- B5 setup ----------------------------------------------------------------------------------------

def test_b5_first_streets_anywhere_then_second_streets_in_reverse_order():
    state = GAME.setup(3, seed=0)
    assert GAME.to_act(state) == [0]
    for seat, s in enumerate([street(7, 12), street(8, 12), street(7, 12)]):  # seat 2 shares 7-12
        assert GAME.to_act(state) == [seat]
        assert len(GAME.legal(state, seat)) == 70
        GAME.apply(state, seat, {"type": "street", "street": s})
    assert state.phase == "extend" and GAME.to_act(state) == [2]
    build(state, 2, 7, 6)
    assert GAME.to_act(state) == [1]
    build(state, 1, 12, 16)  # seat 1's head leaves 12: its street 8-12 no longer ends there
    assert GAME.to_act(state) == [0]
    assert refusal(state, 0, {"type": "street", "street": street(8, 12), "head": 12}) == "lines.parallel"
    assert refusal(state, 0, {"type": "street", "street": street(12, 16), "head": 12}) == "lines.parallel"
    assert sorted(legal_streets(state, 0, head=12)) == [street(12, 15)]
    events = build(state, 0, 12, 15)
    assert state.phase == "choose" and state.round == 1
    assert any(e["type"] == "round_started" and e["round"] == 1 for e in events)


# -- B6 rounds ---------------------------------------------------------------------------------------

def started(players: int) -> object:
    """A game just past its setup: seat s took street 2s and extended it by its first legal street."""
    state = GAME.setup(players, seed=0)
    for seat in range(players):
        GAME.apply(state, seat, {"type": "street", "street": 12 * seat})
    while state.phase == "extend":
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, GAME.legal(state, seat)[0])
    return state


def choose(state, seat, space):
    action = {"type": "pass"} if space == "pass" else {"type": "action_space", "space": space}
    assert GAME.to_act(state) == [seat]
    return GAME.apply(state, seat, action)


def test_b6_one_bus_each_means_only_space_a_builds_one_street():
    state = started(3)
    assert [space["space"] for space in GAME.view(state, None)["action_board"]] == ["A", "bus"]
    assert refusal(state, 0, {"type": "action_space", "space": "B"}) == "lines.space_builds_nothing"
    choose(state, 0, "A")
    assert refusal(state, 1, {"type": "action_space", "space": "A"}) == "lines.space_taken"
    events = choose(state, 1, "bus")
    assert {"type": "passed", "seat": 2, "forced": True} in events  # nothing left for seat 2
    assert {"type": "expansion_started", "seat": 0, "space": "A", "streets": 1} in events
    assert GAME.to_act(state) == [0]
    events = GAME.apply(state, 0, GAME.legal(state, 0)[0])
    assert {"type": "bus_bought", "seat": 1, "buses": 2} in events
    round_two = next(e for e in events if e["type"] == "round_started")
    assert round_two["start_player"] == 1 and round_two["largest_fleet"] == 2
    assert round_two["spaces"] == ["A", "B"]


def test_b6_expansions_resolve_in_reverse_order_and_a_builds_the_most():
    state = started(3)
    state.buses = [1, 3, 1]
    assert GAME.view(state, None)["action_board"][:3] == [
        {"space": "A", "streets": 3, "seat": None}, {"space": "B", "streets": 2, "seat": None},
        {"space": "C", "streets": 1, "seat": None}]
    choose(state, 0, "A")
    choose(state, 1, "C")
    events = choose(state, 2, "B")
    assert GAME.to_act(state) == [1] and state.remaining == 1  # C first
    events = GAME.apply(state, 1, GAME.legal(state, 1)[0])
    assert {"type": "expansion_started", "seat": 2, "space": "B", "streets": 2} in events
    for _ in range(2):
        GAME.apply(state, 2, GAME.legal(state, 2)[0])
    assert GAME.to_act(state) == [0] and state.remaining == 3  # A last
    before = len(state.paths[0])
    for _ in range(3):
        events = GAME.apply(state, 0, GAME.legal(state, 0)[0])
    assert len(state.paths[0]) == before + 3
    assert state.round == 2 and GAME.to_act(state) == [1]


def test_b6_five_players_build_one_street_more():
    state = started(5)
    board = GAME.view(state, None)["action_board"]
    assert board[:2] == [{"space": "A", "streets": 2, "seat": None}, {"space": "B", "streets": 1, "seat": None}]
    state.buses = [5, 1, 1, 1, 1]
    assert [entry["streets"] for entry in GAME.view(state, None)["action_board"][:5]] == [6, 5, 4, 3, 2]


def test_b6_buy_a_bus_stops_at_five():
    state = started(2)
    state.buses = [5, 1]
    assert {"type": "action_space", "space": "bus"} not in GAME.legal(state, 0)
    assert refusal(state, 0, {"type": "action_space", "space": "bus"}) == "lines.bus_limit"


def test_b6_a_seat_with_nothing_to_choose_passes_by_itself():
    state = position([[0, 1, 5, 10, 0], [33, 27]], phase="choose", spaces={}, queue=[1, 0],
                     buses=[5, 1], round_=2)
    events = choose(state, 1, "A")
    assert {"type": "passed", "seat": 0, "forced": True} in events
    assert GAME.to_act(state) == [1] and state.phase == "build"


# -- B7 end and scoring ----------------------------------------------------------------------------

def test_b7_everyone_passing_ends_the_game():
    state = started(2)
    choose(state, 0, "pass")
    events = choose(state, 1, "pass")
    over = events[-1]
    assert over["type"] == "game_over" and over["reason"] == "passed"
    assert GAME.to_act(state) == [] and GAME.legal(state, 0) == []
    assert refusal(state, 0, {"type": "pass"}) == "lines.game_over"
    outcome = GAME.outcome(state)
    assert outcome["scores"] == over["scores"]
    assert outcome["scores"] == [sum(NET.points[c] for c in set(path)) for path in state.paths]


def test_b7_the_game_ends_when_nobody_can_build():
    state = position([[0, 1, 5, 10], [4, 8, 9, 4]], remaining=2)  # seat 1 is closed in at 4
    assert not GAME.view(state, None)["lines"][1]["can_build"]
    events = build(state, 0, 10, 0)  # seat 0 closes itself in at 0
    assert [e["type"] for e in events] == ["street_built", "circle_closed", "streets_lost", "bus_bought"][:3] + \
        ["game_over"]
    assert state.phase == "over" and GAME.outcome(state)["reason"] == "blocked"


def test_b7_scoring_counts_lots_and_stations_once_per_crossing():
    # 7 (two lots), 8 (station: 2), 12 (two lots), back through 7 counts nothing more.
    line = [3, 7, 8, 12, 7]
    state = position([line, [26, 30]], remaining=1)
    view = GAME.view(state, None)
    assert view["lines"][0]["score"] == 1 + 2 + 2 + 2
    assert view["lines"][1]["score"] == 1 + 1


def test_b7_ties_share_the_win():
    state = started(2)
    state.paths = [[0, 1], [2, 3]]  # 1 + 1 each
    choose(state, 0, "pass")
    choose(state, 1, "pass")
    assert GAME.outcome(state)["winners"] == [0, 1] and GAME.outcome(state)["shared"]


def test_final_event_lists_each_seats_scoring_crossings():
    state = started(2)
    choose(state, 0, "pass")
    over = choose(state, 1, "pass")[-1]
    for seat, crossings in enumerate(over["crossings"]):
        assert sum(entry["points"] for entry in crossings) == over["scores"][seat]
        assert {entry["crossing"] for entry in crossings} <= set(state.paths[seat])


# -- malformed intents ------------------------------------------------------------------------------

@pytest.mark.parametrize(("action", "code"), [
    (None, "lines.malformed"), ("street", "lines.malformed"), ({"street": 3}, "lines.malformed"),
    ({"type": 5}, "lines.malformed"), ({"type": "pass"}, "lines.wrong_action"),
    ({"type": "street"}, "lines.no_such_street"), ({"type": "street", "street": "3"}, "lines.no_such_street"),
    ({"type": "street", "street": True}, "lines.no_such_street"),
    ({"type": "street", "street": 70}, "lines.no_such_street"),
    ({"type": "street", "street": -1}, "lines.no_such_street"),
    ({"type": "street", "street": 0, "head": 7}, "lines.not_at_head"),
    ({"type": "street", "street": 0, "head": [0]}, "lines.not_at_head"),
])
def test_malformed_first_streets_are_refused(action, code):
    state = GAME.setup(2, seed=0)
    assert refusal(state, 0, action) == code
    with pytest.raises(RuleViolation):
        GAME.apply(state, 0, action)


@pytest.mark.parametrize(("action", "code"), [
    ({"type": "street", "street": 17, "head": "12"}, "lines.not_a_head"),
    ({"type": "street", "street": 17, "head": 1.5}, "lines.not_a_head"),
    ({"type": "street", "street": 0, "head": 12}, "lines.not_at_head"),
    ({"type": "action_space", "space": "A"}, "lines.wrong_action"),
    ({"type": "pass"}, "lines.wrong_action"),  # an expansion's streets must all be built: no stopping early
])
def test_malformed_extensions_are_refused(action, code):
    state = position([[6, 7, 12], [33, 27]])
    assert refusal(state, 0, action) == code


@pytest.mark.parametrize(("action", "code"), [
    ({"type": "action_space"}, "lines.no_such_space"), ({"type": "action_space", "space": "F"}, "lines.no_such_space"),
    ({"type": "action_space", "space": ["A"]}, "lines.no_such_space"),
    ({"type": "action_space", "space": "C"}, "lines.no_such_space"),
    ({"type": "street", "street": 1, "head": 0}, "lines.wrong_action"),
])
def test_malformed_choices_are_refused(action, code):
    state = started(2)
    assert refusal(state, 0, action) == code


def test_not_your_turn_and_odd_seats():
    state = started(2)
    for seat in (1, -1, 2, True, False, 0.0, "0", None):
        assert refusal(state, seat, {"type": "pass"}) == "lines.not_your_turn"


def test_the_seed_changes_nothing_and_every_seat_sees_the_same():
    assert GAME.snapshot(GAME.setup(3, seed=1)) == GAME.snapshot(GAME.setup(3, seed=99))
    state = started(3)
    spectator = GAME.view(state, None)
    for seat in range(3):
        assert {**GAME.view(state, seat), "seat": None} == spectator


# -- views, events, snapshots ----------------------------------------------------------------------

def plain(value) -> bool:
    """msgpack-safe with string keys and no tuples."""
    if isinstance(value, dict):
        return all(isinstance(k, str) and plain(v) for k, v in value.items())
    if isinstance(value, list):
        return all(plain(v) for v in value)
    return value is None or isinstance(value, bool | int | str | float)


def random_game(players: int, seed: int, stop: int | None = None):
    """Random legal play; yields (state, seat, action, events) and checks the invariants at each step."""
    rng = Rng(seed)
    state = GAME.setup(players, seed)
    steps = 0
    while GAME.outcome(state) is None and (stop is None or steps < stop):
        seat = GAME.to_act(state)[0]
        actions = GAME.legal(state, seat)
        action = rng.choice(actions)
        events = GAME.apply(state, seat, action)
        steps += 1
        yield state, seat, action, events


def played(players: int, seed: int, stop: int):
    """The state after ``stop`` random legal actions (or at the end, if sooner)."""
    state = GAME.setup(players, seed)
    for state, *_ in random_game(players, seed, stop):  # noqa: B007 - the last state is the answer
        pass
    return state


def assert_lines_are_trails(state):
    """Each line: consecutive crossings joined by streets, no street twice (a bus runs every street
    once from head to head), at most 25 markers, two heads or one after a circle closed."""
    for path in state.paths:
        streets = line_streets(NET, path)  # raises if two consecutive crossings share no street
        assert len(streets) == len(set(streets)) <= 25
        assert len(heads(path)) == (0 if not path else 1 if path[0] == path[-1] else 2)


@given(st.integers(2, 5), st.integers(0, 2**32))
def test_random_play_keeps_every_line_a_trail_and_every_message_plain(players, seed):
    for state, _seat, action, events in random_game(players, seed):
        assert_lines_are_trails(state)
        assert plain(action) and plain(events) and all("type" in e for e in events)
    assert GAME.outcome(state) is not None
    assert plain(GAME.view(state, 0)) and plain(GAME.view(state, None))
    msgpack.packb(GAME.view(state, None))


@given(st.integers(2, 5), st.integers(0, 2**32), st.integers(0, 120))
def test_snapshot_restore_and_view_rebuild_continue_identically(players, seed, stop):
    state = played(players, seed, stop)
    copy_a = GAME.restore(msgpack.unpackb(msgpack.packb(GAME.snapshot(state))))
    copy_b = GAME.state_from_view(GAME.view(state, 1))
    assert GAME.snapshot(copy_a) == GAME.snapshot(state) == GAME.snapshot(copy_b)
    rng = Rng(seed + 1)
    while GAME.outcome(state) is None:
        seat = GAME.to_act(state)[0]
        action = rng.choice(GAME.legal(state, seat))
        assert GAME.apply(state, seat, action) == GAME.apply(copy_a, seat, action)
        assert GAME.view(state, seat) == GAME.view(copy_a, seat)


@given(st.integers(2, 4), st.integers(0, 2**32), st.integers(1, 60))
def test_legal_lists_exactly_what_check_accepts(players, seed, stop):
    state = played(players, seed, stop)
    if GAME.outcome(state) is not None:
        return
    seat = GAME.to_act(state)[0]
    legal = GAME.legal(state, seat)
    candidates = [{"type": "pass"}] + [{"type": "action_space", "space": s} for s in [*"ABCDE", "bus"]]
    for s in range(NET.streets):
        candidates.append({"type": "street", "street": s})
        candidates += [{"type": "street", "street": s, "head": h} for h in NET.ends[s]]
    accepted = [a for a in candidates if GAME.check(state, seat, a) is None]
    if state.phase in ("extend", "build"):
        accepted = [a for a in accepted if a["type"] != "street" or "head" in a]
    if state.phase == "place":
        accepted = [a for a in accepted if "head" not in a]
    assert sorted(map(repr, accepted)) == sorted(map(repr, legal))
    for other in range(players):
        if other != seat:
            assert GAME.legal(state, other) == []


@given(st.integers(0, 2**32), st.sampled_from(["players", "phase", "round", "start_player", "paths", "buses",
                                               "spaces", "passed", "queue", "remaining", "lost", "ended"]),
       st.one_of(st.none(), st.integers(-3, 40), st.text(max_size=3), st.lists(st.integers(-1, 40), max_size=4),
                 st.dictionaries(st.text(max_size=2), st.integers(-1, 6), max_size=2),
                 st.lists(st.lists(st.integers(-1, 36), max_size=4), max_size=5)))
def test_corrupt_snapshots_raise_snapshot_error_only(seed, key, value):
    state = played(3, seed, Rng(seed).below(60))
    data = GAME.snapshot(state)
    data[key] = value
    try:
        restored = GAME.restore(data)
    except SnapshotError:
        return
    # Accepted: then it must be a playable state.
    if GAME.outcome(restored) is None:
        assert GAME.legal(restored, GAME.to_act(restored)[0])


ANYTHING = st.one_of(st.none(), st.booleans(), st.integers(-5, 80), st.text(max_size=4), st.floats(),
                     st.lists(st.integers(0, 40), max_size=3), st.dictionaries(st.text(max_size=2), st.integers()))


@given(st.integers(2, 4), st.integers(0, 2**32), st.integers(0, 80),
       st.dictionaries(st.sampled_from(["type", "street", "head", "space"]), ANYTHING),
       st.sampled_from(["street", "action_space", "pass", None]))
def test_check_never_raises_and_apply_follows_check(players, seed, stop, action, kind):
    state = played(players, seed, stop)
    if kind is not None:
        action = {**action, "type": kind}
    for seat in (*range(players), None, -1, "x"):
        verdict = GAME.check(state, seat, action)
        if verdict is None:
            GAME.apply(state, seat, action)
            break
        assert verdict.code.startswith("lines.") and verdict.message
        with pytest.raises(RuleViolation):
            GAME.apply(state, seat, action)


@pytest.mark.parametrize("data", [None, [], {"format": "lines-state"}, {"format": "other", "version": 1},
                                  {"format": "lines-state", "version": 2}])
def test_foreign_snapshots_are_refused(data):
    with pytest.raises(SnapshotError):
        GAME.restore(data)


def test_restore_refuses_a_line_that_is_not_a_trail():
    data = GAME.snapshot(position([[6, 7, 12], [33, 27]]))
    for bad in ([6, 7, 6], [6, 12], [6], [6, 7, 12, 7]):
        data["paths"][0] = bad
        with pytest.raises(SnapshotError):
            GAME.restore(data)


def test_match_plays_and_saves_a_game():
    match = Match("lines", [SeatInfo("a"), SeatInfo("b")], seed=4)
    rng = Rng(4)
    while not match.finished:
        seat = match.to_act()[0]
        assert match.submit(seat, rng.choice(GAME.legal(match.state, seat))).ok
    loaded = Match.load(match.save())
    assert loaded.outcome() == match.outcome()
    assert GAME.secrets(match.state) == {}
