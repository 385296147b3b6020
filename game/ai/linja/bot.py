"""Linja bots: alpha-beta over whole turns, rebuilt from the seat's view alone.

Linja has no chance and no secrets, so a plain minimax is exact up to its horizon. A turn is the
initial move, its following move, and an extra turn when one is earned; the search counts depth in
turns, not single moves, so an extra turn is always searched to its end. The moves themselves are
the rules core's own (``game.core.linja.position.play``), so the bot cannot search a rule the host
does not play.

Levels: ``easy`` looks one turn ahead with a noisy evaluation; ``normal`` searches its turn and the
opponent's reply; ``hard`` adds its own next turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import mul
from typing import Any

from game.core.contract import Action, View
from game.core.linja import GAME
from game.core.linja.position import (
    INITIAL,
    OVER,
    POINTS,
    ROWS,
    START,
    Position,
    initial_sources,
    legal_rows,
    play,
)
from game.core.rng import Rng

LEVELS = ("easy", "normal", "hard")

WIN = 10_000.0
TIE = 1e-6  # evaluations this close are the same


@dataclass(frozen=True)
class Weights:
    """How a position is judged before the game ends.

    ``points`` weighs J6's score as it stands, ``progress`` the rows all pieces have advanced (the
    points still to come), ``mobility`` the rows a seat can make an initial move from (a seat
    hemmed in by full rows must waste moves or pass), ``tempo`` having the move. Tuned by
    normal-vs-normal duels from random openings: progress 2.5 beat 0.35 and 1.0 (pieces far
    behind cost points at the end), and mobility 3-6 beat both 0 and 10.
    """

    points: float = 1.0
    progress: float = 2.5
    mobility: float = 5.0
    tempo: float = 1.5


@dataclass(frozen=True)
class Level:
    turns: int  # search horizon in whole turns, the current one included
    noise: float  # spread of the random term added to every evaluation (0: none)


LEVEL_SETTINGS = {
    "easy": Level(turns=1, noise=6.0),
    "normal": Level(turns=2, noise=0.0),
    "hard": Level(turns=3, noise=0.0),
}

# Transposition-table bounds: the stored value is exact, a lower bound or an upper bound.
EXACT, LOWER, UPPER = 0, 1, 2


def position_from_view(view: View) -> Position:
    """The search's position, built only from what the seat was shown."""
    return GAME.state_from_view(view).position


def rows_advanced(seat: int, row: int) -> int:
    return abs(row - START[seat])


class Evaluator:
    """Judges a position for one seat; per-row values are tabled once, since this runs at every leaf."""

    def __init__(self, weights: Weights) -> None:
        self.tempo = weights.tempo
        self.mobility = weights.mobility
        self.tables = [
            [weights.points * POINTS[seat][row] + weights.progress * rows_advanced(seat, row)
             for row in range(ROWS)]
            for seat in (0, 1)
        ]

    def __call__(self, position: Position, me: int) -> float:
        """Final score margin (plus a win bonus) at the end; else points, progress, mobility, the move."""
        pieces = position.pieces
        if position.phase == OVER:
            margin = sum(map(mul, pieces[me], POINTS[me])) - sum(map(mul, pieces[1 - me], POINTS[1 - me]))
            return margin + (WIN if margin > 0 else -WIN if margin < 0 else 0.0)
        value = (sum(map(mul, pieces[me], self.tables[me]))
                 - sum(map(mul, pieces[1 - me], self.tables[1 - me])))
        if self.mobility:
            value += self.mobility * (len(initial_sources(position, me))
                                      - len(initial_sources(position, 1 - me)))
        return value + (self.tempo if position.turn == me else -self.tempo)


class LinjaBot:
    """Chooses each single move (initial or following) by searching whole turns ahead."""

    def __init__(self, level: Level, seed: int, weights: Weights | None = None) -> None:
        self.level = level
        self.evaluate = Evaluator(weights or Weights())
        self.rng = Rng(seed)
        self.nodes = 0
        self._table: dict[tuple[Any, ...], tuple[float, int]] = {}

    def decide(self, view: View) -> Action:
        position = position_from_view(view)
        me = view["seat"]
        if not isinstance(me, int) or me != position.turn or position.phase == OVER:
            raise ValueError("the bot was asked to move when it is not its decision")
        kind = "initial" if position.phase == INITIAL else "follow"
        return {"type": kind, "from": self.choose_row(position, me)}

    def choose_row(self, position: Position, me: int) -> int:
        """The best row to move from, by alpha-beta to the level's horizon."""
        self.nodes = 0
        self._table = {}
        best_rows: list[int] = []
        best_value = -float("inf")
        for row, child in self._children(position, me):
            turns = self._turns_left(position, child, self.level.turns)
            # A window just below the best so far still tells an equally good move from a worse one.
            value = self._search(child, me, turns, best_value - TIE, float("inf"))
            if value > best_value + TIE:
                best_rows, best_value = [row], value
            elif value > best_value - TIE:
                best_rows.append(row)
        return self.rng.choice(best_rows)  # equally good moves are chosen at random, for variety

    @staticmethod
    def _turns_left(parent: Position, child: Position, turns: int) -> int:
        """A turn is over when the player to act changes (an extra turn belongs to the same turn)."""
        return turns - 1 if child.turn != parent.turn else turns

    def _children(self, position: Position, me: int) -> list[tuple[int, Position]]:
        children = []
        for row in legal_rows(position, position.turn):
            child = position.copy()
            play(child, row)
            children.append((row, child))
        # Likely-best moves first, for earlier cut-offs: by the static value for the mover.
        sign = 1.0 if position.turn == me else -1.0
        children.sort(key=lambda item: -sign * self.evaluate(item[1], me))
        return children

    def _leaf(self, position: Position, me: int) -> float:
        value = self.evaluate(position, me)
        if self.level.noise and position.phase != OVER:
            value += (self.rng.random() - 0.5) * 2 * self.level.noise
        return value

    def _search(self, position: Position, me: int, turns: int, alpha: float, beta: float) -> float:
        self.nodes += 1
        if position.phase == OVER or turns == 0:
            return self._leaf(position, me)
        key = (*position.pieces[0], *position.pieces[1], position.turn, position.phase, position.steps,
               position.extra, turns)
        stored = self._table.get(key)
        if stored is not None:
            value, bound = stored
            if bound == EXACT or (bound == LOWER and value >= beta) or (bound == UPPER and value <= alpha):
                return value
        window = (alpha, beta)
        maximising = position.turn == me
        best = -float("inf") if maximising else float("inf")
        for _row, child in self._children(position, me):
            value = self._search(child, me, self._turns_left(position, child, turns), alpha, beta)
            if maximising:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if alpha >= beta:
                break
        bound = UPPER if best <= window[0] else LOWER if best >= window[1] else EXACT
        self._table[key] = (best, bound)
        return best


def make_bot(level: str, seed: int, **settings: Any) -> LinjaBot:
    if level not in LEVEL_SETTINGS:
        raise ValueError(f"Linja bots come in {', '.join(LEVELS)}, not {level!r}")
    return LinjaBot(LEVEL_SETTINGS[level], seed, **settings)
