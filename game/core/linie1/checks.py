"""Judging a Linie 1 action (L3-L11): one function per action type, each naming the rule a refusal
cites. Pure functions of the state; ``Linie1.check`` dispatches to them through ``CHECKS``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core.contract import Rejection, is_int
from game.core.linie1.data import HAND_SIZE
from game.core.linie1.dice import DICE_PER_TURN
from game.core.linie1.routes import RouteFault, validate_route
from game.core.linie1.shapes import MAX_ROUTE
from game.core.linie1.state import State, cell_of, rejection, tile_spec


def must_act(state: State) -> bool:
    """Whether the current builder still owes an action (L4: two whenever two legal ones exist).

    A pair of side-by-side exchanges counts only at the turn's start, where it may still be made.
    """
    if state.phase != "build" or state.actions_taken >= 2:
        return False
    return state.board.has_legal_action(state.hands[state.current], state.strict,
                                        pairs=state.actions_taken == 0)


def building_turn(state: State, seat: int) -> Rejection | None:
    if state.phase == "roll":
        return _driving(state)
    if state.phase == "refill":
        return rejection("refilling", "Your turn is over: take tiles from the drivers or end it.")
    if state.actions_taken >= 2:
        return rejection("two_actions_done", "You have made both your actions: end your turn.")
    return None

def in_hand(state: State, seat: int, tiles: list[int]) -> Rejection | None:
    hand = list(state.hands[seat])
    for tile in tiles:
        if tile not in hand:
            return rejection("tile_not_in_hand", f"You have no tile of type {tile} in your hand.", tile=tile)
        hand.remove(tile)
    return None

def check_place(state: State, seat: int, action: Any) -> Rejection | None:
    spec = tile_spec(action)
    if isinstance(spec, Rejection):
        return spec
    return (building_turn(state, seat) or in_hand(state, seat, [spec[0]])
            or state.board.check_place(spec[0], spec[1], spec[2], state.strict))

def check_exchange(state: State, seat: int, action: Any) -> Rejection | None:
    spec = tile_spec(action)
    if isinstance(spec, Rejection):
        return spec
    return (building_turn(state, seat) or in_hand(state, seat, [spec[0]])
            or state.board.check_exchange(spec[0], spec[1], spec[2], state.strict))

def check_exchange2(state: State, seat: int, action: Any) -> Rejection | None:
    first, second = tile_spec(action.get("first")), tile_spec(action.get("second"))
    for spec in (first, second):
        if isinstance(spec, Rejection):
            return spec
    assert not isinstance(first, Rejection) and not isinstance(second, Rejection)
    problem = building_turn(state, seat)
    if problem is None and state.actions_taken != 0:
        problem = rejection("exchange_pair_needs_whole_turn",
                             "Two tiles exchanged together take both actions of your turn.")
    return (problem or in_hand(state, seat, [first[0], second[0]])
            or state.board.check_double_exchange(first, second, state.strict))

def check_undo(state: State, seat: int, action: Any) -> Rejection | None:
    if state.phase != "build" or not state.undo_stack:
        return rejection("nothing_to_undo", "There is nothing of this turn left to undo.")
    return None

def check_end_turn(state: State, seat: int, action: Any) -> Rejection | None:
    if state.phase == "roll":
        if state.three_dice and state.dice is None and state.dice_left < DICE_PER_TURN:
            return None  # three dice: stop after carrying out a die, rather than roll on
        return _driving(state)
    if state.phase == "build" and must_act(state):
        owed = 2 - state.actions_taken
        return rejection("must_take_two_actions",
                          f"You must still lay {'a tile' if owed == 1 else 'two tiles'} "
                          "(or exchange) before ending your turn.", owed=owed)
    return None

def check_declare(state: State, seat: int, action: Any) -> Rejection | None:
    if state.driving(seat):
        return rejection("already_driving", "Your tram is already on its way.")
    if state.phase != "build" or state.actions_taken != 0:
        return rejection("declare_at_turn_start",
                          "The inaugural trip is declared at the start of your turn, instead of laying track.")
    start = cell_of(action.get("start"))
    cells_raw = action.get("route")
    if start is None or not isinstance(cells_raw, list) or len(cells_raw) > MAX_ROUTE:
        return rejection("malformed", "A declaration names the start terminal cell and the route.")
    cells = [cell_of(item) for item in cells_raw]
    if any(cell is None for cell in cells):
        return rejection("malformed", "The route is a list of [row, column] squares.")
    result = validate_route(state.board, state.lines[seat], state.stops[seat], start, cells)  # type: ignore[arg-type]
    if isinstance(result, RouteFault):
        return rejection("route_incomplete", f"That is not a complete route: {result.message}.",
                         reason=result.reason, **result.params)
    return None

def _driving(state: State) -> Rejection:
    if state.three_dice:
        if state.dice is not None:
            return _choose_first(state)
        return rejection("driving_dice", "You are on your inaugural trip: roll the three dice.")
    if state.pace:
        return rejection("driving_pace", "You are on your inaugural trip: choose how far to drive.")
    return rejection("driving", "You are on your inaugural trip: roll the die.")


def check_roll(state: State, seat: int, action: Any) -> Rejection | None:
    if state.phase != "roll":
        return rejection("not_driving", "Only a player on the inaugural trip rolls the die.")
    if state.pace:
        return rejection("pace_rule", "This table drives by the pace rule: choose how far to drive.")
    if state.three_dice and state.dice is not None:
        return _choose_first(state)
    return None


def _choose_first(state: State) -> Rejection:
    return rejection("choose_a_die", "Carry out one of the dice you rolled first.")


def check_choose_die(state: State, seat: int, action: Any) -> Rejection | None:
    """Three dice: carry out one of the dice just rolled."""
    if state.phase != "roll":
        return rejection("not_driving", "Only a player on the inaugural trip chooses a die.")
    if not state.three_dice:
        return rejection("one_die_rule", "This table drives without the three dice: there is no die to choose.")
    if state.dice is None:
        return rejection("roll_first", "Roll the dice first, then carry out one of them.")
    die = action.get("die")
    if not is_int(die) or not 0 <= die < len(state.dice):
        return rejection("no_such_die", f"Choose one of the {len(state.dice)} dice you rolled.", count=len(state.dice))
    return None


def check_drive(state: State, seat: int, action: Any) -> Rejection | None:
    """Pace rule: a trip move of 1 up to the allowance (the last move anyone made, plus one)."""
    if state.phase != "roll":
        return rejection("not_driving", "Only a player on the inaugural trip drives.")
    if state.three_dice:
        return rejection("three_dice_rule", "This table drives with three dice: roll them.")
    if not state.pace:
        return rejection("die_rule", "This table drives by the die: roll it.")
    squares = action.get("squares")
    if not is_int(squares) or not 1 <= squares <= state.allowance:
        return rejection("too_far", f"This time you may drive up to {state.allowance} (the last move plus one).",
                         allowance=state.allowance)
    return None

def check_take(state: State, seat: int, action: Any) -> Rejection | None:
    if state.phase != "refill":
        return rejection("no_refill", "Tiles are taken from drivers only when the pile is empty, "
                                       "at the end of your turn.")
    source, tile = action.get("from"), action.get("tile")
    if not is_int(source) or not 0 <= source < state.players or not state.driving(source):
        return rejection("not_a_driver", "You may only take tiles from players on their trip.")
    if len(state.hands[seat]) >= HAND_SIZE:
        return rejection("hand_full", f"You already hold {HAND_SIZE} tiles.", limit=HAND_SIZE)
    if not is_int(tile) or tile not in state.hands[source]:
        return rejection("tile_not_in_hand", "That driver has no such tile.")
    return None


CHECKS: dict[str, Callable[[State, int, Any], Rejection | None]] = {
    "place": check_place, "exchange": check_exchange, "exchange2": check_exchange2, "undo": check_undo,
    "end_turn": check_end_turn, "declare": check_declare, "roll": check_roll, "drive": check_drive,
    "choose_die": check_choose_die, "take": check_take,
}
