"""Shots of the Liniell table: the first tile, a placement with its ghost, a refused square, the
occupation preview, a connection, the final count under way and done, and the results.

Positions are reached by letting the project's own bots play a seeded match for a number of
actions, then handing the rest to the humans at the table (``table_after``; the tests use it too).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.bots import make_bot
from game.match import Match, SeatInfo
from game.render.liniell.geometry import tile_shape
from game.scenes.results import ResultsScene
from game.session import LocalSession
from game.tables.launch import TableConfig
from game.tables.liniell.figures import liniell_figures
from game.tables.liniell.table import LiniellTable
from tools.screenshot import shot

CONNECTION_SEED = 29  # with easy bots, seat 1's sixth tile (action 11) joins two occupied lines


def table_after(app: Any, actions: int, seed: int = 5, level: str = "easy", humans: tuple[int, ...] = (0, 1),
                push: bool = True) -> LiniellTable:
    """A table whose match the bots have played ``actions`` actions into; ``humans`` sit at it."""
    names = ["Ada", "Tramina"]
    seats = [SeatInfo(names[seat], "human" if seat in humans else "bot", level, seat) for seat in range(2)]
    match = Match("liniell", seats, seed)
    brains = [make_bot("liniell", level, seed * 10 + seat) for seat in range(2)]
    for _ in range(actions):
        if match.finished:
            break
        seat = match.to_act()[0]
        match.submit(seat, brains[seat].decide(match.view(seat)))
    table = LiniellTable(app, LocalSession(match, bot_seed=seed), TableConfig("liniell", seats, {}, seed))
    table.covered_for = match.view(0)["current"]  # the device is already in the right hands
    if push:
        app.push(table)
    return table


def point(app: Any, pos: tuple[float, float]) -> None:
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0),
                                         buttons=(0, 0, 0))])


def line_point(table: LiniellTable, line: str) -> tuple[float, float]:
    """A point on ``line`` where it runs through the tile just placed (to hover or click it)."""
    model = table.model
    assert model is not None and model.last is not None
    return piece_point(table, model.pieces_on(line, model.last)[0])


def piece_point(table: LiniellTable, ref: tuple[int, int, int]) -> tuple[float, float]:
    """A point well inside the tile that is nearer to piece ``ref`` than to any other."""
    assert table.model is not None
    x, y, piece = ref
    tile, rot = table.model.tiles[(x, y)]
    shape = tile_shape(tile, rot)
    points = [p for segment in shape.segments if segment.piece == piece for p in segment.points]
    inside = [p for p in points if min(p[0], 1 - p[0], p[1], 1 - p[1]) >= 0.06 and shape.piece_at(p) == piece]
    middle = len(inside) // 2
    return table.camera.on_tile((x, y), sorted(inside, key=lambda p: abs(inside.index(p) - middle))[0])


@shot("liniell_start", settle=0.8)
def start(app: Any) -> None:
    table = table_after(app, 0, humans=(0,))
    point(app, table.camera.tile_rect((0, 0)).center)


@shot("liniell_place", settle=0.8)
def place(app: Any) -> None:
    table = table_after(app, 14, humans=(0, 1))
    assert table.model is not None
    move = table.session.match.game.legal(table.session.match.state, table.model.current)[-1]
    table.turns = move["rot"]
    point(app, table.camera.tile_rect((move["x"], move["y"])).center)


@shot("liniell_refused", settle=0.6)
def refused(app: Any) -> None:
    table = table_after(app, 8, humans=(0, 1))
    assert table.model is not None
    x0, y0, x1, y1 = table.model.region()
    far = next((x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)
               if (x, y) not in table.model.tiles and (x, y) not in table.model.open_cells)
    point(app, table.camera.tile_rect(far).center)


@shot("liniell_occupy", settle=0.3)
def occupy(app: Any) -> None:
    table = table_after(app, 9, humans=(0, 1))
    assert table.model is not None
    free = table.model.free_lines_on_last()
    point(app, line_point(table, free[0]))


@shot("liniell_connect", settle=0.8)
def connect(app: Any) -> None:
    table_after(app, 11, seed=CONNECTION_SEED, humans=(0, 1))


@shot("liniell_counting", settle=3.2)
def counting(app: Any) -> None:
    table_after(app, 40, humans=(0, 1))


@shot("liniell_final", settle=14.0)
def final(app: Any) -> None:
    table_after(app, 40, humans=(0, 1))


@shot("liniell_results", settle=1.6)
def results(app: Any) -> None:
    table = table_after(app, 40, humans=(0,), push=False)
    view = table.session.view(0)
    table.show.reset(view)  # the table never opened: its title names the seats from this view
    app.push(ResultsScene(app, liniell_figures(view, view["outcome"]), view["outcome"], lambda: None,
                          table.results_title(view["outcome"])))


@shot("liniell_results_tie", settle=1.6)
def results_tie(app: Any) -> None:
    """Level on points: the winner's card says the blue rhombs broke the tie."""
    table = table_after(app, 40, humans=(0,), push=False)
    view = table.session.view(0)
    table.show.reset(view)
    outcome = dict(view["outcome"], scores=[7, 7], blue=[1, 3], winners=[1], draw=False)
    app.push(ResultsScene(app, liniell_figures(view, outcome), outcome, lambda: None, table.results_title(outcome)))
