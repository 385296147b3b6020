"""Where a LAN table's chat lines stand for their nine seconds: in the room the table gives them
(``TableScene.chat_feed_box``), never over a piece, tile or street the players need, at any text size
and player count (docs/lan_screens.md, decision 8). Linja's own test is in test_linja_table.py."""

from __future__ import annotations

import pygame
import pytest

from game.match import Match, SeatInfo
from game.session import LocalSession
from game.tables.registry import table_scene
from game.ui import theme
from tests.client.helpers import run, wait
from tools.shots.lan import ShotLink, chatter
from tools.shots.lan import seat as lan_seat

NAMES = ["Ada", "Tramina", "Ben", "Cleo", "Dora"]
SAID = [(1, "Good luck!"), (0, "You too."),
        (2, "That was a long line, and it reaches both stations before mine does, so watch out."),
        (0, "Offices next.")]


def lan_table(app, game: str, players: int):  # type: ignore[no-untyped-def]
    """A LAN table of ``game`` (Ada on this screen, bots beside her) whose chat just said four lines."""
    seats = [SeatInfo(NAMES[0])] + [SeatInfo(NAMES[i], "bot", "easy") for i in range(1, players)]
    local = LocalSession(Match(game, seats, seed=4))
    link = ShotLink([lan_seat(NAMES[i]) for i in range(players)], "Night", local, "playing", game=game)
    session = chatter(link, [(seat % players, NAMES[seat % players], text) for seat, text in SAID])
    table = table_scene(game)(app, session, None)
    app.push(table)
    run(app, 0.3)
    feed = table.lan_hud.feed_rect()
    assert feed is not None
    return table, feed.move(40, 0).clip(feed)  # feed_rect leaves 40 px for a new line sliding in


def needed(table, game: str) -> list[pygame.Rect]:  # type: ignore[no-untyped-def]
    """What the players play with on this table, as it stands."""
    if game == "linie1":
        from game.tables.linie1 import layout
        players = len(table.view["players"])
        return [layout.BOARD_RECT, layout.route_card_rect(players), layout.HAND_AREA,
                pygame.Rect(layout.PANEL_X, layout.BUTTONS_Y, layout.PANEL_W, 90)]
    if game == "liniell":
        from game.render.liniell.field import region_cells
        from game.tables.liniell import panel
        tiles = [table.camera.tile_rect(cell).inflate(14, 14) for cell in region_cells(table.model.region())]
        return tiles + [*panel.PLAYER_CARDS, panel.TILE_CARD, panel.ACTIONS]
    from game.tables.bus import layout
    return [layout.TOASTS, layout.COLUMN]  # the map above its key: streets, lots, stations, the clock


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize(("game", "players"), [("linie1", 4), ("linie1", 5), ("liniell", 2), ("bus", 4),
                                               ("bus", 5)])
def test_chat_lines_stand_in_the_tables_room_and_over_nothing_played_with(app, game, players, scale):
    theme.set_ui_scale(scale)
    try:
        table, drawn = lan_table(app, game, players)
        room = table.chat_feed_box()
        screen = pygame.Rect(0, 0, theme.WIDTH, theme.HEIGHT)
        assert room.contains(drawn) and screen.contains(drawn), (room, drawn)
        for rect in needed(table, game):
            assert not drawn.colliderect(rect), (rect, drawn)
        assert not drawn.colliderect(table.lan_hud.chat.tab)
    finally:
        theme.set_ui_scale(1.0)


def test_lines_standing_one_over_another_share_one_back_without_gaps(app):
    """Over Linie 1's seat rows the words of the rows showed in slices through the gaps between the
    lines' backs. Down the feed's right edge (beside the words, inside the rounded corners) every
    pixel is the back's shade."""
    table, drawn = lan_table(app, "linie1", 4)
    screen = app.screen
    x = drawn.right - 8
    shades = [sum(screen.get_at((x, y))[:3]) for y in range(drawn.top + 16, drawn.bottom - 16)]
    assert max(shades) - min(shades) <= 12, (min(shades), max(shades))


def test_liniell_frames_its_field_right_of_the_chat_only_at_a_lan_table(app):
    """The field gives up a strip of the board to the chat at a LAN table; on one screen it keeps the
    whole board, and its first 7 x 7 squares lose no more than a tenth of their size."""
    from game.render.liniell.field import BOARD
    table, _drawn = lan_table(app, "liniell", 2)
    local = table_scene("liniell")(app, LocalSession(Match("liniell", [SeatInfo("A"), SeatInfo("B")], seed=4)), None)
    app.push(local)
    run(app, 0.3)
    assert local.camera.area == BOARD and table.camera.area.right == BOARD.right
    assert table.camera.area.left >= table.chat_feed_box().right
    assert table.camera.cell >= 0.9 * local.camera.cell


def test_liniells_toasts_and_refusal_bubbles_keep_to_the_field_off_the_chats_strip(app):
    """At a LAN table the field stands right of the chat's strip; the table's own words at its foot
    (a toast, a refused square's bubble at the field's left edge) stand over the field too."""
    from game.tables.liniell.drawing import bubble_box, toast_box
    table, _drawn = lan_table(app, "liniell", 2)
    area, strip = table.camera.area, table.chat_feed_box()
    long = "A toast long enough to wrap onto a second line at the foot of the field, as German ones do at 150 %."
    assert area.contains(toast_box(long, None, area)) and not toast_box(long, None, area).colliderect(strip)
    x0, y0, _x1, _y1 = table.model.region()
    left = table.camera.tile_rect((x0, y0 + 3))  # a square at the field's far left
    assert not bubble_box((460, 80), left, None, area).colliderect(strip)


def played_with_near_the_tab(table, game: str) -> list[pygame.Rect]:  # type: ignore[no-untyped-def]
    """What the players need at each table, down to Linie 1's squares and terminals (the tab stands on
    the board's frame there) and Linja's board, cards and turn box."""
    if game == "linie1":
        from game.tables.linie1 import layout
        board = table.board_view.board
        cells = [board.cell_rect(cell, layout.ORIGIN) for terminal in board.terminals for cell in terminal["cells"]]
        first = board.cell_rect((board.first, board.first), layout.ORIGIN)
        last = board.cell_rect((board.last, board.last), layout.ORIGIN)
        return [*cells, first.union(last)]
    if game == "linja":
        from game.tables.linja.layout import CARDS, TURN_BOX
        return [table.layout.rect, *CARDS.values(), TURN_BOX]
    return needed(table, game)


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize(("game", "players"), [("linie1", 5), ("linja", 2), ("liniell", 2), ("bus", 5)])
def test_the_watchers_count_rides_on_the_chat_tab_over_nothing_played_with(app, monkeypatch, game, players,
                                                                          scale):
    """Seated players see how many watch ("2 watching") without a notice each time: at every table on
    the chat tab's top edge, within its width, over nothing of the game and under no chat line; not
    while nobody watches, nor while the link is down (the count may be stale)."""
    from tests.client.helpers import record_drawn_text
    theme.set_ui_scale(scale)
    try:
        table, drawn = lan_table(app, game, players)
        hud, link = table.lan_hud, table.session.connection
        link.status["spectators"] = 0
        assert hud.watch_rect() is None  # nobody watches
        link.status["spectators"] = 2
        pill, tab = hud.watch_rect(), hud.chat.tab
        assert pill is not None and pill.left >= tab.left and pill.right <= tab.right and pill.colliderect(tab)
        assert pill.collidelist(played_with_near_the_tab(table, game)) == -1, pill
        assert pygame.Rect(0, 0, theme.WIDTH, theme.HEIGHT).contains(pill)
        run(app, 0.1)  # the lines end above the pill where it stands in their room and one fits above it
        feed = hud.feed_rect()
        covered = feed is not None and feed.move(40, 0).clip(feed).colliderect(pill)
        assert not covered or pill.top - table.chat_feed_box().top < 3 * 24 * scale, (feed, pill)
        words = record_drawn_text(monkeypatch)
        table.draw(pygame.Surface((theme.WIDTH, theme.HEIGHT)))
        said = any(text == "2 watching" and pill.contains(rect) for text, rect in words)
        assert said != covered, words  # where the newest line found no room above it, it hides the pill
        wait(app, 10)  # the lines faded (and the tab's "+2" with them: the words may take its room)
        pill = hud.watch_rect()
        assert pill is not None and pill.right <= tab.right
        assert pill.collidelist(played_with_near_the_tab(table, game)) == -1
        words.clear()
        table.draw(pygame.Surface((theme.WIDTH, theme.HEIGHT)))
        assert any(text == "2 watching" and pill.contains(rect) for text, rect in words), words
        link.link = "down"
        assert hud.watch_rect() is None
    finally:
        theme.set_ui_scale(1.0)


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_bus_chat_lines_and_a_lasting_notice_share_the_maps_key_and_cover_no_street(app, monkeypatch, scale):
    """A notice standing in the map's key ("Ben's seat goes to a bot in 40 s.") pushed the chat's newest
    line up over the map's foot, its streets and crossings, up to the SE station at large text: the two
    stand side by side in the key instead, each readable, neither over the map."""
    from game.lan.hud import NetHud
    from game.tables.bus import layout
    monkeypatch.setattr(NetHud, "countdowns", lambda self: ["Tramina's seat goes to a bot in 40 s."])
    theme.set_ui_scale(scale)
    try:
        table, drawn = lan_table(app, "bus", 4)
        notice = table.lan_hud.notice_rect
        assert notice is not None
        for rect in (drawn, notice):
            assert not rect.colliderect(layout.TOASTS) and not rect.colliderect(layout.COLUMN), (rect, drawn, notice)
        assert not drawn.colliderect(notice), (drawn, notice)
        assert not drawn.colliderect(table.lan_hud.chat.tab)
    finally:
        theme.set_ui_scale(1.0)
