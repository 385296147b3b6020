"""The course of a game of Bus: setup, the choosing phase, the actions resolved in order, the end.

Decisions (``place_building``, ``build_street``, ``place_marker``, ...) mutate the state and append
the events that say what happened. ``settle`` then runs everything that needs no decision (forced
passes, Buses, the clock when nobody took it, Starting Player, actions that yield nothing, the end
of a round) until a seat has a real choice to make or the game is over.
"""

from __future__ import annotations

from game.core.bus import city
from game.core.bus.data import BUILDINGS, BUSES, CLOCK, LINE, PASSENGERS, START, VROOOM, Rules, rules_for
from game.core.bus.network import Board
from game.core.bus.scoring import final_event
from game.core.bus.state import BusState
from game.core.bus.streets import Move, extend
from game.core.contract import Event
from game.core.rng import Rng

MULTI = (LINE, PASSENGERS, BUILDINGS, VROOOM)


def new_game(net: Board, players: int, seed: int, options: dict) -> BusState:
    """§4: the start player is drawn; four passengers stand on the Central Park roundabouts; the
    start player and then each player clockwise place two buildings on zone 1."""
    rules = rules_for(players, options)
    start = Rng(seed).below(players)
    on_board = list(net.start_passengers)
    order = [(start + step) % players for step in range(players)]
    return BusState(
        players=players, options=dict(options), phase="setup_buildings", start_player=start,
        paths=[[] for _ in range(players)], lost=[0] * players, buses=[1] * players,
        markers=[rules.action_markers] * players, stones=[0] * players, score=[0] * players,
        arrival=[0] * players, clock=rules.clock_start, stones_left=rules.time_stones,
        supply=rules.passengers - sum(on_board),
        passengers=on_board, buildings=[None] * net.lots, placed=[0] * players, passed=[False] * players,
        queue=[seat for seat in order for _ in range(rules.setup_buildings)],
    )


def rules_of(state: BusState) -> Rules:
    return rules_for(state.players, state.options)


def acting_seat(state: BusState) -> int | None:
    """Who decides now: the head of the queue, or the seat on the resolving marker."""
    if state.phase == "over":
        return None
    if state.current is not None:
        return state.spaces[state.phase][state.current]
    return state.queue[0] if state.queue else None


def clockwise(state: BusState) -> list[int]:
    """Every seat from the start player on, clockwise."""
    return [(state.start_player + step) % state.players for step in range(state.players)]


# -- decisions --------------------------------------------------------------------------------------

def place_building(net: Board, state: BusState, seat: int, lot: int, kind: str, events: list[Event]) -> None:
    """A checked building: in the setup (zone 1) or for the acting Buildings marker (open zone)."""
    state.buildings[lot] = kind
    setup = state.phase == "setup_buildings"
    if setup:
        state.queue.pop(0)
    else:
        state.remaining -= 1
    events.append({"type": "building_built", "seat": seat, "lot": lot, "crossing": net.lot_crossing[lot],
                   "zone": net.lot_zone[lot], "kind": kind, "setup": setup,
                   "open_zone": city.open_zone(net, state)})


def first_street(net: Board, state: BusState, seat: int, street: int, events: list[Event]) -> None:
    """§4.7: the first line marker goes on any street, even one another line uses (C4)."""
    state.paths[seat] = list(net.ends[street])
    state.queue.pop(0)
    events.append({"type": "street_built", "seat": seat, "street": street, "head": None, "to": None,
                   "line_markers_left": city.line_markers_left(state, rules_of(state), seat)})


def build_street(net: Board, state: BusState, seat: int, move: Move, events: list[Event]) -> None:
    """A checked street: the setup's second one or one of a Line Expansion marker's."""
    closed = extend(state.paths[seat], move)
    events.append({"type": "street_built", "seat": seat, "street": move.street, "head": move.head,
                   "to": move.to, "line_markers_left": city.line_markers_left(state, rules_of(state), seat)})
    if closed:
        events.append({"type": "circle_closed", "seat": seat, "crossing": move.to})
    if state.phase == "setup_extend":
        state.queue.pop(0)
    else:
        state.remaining -= 1


def place_marker(net: Board, state: BusState, seat: int, action: str, events: list[Event]) -> None:
    """§5.1: a marker on the next free space of ``action``; the seat goes round to choose again."""
    rules = rules_of(state)
    taken = state.spaces.setdefault(action, [])
    index = len(taken)
    taken.append(seat)
    state.markers[seat] -= 1
    state.placed[seat] += 1
    state.queue.append(state.queue.pop(0))
    events.append({"type": "marker_placed", "seat": seat, "action": action, "index": index,
                   "letter": rules.letters[index] if rules.action(action).spaces > 1 else None,
                   "yields": space_gives(state, rules, action, index), "markers_left": state.markers[seat]})


def pass_turn(state: BusState, seat: int, events: list[Event], reason: str | None = None) -> None:
    """§5.1: passing is final for the round. ``reason`` says why a pass was forced (None: chosen)."""
    state.passed[seat] = True
    state.queue.remove(seat)
    events.append({"type": "passed", "seat": seat, "forced": reason is not None, "reason": reason,
                   "markers_left": state.markers[seat]})


def add_passengers(net: Board, state: BusState, seat: int, counts: list[int], events: list[Event]) -> None:
    """§5.3.3: the marker's passengers, split as the player chose between the two stations."""
    arrived = []
    for station, count in zip(net.stations, counts, strict=True):
        state.passengers[station] += count
        arrived.append({"crossing": station, "count": count})
    state.supply -= sum(counts)
    state.remaining = 0
    events.append({"type": "passengers_arrived", "seat": seat, "stations": arrived, "supply": state.supply})


def set_clock(state: BusState, seat: int, stop: bool, events: list[Event]) -> None:
    """§5.3.5: stop time for a stone, or let the hand move on. The last stone ends the game at once."""
    state.remaining = 0
    if not stop:
        _turn_clock(state, seat, events)
        return
    state.stones[seat] += 1
    state.stones_left -= 1
    events.append({"type": "clock_stopped", "seat": seat, "wants": city.wanted(state, rules_of(state)),
                   "stones": state.stones[seat], "stones_left": state.stones_left})
    if state.stones_left == 0:
        _end(state, "clock", events)


def deliver(net: Board, state: BusState, seat: int, start: int, lot: int, events: list[Event]) -> None:
    """§5.3.6: one bus carries one waiting passenger along the line into an empty wanted building."""
    goal = net.lot_crossing[lot]
    state.passengers[start] -= 1
    state.passengers[goal] += 1
    state.seated.append(lot)
    state.score[seat] += 1
    state.arrivals += 1
    state.arrival[seat] = state.arrivals
    state.remaining -= 1
    events.append({"type": "delivered", "seat": seat, "from": start, "to": goal, "lot": lot,
                   "kind": state.buildings[lot], "path": city.ride(net, state.paths[seat], start, goal),
                   "score": state.score[seat], "arrival": state.arrival[seat], "left": state.remaining})


# -- amounts ----------------------------------------------------------------------------------------

def space_yield(state: BusState, rules: Rules, action: str, index: int, *, coming_bus: bool = False) -> int | None:
    """The M-scaled amount of space ``index``, before the supply or the free lots are counted; None
    for actions without an amount. M is read now, or with ``coming_bus`` as it will be when the action
    resolves (§3: a bus taken this round and not yet bought counts for Passengers and Buildings)."""
    if action not in MULTI or action == VROOOM:
        return None
    fleet = fleet_when_resolving(state, rules, action) if coming_bus else city.largest_fleet(state)
    return rules.yields(action, index, fleet)


def fleet_when_resolving(state: BusState, rules: Rules, action: str) -> int:
    """M when ``action`` resolves this round: Buses resolves after Line Expansion and before Passengers
    and Buildings (§5.2), so a bus taken this round and not yet bought already counts for those two."""
    fleet = city.largest_fleet(state)
    buyer = state.spaces.get(BUSES)
    order = rules.action_ids
    if not buyer or state.phase not in ("choose", LINE) or order.index(action) < order.index(BUSES):
        return fleet
    at_cap = rules.bus_cap is not None and state.buses[buyer[0]] >= rules.bus_cap
    return fleet if at_cap else max(fleet, state.buses[buyer[0]] + 1)


def space_gives(state: BusState, rules: Rules, action: str, index: int) -> int | None:
    """What a marker on space ``index`` will really get this round (ruling U4: the game shows a space
    that yields nothing before a marker goes there), M counting a bus taken this round for Passengers
    and Buildings (they resolve after Buses). Passengers share the supply from A on and Buildings the
    free lots from the last-placed marker down, a space not yet taken acting first. Once resolving has
    begun only what is left is shared, among the markers still to act: the acting marker shows what it
    still has to do, a free space what a marker would find after them, and a marker that has acted
    shows None (what it got is in the events)."""
    amount = space_yield(state, rules, action, index, coming_bus=True)
    before = _acting_before(state, rules, action, index)
    if amount is None or before is None:
        return None
    acting = state.phase == action and state.current is not None
    if acting and index == state.current:
        amount = state.remaining
    if action not in (PASSENGERS, BUILDINGS):
        return amount
    left = state.supply if action == PASSENGERS else len(city.free_lots(state))
    for earlier in before:
        due = state.remaining if acting and earlier == state.current else space_yield(
            state, rules, action, earlier, coming_bus=True) or 0
        left -= min(due, left)
    return min(amount, left)


def _acting_before(state: BusState, rules: Rules, action: str, index: int) -> list[int] | None:
    """The spaces of ``action`` whose markers act before one on space ``index`` this round and have not
    acted yet, or None when a marker there has already acted. While choosing a space not yet taken
    acts first among the last-placed-first actions (§5.2); once resolving, after every marker."""
    spec = rules.action(action)
    taken = len(state.spaces.get(action, []))
    if state.phase not in rules.action_ids:  # choosing (or setting up): nothing has acted yet
        if spec.last_placed_first:
            return [] if index >= taken else list(range(taken - 1, index, -1))
        return list(range(index))
    order = rules.action_ids
    if order.index(action) > order.index(state.phase):
        due = list(range(taken))[::-1] if spec.last_placed_first else list(range(taken))
    elif action == state.phase:
        due = ([state.current] if state.current is not None else []) + list(state.pending)
    else:
        due = []
    if index < taken:
        return due[:due.index(index)] if index in due else None
    return due


def short_of(net: Board, state: BusState, rules: Rules, action: str, index: int) -> str | None:
    """Why space ``index`` would give nothing now, so a table can say so (U4): "buses" (M - k is 0),
    "supply" (no passenger left for it), "lots" (no free lot left for it); while choosing, for the seat
    to choose, "cap" on the free Buses space (it owns the most buses allowed, Q3) and "line" on the free
    Line Expansion spaces (all its line markers are on the board, or no street is left at its line's
    ends: neither ever changes for the better, B4); None when it gives some."""
    seat = state.queue[0] if state.phase == "choose" and state.queue else None
    if action == BUSES:
        at_cap = seat is not None and rules.bus_cap is not None and state.buses[seat] >= rules.bus_cap
        return "cap" if at_cap and not state.spaces.get(BUSES) else None
    if (action == LINE and seat is not None and index >= len(state.spaces.get(LINE, []))
            and not city.can_extend(net, state, rules, seat)):
        return "line"
    if space_gives(state, rules, action, index) != 0:
        return None
    if space_yield(state, rules, action, index, coming_bus=True) == 0:
        return "buses"
    return "supply" if action == PASSENGERS else "lots"


def marker_amount(net: Board, state: BusState, rules: Rules, action: str, index: int, seat: int) -> int:
    """What the resolving marker must do, capped by what the board allows (§5.2, §5.3)."""
    if action == VROOOM:
        return city.forced_deliveries(net, state, rules, seat)
    if action == CLOCK:
        return 1
    amount = rules.yields(action, index, city.largest_fleet(state))
    if action == PASSENGERS:
        return min(amount, state.supply)
    if action == BUILDINGS:
        return min(amount, len(city.free_lots(state)))
    return amount


# -- what happens by itself -------------------------------------------------------------------------

def settle(net: Board, state: BusState, events: list[Event]) -> None:
    """Run the automatic steps until somebody has a decision to make or the game is over."""
    rules = rules_of(state)
    while state.phase != "over":
        if state.phase == "setup_buildings":
            if state.queue:
                return
            state.phase = "setup_streets"
            state.queue = clockwise(state)
            events.append({"type": "phase", "phase": state.phase})
        elif state.phase == "setup_streets":
            if state.queue:
                return
            state.phase = "setup_extend"
            state.queue = clockwise(state)[::-1]
            events.append({"type": "phase", "phase": state.phase})
        elif state.phase == "setup_extend":
            if not state.queue:
                _start_round(state, events)
            elif city.can_extend(net, state, rules, state.queue[0]):
                return
            else:
                seat = state.queue.pop(0)
                _lose(state, seat, 1, "blocked", events)
        elif state.phase == "choose":
            if not state.queue:
                _start_resolving(net, state, rules, events)
                continue
            seat = state.queue[0]
            if state.markers[seat] == 0:
                pass_turn(state, seat, events, "no_markers")
            elif not open_actions(state, rules):
                pass_turn(state, seat, events, "spaces_full")
            else:
                return
        elif state.current is not None:
            if state.remaining > 0 and _can_go_on(net, state, rules):
                return
            _finish_marker(net, state, rules, events)
        elif state.pending:
            _start_marker(net, state, rules, state.pending.pop(0), events)
        else:
            _next_action(net, state, rules, state.phase, events)


def open_actions(state: BusState, rules: Rules) -> list[str]:
    """Actions with a free space this round (§5.1: single spaces take one marker, the others six)."""
    return [spec.id for spec in rules.actions if len(state.spaces.get(spec.id, [])) < spec.spaces]


def _can_go_on(net: Board, state: BusState, rules: Rules) -> bool:
    seat = acting_seat(state)
    assert seat is not None
    if state.phase == LINE:
        return city.can_extend(net, state, rules, seat)
    if state.phase == BUILDINGS:
        return bool(city.free_lots(state)) and bool(city.kinds_left(state, rules))
    if state.phase == VROOOM:
        return city.forced_deliveries(net, state, rules, seat) > 0
    return True


def _finish_marker(net: Board, state: BusState, rules: Rules, events: list[Event]) -> None:
    """The acting marker is done; what it could not do lapses (B4, §5.2 "as far as possible")."""
    seat = acting_seat(state)
    assert seat is not None
    if state.remaining > 0:
        if state.phase == LINE:
            reason = "markers" if city.line_markers_left(state, rules, seat) == 0 else "blocked"
            _lose(state, seat, state.remaining, reason, events)
        else:
            events.append({"type": "lapsed", "seat": seat, "action": state.phase, "count": state.remaining})
    state.current = None
    state.remaining = 0


def _start_marker(net: Board, state: BusState, rules: Rules, index: int, events: list[Event]) -> None:
    seat = state.spaces[state.phase][index]
    state.current = index
    state.remaining = marker_amount(net, state, rules, state.phase, index, seat)
    event: Event = {"type": "action_resolving", "action": state.phase, "index": index,
                    "letter": rules.letters[index] if rules.action(state.phase).spaces > 1 else None,
                    "seat": seat, "amount": state.remaining}
    if state.phase == VROOOM:
        event.update(wants=city.wanted(state, rules), buses=state.buses[seat])
    events.append(event)


def _start_resolving(net: Board, state: BusState, rules: Rules, events: list[Event]) -> None:
    events.append({"type": "resolving", "round": state.round})
    _next_action(net, state, rules, None, events)


def _next_action(net: Board, state: BusState, rules: Rules, after: str | None, events: list[Event]) -> None:
    """Resolve the actions after ``after`` in their fixed order (§5.2) up to the next decision."""
    order = rules.action_ids
    for action in order[order.index(after) + 1 if after else 0:]:
        if state.phase == "over":
            return
        taken = state.spaces.get(action, [])
        if action == BUSES:
            _buy_bus(state, rules, taken, events)
        elif action == START:
            _start_player(state, taken, events)
        elif action == CLOCK and not taken:
            _turn_clock(state, None, events)
        elif taken:
            state.phase = action
            indices = list(range(len(taken)))
            state.pending = indices[::-1] if rules.action(action).last_placed_first else indices
            if action == VROOOM:
                kind = city.wanted(state, rules)
                state.seated = city.seat_passengers(net, state, kind)
                events.append({"type": "vrooom_started", "wants": kind, "seated": list(state.seated),
                               "waiting": {str(crossing): count for crossing in range(net.crossings)
                                           if (count := city.waiting_at(net, state, crossing)) > 0}})
            return
    _end_round(net, state, rules, events)


def _buy_bus(state: BusState, rules: Rules, taken: list[int], events: list[Event]) -> None:
    """§5.3.2: the taker gains a bus, M at once with it; at the cap (Q3) nothing happens."""
    if not taken:
        return
    seat = taken[0]
    if rules.bus_cap is not None and state.buses[seat] >= rules.bus_cap:
        events.append({"type": "lapsed", "seat": seat, "action": BUSES, "count": 1})
        return
    state.buses[seat] += 1
    events.append({"type": "bus_bought", "seat": seat, "buses": state.buses[seat],
                   "largest_fleet": city.largest_fleet(state)})


def _turn_clock(state: BusState, seat: int | None, events: list[Event]) -> None:
    rules = rules_of(state)
    before = state.clock
    state.clock = (state.clock + 1) % len(rules.clock)
    events.append({"type": "clock_turned", "seat": seat, "from": rules.clock[before],
                   "wants": rules.clock[state.clock]})


def _start_player(state: BusState, taken: list[int], events: list[Event]) -> None:
    """§5.3.7: the taker starts the next round; unclaimed, the start-bus moves one seat on (Q8)."""
    state.start_player = taken[0] if taken else (state.start_player + 1) % state.players
    events.append({"type": "start_player", "seat": state.start_player, "taken": bool(taken)})


def _end_round(net: Board, state: BusState, rules: Rules, events: list[Event]) -> None:
    """§5.4: markers leave the game; then the end checks (§6): at most one player with markers, or no
    free lot left."""
    state.spaces = {}
    state.pending = []
    state.current = None
    state.seated = []
    events.append({"type": "round_ended", "round": state.round, "markers": list(state.markers)})
    if sum(1 for left in state.markers if left > 0) <= 1:
        _end(state, "markers", events)
    elif not city.free_lots(state):
        _end(state, "lots", events)
    else:
        _start_round(state, events)


def _start_round(state: BusState, events: list[Event]) -> None:
    state.round += 1
    state.phase = "choose"
    state.spaces = {}
    state.placed = [0] * state.players
    state.passed = [False] * state.players
    state.pending = []
    state.current = None
    state.remaining = 0
    state.seated = []
    state.queue = clockwise(state)
    events.append({"type": "round_started", "round": state.round, "start_player": state.start_player,
                   "largest_fleet": city.largest_fleet(state), "markers": list(state.markers)})


def _lose(state: BusState, seat: int, count: int, reason: str, events: list[Event]) -> None:
    state.lost[seat] += count
    state.remaining = 0
    events.append({"type": "streets_lost", "seat": seat, "count": count, "reason": reason})


def _end(state: BusState, reason: str, events: list[Event]) -> None:
    state.phase = "over"
    state.ended = reason
    state.queue = []
    state.pending = []
    state.current = None
    state.remaining = 0
    events.append(final_event(state))
