"""Random whole games of Bus keep every invariant after every action: passengers conserved, one
passenger per building, lots filled in zone order, markers spent once, score = deliveries - stones,
somebody always able to act until the end, and the view rebuilding the very state."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.bus import GAME, city
from game.core.bus.data import rules_for
from game.core.bus.state import BusState
from game.core.contract import RuleViolation, SnapshotError
from game.core.rng import Rng
from game.match import Match, SeatInfo
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


def played(players: int, seed: int, stop: int) -> BusState:
    """A random game stopped after ``stop`` actions (or at its end)."""
    state = GAME.setup(players, seed)
    rng = Rng(seed)
    for _ in range(stop):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, rng.choice(GAME.legal(state, seat)))
    return state


ANYTHING = st.one_of(st.none(), st.booleans(), st.integers(-5, 80), st.text(max_size=4), st.floats(),
                     st.lists(st.integers(-1, 40), max_size=3), st.dictionaries(st.text(max_size=2), st.integers()))
FIELDS = ["type", "street", "head", "lot", "kind", "action", "counts", "stop", "from"]
KINDS_OF_ACTION = ["building", "street", "choose", "pass", "passengers", "clock", "deliver", None]


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 5), st.integers(0, 2**32), st.integers(0, 150),
       st.dictionaries(st.sampled_from(FIELDS), ANYTHING), st.sampled_from(KINDS_OF_ACTION))
def test_check_never_raises_and_apply_follows_check(players, seed, stop, action, kind):
    state = played(players, seed, stop)
    if kind is not None:
        action = {**action, "type": kind}
    for seat in (*range(players), None, -1, "x"):
        before = GAME.snapshot(state)
        verdict = GAME.check(state, seat, action)
        if verdict is None:
            GAME.apply(state, seat, action)
            break
        assert verdict.code.startswith("bus.") and verdict.message
        with pytest.raises(RuleViolation):
            GAME.apply(state, seat, action)
        assert GAME.snapshot(state) == before


def test_a_resolving_marker_in_a_phase_without_spaces_is_a_corrupt_save():
    data = GAME.snapshot(played(3, 0, 0))
    data["current"] = 0  # the setup phases have no action spaces to resolve
    with pytest.raises(SnapshotError):
        GAME.restore(data)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 150), st.sampled_from(sorted(GAME.snapshot(GAME.setup(3, 0)))),
       ANYTHING)
def test_corrupt_snapshots_raise_snapshot_error_only(seed, stop, key, value):
    data = GAME.snapshot(played(3, seed, stop))
    data[key] = value
    try:
        restored = GAME.restore(data)
    except SnapshotError:
        return
    if GAME.outcome(restored) is None:  # accepted: then it must be a playable state
        assert GAME.legal(restored, GAME.to_act(restored)[0])


def test_legal_lists_exactly_what_check_accepts_for_the_decision_due():
    for seed in range(6):
        state = played(4, seed, 40 + 17 * seed)
        if GAME.outcome(state) is not None:
            continue
        seat = GAME.to_act(state)[0]
        legal = GAME.legal(state, seat)
        assert legal and all(GAME.check(state, seat, action) is None for action in legal)
        for other in range(4):
            if other != seat:
                assert GAME.legal(state, other) == []


def test_a_match_saves_and_loads_mid_game_and_plays_on_identically():
    match = Match("bus", [SeatInfo(f"P{i}") for i in range(4)], seed=4)
    rng = Rng(4)
    for _ in range(90):
        seat = match.to_act()[0]
        assert match.submit(seat, rng.choice(GAME.legal(match.state, seat))).ok
    loaded = Match.load(match.save())
    assert GAME.snapshot(loaded.state) == GAME.snapshot(match.state)
    while not match.finished:
        seat = match.to_act()[0]
        action = rng.choice(GAME.legal(match.state, seat))
        assert match.submit(seat, action).ok and loaded.submit(seat, action).ok
    assert loaded.outcome() == match.outcome() and GAME.secrets(match.state) == {}


def test_a_save_from_an_earlier_rules_version_is_refused_with_a_reason():
    """Rules versions 2 and 3 changed B2 (2): a Bus save made under an earlier one must not load silently."""
    match = Match("bus", [SeatInfo(f"P{i}") for i in range(3)], seed=2)
    data = match.save()
    assert data["rules_version"] == GAME.rules_version == "3"
    for earlier in ("1", "2"):
        with pytest.raises(SnapshotError, match="other rules"):
            Match.load({**data, "rules_version": earlier})
    assert GAME.snapshot(Match.load(data).state) == GAME.snapshot(match.state)


def test_a_save_whose_chooser_has_no_marker_left_is_refused_not_stuck():
    """The choosing phase passes a seat without markers by itself (§5.1), so a save that asks such a
    seat to choose is corrupt: it must be refused, not load into a turn where every offer is refused."""
    state = played(3, 5, 0)
    while state.phase != "choose":
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, GAME.legal(state, seat)[0])
    seat = GAME.to_act(state)[0]
    data = GAME.snapshot(state)
    data["markers"][seat] = 0
    with pytest.raises(SnapshotError):
        GAME.restore(data)
    state.markers[seat] = 0
    assert all(GAME.check(state, seat, action) is None for action in GAME.legal(state, seat))


def test_a_save_with_a_marker_due_on_no_space_is_refused():
    """A resolving save whose markers still due name spaces nobody took would crash a later turn."""
    state = GAME.setup(4, 0)
    while not (state.phase == "line" and state.pending == []):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal(state, seat)
        line = [a for a in legal if a.get("action") == "line"]
        GAME.apply(state, seat, line[0] if line and state.placed[seat] < 2 else legal[-1])
    data = GAME.snapshot(state)
    assert GAME.snapshot(GAME.restore(data)) == data
    for pending in ([len(state.spaces["line"])], [state.current], [0, 0]):
        with pytest.raises(SnapshotError):
            GAME.restore({**data, "pending": pending})
    state = GAME.setup(3, 1)
    while state.phase != "choose":
        GAME.apply(state, GAME.to_act(state)[0], GAME.legal(state, GAME.to_act(state)[0])[0])
    with pytest.raises(SnapshotError):
        GAME.restore({**GAME.snapshot(state), "pending": [0]})


def test_a_save_whose_seated_passengers_the_rules_could_not_seat_is_refused():
    """§5.3.6: a seated passenger sits in a building of the wanted type on its own crossing, and only
    during Vrrooomm!; a save saying otherwise would make passengers appear or vanish in a later ride."""
    from tests.core.bus_helpers import after_setup, lots_at, resolve, set_line

    state = after_setup(4, 0)
    set_line(state, 0, [14, 11, 15, 20])
    state.buildings = [None] * NET.lots
    state.clock = 2  # the hand turns to house before Vrrooomm!
    state.buildings[lots_at(11)[0]] = state.buildings[lots_at(11)[1]] = state.buildings[lots_at(15)[0]] = "house"
    state.buildings[lots_at(19)[0]] = "office"
    resolve(state, {"vrooom": [0]})
    data = GAME.snapshot(state)
    assert state.phase == "vrooom" and data["seated"] == [lots_at(11)[0], lots_at(15)[0]]
    assert GAME.snapshot(GAME.restore(data)) == data
    for seated in ([lots_at(19)[0]], [lots_at(11)[0], lots_at(11)[1]], [lots_at(7)[0]]):
        with pytest.raises(SnapshotError):  # an office; two at 11 for one passenger; a lot with no building
            GAME.restore({**data, "seated": seated})
    choosing = GAME.snapshot(after_setup(4, 0))
    with pytest.raises(SnapshotError):
        GAME.restore({**choosing, "seated": [lots_at(11)[0]]})
