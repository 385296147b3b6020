"""Shots of the Bus table, one for every phase: the first buildings and streets, choosing actions,
laying streets, sharing passengers, building, the clock, Vrrooomm! (a passenger picked, a bus on
its way), a refusal at the pointer, and the game's end."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.bots import make_bot
from game.match import Match, SeatInfo
from game.session import LocalSession
from game.tables.bus.model import lot_key
from game.tables.bus.table import BusTable
from tools.screenshot import shot

SEATS = [SeatInfo("Alice", "human", "normal", 0), SeatInfo("Tramina", "bot", "normal", 1),
         SeatInfo("Bimmel", "bot", "easy", 2), SeatInfo("Otto", "bot", "normal", 3)]


def played(until: Callable[[Match], bool], seats: list[SeatInfo] | None = None, seed: int = 7,
           limit: int = 5000, alice_takes: str | None = None) -> Match:
    """A game where bots play every seat until ``until(match)`` (or the end, or ``limit`` moves);
    Alice's bot takes the action ``alice_takes`` whenever it is open to her (the bots seldom take some)."""
    match = Match("bus", list(seats or SEATS), seed)
    bots = [make_bot("bus", "normal" if seat != 2 else "easy", seat) for seat in range(len(match.seats))]
    wanted = {"type": "choose", "action": alice_takes}
    for _ in range(limit):
        if match.finished or until(match):
            break
        seat = match.to_act()[0]
        chosen = bots[seat].decide(match.view(seat))
        if seat == 0 and alice_takes and wanted in match.game.legal(match.state, seat):
            chosen = wanted
        match.submit(seat, chosen)
    return match


def alice_in(phase: str, round_at_least: int = 0) -> Callable[[Match], bool]:
    return lambda m: m.to_act() == [0] and m.state.phase == phase and m.state.round >= round_at_least


def open_table(app: Any, match: Match) -> BusTable:
    table = BusTable(app, LocalSession(match), None)
    app.push(table)
    app.step(0.1)
    return table


def point(app: Any, pos: tuple[float, float]) -> None:
    target = (round(pos[0]), round(pos[1]))
    app.step(0.02, [pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(0, 0, 0))])


def click(app: Any, pos: tuple[float, float]) -> None:
    target = (round(pos[0]), round(pos[1]))
    point(app, target)
    app.step(0.02, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=target, button=1)])
    app.step(0.02, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1)])


@shot("bus_setup_buildings")
def bus_setup_buildings(app: Any) -> None:
    table = open_table(app, played(alice_in("setup_buildings")))
    lots = sorted(table.choices.lots())
    point(app, table.city.lot_point(*lot_key(lots[len(lots) // 2])))


@shot("bus_setup_streets")
def bus_setup_streets(app: Any) -> None:
    table = open_table(app, played(alice_in("setup_extend")))
    streets = sorted(table.choices.streets())
    point(app, table.city.street_middle(streets[0]))


@shot("bus_choose")
def bus_choose(app: Any) -> None:
    table = open_table(app, played(alice_in("choose", 3)))
    from game.tables.bus import layout
    point(app, layout.row_rect(0).move(0, 0).center)
    assert table.view is not None


@shot("bus_line")
def bus_line(app: Any) -> None:
    table = open_table(app, played(alice_in("line", 2)))
    streets = sorted(table.choices.streets())
    if streets:
        point(app, table.city.street_middle(streets[len(streets) // 2]))


@shot("bus_refused")
def bus_refused(app: Any) -> None:
    table = open_table(app, played(alice_in("line", 2)))
    legal = table.choices.streets()
    refused = next(s for s in range(table.city.net.streets) if s not in legal)
    click(app, table.city.street_middle(refused))


@shot("bus_passengers")
def bus_passengers(app: Any) -> None:
    table = open_table(app, played(alice_in("passengers")))
    point(app, table.buttons["west"].rect.center)


@shot("bus_buildings")
def bus_buildings(app: Any) -> None:
    table = open_table(app, played(alice_in("buildings", 2)))
    lots = sorted(table.choices.lots())
    if lots:
        point(app, table.city.lot_point(*lot_key(lots[0])))


@shot("bus_clock")
def bus_clock(app: Any) -> None:
    table = open_table(app, played(alice_in("clock", 3), alice_takes="clock"))
    assert table.view is not None and table.view["phase"] == "clock", "the game never reached Alice's clock"
    point(app, table.buttons["stop"].rect.center)


@shot("bus_vrooom")
def bus_vrooom(app: Any) -> None:
    table = open_table(app, played(alice_in("vrooom", 2)))
    sources = sorted(table.choices.sources())
    if sources:
        click(app, table.city.waiting_point(sources[0]))
        targets = sorted(table.choices.targets(table.source))
        if targets:
            point(app, table.city.lot_point(*lot_key(targets[0])))


@shot("bus_ride", settle=0.5)
def bus_ride(app: Any) -> None:
    table = open_table(app, played(alice_in("vrooom", 2)))
    sources = sorted(table.choices.sources())
    if sources:
        click(app, table.city.waiting_point(sources[0]))
        targets = sorted(table.choices.targets(table.source))
        if targets:
            click(app, table.city.lot_point(*lot_key(targets[0])))


@shot("bus_end")
def bus_end(app: Any) -> None:
    open_table(app, played(lambda m: False))


@shot("bus_setup_screen")
def bus_setup_screen(app: Any) -> None:
    """The setup screen with Bus chosen: 3-5 seats and its two options."""
    from tools.shots.client import setup_for
    setup_for(app, "bus")


@shot("bus_rules")
def bus_rules(app: Any) -> None:
    from game.scenes.rules import RulesScene
    from game.scenes.title import TitleScene
    app.push(TitleScene(app))
    app.push(RulesScene(app, "bus"))


@shot("bus_results", settle=1.6)
def bus_results(app: Any) -> None:
    table = open_table(app, played(lambda m: False))
    for _ in range(40):
        app.step(0.1)
    table.open_results()


@shot("bus_five")
def bus_five(app: Any) -> None:
    """Five players: the longest column of player rows."""
    seats = [*SEATS, SeatInfo("Wilhelmina-Josephine", "bot", "normal", 4)]
    open_table(app, played(alice_in("choose", 2), seats=seats))
