"""The course of a game: setup (B5), rounds of action spaces (B6), lost streets (B4) and the end (B7).

Every function here mutates the state and appends the events that say what happened. ``settle``
runs whatever needs no decision (forced passes, lost streets, resolving the spaces, a new round)
until a seat has a real choice to make or the game is over.
"""

from __future__ import annotations

from game.core.contract import Event
from game.core.lines.network import Network
from game.core.lines.scoring import final_event
from game.core.lines.state import BUS_SPACE, EXPANSION_SPACES, MAX_BUSES, MAX_MARKERS, LinesState
from game.core.lines.streets import Move, can_grow, extend, line_streets

FIVE_PLAYER_BONUS = 5  # B6: with this many players every expansion space builds one street more


def new_game(players: int) -> LinesState:
    """B5: in turn order from seat 0 each player first places one street anywhere."""
    return LinesState(players=players, paths=[[] for _ in range(players)], buses=[1] * players,
                      queue=list(range(players)), lost=[0] * players)


def markers_left(state: LinesState, seat: int) -> int:
    path = state.paths[seat]
    return MAX_MARKERS - max(len(path) - 1, 0)


def can_build(net: Network, state: LinesState, seat: int) -> bool:
    """Whether the seat could add a street now: a marker left and a street its line may take."""
    path = state.paths[seat]
    return markers_left(state, seat) > 0 and can_grow(net, path, set(line_streets(net, path)))


def largest_fleet(state: LinesState) -> int:
    """M of B6: the most buses any player owns."""
    return max(state.buses)


def space_streets(state: LinesState, space: str) -> int:
    """How many streets an expansion space builds this round: M on A, one less on each next letter."""
    bonus = 1 if state.players >= FIVE_PLAYER_BONUS else 0
    return largest_fleet(state) - EXPANSION_SPACES.index(space) + bonus


def expansion_spaces(state: LinesState) -> list[str]:
    """The expansion spaces in play: one per player, as long as the space builds at least one street."""
    return [space for space in EXPANSION_SPACES[:state.players] if space_streets(state, space) >= 1]


def open_spaces(net: Network, state: LinesState, seat: int) -> list[str]:
    """The spaces ``seat`` may take now. Expansion needs a line that can grow (so taking a space always
    builds at least a street); the bus needs fewer than five buses."""
    free = []
    if can_build(net, state, seat):
        free = [space for space in expansion_spaces(state) if space not in state.spaces]
    if BUS_SPACE not in state.spaces and state.buses[seat] < MAX_BUSES:
        free.append(BUS_SPACE)
    return free


# -- decisions ----------------------------------------------------------------------------------

def place_first(net: Network, state: LinesState, seat: int, street: int, events: list[Event]) -> None:
    """B5: the first street goes anywhere, even on a street other lines use."""
    state.paths[seat] = list(net.ends[street])
    state.queue.pop(0)
    events.append({"type": "street_built", "seat": seat, "street": street, "head": None, "to": None,
                   "markers_left": markers_left(state, seat)})
    if not state.queue:
        state.phase = "extend"
        state.queue = list(reversed(range(state.players)))
        events.append({"type": "phase", "phase": "extend"})


def build(net: Network, state: LinesState, seat: int, move: Move, events: list[Event]) -> None:
    """Add one checked street (the setup's second street or one of an expansion)."""
    closed = extend(state.paths[seat], move)
    events.append({"type": "street_built", "seat": seat, "street": move.street, "head": move.head,
                   "to": move.to, "markers_left": markers_left(state, seat)})
    if closed:
        events.append({"type": "circle_closed", "seat": seat, "crossing": move.to})
    if state.phase == "extend":
        state.queue.pop(0)
    else:
        state.remaining -= 1


def choose(state: LinesState, seat: int, space: str, events: list[Event]) -> None:
    state.spaces[space] = seat
    state.queue.pop(0)
    streets = None if space == BUS_SPACE else space_streets(state, space)
    events.append({"type": "action_chosen", "seat": seat, "space": space, "streets": streets})


def pass_turn(state: LinesState, seat: int, events: list[Event], forced: bool = False) -> None:
    state.passed.append(seat)
    state.queue.pop(0)
    events.append({"type": "passed", "seat": seat, "forced": forced})


# -- what happens by itself ---------------------------------------------------------------------

def settle(net: Network, state: LinesState, events: list[Event]) -> None:
    """Run the automatic steps until somebody has a decision to make or the game is over."""
    while state.phase != "over":
        if state.phase == "place":
            return  # B5: a first street can always be placed
        if state.phase == "extend":
            if not state.queue:
                _start_round(net, state, events)
            elif can_build(net, state, state.queue[0]):
                return
            else:
                _lose(state, state.queue.pop(0), 1, "blocked", events)
        elif state.phase == "choose":
            if not state.queue:
                _close_choosing(net, state, events)
            elif open_spaces(net, state, state.queue[0]):
                return
            else:
                pass_turn(state, state.queue[0], events, forced=True)
        elif state.phase == "build":
            if _builder_done(net, state, events):
                _next_builder(net, state, events)
            else:
                return


def _builder_done(net: Network, state: LinesState, events: list[Event]) -> bool:
    """True when the current builder has nothing more to build; B4 loses what cannot be built."""
    if not state.queue:
        return True
    seat = state.queue[0]
    if state.remaining > 0 and markers_left(state, seat) == 0:
        _lose(state, seat, state.remaining, "markers", events)
    elif state.remaining > 0 and not can_build(net, state, seat):
        _lose(state, seat, state.remaining, "blocked", events)
    return state.remaining == 0


def _next_builder(net: Network, state: LinesState, events: list[Event]) -> None:
    if state.queue:
        state.queue.pop(0)
    if state.queue:
        _start_expansion(state, events)
        return
    if BUS_SPACE in state.spaces:
        buyer = state.spaces[BUS_SPACE]
        state.buses[buyer] += 1
        events.append({"type": "bus_bought", "seat": buyer, "buses": state.buses[buyer]})
    _start_round(net, state, events)


def _start_expansion(state: LinesState, events: list[Event]) -> None:
    seat = state.queue[0]
    space = next(space for space, holder in state.spaces.items() if holder == seat and space != BUS_SPACE)
    state.remaining = space_streets(state, space)
    events.append({"type": "expansion_started", "seat": seat, "space": space, "streets": state.remaining})


def _close_choosing(net: Network, state: LinesState, events: list[Event]) -> None:
    """Everyone has chosen: B7 ends the game if all passed; else B6 resolves expansions, A last."""
    if len(state.passed) == state.players:
        _end(net, state, "passed", events)
        return
    taken = sorted((space for space in state.spaces if space != BUS_SPACE), reverse=True)
    state.phase = "build"
    state.queue = [state.spaces[space] for space in taken]
    state.remaining = 0
    if state.queue:
        _start_expansion(state, events)


def _start_round(net: Network, state: LinesState, events: list[Event]) -> None:
    """B6: a new round with the start player one seat on; B7: no round when nobody can build."""
    if not any(can_build(net, state, seat) for seat in range(state.players)):
        _end(net, state, "blocked", events)
        return
    state.round += 1
    state.start_player = (state.round - 1) % state.players
    state.phase = "choose"
    state.spaces = {}
    state.passed = []
    state.remaining = 0
    state.queue = [(state.start_player + step) % state.players for step in range(state.players)]
    events.append({"type": "round_started", "round": state.round, "start_player": state.start_player,
                   "largest_fleet": largest_fleet(state), "spaces": expansion_spaces(state)})


def _lose(state: LinesState, seat: int, count: int, reason: str, events: list[Event]) -> None:
    state.lost[seat] += count
    state.remaining = 0
    events.append({"type": "streets_lost", "seat": seat, "count": count, "reason": reason})


def _end(net: Network, state: LinesState, reason: str, events: list[Event]) -> None:
    state.phase = "over"
    state.ended = reason
    state.queue = []
    state.remaining = 0
    events.append(final_event(net, state))
