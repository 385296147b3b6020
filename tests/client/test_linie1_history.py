"""The Linie 1 table's history: what each update's events said, in words, with the squares touched."""

import pygame

from game.match import SeatInfo
from game.tables.linie1.history import History, history_area
from game.tables.linie1.table import ORIGIN
from game.ui import theme
from tests.client.helpers import click, run
from tests.client.test_linie1_table import cell_centre, legal_cell, make_table, settle


def view_with_trip(seat=0, route=((1, 1), (1, 2), (1, 3), (1, 4))):
    players = [{"seat": s, "trip": None} for s in range(3)]
    players[seat] = {"seat": seat, "trip": {"route": [list(c) for c in route], "position": 2}}
    return {"turn": 5, "players": players, "board": {"tiles": []}}


def test_events_become_entries_and_an_undo_takes_its_entry_back():
    history = History()
    view = view_with_trip()
    history.record([{"type": "place", "seat": 0, "tile": 2, "rot": 0, "cell": [4, 4]},
                    {"type": "exchange", "seat": 0, "tile": 4, "old_tile": 1, "rot": 0, "cell": [5, 5]}], view)
    assert [(e.turn, e.seat, e.text, e.cells) for e in history.entries] == [
        (1, 0, "laid a curve", ((4, 4),)), (1, 0, "exchanged a straight for a straight + curve, mirrored", ((5, 5),))]
    history.record([{"type": "undo", "seat": 0, "cells": [[5, 5]]}], view)
    assert [e.cells for e in history.entries] == [((4, 4),)]
    history.record([{"type": "turn", "turn": 2, "seat": 1}, {"type": "roll", "seat": 0, "face": "3"},
                    {"type": "move", "seat": 0, "from": -1, "to": 2}], view)
    last = history.entries[-1]
    assert last.turn == 2 and last.text == "rolled 3, drove 3 squares" and last.cells == ((1, 1), (1, 2), (1, 3))
    history.record([{"type": "undo", "seat": 0, "cells": [[4, 4]]}], view)  # another turn's: kept
    assert len(history.entries) == 2


def test_three_dice_entries_say_the_roll_the_die_carried_out_and_the_tools():
    history = History()
    view = view_with_trip()
    history.record([{"type": "roll", "seat": 0, "faces": ["2", "R", "H"]},
                    {"type": "choose_die", "seat": 0, "die": 0, "face": "2"},
                    {"type": "move", "seat": 0, "from": 0, "to": 2}], view)
    history.record([{"type": "roll", "seat": 0, "faces": ["T", "R"]},
                    {"type": "choose_die", "seat": 0, "die": 1, "face": "R"},
                    {"type": "move", "seat": 0, "from": 2, "to": 2}, {"type": "stopped", "seat": 0}], view)
    history.record([{"type": "turn", "turn": 2, "seat": 0}, {"type": "roll", "seat": 0, "faces": ["T", "T", "T"]},
                    {"type": "choose_die", "seat": 0, "die": 2, "face": "T"},
                    {"type": "move", "seat": 0, "from": 3, "to": 1}], view)
    assert [e.text for e in history.entries] == [
        "rolled two green, red light, H", "carried out two green, drove 2 squares",
        "rolled tools, red light", "carried out red light, stayed put", "stopped",
        "rolled tools, tools, tools", "carried out tools, backed 2 squares to the last stop"]
    assert history.entries[-1].cells == ((1, 2), (1, 3), (1, 4))  # from its last stop to where it stood


def test_a_table_opened_mid_game_says_from_when_it_remembers_and_a_rewind_forgets():
    history = History()
    history.opened({"turn": 12, "board": {"tiles": [{"cell": [1, 1]}]}, "players": []})
    assert history.since == 12 and history.turn == 12
    history.record([{"type": "roll", "seat": 1, "face": "H"}], view_with_trip())
    history.record([{"type": "turn", "turn": 13}, {"type": "roll", "seat": 2, "face": "2"}], view_with_trip())
    history.rewound({"turn": 13})
    assert [e.turn for e in history.entries] == [12, 13]
    history.rewound({"turn": 12})  # a replay stepped back into turn 12
    assert history.entries == [] and history.turn == 12


def test_the_table_lists_a_laid_tile_and_hovering_it_outlines_its_square(app):
    table, _ = make_table(app, [SeatInfo("Ada", colour=0), SeatInfo("Bot", "bot", "easy", colour=1)])
    cell = tuple(legal_cell(table))
    run(app, 0.02, click(cell_centre(table, cell)))
    settle(app, table)
    assert [(e.seat, e.cells) for e in table.history.entries] == [(0, (cell,))]
    run(app, 0.05, click(table.history_button.rect.center))
    assert table.history_open and table.history_button.label == "Route card"
    rect, entry = table.history_panel.visible(history_area(2))[0]
    run(app, 0.05, [pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(1, 1), buttons=(0, 0, 0))])
    assert table.history_panel.hovered == entry
    surface = pygame.Surface((1920, 1080))
    table.draw_table(surface)
    outline = table.board.cell_rect(cell, ORIGIN).inflate(6, 6)
    assert surface.get_at((outline.centerx, outline.top + 1))[:3] == theme.CREAM  # the hovered turn's square


def test_a_pace_move_says_how_far_was_chosen_and_driven_and_a_take_is_remembered():
    history = History()
    view = view_with_trip()
    history.record([{"type": "drive", "seat": 0, "squares": 3},
                    {"type": "move", "seat": 0, "from": 0, "to": 1}], view)  # a halt stopped it after one
    history.record([{"type": "take", "seat": 1, "from": 0, "tile": 10}], view)
    assert [e.text for e in history.entries] == ["set off for 3 squares, drove 1 square",
                                                 "took a crossing from a driver's spare tiles"]


def test_undoing_a_side_by_side_pair_takes_both_its_entries_back_and_nothing_before():
    history = History()
    view = view_with_trip()
    history.record([{"type": "place", "seat": 0, "tile": 1, "rot": 0, "cell": [3, 3]}], view)
    history.record([{"type": "undo", "seat": 0, "cells": [[3, 3]]}], view)
    history.record([{"type": "exchange", "seat": 0, "tile": 12, "old_tile": 1, "rot": 0, "cell": [2, 6]},
                    {"type": "exchange", "seat": 0, "tile": 6, "old_tile": 2, "rot": 0, "cell": [2, 7]}], view)
    assert len(history.entries) == 2
    history.record([{"type": "undo", "seat": 0, "cells": [[2, 6], [2, 7]]}], view)
    assert history.entries == []
    history.record([{"type": "place", "seat": 0, "tile": 1, "rot": 0, "cell": [3, 3]}], view)
    history.record([{"type": "exchange", "seat": 0, "tile": 3, "old_tile": 1, "rot": 0, "cell": [3, 3]}], view)
    history.record([{"type": "undo", "seat": 0, "cells": [[3, 3]]}], view)  # the exchange only
    assert [e.text for e in history.entries] == ["laid a straight"]
