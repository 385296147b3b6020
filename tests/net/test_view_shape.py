"""The measure a client holds a host's views to (net/view_shape.py): every view of whole games of
every game fits it, for every seat and a spectator, under each option; views of another shape do not."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.core.registry import get_game
from game.match import Match, SeatInfo
from net.view_shape import view_fault

GAMES = [("linie1", 2, {}), ("linie1", 5, {"trip_rule": "three_dice"}), ("linie1", 3, {"trip_rule": "pace"}),
         ("linja", 2, {}), ("liniell", 2, {}), ("bus", 3, {}), ("bus", 5, {"edition": "1999"})]


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
def test_every_view_of_a_whole_game_fits(game: str, players: int, options: dict[str, Any]) -> None:
    definition = get_game(game)
    match = Match(definition, [SeatInfo(f"P{index}") for index in range(players)], seed=11, options=options)
    rng = random.Random(5)
    for _step in range(2000):
        for seat, view in match.views([None, *range(players)]).items():
            assert view_fault(game, view) is None, (seat, view_fault(game, view))
        if match.outcome() is not None:
            break
        seat = match.to_act()[0]
        assert match.submit(seat, rng.choice(list(definition.legal(match.state, seat)))).ok
    assert match.outcome() is not None  # the game's end was measured too


def good_view() -> dict[str, Any]:
    return Match(get_game("linja"), [SeatInfo("A"), SeatInfo("B")], seed=1).view(0)


@pytest.mark.parametrize("spoil", ["missing field", "list for a map", "map for a list", "match without seats",
                                   "seats not a list", "not a map"])
def test_views_of_another_shape_are_named(spoil: str) -> None:
    view: Any = good_view()
    if spoil == "missing field":
        del view["rows"]
    elif spoil == "list for a map":
        view["match"] = []
    elif spoil == "map for a list":
        view["rows"] = {}
    elif spoil == "match without seats":
        del view["match"]["seats"]
    elif spoil == "seats not a list":
        view["match"]["seats"] = "Ann"
    else:
        view = ["rows"]
    assert view_fault("linja", view) is not None
    assert view_fault("linja", good_view()) is None
