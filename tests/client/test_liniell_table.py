"""The Liniell table driven headless: whole games through synthetic clicks and keys (hot-seat, bots
only, and one seat over a real loopback LAN host), refused moves, rotation, keyboard play, results."""

from __future__ import annotations

import math
import time
from typing import Any

import pygame
import pytest

from game.bots import make_bot
from game.match import SeatInfo
from game.render.liniell import field as field_render
from game.render.palette import seat_colours
from game.scenes.cover import CoverScene
from game.scenes.pause import PauseScene
from game.scenes.results import ResultsScene
from game.tables.launch import TableConfig, start_local_game
from game.tables.liniell import drawing, panel
from game.tables.liniell.drawing import bubble_box, toast_box
from game.tables.liniell.figures import liniell_figures
from game.tables.liniell.frame import Toast
from game.tables.liniell.show import stage_update
from game.tables.liniell.table import LiniellTable
from game.tables.registry import table_scene
from game.ui import theme
from tests.client.helpers import click, key, past_handover, record_drawn_text
from tests.client.scripted_session import ScriptedSession
from tools.shots.liniell import CONNECTION_SEED, line_point, piece_point, table_after

STEP = 0.25  # seconds of game time per drawn frame: animations run, few frames are drawn


@pytest.fixture
def fast(app):
    app.settings.animation_speed = 3.0
    return app


def wheel(y: int) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y))]


def move(pos: tuple[float, float]) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0), buttons=(0, 0, 0))]


def wait_idle(app, table: LiniellTable, limit: float = 30.0) -> bool:
    """Let time pass until the table takes input again (or the game is over and counted): past an open
    handover's deaf moment too. True if the device was handed over on the way."""
    deadline = time.monotonic() + limit
    app.step(1 / 60)
    while not (table.my_turn or table.count.done):
        assert app.stack.top is table, "Liniell hides nothing: no cover between the players"
        assert time.monotonic() < deadline, "the table never became ready"
        app.step(STEP)
    return past_handover(app, table)


def perform(app, table: LiniellTable, action: dict[str, Any]) -> None:
    """Make ``action`` the way a player would: turn and click, click a marker and a line, buttons."""
    model = table.model
    seat = model.current
    kind = action["type"]
    if kind == "place":
        while table.turns % 4 != action["rot"]:
            app.step(1 / 60, key(pygame.K_r))
        app.step(1 / 60, click(table.camera.tile_rect((action["x"], action["y"])).center))
    elif kind == "skip":
        app.step(1 / 60, click(table.skip_button.rect.center))
    elif kind == "connect_marker":
        app.step(1 / 60, click(table.connect_button.rect.center))
    else:
        source = action["from"]
        if table.source != source:
            if source == "supply":
                spot = panel.supply_spot(seat, model.supply(seat)[0])
            else:
                pieces = [model.marker_piece(seat, marker) for marker in range(2)]
                piece = next(p for p in pieces if p is not None and model.line_of_piece[p] == source)
                spot = field_render.marker_spot(table.camera, model.tiles, piece)
            app.step(1 / 60, click((int(spot[0]), int(spot[1]))))
            assert table.source == source
        target = line_point(table, action["line"])
        app.step(1 / 60, click((int(target[0]), int(target[1]))))


def play_by_hand(app, table: LiniellTable, brains: dict[int, Any]) -> dict[str, int]:
    """Play the seats in ``brains`` through the table's input until the final count is done."""
    seen = {"handovers": 0, "captures": 0, "actions": 0}
    match = getattr(table.session, "match", None)
    while not table.count.done:
        seen["handovers"] += wait_idle(app, table)
        if table.count.done:
            continue
        seat = table.model.current
        action = brains[seat].decide(table.session.view(seat))
        version = table.version
        perform(app, table, action)
        seen["actions"] += 1
        deadline = time.monotonic() + 10
        while table.version == version and not table.count.done:  # the update has come back
            assert time.monotonic() < deadline, f"{action} was not accepted: {table.toast_text}"
            app.step(1 / 60)
        if match is not None:
            seen["captures"] = sum(1 for entry in match.log for e in entry["events"] if e["type"] == "capture")
    return seen


def open_results(app, table: LiniellTable) -> ResultsScene:
    app.step(1 / 60, click(table.results_button.rect.center))
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    return results


def test_liniell_has_a_table() -> None:
    assert table_scene("liniell") is LiniellTable


def test_hot_seat_game_played_by_clicks_to_the_results(fast) -> None:
    app = fast
    table = table_after(app, 0, seed=CONNECTION_SEED, humans=(0, 1))
    table.covered_for = None  # two humans share this screen: each turn is handed over
    brains = {seat: make_bot("liniell", "easy", CONNECTION_SEED * 10 + seat) for seat in range(2)}
    seen = play_by_hand(app, table, brains)
    match = table.session.match
    outcome = match.outcome()
    assert outcome is not None and seen["handovers"] >= 16
    assert seen["captures"] >= 1  # this deal has a connection: markers were captured and flew home
    # What the screen shows is the final position: every tile, every marker, the counted scores.
    assert table.model.tiles == {cell: (tile, rot) for cell, tile, rot in match.state.placed}
    assert table.count.counters == outcome["scores"]
    assert not table.show.masks and not table.show.running()
    results = open_results(app, table)
    assert [f.headline for f in results.figures] == [f"{s} point{'s' if s != 1 else ''}" for s in outcome["scores"]]
    assert [f.winner for f in results.figures] == [seat in outcome["winners"] for seat in range(2)]
    assert results.again.enabled


def test_bots_only_game_runs_through_the_table_to_the_results(fast) -> None:
    app = fast
    seats = [SeatInfo("Bimmel", "bot", "easy", 2), SeatInfo("Tramina", "bot", "easy", 4)]
    assert start_local_game(app, TableConfig("liniell", seats, {}, seed=11))
    table = app.stack.top
    assert isinstance(table, LiniellTable) and table.humans == []
    deadline = time.monotonic() + 30
    while not table.count.done:
        assert time.monotonic() < deadline
        assert not isinstance(app.stack.top, CoverScene)  # nobody to hand the device to
        app.step(STEP)
    outcome = table.session.match.outcome()
    assert table.count.counters == outcome["scores"]
    assert len(table.count.badges) == len(outcome["routes"])  # every route was counted on screen
    app.step(1 / 60, key(pygame.K_RETURN))
    assert isinstance(app.stack.top, ResultsScene)


def test_refused_moves_show_the_rules_message_and_change_nothing(fast) -> None:
    app = fast
    table = table_after(app, 4, humans=(0,))
    wait_idle(app, table)
    match = table.session.match
    before, view_before = match.version, table.model.view
    far = next(cell for cell in field_render.region_cells(table.model.region())
               if cell not in table.model.tiles and cell not in table.model.open_cells)
    app.step(1 / 60, click(table.camera.tile_rect(far).center))
    app.step(STEP)
    assert table.toast_text == "A tile must go next to a tile already in play."
    assert match.version == before and table.model.view is view_before
    taken = next(iter(table.model.tiles))
    app.step(1 / 60, click(table.camera.tile_rect(taken).center))
    app.step(STEP)
    assert table.toast_text == "There is already a tile on that square."
    assert match.version == before
    # A legal placement, then a line that does not run through the new tile.
    legal = match.game.legal(match.state, 0)[0]
    perform(app, table, legal)
    wait_idle(app, table)
    assert table.model.phase == "occupy"
    other = next(cell for cell in table.model.tiles if cell != table.model.last)
    line = next(line for line in table.model.lines_on(other) if line not in table.model.lines_on(table.model.last))
    spot = piece_point(table, table.model.pieces_on(line, other)[0])
    version, table.toast_text = match.version, ""
    app.step(1 / 60, click((int(spot[0]), int(spot[1]))))
    app.step(STEP)
    assert table.toast_text == "You may only occupy a line that runs through the tile just placed."
    assert match.version == version and table.model.phase == "occupy"


def test_rotation_by_keys_wheel_and_right_click_is_what_gets_placed(fast) -> None:
    app = fast
    table = table_after(app, 0, humans=(0,))
    wait_idle(app, table)
    centre = table.camera.tile_rect((0, 0)).center
    app.step(1 / 60, key(pygame.K_r) + key(pygame.K_e))  # two clockwise
    app.step(1 / 60, key(pygame.K_q))  # one back
    app.step(1 / 60, wheel(-1) + wheel(-1))  # the wheel turns too
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=3)])  # and a right click
    assert table.turns == 4
    app.step(1 / 60, key(pygame.K_r, pygame.KMOD_SHIFT))
    assert table.turns == 3
    for _ in range(8):
        app.step(1 / 60)
    assert math.isclose(table.turn_angle, 270.0, abs_tol=1.0)  # the ghost has eased round
    app.step(1 / 60, click(centre))
    wait_idle(app, table)
    assert table.session.match.state.placed[0] == ((0, 0), table.session.match.view(0)["board"][0]["tile"], 3)


def test_keyboard_alone_places_and_occupies(fast) -> None:
    app = fast
    table = table_after(app, 0, humans=(0,))
    wait_idle(app, table)
    app.step(1 / 60, key(pygame.K_RIGHT))  # the cursor appears on the open square
    assert table.cursor == (0, 0)
    app.step(1 / 60, key(pygame.K_RETURN))
    wait_idle(app, table)
    assert table.model.phase == "occupy" and table.source == "supply"
    free = table.model.free_lines_on_last()
    app.step(1 / 60, key(pygame.K_RIGHT))
    chosen = free[1 % len(free)]
    assert table.target_line() == chosen
    app.step(1 / 60, key(pygame.K_RETURN))
    wait_idle(app, table)
    marker = table.session.match.view(0)["markers"][0][0]
    assert marker["line"] is not None and tuple(marker["piece"][:2]) == (0, 0)


def test_the_arrows_choose_a_line_that_shows_even_with_the_pointer_resting_on_the_field(fast) -> None:
    """The pointer rests on the field off the new tile's lines (where the click that placed the tile
    left it): → lit nothing and Enter then occupied a line never shown. The keys now take the choice
    from the resting pointer: what Enter occupies is the line lit, until the pointer moves again."""
    app = fast
    table = table_after(app, 0, humans=(0,))
    wait_idle(app, table)
    app.step(1 / 60, key(pygame.K_RIGHT))
    app.step(1 / 60, key(pygame.K_RETURN))
    wait_idle(app, table)
    assert table.model.phase == "occupy"
    free = table.model.free_lines_on_last()
    rest = table.camera.tile_rect((2, 2)).center  # an empty square: no line under the pointer
    app.step(1 / 60, move(rest))
    assert table.line_at(rest) is None and table.target_line() is None
    app.step(1 / 60, key(pygame.K_RETURN))  # a first Enter shows the line it would take ...
    assert table.model.phase == "occupy" and table.target_line() == free[0]
    app.step(1 / 60, key(pygame.K_RIGHT))  # ... and the arrows step on from the line shown
    chosen = free[1 % len(free)]
    assert table.target_line() == chosen
    app.step(1 / 60, move((rest[0] + 5, rest[1])))  # the pointer moves: it leads again
    assert table.target_line() is None
    app.step(1 / 60, key(pygame.K_LEFT))
    assert table.target_line() == chosen  # shown again first, not stepped past unseen
    app.step(1 / 60, key(pygame.K_RETURN))
    wait_idle(app, table)
    assert table.session.match.view(0)["markers"][0][0]["line"] == chosen


def test_the_stack_counts_down_one_tile_at_a_time_and_never_up(fast, monkeypatch) -> None:
    """Every move ends with the next tile drawn: while the move played, the stack read one more than a
    moment before ("1 tile left", then "2 tiles left" as the last marker hopped). What the card shows
    only ever goes down, a tile at a time, from 15 to the empty stack."""
    app = fast
    shown: list[int] = []
    draw_card = panel.draw_tile_card

    def record(surface, title, image, stack, *rest, **named):  # type: ignore[no-untyped-def]
        if not shown or shown[-1] != stack:
            shown.append(stack)
        return draw_card(surface, title, image, stack, *rest, **named)

    monkeypatch.setattr(panel, "draw_tile_card", record)
    table = table_after(app, 0, humans=())
    deadline = time.monotonic() + 60
    while not table.count.done:
        assert time.monotonic() < deadline
        app.step(1 / 30)
    assert shown == list(range(15, -1, -1))


def test_escape_pauses_the_table_and_its_bots(fast) -> None:
    app = fast
    table = table_after(app, 0, humans=(0,))
    app.step(1 / 60, key(pygame.K_ESCAPE))
    assert isinstance(app.stack.top, PauseScene) and table.session.paused
    app.step(1 / 60, key(pygame.K_ESCAPE))
    assert app.stack.top is table and not table.session.paused


def test_figures_and_colours() -> None:
    view = {"match": {"seats": [{"name": "Ada", "kind": "human", "colour": 0},
                                {"name": "Bot", "kind": "bot", "level": "easy", "colour": 0}]}}
    routes = [{"seat": 0, "marker": 0, "kind": "rhombs", "tiles": 5, "enclosed": True, "blue": 2, "points": 8},
              {"seat": 1, "marker": 0, "kind": None, "tiles": 0, "enclosed": False, "blue": 0, "points": 0},
              {"seat": 1, "marker": 1, "kind": "edge_to_edge", "tiles": 8, "enclosed": False, "blue": 0,
               "points": 8}]
    outcome = {"winners": [0], "draw": False, "scores": [8, 8], "blue": [2, 0], "routes": routes}
    ada, bot = liniell_figures(view, outcome)
    assert ada.winner and ada.headline == "8 points" and ("More blue rhombs break the tie", "") in ada.rows
    assert ("Route 1", "no route · 0") in bot.rows and ("Bot", "easy") in bot.rows
    assert ada.colour != bot.colour  # both seats on the default colour still look different
    assert seat_colours("liniell", [5, 5, 0]) == [5, 0, 2]  # never the rhombs' blue
    assert seat_colours("liniell", [1, 0]) == [2, 0]


def test_one_seat_over_a_real_loopback_host(fast) -> None:
    from game.lan.session import LanSession
    from net.client import NetSession
    from net.host import Host, HostConfig
    from net.host_thread import HostThread

    app = fast
    config = HostConfig(name="Liniell test", heartbeat=0.2, away_after=5.0, drop_after=10.0, bot_level="easy")
    host = HostThread(Host.new("liniell", 2, config, bots=1, seed=CONNECTION_SEED), "127.0.0.1")
    port = host.start()
    session = NetSession("127.0.0.1", port, "Ada", heartbeat=0.2, backoff=(0.05, 0.2))
    try:
        session.wait_for(lambda m: m["type"] == "hello")
        session.claim(0)
        session.wait_for(lambda m: m["type"] == "welcome" and m["seat"] == 0)
        host.start_game()
        session.wait_for(lambda m: m["type"] == "update" and m.get("snapshot"))
        table = LiniellTable(app, LanSession(session), None)
        app.push(table)
        assert table.humans == [0] and table.model is not None
        play_by_hand(app, table, {0: make_bot("liniell", "easy", 3)})
        final = host.call(lambda: host.host.match.outcome())
        assert table.count.counters == final["scores"]
        results = open_results(app, table)
        # the table stays open: its seated player may ask for another game there, or leave
        assert results.again.visible and results.again.label == "Play again" and results.menu.label == "Leave table"
    finally:
        session.close()
        host.stop(goodbye=False)


def test_the_field_is_repainted_only_when_it_changes(fast) -> None:
    app = fast
    table = table_after(app, 6, humans=(0,))
    wait_idle(app, table)
    for _ in range(30):
        app.step(1 / 60)  # let the camera settle
    repaints = table.layer.repaints
    for _ in range(10):
        app.step(1 / 60, move((400 + _ * 20, 500)))
    assert table.layer.repaints == repaints  # hovering and pulsing highlights leave the field alone
    perform(app, table, table.session.match.game.legal(table.session.match.state, 0)[0])
    wait_idle(app, table)
    for _ in range(60):
        app.step(1 / 60)  # the camera glides in (painted straight onto the frames), then the layer is new
    assert table.layer.repaints == repaints + 1


def test_a_tile_set_aside_flies_to_the_tray_and_is_announced(fast) -> None:
    app = fast
    table = table_after(app, 6, humans=(0,))
    wait_idle(app, table)
    view = dict(table.model.view)
    tile = view["drawn"]
    unseen = list(view["unseen"])
    drawn = unseen.pop(0)
    after = {**view, "set_aside": [tile], "drawn": drawn, "unseen": unseen, "stack_size": len(unseen)}
    events = [{"type": "set_aside", "seat": 0, "tile": tile, "last": False},
              {"type": "draw", "seat": 0, "tile": drawn, "left": len(unseen)}]
    table.show.play(after, lambda timeline: stage_update(table._stage, timeline, events, 0.0, None))
    app.step(1 / 60)
    assert table.show.masks.instead(("set_aside",)) == 1 and "set aside" in table.toast_text
    while table.busy:
        app.step(STEP)
    assert table.model.view is after
    assert not table.show.masks and not table.show.running()


def test_a_spectator_waits_for_the_host_then_sees_a_finished_game_counted(fast) -> None:
    app = fast
    session = ScriptedSession("liniell")
    table = LiniellTable(app, session, None)
    app.push(table)
    app.step(STEP)
    assert table.model is None  # "Waiting for the table…"
    session.seat_states = [{"claimed": True, "connected": True, "away": True},
                           {"claimed": True, "connected": False, "bot": True}]
    app.step(1 / 60)
    assert table.notes == {0: "away", 1: "a bot stands in"}
    played = table_after(app, 40, humans=(0,), push=False).session.view(None)
    assert played["phase"] == "over"
    session.inbox.append({"type": "update", "version": played["match"]["version"], "seat": None, "actor": None,
                          "events": [], "view": played, "snapshot": True})
    deadline = time.monotonic() + 20
    while not table.count.done:
        assert time.monotonic() < deadline
        app.step(STEP)
    assert table.count.counters == played["outcome"]["scores"]
    session.link, session.link_reason = "down", "host gone"
    app.step(1 / 60)
    assert table.link_down and not table.my_turn
    results = open_results(app, table)
    assert not results.again.visible and results.menu.label == "Leave table" and session.sent == []
    assert not session.closed  # the results keep the table's session until the spectator leaves
    results.to_title()
    assert session.closed


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_a_first_game_hint_never_hides_the_drawn_tile_the_markers_or_skip(app, scale) -> None:
    from game.tables.liniell.hints import HINTS
    from game.ui import theme
    theme.set_ui_scale(scale)
    seats = [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")]
    assert start_local_game(app, TableConfig("liniell", seats, {}, 4))
    table = next(scene for scene in app.stack.scenes if isinstance(scene, LiniellTable))
    app.step(0.5)
    assert table.coach is not None and table.model is not None
    table.coach.text, table.coach.alpha = max((moment.text for moment in HINTS.moments), key=len), 1.0
    for phase, needed in (("place", [panel.TILE_SPOT]), ("occupy", [table.skip_button.rect]),
                          ("connect", [table.connect_button.rect])):
        table.model.view = {**table.model.view, "phase": phase}
        table.coach.draw(pygame.Surface((1920, 1080)), table.coach_anchor())
        for rect in (needed if scale == 1.0 else []) + panel.PLAYER_CARDS:  # at 150 % the words need room
            assert not table.coach.box.colliderect(rect), (phase, rect)
        assert not table.coach.box.colliderect(table.skip_button.rect) or phase == "place"


def test_refusals_speak_of_what_the_screen_shows_never_of_internal_coordinates() -> None:
    import re

    from game.tables.liniell.refusals import TEXTS
    fixed = [text for text in TEXTS.values() if isinstance(text, str)]
    assert fixed and not [text for text in fixed if re.search(r"\(-?\d+, ?-?\d+\)", text)]
    assert "lit square" in TEXTS["liniell.first_tile_centre"]  # the square the table lights for it


def test_refusals_and_hints_name_what_players_see_not_the_rule_numbers_or_the_boxs_colours() -> None:
    from game.tables.liniell.hints import HINTS
    from game.tables.liniell.refusals import TEXTS
    samples = [{}, {"seat": 0}, {"seat": 1}, {"phase": "connect"}, {"source": "supply"}, {"source": 2}]
    said = [text if isinstance(text, str) else text(params) for text in TEXTS.values() for params in samples]
    said += [moment.text for moment in HINTS.moments]
    assert not [text for text in said if "(N" in text or "ruling" in text]  # rulings.md is ours, not the player's
    assert not [text for text in said if "green" in text or "yellow" in text]  # seats show in colours of their own
    assert not [text for text in said if "third marker" in text]  # each player has two


def test_the_first_tiles_instructions_point_at_the_lit_centre_not_at_a_field_yet(app, monkeypatch) -> None:
    from game.ui import theme
    table = table_after(app, 0, humans=(0, 1))
    wait_idle(app, table)
    assert table.my_turn and table.model.phase == "place" and not table.model.tiles
    said: list[str] = []
    real = theme.draw_text

    def record(surface, text, *args, **kwargs):
        said.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(theme, "draw_text", record)
    table.draw(pygame.Surface((1920, 1080)))
    words = " ".join(said)
    assert "lit square in the centre" in words and "next to the field" not in words


def test_arrow_keys_step_only_between_lit_squares(fast) -> None:
    app = fast
    table = table_after(app, 4, humans=(0,))
    wait_idle(app, table)
    opens = set(table.model.open_cells)
    unlit = [cell for cell in field_render.region_cells(table.model.region())
             if cell not in table.model.tiles and cell not in opens]
    assert unlit and len(opens) > 1  # there is something to skip and somewhere to go
    visited = set()
    for name in ["right", "down", "left", "up"] * 6 + ["down"] * 5 + ["right"] * 5 + ["up"] * 5 + ["left"] * 5:
        app.step(1 / 60, key(getattr(pygame, f"K_{name.upper()}")))
        assert table.cursor in opens, (name, table.cursor)
        visited.add(table.cursor)
    assert len(visited) > 1  # the keys moved it, not only kept it still


def test_a_squares_refusal_bubble_in_the_bottom_row_stays_clear_of_the_toast(fast) -> None:
    app = fast
    table = table_after(app, 4, humans=(0,))
    wait_idle(app, table)
    region = field_render.region_cells(table.model.region())
    bottom = max(cell[1] for cell in region)
    text = "A tile must go next to a tile already in play."
    toast = Toast(text, (255, 0, 0), 1.0)
    for cell in [cell for cell in region if cell[1] == bottom]:
        tile = table.camera.tile_rect(cell)
        box = bubble_box((420, 50), tile, toast)
        assert not box.colliderect(toast_box(text)) and not box.colliderect(tile), cell
        assert box.colliderect(tile.inflate(0, 80))  # still beside its square


def test_a_toast_leaves_the_ghost_tile_on_the_bottom_row_in_sight(fast) -> None:
    from game.tables.liniell.drawing import in_play_tile
    app = fast
    table = table_after(app, 10, humans=(0,))  # the field has grown down to the board's foot
    wait_idle(app, table)
    assert table.model.phase == "place" and table.my_turn
    bottom = max(cell[1] for cell in table.model.open_cells)
    table.toast("A tile must go next to a tile already in play.")
    cells = [cell for cell in table.model.open_cells if cell[1] == bottom]
    assert any(toast_box(table.toast_text).colliderect(table.camera.tile_rect(cell)) for cell in cells)  # at the foot
    for cell in cells:
        table.cursor = cell
        frame = table.frame()
        ghost = in_play_tile(frame)
        assert ghost == table.camera.tile_rect(cell)
        assert not toast_box(frame.toast.text, ghost).colliderect(ghost), cell
    table.cursor = None
    assert in_play_tile(table.frame()) is None
    assert toast_box("Wait.").bottom > table.camera.tile_rect(next(iter(table.model.tiles))).bottom  # at the foot


def test_the_keys_line_stands_clear_of_the_skip_button_while_a_line_is_chosen(fast) -> None:
    app = fast
    table = table_after(app, 4, humans=(0,))
    wait_idle(app, table)
    perform(app, table, table.session.match.game.legal(table.session.match.state, 0)[0])
    wait_idle(app, table)
    assert table.model.phase == "occupy"
    table.draw_table(pygame.Surface((1920, 1080)))
    frame = table.frame()
    assert frame.buttons and table.skip_button.visible
    keys = "←/→ line  ·  ↑/↓ marker  ·  Enter occupy  ·  N skip"
    drawn = panel.draw_actions(pygame.Surface((1920, 1080)), "Occupy a line?", "Click a free line.", keys,
                               (255, 160, 80), frame.buttons)
    assert drawn is not None and not drawn.colliderect(table.skip_button.rect)
    assert panel.ACTIONS.contains(drawn)


def test_enter_on_a_filled_square_first_shows_the_nearest_lit_one_then_places_there(fast) -> None:
    app = fast
    table = table_after(app, 4, humans=(0,))
    wait_idle(app, table)
    match = table.session.match
    assert table.model.phase == "place"
    table.cursor = next(iter(table.model.tiles))  # where the last turn's tile went: filled now
    version, table.toast_text = match.version, ""
    app.step(1 / 60, key(pygame.K_RETURN))
    assert match.version == version and table.toast_text == ""  # no refusal: the cursor moved
    assert table.cursor in table.model.open_cells
    chosen = table.cursor
    for _turn in range(4):  # a legal turn of the tile there
        if table.model.problem(chosen, table.turns % 4) is None:
            break
        app.step(1 / 60, key(pygame.K_r))
    app.step(1 / 60, key(pygame.K_RETURN))
    app.step(STEP)
    assert match.version == version + 1 and match.log[-1]["action"]["x"] == chosen[0]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_tie_break_reads_whole_on_the_winners_results_card(app, lang) -> None:
    from game.i18n import set_language
    from game.scenes.results import CARD_W, row_sizes
    view = {"match": {"seats": [{"name": "Ada", "kind": "human"}, {"name": "Bot", "kind": "bot", "level": "easy"}]}}
    outcome = {"winners": [1], "draw": False, "scores": [7, 7], "blue": [1, 3], "routes": []}
    set_language(lang)
    try:
        rows = liniell_figures(view, outcome)[1].rows
        sizes = [row_sizes(label, value, CARD_W)[0] for label, value in rows]
    finally:
        set_language("en")
    assert len(rows) == 6 and min(sizes) >= 20, list(zip(rows, sizes, strict=True))  # no label squeezed unreadable


def test_the_banner_says_a_tie_on_points_was_decided_by_the_blue_rhombs() -> None:
    from types import SimpleNamespace

    from game.tables.liniell.drawing import _status

    def frame(scores: list[int]) -> Any:
        outcome = {"winners": [1], "draw": False, "scores": scores}
        return SimpleNamespace(link_down=False, model=SimpleNamespace(phase="over", view={"outcome": outcome}),
                               count=SimpleNamespace(done=True), name=["Ada", "Bot"].__getitem__,
                               colour=lambda seat: (10, 20, 30))

    assert _status(frame([7, 7]))[0] == "Bot wins, 7 : 7 (more blue rhombs)"
    assert _status(frame([6, 9]))[0] == "Bot wins, 9 : 6"


def test_the_top_bar_says_of_the_link_what_the_cover_over_the_table_says(app) -> None:
    """A host that said goodbye closed the table for now: the bar no longer reads "Connection lost"
    under a cover saying "Waiting for the host"."""
    from game.tables.liniell.drawing import _status
    session = ScriptedSession("liniell")
    table = LiniellTable(app, session, None)
    app.push(table)
    for link, host_closed, said in (("down", False, "Connection lost — reconnecting…"),
                                    ("down", True, "Waiting for the host"), ("closed", False, "The table is closed")):
        session.link, session.host_closed = link, host_closed
        assert _status(table.frame())[0] == said


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_hint_while_a_tile_is_placed_leaves_the_keys_line_and_the_drawn_tile_whole(app, monkeypatch, lang) -> None:
    from game.i18n import set_language
    from game.tables.liniell.hints import HINTS
    keys_lines: list[pygame.Rect] = []
    real = panel.draw_actions

    def record(*args, **kwargs):
        drawn = real(*args, **kwargs)
        keys_lines.append(drawn)
        return drawn

    monkeypatch.setattr(panel, "draw_actions", record)
    set_language(lang)
    try:
        seats = [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")]
        assert start_local_game(app, TableConfig("liniell", seats, {}, 4))
        table = next(scene for scene in app.stack.scenes if isinstance(scene, LiniellTable))
        app.step(0.5)
        assert table.coach is not None and table.model is not None and table.model.phase == "place"
        said_while_placing = [moment.text for moment in HINTS.moments if moment.key in ("first_tile", "place", "score")]
        for text in said_while_placing + list(HINTS.refusals.values()):
            table.coach.text, table.coach.alpha = text, 1.0
            keys_lines.clear()
            table.draw(pygame.Surface((1920, 1080)))
            assert keys_lines and keys_lines[-1] is not None
            assert not table.coach.box.colliderect(keys_lines[-1]), (text, table.coach.box, keys_lines[-1])
            assert not table.coach.box.colliderect(panel.TILE_SPOT), text
    finally:
        set_language("en")


def test_at_the_largest_text_size_in_german_the_cards_keep_their_words_inside(app, monkeypatch) -> None:
    from game.i18n import set_language
    from game.ui import theme
    set_language("de")
    theme.set_ui_scale(1.5)
    try:
        seats = [SeatInfo("Tramina"), SeatInfo("Ada")]  # two at this screen: "auf diesem Bildschirm"
        assert start_local_game(app, TableConfig("liniell", seats, {}, 4))
        table = next(scene for scene in app.stack.scenes if isinstance(scene, LiniellTable))
        app.step(0.5)
        drawn = record_drawn_text(monkeypatch)
        table.draw(pygame.Surface((1920, 1080)))
    finally:
        set_language("en")
    in_card = [(text, rect) for text, rect in drawn if panel.TILE_CARD.collidepoint(rect.center)]
    assert any("Plättchen" in text for text, _rect in in_card)
    assert all(panel.TILE_CARD.contains(rect) for _text, rect in in_card), in_card
    for seat, card in enumerate(panel.PLAYER_CARDS):
        markers_top = panel.supply_spot(seat, 0)[1] - panel.SUPPLY_RADIUS
        words = [(text, rect) for text, rect in drawn
                 if card.collidepoint(rect.center) and rect.centerx < card.x + 340 and rect.top < markers_top]
        assert len(words) == 2 and all(rect.bottom <= markers_top for _text, rect in words), words


def test_the_running_score_is_called_what_linjas_is(app, monkeypatch) -> None:
    from game.tables.linja.table import LinjaTable
    labels = {}
    for game, kind in (("liniell", LiniellTable), ("linja", LinjaTable)):
        assert start_local_game(app, TableConfig(game, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")], {}, 4))
        table = next(scene for scene in app.stack.scenes if isinstance(scene, kind))
        app.step(0.5)
        drawn = record_drawn_text(monkeypatch)
        table.draw(pygame.Surface((1920, 1080)))
        labels[game] = {text for text, _rect in drawn if text.endswith(" now")}
        monkeypatch.undo()
        app.to_title()
    assert labels["liniell"] == labels["linja"] == {"points now"}


def test_the_results_name_the_duel_as_linjas_do(app) -> None:
    from game.tables.linja.table import LinjaTable
    for game, kind in (("liniell", LiniellTable), ("linja", LinjaTable)):
        assert start_local_game(app, TableConfig(game, [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")], {}, 4))
        table = next(scene for scene in app.stack.scenes if isinstance(scene, kind))
        assert table.results_title({}) == f"{table.title} · Ada vs Bot"
        app.to_title()


def test_a_hot_seat_turn_is_handed_over_openly_and_escape_offers_save_and_leave(fast, monkeypatch) -> None:
    """Liniell hides nothing: between two friends no cover waits for a click; a band names who moves
    and with which markers. Pausing then gets the table's menu: the game is saved, so leaving says
    "Save and leave" (no "Really leave?" scare)."""
    app = fast
    played: list[str] = []
    monkeypatch.setattr(app.sounds, "play", played.append)
    seats = [SeatInfo("Ada"), SeatInfo("Ben")]
    assert start_local_game(app, TableConfig("liniell", seats, {}, seed=11))
    app.step(1 / 60)
    table = app.stack.top
    assert isinstance(table, LiniellTable) and table.eyes == 0 and "turn" in played
    colour = theme.PLAYER_COLOURS[table.colour_index(0)][0].lower()  # inside a sentence: "the blue markers"
    assert table.handover.name == "Ada's turn" and table.handover.colour == table.seat_colour(0)
    assert table.handover.note == f"Your move now, with the {colour} markers."  # whose markers, as Linja's says
    assert table.cover_note(1) != table.handover.note
    app.step(1 / 60, key(pygame.K_ESCAPE))  # Esc is never deaf: the menu comes at once
    menu = app.stack.top
    assert isinstance(menu, PauseScene) and menu.saved and menu.game == "liniell"
    assert menu.buttons["Leave game"].label == "Save and leave"
    app.step(1 / 60, key(pygame.K_ESCAPE))
    assert app.stack.top is table


def drag(start: tuple[int, int], end: tuple[int, int]) -> list[pygame.event.Event]:
    """Press on ``start``, move to ``end`` in steps, let go there: a player dragging."""
    steps = [(start[0] + (end[0] - start[0]) * n // 4, start[1] + (end[1] - start[1]) * n // 4) for n in range(1, 5)]
    return ([pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
             pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)]
            + [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0)) for pos in steps]
            + [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)])


def test_the_drawn_tile_dragged_onto_the_field_is_laid_there_and_clicked_it_turns(fast) -> None:
    app = fast
    table = table_after(app, 0, humans=(0,))
    wait_idle(app, table)
    app.step(1 / 60, click(panel.TILE_SPOT.center))  # a click on the drawn tile turns it
    assert table.turns == 1
    app.step(1 / 60, drag(panel.TILE_SPOT.center, (panel.TILE_SPOT.right + 300, 40)))  # let go off the field
    assert table.turns == 1 and table.session.match.state.placed == []
    app.step(1 / 60, drag(panel.TILE_SPOT.center, table.camera.tile_rect((0, 0)).center))
    wait_idle(app, table)
    placed = table.session.match.state.placed
    assert len(placed) == 1 and placed[0][0] == (0, 0) and placed[0][2] == 1  # laid there, as it showed


def test_the_drawn_tile_follows_the_pointer_as_gripped_and_glides_back_to_its_card_when_let_go_elsewhere(
        fast) -> None:
    """Dragged off its card the tile is in the hand over the side panel too (it showed on its card until
    the pointer reached the field), at the field's size over the field; let go where nothing takes it,
    it glides home rather than jumping, and a drag that comes back to the card does not turn the tile."""
    app = fast
    table = table_after(app, 0, humans=(0,))
    wait_idle(app, table)
    grip = (panel.TILE_SPOT.centerx + 20, panel.TILE_SPOT.centery - 10)
    over_panel = (panel.TILE_SPOT.centerx - 60, panel.TILE_SPOT.bottom + 120)
    events = drag(grip, over_panel)
    app.step(1 / 60, events[:-1])
    assert table.carry is not None and table.carry.centre == (over_panel[0] - 20, over_panel[1] + 10)
    frame = table.frame()
    assert frame.carried == table.carry.centre and not drawing.snapped(frame)
    assert panel.TILE_SPOT.collidepoint(frame.carried) is False
    assert drawing.carried_size(frame) == panel.TILE_SPOT.width - 14  # over the panel: the card's size
    over_field = (panel.TILE_SPOT.centerx - 1300, panel.TILE_SPOT.centery)
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=over_field, rel=(1, 1), buttons=(1, 0, 0))])
    frame = table.frame()
    assert not drawing.snapped(frame) and drawing.carried_size(frame) == table.camera.tile_size()  # the field's
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=over_panel, rel=(1, 1), buttons=(1, 0, 0))])
    app.step(1 / 60, events[-1:])
    assert table.carry is None and table.homing is not None and table.turns == 0
    gap = math.dist(table.homing.pos, panel.TILE_SPOT.center)
    app.step(1 / 60)
    assert table.homing is not None and 0 < math.dist(table.homing.pos, panel.TILE_SPOT.center) < gap  # on its way
    for _ in range(40):
        app.step(1 / 60)
    assert table.homing is None  # home on its card
    app.step(1 / 60, drag(panel.TILE_SPOT.center, (panel.TILE_SPOT.centerx + 200, panel.TILE_SPOT.centery))[:-1]
             + drag(panel.TILE_SPOT.center, panel.TILE_SPOT.center)[-1:])
    assert table.turns == 0  # out and back again: not a click
    app.step(1 / 60, drag(panel.TILE_SPOT.center, over_panel)[:-1])
    app.step(1 / 60, key(pygame.K_ESCAPE))  # the menu over a tile in hand: it goes back to its card
    assert isinstance(app.stack.top, PauseScene) and table.carry is None and table.homing is not None


def test_a_marker_dragged_from_the_supply_onto_a_free_line_occupies_it_and_let_go_elsewhere_glides_back(
        fast, monkeypatch) -> None:
    """A marker could only be clicked, then its line clicked: pressed and dragged it stayed in the supply
    and the line it was let go on stayed free. Now it follows the pointer (its place in the supply empty
    meanwhile); let go off every free line it glides home, let go on one it occupies it."""
    app = fast
    table = table_after(app, 0, humans=(0,))
    wait_idle(app, table)
    app.step(1 / 60, click(table.camera.tile_rect((0, 0)).center))
    wait_idle(app, table)
    model = table.model
    assert model.phase == "occupy"
    match = table.session.match
    version = match.version
    home = panel.supply_spot(0, min(model.supply(0)))  # the marker the rules move: the first in the supply
    grip = (round(home[0]) + 5, round(home[1]) + 3)
    events = drag(grip, (grip[0] - 300, grip[1] + 300))
    app.step(1 / 60, events[:-1])
    frame = table.frame()
    assert frame.marker_from == "supply" and frame.marker_at == (grip[0] - 305, grip[1] + 297)
    lines: dict[int, Any] = {}
    real = panel.draw_player
    monkeypatch.setattr(panel, "draw_player", lambda surface, seat, line, pulse: (
        lines.__setitem__(seat, line), real(surface, seat, line, pulse)))
    table.draw_table(pygame.Surface((1920, 1080)))
    monkeypatch.setattr(panel, "draw_player", real)
    assert lines[0].supply == [False, True]  # its place in the supply is empty while it is in the hand
    assert not lines[0].chosen_supply  # and the ring of the chosen marker stays on no other
    app.step(1 / 60, events[-1:])  # let go on no line
    assert match.version == version and table.marker_homing is not None
    app.step(1 / 60)
    assert 0 < math.dist(table.frame().marker_at, home) < 400  # on its way home
    for _ in range(40):
        app.step(1 / 60)
    assert table.marker_homing is None and table.frame().marker_at is None
    line = model.free_lines_on_last()[0]
    target = line_point(table, line)
    app.step(1 / 60, drag(grip, (int(target[0]), int(target[1]))))
    wait_idle(app, table)
    occupied = [entry["line"] for entry in match.view(0)["markers"][0] if entry["piece"] is not None]
    assert match.version > version and line in occupied


def test_a_turn_opens_quiet_with_no_ghost_nor_red_verdict_where_the_pointer_happens_to_rest(fast) -> None:
    """The pointer rests where a click skipped the bot's move (or on the cover's button): the new turn
    opened with the ghost tile on that square and, on a square no tile may take, a coral "A tile must go
    next to a tile already in play." the player had not asked for. As at Linie 1's table, the ghost and
    its verdict wait until the player moves the pointer (or turns the tile, or steers with the keys)."""
    app = fast
    table = table_after(app, 3, humans=(0,))
    model = table.model
    far = next(cell for cell in field_render.region_cells(model.region())
               if cell not in model.tiles and cell not in model.open_cells)
    rest = table.camera.tile_rect(far).center
    app.step(1 / 60, move(rest))  # the pointer came to rest here during the bot's move
    wait_idle(app, table)
    assert table.my_turn and table.model.phase == "place" and table.cursor == far
    frame = table.frame()
    assert frame.ghost_waits and not drawing.snapped(frame)  # no ghost, no red verdict yet
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=(rest[0] + 6, rest[1]), rel=(6, 0),
                                         buttons=(0, 0, 0))])  # the player moves
    frame = table.frame()
    assert not frame.ghost_waits and drawing.snapped(frame)  # now the ghost shows its verdict there
    table.ghost_waits = True
    lit = table.model.open_cells[0]
    table.cursor = lit
    version = table.session.match.version
    app.step(1 / 60, key(pygame.K_RETURN))  # the first Enter shows the tile where it would go
    assert table.session.match.version == version and not table.ghost_waits and drawing.snapped(table.frame())


def test_with_no_marker_chosen_enter_is_told_the_keys_and_a_click_the_click(fast) -> None:
    """Both markers out and none chosen: a player at the keyboard pressing Enter was told to "click" the
    marker; the note names ↑/↓ to them, and a click on a line still hears about clicking."""
    app = fast
    table = table_after(app, 0, humans=(0,))
    wait_idle(app, table)
    app.step(1 / 60, click(table.camera.tile_rect((0, 0)).center))
    wait_idle(app, table)
    assert table.model.phase == "occupy"
    table.source = None  # as with both markers out and neither chosen yet
    app.step(1 / 60, key(pygame.K_RETURN))
    assert table.toast_text == "Both your markers are out: first choose the one that should move with ↑/↓."
    target = line_point(table, table.model.free_lines_on_last()[0])
    app.step(1 / 60, click((int(target[0]), int(target[1]))))
    assert table.toast_text == "Both your markers are out: first click the one that should move."


def test_a_note_answering_one_player_is_not_shown_to_the_next_player_at_the_screen_nor_over_the_count(fast) -> None:
    """At one screen the cover comes between two players' turns: a refusal the first player's click
    earned ("A tile must go next to a tile already in play.", "Both your markers are out…") stood on
    at the foot of the board for the next player as if it were theirs, and over the final count.
    Against a bot the note stays its time (the player reads it while the bot moves)."""
    app = fast
    for humans in ((0, 1), (0,)):
        table = table_after(app, 4, humans=humans)
        wait_idle(app, table)
        match = table.session.match
        mover = table.model.current
        far = next(cell for cell in field_render.region_cells(table.model.region())
                   if cell not in table.model.tiles and cell not in table.model.open_cells)
        app.step(1 / 60, click(table.camera.tile_rect(far).center))
        assert table.toast_time > 0 and table.toast_owner == mover
        perform(app, table, match.game.legal(match.state, mover)[0])
        wait_idle(app, table)
        assert table.model.phase == "occupy" and table.toast_time > 0
        perform(app, table, {"type": "skip"})
        deadline = time.monotonic() + 10
        while table.model.current == mover or table.busy or app.stack.top is not table:
            assert time.monotonic() < deadline
            app.step(1 / 60)
        if humans == (0, 1):
            assert table.toast_time == 0, table.toast_text  # the next player's turn opened clean
        else:
            assert table.toast_time > 0 and table.toast_text.startswith("A tile must go next")
        app.pop()
    table = table_after(app, 4, humans=(0,))
    wait_idle(app, table)
    table.toast("Both your markers are out: first click the one that should move.", owner=0)
    table.count.begin()
    app.step(1 / 60)
    assert table.toast_time == 0  # the game is over: no note about the last choice over the count
    table.toast("A tile was set aside.")  # the table's own news stays its time
    app.step(1 / 60)
    assert table.toast_time > 0


@pytest.mark.parametrize("buttons", [False, True])
def test_the_skip_words_wrap_inside_the_action_box_in_german_at_150_percent(app, monkeypatch, buttons) -> None:
    """"Klicken oder Enter drücken, um die Animation zu überspringen." ran past the action box's right
    edge at 150 % (the keys line shrank only to its smallest size): it wraps as the box's other lines
    do, every word inside the box, above the button row while a button shows."""
    from game.i18n import _, set_language
    set_language("de")
    theme.set_ui_scale(1.5)
    try:
        words = _("Click or press Enter to skip the animation.")
        drawn = record_drawn_text(monkeypatch)
        shown = panel.draw_actions(pygame.Surface((1920, 1080)), _("{name}'s turn").format(name="Ada"), "", words,
                                   (255, 160, 80), buttons)
    finally:
        set_language("en")
    rows = [(text, rect) for text, rect in drawn if text and text in words]
    assert " ".join(text for text, _rect in rows) == words and len(rows) == 2
    inside = panel.ACTIONS.inflate(-40, 0)  # the box's padding: 30 px on the left, some on the right
    assert shown is not None and all(inside.contains(rect) for _text, rect in rows), rows
    assert not buttons or shown.bottom <= panel.BUTTON_ROW_Y


@pytest.mark.parametrize(("lang", "scale"), [("en", 1.0), ("de", 1.5)])
def test_the_action_boxs_sentence_reads_near_its_size_and_the_keys_line_gives_way_where_both_cannot(
        app, monkeypatch, lang, scale) -> None:
    """German at 150 %: the keys line's two rows above Skip left the sentence that says what to do a
    third of the box and it shrank to half its size; it reads at its size now and the keys line is left
    out there. At 100 % both stand as before."""
    from game.i18n import _, set_language
    from tests.client.helpers import record_drawn_sizes
    set_language(lang)
    theme.set_ui_scale(scale)
    try:
        detail = _("Click a free line on the new tile: a marker goes there from your supply.")
        keys = _("←/→ line  ·  ↑/↓ marker  ·  Enter occupy  ·  N skip")
        drawn = record_drawn_sizes(monkeypatch)
        shown = panel.draw_actions(pygame.Surface((1920, 1080)), _("Occupy a line?"), detail, keys,
                                   (255, 160, 80), True)
    finally:
        set_language("en")
        theme.set_ui_scale(1.0)
    sentence = [(size, rect) for text, size, rect in drawn if text and text in detail]
    assert sentence and all(size >= panel.DETAIL_LEAST for size, _rect in sentence), sentence
    assert " ".join(text for text, _size, _rect in drawn if text and text in detail) == detail  # whole
    assert all(rect.bottom <= panel.BUTTON_ROW_Y for _size, rect in sentence)
    assert (shown is not None) == (scale == 1.0)  # the keys line stands where there is room for both


def test_the_final_counts_floating_words_stay_over_the_field_clear_of_the_side_panel(app) -> None:
    from game.i18n import set_language
    from game.ui.floaters import FloatText
    from tools.shots.liniell import table_after
    theme.set_ui_scale(1.5)
    set_language("de")
    try:
        table = table_after(app, 0, push=False)
        area = table.camera.area
        # a route's marker in the field's last column: the bonus is told right beside it
        table._stage.overlay(FloatText("+1 eingeschlossen", (area.right - 20, area.top + 30), theme.SUNFLOWER, 40, 1.3))
        floater = table.show.overlays[-1]
        surface = pygame.Surface((area.right + 400, area.bottom + 100), pygame.SRCALPHA)
        for age in (0.1, 0.5, 1.0):
            surface.fill((0, 0, 0, 0))
            floater.age = age
            floater.draw(surface)
            drawn = pygame.mask.from_surface(surface).get_bounding_rects()
            assert drawn and all(area.contains(rect) for rect in drawn), (area, drawn)
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_player_with_no_marker_on_the_field_reads_it_at_the_cards_size(app, lang) -> None:
    from game.i18n import set_language
    from game.scenes.results import CARD_W, row_sizes
    view = {"match": {"seats": [{"name": "Ada", "kind": "human"}, {"name": "Ben", "kind": "human"}]}}
    route = {"seat": 1, "marker": 0, "kind": "route", "points": 3, "tiles": 3, "enclosed": False}
    outcome = {"winners": [1], "draw": False, "scores": [0, 3], "blue": [0, 0], "routes": [route]}
    set_language(lang)
    try:
        rows = liniell_figures(view, outcome)[0].rows
        texts = [label + value for label, value in rows]
        sizes = [row_sizes(label, value, CARD_W) for label, value in rows]
    finally:
        set_language("en")
    assert any("field" in text or "Feld" in text for text in texts), texts  # it is said ...
    assert min(size for pair in sizes for size in pair if size) >= 20, list(zip(rows, sizes, strict=True))  # legibly


def test_the_drawn_tile_dropped_on_a_square_the_rules_refuse_glides_back_to_its_card(fast) -> None:
    """Let go on a square of the field where the tile may not go, the tile is refused with the rules'
    words and glides home from where it was let go, as any other let-go does, rather than jumping."""
    app = fast
    table = table_after(app, 0, humans=(0,))
    wait_idle(app, table)
    assert table.model is not None and not table.model.tiles  # the first tile goes on the centre only
    centre = table.model.open_cells[0]
    refused = (centre[0] + 1, centre[1])
    assert table.model.problem(refused, table.turns) is not None
    square = table.camera.tile_rect(refused).center
    app.step(1 / 60, drag(panel.TILE_SPOT.center, square))
    assert table.carry is None and table.homing is not None
    gap = math.dist(table.homing.pos, panel.TILE_SPOT.center)
    assert gap > 300  # from the square it was let go on
    app.step(1 / 60)
    assert table.homing is not None and math.dist(table.homing.pos, panel.TILE_SPOT.center) < gap  # on its way
    for _ in range(40):
        app.step(1 / 60)
    assert table.homing is None and table.model is not None and not table.model.tiles  # home; nothing was laid
    assert table.toast_text  # the rules' words said why


def test_the_first_game_hint_for_the_very_first_tile_speaks_of_the_centre_not_of_tiles_in_play(app) -> None:
    from types import SimpleNamespace

    from game.tables.liniell.hints import HINTS
    seats = [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")]
    assert start_local_game(app, TableConfig("liniell", seats, {"first_player": 0}, 4))
    table = next(scene for scene in app.stack.scenes if isinstance(scene, LiniellTable))
    wait_idle(app, table)  # past the "Ada starts" banner
    assert table.coach is not None and table.model is not None and not table.model.tiles and table.my_turn
    assert "centre" in table.coach.text and "in play" not in table.coach.text, table.coach.text
    later = SimpleNamespace(view=table_after(app, 2, humans=(0,), push=False).session.view(0))
    assert later.view["phase"] == "place" and later.view["board"]  # a tile lies: now the hint says beside it
    place = next(moment for moment in HINTS.moments if moment.applies(later) and "place" in moment.key)
    assert place.key == "place" and "beside a tile in play" in place.text


def test_the_tile_in_hand_is_drawn_over_a_first_game_hint(app) -> None:
    """Carried over a first-game hint (or a button), the drawn tile stays on top: the table draws it in
    its ``draw_held`` step, after the hint, as Linie 1 draws its tile in hand."""
    from game.tables.liniell.show import tile_turned
    seats = [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")]
    assert start_local_game(app, TableConfig("liniell", seats, {}, 4))
    table = next(scene for scene in app.stack.scenes if isinstance(scene, LiniellTable))
    wait_idle(app, table)
    assert table.coach is not None and table.model is not None and table.model.drawn is not None
    table.coach.text, table.coach.alpha = "Lay the drawn tile on the lit centre square.", 1.0
    screen = pygame.Surface((1920, 1080))
    table.draw(screen)
    box = table.coach.box
    assert box is not None and not drawing.BOARD.collidepoint(box.center)  # off the field: the tile stays in hand
    app.step(1 / 60, drag(panel.TILE_SPOT.center, box.center)[:-1])  # carried onto the hint, still held
    table.coach.text, table.coach.alpha = "Lay the drawn tile on the lit centre square.", 1.0
    assert table.carry is not None and box.collidepoint(table.carry.centre)
    screen.fill((0, 0, 0))
    table.draw(screen)
    assert table.coach.box is not None and table.coach.box.collidepoint(table.carry.centre)  # the hint is there
    frame = table.frame()
    image = tile_turned(table.model.drawn, frame.turn_angle, drawing.carried_size(frame))
    at = (round(table.carry.centre[0]), round(table.carry.centre[1]))
    inside = image.get_rect(center=at)
    samples = [(inside.x + dx, inside.y + dy) for dx in range(8, inside.width - 8, 9)
               for dy in range(8, inside.height - 8, 9)]
    opaque = [(x, y) for x, y in samples if image.get_at((x - inside.x, y - inside.y)).a == 255]
    assert len(opaque) > 20
    same = sum(screen.get_at(p)[:3] == image.get_at((p[0] - inside.x, p[1] - inside.y))[:3] for p in opaque)
    assert same == len(opaque)  # every opaque pixel of the tile shows, none of the hint over it


def test_the_ghost_tile_leaves_a_marker_at_its_neighbours_edge_whole(fast) -> None:
    """Tramina's marker rests at the edge of her tile, its disc reaching over the square beside it:
    Ada's ghost tile on that square covered half of it, and its frame crossed the letter."""
    app = fast
    table = table_after(app, 4, humans=(0,))
    wait_idle(app, table)
    model, camera = table.model, table.camera
    spot = pygame.Vector2(field_render.marker_spot(camera, model.tiles, model.marker_piece(1, 0)))
    radius = field_render.marker_radius(camera)
    cell = next(cell for cell in model.open_cells
                if camera.tile_rect(cell).inflate(radius, radius).collidepoint(spot))
    disc = [spot + (dx, dy) for dx in range(-radius, radius + 1, 3) for dy in range(-radius, radius + 1, 3)
            if math.hypot(dx, dy) < radius * 0.75]
    assert any(camera.tile_rect(cell).inflate(10, 10).collidepoint(point) for point in disc)  # the case
    pixels = []
    for cursor in (None, cell):
        table.cursor, table.ghost_waits = cursor, False
        surface = pygame.Surface((1920, 1080))
        table.draw_table(surface)
        assert drawing.snapped(table.frame()) == (cursor is not None)
        pixels.append([surface.get_at((round(point.x), round(point.y))) for point in disc])
    # the marker is drawn over the ghost tile and its frame, as over the empty square (its face lets
    # a trace of what is under it through: a few levels of difference, not a tile's or a frame's)
    assert all(max(abs(a[i] - b[i]) for i in range(3)) <= 12 for a, b in zip(*pixels, strict=True))


def test_the_rules_pages_show_the_markers_in_the_colours_a_new_table_gives_its_seats(fast) -> None:
    """The rules' pictures drew B in magenta; at a table B is mint unless a seat chooses otherwise: a
    newcomer read the pages and then looked in vain for the pink markers."""
    from game.render.diagrams import find_key
    app = fast
    table = table_after(app, 2, humans=(0,))
    wait_idle(app, table)
    frame = table.frame()
    palette = [rgb for _name, rgb in theme.PLAYER_COLOURS]
    for seat, letter in enumerate("ab"):
        image = find_key(f"liniell.{letter}")(60)
        opaque = [image.get_at((x, y)) for x in range(60) for y in range(60) if image.get_at((x, y)).a > 200]
        mean = [sum(pixel[i] for pixel in opaque) / len(opaque) for i in range(3)]
        nearest = min(palette, key=lambda rgb: sum((rgb[i] - mean[i]) ** 2 for i in range(3)))
        assert nearest == tuple(frame.colour(seat))[:3], (letter, mean)


def test_the_ghost_tile_says_what_laying_it_there_does_to_each_players_points(fast, monkeypatch) -> None:
    """Ada laid a tile that lengthened Tramina's line and saw it only in Tramina's total afterwards: the
    ghost on a square now says whose points the placement changes, and the placement then does that."""
    app = fast
    table = table_after(app, 8, humans=(0,))
    wait_idle(app, table)
    model = table.model
    assert model.phase == "place" and table.my_turn
    changing = [(cell, rot) for cell in model.open_cells for rot in range(4)
                if model.points_after(cell, rot) not in (None, model.provisional)]
    assert changing  # the case: some placement here lengthens a held line
    cell, rot = changing[0]
    after = model.points_after(cell, rot)
    now = list(model.provisional)
    while table.turns % 4 != rot:
        app.step(1 / 60, key(pygame.K_r))
    table.cursor, table.ghost_waits = cell, False
    drawn = record_drawn_text(monkeypatch)
    table.draw_table(pygame.Surface((1920, 1080)))
    words = " ".join(text for text, _rect in drawn)
    for seat in range(2):
        name = table.frame().name(seat)
        assert (f"{name} {now[seat]} → {after[seat]}" in words) == (after[seat] != now[seat]), words
    perform(app, table, {"type": "place", "x": cell[0], "y": cell[1], "rot": rot})
    wait_idle(app, table)
    assert table.model.phase == "occupy" and table.model.provisional == after  # as the ghost said


def test_the_final_counts_enclosed_bonus_does_not_rise_into_the_blue_bonus_beside_the_marker(fast) -> None:
    """The "+1 enclosed" of a route rises from its marker, which often stands beside the route's blue
    end: it popped up while that end's "+1 blue" still rose there, the two words run into each other."""
    from game.ui.floaters import FloatText
    app = fast
    table = table_after(app, 40, seed=5, humans=(0, 1))  # a finished game: its count runs now
    canvas = pygame.Surface((1920, 1080), pygame.SRCALPHA)

    def seen(floater: FloatText) -> pygame.Rect | None:
        canvas.fill((0, 0, 0, 0))
        floater.draw(canvas)
        rects = pygame.mask.from_surface(canvas, 127).get_bounding_rects()  # the words as they read
        return rects[0].unionall(rects[1:]) if rects else None

    enclosed_seen = 0
    for _ in range(400):
        app.step(1 / 30)
        floats = [item for item in table.show.overlays if isinstance(item, FloatText) and item.alive]
        for bonus in [item for item in floats if item.text == "+1 enclosed"]:
            enclosed_seen += 1
            mine = seen(bonus)
            for blue in [item for item in floats if item.text == "+1 blue"]:
                theirs = seen(blue)
                assert not (mine and theirs and mine.colliderect(theirs)), (mine, theirs)
        if table.count.done:
            break
    assert enclosed_seen and table.count.done  # the case was met, and the count ran to its end


def test_a_routes_badge_by_a_marker_on_the_fields_top_edge_leaves_its_letter_in_sight() -> None:
    """Above and to the right of its marker, a badge had no room at the field's top: pushed down, the
    pill covered the marker's letter ("A" read as a "2")."""
    from game.render.liniell.field import BOARD
    from game.tables.liniell.drawing import badge_box
    lift, size = 24, (48, 44)
    middle = (BOARD.centerx, BOARD.centery)
    assert badge_box(size, middle, lift).bottom <= middle[1]  # where there is room: above it
    for at in ((BOARD.centerx, BOARD.top + 20), (BOARD.right - 30, BOARD.top + 20), (BOARD.left + 30, BOARD.top + 8)):
        box = badge_box(size, at, lift)
        marker = pygame.Rect(0, 0, lift * 2 - 8, lift * 2 - 8)
        marker.center = (round(at[0]), round(at[1]))
        assert BOARD.contains(box) and not box.colliderect(marker), (at, box)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_occupy_hint_fades_in_on_the_board_never_over_the_tile_card_the_new_tile_or_a_marker(app, lang,
                                                                                                scale) -> None:
    """The occupy hint stood over the "Tile placed" card (the tiles left hidden while it was read): it
    stands on the board now, off every card, the tile just placed and the markers, and stays put as it
    fades in and the camera settles."""
    from game.i18n import set_language
    app.settings.hints = True
    theme.set_ui_scale(scale)
    set_language(lang)
    try:
        table = table_after(app, 9, humans=(0, 1))
        assert table.model is not None and table.model.phase == "occupy" and table.coach is not None
        boxes = []
        for _frame in range(12):  # 0.05 s frames: the bubble fades in while the table settles
            app.step(0.05)
            table.draw(pygame.Surface((1920, 1080)))
            if table.coach.alpha > 0:
                boxes.append(table.coach.box.copy())
    finally:
        set_language("en")
    assert boxes and table.coach.said == "occupy" and all(box == boxes[0] for box in boxes)
    box = boxes[0]
    for card in [*panel.PLAYER_CARDS, panel.TILE_CARD, panel.ACTIONS]:
        assert not box.colliderect(card), card
    model, camera = table.model, table.camera
    assert not box.colliderect(camera.tile_rect(model.last))
    radius = field_render.marker_radius(camera)
    for seat in range(2):
        for marker in range(2):
            piece = model.marker_piece(seat, marker)
            if piece is not None:
                spot = field_render.marker_spot(camera, model.tiles, piece)
                assert not box.colliderect(pygame.Rect(spot[0] - radius, spot[1] - radius, 2 * radius, 2 * radius))


def test_a_refusals_explanation_on_the_board_keeps_clear_of_the_refusals_toast(app) -> None:
    """A line clicked that carries a marker: the toast says so at the board's foot (or top) and a first
    game explains it in a hint, which stands clear of the toast rather than over it, and stays where
    it stood when the toast goes."""
    app.settings.hints = True
    table = table_after(app, 9, humans=(0, 1))
    assert table.model is not None and table.model.phase == "occupy" and table.coach is not None
    app.step(0.5)
    table.coach.dismiss()
    app.step(0.5)
    for words in ("A line carries one marker at most: this one is taken.",
                  "A line carries one marker at most: this one is taken. " * 3):  # a long one, two lines
        table.refused(words)
        table.explain_refusal("liniell.line_occupied")
        app.step(0.3)
        table.draw(pygame.Surface((1920, 1080)))
        assert table.coach.current is not None and table.coach.current[0] == "refused:liniell.line_occupied"
        toast = drawing.toast_box(words, table.camera.tile_rect(table.model.last), table.camera.area)
        assert not table.coach.box.colliderect(toast), (table.coach.box, toast)
        table.coach.memory.settings.hints_seen.clear()  # the second time explained again, for the test
    standing = table.coach.box.copy()
    table.toast_time = 0.0
    table.draw(pygame.Surface((1920, 1080)))
    assert table.coach.box == standing
