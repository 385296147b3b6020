"""Shots of the Linja table: a fresh table, a move previewed mid-game, and the final count-up."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.bots import make_bot
from game.match import Match, SeatInfo
from game.session import LocalSession
from game.tables.launch import TableConfig
from game.tables.linja.table import LinjaTable
from game.ui.banner import Banner
from game.ui.input import Intent
from tools.screenshot import shot
from tools.shots.play import play_on

SEATS = [SeatInfo("Ada", "human", colour=0), SeatInfo("Tramina", "bot", "normal", 1)]


def fresh_seats(human: int = 0) -> list[SeatInfo]:
    """Ada and Tramina; ``human`` says which seat Ada (the human) takes."""
    made = [SeatInfo(s.name, s.kind, s.level, s.colour) for s in SEATS]
    return made if human == 0 else made[::-1]


def advanced(seed: int, until: Callable[[dict[str, Any]], bool], limit: int = 400,
             first: int | None = 0) -> LocalSession:
    """A local game whose every seat (the human's too) was played by bots until ``until(view)`` holds."""
    match = Match("linja", fresh_seats(), seed, {"first": first})
    session = LocalSession(match, bot_seed=seed)
    stand_in = make_bot("linja", "normal", seed + 99)
    for _ in range(limit):
        if match.finished or until(match.view(0)):
            break
        play_on(session, stand_in)
    session.poll()
    return session


def last_move_pending(seed: int) -> tuple[LocalSession, dict[str, Any]]:
    """A game one action from its end, and that action; the seat making it is the human one."""
    finished = advanced(seed, lambda view: False)
    log = finished.match.log
    match = Match("linja", fresh_seats(log[-1]["seat"]), seed, {"first": 0})
    session = LocalSession(match, bot_seed=seed)
    for entry in log[:-1]:
        match.submit(entry["seat"], entry["action"])
    session.poll()
    return session, log[-1]["action"]


def table(app: Any, session: LocalSession) -> LinjaTable:
    seats = [SeatInfo(s.name, s.kind, s.level, s.colour) for s in session.match.seats]
    scene = LinjaTable(app, session, TableConfig("linja", seats, {"first": 0}))
    app.push(scene)
    return scene


@shot("linja_table_start", settle=0.3)
def start(app: Any) -> None:
    scene = table(app, advanced(3, lambda view: True))
    scene.show.skip()
    app.step(0.2)
    mover = scene.rows[0][0][2]
    scene.handle(Intent("point", pos=(round(mover.x), round(mover.y))))


@shot("linja_table_midgame", settle=0.4)
def midgame(app: Any) -> None:
    session = advanced(3, lambda view: view["moves"] >= 16 and view["turn"] == 0 and view["phase"] == "initial")
    scene = table(app, session)
    choice = max(session.view(0)["choices"], key=lambda c: c["steps"])
    piece = scene.rows[choice["from"]][0][-1]
    scene.handle(Intent("point", pos=(round(piece.x), round(piece.y))))


@shot("linja_table_following", settle=0.9)
def following(app: Any) -> None:
    session = advanced(3, lambda view: view["moves"] >= 16 and view["turn"] == 0 and view["phase"] == "initial")
    scene = table(app, session)
    choice = max(session.view(0)["choices"], key=lambda c: c["steps"])
    scene.play_row(choice["from"])


@shot("linja_table_bot_turn", settle=0.4)
def bot_turn(app: Any) -> None:
    """Tramina, a bot, to move: the phase card names her instead of telling Ada what to do."""
    session = advanced(3, lambda view: view["moves"] >= 16 and view["turn"] == 1 and view["phase"] == "initial")
    session.hold_bots(True)
    table(app, session)


@shot("linja_table_scoring", settle=0.6)
def scoring(app: Any) -> None:
    session, action = last_move_pending(1)
    scene = table(app, session)
    scene.submit(action)
    # Let the last move land and the count-up run into its last rows.
    for _ in range(300):
        app.step(1 / 30)
        if scene.tally is not None:
            break
    for _ in range(40):
        app.step(1 / 30)


@shot("linja_results", settle=1.4)
def results(app: Any) -> None:
    session, action = last_move_pending(1)
    scene = table(app, session)
    scene.submit(action)
    app.step(1 / 60)  # the answer arrives
    scene.show.skip()


@shot("linja_table_extra_turn", settle=0.1)
def extra_turn(app: Any) -> None:
    session = advanced(2, lambda view: view["turn"] == 0 and view["phase"] == "following" and any(
        c["extra_turn"] for c in view["choices"]))
    scene = table(app, session)
    scene.show.skip()
    choice = next(c for c in session.view(0)["choices"] if c["extra_turn"])
    scene.play_row(choice["from"])
    for _ in range(90):
        app.step(1 / 60)
        if any(isinstance(e, Banner) and e.progress > 0.4 for e in scene.show.running()):
            break
