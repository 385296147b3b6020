"""Shots of the open hot-seat handover in the games without secrets: two players at one screen, the
band naming the next one in their colour a moment after the device changed hands (no cover)."""

from __future__ import annotations

from typing import Any

from game.match import Match, SeatInfo
from game.session import LocalSession
from game.tables.bus.table import BusTable
from game.tables.launch import TableConfig
from game.tables.linja.table import LinjaTable
from tools.screenshot import shot
from tools.shots import bus as bus_shots
from tools.shots import linja as linja_shots

BAND_READ = 0.4  # seconds into the band: fully grown, not yet fading


@shot("linja_handover", settle=BAND_READ)
def linja_handover(app: Any) -> None:
    played = linja_shots.advanced(3, lambda view: view["moves"] >= 16 and view["turn"] == 1
                                  and view["phase"] == "initial")
    seats = [SeatInfo("Ada", "human", colour=0), SeatInfo("Ben", "human", colour=1)]
    match = Match("linja", seats, 3, {"first": 0})
    for entry in played.match.log:
        match.submit(entry["seat"], entry["action"])
    session = LocalSession(match, bot_seed=3)
    session.poll()
    table = LinjaTable(app, session, TableConfig("linja", seats, {"first": 0}))
    table.covered_for = 0  # Ada just moved: the device goes to Ben
    app.push(table)


@shot("bus_handover", settle=BAND_READ)
def bus_handover(app: Any) -> None:
    seats = [SeatInfo("Alice", "human", "normal", 0), SeatInfo("Bob", "human", "normal", 1),
             SeatInfo("Bimmel", "bot", "easy", 2)]
    match = bus_shots.played(bus_shots.alice_in("choose", 2), seats=seats)
    table = BusTable(app, LocalSession(match), None)
    table.covered_for = 1  # Bob had the device last: it goes to Alice
    app.push(table)
