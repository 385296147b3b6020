"""Every table words a bot's turn and a move playing out alike: "Bimmel is thinking…" while the bot
decides, and how to skip the animation while its move plays (never "thinking" or "moves" then)."""

from __future__ import annotations

import pygame
import pytest

from tests.client.helpers import SMALLEST_TABLE, drawn_words, run, table_where_first


@pytest.mark.parametrize("game", list(SMALLEST_TABLE))
def test_a_bots_turn_and_its_move_are_worded_alike_on_every_table(app, monkeypatch, game):
    table = table_where_first(app, game, "Bimmel", "bot", "human")  # Bimmel, a bot, decides first
    table.session.hold_bots(True)  # Bimmel decides only when let
    for _ in range(100):
        run(app, 0.1)
        if not table.busy:
            break
    assert not table.busy
    run(app, 0.3)  # past the moment a move has only just played out (``base.WORDS_GRACE``)
    said = drawn_words(app, monkeypatch)
    assert "Bimmel is thinking…" in said, said

    table.session.hold_bots(False)
    for _ in range(200):
        run(app, 1 / 60)
        if table.busy:
            break
    assert table.busy
    run(app, 0.1)
    said = drawn_words(app, monkeypatch)
    assert "Click or press Enter to skip the animation." in said, said
    assert not any("thinking" in text or text.endswith(" moves") for text in said), said
    pygame.event.clear()


@pytest.mark.parametrize("game", list(SMALLEST_TABLE))
def test_between_two_bots_moves_nobody_is_thinking_for_a_single_frame(app, monkeypatch, game):
    """As a bot's move ended, the words said "… is thinking…" for one frame before the next bot's move,
    already on its way, began: a flicker of text between two moves. They keep saying how to skip the
    animation a moment longer, and only then that a bot thinks."""
    table = table_where_first(app, game, "Bimmel", "bot", "bot")
    for _ in range(600):  # a bot's move plays out
        run(app, 1 / 60)
        if table.busy and table.show.played >= 1:
            break
    table.session.hold_bots(True)  # the next bot is told only when let
    playing: list[str] = []
    for _ in range(600):
        playing = drawn_words(app, monkeypatch)
        run(app, 1 / 60)
        if not table.busy:
            break
    assert not table.busy
    said = drawn_words(app, monkeypatch)
    assert "Click or press Enter to skip the animation." in said, said
    assert not any("thinking" in text for text in said), said
    # nor does the box of a move playing out change its shape for that moment (Liniell's put the skip
    # words up as its heading, over "Hover a line to see what it is worth now.")
    assert [text for text in said if text not in playing and text.startswith("Hover")] == [], (playing, said)
    run(app, 0.3)
    said = drawn_words(app, monkeypatch)
    assert any(text.endswith(" is thinking…") for text in said), said
