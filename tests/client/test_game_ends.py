"""How a game's end is said on every screen, in one wording for the four games: "Ada and Ben share
the win", "A draw", "Nobody wins", and finishing places shared as players count them ("1, 1, 3")."""

from __future__ import annotations

import pygame
import pytest

from game.i18n import set_language
from game.match import Match, SeatInfo
from game.outcome_words import headline, headline_parts
from game.replays import result_in_words
from game.scenes.figures import PlayerFigures
from game.scenes.results import HEADLINE_Y, ResultsScene
from game.tables.bus.figures import bus_figures
from game.ui import theme
from game.ui.colour_vision import contrast
from tests.client.helpers import record_drawn_sizes, record_drawn_text, run


def headline_of(drawn: list[tuple[str, pygame.Rect]]) -> str:
    """The results' headline as drawn: its pieces (a winner's name, the words between) on its line."""
    return "".join(text for text, rect in drawn if rect.centery == HEADLINE_Y)


def cards(*winners: bool) -> list[PlayerFigures]:
    return [PlayerFigures(seat, name, seat, won, "0 points") for seat, (name, won) in
            enumerate(zip(("Ada", "Ben", "Cleo"), winners, strict=False))]


@pytest.mark.parametrize(("winners", "outcome", "said", "sound"), [
    ((True, False, False), {"winners": [0], "draw": False}, "Ada wins!", "fanfare"),
    ((True, True, False), {"winners": [0, 1], "draw": False, "shared": True}, "Ada and Ben share the win",
     "fanfare"),
    ((True, True, True), {"winners": [0, 1, 2], "draw": False}, "Ada, Ben and Cleo share the win", "fanfare"),
    ((False, False), {"winners": [], "draw": True}, "A draw", "bell"),
    ((False, False, False), {"winners": [], "draw": False, "stalemate": True}, "Nobody wins", "bell"),
])
def test_the_results_headline_and_sound_say_how_the_game_ended(app, monkeypatch, winners, outcome, said, sound):
    drawn = record_drawn_text(monkeypatch)
    heard: list[str] = []
    monkeypatch.setattr(app.sounds, "play", heard.append)
    results = ResultsScene(app, cards(*winners), outcome, lambda: None)
    app.push(results)
    run(app, 1.0)
    drawn.clear()
    results.draw(pygame.Surface((1920, 1080)))
    assert headline_of(drawn) == said
    assert heard == [sound]
    assert (len(results.particles) > 0) == any(winners)  # confetti only for a winner


def test_the_results_headline_speaks_german(app, monkeypatch):
    drawn = record_drawn_text(monkeypatch)
    set_language("de")
    try:
        results = ResultsScene(app, cards(True, True), {"winners": [0, 1], "draw": False}, lambda: None)
        results.draw(pygame.Surface((1920, 1080)))
        shared = headline_of(drawn)
        drawn.clear()
        draw = ResultsScene(app, cards(False, False, False), {"winners": [], "draw": False}, lambda: None)
        draw.draw(pygame.Surface((1920, 1080)))
    finally:
        set_language("en")
    assert shared == "Ada und Ben teilen sich den Sieg" and headline_of(drawn) == "Niemand gewinnt"


def test_the_replay_list_says_a_shared_win_as_the_results_do():
    players = ["Ada", "Ben", "Cleo"]
    assert result_in_words({"winners": [0, 2], "draw": False}, players) == "Ada and Cleo share the win"
    assert result_in_words({"winners": [], "draw": True}, players) == "a draw"


def bus_cards(score: list[int], stones: list[int], arrival: list[int]) -> list[PlayerFigures]:
    """The results cards of a Bus game that ended with these deliveries, stones and arrivals."""
    match = Match("bus", [SeatInfo(name, "human", "", seat) for seat, name in enumerate(("Ada", "Ben", "Cleo"))], 5)
    match.state.score, match.state.stones, match.state.arrival = score, stones, arrival
    match.state.phase = "over"
    outcome = match.outcome()
    assert outcome is not None
    return bus_figures(match.view(None), outcome)


def bus_ranks(score: list[int], stones: list[int], arrival: list[int]) -> list[str]:
    return [dict(figure.rows)["Rank"] for figure in bus_cards(score, stones, arrival)]


def remarks(cards: list[PlayerFigures]) -> list[list[str]]:
    return [[label for label, value in card.rows if not value] for card in cards]


def test_bus_players_who_share_the_win_share_first_place_and_the_next_is_third():
    # nobody delivered: all still on the start space, so equal score and stones share the place (§6)
    assert bus_ranks([0, 0, 0], [0, 0, 1], [0, 0, 0]) == ["1", "1", "3"]
    assert bus_ranks([0, 0, 0], [1, 1, 1], [0, 0, 0]) == ["1", "1", "1"]


def test_bus_places_split_by_a_tie_break_stay_apart():
    # equal final scores: Ben holds more stones (he delivered more), the first tie-break places him ahead
    assert bus_ranks([0, 1, 0], [1, 2, 2], [0, 4, 0]) == ["2", "1", "3"]
    # equal on score and stones: who reached the score first (lower in the stack) is ahead
    assert bus_ranks([2, 2, 0], [0, 0, 0], [7, 3, 0]) == ["2", "1", "3"]


def test_bus_cards_say_which_tie_break_placed_a_player_ahead():
    assert remarks(bus_cards([0, 1, 0], [1, 2, 2], [0, 4, 0])) == [[], ["Tie broken: more stones"], []]
    assert remarks(bus_cards([2, 2, 0], [0, 0, 0], [7, 3, 0])) == [[], ["Tie broken: scored first"],
                                                                     []]
    assert remarks(bus_cards([0, 0, 0], [0, 0, 1], [0, 0, 0])) == [[], [], []]  # a shared place: no tie-break


def test_a_liniell_draw_rings_the_bell_without_confetti_and_its_cards_say_the_blue_rhombs_were_level(app,
                                                                                                      monkeypatch):
    import time

    from game.tables.liniell.figures import liniell_figures
    from game.tables.liniell.table import LiniellTable
    from tests.client.scripted_session import ScriptedSession
    from tools.shots.liniell import table_after

    heard: list[str] = []
    monkeypatch.setattr(app.sounds, "play", heard.append)
    app.settings.animation_speed = 3.0
    played = table_after(app, 40, humans=(0,), push=False).session.view(None)
    outcome = played["outcome"]
    level = [max(outcome["scores"])] * 2
    played["outcome"] = {**outcome, "winners": [], "draw": True, "scores": level, "blue": [2, 2]}
    session = ScriptedSession("liniell")
    table = LiniellTable(app, session, None)
    app.push(table)
    session.inbox.append({"type": "update", "version": played["match"]["version"], "seat": None, "actor": None,
                          "events": [], "view": played, "snapshot": True})
    deadline = time.monotonic() + 20
    while not table.count.done:
        assert time.monotonic() < deadline
        app.step(0.25)
    assert "bell" in heard and "fanfare" not in heard
    assert len(table.show.particles) == 0
    remarks = [[label for label, value in figure.rows if not value]
               for figure in liniell_figures(played, played["outcome"])]
    assert remarks == [["Blue rhombs level too"]] * 2


def test_linie1_stalemate_says_nobody_wins_and_why_with_the_bell(app, monkeypatch):
    from game.tables.linie1.panel import _no_route_words
    from game.tables.linie1.table import Linie1Table

    heard: list[str] = []
    monkeypatch.setattr(app.sounds, "play", heard.append)
    match = Match("linie1", [SeatInfo("Ada", "human", "", 0), SeatInfo("Ben", "bot", "easy", 1)], 5)
    state = match.state
    state.box.extend(state.pile + state.hands[0] + state.hands[1])  # L11: nothing left to lay or draw
    state.pile.clear()
    state.hands = [[], []]
    from game.session import LocalSession
    session = LocalSession(match)
    table = Linie1Table(app, session, None)
    app.push(table)
    run(app, 0.1)
    session.submit(0, {"type": "end_turn"})
    for _ in range(40):
        run(app, 0.25)
    outcome = match.outcome()
    assert outcome is not None and outcome["stalemate"] and not outcome["winners"]
    assert "bell" in heard and "fanfare" not in heard
    # the game's length as the replays list gives it: one turn played, the one that ended it uncounted
    assert table.results_title(outcome) == "Linie 1 · 1995 die · 2 players · 1 turn · stalemate: nobody could lay track"

    class Frame:  # what the route card reads once the game is over
        view = match.view(None)
        seats = view["match"]["seats"]
        hidden_note = ""

    assert _no_route_words(Frame()) == ("Game over", "Nobody wins")  # type: ignore[arg-type]


def test_linja_results_say_when_nobody_could_move():
    from game.tables.linja.table import armies_passed

    start = Match("linja", [SeatInfo("Ada", "human", "", 0), SeatInfo("Ben", "human", "", 1)], 3).view(None)
    assert not armies_passed(start)  # J2: the armies begin interleaved
    passed = {**start, "rows": [[0, 0], [0, 2], [0, 5], [0, 5], [1, 0], [3, 0], [4, 0], [4, 0]]}
    assert armies_passed(passed)
    blocked = {**start, "rows": [[0, 0], [0, 0], [2, 4], [2, 2], [2, 2], [3, 1], [3, 3], [0, 0]]}
    assert not armies_passed(blocked)


def test_three_long_names_who_share_the_win_fit_the_screen(app, monkeypatch):
    drawn = record_drawn_text(monkeypatch)
    names = ("Wilhelmina-Josephine", "Maximiliane-Theresa", "Bartholomäus")
    figures = [PlayerFigures(seat, name, seat, True, "0 points") for seat, name in enumerate(names)]
    ResultsScene(app, figures, {"winners": [0, 1, 2], "draw": False}, lambda: None).draw(pygame.Surface((1920, 1080)))
    rect = next(rect for text, rect in drawn if text.endswith("share the win"))
    assert rect.left >= 0 and rect.right <= 1920


@pytest.mark.parametrize(("outcome", "said"), [
    ({"winners": [1], "draw": False, "scores": [40, 46]}, "Ben wins!"),
    ({"winners": [], "draw": True, "scores": [44, 44]}, "A draw"),
])
def test_linjas_turn_box_names_the_winner_once_the_count_is_done(outcome, said):
    from game.tables.linja.frame import LinjaFrame
    from game.tables.linja.panel import over_words

    view = {"phase": "over", "turn": None, "outcome": outcome, "scores": outcome["scores"]}
    frame = LinjaFrame(view, [{"name": "Ada"}, {"name": "Ben"}], ["you", "bot"], None, None, False, [], None, None,
                       [], None)  # type: ignore[arg-type]
    assert over_words(frame) == said  # a replay's end, a table opened on the finished game
    frame.tally = [12, 20]
    assert over_words(frame) == "Game over"  # the count still runs: the winner is not told before it
    frame.tally = list(outcome["scores"])
    assert over_words(frame) == said


def test_liniells_results_say_when_the_last_tile_had_no_place(app):
    from game.tables.launch import TableConfig, start_local_game
    from game.tables.liniell.table import LiniellTable

    assert start_local_game(app, TableConfig("liniell", [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")], {}, 4))
    table = next(scene for scene in app.stack.scenes if isinstance(scene, LiniellTable))
    assert table.results_title({"reason": "stack_empty"}) == "Liniell · Ada vs Bot"
    assert table.results_title({"reason": "last_tile_unplaceable"}) == (
        "Liniell · Ada vs Bot · the last tile had no legal place")


def test_statistics_count_a_shared_win_for_each_who_shared_it_and_a_draw_for_nobody():
    from game.replays import Replay, compute_stats

    seats = [SeatInfo("Ada", "human", "", 0), SeatInfo("Ben", "human", "", 1), SeatInfo("Cleo", "human", "", 2)]
    shared = Replay("bus", "Bus", 1, {}, seats, [], {"winners": [0, 1], "draw": False, "shared": True})
    drawn = Replay("linja", "Linja", 2, {}, seats[:2], [], {"winners": [], "draw": True})
    won = {player.name: (player.won, player.played) for player in compute_stats([shared, drawn]).players}
    assert won == {"Ada": (1, 2), "Ben": (1, 2), "Cleo": (0, 1)}


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_tie_remarks_read_at_a_size_near_the_cards_other_rows(app, language):
    from game.i18n import _
    from game.scenes.results import CARD_W, row_sizes

    set_language(language)
    try:
        sizes = {text: row_sizes(_(text), "", CARD_W)[0] for text in (
            "Tie broken: more stones", "Tie broken: scored first", "Blue rhombs level too",
            "More blue rhombs break the tie")}
    finally:
        set_language("en")
    assert min(sizes.values()) >= 20, sizes  # a card's labels are 26: a remark must not shrink to a whisper


def test_players_named_together_read_as_a_sentence_in_both_languages():
    from game.outcome_words import names_in_words

    assert [names_in_words(names) for names in (["Ada"], ["Ada", "Ben"], ["Ada", "Ben", "Cleo"])] == [
        "Ada", "Ada and Ben", "Ada, Ben and Cleo"]
    set_language("de")
    try:
        assert names_in_words(["Ada", "Ben", "Cleo"]) == "Ada, Ben und Cleo"
    finally:
        set_language("en")


def test_a_linja_draw_is_told_with_the_bell_and_no_confetti(app, monkeypatch):
    from game.bots import make_bot
    from game.session import LocalSession
    from game.tables.linja.table import LinjaTable

    seats = [SeatInfo("Ada", "human", "normal", 0), SeatInfo("Tramina", "human", "normal", 1)]
    finished = Match("linja", seats, 4)
    bots = [make_bot("linja", "normal", 4 * 31 + seat) for seat in range(2)]
    while not finished.finished:
        seat = finished.to_act()[0]
        finished.submit(seat, bots[seat].decide(finished.view(seat)))
    assert finished.outcome()["draw"]  # a drawn game (J6: equal scores), seed 4 with these bots
    match = Match("linja", seats, 4)
    for entry in finished.log[:-1]:
        match.submit(entry["seat"], entry["action"])
    session = LocalSession(match)
    table = LinjaTable(app, session, None)
    table.covered_for = match.to_act()[0]  # the device is already in the mover's hands
    app.push(table)
    run(app, 0.1)
    heard: list[str] = []
    monkeypatch.setattr(app.sounds, "play", heard.append)
    drawn = record_drawn_text(monkeypatch)
    celebrated: list[int] = []
    monkeypatch.setattr(table, "_celebrate", celebrated.append)  # the winner's confetti
    session.submit(finished.log[-1]["seat"], finished.log[-1]["action"])
    for _ in range(160):  # the count runs up row by row, then the results replace the table
        run(app, 0.25)
        if app.stack.top is not table:
            break
    assert isinstance(app.stack.top, ResultsScene)
    run(app, 1.2)  # the results would ring 0.9 s after they open: the table rang it, once
    assert heard.count("bell") == 1 and "fanfare" not in heard, heard
    assert celebrated == []
    assert "A draw" in [text for text, _rect in drawn]


def test_a_long_results_title_fits_the_screen_at_the_largest_text_size(app, monkeypatch):
    from game.ui import theme

    drawn = record_drawn_text(monkeypatch)
    title = ("Liniell · Wilhelmina-Josephine gegen Maximiliane-Theresa · das letzte Plättchen hatte keinen "
             "erlaubten Platz")
    theme.set_ui_scale(1.5)
    try:
        ResultsScene(app, cards(True, False), {"winners": [0], "draw": False}, lambda: None, title).draw(
            pygame.Surface((1920, 1080)))
    finally:
        theme.set_ui_scale(1.0)
    rect = next(rect for text, rect in drawn if text == title)
    assert rect.left >= 0 and rect.right <= 1920


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("names", [["Ada"], ["Ada", "Ben"], ["Ada", "Ben", "Cleo"]])
def test_the_headlines_pieces_join_to_its_words_and_name_each_winner(lang, names):
    set_language(lang)
    parts = headline_parts(names, False)
    assert "".join(text for text, _winner in parts) == headline(names, False)
    assert [(text, winner) for text, winner in parts if winner is not None] == [(n, i) for i, n in enumerate(names)]
    assert headline_parts([], True) == [(headline([], True), None)]


@pytest.mark.parametrize(("colour", "shared"), [(4, False), (4, True), (5, False), (1, True)])
def test_a_winners_name_stands_out_of_the_headline_in_their_seat_colour(app, monkeypatch, colour, shared):
    """Before, the whole headline was gold, so a winner in yellow read like the words around their
    name: now each winner's name is in their seat colour and the words are cream, never gold."""
    painted: list[tuple[str, tuple[int, int, int], int]] = []
    real = theme.draw_text

    def record(surface, text, pos, size=28, colour=theme.CREAM, *args, **kwargs):  # type: ignore[no-untyped-def]
        rect = real(surface, text, pos, size, colour, *args, **kwargs)
        painted.append((text, tuple(colour), rect.centery))
        return rect

    monkeypatch.setattr(theme, "draw_text", record)
    figures = [PlayerFigures(0, "Ada", colour, True, "9 points"),
               PlayerFigures(1, "Ben", (colour + 3) % 6, shared, "9 points" if shared else "7 points")]
    outcome = {"winners": [0, 1] if shared else [0], "draw": False}
    ResultsScene(app, figures, outcome, lambda: None).draw(pygame.Surface((1920, 1080)))
    line = [(text, paint) for text, paint, y in painted if y == HEADLINE_Y]
    names = {figure.name: figure.colour for figure in figures if figure.winner}
    assert "".join(text for text, _paint in line) == headline(list(names), False)
    for text, paint in line:
        if text in names:
            seat = theme.player_colour(names[text])
            assert paint == theme.text_colour(seat, theme.NIGHT)
            assert contrast(paint, theme.NIGHT) >= 4.5
        else:
            assert paint == theme.CREAM and paint != theme.SUNFLOWER


def test_five_cards_read_alike_their_headlines_at_one_size_and_their_rows_in_line(app, monkeypatch):
    """Linie 1's five cards at 150 %: "Winner", "Still building" and "22 squares to go" at one size
    (each card fitted its own, so the short ones stood out over the long), and every card's rows on
    the same lines though a builder's card has fewer (fewer rows were spread further apart)."""
    from tests.client.helpers import record_drawn_sizes
    theme.set_ui_scale(1.5)
    trip = [("Line", "6"), ("Stops", "B L"), ("Tiles laid", "13"), ("Exchanges", "3"), ("Turns taken", "17"),
            ("Rolls", "9"), ("Squares driven", "25"), ("Bot", "normal")]
    heads = ["Winner", "Still building", "22 squares to go", "41 squares to go", "20 squares to go"]
    rows = [trip[:7], trip[:4] + trip[7:], trip, trip, trip]
    figures = [PlayerFigures(seat, name, seat, seat == 0, head, row) for seat, (name, head, row) in
               enumerate(zip(("Ada", "Bimmel", "Schiene", "Weiche", "Gleis"), heads, rows, strict=True))]
    results = ResultsScene(app, figures, {"winners": [0], "draw": False}, lambda: None)
    results.card_offsets = [0.0] * len(figures)
    drawn = record_drawn_sizes(monkeypatch)
    results.draw(pygame.Surface((1920, 1080)))
    assert len({size for text, size, _rect in drawn if text in heads}) == 1
    for label in ("Line", "Stops", "Tiles laid", "Exchanges"):
        assert len({rect.top for text, _size, rect in drawn if text == label}) == 1, label


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("scale", [1.0, 1.25, 1.5])
def test_a_game_the_disk_refused_says_so_in_words_that_read_below_the_tallest_cards(app, monkeypatch, language,
                                                                                  scale):
    """Linie 1's cards with a bot hold 8 rows: the trouble under them ("Still not written (disk full)…")
    had 15 px between the cards and the buttons and was drawn 12 px high. The rows close up instead, never
    over each other, and the trouble reads whole at 22 px or more, clear of the cards and the buttons."""
    set_language(language)
    theme.set_ui_scale(scale)
    rows = [(f"Row {number}", str(number * 7)) for number in range(8)]
    figures = [PlayerFigures(seat, name, seat, seat == 1, "12 squares to go", rows)
               for seat, name in enumerate(("Tramina", "Bimmel"))]
    screen = ResultsScene(app, figures, {"winners": [1]}, play_again=lambda: None, title="Linie 1 · 2 players")
    screen.keep = lambda: "No space left on device"
    app.push(screen)
    run(app, 1.6)
    assert not screen.kept() and screen.trouble  # the longest words the trouble has
    drawn = record_drawn_sizes(monkeypatch)
    screen.draw(pygame.Surface((theme.WIDTH, theme.HEIGHT)))
    monkeypatch.undo()
    said = [(text, size, rect) for text, size, rect in drawn if text and text in screen.trouble]
    assert " ".join(text for text, _size, _rect in said) == screen.trouble  # whole, never cut with "…"
    assert all(theme.px(size) >= 22 for _text, size, _rect in said)
    cards = [screen.card_rect(index) for index in range(2)]
    assert all(rect.top > max(card.bottom for card in cards) and rect.bottom < screen.again.rect.top
               for _text, _size, rect in said)
    letters = theme.font(28, theme.TEXT_BOLD_FONT).get_height()  # a row's value, its tallest words
    for card in cards:  # every row inside its card, none over the next
        tops = [rect.top for text, _size, rect in drawn if text.startswith("Row ") and card.left < rect.x < card.right]
        assert len(tops) == 8 and tops[-1] + letters <= card.bottom
        assert all(upper + letters <= lower for upper, lower in zip(tops, tops[1:], strict=False))


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_tie_break_remark_reads_at_the_size_of_the_cards_labels_inside_its_card(app, monkeypatch, lang, scale):
    """At a 1366 × 768 window the canvas shows at 71 %: the remark "Mehr blaue Rauten entscheiden", shrunk
    to one line, read at about 14 pixels, smaller than every other row. It wraps instead, at the labels'
    size, and the card grows to hold it above the row after it."""
    from game.tables.liniell.figures import liniell_figures

    set_language(lang)
    theme.set_ui_scale(scale)
    try:
        seats = [{"name": "Ada", "kind": "human"}, {"name": "Tramina", "kind": "bot", "level": "easy"}]
        outcome = {"winners": [1], "draw": False, "scores": [7, 7], "blue": [1, 3], "routes": []}
        figures = liniell_figures({"match": {"seats": seats}}, outcome)
        scene = ResultsScene(app, figures, outcome, lambda: None)
        scene.card_offsets = [0.0] * len(figures)
        drawn = record_drawn_sizes(monkeypatch)
        scene.draw(pygame.Surface((1920, 1080)))
        card = scene.card_rect(1)
        remark = figures[1].rows[-2][0]
        tiles = next(label for label, value in figures[1].rows if value)  # "Tiles", a row with a value
        labels = {size for text, size, _rect in drawn if text == tiles}
        parts = [(size, rect) for text, size, rect in drawn if text and text in remark and rect.left < card.right
                 and rect.left > card.left]
    finally:
        theme.set_ui_scale(1.0)
        set_language("en")
    assert parts and {size for size, _rect in parts} == labels == {26}, (parts, labels)  # as large as "Route 1"
    assert all(rect.right <= card.right - 16 for _size, rect in parts)
    bot_row = next(rect for text, _size, rect in drawn
                   if text == figures[1].rows[-1][0] and card.collidepoint(rect.center))
    assert max(rect.bottom for _size, rect in parts) <= bot_row.top and bot_row.bottom <= card.bottom
