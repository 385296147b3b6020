"""Small helpers for Bus's rule tests: a game past its setup, markers placed by plan, resolving."""

from __future__ import annotations

from typing import Any

from game.core.bus import GAME, rounds
from game.core.bus.network import board
from game.core.bus.state import BusState

NET = board()
FIRST_STREETS = (0, 10, 57, 59, 36)  # far apart: 0-1, 4-9, 25-35, 26-30, 15-24


def act(state: BusState, action: dict[str, Any]) -> list[dict[str, Any]]:
    """The acting seat does ``action`` (which must be legal)."""
    seat = GAME.to_act(state)[0]
    refusal = GAME.check(state, seat, action)
    assert refusal is None, (action, refusal)
    return GAME.apply(state, seat, action)


def refused(state: BusState, action: dict[str, Any]) -> str:
    """The code of the refusal of ``action`` by the acting seat; the state must not change."""
    seat = GAME.to_act(state)[0]
    before = GAME.snapshot(state)
    refusal = GAME.check(state, seat, action)
    assert refusal is not None, action
    assert GAME.snapshot(state) == before
    return refusal.code


def after_setup(players: int = 4, seed: int = 0, options: dict[str, Any] | None = None,
                streets: tuple[int, ...] = FIRST_STREETS) -> BusState:
    """A game at the start of round 1: the first legal buildings, each seat's first street from
    ``streets`` (by seat) and its first legal second street."""
    state = GAME.setup(players, seed, options)
    while state.phase == "setup_buildings":
        act(state, GAME.legal(state, GAME.to_act(state)[0])[0])
    while state.phase == "setup_streets":
        act(state, {"type": "street", "street": streets[GAME.to_act(state)[0]]})
    while state.phase == "setup_extend":
        act(state, GAME.legal(state, GAME.to_act(state)[0])[0])
    assert state.phase == "choose" and state.round == 1
    return state


def place(state: BusState, plan: dict[int, list[str]]) -> list[dict[str, Any]]:
    """Every seat places the markers of its plan in turn, then passes; the choosing phase ends."""
    plan = {seat: list(actions) for seat, actions in plan.items()}
    events: list[dict[str, Any]] = []
    while state.phase == "choose":
        seat = GAME.to_act(state)[0]
        todo = plan.get(seat, [])
        action = {"type": "choose", "action": todo.pop(0)} if todo else {"type": "pass"}
        events += act(state, action)
    return events


def resolve(state: BusState, spaces: dict[str, list[int]]) -> list[dict[str, Any]]:
    """End the choosing phase with exactly ``spaces`` taken (action -> seats on A, B, ...) and run the
    resolving phase up to its first decision."""
    state.spaces = {action: list(seats) for action, seats in spaces.items()}
    state.queue = []
    events: list[dict[str, Any]] = []
    rounds.settle(NET, state, events)
    return events


def set_line(state: BusState, seat: int, path: list[int]) -> None:
    state.paths[seat] = list(path)


def lots_at(crossing: int) -> tuple[int, ...]:
    return NET.crossing_lots[crossing]
