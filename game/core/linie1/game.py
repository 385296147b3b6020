"""Linie 1 as a GameDefinition: setup, turns of two actions, refills, the trip, the win (L1–L12)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from game.core.contract import (
    Action,
    Event,
    Rejection,
    RuleViolation,
    SnapshotError,
    View,
    action_type,
)
from game.core.linie1.board import GAME as NAME
from game.core.linie1.board import Board
from game.core.linie1.checks import CHECKS, must_act
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
)
from game.core.linie1.dice import DICE_FACES, DICE_PER_TURN, TOOLS, carry_out, stop_signs
from game.core.linie1.geometry import face_to_names
from game.core.linie1.routes import (
    RouteFault,
    advance,
    drive_to,
    find_route,
    trip_candidates,
    validate_route,
)
from game.core.linie1.saves import (
    STAT_KEYS,
    recent_tiles,
    restore,
    snapshot,
    state_from_view,
)
from game.core.linie1.shapes import ACTION_SHAPES, EVENT_FIELDS
from game.core.linie1.state import TRIP_RULES, State, Trip, cell_of, rejection, tile_spec
from game.core.rng import Rng

DIE_SYMBOLS = ("1", "2", "3", "4", "5", "6", "H")


class Linie1:
    """The GameDefinition of Linie 1 (see docs/linie1.md for actions, events and views)."""

    name = NAME
    title = "Linie 1"
    # 2: three dice' tools also return to the start terminal passed again, and tools that keep a
    # tram on its H sign leave it arrived by H
    rules_version = "2"
    min_players = 2
    max_players = 5
    action_shapes = ACTION_SHAPES  # the fields of each action (game.core.shapes)
    event_fields = EVENT_FIELDS  # the fields of each event it tells

    # -- setup -----------------------------------------------------------------------------------
    def default_options(self) -> dict[str, Any]:
        return {"die_faces": list(DEFAULT_DIE), "strict_dead_ends": True, "trip_rule": "die"}

    def validate_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        merged = {**self.default_options(), **(options or {})}
        faces = merged["die_faces"]
        if (not isinstance(faces, list) or not 1 <= len(faces) <= 12
                or not all(isinstance(f, str) and f in DIE_SYMBOLS for f in faces)):
            raise ValueError("die_faces must list 1 to 12 faces, each 1-6 or H")
        if not isinstance(merged["strict_dead_ends"], bool):
            raise ValueError("strict_dead_ends is true or false")
        if merged["trip_rule"] not in TRIP_RULES:
            raise ValueError(f"trip_rule is one of: {', '.join(TRIP_RULES)}")
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
        return must_act(state)

    # -- enumerating -------------------------------------------------------------------------------
    def legal(self, state: State, seat: int) -> Iterator[Action]:
        if seat != state.current or state.phase == "over":
            return
        if state.phase == "roll":
            if state.pace:
                for squares in range(state.allowance, 0, -1):
                    yield {"type": "drive", "squares": squares}
            elif state.three_dice and state.dice is not None:
                for die in range(len(state.dice)):
                    yield {"type": "choose_die", "die": die}
            elif state.three_dice:
                yield {"type": "roll"}
                if state.dice_left < DICE_PER_TURN:
                    yield {"type": "end_turn"}  # stop rather than roll on
            else:
                yield {"type": "roll"}
            return
        if state.phase == "refill":
            yield from self._legal_takes(state, seat)
            yield {"type": "end_turn"}
            return
        hand = state.hands[seat]
        if state.actions_taken < 2:
            if state.actions_taken == 0 and not state.driving(seat):
                for candidate in trip_candidates(state.board, state.lines[seat], state.stops[seat], state.faces,
                                                 allowance=state.allowance if state.pace else None,
                                                 rule=state.rule):
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
            return rejection("malformed", "An action is a map with a type.")
        if state.phase == "over":
            return rejection("game_over", "The game is over.")
        if seat != state.current:
            return rejection("not_your_turn", "It is not your turn.")
        judge = CHECKS.get(kind)
        if judge is None:
            return rejection("unknown_action", f"There is no action called {kind!r} in Linie 1.")
        return judge(state, seat, action)

    # -- applying ----------------------------------------------------------------------------------
    def apply(self, state: State, seat: int, action: Action, *, checked: bool = False) -> list[Event]:
        rejection = None if checked else self.check(state, seat, action)
        if rejection is not None:
            raise RuleViolation(rejection)
        return getattr(self, f"_apply_{action['type']}")(state, seat, action)

    def _push_undo(self, state: State, seat: int) -> None:
        """Shallow copies (the values are tuples): a fifth of the time of the saved form, which
        ``saves.snapshot`` makes only when the table is saved."""
        state.undo_stack.append({
            "tiles": dict(state.board.tiles),
            "signs": dict(state.board.signs),
            "hand": list(state.hands[seat]),
            "actions_taken": state.actions_taken,
            "stats": dict(state.stats[seat]),
            "laid": dict(state.laid),
        })

    def _lay(self, state: State, seat: int, tile: int, cell: tuple[int, int], rot: int) -> list[Event]:
        state.hands[seat].remove(tile)
        old = state.board.tiles.get(cell)
        letter = state.board.set_tile(cell, tile, rot)
        state.laid[cell] = (seat, state.turn)
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
        tile, cell, rot = tile_spec(action)  # type: ignore[misc]
        self._push_undo(state, seat)
        state.actions_taken += 1
        return self._lay(state, seat, tile, cell, rot)

    _apply_exchange = _apply_place

    def _apply_exchange2(self, state: State, seat: int, action: Action) -> list[Event]:
        self._push_undo(state, seat)
        state.actions_taken = 2
        events = []
        for key in ("first", "second"):
            tile, cell, rot = tile_spec(action[key])  # type: ignore[misc]
            events.extend(self._lay(state, seat, tile, cell, rot))
        return events

    def _apply_undo(self, state: State, seat: int, action: Action) -> list[Event]:
        saved = state.undo_stack.pop()
        before = dict(state.board.tiles)
        board = Board()
        board.tiles = dict(saved["tiles"])
        board.signs = dict(saved["signs"])
        board.sign_at = {cell: letter for letter, cell in saved["signs"].items()}
        state.board = board
        state.hands[seat] = list(saved["hand"])
        state.actions_taken = saved["actions_taken"]
        state.stats[seat] = dict(saved["stats"])
        if saved["laid"] is not None:  # (undo records saved before tiles remembered who laid them have none)
            state.laid = dict(saved["laid"])
        changed = sorted(c for c in set(before) | set(board.tiles) if before.get(c) != board.tiles.get(c))
        return [{"type": "undo", "seat": seat, "cells": [[c[0], c[1]] for c in changed]}]

    def _apply_end_turn(self, state: State, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        if state.phase == "roll":  # three dice: the driver stops rather than roll on
            events.append({"type": "stopped", "seat": seat})
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
        route = validate_route(state.board, state.lines[seat], state.stops[seat], cell_of(action["start"]),  # type: ignore[arg-type]
                               [cell_of(c) for c in action["route"]])  # type: ignore[misc]
        assert not isinstance(route, RouteFault)  # ``check`` refused it otherwise
        expected = float(route.expected_turns(state.faces, state.allowance if state.pace else None, state.rule))
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
        if state.three_dice:
            faces = [state.rng.choice(DICE_FACES) for _ in range(state.dice_left)]
            state.dice = faces
            state.last_roll = {"seat": seat, "faces": list(faces)}
            state.stats[seat]["rolls"] += 1
            return [{"type": "roll", "seat": seat, "faces": list(faces)}]
        face = state.rng.choice(state.faces)
        state.last_roll = {"seat": seat, "face": face}
        return self._move(state, seat, advance(trip.halts, trip.position, face),
                          [{"type": "roll", "seat": seat, "face": face}])

    def _apply_drive(self, state: State, seat: int, action: Action) -> list[Event]:
        """Pace rule: up to the chosen squares, stopping at the first halt; the next move may go
        one square further than this one went."""
        trip = state.trips[seat]
        assert trip is not None
        squares = int(action["squares"])
        end = drive_to(trip.halts, trip.position, squares)
        state.last_move = end - trip.position
        return self._move(state, seat, end, [{"type": "drive", "seat": seat, "squares": squares}])

    def _apply_choose_die(self, state: State, seat: int, action: Action) -> list[Event]:
        """Three dice: carry out the die chosen. Tools end the turn at once; so does the last die;
        otherwise the driver stops or rolls one die fewer."""
        trip = state.trips[seat]
        assert trip is not None and state.dice is not None
        die = int(action["die"])
        face = state.dice[die]
        assert state.last_roll is not None
        state.last_roll = {**state.last_roll, "chosen": die}
        state.dice = None
        state.dice_left -= 1
        before = trip.position
        trip.position, trip.by_h = carry_out(trip.halts, stop_signs(trip.cells, trip.halts), before, trip.by_h,
                                             face)
        state.stats[seat]["squares"] += abs(trip.position - before)
        events: list[Event] = [{"type": "choose_die", "seat": seat, "die": die, "face": face},
                               {"type": "move", "seat": seat, "from": before, "to": trip.position}]
        if trip.position == len(trip.cells) - 1:
            return self._win(state, seat, events)
        if face == TOOLS or state.dice_left == 0:
            events.extend(self._next_turn(state))
        return events

    def _win(self, state: State, seat: int, events: list[Event]) -> list[Event]:
        state.winner = seat
        state.phase = "over"
        state.revealed = [True] * state.players
        events.append({"type": "win", "seat": seat})
        events.append(self._reveal_event(state))
        return events

    def _move(self, state: State, seat: int, end: int, events: list[Event]) -> list[Event]:
        """The tram drives to route square ``end``: the win at the destination, else the next turn."""
        trip = state.trips[seat]
        assert trip is not None
        state.stats[seat]["rolls"] += 1
        before = trip.position
        trip.position = end
        state.stats[seat]["squares"] += trip.position - before
        events.append({"type": "move", "seat": seat, "from": before, "to": trip.position})
        if trip.position == len(trip.cells) - 1:
            return self._win(state, seat, events)
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
        state.dice, state.dice_left = None, DICE_PER_TURN
        state.phase = "roll" if state.driving(state.current) else "build"
        events: list[Event] = [{"type": "turn", "seat": state.current, "turn": state.turn, "phase": state.phase}]
        if self._stalemated(state):
            state.phase = "over"
            state.stalemate = True
            state.revealed = [True] * state.players
            events.extend([{"type": "stalemate"}, self._reveal_event(state)])
        return events

    def _stalemated(self, state: State) -> bool:
        """L11, extended: nobody drives, nobody can lay, exchange (alone or as a side-by-side pair)
        or declare, and nobody can draw."""
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
        return self.views(state, (seat,))[seat]

    def views(self, state: State, seats: Iterable[int | None]) -> dict[int | None, View]:
        """The board, the hands, the turn and every player's public facts are built once and
        shared; only ``you`` and the watching seat's own cards differ between seats."""
        public = [self._player_view(state, s, state.revealed[s]) for s in range(state.players)]
        shared: View = {
            "game": NAME,
            "you": None,  # each seat's own, below
            "phase": state.phase,
            "turn": state.turn,
            "current": state.current,
            "actions_taken": state.actions_taken,
            "can_undo": bool(state.undo_stack) and state.phase == "build",
            "must_act": self.must_act(state),
            "board": state.board.to_view(),
            "hands": state.hands_view(),
            "pile_count": len(state.pile),
            "box_count": len(state.box),
            "players": public,  # with the watching seat's own cards, below
            "last_roll": dict(state.last_roll) if state.last_roll else None,
            "recent": recent_tiles(state),
            "allowance": state.allowance if state.pace else None,  # the pace rule's next move, at most
            "dice": state.dice_view(),  # three dice: the faces to choose from, the next roll's dice
            "options": state.options_view(),
            "outcome": self.outcome(state),
        }
        found: dict[int | None, View] = {}
        for seat in seats:
            players = public
            if seat is not None and not state.revealed[seat]:
                players = list(public)
                players[seat] = self._player_view(state, seat, True)
            view = dict(shared)  # the same keys in the same order, the same shared values
            view["you"], view["players"] = seat, players
            found[seat] = view
        return found

    @classmethod
    def _player_view(cls, state: State, s: int, shown: bool) -> dict[str, Any]:
        """``_player``, the same object while the player's facts stay as they were: a change touches
        one player or none, and the host then compares and diffs only that one."""
        trip = state.trips[s]
        facts = (state.revealed[s], len(state.hands[s]), *state.stats[s].values(),
                 None if trip is None else (trip.position, trip.by_h, trip.expected))
        cached = state._player_views.get((s, shown))
        if cached is not None and cached[1] is trip and cached[0] == facts:
            return cached[2]
        view = cls._player(state, s, shown)
        state._player_views[(s, shown)] = (facts, trip, view)
        return view

    @staticmethod
    def _player(state: State, s: int, shown: bool) -> dict[str, Any]:
        trip = state.trips[s]
        return {
            "seat": s,
            "line": state.lines[s] if shown else None,
            "route_card": state.route_cards[s] if shown else None,
            "stops": list(state.stops[s]) if shown else None,
            "revealed": state.revealed[s],
            "driving": trip is not None,
            "trip": trip.view_dict() if trip else None,
            "hand_count": len(state.hands[s]),
            "stats": dict(state.stats[s]),
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
        return snapshot(state)

    def state_from_view(self, view: View) -> State:
        """The board, hands, turn and trips a view shows (``saves.state_from_view``)."""
        return state_from_view(view)

    def restore(self, data: Any) -> State:
        try:
            return restore(data, self.validate_options, self.min_players, self.max_players)
        except SnapshotError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
            raise SnapshotError(f"corrupt Linie 1 state: {error!r}") from None

GAME = Linie1()

__all__ = ["GAME", "Linie1", "State", "Trip", "TERMINALS"]
