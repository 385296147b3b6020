"""The Line Expansion table driven headless: synthetic clicks and keys, explicit dt, real sessions."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.lines import GAME
from game.match import Match, SeatInfo
from game.render.bus.city import city_map
from game.scenes.cover import CoverScene
from game.scenes.pause import PauseScene
from game.scenes.results import ResultsScene
from game.scenes.rules import RulesScene
from game.session import LocalSession
from game.tables.launch import TableConfig, start_local_game
from game.tables.lines import hud
from game.tables.lines.table import MAP_RECT, LinesTable
from tests.client.helpers import click, key
from tests.client.scripted_session import ScriptedSession

STEP = 0.25  # seconds per frame: App.step runs the fixed updates, then draws once
SPEED = 6.0  # animations run six times as fast as in play (still every tween, driven by dt)


def point(pos: tuple[float, float]) -> tuple[int, int]:
    return round(pos[0]), round(pos[1])


def move(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]


def on_street(table: LinesTable, street: int, along: float = 0.4) -> tuple[int, int]:
    """A point on ``street`` (not its middle: a bridge may pass over another street's middle)."""
    a, b = table.city.street_ends(street)
    pos = point((a[0] + (b[0] - a[0]) * along, a[1] + (b[1] - a[1]) * along))
    assert table.city.street_at(pos) == street
    return pos


def start(app, seats: list[SeatInfo], seed: int = 4) -> LinesTable:
    app.settings.animation_speed = SPEED
    assert start_local_game(app, TableConfig("lines", seats, {}, seed))
    table = next(scene for scene in app.stack.scenes if isinstance(scene, LinesTable))  # a cover may be on top
    return table


def idle(table: LinesTable) -> bool:
    return not table.busy


def table_at(app, state: dict[str, Any], seats: list[SeatInfo]) -> tuple[LinesTable, Match]:
    """A table opened on a hand-made position (the state as a snapshot, checked by the core)."""
    match = Match("lines", seats, 1)
    match.state = GAME.restore({"format": "lines-state", "version": 1, **state})
    app.settings.animation_speed = SPEED
    table = LinesTable(app, LocalSession(match), None)
    app.push(table)
    app.step(STEP)
    if isinstance(app.stack.top, CoverScene):  # two humans share the screen: take the device first
        app.step(0.05, click(app.stack.top.button.rect.center))
    assert app.stack.top is table
    return table, match


# Seat 0 builds its last street of Line Expansion A. Its heads are crossings 1 and 2; seat 1's line
# runs through crossing 2 (streets 2-6 and 2-3) without ending there, so 2-3 is refused (B2) while
# 2-7 is empty; 1-2 is seat 0's own street.
AT_CROSSING_2 = {"players": 2, "phase": "build", "round": 1, "start_player": 0, "paths": [[1, 2], [6, 2, 3]],
                 "buses": [1, 1], "spaces": {"A": 0}, "passed": [1], "queue": [0], "remaining": 1,
                 "lost": [0, 0], "ended": None}
HUMANS = [SeatInfo("Alice", "human", colour=0), SeatInfo("Bob", "human", colour=3)]


def test_hot_seat_game_played_by_clicks_to_the_results(app):
    table = start(app, list(HUMANS), seed=9)
    match = table.session.match
    covers = clicks = 0
    for _ in range(2000):
        top = app.stack.top
        if isinstance(top, ResultsScene):
            break
        if isinstance(top, CoverScene):
            assert top.player == ["Alice", "Bob"][match.to_act()[0]]
            app.step(0.05, click(top.button.rect.center))
            covers += 1
            continue
        assert top is table
        if table.counted:
            app.step(0.05, click(table.results_button.rect.center))
            continue
        choices = table.choices
        if not idle(table) or not choices.active:
            app.step(STEP)
            continue
        before = match.version
        if choices.building:
            streets = sorted(choices.streets())
            target = on_street(table, streets[clicks % len(streets)])
        else:
            spaces = choices.spaces()
            assert "pass" in spaces
            target = hud.space_rects(table.view)[spaces[clicks % len(spaces)]].center
        app.step(0.02, move(target) + click(target))
        assert match.version == before + 1  # the click reached the authority and was applied
        clicks += 1
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    outcome = match.outcome()
    assert outcome is not None and table.version == match.version
    assert [figure.headline for figure in results.figures] == [f"{score} points" for score in outcome["scores"]]
    assert [figure.winner for figure in results.figures] == [seat in outcome["winners"] for seat in range(2)]
    assert clicks == len(match.log) and covers >= 4  # every action was a click; covers between the humans


def test_bots_alone_play_through_the_table_to_the_results(app):
    seats = [SeatInfo("Tramina", "bot", "easy", 1), SeatInfo("Bimmel", "bot", "easy", 2)]
    table = start(app, seats, seed=2)
    steps = 0
    while not table.counted:
        app.step(STEP)
        steps += 1
        assert steps < 600, "the bots' game never ended"
    match = table.session.match
    assert table.view["outcome"] == match.outcome()
    assert table.tally.counts == [float(score) for score in match.outcome()["scores"]]  # the final count
    app.step(0.05, key(pygame.K_RETURN))
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    rows = dict(results.figures[0].rows)
    assert rows["Bot"] == "easy" and int(rows["Streets built"]) + int(rows["Streets lost"]) >= 1


def test_a_refused_street_shows_the_reason_and_changes_nothing(app):
    table, match = table_at(app, AT_CROSSING_2, list(HUMANS))
    assert table.choices.building and sorted(table.choices.streets()) == [0, 3, 6]
    snapshot, version = GAME.snapshot(match.state), match.version
    beside = on_street(table, 4)  # 2-3: seat 1 runs along it through crossing 2
    app.step(0.05, move(beside))
    tip = " ".join(text for text, _ in table._tooltip_lines())
    assert "Street 2–3" in tip and "(B2)" in tip and "street 4" not in tip
    app.step(0.05, click(beside))
    assert match.version == version and GAME.snapshot(match.state) == snapshot
    assert table.view["lines"][0]["path"] == [1, 2]
    toast = table.toasts.items[-1]
    assert toast.refusal and "Another line already runs along street 2–3" in toast.text
    own = on_street(table, 2)  # 1-2: seat 0's own street
    app.step(0.05, click(own))
    assert "(B1)" in table.toasts.items[-1].text and match.version == version
    far = on_street(table, 60)  # nowhere near a head
    app.step(0.05, click(far))
    assert "does not leave a head" in table.toasts.items[-1].text and match.version == version
    empty = on_street(table, 6)  # 2-7 is empty: built, and the round moves on
    app.step(0.05, click(empty))
    assert match.version == version + 1 and match.state.paths[0] == [1, 2, 7]


def test_closing_a_circle_closes_it_at_the_end_nearer_the_pointer(app):
    state = {**AT_CROSSING_2, "paths": [[5, 1, 2, 6], [31, 33]]}
    table, match = table_at(app, state, list(HUMANS))
    assert table.choices.closes_circle(11)  # 5-6 joins both heads
    near_six = on_street(table, 11, along=0.7 if GAME.net.ends[11] == (5, 6) else 0.3)
    app.step(0.05, move(near_six))
    assert table.closing_at == 6
    assert any("Closes a circle at crossing 6" in text for text, _ in table._tooltip_lines())
    app.step(0.05, key(pygame.K_r))  # R (or a right click) picks the other end
    assert table.closing_at == 5
    app.step(0.05, key(pygame.K_r))
    app.step(0.05, click(near_six))
    events = match.log[-1]["events"]
    assert {"type": "circle_closed", "seat": 0, "crossing": 6} in events
    for _ in range(20):
        app.step(STEP)
    assert table.view["lines"][0]["closed_at"] == 6


def test_keyboard_alone_builds_and_chooses(app):
    table, match = table_at(app, AT_CROSSING_2, list(HUMANS))
    app.step(0.05, key(pygame.K_h))
    assert "glowing street" in table.toasts.items[-1].text
    app.step(0.05, key(pygame.K_F1))
    rules = app.stack.top
    assert isinstance(rules, RulesScene) and rules.books[rules.book_index].game == "lines"
    app.step(0.05, key(pygame.K_ESCAPE))
    assert app.stack.top is table
    app.step(0.05, key(pygame.K_n))
    assert table.selected in table.choices.streets()
    app.step(0.05, key(pygame.K_RIGHT))
    chosen = table.selected
    assert chosen in table.choices.streets()
    [head] = table.choices.streets()[chosen]
    app.step(0.05, key(pygame.K_RETURN))
    path = match.state.paths[0]
    assert len(path) == 3 and GAME.net.other_end(chosen, head) in (path[0], path[-1])
    for _ in range(40):  # round 2: Bob chooses first, behind a cover
        if isinstance(app.stack.top, CoverScene):
            app.step(0.05, key(pygame.K_RETURN))
        elif idle(table) and table.choices.active:
            break
        app.step(STEP)
    seat = match.to_act()[0]
    assert table.choices.choosing and table.choices.seat == seat
    app.step(0.05, key(pygame.K_1))  # 1 picks the first space, Line Expansion A
    assert match.state.spaces == {"A": seat}


def test_a_taken_space_is_refused_with_its_reason(app):
    state = {**AT_CROSSING_2, "phase": "choose", "spaces": {"A": 1}, "passed": [], "queue": [0], "remaining": 0,
             "round": 1, "buses": [1, 2]}
    table, match = table_at(app, state, list(HUMANS))
    assert table.choices.choosing and "A" not in table.choices.spaces()
    card = hud.space_rects(table.view)["A"].center
    app.step(0.05, move(card))
    assert any("already took" in text for text, _ in table._tooltip_lines())
    version = match.version
    app.step(0.05, click(card))
    assert match.version == version and "already took Line Expansion A" in table.toasts.items[-1].text


def test_escape_pauses_and_stops_the_bots(app):
    seats = [SeatInfo("Alice", "human"), SeatInfo("Tramina", "bot", "easy", 1)]
    table = start(app, seats)
    app.step(0.05, key(pygame.K_ESCAPE))
    assert isinstance(app.stack.top, PauseScene) and table.session.paused
    app.step(0.05, key(pygame.K_ESCAPE))
    assert app.stack.top is table and not table.session.paused


def test_a_lan_table_waits_for_the_host_and_follows_its_updates(app):
    host = Match("lines", [SeatInfo("Host"), SeatInfo("Guest", colour=1)], 1)
    session = ScriptedSession("lines", 1)
    table = LinesTable(app, session, None)
    app.push(table)
    app.step(STEP)
    assert table.view is None  # drawn as "waiting" without a view
    session.inbox.append({"type": "update", "version": 0, "view": {"type": "linie1_view"}, "snapshot": True})
    session.inbox.append({"type": "update", "version": 0, "view": None, "events": []})
    app.step(STEP)
    assert table.view is None  # what is not a Line Expansion view is never shown
    session.inbox.append({"type": "update", "version": 0, "seat": 1, "events": [], "view": host.view(1),
                          "snapshot": True})
    app.step(STEP)
    assert table.view is not None and not table.choices.active  # seat 0 places first
    result = host.submit(0, {"type": "street", "street": 30})
    session.inbox.append({"type": "update", "version": 1, "seat": 1, "events": result.events,
                          "view": host.view(1)})
    app.step(0.05)
    assert table.show.busy and table.view["lines"][0]["path"] == []  # the marker is still flying
    for _ in range(6):
        app.step(STEP)
    assert table.view["lines"][0]["path"] == list(GAME.net.ends[30]) and table.choices.active
    target = on_street(table, 12)
    app.step(0.05, click(target))
    assert session.sent == [(1, {"type": "street", "street": 12})]
    session.inbox.append({"type": "rejected", "seat": 1, "rejection": {"code": "net.stale", "message": "Too late."}})
    session.link = "down"
    app.step(0.05)
    assert table.toasts.items[-1].text == "Too late." and table.link == "down"
    app.stack.reset(PauseScene(app))
    assert session.closed  # leaving the table closes its connection


def test_the_figures_add_up_to_the_score(app):
    from game.tables.lines.figures import lines_figures
    match = Match("lines", [SeatInfo("A"), SeatInfo("B", "bot", "easy", 1)], 1)
    from game.bots import make_bot
    bots = [make_bot("lines", "easy", seed) for seed in range(2)]
    while not match.finished:
        seat = match.to_act()[0]
        assert match.submit(seat, bots[seat].decide(match.view(seat))).ok
    view = match.view(None)
    figures = lines_figures(view, match.outcome())
    for seat, figure in enumerate(figures):
        rows = dict(figure.rows)
        stations = int(rows["Stations"].split()[0])
        assert int(rows["Building lots"]) + 2 * stations == match.outcome()["scores"][seat]
        assert figure.colour == [0, 1][seat]
    assert figures[1].name == "B" and dict(figures[1].rows)["Bot"] == "easy"


def test_every_street_can_be_pointed_at():
    city = city_map(*MAP_RECT, look="lines")
    for street in range(city.net.streets):
        a, b = city.street_ends(street)
        for along in (0.3, 0.5, 0.7):
            pos = (a[0] + (b[0] - a[0]) * along, a[1] + (b[1] - a[1]) * along)
            assert city.street_at(pos) == street
    assert city.street_at(city.pos(0)) in (0, 1)  # on a crossing: one of its streets
    assert city.street_at((MAP_RECT.right - 20, MAP_RECT.y + 20)) is None


def test_a_lan_game_over_real_sockets(app):
    """A host on 127.0.0.1 with a bot; this screen's seat plays through a NetSession to the end."""
    from game.lan.session import LanSession
    from net.client import NetSession
    from net.host import Host
    from net.host_thread import HostThread
    from net.table import HostConfig

    config = HostConfig(heartbeat=0.3, away_after=3.0, drop_after=8.0, bot_level="easy")
    thread = HostThread(Host.new("lines", 2, config, bots=1, seed=3), "127.0.0.1", 0)
    port = thread.start()
    session = NetSession("127.0.0.1", port, "Alice", heartbeat=0.3)
    try:
        session.claim(0)
        session.wait_for(lambda message: message["type"] == "welcome")
        thread.start_game()
        session.wait_for(lambda message: message["type"] == "update")
        app.settings.animation_speed = SPEED
        table = LinesTable(app, LanSession(session), None)
        app.stack.reset(table)
        moves = 0
        for _ in range(1500):
            if table.counted:
                break
            app.step(0.1)
            if not idle(table) or not table.choices.active or table.awaiting:
                continue
            if table.choices.building:
                target = on_street(table, sorted(table.choices.streets())[0])
            else:
                target = hud.space_rects(table.view)[table.choices.spaces()[0]].center
            app.step(0.02, move(target) + click(target))
            moves += 1
        assert table.counted and moves >= 10
        assert table.view["outcome"] == thread.call(lambda: thread.host.match.outcome())
    finally:
        session.close()
        thread.stop(goodbye=False)


def test_line_heads_carry_initials_that_tell_the_seats_apart():
    from game.tables.lines.seats import seat_looks
    view = {"match": {"seats": [{"name": "Ada", "colour": 0}, {"name": "anna", "colour": 1},
                                {"name": "Bo", "colour": 2}]}}
    assert [look.initial for look in seat_looks(view, 3)] == ["1", "2", "B"]
