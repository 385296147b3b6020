"""``views`` (several seats at once, what they all see built once) equals ``view`` seat by seat,
key order included, over whole games of every game; ``Match.views`` likewise."""

from __future__ import annotations

import pytest

from game.bots import make_bot
from game.match import Match, SeatInfo

GAMES = {"linie1": 4, "linja": 2, "liniell": 2, "bus": 4}


@pytest.mark.parametrize("game", GAMES)
def test_views_at_once_equal_each_seats_view(game: str) -> None:
    seats = GAMES[game]
    match = Match(game, [SeatInfo(f"Bot {seat}", "bot", "easy") for seat in range(seats)], 21)
    bots = [make_bot(game, "easy", seat) for seat in range(seats)]
    watchers = [*range(seats), None]
    while not match.finished and match.version < 3000:
        together = match.views(watchers)
        for watcher in watchers:
            alone = match.view(watcher)
            assert together[watcher] == alone and list(together[watcher]) == list(alone)
        seat = match.to_act()[0]
        assert match.submit(seat, bots[seat].decide(match.view(seat))).ok
    assert match.finished


def test_linie1_views_share_what_every_seat_sees_and_keep_each_seats_cards() -> None:
    match = Match("linie1", [SeatInfo(f"Bot {seat}", "bot", "easy") for seat in range(3)], 2)
    views = match.views([0, 1, None])
    assert views[0]["board"] is views[1]["board"] is views[None]["board"]
    assert views[0]["match"] is views[None]["match"]
    assert views[0]["players"][0]["line"] is not None and views[1]["players"][0]["line"] is None
    assert views[None]["players"][1]["route_card"] is None and views[1]["players"][1]["route_card"] is not None
    assert views[0]["players"][2] is views[1]["players"][2]  # a third seat's public facts: one object
