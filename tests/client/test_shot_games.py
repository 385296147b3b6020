"""The shots' Linie 1 games, played once per run and stopped at many moments, leave each caller the
session that playing the game from its start would: the same actions, the bots as they stood."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from game.bots import make_bot
from game.core.rng import Rng
from game.match import Match, SeatInfo
from game.session import LocalSession
from tools.shots import linie1 as shots
from tools.shots.play import play_on


def played_from_the_start(seed: int, until: Callable[[Any], bool]) -> LocalSession:
    """The game as ``advanced`` played it before it kept its games: from the deal, every time."""
    match = Match("linie1", [SeatInfo(s.name, s.kind, s.level, s.colour) for s in shots.SEATS], seed)
    session = LocalSession(match, bot_seed=seed)
    stand_in = make_bot("linie1", "normal", seed + 99)
    while not match.finished and not until(match.view(0)):
        play_on(session, stand_in)
    session.poll()
    return session


def at_call(number: int) -> Callable[[Any], bool]:
    """True from the ``number``-th question on: the moment after that many turns."""
    asked = []
    return lambda view: asked.append(view) or len(asked) >= number


def bot_states(session: LocalSession) -> list[tuple[str, int]]:
    """Each bot's level and where its random numbers stand (all a Linie 1 bot below hard keeps)."""
    assert all(isinstance(bot.rng, Rng) and bot.hard is None for bot in session._bots.values())
    return [(bot.level, bot.rng.state) for _seat, bot in sorted(session._bots.items())]


@pytest.mark.parametrize("colours", [(0, 1), (1, 0)])  # a shot may seat Ada in another colour
def test_a_moment_is_the_session_the_game_played_from_its_start_leaves(monkeypatch, colours) -> None:
    monkeypatch.setattr(shots, "SEATS", [SeatInfo("Ada", "human", colour=colours[0]),
                                         SeatInfo("Tramina", "bot", "normal", colours[1]), shots.SEATS[2]])
    shots.advanced(8, at_call(9))  # the kept game goes past the moment below first
    kept = shots.advanced(8, at_call(7))
    fresh = played_from_the_start(8, at_call(7))
    assert kept.match.version > 0 and kept.match.save() == fresh.match.save()
    assert [seat.colour for seat in kept.match.seats[:2]] == list(colours)
    assert bot_states(kept) == bot_states(fresh) and kept.poll() == fresh.poll() == []
    for session in (kept, fresh):  # and both play on alike
        session.run_bots_now()
    assert kept.match.save() == fresh.match.save()


def test_each_caller_gets_a_session_of_its_own() -> None:
    first, second = shots.advanced(8, at_call(4)), shots.advanced(8, at_call(4))
    assert first.match is not second.match and first.match.save() == second.match.save()
    assert first._bots and all(a is not b for a, b in zip(first._bots.values(), second._bots.values(), strict=True))
    seat = first.match.to_act()[0]
    assert first.match.submit(seat, next(iter(first.match.game.legal(first.match.state, seat)))).ok
    assert first.match.version > second.match.version


def test_the_views_asked_about_stay_as_they_were_while_the_game_plays_on() -> None:
    first: list[Any] = []
    shots.advanced(8, lambda view: first.append(copy.deepcopy(view)) or len(first) > 6)
    shots.advanced(8, at_call(30))  # the kept game plays on past them
    again: list[Any] = []
    shots.advanced(8, lambda view: again.append(view) or len(again) > 6)
    assert again == first and first[0] != first[-1]
