"""Whole games of Bus watched by an independent referee (``bus_referee``): every event is checked
against the rule texts' numbers and order, every offer against what the rules allow, and the
referee's picture against the core's state after every action."""

from __future__ import annotations

import pytest

from game.bots import make_bot
from game.core.bus import GAME, rounds
from game.core.rng import Rng
from game.match import Match, SeatInfo
from tests.core.bus_helpers import NET
from tests.core.bus_referee import Referee, RefereeError


def watched(match: Match) -> Referee:
    referee = Referee(NET, len(match.seats), match.options)
    referee.begin(match.state.start_player)
    return referee


def step(referee: Referee, match: Match, seat: int, action: dict) -> None:
    referee.offers(seat, GAME.legal(match.state, seat))
    submitted = match.submit(seat, action)
    assert submitted.ok, (action, submitted.rejection)
    referee.observe(seat, submitted.events)
    referee.after_round_check(submitted.events)
    referee.matches(match.state)


def test_a_bot_game_follows_the_rules_from_setup_to_the_end():
    seats = [SeatInfo(f"p{seat}", "bot", level) for seat, level in enumerate(("normal", "easy", "normal", "easy"))]
    match = Match("bus", seats, 3)
    referee = watched(match)
    bots = [make_bot("bus", seat.level, index) for index, seat in enumerate(seats)]
    while not match.finished:
        seat = match.to_act()[0]
        step(referee, match, seat, bots[seat].decide(match.view(seat)))
    assert referee.over


def test_a_five_player_game_that_stops_time_to_its_last_stone_follows_the_rules():
    match = Match("bus", [SeatInfo(f"p{seat}") for seat in range(5)], 4, {"five_player_bonus": "all"})
    referee = watched(match)
    rng = Rng(11)
    while not match.finished:
        seat = match.to_act()[0]
        legal = GAME.legal(match.state, seat)
        wanted = [a for a in legal if a["type"] == "pass" or a == {"type": "clock", "stop": True}]
        step(referee, match, seat, wanted[0] if wanted and rng.random() < 0.8 else rng.choice(legal))
    assert match.outcome()["reason"] == "clock"


def test_the_referee_sees_a_core_that_keeps_the_start_bus(monkeypatch):
    """The referee can fail: a core that leaves an unclaimed start-bus where it is (§5.3.7) is caught."""
    def keep_start_bus(state, taken, events):
        state.start_player = taken[0] if taken else state.start_player
        events.append({"type": "start_player", "seat": state.start_player, "taken": bool(taken)})

    monkeypatch.setattr(rounds, "_start_player", keep_start_bus)
    match = Match("bus", [SeatInfo(f"p{seat}") for seat in range(3)], 1)
    referee = watched(match)
    with pytest.raises(RefereeError, match="start player"):
        while not match.finished:
            seat = match.to_act()[0]
            legal = GAME.legal(match.state, seat)
            step(referee, match, seat, next((a for a in legal if a["type"] == "pass"), legal[0]))


def random_trail(rng: Rng, start: int, length: int, taken: set[int]) -> list[int]:
    """A trail from ``start``, preferring streets other lines left empty but often sharing one."""
    path, used = [start], set()
    for _ in range(length):
        options = [(street, to) for street, to in NET.adjacent[path[-1]]
                   if street not in used and (street not in taken or rng.random() < 0.6)]
        if not options:
            break
        street, to = rng.choice(options)
        used.add(street)
        path.append(to)
    return path if len(path) > 1 else list(NET.ends[rng.below(NET.streets)])


def test_crowded_crossings_offer_the_streets_b1_b2_allow():
    """Lines crowding one crossing (shared streets, heads on it, lines running through it, circles):
    the streets the core offers each seat are exactly those the referee reads from B1/B2."""
    for sample in range(300):
        rng = Rng(sample)
        players = 3 + sample % 3
        hub, taken, paths = rng.below(NET.crossings), set(), []
        for _ in range(players):
            path = random_trail(rng, hub if rng.random() < 0.6 else rng.below(NET.crossings), 1 + rng.below(8), taken)
            paths.append(path[::-1] if rng.random() < 0.5 else path)
            taken |= {NET.street_between(a, b) for a, b in zip(path, path[1:], strict=False)}
        state = GAME.setup(players, sample)
        state.paths = paths
        state.phase, state.queue = "setup_extend", []  # the lines alone decide what may be offered
        referee = Referee(NET, players, {})
        referee.paths = [list(path) for path in paths]
        for seat in range(players):
            state.queue = [seat]
            offered = {(action["street"], action["head"]) for action in GAME.legal(state, seat)}
            assert offered == referee.streets_allowed(seat), (paths, seat)
