"""Liniell's rules: the tile set (N1), placement (N2), occupation (N3), connection (N4), end (N5), scoring (N6)."""

from __future__ import annotations

import json
from pathlib import Path

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.bots import make_bot
from game.core.contract import RuleViolation, SnapshotError
from game.core.liniell import GAME
from game.core.liniell.field import Field, compute_lines, joins_for
from game.core.liniell.routes import EDGE_TO_EDGE, RHOMB_TO_EDGE, RHOMB_TO_RHOMB, best_route
from game.core.liniell.scoring import decide
from game.core.liniell.state import CONNECT, OCCUPY, OVER, PLACE
from game.core.liniell.tiles import CLOSED, TILE_DATA, TILES, TileDataError, parse_tiles
from game.core.registry import get_game
from game.match import Match, SeatInfo
from tests.core.liniell_positions import (
    EXAMPLE,
    GREEN_3,
    GREEN_4,
    YELLOW_1,
    YELLOW_2,
    build,
    facing,
    same_line,
    without,
)

ASSET = Path(__file__).resolve().parents[2] / "assets" / "liniell" / "tiles.json"


def codes(state, seat, action):
    rejection = GAME.check(state, seat, action)
    return None if rejection is None else rejection.code


def line_id(state, ref):
    return state.lines.id_of(ref)


# -- N1: the tile set ---------------------------------------------------------------------------------

def test_sixteen_distinct_tiles_even_when_turned():
    assert len(TILES) == 16
    forms = {tile.canonical_form() for tile in TILES}
    assert len(forms) == 16


def test_tile_file_says_the_faces_are_the_projects_own():
    comment = json.loads(ASSET.read_text())["comment"].lower()
    assert "project" in comment and "not published" in comment


def test_rhombs_are_common_and_often_blue():
    with_rhomb = [tile for tile in TILES if tile.rhombs]
    colours = [colour for tile in TILES for colour in tile.rhombs.values()]
    assert len(with_rhomb) > len(TILES) / 2
    assert colours.count("blue") > len(colours) / 2
    # The exact figures docs/liniell.md gives for the set.
    assert (len(with_rhomb), len(colours), colours.count("blue")) == (13, 28, 16)


def test_the_set_mixes_straights_curves_junctions_and_dead_ends():
    def port_pairs(tile):
        return [(s.a, s.b) for s in tile.segments if isinstance(s.a, int) and isinstance(s.b, int)]

    straights = [t for t in TILES if any((a - b) % 4 == 2 for a, b in port_pairs(t))]
    curves = [t for t in TILES if any((a - b) % 2 == 1 for a, b in port_pairs(t))]
    junctions = [t for t in TILES if any(t.port_piece.count(p) >= 3 for p in range(t.pieces))]
    dead_ends = [t for t in TILES if any(t.port_piece.count(t.rhomb_piece[r]) == 1 and
                                         sum(1 for q in t.rhomb_piece.values() if q == t.rhomb_piece[r]) == 1
                                         for r in t.rhombs)]
    crossings = [t for t in TILES if t.pieces >= 2 and CLOSED not in t.port_piece and
                 all(t.port_piece.count(p) == 2 for p in range(t.pieces))]
    assert len(straights) >= 4 and len(curves) >= 4 and len(junctions) >= 3 and len(dead_ends) >= 6
    assert crossings, "a tile a route can cross twice (the rulebook's line 3)"


def test_every_edge_of_every_tile_has_a_line_port_in_its_middle():
    # N1: "every tile has one line port at the middle of each edge" -- no tile has a blind side.
    for tile in TILES:
        assert CLOSED not in tile.port_piece, tile.name
    assert TILE_DATA["ports"] == {"N": [0.5, 0.0], "E": [1.0, 0.5], "S": [0.5, 1.0], "W": [0.0, 0.5]}


def test_every_rhomb_is_the_end_of_a_line():
    for tile in TILES:
        for rhomb in tile.rhombs:
            assert sum((s.a == rhomb) + (s.b == rhomb) for s in tile.segments) == 1


@pytest.mark.parametrize("breakage, message", [
    (lambda t: t["nodes"].append({"id": "x", "kind": "rhomb", "colour": "red", "at": [0, 0]}), "colour"),
    (lambda t: t["segments"].append(["N", "nowhere"]), "neither"),
    (lambda t: t["segments"].append(["b", "S"]), "exactly one"),
    (lambda t: t.update(id=5), "id"),
])
def test_broken_tile_data_is_refused(breakage, message):
    data = json.loads(ASSET.read_text())
    breakage(data["tiles"][3])
    with pytest.raises(TileDataError, match=message):
        parse_tiles(data)


def test_rotation_turns_ports_clockwise():
    straight = TILES[3]  # N-S straight, blue rhomb east, white west
    north = straight.port_piece[0]
    assert straight.piece_towards(0, 0) == north and straight.piece_towards(1, 1) == north
    blue_piece = straight.rhomb_piece["b"]
    assert straight.piece_towards(1, 0) == blue_piece and straight.piece_towards(2, 1) == blue_piece


# -- setup, registry, turn structure -----------------------------------------------------------------

def test_registered_with_the_contract_fields():
    game = get_game("liniell")
    assert game is GAME and game.name == "liniell" and game.rules_version == "1"
    assert (game.min_players, game.max_players) == (2, 2)


def test_setup_shuffles_by_seed_and_draws_for_the_first_player():
    a, b, c = GAME.setup(2, 1), GAME.setup(2, 1), GAME.setup(2, 2)
    assert a.stack == b.stack and a.drawn == b.drawn
    assert (a.stack, a.drawn) != (c.stack, c.drawn)
    assert sorted(a.stack + [a.drawn]) == list(range(16))
    assert GAME.to_act(a) == [0] and a.phase == PLACE
    assert GAME.to_act(GAME.setup(2, 1, {"first_player": 1})) == [1]
    with pytest.raises(ValueError):
        GAME.setup(3, 1)


def test_a_random_first_player_is_drawn_after_the_shuffle_and_either_seat_can_start():
    drawn = {seed: GAME.setup(2, seed, {"first_player": None}) for seed in range(1, 41)}
    assert {GAME.to_act(state)[0] for state in drawn.values()} == {0, 1}
    for seed, state in drawn.items():
        fixed = GAME.setup(2, seed)  # the same seed deals the same stack whoever starts
        assert (state.stack, state.drawn) == (fixed.stack, fixed.drawn)
        assert state.first_player == state.current == GAME.to_act(state)[0]
    for wrong in (2, -1, True, "0"):
        with pytest.raises(ValueError):
            GAME.setup(2, 1, {"first_player": wrong})


def test_first_tile_goes_in_the_centre_in_any_rotation():
    state = GAME.setup(2, 4)
    assert GAME.legal(state, 0) == [{"type": "place", "x": 0, "y": 0, "rot": r} for r in range(4)]
    assert codes(state, 0, {"type": "place", "x": 1, "y": 0, "rot": 0}) == "liniell.first_tile_centre"
    assert GAME.legal(state, 1) == []


def test_a_turn_is_place_then_occupy_or_skip_then_the_other_player_draws():
    state = GAME.setup(2, 4)
    drawn = state.drawn
    events = GAME.apply(state, 0, {"type": "place", "x": 0, "y": 0, "rot": 2})
    assert events[0] == {"type": "place", "seat": 0, "tile": drawn, "x": 0, "y": 0, "rot": 2,
                         "lines": [line_id(state, (0, 0, p)) for p in range(TILES[drawn].pieces)]}
    assert state.phase == OCCUPY and GAME.to_act(state) == [0]
    assert codes(state, 0, {"type": "place", "x": 1, "y": 0, "rot": 0}) == "liniell.wrong_phase"
    events = GAME.apply(state, 0, {"type": "skip"})
    assert events == [{"type": "draw", "seat": 1, "tile": state.drawn, "left": 14}]
    assert GAME.to_act(state) == [1] and state.phase == PLACE


# -- malformed actions ------------------------------------------------------------------------------------

@pytest.mark.parametrize("action", [
    None, 5, "place", [], {}, {"type": 3}, {"type": "fly"},
    {"type": "place", "x": 0, "y": 0},
    {"type": "place", "x": 0, "y": 0, "rot": 0, "extra": 1},
    {"type": "place", "x": "0", "y": 0, "rot": 0},
    {"type": "place", "x": 0, "y": 0, "rot": 4},
    {"type": "place", "x": 0, "y": 0, "rot": -1},
    {"type": "place", "x": True, "y": 0, "rot": 0},
    {"type": "place", "x": 0.0, "y": 0, "rot": 0},
])
def test_malformed_actions_are_rejected_never_raised(action):
    state = GAME.setup(2, 9)
    assert codes(state, 0, action) == "liniell.malformed"
    with pytest.raises(RuleViolation):
        GAME.apply(state, 0, action)


def test_not_your_turn_and_game_over():
    state = GAME.setup(2, 9)
    assert codes(state, 1, {"type": "place", "x": 0, "y": 0, "rot": 0}) == "liniell.not_your_turn"
    assert codes(state, "0", {"type": "place", "x": 0, "y": 0, "rot": 0}) == "liniell.not_your_turn"
    over = build(EXAMPLE, [[None, None], [None, None]], phase=OVER, end_reason="stack_empty")
    assert codes(over, 0, {"type": "skip"}) == "liniell.game_over"
    assert GAME.legal(over, 0) == [] and GAME.to_act(over) == []


# -- N2: placement --------------------------------------------------------------------------------------

def test_placement_needs_a_neighbour_a_free_square_and_the_4x4_square():
    row = {(0, 0): (0, 1), (1, 0): (1, 0), (2, 0): (2, 0), (3, 0): (3, 0)}
    state = build(row, [[None, None], [None, None]], phase=PLACE, drawn=4, stack=list(range(5, 16)))
    assert codes(state, 0, {"type": "place", "x": 1, "y": 0, "rot": 0}) == "liniell.cell_taken"
    assert codes(state, 0, {"type": "place", "x": 1, "y": 2, "rot": 0}) == "liniell.not_adjacent"
    assert codes(state, 0, {"type": "place", "x": 4, "y": 0, "rot": 0}) == "liniell.outside_square"
    assert codes(state, 0, {"type": "place", "x": -1, "y": 0, "rot": 0}) == "liniell.outside_square"
    assert codes(state, 0, {"type": "place", "x": 2, "y": -1, "rot": 3}) is None
    cells = {(action["x"], action["y"]) for action in GAME.legal(state, 0)}
    assert cells == {(x, y) for x in range(4) for y in (-1, 1)}


def test_lines_join_through_facing_ports_and_stop_at_rhombs():
    cells = {(0, 0): (0, 0), (0, 1): (3, 0), (1, 0): (9, 0)}
    lines = compute_lines(Field(cells))
    # bridge's N-S piece continues into the straight below it; its E-W piece meets a rhomb end.
    assert lines.line_of[(0, 0, 0)] == lines.line_of[(0, 1, 0)]
    assert lines.line_of[(0, 0, 1)] == lines.line_of[(1, 0, 3)]
    assert lines.line_of[(0, 0, 0)] != lines.line_of[(0, 0, 1)]
    assert len(lines.members) == 2 + 3 + 4 - 2  # the pieces of the three tiles, less two joins


def test_a_placement_joining_two_pieces_of_one_tile_makes_them_one_line():
    # Three curves lead one line round to both the north and the west side of (1, 1): a bridge
    # placed there touches that line with both its pieces, which become one network.
    cells = {(0, 0): (1, 1), (1, 0): (5, 2), (0, 1): (6, 0)}
    field = Field(cells)
    lines = compute_lines(field)
    around = lines.line_of[(1, 0, field.piece_towards((1, 0), 2))]
    assert around == lines.line_of[(0, 1, field.piece_towards((0, 1), 1))]
    joins = joins_for(field, lines, (1, 1), 0, 0)
    assert [(join.pieces, join.lines) for join in joins] == [((0, 1), (around,))]
    merged = compute_lines(field.with_tile((1, 1), 0, 0))
    assert merged.line_of[(1, 1, 0)] == merged.line_of[(1, 1, 1)]


def test_full_game_fills_exactly_a_4x4_square():
    state = GAME.setup(2, 11)
    while state.phase != OVER:
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, GAME.legal(state, seat)[-1])
    xs = {x for x, _ in state.board.cells}
    ys = {y for _, y in state.board.cells}
    assert len(state.board.cells) + len(state.set_aside) == 16
    assert len(xs) <= 4 and len(ys) <= 4
    if not state.set_aside:
        assert len(xs) == 4 and len(ys) == 4


# -- N3: occupation --------------------------------------------------------------------------------------

def occupied_start():
    """Three tiles down; it is yellow's occupation step on the straight at (0, 1)."""
    cells = {(0, 0): (0, 0), (1, 0): (9, 0), (0, 1): (3, 0)}
    return build(cells, [[None, None], [None, None]], phase=OCCUPY, current=0)


def test_occupy_options_are_every_free_line_on_the_new_tile_from_every_source():
    state = occupied_start()
    ids = [line_id(state, (0, 1, p)) for p in range(3)]
    legal = GAME.legal(state, 0)
    assert legal[0] == {"type": "skip"}
    assert sorted(map(str, legal[1:])) == sorted(str({"type": "occupy", "line": i, "from": "supply"}) for i in ids)
    events = GAME.apply(state, 0, {"type": "occupy", "line": ids[0], "from": "supply"})
    assert events[0] == {"type": "occupy", "seat": 0, "marker": 0, "line": ids[0], "piece": [0, 1, 0],
                         "from": "supply"}
    assert state.markers[0] == [(0, 1, 0), None]  # the marker sits on the line's piece on the new tile


def test_occupation_rejections():
    state = occupied_start()
    ids = [line_id(state, (0, 1, p)) for p in range(3)]
    assert codes(state, 0, {"type": "occupy", "line": "9,9,9", "from": "supply"}) == "liniell.unknown_line"
    off_tile = line_id(state, (1, 0, 0))
    assert codes(state, 0, {"type": "occupy", "line": off_tile, "from": "supply"}) == "liniell.not_on_tile"
    assert codes(state, 0, {"type": "occupy", "line": ids[1], "from": ids[2]}) == "liniell.bad_source"
    assert codes(state, 0, {"type": "occupy", "line": 3, "from": "supply"}) == "liniell.malformed"
    assert codes(state, 0, {"type": "occupy", "line": ids[1], "from": None}) == "liniell.malformed"
    taken = build({(0, 0): (0, 0), (1, 0): (9, 0), (0, 1): (3, 0)}, [[None, None], [(0, 0, 0), None]],
                  phase=OCCUPY, current=0)
    assert codes(taken, 0, {"type": "occupy", "line": ids[0], "from": "supply"}) == "liniell.line_occupied"
    full = build({(0, 0): (0, 0), (1, 0): (9, 0), (0, 1): (3, 0)}, [[(1, 0, 0), (1, 0, 1)], [None, None]],
                 phase=OCCUPY, current=0)
    assert codes(full, 0, {"type": "occupy", "line": ids[1], "from": "supply"}) == "liniell.no_marker"


def test_moving_a_marker_frees_its_old_line():
    cells = {(0, 0): (0, 0), (1, 0): (9, 0), (0, 1): (3, 0)}
    state = build(cells, [[(1, 0, 0), None], [None, None]], phase=OCCUPY, current=0)
    old = line_id(state, (1, 0, 0))
    target = line_id(state, (0, 1, 1))
    options = {(a["line"], a["from"]) for a in GAME.legal(state, 0) if a["type"] == "occupy"}
    assert (target, old) in options and (target, "supply") in options
    GAME.apply(state, 0, {"type": "occupy", "line": target, "from": old})
    assert state.markers[0] == [(0, 1, 1), None]
    assert state.lines.line_of[(1, 0, 0)] not in state.marker_lines()


# -- N4: connecting occupied lines -------------------------------------------------------------------------

def test_joining_two_lines_of_one_colour_is_illegal_for_everyone():
    hole = (1, 1)  # tile 3 is there in the example; tile 0 (the bridge) is drawn instead
    cells = without(EXAMPLE, hole)
    cells[(0, 2)] = (3, 0)
    side = facing(cells, hole)
    assert not same_line(cells, side["N"], side["S"])
    for current in (0, 1):
        state = build(cells, [[side["N"], side["S"]], [None, None]], phase=PLACE, current=current, drawn=0,
                      stuck=True)
        assert codes(state, current, {"type": "place", "x": 1, "y": 1, "rot": 0}) == "liniell.same_colour_join"
        assert codes(state, current, {"type": "place", "x": 1, "y": 1, "rot": 1}) == "liniell.same_colour_join"
        assert GAME.legal(state, current) == []  # the hole is the only free square


def test_two_connections_in_one_placement_are_refused():
    hole = (1, 1)
    cells = without(EXAMPLE, hole)
    cells[(0, 2)] = (3, 0)
    side = facing(cells, hole)
    # The bridge pairs N with S and E with W: two yellow-green joins at once.
    state = build(cells, [[side["N"], side["E"]], [side["S"], side["W"]]], phase=PLACE, drawn=0, stuck=True)
    for rot in range(4):
        assert codes(state, 0, {"type": "place", "x": 1, "y": 1, "rot": rot}) == "liniell.double_connection"


def connection_state(yellow_other):
    """Tile 0 drawn for yellow at (1, 1): its N-S piece joins yellow's N line and green's S line."""
    hole = (1, 1)
    cells = without(EXAMPLE, hole)
    cells[(0, 2)] = (3, 0)
    side = facing(cells, hole)
    return build(cells, [[side["N"], yellow_other], [side["S"], None]], phase=PLACE, drawn=0), side


@pytest.mark.parametrize("third", [False, True])
def test_a_mixed_join_forces_the_connection_procedure(third):
    _, side = connection_state(None)
    state, _ = connection_state(side["E"] if third else None)
    events = GAME.apply(state, 0, {"type": "place", "x": 1, "y": 1, "rot": 0})
    joined = line_id(state, (1, 1, 0))
    assert events[0]["connection"] == joined
    assert state.phase == CONNECT and GAME.to_act(state) == [0]
    source = line_id(state, side["E"]) if third else "supply"
    assert GAME.legal(state, 0) == [{"type": "connect_marker", "from": source}]
    assert codes(state, 0, {"type": "skip"}) == "liniell.wrong_phase"
    assert codes(state, 0, {"type": "occupy", "line": joined, "from": "supply"}) == "liniell.wrong_phase"
    wrong = "supply" if third else line_id(state, side["N"])
    assert codes(state, 0, {"type": "connect_marker", "from": wrong}) == "liniell.wrong_marker"
    view = GAME.view(state, 1)
    assert view["connection"] == joined
    events = GAME.apply(state, 0, {"type": "connect_marker", "from": source})
    moved = 1
    assert events[0] == {"type": "occupy", "seat": 0, "marker": moved, "line": joined, "piece": [1, 1, 0],
                         "from": source}
    assert events[1] == {"type": "capture", "line": joined,
                         "markers": [{"seat": 0, "marker": 0}, {"seat": 1, "marker": 0}]}
    assert state.markers == [[None, (1, 1, 0)], [None, None]]
    assert events[2]["type"] == "end"  # the stack was empty: that was the last turn
    assert state.phase == OVER


def test_joining_an_occupied_line_with_free_lines_needs_no_procedure():
    hole = (1, 1)
    cells = without(EXAMPLE, hole)
    cells[(0, 2)] = (3, 0)
    side = facing(cells, hole)
    state = build(cells, [[side["N"], None], [None, None]], phase=PLACE, drawn=0)
    GAME.apply(state, 0, {"type": "place", "x": 1, "y": 1, "rot": 0})
    assert state.phase == OCCUPY
    free = line_id(state, (1, 1, 1))
    assert {"type": "occupy", "line": free, "from": "supply"} in GAME.legal(state, 0)
    assert all(a.get("line") != line_id(state, (1, 1, 0)) for a in GAME.legal(state, 0))


# -- N5: tiles that cannot be placed -----------------------------------------------------------------------

def test_an_unplaceable_last_tile_ends_the_game_without_it():
    hole = (3, 3)
    cells = without(EXAMPLE, hole)
    cells[(0, 3)] = (7, 0)  # the crossroads (tile 2) is the last tile instead
    side = facing(cells, hole)
    assert not same_line(cells, side["N"], side["W"])
    state = build(cells, [[side["N"], side["W"]], [None, None]], phase=OCCUPY, current=1, stack=[2])
    events = GAME.apply(state, 1, {"type": "skip"})
    assert [e["type"] for e in events] == ["draw", "set_aside", "end", "score"]
    assert events[1] == {"type": "set_aside", "seat": 0, "tile": 2, "last": True}
    assert events[2] == {"type": "end", "reason": "last_tile_unplaceable"}
    assert state.phase == OVER and state.set_aside == [2] and len(state.placed) == 15
    assert GAME.outcome(state)["reason"] == "last_tile_unplaceable"


def test_an_unplaceable_earlier_tile_is_set_aside_and_the_same_player_draws_again():
    holes = ((3, 0), (3, 3))
    cells = without(EXAMPLE, *holes)
    cells[(0, 3)] = (7, 0)
    first, second = facing(cells, holes[0]), facing(cells, holes[1])
    refs = [first["S"], first["W"], second["N"], second["W"]]
    assert len({compute_lines(Field(cells)).line_of[r] for r in refs}) == 4
    markers = [[first["S"], first["W"]], [second["N"], second["W"]]]
    state = build(cells, markers, phase=OCCUPY, current=1, stack=[9, 2])
    events = GAME.apply(state, 1, {"type": "skip"})
    assert [e["type"] for e in events] == ["draw", "set_aside", "draw"]
    assert events[1] == {"type": "set_aside", "seat": 0, "tile": 2, "last": False}
    assert state.drawn == 9 and state.phase == PLACE and GAME.to_act(state) == [0]
    assert GAME.view(state, 1)["set_aside"] == [2]



def test_when_the_last_two_tiles_cannot_be_placed_both_are_set_aside_and_the_game_ends():
    # Both tiles left are crossroads that join every side; each free square has two lines of one
    # colour facing it. The first is set aside like any earlier tile (ruling 6), the second as the
    # last tile (N5): the game ends after the turn of the player who placed the last tile that fit.
    holes = ((3, 0), (3, 3))
    cells = without(EXAMPLE, *holes)
    cells[(0, 3)] = (7, 0)
    cells[(2, 3)] = (9, 0)  # tiles 2 and 13, the two crossroads, are left over
    first, second = facing(cells, holes[0]), facing(cells, holes[1])
    markers = [[first["S"], first["W"]], [second["N"], second["W"]]]
    state = build(cells, markers, phase=OCCUPY, current=1, stack=[13, 2])
    events = GAME.apply(state, 1, {"type": "skip"})
    assert [e["type"] for e in events] == ["draw", "set_aside", "draw", "set_aside", "end", "score"]
    assert [(e["tile"], e["last"]) for e in events if e["type"] == "set_aside"] == [(2, False), (13, True)]
    assert state.phase == OVER and state.set_aside == [2, 13] and len(state.placed) == 14
    assert GAME.outcome(state)["reason"] == "last_tile_unplaceable"

# -- N6: routes and scoring ----------------------------------------------------------------------------------

def test_rulebook_example_scoring():
    state = build(EXAMPLE, [[YELLOW_1, YELLOW_2], [GREEN_3, GREEN_4]], phase=OVER, end_reason="stack_empty")
    outcome = GAME.outcome(state)
    points = [(r["seat"], r["tiles"], r["blue"], r["enclosed"], r["points"]) for r in outcome["routes"]]
    assert points == [(0, 5, 2, True, 8), (0, 4, 1, True, 6), (1, 7, 1, True, 9), (1, 4, 1, False, 5)]
    assert outcome["scores"] == [14, 14] and outcome["blue"] == [3, 2]
    assert outcome["winners"] == [0] and outcome["draw"] is False
    three = outcome["routes"][2]
    assert len(three["cells"]) == 8 and three["tiles"] == 7  # one tile crossed twice counts once
    assert outcome["routes"][3]["kind"] == RHOMB_TO_EDGE
    assert outcome["routes"][3]["ends"][1] == {"kind": "edge", "cell": [0, 2], "where": "W"}


def test_final_action_emits_the_scoring_event_with_every_route():
    state = build(EXAMPLE, [[YELLOW_1, YELLOW_2], [GREEN_3, GREEN_4]], phase=OCCUPY, current=1)
    events = GAME.apply(state, 1, {"type": "skip"})
    assert events[0] == {"type": "end", "reason": "stack_empty"}
    assert events[1]["type"] == "score" and events[1]["scores"] == [14, 14]
    assert [r["line"] for r in events[1]["routes"]] == [line_id(state, r) for r in
                                                          (YELLOW_1, YELLOW_2, GREEN_3, GREEN_4)]


def turned(cells, quarter_turns):
    for _ in range(quarter_turns):
        cells = {(-y, x): (tile, (rot + 1) % 4) for (x, y), (tile, rot) in cells.items()}
    return cells


@pytest.mark.parametrize("quarter_turns", range(4))
def test_equally_long_routes_go_to_the_higher_score(quarter_turns):
    # A crossroads with a white rhomb east, a white rhomb west and a blue rhomb south:
    # every rhomb-to-rhomb route is 3 tiles; the ones ending at the blue rhomb score more.
    cells = turned({(0, 0): (2, 0), (1, 0): (3, 0), (-1, 0): (6, 2), (0, 1): (4, 3)}, quarter_turns)
    field = Field(cells)
    route = best_route(field, compute_lines(field).members[compute_lines(field).line_of[(0, 0, 0)]])
    assert route.kind == RHOMB_TO_RHOMB and route.tiles == 3
    assert route.points == 3 + 1 + 1 and "blue" in [end.colour for end in route.ends]


@pytest.mark.parametrize("quarter_turns", range(4))
def test_the_longest_route_counts_even_when_a_shorter_one_would_score_more(quarter_turns):
    # N6: the route is the longest path between two rhombs; points only break ties in length.
    # One line runs from the white rhomb of the curve tile at (-1, -1) over both crossroads and
    # the T at (1, 0) to a white rhomb of the four-ends tile at (1, -1): 5 tiles, 5 + 1 = 6 points.
    # Its two blue rhombs (the T's spur, and the four-ends tile's west end) are only 4 tiles apart,
    # though that route would be worth 4 + 1 + 2 = 7.
    cells = turned({(-1, -1): (6, 2), (0, -1): (13, 3), (0, 0): (2, 2), (1, -1): (9, 3), (1, 0): (8, 2)},
                   quarter_turns)
    field = Field(cells)
    lines = compute_lines(field)
    start = turned({(-1, -1): (0, 0)}, quarter_turns).popitem()[0]
    line = lines.members[lines.line_of[(*start, field.piece_towards(start, (1 + quarter_turns) % 4))]]
    assert {ref[:2] for ref in line} == set(cells)
    route = best_route(field, line)
    assert route.kind == RHOMB_TO_RHOMB and route.tiles == 5
    assert [end.colour for end in route.ends] == ["white", "white"]
    assert (route.blue, route.points) == (0, 6)


def test_route_without_rhombs_runs_edge_to_edge():
    field = Field({(0, 0): (0, 0), (0, 1): (2, 0)})
    lines = compute_lines(field)
    route = best_route(field, lines.members[lines.line_of[(0, 0, 0)]])
    assert route.kind == EDGE_TO_EDGE and route.tiles == 2 and route.points == 2 and not route.enclosed


def test_one_rhomb_scores_to_the_edge_and_ports_facing_a_hole_are_edge():
    hole = (1, 1)
    cells = without(EXAMPLE, hole)
    field = Field(cells)
    lines = compute_lines(field)
    ref = facing(cells, hole)["E"]
    route = best_route(field, lines.members[lines.line_of[ref]])
    assert route is not None
    assert any(end.kind == "edge" and end.cell == ref[:2] and end.where == "W" for end in route.ends)


def test_a_closed_loop_has_no_route_and_scores_nothing():
    # Four curves around one corner make a loop with no rhomb and no way to the edge.
    cells = {(0, 0): (1, 1), (1, 0): (5, 2), (0, 1): (6, 0), (1, 1): (12, 1)}
    field = Field(cells)
    lines = compute_lines(field)
    loop = lines.members[lines.line_of[(0, 0, field.piece_towards((0, 0), 1))]]
    assert {ref[:2] for ref in loop} == set(cells) and len(loop) == 4
    assert best_route(field, loop) is None
    state = build(cells, [[loop[0], None], [None, None]], phase=OVER, end_reason="stack_empty",
                  set_aside=[t for t in range(16) if t not in (1, 5, 6, 12)], stack=[])
    outcome = GAME.outcome(state)
    assert outcome["routes"][0]["points"] == 0 and outcome["scores"] == [0, 0] and outcome["draw"]


def test_a_loop_with_one_rhomb_and_no_way_to_the_edge_has_no_route():
    # The same loop, but the fourth tile turned so its white spur hangs on the loop: one rhomb,
    # no edge, so there is no route from the rhomb to the edge (gap 7 in docs/liniell.md).
    cells = {(0, 0): (1, 1), (1, 0): (5, 2), (0, 1): (6, 0), (1, 1): (12, 3)}
    field = Field(cells)
    lines = compute_lines(field)
    loop = lines.members[lines.line_of[(0, 0, field.piece_towards((0, 0), 1))]]
    assert {ref[:2] for ref in loop} == set(cells)
    assert (1, 1, TILES[12].rhomb_piece["w"]) in loop
    assert best_route(field, loop) is None


def test_a_line_into_a_closed_side_is_not_at_the_edge(monkeypatch):
    # No tile of the set has a closed side, but the rules allow one: such an end is no edge.
    from game.core.liniell import field as field_module
    from game.core.liniell import routes as routes_module
    data = {"tiles": [*TILE_DATA["tiles"], {"id": 16, "name": "stub", "nodes": [
        {"id": "b", "kind": "rhomb", "colour": "blue", "at": [0.5, 0.5]}], "segments": [["N", "b"]]}]}
    tiles = parse_tiles(data)
    monkeypatch.setattr(field_module, "TILES", tiles)
    monkeypatch.setattr(routes_module, "TILES", tiles)
    assert tiles[16].port_piece == (0, CLOSED, CLOSED, CLOSED)
    blocked = Field({(0, 0): (3, 0), (0, 1): (16, 2)})  # the stub's closed north faces the straight
    lines = compute_lines(blocked)
    assert lines.members[lines.line_of[(0, 0, 0)]] == [(0, 0, 0)]
    assert best_route(blocked, [(0, 0, 0)]) is None  # one edge (north) only: no edge-to-edge route
    joined = Field({(0, 0): (3, 0), (0, 1): (16, 0)})  # turned to open north: ends at its blue rhomb
    lines = compute_lines(joined)
    route = best_route(joined, lines.members[lines.line_of[(0, 0, 0)]])
    assert (route.kind, route.tiles, route.blue, route.points) == (RHOMB_TO_EDGE, 2, 1, 3)


@pytest.mark.parametrize("scores, blue, expected", [
    ([14, 14], [3, 2], ([0], False)),
    ([14, 14], [2, 3], ([1], False)),
    ([10, 12], [5, 0], ([1], False)),
    ([9, 9], [1, 1], ([], True)),
])
def test_decide_by_points_then_blue_rhombs_then_draw(scores, blue, expected):
    assert decide(scores, blue) == expected


# -- views, events, snapshots ---------------------------------------------------------------------------------

def test_restore_refuses_corrupt_snapshots():
    good = GAME.snapshot(GAME.setup(2, 3))
    assert GAME.snapshot(GAME.restore(good)) == good
    broken = [
        None, [], {"game": "linja"},
        {**good, "rng": -1}, {**good, "rng": "x"}, {**good, "current": 2}, {**good, "phase": "dance"},
        {**good, "stack": good["stack"][1:]}, {**good, "stack": [*good["stack"][:-1], good["drawn"]]},
        {**good, "drawn": None}, {**good, "drawn": 99}, {**good, "placed": [[1, 0, 0, 0]]},
        {**good, "placed": "x"}, {**good, "placed": [[0, 0, 0]]}, {**good, "markers": [[None, None]]},
        {**good, "markers": [[[5, 5, 0], None], [None, None]]}, {**good, "end_reason": "bored"},
        {**good, "set_aside": [None]}, {**good, "first_player": True},
    ]
    for data in broken:
        with pytest.raises(SnapshotError):
            GAME.restore(data)


def test_restore_refuses_two_markers_on_one_line():
    # The bridge's N-S piece and the straight's N-S piece are one line: a marker of each colour on
    # it is a connection, which can only be waiting (CONNECT), never left standing (N4).
    cells = {(0, 0): (0, 0), (0, 1): (3, 0)}
    assert build(cells, [[(0, 0, 0), None], [(0, 1, 0), None]], phase=CONNECT).phase == CONNECT
    for phase, extra in ((OCCUPY, {}), (PLACE, {"drawn": 1})):
        with pytest.raises(SnapshotError, match="two markers on one line"):
            build(cells, [[(0, 0, 0), None], [(0, 1, 0), None]], phase=phase, **extra)
    with pytest.raises(SnapshotError, match="one marker of each colour"):
        build(cells, [[(0, 0, 0), (0, 1, 0)], [None, None]], phase=CONNECT)


def test_restore_refuses_tiles_that_do_not_fit_in_the_4x4_square():
    row = {(x, 0): (tile, 0) for x, tile in zip(range(4), (0, 1, 2, 3), strict=True)}
    assert len(build(row, [[None, None], [None, None]], phase=OCCUPY).placed) == 4
    with pytest.raises(SnapshotError, match="could not have been placed"):
        build({**row, (4, 0): (4, 0)}, [[None, None], [None, None]], phase=OCCUPY)


def test_restore_refuses_a_drawn_tile_that_cannot_be_placed():
    # N5 and ruling 6: a drawn tile with no legal placement is set aside at once, so a saved game
    # never waits on one; restoring such a save would leave the player to act without any move.
    hole = (3, 3)
    cells = without(EXAMPLE, hole)
    cells[(0, 3)] = (7, 0)  # the crossroads (tile 2) is left over
    side = facing(cells, hole)
    markers = [[side["N"], side["W"]], [None, None]]  # two yellow lines face the only free square
    with pytest.raises(SnapshotError, match="cannot be placed"):
        build(cells, markers, phase=PLACE, drawn=2, stack=[])
    playable = build(cells, [[side["N"], None], [side["W"], None]], phase=PLACE, drawn=2, stack=[])
    assert GAME.legal(playable, 0)


def test_restore_refuses_an_end_the_rules_could_not_reach():
    # N5: the game ends when the stack is used up: by the last tile placed, or set aside.
    cells = without(EXAMPLE, (3, 3))
    nobody = [[None, None], [None, None]]
    tile = EXAMPLE[(3, 3)][0]
    assert build(cells, nobody, phase=OVER, stack=[], set_aside=[tile],
                 end_reason="last_tile_unplaceable").phase == OVER
    with pytest.raises(SnapshotError, match="tiles left"):
        build(cells, nobody, phase=OVER, stack=[tile], end_reason="stack_empty")
    with pytest.raises(SnapshotError, match="set aside"):
        build(EXAMPLE, nobody, phase=OVER, end_reason="last_tile_unplaceable")

def random_game(seed, choices):
    """Play legal actions picked by ``choices`` (cycled); yields (state, seat, action, events)."""
    state = GAME.setup(2, seed)
    step = 0
    while state.phase != OVER:
        seat = GAME.to_act(state)[0]
        legal = GAME.legal(state, seat)
        action = legal[choices[step % len(choices)] % len(legal)]
        events = GAME.apply(state, seat, action)
        step += 1
        yield state, seat, action, events


def played_until(seed, choices, stop):
    """The state after ``stop`` random legal actions (or at the end of the game, if sooner)."""
    for step, (state, _, _, _) in enumerate(random_game(seed, choices)):  # noqa: B007
        if step == stop:
            break
    return state


def assert_invariants(state):
    placed = [tile for _, tile, _ in state.placed]
    every = placed + state.stack + state.set_aside + ([state.drawn] if state.drawn is not None else [])
    assert sorted(every) == list(range(16))
    view = GAME.view(state, None)
    for seat, own in enumerate(state.markers):
        on_field = [ref for ref in own if ref is not None]
        assert len(own) == 2 and all(ref in state.lines.line_of for ref in on_field)
        assert len({state.lines.line_of[ref] for ref in on_field}) == len(on_field)
        shown = [entry for entry in view["markers"][seat] if entry["line"] is not None]
        assert len(shown) == len(on_field)
    crowded = [line for line in range(len(state.lines.members)) if len(state.markers_on(line)) > 1]
    assert crowded == [] or (state.phase == CONNECT and len(crowded) == 1)
    if state.phase != CONNECT:
        assert sum(1 for line in view["lines"] if line["marker"]) == sum(
            ref is not None for own in state.markers for ref in own)
    if state.board.cells:
        min_x, min_y, max_x, max_y = state.board.bounds()
        assert max_x - min_x < 4 and max_y - min_y < 4


@given(st.integers(0, 2**32), st.lists(st.integers(0, 1000), min_size=1, max_size=40))
def test_random_legal_play_keeps_every_invariant(seed, choices):
    for state, _, _, events in random_game(seed, choices):
        assert_invariants(state)
        msgpack.packb(events)
        for event in events:
            assert isinstance(event["type"], str)
    outcome = GAME.outcome(state)
    assert set(outcome) >= {"winners", "draw", "scores", "blue", "routes"}
    assert outcome["draw"] == (outcome["winners"] == [])
    assert sum(r["points"] for r in outcome["routes"]) == sum(outcome["scores"])
    if not state.set_aside:
        assert len(state.board.cells) == 16
    msgpack.unpackb(msgpack.packb(GAME.view(state, 0)), strict_map_key=True)


def all_candidate_actions(state, seat):
    """Every action of the current phase's kinds over a generous window: legal or not."""
    if state.phase == PLACE:
        min_x, min_y, max_x, max_y = state.board.bounds() if state.board.cells else (0, 0, 0, 0)
        return [{"type": "place", "x": x, "y": y, "rot": rot} for x in range(min_x - 2, max_x + 3)
                for y in range(min_y - 2, max_y + 3) for rot in range(4)]
    ids = [*state.lines.ids, "supply", "0,0,9"]
    return [{"type": "skip"}, *({"type": kind, "line": line, "from": source} for kind in ("occupy",)
                                for line in ids for source in ids),
            *({"type": "connect_marker", "from": source} for source in ids)]


@settings(max_examples=6)
@given(st.integers(0, 2**32), st.lists(st.integers(0, 1000), min_size=1, max_size=40))
def test_legal_lists_exactly_the_actions_check_accepts(seed, choices):
    state = GAME.setup(2, seed)
    step = 0
    while state.phase != OVER:
        seat = GAME.to_act(state)[0]
        legal = GAME.legal(state, seat)
        accepted = [a for a in all_candidate_actions(state, seat) if GAME.check(state, seat, a) is None]
        assert sorted(map(repr, accepted)) == sorted(map(repr, legal))
        assert GAME.legal(state, 1 - seat) == []
        GAME.apply(state, seat, legal[choices[step % len(choices)] % len(legal)])
        step += 1


@given(st.integers(0, 2**32), st.integers(0, 40), st.sampled_from(
    ["rng", "stack", "first_player", "current", "phase", "drawn", "placed", "set_aside", "markers",
     "end_reason"]), st.recursive(st.none() | st.booleans() | st.integers(-3, 20) | st.text(max_size=3),
                                  lambda inner: st.lists(inner, max_size=4), max_leaves=8))
def test_restore_of_a_damaged_snapshot_succeeds_or_raises_snapshot_error(seed, stop, key, junk):
    damaged = {**GAME.snapshot(played_until(seed, [1, 5, 2], stop)), key: junk}
    try:
        restored = GAME.restore(damaged)
    except SnapshotError:
        return
    assert GAME.snapshot(restored) == damaged  # accepted only when it is a valid snapshot after all


@given(st.integers(0, 2**32), st.lists(st.integers(0, 1000), min_size=1, max_size=40), st.integers(0, 40))
def test_snapshot_restore_plays_on_identically(seed, choices, stop):
    state = played_until(seed, choices, stop)
    wire = msgpack.unpackb(msgpack.packb(GAME.snapshot(state)), strict_map_key=True)
    copy = GAME.restore(wire)
    assert GAME.snapshot(copy) == GAME.snapshot(state)
    step = 0
    while state.phase != OVER:
        seat = GAME.to_act(state)[0]
        assert GAME.legal(copy, seat) == GAME.legal(state, seat)
        legal = GAME.legal(state, seat)
        action = legal[choices[step % len(choices)] % len(legal)]
        assert GAME.apply(copy, seat, action) == GAME.apply(state, seat, action)
        assert GAME.view(copy, seat) == GAME.view(state, seat)
        step += 1
    assert GAME.outcome(copy) == GAME.outcome(state)


@given(st.integers(0, 2**32), st.lists(st.integers(0, 1000), min_size=1, max_size=40), st.integers(0, 30),
       st.randoms(use_true_random=False))
def test_the_view_never_shows_the_stack_order(seed, choices, stop, shuffler):
    state = played_until(seed, choices, stop)
    data = GAME.snapshot(state)
    shuffled = dict(data, stack=list(data["stack"]))
    shuffler.shuffle(shuffled["stack"])
    other = GAME.restore(shuffled)
    for seat in (0, 1, None):
        assert GAME.view(other, seat) == GAME.view(state, seat)
    for seat in (0, 1):
        assert GAME.legal(other, seat) == GAME.legal(state, seat)


def test_view_is_the_same_public_picture_for_every_seat():
    state = build(EXAMPLE, [[YELLOW_1, YELLOW_2], [GREEN_3, GREEN_4]], phase=OVER, end_reason="stack_empty")
    views = [GAME.view(state, seat) for seat in (0, 1, None)]
    assert [v["seat"] for v in views] == [0, 1, None]
    assert all({**v, "seat": None} == {**views[2]} for v in views)
    assert views[0]["outcome"]["winners"] == [0]
    marked = {line["id"]: line["marker"] for line in views[0]["lines"] if line["marker"]}
    assert marked[line_id(state, YELLOW_1)] == {"seat": 0, "marker": 0}
    assert GAME.view_event(state, {"type": "draw", "seat": 0, "tile": 3, "left": 2}, 1)["tile"] == 3
    assert GAME.secrets(state) == {"stack": []}


# -- whole games --------------------------------------------------------------------------------------------

SIDES = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def assert_route_follows_n6(entry, view):
    """One scored route against N6 in the test's own terms: its kind by the rhombs on its line, ends
    that are rhombs of the tile data (their colour too) or sides facing no tile, and the points."""
    tiles = {(item["x"], item["y"]): item["tile"] for item in view["board"]}
    line = next(line for line in view["lines"] if line["id"] == entry["line"])
    rhombs = sum(1 for x, y, piece in line["pieces"] for owner in TILES[tiles[(x, y)]].rhomb_piece.values()
                 if owner == piece)
    if entry["kind"] is None:
        assert entry["points"] == 0
        return
    assert entry["kind"] == ("rhombs" if rhombs >= 2 else "rhomb_to_edge" if rhombs == 1 else "edge_to_edge")
    cells = [tuple(cell) for cell in entry["cells"]]
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(cells, cells[1:], strict=False))
    assert entry["tiles"] == len(set(cells))
    for end in entry["ends"]:
        x, y = end["cell"]
        if end["kind"] == "rhomb":
            node = next(node for node in TILE_DATA["tiles"][tiles[(x, y)]]["nodes"] if node["id"] == end["where"])
            assert node["kind"] == "rhomb" and node["colour"] == end["colour"]
            assert [x, y, TILES[tiles[(x, y)]].rhomb_piece[end["where"]]] in line["pieces"]
        else:
            dx, dy = SIDES[end["where"]]
            assert (x + dx, y + dy) not in tiles
    rhomb_ends = [end for end in entry["ends"] if end["kind"] == "rhomb"]
    assert len(rhomb_ends) == min(rhombs, 2) and entry["enclosed"] == (len(rhomb_ends) == 2)
    assert entry["blue"] == sum(1 for end in rhomb_ends if end["colour"] == "blue")
    assert entry["points"] == entry["tiles"] + entry["enclosed"] + entry["blue"]


@pytest.mark.parametrize(("seed", "levels"), [(1, ("easy", "normal")), (2, ("greedy", "easy"))])
def test_a_bot_game_keeps_every_rule_to_its_end(seed, levels):
    # Seeded bot games through the Match, checked after every action against the rule text: the 16
    # tiles all accounted for, each laid next to an earlier one inside one 4 x 4 square, one marker
    # per line, turns alternating, and at the end every route and the winner as N6 words them.
    match = Match("liniell", [SeatInfo("A"), SeatInfo("B")], seed=seed, options={"first_player": None})
    bots = [make_bot("liniell", level, seed + seat) for seat, level in enumerate(levels)]
    laid: list[tuple[int, int]] = []
    while not match.finished:
        seat = match.to_act()[0]
        action = bots[seat].decide(match.view(seat))
        assert match.submit(seat, action).ok
        view = match.view(None)
        tiles = [item["tile"] for item in view["board"]] + view["unseen"] + view["set_aside"]
        assert sorted(tiles + ([view["drawn"]] if view["drawn"] is not None else [])) == list(range(16))
        cells = [(item["x"], item["y"]) for item in view["board"]]
        if len(cells) > len(laid):
            new = cells[-1]
            assert laid == cells[:-1] and (not laid or any((new[0] + dx, new[1] + dy) in laid
                                                           for dx, dy in SIDES.values()))
            laid = cells
            assert max(x for x, _ in laid) - min(x for x, _ in laid) < 4
            assert max(y for _, y in laid) - min(y for _, y in laid) < 4
        on_lines = sum(entry["line"] is not None for own in view["markers"] for entry in own)
        if view["phase"] != CONNECT:  # only a connection waiting to be made has two on one line
            assert on_lines == sum(1 for line in view["lines"] if line["marker"])
        if action["type"] != "place" and not match.finished:
            assert match.to_act() == [1 - seat]  # after a turn the other player draws
    view = match.view(None)
    outcome = view["outcome"]
    assert view["stack_size"] == 0 and len(view["board"]) + len(view["set_aside"]) == 16
    for entry in outcome["routes"]:
        assert_route_follows_n6(entry, view)
    scores = [sum(entry["points"] for entry in outcome["routes"] if entry["seat"] == seat) for seat in (0, 1)]
    blue = [sum(entry["blue"] for entry in outcome["routes"] if entry["seat"] == seat) for seat in (0, 1)]
    assert (outcome["scores"], outcome["blue"]) == (scores, blue)
    ranked = sorted((scores[seat], blue[seat], seat) for seat in (0, 1))
    tied = ranked[0][:2] == ranked[1][:2]
    assert (outcome["winners"], outcome["draw"]) == (([], True) if tied else ([ranked[1][2]], False))
