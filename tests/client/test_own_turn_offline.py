"""A player whose link to the host is down still has their turn: every table says it to them as to a
player ("Your turn"), never in the third person as it words a rival's ("Ben's turn")."""

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
def test_an_own_turn_with_the_link_down_is_said_to_the_player(app, monkeypatch, game):
    names = ["Ada", "Cleo"][:PLAYERS[game] - 1]
    first = Match(game, [SeatInfo(f"P{seat}") for seat in range(PLAYERS[game])], 4).to_act()[0]
    names.insert(first, "Ben")  # Ben, the one player of this screen, has the first decision
    seats = [SeatInfo(name, "human" if name == "Ben" else "bot", "easy", index) for index, name in enumerate(names)]
    assert start_local_game(app, TableConfig(game, seats, seed=4))
    table = app.stack.scenes[0]
    for _ in range(100):
        run(app, 0.1)
        if not table.busy:
            break
    table.session.link = "down"  # the screen lost its host mid-turn
    run(app, 0.1)
    said = words(app, monkeypatch)
    assert not any("Ben's turn" in text or "Ben is" in text for text in said), said
    # as the table says it when connected (Linie 1's panel names no turn: "Your tiles", End turn say it)
    assert game == "linie1" or any(text.startswith("Your turn") for text in said), said
    pygame.event.clear()
