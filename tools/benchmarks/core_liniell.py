"""Liniell figures: how long the normal and hard bots take to decide (placements and occupations
alike; the hard bot thinks its whole turn through when it places) and how long the rules take to
list legal moves and to score a finished game, over real bot games."""

from __future__ import annotations

from collections.abc import Iterator

from game.bots import make_bot
from game.core.liniell import GAME
from game.match import Match, SeatInfo
from tools.bench import timed

SEEDS = (3, 14, 15, 92)  # the games the positions come from


def sample_games() -> tuple[list[dict], list[Match]]:
    """Every view a normal bot decided on in a few normal-against-normal games, and the games."""
    views, matches = [], []
    for seed in SEEDS:
        match = Match("liniell", [SeatInfo("Yellow", "bot"), SeatInfo("Green", "bot")], seed)
        bots = [make_bot("liniell", "normal", seed * 7 + seat) for seat in range(2)]
        while not match.finished:
            seat = match.to_act()[0]
            view = match.view(seat)
            views.append(view)
            assert match.submit(seat, bots[seat].decide(view)).ok
        matches.append(match)
    return views, matches


def figures() -> Iterator[tuple]:
    views, matches = sample_games()
    bot = make_bot("liniell", "normal", 1)
    decisions = [timed(lambda view=view: bot.decide(view), repeat=1, warmup=0)[0] for view in views]
    yield "liniell.normal_decision", decisions
    placing = [view for view in views if view["phase"] == "place"]
    yield "liniell.normal_placement_decision", [
        timed(lambda view=view: bot.decide(view), repeat=1, warmup=0)[0] for view in placing]
    hard = make_bot("liniell", "hard", 1)
    yield "liniell.hard_decision", [timed(lambda view=view: hard.decide(view), repeat=1, warmup=0)[0]
                                    for view in views]
    yield "liniell.hard_placement_decision", [
        timed(lambda view=view: make_bot("liniell", "hard", 1).decide(view), repeat=1, warmup=0)[0]
        for view in placing]
    states = [GAME.state_from_view(view) for view in placing]
    yield "liniell.legal_placements", [
        timed(lambda state=state: GAME.legal(state, state.current), repeat=1, warmup=0)[0] for state in states]
    yield "liniell.final_scoring", [
        timed(lambda match=match: GAME.outcome(match.state), repeat=3, warmup=0)[0] for match in matches]
