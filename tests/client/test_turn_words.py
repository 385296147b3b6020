"""Every table words a bot's turn and a move playing out alike: "Bimmel is thinking…" while the bot
decides, and how to skip the animation while its move plays (never "thinking" or "moves" then)."""

from __future__ import annotations

import pygame
import pytest

from game.match import Match, SeatInfo
from game.tables.launch import TableConfig, start_local_game
from tests.client.helpers import record_drawn_text, run

PLAYERS = {"linie1": 2, "linja": 2, "liniell": 2, "bus": 3}


def words(app, monkeypatch) -> list[str]:  # noqa: ANN001 - the app and pytest's MonkeyPatch
    drawn = record_drawn_text(monkeypatch)
    app.draw()
    monkeypatch.undo()
    return [text for text, _rect in drawn]


@pytest.mark.parametrize("game", list(PLAYERS))
def test_a_bots_turn_and_its_move_are_worded_alike_on_every_table(app, monkeypatch, game):
    names = ["Ada", "Cleo"][:PLAYERS[game] - 1]
    first = Match(game, [SeatInfo(f"P{seat}") for seat in range(PLAYERS[game])], 4).to_act()[0]
    names.insert(first, "Bimmel")  # Bimmel, a bot, has the first decision
    seats = [SeatInfo(name, "bot" if name == "Bimmel" else "human", "easy", index) for index, name in enumerate(names)]
    assert start_local_game(app, TableConfig(game, seats, seed=4))
    table = app.stack.scenes[0]
    table.session.hold_bots(True)  # Bimmel decides only when let
    for _ in range(100):
        run(app, 0.1)
        if not table.busy:
            break
    assert not table.busy
    said = words(app, monkeypatch)
    assert "Bimmel is thinking…" in said, said

    table.session.hold_bots(False)
    for _ in range(200):
        run(app, 1 / 60)
        if table.busy:
            break
    assert table.busy
    run(app, 0.1)
    said = words(app, monkeypatch)
    assert "Click or press Enter to skip the animation." in said, said
    assert not any("thinking" in text or text.endswith(" moves") for text in said), said
    pygame.event.clear()
