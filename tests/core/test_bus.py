"""Bus's rules, one test per rule and per worked example of bus.md (rulings U1-U5).

Line Expansion's own rules (B1-B4, the examples of its rule text) are tested on the
same street code (game.core.bus.streets) in test_bus_lines.py; here they are tested as Bus plays them.
"""

from __future__ import annotations

import pytest

from game.core.bus import GAME, rounds
from game.core.bus.data import game_data, rules_for
from game.core.bus.state import SNAPSHOT_FORMAT
from game.core.contract import RuleViolation, SnapshotError
from game.core.registry import available_games, get_game
from tests.core.bus_helpers import NET, act, after_setup, lots_at, place, refused, resolve, set_line

# -- data ---------------------------------------------------------------------------------------------


def test_the_board_holds_what_the_whole_game_needs():
    assert NET.crossings == 36 and NET.streets == 70 and NET.lots == 47
    assert [c for c in range(NET.crossings) if NET.start_passengers[c]] == [11, 14, 15, 20]
    assert all(NET.specials[c] == "roundabout" for c in (11, 14, 15, 20))
    assert NET.stations == (8, 27) and not lots_at(8) and not lots_at(27)
    assert [NET.lot_zone.count(zone) for zone in (1, 2, 3, 4)] == [12, 11, 9, 15]
    assert NET.zone_letters == {1: "A", 2: "B", 3: "C", 4: "D"}
    assert [NET.lot_zone[lot] for lot in lots_at(11)] == [1, 1]  # roundabouts hold two zone-1 lots


# The street network as the reference transcribes it (bus-board.md): every street, and per crossing its
# building lots by zone ("S" a train station, "R" a Central Park roundabout with its start passenger).
REFERENCE_STREETS = """0-1 0-10 1-2 1-5 2-3 2-6 2-7 3-7 3-8 4-8 4-9 5-6 5-10 6-7 6-14 7-8 7-11 7-12 8-9 8-12 8-16
8-17 9-17 10-14 10-18 11-14 11-15 12-15 12-16 13-14 13-18 13-19 14-19 14-20 15-20 15-21 15-24 16-17 16-21
16-25 18-19 18-22 19-22 19-23 19-27 20-23 20-24 21-25 21-29 22-26 22-27 23-27 23-28 24-28 24-29 24-32
25-29 25-35 26-27 26-30 27-30 27-31 27-33 28-31 28-32 29-34 31-33 32-34 32-35 34-35"""
REFERENCE_CROSSINGS = ("4 4 4 4 4 2 23 13 S 2 4 11R 13 23 11R 11R 23 4 4 13 11R 2 23 13 2 4 4 S 2 23 2 4 4 4 4 4")


def test_the_city_is_the_reference_street_network_lot_by_lot():
    """Every street, every crossing's lots and zones, both stations and the four start passengers, as
    the reference gives them: a street or a lot moved in the data changes the game."""
    streets = {tuple(map(int, pair.split("-"))) for pair in REFERENCE_STREETS.split()}
    assert len(streets) == 70 and {tuple(sorted(ends)) for ends in NET.ends} == streets
    for crossing, entry in enumerate(REFERENCE_CROSSINGS.split()):
        zones = [int(zone) for zone in entry.rstrip("SR")]
        assert [NET.lot_zone[lot] for lot in lots_at(crossing)] == zones, crossing
        special = {"S": "station", "R": "roundabout"}.get(entry[-1])
        assert NET.specials[crossing] == special, crossing
        assert NET.start_passengers[crossing] == (1 if special == "roundabout" else 0), crossing


def test_the_action_area_has_seven_actions_in_resolving_order_and_27_spaces():
    rules = rules_for(4)
    assert rules.action_ids == ("line", "buses", "passengers", "buildings", "clock", "vrooom", "start")
    assert [rules.action(a).spaces for a in rules.action_ids] == [6, 1, 6, 6, 1, 6, 1]
    assert sum(spec.spaces for spec in rules.actions) == 27
    assert [a for a in rules.action_ids if rules.action(a).last_placed_first] == ["line", "buildings"]
    assert rules.action("line").a_side == "right" and rules.action("vrooom").a_side == "left"
    assert rules.clock == ("house", "office", "pub") and rules.clock[rules.clock_start] == "house"


@pytest.mark.parametrize(("players", "edition", "stones", "cap"), [
    (3, "current", 4, 5), (4, "current", 5, 5), (5, "current", 5, 5),
    (3, "1999", 3, None), (4, "1999", 4, None), (5, "1999", 5, None)])
def test_time_stones_and_bus_cap_follow_the_edition(players, edition, stones, cap):
    rules = rules_for(players, {"edition": edition})
    assert (rules.time_stones, rules.bus_cap, rules.line_markers, rules.action_markers) == (stones, cap, 25, 20)
    state = GAME.setup(players, 1, {"edition": edition})
    assert state.stones_left == stones


def test_options_are_checked():
    assert GAME.default_options() == {"edition": "current", "five_player_bonus": "line_expansion"}
    for bad in ({"edition": "2020"}, {"five_player_bonus": "some"}, {"speed": 1}):
        with pytest.raises(ValueError):
            GAME.setup(4, 1, bad)
    for players in (2, 6):
        with pytest.raises(ValueError):
            GAME.setup(players, 1)


def test_bus_is_registered_and_offered_and_line_expansion_alone_is_not():
    assert get_game("bus") is GAME and GAME.min_players == 3 and GAME.max_players == 5
    assert "bus" in available_games() and "lines" not in available_games()
    assert game_data()["format"] == "bus-game"


# -- setup (§4) -----------------------------------------------------------------------------------------

def test_setup_puts_passengers_on_the_roundabouts_and_the_clock_on_house():
    state = GAME.setup(4, 7)
    assert [state.passengers[c] for c in (11, 14, 15, 20)] == [1, 1, 1, 1]
    assert sum(state.passengers) == 4 and state.supply == 11
    assert state.clock == 0 and GAME.view(state, None)["wants"] == "house"
    assert state.buses == [1] * 4 and state.markers == [20] * 4 and state.score == [0] * 4


def test_the_start_player_is_drawn_from_the_seed():
    starts = {GAME.setup(4, seed).start_player for seed in range(12)}
    assert len(starts) > 1
    assert GAME.setup(4, 5).start_player == GAME.setup(4, 5).start_player


def test_first_buildings_two_each_on_zone_one_from_the_start_player_clockwise():
    state = GAME.setup(3, 2)
    start = state.start_player
    order = []
    zone_two = next(lot for lot in range(NET.lots) if NET.lot_zone[lot] == 2)
    assert refused(state, {"type": "building", "lot": zone_two, "kind": "pub"}) == "bus.wrong_zone"
    refusal = GAME.check(state, start, {"type": "building", "lot": zone_two, "kind": "pub"})
    assert "first buildings go on zone-1 lots" in refusal.message and refusal.params["zone"] == 1
    lots = [*lots_at(11), *[lot for lot in range(NET.lots) if NET.lot_zone[lot] == 1 and lot not in lots_at(11)]]
    kinds = ["house", "house", "office", "pub", "pub", "office"]
    for lot, kind in zip(lots, kinds, strict=False):  # two on one crossing and two of a type are fine
        order.append(GAME.to_act(state)[0])
        act(state, {"type": "building", "lot": lot, "kind": kind})
    assert order == [start, start, (start + 1) % 3, (start + 1) % 3, (start + 2) % 3, (start + 2) % 3]
    assert state.phase == "setup_streets"
    assert [state.buildings[lot] for lot in lots[:6]] == kinds


def test_first_lines_clockwise_then_back_and_the_start_player_places_last():
    state = GAME.setup(4, 0)
    while state.phase == "setup_buildings":
        act(state, GAME.legal(state, GAME.to_act(state)[0])[0])
    start = state.start_player
    clockwise = [(start + step) % 4 for step in range(4)]
    firsts = []
    for _ in range(4):  # every one on the same street: occupied streets are fine for the first (C4)
        firsts.append(GAME.to_act(state)[0])
        act(state, {"type": "street", "street": 26})
    assert firsts == clockwise and state.phase == "setup_extend"
    seconds = []
    while state.phase == "setup_extend":
        seat = GAME.to_act(state)[0]
        seconds.append(seat)
        act(state, GAME.legal(state, seat)[0])
    assert seconds == clockwise[::-1]  # the last of the first pass places both back to back
    assert firsts[-1] == seconds[0] and seconds[-1] == start
    assert all(len(path) == 3 for path in state.paths)
    assert state.phase == "choose" and GAME.to_act(state) == [start]


def test_the_second_street_follows_the_expansion_rules():
    state = GAME.setup(3, 0)
    while state.phase == "setup_buildings":
        act(state, GAME.legal(state, GAME.to_act(state)[0])[0])
    act(state, {"type": "street", "street": 26})  # 11-15
    act(state, {"type": "street", "street": 27})  # 12-15
    act(state, {"type": "street", "street": 25})  # 11-14
    seat = GAME.to_act(state)[0]
    assert state.paths[seat] == [11, 14]
    # 12-15 does not leave an end of 11-14; 11-14 is the seat's own street (B1).
    assert refused(state, {"type": "street", "street": 27}) == "bus.not_at_head"
    assert refused(state, {"type": "street", "street": 25}) == "bus.own_street"


# -- choosing (§5.1) ----------------------------------------------------------------------------------

def test_markers_fill_the_spaces_in_order_and_single_spaces_take_one():
    state = after_setup(3, 0)
    first = GAME.to_act(state)[0]
    events = act(state, {"type": "choose", "action": "vrooom"})
    assert events[0]["letter"] == "A" and state.spaces["vrooom"] == [first]
    second = GAME.to_act(state)[0]
    assert second == (first + 1) % 3
    act(state, {"type": "choose", "action": "vrooom"})
    assert state.spaces["vrooom"] == [first, second]
    act(state, {"type": "choose", "action": "clock"})
    assert refused(state, {"type": "choose", "action": "clock"}) == "bus.action_taken"
    assert refused(state, {"type": "choose", "action": "teleport"}) == "bus.no_such_action"


def test_a_player_may_pass_only_after_two_markers_and_passing_is_final():
    state = after_setup(3, 0)
    seat = GAME.to_act(state)[0]
    assert refused(state, {"type": "pass"}) == "bus.must_place"
    for _ in range(3):  # once round the table: one marker is not enough to pass
        act(state, {"type": "choose", "action": "line"})
    assert GAME.to_act(state) == [seat] and state.placed[seat] == 1
    assert refused(state, {"type": "pass"}) == "bus.must_place"
    assert {"type": "pass"} not in GAME.legal(state, seat)
    for _ in range(3):  # twice round the table: everyone has two markers
        act(state, {"type": "choose", "action": "line"})
    assert GAME.to_act(state) == [seat]
    act(state, {"type": "pass"})
    assert state.passed[seat] and seat not in state.queue
    act(state, {"type": "choose", "action": "buildings"})  # the next seat goes on; the passer is skipped
    assert GAME.to_act(state)[0] != seat
    assert state.markers[seat] == 18


def test_the_same_action_more_than_once_and_an_action_full_after_six():
    state = after_setup(3, 0)
    for _ in range(6):
        act(state, {"type": "choose", "action": "vrooom"})
    assert len(state.spaces["vrooom"]) == 6
    assert refused(state, {"type": "choose", "action": "vrooom"}) == "bus.action_full"


def test_a_player_without_markers_passes_by_force_and_one_with_one_places_it_then_passes():
    state = after_setup(3, 0)
    start = GAME.to_act(state)[0]
    left, right = (start + 1) % 3, (start + 2) % 3
    state.markers[left] = 0
    state.markers[right] = 1
    events = act(state, {"type": "choose", "action": "line"})
    assert {"type": "passed", "seat": left, "forced": True, "reason": "no_markers", "markers_left": 0} in events
    assert GAME.to_act(state) == [right]
    assert refused(state, {"type": "pass"}) == "bus.must_place"  # its one marker must go on the board
    events = act(state, {"type": "choose", "action": "vrooom"})
    assert state.markers[right] == 0
    assert GAME.to_act(state) == [start]
    events = act(state, {"type": "choose", "action": "passengers"})
    assert any(e["type"] == "passed" and e["seat"] == right and e["forced"] for e in events)
    assert GAME.to_act(state) == [start]


def test_the_view_says_what_each_space_would_yield():
    state = after_setup(4, 0)
    state.buses = [3, 1, 1, 1]
    board = {entry["action"]: entry for entry in GAME.view(state, 0)["action_board"]}
    assert [space["yields"] for space in board["line"]["spaces"]] == [3, 2, 1, 0, 0, 0]
    assert [space["letter"] for space in board["passengers"]["spaces"]] == list("ABCDEF")
    assert board["clock"]["spaces"] == [{"index": 0, "letter": None, "seat": None, "yields": None, "short_of": None}]
    assert [entry["action"] for entry in GAME.view(state, 0)["action_board"]] == list(board)


def test_the_view_says_a_space_yields_nothing_when_the_supply_or_the_lots_run_out():
    """U4: "the game shows that it yields nothing" — also where the passenger supply (shared out from A
    on) or the free lots (last-placed marker first) leave a space nothing, not only too few buses."""
    state = after_setup(4, 0)
    state.buses = [3, 1, 1, 1]
    state.passengers[8] += state.supply - 2
    state.supply = 2
    free = [lot for lot in range(NET.lots) if state.buildings[lot] is None]
    for lot in free[1:]:
        state.buildings[lot] = "house"  # one free lot left

    def yields(action):
        board = {entry["action"]: entry for entry in GAME.view(state, 0)["action_board"]}
        return [space["yields"] for space in board[action]["spaces"]]

    assert yields("passengers") == [2, 0, 0, 0, 0, 0]  # A takes both, B would find none
    board = {entry["action"]: entry for entry in GAME.view(state, 0)["action_board"]}
    assert [space["short_of"] for space in board["passengers"]["spaces"]][:4] == [None, "supply", "supply", "buses"]
    assert [space["short_of"] for space in board["buildings"]["spaces"]][2:4] == [None, "buses"]
    assert board["clock"]["spaces"][0]["short_of"] is None
    assert yields("line") == [3, 2, 1, 0, 0, 0]
    assert yields("buildings") == [1, 1, 1, 0, 0, 0]
    events = act(state, {"type": "choose", "action": "buildings"})
    assert events[0]["yields"] == 1
    events = act(state, {"type": "choose", "action": "buildings"})  # B acts first and takes the lot
    assert events[0]["yields"] == 1 and yields("buildings")[:2] == [0, 1]
    board = {entry["action"]: entry for entry in GAME.view(state, 0)["action_board"]}
    assert board["buildings"]["spaces"][0]["short_of"] == "lots"
    events = act(state, {"type": "choose", "action": "passengers"})
    events = act(state, {"type": "choose", "action": "passengers"})
    assert events[0]["yields"] == 0
    state.supply, state.passengers[8] = 0, state.passengers[8] + 2
    assert yields("passengers") == [0] * 6

def test_while_resolving_the_board_shows_what_the_markers_still_to_act_will_get():
    """§5.3.3 "no more than the supply holds": once resolving has begun, the markers still to act share
    what is left of the supply (A first) and of the free lots (last-placed first); a marker that has
    acted shows no amount, the acting one what it still has to do."""
    state = after_setup(4, 0)
    state.buses = [3, 1, 1, 1]
    state.passengers[8] += state.supply - 4
    state.supply = 4

    def yields(action):
        board = {entry["action"]: entry for entry in GAME.view(state, 0)["action_board"]}
        return [space["yields"] for space in board[action]["spaces"]]

    resolve(state, {"passengers": [0, 1, 2]})
    assert state.phase == "passengers" and state.remaining == 3
    assert yields("passengers")[:4] == [3, 1, 0, 0]  # A takes 3 of 4: B finds 1 of its 2, C none
    act(state, {"type": "passengers", "counts": [3, 0]})
    assert state.supply == 1 and GAME.to_act(state) == [1] and state.remaining == 1
    assert yields("passengers")[:4] == [None, 1, 0, 0]  # never "B 2" with one passenger left
    board = {entry["action"]: entry for entry in GAME.view(state, 0)["action_board"]}
    assert [space["short_of"] for space in board["passengers"]["spaces"]][:3] == [None, None, "supply"]
    act(state, {"type": "passengers", "counts": [1, 0]})
    assert state.supply == 0
    assert all(amount in (None, 0) for amount in yields("passengers"))


def test_the_view_counts_the_bus_bought_this_round_for_passengers_and_buildings():
    """U4 "a space that will yield nothing": Buses resolves before Passengers and Buildings (§5.2), so
    a bus taken this round already counts for what their spaces will give; Line Expansion, which
    resolves before Buses, does not get it."""
    state = after_setup(4, 0)
    state.buses = [2, 2, 1, 1]

    def board():
        return {entry["action"]: entry for entry in GAME.view(state, 0)["action_board"]}

    assert [space["yields"] for space in board()["passengers"]["spaces"]][:4] == [2, 1, 0, 0]
    buyer = GAME.to_act(state)[0]
    state.buses[buyer] = 2
    act(state, {"type": "choose", "action": "buses"})  # the buyer will own 3 buses: M = 3
    spaces = board()
    assert [space["yields"] for space in spaces["passengers"]["spaces"]][:4] == [3, 2, 1, 0]
    assert [space["yields"] for space in spaces["buildings"]["spaces"]][:4] == [3, 2, 1, 0]
    assert [space["short_of"] for space in spaces["passengers"]["spaces"]][2:4] == [None, "buses"]
    assert [space["yields"] for space in spaces["line"]["spaces"]][:3] == [2, 1, 0]
    events = act(state, {"type": "choose", "action": "passengers"})
    assert events[0]["yields"] == 3
    place(state, {seat: ["line", "passengers"] for seat in range(4)})
    assert state.phase == "line"  # still before Buses: the bus still counts for Passengers
    assert [space["yields"] for space in board()["passengers"]["spaces"]][:2] == [3, 2]
    while state.phase == "line":
        act(state, GAME.legal(state, GAME.to_act(state)[0])[0])
    assert state.buses[buyer] == 3 and state.remaining == 3  # and so it was: A brings 3
    assert [space["yields"] for space in board()["passengers"]["spaces"]][:2] == [3, 2]
    state = after_setup(4, 0)
    state.buses = [5, 1, 1, 1]  # at the cap a bus taken this round changes nothing (Q3)
    buyer = GAME.to_act(state)[0]
    state.buses[buyer] = 5
    act(state, {"type": "choose", "action": "buses"})
    assert [space["yields"] for space in board()["passengers"]["spaces"]][:2] == [5, 4]


# -- resolving: amounts and order (§5.2) ------------------------------------------------------------

def test_m_scaled_amounts_example_m3_four_players_gives_3_2_1_0():
    rules = rules_for(4)
    assert [rules.yields("line", k, 3) for k in range(4)] == [3, 2, 1, 0]
    assert [rules.yields("passengers", k, 3) for k in range(4)] == [3, 2, 1, 0]
    assert [rules.yields("buildings", k, 5) for k in range(3)] == [5, 4, 3]  # C6: A gets M


def test_five_players_line_expansion_builds_one_more_and_the_option_extends_it():
    rules = rules_for(5)
    assert [rules.yields("line", k, 1) for k in range(3)] == [2, 1, 0]
    assert rules.yields("line", 5, 5) == 1  # Q1: space F still builds one with M = 5
    assert rules.yields("passengers", 0, 1) == 1 and rules.yields("buildings", 1, 1) == 0
    everything = rules_for(5, {"five_player_bonus": "all"})
    assert [everything.yields(action, 0, 1) for action in ("line", "passengers", "buildings")] == [2, 2, 2]
    assert rules_for(4, {"five_player_bonus": "all"}).yields("passengers", 0, 1) == 1


def test_line_expansion_resolves_last_placed_first_and_a_last():
    state = after_setup(4, 0)
    state.buses = [2, 1, 1, 1]
    events = resolve(state, {"line": [1, 2, 0]})
    # C (index 2) acts first but yields M - 2 = 0, so it is passed over; B (seat 2) builds one street
    starts = [(e["index"], e["seat"], e["amount"]) for e in events if e["type"] == "action_resolving"]
    assert starts[:2] == [(2, 0, 0), (1, 2, 1)]
    assert GAME.to_act(state) == [2]
    act(state, GAME.legal(state, 2)[0])
    assert GAME.to_act(state) == [1] and state.remaining == 2  # A last with M = 2
    act(state, GAME.legal(state, 1)[0])
    act(state, GAME.legal(state, 1)[0])
    assert state.phase != "line"


def test_m_counts_the_buses_of_a_player_without_markers():
    state = after_setup(4, 0)
    state.buses = [1, 3, 1, 1]
    state.markers[1] = 0  # Q12: out of markers, its buses still set M
    resolve(state, {"line": [0], "passengers": [2]})
    assert state.phase == "line" and state.remaining == 3


def test_five_players_every_line_expansion_marker_builds_one_more_when_it_resolves():
    state = after_setup(5, 0)
    resolve(state, {"line": [0, 1, 2], "passengers": [3]})
    assert GAME.to_act(state) == [1] and state.remaining == 1  # C gives M + 1 - 2 = 0; B gives 1
    act(state, GAME.legal(state, 1)[0])
    assert GAME.to_act(state) == [0] and state.remaining == 2  # A: M + 1
    act(state, GAME.legal(state, 0)[0])
    act(state, GAME.legal(state, 0)[0])
    assert state.phase == "passengers" and state.remaining == 1  # no bonus here by default
    state = after_setup(5, 0, {"five_player_bonus": "all"})
    resolve(state, {"passengers": [3]})
    assert state.phase == "passengers" and state.remaining == 2


def test_a_bus_bought_this_round_counts_for_passengers_and_buildings_not_the_expansion():
    state = after_setup(4, 0)
    resolve(state, {"line": [0], "buses": [1], "passengers": [2]})
    assert state.phase == "line" and state.remaining == 1  # Line Expansion A with M = 1
    events = act(state, GAME.legal(state, 0)[0])
    assert {"type": "bus_bought", "seat": 1, "buses": 2, "largest_fleet": 2} in events
    assert state.phase == "passengers" and state.remaining == 2  # M is 2 now


def test_passengers_go_to_the_stations_split_as_the_player_says():
    state = after_setup(4, 0)
    state.buses = [2, 1, 1, 1]
    resolve(state, {"passengers": [3, 1]})
    assert GAME.to_act(state) == [3] and state.remaining == 2  # A first
    assert refused(state, {"type": "passengers", "counts": [1, 2]}) == "bus.bad_split"
    assert refused(state, {"type": "passengers", "counts": [3, -1]}) == "bus.bad_split"
    assert refused(state, {"type": "passengers", "counts": [1, 0]}) == "bus.bad_split"  # all must come (§5.2)
    events = act(state, {"type": "passengers", "counts": [2, 0]})
    assert events[0]["stations"] == [{"crossing": 8, "count": 2}, {"crossing": 27, "count": 0}]
    assert state.passengers[8] == 2 and state.supply == 9
    assert GAME.to_act(state) == [1] and state.remaining == 1
    act(state, {"type": "passengers", "counts": [0, 1]})
    assert state.passengers[27] == 1 and state.supply == 8


def test_passengers_never_exceed_the_supply_and_an_empty_supply_brings_none():
    state = after_setup(4, 0)
    state.buses = [3, 1, 1, 1]
    state.passengers[8] += 10
    state.supply = 1
    resolve(state, {"passengers": [0, 1]})
    assert state.remaining == 1
    events = act(state, {"type": "passengers", "counts": [1, 0]})
    assert state.supply == 0
    starts = [e for e in events if e["type"] == "action_resolving"]
    assert starts and starts[0]["seat"] == 1 and starts[0]["amount"] == 0


def test_buildings_go_in_zone_order_and_carry_on_into_the_next_zone():
    state = after_setup(4, 0)
    zone_one = [lot for lot in range(NET.lots) if NET.lot_zone[lot] == 1]
    for lot in zone_one:
        state.buildings[lot] = state.buildings[lot] or "pub"
    last = zone_one[-1]
    state.buildings[last] = None  # one zone-1 lot left
    state.buses = [3, 1, 1, 1]
    zone_two = next(lot for lot in range(NET.lots) if NET.lot_zone[lot] == 2)
    for lot in range(NET.lots):
        if state.buildings[lot] is None and lot not in (last, zone_two):
            state.buildings[lot] = ("house", "pub")[lot % 2]  # two free lots: zone 1's last, one of zone 2
    events = resolve(state, {"buildings": [0]})
    assert next(e for e in events if e["type"] == "action_resolving")["amount"] == 2  # M = 3, two lots
    assert refused(state, {"type": "building", "lot": zone_two, "kind": "house"}) == "bus.wrong_zone"
    assert refused(state, {"type": "building", "lot": zone_one[0], "kind": "house"}) == "bus.lot_taken"
    act(state, {"type": "building", "lot": last, "kind": "office"})
    assert GAME.view(state, 0)["open_zone"] == 2
    act(state, {"type": "building", "lot": zone_two, "kind": "house"})
    assert state.buildings[zone_two] == "house"


def test_buildings_resolve_last_placed_first():
    state = after_setup(4, 0)
    state.buses = [2, 1, 1, 1]
    resolve(state, {"buildings": [2, 3]})
    assert GAME.to_act(state) == [3] and state.remaining == 1  # B: M - 1
    act(state, GAME.legal(state, 3)[0])
    assert GAME.to_act(state) == [2] and state.remaining == 2


def test_a_building_type_that_ran_out_must_be_replaced():
    state = after_setup(4, 0)
    free = [lot for lot in range(NET.lots) if state.buildings[lot] is None]
    for lot in free[:30 - state.buildings.count("pub")]:
        state.buildings[lot] = "pub"
    resolve(state, {"buildings": [0]})
    lot = GAME.view(state, 0)["decision"]["lots"][0]
    assert refused(state, {"type": "building", "lot": lot, "kind": "pub"}) == "bus.kind_used_up"
    assert "pub" not in GAME.view(state, 0)["decision"]["kinds"]


# -- the clock (§5.3.5) ---------------------------------------------------------------------------------

def test_untaken_the_clock_turns_by_itself_so_round_one_wants_offices():
    state = after_setup(4, 0)
    events = resolve(state, {"start": [1]})
    assert {"type": "clock_turned", "seat": None, "from": "house", "wants": "office"} in events
    assert state.clock == 1


def test_stopping_time_costs_a_stone_and_keeps_the_hand():
    state = after_setup(4, 0)
    resolve(state, {"clock": [2]})
    assert state.phase == "clock" and GAME.to_act(state) == [2]
    assert refused(state, {"type": "clock", "stop": "yes"}) == "bus.bad_clock"
    events = act(state, {"type": "clock", "stop": True})
    assert state.clock == 0 and state.stones[2] == 1 and state.stones_left == 4
    assert events[0] == {"type": "clock_stopped", "seat": 2, "wants": "house", "stones": 1, "stones_left": 4}


def test_letting_time_run_moves_the_hand_house_office_pub_house():
    state = after_setup(4, 0)
    state.clock = 2
    resolve(state, {"clock": [0]})
    events = act(state, {"type": "clock", "stop": False})
    assert state.clock == 0 and state.stones == [0, 0, 0, 0]
    assert events[0]["from"] == "pub" and events[0]["wants"] == "house"


def test_the_last_stone_ends_the_game_at_once():
    state = after_setup(4, 0)
    state.stones_left = 1
    state.stones = [2, 2, 0, 0]
    state.score = [5, 1, 0, 0]
    state.passengers[8] += 3
    state.supply -= 3
    resolve(state, {"clock": [3], "vrooom": [0], "start": [1]})
    start = state.start_player
    events = act(state, {"type": "clock", "stop": True})
    assert state.phase == "over" and state.ended == "clock"
    assert not any(e["type"] in ("vrooom_started", "start_player") for e in events)
    assert state.start_player == start
    outcome = GAME.outcome(state)
    assert outcome["scores"] == [3, -1, 0, -1] and outcome["stones"] == [2, 2, 0, 1]
    assert outcome["winners"] == [0] and events[-1]["type"] == "game_over"


# -- Vrrooomm! (§5.3.6) ---------------------------------------------------------------------------------

def vrooom_city(wants: str = "office") -> object:
    """Four players; seat 0's line 14-11-15-20 runs round Central Park; the hand shows the type before
    ``wants``, so that when nobody takes the Clock it turns to ``wants`` before Vrrooomm!."""
    state = after_setup(4, 0)
    set_line(state, 0, [14, 11, 15, 20])
    state.buildings = [None] * NET.lots
    state.clock = ("house", "office", "pub").index(wants) - 1
    state.clock %= 3
    return state


def test_passengers_with_a_wanted_building_at_their_crossing_stay_the_others_wait():
    state = vrooom_city("office")
    a, b = lots_at(11)
    state.buildings[a] = "office"  # the passenger on 11 is satisfied
    c, d = lots_at(15)
    state.buildings[c] = "office"  # an empty office on 15? No: 15's own passenger sits in it
    e, f = lots_at(20)
    state.buildings[e] = "office"  # 20's passenger sits in it too
    events = resolve(state, {"vrooom": [0]})
    started = next(ev for ev in events if ev["type"] == "vrooom_started")
    assert started["wants"] == "office" and sorted(started["seated"]) == sorted([a, c, e])
    assert started["waiting"] == {"14": 1}  # 14 has no office: its passenger wants to go
    assert state.phase != "vrooom"  # no empty office on the line: nothing can be done


def test_vrrooomm_makes_exactly_min_buses_waiting_empty_deliveries_of_the_players_choice():
    state = vrooom_city("house")
    state.buses[0] = 2
    state.passengers[14] += 2  # three wait at 14, one each at 11, 15, 20 (no houses anywhere yet)
    state.supply -= 2
    houses = [lots_at(15)[0], lots_at(20)[0], lots_at(20)[1]]
    for lot in houses:
        state.buildings[lot] = "house"
    resolve(state, {"vrooom": [0]})
    # 15 and 20 seat their own passengers in a house: 20 keeps one empty house; 15 none
    assert state.phase == "vrooom" and state.remaining == 1
    decision = GAME.view(state, 0)["decision"]
    assert decision["empty"] == [lots_at(20)[1]] and decision["waiting"] == {"11": 1, "14": 3}
    assert refused(state, {"type": "deliver", "from": 14, "lot": lots_at(15)[0]}) == "bus.building_full"
    assert refused(state, {"type": "deliver", "from": 8, "lot": lots_at(20)[1]}) == "bus.not_on_line"
    state.buildings[lots_at(7)[0]] = "house"  # an empty house off the line (7) is out of its reach
    assert refused(state, {"type": "deliver", "from": 14, "lot": lots_at(7)[0]}) == "bus.not_on_line"
    state.buildings[lots_at(7)[0]] = None
    assert refused(state, {"type": "deliver", "from": 15, "lot": lots_at(20)[1]}) == "bus.nobody_waiting"
    assert refused(state, {"type": "deliver", "from": 14, "lot": lots_at(14)[0]}) == "bus.wrong_kind"
    events = act(state, {"type": "deliver", "from": 14, "lot": lots_at(20)[1]})
    delivered = events[0]
    assert delivered["type"] == "delivered" and delivered["path"] == [14, 11, 15, 20]
    assert delivered["score"] == 1 and state.score[0] == 1
    assert state.passengers[14] == 2 and state.passengers[20] == 2
    assert state.phase != "vrooom"


def test_station_passengers_always_wait_and_a_delivered_passenger_leaves_again_when_time_moves_on():
    """§5.3.6: stations have no lots, so passengers there always want to leave; a delivered passenger
    stays where it was set down, satisfied while time stands still, and wants to leave again once the
    hand shows another type (step 4, [FA])."""
    state = after_setup(4, 0)
    set_line(state, 0, [8, 12, 7])
    state.buildings = [None] * NET.lots
    office, pub = lots_at(12)[0], lots_at(7)[0]
    state.buildings[office], state.buildings[pub] = "office", "pub"
    state.passengers[8] += 1
    state.supply -= 1
    resolve(state, {"vrooom": [0]})  # nobody took the Clock: house -> office
    assert GAME.view(state, 0)["decision"]["waiting"] == {"8": 1}
    act(state, {"type": "deliver", "from": 8, "lot": office})
    assert state.passengers[12] == 1 and state.score[0] == 1 and state.round == 2
    resolve(state, {"clock": [1], "vrooom": [0]})
    act(state, {"type": "clock", "stop": True})  # time stands still: the office still holds it
    assert state.phase == "choose" and state.score[0] == 1
    events = resolve(state, {"vrooom": [0]})  # the hand moves on to pub: it wants the pub at 7 now
    started = next(event for event in events if event["type"] == "vrooom_started")
    assert started["wants"] == "pub" and started["waiting"]["12"] == 1
    act(state, {"type": "deliver", "from": 12, "lot": pub})
    assert state.passengers[7] == 1 and state.passengers[12] == 0 and state.score[0] == 2


def test_each_marker_uses_every_bus_again_and_passengers_delivered_stay_put():
    state = vrooom_city("pub")
    for lot in (*lots_at(11), *lots_at(15)):
        state.buildings[lot] = "pub"
    resolve(state, {"vrooom": [0, 0]})  # A and B both seat 0, one bus
    assert state.remaining == 1  # 14 and 20 wait; 11 and 15 each have one empty pub
    act(state, {"type": "deliver", "from": 14, "lot": lots_at(11)[1]})
    assert state.current == 1 and state.remaining == 1  # B: the same bus again
    decision = GAME.view(state, 0)["decision"]  # Q11: the passenger just delivered stays in its pub
    assert decision["waiting"] == {"20": 1} and decision["empty"] == [lots_at(15)[1]]
    assert refused(state, {"type": "deliver", "from": 11, "lot": lots_at(15)[1]}) == "bus.nobody_waiting"
    act(state, {"type": "deliver", "from": 20, "lot": lots_at(15)[1]})
    assert state.score[0] == 2 and state.passengers[11] == 2 and state.passengers[15] == 2
    assert state.phase == "choose" and state.round == 2 and state.seated == []


def test_the_score_track_records_who_reached_a_score_first():
    state = vrooom_city("pub")
    set_line(state, 1, [14, 11, 15, 20])
    for lot in (lots_at(11)[0], lots_at(15)[0], lots_at(11)[1], lots_at(15)[1]):
        state.buildings[lot] = "pub"
    resolve(state, {"vrooom": [1, 0]})
    act(state, {"type": "deliver", "from": 14, "lot": lots_at(11)[1]})
    act(state, {"type": "deliver", "from": 20, "lot": lots_at(15)[1]})
    assert state.score[:2] == [1, 1] and state.arrival[1] < state.arrival[0]


# -- starting player and the end (§5.3.7, §6) -----------------------------------------------------------

def test_the_starting_player_space_or_the_start_bus_moves_one_seat_on():
    state = after_setup(4, 0)
    start = state.start_player
    resolve(state, {"line": [], "start": [(start + 2) % 4]})
    assert state.start_player == (start + 2) % 4 and state.round == 2
    assert GAME.to_act(state) == [state.start_player]
    events = resolve(state, {})
    assert state.start_player == (start + 3) % 4
    assert {"type": "start_player", "seat": (start + 3) % 4, "taken": False} in events
    resolve(state, {"start": [state.start_player]})  # Q14: the start player may take it and stays
    assert state.start_player == (start + 3) % 4


def test_markers_leave_the_game_and_the_game_ends_when_at_most_one_player_has_any():
    state = after_setup(3, 0)
    state.markers = [0, 3, 5]
    resolve(state, {})
    assert state.phase == "choose" and state.round == 2  # two players with markers play on
    state.markers = [0, 0, 5]
    events = resolve(state, {})
    assert state.phase == "over" and state.ended == "markers"
    assert events[-1]["type"] == "game_over"


def test_the_game_ends_too_when_the_last_markers_of_everyone_go_in_the_same_round():
    """§6 (Q7): "only one player (or none)": a round that uses up everybody's last markers ends it."""
    state = after_setup(3, 0)
    state.markers = [1, 1, 2]
    events = place(state, {seat: ["vrooom", "vrooom"] for seat in range(3)})
    forced = [event["seat"] for event in events if event["type"] == "passed" and event["reason"] == "no_markers"]
    assert sorted(forced) == [0, 1, 2] and state.markers == [0, 0, 0]
    assert state.phase == "over" and state.ended == "markers"


def test_the_seat_that_takes_the_last_stone_counts_it_and_wins_a_tie_by_its_stones():
    """§5.3.5, §6: the last stone costs its taker a point at once, and on equal final scores the
    player with more stones wins."""
    state = after_setup(3, 0)
    state.stones, state.stones_left = [1, 0, 0], 3
    state.score, state.arrival, state.arrivals = [5, 4, 4], [1, 2, 3], 3
    resolve(state, {"clock": [0]})
    act(state, {"type": "clock", "stop": False})
    for left in (2, 1):
        resolve(state, {"clock": [0 if left == 2 else 1]})
        act(state, {"type": "clock", "stop": True})
    assert state.stones_left == 1 and state.phase == "choose"
    resolve(state, {"clock": [1]})
    act(state, {"type": "clock", "stop": True})  # seat 1 takes the last stone: 4 - 2 = 2
    outcome = GAME.outcome(state)
    assert state.ended == "clock" and outcome["scores"] == [3, 2, 4]
    assert outcome["winners"] == [2]
    state.score[0], state.score[2] = 3, 2  # finals 1, 2, 2: the taker of the last stone holds more
    assert GAME.outcome(state)["winners"] == [1]


def test_the_game_ends_after_the_round_that_fills_the_last_lot_with_vrrooomm_still_played():
    state = vrooom_city("pub")
    state.buildings = ["house"] * NET.lots
    last = lots_at(11)[1]
    state.buildings[last] = None
    state.buildings[lots_at(15)[0]] = state.buildings[lots_at(15)[1]] = "pub"  # one stays empty
    resolve(state, {"buildings": [1], "vrooom": [0]})
    act(state, {"type": "building", "lot": last, "kind": "office"})
    assert state.phase == "vrooom"  # Q15: the round is played out
    events = act(state, GAME.legal(state, 0)[0])
    assert events[0]["type"] == "delivered" and state.score[0] == 1
    assert state.phase == "over" and state.ended == "lots"


def test_no_free_lot_at_the_end_of_a_round_ends_the_game():
    state = vrooom_city("pub")
    state.buildings = ["house"] * NET.lots
    events = resolve(state, {"start": [0]})
    assert state.phase == "over" and state.ended == "lots" and events[-1]["reason"] == "lots"


def test_final_score_is_deliveries_minus_stones_with_stones_then_arrival_breaking_ties():
    state = after_setup(4, 0)
    state.score = [6, 4, 7, 3]
    state.stones = [2, 0, 3, 0]  # finals 4, 4, 4, 3
    state.stones_left -= 5
    state.arrival = [9, 3, 12, 1]
    resolve(state, {})
    state.markers = [0, 0, 0, 1]
    resolve(state, {})
    outcome = GAME.outcome(state)
    assert outcome["scores"] == [4, 4, 4, 3]
    assert outcome["ranking"] == [2, 0, 1, 3]  # 2 has the most stones; then 0 (2 stones) before 1
    assert outcome["winners"] == [2] and not outcome["shared"]
    state.stones[2] = 2
    state.score[2] = 6
    assert GAME.outcome(state)["winners"] == [0]  # equal on stones: 0 reached 6 first (arrival 9 < 12)
    state.score, state.stones, state.arrival = [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]
    outcome = GAME.outcome(state)  # nobody delivered: all on the start space, all win together
    assert outcome["winners"] == [0, 1, 2, 3] and outcome["shared"]


# -- refusals, saves, views -------------------------------------------------------------------------------

def test_refusals_are_typed_and_change_nothing():
    state = after_setup(4, 0)
    seat = GAME.to_act(state)[0]
    other = (seat + 1) % 4
    assert GAME.check(state, other, {"type": "pass"}).code == "bus.not_your_turn"
    assert refused(state, {"type": "street", "street": 3}) == "bus.wrong_action"
    assert refused(state, "pass") == "bus.malformed"
    with pytest.raises(RuleViolation):
        GAME.apply(state, seat, {"type": "pass"})


def test_snapshots_round_trip_and_corrupt_ones_are_refused():
    state = after_setup(4, 3)
    place(state, {seat: ["line", "passengers"] for seat in range(4)})
    data = GAME.snapshot(state)
    assert GAME.snapshot(GAME.restore(data)) == data
    assert GAME.snapshot(GAME.state_from_view(GAME.view(state, 1))) == data
    for spoil in ({"format": "other"}, {"version": 9}, {"players": 2}, {"supply": 14}, {"phase": "lunch"},
                  {"stones_left": 0}, {"buildings": ["castle"] * NET.lots}, {"paths": [[0, 5]] * 4}):
        with pytest.raises(SnapshotError):
            GAME.restore({**data, **spoil})
    assert data["format"] == SNAPSHOT_FORMAT


def test_the_decision_in_the_view_names_what_is_due():
    state = GAME.setup(3, 4)
    decision = GAME.view(state, None)["decision"]
    assert decision["action"] == "building" and decision["left"] == 2 and len(decision["lots"]) == 12
    state = after_setup(3, 4)
    decision = GAME.view(state, None)["decision"]
    assert decision["action"] == "choose" and decision["can_pass"] is False and len(decision["open"]) == 7


def test_line_expansion_in_bus_follows_the_no_parallel_rule_and_its_exceptions():
    state = after_setup(4, 0)
    set_line(state, 0, [11, 15, 20])
    set_line(state, 1, [21, 15])
    set_line(state, 2, [24, 20])
    state.buses = [2, 1, 1, 1]
    resolve(state, {"line": [2, 1]})
    assert GAME.to_act(state) == [1]  # B first
    assert refused(state, {"type": "street", "street": 26}) == "bus.parallel"  # 11-15: 15 is no end of 0's
    assert refused(state, {"type": "street", "street": 35}) == "bus.own_street"
    assert refused(state, {"type": "street", "street": 0}) == "bus.not_at_head"
    act(state, {"type": "street", "street": 27})  # 15-12, empty
    assert GAME.to_act(state) == [2]
    act(state, {"type": "street", "street": 34, "head": 20})  # beside 0's end street at 20 (B2 (2))
    assert state.paths[2] == [24, 20, 15]


def test_buses_at_the_cap_yield_nothing_and_the_1999_edition_has_no_cap():
    state = after_setup(4, 0)
    seat = GAME.to_act(state)[0]

    def buses_short_of():
        board = {entry["action"]: entry for entry in GAME.view(state, 0)["action_board"]}
        return board["buses"]["spaces"][0]["short_of"]

    assert buses_short_of() is None
    state.buses[seat] = 5
    assert buses_short_of() == "cap"  # U4: the seat about to choose is told before it places there
    state.buses = [5, 1, 1, 1]
    events = resolve(state, {"buses": [0]})
    assert {"type": "lapsed", "seat": 0, "action": "buses", "count": 1} in events and state.buses[0] == 5
    state = after_setup(4, 0, {"edition": "1999"})
    state.buses = [5, 1, 1, 1]
    events = resolve(state, {"buses": [0]})
    assert state.buses[0] == 6 and {"type": "bus_bought", "seat": 0, "buses": 6, "largest_fleet": 6} in events


def test_a_player_who_finds_every_space_taken_passes_by_force():
    state = after_setup(3, 0)
    rules = rules_for(3)
    state.spaces = {spec.id: [0] * spec.spaces for spec in rules.actions}  # Q13: as good as unreachable
    events = []
    rounds.settle(NET, state, events)
    forced = [e for e in events if e["type"] == "passed"]
    assert len(forced) == 3 and all(e["forced"] and e["reason"] == "spaces_full" for e in forced)


def test_the_view_shows_who_sits_happily_and_who_waits_for_the_type_the_hand_shows():
    state = after_setup(4, 0)
    state.buildings = [None] * NET.lots
    state.buildings[lots_at(11)[0]] = "house"  # the hand shows house: 11's passenger is happy
    view = GAME.view(state, None)
    assert [lot["seated"] for lot in view["lots"]].count(True) == 1 and view["lots"][lots_at(11)[0]]["seated"]
    assert [view["waiting"][c] for c in (11, 14, 15, 20)] == [0, 1, 1, 1]
    assert sum(view["waiting"]) + 1 == sum(state.passengers)
    state.buildings[lots_at(11)[1]] = "house"  # decision 8: of two wanted buildings the first is taken
    seated = [lot["lot"] for lot in GAME.view(state, None)["lots"] if lot["seated"]]
    assert seated == [lots_at(11)[0]]


def test_every_other_refusal_has_its_code():
    state = GAME.setup(3, 1)
    assert refused(state, {"type": "building", "lot": 47, "kind": "house"}) == "bus.no_such_lot"
    assert refused(state, {"type": "building", "lot": lots_at(11)[0], "kind": "barn"}) == "bus.no_such_kind"
    state = after_setup(3, 1)
    seat = GAME.to_act(state)[0]
    state.markers[seat] = 0  # (the choosing phase passes such a seat by itself before it is asked)
    assert refused(state, {"type": "choose", "action": "line"}) == "bus.no_markers"
    state = after_setup(4, 0)
    set_line(state, 0, [14, 11, 15, 20])
    resolve(state, {"line": [0]})
    assert refused(state, {"type": "street", "street": 70}) == "bus.no_such_street"
    assert refused(state, {"type": "street", "street": 33, "head": 11}) == "bus.not_a_head"
    state.paths[0] = trail(26)  # 25 streets: every line marker on the board
    end = state.paths[0][-1]
    away = NET.adjacent[end][0][0]
    assert refused(state, {"type": "street", "street": away, "head": end}) == "bus.no_line_markers"
    state = vrooom_city("house")
    state.buildings[lots_at(19)[0]] = "house"
    set_line(state, 0, [19, 14, 11])
    resolve(state, {"vrooom": [0]})
    assert refused(state, {"type": "deliver", "from": 36, "lot": lots_at(19)[0]}) == "bus.no_such_crossing"
    assert refused(state, {"type": "deliver", "from": 14, "lot": -1}) == "bus.no_such_lot"
    state.markers = [0, 0, 0, 0]
    act(state, {"type": "deliver", "from": 14, "lot": lots_at(19)[0]})
    assert state.phase == "over"
    assert GAME.check(state, 0, {"type": "pass"}).code == "bus.game_over"


def trail(crossings: int) -> list[int]:
    """A trail through ``crossings`` crossings, found by depth-first search from crossing 30."""
    def search(path: list[int], used: frozenset[int]) -> list[int] | None:
        if len(path) == crossings:
            return path
        for street, to in NET.adjacent[path[-1]]:
            if street not in used:
                found = search([*path, to], used | {street})
                if found:
                    return found
        return None
    found = search([30], frozenset())
    assert found is not None
    return found


def test_line_expansion_says_it_gives_nothing_to_a_line_that_can_take_no_street_more():
    """U4: a Line Expansion marker of a seat with all 25 line markers on the board, or whose line has no
    street left at its ends, builds nothing whatever M is; the seat about to choose is told so."""
    state = after_setup(4, 0)
    seat = GAME.to_act(state)[0]

    def line_short_of() -> list[str | None]:
        board = {entry["action"]: entry for entry in GAME.view(state, 0)["action_board"]}
        return [space["short_of"] for space in board["line"]["spaces"]]

    assert line_short_of()[0] is None
    state.paths[seat] = trail(26)  # 25 streets: every line marker on the board
    assert line_short_of()[:2] == ["line", "line"]
    state.paths[seat] = [0, 1, 5, 10, 0]  # a closed circle whose crossing has no street left
    assert line_short_of()[0] == "line"
    events = resolve(state, {"line": [seat]})
    assert {"type": "streets_lost", "seat": seat, "count": 1, "reason": "blocked"} in events
