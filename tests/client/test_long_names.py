"""A name as long as a LAN table allows (32 characters) on every game's table: cut with "…" where its
seat's card or row has no room, never shrunk out of sight (Linja's card drew it at 8 px design,
Liniell's at 9, Bus's row at about 10 px)."""

from __future__ import annotations

import pytest

from game.match import SeatInfo
from game.tables.launch import TableConfig, start_local_game
from game.ui import theme
from tests.client.helpers import record_drawn_sizes, run

LONG = "Eve " + "Ж" * 28  # in Cyrillic: drawn in the display face's fallback, whose letters are wider


@pytest.mark.parametrize(("game", "players"), [("linie1", 2), ("linja", 2), ("liniell", 2), ("bus", 3)])
def test_a_32_character_name_reads_on_its_seat(app, monkeypatch, game, players):
    seats = [SeatInfo("Ada"), SeatInfo(LONG, "bot", "easy")] + [SeatInfo("Cleo", "bot", "easy")] * (players - 2)
    assert start_local_game(app, TableConfig(game, seats))
    run(app, 1.0)
    drawn = record_drawn_sizes(monkeypatch)
    app.draw()
    monkeypatch.undo()
    names = [(text, size) for text, size, _rect in drawn if "ЖЖЖ" in text]  # wherever it is said
    assert names, "the seat's name is drawn"
    assert all(size >= min(theme.NAME_LEAST, 18) for _text, size in names), names
