"""A whole Linie 1 game through the table's own controls: the human seat's every action (chosen by a
stand-in bot from that seat's view) goes in by keys and clicks as a player's would, and the results
name the winner the rules do. A control that hid a legal move would leave the game stuck."""

import time

import pygame

from game.bots import make_bot
from game.core.linie1.data import FACES, TERMINAL_AT
from game.match import Match, SeatInfo
from game.scenes.results import ResultsScene
from game.session import LocalSession
from game.tables.launch import TableConfig
from game.tables.linie1.table import ORIGIN, Linie1Table
from game.tables.linie1.trip import TripChooser
from tests.client.helpers import click, key, run


def turn_to(app, table, tile, rot, slots=None):
    """Pick ``tile`` (the last of its twins when ``slots`` says so) and turn it until it lies as ``rot``."""
    hand = table.hand()
    slot = max(i for i, held in enumerate(hand) if held == tile) if slots == "last" else hand.index(tile)
    if table.selected != slot:
        run(app, 0.02, key(pygame.K_1 + slot))
    for _ in range(4):
        if FACES[(tile, table.rotations[slot])] == FACES[(tile, rot)]:
            return
        run(app, 0.02, key(pygame.K_r))
    raise AssertionError(f"tile {tile} never turned to {rot}")


def lay(app, table, spec, slots=None):
    turn_to(app, table, spec["tile"], spec["rot"], slots)
    run(app, 0.02, click(table.board.cell_rect(tuple(spec["cell"]), ORIGIN).center))


def play(app, table, action):
    """``action`` by the controls a player uses for it."""
    kind = action["type"]
    if kind in ("place", "exchange"):
        lay(app, table, action)
    elif kind == "exchange2":
        lay(app, table, action["first"])
        assert table.pair_first is not None, "the first exchange of the pair was not held"
        lay(app, table, action["second"], "last")
    elif kind == "declare":
        assert table.trip_button.visible
        run(app, 0.02, click(table.trip_button.rect.center))
        chooser = app.stack.top
        assert isinstance(chooser, TripChooser)
        index = next(i for i, c in enumerate(chooser.candidates)
                     if c["start"] == action["start"] and c["route"] == action["route"])
        run(app, 0.02, key(pygame.K_1 + index))
        run(app, 0.02, click(chooser.go.rect.center))
    elif kind == "take":
        index = next(i for i, slot in enumerate(table.refill_slots()) if slot[1] == action["tile"])
        run(app, 0.02, key(pygame.K_1 + index))
    else:
        assert kind in ("end_turn", "roll"), kind
        run(app, 0.02, key(pygame.K_n))


def test_a_whole_game_played_through_the_tables_controls_ends_with_the_winner_the_rules_name(app):
    app.settings.animation_speed = 4.0
    seats = [SeatInfo("Ada"), SeatInfo("Bot", "bot", "easy")]
    match = Match("linie1", seats, 3)
    table = Linie1Table(app, LocalSession(match, bot_seed=3), TableConfig("linie1", seats, {}))
    app.push(table)
    stand_in = make_bot("linie1", "normal", 102)
    deadline = time.monotonic() + 120
    while not isinstance(app.stack.top, ResultsScene):
        assert time.monotonic() < deadline, "the game never reached its results"
        if table.my_turn:
            version, action = match.version, stand_in.decide(match.view(0))
            play(app, table, action)
            for _ in range(40):
                run(app, 0.05)
                if match.version != version:
                    break
            assert match.version != version, (action, table.message)  # the controls made the move
        table.show.skip()
        run(app, 0.05)
    state = match.state
    assert state.winner is not None and not state.stalemate
    trip = state.trips[state.winner]  # the winner's tram stands in a cell of its own line's far terminal
    assert trip.position == len(trip.cells) - 1
    assert TERMINAL_AT[tuple(trip.cells[-1])].line == state.lines[state.winner]
    assert [figure.seat for figure in app.stack.top.figures if figure.winner] == [state.winner]
