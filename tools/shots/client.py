"""Shots of the client's framework screens and the Linie 1 board."""

from __future__ import annotations

from typing import Any

import pygame

from game.render.linie1.board import Linie1Board, tile_segments
from game.scenes.cover import CoverScene
from game.scenes.figures import generic_figures
from game.scenes.pause import PauseScene
from game.scenes.results import ResultsScene
from game.scenes.rules import RulesScene
from game.scenes.settings import SettingsScene
from game.scenes.setup import SetupScene
from game.scenes.title import TitleScene
from game.tables.base import players_title
from game.ui import theme
from tools.screenshot import shot

# A small network in the middle of the board: (row, col, tile type, rotation).
SAMPLE_TILES = [
    (6, 1, 1, 1), (6, 2, 1, 1), (6, 3, 2, 2), (5, 3, 1, 0), (4, 3, 4, 0), (3, 3, 2, 1), (3, 4, 10, 0),
    (3, 5, 1, 1), (3, 6, 7, 2), (4, 4, 5, 0), (2, 6, 9, 0), (5, 5, 6, 0), (8, 6, 8, 0), (9, 6, 11, 0),
]
SAMPLE_SIGNS = {"F": (3, 4), "M": (3, 6), "K": (9, 6)}


def sample_tiles() -> dict[tuple[int, int], list[list[str]]]:
    return {(row, col): tile_segments(kind, turn) for row, col, kind, turn in SAMPLE_TILES}


@shot("title", settle=2.2)
def title(app: Any) -> None:
    app.push(TitleScene(app))


def saved_local_game(game: str, names: list[str], actions: int, bots: int = 0) -> None:
    """A game on one screen autosaved after ``actions`` bot moves, as a player would leave it."""
    from game.bots import make_bot
    from game.match import Match, SeatInfo
    from game.saves import new_save_path
    from game.session import LocalSession
    seats = [SeatInfo(name, "bot" if index >= len(names) - bots else "human", colour=index)
             for index, name in enumerate(names)]
    match = Match(game, seats, 7)
    session = LocalSession(match, save_path=new_save_path(game))
    deciders = [make_bot(game, "normal", index) for index in range(len(names))]
    for _ in range(actions):
        seat = match.to_act()[0]
        match.submit(seat, deciders[seat].decide(match.view(seat)))
    session.close()


@shot("title_continue", settle=2.2)
def title_continue(app: Any) -> None:
    saved_local_game("linie1", ["Ada", "Tramina", "Bob"], 9, bots=1)
    app.push(TitleScene(app))


@shot("title_seat_kept", settle=2.2)
def title_seat_kept(app: Any) -> None:
    """A guest whose host closed the table mid-game: the title says where the seat waits."""
    from game.lan import seats as lan_seats
    saved_local_game("linie1", ["Ada", "Tramina", "Bob"], 9, bots=1)
    lan_seats.remember(lan_seats.table_key("192.168.1.20", 47000, "Annas Tisch"), "token")
    app.push(TitleScene(app))


def finished_local_game(game: str, names: list[str]) -> None:
    """A game on one screen played to its end whose replay could not be kept (a full disk): its save
    waits in Saved games, finished."""
    from game.bots import make_bot
    from game.match import Match, SeatInfo
    from game.saves import local_snapshot, new_save_path
    from net.savefile import write_atomic
    match = Match(game, [SeatInfo(name, colour=index) for index, name in enumerate(names)], 3)
    deciders = [make_bot(game, "easy", index) for index in range(len(names))]
    while not match.finished:
        seat = match.to_act()[0]
        match.submit(seat, deciders[seat].decide(match.view(seat)))
    write_atomic(new_save_path(game), local_snapshot(match))


@shot("saved_games", settle=0.5)
def saved_games(app: Any) -> None:
    """Three games under way, one finished whose replay waits to be kept, and a damaged save."""
    import time

    from game.paths import saves_dir
    from game.scenes.saved import SavedGamesScene
    finished_local_game("linja", ["Ben", "Cleo"])
    time.sleep(0.01)
    saved_local_game("linja", ["Ada", "Bot"], 12, bots=1)
    time.sleep(0.01)
    saved_local_game("liniell", ["Ada", "Bob"], 5)
    time.sleep(0.01)
    saved_local_game("linie1", ["Ada", "Tramina", "Bob", "Cleo"], 17, bots=2)
    (saves_dir() / "20261101-101010-linie1.save").write_bytes(b"LINIESV1" + bytes(40))  # damaged
    app.push(TitleScene(app))
    app.push(SavedGamesScene(app))


@shot("saved_games_other_versions", settle=0.5)
def saved_games_other_versions(app: Any) -> None:
    """Saves another Linie wrote: newer rules, an older rules version, a newer save format, a game
    this one does not have; each says so and what can be done, beside a game this Linie resumes."""
    import time

    from game.paths import saves_dir
    from game.scenes.saved import SavedGamesScene
    from net.savefile import LOCAL_SAVE_FORMAT, read_save, write_atomic
    changes = [{"rules_version": "9"}, {"rules_version": "0"}, {"version": 2}, {"game": "tramways"}, {}]
    for number, change in enumerate(changes):
        saved_local_game("linja", ["Ada", "Bot"], 6 + number, bots=1)
        time.sleep(0.01)
        path = max(saves_dir().glob("*.save"), key=lambda found: found.stat().st_mtime_ns)
        data = read_save(path, (LOCAL_SAVE_FORMAT,))
        data["match"].update(change)
        write_atomic(path, {**data, "version": 2} if not change else data)  # the last: a newer save format
        time.sleep(0.01)
    saved_local_game("linja", ["Ada", "Ben"], 4)
    app.push(TitleScene(app))
    app.push(SavedGamesScene(app))


@shot("saved_games_delete", settle=0.5)
def saved_games_delete(app: Any) -> None:
    """Delete pressed once: Keep focused in its place, Yes, delete where Resume was."""
    saved_games(app)
    screen = app.stack.top
    screen.row_buttons[1][1].activate()


@shot("setup")
def setup(app: Any) -> None:
    app.push(TitleScene(app))
    app.push(SetupScene(app))


def setup_for(app: Any, game: str) -> None:
    """The setup screen over the title, with ``game`` chosen."""
    app.push(TitleScene(app))
    scene = SetupScene(app)
    app.push(scene)
    scene.select_game(scene.games.index(game))


@shot("setup_liniell")
def setup_liniell(app: Any) -> None:
    """Liniell chosen: the second seat's swatch is mint, never the rhombs' blue."""
    setup_for(app, "liniell")


@shot("settings")
def settings(app: Any) -> None:
    app.push(TitleScene(app))
    app.push(SettingsScene(app))


@shot("keys")
def keys(app: Any) -> None:
    """Settings → Keys, waiting for the new key of "End the turn"."""
    from game.scenes.keys import KeysScene
    app.push(TitleScene(app))
    app.push(SettingsScene(app))
    scene = KeysScene(app)
    app.push(scene)
    scene.ask("next")


@shot("rules")
def rules(app: Any) -> None:
    app.push(TitleScene(app))
    app.push(RulesScene(app, "linie1"))


@shot("pause")
def pause(app: Any) -> None:
    app.push(TitleScene(app))
    app.push(PauseScene(app))


@shot("pause_lan")
def pause_lan(app: Any) -> None:
    """At a LAN table nothing stops for the menu; Leave game was asked once and says what it does."""
    app.push(TitleScene(app))
    from game.i18n import _
    note = _("Your seat is kept, and a bot may play it meanwhile: join the table again to play on.")
    menu = PauseScene(app, leave_note=note, plays_on=True)
    app.push(menu)
    menu.leave()


@shot("cover")
def cover(app: Any) -> None:
    app.push(CoverScene(app, "Alice", theme.player_colour(1)))


@shot("results", settle=1.6)
def results(app: Any) -> None:
    seats = [{"name": "Alice", "kind": "human", "level": "normal", "colour": 0},
             {"name": "Tramina", "kind": "bot", "level": "normal", "colour": 1},
             {"name": "Bob", "kind": "human", "level": "normal", "colour": 2}]
    view = {"match": {"seats": seats}}
    outcome = {"winners": [0], "draw": False, "scores": [12, 9, 7]}
    app.push(ResultsScene(app, generic_figures(view, outcome), outcome,
                          play_again=lambda: None, title=players_title("Linie 1", 3)))


@shot("results_unsaved", settle=1.6)
def results_unsaved(app: Any) -> None:
    """The results of a game that neither its replay nor its save holds, asked to leave while the disk
    is still full: the longest words the results' trouble line has."""
    results(app)
    screen = app.stack.top
    screen.keep = lambda: "No space left on device"
    screen.kept()


@shot("linie1_board")
def linie1_board(app: Any) -> pygame.Surface:
    board = Linie1Board(74)
    surface = pygame.Surface((theme.WIDTH, theme.HEIGHT))
    theme.background(surface)
    origin = ((theme.WIDTH - board.size) // 2, (theme.HEIGHT - board.size) // 2)
    surface.blit(board.static_layer(sample_tiles(), SAMPLE_SIGNS), origin)
    x, y, heading = board.terminal_path([(6, 0), (7, 0)], 0.15, origin)
    board.draw_tram(surface, (x, y), heading, 1)
    x, y, heading = board.terminal_path([(2, 0), (3, 0)], 0.8, origin)
    board.draw_tram(surface, (x, y), heading, 3)
    board.draw_ghost(surface, (5, 4), tile_segments(2, 0), True, origin)
    return surface


@shot("host_setup")
def host_setup(app: Any) -> None:
    from game.lan.host import HostScene
    app.push(TitleScene(app))
    scene = HostScene(app)
    app.push(scene)
    scene.count.index = 2
    scene.set_players(4)
    scene.rows[3].kind_choice.step(2)  # the last seat: a bot


@shot("lobby", settle=1.2)
def lobby(app: Any) -> None:
    """A fresh lobby as its host sees it: one guest away, a seat still open, a bot (no chat yet)."""
    from game.lan.lobby import LobbyScene
    from game.lan.session import LanSession
    from tools.shots.lan import ShotLink, seat
    link = ShotLink([seat("Ada"), seat("Ben", away=True), seat("Seat 3", "open", claimed=False, connected=False),
                     seat("Bimmel", "bot", claimed=False, connected=False, level="easy")], "Ada's table")
    app.push(TitleScene(app))
    app.push(LobbyScene(app, LanSession(link), port=47000, hosting=True))


@shot("crash", settle=0.3)
def crash(app: Any) -> None:
    from game.scenes.crash import CrashScene
    saved_local_game("linie1", ["Ada", "Tramina", "Bob"], 9, bots=1)
    app.push(CrashScene(app, ZeroDivisionError("division by zero"), "/home/ada/.local/state/linie/log/linie.log"))
