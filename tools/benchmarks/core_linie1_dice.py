"""Linie 1's three-dice trip: the expected-turns values of one route, and the route chooser's
candidates under the three dice, both with nothing cached (as for a route never seen before)."""

from __future__ import annotations

from collections.abc import Iterator

from game.core.linie1.board import Board
from game.core.linie1.dice import dice_values, stop_signs
from game.core.linie1.routes import trip_candidates
from tools.bench import timed
from tools.benchmarks.core_linie1 import late_states


def figures() -> Iterator[tuple[str, list[float]]]:
    states = late_states(6)
    routes = []
    for state in states:
        for seat in range(state.players):
            for candidate in trip_candidates(state.board, state.lines[seat], state.stops[seat], state.faces):
                route = candidate.route
                routes.append((route.halts, stop_signs(route.cells, route.halts)))

    def cold_values(halts: tuple[bool, ...], signs: tuple[bool, ...]) -> None:
        dice_values.cache_clear()
        dice_values(halts, signs)

    samples = []
    for halts, signs in routes:
        samples.extend(timed(lambda h=halts, s=signs: cold_values(h, s), repeat=1, warmup=0))
    yield "linie1.three_dice_values_route", samples  # every candidate route of late games, 23-85 squares

    samples = []
    for state in states:
        for seat in range(state.players):
            board = Board.from_view(state.board.to_view())

            def candidates(b: Board = board, s: object = state, seat: int = seat) -> None:
                dice_values.cache_clear()
                trip_candidates(b, s.lines[seat], s.stops[seat], s.faces, rule="three_dice")  # type: ignore[attr-defined]
            samples.extend(timed(candidates, repeat=1, warmup=0))
    yield "linie1.trip_candidates_three_dice_late_game", samples
