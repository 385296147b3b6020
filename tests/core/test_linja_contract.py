"""Linja against the core contract: typed rejections, public views, sound snapshots, random play."""

from __future__ import annotations

import contextlib
import copy
import random

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.contract import GameDefinition, SnapshotError
from game.core.linja import GAME
from game.core.linja.position import ROW_LIMIT, ROWS
from game.match import Match, SeatInfo
from tests.core.linja_positions import make, move, snapshot_of

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10) | st.floats(allow_nan=True) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)


def msgpack_round_trip(value):
    return msgpack.unpackb(msgpack.packb(value, use_bin_type=True), raw=False, strict_map_key=True)


def random_game(rng: random.Random, seed: int):
    """Yield (state, seat, action) for each move of a game played by picking legal actions at random."""
    state = GAME.setup(2, seed)
    while GAME.outcome(state) is None:
        (seat,) = GAME.to_act(state)
        actions = GAME.legal(state, seat)
        assert actions, "the player to act always has a legal action"
        yield state, seat, rng.choice(actions)


def test_linja_implements_the_game_definition():
    assert isinstance(GAME, GameDefinition)
    assert (GAME.name, GAME.title, GAME.rules_version, GAME.min_players, GAME.max_players) == (
        "linja", "Linja", "1", 2, 2)
    assert GAME.default_options() == {"first": None}


# -- typed rejections ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("action", "code"), [
    (None, "linja.malformed"),
    ("initial", "linja.malformed"),
    ([("type", "initial")], "linja.malformed"),
    ({"from": 0}, "linja.malformed"),
    ({"type": 3, "from": 0}, "linja.malformed"),
    ({"type": "pass"}, "linja.unknown_action"),
    ({"type": "jump", "from": 0}, "linja.unknown_action"),
    ({"type": "initial"}, "linja.missing_row"),
    ({"type": "initial", "from": 0, "to": 1}, "linja.unexpected_key"),
    ({"type": "initial", "from": "0"}, "linja.bad_row"),
    ({"type": "initial", "from": 0.0}, "linja.bad_row"),
    ({"type": "initial", "from": True}, "linja.bad_row"),
    ({"type": "initial", "from": None}, "linja.bad_row"),
    ({"type": "initial", "from": -1}, "linja.bad_row"),
    ({"type": "initial", "from": 8}, "linja.bad_row"),
    ({"type": "initial", "from": 2**70}, "linja.bad_row"),
    ({"type": "follow", "from": 0}, "linja.wrong_phase"),
    ({"type": "initial", "from": 7}, "linja.no_piece"),
])
def test_malformed_and_illegal_actions_get_typed_rejections(action, code):
    state = GAME.setup(2, 1, {"first": 0})
    rejection = GAME.check(state, 0, action)
    assert rejection is not None and rejection.code == code
    assert rejection.message


@pytest.mark.parametrize("seat", [2, -1, None, "0", True])
def test_a_seat_that_does_not_exist_is_refused(seat):
    state = GAME.setup(2, 1, {"first": 0})
    assert GAME.check(state, seat, {"type": "initial", "from": 0}).code == "linja.bad_seat"


def test_it_must_be_your_turn_and_your_phase():
    state = GAME.setup(2, 1, {"first": 0})
    assert GAME.check(state, 1, {"type": "initial", "from": 7}).code == "linja.not_your_turn"
    assert GAME.legal(state, 1) == []
    move(state, 0, "initial", 0)
    assert GAME.check(state, 0, {"type": "initial", "from": 0}).code == "linja.wrong_phase"


@given(seat=st.integers(-1, 2) | JSON_VALUES, action=JSON_VALUES)
def test_check_never_raises_on_any_input(seat, action):
    state = GAME.setup(2, 3)
    before = GAME.snapshot(state)
    rejection = GAME.check(state, seat, action)
    assert rejection is None or rejection.code.startswith("linja.")
    assert GAME.snapshot(state) == before


# -- views and events --------------------------------------------------------------------------------------
def test_views_are_public_msgpack_safe_and_preview_every_legal_move():
    state = make({0: 10, 1: 1, 2: 1}, {1: 1, 2: 1, 7: 10})
    views = [GAME.view(state, seat) for seat in (0, 1, None)]
    for view in views:
        assert msgpack_round_trip(view) == view
        assert {key: value for key, value in view.items() if key != "seat"} == {
            key: value for key, value in views[0].items() if key != "seat"}
    assert [choice["from"] for choice in views[0]["choices"]] == [a["from"] for a in GAME.legal(state, 0)]
    preview = {choice["from"]: choice for choice in views[0]["choices"]}
    assert preview[1] == {"from": 1, "to": 2, "steps": 2}
    move(state, 0, "initial", 1)
    preview = {choice["from"]: choice for choice in GAME.view(state, 0)["choices"]}
    assert preview[2] == {"from": 2, "to": 4, "extra_turn": True}
    assert preview[0] == {"from": 0, "to": 2, "extra_turn": False}


def test_the_preview_says_which_moves_end_the_game():
    # Gap G4 as the player sees it: A's last piece reaching the target row would earn one step,
    # and a following move onto the empty row 4 an extra turn, but both end the game instead.
    state = make({6: 1, 7: 11}, {6: 1, 0: 11})
    assert GAME.view(state, 0)["choices"] == [{"from": 6, "to": 7, "steps": 0, "ends_game": True}]
    state = make({3: 1, 5: 5, 7: 6}, {3: 1, 2: 5, 0: 6}, phase="following", steps=1)
    preview = {choice["from"]: choice for choice in GAME.view(state, 0)["choices"]}
    assert preview[3] == {"from": 3, "to": 4, "extra_turn": False, "ends_game": True}
    assert preview[5] == {"from": 5, "to": 6, "extra_turn": True}  # row 6 was empty; the game goes on


def test_events_are_msgpack_safe_and_the_same_for_everyone():
    state = GAME.setup(2, 4, {"first": 1})
    events = move(state, 1, "initial", 7)
    for event in events:
        assert msgpack_round_trip(event) == event
        assert all(GAME.view_event(state, event, seat) == event for seat in (0, 1, None))
    assert GAME.secrets(state) == {}


# -- snapshots ---------------------------------------------------------------------------------------------
def test_snapshot_restores_the_same_game_and_survives_msgpack():
    state = GAME.setup(2, 9)
    move(state, GAME.to_act(state)[0], "initial", 0 if GAME.to_act(state) == [0] else 7)
    data = msgpack_round_trip(GAME.snapshot(state))
    restored = GAME.restore(data)
    assert GAME.snapshot(restored) == GAME.snapshot(state)
    assert GAME.view(restored, 0) == GAME.view(state, 0)
    assert restored.rng.state == state.rng.state


def _corrupt(change):
    data = snapshot_of({0: 6, 1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1}, {7: 6, 1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1})
    change(data)
    return data


def _set(key, value):
    return lambda data: data.__setitem__(key, value)


def _set_row(row, counts):
    return lambda data: data["rows"].__setitem__(row, counts)


CORRUPTIONS = {
    "empty": lambda data: data.clear(),
    "other format": _set("format", "linie1"),
    "other version": _set("version", 2),
    "missing key": lambda data: data.pop("turn"),
    "extra key": _set("cheat", 1),
    "rows not a list": _set("rows", "x"),
    "seven rows": lambda data: data["rows"].pop(),
    "row not a pair": _set_row(3, [1]),
    "negative count": _set_row(7, [1, -1]),
    "bool count": _set_row(7, [0, True]),
    "float count": _set_row(7, [0, 6.0]),
    "thirteen pieces": _set_row(0, [7, 0]),
    "eleven pieces": _set_row(7, [0, 5]),
    "field row over the limit": lambda data: (data["rows"].__setitem__(0, [0, 0]),
                                              data["rows"].__setitem__(3, [7, 1])),
    "bad turn": _set("turn", 2),
    "bool turn": _set("turn", False),
    "bad first": _set("first", None),
    "unknown phase": _set("phase", "setup"),
    "steps before the initial move": _set("steps", 2),
    "steps not an int": _set("steps", "2"),
    "extra not a bool": _set("extra", 0),
    "rng negative": _set("rng", -1),
    "rng too big": _set("rng", 1 << 64),
    "moves negative": _set("moves", -3),
    "result while running": _set("result", "passed"),
    "over but not passed": lambda data: (data.__setitem__("phase", "over"), data.__setitem__("result", "passed")),
    "over with unknown reason": lambda data: (data.__setitem__("phase", "over"), data.__setitem__("result", 1)),
    "following without steps": _set("phase", "following"),
    "following with six steps": lambda data: (data.__setitem__("phase", "following"), data.__setitem__("steps", 6)),
}


@pytest.mark.parametrize("name", sorted(CORRUPTIONS))
def test_a_corrupt_snapshot_raises_snapshot_error(name):
    data = _corrupt(CORRUPTIONS[name])
    with pytest.raises(SnapshotError):
        GAME.restore(data)


@pytest.mark.parametrize("data", [None, [], "linja", 3, b"\x00"])
def test_a_snapshot_that_is_not_a_dict_raises_snapshot_error(data):
    with pytest.raises(SnapshotError):
        GAME.restore(data)


def test_the_uncorrupted_base_snapshot_restores():
    GAME.restore(_corrupt(lambda data: None))


def test_a_snapshot_whose_pieces_have_passed_must_be_over():
    with pytest.raises(SnapshotError):
        make({5: 2, 6: 4, 7: 6}, {0: 5, 1: 4, 2: 2, 4: 1})
    state = make({5: 2, 6: 4, 7: 6}, {0: 5, 1: 4, 2: 2, 4: 1}, phase="over", result="passed")
    assert GAME.outcome(state)["scores"] == [46, 41]


def test_a_snapshot_where_the_player_to_act_could_not_move_is_refused():
    with pytest.raises(SnapshotError):
        make({1: 6, 3: 6}, {4: 6, 0: 6}, turn=1)  # the rules would have passed B already
    with pytest.raises(SnapshotError):  # a "blocked" end where A could still move
        make({1: 6, 3: 6}, {4: 6, 0: 6}, phase="over", result="blocked")


@given(path=st.lists(st.integers(0, 20), min_size=1, max_size=3), value=JSON_VALUES)
def test_restore_raises_only_snapshot_error_on_any_mutation(path, value):
    data = GAME.snapshot(GAME.setup(2, 5))
    target = data
    for index in path[:-1]:
        keys = list(target) if isinstance(target, dict) else list(range(len(target)))
        if not keys or not isinstance(target[keys[index % len(keys)]], dict | list):
            break
        target = target[keys[index % len(keys)]]
    keys = list(target) if isinstance(target, dict) else list(range(len(target)))
    target[keys[path[-1] % len(keys)]] = value
    with contextlib.suppress(SnapshotError):
        GAME.restore(data)


# -- random legal play ---------------------------------------------------------------------------------------
@given(rng=st.randoms(use_true_random=False), seed=st.integers(0, 2**32))
def test_random_play_keeps_the_invariants_and_always_ends(rng, seed):
    for moves, (state, seat, action) in enumerate(random_game(rng, seed), start=1):
        GAME.apply(state, seat, action)
        rows = GAME.view(state, None)["rows"]
        assert sum(row[0] for row in rows) == 12 and sum(row[1] for row in rows) == 12
        assert all(sum(rows[row]) <= ROW_LIMIT for row in range(1, ROWS - 1))
        assert moves <= 2 * 12 * 7  # every move advances a piece; no piece advances more than 7 rows
    outcome = GAME.outcome(state)
    assert outcome["draw"] == (outcome["scores"][0] == outcome["scores"][1])
    assert outcome["winners"] == ([] if outcome["draw"] else [outcome["scores"].index(max(outcome["scores"]))])


@given(rng=st.randoms(use_true_random=False), seed=st.integers(0, 2**32))
def test_check_accepts_exactly_what_legal_lists(rng, seed):
    for state, seat, action in random_game(rng, seed):
        for who in (0, 1):
            listed = GAME.legal(state, who)
            for kind in ("initial", "follow"):
                for row in range(ROWS):
                    candidate = {"type": kind, "from": row}
                    assert (GAME.check(state, who, candidate) is None) == (candidate in listed)
        GAME.apply(state, seat, action)


@given(rng=st.randoms(use_true_random=False), seed=st.integers(0, 2**32), cut=st.integers(0, 80))
def test_snapshot_then_restore_plays_on_identically(rng, seed, cut):
    twin = None
    for index, (state, seat, action) in enumerate(random_game(rng, seed)):
        if index == cut:
            twin = GAME.restore(msgpack_round_trip(GAME.snapshot(state)))
        events = GAME.apply(state, seat, action)
        if twin is not None:
            assert GAME.check(twin, seat, copy.deepcopy(action)) is None
            assert GAME.apply(twin, seat, copy.deepcopy(action)) == events
            assert GAME.view(twin, seat) == GAME.view(state, seat)
    if twin is not None:
        assert GAME.outcome(twin) == GAME.outcome(state)


# -- through the Match authority -------------------------------------------------------------------------------
def test_a_match_plays_saves_and_loads_linja():
    match = Match("linja", [SeatInfo("Ada"), SeatInfo("Bo")], seed=12, options={"first": 0})
    assert match.submit(1, {"type": "initial", "from": 7}).rejection.code == "match.not_your_turn"
    assert match.submit(0, {"type": "initial", "from": 0}).ok
    assert match.submit(0, {"type": "follow", "from": 1}).ok
    loaded = Match.load(msgpack_round_trip(match.save()))
    assert loaded.view(1) == match.view(1)
    assert loaded.submit(1, {"type": "initial", "from": 7}).ok
    header, *entries, last = match.replay_lines()
    assert header["game"] == "linja" and len(entries) == 2 and last["outcome"] is None
