"""Linie 1 core figures: legal-move enumeration, a normal bot's turn, a whole 4-player game."""

from __future__ import annotations

from collections.abc import Iterator

from game.ai.linie1.bot import Linie1Bot
from game.core.linie1 import GAME
from game.core.linie1.board import Board
from game.core.linie1.data import TILE_TYPES
from game.core.linie1.routes import trip_candidates
from game.core.rng import Rng
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


def full_states(count: int, players: int = 4, least: int = 114) -> list:
    """Fresh deals on full boards: tiles from the whole set laid one by one, each into a square with
    the most laid neighbours, until no tile fits (114-117 tiles; random play stalls near 105). These
    crowded boards, where routes branch at every square, are where the route searches cost most."""
    states = []
    seed = 2000
    while len(states) < count:
        seed += 1
        state = GAME.setup(players, seed)
        board, rng = state.board, Rng(seed)
        pool = [number for number, info in TILE_TYPES.items() for _ in range(info.pile + info.start)]
        while True:
            fits = list(board.legal_placements(sorted(set(pool)), strict=False))
            if not fits:
                break
            crowded = [_neighbours(board, cell) for _tile, cell, _rot in fits]
            most = max(crowded)
            fits = [fit for fit, near in zip(fits, crowded, strict=True) if near == most]
            tile, cell, rot = fits[rng.below(len(fits))]
            board.set_tile(cell, tile, rot)
            pool.remove(tile)
        if len(board.tiles) >= least:
            states.append(state)
    return states


def late_states(count: int, players: int = 5) -> list:
    """The last building turn of whole games of normal bots: boards built to complete routes."""
    states = []
    for seed in range(count):
        state = GAME.setup(players, 700 + seed)
        bots = [Linie1Bot("normal", 700 + seed + s) for s in range(players)]
        last = None
        while GAME.outcome(state) is None:
            seat = GAME.to_act(state)[0]
            if state.phase == "build" and state.actions_taken == 0:
                last = GAME.snapshot(state)
            GAME.apply(state, seat, bots[seat].decide(GAME.view(state, seat)))
        if last is not None:
            states.append(GAME.restore(last))
    return states


def _neighbours(board: Board, cell: tuple[int, int]) -> int:
    row, col = cell
    return sum((row + dr, col + dc) in board.tiles for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)))


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

    for name, chosen in (("full", full_states(8)), ("late_game", late_states(6))):
        yield from _search_figures(name, chosen)


def _search_figures(name: str, states: list) -> Iterator[tuple[str, list[float]]]:
    """The legal listing at a turn's start and every seat's trip candidates, on boards never seen
    before (cold caches, as when a tile has just been laid)."""
    samples = []
    for state in states * 3:
        state.board = Board.from_view(state.board.to_view())  # cold caches, as at a turn's start
        samples.extend(timed(lambda s=state: list(GAME.legal(s, s.current)), repeat=1, warmup=0))
    yield f"linie1.legal_{name}", samples

    samples = []
    for state in states * 3:
        for seat in range(state.players):
            board = Board.from_view(state.board.to_view())
            samples.extend(timed(lambda b=board, s=state, seat=seat: trip_candidates(
                b, s.lines[seat], s.stops[seat], s.faces), repeat=1, warmup=0))
    yield f"linie1.trip_candidates_{name}", samples
