"""Questions about the city a rule asks: free lots and the open zone, where a line reaches, who is
waiting for a bus and where they could go (bus.md §5.3.4, §5.3.6)."""

from __future__ import annotations

from collections import deque

from game.core.bus.data import KINDS, Rules
from game.core.bus.network import Board
from game.core.bus.state import BusState
from game.core.bus.streets import can_grow, line_streets


def largest_fleet(state: BusState) -> int:
    """M: the most buses any player owns now, players without markers included (§3, Q12)."""
    return max(state.buses)


def wanted(state: BusState, rules: Rules) -> str:
    """The building type the clock's hand points at: what passengers want now."""
    return rules.clock[state.clock]


def free_lots(state: BusState) -> list[int]:
    return [lot for lot, kind in enumerate(state.buildings) if kind is None]


def open_zone(net: Board, state: BusState) -> int | None:
    """The lowest zone with a free lot: the only zone a building may go to (§5.3.4); None when full."""
    zones = [net.lot_zone[lot] for lot in free_lots(state)]
    return min(zones) if zones else None


def buildable_lots(net: Board, state: BusState, setup: bool = False) -> list[int]:
    """Lots a building may go on now: in the setup only zone 1, later the open zone."""
    zone = 1 if setup else open_zone(net, state)
    return [lot for lot in free_lots(state) if net.lot_zone[lot] == zone]


def kinds_left(state: BusState, rules: Rules) -> list[str]:
    """Building types still in the supply (Q5: a type that ran out must be replaced by another)."""
    return [kind for kind in KINDS if state.buildings.count(kind) < rules.buildings_per_kind]


def line_markers_left(state: BusState, rules: Rules, seat: int) -> int:
    return rules.line_markers - max(len(state.paths[seat]) - 1, 0)


def can_extend(net: Board, state: BusState, rules: Rules, seat: int) -> bool:
    """Whether the seat's line may take another street now (a line marker left and a street at a head
    that is not its own: by B2 (1) such a street is then always allowed)."""
    path = state.paths[seat]
    return line_markers_left(state, rules, seat) > 0 and can_grow(net, path, set(line_streets(net, path)))


def touched(state: BusState, seat: int) -> set[int]:
    """The crossings a seat's line touches: its buses reach every one of them (§3)."""
    return set(state.paths[seat])


def waiting_at(net: Board, state: BusState, crossing: int) -> int:
    """Passengers at a crossing who want to leave: all but those seated in its buildings this step."""
    seated = sum(1 for lot in state.seated if net.lot_crossing[lot] == crossing)
    return state.passengers[crossing] - seated


def seat_passengers(net: Board, state: BusState, kind: str) -> list[int]:
    """§5.3.6 step 1: on every crossing seat up to (its buildings of the wanted type) passengers there.
    Which of a crossing's lots are taken does not matter (Q10); the first ones are."""
    seated = []
    for crossing, lots in enumerate(net.crossing_lots):
        matching = [lot for lot in lots if state.buildings[lot] == kind]
        seated.extend(matching[:state.passengers[crossing]])
    return seated


def waiting_on_line(net: Board, state: BusState, seat: int) -> dict[int, int]:
    """Crossing -> waiting passengers, on the crossings the seat's line touches."""
    found = {}
    for crossing in sorted(touched(state, seat)):
        count = waiting_at(net, state, crossing)
        if count > 0:
            found[crossing] = count
    return found


def empty_on_line(net: Board, state: BusState, rules: Rules, seat: int) -> list[int]:
    """Lots with an empty building of the wanted type on the crossings the seat's line touches."""
    kind = wanted(state, rules)
    taken = set(state.seated)
    return [lot for crossing in sorted(touched(state, seat)) for lot in net.crossing_lots[crossing]
            if state.buildings[lot] == kind and lot not in taken]


def forced_deliveries(net: Board, state: BusState, rules: Rules, seat: int) -> int:
    """k = min(buses, waiting, empty): exactly this many deliveries must be made (§5.3.6 step 2)."""
    waiting = sum(waiting_on_line(net, state, seat).values())
    return min(state.buses[seat], waiting, len(empty_on_line(net, state, rules, seat)))


def ride(net: Board, path: list[int], start: int, goal: int) -> list[int]:
    """The crossings a bus passes from ``start`` to ``goal`` along the line (fewest streets)."""
    neighbours: dict[int, set[int]] = {}
    for a, b in zip(path, path[1:], strict=False):
        neighbours.setdefault(a, set()).add(b)
        neighbours.setdefault(b, set()).add(a)
    came: dict[int, int | None] = {start: None}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if here == goal:
            break
        for there in sorted(neighbours.get(here, ())):
            if there not in came:
                came[there] = here
                todo.append(there)
    if goal not in came:
        return [start]
    route = [goal]
    while (previous := came[route[-1]]) is not None:
        route.append(previous)
    return route[::-1]
