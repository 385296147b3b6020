"""Bus as a GameDefinition: Splotter's *Bus* in full for 3-5 players (rulings U1-U5, docs/bus.md).

The game is public: every view shows the whole state, plus what the table needs worked out (the
decision due, what each space yields, who waits where). Chance only draws the first start player.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

from game.core.bus import city, moves, rounds, scoring
from game.core.bus import state as state_module
from game.core.bus.data import (
    BUILDINGS,
    DEFAULT_OPTIONS,
    LINE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NAME,
    PASSENGERS,
    VROOOM,
    Rules,
    check_options,
)
from game.core.bus.network import Board, board
from game.core.bus.shapes import ACTION_SHAPES, EVENT_FIELDS
from game.core.bus.state import BusState
from game.core.bus.streets import Surroundings, heads, line_streets
from game.core.contract import (
    Action,
    Event,
    Rejection,
    RuleViolation,
    SnapshotError,
    View,
    action_type,
    is_int,
    views_one_by_one,
)

VIEW_TYPE = "bus_view"

# phase -> the action type it waits for
EXPECTED = {"setup_buildings": "building", "setup_streets": "street", "setup_extend": "street",
            "line": "street", "passengers": "passengers", "buildings": "building", "clock": "clock",
            "vrooom": "deliver"}


class Bus:
    name = NAME
    title = "Bus"
    rules_version = "3"  # 3: B2 (2) reads either circle street as an end (docs/bus.md, Rules version)
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    action_shapes = ACTION_SHAPES  # the fields of each action (game.core.shapes)
    event_fields = EVENT_FIELDS  # the fields of each event it tells

    @property
    def net(self) -> Board:
        return board()

    def default_options(self) -> dict[str, Any]:
        return dict(DEFAULT_OPTIONS)

    def validate_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        return check_options(options)

    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> BusState:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Bus takes {MIN_PLAYERS}-{MAX_PLAYERS} players, not {players}")
        return rounds.new_game(self.net, players, seed, check_options(options))

    def to_act(self, state: BusState) -> list[int]:
        seat = rounds.acting_seat(state)
        return [] if seat is None else [seat]

    # -- what may be done ------------------------------------------------------------------------
    def legal(self, state: BusState, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        net, rules = self.net, rounds.rules_of(state)
        phase = state.phase
        if phase in ("setup_buildings", BUILDINGS):
            kinds = city.kinds_left(state, rules)
            return [{"type": "building", "lot": lot, "kind": kind}
                    for lot in city.buildable_lots(net, state, setup=phase != BUILDINGS) for kind in kinds]
        if phase == "setup_streets":
            return [{"type": "street", "street": street, "head": None} for street in range(net.streets)]
        if phase in ("setup_extend", LINE):
            path = state.paths[seat]
            found = Surroundings(net, state.paths, seat).moves(path, set(line_streets(net, path)))
            return [{"type": "street", "street": move.street, "head": move.head} for move in found]
        if phase == "choose":
            chosen = ([{"type": "choose", "action": action} for action in rounds.open_actions(state, rules)]
                      if state.markers[seat] > 0 else [])  # as moves.marker: a marker needs a marker left
            can_pass = state.placed[seat] >= rules.minimum_markers
            return chosen + ([{"type": "pass"}] if can_pass else [])
        if phase == PASSENGERS:
            return [{"type": "passengers", "counts": [first, state.remaining - first]}
                    for first in range(state.remaining + 1)]
        if phase == "clock":
            return [{"type": "clock", "stop": True}, {"type": "clock", "stop": False}]
        if phase == VROOOM:
            empty = city.empty_on_line(net, state, rules, seat)
            return [{"type": "deliver", "from": start, "lot": lot}
                    for start in city.waiting_on_line(net, state, seat) for lot in empty]
        return []

    def check(self, state: BusState, seat: int, action: Any) -> Rejection | None:
        verdict = self._read(state, seat, action)
        return verdict if isinstance(verdict, Rejection) else None

    def _read(self, state: BusState, seat: Any, action: Any) -> Any:
        """The checked meaning of an intent, or a Rejection."""
        if state.phase == "over":
            return moves.refuse("game_over", "The game is over.")
        if not is_int(seat) or seat not in self.to_act(state):
            acting = self.to_act(state)[0]
            return moves.refuse("not_your_turn", f"It is seat {acting}'s turn, not {seat!r}'s.", seat=acting)
        kind = action_type(action)
        if kind is None:
            return moves.refuse("malformed", "An action is a dict with a string 'type'.")
        net, rules = self.net, rounds.rules_of(state)
        phase = state.phase
        if phase == "choose":
            if kind == "pass":
                return moves.passing(state, rules, seat)
            if kind == "choose":
                return moves.marker(state, rules, seat, action)
            return moves.refuse("wrong_action", "Now place a marker on an action, or pass.", expected="choose")
        expected = EXPECTED[phase]
        if kind != expected:
            return moves.refuse("wrong_action", f"Now the game waits for a {expected!r} action.", expected=expected)
        if expected == "building":
            return moves.building(net, state, rules, action)
        if phase == "setup_streets":
            return moves.first_street(net, action)
        if expected == "street":
            return moves.street_move(net, state, rules, seat, action)
        if expected == "passengers":
            return moves.passenger_split(net, state, action)
        if expected == "clock":
            return moves.clock_choice(action)
        return moves.delivery(net, state, rules, seat, action)

    def apply(self, state: BusState, seat: int, action: Action, *, checked: bool = False) -> list[Event]:
        verdict = self._read(state, seat, action)  # also the parse apply needs, so run even when checked
        if isinstance(verdict, Rejection):
            raise RuleViolation(verdict)
        net = self.net
        events: list[Event] = []
        phase = state.phase
        if phase in ("setup_buildings", BUILDINGS):
            rounds.place_building(net, state, seat, verdict[0], verdict[1], events)
        elif phase == "setup_streets":
            rounds.first_street(net, state, seat, verdict, events)
        elif phase in ("setup_extend", LINE):
            rounds.build_street(net, state, seat, verdict, events)
        elif phase == "choose":
            if verdict == "pass":
                rounds.pass_turn(state, seat, events)
            else:
                rounds.place_marker(net, state, seat, verdict, events)
        elif phase == PASSENGERS:
            rounds.add_passengers(net, state, seat, verdict, events)
        elif phase == "clock":
            rounds.set_clock(state, seat, verdict, events)
        else:
            rounds.deliver(net, state, seat, verdict[0], verdict[1], events)
        rounds.settle(net, state, events)
        return events

    # -- what may be known (everything: the game is public) -----------------------------------------
    def views(self, state: Any, seats: Iterable[int | None]) -> dict[int | None, View]:
        return views_one_by_one(self, state, seats)

    def view(self, state: BusState, seat: int | None) -> View:
        """The whole state (its snapshot) plus what the table shows worked out (docs/bus.md)."""
        net, rules = self.net, rounds.rules_of(state)
        view: View = state_module.snapshot(state)
        del view["format"], view["version"]
        # Who sits happily in a building of the type the hand shows: this step's seating during
        # Vrrooomm!, else the seating a Vrrooomm! would find now (for the table's figures).
        satisfied = (state.seated if state.phase == VROOOM
                     else city.seat_passengers(net, state, city.wanted(state, rules)))
        at_crossing = [0] * net.crossings
        for lot in satisfied:
            at_crossing[net.lot_crossing[lot]] += 1
        view.update({
            "type": VIEW_TYPE,
            "seat": seat,
            "to_act": self.to_act(state),
            "largest_fleet": city.largest_fleet(state),
            "wants": city.wanted(state, rules),
            "clock_positions": list(rules.clock),
            "time_stones": rules.time_stones,
            "stations": list(net.stations),
            "open_zone": city.open_zone(net, state),
            "free_lots": len(city.free_lots(state)),
            "lots": [{"lot": lot, "crossing": net.lot_crossing[lot], "zone": net.lot_zone[lot],
                      "letter": net.zone_letters.get(net.lot_zone[lot]), "kind": state.buildings[lot],
                      "seated": lot in satisfied} for lot in range(net.lots)],
            "waiting": [state.passengers[crossing] - at_crossing[crossing] for crossing in range(net.crossings)],
            "action_board": self._action_board(state, rules),
            "lines": [self._line_view(state, rules, other) for other in range(state.players)],
            "decision": self._decision(state, rules),
            "outcome": self.outcome(state),
        })
        return view

    def _action_board(self, state: BusState, rules: Rules) -> list[dict[str, Any]]:
        """Every action in resolving order with its spaces: who stands there and what it yields now."""
        board_view = []
        for spec in rules.actions:
            taken = state.spaces.get(spec.id, [])
            spaces = [{"index": index, "letter": rules.letters[index] if spec.spaces > 1 else None,
                       "seat": taken[index] if index < len(taken) else None,
                       "yields": rounds.space_gives(state, rules, spec.id, index),
                       "short_of": rounds.short_of(self.net, state, rules, spec.id, index)}
                      for index in range(spec.spaces)]
            board_view.append({"action": spec.id, "name": spec.name, "spaces": spaces,
                               "next": len(taken) if len(taken) < spec.spaces else None,
                               "a_side": spec.a_side, "last_placed_first": spec.last_placed_first,
                               "resolving": state.phase == spec.id})
        return board_view

    def _line_view(self, state: BusState, rules: Rules, seat: int) -> dict[str, Any]:
        net = self.net
        path = state.paths[seat]
        line_heads = heads(path)
        return {
            "seat": seat,
            "path": list(path),
            "streets": line_streets(net, path),
            "heads": line_heads,
            "closed_at": line_heads[0] if len(path) > 1 and len(line_heads) == 1 else None,
            "line_markers_left": city.line_markers_left(state, rules, seat),
            "markers": state.markers[seat],
            "buses": state.buses[seat],
            "score": state.score[seat],
            "stones": state.stones[seat],
            "final": state.score[seat] - state.stones[seat],
            "arrival": state.arrival[seat],
            "placed": state.placed[seat],
            "passed": state.passed[seat],
            "start_player": seat == state.start_player,
        }

    def _decision(self, state: BusState, rules: Rules) -> dict[str, Any] | None:
        """What the acting seat must decide now, with what the table needs to offer it."""
        seat = rounds.acting_seat(state)
        if seat is None:
            return None
        net = self.net
        phase = state.phase
        found: dict[str, Any] = {"seat": seat, "phase": phase, "action": EXPECTED.get(phase, "choose")}
        if phase == "choose":
            found.update(open=rounds.open_actions(state, rules),
                         can_pass=state.placed[seat] >= rules.minimum_markers,
                         placed=state.placed[seat], markers=state.markers[seat])
        elif phase in ("setup_buildings", BUILDINGS):
            found.update(lots=city.buildable_lots(net, state, setup=phase != BUILDINGS),
                         kinds=city.kinds_left(state, rules),
                         left=state.remaining if phase == BUILDINGS else state.queue.count(seat))
        elif phase in ("setup_extend", LINE):
            found.update(left=state.remaining if phase == LINE else 1, heads=heads(state.paths[seat]))
        elif phase == PASSENGERS:
            found.update(amount=state.remaining, stations=list(net.stations))
        elif phase == "clock":
            found.update(wants=city.wanted(state, rules), next=rules.clock[(state.clock + 1) % len(rules.clock)],
                         stones_left=state.stones_left)
        elif phase == VROOOM:
            found.update(left=state.remaining, wants=city.wanted(state, rules),
                         waiting={str(c): n for c, n in city.waiting_on_line(net, state, seat).items()},
                         empty=city.empty_on_line(net, state, rules, seat))
        if state.current is not None:
            found.update(index=state.current, letter=rules.letters[state.current]
                         if rules.action(phase).spaces > 1 else None)
        return found

    def view_event(self, state: BusState, event: Event, seat: int | None) -> Event | None:
        return copy.deepcopy(event)

    def outcome(self, state: BusState) -> dict[str, Any] | None:
        return scoring.outcome(state)

    def secrets(self, state: BusState) -> dict[str, Any]:
        return {}

    # -- saves ----------------------------------------------------------------------------------
    def snapshot(self, state: BusState) -> dict[str, Any]:
        return state_module.snapshot(state)

    def restore(self, data: Any) -> BusState:
        try:
            state = state_module.restore(self.net, data)
            # Who is to act is read from the state too: a phase and a resolving marker that do not
            # belong together must be refused here, not trip a later turn.
            seat = None if state.phase == "over" else rounds.acting_seat(state)
            playable = state.phase == "over" or (seat is not None and bool(self.legal(state, seat)))
        except SnapshotError:
            raise
        except Exception as error:  # anything a corrupt save can trip must surface as SnapshotError
            raise SnapshotError(f"corrupt Bus state: {error}") from error
        if not playable:
            raise SnapshotError(f"seat {seat} is to act but has nothing it may do")
        return state

    def state_from_view(self, view: View) -> BusState:
        """A view holds the whole public state: bots rebuild it to look ahead with the real rules."""
        if not isinstance(view, dict) or view.get("type") != VIEW_TYPE:
            raise SnapshotError("not a Bus view")
        keys = state_module.snapshot(BusState(players=MIN_PLAYERS, options=dict(DEFAULT_OPTIONS)))
        data = {key: view.get(key) for key in keys}
        data.update(format=state_module.SNAPSHOT_FORMAT, version=state_module.SNAPSHOT_VERSION)
        return self.restore(data)


GAME = Bus()
