"""Shots of the Line Expansion table: the start, mid-game previews (a legal street, a refused one, the
action board), the final count under way and done."""

from __future__ import annotations

from typing import Any

import pygame

from game.bots import make_bot
from game.match import Match, SeatInfo
from game.session import LocalSession
from game.tables.lines import hud
from game.tables.lines.figures import lines_figures
from game.tables.lines.table import LinesTable
from tools.screenshot import shot

SEATS = [SeatInfo("Alice", "human", "normal", 0), SeatInfo("Tramina", "bot", "normal", 1),
         SeatInfo("Bimmel", "bot", "easy", 2)]


def _played(actions: int, until: Any = None, seats: list[SeatInfo] | None = None) -> Match:
    """A game where bots play every seat for ``actions`` actions, then on until ``until(match)``."""
    match = Match("lines", list(seats or SEATS), 7)
    bots = [make_bot("lines", "normal", seat) for seat in range(len(match.seats))]
    played = 0
    while not match.finished and (played < actions or (until is not None and not until(match))):
        seat = match.to_act()[0]
        match.submit(seat, bots[seat].decide(match.view(seat)))
        played += 1
    return match


def _open(app: Any, match: Match) -> LinesTable:
    table = LinesTable(app, LocalSession(match), None)
    app.push(table)
    app.step(0.1)
    return table


def _point(app: Any, pos: tuple[float, float]) -> None:
    target = (round(pos[0]), round(pos[1]))
    app.step(0.02, [pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(0, 0, 0))])


def _alice_builds(match: Match) -> bool:
    return match.to_act() == [0] and match.state.phase == "build"


@shot("lines_start")
def lines_start(app: Any) -> None:
    match = _played(0)
    table = _open(app, match)
    _point(app, table.city.street_middle(39))


@shot("lines_mid")
def lines_mid(app: Any) -> None:
    match = _played(30, _alice_builds)
    table = _open(app, match)
    streets = sorted(table.choices.streets())
    _point(app, table.city.street_middle(streets[len(streets) // 2]))


@shot("lines_refused")
def lines_refused(app: Any) -> None:
    match = _played(30, _alice_builds)
    table = _open(app, match)
    refused = [street for street in range(table.city.net.streets)
               if "(B2)" in (table.choices.street_refusal(street) or "")]
    street = refused[0] if refused else next(s for s in range(70) if s not in table.choices.streets())
    _point(app, table.city.street_middle(street))
    app.step(0.02, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.stack.top.pointer, button=1)])


@shot("lines_choose")
def lines_choose(app: Any) -> None:
    match = _played(40, lambda m: m.to_act() == [0] and m.state.phase == "choose")
    table = _open(app, match)
    assert table.view is not None
    _point(app, hud.space_rects(table.view)["A"].center)


def _last_move(seats: list[SeatInfo]) -> Match:
    """The game one action before its end (every seat a bot, so the table plays the last move)."""
    match = Match("lines", seats, 7)
    bots = [make_bot("lines", "normal", seat) for seat in range(len(seats))]
    while True:
        save = match.save()
        seat = match.to_act()[0]
        match.submit(seat, bots[seat].decide(match.view(seat)))
        if match.finished:
            return Match.load(save)


BOTS = [SeatInfo("Alice", "bot", "normal", 0), SeatInfo("Tramina", "bot", "normal", 1),
        SeatInfo("Bimmel", "bot", "easy", 2)]


@shot("lines_count", settle=3.4)
def lines_count(app: Any) -> None:
    _open(app, _last_move(list(BOTS)))


@shot("lines_end", settle=8.0)
def lines_end(app: Any) -> None:
    _open(app, _last_move(list(BOTS)))


@shot("lines_results", settle=1.6)
def lines_results(app: Any) -> None:
    from game.scenes.results import ResultsScene
    match = _played(10_000, seats=list(BOTS))
    view = match.view(None)
    outcome = match.outcome() or {}
    app.push(ResultsScene(app, lines_figures(view, outcome), outcome, play_again=lambda: None,
                          title="Line Expansion · 3 players"))
