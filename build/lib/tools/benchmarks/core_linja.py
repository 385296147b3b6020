"""Linja figures: how long a normal (and hard) bot takes to decide in real mid-game positions, and how
fast the rules list, check and apply the moves of a whole game."""

from __future__ import annotations

from collections.abc import Iterator

from game.bots import make_bot
from game.core.linja import GAME
from game.match import Match, SeatInfo
from tools.bench import timed

SEEDS = (21, 22, 23, 24)  # the normal-vs-easy games the positions come from
MIDGAME = range(10, 60)  # single moves into the game that count as mid-game


def midgame_views() -> list[dict]:
    """Views a bot was asked to decide on between the opening and the end, from normal-vs-easy games."""
    views = []
    for seed in SEEDS:
        levels = ("normal", "easy") if seed % 2 else ("easy", "normal")
        match = Match("linja", [SeatInfo("A", "bot", levels[0]), SeatInfo("B", "bot", levels[1])], seed)
        bots = [make_bot("linja", level, seed * 5 + index) for index, level in enumerate(levels)]
        moves = 0
        while not match.finished:
            (seat,) = match.to_act()
            view = match.view(seat)
            if moves in MIDGAME:
                views.append(view)
            assert match.submit(seat, bots[seat].decide(view)).ok
            moves += 1
    return views


def figures() -> Iterator[tuple]:
    views = midgame_views()
    for level in ("normal", "hard"):
        bot = make_bot("linja", level, 1)
        samples = [timed(lambda view=view, bot=bot: bot.decide(view), repeat=1, warmup=0)[0] for view in views]
        yield f"linja.{level}_decision", samples
    yield "linja.rules_whole_game", timed(lambda: _play_out(SEEDS[0]), repeat=20)
    yield "linja.midgame_positions", len(views), "positions"


def _play_out(seed: int) -> None:
    """A whole game, each move listed, checked and applied as the host does (choices vary by move)."""
    state = GAME.setup(2, seed)
    while GAME.outcome(state) is None:
        (seat,) = GAME.to_act(state)
        actions = GAME.legal(state, seat)
        action = actions[state.moves % len(actions)]
        assert GAME.check(state, seat, action) is None
        GAME.apply(state, seat, action)
