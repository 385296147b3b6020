"""The Bus table offers exactly the moves the rules allow, in rare positions built for it: every legal
move can be made by pointing, clicking and the decision's buttons, nothing else is sent as a move,
and what may not be taken says why. Also the game's ends as the table tells them."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.core.bus import GAME
from game.core.bus.network import board
from game.match import Match, SeatInfo
from game.scenes.results import ResultsScene
from game.session import LocalSession
from game.tables.bus import layout
from game.tables.bus.model import ACTION_IDS, lot_key
from game.tables.bus.prompt import prompt
from game.tables.bus.table import BusTable
from tests.client.helpers import click, key
from tests.client.test_bus_table import SPEED, STEP, move, on_street, point
from tests.core.bus_helpers import after_setup, lots_at, resolve, set_line

NET = board()
NAMES = ("Alice", "Tramina", "Bimmel", "Otto", "Kasimir")


def table_at(app, state) -> tuple[BusTable, Match]:
    """The table of seat 0 (a human; the others bots) at ``state``, seat 0 to decide."""
    seats = [SeatInfo(NAMES[0], "human", colour=0)] + [
        SeatInfo(NAMES[seat], "bot", "easy", seat) for seat in range(1, state.players)]
    match = Match("bus", seats, 1, state.options)
    match.state = state
    assert match.to_act() == [0]
    app.settings.animation_speed = SPEED
    table = BusTable(app, LocalSession(match), None)
    app.push(table)
    for _ in range(40):
        app.step(STEP)
        if table.choices.active and not table.busy:
            break
    assert table.choices.active
    return table, match


def plain(action: dict[str, Any]) -> str:
    return repr(sorted((k, v) for k, v in action.items() if not (k == "head" and v is None)))


def made_at_the_table(app, table: BusTable, match: Match) -> set[str]:
    """Every move the table sends, trying everything a player can point at or press in this phase;
    what is sent but not legal must be refused by the authority (a click that asks for the reason)."""
    sent: list[dict[str, Any]] = []
    table.submit = lambda action, seat=None: sent.append(action)  # type: ignore[method-assign]
    phase = match.state.phase
    if phase in ("setup_streets", "setup_extend", "line"):
        for street in range(NET.streets):
            pos = on_street(table, street)
            app.step(0.02, move(pos) + click(pos))
            if table.choices.closes_circle(street):  # R flips where the circle closes
                app.step(0.02, move(pos) + key(pygame.K_r) + click(pos))
    elif phase in ("setup_buildings", "buildings"):
        for kind in table.choices.kinds():
            app.step(0.02, click(table.buttons[kind].rect.center))
            for lot in range(NET.lots):
                app.step(0.02, click(point(table.city.lot_point(*lot_key(lot)))))
    elif phase == "choose":
        for index in range(len(ACTION_IDS)):
            row = layout.row_rect(index).center
            app.step(0.02, click(row) + click(row))  # twice: a marker that gives nothing is confirmed
        if table.buttons["pass"].visible:
            app.step(0.02, click(table.buttons["pass"].rect.center))
    elif phase == "passengers":
        amount = match.state.remaining
        for first in range(amount + 1):
            table.turn_opened(0, True)
            for _ in range(amount):
                side = "west" if table.split[0] < first else "east" if table.split[0] > first else None
                if side:
                    app.step(0.02, click(table.buttons[side].rect.center))
            app.step(0.02, click(table.buttons["place"].rect.center))
    elif phase == "clock":
        for button in ("stop", "run"):
            app.step(0.02, click(table.buttons[button].rect.center))
    elif phase == "vrooom":
        for source in sorted(table.choices.sources()):
            for lot in sorted(table.choices.targets(source)):
                app.step(0.02, click(point(table.city.waiting_point(source))))
                assert table.source == source
                app.step(0.02, click(point(table.city.lot_point(*lot_key(lot)))))
    legal = {plain(action) for action in GAME.legal(match.state, 0)}
    for action in sent:
        assert plain(action) in legal or GAME.check(match.state, 0, action) is not None, action
    return {plain(action) for action in sent} & legal


def circle_position():
    state = after_setup(4, 0)
    set_line(state, 0, [14, 11, 15, 20])  # 14-20 joins both heads: it closes a circle at either
    resolve(state, {"line": [0]})
    return state


def vrooom_position():
    state = after_setup(4, 0)
    set_line(state, 0, [19, 14, 11, 15, 20, 23])
    state.buildings = [None] * NET.lots
    state.clock = 0  # nobody takes the Clock: it turns to the office before Vrrooomm!
    for crossing in (19, 23, 11):
        state.buildings[lots_at(crossing)[0]] = "office"
    state.passengers[14], state.passengers[15] = 2, 3  # five wait; three empty offices, two buses
    state.supply = 15 - sum(state.passengers)
    state.buses[0] = 2
    resolve(state, {"vrooom": [0]})
    return state


def passengers_position():
    state = after_setup(5, 0, {"five_player_bonus": "all"})
    state.buses = [2, 1, 1, 1, 1]
    resolve(state, {"passengers": [0]})  # M = 2, plus one with five players under the "all" reading
    assert state.remaining == 3
    return state


def choosing_position():
    state = after_setup(3, 0)
    state.queue = [0, 1, 2]
    state.spaces = {"buses": [1], "clock": [2], "vrooom": [1, 2, 1, 2, 1, 2]}  # three rows full
    state.placed = [2, 3, 3]
    return state


def buildings_position():
    state = after_setup(4, 0)
    free = [lot for lot, kind in enumerate(state.buildings) if kind is None]
    for lot in free[:-8]:
        state.buildings[lot] = "pub" if lot % 3 else "house"
    state.buildings[:30] = ["pub"] * 30  # every pub on the board: a house or an office only
    resolve(state, {"buildings": [0]})
    return state


@pytest.mark.parametrize("position", [circle_position, vrooom_position, passengers_position, choosing_position,
                                      buildings_position])
def test_every_legal_move_and_nothing_else_can_be_made_at_the_table(app, position):
    table, match = table_at(app, position())
    legal = {plain(action) for action in GAME.legal(match.state, 0)}
    assert made_at_the_table(app, table, match) == legal


def test_a_circle_closes_at_the_end_the_player_picks():
    state = circle_position()
    heads = sorted(action["head"] for action in GAME.legal(state, 0) if action["street"] == NET.street_between(14, 20))
    assert heads == [14, 20]  # both ways are legal: the table must offer both (above)


def test_a_used_up_building_type_is_neither_offered_nor_taken_by_its_key(app):
    table, match = table_at(app, buildings_position())
    assert table.choices.kinds() == ["house", "office"] and not table.buttons["pub"].visible
    version = match.version
    app.step(0.02, key(pygame.K_3))  # the pub's number key
    assert table.kind != "pub" and table.toasts.items[-1].refusal
    assert "pub" in table.toasts.items[-1].text and match.version == version


def test_taking_the_last_stone_says_it_ends_the_game_and_ends_it_with_stones_counted(app):
    state = after_setup(3, 0)
    state.score = [5, 3, 4]
    state.stones = [2, 1, 0]
    state.arrival, state.arrivals = [5, 2, 7], 7
    state.stones_left = 1  # four stones with three players: this is the last
    resolve(state, {"clock": [0], "vrooom": [1]})
    assert state.phase == "clock"
    table, match = table_at(app, state)
    _, detail = prompt(table.picture, table.looks, [0], table._decision(), "")
    assert "ends at once" in detail
    assert "last stone" in table.buttons["stop"].caption
    app.step(0.02, click(table.buttons["stop"].rect.center))
    outcome = match.outcome()
    assert outcome is not None and outcome["reason"] == "clock"
    # §6 by hand: 5 - 3 = 2, 3 - 1 = 2, 4 - 0 = 4; Vrrooomm! is never played. Alice and Tramina tie on
    # 2: Alice holds more stones, so she is second
    assert outcome["scores"] == [2, 2, 4] and outcome["ranking"] == [2, 0, 1] and state.score == [5, 3, 4]
    for _ in range(200):
        if isinstance(app.stack.top, ResultsScene):
            break
        if table.counted:
            app.step(0.05, click(table.results_button.rect.center))
        else:
            app.step(STEP)
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    assert [figure.headline for figure in results.figures] == ["2 points", "2 points", "4 points"]
    assert "Tie broken: more stones" in repr(results.figures[0])


def test_line_expansion_for_a_line_that_can_grow_no_more_is_placed_only_when_chosen_again(app):
    state = after_setup(3, 0)
    state.queue = [0, 1, 2]
    set_line(state, 0, [0, 1, 5, 10, 0])  # a closed circle at 0: both of 0's streets are its own
    table, match = table_at(app, state)
    row = layout.row_rect(ACTION_IDS.index("line")).center
    version = match.version
    app.step(0.02, move(row))
    assert any("wasted" in text for text, _ in table._tooltip_lines())
    app.step(0.02, click(row))
    assert match.version == version and "no more streets" in table.toasts.items[-1].text
    app.step(0.02, click(row))
    assert match.version == version + 1 and match.log[-1]["action"] == {"type": "choose", "action": "line"}


def test_a_five_player_1999_game_played_at_the_table_ends_with_the_scores_the_rules_count(app):
    """A whole game by clicks (one player, four bots; the 1999 edition, the five-player bonus on every
    M-scaled action): the results show deliveries minus stones, counted here from the events alone, and
    the first place goes by §6 (final score, then more stones, then the earlier arrival)."""
    from game.tables.launch import TableConfig, start_local_game
    from tests.client.test_bus_table import decide_by_click

    seats = [SeatInfo(NAMES[0], "human", colour=0)] + [
        SeatInfo(NAMES[seat], "bot", "normal" if seat % 2 else "easy", seat) for seat in range(1, 5)]
    app.settings.animation_speed = SPEED
    assert start_local_game(app, TableConfig("bus", seats, {"edition": "1999", "five_player_bonus": "all"}, 11))
    table = next(scene for scene in app.stack.scenes if isinstance(scene, BusTable))
    match = table.session.match
    assert match.state.stones_left == 5  # 1999: one time stone per player
    turn = 0
    for _ in range(8000):
        if isinstance(app.stack.top, ResultsScene):
            break
        if table.counted:
            app.step(0.05, click(table.results_button.rect.center))
        elif table.busy or not table.choices.active or table.awaiting > 0:
            app.step(STEP)
        else:
            decide_by_click(app, table, turn)
            turn += 1
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    delivered, stones, arrived = [0] * 5, [0] * 5, [0] * 5
    for entry in match.log:
        for event in entry["events"]:
            if event["type"] == "delivered":
                delivered[event["seat"]] += 1
                arrived[event["seat"]] = event["arrival"]
            elif event["type"] == "clock_stopped":
                stones[event["seat"]] += 1
    finals = [d - s for d, s in zip(delivered, stones, strict=True)]
    assert [figure.headline for figure in results.figures] == [  # below nothing with a minus sign: "−1 point"
        f"{'−' if final < 0 else ''}{abs(final)} point{'s' if abs(final) != 1 else ''}" for final in finals]
    best = min(range(5), key=lambda seat: (-finals[seat], -stones[seat], arrived[seat]))
    assert match.outcome()["ranking"][0] == best and best in match.outcome()["winners"]
