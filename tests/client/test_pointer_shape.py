"""The pointer's shape (``game.ui.pointer``): a hand where a click acts — a button, a move this player
may make on any game's board, the LAN chat's tab — a text beam over a field, the arrow elsewhere."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.setup import SetupScene
from game.scenes.title import TitleScene
from game.tables.bus.model import lot_id
from game.tables.linie1 import layout as linie1_layout
from game.tables.liniell import panel as liniell_panel
from game.ui.pointer import PointerShape
from game.ui.widgets import FocusGroup, TextInput
from tests.client.helpers import key, past_handover, run, table_where_first, wait
from tests.client.test_chat_feed_room import lan_table


def move(app, pos: tuple[int, int]) -> None:  # noqa: ANN001
    run(app, 0.05, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])


@pytest.fixture
def cursors(monkeypatch) -> list[int]:  # noqa: ANN001
    """The system cursors the app asks SDL for (the dummy display makes none)."""
    asked: list[int] = []
    monkeypatch.setattr(pygame.mouse, "set_cursor", lambda cursor: asked.append(cursor))
    return asked


def my_turn_at(app, game: str):  # noqa: ANN001, ANN201
    """``game``'s table with Ada, on this screen, to decide first against bots, past any cover."""
    table = table_where_first(app, game, "Ada", "human", "bot")
    wait(app, 2.5)
    if app.stack.top is not table:  # Linie 1 keeps its cover for builders: Ada takes the screen
        run(app, 0.1, key(pygame.K_RETURN))
        wait(app, 1.5)
    past_handover(app, table)
    assert app.stack.top is table and table.my_turn
    return table


def test_the_system_cursor_changes_only_when_the_shape_does(cursors):
    pointer = PointerShape()
    pointer.show("arrow")
    pointer.show("hand")
    pointer.show("hand")
    pointer.show("text")
    assert cursors == [pygame.SYSTEM_CURSOR_HAND, pygame.SYSTEM_CURSOR_IBEAM]
    assert pointer.shown == "text"


def test_a_display_without_system_cursors_keeps_its_arrow_and_is_not_asked_again(monkeypatch):
    asked = []

    def refuse(cursor: int) -> None:
        asked.append(cursor)
        raise pygame.error("Error while creating system cursor")

    monkeypatch.setattr(pygame.mouse, "set_cursor", refuse)
    pointer = PointerShape()
    pointer.show("hand")
    pointer.show("text")
    assert len(asked) == 1 and pointer.shown == "arrow" and not pointer.available


def test_a_group_shows_a_hand_over_a_working_widget_a_beam_over_a_field_and_nothing_elsewhere():
    field = TextInput(pygame.Rect(0, 0, 200, 50), "Ada", lambda value: None)
    group = FocusGroup([field])
    assert group.pointer_shape is None
    group.handle(type("Intent", (), {"kind": "point", "pos": (10, 10), "value": None})())
    assert group.pointer_shape == "text"
    field.enabled = False  # a click there only buzzes
    assert group.pointer_shape is None


def test_the_menus_buttons_and_the_setup_names_show_their_shape_to_the_system(app, cursors):
    app.push(TitleScene(app))
    run(app, 0.3)
    button = next(widget for widget in app.stack.top.ui.widgets if widget.interactive)
    move(app, button.rect.center)
    assert app.stack.top.pointer_shape == "hand" and cursors[-1] == pygame.SYSTEM_CURSOR_HAND
    move(app, (3, 3))
    assert cursors[-1] == pygame.SYSTEM_CURSOR_ARROW
    setup = SetupScene(app)
    app.push(setup)
    run(app, 0.3)
    move(app, setup.rows[0].name_field.rect.center)
    assert cursors[-1] == pygame.SYSTEM_CURSOR_IBEAM
    assert setup.rows[0].name_field.tooltip is None  # the beam says "type here"; a bubble hid the next name


def test_linja_shows_a_hand_over_a_row_with_a_move_only(app):
    table = my_turn_at(app, "linja")
    rows = {int(choice["from"]) for choice in table.choices()}
    x = table.layout.stick_span[0] + 30
    move(app, (x, round(table.layout.row_y(min(rows)))))
    assert table.pointer_shape == "hand"
    idle_row = next(row for row in range(8) if row not in rows)
    move(app, (x, round(table.layout.row_y(idle_row))))
    assert table.pointer_shape == "arrow"


def test_liniell_shows_a_hand_over_the_drawn_tile_and_the_squares_it_may_go_on(app):
    table = my_turn_at(app, "liniell")
    move(app, liniell_panel.TILE_SPOT.center)
    assert table.pointer_shape == "hand"
    move(app, table.camera.tile_rect(table.model.open_cells[0]).center)
    assert table.pointer_shape == "hand"
    move(app, (4, 4))
    assert table.pointer_shape == "arrow"


def test_bus_shows_a_hand_over_a_lot_it_may_build_on_and_not_over_another(app):
    table = my_turn_at(app, "bus")
    assert table.choices.building
    lots = table.choices.lots()
    spots = {lot_id((crossing, index)): spot for crossing, each in enumerate(table.city.lot_spots)
             if table.city.net.specials[crossing] != "station" for index, spot in enumerate(each)}
    free = next(lot for lot in sorted(spots) if lot in lots)
    taken = next(lot for lot in sorted(spots) if lot not in lots)
    move(app, tuple(round(v) for v in spots[free]))
    assert table.pointer_shape == "hand"
    move(app, tuple(round(v) for v in spots[taken]))
    assert table.pointer_shape == "arrow"


def test_linie1_shows_a_hand_over_the_hand_and_a_square_the_ghost_allows_not_one_it_refuses(app):
    table = my_turn_at(app, "linie1")
    move(app, linie1_layout.slot_rect(0).center)
    assert table.pointer_shape == "hand"
    shapes = set()
    for row in range(1, 13):
        cell = (row, 6)
        move(app, table.board.cell_rect(cell, linie1_layout.ORIGIN).center)
        assert table.cursor == cell
        shapes.add((table.ghost_verdict() is None, table.pointer_shape))
    assert shapes == {(True, "hand"), (False, "arrow")}  # green squares take the tile, red ones say why


def test_a_lan_tables_chat_shows_a_hand_on_its_tab_and_a_beam_in_its_field(app):
    table, _feed = lan_table(app, "liniell", 2)
    chat = table.lan_hud.chat
    move(app, chat.tab.center)
    assert table.pointer_shape == "hand"
    run(app, 0.1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=chat.tab.center, button=1),
                   pygame.event.Event(pygame.MOUSEBUTTONUP, pos=chat.tab.center, button=1)])
    run(app, 0.4)
    move(app, chat.field.rect.center)
    assert chat.open and table.pointer_shape == "text"
