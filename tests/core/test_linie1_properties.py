"""Properties over random legal play: conservation, L1 on every rail, signs, secrecy, snapshots."""

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.linie1.bot import Linie1Bot
from game.core.linie1 import GAME
from game.core.linie1.board import NEIGHBOURS
from game.core.linie1.data import BESIDE_BUILDING, MASKS, TERMINAL_AT, TOTAL_TILES
from game.core.linie1.geometry import opposite
from game.core.rng import Rng


def play(players, seed, steps, bots=False):
    """Yield the state after each of up to ``steps`` random legal actions (or bot actions)."""
    state = GAME.setup(players, seed)
    rng = Rng(seed ^ 0xBEEF)
    agents = {s: Linie1Bot("normal", seed + s) for s in range(players)} if bots else {}
    for _ in range(steps):
        if GAME.outcome(state) is not None:
            return
        seat = GAME.to_act(state)[0]
        if bots:
            action = agents[seat].decide(GAME.view(state, seat))
        else:
            actions = list(GAME.legal(state, seat))
            action = actions[rng.below(len(actions))]
        assert GAME.check(state, seat, action) is None, action
        GAME.apply(state, seat, action)
        yield state


def assert_invariants(state):
    board = state.board
    laid = len(board.tiles)
    in_hands = sum(len(h) for h in state.hands)
    assert laid + in_hands + len(state.pile) + len(state.box) == TOTAL_TILES
    for cell, placed in board.tiles.items():
        mask = MASKS[placed]
        for edge, other, kind in NEIGHBOURS[cell]:
            rail = mask >> edge & 1
            if kind == "play" and other in board.tiles:
                assert rail == MASKS[board.tiles[other]] >> opposite(edge) & 1, (cell, other)
            elif kind == "building":
                assert not rail
            elif kind == "terminal":
                assert rail and TERMINAL_AT[other]
            elif kind == "border":
                assert not rail
    assert len(set(board.signs.values())) == len(board.signs)
    for letter, cell in board.signs.items():
        assert BESIDE_BUILDING[cell] == letter and cell in board.tiles
    # every building with a tile beside it has exactly one sign
    for cell, letter in BESIDE_BUILDING.items():
        if cell in board.tiles:
            assert letter in board.signs


def assert_view_secret(state):
    secrets = GAME.secrets(state)
    for seat in [None, *range(state.players)]:
        view = GAME.view(state, seat)
        assert "pile" not in view
        for player in view["players"]:
            s = player["seat"]
            if s != seat and not state.revealed[s]:
                assert player["line"] is None and player["route_card"] is None and player["stops"] is None
            else:
                assert player["line"] == secrets["seats"][s]["line"]


@given(players=st.integers(2, 5), seed=st.integers(0, 10**6))
def test_random_play_keeps_the_invariants(players, seed):
    for state in play(players, seed, 60):
        assert_invariants(state)
    assert_view_secret(state)


@settings(max_examples=8)
@given(players=st.integers(2, 5), seed=st.integers(0, 10**6))
def test_bot_play_keeps_the_invariants_and_secrets(players, seed):
    for count, state in enumerate(play(players, seed, 300, bots=True), start=1):
        if count % 25 == 0:
            assert_invariants(state)
            assert_view_secret(state)
    assert_invariants(state)


@settings(max_examples=10)
@given(players=st.integers(2, 5), seed=st.integers(0, 10**6), cut=st.integers(5, 90))
def test_snapshot_restore_then_identical_play(players, seed, cut):
    state = None
    for state in play(players, seed, cut, bots=True):  # noqa: B007
        pass
    data = GAME.snapshot(state)
    twin = GAME.restore(data)
    assert GAME.snapshot(twin) == data
    bots = {s: Linie1Bot("normal", 7 + s) for s in range(players)}
    for _ in range(40):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_act(state)[0]
        view = GAME.view(state, seat)
        # The twin's seat sees the same, key order included: a bot of the same seed would act alike
        # there (a bot reads nothing but its view), so one bot's action plays on in both.
        assert in_order(GAME.view(twin, seat)) == in_order(view)
        action = bots[seat].decide(view)
        assert GAME.apply(state, seat, action) == GAME.apply(twin, seat, action)
    assert GAME.snapshot(state) == GAME.snapshot(twin)


def in_order(value):
    """``value`` with every map as its list of items: equal only when the keys come in one order."""
    if isinstance(value, dict):
        return [(key, in_order(item)) for key, item in value.items()]
    if isinstance(value, (list, tuple)):
        return [in_order(item) for item in value]
    return value
