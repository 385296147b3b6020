"""Bus figures: how long the normal bot takes to decide, and how long the rules take to
list the legal moves, make a view and apply a decision, over positions from real bot games (setup,
choices and every action alike)."""

from __future__ import annotations

from collections.abc import Iterator

from game.bots import make_bot
from game.core.bus import GAME
from game.match import Match, SeatInfo
from tools.bench import timed

GAMES = ((3, 11), (4, 12), (5, 13))  # (players, seed) of the games the positions come from


def sample_views() -> list[dict]:
    """Every view a normal bot was asked to decide on in a few bot games."""
    views = []
    for players, seed in GAMES:
        match = Match("bus", [SeatInfo(f"Bot {i}", "bot") for i in range(players)], seed)
        bots = [make_bot("bus", "normal", seed * 7 + i) for i in range(players)]
        while not match.finished:
            seat = match.to_act()[0]
            view = match.view(seat)
            views.append(view)
            assert match.submit(seat, bots[seat].decide(view)).ok
    return views


def figures() -> Iterator[tuple]:
    views = sample_views()
    bot = make_bot("bus", "normal", 1)
    decisions = [timed(lambda view=view: bot.decide(view), repeat=1, warmup=0)[0] for view in views]
    yield "bus.normal_decision", decisions
    states = [GAME.state_from_view(view) for view in views]
    legal = [timed(lambda state=state: GAME.legal(state, GAME.to_act(state)[0]), repeat=1, warmup=0)[0]
             for state in states]
    yield "bus.legal", legal
    views_made = [timed(lambda state=state: GAME.view(state, GAME.to_act(state)[0]), repeat=1, warmup=0)[0]
                  for state in states]
    yield "bus.view", views_made
    applied = []
    for state, view in zip(states, views, strict=True):
        seat = GAME.to_act(state)[0]
        action = bot.decide(view)
        applied.append(timed(lambda state=state, seat=seat, action=action: GAME.apply(state, seat, action),
                             repeat=1, warmup=0)[0])
    yield "bus.apply", applied
    yield "bus.decisions_per_game", len(views) / len(GAMES), "decisions"
