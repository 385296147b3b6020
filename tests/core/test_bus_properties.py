"""Random whole games of Bus keep every invariant after every action: passengers conserved, one
passenger per building, lots filled in zone order, markers spent once, score = deliveries - stones,
somebody always able to act until the end, and the view rebuilding the very state."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.bus import GAME, city
from game.core.bus.data import rules_for
from game.core.bus.state import BusState
from game.core.rng import Rng
from tests.core.bus_helpers import NET


def check_invariants(state: BusState, placed: list[int], delivered: list[int]) -> None:
    rules = rules_for(state.players, state.options)
    assert sum(state.passengers) + state.supply == rules.passengers
    assert len(set(state.seated)) == len(state.seated)
    for lot in state.seated:
        assert state.buildings[lot] == city.wanted(state, rules)
    for crossing in range(NET.crossings):
        assert city.waiting_at(NET, state, crossing) >= 0
    built_zones = {NET.lot_zone[lot] for lot, kind in enumerate(state.buildings) if kind}
    if state.phase != "setup_buildings":
        for zone in built_zones:
            for lower in range(1, zone):
                assert all(state.buildings[lot] for lot in range(NET.lots) if NET.lot_zone[lot] == lower)
    else:
        assert built_zones <= {1}
    for seat in range(state.players):
        assert state.markers[seat] + placed[seat] == rules.action_markers
        assert state.score[seat] == delivered[seat]
    assert sum(state.stones) + state.stones_left == rules.time_stones
    outcome = GAME.outcome(state)
    if outcome is not None:
        assert outcome["scores"] == [s - t for s, t in zip(state.score, state.stones, strict=True)]
    else:
        seat = GAME.to_act(state)[0]
        assert GAME.legal(state, seat)


def play_randomly(players: int, seed: int, options: dict | None = None, pass_chance: float = 0.5) -> BusState:
    state = GAME.setup(players, seed, options)
    rng = Rng(seed * 17 + 3)
    placed = [0] * players
    delivered = [0] * players
    for step in range(5000):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_act(state)[0]
        legal = GAME.legal(state, seat)
        passing = [action for action in legal if action["type"] == "pass"]
        action = passing[0] if passing and rng.random() < pass_chance else rng.choice(legal)
        assert GAME.check(state, seat, action) is None
        for event in GAME.apply(state, seat, action):
            if event["type"] == "marker_placed":
                placed[event["seat"]] += 1
            elif event["type"] == "delivered":
                delivered[event["seat"]] += 1
        check_invariants(state, placed, delivered)
        if step % 25 == 0:
            assert GAME.snapshot(GAME.state_from_view(GAME.view(state, None))) == GAME.snapshot(state)
    assert GAME.outcome(state) is not None
    return state


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(3, 5), seed=st.integers(0, 10_000), edition=st.sampled_from(["current", "1999"]),
       bonus=st.sampled_from(["line_expansion", "all"]), pass_chance=st.sampled_from([0.2, 0.6, 0.95]))
def test_random_whole_games_keep_every_invariant(players, seed, edition, bonus, pass_chance):
    play_randomly(players, seed, {"edition": edition, "five_player_bonus": bonus}, pass_chance)


def test_games_end_in_each_way():
    reasons = {play_randomly(players, seed, pass_chance=chance).ended
               for players, seed, chance in ((3, 1, 0.95), (4, 2, 0.95), (5, 3, 0.1), (3, 4, 0.1), (4, 5, 0.5))}
    assert "markers" in reasons and reasons <= {"markers", "lots", "clock"}
