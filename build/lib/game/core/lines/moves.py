"""Reading an intent into a checked move, with a typed, readable reason for every refusal."""

from __future__ import annotations

from typing import Any

from game.core.contract import Rejection, is_int, reject
from game.core.lines.network import Network
from game.core.lines.rounds import can_build, expansion_spaces, markers_left, open_spaces
from game.core.lines.state import BUS_SPACE, EXPANSION_SPACES, MAX_BUSES, LinesState
from game.core.lines.streets import OWN_STREET, Move, Surroundings, heads, line_streets

GAME = "lines"


def refuse(code: str, message: str) -> Rejection:
    return reject(GAME, code, message)


def street_id(net: Network, action: dict[str, Any]) -> int | Rejection:
    street = action.get("street")
    if not is_int(street) or not 0 <= street < net.streets:
        return refuse("no_such_street", f"There is no street {street!r}: streets are numbered 0 to "
                                        f"{net.streets - 1}.")
    return street


def first_street(net: Network, action: dict[str, Any]) -> int | Rejection:
    """B5: the first street may be any street; a ``head``, if given, must be one of its ends."""
    street = street_id(net, action)
    if isinstance(street, Rejection):
        return street
    head = action.get("head")
    if head is not None and head not in net.ends[street]:
        return refuse("not_at_head", f"Street {street} joins crossings {net.ends[street][0]} and "
                                     f"{net.ends[street][1]}, not {head!r}.")
    return street


def street_move(net: Network, state: LinesState, seat: int, action: dict[str, Any]) -> Move | Rejection:
    """The move an extension intent asks for. ``head`` (the crossing built from) may be left out when
    the street touches only one head; for a street joining both heads it says where the circle closes
    (at the other end, B3)."""
    street = street_id(net, action)
    if isinstance(street, Rejection):
        return street
    if markers_left(state, seat) == 0:
        return refuse("no_markers", "All 25 of your line markers are on the board.")
    path = state.paths[seat]
    line_heads = heads(path)
    head = action.get("head")
    ends = net.ends[street]
    if head is None:
        candidates = [crossing for crossing in line_heads if crossing in ends]
    elif not is_int(head) or head not in line_heads:
        return refuse("not_a_head", f"Crossing {head!r} is not a head of your line; it can only grow "
                                    f"from {_crossings(line_heads)}.")
    else:
        candidates = [head] if head in ends else []
    if not candidates:
        return refuse("not_at_head", f"Street {street} ({ends[0]}-{ends[1]}) does not leave a head of "
                                     f"your line; it can only grow from {_crossings(line_heads)}.")
    surroundings = Surroundings(net, state.paths, seat)
    own = set(line_streets(net, path))
    allowed = [crossing for crossing in candidates if surroundings.refusal(own, crossing, street) is None]
    if len(allowed) > 1:
        return refuse("choose_head", f"Street {street} joins both heads of your line and closes a circle: "
                                     "say which head you build from; the circle closes at the other.")
    if allowed:
        return Move(street, allowed[0], net.other_end(street, allowed[0]))
    reason = surroundings.refusal(own, candidates[0], street)
    if reason == OWN_STREET:
        return refuse("own_street", f"Your line already runs along street {street}; a line never runs "
                                    "along itself (B1).")
    return refuse("parallel", f"Another line already runs along street {street}, an empty street "
                              f"leaves crossing {candidates[0]} and the other line's end is not there "
                              "(B2): build on an empty street.")


def space_choice(net: Network, state: LinesState, seat: int, action: dict[str, Any]) -> str | Rejection:
    """An action space the seat may take now (B6)."""
    space = action.get("space")
    if space not in (*EXPANSION_SPACES[:state.players], BUS_SPACE):
        names = ", ".join((*EXPANSION_SPACES[:state.players], BUS_SPACE))
        return refuse("no_such_space", f"There is no action space {space!r}; the spaces are {names}.")
    if space in state.spaces:
        return refuse("space_taken", f"Seat {state.spaces[space]} already took {_space_name(space)} "
                                     "this round.")
    if space in open_spaces(net, state, seat):
        return space
    if space == BUS_SPACE:
        return refuse("bus_limit", f"You already own {MAX_BUSES} buses, the most there are.")
    if space not in expansion_spaces(state):
        return refuse("space_builds_nothing", f"{_space_name(space)} would build no street this round: "
                                              "the largest fleet is too small.")
    if not can_build(net, state, seat):
        return refuse("cannot_build", "Your line cannot take another street (no marker left, or every "
                                      "street at its heads is already yours).")
    return refuse("space_taken", f"{_space_name(space)} is not free.")


def _space_name(space: str) -> str:
    return "Buy a Bus" if space == BUS_SPACE else f"Line Expansion {space}"


def _crossings(crossings: list[int]) -> str:
    if not crossings:
        return "nowhere yet"
    return " or ".join(f"crossing {crossing}" for crossing in crossings)
