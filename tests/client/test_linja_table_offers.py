"""The Linja table offers exactly the core's legal moves in rare positions, and words every refusal
by its rule: the seat moving down the screen, a following move that runs onto the target row, one
that would stop on a full row, an extra turn, pieces already home."""

from __future__ import annotations

import pytest

from game.core.linja import GAME
from game.core.linja.position import FOLLOWING, INITIAL, Position
from game.match import Match, SeatInfo
from game.refusal_words import refusal_text
from game.session import LocalSession
from game.tables.linja.table import LinjaTable
from game.ui.input import Intent
from tests.client.helpers import click, run

# (pieces of A by row, pieces of B by row, seat to act, phase, steps, extra turn)
POSITIONS = {
    # B follows 3: row 7 -> 4, 6 -> 3, 4 -> 1 and 2 -> its target (one step expires) may go; 5 -> 2
    # would stop on the full row 2; row 0 is home; rows 1 and 3 hold no piece of B.
    "B follows onto its target or not onto a full row": (
        [5, 0, 3, 0, 0, 0, 2, 2], [2, 0, 3, 0, 1, 2, 1, 3], 1, FOLLOWING, 3, False),
    # A's extra turn: 5 -> 6 (an empty row) may go; 3 -> 4 would enter the full row 4; row 7 is home.
    "A's extra turn facing a full row": (
        [0, 0, 0, 2, 0, 1, 0, 9], [3, 0, 0, 0, 6, 0, 0, 3], 0, INITIAL, 0, True),
    # A's last piece on the field goes home for one step, which no piece of A can then use.
    "A's only move goes home": (
        [0, 0, 0, 0, 0, 0, 1, 11], [11, 0, 0, 0, 0, 0, 0, 1], 0, INITIAL, 0, False),
}


def table_at(app, pieces_a, pieces_b, seat, phase, steps, extra):
    seats = [SeatInfo("Ada", colour=0), SeatInfo("Bimmel", "bot", "easy", 1)]
    if seat == 1:
        seats = [SeatInfo("Bimmel", "bot", "easy", 0), SeatInfo("Ada", colour=1)]
    match = Match("linja", seats, 7, {"first": seat})
    match.state.position = Position([list(pieces_a), list(pieces_b)], seat, phase, steps, extra)
    session = LocalSession(match, bot_seed=7)
    session.paused = True  # the bot waits: only the human seat's offers are read
    table = LinjaTable(app, session, None)
    app.push(table)
    table.show.skip()
    run(app, 0.02)
    return table, match


def row_point(table, row):
    """A point of ``row`` away from its pieces: clicking a row, not a piece, picks its move."""
    return table.layout.stick_span[0] + 30, round(table.layout.row_y(row))


@pytest.mark.parametrize("name", POSITIONS)
def test_the_table_offers_exactly_the_legal_moves_and_words_each_refusal_by_its_rule(app, name):
    table, match = table_at(app, *POSITIONS[name])
    seat = match.to_act()[0]
    assert table.eyes == seat and table.my_turn
    legal = {action["from"] for action in GAME.legal(match.state, seat)}
    assert legal  # the core never leaves the player to act without a move
    kind = "initial" if match.state.position.phase == INITIAL else "follow"
    for row in range(8):
        table.handle(Intent("point", pos=row_point(table, row)))
        offered = table.active_choice()
        assert (offered is not None) == (row in legal), (name, row)
        if row in legal:
            continue
        version = match.version
        run(app, 0.02, click(row_point(table, row)))
        rejection = GAME.check(match.state, seat, {"type": kind, "from": row})
        assert rejection is not None and rejection.code in {"linja.no_piece", "linja.piece_home", "linja.row_full"}
        assert match.version == version, (name, row)
        assert table.message == refusal_text(rejection) and table.message_bad
    assert {choice["from"] for choice in table.choices()} == legal
    row = min(legal)
    run(app, 0.02, click(row_point(table, row)))
    assert match.version == 1 and not table.message_bad, table.message


def test_an_extra_turns_following_move_onto_an_empty_row_says_it_earns_no_further_one() -> None:
    """J5: the preview of such a move must not read as an ordinary move, nor promise an extra turn."""
    from game.core.linja.rules import LinjaState
    from game.core.rng import Rng
    from game.tables.linja.frame import preview_text

    # A's extra turn, following move of 2: 3 -> 5 lands on the empty row 5; 4 -> 6 lands on a row with a piece.
    position = Position([[8, 0, 0, 1, 1, 0, 0, 2], [0, 0, 0, 0, 0, 0, 1, 11]], 0, FOLLOWING, 2, True)
    for extra in (True, False):
        position.extra = extra
        view = GAME.view(LinjaState(position.copy(), 0, Rng(0)), 0)
        by_row = {choice["from"]: choice for choice in view["choices"]}
        assert by_row[3]["to"] == 5 and by_row[3]["extra_turn"] is not extra
        words = preview_text(view, by_row[3]), preview_text(view, by_row[3], short=True)
        if extra:
            assert words == ("Row 3 → 5: an empty row, but an extra turn earns no further one.",
                             "empty row · no extra turn")
        else:
            assert words[1] == "Extra turn!"
        assert preview_text(view, by_row[4]) == "Row 4 → 6."


def test_a_move_home_earns_one_step_and_counts_none_of_the_pieces_already_home(app) -> None:
    """Special situation 1: onto the target row the following move is one step, however many pieces
    stand there; neither the hover preview nor the move's count may number those pieces."""
    from game.tables.linja.frame import counts_its_row

    table, match = table_at(app, *POSITIONS["A's only move goes home"])
    [home] = table.choices()
    assert home["to"] == 7 and home["steps"] == 1 and not counts_its_row(table.view, home)
    table.handle(Intent("point", pos=row_point(table, 6)))
    assert table.active_choice() == home
    run(app, 0.02, click(row_point(table, 6)))
    assert match.version == 1
    seen_counted = False
    for _ in range(60):
        app.step(0.1)
        seen_counted |= bool(table.counted_pieces())
    assert not seen_counted and table.count_row is None
    assert table.log[-2:] == [(0, "6 → home: 1 step"), (0, "no piece can move 1: following move lost")]
    # An initial move into the field still counts the pieces of the row it enters.
    midfield = {"from": 0, "to": 1, "steps": 2}
    assert counts_its_row({"turn": 0, "targets": [7, 0]}, midfield)


def test_a_whole_game_against_a_bot_offers_exactly_the_legal_rows_at_every_decision(app) -> None:
    """A scripted player (a bot's choices, made by clicks) against a bot, to the results: at each of
    the player's decisions the rows the table takes a move from are exactly the core's legal rows."""
    import time

    from game.bots import make_bot
    from game.scenes.results import ResultsScene

    app.settings.animation_speed = 3.0
    seats = [SeatInfo("Ada", colour=0), SeatInfo("Bimmel", "bot", "easy", 1)]
    match = Match("linja", seats, 11, {"first": 1})
    table = LinjaTable(app, LocalSession(match, bot_seed=11), None)
    app.push(table)
    brain = make_bot("linja", "easy", 12)
    decisions = 0
    deadline = time.monotonic() + 120
    while not match.finished:
        assert time.monotonic() < deadline
        if table.busy or not table.my_turn:
            app.step(0.25)
            time.sleep(0.001)  # the bot thread gets the interpreter
            continue
        legal = {action["from"] for action in GAME.legal(match.state, 0)}
        for row in range(8):
            table.handle(Intent("point", pos=row_point(table, row)))
            assert (table.active_choice() is not None) == (row in legal), (match.version, row)
        action = brain.decide(match.view(0))
        version = match.version
        run(app, 0.02, click(row_point(table, action["from"])))
        assert match.version == version + 1, table.message
        decisions += 1
    while not isinstance(app.stack.top, ResultsScene):
        assert time.monotonic() < deadline
        app.step(0.25)
    assert decisions >= 10 and app.stack.top.outcome == match.outcome()
    assert table.tally == match.outcome()["scores"]


def test_a_following_move_past_the_target_row_says_how_many_steps_expire() -> None:
    """J4 and the rule sheet: a piece that leaves the field stops there; its remaining steps expire."""
    from game.core.linja.rules import LinjaState
    from game.core.rng import Rng
    from game.tables.linja.frame import preview_text

    pieces_a, pieces_b, seat, phase, steps, extra = POSITIONS["B follows onto its target or not onto a full row"]
    view = GAME.view(LinjaState(Position([pieces_a, pieces_b], seat, phase, steps, extra), seat, Rng(0)), seat)
    by_row = {choice["from"]: choice for choice in view["choices"]}
    assert preview_text(view, by_row[2]) == "Row 2 → home: the piece leaves the field; 1 step expires."
    assert preview_text(view, by_row[2], short=True) == "home"
    assert preview_text(view, by_row[7]) == "Row 7 → 4."
