"""Linie 1's first-game hints: the goal, the two actions, the signs, the trip, and what a rule's
refusal means (see ``game.tables.coach``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.linie1.data import HAND_SIZE
from game.i18n import N_
from game.tables.coach import GameHints, Moment


def _me(table: Any) -> dict[str, Any]:
    return table.view["players"][table.view["you"]]


def _building(table: Any, taken: int | None = None) -> bool:
    view = table.view
    me = _me(table)
    return view["phase"] == "build" and not me["driving"] and (taken is None or view["actions_taken"] == taken)


def _my_sign_is_up(table: Any) -> bool:
    view = table.view
    stops = set(view["players"][view["you"]]["stops"])
    return _building(table) and any(sign["building"] in stops for sign in view["board"]["signs"])


def _turn_done(table: Any) -> bool:
    return _building(table, 2) and not table.view["must_act"]


def _pile_short(table: Any) -> int:
    """How many tiles the pile lacks for filling this player's hand up again at the end of the turn
    (L4: it draws what the pile holds; 0 when it holds enough)."""
    view = table.view
    need = max(0, HAND_SIZE - len(view["hands"][view["you"]]))
    return max(0, need - view["pile_count"])


def _route_ready(table: Any) -> bool:
    return _building(table, 0) and table.planned_route() is not None


def _owed(params: Mapping[str, Any]) -> str:
    """End turn refused: "another" tile once one action is taken, two tiles before any."""
    if int(params.get("owed", 1)) >= 2:
        return N_("You owe two actions whenever two legal ones exist: lay or exchange two tiles before "
                  "ending your turn.")
    return N_("You owe two actions whenever two legal ones exist: lay or exchange another tile before "
              "ending your turn.")


HINTS = GameHints(
    moments=(
        Moment("goal", N_("Link your two terminals (lit, with your line's number) through the stops on your "
                       "card, then ride your tram along the rails. Nobody else knows your line: keep it quiet."),
               lambda t: _building(t, 0) and _me(t)["stats"]["tiles_laid"] < 2),
        Moment("second", N_("One more action: lay another tile, or exchange a tile on the board for one that "
                         "keeps all its rails and adds more. Undo takes an action back."),
               lambda t: _building(t, 1)),
        Moment("end", N_("Both actions taken: End turn, and your hand is filled up to five tiles again."),
               lambda t: _turn_done(t) and not _pile_short(t)),
        Moment("end_short", N_("Both actions taken: End turn. The pile is nearly empty: you draw the last tiles "
                            "in it and play on with fewer than five, unless players already driving have "
                            "tiles for you to take."),
               lambda t: _turn_done(t) and _pile_short(t) and t.view["pile_count"] > 0),
        Moment("end_empty", N_("Both actions taken: End turn. The pile is empty, so you draw nothing: you play "
                            "on with fewer tiles, unless players already driving have tiles for you to take."),
               lambda t: _turn_done(t) and _pile_short(t) and t.view["pile_count"] == 0),
        Moment("sign", N_("A building's stop sign goes on the first tile laid beside it. Your tram must "
                       "drive over the sign of every stop on your card."),
               _my_sign_is_up),
        Moment("trip", N_("Your route is complete (dashed). Start trip shows your cards to all and starts "
                       "your tram; or keep building for a shorter ride."),
               _route_ready),
        Moment("roll", N_("Roll the die: a number moves your tram that many squares along your route, "
                       "H takes it to the next stop sign or terminal. Reach your far terminal to win."),
               lambda t: t.view["phase"] == "roll" and not t.view.get("allowance") and not t.view.get("dice")),
        Moment("dice", N_("Roll three dice and carry out one: red light stays, green lights drive one or two "
                       "squares, H goes to the next stop, tools send you back to your last stop and end "
                       "the turn. Then stop, or roll two and then one more."),
               lambda t: t.view["phase"] == "roll" and bool(t.view.get("dice"))),
        Moment("drive", N_("Choose how far to drive: up to one square more than the last move anyone made "
                        "(the game's first trip move is one square). Your tram stops at the first halt it reaches."),
               lambda t: t.view["phase"] == "roll" and bool(t.view.get("allowance"))),
        Moment("take", N_("The pile is empty: take tiles from the open hands of players already driving, "
                       "or end your turn."),
               lambda t: t.view["phase"] == "refill"),
    ),
    refusals={
        "linie1.rule_": N_("A red ghost tile breaks a rule before you click: turn it, or try another square. "
                        "Hint lights every square where a tile of your hand fits."),
        "linie1.exchange_": N_("An exchange must keep every rail of the tile it replaces and add at least one. "
                            "Trees can never be replaced."),
        "linie1.must_take_two_actions": _owed,
    },
)
