"""Liniell tile geometry and what the table derives from a view, checked against the rules core."""

from __future__ import annotations

import math

import pygame
import pytest

from game.bots import make_bot
from game.core.liniell import GAME
from game.core.liniell.tiles import TILES, field_direction
from game.match import Match, SeatInfo
from game.render.liniell import art
from game.render.liniell.geometry import PORT_AT, rotate_point, tile_shape
from game.tables.liniell.model import TableModel

BRIDGES = {0, 11}  # the two tiles on which one line passes over another


def test_every_piece_can_be_pointed_at_and_turns_with_its_tile() -> None:
    for tile in TILES:
        base = tile_shape(tile.id, 0)
        assert bool(base.crossings) == (tile.id in BRIDGES)
        for rot in range(4):
            shape = tile_shape(tile.id, rot)
            assert shape.pieces == tile.pieces
            for piece in range(tile.pieces):
                assert shape.anchors[piece] == rotate_point(base.anchors[piece], rot)
                inner = [p for points in shape.piece_points(piece) for p in points
                         if min(p[0], 1 - p[0], p[1], 1 - p[1]) > 0.06]
                assert any(shape.piece_at(p) == piece for p in inner), (tile.id, rot, piece)
            # A line leaves through the port its piece owns, wherever the tile is turned.
            for port in range(4):
                piece = tile.port_piece[port]
                side = PORT_AT[field_direction(port, rot)]
                ends = [points[i] for points in shape.piece_points(piece) for i in (0, -1)]
                assert any(math.dist(end, side) < 1e-9 for end in ends)
            assert shape.piece_at((0.02, 0.98)) is None  # a bare corner is no line


def test_blue_and_white_rhombs_are_painted_in_their_colours() -> None:
    pygame.init()
    size = 200
    for tile in (3, 9):  # a blue and a white rhomb each
        image = art.tile_image(tile, 0, size)
        for node in tile_shape(tile, 0).nodes:
            if node.kind != "rhomb":
                continue
            # A point inside the unlit half of the gem, away from the facet and the rim.
            x = node.at[0] + node.towards[0] * 0.05 - node.towards[1] * -0.03
            y = node.at[1] + node.towards[1] * 0.05 + node.towards[0] * -0.03
            colour = tuple(image.get_at((int(x * size), int(y * size))))[:3]
            expected = art.BLUE_RHOMB if node.colour == "blue" else art.WHITE_RHOMB
            assert all(abs(a - b) <= 12 for a, b in zip(colour, expected, strict=True)), (tile, node.id, colour)


def test_the_model_agrees_with_the_core_along_a_whole_game() -> None:
    match = Match("liniell", [SeatInfo("A"), SeatInfo("B")], 17)
    bots = [make_bot("liniell", "easy", 170 + seat) for seat in range(2)]
    first = TableModel(match.view(0))
    assert first.region() == (-3, -3, 3, 3) and not first.settled()
    while not match.finished:
        seat = match.to_act()[0]
        model = TableModel(match.view(seat))
        if model.phase == "place":
            legal = {(a["x"], a["y"], a["rot"]) for a in GAME.legal(match.state, seat)}
            shown = {(x, y, rot) for x, y in model.open_cells for rot in model.legal_rotations((x, y))}
            assert shown == legal
            if model.tiles:  # the region is every 4 x 4 square that still holds the field
                width = max(x for x, _ in model.tiles) - min(x for x, _ in model.tiles) + 1
                x0, _, x1, _ = model.region()
                assert x1 - x0 + 1 == 8 - width
        if model.phase == "occupy":
            free = set(model.free_lines_on_last())
            assert free == {a["line"] for a in GAME.legal(match.state, seat) if a["type"] == "occupy"}
        match.submit(seat, bots[seat].decide(match.view(seat)))
    final = TableModel(match.view(None))
    assert final.settled() or final.view["set_aside"]
    assert final.provisional == match.outcome()["scores"]  # "points now" at the end is the real count


def test_markers_carry_their_owners_initial():
    from game.render.liniell.art import marker_image
    plain = marker_image((232, 150, 90), 20)
    lettered = marker_image((232, 150, 90), 20, letter="A")
    assert plain.get_size() == lettered.get_size()
    differs = sum(plain.get_at((x, y)) != lettered.get_at((x, y))
                  for x in range(plain.get_width()) for y in range(plain.get_height()))
    assert differs > 20  # the letter is drawn on the top face



@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_tiles_set_aside_stand_clear_of_the_stacks_count(app, monkeypatch, scale) -> None:
    """A tile set aside was drawn with its "set aside" word over the "3 tiles left" (or "stack empty")
    under the stack, and the tray's tiles over both: each now has its own room inside the card, also at
    the largest text size."""
    from game.tables.liniell import panel
    from game.ui import theme
    from tests.client.helpers import record_drawn_sizes

    drawn = record_drawn_sizes(monkeypatch)
    theme.set_ui_scale(scale)
    try:
        for stack in (3, 0):
            drawn.clear()
            panel.draw_tile_card(pygame.Surface((1920, 1080)), "Tile placed", None, stack, [5, 7, 9], "")
            words = {text: rect for text, _size, rect in drawn}
            size_of = {text: size for text, size, _rect in drawn}
            label = "stack empty" if stack == 0 else f"{stack} tiles left"
            count = words[label]
            aside = words["set aside"]
            assert not count.colliderect(aside), (count, aside)
            tray = panel.set_aside_rects(3)
            stack_rect = panel.stack_rect(stack, panel.stack_y(label, size_of[label]))
            for rect in [count, aside, *tray]:
                assert panel.TILE_CARD.contains(rect), rect
                assert not rect.colliderect(panel.TILE_SPOT) and not rect.colliderect(stack_rect), rect
            assert not any(rect.colliderect(aside) or rect.colliderect(count) for rect in tray)
    finally:
        theme.set_ui_scale(1.0)
