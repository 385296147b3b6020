"""The Bus table driven headless: synthetic clicks, explicit dt, a real session with bots."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pytest

from game.bots import make_bot
from game.core.bus import GAME
from game.match import Match, SeatInfo
from game.scenes.cover import CoverScene
from game.scenes.results import ResultsScene
from game.session import LocalSession
from game.tables.bus import layout, players
from game.tables.bus.model import ACTION_IDS, ACTION_NAMES, lot_key, next_space, picture_of, wasted
from game.tables.bus.players import STATUS_SMALLEST, STATUS_W, status_line
from game.tables.bus.table import BusTable
from game.tables.bus.tips import row_tip
from game.tables.launch import TableConfig, start_local_game
from game.ui import theme
from tests.client.helpers import click, past_handover, record_drawn_sizes, record_drawn_text, wait

STEP = 0.25
SPEED = 8.0  # animations run eight times as fast as in play (still every tween, driven by dt)


def point(pos: tuple[float, float]) -> tuple[int, int]:
    return round(pos[0]), round(pos[1])


def move(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]


def on_street(table: BusTable, street: int) -> tuple[int, int]:
    """A point on ``street`` that the map says is that street (a bridge may pass over a middle)."""
    a, b = table.city.street_ends(street)
    for along in (0.4, 0.3, 0.6, 0.5, 0.7):
        pos = point((a[0] + (b[0] - a[0]) * along, a[1] + (b[1] - a[1]) * along))
        if table.city.street_at(pos) == street:
            return pos
    raise AssertionError(f"street {street} cannot be pointed at")


def start(app, seats: list[SeatInfo], seed: int = 4) -> BusTable:
    app.settings.animation_speed = SPEED
    assert start_local_game(app, TableConfig("bus", seats, {}, seed))
    return next(scene for scene in app.stack.scenes if isinstance(scene, BusTable))


def table_at(app, *moment: object, speed: float | None = None) -> tuple[BusTable, Any]:
    """The table of the shots' seeded game at Alice's ``moment`` (``tools.shots.bus.alice_in``), open
    on the screen; ``speed``: the animation speed, else the setting's."""
    from tools.shots.bus import SEATS, alice_in, played
    match = played(alice_in(*moment), seats=list(SEATS))
    if speed is not None:
        app.settings.animation_speed = speed
    table = BusTable(app, LocalSession(match), None)
    app.push(table)
    app.step(STEP)
    return table, match


def decide_by_click(app, table: BusTable, turn: int) -> None:
    """One decision of the seat on screen, made as a player would: pointing and clicking."""
    choices = table.choices
    if choices.laying:
        streets = sorted(choices.streets())
        target = on_street(table, streets[turn % len(streets)])
    elif choices.building:
        kind = choices.kinds()[turn % len(choices.kinds())]
        app.step(0.02, click(table.buttons[kind].rect.center))
        assert table.kind == kind
        lots = sorted(choices.lots())
        target = point(table.city.lot_point(*lot_key(lots[turn % len(lots)])))
    elif choices.choosing:
        placed = int(table.view["decision"].get("placed", 0))
        if choices.may_pass and placed >= 2 + turn % 2:
            target = table.buttons["pass"].rect.center
        else:
            action = choices.actions()[turn % len(choices.actions())]
            target = layout.row_rect(ACTION_IDS.index(action)).center
            row = next(row for row in table.picture.spaces if row[0].action == action)
            if wasted(next_space(row)):  # a wasted marker: the table asks first (U4)
                version = table.session.match.version if hasattr(table.session, "match") else None
                app.step(0.02, move(target) + click(target))
                assert table.confirming == action and any(toast.refusal for toast in table.toasts.items)
                assert version is None or table.session.match.version == version
    elif choices.splitting:
        if turn % 2:
            app.step(0.02, click(table.buttons["east"].rect.center))
        target = table.buttons["place"].rect.center
    elif choices.timing:
        target = table.buttons["stop" if turn % 5 == 0 else "run"].rect.center
    else:
        assert choices.driving
        source = sorted(choices.sources())[turn % len(choices.sources())]
        app.step(0.02, move(point(table.city.waiting_point(source))) + click(point(table.city.waiting_point(source))))
        assert table.source == source
        lot = sorted(choices.targets(source))[0]
        target = point(table.city.lot_point(*lot_key(lot)))
    app.step(0.02, move(target) + click(target))


@pytest.mark.parametrize("humans", [1, 2])
def test_players_and_bots_play_a_whole_game_by_clicks_to_the_results(app, humans):
    """One human against two bots, or two at one screen (hot-seat, handed over openly) and a bot."""
    seats = [SeatInfo("Alice", "human", colour=0), SeatInfo("Tramina", "bot", "normal", 1),
             SeatInfo("Bimmel", "bot", "easy", 2)]
    if humans == 2:
        seats[1] = SeatInfo("Bob", "human", colour=1)
    table = start(app, seats, seed=5 + humans)
    match = table.session.match
    clicks = handovers = 0
    phases = set()
    for _ in range(6000):
        top = app.stack.top
        if isinstance(top, ResultsScene):
            break
        assert top is table  # Bus hides nothing: never a cover to click between the players
        if table.counted:
            app.step(0.05, click(table.results_button.rect.center))
            continue
        if table.busy or not table.choices.active or table.awaiting > 0:
            app.step(STEP)
            continue
        if table.handover is not None and table.deaf > 0:
            assert table.handover.name == f"{seats[match.to_act()[0]].name}'s turn"
        handovers += past_handover(app, table)
        before = match.version
        phases.add(table.choices.phase)
        decide_by_click(app, table, clicks)
        assert match.version == before + 1, table.toasts.items  # the click reached the authority, accepted
        clicks += 1
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    outcome = match.outcome()
    assert outcome is not None and table.version == match.version
    words = [f"{score} point{'s' if score != 1 else ''}" for score in outcome["scores"]]
    assert [figure.headline for figure in results.figures] == words
    assert {"setup_buildings", "setup_streets", "setup_extend", "choose"} <= phases
    assert clicks == sum(1 for entry in match.log if entry["seat"] < humans)
    assert (handovers >= 4) == (humans == 2)  # a band names the player each time the device changes hands


def test_a_refused_street_shows_the_reason_at_the_pointer_and_changes_nothing(app):
    seats = [SeatInfo("Alice", "human", colour=0), SeatInfo("Tramina", "bot", "easy", 1),
             SeatInfo("Bimmel", "bot", "easy", 2)]
    match = Match("bus", seats, 3)
    bots = {}
    from game.bots import make_bot
    while not (match.to_act() == [0] and match.state.phase == "setup_extend"):
        seat = match.to_act()[0]
        bots.setdefault(seat, make_bot("bus", "easy", seat))
        match.submit(seat, bots[seat].decide(match.view(seat)))
    app.settings.animation_speed = SPEED
    table = BusTable(app, LocalSession(match), None)
    app.push(table)
    app.step(STEP)
    assert table.choices.laying
    legal = table.choices.streets()
    refused = next(street for street in range(70) if street not in legal)
    snapshot, version = GAME.snapshot(match.state), match.version
    pos = on_street(table, refused)
    app.step(0.02, move(pos))
    tip = table._tooltip_lines()
    assert tip and "does not leave an end" in tip[1][0]  # the reason in words, under the pointer
    app.step(0.02, click(pos))
    assert match.version == version and GAME.snapshot(match.state) == snapshot
    assert table.toasts.items and table.toasts.items[-1].refusal


def test_hot_seat_hands_over_openly_with_a_band_and_a_deaf_moment(app, monkeypatch):
    seats = [SeatInfo("Alice", "human", colour=0), SeatInfo("Bob", "human", colour=1),
             SeatInfo("Bimmel", "bot", "easy", 2)]
    played: list[str] = []
    monkeypatch.setattr(app.sounds, "play", played.append)
    table = start(app, seats, seed=1)
    for _ in range(200):
        if table.handover is not None:
            break
        app.step(STEP)
    first = table.session.match.to_act()[0]
    assert app.stack.top is table and table.eyes == first  # no cover: nothing of anyone's is secret
    assert table.handover.name == f"{seats[first].name}'s turn" and table.handover.colour == table.seat_colour(first)
    assert table.handover.note == table.cover_note(first)  # what the cover used to say, on the band
    assert table.handover.note.startswith("Your turn: a first building") and "Choose its type" in table.handover.note
    assert "turn" in played and table.choices.building
    # The last player's click on its way lands in the deaf moment: it does not choose for the next.
    calls: list[str] = []
    monkeypatch.setattr(table, "handle_table", lambda intent: calls.append(intent.kind) or True)
    app.step(0.02, click((600, 400)))
    assert "press" not in calls and "release" not in calls and table.deaf > 0  # (the pointer still hovers)
    past_handover(app, table)
    app.step(0.02, click((600, 400)))
    assert "press" in calls  # a moment later the board is the next player's
    wait(app, 2.0)
    assert table.handover is None  # gone by itself, never needing a click


def test_a_damaged_view_reads_as_an_empty_board_never_a_crash():
    picture = picture_of({"players": 4, "paths": "x", "buildings": [None, "house", 7], "spaces": {"line": [1, "?"]},
                          "passengers": None, "clock": 7})
    assert picture.players == 4 and len(picture.seats) == 4
    assert picture.buildings == {lot_key(1): "house"}
    line = next(row for row in picture.spaces if row[0].action == "line")
    assert [space.holder for space in line if space.letter == "A"] == [1]
    assert 0 <= picture.clock < 3


def test_vrooom_a_passenger_then_a_building_and_the_bus_drives_them_there(app):
    table, match = table_at(app, "vrooom", 2, speed=1.0)
    assert table.choices.driving
    source = sorted(table.choices.sources())[0]
    lot = sorted(table.choices.targets(source))[0]
    score, version = match.state.score[0], match.version
    app.step(0.02, click(point(table.city.waiting_point(source))))
    assert table.source == source and match.version == version  # picking who rides sends nothing yet
    app.step(0.02, click(point(table.city.lot_point(*lot_key(lot)))))
    assert match.version == version + 1 and match.state.score[0] == score + 1
    app.step(0.1)
    assert table.busy and table.tally.people is not None  # the rider has left the crossing: on the bus
    riding = table.tally.people.standing[source]
    assert riding == picture_of(table.view).passengers[source] - 1 - sum(
        1 for (crossing, _), sitting in picture_of(table.view).seated.items() if crossing == source and sitting)
    for _ in range(40):
        app.step(STEP)
    assert not table.busy and table.tally.scores[0] == score + 1  # arrived, and the point counted up


def test_a_lan_table_follows_the_hosts_updates_and_sends_what_is_clicked(app):
    from game.bots import make_bot
    from tests.client.scripted_session import ScriptedSession
    host = Match("bus", [SeatInfo("Host"), SeatInfo("Guest", colour=1), SeatInfo("Bot", "bot", "easy", 2)], 2)
    session = ScriptedSession("bus", 1)
    app.settings.animation_speed = SPEED
    table = BusTable(app, session, None)
    app.push(table)
    app.step(STEP)
    assert table.view is None  # drawn as "waiting" without a view
    session.inbox.append({"type": "update", "version": 0, "view": {"type": "lines_view", "paths": []},
                          "snapshot": True})
    app.step(STEP)
    assert table.view is None  # what is not a Bus view is never shown
    session.inbox.append({"type": "update", "version": 0, "seat": 1, "events": [], "view": host.view(1),
                          "snapshot": True})
    app.step(STEP)
    assert table.view is not None
    bots = {seat: make_bot("bus", "easy", seat) for seat in (0, 2)}
    sent = 0
    while sent < 3:
        seat = host.to_act()[0]
        if seat == 1:
            for _ in range(20):
                if table.choices.active:
                    break
                app.step(STEP)
            assert table.choices.active and table.choices.seat == 1
            decide_by_click(app, table, sent)
            assert len(session.sent) == sent + 1 and session.sent[-1][0] == 1
            action = session.sent[-1][1]
        else:
            action = bots[seat].decide(host.view(seat))
        result = host.submit(seat, action)
        assert result.ok, action  # what the table sent, the host accepts
        sent += seat == 1
        session.inbox.append({"type": "update", "version": host.version, "seat": 1, "events": result.events,
                              "view": host.view(1)})
        app.step(STEP)
    for _ in range(20):
        app.step(STEP)
    assert table.view == host.view(1)
    app.stack.reset(CoverScene(app, "x", (0, 0, 0), lambda: None))
    assert session.closed  # leaving the table closes its connection


def wasted_space_open(app) -> tuple[BusTable, Match, str]:
    """A table where the player on this screen chooses and an action's next space would give nothing."""
    from tools.shots.bus import SEATS, played

    def wasted_open(match: Match) -> bool:
        if match.to_act() != [0] or match.state.phase != "choose":
            return False
        picture = picture_of(match.view(0))
        return any(next_space(row) is not None and next_space(row).yields == 0 for row in picture.spaces)
    match = played(wasted_open, seats=list(SEATS))
    app.settings.animation_speed = SPEED
    table = BusTable(app, LocalSession(match), None)
    app.push(table)
    app.step(STEP)
    action = next(row[0].action for row in table.picture.spaces
                  if next_space(row) is not None and next_space(row).yields == 0)
    assert action in table.choices.actions()
    return table, match, action


def test_a_marker_that_would_give_nothing_is_placed_only_when_chosen_again(app):
    table, match, action = wasted_space_open(app)
    target = layout.row_rect(ACTION_IDS.index(action)).center
    version = match.version
    app.step(0.02, move(target))
    assert any("nothing" in text for text, _ in table._tooltip_lines())  # said before any click
    app.step(0.02, click(target))
    assert match.version == version and "gives nothing" in table.toasts.items[-1].text
    app.step(0.02, click(target))
    assert match.version == version + 1 and match.log[-1]["action"] == {"type": "choose", "action": action}


def test_the_warning_of_a_wasted_marker_goes_once_the_marker_is_placed(app):
    """"Line Expansion D gives nothing this round ... Choose it again" stayed up after D was chosen
    again and taken, beside D's marker and under E glowing next: it read as a warning about E, or as
    if the marker had not been placed. The move made answers it, so it goes."""
    table, match, action = wasted_space_open(app)
    target = layout.row_rect(ACTION_IDS.index(action)).center
    app.step(0.02, click(target))
    assert any("Choose it again" in toast.text for toast in table.toasts.items)
    app.step(0.02, click(target))
    assert match.log[-1]["action"] == {"type": "choose", "action": action}
    assert not any("Choose it again" in toast.text for toast in table.toasts.items)


def test_keys_alone_choose_an_action_and_lay_a_street(app):
    from tests.client.helpers import key
    table, match = table_at(app, "setup_extend", speed=SPEED)
    version = match.version
    app.step(0.02, key(pygame.K_RIGHT))
    street = table.selected
    assert street in table.choices.streets()
    app.step(0.02, key(pygame.K_RETURN))
    assert match.version == version + 1 and match.log[-1]["action"]["street"] == street
    for _ in range(400):
        if table.choices.choosing and not table.busy:
            break
        app.step(STEP)
    assert table.choices.choosing
    action = table.choices.actions()[0]
    index = ACTION_IDS.index(action)
    row = next(row for row in table.picture.spaces if row[0].action == action)
    version = match.version
    app.step(0.02, key(pygame.K_1 + index))  # digits pick the actions in board order
    if wasted(next_space(row)):
        assert match.version == version  # a wasted marker: asked first
        app.step(0.02, key(pygame.K_1 + index))
    assert match.version == version + 1 and match.log[-1]["action"] == {"type": "choose", "action": action}


def test_random_clicks_and_keys_never_break_the_table(app):
    """A player mashing the mouse and keys at any moment: every click is either taken or refused."""
    import random

    from tests.client.helpers import key
    seats = [SeatInfo("Alice", "human", colour=0), SeatInfo("Tramina", "bot", "easy", 1),
             SeatInfo("Bimmel", "bot", "easy", 2)]
    table = start(app, seats, seed=8)
    rng = random.Random(8)
    keys = [pygame.K_RETURN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_r, pygame.K_h,
            pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_7, pygame.K_n, pygame.K_TAB]
    for _ in range(300):
        if app.stack.top is not table:
            break
        roll = rng.random()
        if roll < 0.6:
            app.step(0.02, click((rng.randrange(1920), rng.randrange(1080)), rng.choice((1, 1, 1, 3))))
        elif roll < 0.9:
            app.step(0.02, key(rng.choice(keys)))
        else:
            app.step(STEP)
    snapshot = GAME.snapshot(table.session.match.state)
    assert GAME.restore(snapshot) is not None  # the game went on by the rules, whatever was pressed


def test_a_round_ending_batch_keeps_the_old_round_in_the_column_until_its_last_event_has_played(app):
    """The closing banners of a round never play under the next round's header and prompt."""
    from game.bots import make_bot
    table, match = table_at(app, "choose", 1, speed=1.0)
    drawn: list[tuple[int, int | None]] = []
    draw_column = table._draw_column

    def spy(surface, picture, *rest):  # what the header, prompt and rows are drawn from, frame by frame
        drawn.append((picture.round, picture.to_act))
        return draw_column(surface, picture, *rest)
    table._draw_column = spy
    alice = make_bot("bus", "easy", 0)
    changes = []
    match.add_listener(changes.append)
    first = table.show.played
    old_round = match.state.round
    while not any(event.get("type") == "round_ended" for change in changes for event in change.events):
        if match.to_act() == [0]:
            match.submit(0, alice.decide(match.view(0)))
        app.step(STEP)  # the other seats are the session's bots
    ending = next(index for index, change in enumerate(changes)
                  if any(event.get("type") == "round_ended" for event in change.events))
    assert any(event.get("type") == "round_started" for event in changes[ending].events)
    for _ in range(2000):  # the updates before it play out
        if table.show.played >= first + ending:
            break
        app.step(0.05)
    drawn.clear()
    frames = 0
    while table.show.played == first + ending and frames < 600:
        app.step(0.05)
        frames += 1
    assert frames > 10  # the closing show takes its time
    playing, settled = drawn[:-1], drawn[-1]
    assert playing and all(shown == old_round for shown, _ in playing)  # the old round until the show ends
    assert settled[0] == old_round + 1 and table.picture.round == old_round + 1  # then the new round


def test_the_header_drops_stones_and_zones_once_the_game_is_over(app, monkeypatch):
    from game.tables.bus import table as table_module

    table = start(app, [SeatInfo("Ann"), SeatInfo("Bo", "bot"), SeatInfo("Cy", "bot")])
    drawn: list[str] = []
    real = table_module.theme.draw_text

    def recording(surface, text, *args, **kwargs):
        drawn.append(str(text))
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(table_module.theme, "draw_text", recording)
    assert table.view is not None
    picture = picture_of(table.view)
    surface = pygame.Surface((1920, 1080))
    table._draw_header(surface, picture, "", "")
    assert any("time stone" in text for text in drawn)
    drawn.clear()
    picture.outcome = {"winners": [0], "scores": [3, 2, 1], "reason": "markers"}
    table._draw_header(surface, picture, "", "")
    assert not any("time stone" in text for text in drawn)


def test_n_passes_once_a_player_may_pass_and_the_pass_button_names_the_key(app):
    from tests.client.helpers import key
    seats = [SeatInfo("Alice", "human", colour=0), SeatInfo("Tramina", "bot", "easy", 1),
             SeatInfo("Bimmel", "bot", "easy", 2)]
    table = start(app, seats, seed=3)
    match = table.session.match
    for turn in range(400):
        choices = table.choices
        if choices.choosing and choices.may_pass:
            break
        if choices.choosing and not choices.may_pass:  # N still steps through the rows before then
            app.step(0.02, key(pygame.K_n))
            assert table.cursor_row in choices.actions()
        if choices.active and not table.busy and not isinstance(app.stack.top, CoverScene):
            decide_by_click(app, table, 0 if choices.choosing else turn)
        app.step(STEP)
    else:
        raise AssertionError("never came to a choice with passing allowed")
    assert table.buttons["pass"].visible and table.buttons["pass"].caption == "key N"
    version = match.version
    app.step(0.02, key(pygame.K_n))
    assert match.version == version + 1 and match.log[-1]["action"] == {"type": "pass"} and match.log[-1]["seat"] == 0


def test_the_keyboard_tooltip_of_an_action_row_stands_beside_that_row(app, monkeypatch):
    """Stepping through the rows with the keys: the row's tooltip, not where the last lot or street was."""
    import game.tables.bus.table as bus_table
    from tests.client.helpers import key
    seats = [SeatInfo("Alice", "human", colour=0), SeatInfo("Tramina", "bot", "easy", 1),
             SeatInfo("Bimmel", "bot", "easy", 2)]
    table = start(app, seats, seed=3)
    for turn in range(400):
        if table.choices.choosing and not table.busy and not isinstance(app.stack.top, CoverScene):
            break
        if table.choices.active and not table.busy and not isinstance(app.stack.top, CoverScene):
            decide_by_click(app, table, turn)
        app.step(STEP)
    else:
        raise AssertionError("never came to choose an action")
    table.hover_lot = 0  # a lot the pointer last rested on, left from building
    anchors = []
    monkeypatch.setattr(bus_table, "draw_tooltip", lambda surface, lines, anchor, *rest: anchors.append(anchor))
    app.step(0.02, key(pygame.K_DOWN))
    table.draw_over(pygame.Surface((1920, 1080)))
    row = layout.row_rect(ACTION_IDS.index(table.cursor_row))
    assert anchors and anchors[-1] == (float(row.centerx), float(row.bottom))


def test_the_players_own_row_lists_the_actions_they_hold_while_they_are_to_act(app):
    match = Match("bus", [SeatInfo("Ann", "human", "", 0)] + [SeatInfo(f"B{s}", "bot", "easy", s) for s in (1, 2)], 5)
    bots = [make_bot("bus", "easy", seat) for seat in range(3)]
    for _ in range(200):
        view = match.view(0)
        picture = picture_of(view)
        held = [space for row in picture.spaces for space in row if space.holder == 0]
        if picture.to_act == 0 and picture.round > 0 and held:
            break
        seat = match.to_act()[0]
        match.submit(seat, bots[seat].decide(match.view(seat)))
    else:
        raise AssertionError("seat 0 never held a space while to act")
    status = status_line(picture, 0, "you")
    assert status.startswith("you · to act · ")
    named = {ACTION_NAMES[space.action] for space in held}
    count = "1 marker" if len(held) == 1 else f"{len(held)} markers"
    assert all(name in status for name in named) or status.endswith((f"{count} on the board", f"{len(held)} placed"))
    assert theme.fit_text(status, 18, STATUS_W) >= STATUS_SMALLEST, status


def test_an_acting_row_too_long_for_its_actions_still_counts_them(app):
    view = Match("bus", [SeatInfo("Ann", "human", "", 0)] + [SeatInfo(f"B{s}", "bot", "easy", s) for s in (1, 2)],
                 5).view(0)
    picture = picture_of(view)
    picture.round, picture.to_act = 1, 0
    held = {("line", "A"), ("passengers", "A")}
    picture.spaces = [[replace(space, holder=0 if (space.action, space.letter) in held else None) for space in row]
                      for row in picture.spaces]
    status = status_line(picture, 0, "you")
    assert status.startswith("you · to act · ") and status.endswith("2 placed"), status


def test_a_number_key_pressed_while_the_bots_move_is_kept_for_the_players_turn(app):
    from tests.client.helpers import key
    seats = [SeatInfo("Alice", "human", colour=0), SeatInfo("Tramina", "bot", "easy", 1),
             SeatInfo("Bimmel", "bot", "easy", 2)]
    table = start(app, seats, seed=3)
    match = table.session.match
    for turn in range(400):  # to the first choice of actions, then one marker placed by keys
        if table.choices.choosing and not table.busy and not isinstance(app.stack.top, CoverScene):
            break
        if table.choices.active and not table.busy:
            decide_by_click(app, table, turn)
        app.step(STEP)
    wanted = next(action for action in table.choices.actions() if action != "starting_player")
    app.step(0.02, key(pygame.K_1 + ACTION_IDS.index(table.choices.actions()[0])))
    for _ in range(40):  # the bots' markers are on their way: not this screen's decision
        if not table.choices.active:
            break
        app.step(0.02)
    assert not table.choices.active
    version = match.version
    app.step(0.02, key(pygame.K_1 + ACTION_IDS.index(wanted)))
    told = table.toasts.items[-1]
    assert table.queued_pick == ACTION_IDS.index(wanted) and "kept" in told.text
    assert told.answer and not told.refusal  # said at once, but nothing was refused
    for _ in range(400):
        if match.log[-1]["seat"] == 0 and match.version > version or table.confirming == wanted:
            break
        app.step(STEP)
    assert table.queued_pick is None
    assert table.confirming == wanted or match.log[-1]["action"] == {"type": "choose", "action": wanted}


def test_a_number_key_that_means_nothing_for_the_decision_says_so(app):
    from tests.client.helpers import key
    table, match = table_at(app, "setup_extend")
    assert table.choices.laying
    version = match.version
    app.step(0.02, key(pygame.K_3))
    assert match.version == version and "means nothing" in table.toasts.items[-1].text


def test_a_tooltip_on_the_map_stays_on_the_map_clear_of_the_players_rows(app, monkeypatch):
    import game.tables.bus.table as bus_table
    from game.tables.bus.fx import draw_tooltip
    table, match = table_at(app, "setup_extend")
    assert table.choices.laying
    street = max(range(table.city.net.streets), key=lambda s: min(x for x, _y in table.city.street_ends(s)))
    pos = on_street(table, street)  # a street by the map's right edge, the player rows beyond it
    app.step(0.02, move(pos))
    boxes = []
    monkeypatch.setattr(bus_table, "draw_tooltip", lambda *args: boxes.append(draw_tooltip(*args)))
    table.draw_over(pygame.Surface((1920, 1080)))
    assert boxes and boxes[-1] is not None
    assert layout.MAP_RECT.contains(boxes[-1]) and not boxes[-1].colliderect(layout.PLAYERS)


def test_a_space_that_gives_nothing_says_why_from_the_view() -> None:
    from game.i18n import _, set_language
    from game.tables.bus.model import SHORT_WORDS, WASTED_WORDS, Space, _spaces_said
    board_view = [{"action": "passengers", "spaces": [{"index": 0, "yields": 0, "short_of": "supply"},
                                                      {"index": 1, "yields": 2, "short_of": None}]},
                  {"action": "buses", "spaces": [{"index": 0, "yields": None, "short_of": "cap"}]},
                  {"action": "buildings", "spaces": [{"index": 0, "yields": 0, "short_of": "nonsense"}]}]
    said, short = _spaces_said(board_view)
    assert said == {("passengers", 0): 0, ("passengers", 1): 2, ("buses", 0): None, ("buildings", 0): 0}
    assert short == {("passengers", 0): "supply", ("buses", 0): "cap"}  # an unknown reason is not shown
    assert wasted(Space("buses", "", None, None, "cap")) and wasted(Space("passengers", "A", None, 0, "supply"))
    assert not wasted(Space("passengers", "B", None, 2))
    try:
        for lang in ("en", "de"):
            set_language(lang)
            words = [_(text) for text in (*SHORT_WORDS.values(), *WASTED_WORDS.values())]
            assert len(set(words)) == len(words)  # each reason in words of its own
    finally:
        set_language("en")


def test_a_marker_that_has_acted_shows_no_amount_on_the_board() -> None:
    """The view gives no amount for a marker that has acted (what it got is told): the board shows no
    number there rather than M - k, which could be more than the supply held ("Passengers A 5" with
    no passenger left)."""
    from game.tables.bus.model import picture_of
    view = {"players": 3, "buses": [5, 1, 1], "spaces": {"passengers": [0, 1]},
            "action_board": [{"action": "passengers", "spaces": [{"index": 0, "yields": None},
                                                                 {"index": 1, "yields": 0, "short_of": "supply"}]}]}
    row = next(row for row in picture_of(view).spaces if row[0].action == "passengers")
    shown = {space.letter: space.yields for space in row}
    assert shown["A"] is None and shown["B"] == 0 and shown["C"] == 3  # C: no word from the view, M - k


def test_each_players_row_says_who_plays_the_seat_as_the_other_games_do(app, monkeypatch):
    """The bot's level, "you" and "on this screen" come from the table skeleton's ``seat_kind``."""
    rows: dict[str, str] = {}
    real = players.theme.draw_stack

    def record(surface, lines, *args, **kwargs):
        if len(lines) == 2:
            rows[lines[0][0]] = lines[1][0]  # a player's row: the name, then who plays it and what they do
        return real(surface, lines, *args, **kwargs)

    monkeypatch.setattr(players.theme, "draw_stack", record)
    seats = [SeatInfo("Alice", "human", colour=0), SeatInfo("Tramina", "bot", "normal", 1),
             SeatInfo("Bimmel", "bot", "easy", 2)]
    start(app, seats).draw_table(pygame.Surface((1920, 1080)))
    assert rows["Alice"].split(" · ")[0] == "you"
    assert rows["Tramina"].startswith("Bot · normal") and rows["Bimmel"].startswith("Bot · easy"), rows
    seats[1] = SeatInfo("Bob", "human", colour=1)
    start(app, seats).draw_table(pygame.Surface((1920, 1080)))
    assert rows["Alice"].split(" · ")[0] == rows["Bob"].split(" · ")[0] == "on this screen", rows


def test_the_stations_are_named_by_their_corner_of_the_map_in_the_players_language(app):
    from game.i18n import set_language
    seats = [SeatInfo("Alice", "human", colour=0), SeatInfo("Tramina", "bot", "easy", 1),
             SeatInfo("Bimmel", "bot", "easy", 2)]
    table = start(app, seats)
    assert sorted(table._station_names()) == ["NW", "SE"]
    set_language("de")
    assert sorted(table._station_names()) == ["NW", "SO"]  # Südost, as a German map says it


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_each_rows_score_stands_apart_from_its_unit_at_any_text_size(app, monkeypatch, scale):
    from game.i18n import _, set_language
    set_language("de")
    theme.set_ui_scale(scale)
    try:
        table = start(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy"), SeatInfo("Cleo", "bot", "easy")])
        drawn = record_drawn_text(monkeypatch)
        table.draw(pygame.Surface((1920, 1080)))
        unit = _("pts")
    finally:
        set_language("en")
    units = [rect for text, rect in drawn if text == unit]
    scores = [rect for text, rect in drawn if text.isdigit() and any(rect.centery - 20 < u.centery < rect.centery + 20
                                                                       and rect.right <= u.right for u in units)]
    assert len(units) == 3 and len(scores) >= 3
    for score in scores:
        unit_rect = min(units, key=lambda u: abs(u.centery - score.centery))
        assert score.right + 4 <= unit_rect.left, (score, unit_rect)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_clocks_words_stay_on_the_map_at_the_largest_text_size(app, monkeypatch, lang):
    from game.i18n import _, set_language
    set_language(lang)
    theme.set_ui_scale(1.5)
    try:
        table = start(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy"), SeatInfo("Cleo", "bot", "easy")])
        drawn = record_drawn_text(monkeypatch)
        table.draw(pygame.Surface((1920, 1080)))
        wanted = [rect for text, rect in drawn if text.startswith(_("Wanted: {kind}").split("{")[0])]
        supply = [rect for text, rect in drawn if text.endswith(_("{supply} in the supply").split("}")[-1])]
    finally:
        set_language("en")
    assert wanted and supply
    assert all(layout.MAP_RECT.contains(rect) for rect in wanted + supply), (wanted, supply)


def test_a_decision_opens_quiet_under_the_pointer_that_made_the_last_one(app):
    """The building just placed holds the pointer: the next decision shows no refusal there ("that lot
    already holds a house") until the pointer moves, and then says it as before."""
    seats = [SeatInfo("Alice", "human", colour=0), SeatInfo("Tramina", "bot", "easy", 1),
             SeatInfo("Bimmel", "bot", "easy", 2)]
    table = start(app, seats, seed=3)
    for _ in range(400):
        if table.choices.building and not table.busy:
            break
        app.step(STEP)
    else:
        raise AssertionError("never came to place a building")
    lot = sorted(table.choices.lots())[0]
    target = point(table.city.lot_point(*lot_key(lot)))
    version = table.session.match.version
    app.step(0.02, move(target) + click(target))
    for _ in range(400):
        if table.session.match.version > version and table.choices.active and not table.busy:
            break
        app.step(STEP)
    assert table.choices.active and table.pointer == target
    assert table._tooltip_lines() == [] and table.selected is None  # quiet where the last click was
    nearby = (target[0] + 1, target[1])
    app.step(0.02, move(nearby))
    assert table._tooltip_lines()  # moved: the pointer's lot speaks again


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_building_types_read_at_one_size_each_whole(app, lang, scale):
    """"Haus", "Büro" and "Kneipe" share one size, each whole on its button, side by side in the
    decision's corner; at 150 % that size stays large (German's "Wohnhaus" read at 16 there)."""
    from game.i18n import set_language
    from game.tables.bus import layout
    from game.ui.widgets import LABEL_MARGIN
    from tools.shots.bus import SEATS, alice_in, played
    match = played(alice_in("buildings", 2), list(SEATS))
    theme.set_ui_scale(scale)
    set_language(lang)
    try:
        table = BusTable(app, LocalSession(match), None)
        app.push(table)
        app.step(0.1)
        kinds = [table.buttons[kind] for kind in ("house", "office", "pub")]
        assert all(button.visible for button in kinds)
        assert len({button.size for button in kinds}) == 1
        for button in kinds:
            assert theme.fit_text(button.label, button.size, button.rect.width - LABEL_MARGIN,
                                  theme.DISPLAY_FONT) == button.size, button.label
            assert layout.CONTROLS.contains(button.rect)
        assert kinds[0].rect.right < kinds[1].rect.left and kinds[1].rect.right < kinds[2].rect.left
        assert kinds[0].size == 26 if scale == 1.0 else kinds[0].size >= 21
    finally:
        theme.set_ui_scale(1.0)
        set_language("en")


@pytest.mark.parametrize(("lang", "scale"), [("en", 1.0), ("de", 1.5)])
def test_the_table_says_where_the_menu_and_the_rules_are_under_the_players(app, monkeypatch, lang, scale):
    from game.i18n import _, set_language
    set_language(lang)
    theme.set_ui_scale(scale)
    try:
        table = start(app, [SeatInfo("Ada")] + [SeatInfo(f"Bot {n}", "bot", "easy") for n in range(4)])
        app.step(0.2)
        drawn = record_drawn_text(monkeypatch)
        table.draw(pygame.Surface((theme.WIDTH, theme.HEIGHT)))
        note = _("Esc menu · F1 rules")
    finally:
        set_language("en")
        theme.set_ui_scale(1.0)
    rects = [rect for text, rect in drawn if text == note]
    assert len(rects) == 1
    band = pygame.Rect(layout.COLUMN.x, layout.COLUMN.bottom, layout.COLUMN.width, theme.HEIGHT - layout.COLUMN.bottom)
    assert band.contains(rects[0])  # under the players, on the screen


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_winners_row_says_it_won_at_the_rows_size_at_any_text_size(app, lang, scale):
    from game.i18n import set_language
    set_language(lang)
    theme.set_ui_scale(scale)
    try:
        table = start(app, [SeatInfo("Ann"), SeatInfo("Bo", "bot"), SeatInfo("Cy", "bot")])
        picture = picture_of(table.view)
        picture.outcome = {"winners": [1], "scores": [10, 19, 10], "reason": "markers"}
        picture.seats[1] = replace(picture.seats[1], score=19)
        kinds = [table.seat_kind(seat) for seat in range(3)]
        lines = [status_line(picture, seat, kinds[seat]) for seat in range(3)]
    finally:
        set_language("en")
    assert "19" in lines[1] and ("wins!" in lines[1] or "gewinnt!" in lines[1])
    for line in lines:
        size = theme.fit_text(line, 18, STATUS_W)
        assert size == 18 or (scale > 1.0 and size >= STATUS_SMALLEST), line  # the winner's as big as the others'
    assert lines[0].startswith(kinds[0]) or scale > 1.0  # with room, it says who played the seat too


def test_the_moves_messages_stand_above_the_lan_chats_fading_lines(app):
    """At a LAN table a chat line or a seat notice fades in the map's corner, where the messages about
    the moves stand too: they rise above it rather than being drawn over it."""
    from types import SimpleNamespace
    seats = [SeatInfo("Alice", "human", colour=0), SeatInfo("Tramina", "bot", "easy", 1),
             SeatInfo("Bimmel", "bot", "easy", 2)]
    table = BusTable(app, LocalSession(Match("bus", seats, 3)), None)
    app.push(table)
    app.step(STEP)
    table.toasts.add("Buildings A: Ben builds 4 buildings.")
    table.toasts.add("Ben buys a bus: 4 now. The largest fleet is 4.")
    surface = pygame.Surface((theme.WIDTH, theme.HEIGHT))
    table.draw_table(surface)
    low = max(box.bottom for box in table.toast_boxes)
    feed = pygame.Rect(layout.TOASTS.x, low - 150, 700, 150)  # two lines of chat where the messages were
    table.lan_hud = SimpleNamespace(feed_rect=lambda: feed)
    try:
        table.draw_table(surface)
    finally:
        table.lan_hud = None
    assert table.toast_boxes and not any(box.colliderect(feed) for box in table.toast_boxes)


def test_enter_with_nothing_lit_lights_the_first_choice_and_the_next_enter_takes_it(app):
    """A player who presses Enter before any arrow sees the first street light up (a street is never laid
    unseen), and the next Enter lays it (lots, waiting passengers and action rows light up alike)."""
    from tests.client.helpers import key
    table, match = table_at(app, "setup_extend", speed=SPEED)
    version = match.version
    assert table.selected is None
    app.step(0.02, key(pygame.K_RETURN))
    street = table.selected
    assert match.version == version and street in table.choices.streets()
    app.step(0.02, key(pygame.K_RETURN))
    assert match.version == version + 1 and match.log[-1]["action"]["street"] == street


def test_while_the_players_own_move_plays_the_prompt_says_how_to_skip_it_not_what_to_click(app, monkeypatch):
    """The prompt stands as it was while the player's own move plays (and a round's end holds it until its
    last banner); its words must not ask for the click just made ("click a waiting passenger") while a
    click would only skip the move: they say how to skip it, as for anyone else's move."""
    from tests.client.helpers import key
    table, match = table_at(app, "setup_extend", speed=1.0)
    instruction = "An empty street at either end"  # the detail's first words, whatever its wrapping

    def drawn() -> list[str]:
        texts = record_drawn_text(monkeypatch)
        app.draw()
        monkeypatch.undo()
        return [text for text, _rect in texts]

    assert not table.busy and any(text.startswith(instruction) for text in drawn())
    app.step(0.02, key(pygame.K_RIGHT))
    app.step(0.02, key(pygame.K_RETURN))
    app.step(0.05)
    assert table.busy and table.picture.to_act in table.humans  # the street still flies: the old prompt stands
    said = drawn()
    assert "Click or press Enter to skip the animation." in said, said
    assert not any(text.startswith(instruction) for text in said), said


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_action_names_read_at_one_size_whole_beside_their_spaces(app, monkeypatch, lang, scale):
    """The action board's seven names are a list and read at one size, near their design size at every
    text size ("Line Expansion" and "Starting Player" read at 16 beside "Buses" at 24 at 150 %), each whole
    left of its row's first space."""
    from game.i18n import _, set_language
    from game.tables.bus import board
    from game.tables.bus.seats import seat_looks
    view = Match("bus", [SeatInfo(f"P{seat}") for seat in range(3)], 4).view(0)
    picture, looks = picture_of(view), seat_looks(view, 3)
    theme.set_ui_scale(scale)
    set_language(lang)
    try:
        names = {_(name) for name in ACTION_NAMES.values()}
        drawn = record_drawn_sizes(monkeypatch)
        board.draw_board(pygame.Surface((1920, 1080)), picture, looks, set(), None, None, 0.0)
    finally:
        monkeypatch.undo()
        theme.set_ui_scale(1.0)
        set_language("en")
    labels = [(size, rect) for text, size, rect in drawn if text in names]
    assert len(labels) == len(ACTION_NAMES)
    assert len({size for size, _rect in labels}) == 1, labels
    assert labels[0][0] >= 22
    assert all(rect.right < layout.space_rect(0, 0).x for _size, rect in labels)
    last = layout.space_rect(0, 5)
    assert last.right <= layout.row_rect(0).right - 12  # the six spaces still end inside their row


def test_once_the_game_is_over_the_action_board_promises_nothing_for_a_round_that_never_comes(app, monkeypatch):
    """At the end the board was left showing what each space would give next round ("Passengers A 5")
    under "Game over": once the game is over its spaces show no amounts."""
    from game.tables.bus import board
    from game.tables.bus.seats import seat_looks
    view = Match("bus", [SeatInfo(f"P{seat}") for seat in range(3)], 4).view(0)
    looks = seat_looks(view, 3)

    def amounts(outcome: dict | None) -> list[str]:
        picture = picture_of(view)
        picture.outcome = outcome
        drawn = record_drawn_text(monkeypatch)
        board.draw_board(pygame.Surface((1920, 1080)), picture, looks, set(), None, None, 0.0)
        monkeypatch.undo()
        return [text for text, _rect in drawn if text.isdigit()]

    assert amounts(None)  # a game under way: each space says what it gives
    assert amounts({"winners": [0], "reason": "markers", "scores": [3, 1, 0]}) == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_sharing_passengers_says_which_number_goes_to_which_station(app, monkeypatch, lang):
    """"Share them between the two stations: 1 and 1 now" said nothing of which station gets which: the
    prompt names them as the +1 buttons do (SE, NW), and follows each +1."""
    from game.i18n import set_language
    from tools.shots.bus import SEATS, alice_in, played
    match = played(alice_in("passengers"), seats=list(SEATS))
    set_language(lang)
    try:
        table = BusTable(app, LocalSession(match), None)
        app.push(table)
        app.step(STEP)
        assert table.choices.splitting
        first, second = table._station_names()

        def said() -> str:
            drawn = record_drawn_text(monkeypatch)
            app.draw()
            monkeypatch.undo()
            return " ".join(text for text, _rect in drawn)

        words = {"en": "{0} to {1} and {2} to {3}", "de": "{0} nach {1} und {2} nach {3}"}[lang]
        a, b = table.split
        assert words.format(a, first, b, second) in said()
        assert b > 0  # the split starts even
        app.step(0.02, click(table.buttons["west"].rect.center))  # +1 to the first takes one from the second
        app.step(0.3)
        assert tuple(table.split) == (a + 1, b - 1)
        assert words.format(a + 1, first, b - 1, second) in said()
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "scale"), [("en", 1.0), ("de", 1.0), ("de", 1.5), ("en", 1.5)])
def test_the_note_on_the_order_of_resolving_reads_beside_the_boards_title(app, monkeypatch, lang, scale):
    """German at 150 % shrank "wird von oben nach unten ausgeführt, …" to a speck on one line: it goes
    on two lines, split at its comma, and never below 18 px on the canvas (about 13 px in a 1366 × 768
    window), inside the board, beside its title and above the first row."""
    from game.i18n import _, set_language
    set_language(lang)
    theme.set_ui_scale(scale)
    try:
        table = start(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy"), SeatInfo("Cleo", "bot", "easy")])
        drawn = record_drawn_text(monkeypatch)
        table.draw(pygame.Surface((1920, 1080)))
        note, title = _("resolves top to bottom, each row left to right"), _("Action board")
    finally:
        set_language("en")
    title_rect = next(rect for text, rect in drawn if text == title)
    parts = [(text, rect) for text, rect in drawn if text and text in note and layout.BOARD.contains(rect)
             and rect.bottom <= layout.ROW_TOP]
    assert " ".join(text for text, _rect in parts) == note
    least = theme.render_text(note, theme.unscaled(18), theme.CREAM).get_height()  # as drawn at 18 px
    for _text, rect in parts:
        assert rect.height >= least and rect.left > title_rect.right, rect
    assert len(parts) == 1 or all(a.bottom <= b.top + 4 for (_t, a), (_u, b) in zip(parts, parts[1:], strict=False))


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_lan_chat_lines_stand_over_the_map_key_not_its_streets(app, scale):
    """A LAN table's chat lines stay nine seconds: over the map's foot they hid the bottom row's streets.
    They stand over the map's key, clear of the map above it (where the table's messages stand), of the
    column and of station SE; the Chat tab sits under the key's words, at any text size."""
    from game.session import LocalSession
    from tools.shots.lan import ShotLink, chatter
    from tools.shots.lan import seat as lan_seat
    theme.set_ui_scale(scale)
    try:
        local = LocalSession(Match("bus", [SeatInfo("Ada"), SeatInfo("Tramina", "bot", "easy"),
                                           SeatInfo("Ben", "bot", "easy")], seed=4))
        link = ShotLink([lan_seat("Ada"), lan_seat("Tramina", kind="bot", bot=True), lan_seat("Ben")], "Bus night",
                        local, "playing", game="bus")
        session = chatter(link, [(1, "Tramina", "Good luck!"), (0, "Ada", "You too."),
                                 (2, "Ben", "That was a long line, and it reaches both stations before mine does."),
                                 (0, "Ada", "Offices next.")])
        table = BusTable(app, session, None)
        app.push(table)
        app.step(0.3)
        feed = table.lan_hud.feed_rect()
        assert feed is not None
        drawn = feed.move(40, 0).clip(feed)  # feed_rect leaves 40 px for a new line sliding in
        tab = table.lan_hud.chat.tab
        screen = pygame.Rect(0, 0, theme.WIDTH, theme.HEIGHT)
        station = table.city.pos(8)  # station SE
        assert layout.LEGEND.contains(drawn) and not drawn.colliderect(layout.TOASTS)
        assert not drawn.colliderect(layout.COLUMN) and not drawn.collidepoint(station) and screen.contains(drawn)
        assert not tab.colliderect(layout.LEGEND.inflate(0, -28)) and screen.contains(tab)
        assert not table._toast_area().colliderect(drawn)  # the table's messages rise above the lines
    finally:
        theme.set_ui_scale(1.0)


def test_the_hot_seat_cover_names_the_share_the_passengers_decision_opens_with(app):
    """The cover comes before the turn opens: it says the even share the +1 buttons will start from,
    not what an earlier share left in the table ("0 to SE and 0 to NW" of passengers to share)."""
    table, match = table_at(app, "passengers")
    amount = int(table.view["decision"]["amount"])
    assert amount > 0
    table.split = [0, 0]  # what the last share (or none yet) left behind
    first, second = table._station_names()
    note = table.cover_note(0)
    assert f"{amount - amount // 2} to {first} and {amount // 2} to {second}" in note


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_words_about_a_seat_rise_inside_its_row_and_words_on_the_map_stay_on_it(app, scale):
    """Five rows are low: "+1 bus" rose from Schiene's row into the one above and read as Ben's bus, and
    "Circle closed!" over a crossing at the map's edge hung half over the frame."""
    from game.anim import Timeline
    from game.tables.bus import show
    from game.ui.floaters import FloatText
    theme.set_ui_scale(scale)
    table = start(app, [SeatInfo("Ada")] + [SeatInfo(f"Bot {n}", "bot", "easy") for n in range(4)])
    timeline = Timeline()
    table.show.overlays.clear()
    picture = table.picture
    edge = min(range(table.city.net.crossings), key=lambda crossing: table.city.pos(crossing)[0])
    stopped = {"type": "clock_stopped", "seat": 3, "wants": "house", "stones": 1, "stones_left": 4}
    show._act(table._stage, timeline, stopped, picture, picture, table.looks)  # a stone taken: "−1" in the row
    for event in ({"type": "bus_bought", "seat": 2, "buses": 2, "largest_fleet": 2},
                  {"type": "circle_closed", "seat": 1, "crossing": edge}):
        show._consequence(table._stage, timeline, event, picture, picture, table.looks)
    for _ in range(60):
        timeline.update(0.05)
    floats = {overlay.text: overlay for overlay in table.show.overlays if isinstance(overlay, FloatText)}
    for text, seat in (("+1 bus", 2), ("−1", 3)):
        rising = floats[text]
        row = layout.player_row(seat, 5)
        height = theme.font(rising.size, theme.DISPLAY_FONT).get_height()
        assert row.top <= rising.pos[1] - rising.rise - height / 2 and rising.pos[1] + height / 2 <= row.bottom, text
    circle = floats["Circle closed!"]
    width = theme.font(circle.size, theme.DISPLAY_FONT).size(circle.text)[0]
    assert table.city.rect.left <= circle.pos[0] - width / 2 and circle.pos[0] + width / 2 <= table.city.rect.right


def test_a_space_short_of_buses_says_whether_a_bus_can_still_come_in_time() -> None:
    """Line Expansion resolves before Buses, and a Buses space taken is counted already: "wasted unless
    more buses come first" promised a bus that cannot come; only a free Buses space may still help."""
    from game.i18n import _
    from game.tables.bus.model import NO_BUS_IN_TIME, WASTED_WORDS, Picture, Space, wasted_words
    bus_free = Picture(3, spaces=[[Space("buses", "", None, None)]])
    bus_taken = Picture(3, spaces=[[Space("buses", "", 2, None)]])
    line_c, passengers_c = Space("line", "C", None, 0, "buses"), Space("passengers", "C", None, 0, "buses")
    assert wasted_words(bus_free, line_c) == wasted_words(bus_taken, line_c) == _(NO_BUS_IN_TIME)
    assert wasted_words(bus_free, passengers_c) == _(WASTED_WORDS["buses"])  # a bus bought first may count
    assert wasted_words(bus_taken, passengers_c) == _(NO_BUS_IN_TIME)
    assert wasted_words(bus_free, Space("buildings", "F", None, 0, "lots")) == _(WASTED_WORDS["lots"])


@pytest.mark.parametrize("left", ["place", "house"])
def test_enter_lights_the_first_lot_though_an_earlier_click_left_a_button_ringed(app, left):
    """The last player's click left its button focused (Place, hidden since; or House, not under the
    pointer): Enter then pressed that button at every press, House over and over, and never lit a lot."""
    from tests.client.helpers import key
    table, match = table_at(app, "buildings", 2, speed=SPEED)
    version = match.version
    table.ui.set_focus(table.buttons[left])  # as the earlier click left it; the pointer is elsewhere
    table.ui.forget_hover()
    app.step(0.02, key(pygame.K_RETURN))
    lot = table.hover_lot
    assert match.version == version and lot in table.choices.lots()
    app.step(0.02, key(pygame.K_RETURN))
    assert match.version == version + 1 and match.log[-1]["action"]["lot"] == lot


@pytest.mark.parametrize(("lang", "scale"), [("en", 1.0), ("de", 1.5)])
def test_a_rows_time_stones_stay_clear_of_its_score(app, monkeypatch, lang, scale):
    """Three stones ran under the score ("0 Pkt.") of a German row at 150 % text; five stones, the most
    a player can hold, and a two-figure score stay clear of it too: side by side, overlapping, or one
    stone that says how many."""
    from game.i18n import set_language
    set_language(lang)
    theme.set_ui_scale(scale)
    try:
        table = start(app, [SeatInfo("Ada")] + [SeatInfo(f"Bot {n}", "bot", "easy") for n in range(4)])
        picture = table.picture
        for seat, score in enumerate([0, 0, 0, 19, 0]):
            picture.seats[seat].score = score
        plain = pygame.Surface((1920, 1080))
        players.draw_players(plain, picture, table.looks, [""] * 5, [], 0.0)
        for seat, stones in enumerate([1, 2, 3, 5, 5]):
            picture.seats[seat].stones = stones
        drawn = record_drawn_text(monkeypatch)
        stoned = pygame.Surface((1920, 1080))
        players.draw_players(stoned, picture, table.looks, [""] * 5, [], 0.0)
        monkeypatch.undo()
    finally:
        set_language("en")
    for seat, info in enumerate(picture.seats):
        row = layout.player_row(seat, 5)
        score = next(rect for text, rect in drawn if text == str(info.score) and row.colliderect(rect)
                     and rect.left > row.centerx)
        changed = [x for x in range(row.centerx, row.right) for y in range(row.top, row.bottom, 2)
                   if plain.get_at((x, y)) != stoned.get_at((x, y))]
        assert changed and max(changed) < score.left, (seat, max(changed), score)  # the stones, left of the score
    spots, counted = players.stone_spots(2, 5, 3, players.score_left(2, 5, 0) - 6)
    assert len(spots) == 3 and not counted  # three stones beside a one-figure score still stand apart


def test_the_maps_key_speaks_the_language_chosen_after_the_map_was_first_drawn(app, monkeypatch):
    """The empty map is painted once and kept; its key ("Lots fill by zone", "Station: passengers
    arrive") stayed English after Settings → Deutsch until Linie was started again."""
    from game.i18n import _, set_language
    table = start(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy"), SeatInfo("Cleo", "bot", "easy")])
    table.draw(pygame.Surface((1920, 1080)))
    try:
        set_language("de")
        drawn = record_drawn_text(monkeypatch)
        table.draw(pygame.Surface((1920, 1080)))
        monkeypatch.undo()
        key = _("Lots fill by zone")
    finally:
        set_language("en")
    assert key != "Lots fill by zone" and key in [text for text, _rect in drawn]


@pytest.mark.parametrize(("lang", "scale"), [("en", 1.0), ("de", 1.5)])
def test_stop_times_warning_fits_under_its_label(app, monkeypatch, lang, scale):
    """On the last stone Stop time says the game ends; in German at 150 % "letzter Stein: Spielende" ran
    out of the button at both sides. The caption drawn fits the button whole, shorter where it must."""
    from game.i18n import set_language
    from tools.shots.bus import alice_in, played
    set_language(lang)
    theme.set_ui_scale(scale)
    try:
        match = played(alice_in("clock", 3), alice_takes="clock")
        table = BusTable(app, LocalSession(match), None)
        app.push(table)
        app.step(STEP)
        assert table.choices.timing
        table.view["decision"]["stones_left"] = 1  # the last stone on the clock
        table._show_buttons()
        stop = table.buttons["stop"]
        drawn = record_drawn_text(monkeypatch)
        stop.draw(pygame.Surface((1920, 1080)))
        monkeypatch.undo()
    finally:
        set_language("en")
    caption = next(rect for text, rect in drawn if text == stop.caption)
    assert stop.caption and stop.rect.left < caption.left and caption.right < stop.rect.right


def test_pointing_at_a_station_while_sharing_passengers_says_what_a_click_does(app):
    """A click on a station moves one new passenger there; the pointer on it said nothing."""
    table, match = table_at(app, "passengers", speed=SPEED)
    total = sum(table.split)
    second = table._stations()[1]
    spot = point(table.city.waiting_point(second))
    app.step(0.02, move(spot))
    words = [text for text, _colour in table._tooltip_lines()]
    assert words[0].startswith(f"Station {table._station_names()[1]}")
    assert f"({total // 2} of {total} now)" in words[1]
    app.step(0.02, click(spot))
    assert table.split[1] == total // 2 + 1
    while table.split[1] < total:
        app.step(0.02, click(spot))
    assert "come" in table._tooltip_lines()[1][0]  # every new passenger comes here now: a click does no more



def test_the_clocks_row_warns_that_the_last_stone_ends_the_game(app):
    """With one stone left, the Clock's row says before the marker goes that stopping time ends the game
    at once (§5.3.5); it said only "a stone, −1 point", and the warning came after the choice."""
    table, match = table_at(app, "choose", 1, speed=SPEED)
    assert "clock" in table.choices.actions()
    table.picture.stones_left = 2
    assert not any("ends the game" in text for text, _colour in row_tip(table.choices, table.picture, "clock"))
    table.picture.stones_left = 1
    assert any("ends the game at once" in text for text, _colour in row_tip(table.choices, table.picture, "clock"))


def test_with_one_crossing_to_carry_from_the_buildings_tip_says_what_its_click_does(app, monkeypatch):
    """Where one crossing has anyone to carry, a click on a glowing building carries them; its tooltip
    said "first click who rides" all the same (and again after Esc let go of the passenger)."""
    table, match = table_at(app, "vrooom", 2, speed=SPEED)
    assert table.choices.driving
    first = sorted(table.choices.sources())[0]
    monkeypatch.setattr(table.choices, "sources", lambda: {first})  # only that crossing has anyone to carry
    lot = sorted(table.choices.targets(first))[0]
    spot = point(table.city.lot_point(*lot_key(lot)))
    app.step(0.02, move(spot))
    assert table.source is None and table.hover_lot == lot
    assert f"from crossing {first} here" in table._tooltip_lines()[1][0]
    version = match.version
    app.step(0.02, click(spot))
    assert match.version == version + 1 and match.log[-1]["action"] == {"type": "deliver", "from": first, "lot": lot}


def test_the_vrooom_row_says_how_many_passengers_the_marker_can_carry(app):
    """Vrrooomm!'s spaces show no number: its tooltip says what one marker can do at most, a passenger
    per bus the player owns, so it can be weighed before placing like the rows that show a number."""
    table, match = table_at(app, "choose", 1, speed=SPEED)
    assert "vrooom" in table.choices.actions()
    seat = table.picture.to_act
    for buses, words in ((1, "Your bus carries at most 1 passenger"), (3, "Your 3 buses carry up to 3 passengers")):
        table.picture.seats[seat].buses = buses
        assert any(text.startswith(words) for text, _colour in row_tip(table.choices, table.picture, "vrooom"))


@pytest.mark.parametrize(("lang", "scale"), [("en", 1.5), ("de", 1.0), ("de", 1.5)])
def test_the_clocks_two_buttons_read_at_their_size(app, lang, scale):
    """Half the controls each: "Zeit anhalten" and "Laufen lassen" shrank to 62 % of their size in German
    at 150 % text, "Stop time" to 88 % in English; the buttons say "Stop" ("Anhalten") and "Let it run"
    ("Weiter"), the caption below saying what each does."""
    from game.i18n import set_language
    from game.ui.widgets import LABEL_MARGIN
    set_language(lang)
    theme.set_ui_scale(scale)
    try:
        table = start(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy"), SeatInfo("Cleo", "bot", "easy")])
        for key in ("stop", "run"):
            button = table.buttons[key]
            size = theme.fit_text(button.label, button.size, button.rect.width - LABEL_MARGIN, theme.DISPLAY_FONT)
            assert size >= 0.9 * button.size, (key, button.label, size)
    finally:
        set_language("en")


def test_the_header_says_every_lot_is_built_on_instead_of_an_open_zone_that_is_none(app, monkeypatch):
    """With no free lot left (the game ends with this round) the header read "zone – open"."""
    table = start(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy"), SeatInfo("Cleo", "bot", "easy")])
    picture = replace(table.picture, open_zone=None)
    drawn = record_drawn_text(monkeypatch)
    table._draw_header(pygame.Surface((1920, 1080)), picture, "", "")
    monkeypatch.undo()
    texts = [text for text, _rect in drawn]
    assert any("every lot built on" in text for text in texts) and not any("zone" in text for text in texts)


def test_enter_alone_carries_a_passenger_lighting_each_step_first(app):
    """Enter lights a waiting passenger, Enter picks them, Enter lights their first building, Enter
    carries them: the third Enter picked the same passenger again, and every Enter after it did nothing."""
    from tests.client.helpers import key
    table, match = table_at(app, "vrooom", 2, speed=SPEED)
    version = match.version
    app.step(0.02, key(pygame.K_RETURN))
    lit = table.hover_crossing
    assert lit in table.choices.sources() and table.source is None
    app.step(0.02, key(pygame.K_RETURN))
    assert table.source == lit
    app.step(0.02, key(pygame.K_RETURN))
    lot = table.hover_lot
    assert match.version == version and lot in table.choices.targets(lit)
    app.step(0.02, key(pygame.K_RETURN))
    assert match.version == version + 1 and match.log[-1]["action"] == {"type": "deliver", "from": lit, "lot": lot}


def test_the_end_says_which_tie_break_put_the_winner_ahead_of_a_player_on_the_same_score(app):
    """Schiene and Ada both ended on 12; the table said "Schiene wins with 12 points" and no more."""
    from game.tables.bus.prompt import prompt
    table = start(app, [SeatInfo("Ada"), SeatInfo("Ben", "bot", "easy"), SeatInfo("Schiene", "bot", "easy")])
    picture = table.picture
    looks = table.looks
    for seat, (score, stones, arrival) in enumerate([(12, 0, 40), (8, 0, 30), (12, 0, 35)]):
        picture.seats[seat].score, picture.seats[seat].stones, picture.seats[seat].arrival = score, stones, arrival
    picture.outcome = {"winners": [2], "scores": [12, 8, 12], "reason": "markers", "ranking": [2, 0, 1]}
    detail = prompt(picture, looks, [0], {}, "")[1]
    assert detail.startswith("Schiene wins with 12 points, as many as Ada: reached the score first.")
    picture.seats[2].score, picture.seats[2].stones = 13, 1  # 13 − 1: as many, with more stones
    assert "as many as Ada: more time stones." in prompt(picture, looks, [0], {}, "")[1]
    picture.outcome = {"winners": [2], "scores": [11, 8, 12], "reason": "markers", "ranking": [2, 0, 1]}
    assert prompt(picture, looks, [0], {}, "")[1].startswith("Schiene wins with 12 points. The game ended")


def test_a_rows_final_score_below_nothing_has_the_minus_sign_of_the_results(app, monkeypatch):
    """At the end a row read "-4 Pkt." with a hyphen beside the results' "−4 points"."""
    table = start(app, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy"), SeatInfo("Cleo", "bot", "easy")])
    picture = replace(table.picture, outcome={"winners": [1], "scores": [-4, 0, 0], "reason": "clock"})
    picture.seats[0].score, picture.seats[0].stones = 0, 4
    drawn = record_drawn_text(monkeypatch)
    players.draw_players(pygame.Surface((1920, 1080)), picture, table.looks, [""] * 3, [0.0, 0.0, 0.0], 0.0)
    monkeypatch.undo()
    texts = [text for text, _rect in drawn]
    assert "−4" in texts and "-4" not in texts


def test_n_before_the_rounds_two_markers_says_why_it_does_not_pass(app):
    """N passes once two markers are placed; before that it walked the action rows without a word: it
    still steps through them, and says why it does not pass."""
    from tests.client.helpers import key
    table, match = table_at(app, "choose", 1, speed=SPEED)
    assert table.choices.choosing and not table.choices.may_pass
    version = match.version
    app.step(0.02, key(pygame.K_n))
    assert match.version == version
    assert table.toasts.items and table.toasts.items[-1].refusal and "before you pass" in table.toasts.items[-1].text
    assert table.cursor_row in table.choices.actions()


def test_a_hot_seat_player_starts_building_from_a_house_not_the_last_players_type(app):
    """At one screen Ben chose Office; Ada's cover then said "(office now)" and her click built an office
    she never chose. Each player's type is their own; the same player keeps theirs between buildings."""
    table, match = table_at(app, "buildings", 2, speed=SPEED)
    assert table.choices.building and "house" in table.choices.kinds()
    table.kind, table.kind_seat = "office", 1  # Ben's choice, another player at this screen
    assert "(house now)" in table.cover_note(0)
    table.turn_opened(0, True)
    assert table.kind == "house"
    table._pick_kind("pub")
    table.turn_opened(0, True)  # Ada again, her next building
    assert table.kind == "pub" and "(pub now)" in table.cover_note(0)


def test_a_street_that_boxes_the_line_in_says_before_the_click_that_the_rest_is_lost():
    """Line Expansion A gives 3 streets; closing the circle at crossing 0, where no street is left, loses
    the other 2 (B4). The street's tooltip said only "Closes a circle at crossing 0"; the loss came after."""
    from game.core.bus import GAME
    from game.core.bus.network import board
    from game.tables.bus.choices import Choices
    from game.tables.bus.tips import street_tip
    from tests.core.bus_helpers import after_setup, resolve
    state = after_setup(4, 0)
    state.paths[0] = [0, 1, 5, 10]  # street 10-0 closes a circle at crossing 0, where no other street is free
    state.buses[2] = 3
    resolve(state, {"line": [0]})
    choices = Choices(GAME.view(state, 0), 0, ["Ada", "Ben", "Cleo", "Dan"])
    street = next(street for street, ends in enumerate(board().ends) if set(ends) == {0, 10})
    assert choices.closes_circle(street)
    words = [text for text, _colour in street_tip(choices, street, 0)]
    assert "After it no street is left at the line's ends: the other 2 are lost." in words
    other = next(s for s in choices.streets() if not choices.closes_circle(s) and choices.lost_after(
        choices.street_action(s)) == 0)
    assert not any("is lost" in text or "are lost" in text for text, _colour in street_tip(choices, other, None))


def test_arrow_keys_light_the_nearest_street_the_way_they_point(app):
    """Alice lays her first street anywhere by keys: Up from the street lit at the bottom left lights a
    street just above it (it lit 34-35 at the top right, the next number down), and Right keeps going
    right, so any street is a few presses away."""
    import math

    from tests.client.helpers import key
    table, match = table_at(app, "setup_streets", speed=SPEED)
    version = match.version
    app.step(0.02, key(pygame.K_RETURN))  # nothing lit: Enter lights the first street
    lit = [table.city.street_middle(table.selected)]
    for arrow in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_UP, pygame.K_UP, pygame.K_LEFT):
        app.step(0.02, key(arrow))
        assert table.selected in table.choices.streets()
        lit.append(table.city.street_middle(table.selected))
    for (x0, y0), (x1, y1), arrow in zip(lit[:-1], lit[1:], ("right", "right", "up", "up", "left"), strict=True):
        ahead = {"right": x1 - x0, "left": x0 - x1, "up": y0 - y1}[arrow]
        aside = abs(y1 - y0) if arrow in ("right", "left") else abs(x1 - x0)
        assert ahead > 0 and aside <= ahead * 1.75, (arrow, (x0, y0), (x1, y1))
        assert math.dist((x0, y0), (x1, y1)) < 2 * table.city.unit, (arrow, (x0, y0), (x1, y1))
    assert match.version == version  # the arrows only light streets


def test_a_stray_enter_at_the_clock_lights_let_it_run_and_never_takes_a_stone(app):
    """The prompt says "press Enter to skip the animation"; an Enter that came as the clock's decision
    opened pressed Stop, the first button, and took a stone (−1). Enter with no button lit lights Let it
    run; the next Enter lets time run. Keys walked to Stop still stop it."""
    from tests.client.helpers import key
    from tools.shots.bus import SEATS, alice_in, played
    for way, stop in (("enter", False), ("tab", True), ("stale ring", False)):
        match = played(alice_in("clock", 3), seats=list(SEATS), alice_takes="clock")
        app.settings.animation_speed = SPEED
        table = BusTable(app, LocalSession(match), None)
        app.push(table)
        app.step(STEP)
        assert table.choices.timing
        app.step(0.02, move((5, 5)))
        version = match.version
        if way == "tab":
            app.step(0.02, key(pygame.K_TAB))
            assert table.ui.focus is table.buttons["stop"]
        else:
            if way == "stale ring":  # Stop ringed by a click of an earlier round, then a key with no use here
                table.ui.set_focus(table.buttons["stop"])
                app.step(0.02, key(pygame.K_9))
            app.step(0.02, key(pygame.K_RETURN))
            assert match.version == version and table.ui.focus is table.buttons["run"], way
        app.step(0.02, key(pygame.K_RETURN))
        assert match.version == version + 1 and match.log[-1]["action"] == {"type": "clock", "stop": stop}, way
        app.pop()


def _sharing_passengers_drawn(app, monkeypatch):  # type: ignore[no-untyped-def]
    """A table where Alice shares the passengers between the stations, and the words its frame draws."""
    from tools.shots.bus import SEATS, alice_in, played
    table = BusTable(app, LocalSession(played(alice_in("passengers"), seats=list(SEATS))), None)
    app.push(table)
    app.step(STEP)
    assert table.choices.splitting
    drawn = record_drawn_text(monkeypatch)
    app.draw()
    monkeypatch.undo()
    return table, drawn


@pytest.mark.parametrize("lang", ["en", "de"])
def test_sharing_passengers_names_each_station_on_the_map(app, monkeypatch, lang):
    """The prompt and the +1 buttons say SE and NW, the map wrote neither: while passengers are shared
    each station's ring carries its name, so "+1 SE" points at a place on the map."""
    from game.i18n import set_language
    set_language(lang)
    try:
        table, drawn = _sharing_passengers_drawn(app, monkeypatch)
        for station, name in zip(table._stations(), table._station_names(), strict=False):
            x, y = table.city.waiting_point(station)
            assert any(text.split()[-1] == name and abs(rect.left - x) < 60 and abs(rect.centery - y) < 60
                       for text, rect in drawn), (name, station)
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "scale"), [("en", 1.0), ("de", 1.5)])
def test_a_stations_name_touches_no_crossings_number(app, monkeypatch, lang, scale):
    """In German at 150 % text "+1 NW" ran into crossing 28's number: each station's words stand where
    they touch no number (a crossing's, or a park roundabout's on its plate), on the map."""
    import math

    from game.i18n import set_language
    from game.render.bus.basemap import label_point_of_roundabout
    set_language(lang)
    theme.set_ui_scale(scale)
    try:
        table, drawn = _sharing_passengers_drawn(app, monkeypatch)
        geo = table.city
        numbers = [label_point_of_roundabout(geo, crossing) if geo.net.specials[crossing] == "roundabout" else spot
                   for crossing, spot in enumerate(geo.points)]
        names = table._station_names()
        labels = [rect for text, rect in drawn if text.split()[-1] in names and rect.colliderect(layout.MAP_RECT)]
        assert len(labels) == 2
        for rect in labels:
            assert layout.MAP_RECT.contains(rect)
            for x, y in numbers:
                near = (max(rect.left, min(x, rect.right)), max(rect.top, min(y, rect.bottom)))
                assert math.dist((x, y), near) > geo.crossing_radius + 2, (rect, (x, y))
    finally:
        theme.set_ui_scale(1.0)
        set_language("en")


@pytest.mark.parametrize("count", [3, 4, 5])
def test_a_lan_seats_connection_dot_leaves_the_start_players_bus_and_name_in_sight(app, count):
    """At a LAN Bus table the dot by each seat stood on the disc's upper right, over half of the little
    bus that marks who chooses first. It sits on the disc's lower right now, inside the row and left
    of the name and status."""
    from game.lan.hud import DOT_RADIUS
    from tools.shots.lan import _table_feed

    _table_feed(app, "bus", count)
    app.step(1 / 60)
    table = app.stack.top
    assert isinstance(table, BusTable) and table.lan_hud is not None and table.lan_hud.active
    for seat in range(count):
        centre = table.seat_anchor(seat)
        assert centre is not None
        dot = pygame.Rect(0, 0, 2 * DOT_RADIUS, 2 * DOT_RADIUS)
        dot.center = centre
        row = layout.player_row(seat, count)
        assert row.contains(dot), (seat, dot, row)
        assert not dot.colliderect(players.start_bus_rect(seat, count)), (seat, dot)
        assert dot.right <= row.x + 64  # the name and status line begin there


def staged_rides(table: BusTable) -> set[tuple[float, int]]:
    """The rides playing now: (their seconds, their legs: each street and the last into the lot)."""
    from game.tables.bus.fx import Ride
    return {(effect.duration, len(effect.paint.__self__.points) - 1) for effect in table.show.running()
            if isinstance(getattr(getattr(effect, "paint", None), "__self__", None), Ride)}


@pytest.mark.parametrize(("moment", "source", "lot", "legs"), [(9, 15, 13, 2), (2, 8, 26, 14)])
def test_a_ride_of_one_street_lasts_long_enough_to_follow_and_a_long_one_is_not_slowed(app, moment, source, lot,
                                                                                      legs):
    """A Vrrooomm! ride of one street was over in 0.64 s at the normal animation speed: every ride now
    takes at least 1.1 s, and a ride of many streets still takes 0.32 s a street."""
    from game.tables.bus.show import RIDE_STEP
    table, _match = table_at(app, "vrooom", moment, speed=1.0)
    app.step(0.02, click(point(table.city.waiting_point(source))))
    app.step(0.02, click(point(table.city.lot_point(*lot_key(lot)))))
    seen: set[tuple[float, int]] = set()
    for _ in range(600):  # up to 10 s for the ride to be staged; its length is known from then on
        app.step(1 / 60)
        seen |= staged_rides(table)
        if seen:
            break
    ((seconds, counted),) = seen
    assert counted == legs
    assert seconds >= 1.1 if legs * RIDE_STEP < 1.1 else seconds == pytest.approx(legs * RIDE_STEP)
