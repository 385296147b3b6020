"""The Linja table driven headless: whole games by clicks and keys, bots, refusals, previews, LAN."""

from __future__ import annotations

import math
import time

import pygame
import pytest

from game.core.linja import GAME
from game.match import Match, SeatInfo
from game.scenes.pause import PauseScene
from game.scenes.results import ARM_SECONDS, ResultsScene
from game.scenes.rules import RulesScene
from game.session import LocalSession
from game.tables.launch import TableConfig
from game.tables.linja.frame import preview_text
from game.tables.linja.table import LinjaTable
from game.ui.banner import Banner
from tests.client.helpers import click, key, past_handover, run, wait
from tools.shots.linja import advanced

HUMANS = [SeatInfo("Ada", colour=0), SeatInfo("Ben", colour=1)]
VS_BOT = [SeatInfo("Ada", colour=0), SeatInfo("Bimmel", "bot", "easy", 1)]


def seats(template):
    return [SeatInfo(s.name, s.kind, s.level, s.colour) for s in template]


def make_table(app, template, first=0, seed=5):
    config = TableConfig("linja", seats(template), {"first": first}, seed)
    match = Match("linja", seats(template), seed, {"first": first})
    session = LocalSession(match, bot_seed=seed)
    table = LinjaTable(app, session, config)
    app.push(table)
    return table, match


def piece_centre(table, row, seat):
    piece = table.rows[row][seat][-1]
    return round(piece.x), round(piece.y)


def empty_spot(table, row):
    """A point in ``row`` away from every piece (to click the row, not a piece)."""
    return table.layout.stick_span[0] + 30, round(table.layout.row_y(row))


def test_hot_seat_game_by_clicks_to_results_and_a_rematch_with_the_loser_first(app):
    table, match = make_table(app, HUMANS, first=0)
    assert app.stack.top is table and table.eyes == 0  # Linja hides nothing: no cover, Ada plays at once
    assert table.handover is not None and table.handover.name == "Ada's turn"
    actions = handovers = 0
    while not match.finished:
        assert app.stack.top is table  # never a cover to click between the two players
        if table.busy:
            # Watch every tenth move to its end; skip the others with a click, as a player may.
            if actions % 10:
                run(app, 0.02, click((700, 540)))
            else:
                app.step(0.25)
            continue
        handovers += past_handover(app, table)
        seat = table.eyes
        assert seat == match.to_act()[0] and table.my_turn
        choices = table.view["choices"]
        assert choices == match.view(seat)["choices"]
        choice = max(choices, key=lambda c: (abs(c["to"] - c["from"]), c["from"] * (1 if seat else -1)))
        version = match.version
        run(app, 0.02, click(piece_centre(table, choice["from"], seat)))
        assert match.version == version + 1, table.message
        actions += 1
        assert actions < 200
    while not isinstance(app.stack.top, ResultsScene):
        if app.stack.top is table and table.busy:
            app.step(0.25)
        else:
            run(app, 0.02, key(pygame.K_RETURN))
    results = app.stack.top
    outcome = match.outcome()
    assert results.outcome == outcome
    assert [f.headline for f in results.figures] == [f"{outcome['scores'][s]} points" for s in (0, 1)]
    assert handovers >= 2 and actions > 10
    # Play again: the same seats, a new deal, and the loser (next_first) starts.
    run(app, ARM_SECONDS)  # the buttons wait for the cards to land
    run(app, 0.3, click(results.again.rect.center))
    rematch = app.stack.scenes[0]
    assert isinstance(rematch, LinjaTable) and rematch is not table
    assert rematch.session.match.options["first"] == outcome["next_first"]
    assert rematch.session.match.view(None)["first"] == outcome["next_first"]
    assert app.stack.top is rematch and rematch.eyes == outcome["next_first"]
    assert rematch.handover is not None and rematch.handover.name == f"{HUMANS[outcome['next_first']].name}'s turn"


def test_the_last_players_click_in_flight_does_not_move_for_the_next(app, monkeypatch):
    played: list[str] = []
    monkeypatch.setattr(app.sounds, "play", played.append)
    table, match = make_table(app, HUMANS, first=0)
    for _ in range(400):  # Ada's turn (her move and its following move) to its end, no extra turn
        if match.to_act() == [1]:
            break
        if table.busy or not table.my_turn or past_handover(app, table):
            app.step(0.05)
            continue
        choice = next(c for c in table.view["choices"] if not c.get("extra_turn"))
        played.clear()
        run(app, 0.02, click(piece_centre(table, choice["from"], 0)))
    for _ in range(400):
        if not table.busy and table.acting == 1:
            break
        app.step(1 / 60)
    assert app.stack.top is table and table.eyes == 1 and played[-1] == "turn"  # handed to Ben openly, heard
    assert table.handover.name == "Ben's turn" and table.handover.note == "Your pieces (blue) move down the board."
    version = match.version
    ben = next(c for c in table.view["choices"])
    run(app, 0.02, click(piece_centre(table, ben["from"], 1)))  # Ada's double click, still on its way
    assert match.version == version and table.my_turn  # nothing moved for Ben
    past_handover(app, table)
    run(app, 0.02, click(piece_centre(table, ben["from"], 1)))  # Ben's own click, a moment later
    assert match.version == version + 1
    wait(app, 2.0)
    assert table.handover is None or table.handover.name != "Ben's turn"  # the band went by itself


def test_bots_only_game_plays_through_the_table_to_results(app):
    app.settings.animation_speed = 3.0
    template = [SeatInfo("Bimmel", "bot", "easy", 2), SeatInfo("Kurbel", "bot", "easy", 3)]
    table, match = make_table(app, template, first=1, seed=9)
    assert table.eyes is None and not table.choices()
    for _ in range(2000):
        if isinstance(app.stack.top, ResultsScene):
            break
        app.step(0.25)
        time.sleep(0.001)  # the bot thread gets the interpreter
    assert isinstance(app.stack.top, ResultsScene)
    assert match.finished and app.stack.top.outcome == match.outcome()
    assert table.tally == match.outcome()["scores"]  # the count-up ended on the real scores


def test_refused_moves_show_the_rules_words_and_change_nothing(app):
    table, match = make_table(app, VS_BOT, first=0)
    table.show.skip()  # the "Ada starts" banner
    version = match.version
    before = [[len(group) for group in row] for row in table.rows]
    run(app, 0.02, click(empty_spot(table, 7)))  # Ada has no piece on row 7
    expected = GAME.check(match.state, 0, {"type": "initial", "from": 7})
    assert expected.code == "linja.no_piece"
    assert table.message == expected.message and table.message_bad
    assert match.version == version
    assert [[len(group) for group in row] for row in table.rows] == before
    guidance, _ = table.guidance()
    assert guidance == expected.message  # the panel shows it
    # A legal move clears the message.
    run(app, 0.02, click(piece_centre(table, 0, 0)))
    assert match.version == version + 1 and table.message == ""


def test_clicking_in_the_bots_turn_is_refused(app):
    table, match = make_table(app, VS_BOT, first=1)
    table.session.paused = True  # keep the bot from moving while we try
    table.show.skip()
    run(app, 0.02, click(piece_centre(table, 0, 0)))
    assert table.message == "It is not your turn." and match.version == 0


def test_a_full_row_refuses_with_the_cores_message(app):
    match = Match("linja", seats(VS_BOT), 3, {"first": 0})
    # Row 2 holds six pieces (three of each); Ada has pieces on row 1 that cannot enter it.
    match.state.position.pieces = [[4, 2, 3, 1, 1, 1, 0, 0], [0, 0, 3, 1, 1, 1, 1, 5]]
    session = LocalSession(match, bot_seed=3)
    table = LinjaTable(app, session, None)
    app.push(table)
    table.show.skip()
    run(app, 0.02)
    assert 1 not in {c["from"] for c in table.choices()}
    run(app, 0.02, click(piece_centre(table, 1, 0)))
    assert match.version == 0
    assert table.message == "Row 2 already holds 6 pieces; no piece may enter it."
    assert table.rows[1][0] and all(not piece.flying for piece in table.rows[1][0])


def test_hover_previews_landing_and_steps_and_the_count_pulses_after_the_move(app):
    table, match = make_table(app, VS_BOT, first=0)
    table.show.skip()
    run(app, 0.02)
    choice = next(c for c in table.view["choices"] if c["from"] == 0)
    assert choice == {"from": 0, "to": 1, "steps": 2}
    run(app, 0.3, [pygame.event.Event(pygame.MOUSEMOTION, pos=piece_centre(table, 0, 0), rel=(0, 0),
                                      buttons=(0, 0, 0))])
    assert table.active_choice() == choice
    assert table.row_counts(1) == (2, 1)  # row 1 makes room for the piece that would arrive
    assert preview_text(table.view, choice, short=True) == "+2 steps"
    text, _ = table.guidance()
    assert "following move gets 2 steps" in text
    mover = table.mover(choice)
    run(app, 0.02, click(piece_centre(table, 0, 0)))
    assert table.busy and mover.flying  # the very piece hovered is the one hopping
    assert table.view["phase"] == "initial"  # the board has not jumped ahead of the animation
    app.step(0.12)
    assert mover.lift > 0.3  # in the air over the stick
    for _ in range(8):
        app.step(0.1)
    assert not mover.flying and mover in table.rows[1][0]
    assert table.count_row == 1 and len(table.counted_pieces()) == 2
    assert table.view["phase"] == "following" and table.view["steps"] == 2
    assert table.log[-1] == (0, "0 → 1, 2 pieces there")  # what sets the following move's length


def test_keys_pick_and_play_a_move(app):
    table, match = make_table(app, VS_BOT, first=0)
    table.show.skip()
    run(app, 0.02, key(pygame.K_RIGHT))
    first = table.active_choice()
    assert first == table.view["choices"][0]
    run(app, 0.02, key(pygame.K_RIGHT))
    second = table.active_choice()
    assert second == table.view["choices"][1]
    run(app, 0.02, key(pygame.K_RETURN))
    assert match.log[-1]["action"] == {"type": "initial", "from": second["from"]}


def test_tab_walks_to_the_rules_button_and_enter_presses_it_not_the_picked_move(app):
    table, match = make_table(app, VS_BOT, first=0)
    table.show.skip()
    run(app, 0.02, key(pygame.K_RIGHT))
    assert table.active_choice() is not None
    run(app, 0.02, key(pygame.K_TAB))
    assert table.ui.focus is not None and table.ui.focus.label == "Rules"
    assert table.active_choice() is None  # no move stays picked out under the ring
    run(app, 0.02, key(pygame.K_RETURN))
    assert isinstance(app.stack.top, RulesScene) and match.log == []
    run(app, 0.02, key(pygame.K_ESCAPE))
    run(app, 0.02, key(pygame.K_RIGHT))  # the arrows take the keys back to the pieces: the ring goes
    assert table.ui.focus is None and table.active_choice() is not None
    run(app, 0.02, key(pygame.K_RETURN))
    assert match.log[-1]["action"]["type"] == "initial"


def test_a_key_the_table_has_no_use_for_rings_no_button(app):
    table, match = make_table(app, VS_BOT, first=0)
    table.show.skip()
    run(app, 0.02, key(pygame.K_z, pygame.KMOD_CTRL))  # undo: Linja has none
    assert table.ui.focus is None
    run(app, 0.02, key(pygame.K_RIGHT))
    run(app, 0.02, key(pygame.K_RETURN))
    assert app.stack.top is table and match.log[-1]["action"]["type"] == "initial"


def test_an_arrow_pressed_while_the_bot_moves_rings_no_button_and_enter_after_plays_on_the_board(app):
    table, match = make_table(app, VS_BOT, first=1)
    for _ in range(100):  # the bot's move is played out on the board
        app.step(0.05)
        if table.busy:
            break
    assert table.busy and not table.choices()
    run(app, 0.02, key(pygame.K_RIGHT))  # an impatient player's arrow: the board has no use for it yet
    assert table.ui.focus is None and not table.keys_on_buttons
    for _ in range(200):  # the bot's turn, both its moves, played out
        table.show.skip()
        app.step(0.05)
        if table.my_turn and not table.busy:
            break
    assert table.my_turn and not table.busy
    run(app, 0.02, key(pygame.K_RETURN))  # shows a move, as Enter does at a fresh turn: not the Menu
    run(app, 0.02, key(pygame.K_RETURN))
    assert app.stack.top is table and match.log[-1]["seat"] == 0


def test_an_extra_turn_is_announced_with_a_banner(app):
    session = advanced(2, lambda view: view["turn"] == 0 and view["phase"] == "following" and any(
        c["extra_turn"] for c in view["choices"]), first=0)
    table = LinjaTable(app, session, None)
    app.push(table)
    table.show.skip()
    choice = next(c for c in table.view["choices"] if c["extra_turn"])
    assert preview_text(table.view, choice, short=True) == "Extra turn!"
    run(app, 0.02, click(piece_centre(table, choice["from"], 0)))
    banners = []
    for _ in range(30):
        app.step(0.1)
        banners += [effect.text for effect in table.show.running() if isinstance(effect, Banner)]
    assert "Extra turn!" in banners
    assert table.view["extra_turn"] and table.view["turn"] == 0


def test_escape_opens_the_pause_menu_and_stops_the_bot_and_f1_the_rules(app):
    table, match = make_table(app, VS_BOT, first=1)
    run(app, 0.02, key(pygame.K_ESCAPE))
    assert isinstance(app.stack.top, PauseScene) and table.session.paused
    run(app, 0.02, key(pygame.K_ESCAPE))
    assert app.stack.top is table and not table.session.paused
    run(app, 0.02, key(pygame.K_F1))
    assert isinstance(app.stack.top, RulesScene) and app.stack.top is not table
    run(app, 0.02, key(pygame.K_ESCAPE))
    assert app.stack.top is table


def test_the_table_plays_over_the_lan(app):
    from game.lan.session import LanSession
    from net.client import NetSession
    from net.host import Host, HostConfig
    from net.host_thread import HostThread

    host = Host.new("linja", 2, HostConfig(heartbeat=0.2, away_after=2.0, drop_after=5.0), bots=1, seed=4,
                    options={"first": 0})
    thread = HostThread(host, "127.0.0.1", 0)
    port = thread.start()
    session = NetSession("127.0.0.1", port, "Ada")
    try:
        session.wait_for(lambda m: m.get("type") == "hello")
        session.claim(0)
        session.wait_for(lambda m: m.get("type") == "welcome")
        thread.start_game()
        session.wait_for(lambda m: m.get("type") == "update" and m["view"].get("turn") == 0)
        table = LinjaTable(app, LanSession(session), None)
        app.push(table)
        assert table.humans == [0] and table.eyes == 0
        for _ in range(4):  # four of Ada's moves, each answered by the host's bot when the turn passes
            deadline = time.monotonic() + 5
            while not table.my_turn and time.monotonic() < deadline:
                app.step(0.25)
                time.sleep(0.01)
            assert table.my_turn
            choice = table.view["choices"][0]
            version = table.view["match"]["version"]
            run(app, 0.02, click(piece_centre(table, choice["from"], 0)))
            deadline = time.monotonic() + 5
            while table.view["match"]["version"] == version and time.monotonic() < deadline:
                app.step(0.25)
                time.sleep(0.01)
            assert table.view["match"]["version"] > version
        deadline = time.monotonic() + 5
        while (table.busy or table.view["match"]["version"] != host.match.version) and time.monotonic() < deadline:
            app.step(0.25)
            time.sleep(0.01)
        assert host.match.version > 4  # Ada's four moves and the bot's answers
        assert table.view["rows"] == host.match.view(0)["rows"]
        assert [[len(group) for group in row] for row in table.rows] == table.view["rows"]
    finally:
        session.close()
        thread.stop(goodbye=False)


def test_passes_are_announced_and_logged(app):
    table, match = make_table(app, VS_BOT, first=0)
    table.show.skip()
    view = table.view
    table.receive({"type": "update", "version": table.version + 1, "view": view,
                   "events": [{"type": "pass", "seat": 0, "phase": "following", "steps": 4},
                              {"type": "pass", "seat": 1, "phase": "initial"}]})
    seen = []
    for _ in range(40):
        app.step(0.1)
        seen += [e.text for e in table.show.running() if isinstance(e, Banner) and e.text not in seen]
    assert seen == ["Following move lost", "Bimmel passes"]
    assert table.log[-2:] == [(0, "no piece can move 4: following move lost"), (1, "cannot move: passes")]
    assert not table.busy and table.view is view


def test_a_player_whose_pieces_are_all_home_is_told_so_and_a_blocked_end_is_named(app):
    """Passing in the initial phase has two causes: every piece faces a full row, or every piece is
    home (J3). And when neither player can move, the game ends scored as it stands (gap G1)."""
    table, match = make_table(app, VS_BOT, first=0)
    table.show.skip()
    view = dict(table.view)
    targets = view["targets"]
    view["rows"] = [[0, 0] for _ in view["rows"]]
    view["rows"][targets[1]][1] = 12  # every piece of Bimmel's is home
    view["rows"][3][0] = 12
    table.receive({"type": "update", "version": table.version + 1, "view": view,
                   "events": [{"type": "pass", "seat": 1, "phase": "initial"},
                              {"type": "pass", "seat": 0, "phase": "initial"},
                              {"type": "end", "reason": "blocked", "winners": [0], "draw": False, "scores": [6, 60],
                               "next_first": 1}]})
    seen = []
    for _ in range(80):
        app.step(0.1)
        seen += [(e.text, e.subtitle) for e in table.show.running() if isinstance(e, Banner)
                 and (e.text, e.subtitle) not in seen]
    assert seen[:3] == [("Bimmel passes", "Every piece of Bimmel is home."),
                        (f"{table.seat_name(0)} passes", "Every initial move runs into a full row."),
                        ("Nobody can move", "The game ends here, scored as the pieces stand.")]


def test_the_setup_screen_starts_a_linja_table_against_a_bot(app):
    from game.scenes.setup import SetupScene

    setup = SetupScene(app)
    app.push(setup)
    setup.select_game(setup.games.index("linja"))
    assert setup.start.enabled and setup.rows[1].kind.startswith("bot")
    run(app, 0.3, click(setup.start.rect.center))
    table = app.stack.top
    assert isinstance(table, LinjaTable) and table.humans == [0] and table.eyes == 0
    assert table.config.options == {"first": None}


@pytest.mark.parametrize(("lang", "scale"), [("en", 1.0), ("de", 1.0), ("de", 1.5)])
def test_the_goal_hint_leaves_the_seats_and_whose_turn_it_is_in_sight(app, lang, scale):
    from game.i18n import set_language
    from game.tables.linja.layout import CARDS, RULES_BUTTON, TURN_BOX
    from game.ui import theme
    app.settings.hints = True
    set_language(lang)
    theme.set_ui_scale(scale)
    try:
        table, _match = make_table(app, VS_BOT)
        for _frame in range(150):  # the opening plays, then the hint comes
            app.step(1 / 60)
        assert table.coach is not None and table.coach.current is not None
        table.coach.alpha = 1.0
        table.coach.draw(pygame.Surface((1920, 1080)), table.coach_anchor())
    finally:
        set_language("en")
        theme.set_ui_scale(1.0)
    box = table.coach.box
    assert not box.colliderect(CARDS[0]) and not box.colliderect(CARDS[1])  # both players' cards
    assert box.top >= TURN_BOX.y + 84  # "Ada's turn" stands above it
    assert box.bottom - 6 <= RULES_BUTTON.y  # Rules and Menu stay in reach


def test_a_move_that_ends_the_game_says_so_before_anything_it_would_earn() -> None:
    view = {"turn": 0, "targets": [7, 0], "rows": [[1, 0]] * 8}
    home = {"from": 6, "to": 7, "steps": 1, "ends_game": True}
    assert preview_text(view, home, short=True) == "ends the game!"
    assert "game over" in preview_text(view, home) and "following move" not in preview_text(view, home)
    onto_empty = {"from": 2, "to": 3, "steps": 0, "ends_game": True}
    assert "game over" in preview_text(view, onto_empty)
    empty_row = {**view, "rows": [[1, 0]] * 3 + [[0, 0]] + [[1, 0]] * 4}
    assert "no following move" in preview_text(empty_row, {"from": 2, "to": 3, "steps": 0})  # the game goes on


def test_a_following_move_of_one_step_is_one_step() -> None:
    from game.tables.linja.refusals import TEXTS
    wrong_phase = TEXTS["linja.wrong_phase"]
    assert callable(wrong_phase)
    assert wrong_phase({"phase": "following", "steps": 1}).endswith("of 1 step.")
    assert wrong_phase({"phase": "following", "steps": 3}).endswith("of 3 steps.")


def test_each_card_says_who_plays_it_as_the_other_games_do(app):
    table, _match = make_table(app, VS_BOT)
    run(app)
    assert table.frame().kinds == ["you", "Bot · easy"]  # not "Human" for the player at this screen
    hot_seat, _match = make_table(app, HUMANS)
    run(app)
    assert hot_seat.frame().kinds == ["on this screen", "on this screen"]


def test_the_turn_box_says_your_turn_to_the_one_player_of_the_screen_and_names_hot_seat_players(
        app, monkeypatch):
    from game.tables.linja import panel
    from game.ui import theme
    real, drawn = theme.draw_text, []

    def record(surface, text, *args, **kwargs):
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(panel.theme, "draw_text", record)
    for template, mine, theirs in ((VS_BOT, "Your turn", "Ada's turn"), (HUMANS, "Ada's turn", "Your turn")):
        table, _match = make_table(app, template)
        run(app, 0.5)
        assert table.view["turn"] == 0
        drawn.clear()
        panel.draw_panel(pygame.Surface((1920, 1080)), table.frame())
        assert mine in drawn and theirs not in drawn, template


def test_the_initial_move_card_names_both_exceptions():
    """J4: the pieces on the reached row set the following move, but an empty row gives none and a
    move home exactly one step."""
    from game.tables.linja import panel
    assert all(words in panel.INITIAL_CARD for words in ("already on the row", "An empty row: no following move",
                                                         "Home: exactly 1 step"))


CARD_CASES = {  # (phase, steps, extra turn, whose turn: 0 Ada of this screen, 1 the bot Bimmel)
    "my initial move": ("initial", 0, False, 0), "the bot's initial move": ("initial", 0, False, 1),
    "my following move": ("following", 3, False, 0), "one step": ("following", 1, False, 0),
    "in my extra turn": ("following", 5, True, 0), "the bot's following move": ("following", 4, False, 1),
}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("scale", [1.0, 1.25, 1.5])
def test_the_phase_card_grows_to_read_at_full_size_and_nothing_in_the_turn_box_overlaps(app, monkeypatch, lang,
                                                                                          scale):
    """At every text size the phase card's words are drawn whole at their own size (the card grows to
    hold them; at 150 % they once shrank to 22 px in a card that kept its height), under whose turn it
    is, and the line under the card keeps room for two lines at full size on this screen's turn (one
    for another's "… is thinking"), all above the moves list and the Rules and Menu buttons."""
    from dataclasses import replace

    from game.i18n import set_language
    from game.tables.linja import panel
    from game.tables.linja.layout import RULES_BUTTON, TURN_BOX
    from game.ui import theme
    table, _match = make_table(app, VS_BOT, first=0)
    table.session.hold_bots(True)
    run(app, 2.0)  # past the starting banner: the line under the card says what to do
    drawn = []
    real = theme.draw_text

    def record(surface, text, pos, size, *args, **kwargs):
        rect = real(surface, text, pos, size, *args, **kwargs)
        drawn.append((text, theme.px(size), rect))
        return rect

    monkeypatch.setattr(panel.theme, "draw_text", record)
    set_language(lang)  # the suite's fixture puts the source language back
    theme.set_ui_scale(scale)
    try:
        for case, (phase, steps, extra, turn) in CARD_CASES.items():
            frame = replace(table.frame(), view={**table.view, "phase": phase, "steps": steps, "extra_turn": extra,
                                                 "turn": turn}, guidance=("", theme.CREAM))
            plan = panel.turn_box_plan(frame)
            drawn.clear()
            panel.draw_panel(pygame.Surface((1920, 1080)), frame)
            words = panel.phase_words(frame)
            size = theme.px(24 if phase == "following" else 25)
            lines = [(text, px, rect) for text, px, rect in drawn  # not a card's name, nor the big step count
                     if text and text in words and TURN_BOX.contains(rect) and text != str(steps)]
            assert " ".join(text for text, _px, _rect in lines) == words, case  # uncut
            assert all(px == size and plan.card.contains(rect) for _text, px, rect in lines), (case, lines)
            heading = next(rect for text, _px, rect in drawn if text in ("Your turn", "Du bist dran", "Bimmel's turn",
                                                                          "Bimmel ist am Zug"))
            assert heading.bottom <= plan.card.top, case
            room = plan.guidance.height // theme.line_height(panel.GUIDANCE_SIZE, theme.TEXT_BOLD_FONT)
            assert plan.guidance.top > plan.card.bottom and room >= (2 if turn == 0 else 1), (case, room)
            bottom = plan.log_top if plan.log_top is not None else RULES_BUTTON.top
            assert plan.guidance.bottom < bottom <= RULES_BUTTON.top and TURN_BOX.contains(plan.card), case
            if scale == 1.0:
                assert plan.log_top is not None, case  # the moves list always shows at 100 %
        # What to do now reads at full size too: its second sentence is said only where it fits so
        frame = table.frame()
        assert frame.guidance[0] == table.guidance()[0] and frame.guidance_more
        drawn.clear()
        panel.draw_panel(pygame.Surface((1920, 1080)), frame)
        plan = panel.turn_box_plan(frame)
        said = [(text, px) for text, px, rect in drawn if plan.guidance.contains(rect)]
        assert said and all(px == theme.px(panel.GUIDANCE_SIZE) for _text, px in said), said
        assert " ".join(text for text, _px in said).startswith(frame.guidance[0])
        if scale == 1.0:
            assert " ".join(text for text, _px in said).endswith(frame.guidance_more)
    finally:
        theme.set_ui_scale(1.0)


def test_the_phase_card_tells_this_screens_player_what_to_do_and_names_anyone_else_who_moves(app):
    from dataclasses import replace

    from game.tables.linja.panel import phase_words
    table, match = make_table(app, VS_BOT, first=1)  # Bimmel, the bot, opens
    table.session.hold_bots(True)
    run(app, 0.5)
    frame = table.frame()
    assert frame.view["turn"] == 1 and frame.view["phase"] == "initial"
    assert phase_words(frame).startswith("Bimmel moves a piece over one stick."), phase_words(frame)
    following = replace(frame, view={**frame.view, "phase": "following", "steps": 3})
    assert phase_words(following).startswith("Bimmel moves one piece"), phase_words(following)
    assert "3 sticks forward." in phase_words(following)
    for watcher in (replace(frame, humans=()), replace(frame, humans=(), replay=True)):  # spectator, replay
        assert phase_words(watcher).startswith("Bimmel moves"), watcher
    for hot_seat in (replace(frame, humans=(0, 1)), replace(frame, humans=(1,))):  # Bimmel's seat played here
        assert phase_words(hot_seat).startswith("Move a piece over one stick"), hot_seat
        assert "Bimmel" not in phase_words(replace(hot_seat, view=following.view))

    mine, _match = make_table(app, VS_BOT, first=0)  # Ada, of this screen, opens
    run(app, 0.5)
    assert mine.frame().view["turn"] == 0
    assert phase_words(mine.frame()).startswith("Move a piece over one stick"), phase_words(mine.frame())


def test_the_following_moves_card_names_the_extra_turn_an_empty_row_earns_once_a_turn(app):
    """J5: a following move that ends on an empty row earns an extra turn, whose own following move
    earns none; the card says so, as the hover preview and the "Extra turn!" banner do."""
    from dataclasses import replace

    from game.i18n import set_language
    from game.tables.linja.panel import phase_words
    table, _match = make_table(app, VS_BOT, first=0)
    table.session.hold_bots(True)
    run(app, 0.5)
    frame = table.frame()
    for turn in (0, 1):  # Ada of this screen, and the bot she watches
        following = replace(frame, view={**frame.view, "phase": "following", "steps": 2, "turn": turn})
        extra = replace(following, view={**following.view, "extra_turn": True})
        assert phase_words(following).endswith("An empty row: an extra turn."), phase_words(following)
        assert phase_words(extra).endswith("An empty row: no further extra turn."), phase_words(extra)
        assert "extra turn" not in phase_words(replace(following, view={**frame.view, "turn": turn}))  # initial
    set_language("de")  # the suite's fixture puts the source language back
    assert phase_words(following).endswith("Leere Reihe: ein Extrazug.")
    assert phase_words(extra).endswith("Leere Reihe: kein weiterer Extrazug.")


def test_the_phase_card_names_the_mover_in_german(app):
    from game.i18n import set_language
    from game.tables.linja.panel import phase_words
    table, _match = make_table(app, VS_BOT, first=1)
    table.session.hold_bots(True)
    run(app, 0.5)
    set_language("de")  # the suite's fixture puts the source language back
    words = phase_words(table.frame())
    assert words.startswith("Bimmel zieht einen Stein über einen Stab."), words


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_lan_chat_lines_cover_no_piece_nor_a_card_or_button(app, scale):
    """A LAN table's chat lines stay nine seconds: in the default corner they covered rows 0 and 1, beside
    the board the moves list and the points chips. Linja's and their tab stand in a band under the board,
    clear of the board (every slot a piece can take, a goal row filled with eighteen, and every points
    chip), of the seats' cards and of the turn box, and inside the screen, at any text size."""
    from game.render.linja.layout import CHIP_RADIUS, PIECE_RADIUS, ROWS
    from game.tables.linja.layout import BOARD, CARDS, MENU_BUTTON, RULES_BUTTON, TURN_BOX
    from game.ui import theme
    from tools.shots.lan import ShotLink, chatter
    from tools.shots.lan import seat as lan_seat
    theme.set_ui_scale(scale)
    try:
        local = advanced(7, lambda view: view["moves"] >= 12)
        link = ShotLink([lan_seat("Ada"), lan_seat("Tramina", kind="bot", bot=True)], "Linja night", local,
                        "playing", game="linja")
        session = chatter(link, [(1, "Tramina", "Good luck!"), (0, "Ada", "You too."),
                                 (1, "Tramina", "That was a long following move, and it earned you an extra turn "
                                                "on the empty row right in front of my pieces."),
                                 (0, "Ada", "Row 3 is mine now.")])
        table = LinjaTable(app, session, None)
        app.push(table)
        run(app, 0.5)
        feed = table.lan_hud.feed_rect()
        assert feed is not None
        drawn = feed.move(40, 0).clip(feed)  # feed_rect leaves 40 px for a new line sliding in
        tab = table.lan_hud.chat.tab
        pieces: list[pygame.Rect] = []
        for row in range(ROWS):
            for counts in ((12, 6), (6, 12), (3, 3)):
                for group in table.layout.slots(row, counts):
                    for x, y in group:
                        box = pygame.Rect(0, 0, 2 * PIECE_RADIUS, 2 * PIECE_RADIUS)
                        box.center = (round(x), round(y))
                        pieces.append(box)
        for row in table.rows:
            for group in row:
                for piece in group:
                    box = pygame.Rect(0, 0, 2 * PIECE_RADIUS, 2 * PIECE_RADIUS)
                    box.center = (round(piece.x), round(piece.y))
                    pieces.append(box)
        chips = [pygame.Rect(0, 0, 2 * CHIP_RADIUS, 2 * CHIP_RADIUS) for _chip in range(2 * ROWS)]
        for index, chip in enumerate(chips):
            chip.center = table.layout.chip_centre(index % 2, index // 2)
        assert table.layout.rect.height < BOARD.height  # the board gave the band up (a local one keeps it)
        for rect in (drawn, tab):
            assert rect.collidelist(pieces + chips) == -1, rect
            assert rect.collidelist([table.layout.rect, *CARDS.values(), TURN_BOX, RULES_BUTTON, MENU_BUTTON]) == -1
            assert BOARD.contains(rect), rect  # under the board, never out over the side panel
            assert pygame.Rect(0, 0, theme.WIDTH, theme.HEIGHT).contains(rect), rect
        assert pygame.Rect(0, 0, theme.WIDTH, theme.HEIGHT).contains(table.lan_hud.chat.panel)
    finally:
        theme.set_ui_scale(1.0)


def test_only_a_lan_table_gives_the_chat_a_band_under_the_board(app):
    """On one screen (no chat) the board keeps the whole left of the screen, its rows as high as ever."""
    from game.tables.linja.layout import BOARD
    table, _match = make_table(app, VS_BOT)
    assert table.layout.rect == BOARD and table.lan_hud is None

def drag(start, end, steps=6):
    """A press at ``start``, small moves with the button held, the button up at ``end``."""
    events = [pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)]
    for index in range(1, steps + 1):
        pos = (start[0] + (end[0] - start[0]) * index // steps, start[1] + (end[1] - start[1]) * index // steps)
        events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0)))
    return [*events, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)]


def test_a_piece_taken_up_and_let_go_off_its_move_is_put_back_and_a_drag_to_its_row_plays_it(app):
    """A move is played when the button comes up on the row pressed or on the row the move reaches; a
    piece dragged off the board, onto Menu or to another row moves nowhere (the press alone once played
    it, so a piece taken up by mistake could not be put back), and Menu does not open either."""
    from game.tables.linja.layout import MENU_BUTTON
    table, match = make_table(app, VS_BOT, first=0)
    table.session.hold_bots(True)
    run(app, 2.0)
    assert not table.busy  # the starting banner is over: a press is not taken to skip it
    choice = next(c for c in table.view["choices"] if c["from"] == 1)
    start = piece_centre(table, 1, 0)
    other = next(row for row in range(1, 7) if row not in (1, int(choice["to"])))
    for end in (MENU_BUTTON.center, (1600, 40), (start[0], round(table.layout.row_y(other)))):
        run(app, 0.3, drag(start, end))
        assert match.version == 0 and app.stack.top is table, end
        assert getattr(table, "pressed_row", None) is None
        assert all(piece.lift == 0 for row in table.rows for group in row for piece in group)  # set back down
    held = drag(start, (start[0] + 200, round(table.layout.row_y(int(choice["to"])))))
    run(app, 0.02, held[:-1])
    assert table.active_choice() == choice and match.version == 0  # held: its move shown, not played
    assert [piece for piece in table.rows[1][0] if piece.lift > 0] == [table.held]  # taken up off the table
    run(app, 0.02, held[-1:])
    assert match.version == 1 and match.log[-1]["action"] == {"type": "initial", "from": 1}


def test_enter_in_the_bots_turn_opens_no_button_the_keys_never_walked_to(app):
    """"Click or press Enter to skip the animation", the table says while a move plays; an Enter a moment
    later, with the bot still to move, pressed the first button (Rules) or the last one the pointer
    passed (Menu). It does nothing now; Tab to a button and Enter still presses it."""
    from game.scenes.rules import RulesScene
    from game.tables.linja.layout import MENU_BUTTON
    table, _match = make_table(app, VS_BOT, first=1)
    table.session.hold_bots(True)
    run(app, 2.0)
    assert not table.busy and not table.my_turn
    run(app, 0.1, key(pygame.K_RETURN))
    assert app.stack.top is table
    run(app, 0.1, [pygame.event.Event(pygame.MOUSEMOTION, pos=MENU_BUTTON.center, rel=(1, 1), buttons=(0, 0, 0)),
                   pygame.event.Event(pygame.MOUSEMOTION, pos=(600, 500), rel=(1, 1), buttons=(0, 0, 0))])
    run(app, 0.1, key(pygame.K_RETURN))  # the pointer passed Menu and left it
    assert app.stack.top is table
    run(app, 0.1, key(pygame.K_TAB) + key(pygame.K_RETURN))
    assert isinstance(app.stack.top, (RulesScene, PauseScene))  # walked to with the keys: pressed


def test_a_turn_of_this_screen_on_hold_never_says_it_waits_for_its_own_player(app):
    """While Ada's move is on its way to the host (or the link is down and "Reconnecting…" covers the
    table) her turn is on hold: the line under the card said "Waiting for Ada…" on Ada's own screen."""
    table, _match = make_table(app, VS_BOT, first=0)
    table.session.hold_bots(True)
    run(app, 2.0)
    assert table.my_turn
    table.awaiting = 5.0  # an intent sent, its answer not back yet
    assert not table.my_turn
    assert "Ada" not in table.guidance()[0]
    table.awaiting = 0.0
    bot, _match = make_table(app, VS_BOT, first=1)
    bot.session.hold_bots(True)
    run(app, 2.0)
    assert bot.guidance()[0] == "Bimmel is thinking…"  # another's turn is still named


def test_a_piece_carried_follows_the_pointer_and_glides_home_when_let_go_where_it_cannot_go(app):
    """Pressed, a piece no longer only rises where it lies: it follows the pointer as it was gripped.
    Let go off its move it glides back to its slot (not a jump); let go on the row it reaches it settles
    there with one hop from where it was let go, not the whole way again from its old row."""
    table, match = make_table(app, VS_BOT, first=0)
    table.session.hold_bots(True)
    run(app, 2.0)
    piece = table.rows[0][0][2]  # a start-row piece between two others
    grip = (round(piece.x) + 9, round(piece.y) - 7)  # pressed a little off its middle
    away = (grip[0] + 230, round(table.layout.row_y(5)))
    moves = drag(grip, away)
    run(app, 0.02, moves[:-1])
    held = table.held
    assert held is piece and held.lift > 0
    assert (round(held.x), round(held.y)) == (away[0] - 9, away[1] + 7)  # under the pointer, as gripped
    assert table.frame().mover is held  # the preview rings and traces the piece in the hand, not a neighbour
    slot = table.pieces.slot_of(held)
    run(app, 1 / 60, moves[-1:])  # let go on a row its move does not reach
    assert match.version == 0 and table.held is None
    assert math.dist(held.pos, slot) > 100  # on its way home, not teleported there
    run(app, 0.6)
    assert math.dist(held.pos, table.pieces.slot_of(held)) < 2  # home
    start = piece_centre(table, 1, 0)
    run(app, 0.3, drag(start, (start[0], round(table.layout.row_y(2)))))  # the initial move, 1 -> 2
    run(app, 3.0)
    assert table.view["phase"] == "following" and table.view["steps"] >= 2 and not table.busy
    choice = next(c for c in table.view["choices"] if c["from"] == 0)
    to = int(choice["to"])
    start = piece_centre(table, 0, 0)
    end = (start[0] + 300, round(table.layout.row_y(to)))
    moves = drag(start, end)
    run(app, 0.02, moves[:-1])
    carried = table.held
    assert carried is not None
    run(app, 1 / 60, moves[-1:])
    assert match.version == 2 and carried in table.rows[to][0]
    assert math.dist(carried.pos, end) < 30  # it hops on from where it lies
    run(app, 0.05)
    assert carried.flying
    run(app, 0.35)  # one hop (0.3 s), not the whole way from row 0 (0.52 s and more)
    assert not carried.flying and math.dist(carried.pos, table.pieces.slot_of(carried)) < 2


def test_escape_with_a_piece_in_hand_puts_it_back(app):
    """The button's coming up goes to the pause menu: the table lets the piece go as the menu opens."""
    table, match = make_table(app, VS_BOT, first=0)
    table.session.hold_bots(True)
    run(app, 2.0)
    start = piece_centre(table, 1, 0)
    run(app, 0.02, drag(start, (start[0] + 200, start[1] - 150))[:-1])
    piece = table.held
    assert piece is not None
    run(app, 0.1, key(pygame.K_ESCAPE))
    assert isinstance(app.stack.top, PauseScene)
    run(app, 0.1, key(pygame.K_ESCAPE))
    assert app.stack.top is table and table.held is None and not piece.held and piece.lift == 0
    run(app, 0.6)
    assert math.dist(piece.pos, table.pieces.slot_of(piece)) < 2 and match.version == 0


def test_a_draw_rings_the_bell_once_at_the_table_and_the_results_stay_quiet(app, monkeypatch):
    """Linja's end sounded through the table's own player, so its results, never told the end was
    heard, rang the bell a second time; it goes through ``sound_the_end`` as every table's does."""
    table, match = make_table(app, HUMANS, first=0)
    run(app, 0.02, key(pygame.K_RETURN))  # the cover
    heard: list[str] = []
    monkeypatch.setattr(app.sounds, "play", heard.append)
    outcome = {"winners": [], "draw": True, "scores": [7, 7], "next_first": 1}
    view = {**table.view, "phase": "over", "turn": None, "choices": [], "scores": [7, 7], "outcome": outcome}
    table.receive({"type": "update", "version": table.version + 1, "view": view,
                   "events": [{"type": "end", "reason": "blocked", "scores": [7, 7], "winners": [], "draw": True,
                               "next_first": 1}]})
    for _ in range(120):
        if isinstance(app.stack.top, ResultsScene):
            break
        if not table.busy and app.stack.top is table:
            table.open_results()
        app.step(0.1)
    assert isinstance(app.stack.top, ResultsScene) and table.end_heard
    wait(app, 1.5)  # the results' own sound would come 0.9 s after they open
    assert heard.count("bell") == 1 and "fanfare" not in heard, heard


def test_a_points_chip_says_what_it_means_when_the_pointer_rests_on_it(app):
    """The numbers down the board's sides (5 3 2 1 in one colour, 1 2 3 5 in the other) were never
    explained on the table: resting on one names whose pieces score what there."""
    table, _match = make_table(app, VS_BOT, first=0)
    table.session.hold_bots(True)
    run(app, 2.0)
    chip = table.layout.chip_centre(1, 1)  # Bimmel's 3 on row 1, two sticks from Bimmel's goal
    run(app, 0.1, [pygame.event.Event(pygame.MOUSEMOTION, pos=chip, rel=(1, 1), buttons=(0, 0, 0))])
    assert table.chip_tip() is None  # not at once: the pointer may be passing by
    run(app, 0.6)
    tip = table.chip_tip()
    assert tip is not None and tip[0] == "Each of Bimmel's pieces on this row scores 3 points at the end."
    assert tip[1].collidepoint(chip)
    run(app, 0.6, [pygame.event.Event(pygame.MOUSEMOTION, pos=table.layout.chip_centre(0, 4), rel=(1, 1),
                                      buttons=(0, 0, 0))])
    assert table.chip_tip()[0] == "Each of Ada's pieces on this row scores 1 point at the end."
    run(app, 0.6, [pygame.event.Event(pygame.MOUSEMOTION, pos=table.layout.chip_centre(0, 3), rel=(1, 1),
                                      buttons=(0, 0, 0))])
    assert table.chip_tip() is None  # Ada's own half: no chip there


def test_the_rules_explain_the_arrowheads_the_table_draws_at_a_row_a_move_can_reach(app):
    """A newcomer saw mint arrowheads at both ends of some rows and found them nowhere in the rules."""
    from game.render.diagrams import find_key
    from game.scenes.rulebook import RULES_DIR, parse
    for path in (RULES_DIR / "linja.md", RULES_DIR / "de" / "linja.md"):
        book = parse("linja", path.read_text(encoding="utf-8"))
        keys = [block for section in book.sections for block in section.blocks if block.kind == "key"]
        assert any(block.name == "linja.landing" and block.text for block in keys), path
    image = find_key("linja.landing")(40)
    assert sum(1 for x in range(40) for y in range(40) if image.get_at((x, y)).a == 255) > 100  # the mark itself


def test_the_steps_a_move_earns_rise_inside_its_row_clear_of_the_rows_around(app):
    """The "+4" of an initial move rose from above the piece into the row above, over its pieces: it
    stays in the row it speaks of, every frame of its life."""
    from game.ui.floaters import FloatText
    session = advanced(3, lambda view: view["moves"] >= 16 and view["turn"] == 0 and view["phase"] == "initial")
    table = LinjaTable(app, session, None)
    app.push(table)
    table.show.skip()
    choice = max(table.view["choices"], key=lambda c: c["steps"])
    assert choice["steps"] >= 2
    table.play_row(choice["from"])
    band = table.layout.row_band(choice["to"])
    frames = 0
    for _ in range(180):
        app.step(1 / 60)
        for word in [overlay for overlay in table.show.overlays if isinstance(overlay, FloatText)]:
            assert word.text == f"+{choice['steps']}"
            layer = pygame.Surface((1920, 1080), pygame.SRCALPHA)
            word.draw(layer)
            drawn = layer.get_bounding_rect()
            assert band.contains(drawn), (drawn, band)
            frames += 1
    assert frames > 30


def test_the_winners_banner_stands_over_the_confetti_thrown_for_them(app, monkeypatch):
    """The confetti fell across "Tramina wins!" and the score under it: it falls behind the band."""
    from tools.shots.linja import last_move_pending
    from tools.shots.linja import table as shot_table
    session, action = last_move_pending(1)
    table = shot_table(app, session)
    table.submit(action)
    for _ in range(2000):
        app.step(1 / 60)
        if any(isinstance(e, Banner) and "wins" in e.text and e.progress > 0.5 for e in table.show.running()):
            break
    assert len(table.show.particles) > 100  # the confetti is falling
    order: list[str] = []
    real_banner, real_confetti = Banner.draw, table.show.particles.draw
    monkeypatch.setattr(Banner, "draw", lambda self, surface: (order.append(self.text), real_banner(self, surface)))
    monkeypatch.setattr(table.show.particles, "draw", lambda surface: (order.append("confetti"),
                                                                       real_confetti(surface)))
    app.draw()
    assert order == ["confetti", "Tramina wins!"]
