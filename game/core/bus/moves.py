"""Reading an intent into a checked decision, with a typed reason for every refusal.

Each reader returns what ``rounds`` needs to apply the decision, or a Rejection (code ``bus.*``
with parameters in the message's words; the client words the code itself).
"""

from __future__ import annotations

from typing import Any

from game.core.bus import city
from game.core.bus.data import KINDS, NAME, Rules
from game.core.bus.network import Board
from game.core.bus.rounds import open_actions
from game.core.bus.state import BusState
from game.core.bus.streets import OWN_STREET, Move, Surroundings, heads, line_streets
from game.core.contract import Rejection, is_int, reject


def refuse(code: str, message: str, **params: Any) -> Rejection:
    return reject(NAME, code, message, **params)


# -- buildings ---------------------------------------------------------------------------------------

def building(net: Board, state: BusState, rules: Rules, action: dict[str, Any]) -> tuple[int, str] | Rejection:
    """A lot and a type: zone 1 in the setup, else the lowest zone with a free lot (§4.6, §5.3.4)."""
    lot, kind = action.get("lot"), action.get("kind")
    if not is_int(lot) or not 0 <= lot < net.lots:
        return refuse("no_such_lot", f"There is no lot {lot!r}: lots are numbered 0 to {net.lots - 1}.")
    if kind not in KINDS:
        return refuse("no_such_kind", f"A building is a house, an office or a pub, not {kind!r}.")
    if state.buildings[lot] is not None:
        return refuse("lot_taken", f"Lot {lot} already holds a {state.buildings[lot]}.", held=state.buildings[lot])
    setup = state.phase == "setup_buildings"
    zone = 1 if setup else city.open_zone(net, state)
    if net.lot_zone[lot] != zone:
        why = ("the first buildings go on zone-1 lots" if setup
               else "a zone opens only when the one before it is full")
        return refuse("wrong_zone", f"Lot {lot} is in zone {net.lot_zone[lot]}; buildings go in zone {zone} "
                                    f"now ({why}).", zone=zone, first=setup)
    if kind not in city.kinds_left(state, rules):
        return refuse("kind_used_up", f"All {rules.buildings_per_kind} {kind} buildings are on the board.",
                      kind=kind, count=rules.buildings_per_kind)
    return lot, kind


# -- streets ------------------------------------------------------------------------------------------

def street_id(net: Board, action: dict[str, Any]) -> int | Rejection:
    street = action.get("street")
    if not is_int(street) or not 0 <= street < net.streets:
        return refuse("no_such_street", f"There is no street {street!r}: streets are numbered 0 to "
                                        f"{net.streets - 1}.")
    return street


def first_street(net: Board, action: dict[str, Any]) -> int | Rejection:
    """§4.7 (C4): the first street may be any street; a ``head``, if given, must be one of its ends."""
    street = street_id(net, action)
    if isinstance(street, Rejection):
        return street
    head = action.get("head")
    if head is not None and head not in net.ends[street]:
        return refuse("not_at_head", f"Street {street} joins crossings {net.ends[street][0]} and "
                                     f"{net.ends[street][1]}, not {head!r}.")
    return street


def street_move(net: Board, state: BusState, rules: Rules, seat: int, action: dict[str, Any]) -> Move | Rejection:
    """The move an extension intent asks for (rulings B1-B3). ``head`` (the crossing built from) may be
    left out when the street touches only one head; for a street joining both heads it says where the
    circle closes (at the other end)."""
    street = street_id(net, action)
    if isinstance(street, Rejection):
        return street
    if city.line_markers_left(state, rules, seat) == 0:
        return refuse("no_line_markers", f"All {rules.line_markers} of your line markers are on the board.",
                      count=rules.line_markers)
    path = state.paths[seat]
    line_heads = heads(path)
    head = action.get("head")
    ends = net.ends[street]
    if head is None:
        candidates = [crossing for crossing in line_heads if crossing in ends]
    elif not is_int(head) or head not in line_heads:
        return refuse("not_a_head", f"Crossing {head!r} is not an end of your line; it grows only from "
                                    f"{_crossings(line_heads)}.", heads=list(line_heads))
    else:
        candidates = [head] if head in ends else []
    if not candidates:
        return refuse("not_at_head", f"Street {street} ({ends[0]}-{ends[1]}) does not leave an end of your "
                                     f"line; it grows only from {_crossings(line_heads)}.", heads=list(line_heads))
    surroundings = Surroundings(net, state.paths, seat)
    own = set(line_streets(net, path))
    allowed = [crossing for crossing in candidates if surroundings.refusal(own, crossing, street) is None]
    if len(allowed) > 1:
        return refuse("choose_head", f"Street {street} joins both ends of your line and closes a circle: "
                                     "say which end you build from; the circle closes at the other.")
    if allowed:
        return Move(street, allowed[0], net.other_end(street, allowed[0]))
    reason = surroundings.refusal(own, candidates[0], street)
    if reason == OWN_STREET:
        return refuse("own_street", f"Your line already runs along street {street}; a line never runs "
                                    "along itself (B1).")
    return refuse("parallel", f"Another line already runs along street {street} and an empty street leaves "
                              f"crossing {candidates[0]}; a line may run beside another only along its end "
                              "street where every line on that street ends at this crossing (B2).",
                   crossing=candidates[0])


# -- the choosing phase -------------------------------------------------------------------------------

def marker(state: BusState, rules: Rules, seat: int, action: dict[str, Any]) -> str | Rejection:
    """§5.1: a marker on the next free space of an action."""
    chosen = action.get("action")
    if chosen not in rules.action_ids:
        return refuse("no_such_action", f"There is no action {chosen!r}; the actions are "
                                        f"{', '.join(rules.action_ids)}.")
    if state.markers[seat] == 0:
        return refuse("no_markers", "You have no action markers left.")
    if chosen not in open_actions(state, rules):
        if rules.action(chosen).spaces == 1:
            return refuse("action_taken", f"{rules.action(chosen).name} takes one marker a round, and seat "
                                          f"{state.spaces[chosen][0]} already took it.", action=chosen,
                          seat=state.spaces[chosen][0])
        return refuse("action_full", f"Every space of {rules.action(chosen).name} is taken this round.",
                      action=chosen)
    return chosen


def passing(state: BusState, rules: Rules, seat: int) -> str | Rejection:
    """§5.1: a player may pass once they placed at least two markers this round."""
    if state.placed[seat] < rules.minimum_markers:
        return refuse("must_place", f"Place at least {rules.minimum_markers} markers a round before you "
                                    f"pass (you placed {state.placed[seat]}).", count=rules.minimum_markers,
                      placed=state.placed[seat])
    return "pass"


# -- resolving ----------------------------------------------------------------------------------------

def passenger_split(net: Board, state: BusState, action: dict[str, Any]) -> list[int] | Rejection:
    """§5.3.3: the marker's passengers split between the two stations, in any way, all of them."""
    counts = action.get("counts")
    stations = len(net.stations)
    if (not isinstance(counts, list) or len(counts) != stations
            or not all(is_int(count) and count >= 0 for count in counts)):
        return refuse("bad_split", f"Say how many passengers go to each of the {stations} stations "
                                   f"(crossings {', '.join(map(str, net.stations))}).")
    if sum(counts) != state.remaining:
        return refuse("bad_split", f"All {state.remaining} passengers must go to the stations, "
                                   f"not {sum(counts)}.", count=state.remaining)
    return list(counts)


def clock_choice(action: dict[str, Any]) -> bool | Rejection:
    stop = action.get("stop")
    if not isinstance(stop, bool):
        return refuse("bad_clock", "Say whether you stop time (true) or let it run (false).")
    return stop


def delivery(net: Board, state: BusState, rules: Rules, seat: int,
             action: dict[str, Any]) -> tuple[int, int] | Rejection:
    """§5.3.6 (U5): a waiting passenger on a crossing the line touches, into an empty building of the
    wanted type on a crossing the line touches."""
    start, lot = action.get("from"), action.get("lot")
    if not is_int(start) or not 0 <= start < net.crossings:
        return refuse("no_such_crossing", f"There is no crossing {start!r}.")
    if not is_int(lot) or not 0 <= lot < net.lots:
        return refuse("no_such_lot", f"There is no lot {lot!r}: lots are numbered 0 to {net.lots - 1}.")
    on_line = city.touched(state, seat)
    if start not in on_line:
        return refuse("not_on_line", f"Your line does not reach crossing {start}.", crossing=start)
    if net.lot_crossing[lot] not in on_line:
        return refuse("not_on_line", f"Your line does not reach crossing {net.lot_crossing[lot]} "
                                     f"(lot {lot}).", crossing=net.lot_crossing[lot])
    if city.waiting_at(net, state, start) <= 0:
        return refuse("nobody_waiting", f"Nobody at crossing {start} wants to leave.", crossing=start)
    kind = city.wanted(state, rules)
    if state.buildings[lot] != kind:
        return refuse("wrong_kind", f"Passengers want a {kind} now; lot {lot} holds "
                                    f"{state.buildings[lot] or 'no building'}.", kind=kind,
                      held=state.buildings[lot] or "")
    if lot in state.seated:
        return refuse("building_full", f"The {kind} on lot {lot} already holds a passenger.", kind=kind)
    return start, lot


def _crossings(crossings: list[int]) -> str:
    if not crossings:
        return "nowhere yet"
    return " or ".join(f"crossing {crossing}" for crossing in crossings)
