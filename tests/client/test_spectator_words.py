"""A LAN spectator reads at every table, calmly and all game long, that they only watch; a seated
player's screen never says it."""

from __future__ import annotations

import pygame
import pytest

from game.bots import make_bot
from game.match import Match, SeatInfo
from game.tables.registry import table_scene
from tests.client.helpers import record_drawn_text, run
from tests.client.scripted_session import ScriptedSession

PLAYERS = {"linie1": 2, "linja": 2, "liniell": 2, "bus": 3}


@pytest.mark.parametrize("seat", [None, 0])
@pytest.mark.parametrize("game", list(PLAYERS))
def test_a_spectator_reads_that_they_only_watch(app, monkeypatch, game, seat):
    names = ["Ada", "Ben", "Cleo"][:PLAYERS[game]]
    seats = [SeatInfo(name, "human", "easy", index) for index, name in enumerate(names)]
    match = Match(game, seats, 4)
    brains = [make_bot(game, "easy", index) for index in range(len(seats))]
    for _ in range(4):  # a game under way, someone else's decision or not
        actor = match.to_act()[0]
        match.submit(actor, brains[actor].decide(match.view(actor)))
    session = ScriptedSession(game, seat)
    view = match.view(seat)
    table = table_scene(game)(app, session, None)
    app.push(table)
    session.inbox.append({"type": "update", "version": view["match"]["version"], "seat": seat, "actor": None,
                          "events": [], "view": view, "snapshot": True})
    run(app, 1.0)
    drawn = record_drawn_text(monkeypatch)
    app.draw()
    said = [text for text, _rect in drawn]
    assert any(text.startswith("You only watch") for text in said) == (seat is None), said
    pygame.event.clear()
