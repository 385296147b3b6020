"""Whole seeded bot games through the match, checked after every action against what the rules
imply: every tile of the box in exactly one place, stop signs that never move, exchanges that only
add rails, frozen routes that stay on the board, trams driven by the trip rule, turns passed
clockwise, and the one winner the rule names. Two short games: the smallest table with the die,
the largest with the three dice."""

from collections import Counter

import pytest

from game.bots import make_bot
from game.core.linie1.data import FACES, HAND_SIZE, TERMINAL_AT, TILE_TYPES
from game.core.linie1.routes import RouteFault, validate_route
from game.match import Match, SeatInfo

BOX = {tile: info.pile + info.start for tile, info in TILE_TYPES.items()}


def tiles_everywhere(state):
    """Every tile of the box by type: on the board, in hands, in the pile and back in the box."""
    found = Counter(tile for tile, _rot in state.board.tiles.values())
    for hand in state.hands:
        found.update(hand)
    found.update(state.pile)
    found.update(state.box)
    return found


def next_halt(trip, position):
    return next((i for i in range(position + 1, len(trip.cells)) if trip.halts[i]), len(trip.cells) - 1)


def check_move(state, action, events, trip, before):
    """The tram went where the table's trip rule sends it from ``before`` (position, by H, dice),
    worked out here from the rule texts, not by the core's own functions."""
    position, by_h, dice, allowance = before
    last = len(trip.cells) - 1
    if action["type"] == "roll" and state.options["trip_rule"] == "die":
        face = next(e["face"] for e in events if e["type"] == "roll")
        assert trip.position == (next_halt(trip, position) if face == "H" else min(position + int(face), last))
    elif action["type"] == "drive":  # up to the squares chosen, stopping at the first halt
        assert 1 <= action["squares"] <= allowance
        assert trip.position == min(next_halt(trip, position), position + action["squares"], last)
    elif action["type"] == "choose_die":
        face = dice[action["die"]]
        if face == "T":  # back to the last sign entered (or the start terminal passed again), -1: the start
            start = TERMINAL_AT[tuple(trip.start)]
            signs = [tuple(c) in state.board.sign_at or TERMINAL_AT.get(tuple(c)) is start for c in trip.cells]
            kept = by_h and position >= 0 and signs[position]
            assert trip.position == (position if kept else max([-1] + [i for i in range(position) if signs[i]]))
        else:
            moves = {"R": position, "1": min(position + 1, last), "2": min(position + 2, last),
                     "H": next_halt(trip, position)}
            assert trip.position == moves[face] and trip.by_h is (face == "H" or (face == "R" and by_h))
    else:
        assert trip.position == position  # declaring, rolling the three dice or stopping: no move


@pytest.mark.parametrize(("players", "trip_rule", "levels", "seed"), [
    (2, "die", ("normal", "easy"), 3),
    (5, "three_dice", ("easy", "normal"), 4),
])
def test_a_whole_game_keeps_the_rules_after_every_action(players, trip_rule, levels, seed):
    seats = [SeatInfo(f"P{seat}", "bot", levels[seat % len(levels)]) for seat in range(players)]
    match = Match("linie1", seats, seed, {"trip_rule": trip_rule})
    bots = [make_bot("linie1", seats[seat].level, seed + seat) for seat in range(players)]
    state = match.state
    box, signs = list(state.box), dict(state.board.signs)
    while not match.finished:
        assert state.turn < 400, "the game should have ended"
        seat = match.to_act()[0]
        tiles, turn = dict(state.board.tiles), state.turn
        trip = state.trips[seat]
        before = (trip.position, trip.by_h, list(state.dice or []), state.allowance) if trip else None
        hands = [len(hand) for hand in state.hands]
        trams = [t.position if t else None for t in state.trips]
        action = bots[seat].decide(match.view(seat))
        submitted = match.submit(seat, action)
        assert submitted.ok, (action, submitted.rejection)

        assert tiles_everywhere(state) == BOX and state.box == box
        if action["type"] == "undo":
            signs = dict(state.board.signs)  # this turn's tiles (and their signs) are taken back
        else:
            for cell, placed in tiles.items():  # tiles stay; an exchange adds rails, never on trees
                now = state.board.tiles[cell]
                assert now == placed or (FACES[placed] < FACES[now] and not TILE_TYPES[placed[0]].tree)
        assert all(signs.setdefault(letter, cell) == cell for letter, cell in state.board.signs.items())
        for other in range(players):
            if state.driving(other):
                assert len(state.hands[other]) <= hands[other]  # drivers draw no more
                frozen = state.trips[other]
                assert other == seat or frozen.position == trams[other]  # only its own move moves a tram
                route = validate_route(state.board, state.lines[other], state.stops[other],
                                       tuple(frozen.start), [tuple(c) for c in frozen.cells])
                assert not isinstance(route, RouteFault), route
            else:
                assert len(state.hands[other]) <= HAND_SIZE
        if trip is not None:
            check_move(state, action, submitted.events, trip, before)
        if state.turn != turn:
            assert state.turn == turn + 1 and state.current == (seat + 1) % players
    outcome = match.outcome()
    assert not outcome["stalemate"] and len(outcome["winners"]) == 1
    winner = outcome["winners"][0]
    for seat in range(players):
        trip = state.trips[seat]
        arrived = trip is not None and trip.position == len(trip.cells) - 1
        assert arrived is (seat == winner)
