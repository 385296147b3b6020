"""Linie 1's hand tiles carried with the pointer (``game.ui.drag``): the tile follows the pointer as it
was gripped, the square under it shows the ghost, let go on a legal square it is laid from there, let
go anywhere else it glides back to its slot; a click stays a click."""

from __future__ import annotations

import math

import pygame
import pytest

from game.match import SeatInfo
from game.tables.linie1 import layout
from game.tables.linie1 import staging as staging_module
from game.tables.linie1 import table as table_module
from game.ui.drag import DRAG_SLOP
from tests.client.helpers import click, key, run
from tests.client.test_linie1_table import (
    at_a_turns_end_with_the_pile_empty,
    cell_centre,
    drag,
    legal_cell,
    make_table,
    settle,
)

SEATS = [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")]


@pytest.fixture(autouse=True)
def brisk(app):
    app.settings.animation_speed = 3.0


def press(pos):
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)]


def move(pos):
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))]


def release(pos):
    return [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


@pytest.fixture
def carried(monkeypatch):
    """Every tile the table draws out of the hand this frame: (tile, rot, centre, size)."""
    drawn: list[tuple[int, int, tuple[float, float], int]] = []
    monkeypatch.setattr(table_module, "draw_carried",
                        lambda surface, tile, rot, centre, size, alpha=255: drawn.append((tile, rot, centre, size)))
    return drawn


def drawn_now(app, table, carried):
    carried.clear()
    table.draw(pygame.Surface((1920, 1080)))
    return list(carried)


def refused_cell(table):
    """A square the held tile is refused on: a building's."""
    return next(iter(table.board.buildings))


def test_a_pressed_tile_follows_the_pointer_as_it_was_gripped_over_the_panel_and_the_board(app, carried):
    table, _match = make_table(app, SEATS)
    slot = 1
    grip = layout.slot_rect(slot).move(25, 30).center  # off the tile's middle
    run(app, 0.02, press(grip))
    assert drawn_now(app, table, carried) == []  # pressed, not yet moved: it stays in its slot (a click may come)
    assert table._panel_frame().away is None
    lifted = table._slot_centre(slot)
    over_panel = (grip[0] - 60, grip[1] - 200)  # still over the side panel
    run(app, 0.02, move(over_panel))
    [(tile, _rot, centre, size)] = drawn_now(app, table, carried)
    assert tile == table.hand()[slot] and size == layout.SLOT
    assert centre == (over_panel[0] + lifted[0] - grip[0], over_panel[1] + lifted[1] - grip[1])  # held where gripped
    assert table._panel_frame().away == slot  # its slot stands empty while it is out
    cell = legal_cell(table, slot)
    over_board = cell_centre(table, cell)
    run(app, 0.02, move(over_board))
    [(_tile, _rot, centre, size)] = drawn_now(app, table, carried)
    assert size < layout.CELL  # smaller than a square: the ghost under it shows
    assert table.board.cell_at((round(centre[0]), round(centre[1])), layout.ORIGIN) == tuple(cell)
    assert table.ghost_shown() and table.ghost_action()["cell"] == list(cell)
    assert table.ghost_verdict() is None  # green, as today


def test_a_tile_carried_onto_a_legal_square_is_laid_from_where_it_was_let_go(app, carried, monkeypatch):
    table, match = make_table(app, SEATS)
    sources = []
    real = staging_module.TileFlight
    monkeypatch.setattr(staging_module, "TileFlight",
                        lambda source, *rest: sources.append(source) or real(source, *rest))
    slot = 2
    cell = legal_cell(table, slot)
    target = cell_centre(table, cell)
    run(app, 0.02, drag(layout.slot_rect(slot).center, target))
    laid = {tuple(t["cell"]) for t in match.view(0)["board"]["tiles"]}
    assert tuple(cell) in laid
    assert sources and math.dist(sources[0], target) < layout.CELL  # it flies in from the pointer, not the hand
    assert table.homing is None and table.carry is None


@pytest.mark.parametrize("where", ["refused square", "End turn", "seat row"])
def test_a_tile_let_go_where_it_cannot_go_glides_back_to_its_slot(app, carried, where):
    table, match = make_table(app, SEATS)
    slot = 3
    end = {"refused square": cell_centre(table, refused_cell(table)), "End turn": table.main_button.rect.center,
           "seat row": layout.player_row(1).center}[where]
    tile = table.hand()[slot]
    run(app, 0.02, drag(layout.slot_rect(slot).center, end))
    assert match.view(0)["board"]["tiles"] == [] and match.view(0)["current"] == 0  # nothing laid, turn not ended
    assert table.selected == slot and table.rotations[slot] == 0  # still picked, not turned
    home = table._slot_centre(slot)
    distances, sizes = [], []
    for _ in range(4):
        [(drawn_tile, _rot, centre, size)] = drawn_now(app, table, carried)
        assert drawn_tile == tile
        distances.append(math.dist(centre, home))
        sizes.append(size)
        run(app, 1 / 60)
    assert distances == sorted(distances, reverse=True) and distances[0] > distances[-1]  # on its way home
    if where == "refused square":  # let go small over the board, it grows back to its hand size on the way
        assert sizes[0] < layout.CELL and sizes == sorted(sizes) and sizes[-1] > sizes[0]
    else:
        assert sizes == [layout.SLOT] * 4
    run(app, 1.0)
    assert table.homing is None and drawn_now(app, table, carried) == []  # home: in its slot again
    assert table._panel_frame().away is None


def test_a_refused_square_still_says_why_when_the_tile_is_dropped_there(app, carried):
    table, match = make_table(app, SEATS)
    cell = refused_cell(table)
    run(app, 0.02, drag(layout.slot_rect(0).center, cell_centre(table, cell)))
    assert table.message_bad and table.refusal_note is not None and table.refusal_note[1] == tuple(cell)
    assert table.homing is not None


def test_a_tile_carried_back_onto_its_own_slot_glides_home_without_turning(app, carried):
    table, _match = make_table(app, SEATS)
    run(app, 0.02, click(layout.slot_rect(0).center))  # picked: a click now would turn it
    start = layout.slot_rect(0).center
    run(app, 0.02, press(start) + move((start[0], start[1] - 150)) + move(start) + release(start))
    assert table.rotations[0] == 0  # a drag, not a click
    assert table.carry is None and table.selected == 0  # let go where it lies: home at once, still picked


def test_a_press_that_barely_moves_is_still_a_click(app, carried):
    table, _match = make_table(app, SEATS)
    start = layout.slot_rect(1).center
    near = (start[0] + DRAG_SLOP // 2, start[1])
    run(app, 0.02, press(start) + move(near) + release(near))
    assert table.selected == 1 and table.rotations[1] == 0  # picked
    run(app, 0.02, press(start) + move(near) + release(near))
    assert table.rotations[1] == 1  # and clicked again, turned, as a click does
    assert table.homing is None and drawn_now(app, table, carried) == []


def test_a_carried_tile_turns_with_r_and_right_click_and_is_laid_as_it_shows(app, carried):
    table, match = make_table(app, SEATS)
    slot = 0
    start = layout.slot_rect(slot).center
    run(app, 0.02, press(start) + move((start[0] - 100, start[1] - 100)))
    run(app, 0.02, key(pygame.K_r))
    run(app, 0.02, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(start[0] - 100, start[1] - 100), button=3)])
    assert table.rotations[slot] == 2
    [(_tile, rot, _centre, _size)] = drawn_now(app, table, carried)
    assert rot == 2  # the tile in the hand shows turned
    assert table.carry is not None  # still carried
    cell = legal_cell(table, slot)
    run(app, 0.02, move(cell_centre(table, cell)) + release(cell_centre(table, cell)))
    laid = {tuple(t["cell"]): t for t in match.view(0)["board"]["tiles"]}
    assert laid[tuple(cell)]["rot"] == 2


def test_a_menu_opened_mid_drag_sends_the_tile_home(app, carried):
    table, match = make_table(app, SEATS)
    start = layout.slot_rect(1).center
    run(app, 0.02, press(start) + move(cell_centre(table, legal_cell(table, 1))))
    run(app, 0.02, key(pygame.K_ESCAPE))
    assert table.carry is None and table.homing is not None
    assert match.view(0)["board"]["tiles"] == []
    settle(app, table, 0.5)


def taking_from_drivers(app):
    table, _driver = at_a_turns_end_with_the_pile_empty(app, [1, 2, 3])
    run(app, 0.02, key(pygame.K_n))
    settle(app, table)
    assert table.view["phase"] == "refill" and table.my_turn and table.hand() and table.refill_slots()
    return table


def test_a_tile_on_offer_from_drivers_carried_onto_the_players_tiles_is_taken(app, carried):
    table = taking_from_drivers(app)
    before = len(table.view["hands"][0])
    _source, tile, rect = table.refill_slots()[0]
    own = layout.refill_hand_rect(0, len(table.hand())).center
    run(app, 0.02, press(rect.center) + move((rect.centerx + 40, rect.centery - 30)))
    [(drawn_tile, _rot, centre, size)] = drawn_now(app, table, carried)
    assert drawn_tile == tile and size == rect.width and centre == (rect.centerx + 40, rect.centery - 30)
    assert table._panel_frame().offer_away == tile  # out of its place in the offer
    assert len(table.view["hands"][0]) == before  # not taken yet: the button is still down
    run(app, 0.02, move(own) + release(own))
    settle(app, table)
    assert len(table.view["hands"][0]) == before + 1 and table.view["hands"][0][-1] == tile


@pytest.mark.parametrize("where", ["board", "offer"])
def test_a_tile_on_offer_let_go_elsewhere_glides_back_and_is_not_taken(app, carried, where):
    table = taking_from_drivers(app)
    before = list(table.view["hands"][0])
    _source, tile, rect = table.refill_slots()[0]
    end = cell_centre(table, (6, 6)) if where == "board" else (rect.centerx, rect.bottom - 2)
    start = (rect.centerx, rect.top + 2)
    run(app, 0.02, press(start) + move((start[0] - 200, start[1] - 200)) + move(end) + release(end))
    assert table.view["hands"][0] == before and table.view["phase"] == "refill"
    assert table.offer_homing is not None
    run(app, 1.0)
    assert table.offer_homing is None and drawn_now(app, table, carried) == []


def test_a_carry_taken_away_and_brought_back_is_still_a_drag() -> None:
    from game.ui.drag import Carry
    carry = Carry.take((100, 100), (110, 90))
    carry.move((100 + DRAG_SLOP // 2, 100))
    assert not carry.moved  # within the slop: still a click
    carry.move((100, 100 + 3 * DRAG_SLOP))
    carry.move((100, 100))
    assert carry.moved and carry.centre == (110, 90)  # back where it was pressed, but carried
    assert carry.centre_at(0.5) == (105, 95)  # drawn at half size, the pointer on the same spot of it


def test_the_line_under_the_offer_says_its_tiles_may_be_dragged_and_reads_whole_at_150_percent(app, monkeypatch):
    from game.i18n import set_language
    from game.ui import theme
    from tests.client.helpers import record_drawn_sizes
    table = taking_from_drivers(app)
    drawn = record_drawn_sizes(monkeypatch)
    for lang, dragging in (("en", "drag it"), ("de", "zieh es")):
        set_language(lang)
        theme.set_ui_scale(1.5)
        try:
            words, bad = table.status_line()
            drawn.clear()
            table.draw(pygame.Surface((1920, 1080)))
        finally:
            set_language("en")
            theme.set_ui_scale(1.0)
        assert dragging in words and not bad
        lines = [(text, size, rect) for text, size, rect in drawn if text and text in words
                 and layout.message_top() - 2 <= rect.top < layout.BUTTONS_Y and rect.left >= layout.PANEL_X - 20]
        assert " ".join(text for text, _size, _rect in lines).split() == words.split()  # whole, no "…"
        assert max(rect.bottom for _text, _size, rect in lines) <= layout.BUTTONS_Y
        assert min(size for _text, size, _rect in lines) * 1.5 >= 26  # read at 150 %, not squeezed
