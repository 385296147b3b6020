"""Linie 1's refusals in words (``game.refusal_words``): each code of the core, its sentence, and
the parameters it fills in (a side of a square, a building, a terminal, a count)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.i18n import N_, _, ngettext

SIDES = {"north": N_("north"), "east": N_("east"), "south": N_("south"), "west": N_("west")}


def _side(params: Mapping[str, Any]) -> dict[str, Any]:
    side = str(params.get("side", ""))
    return {**params, "side": _(SIDES[side]) if side in SIDES else side}


def _sided(message: str) -> Callable[[Mapping[str, Any]], str]:
    return lambda params: _(message).format(**_side(params))


def _owed(params: Mapping[str, Any]) -> str:
    owed = int(params.get("owed", 1))
    return ngettext("You must still lay a tile (or exchange) before ending your turn.",
                    "You must still lay two tiles (or exchange) before ending your turn.", owed)


ROUTE_FAULTS = {  # why a declared route is not a complete one (game.core.linie1.routes.RouteFault)
    "stop_unsigned": N_("Not a complete route: a building on your route card has no stop sign yet."),
    "not_own_terminal": N_("Not a complete route: the trip starts in one of your own terminals."),
    "empty": N_("Not a complete route: it has no squares."),
    "leave_start": N_("Not a complete route: it must leave the start terminal into the square in front of it."),
    "rails": N_("Not a complete route: the rails do not run to its square {square} that way."),
    "other_terminal": N_("Not a complete route: it must end in your other terminal."),
    "early_terminal": N_("Not a complete route: it reaches your other terminal before its end."),
    "same_way_twice": N_("Not a complete route: it may not run the same way through a square twice."),
    "missed_stops": N_("Not a complete route: it does not pass the stop sign of {stops}."),
}


def _route_fault(params: Mapping[str, Any]) -> str:
    text = ROUTE_FAULTS.get(str(params.get("reason")))
    if text is None:
        return _("That is not a complete route.")
    try:
        return _(text).format(**params)
    except (KeyError, IndexError, ValueError):  # a host of another version: its reason without details
        return _("That is not a complete route.")


def _too_far(params: Mapping[str, Any]) -> str:
    """The pace rule's limit: the game's first trip move is exactly one square (every later move has
    moved at least one, so only the first allows just one)."""
    allowance = params.get("allowance")
    if allowance == 1:
        return _("The first trip move of the game is exactly one square.")
    return _("This time you may drive up to {allowance} (the last move plus one).").format(allowance=allowance)


TEXTS: dict[str, str | Callable[[Mapping[str, Any]], str]] = {
    "linie1.rule_d_blocks_track": _sided(N_("Rule d: the tile would block the track coming from the {side}.")),
    "linie1.rule_d_into_trackless_side": _sided(N_("Rule d: the track would run into the side of the tile to "
                                                   "the {side}, which has no rail there.")),
    "linie1.rule_b_into_building": N_("Rule b: the track would run into a building ({building})."),
    "linie1.rule_d_blocks_terminal": N_("Rule d: the tile would block the terminal of line {line} ({terminal})."),
    "linie1.rule_a_off_board": _sided(N_("Rule a: the track would lead off the board to the {side}.")),
    "linie1.rule_c_covers_building": N_("Rule c: a tile may not cover a building ({building})."),
    "linie1.rule_a_outside_playfield": N_("Rule a: tiles go on the cobblestone squares of the playfield only."),
    "linie1.rule_e_dead_end": N_("Rule e: the track into the square at row {row}, column {column} could never be "
                                 "continued."),
    "linie1.occupied": N_("That square already has a tile: to replace it, make an exchange."),
    "linie1.exchange_empty_square": N_("There is no tile there to exchange."),
    "linie1.exchange_tree_tile": N_("Tiles with trees can never be exchanged."),
    "linie1.exchange_loses_track": N_("An exchange must keep every rail of the tile it replaces."),
    "linie1.exchange_adds_nothing": N_("An exchange must add at least one new rail connection."),
    "linie1.exchange_pair_not_adjacent": N_("Two tiles exchanged together must lie side by side."),
    "linie1.exchange_pair_needs_whole_turn": N_("Two tiles exchanged together take both actions of your turn."),
    "linie1.refilling": N_("Your turn is over: take tiles from the drivers or end it."),
    "linie1.two_actions_done": N_("You have made both your actions: end your turn."),
    "linie1.tile_not_in_hand": N_("That tile is not in the hand it would come from."),
    "linie1.nothing_to_undo": N_("There is nothing of this turn left to undo."),
    "linie1.must_take_two_actions": _owed,
    "linie1.already_driving": N_("Your tram is already on its way."),
    "linie1.declare_at_turn_start": N_("The inaugural trip is declared at the start of your turn, instead of "
                                       "laying track."),
    "linie1.route_incomplete": lambda params: _route_fault(params),
    "linie1.driving_pace": N_("You are on your inaugural trip: choose how far to drive."),
    "linie1.driving": N_("You are on your inaugural trip: roll the die."),
    "linie1.not_driving": N_("Only a player on the inaugural trip rolls the die or drives."),
    "linie1.pace_rule": N_("This table drives by the pace rule: choose how far to drive."),
    "linie1.die_rule": N_("This table drives by the die: roll it."),
    "linie1.too_far": lambda params: _too_far(params),
    "linie1.no_refill": N_("Tiles are taken from drivers only when the pile is empty, at the end of your turn."),
    "linie1.not_a_driver": N_("You may only take tiles from players on their trip."),
    "linie1.hand_full": N_("You already hold {limit} tiles."),
    "linie1.driving_dice": N_("You are on your inaugural trip: roll the three dice."),
    "linie1.choose_a_die": N_("Carry out one of the dice you rolled first."),
    "linie1.one_die_rule": N_("This table drives without the three dice: there is no die to choose."),
    "linie1.roll_first": N_("Roll the dice first, then carry out one of them."),
    "linie1.no_such_die": N_("Choose one of the {count} dice you rolled."),
    "linie1.three_dice_rule": N_("This table drives with three dice: roll them."),
}
