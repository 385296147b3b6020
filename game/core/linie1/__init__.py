"""Linie 1 (Stefan Dorra): the rules core, and helpers that work from a seat's view.

Clients and bots never hold the state, only a view; the ``*_from_view`` helpers let them ask the
same rules the host applies (is this placement legal and why not, where does a tile fit, is my route
complete, which trips can I declare) without any secret they may not see.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.core.contract import Rejection
from game.core.linie1.board import Board
from game.core.linie1.data import MASKS, PLAYABLE
from game.core.linie1.dice import DICE_PER_TURN, DiceValues, dice_values, stop_signs
from game.core.linie1.game import GAME, Linie1
from game.core.linie1.routes import Candidate, route_status, trip_candidates, trip_measure
from game.core.linie1.state import State


def board_from_view(view: dict[str, Any]) -> Board:
    return Board.from_view(view["board"])


def check_from_view(view: dict[str, Any], seat: int, action: dict[str, Any], board: Board | None = None,
                    ) -> Rejection | None:
    """What the host would say to a place / exchange / exchange2 by ``seat``, judged from a view."""
    state = GAME.state_from_view(view)
    if board is not None:
        state.board = board
    if action.get("type") not in ("place", "exchange", "exchange2"):
        raise ValueError("check_from_view judges tile actions only")
    return GAME.check(state, seat, action)


def fitting_cells(view: dict[str, Any], tile: int, rot: int, board: Board | None = None) -> list[list[int]]:
    """Every square where ``tile`` turned ``rot`` may be laid or exchanged now (the hint overlay)."""
    board = board or board_from_view(view)
    strict = bool(view["options"]["strict_dead_ends"])
    mask = MASKS[(tile, rot % 4)]
    cells = []
    for cell in PLAYABLE:
        if cell not in board.tiles:
            if board.allowed_masks(cell, strict) >> mask & 1:
                cells.append([cell[0], cell[1]])
        elif board.check_exchange(tile, cell, rot, strict) is None:
            cells.append([cell[0], cell[1]])
    return cells


def my_route_status(view: dict[str, Any], board: Board | None = None) -> dict[str, Any] | None:
    """The route panel of the viewing seat (None for a spectator)."""
    seat = view.get("you")
    if seat is None:
        return None
    me = view["players"][seat]
    return route_status(board or board_from_view(view), me["line"], me["stops"])


def my_trip_candidates(view: dict[str, Any], board: Board | None = None) -> list[dict[str, Any]]:
    """The trips the viewing seat could declare now, best expected turns first (empty: not complete)."""
    seat = view.get("you")
    if seat is None:
        return []
    me = view["players"][seat]
    found = trip_candidates(board or board_from_view(view), me["line"], me["stops"], view["options"]["die_faces"],
                            allowance=view.get("allowance"), rule=view["options"].get("trip_rule", "die"))
    return [candidate.to_view() for candidate in found]


def view_trip_measure(view: dict[str, Any], halts: Sequence[bool], cells: Sequence[Sequence[int]] | None = None,
                      ) -> float:
    """The route chooser's measure of a trip over ``halts`` under the table's trip rule (the die's
    expected turns, the pace rule's moves, the three dice's expected turns). Three dice send a tram
    back to stop signs (and its own start terminal) only: ``cells`` tell another line's terminal
    passed on the way from a sign; without them every halt but the destination is taken for a sign."""
    signs = None
    if view["options"].get("trip_rule") == "three_dice":
        signs = stop_signs(cells, halts) if cells is not None else (*(bool(h) for h in halts[:-1]), False)
    return float(trip_measure(halts, view["options"]["die_faces"], view.get("allowance"), signs))


def my_dice_values(view: dict[str, Any]) -> tuple[DiceValues, int, bool] | None:
    """Three dice: the values of the viewing seat's frozen route, its square and whether it arrived
    there by H (None: not driving at a three-dice table)."""
    seat = view.get("you")
    if seat is None or view.get("dice") is None:
        return None
    trip = view["players"][seat].get("trip")
    if trip is None:
        return None
    halts = tuple(bool(h) for h in trip["halts"])
    values = dice_values(halts, stop_signs(trip["route"], halts))
    return values, int(trip["position"]), bool(trip.get("by_h", False))


def my_dice_action(view: dict[str, Any]) -> dict[str, Any] | None:
    """Three dice, played to finish soonest (``dice.DiceValues``): the die to carry out of those
    rolled, else roll on or stop (None: the viewing seat is not driving with three dice now)."""
    found = my_dice_values(view)
    if found is None or view.get("phase") != "roll" or view.get("current") != view.get("you"):
        return None
    values, position, by_h = found
    dice = view["dice"]
    if dice["rolled"] is not None:
        left = int(dice["next"]) - 1
        return {"type": "choose_die", "die": values.best_die(position, by_h, dice["rolled"], left)}
    left = int(dice["next"])
    if left == DICE_PER_TURN or values.roll_on_better(position, by_h, left):
        return {"type": "roll"}
    return {"type": "end_turn"}


__all__ = ["GAME", "Board", "Candidate", "Linie1", "State", "board_from_view", "check_from_view",
           "fitting_cells", "my_dice_action", "my_dice_values", "my_route_status", "my_trip_candidates",
           "view_trip_measure"]
