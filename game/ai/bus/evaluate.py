"""What a Bus position is worth to one seat: the pieces the bots weigh their choices with.

Everything here reads a state rebuilt from the seat's own view (the game is public) and asks the
real rules (``game.core.bus``) what may happen; nothing here decides.
"""

from __future__ import annotations

from game.core.bus import city
from game.core.bus.data import KINDS, VROOOM, Rules
from game.core.bus.network import Board
from game.core.bus.state import BusState
from game.core.bus.streets import Move, Surroundings, extend, line_streets

STATION_VALUE = 3.0  # new passengers arrive at stations: a line through one is fed every round
LOT_VALUE = 1.0  # a lot will hold a building (a destination, or a reason for a passenger to leave)
PASSENGER_VALUE = 0.7
SHARED_PENALTY = 0.35  # per other line already touching the crossing: they compete for it


def crossing_value(net: Board, state: BusState, seat: int, crossing: int) -> float:
    """How much a line gains by touching ``crossing``."""
    others = sum(1 for other in range(state.players) if other != seat and crossing in state.paths[other])
    value = LOT_VALUE * len(net.crossing_lots[crossing])
    value += 0.5 * sum(1 for lot in net.crossing_lots[crossing] if state.buildings[lot])
    value += STATION_VALUE if net.specials[crossing] == "station" else 0.0
    value += PASSENGER_VALUE * state.passengers[crossing]
    return value * (1.0 - min(0.7, SHARED_PENALTY * others))


def best_street(net: Board, state: BusState, seat: int, moves: list[Move], depth: int = 2) -> Move:
    """The street whose new crossing, and the best crossing one street beyond, are worth most."""
    surroundings = Surroundings(net, state.paths, seat)
    touched = set(state.paths[seat])
    values = [crossing_value(net, state, seat, crossing) for crossing in range(net.crossings)]

    def gain(path: list[int], seen: set[int], level: int) -> float:
        own = set(line_streets(net, path))
        best = 0.0
        for move in surroundings.moves(path, own):
            here = 0.0 if move.to in seen else values[move.to]
            if surroundings.others_on[move.street]:
                here -= 0.5
            if level > 1:
                grown = list(path)
                extend(grown, move)
                here += 0.6 * gain(grown, seen | {move.to}, level - 1)
            best = max(best, here)
        return best

    scored = []
    for move in moves:
        grown = list(state.paths[seat])
        extend(grown, move)
        here = 0.0 if move.to in touched else values[move.to]
        if surroundings.others_on[move.street]:
            here -= 0.5
        here += 0.6 * gain(grown, touched | {move.to}, depth - 1) if depth > 1 else 0.0
        scored.append((here, -move.street, move))
    return max(scored)[2]


def deliveries(net: Board, state: BusState, rules: Rules, seat: int, kind: str) -> int:
    """How many passengers ``seat`` could deliver now if passengers wanted ``kind`` (its buses, the
    waiting passengers and empty buildings on its line, seating worked out afresh)."""
    saved_clock, saved_seated = state.clock, state.seated
    state.clock = rules.clock.index(kind)
    state.seated = city.seat_passengers(net, state, kind)
    try:
        return city.forced_deliveries(net, state, rules, seat)
    finally:
        state.clock, state.seated = saved_clock, saved_seated


def kind_counts_on_line(net: Board, state: BusState, seat: int) -> dict[str, int]:
    counts = dict.fromkeys(KINDS, 0)
    for crossing in set(state.paths[seat]):
        for lot in net.crossing_lots[crossing]:
            kind = state.buildings[lot]
            if kind:
                counts[kind] += 1
    return counts


def others_on(state: BusState, seat: int, crossing: int) -> int:
    return sum(1 for other in range(state.players) if other != seat and crossing in state.paths[other])


def expected_kind(state: BusState, rules: Rules) -> str:
    """What passengers will want at this round's Vrrooomm!: the hand moves on unless someone holds the
    Clock (then it is anyone's guess: assume it runs as well)."""
    return rules.clock[(state.clock + 1) % len(rules.clock)]


def vrooom_ahead(state: BusState, seat: int) -> int:
    """Vrrooomm! markers placed before the seat's next one would be (by other seats)."""
    return sum(1 for other in state.spaces.get(VROOOM, []) if other != seat)
