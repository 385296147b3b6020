"""Line Expansion as a GameDefinition: the line building of Splotter's Bus as a game of its own.

The expansion rules are Bus's (bus-line-expansion.md, rulings B1-B4); the setup, the rounds of
action spaces and the scoring around them are the project's own (B5-B7, docs/lines.md).
The game is public and has no chance: views show everything and nothing is secret.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

from game.core.contract import (
    Action,
    Event,
    Rejection,
    RuleViolation,
    SnapshotError,
    View,
    action_type,
    is_int,
    reject,
    views_one_by_one,
)
from game.core.lines import moves, rounds, scoring
from game.core.lines import state as state_module
from game.core.lines.network import Network, network
from game.core.lines.shapes import ACTION_SHAPES
from game.core.lines.state import BUS_SPACE, MAX_PLAYERS, MIN_PLAYERS, LinesState
from game.core.lines.streets import Surroundings, heads, line_streets

VIEW_TYPE = "lines_view"


class LineExpansion:
    name = "lines"
    title = "Line Expansion"
    rules_version = "1"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    action_shapes = ACTION_SHAPES  # the fields of each action (game.core.shapes)

    @property
    def net(self) -> Network:
        return network()

    def default_options(self) -> dict[str, Any]:
        return {}

    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> LinesState:
        """No chance in this game: the seed changes nothing, seat 0 places the first street."""
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Line Expansion takes {MIN_PLAYERS}-{MAX_PLAYERS} players, not {players}")
        return rounds.new_game(players)

    def to_act(self, state: LinesState) -> list[int]:
        return [state.queue[0]] if state.phase != "over" and state.queue else []

    # -- what may be done ------------------------------------------------------------------------
    def legal(self, state: LinesState, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        net = self.net
        if state.phase == "place":
            return [{"type": "street", "street": street} for street in range(net.streets)]
        if state.phase == "choose":
            spaces = rounds.open_spaces(net, state, seat)
            return [{"type": "action_space", "space": space} for space in spaces] + [{"type": "pass"}]
        path = state.paths[seat]
        if rounds.markers_left(state, seat) == 0:
            return []
        found = Surroundings(net, state.paths, seat).moves(path, set(line_streets(net, path)))
        return [{"type": "street", "street": move.street, "head": move.head} for move in found]

    def check(self, state: LinesState, seat: int, action: Any) -> Rejection | None:
        verdict = self._read(state, seat, action)
        return verdict if isinstance(verdict, Rejection) else None

    def _read(self, state: LinesState, seat: Any, action: Any) -> Any:
        """The checked meaning of an intent (a street id, a Move, a space, "pass") or a Rejection."""
        if state.phase == "over":
            return reject(self.name, "game_over", "The game is over.")
        if not is_int(seat) or seat not in self.to_act(state):
            return reject(self.name, "not_your_turn", f"It is seat {state.queue[0]}'s turn, not {seat!r}'s.")
        kind = action_type(action)
        if kind is None:
            return reject(self.name, "malformed", "An action is a dict with a string 'type'.")
        if state.phase == "choose":
            if kind == "pass":
                return "pass"
            if kind == "action_space":
                return moves.space_choice(self.net, state, seat, action)
            return reject(self.name, "wrong_action", "Now choose an action space or pass ({'type': "
                                                     "'action_space', 'space': ...} or {'type': 'pass'}).")
        if kind != "street":
            return reject(self.name, "wrong_action", "Now build a street ({'type': 'street', 'street': id, "
                                                     "'head': crossing}).")
        if state.phase == "place":
            return moves.first_street(self.net, action)
        return moves.street_move(self.net, state, seat, action)

    def apply(self, state: LinesState, seat: int, action: Action, *, checked: bool = False) -> list[Event]:
        verdict = self._read(state, seat, action)  # also the parse apply needs, so run even when checked
        if isinstance(verdict, Rejection):
            raise RuleViolation(verdict)
        net = self.net
        events: list[Event] = []
        if state.phase == "place":
            rounds.place_first(net, state, seat, verdict, events)
        elif state.phase == "choose":
            if verdict == "pass":
                rounds.pass_turn(state, seat, events)
            else:
                rounds.choose(state, seat, verdict, events)
        else:
            rounds.build(net, state, seat, verdict, events)
        rounds.settle(net, state, events)
        return events

    # -- what may be known (everything: the game is public) -----------------------------------------
    def views(self, state: Any, seats: Iterable[int | None]) -> dict[int | None, View]:
        return views_one_by_one(self, state, seats)  # the views share little worth building once

    def view(self, state: LinesState, seat: int | None) -> View:
        """The whole state plus what the table shows: heads, circles, scores so far, the action board."""
        view: View = state_module.snapshot(state)
        del view["format"], view["version"]
        view.update({
            "type": VIEW_TYPE,
            "seat": seat,
            "to_act": self.to_act(state),
            "largest_fleet": rounds.largest_fleet(state),
            "lines": [self._line_view(state, other) for other in range(state.players)],
            "action_board": [{"space": space, "streets": rounds.space_streets(state, space),
                              "seat": state.spaces.get(space)} for space in rounds.expansion_spaces(state)]
                            + [{"space": BUS_SPACE, "streets": None, "seat": state.spaces.get(BUS_SPACE)}],
            "outcome": self.outcome(state),
        })
        return view

    def _line_view(self, state: LinesState, seat: int) -> dict[str, Any]:
        net = self.net
        path = state.paths[seat]
        line_heads = heads(path)
        return {
            "seat": seat,
            "path": list(path),
            "streets": line_streets(net, path),
            "heads": line_heads,
            "closed_at": line_heads[0] if len(path) > 1 and len(line_heads) == 1 else None,
            "markers_left": rounds.markers_left(state, seat),
            "buses": state.buses[seat],
            "can_build": rounds.can_build(net, state, seat),
            "score": scoring.score(net, path),
        }

    def view_event(self, state: LinesState, event: Event, seat: int | None) -> Event | None:
        return copy.deepcopy(event)

    def outcome(self, state: LinesState) -> dict[str, Any] | None:
        return scoring.outcome(self.net, state)

    def secrets(self, state: LinesState) -> dict[str, Any]:
        return {}

    # -- saves ----------------------------------------------------------------------------------
    def snapshot(self, state: LinesState) -> dict[str, Any]:
        return state_module.snapshot(state)

    def restore(self, data: Any) -> LinesState:
        try:
            state = state_module.restore(self.net, data)
        except SnapshotError:
            raise
        except Exception as error:  # anything a corrupt save can trip must surface as SnapshotError
            raise SnapshotError(f"corrupt Line Expansion state: {error}") from error
        if state.phase != "over" and not self.legal(state, state.queue[0]):
            raise SnapshotError(f"seat {state.queue[0]} is to act but has nothing it may do")
        return state

    def state_from_view(self, view: View) -> LinesState:
        """A view holds the whole public state: bots rebuild it to look ahead with the real rules."""
        if not isinstance(view, dict) or view.get("type") != VIEW_TYPE:
            raise SnapshotError("not a Line Expansion view")
        data = {key: view.get(key) for key in state_module.snapshot(rounds.new_game(MIN_PLAYERS))}
        data.update(format=state_module.SNAPSHOT_FORMAT, version=state_module.SNAPSHOT_VERSION)
        return self.restore(data)


GAME = LineExpansion()
