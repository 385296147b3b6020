"""Words at the Bus table stay whole and readable: the prompt's detail never runs over its box, a
player row's status line never shrinks to a size nobody can read."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.tables.bus import layout
from game.tables.bus.model import picture_of
from game.tables.bus.players import STATUS_SMALLEST, STATUS_W, status_line
from game.tables.bus.prompt import DETAIL_SMALLEST, HEADLINE_SMALLEST, detail_lines, prompt
from game.tables.bus.seats import seat_looks
from game.ui import theme
from tests.client.test_bus_render import bot_match

NARROW = layout.PROMPT.width - 36 - (layout.CONTROLS.width + 12)  # beside the decision's buttons
WIDE = layout.PROMPT.width - 36

def detail_height() -> int:
    """The detail's room under the headline, above the border, as the table draws it."""
    title = layout.PROMPT.y + 10 + theme.line_height(30, theme.DISPLAY_FONT)
    return layout.PROMPT.bottom - 6 - max(layout.PROMPT.y + 46, title)


DECISIONS = [("choose", {"placed": 0, "markers": 20}), ("clock", {"wants": "house", "next": "office"}),
             ("clock", {"wants": "house", "next": "office", "stones_left": 1}), ("choose", {"placed": 0, "markers": 1}),
             ("choose", {"placed": 2, "markers": 1}),
             ("vrooom", {"wants": "office", "left": 2, "letter": "A"}), ("setup_extend", {}),
             ("passengers", {"amount": 3, "letter": "B"}), ("buildings", {"left": 2, "letter": "C"})]


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("phase", "decision"), DECISIONS)
@pytest.mark.parametrize("room", [NARROW, WIDE])
def test_every_word_of_the_detail_fits_inside_the_prompt_at_a_readable_size(app, phase, decision, room, lang,
                                                                             scale):
    from game.i18n import set_language
    match = bot_match(0)
    view = match.view(0)
    picture = picture_of(view)
    picture.phase, picture.to_act = phase, 0
    set_language(lang)
    theme.set_ui_scale(scale)
    try:
        _, detail = prompt(picture, seat_looks(view, 4), [0], decision, "")
        size, lines, _ = detail_lines(detail, room, detail_height())
    finally:
        set_language("en")
    assert " ".join(lines).split() == detail.split()  # nothing cut off, no "…"
    # about 12 pixels at 1366 x 768 (a larger text size rounds its design size to a whole one: a pixel less)
    assert theme.px(size) >= DETAIL_SMALLEST - (scale != 1.0)


def test_a_seat_holding_many_spaces_keeps_a_readable_status_line(app):
    view = bot_match(0).view(0)
    picture = picture_of(view)
    picture.round, picture.to_act = 1, 0
    statuses = []
    spaces = picture.spaces
    for count in (2, 3, 6):
        held = [(space.action, space.letter) for row in spaces[::-1] for space in row][:count]  # start, clock, ...
        picture.spaces = [[replace(space, holder=1 if (space.action, space.letter) in held else None)
                           for space in row] for row in spaces]
        status = status_line(picture, 1, "you")
        statuses.append(status)
        for shown in (status, status_line(picture, 1, "Bot · normal")):  # a longer head counts sooner
            assert theme.fit_text(shown, 18, STATUS_W) >= STATUS_SMALLEST, shown
    assert "Starting Player" in statuses[0]  # two spaces are still named
    held = [("buildings", "A"), ("buildings", "B")]
    picture.spaces = [[replace(space, holder=1 if (space.action, space.letter) in held else None) for space in row]
                      for row in spaces]
    assert status_line(picture, 1, "you").endswith("Buildings A B")  # in letter order, not board order
    assert statuses[-1].endswith("6 markers on the board")


@pytest.mark.parametrize(("reason", "words"), [("markers", "markers left"), ("clock", "time stone"), ("lots", "lot")])
def test_the_finished_game_still_says_why_it_ended(app, reason, words):
    view = bot_match(0).view(0)
    picture = picture_of(view)
    picture.outcome = {"winners": [2], "scores": [3, 8, 9, 1], "reason": reason}
    headline, detail = prompt(picture, seat_looks(view, 4), [0], {}, "")
    assert headline == "Game over" and detail.startswith("P2 wins with 9 points.")
    assert "The game ended" in detail and words in detail.split("ended:")[1]
    _, lines, _ = detail_lines(detail, NARROW, detail_height())
    assert " ".join(lines).split() == detail.split()  # beside the results button, still whole


HEADLINES = [("setup_buildings", {"left": 2}, NARROW), ("choose", {"placed": 0, "markers": 20}, NARROW),
             ("passengers", {"amount": 3, "letter": "B"}, NARROW), ("buildings", {"left": 2, "letter": "C"}, NARROW),
             ("clock", {"wants": "house", "next": "office"}, NARROW), ("line", {"left": 2, "letter": "A"}, WIDE),
             ("vrooom", {"wants": "office", "left": 2, "letter": "A"}, WIDE)]


@pytest.mark.parametrize("controlled", [[0], [0, 1]])  # "Your turn" alone at the screen, the name at a hot seat
@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("phase", "decision", "room"), HEADLINES)
def test_the_headline_keeps_a_readable_size_beside_the_decisions_buttons(app, phase, decision, room, lang,
                                                                         controlled):
    from game.i18n import set_language
    view = bot_match(0).view(0)
    picture = picture_of(view)
    picture.phase, picture.to_act = phase, 0
    looks = [replace(look, name="Spieler") for look in seat_looks(view, 4)]  # the unnamed player, in German
    set_language(lang)
    try:
        headline, _ = prompt(picture, looks, controlled, decision, "")
    finally:
        set_language("en")
    assert theme.fit_text(headline, 30, room, theme.DISPLAY_FONT) >= 22, headline


@pytest.mark.parametrize(("phase", "decision"), DECISIONS)
def test_the_one_player_of_this_screen_reads_your_turn_and_a_hot_seat_reads_the_name(app, phase, decision):
    view = bot_match(0).view(0)
    picture = picture_of(view)
    picture.phase, picture.to_act = phase, 0
    looks = [replace(look, name="Spieler") for look in seat_looks(view, 4)]
    alone, _ = prompt(picture, looks, [0], decision, "")
    shared, _ = prompt(picture, looks, [0, 1], decision, "")
    watched, _ = prompt(picture, looks, [1], decision, "")
    assert alone.startswith("Your turn") and "Spieler" not in alone, alone
    assert shared.startswith("Spieler") and watched.startswith("Spieler"), (shared, watched)
    assert alone.removeprefix("Your turn") == shared.removeprefix("Spieler")  # the same words after the name


@pytest.mark.parametrize(("placed", "markers", "words"), [
    (0, 20, "Put a marker on an action's next space (20 markers left). Place at least 2 more this round."),
    (1, 5, "Put a marker on an action's next space (5 markers left). Place at least 1 more this round."),
    (2, 1, "Put a marker on an action's next space, or pass (1 marker left)."),
    (0, 1, "Put your last marker on an action's next space; then you pass for the rest of the game."),
])
def test_choosing_says_what_the_minimum_asks_of_this_player(app, placed, markers, words):
    """§5.1: two markers a round before a pass, or the last one a player has (then a pass by force)."""
    view = bot_match(0).view(0)
    picture = picture_of(view)
    picture.phase, picture.to_act = "choose", 0
    _, detail = prompt(picture, seat_looks(view, 4), [0], {"placed": placed, "markers": markers}, "")
    assert detail == words


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_tie_broken_at_the_end_is_said_whole_beside_the_results_button(app, lang, scale):
    """The winner ahead of a player on the same final score, with the tie-break and why the game ended,
    fits whole at a readable size beside "See the results"."""
    from game.i18n import set_language
    view = bot_match(0).view(0)
    picture = picture_of(view)
    for seat, (score, stones) in enumerate([(9, 0), (8, 0), (10, 1), (1, 0)]):
        picture.seats[seat].score, picture.seats[seat].stones = score, stones
    picture.outcome = {"winners": [2], "scores": [9, 8, 9, 1], "reason": "markers"}
    set_language(lang)
    theme.set_ui_scale(scale)
    try:
        _, detail = prompt(picture, seat_looks(view, 4), [0], {}, "")
        size, lines, _ = detail_lines(detail, NARROW, detail_height())
    finally:
        set_language("en")
    assert "P0" in detail.split(".")[0]  # the player on the same score is named with the tie-break
    assert " ".join(lines).split() == detail.split()
    assert theme.px(size) >= DETAIL_SMALLEST - (scale != 1.0)


PROMPTS = [*DECISIONS, ("line", {"left": 2, "letter": "A"}), ("setup_buildings", {"left": 2})]


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("controlled", [[0], [0, 1]])
@pytest.mark.parametrize(("phase", "decision"), PROMPTS)
def test_the_prompt_the_table_draws_beside_its_buttons_stays_in_its_box_at_a_readable_size(
        app, monkeypatch, phase, decision, controlled, lang, scale):
    """German at 150 %, beside the decision's buttons: "Du bist dran: Linienausbau A – 2 Straßen zu legen"
    shrank to its floor, still ran into the buttons and read at about 13 pixels in a 1366 × 768 window.
    The headline now wraps onto two lines before it shrinks past ``HEADLINE_SMALLEST``, and every word of
    headline and detail stays whole inside the room left of the buttons and above the box's border."""
    from game.i18n import set_language
    from game.match import SeatInfo
    from tests.client.helpers import record_drawn_sizes
    from tests.client.test_bus_table import start

    table = start(app, [SeatInfo("Spieler"), SeatInfo("Bot", "bot", "easy"), SeatInfo("Cleo", "bot", "easy")])
    picture = replace(table.picture, phase=phase, to_act=0)
    table.results_button.visible = True  # the decision's buttons stand at the right of the box
    set_language(lang)
    theme.set_ui_scale(scale)
    try:
        headline, detail = prompt(picture, seat_looks(table.view, 3), controlled, decision, "")
        drawn = record_drawn_sizes(monkeypatch)
        table._draw_header(pygame.Surface((1920, 1080)), picture, headline, detail)
        monkeypatch.undo()
        box = layout.PROMPT
        inside = [(text, theme.px(size), rect) for text, size, rect in drawn if box.collidepoint(rect.center)]
    finally:
        theme.set_ui_scale(1.0)
        set_language("en")
    words = " ".join(text for text, _px, _rect in inside).split()
    assert words == f"{headline} {detail}".split()  # nothing cut off, no "…"
    right, bottom = layout.CONTROLS.x - 12, box.bottom - 6
    for text, pixels, rect in inside:
        assert rect.right <= right and rect.bottom <= bottom, (text, rect, right, bottom)
        smallest = HEADLINE_SMALLEST if text in headline else DETAIL_SMALLEST
        assert pixels >= smallest - (scale != 1.0), (text, pixels)  # a design size rounds: a pixel less
