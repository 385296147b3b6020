"""The three-dice trip (``trip_rule: "three_dice"``, linie1-variants): roll three dice and carry out
one; then stop, or roll two and carry out one; then stop, or roll one and carry it out. Red light:
no move; one or two green lights: one or two squares; H: to the next halt; tools: back to the last
stop sign passed (or the start terminal), and the turn ends at once."""

from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.contract import SnapshotError
from game.core.linie1 import GAME, my_dice_action, my_trip_candidates
from game.core.linie1.data import ROUTE_CARDS
from game.core.linie1.dice import DICE_FACES, carry_out, dice_turns, dice_values, stop_signs, tools_target
from game.core.linie1.routes import expected_turns
from game.core.linie1.saves import state_from_view
from game.core.rng import Rng
from tests.core.linie1_helpers import LINE1_ROUTE as ROUTE
from tests.core.linie1_helpers import code, declared_trip, line1_route_state

SIGNS = (4, 7, 9, 12, 15)  # G, F, M, L, E along ROUTE; square 16 is the destination terminal


def dice_trip():
    return declared_trip("three_dice")


def rolled(state, *faces):
    """Seat 0 rolls, and the dice show ``faces`` (the roll's own faces are replaced)."""
    GAME.apply(state, 0, {"type": "roll"})
    assert len(state.dice) == len(faces)
    state.dice = list(faces)


def choose(state, face):
    return GAME.apply(state, 0, {"type": "choose_die", "die": state.dice.index(face)})


def test_the_option_is_checked_and_the_route_knows_its_signs():
    assert GAME.validate_options({"trip_rule": "three_dice"})["trip_rule"] == "three_dice"
    with pytest.raises(ValueError):
        GAME.validate_options({"trip_rule": "four_dice"})
    state = dice_trip()
    trip = state.trips[0]
    assert [i for i, sign in enumerate(stop_signs(trip.cells, trip.halts)) if sign] == list(SIGNS)
    assert trip.halts[16]  # the destination terminal is a halt, never a sign tools return to
    assert sorted(DICE_FACES) == ["1", "2", "2", "H", "R", "T"]


def test_a_trip_turn_starts_with_three_dice_and_refuses_everything_else():
    state = dice_trip()
    assert list(GAME.legal(state, 0)) == [{"type": "roll"}]
    assert GAME.view(state, 1)["dice"] == {"rolled": None, "next": 3}
    assert code(state, 0, {"type": "end_turn"}) == "linie1.driving_dice"
    assert code(state, 0, {"type": "choose_die", "die": 0}) == "linie1.roll_first"
    assert code(state, 0, {"type": "drive", "squares": 1}) == "linie1.three_dice_rule"
    assert code(state, 0, {"type": "place", "tile": 1, "cell": [5, 5], "rot": 0}) == "linie1.driving_dice"
    events = GAME.apply(state, 0, {"type": "roll"})
    assert events == [{"type": "roll", "seat": 0, "faces": state.dice}]
    assert len(state.dice) == 3 and all(face in DICE_FACES for face in state.dice)
    assert GAME.view(state, 1)["dice"] == {"rolled": state.dice, "next": 3}
    assert [a["die"] for a in GAME.legal(state, 0)] == [0, 1, 2]
    assert code(state, 0, {"type": "roll"}) == "linie1.choose_a_die"
    assert code(state, 0, {"type": "end_turn"}) == "linie1.choose_a_die"
    assert code(state, 0, {"type": "choose_die", "die": 3}) == "linie1.no_such_die"
    assert code(state, 0, {"type": "choose_die", "die": "0"}) == "linie1.no_such_die"


def test_the_rolls_come_from_the_games_seeded_rng():
    first, second = dice_trip(), dice_trip()
    GAME.apply(first, 0, {"type": "roll"})
    GAME.apply(second, 0, {"type": "roll"})
    assert first.dice == second.dice
    faces = set()
    for seed in range(30):
        state = GAME.setup(2, seed, {"trip_rule": "three_dice"})
        faces.update(state.rng.choice(DICE_FACES) for _ in range(6))
    assert faces == set(DICE_FACES)


def test_three_then_two_then_one_die_and_the_turn_ends():
    state = dice_trip()
    rolled(state, "1", "R", "T")
    events = choose(state, "1")
    assert events[1] == {"type": "move", "seat": 0, "from": -1, "to": 0}
    assert state.current == 0 and state.dice_left == 2
    assert list(GAME.legal(state, 0)) == [{"type": "roll"}, {"type": "end_turn"}]
    rolled(state, "2", "R")
    choose(state, "2")
    assert state.trips[0].position == 2 and state.dice_left == 1
    rolled(state, "R")
    events = choose(state, "R")  # red light: the tram stays, and the third die ends the turn
    assert events[1] == {"type": "move", "seat": 0, "from": 2, "to": 2}
    assert state.current == 1 and state.turn == 2 and state.dice is None and state.dice_left == 3
    assert state.stats[0]["rolls"] == 3 and state.stats[0]["squares"] == 3


def test_stopping_after_a_die_passes_the_turn():
    state = dice_trip()
    rolled(state, "2", "2", "1")
    choose(state, "2")
    events = GAME.apply(state, 0, {"type": "end_turn"})
    assert events[0] == {"type": "stopped", "seat": 0} and events[1]["type"] == "turn"
    assert state.current == 1 and state.trips[0].position == 1


def test_a_drivers_spare_tiles_wait_for_the_empty_pile_as_with_the_die():
    """linie1-variants: Board Game Arena hands a driver's spare tiles out at once; that is the
    site's difference, not the variant's, so they are taken only once the pile is used up."""
    state = dice_trip()
    rolled(state, "R", "R", "R")
    choose(state, "R")
    GAME.apply(state, 0, {"type": "end_turn"})
    assert state.current == 1 and state.pile and state.hands[0]
    assert code(state, 1, {"type": "take", "from": 0, "tile": state.hands[0][0]}) == "linie1.no_refill"
    assert not any(action["type"] == "take" for action in GAME.legal(state, 1))


def test_h_goes_to_the_next_halt_and_tools_back_to_the_last_sign_passed():
    state = dice_trip()
    rolled(state, "H", "R", "R")
    choose(state, "H")
    assert state.trips[0].position == SIGNS[0] and state.trips[0].by_h
    rolled(state, "1", "T")
    choose(state, "1")
    rolled(state, "T")
    events = choose(state, "T")  # back to G, the sign passed; the turn ends at once
    assert events[1] == {"type": "move", "seat": 0, "from": SIGNS[0] + 1, "to": SIGNS[0]}
    assert state.trips[0].position == SIGNS[0] and not state.trips[0].by_h and state.current == 1


def test_tools_that_leave_a_tram_on_its_h_sign_leave_it_arrived_by_h():
    """Ruling: tools keep a tram on "the current square itself if it carries a sign and the tram
    has just arrived there by H". Tools that keep it there move it no more than a red light does,
    so its last arrival is still the H: the next tools keep it there again."""
    signs = [i in SIGNS for i in range(17)]
    halts = [*signs[:16], True]
    assert carry_out(halts, signs, SIGNS[1], True, "T") == (SIGNS[1], True)
    assert carry_out(halts, signs, SIGNS[1] + 1, False, "T") == (SIGNS[1], False)  # backed onto it: not by H
    state = dice_trip()
    state.trips[0].position, state.trips[0].by_h = SIGNS[1], True
    rolled(state, "T", "R", "R")
    choose(state, "T")
    assert state.trips[0].position == SIGNS[1] and state.trips[0].by_h and state.current == 1
    state.current, state.phase = 0, "roll"  # seat 0's next turn
    rolled(state, "T", "T", "T")
    events = choose(state, "T")
    assert events[1] == {"type": "move", "seat": 0, "from": SIGNS[1], "to": SIGNS[1]}


def test_tools_end_the_turn_at_once_even_with_dice_left():
    state = dice_trip()
    state.trips[0].position = 6
    rolled(state, "T", "T", "T")
    events = choose(state, "T")
    assert state.trips[0].position == SIGNS[0] and state.current == 1
    assert [e["type"] for e in events] == ["choose_die", "move", "turn"]


def test_the_last_sign_passed_follows_the_ruling():
    signs = [i in SIGNS for i in range(17)]
    assert tools_target(signs, -1, False) == -1  # at the start terminal: it stays
    assert tools_target(signs, 3, False) == -1  # no sign passed yet: the start terminal
    assert tools_target(signs, 8, False) == 7
    assert tools_target(signs, 7, False) == 4  # arrived on F by a number: the sign before it
    assert tools_target(signs, 7, True) == 7  # arrived on F by H: F itself
    halts = [*signs[:16], True]
    assert carry_out(halts, signs, 7, True, "R") == (7, True)  # a red light keeps the arrival
    assert carry_out(halts, signs, 15, False, "2") == (16, False)  # surplus is lost at the destination
    assert carry_out(halts, signs, 9, False, "H") == (12, True)


def test_the_destination_wins_at_once():
    state = dice_trip()
    state.trips[0].position = 15
    rolled(state, "2", "R", "R")
    events = choose(state, "2")
    assert [e["type"] for e in events] == ["choose_die", "move", "win", "reveal"]
    assert GAME.outcome(state)["winners"] == [0]


def _naive_turns(halts, signs):
    """An independent solver: every ordered roll of the dice enumerated, all values updated at once
    from the last ones until they rest."""
    last = len(halts) - 1
    states = [(p, h) for p in range(-1, last) for h in (False, True)]
    value = {s: 0.0 for s in states}

    def after(value, roll_on, p, h, face, left):
        q, arrived = carry_out(halts, signs, p, h, face)
        if q == last:
            return 0.0
        if face == "T" or left == 0:
            return value[(q, arrived)]
        return min(value[(q, arrived)], roll_on[(q, arrived, left)])

    for _ in range(400):
        roll_on: dict = {}
        for dice in (1, 2, 3):
            outcomes = list(product(DICE_FACES, repeat=dice))
            for p, h in states:
                roll_on[(p, h, dice)] = sum(min(after(value, roll_on, p, h, f, dice - 1) for f in faces)
                                            for faces in outcomes) / len(outcomes)
        new = {s: 1 + roll_on[(s[0], s[1], 3)] for s in states}
        if max(abs(new[s] - value[s]) for s in states) < 1e-11:
            break
        value = new
    return value[(-1, False)]


def test_the_expected_turns_solve_the_dice_exactly():
    halts = [False, True, False, False, True, True]
    signs = [False, True, False, False, True, False]
    assert float(dice_turns(halts, signs)) == pytest.approx(_naive_turns(halts, signs), abs=1e-7)
    values = dice_values(tuple(halts), tuple(signs))
    assert values.best_die(3, False, ["R", "T", "2"], 2) == 2  # the die that wins
    assert values.best_die(2, False, ["R", "T"], 0) == 0  # a red light rather than tools
    # three dice, choosing and stopping, beat the 1995 die on this route
    assert dice_turns(halts, signs) < expected_turns(halts, ["1", "2", "3", "4", "H", "H"])


def test_roll_on_or_stop_weighs_the_tools():
    halts = tuple(i in (4, 11, 13) for i in range(14))
    signs = tuple(i in (4, 11) for i in range(14))
    values = dice_values(halts, signs)
    # one square before sign 11, with one die left: tools would cost the six squares since sign 4
    assert not values.roll_on_better(10, False, 1)
    assert values.roll_on_better(10, False, 2)  # with two dice one of them is rarely tools
    assert values.roll_on_better(11, True, 1)  # on a sign reached by H, tools keep the tram there
    assert values.roll_on_better(-1, False, 1)  # at the start nothing can be lost


def test_the_route_chooser_ranks_by_the_three_dice():
    state = line1_route_state()
    state.options["trip_rule"] = "three_dice"
    candidates = my_trip_candidates(GAME.view(state, 0))
    assert candidates
    for candidate in candidates:
        signs = stop_signs(candidate["route"], candidate["halts"])
        assert candidate["expected_turns"] == pytest.approx(float(dice_turns(candidate["halts"], signs)))
    die = my_trip_candidates(GAME.view(line1_route_state(), 0))
    assert candidates[0]["expected_turns"] < die[0]["expected_turns"]
    GAME.apply(state, 0, {"type": "declare", "start": candidates[0]["start"], "route": candidates[0]["route"]})
    assert state.trips[0].expected == pytest.approx(candidates[0]["expected_turns"])


def test_the_views_helper_plays_the_dice_well():
    state = dice_trip()
    view = GAME.view(state, 0)
    assert my_dice_action(view) == {"type": "roll"} and my_dice_action(GAME.view(state, 1)) is None
    rolled(state, "T", "R", "H")
    assert my_dice_action(GAME.view(state, 0)) == {"type": "choose_die", "die": 2}
    choose(state, "H")
    assert my_dice_action(GAME.view(state, 0)) == {"type": "roll"}  # on G by H: nothing to lose


def test_saves_and_views_carry_the_dice():
    state = dice_trip()
    state.stops = [list(ROUTE_CARDS[card][line]) for card, line in zip(state.route_cards, state.lines, strict=True)]
    rolled(state, "H", "2", "T")
    data = GAME.snapshot(state)
    back = GAME.restore(data)
    assert back.dice == ["H", "2", "T"] and back.dice_left == 3
    assert GAME.apply(back, 0, {"type": "choose_die", "die": 0}) == choose(state, "H")
    assert GAME.restore(GAME.snapshot(state)).trips[0].by_h
    seen = state_from_view(GAME.view(state, 1))
    assert (seen.dice, seen.dice_left, seen.trips[0].by_h) == (state.dice, state.dice_left, True)
    older = GAME.snapshot(state)
    del older["dice"], older["dice_left"], older["trips"][0]["by_h"]
    assert GAME.restore(older).dice_left == 3  # saves from before the variant
    for damage in ({"dice": ["H", "X"]}, {"dice_left": 7}, {"dice": ["1", "2", "H", "H"]}):
        with pytest.raises(SnapshotError):
            GAME.restore({**GAME.snapshot(back), **damage, "dice_left": damage.get("dice_left", 3)})


def test_bots_play_a_whole_three_dice_game():
    from game.ai.linie1.bot import Linie1Bot
    state = GAME.setup(3, 21, {"trip_rule": "three_dice"})
    bots = [Linie1Bot("easy" if s == 2 else "normal", 21 + s) for s in range(3)]
    seen: set[str] = set()
    for _ in range(4000):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_act(state)[0]
        action = bots[seat].decide(GAME.view(state, seat))
        assert GAME.check(state, seat, action) is None, action
        if state.phase == "roll":
            seen.add(action["type"])
        GAME.apply(state, seat, action)
    assert GAME.outcome(state) is not None
    assert {"roll", "choose_die"} <= seen


def test_a_saved_three_dice_match_resumes_mid_roll_and_its_replay_plays_back():
    import json

    import msgpack

    from game.match import Match, SeatInfo, view_hash
    from game.playback import Playback
    from game.replays import parse_replay
    from tools.simulate import play_one

    match, _ = play_one("linie1", 2, 5, ["normal"], {"trip_rule": "three_dice"})
    assert match.outcome() is not None
    kinds = {entry["action"]["type"] for entry in match.log}
    assert {"roll", "choose_die"} <= kinds
    # the same game dealt afresh, saved where a roll waits for its die, resumed from the save
    witness = Match("linie1", [SeatInfo(s.name, s.kind, s.level, s.colour) for s in match.seats], match.seed,
                    match.options)
    waiting = next(i for i, entry in enumerate(match.log) if entry["action"]["type"] == "choose_die")
    for entry in match.log[:waiting]:
        assert witness.submit(entry["seat"], entry["action"]).ok
    assert witness.view(0)["dice"]["rolled"] is not None
    twin = Match.load(msgpack.unpackb(msgpack.packb(witness.save()), raw=False, strict_map_key=False))
    for entry in match.log[waiting:]:
        assert twin.submit(entry["seat"], entry["action"]).ok
    assert twin.outcome() == match.outcome() and view_hash(twin.view(None)) == view_hash(match.view(None))
    # the replay deals the same game from its header's options and plays it to the same end
    text = "\n".join(json.dumps(line) for line in match.replay_lines()).encode()
    playback = Playback(parse_replay(text))
    while playback.step() is not None:
        pass
    assert playback.match.options["trip_rule"] == "three_dice" and playback.match.outcome() == match.outcome()


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), junk=st.one_of(st.integers(-5, 9), st.text(max_size=2), st.none()))
def test_random_legal_trip_play_keeps_the_dice_consistent_and_saves_exact(seed, junk):
    state = dice_trip()
    state.stops = [list(ROUTE_CARDS[card][line]) for card, line in zip(state.route_cards, state.lines, strict=True)]
    rng = Rng(seed)
    signs = stop_signs(state.trips[0].cells, state.trips[0].halts)
    for _ in range(120):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_act(state)[0]
        before = GAME.snapshot(state)
        assert GAME.check(state, seat, {"type": "choose_die", "die": junk}) is not None or (
            state.dice is not None and isinstance(junk, int) and 0 <= junk < len(state.dice))
        assert GAME.snapshot(state) == before  # a judged action changes nothing
        assert GAME.snapshot(GAME.restore(before)) == before
        actions = list(GAME.legal(state, seat))
        action = actions[rng.below(len(actions))]
        assert GAME.check(state, seat, action) is None, action
        trip = state.trips[0]
        position, by_h = trip.position, trip.by_h
        events = GAME.apply(state, seat, action)
        if action["type"] == "choose_die":
            face = events[0]["face"]
            assert (trip.position, trip.by_h) == carry_out(trip.halts, signs, position, by_h, face)
            assert events[1] == {"type": "move", "seat": 0, "from": position, "to": trip.position}
        if state.phase == "roll" and state.current == 0:
            assert state.dice is None or len(state.dice) == state.dice_left
            assert 1 <= state.dice_left <= 3


def test_the_views_trip_measure_follows_the_table_rule():
    from game.core.linie1 import view_trip_measure
    state = line1_route_state()
    halts = [i in SIGNS or i == 16 for i in range(17)]
    die = view_trip_measure(GAME.view(state, 0), halts, ROUTE)
    assert die == pytest.approx(float(expected_turns(halts, state.faces)))
    state = line1_route_state()  # the same table under the three-dice rule (options are set before play)
    state.options["trip_rule"] = "three_dice"
    view = GAME.view(state, 0)
    exact = float(dice_turns(halts, stop_signs(ROUTE, halts)))
    assert view_trip_measure(view, halts, ROUTE) == pytest.approx(exact) and abs(exact - die) > 1
    assert view_trip_measure(view, halts) == pytest.approx(exact)  # (no terminal passed on the way)
