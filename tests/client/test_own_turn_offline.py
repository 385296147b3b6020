"""A player whose link to the host is down still has their turn: every table says it to them as to a
player ("Your turn"), never in the third person as it words a rival's ("Ben's turn")."""

from __future__ import annotations

import pygame
import pytest

from tests.client.helpers import SMALLEST_TABLE, drawn_words, run, table_where_first


@pytest.mark.parametrize("game", list(SMALLEST_TABLE))
def test_an_own_turn_with_the_link_down_is_said_to_the_player(app, monkeypatch, game):
    table = table_where_first(app, game, "Ben", "human", "bot")  # Ben, the one player of this screen
    for _ in range(100):
        run(app, 0.1)
        if not table.busy:
            break
    table.session.link = "down"  # the screen lost its host mid-turn
    run(app, 0.1)
    said = drawn_words(app, monkeypatch)
    assert not any("Ben's turn" in text or "Ben is" in text for text in said), said
    # as the table says it when connected (Linie 1's panel names no turn: "Your tiles", End turn say it)
    assert game == "linie1" or any(text.startswith("Your turn") for text in said), said
    pygame.event.clear()
