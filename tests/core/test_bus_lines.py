"""Line Expansion inside Bus: every example of the rule text (bus-line-expansion.md) and rulings B1-B4,
played as Bus plays them — a Line Expansion marker resolving on the real network."""

from __future__ import annotations

import pytest

from game.core.bus import GAME
from game.core.bus.streets import heads, line_streets
from tests.core.bus_helpers import NET, after_setup, resolve

REMOTE = ([26, 30], [31, 33], [34, 35])  # lines far from every example, for the seats it leaves free


def street(a: int, b: int) -> int:
    found = NET.street_between(a, b)
    assert found is not None, f"no street {a}-{b}"
    return found


def position(paths: list[list[int]], builder: int = 0, remaining: int = 1):
    """Four players; seats 0.. hold ``paths``, the others remote lines; ``builder`` resolves Line
    Expansion A with ``remaining`` streets to build."""
    state = after_setup(4, 0)
    for seat in range(4):
        state.paths[seat] = list(paths[seat]) if seat < len(paths) else list(REMOTE[seat - len(paths)])
    resolve(state, {"line": [builder]})
    assert state.phase == "line" and GAME.to_act(state) == [builder]
    state.remaining = remaining
    return state


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


def test_example_blue_at_a_may_only_take_the_one_open_road():
    blue, red = [6, 7, 12], [9, 8, 12, 15]  # Red runs through 12 with its ends elsewhere
    state = position([blue, red])
    assert legal_streets(state, 0, head=12) == [street(12, 16)]
    assert refusal(state, 0, {"type": "street", "street": street(8, 12), "head": 12}) == "bus.parallel"
    assert refusal(state, 0, {"type": "street", "street": street(12, 15), "head": 12}) == "bus.parallel"
    assert refusal(state, 0, {"type": "street", "street": street(7, 12), "head": 12}) == "bus.own_street"


def test_example_blue_at_b_may_run_beside_a_head_until_yellow_builds_there():
    blue, yellow = [20, 15, 21], [8, 16, 21]
    state = position([blue, yellow])
    assert legal_streets(state, 0, head=21) == sorted([street(16, 21), street(21, 25), street(21, 29)])
    state = position([blue, yellow], builder=1)  # Yellow builds first: its end leaves 21
    build(state, 1, 21, 29)
    state = position([blue, state.paths[1]])  # then Blue's marker resolves
    assert legal_streets(state, 0, head=21) == [street(21, 25)]
    assert refusal(state, 0, {"type": "street", "street": street(16, 21), "head": 21}) == "bus.parallel"


def test_beside_rule_with_two_lines_needs_both_ends_on_the_crossing():
    blue, yellow = [20, 15, 21], [8, 16, 21]
    assert street(16, 21) in legal_streets(position([blue, yellow, [12, 16, 21]]), 0, head=21)
    assert street(16, 21) not in legal_streets(position([blue, yellow, [17, 16, 21, 29]]), 0, head=21)


def test_beside_rule_counts_a_head_on_the_crossing_even_where_the_line_passes_through():
    """B2 (2): "every one of them must have a head on this crossing" — a line that runs along the
    street through the crossing and has its other end there too has a head on it."""
    red, yellow = [2, 3, 8], [15, 12, 8]  # Yellow's end street at 8 is 8-12
    green = [8, 9, 4, 8, 12, 16]  # Green runs along 8-12 through 8 and has a head at 8
    assert street(8, 12) in legal_streets(position([red, yellow, green]), 0, head=8)
    # Green alone on 8-12: it is no end street of anybody's at 8, so empty streets must come first
    state = position([red, [15, 12, 16], green])
    assert street(8, 12) not in legal_streets(state, 0, head=8)
    assert refusal(state, 0, {"type": "street", "street": street(8, 12), "head": 8}) == "bus.parallel"


@pytest.mark.parametrize("green", [[8, 9, 4, 8, 12, 16], [8, 4, 9, 8, 12, 16]])
def test_beside_rule_reads_either_circle_street_as_the_end_of_a_line_that_grew_on_from_its_circle(green):
    """B2 (2) for a line that closed a circle at 8 and grew on to 16: it ends at 8 along 8-9 as well as
    along 4-8 (a bus may start round the circle either way), whichever way round it was laid. Beside
    Green's end at 8 Red may take either circle street, never the street Green runs on along (8-12)."""
    red = [2, 3, 8]
    state = position([red, [26, 30], green])
    allowed = legal_streets(state, 0, head=8)
    assert street(8, 9) in allowed and street(4, 8) in allowed
    assert street(8, 12) not in allowed


def test_example_red_at_c_takes_either_occupied_road_but_never_its_own():
    red, blue = [0, 1, 5], [14, 6, 5, 10, 18]
    state = position([red, blue])
    assert legal_streets(state, 0, head=5) == sorted([street(5, 6), street(5, 10)])
    assert refusal(state, 0, {"type": "street", "street": street(1, 5), "head": 5}) == "bus.own_street"


def test_example_red_at_d_must_go_up_and_not_beside_a_line_whose_end_is_elsewhere():
    red, yellow = [16, 21, 29], [28, 24, 29, 25, 35]
    state = position([red, yellow])
    assert legal_streets(state, 0, head=29) == [street(29, 34)]
    for other in (24, 25):
        assert refusal(state, 0, {"type": "street", "street": street(29, other), "head": 29}) == "bus.parallel"
    assert street(24, 29) in legal_streets(position([red, [28, 24, 29]]), 0, head=29)


@pytest.mark.parametrize(("built_from", "closes_at"), [(14, 20), (20, 14)])
def test_example_purple_closes_its_circle_at_either_crossing(built_from, closes_at):
    purple = [20, 15, 11, 14]  # ends 20 and 14; the street 14-20 closes the circle
    state = position([purple], remaining=2)
    closing = street(14, 20)
    assert {a["head"] for a in GAME.legal(state, 0) if a["street"] == closing} == {14, 20}
    assert refusal(state, 0, {"type": "street", "street": closing}) == "bus.choose_head"
    events = build(state, 0, built_from, closes_at)
    assert {"type": "circle_closed", "seat": 0, "crossing": closes_at} in events
    assert heads(state.paths[0]) == [closes_at]
    assert GAME.view(state, 1)["lines"][0]["closed_at"] == closes_at
    expected = {20: [street(20, 23), street(20, 24)],
                14: [street(6, 14), street(10, 14), street(13, 14), street(14, 19)]}[closes_at]
    assert legal_streets(state, 0) == sorted(expected)


def test_a_street_joining_both_heads_that_only_one_end_may_take_needs_no_head():
    purple, other = [20, 15, 11, 14], [19, 14, 20]  # the other line ends at 20 along 14-20
    state = position([purple, other])
    closing = {"type": "street", "street": street(14, 20)}
    assert {a["head"] for a in GAME.legal(state, 0) if a["street"] == street(14, 20)} == {20}
    assert refusal(state, 0, {**closing, "head": 14}) == "bus.parallel"  # empty streets leave 14
    events = GAME.apply(state, 0, closing)
    assert {"type": "circle_closed", "seat": 0, "crossing": 14} in events and heads(state.paths[0]) == [14]


def test_b1_either_end_and_through_visited_crossings():
    state = position([[1, 5, 6, 7, 2, 6]], remaining=2)
    assert sorted({a["head"] for a in GAME.legal(state, 0)}) == [1, 6]
    build(state, 0, 1, 2)
    assert state.paths[0] == [2, 1, 5, 6, 7, 2, 6]
    assert street(2, 6) not in legal_streets(state, 0)


def test_b3_b4_a_closed_circle_with_no_street_left_loses_the_rest():
    state = position([[0, 1, 5, 10]], remaining=3)
    events = build(state, 0, 10, 0)
    assert heads(state.paths[0]) == [0] and state.lost[0] == 2
    assert {"type": "streets_lost", "seat": 0, "count": 2, "reason": "blocked"} in events


def test_b4_streets_beyond_twenty_five_line_markers_are_lost():
    def search(path, used):
        if len(path) == 25:
            return path
        for s, to in NET.adjacent[path[-1]]:
            if s not in used:
                found = search(path + [to], used | {s})
                if found:
                    return found
        return None
    long_line = search([30], frozenset())  # 24 streets
    state = position([long_line], remaining=3)
    events = GAME.apply(state, 0, GAME.legal(state, 0)[0])
    assert {"type": "streets_lost", "seat": 0, "count": 2, "reason": "markers"} in events
    assert len(line_streets(NET, state.paths[0])) == 25
    assert GAME.view(state, 0)["lines"][0]["line_markers_left"] == 0
