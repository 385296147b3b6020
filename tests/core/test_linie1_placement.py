"""Placement rules a-e (L1, L2), exchanges (L3) and stop signs (L5), with the rulebook's examples."""

import pytest

from game.core.linie1.board import Board
from tests.core.linie1_helpers import board_with, rot_of, straight

CURVE_NW = rot_of(2, "NW")


def code(rejection):
    return rejection.code if rejection else None


# -- page 2: what may and may not be laid, one example per rule ----------------------------------
def test_a_tile_goes_on_the_cobblestones_only():
    assert code(Board().check_place(1, (0, 5), 0)) == "linie1.rule_a_outside_playfield"
    assert code(Board().check_place(1, (13, 13), 0)) == "linie1.rule_a_outside_playfield"


def test_rule_a_no_rail_off_the_board():
    rejection = Board().check_place(1, (5, 12), rot_of(1, "EW"))
    assert code(rejection) == "linie1.rule_a_off_board"
    assert "off the board" in rejection.message


def test_rule_b_no_rail_into_a_building():
    rejection = Board().check_place(1, (5, 6), rot_of(1, "NS"))  # the Museum is north of (5, 6)
    assert code(rejection) == "linie1.rule_b_into_building"
    assert rejection.message == "Rule b: the track would run into the Museum."


def test_a_building_named_for_its_owner_takes_no_article() -> None:
    from game.core.linie1.board import _the

    assert _the("Charly's Pub") == "Charly's Pub" and _the("Bahnhof") == "the Bahnhof"


def test_rule_c_no_tile_on_a_building():
    assert code(Board().check_place(1, (4, 6), 0)) == "linie1.rule_c_covers_building"


def test_rule_d_the_track_of_a_laid_tile_may_not_be_blocked():
    board = board_with(straight((8, 5), "EW"))
    assert code(board.check_place(1, (8, 6), rot_of(1, "NS"))) == "linie1.rule_d_blocks_track"


def test_rule_d_a_rail_may_not_run_into_the_side_of_a_tile():
    board = board_with(straight((8, 5), "NS"))
    assert code(board.check_place(1, (8, 6), rot_of(1, "EW"))) == "linie1.rule_d_into_trackless_side"


def test_rule_d_a_terminal_may_not_be_blocked():
    rejection = Board().check_place(1, (2, 12), rot_of(1, "NS"))  # in front of line 1's terminal
    assert code(rejection) == "linie1.rule_d_blocks_terminal"
    assert "line 1" in rejection.message
    assert Board().check_place(1, (2, 12), rot_of(1, "EW")) is None


def test_rule_e_a_rail_into_a_square_that_can_never_be_continued():
    # (1, 1) has the border to its north and west; a straight at (1, 2) closes its east side.
    board = board_with(straight((1, 2), "NS"))
    assert code(board.check_place(2, (2, 1), CURVE_NW)) == "linie1.rule_e_dead_end"
    assert board.check_place(2, (2, 1), CURVE_NW, strict=False) is None  # option strict_dead_ends off


def test_rule_e_also_forbids_closing_the_last_way_out_of_a_square():
    board = board_with((2, (2, 1), CURVE_NW))  # its rail points into (1, 1), which still opens east
    assert code(board.check_place(1, (1, 2), rot_of(1, "NS"))) == "linie1.rule_e_dead_end"
    assert board.check_place(1, (1, 2), rot_of(1, "NS"), strict=False) is None


def test_allowed_placements_continue_track_or_lead_into_free_squares():
    board = board_with(straight((8, 5), "EW"))
    assert board.check_place(1, (8, 6), rot_of(1, "EW")) is None
    assert board.check_place(2, (8, 6), rot_of(2, "SW")) is None
    assert board.check_place(1, (5, 5), 0) is None  # anywhere free, touching nothing


def test_occupied_square_needs_an_exchange():
    board = board_with(straight((8, 5), "EW"))
    assert code(board.check_place(1, (8, 5), rot_of(1, "EW"))) == "linie1.occupied"


def test_when_several_rules_are_broken_the_first_letter_is_reported():
    # A curve at (2, 12) runs from line 1's terminal north into (1, 12). A curve N-E there leads off
    # the board twice (rule a) and also blocks that track from the south (rule d): a is named.
    board = board_with((2, (2, 12), rot_of(2, "NE")))
    rejection = board.check_place(2, (1, 12), rot_of(2, "NE"))
    assert code(rejection) == "linie1.rule_a_off_board"
    assert code(board.check_place(1, (1, 12), rot_of(1, "EW"))) == "linie1.rule_a_off_board"
    assert code(board.check_place(2, (1, 12), rot_of(2, "SW"))) is None


# -- page 3, top left: what may be laid between two tiles ---------------------------------------
def test_between_two_straights_only_tiles_joining_both_fit():
    board = board_with(straight((5, 3), "EW"), straight((5, 5), "EW"))
    assert board.check_place(1, (5, 4), rot_of(1, "EW")) is None  # straight
    assert board.check_place(10, (5, 4), 0) is None  # crossing
    assert board.check_place(7, (5, 4), rot_of(7, "EW", "NE", "NW")) is None
    assert code(board.check_place(2, (5, 4), rot_of(2, "NE"))) == "linie1.rule_d_blocks_track"
    assert code(board.check_place(3, (5, 4), rot_of(3, "NS", "SW"))) == "linie1.rule_d_blocks_track"


# -- page 3, middle left: exchanges --------------------------------------------------------------
MIDDLE = (9, 9)


def test_straight_plus_curve_may_become_tiles_that_keep_both_rails():
    board = board_with((4, MIDDLE, rot_of(4, "NS", "SE")))
    assert board.check_exchange(12, MIDDLE, rot_of(12, "NS", "NW", "SE")) is None
    assert board.check_exchange(7, MIDDLE, rot_of(7, "NS", "NE", "SE")) is None  # curves to the east
    assert board.check_exchange(8, MIDDLE, rot_of(8, "NS", "SE", "SW")) is None
    # not the four-curve tile, nor tile 7 with its curves the other way, nor the mirror image
    for tile, rot in ((9, 0), (7, rot_of(7, "NS", "NW", "SW")), (11, rot_of(11, "NS", "NE", "SW"))):
        assert code(board.check_exchange(tile, MIDDLE, rot)) == "linie1.exchange_loses_track"


def test_the_mirror_image_takes_the_mirrored_upgrades():
    board = board_with((3, MIDDLE, rot_of(3, "NS", "SW")))
    assert board.check_exchange(11, MIDDLE, rot_of(11, "NS", "NE", "SW")) is None
    assert board.check_exchange(7, MIDDLE, rot_of(7, "NS", "NW", "SW")) is None
    assert code(board.check_exchange(12, MIDDLE, rot_of(12, "NS", "NW", "SE"))) == "linie1.exchange_loses_track"


def test_an_exchange_must_add_something_and_trees_stay():
    board = board_with((4, MIDDLE, rot_of(4, "NS", "SE")), (10, (5, 5), 0))
    assert code(board.check_exchange(4, MIDDLE, rot_of(4, "NS", "SE"))) == "linie1.exchange_adds_nothing"
    assert code(board.check_exchange(9, (5, 5), 0)) == "linie1.exchange_tree_tile"
    assert code(board.check_exchange(1, (5, 6), 0)) == "linie1.exchange_empty_square"


def test_two_opposite_curves_may_become_four_curves_without_new_edges():
    board = board_with((6, MIDDLE, rot_of(6, "NE", "SW")))
    assert board.check_exchange(9, MIDDLE, 0) is None


def test_new_rails_of_an_exchange_obey_the_laying_rules():
    board = board_with(straight((5, 7), "NS"), straight((5, 8), "NS"))
    # adding a curve toward (5, 8) would run into its trackless side
    assert code(board.check_exchange(4, (5, 7), rot_of(4, "NS", "SE"))) == "linie1.rule_d_into_trackless_side"


# -- page 3, top right: two side-by-side tiles exchanged together ---------------------------------
def test_side_by_side_exchange_legal_only_together():
    board = board_with(straight((5, 7), "NS"), straight((5, 8), "NS"))
    first = (4, (5, 7), rot_of(4, "NS", "SE"))
    second = (3, (5, 8), rot_of(3, "NS", "SW"))
    assert board.check_exchange(*first) is not None
    assert board.check_exchange(*second) is not None
    assert board.check_double_exchange(first, second) is None
    joint = list(board.joint_exchanges([3, 4, 1, 1, 2]))
    assert (first, second) in joint


def test_side_by_side_exchange_needs_neighbours_and_a_full_upgrade():
    board = board_with(straight((5, 7), "NS"), straight((5, 9), "NS"))
    first = (4, (5, 7), rot_of(4, "NS", "SE"))
    assert code(board.check_double_exchange(first, (3, (5, 9), 0))) == "linie1.exchange_pair_not_adjacent"


# -- page 3, middle right: stop signs -------------------------------------------------------------
def test_stop_sign_goes_on_the_first_tile_beside_the_building_only():
    board = Board()
    assert board.set_tile((4, 10), 1, rot_of(1, "NS")) == "H"  # tile A, west of the Hallenbad
    for cell, direction in (((3, 11), "EW"), ((5, 11), "EW"), ((4, 12), "NS")):  # B, C, D
        assert board.set_tile(cell, 1, rot_of(1, direction)) is None
    for diagonal in ((3, 10), (5, 12), (3, 12), (5, 10)):  # X: diagonal squares never get it
        assert board.set_tile(diagonal, 1, 0) is None
    assert board.signs == {"H": (4, 10)}


def test_an_entry_square_beside_a_building_serves_its_terminal_and_takes_the_sign():
    """Gap (docs/linie1.md, Components): four terminal entries lie beside a building on the map.
    On (6, 1) the rail must run west into Auf der Schmelz, never north into the E-Werk."""
    board = Board()
    assert code(board.check_place(2, (6, 1), rot_of(2, "NW"))) == "linie1.rule_b_into_building"
    assert code(board.check_place(2, (6, 1), rot_of(2, "ES"))) == "linie1.rule_d_blocks_terminal"
    assert board.check_place(2, (6, 1), rot_of(2, "SW")) is None
    assert board.check_place(1, (6, 1), rot_of(1, "EW")) is None
    assert board.set_tile((6, 1), 2, rot_of(2, "SW")) == "E"
    for cell, side_tile in (((12, 6), (2, "SE")), ((7, 12), (2, "NE")), ((1, 7), (2, "NW"))):
        assert Board().check_place(1, cell, rot_of(1, "EW" if cell[0] in (1, 12) else "NS")) is not None
        assert Board().check_place(side_tile[0], cell, rot_of(*side_tile)) is None, cell


def test_an_exchange_keeps_the_sign_and_never_places_one():
    board = board_with((4, (4, 10), rot_of(4, "NS", "SE")))
    assert board.signs == {"H": (4, 10)}
    assert board.set_tile((4, 10), 12, rot_of(12, "NS", "NW", "SE")) is None
    assert board.signs == {"H": (4, 10)}


# -- the fast enumeration agrees with the explaining checks ---------------------------------------
@pytest.mark.parametrize("strict", [True, False])
def test_allowed_masks_agree_with_check_place(strict):
    board = board_with(straight((5, 3), "EW"), straight((5, 5), "EW"), straight((1, 2), "NS"),
                       (2, (2, 1), CURVE_NW), straight((8, 8), "NS"))
    for cell in board.free_cells():
        for tile in range(1, 13):
            for rot in range(4):
                fast = bool(board.allowed_masks(cell, strict) >> _mask(tile, rot) & 1)
                assert fast == (board.check_place(tile, cell, rot, strict) is None), (cell, tile, rot)


def _mask(tile, rot):
    from game.core.linie1.data import MASKS
    return MASKS[(tile, rot)]


def test_the_board_view_is_one_value_until_the_next_tile():
    board = Board()
    board.set_tile((2, 2), 1, 0)
    first = board.to_view()
    assert board.to_view() is first  # six seats' views share it; the host diffs and hashes it once
    assert board.copy().to_view() == first
    board.set_tile((2, 3), 1, 1)
    second = board.to_view()
    assert second is not first and len(second["tiles"]) == 2 and len(first["tiles"]) == 1
    assert Board.from_view(second).to_view() == second
