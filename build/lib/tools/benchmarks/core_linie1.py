"""Linie 1 core figures: legal-move enumeration, a normal bot's turn, a whole 4-player game."""

from __future__ import annotations

from collections.abc import Iterator

from game.ai.linie1 import Linie1Bot
from game.core.linie1 import GAME
from game.core.linie1.board import Board
from tools.bench import timed
from tools.simulate import play_one


def midgame_states(count: int, players: int = 4, turns: int = 24) -> list:
    """States after ``turns`` turns of normal bots: a realistic mid-game board."""
    states = []
    seed = 1000
    while len(states) < count:
        seed += 1
        state = GAME.setup(players, seed)
        bots = [Linie1Bot("normal", seed + s) for s in range(players)]
        while state.turn <= turns and GAME.outcome(state) is None:
            seat = GAME.to_act(state)[0]
            GAME.apply(state, seat, bots[seat].decide(GAME.view(state, seat)))
        if GAME.outcome(state) is None and state.phase == "build" and len(state.hands[state.current]) == 5:
            states.append(state)
    return states


def figures() -> Iterator[tuple[str, list[float]]]:
    states = midgame_states(20)

    samples = []
    for state in states * 5:
        state.board = Board.from_view(state.board.to_view())  # cold caches: a board never seen before
        samples.extend(timed(lambda s=state: list(GAME.legal(s, s.current)), repeat=1, warmup=0))
    yield "linie1.legal_actions_5_tile_hand_midgame", samples

    samples = []
    for state in states:
        def whole_turn(s=state) -> None:
            bot = Linie1Bot("normal", 3)
            twin = GAME.restore(GAME.snapshot(s))
            seat = twin.current
            while GAME.to_act(twin) == [seat] and twin.turn == s.turn:
                GAME.apply(twin, seat, bot.decide(GAME.view(twin, seat)))
        samples.extend(timed(whole_turn, repeat=3, warmup=0))
    yield "linie1.normal_bot_whole_turn", samples

    samples = []
    for seed in range(15):
        samples.extend(timed(lambda s=seed: play_one("linie1", 4, 500 + s, ["normal"]), repeat=1, warmup=0))
    yield "linie1.whole_4p_normal_game", samples
