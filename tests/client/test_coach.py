"""First-game hints: said once at their moment, dismissed, switched off, ended by a finished game,
never in a replay; and every game's moments really occur in play."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from game.config import Settings
from game.core.registry import get_game
from game.match import Match, SeatInfo
from game.session import LocalSession
from game.tables.bus.hints import HINTS as BUS_HINTS
from game.tables.coach import Coach, GameHints, HintMemory, Moment
from game.tables.launch import TableConfig
from game.tables.linie1.hints import HINTS as LINIE1_HINTS
from game.tables.linie1.table import Linie1Table
from game.tables.liniell.hints import HINTS as LINIELL_HINTS
from game.tables.linja.hints import HINTS as LINJA_HINTS
from game.ui.input import Intent
from tests.client.helpers import run

GAME_HINTS = {"linie1": LINIE1_HINTS, "linja": LINJA_HINTS, "liniell": LINIELL_HINTS, "bus": BUS_HINTS}


def make_table(app, seats=None, seed=4):
    seats = seats or [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")]
    match = Match("linie1", seats, seed)
    table = Linie1Table(app, LocalSession(match, bot_seed=seed), TableConfig("linie1", seats, {}))
    app.push(table)
    run(app, 0.3)
    return table, match


def click_link(app, table, name):
    run(app, 0.3)  # drawn at least once: the links have their places
    rect = table.coach.links[name]
    table.handle(Intent("press", pos=rect.center))
    table.handle(Intent("release", pos=rect.center))
    run(app, 0.05)


def test_the_first_turn_of_a_first_game_says_the_goal_once(app):
    table, _match = make_table(app)
    assert table.coach is not None and table.coach.current is not None
    assert table.coach.current[0] == "goal"
    assert app.settings.hints_seen["linie1"] == ["goal"]
    click_link(app, table, "ok")
    assert table.coach.current is None
    run(app, 0.5)
    assert table.coach.current is None  # said once: not again while the moment lasts


def test_a_hint_goes_when_its_moment_has_passed_and_the_next_follows(app):
    table, match = make_table(app)
    assert table.coach.current[0] == "goal"
    action = next(a for a in match.game.legal(match.state, 0) if a["type"] == "place")
    table.submit(action)
    for _ in range(40):
        run(app, 0.05)
        if table.coach.current and table.coach.current[0] != "goal":
            break
    assert table.coach.current is not None and table.coach.current[0] == "second"


def test_no_more_hints_switches_them_off_and_settings_bring_them_back(app):
    table, _match = make_table(app)
    click_link(app, table, "off")
    assert app.settings.hints is False
    assert table.coach.current is None
    from game.config import settings_path
    saved = json.loads(settings_path().read_text(encoding="utf-8"))  # the conftest's throw-away folder
    assert saved["hints"] is False
    from game.scenes.settings import SettingsScene
    scene = SettingsScene(app)
    scene.set_hints(True)
    assert app.settings.hints and app.settings.hints_seen == {} and app.settings.hints_done == []


def test_a_refusal_is_explained_the_first_time_only(app):
    table, _match = make_table(app)
    click_link(app, table, "ok")
    table.explain_refusal("linie1.rule_b_into_building")
    assert table.coach.current[0] == "refused:linie1.rule_"
    click_link(app, table, "ok")
    table.explain_refusal("linie1.rule_e_dead_end")  # the same family: already explained
    assert table.coach.current is None
    table.explain_refusal("linie1.not_your_turn")  # nothing to explain
    assert table.coach.current is None


def test_a_refusal_from_the_authority_is_explained(app):
    table, _match = make_table(app)
    table.receive({"type": "rejected", "rejection": {"code": "linie1.exchange_loses_track", "message": "No."}})
    assert table.coach.current[0] == "refused:linie1.exchange_"


@pytest.mark.parametrize("laid", [0, 1])
def test_end_turn_refused_says_what_is_owed_as_many_tiles_as_are_owed(app, laid):
    """None laid yet, the hint asks for two tiles, not "another" one; one laid, for another."""
    import pygame

    from game.core.linie1 import fitting_cells
    from game.i18n import _
    from tests.client.helpers import key
    table, match = make_table(app)
    click_link(app, table, "ok")
    for _laid in range(laid):
        tile = table.hand()[0]
        table.cursor = tuple(fitting_cells(table.view, tile, table.rotations[0])[0])
        assert table.place()
        for _step in range(60):
            run(app, 0.05)
            if not table.busy:
                break
    assert match.view(0)["actions_taken"] == laid and match.view(0)["must_act"]
    run(app, 0.02, key(pygame.K_n))  # End turn, owed actions and all: the host refuses it
    run(app, 0.1)
    assert table.coach.current is not None and table.coach.current[0] == "refused:linie1.must_take_two_actions"
    words = _(table.coach.current[1])
    assert ("two tiles" in words) == (laid == 0) and ("another tile" in words) == (laid == 1)


def test_a_finished_game_ends_that_titles_hints(app):
    table, _match = make_table(app)
    table.coach.memory.finished("linie1")
    assert app.settings.hints_done == ["linie1"] and "linie1" not in app.settings.hints_seen
    app.pop()
    again, _ = make_table(app, seed=5)
    assert again.coach is not None and not again.coach.active and again.coach.current is None
    assert again.coach.memory.wanted("linja")  # other titles still have their first game


def test_each_newcomer_at_one_screen_hears_the_goal(app):
    table, _match = make_table(app, [SeatInfo("Ada"), SeatInfo("Ben")])
    from game.scenes.cover import CoverScene
    for expected in (0, 1):
        cover = app.stack.top
        assert isinstance(cover, CoverScene)
        cover.reveal()
        run(app, 0.3)
        assert table.acting == expected and table.coach.current is not None
        assert table.coach.current[0] == "goal"
        if expected == 0:
            for action in _two_actions(table):
                table.submit(action)
                for _ in range(30):
                    run(app, 0.05)
                    if not table.awaiting and not table.busy:
                        break
            table.submit({"type": "end_turn"})
            for _ in range(60):
                run(app, 0.05)
                if isinstance(app.stack.top, CoverScene):
                    break


def _two_actions(table):
    match = table.session.match
    first = next(a for a in match.game.legal(match.state, 0) if a["type"] == "place")
    yield first
    yield next(a for a in match.game.legal(match.state, 0) if a["type"] == "place")


def test_no_hints_for_a_table_nobody_here_plays(app):
    seats = [SeatInfo("A", "bot", "easy"), SeatInfo("B", "bot", "easy")]
    table, _ = make_table(app, seats)
    assert table.coach is None


def test_hints_are_never_drawn_or_kept_when_switched_off(app):
    app.settings.hints = False
    table, _ = make_table(app)
    assert table.coach is not None and table.coach.current is None
    assert app.settings.hints_seen == {}


def test_a_press_beside_the_links_reaches_the_table(app):
    table, _ = make_table(app)
    run(app, 0.3)
    box = table.coach.box
    assert box is not None
    assert not table.coach.handle(Intent("press", pos=(box.x + 8, box.y + 8)))


def test_explain_prefers_the_longest_matching_key():
    hints = GameHints((), {"g.rule_": "any rule", "g.rule_b": "rule b", "g.other": "other"})
    assert hints.explain("g.rule_b") == ("refused:g.rule_b", "rule b")
    assert hints.explain("g.rule_a_off") == ("refused:g.rule_", "any rule")
    assert hints.explain("g.oth") is None and hints.explain("g.other_thing") is None


def test_a_moment_that_cannot_read_the_view_is_no_moment():
    memory = HintMemory(Settings(), lambda: None)
    coach = Coach("g", GameHints((Moment("m", "text", lambda t: t.view["missing"]),)), memory)
    coach.consider(SimpleNamespace(view={}), True)
    assert coach.current is None


def test_settings_keep_valid_hint_memory_and_drop_the_rest():
    settings = Settings.from_dict({"hints": False, "hints_seen": {"linie1": ["goal", 3], "x": "bad"},
                                   "hints_done": ["linja", None]})
    assert settings.hints is False
    assert settings.hints_seen == {"linie1": ["goal"]}
    assert settings.hints_done == ["linja"]
    assert Settings.from_dict({"hints": "yes"}).hints is True


def _table_for(game, view, seat):
    """What a moment reads of a table: the view on screen; Linie 1 also asks for the planned route."""
    def planned_route():
        from game.core.linie1 import my_trip_candidates
        found = my_trip_candidates(view)
        return found[0] if found else None
    return SimpleNamespace(view=view, my_turn=True, planned_route=planned_route)


@pytest.mark.parametrize("game", sorted(GAME_HINTS))
def test_every_moment_occurs_in_play_and_reads_every_view(game):
    """Bots play whole games; at each decision every moment is asked (none may raise), and
    every moment applies somewhere: none is dead text."""
    definition = get_game(game)
    from game.bots import make_bot
    seen: set[str] = set()
    tables = {"linie1": [(5, None), (3, {"trip_rule": "pace"}), (3, {"trip_rule": "three_dice"})],
              "bus": [(3, None), (4, None)]}.get(game, [(2, None)] * 3)
    for seed, (players, options) in enumerate(tables):
        state = definition.setup(players, seed, options)
        bots = [make_bot(game, "easy", seed * 10 + seat) for seat in range(players)]
        for _ in range(4000):
            if definition.outcome(state) is not None:
                break
            seat = definition.to_act(state)[0]
            view = definition.view(state, seat)
            table = _table_for(game, view, seat)  # each seat to act, as its own screen would ask
            seen.update(m.key for m in GAME_HINTS[game].moments if m.applies(table))
            definition.apply(state, seat, bots[seat].decide(view))
    missing = {m.key for m in GAME_HINTS[game].moments} - seen
    assert not missing, f"{game}: moments that never occurred: {missing}"


def test_a_hint_stays_on_screen_and_above_its_anchors_bottom(app):
    import pygame
    table, _match = make_table(app)
    coach = table.coach
    coach.alpha = 1.0
    screen = pygame.Surface((1920, 1080))
    coach.text = "A short hint."
    coach.draw(screen, pygame.Rect(100, 800, 660, 240))
    short = coach.box
    assert short.top == 800 and short.bottom <= 1040  # hangs from the anchor's top
    coach.text = " ".join(["A hint far longer than its anchor is tall, as at a large text size."] * 6)
    coach.draw(screen, pygame.Rect(100, 800, 660, 240))
    assert coach.box.bottom == 1040 and coach.box.top < 800  # grows upwards from the anchor's bottom
    coach.draw(screen, pygame.Rect(1092, 14, 660, 200))
    assert coach.box.top == 0 and coach.box.height > 200  # never off the top: then it runs below


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_linie1s_goal_hint_never_covers_the_seats_the_stops_or_the_tiles(app, players, lang):
    import pygame

    from game.i18n import set_language
    from game.tables.linie1 import layout
    seats = [SeatInfo("Ada")] + [SeatInfo(f"Bot {n}", "bot", "easy") for n in range(1, players)]
    set_language(lang)
    try:
        table, _match = make_table(app, seats)
        assert table.coach.current is not None and table.coach.current[0] == "goal"
        table.coach.alpha = 1.0
        table.coach.draw(pygame.Surface((1920, 1080)), table.coach_anchor())
    finally:
        set_language("en")
    box = table.coach.box
    assert not any(box.colliderect(layout.slot_rect(index)) for index in range(5))  # the hand
    assert box.right < layout.PANEL_X or box.bottom - 6 <= layout.HAND_Y + 6  # the hand's heading, "actions 0/2"
    assert not any(box.colliderect(layout.player_row(seat)) for seat in range(players))  # the seats
    card = layout.route_card_rect(players)
    assert box.top >= card.y + 176 or not box.colliderect(card)  # the line's heading and its stops
    board = table.board_view.board
    for letter in table.view["players"][0]["stops"]:  # the stops on the board
        assert not box.colliderect(board.cell_rect(board.building_cells[letter], layout.ORIGIN))


def test_linie1s_driving_hints_stand_over_the_hand_not_the_seats(app):
    import pygame

    from game.tables.linie1 import layout
    table, _match = make_table(app)
    table.coach.dismiss()
    table.coach._say("roll", "Roll the die: a number moves your tram that many squares along your route.")
    table.coach.alpha = 1.0
    table.coach.draw(pygame.Surface((1920, 1080)), table.coach_anchor())
    assert table.coach.box.colliderect(layout.slot_rect(0))
    assert not any(table.coach.box.colliderect(layout.player_row(seat)) for seat in range(2))
    assert layout.HAND_AREA.contains(table.coach.box)
    assert table.coach.box.bottom - 6 >= layout.slot_rect(0).bottom  # no tile peeks out beneath it
    standing = table.coach.box.copy()
    table.coach.dismiss()  # fading out, it stays where it stood
    table.coach.draw(pygame.Surface((1920, 1080)), table.coach_anchor())
    assert table.coach.box == standing


@pytest.mark.parametrize(("pile", "expected"), [(5, "end"), (2, "end"), (1, "end_short"), (0, "end_empty")])
def test_linie1s_end_of_turn_hint_says_what_the_pile_can_give(pile, expected):
    """Two tiles laid, two to draw (L4): a pile of two or more fills the hand, one gives its last tile,
    an empty one nothing; exactly one of the three moments applies."""
    definition = get_game("linie1")
    state = definition.setup(2, 3)
    for _ in range(2):
        definition.apply(state, 0, next(a for a in definition.legal(state, 0) if a["type"] == "place"))
    del state.pile[pile:]
    view = definition.view(state, 0)
    assert view["actions_taken"] == 2 and len(view["hands"][0]) == 3 and view["pile_count"] == pile
    applying = [m.key for m in LINIE1_HINTS.moments if m.applies(_table_for("linie1", view, 0))]
    assert applying == [expected]


def test_at_a_large_text_size_a_hint_fits_its_room_with_smaller_words_never_below_their_usual_size(app):
    import pygame

    from game.tables import coach as coach_module
    from game.ui import theme
    table, _match = make_table(app)
    coach = table.coach
    coach.alpha = 1.0
    coach.text = ("Turn the drawn tile and place it beside a tile in play. "
                  "All sixteen tiles must end up inside one square.")
    room = pygame.Rect(1300, 780, 520, 230)  # as Liniell's action box above its keys line
    coach.draw(pygame.Surface((1920, 1080)), room)
    assert room.contains(coach.box)  # at 100 % it fits as it is
    theme.set_ui_scale(1.5)
    coach.draw(pygame.Surface((1920, 1080)), room)
    assert room.contains(coach.box)  # smaller words, not over what lies above the room
    size, _lines = coach_module._fitting(coach.text, room.width, room.height)
    assert theme.px(size) >= coach_module.TEXT_SIZE  # still as big as at 100 %
    assert theme.px(size) > coach_module.TEXT_SIZE or size == theme.unscaled(coach_module.TEXT_SIZE)


def test_at_a_large_text_size_the_goal_on_the_board_hides_no_square_beside_the_players_terminals_and_clicks_pass(
        app):
    from game.core.linie1 import fitting_cells
    from game.tables.linie1.layout import BOARD_RECT
    from game.tables.linie1.table import ORIGIN, _beside
    from game.ui import theme
    from tests.client.helpers import click
    theme.set_ui_scale(1.5)
    seats = [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy"), SeatInfo("Cy", "bot", "easy")]
    table, match = make_table(app, seats, seed=5)
    run(app, 0.3)
    assert table.coach.current[0] == "goal"
    box = table.coach.box
    assert box is not None and BOARD_RECT.contains(box)  # the card has no room for it at this size
    board = table.board_view.board
    line = table.view["players"][0]["line"]
    starts = {cell for terminal in board.terminals if terminal["line"] == line
              for cell in _beside(terminal["cells"], board.first, board.last)}
    assert starts and not any(box.colliderect(board.cell_rect(cell, ORIGIN)) for cell in starts)
    # a square under the bubble, clear of its links, takes the click: the tile is laid there
    links = list(table.coach.links.values())
    tile = table.hand()[table.selected]
    under = [cell for cell in fitting_cells(table.view, tile, table.rotations[table.selected])
             if box.contains(board.cell_rect(tuple(cell), ORIGIN))
             and not any(link.colliderect(board.cell_rect(tuple(cell), ORIGIN)) for link in links)]
    assert under
    run(app, 0.05, click(board.cell_rect(tuple(under[0]), ORIGIN).center))
    run(app, 1.0)
    assert [tile["cell"] for tile in match.view(0)["board"]["tiles"]] == [under[0]]


@pytest.mark.parametrize("seat", [0, 2])
def test_at_a_large_text_size_the_goal_hides_none_of_the_players_stops_even_where_only_they_lie_open(app, seat):
    """Three seats at 150 %: the goal stands on the board. Tiles fill every square but the three rows
    around the stop nearest the middle, so the band that hides least of everything else hides that
    stop: the bubble goes where it hides tiles instead, never a stop or a square beside a terminal."""
    from game.tables.linie1.table import ORIGIN, PANEL_HINT_W, _beside
    from game.ui import theme
    theme.set_ui_scale(1.5)
    seats = [SeatInfo(f"Bot {n}", "bot", "easy") for n in range(3)]
    seats[seat] = SeatInfo("Ada")
    table, _match = make_table(app, seats, seed=2)
    table.eyes = seat
    board = table.board_view.board
    me = table.view["players"][seat]
    stops = [board.building_cells[letter] for letter in me["stops"]]
    middle = (board.first + board.last) / 2
    row, _col = min(stops, key=lambda cell: abs(cell[1] - middle))
    free = [(r, c) for r in range(board.first, board.last + 1) for c in range(board.first, board.last + 1)
            if (r, c) not in board.buildings]
    table.view["board"]["tiles"] = [{"cell": list(cell), "tile": 1, "rot": 0} for cell in free
                                    if abs(cell[0] - row) > 1]
    starts = {cell for terminal in board.terminals if terminal["line"] == me["line"]
              for cell in _beside(terminal["cells"], board.first, board.last)}
    table.coach.max_width = table._field().width
    spot = table._board_spot({width: table.coach.least_height(width) for width in (PANEL_HINT_W, table._field().width)})
    assert table._field().contains(spot)
    assert not [cell for cell in stops if spot.colliderect(board.cell_rect(cell, ORIGIN))]
    assert not [cell for cell in starts if spot.colliderect(board.cell_rect(cell, ORIGIN))]


@pytest.mark.parametrize("cell", [(2, 5), (4, 5), (5, 11)])
def test_at_a_large_text_size_a_refusals_explanation_on_the_board_keeps_clear_of_its_note(app, cell):
    """Three seats at 150 %: an exchange refused beside its square gets its note there, and the first
    time also the hint that explains it, which stands on the board: never over that note."""
    import pygame

    from game.core.linie1 import check_from_view
    from game.ui import theme
    theme.set_ui_scale(1.5)
    seats = [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy"), SeatInfo("Cy", "bot", "easy")]
    table, match = make_table(app, seats, seed=2)
    laid = next(a for a in match.game.legal(match.state, 0) if a["type"] == "place" and tuple(a["cell"]) == cell)
    table.submit(laid)
    run(app, 1.0)
    table.coach.dismiss()
    refused = [(index, rot) for index, tile in enumerate(table.hand()) for rot in range(4)
               if (why := check_from_view(table.view, 0, {"type": "exchange", "tile": tile, "cell": list(cell),
                                                          "rot": rot})) is not None
               and why.code.startswith("linie1.exchange_")]
    table.selected, rot = refused[0]
    table.rotations[table.selected] = rot
    table.cursor, table.pointer_on_board, table.ghost_waits = cell, True, False
    table.place()
    run(app, 0.5)
    assert table.refusal_note is not None and table.coach.current[0].startswith("refused:linie1.exchange_")
    table.coach.draw(pygame.Surface((1920, 1080)), table.coach_anchor())
    note = table.board_view.refusal_box(cell, table.refusal_note[0])
    assert table._field().contains(table.coach.box) and not table.coach.box.colliderect(note)
    table.refusal_note = None  # the note has gone: the hint stays where it stood
    assert table.coach_anchor().contains(table.coach.box)


def _linie1_hint_at_150(app, monkeypatch, lang: str, seed: int, refusal: str | None = None):  # noqa: ANN001, ANN202
    """A three-seat Linie 1 table at 150 % in ``lang`` with its hint drawn (``refusal``'s, if given,
    else the moment's): the table, the hint's box, and the squares it must never hide (the player's
    stops and the squares beside their terminals)."""
    import pygame

    from game.i18n import set_language
    from game.tables.linie1.table import ORIGIN, _beside
    from game.ui import theme
    monkeypatch.setenv("LINIE_LANG", lang)
    set_language(lang)
    theme.set_ui_scale(1.5)
    seats = [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy"), SeatInfo("Cy", "bot", "easy")]
    try:
        table, _match = make_table(app, seats, seed=seed)
        if refusal is not None:
            table.coach.dismiss()
            table.explain_refusal(refusal)
        moment = table.coach.current[0] if table.coach.current is not None else None
        table.coach.alpha = 1.0
        table.coach.draw(pygame.Surface((1920, 1080)), table.coach_anchor())
    finally:
        set_language("en")
    board = table.board_view.board
    me = table.view["players"][0]
    kept = {board.building_cells[letter] for letter in me["stops"]}
    kept |= {cell for terminal in board.terminals if terminal["line"] == me["line"]
             for cell in _beside(terminal["cells"], board.first, board.last)}
    return table, moment, table.coach.box, [board.cell_rect(cell, ORIGIN) for cell in kept]


def test_in_german_at_150_percent_a_hint_finds_a_band_clear_of_the_stops_by_taking_the_whole_field(app, monkeypatch):
    """Seed 5, German at 150 %: as wide as the panel the bubble needs four lines, and every band that
    tall hides a stop or a square beside a terminal (it stood over the Museum); across the whole
    field it needs three, and the top band is clear."""
    table, _moment, box, kept = _linie1_hint_at_150(app, monkeypatch, "de", 5, "linie1.rule_b_into_building")
    assert table._field().contains(box)
    assert not [square for square in kept if box.colliderect(square)]


@pytest.mark.parametrize(("lang", "seed"), [("de", 2), ("de", 5), ("de", 36), ("en", 36)])
def test_at_150_percent_the_goal_on_a_three_seat_board_hides_no_stop_and_no_start(app, monkeypatch, lang, seed):
    """The goal at 150 % on three-seat boards whose stops and terminals leave little room: four German
    lines fit one band of rows by a few pixels (seeds 2, 5); with seed 36 no band as wide as the panel
    is clear (a start square in one column, a stop in another), a narrower one between them is."""
    _table, moment, box, kept = _linie1_hint_at_150(app, monkeypatch, lang, seed)
    assert moment == "goal"
    assert not [square for square in kept if box.colliderect(square.inflate(-12, -12))]
