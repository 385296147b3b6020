"""Shots of the Linie 1 table: a fresh table, a game in full swing, and a trip under way."""

from __future__ import annotations

from typing import Any

from game.bots import make_bot
from game.match import Match, SeatInfo
from game.scenes.launch import TableConfig
from game.scenes.linie1_table import Linie1Table
from game.session import LocalSession
from tools.screenshot import shot

SEATS = [SeatInfo("Ada", "human", colour=0), SeatInfo("Tramina", "bot", "normal", 1),
         SeatInfo("Bimmel", "bot", "easy", 2)]


def advanced(seed: int, until: Any, limit: int = 2000) -> LocalSession:
    """A local game played by bots (the human seat too) until ``until(view)`` holds."""
    match = Match("linie1", [SeatInfo(s.name, s.kind, s.level, s.colour) for s in SEATS], seed)
    session = LocalSession(match, bot_seed=seed)
    stand_in = make_bot("linie1", "normal", seed + 99)
    for _ in range(limit):
        if match.finished or until(match.view(0)):
            break
        seat = match.to_act()[0]
        if seat == 0:
            session.submit(0, stand_in.decide(match.view(0)))
        else:
            session.run_bots_now()
    session.poll()
    return session


def table(app: Any, session: LocalSession) -> Linie1Table:
    scene = Linie1Table(app, session, TableConfig("linie1", SEATS, {}))
    app.push(scene)
    return scene


@shot("linie1_table_start", settle=0.5)
def start(app: Any) -> None:
    table(app, advanced(5, lambda view: True))


@shot("linie1_table_midgame", settle=0.4)
def midgame(app: Any) -> None:
    session = advanced(5, lambda view: len(view["board"]["tiles"]) >= 34 and view["current"] == 0)
    scene = table(app, session)
    scene.hint = True
    scene.cursor = (6, 6)
    scene.pointer_on_board = True


@shot("linie1_table_trip", settle=0.4)
def trip(app: Any) -> None:
    session = advanced(8, lambda view: any(p["driving"] for p in view["players"]) and view["current"] == 0)
    table(app, session)
