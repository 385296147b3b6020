"""Linie 1 as a GameDefinition: setup, turns of two actions, refills, the trip, the win (L1–L12)."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import dataclass, field
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
)
from game.core.linie1.board import GAME as NAME
from game.core.linie1.board import Board
from game.core.linie1.data import (
    CARD_COLOUR_FOR_PLAYERS,
    DEFAULT_DIE,
    FACES,
    HAND_SIZE,
    LINES,
    ROUTE_CARD_COLOURS,
    ROUTE_CARDS,
    START_TILES_PER_PLAYER,
    TERMINALS,
    TILE_TYPES,
    TOTAL_TILES,
)
from game.core.linie1.geometry import face_to_names
from game.core.linie1.routes import advance, expected_turns, find_route, trip_candidates, validate_route
from game.core.rng import Rng

DIE_SYMBOLS = ("1", "2", "3", "4", "5", "6", "H")
STAT_KEYS = ("tiles_laid", "exchanges", "turns", "rolls", "squares")


def _rejection(code: str, message: str) -> Rejection:
    return Rejection(f"{NAME}.{code}", message)


@dataclass
class Trip:
    """A declared inaugural trip: the frozen route and how far the tram has come (-1: at its start)."""

    start: list[int]
    cells: list[list[int]]
    halts: list[bool]
    position: int = -1
    expected: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"start": list(self.start), "route": [list(c) for c in self.cells], "halts": list(self.halts),
                "position": self.position, "expected_turns": self.expected}


@dataclass
class State:
    players: int
    options: dict[str, Any]
    rng: Rng
    board: Board
    pile: list[int]
    box: list[int]
    hands: list[list[int]]
    lines: list[int]
    route_cards: list[str]
    stops: list[list[str]]
    current: int = 0
    turn: int = 1
    phase: str = "build"  # build | refill | roll | over
    actions_taken: int = 0
    undo_stack: list[dict[str, Any]] = field(default_factory=list)
    trips: list[Trip | None] = field(default_factory=list)
    revealed: list[bool] = field(default_factory=list)
    winner: int | None = None
    stalemate: bool = False
    stats: list[dict[str, int]] = field(default_factory=list)
    last_roll: dict[str, Any] | None = None

    @property
    def strict(self) -> bool:
        return bool(self.options["strict_dead_ends"])

    @property
    def faces(self) -> list[str]:
        return list(self.options["die_faces"])

    def driving(self, seat: int) -> bool:
        return self.trips[seat] is not None


def _cell(value: Any) -> tuple[int, int] | None:
    if (isinstance(value, list | tuple) and len(value) == 2 and all(is_int(v) for v in value)):
        return (value[0], value[1])
    return None


def _tile_spec(action: Any) -> tuple[int, tuple[int, int], int] | Rejection:
    """Validate the tile, cell and rotation fields shared by place and exchange actions."""
    if not isinstance(action, dict):
        return _rejection("malformed", "A tile action needs tile, cell and rot.")
    tile, cell, rot = action.get("tile"), _cell(action.get("cell")), action.get("rot", 0)
    if not is_int(tile) or tile not in TILE_TYPES:
        return _rejection("malformed", "Name a tile type from 1 to 12.")
    if cell is None:
        return _rejection("malformed", "Name the square as [row, column].")
    if not is_int(rot) or not 0 <= rot <= 3:
        return _rejection("malformed", "The rotation is a number of quarter turns from 0 to 3.")
    return tile, cell, rot


class Linie1:
    """The GameDefinition of Linie 1 (see docs/linie1.md for actions, events and views)."""

    name = NAME
    title = "Linie 1"
    rules_version = "1"
    min_players = 2
    max_players = 5

    # -- setup -----------------------------------------------------------------------------------
    def default_options(self) -> dict[str, Any]:
        return {"die_faces": list(DEFAULT_DIE), "strict_dead_ends": True}

    def validate_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        merged = {**self.default_options(), **(options or {})}
        faces = merged["die_faces"]
        if (not isinstance(faces, list) or not 1 <= len(faces) <= 12
                or not all(isinstance(f, str) and f in DIE_SYMBOLS for f in faces)):
            raise ValueError("die_faces must list 1 to 12 faces, each 1-6 or H")
        if not isinstance(merged["strict_dead_ends"], bool):
            raise ValueError("strict_dead_ends is true or false")
        unknown = set(merged) - set(self.default_options())
        if unknown:
            raise ValueError(f"unknown options: {', '.join(sorted(unknown))}")
        return merged

    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        if not self.min_players <= players <= self.max_players:
            raise ValueError("Linie 1 takes 2 to 5 players")
        rng = Rng(seed)
        hands = []
        for _ in range(players):
            hand = []
            for tile, count in START_TILES_PER_PLAYER.items():
                hand.extend([tile] * count)
            hands.append(hand)
        box = []
        for tile, info in TILE_TYPES.items():
            box.extend([tile] * (info.start - players * START_TILES_PER_PLAYER.get(tile, 0)))
        pile = [tile for tile, info in TILE_TYPES.items() for _ in range(info.pile)]
        rng.shuffle(pile)
        lines = list(LINES)
        rng.shuffle(lines)
        colour = CARD_COLOUR_FOR_PLAYERS[players]
        cards = sorted(card for card, c in ROUTE_CARD_COLOURS.items() if c == colour)
        rng.shuffle(cards)
        dealt_lines = lines[:players]
        dealt_cards = cards[:players]
        return State(
            players=players, options=self.validate_options(options), rng=rng, board=Board(), pile=pile,
            box=box, hands=hands, lines=dealt_lines, route_cards=dealt_cards,
            stops=[list(ROUTE_CARDS[card][line]) for card, line in zip(dealt_cards, dealt_lines, strict=True)],
            trips=[None] * players, revealed=[False] * players,
            stats=[dict.fromkeys(STAT_KEYS, 0) for _ in range(players)],
        )

    # -- whose decision ------------------------------------------------------------------------------
    def to_act(self, state: State) -> list[int]:
        return [] if state.phase == "over" else [state.current]

    def route_complete(self, state: State, seat: int) -> bool:
        return find_route(state.board, state.lines[seat], state.stops[seat]) is not None

    def must_act(self, state: State) -> bool:
        """Whether the current builder still owes an action (L4: two whenever two legal ones exist)."""
        if state.phase != "build" or state.actions_taken >= 2:
            return False
        return state.board.has_legal_action(state.hands[state.current], state.strict)

    # -- enumerating -------------------------------------------------------------------------------
    def legal(self, state: State, seat: int) -> Iterator[Action]:
        if seat != state.current or state.phase == "over":
            return
        if state.phase == "roll":
            yield {"type": "roll"}
            return
        if state.phase == "refill":
            yield from self._legal_takes(state, seat)
            yield {"type": "end_turn"}
            return
        hand = state.hands[seat]
        if state.actions_taken < 2:
            if state.actions_taken == 0 and not state.driving(seat):
                for candidate in trip_candidates(state.board, state.lines[seat], state.stops[seat], state.faces):
                    yield {"type": "declare", "start": list(candidate.route.start),
                           "route": [list(c) for c in candidate.route.cells]}
            for tile, cell, rot in state.board.legal_placements(hand, state.strict):
                yield {"type": "place", "tile": tile, "cell": list(cell), "rot": rot}
            for tile, cell, rot in state.board.legal_exchanges(hand, state.strict):
                yield {"type": "exchange", "tile": tile, "cell": list(cell), "rot": rot}
            if state.actions_taken == 0:
                for first, second in state.board.joint_exchanges(hand, state.strict):
                    yield {"type": "exchange2",
                           "first": {"tile": first[0], "cell": list(first[1]), "rot": first[2]},
                           "second": {"tile": second[0], "cell": list(second[1]), "rot": second[2]}}
        if state.undo_stack:
            yield {"type": "undo"}
        if not self.must_act(state):
            yield {"type": "end_turn"}

    def _legal_takes(self, state: State, seat: int) -> Iterator[Action]:
        if len(state.hands[seat]) >= HAND_SIZE:
            return
        for other in range(state.players):
            if other != seat and state.driving(other):
                for tile in sorted(set(state.hands[other])):
                    yield {"type": "take", "from": other, "tile": tile}

    # -- judging -----------------------------------------------------------------------------------
    def check(self, state: State, seat: int, action: Any) -> Rejection | None:
        kind = action_type(action)
        if kind is None:
            return _rejection("malformed", "An action is a map with a type.")
        if state.phase == "over":
            return _rejection("game_over", "The game is over.")
        if seat != state.current:
            return _rejection("not_your_turn", "It is not your turn.")
        handler = getattr(self, f"_check_{kind}", None)
        if handler is None:
            return _rejection("unknown_action", f"There is no action called {kind!r} in Linie 1.")
        return handler(state, seat, action)

    def _building_turn(self, state: State, seat: int) -> Rejection | None:
        if state.phase == "roll":
            return _rejection("driving", "You are on your inaugural trip: roll the die.")
        if state.phase == "refill":
            return _rejection("refilling", "Your turn is over: take tiles from the drivers or end it.")
        if state.actions_taken >= 2:
            return _rejection("two_actions_done", "You have made both your actions: end your turn.")
        return None

    def _in_hand(self, state: State, seat: int, tiles: list[int]) -> Rejection | None:
        hand = list(state.hands[seat])
        for tile in tiles:
            if tile not in hand:
                return _rejection("tile_not_in_hand", f"You have no tile of type {tile} in your hand.")
            hand.remove(tile)
        return None

    def _check_place(self, state: State, seat: int, action: Any) -> Rejection | None:
        spec = _tile_spec(action)
        if isinstance(spec, Rejection):
            return spec
        return (self._building_turn(state, seat) or self._in_hand(state, seat, [spec[0]])
                or state.board.check_place(spec[0], spec[1], spec[2], state.strict))

    def _check_exchange(self, state: State, seat: int, action: Any) -> Rejection | None:
        spec = _tile_spec(action)
        if isinstance(spec, Rejection):
            return spec
        return (self._building_turn(state, seat) or self._in_hand(state, seat, [spec[0]])
                or state.board.check_exchange(spec[0], spec[1], spec[2], state.strict))

    def _check_exchange2(self, state: State, seat: int, action: Any) -> Rejection | None:
        first, second = _tile_spec(action.get("first")), _tile_spec(action.get("second"))
        for spec in (first, second):
            if isinstance(spec, Rejection):
                return spec
        assert not isinstance(first, Rejection) and not isinstance(second, Rejection)
        problem = self._building_turn(state, seat)
        if problem is None and state.actions_taken != 0:
            problem = _rejection("exchange_pair_needs_whole_turn",
                                 "Two tiles exchanged together take both actions of your turn.")
        return (problem or self._in_hand(state, seat, [first[0], second[0]])
                or state.board.check_double_exchange(first, second, state.strict))

    def _check_undo(self, state: State, seat: int, action: Any) -> Rejection | None:
        if state.phase != "build" or not state.undo_stack:
            return _rejection("nothing_to_undo", "There is nothing of this turn left to undo.")
        return None

    def _check_end_turn(self, state: State, seat: int, action: Any) -> Rejection | None:
        if state.phase == "roll":
            return _rejection("driving", "You are on your inaugural trip: roll the die.")
        if state.phase == "build" and self.must_act(state):
            owed = 2 - state.actions_taken
            return _rejection("must_take_two_actions",
                              f"You must still lay {'a tile' if owed == 1 else 'two tiles'} "
                              "(or exchange) before ending your turn.")
        return None

    def _check_declare(self, state: State, seat: int, action: Any) -> Rejection | None:
        if state.driving(seat):
            return _rejection("already_driving", "Your tram is already on its way.")
        if state.phase != "build" or state.actions_taken != 0:
            return _rejection("declare_at_turn_start",
                              "The inaugural trip is declared at the start of your turn, instead of laying track.")
        start = _cell(action.get("start"))
        cells_raw = action.get("route")
        if start is None or not isinstance(cells_raw, list) or len(cells_raw) > 2000:
            return _rejection("malformed", "A declaration names the start terminal cell and the route.")
        cells = [_cell(item) for item in cells_raw]
        if any(cell is None for cell in cells):
            return _rejection("malformed", "The route is a list of [row, column] squares.")
        result = validate_route(state.board, state.lines[seat], state.stops[seat], start, cells)  # type: ignore[arg-type]
        if isinstance(result, str):
            return _rejection("route_incomplete", f"That is not a complete route: {result}.")
        return None

    def _check_roll(self, state: State, seat: int, action: Any) -> Rejection | None:
        if state.phase != "roll":
            return _rejection("not_driving", "Only a player on the inaugural trip rolls the die.")
        return None

    def _check_take(self, state: State, seat: int, action: Any) -> Rejection | None:
        if state.phase != "refill":
            return _rejection("no_refill", "Tiles are taken from drivers only when the pile is empty, "
                                           "at the end of your turn.")
        source, tile = action.get("from"), action.get("tile")
        if not is_int(source) or not 0 <= source < state.players or not state.driving(source):
            return _rejection("not_a_driver", "You may only take tiles from players on their trip.")
        if len(state.hands[seat]) >= HAND_SIZE:
            return _rejection("hand_full", f"You already hold {HAND_SIZE} tiles.")
        if not is_int(tile) or tile not in state.hands[source]:
            return _rejection("tile_not_in_hand", "That driver has no such tile.")
        return None

    # -- applying ----------------------------------------------------------------------------------
    def apply(self, state: State, seat: int, action: Action, *, checked: bool = False) -> list[Event]:
        rejection = None if checked else self.check(state, seat, action)
        if rejection is not None:
            raise RuleViolation(rejection)
        return getattr(self, f"_apply_{action['type']}")(state, seat, action)

    def _push_undo(self, state: State, seat: int) -> None:
        state.undo_stack.append({
            "tiles": [[c[0], c[1], t, r] for c, (t, r) in sorted(state.board.tiles.items())],
            "signs": [[letter, c[0], c[1]] for letter, c in sorted(state.board.signs.items())],
            "hand": list(state.hands[seat]),
            "actions_taken": state.actions_taken,
            "stats": dict(state.stats[seat]),
        })

    def _lay(self, state: State, seat: int, tile: int, cell: tuple[int, int], rot: int) -> list[Event]:
        state.hands[seat].remove(tile)
        old = state.board.tiles.get(cell)
        letter = state.board.set_tile(cell, tile, rot)
        event: Event = {"type": "place" if old is None else "exchange", "seat": seat, "tile": tile, "rot": rot,
                        "cell": [cell[0], cell[1]], "segments": face_to_names(FACES[(tile, rot)])}
        if old is None:
            state.stats[seat]["tiles_laid"] += 1
        else:
            state.hands[seat].append(old[0])
            state.stats[seat]["exchanges"] += 1
            event.update({"old_tile": old[0], "old_rot": old[1], "old_segments": face_to_names(FACES[old])})
        events = [event]
        if letter is not None:
            events.append({"type": "stop", "building": letter, "cell": [cell[0], cell[1]]})
        return events

    def _apply_place(self, state: State, seat: int, action: Action) -> list[Event]:
        tile, cell, rot = _tile_spec(action)  # type: ignore[misc]
        self._push_undo(state, seat)
        state.actions_taken += 1
        return self._lay(state, seat, tile, cell, rot)

    _apply_exchange = _apply_place

    def _apply_exchange2(self, state: State, seat: int, action: Action) -> list[Event]:
        self._push_undo(state, seat)
        state.actions_taken = 2
        events = []
        for key in ("first", "second"):
            tile, cell, rot = _tile_spec(action[key])  # type: ignore[misc]
            events.extend(self._lay(state, seat, tile, cell, rot))
        return events

    def _apply_undo(self, state: State, seat: int, action: Action) -> list[Event]:
        saved = state.undo_stack.pop()
        before = dict(state.board.tiles)
        board = Board()
        for row, col, tile, rot in saved["tiles"]:
            board.tiles[(row, col)] = (tile, rot)
        for letter, row, col in saved["signs"]:
            board.signs[letter] = (row, col)
            board.sign_at[(row, col)] = letter
        state.board = board
        state.hands[seat] = list(saved["hand"])
        state.actions_taken = saved["actions_taken"]
        state.stats[seat] = dict(saved["stats"])
        changed = sorted(c for c in set(before) | set(board.tiles) if before.get(c) != board.tiles.get(c))
        return [{"type": "undo", "seat": seat, "cells": [[c[0], c[1]] for c in changed]}]

    def _apply_end_turn(self, state: State, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        if state.phase == "build":
            need = max(0, HAND_SIZE - len(state.hands[seat]))
            drawn = [state.pile.pop() for _ in range(min(need, len(state.pile)))]
            state.hands[seat].extend(drawn)
            if drawn:
                events.append({"type": "draw", "seat": seat, "tiles": drawn})
            if self._can_take(state, seat):
                state.phase = "refill"
                state.undo_stack.clear()
                events.append({"type": "refill", "seat": seat})
                return events
        events.extend(self._next_turn(state))
        return events

    def _can_take(self, state: State, seat: int) -> bool:
        return (len(state.hands[seat]) < HAND_SIZE and not state.pile
                and any(state.driving(o) and state.hands[o] for o in range(state.players) if o != seat))

    def _apply_take(self, state: State, seat: int, action: Action) -> list[Event]:
        source, tile = action["from"], action["tile"]
        state.hands[source].remove(tile)
        state.hands[seat].append(tile)
        events: list[Event] = [{"type": "take", "seat": seat, "from": source, "tile": tile}]
        if not self._can_take(state, seat):
            events.extend(self._next_turn(state))
        return events

    def _apply_declare(self, state: State, seat: int, action: Action) -> list[Event]:
        route = validate_route(state.board, state.lines[seat], state.stops[seat], _cell(action["start"]),  # type: ignore[arg-type]
                               [_cell(c) for c in action["route"]])  # type: ignore[misc]
        assert not isinstance(route, str)
        expected = float(expected_turns(route.halts, state.faces))
        state.trips[seat] = Trip([route.start[0], route.start[1]], [list(c) for c in route.cells],
                                 list(route.halts), -1, expected)
        state.revealed[seat] = True
        state.phase = "roll"
        state.undo_stack.clear()
        return [{"type": "trip", "seat": seat, "line": state.lines[seat], "route_card": state.route_cards[seat],
                 "stops": list(state.stops[seat]), "start": list(route.start),
                 "route": [list(c) for c in route.cells], "halts": list(route.halts),
                 "expected_turns": expected}]

    def _apply_roll(self, state: State, seat: int, action: Action) -> list[Event]:
        trip = state.trips[seat]
        assert trip is not None
        face = state.rng.choice(state.faces)
        state.last_roll = {"seat": seat, "face": face}
        state.stats[seat]["rolls"] += 1
        before = trip.position
        trip.position = advance(trip.halts, trip.position, face)
        state.stats[seat]["squares"] += trip.position - before
        events: list[Event] = [{"type": "roll", "seat": seat, "face": face},
                               {"type": "move", "seat": seat, "from": before, "to": trip.position}]
        if trip.position == len(trip.cells) - 1:
            state.winner = seat
            state.phase = "over"
            state.revealed = [True] * state.players
            events.append({"type": "win", "seat": seat})
            events.append(self._reveal_event(state))
            return events
        events.extend(self._next_turn(state))
        return events

    def _reveal_event(self, state: State) -> Event:
        return {"type": "reveal", "players": [
            {"seat": s, "line": state.lines[s], "route_card": state.route_cards[s], "stops": list(state.stops[s])}
            for s in range(state.players)]}

    def _next_turn(self, state: State) -> list[Event]:
        state.stats[state.current]["turns"] += 1
        state.undo_stack.clear()
        state.actions_taken = 0
        state.current = (state.current + 1) % state.players
        state.turn += 1
        state.phase = "roll" if state.driving(state.current) else "build"
        events: list[Event] = [{"type": "turn", "seat": state.current, "turn": state.turn, "phase": state.phase}]
        if self._stalemated(state):
            state.phase = "over"
            state.stalemate = True
            state.revealed = [True] * state.players
            events.extend([{"type": "stalemate"}, self._reveal_event(state)])
        return events

    def _stalemated(self, state: State) -> bool:
        """L11, extended: nobody drives, nobody can lay, exchange or declare, and nobody can draw."""
        if any(state.driving(s) for s in range(state.players)):
            return False
        if state.pile and any(len(hand) < HAND_SIZE for hand in state.hands):
            return False
        for seat in range(state.players):
            if state.board.has_legal_action(state.hands[seat], state.strict):
                return False
            if self.route_complete(state, seat):
                return False
        return True

    # -- what each seat may see ----------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> View:
        players = []
        for s in range(state.players):
            shown = state.revealed[s] or s == seat
            trip = state.trips[s]
            players.append({
                "seat": s,
                "line": state.lines[s] if shown else None,
                "route_card": state.route_cards[s] if shown else None,
                "stops": list(state.stops[s]) if shown else None,
                "revealed": state.revealed[s],
                "driving": trip is not None,
                "trip": trip.to_dict() if trip else None,
                "hand_count": len(state.hands[s]),
                "stats": dict(state.stats[s]),
            })
        return {
            "game": NAME,
            "you": seat,
            "phase": state.phase,
            "turn": state.turn,
            "current": state.current,
            "actions_taken": state.actions_taken,
            "can_undo": bool(state.undo_stack) and state.phase == "build",
            "must_act": self.must_act(state),
            "board": state.board.to_view(),
            "hands": [list(hand) for hand in state.hands],
            "pile_count": len(state.pile),
            "box_count": len(state.box),
            "players": players,
            "last_roll": dict(state.last_roll) if state.last_roll else None,
            "options": copy.deepcopy(state.options),
            "outcome": self.outcome(state),
        }

    def view_event(self, state: State, event: Event, seat: int | None) -> Event | None:
        # Every Linie 1 event is public: hands are face up, and a trip reveals its player's cards.
        # Events are read-only like views (the log keeps its own copy), so every seat gets the
        # same one rather than a deep copy each: the host hands them to six seats per change.
        return event

    def outcome(self, state: State) -> dict[str, Any] | None:
        if state.phase != "over":
            return None
        return {
            "winners": [] if state.winner is None else [state.winner],
            "draw": False,
            "stalemate": state.stalemate,
            "turns": state.turn,
            "stats": [dict(s) for s in state.stats],
        }

    def secrets(self, state: State) -> dict[str, Any]:
        return {
            "seats": [{"line": state.lines[s], "route_card": state.route_cards[s], "stops": list(state.stops[s])}
                      for s in range(state.players)],
            "pile": list(state.pile),
        }

    # -- saves ---------------------------------------------------------------------------------------
    def snapshot(self, state: State) -> dict[str, Any]:
        return {
            "players": state.players, "options": copy.deepcopy(state.options), "rng": state.rng.state,
            "tiles": [[c[0], c[1], t, r] for c, (t, r) in sorted(state.board.tiles.items())],
            "signs": [[letter, c[0], c[1]] for letter, c in sorted(state.board.signs.items())],
            "pile": list(state.pile), "box": list(state.box), "hands": [list(h) for h in state.hands],
            "lines": list(state.lines), "route_cards": list(state.route_cards),
            "stops": [list(s) for s in state.stops], "current": state.current, "turn": state.turn,
            "phase": state.phase, "actions_taken": state.actions_taken,
            "undo_stack": copy.deepcopy(state.undo_stack),
            "trips": [t.to_dict() if t else None for t in state.trips],
            "revealed": list(state.revealed), "winner": state.winner, "stalemate": state.stalemate,
            "stats": [dict(s) for s in state.stats], "last_roll": copy.deepcopy(state.last_roll),
        }

    def state_from_view(self, view: View) -> State:
        """The board, hands, turn and trips a view shows. Cards the view hides are blank, the pile and
        the box hold as many blank tiles as they count, and a possible undo is a blank entry: enough
        for ``legal``/``check`` to answer as for the real game, never enough to play on."""
        players = view["players"]
        trips = [None if p["trip"] is None else Trip(p["trip"]["start"], p["trip"]["route"], p["trip"]["halts"],
                                                     p["trip"]["position"], p["trip"]["expected_turns"])
                 for p in players]
        return State(players=len(players), options=view["options"], rng=Rng(0), board=Board.from_view(view["board"]),
                     pile=[0] * view["pile_count"], box=[0] * view["box_count"],
                     hands=[list(h) for h in view["hands"]], lines=[p["line"] or 0 for p in players],
                     route_cards=[p["route_card"] or "" for p in players],
                     stops=[list(p["stops"] or []) for p in players],
                     current=view["current"], turn=view["turn"], phase=view["phase"],
                     actions_taken=view["actions_taken"], undo_stack=[{}] if view["can_undo"] else [],
                     trips=trips, revealed=[p["revealed"] for p in players],
                     stats=[dict(p["stats"]) for p in players], last_roll=view["last_roll"])

    def restore(self, data: Any) -> State:
        try:
            return self._restore(data)
        except SnapshotError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
            raise SnapshotError(f"corrupt Linie 1 state: {error!r}") from None

    def _restore(self, data: Any) -> State:
        if not isinstance(data, dict):
            raise SnapshotError("a Linie 1 state is a map")
        players = data["players"]
        if not is_int(players) or not self.min_players <= players <= self.max_players:
            raise SnapshotError("bad player count")
        options = self.validate_options(data["options"])
        board = Board()
        for row, col, tile, rot in data["tiles"]:
            if not all(is_int(v) for v in (row, col, tile, rot)):
                raise SnapshotError("bad tile entry")
            if (row, col) in board.tiles:
                raise SnapshotError("two tiles on one square")
            board.tiles[(row, col)] = (tile, rot)
        for letter, row, col in data["signs"]:
            board.signs[letter] = (row, col)
            board.sign_at[(row, col)] = letter
        board.validate()
        if len(set(board.signs.values())) != len(board.signs):
            raise SnapshotError("two signs on one square")
        ints = lambda seq: [v for v in seq if is_int(v) and v in TILE_TYPES]  # noqa: E731
        pile, box = ints(data["pile"]), ints(data["box"])
        hands = [ints(h) for h in data["hands"]]
        if len(pile) != len(data["pile"]) or len(box) != len(data["box"]) or len(hands) != players or any(
                len(h) != len(raw) or len(h) > HAND_SIZE for h, raw in zip(hands, data["hands"], strict=True)):
            raise SnapshotError("bad tiles in pile, box or hands")
        counts = {t: 0 for t in TILE_TYPES}
        for tile in [*pile, *box, *(t for h in hands for t in h), *(t for t, _ in board.tiles.values())]:
            counts[tile] += 1
        if sum(counts.values()) != TOTAL_TILES or any(
                counts[t] != info.pile + info.start for t, info in TILE_TYPES.items()):
            raise SnapshotError("the tiles do not add up to the box's 126")
        lines, cards, stops = list(data["lines"]), list(data["route_cards"]), [list(s) for s in data["stops"]]
        if (len(lines) != players or len(set(lines)) != players or not all(line in LINES for line in lines)
                or len(cards) != players or not all(card in ROUTE_CARDS for card in cards)
                or any(stops[s] != list(ROUTE_CARDS[cards[s]][lines[s]]) for s in range(players))):
            raise SnapshotError("bad line or route cards")
        phase, current, actions = data["phase"], data["current"], data["actions_taken"]
        if phase not in ("build", "refill", "roll", "over") or not is_int(current) or not 0 <= current < players:
            raise SnapshotError("bad phase or current seat")
        if not is_int(actions) or not 0 <= actions <= 2 or not is_int(data["turn"]) or not is_int(data["rng"]):
            raise SnapshotError("bad counters")
        trips: list[Trip | None] = []
        for raw in data["trips"]:
            if raw is None:
                trips.append(None)
                continue
            trip = Trip(list(raw["start"]), [list(c) for c in raw["route"]], [bool(h) for h in raw["halts"]],
                        int(raw["position"]), float(raw["expected_turns"]))
            if len(trip.cells) != len(trip.halts) or not -1 <= trip.position < len(trip.cells) or not trip.cells:
                raise SnapshotError("bad trip")
            trips.append(trip)
        if len(trips) != players:
            raise SnapshotError("bad trips")
        if phase == "roll" and trips[current] is None:
            raise SnapshotError("a non-driver cannot be rolling")
        winner = data["winner"]
        if winner is not None and (not is_int(winner) or not 0 <= winner < players):
            raise SnapshotError("bad winner")
        stats = [{key: int(s[key]) for key in STAT_KEYS} for s in data["stats"]]
        revealed = [bool(r) for r in data["revealed"]]
        if len(stats) != players or len(revealed) != players:
            raise SnapshotError("bad per-seat records")
        undo_stack = list(data["undo_stack"])
        for saved in undo_stack:
            if not isinstance(saved, dict) or set(saved) != {"tiles", "signs", "hand", "actions_taken", "stats"}:
                raise SnapshotError("bad undo record")
        return State(
            players=players, options=options, rng=Rng(data["rng"]), board=board, pile=pile, box=box, hands=hands,
            lines=lines, route_cards=cards, stops=stops, current=current, turn=data["turn"], phase=phase,
            actions_taken=actions, undo_stack=undo_stack, trips=trips, revealed=revealed, winner=winner,
            stalemate=bool(data["stalemate"]), stats=stats,
            last_roll=dict(data["last_roll"]) if data["last_roll"] else None,
        )


GAME = Linie1()

__all__ = ["GAME", "Linie1", "State", "Trip", "TERMINALS"]
