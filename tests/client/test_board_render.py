"""The Linie 1 board renderer: tram geometry, the cached static layer, and golden images."""

import math

import pygame
import pytest

from game.render.linie1.board import Linie1Board, is_tree_face, tile_segments
from game.render.linie1.geometry import edge_midpoint, rotate_segments, tram_path
from tests.client.make_golden import GOLDEN, scenes

RECT = (100.0, 200.0, 80.0, 80.0)


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((16, 16))


@pytest.mark.parametrize("entry,exit_", [("W", "E"), ("N", "S"), ("E", "W"), ("S", "N")])
def test_straight_paths_run_edge_to_edge(entry, exit_):
    start = tram_path(RECT, entry, exit_, 0)
    end = tram_path(RECT, entry, exit_, 1)
    assert start[:2] == pytest.approx(edge_midpoint(RECT, entry))
    assert end[:2] == pytest.approx(edge_midpoint(RECT, exit_))
    middle = tram_path(RECT, entry, exit_, 0.5)
    assert middle[:2] == pytest.approx((140.0, 240.0))
    assert start[2] == pytest.approx(end[2])  # no turning on a straight


@pytest.mark.parametrize("entry,exit_", [("N", "E"), ("E", "N"), ("S", "W"), ("W", "S"), ("N", "W"), ("E", "S")])
def test_curves_are_true_quarter_circles(entry, exit_):
    corner_x = 180.0 if "E" in (entry, exit_) else 100.0
    corner_y = 280.0 if "S" in (entry, exit_) else 200.0
    for step in range(11):
        x, y, _ = tram_path(RECT, entry, exit_, step / 10)
        assert math.hypot(x - corner_x, y - corner_y) == pytest.approx(40.0)
    assert tram_path(RECT, entry, exit_, 1)[:2] == pytest.approx(edge_midpoint(RECT, exit_))
    start_heading = tram_path(RECT, entry, exit_, 0)[2]
    end_heading = tram_path(RECT, entry, exit_, 1)[2]
    turn = (end_heading - start_heading + 180) % 360 - 180
    assert abs(turn) == pytest.approx(90.0)


def test_heading_follows_the_direction_of_travel():
    # Entering from the west and turning north: first heading east (0°), finally north (90°).
    assert tram_path(RECT, "W", "N", 0)[2] == pytest.approx(0.0)
    assert tram_path(RECT, "W", "N", 1)[2] == pytest.approx(90.0)
    a = tram_path(RECT, "W", "N", 0.50)
    b = tram_path(RECT, "W", "N", 0.51)
    moved = math.degrees(math.atan2(-(b[1] - a[1]), b[0] - a[0])) % 360
    assert moved == pytest.approx(a[2], abs=2)
    with pytest.raises(ValueError):
        tram_path(RECT, "N", "N", 0.5)


def test_terminal_loop_enters_one_cell_and_leaves_the_other():
    board = Linie1Board(50, labels=False)
    cells = [(2, 13), (3, 13)]
    start = board.terminal_path(cells, 0)
    end = board.terminal_path(cells, 1)
    assert start[:2] == pytest.approx(edge_midpoint(board.cell_rect((2, 13)), "W"))
    assert end[:2] == pytest.approx(edge_midpoint(board.cell_rect((3, 13)), "W"))
    assert start[2] == pytest.approx(0.0)  # heading east, out of the playfield
    assert end[2] == pytest.approx(180.0)  # coming back west
    for step in range(21):
        x, y, _ = board.terminal_path(cells, step / 20)
        assert board.cell_rect((2, 13)).union(board.cell_rect((3, 13))).inflate(2, 2).collidepoint(x, y)


def test_rotation_and_tree_faces():
    assert rotate_segments([["N", "E"]], 1) == [["E", "S"]]
    assert tile_segments(2, 3) == [["W", "N"]]
    assert all(is_tree_face(tile_segments(kind, turn)) for kind in range(7, 13) for turn in range(4))
    assert not any(is_tree_face(tile_segments(kind, turn)) for kind in range(1, 7) for turn in range(4))


def test_cell_lookup_round_trips():
    board = Linie1Board(40, labels=False)
    origin = (300, 20)
    for cell in [(0, 0), (5, 7), (13, 13)]:
        assert board.cell_at(board.cell_rect(cell, origin).center, origin) == cell
    assert board.cell_at((299, 25), origin) is None


def test_static_layer_is_cached_until_the_tiles_change():
    board = Linie1Board(20, labels=False)
    tiles = {(5, 5): tile_segments(1, 0)}
    first = board.static_layer(tiles, {})
    assert board.static_layer(dict(tiles), {}) is first
    assert board.redraws == 1
    tiles = {**tiles, (5, 6): tile_segments(2, 1)}  # a change comes as new mappings
    board.static_layer(tiles, {})
    board.static_layer(tiles, {"M": (5, 6)})
    assert board.redraws == 3


def test_the_very_same_mappings_are_not_even_compared(monkeypatch):
    board = Linie1Board(20, labels=False)
    tiles, signs = {(5, 5): tile_segments(1, 0)}, {"M": (5, 6)}
    first = board.static_layer(tiles, signs)
    monkeypatch.setattr("game.render.linie1.board._segments_key", lambda segments: 1 / 0)  # no key is built
    assert board.static_layer(tiles, signs) is first and board.redraws == 1


def _difference(a: pygame.Surface, b: pygame.Surface) -> tuple[float, float]:
    """Mean absolute channel difference, and the share of pixels off by more than 48 in a channel."""
    assert a.get_size() == b.get_size()
    a, b = a.convert(), b.convert()  # compare what is seen: colour over black
    over, under = a.copy(), b.copy()
    over.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)  # max(a - b, 0)
    under.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)  # max(b - a, 0)
    over.blit(under, (0, 0), special_flags=pygame.BLEND_RGB_ADD)  # |a - b|
    raw = pygame.image.tobytes(over, "RGB")
    mean = sum(raw) / len(raw)
    close = pygame.mask.from_threshold(over, (0, 0, 0, 255), (49, 49, 49, 255)).count()
    return mean, 1 - close / (a.get_width() * a.get_height())


def test_the_comparison_sees_a_real_change():
    pictures = scenes()
    board = Linie1Board(24, labels=False)
    changed = board.static_layer({(5, 5): tile_segments(9, 0)}, {}).copy()
    mean, far = _difference(changed, pictures["board_empty"])
    assert far > 0.002 and mean > 0.2


@pytest.mark.parametrize("name", ["board_empty", "board_network", "tiles_all_rotations"])
def test_golden_images(name):
    fresh = scenes()[name]
    golden = pygame.image.load(str(GOLDEN / f"{name}.png"))
    mean, far = _difference(fresh, golden)
    assert mean < 1.5, f"{name} drifted from its golden image (mean diff {mean:.2f})"
    assert far < 0.005, f"{name}: {far:.2%} of pixels differ strongly"


def test_the_boards_letters_and_line_numbers_keep_their_size_at_any_text_size(monkeypatch):
    """The empty board is drawn once per program and kept: its buildings' letters and names and its
    terminals' line numbers are board art, sized to their squares, so a program started at 150 %
    draws the very board one started at 100 % does (the text size chosen later never reaches it)."""
    from game.render.linie1 import board as board_module
    from game.ui import theme

    def drawn_at(scale: float) -> bytes:
        monkeypatch.setattr(board_module, "_BASES", {})
        theme.set_ui_scale(scale)
        try:
            return pygame.image.tobytes(Linie1Board(56).base(), "RGBA")
        finally:
            theme.set_ui_scale(1.0)

    assert drawn_at(1.5) == drawn_at(1.0)
