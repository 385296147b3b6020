"""A lasting notice (saving fails, the host has left) stands where each table keeps a place for it
(``TableScene.notice_anchor``): never over a player's name, whose turn it is, a card or a piece, in
English or in German."""

from __future__ import annotations

import pygame
import pytest

from game.i18n import set_language
from game.tables.base import TableScene
from game.ui.notices import draw_save_problem
from tools.screenshot import SHOTS, discover


def table_of(app, shot: str) -> TableScene:
    discover()
    SHOTS[shot].make(app)
    for _step in range(10):
        app.step(1 / 60)
    return next(scene for scene in app.stack.scenes if isinstance(scene, TableScene))


def noticed(table: TableScene) -> pygame.Rect:
    """The notice as the table draws it, with the longest reason the usual ones give."""
    anchor = table.notice_anchor()
    panel = draw_save_problem(pygame.Surface((1920, 1080)), "Disk quota exceeded", anchor)
    assert anchor.contains(panel), "the notice leaves the place the table keeps for it"
    assert theme_canvas().contains(panel)
    return panel


def theme_canvas() -> pygame.Rect:
    return pygame.Rect(0, 0, 1920, 1080)


def kept_clear(panel: pygame.Rect, rects: list[pygame.Rect]) -> None:
    for rect in rects:
        assert not panel.colliderect(rect), f"the notice {panel} covers {rect}"


@pytest.fixture(params=["en", "de"])
def language(request):
    set_language(request.param)
    yield request.param
    set_language("en")


def test_linie1_keeps_the_strip_between_the_seats_and_the_route_card(app, language):
    from game.tables.linie1 import layout
    from game.tables.linie1.panel import PILE_SIZE, notice_box, pile_label
    from game.ui import theme

    table = table_of(app, "linie1_table_midgame")
    assert table.notice_anchor() == notice_box(table.view)
    noticed(table)
    for players in range(2, 6):  # as many seat rows as players
        view = {**table.view, "players": table.view["players"][:1] * players, "pile_count": 100}
        anchor = notice_box(view)
        panel = draw_save_problem(pygame.Surface((1920, 1080)), "Disk quota exceeded", anchor)
        assert anchor.contains(panel)
        pile = pygame.Rect((0, 0), theme.font(PILE_SIZE).size(pile_label(view)))
        pile.topright = layout.pile_label_pos(players)
        kept_clear(panel, [layout.player_row(seat) for seat in range(players)]
                   + [layout.route_card_rect(players), pile, layout.BOARD_RECT])


def test_linja_keeps_the_board_s_top_frame_above_the_far_row(app, language):
    from game.render.linja.layout import PIECE_RADIUS
    from game.tables.linja.layout import CARDS

    table = table_of(app, "linja_table_midgame")
    panel = noticed(table)
    pieces = [piece for row in table.rows for seat in row for piece in seat]
    assert pieces
    kept_clear(panel, list(CARDS.values()) + [pygame.Rect(piece.x - PIECE_RADIUS, piece.y - PIECE_RADIUS,
                                                          2 * PIECE_RADIUS, 2 * PIECE_RADIUS) for piece in pieces])


def test_liniell_keeps_the_top_bar_between_the_turn_and_the_keys(app, language):
    from game.render.liniell.field import BOARD
    from game.tables.liniell import panel as liniell_panel
    from game.tables.liniell.drawing import KEYS_RIGHT, STATUS_PAD, STATUS_WIDTH, STATUS_X, TOP_BAR_Y
    from game.ui import theme

    table = table_of(app, "liniell_occupy")
    panel = noticed(table)
    widest_turn = pygame.Rect(0, 0, STATUS_WIDTH + STATUS_PAD, 64)
    widest_turn.center = (STATUS_X, TOP_BAR_Y)
    keys = pygame.Rect((0, 0), theme.font(22, theme.TEXT_BOLD_FONT).size(table.keys_note()))
    keys.midright = (KEYS_RIGHT, TOP_BAR_Y)
    kept_clear(panel, [widest_turn, keys, BOARD, *liniell_panel.PLAYER_CARDS])


def test_bus_keeps_the_map_s_key_and_hides_nothing_else(app, language):
    from game.tables.bus import layout

    table = table_of(app, "bus_line")
    panel = noticed(table)
    assert layout.LEGEND.contains(panel)
    kept_clear(panel, [layout.TOASTS, layout.COLUMN])


def test_a_lan_table_s_notices_stand_in_the_table_s_place(app):
    table = table_of(app, "lan_table_chat")
    assert table.lan_hud is not None and table.lan_hud.notice_box() == table.notice_anchor()


def test_a_first_game_hint_on_the_bus_map_stands_clear_of_the_notice(app):
    from game.tables.bus import layout

    table = table_of(app, "bus_save_problem")
    panel = noticed(table)
    table.choices.phase = "choose"  # a decision on the action board: the hint may stand on the map's foot
    assert not table.coach_anchor().colliderect(panel)
    table.session.autosave.problem = None  # saving works again: the hint may cover the key once more
    assert table.coach_anchor() in (layout.HINT_OVER_MAP, layout.HINT_OVER_MAP_TOP)


@pytest.mark.parametrize(("shot", "module"), [("lan_lobby_save_problem", "game.lan.lobby"),
                                              ("lan_results_save_problem", "game.lan.results")])
@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_lan_lobby_and_results_show_the_hosts_saving_problem_where_it_covers_nothing(app, monkeypatch, language,
                                                                                          shot, module, scale):
    import importlib

    from game.ui import theme
    screen_module = importlib.import_module(module)
    discover()
    theme.set_ui_scale(scale)
    try:
        SHOTS[shot].make(app)
        for _step in range(10):
            app.step(1 / 60)
        scene = app.stack.top
        assert scene.session.hosting and scene.session.save_problem
        notices: list[pygame.Rect] = []
        moments: list[str] = []
        texts: list[pygame.Rect] = []
        said: list[tuple[str, pygame.Rect]] = []
        real_notice, real_text = screen_module.draw_save_problem, theme.draw_text

        def notice(surface, problem, box, moment="game"):
            panel = real_notice(surface, problem, box, moment)
            notices.append(panel)
            moments.append(moment)
            return panel

        def text(surface, words, *args, **kwargs):
            rect = real_text(surface, words, *args, **kwargs)
            texts.append(rect)
            said.append((words, rect))
            return rect

        monkeypatch.setattr(screen_module, "draw_save_problem", notice)
        monkeypatch.setattr(theme, "draw_text", text)
        scene.draw(pygame.Surface((1920, 1080)))
    finally:
        theme.set_ui_scale(1.0)
    assert len(notices) == 1, "the hosting player is told that saving fails"
    assert moments == ["lobby" if module == "game.lan.lobby" else "results"]  # and when it is tried again
    panel = notices[0]
    assert theme_canvas().contains(panel)
    drawn_inside = [rect for rect in texts if panel.contains(rect)]
    assert drawn_inside, "the notice's words stand inside its panel"
    assert not any(words.endswith("…") for words, rect in said if panel.contains(rect)), "its words are whole"
    others = [rect for rect in texts if not panel.contains(rect)]
    kept_clear(panel, others + [widget.rect for widget in scene.ui.widgets if widget.visible])
    if module == "game.lan.lobby":
        from game.lan.lobby import CHAT, SEATS
        kept_clear(panel, [SEATS, CHAT])
    else:
        kept_clear(panel, [scene.card_rect(index).move(0, -int(scene.card_offsets[index]))  # where they come to rest
                           for index in range(len(scene.figures))])


def test_a_guest_or_a_table_that_saves_well_shows_no_saving_notice(app, monkeypatch):
    from game.lan import lobby, results
    discover()
    SHOTS["lan_results_spectator"].make(app)
    app.step(1 / 60)
    shown: list[str] = []
    monkeypatch.setattr(results, "draw_save_problem", lambda surface, problem, box: shown.append(problem))
    monkeypatch.setattr(lobby, "draw_save_problem", lambda surface, problem, box: shown.append(problem))
    app.stack.top.draw(pygame.Surface((1920, 1080)))
    SHOTS["lan_lobby"].make(app)
    app.step(1 / 60)
    app.stack.top.draw(pygame.Surface((1920, 1080)))
    assert shown == []


def test_a_saving_problem_says_when_saving_is_tried_again_as_each_screen_can(monkeypatch):
    """A lobby has no moves yet and the results none left: each says what will try again."""
    from game.ui import notices
    from tests.client.helpers import record_drawn_text
    drawn = record_drawn_text(monkeypatch)
    for moment in ("game", "lobby", "results"):
        notices.draw_save_problem(pygame.Surface((1920, 1080)), "No space left on device", notices.NOTICE_BOX, moment)
    words = " ".join(text for text, _rect in drawn)
    assert "every move tries again" in words and "every change of seats" in words and "the next game" in words


def test_a_first_game_hint_stands_over_the_seat_dots_and_under_the_chat(app, monkeypatch):
    """A LAN table's connection dots were drawn over a first-game hint that covers a seat's card; the
    chat, which the player types into, stays over everything but the "Reconnecting…" veil."""
    from game.lan import hud
    from game.lan.chat import ChatBox

    table = table_of(app, "lan_table_chat")
    assert table.lan_hud is not None and table.lan_hud.chat is not None
    order: list[str] = []

    class Hint:
        settling = False
        said = None

        def draw(self, surface, anchor, pointer):
            order.append("hint")

        def handle(self, intent):
            return False

        def shown_box(self):
            return None

    real_dot = hud.draw_dot
    monkeypatch.setattr(hud, "draw_dot", lambda *args: (order.append("dot"), real_dot(*args))[1])
    monkeypatch.setattr(ChatBox, "draw", lambda self, surface: order.append("chat"))
    table.coach = Hint()  # type: ignore[assignment]
    table.draw(pygame.Surface((1920, 1080)))
    assert "dot" in order and order.index("hint") > max(i for i, what in enumerate(order) if what == "dot")
    assert order.index("chat") > order.index("hint")


def test_a_seats_tiles_shown_under_the_pointer_stand_over_the_lasting_notice(app, monkeypatch):
    """At a LAN table with an absent player, the pointer on Ben's row shows his tiles in a tip that
    reaches down over the notice's strip ("Ben's seat goes to a bot in 25 s."): the notice was drawn
    after it and hid the tip's heading. A tip the player asks for stands over the notice, and so do
    the buttons with their tooltips."""
    from game.lan import hud
    from game.tables.linie1 import layout
    from game.tables.linie1 import table as linie1_table
    from game.ui.input import Intent
    from game.ui.widgets import FocusGroup

    table = table_of(app, "lan_table_countdown")
    assert table.lan_hud is not None and table.lan_hud.countdowns()
    table.handle(Intent("point", pos=layout.player_row(1).center))
    assert table.hand_tip() is not None
    order: list[str] = []
    real_notice, real_tip, real_ui = hud.draw_notice, linie1_table.draw_hand_tip, FocusGroup.draw
    monkeypatch.setattr(hud, "draw_notice", lambda *args: (order.append("notice"), real_notice(*args))[1])
    monkeypatch.setattr(linie1_table, "draw_hand_tip", lambda *args: (order.append("tip"), real_tip(*args))[1])
    monkeypatch.setattr(FocusGroup, "draw", lambda self, *args: (order.append("buttons"), real_ui(self, *args))[1])
    table.draw(pygame.Surface((1920, 1080)))
    assert "notice" in order and "tip" in order
    assert order.index("notice") < order.index("tip")
    assert order.index("notice") < order.index("buttons")
