"""Every game declares the shapes of its actions, and a Match refuses any other shape before the
game judges it: legal play always fits, and extra fields, missing fields, NaN, huge strings or a
bool for a number are ``match.malformed_action`` that change nothing."""

from __future__ import annotations

import math
from typing import Any

import pytest

from game.bots import make_bot
from game.core.registry import get_game
from game.match import Match, SeatInfo, view_hash

GAMES = {"linie1": 3, "linja": 2, "liniell": 2, "bus": 3}


def bot_match(game: str, seed: int) -> Match:
    return Match(game, [SeatInfo(f"Bot {i}", "bot", "easy") for i in range(GAMES[game])], seed)


@pytest.mark.parametrize("game", GAMES)
def test_every_legal_action_of_whole_games_fits_its_shape(game: str) -> None:
    definition = get_game(game)
    for seed in (1, 2):
        match = bot_match(game, seed)
        bots = [make_bot(game, "easy", seat) for seat in range(GAMES[game])]
        kinds: set[str] = set()
        while not match.finished and match.version < 400:
            seat = match.to_act()[0]
            for action in definition.legal(match.state, seat):
                kinds.add(action["type"])
                assert match.check(seat, action) is None or match.check(seat, action).code != \
                    "match.malformed_action", action
            assert match.submit(seat, bots[seat].decide(match.view(seat))).ok
        assert kinds <= set(definition.action_shapes)


def first_legal(match: Match, kind: str | None = None) -> tuple[int, dict[str, Any]]:
    seat = match.to_act()[0]
    for action in match.game.legal(match.state, seat):
        if kind is None or action["type"] == kind:
            return seat, action
    raise LookupError(kind)


MALFORMED: dict[str, list[tuple[str, Any]]] = {
    "linie1": [("place", lambda a: {**a, "note": "x" * 60_000}), ("place", lambda a: {k: v for k, v in a.items()
                                                                                       if k != "rot"}),
               ("place", lambda a: {**a, "rot": math.nan}), ("place", lambda a: {**a, "tile": True}),
               ("place", lambda a: {**a, "cell": [a["cell"][0], a["cell"][1], 0]}),
               ("place", lambda a: {"type": "exchange2", "first": {**a}, "second": {**a, "type": "place"}})],
    "linja": [(None, lambda a: {**a, "extra": 1}), (None, lambda a: {"type": a["type"]}),
              (None, lambda a: {**a, "from": 1.0})],
    "liniell": [("place", lambda a: {**a, "x": math.inf}), ("place", lambda a: {**a, "rot": 4}),
                ("place", lambda a: {**a, "y": 99})],
    "bus": [("building", lambda a: {**a, "kind": "castle"}), ("building", lambda a: {**a, "lot": 1.5}),
            ("building", lambda a: {"type": "building", "lot": a["lot"]}), (None, lambda a: {"type": "vroom"})],
}


@pytest.mark.parametrize("game", GAMES)
def test_malformed_actions_are_refused_before_the_rules_and_change_nothing(game: str) -> None:
    match = bot_match(game, 3)
    for kind, spoil in MALFORMED[game]:
        seat, action = first_legal(match, kind)
        before = (match.version, view_hash(match.view(None)), len(match.log))
        result = match.submit(seat, spoil(action))
        assert result.rejection is not None and result.rejection.code == "match.malformed_action", spoil(action)
        assert (match.version, view_hash(match.view(None)), len(match.log)) == before
    seat, action = first_legal(match)
    assert match.submit(seat, action).ok  # a well-formed action is taken: the game goes on
