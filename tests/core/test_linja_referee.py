"""An independent referee for Linja: J1-J6 written again, plainly, from the rule text, and held
against the core after every single move of random legal games (and of bot games).

The core's own tests check chosen positions; this checks that for *every* position a game reaches,
the core offers exactly the moves the rules allow and leaves exactly the position, turn, phase,
following steps and extra-turn flag the rules say — and scores the end by J6's table.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.linja import GAME

TARGET = {0: 7, 1: 0}  # J1: A (seat 0) moves up from row 0, B down from row 7
FORWARD = {0: 1, 1: -1}
POINTS = {0: {7: 5, 6: 3, 5: 2, 4: 1}, 1: {0: 5, 1: 3, 2: 2, 3: 1}}  # J6


class Referee:
    """Linja as the rule sheet and rulings J1-J6 (with the gaps G1, G3 of docs/linja.md) describe it."""

    def __init__(self, pieces: list[list[int]], turn: int) -> None:
        self.pieces = [list(pieces[0]), list(pieces[1])]
        self.turn, self.phase, self.steps, self.extra = turn, "initial", 0, False

    def on_row(self, row: int) -> int:
        return self.pieces[0][row] + self.pieces[1][row]

    def full(self, row: int) -> bool:
        return 1 <= row <= 6 and self.on_row(row) >= 6  # J1: six at most on a field row

    def ahead(self, seat: int, row: int, steps: int) -> int:
        end = row + FORWARD[seat] * steps
        return min(end, 7) if seat == 0 else max(end, 0)  # J4: a piece stops on its target row

    def movable(self, seat: int, row: int) -> bool:
        return self.pieces[seat][row] > 0 and row != TARGET[seat]

    def initial_rows(self, seat: int) -> set[int]:  # J3
        return {row for row in range(8) if self.movable(seat, row) and not self.full(row + FORWARD[seat])}

    def following_rows(self, seat: int, steps: int) -> set[int]:  # J4: may jump full rows, not stop on one
        return {row for row in range(8) if self.movable(seat, row) and not self.full(self.ahead(seat, row, steps))}

    def passed(self) -> bool:  # J6
        lowest_a = min(row for row in range(8) if self.pieces[0][row])
        highest_b = max(row for row in range(8) if self.pieces[1][row])
        return lowest_a > highest_b

    def legal_rows(self) -> set[int]:
        if self.phase == "initial":
            return self.initial_rows(self.turn)
        return self.following_rows(self.turn, self.steps)

    def move(self, row: int) -> None:
        seat = self.turn
        if self.phase == "initial":
            to = row + FORWARD[seat]
            steps = 1 if to == TARGET[seat] else self.on_row(to)  # J4: counted before the piece arrives
        else:
            to = self.ahead(seat, row, self.steps)
            empty_field_row = 1 <= to <= 6 and self.on_row(to) == 0
        self.pieces[seat][row] -= 1
        self.pieces[seat][to] += 1
        if self.passed():
            self.phase, self.steps, self.extra = "over", 0, False  # J6: at once; what was due is void
        elif self.phase == "initial" and steps:
            self.phase, self.steps = "following", steps
            if not self.following_rows(seat, steps):
                self.next_player()  # J4: a following move no piece can make is lost
        elif self.phase == "following" and empty_field_row and not self.extra:
            self.phase, self.steps, self.extra = "initial", 0, True  # J5: one extra turn, never two
            self.start_turn(seat)
        else:
            self.next_player()

    def next_player(self) -> None:
        self.phase, self.steps, self.extra = "initial", 0, False
        self.start_turn(1 - self.turn)

    def start_turn(self, seat: int) -> None:
        """J3: a player without an initial move passes; when neither has one the game ends (G1)."""
        self.turn = seat
        if self.initial_rows(seat):
            return
        self.extra = False  # G3: an extra turn without an initial move is passed like any turn
        if not self.initial_rows(1 - seat):
            self.phase = "over"
            return
        self.turn = 1 - seat

    def scores(self) -> list[int]:
        return [sum(POINTS[seat].get(row, 0) * count for row, count in enumerate(self.pieces[seat]))
                for seat in (0, 1)]


def referee_of(state) -> Referee:
    return Referee(state.position.pieces, state.position.turn)


def assert_agrees(referee: Referee, state) -> None:
    position = state.position
    assert position.pieces == referee.pieces
    assert position.phase == referee.phase
    if referee.phase == "over":
        return
    assert (position.turn, position.steps, position.extra) == (referee.turn, referee.steps, referee.extra)
    listed = {action["from"] for action in GAME.legal(state, position.turn)}
    assert listed == referee.legal_rows() and listed, "the player to act may move exactly what the rules allow"
    assert GAME.legal(state, 1 - position.turn) == []


def assert_scored(referee: Referee, state) -> None:
    outcome = GAME.outcome(state)
    scores = referee.scores()
    assert outcome["scores"] == scores
    if scores[0] == scores[1]:
        assert outcome["winners"] == [] and outcome["draw"] and outcome["next_first"] == 1 - state.first
    else:
        winner = 0 if scores[0] > scores[1] else 1
        assert outcome["winners"] == [winner] and not outcome["draw"]
        assert outcome["next_first"] == 1 - winner  # "The losing player starts the next game."


def referee_game(state, choose) -> dict[str, int]:
    """Play ``state`` to its end with ``choose(state, seat)``, the referee checking every move;
    returns how often the rarer rules came up (for the test that the games reach them)."""
    referee = referee_of(state)
    assert_agrees(referee, state)
    seen = {"extra": 0, "lost_following": 0, "pass": 0, "expired": 0, "full_row": 0}
    while GAME.outcome(state) is None:
        (seat,) = GAME.to_act(state)
        action = choose(state, seat)
        events = GAME.apply(state, seat, action)
        referee.move(action["from"])
        assert_agrees(referee, state)
        for event in events:
            if event["type"] == "extra_turn":
                seen["extra"] += 1
            elif event["type"] == "pass":
                seen["lost_following" if event["phase"] == "following" else "pass"] += 1
            elif event["type"] == "move" and event.get("expired"):
                seen["expired"] += 1
        seen["full_row"] += any(referee.full(row) for row in range(1, 7))
    assert referee.phase == "over"
    assert_scored(referee, state)
    return seen


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), choices=st.randoms(use_true_random=False))
def test_random_games_follow_the_rule_sheet_move_by_move(seed, choices):
    referee_game(GAME.setup(2, seed), lambda state, seat: choices.choice(GAME.legal(state, seat)))


def test_the_random_games_reach_the_rarer_rules():
    """The property above is only as good as the positions it sees: extra turns, lost following
    moves, passes, expired steps and full rows all come up in a modest number of games."""
    total: dict[str, int] = {}
    for seed in range(60):
        choices = random.Random(seed)
        seen = referee_game(GAME.setup(2, seed), lambda state, seat, c=choices: c.choice(GAME.legal(state, seat)))
        for key, count in seen.items():
            total[key] = total.get(key, 0) + count
    assert all(total[key] > 0 for key in total), total


def test_bot_games_follow_the_rule_sheet_move_by_move():
    from game.ai.linja.bot import make_bot

    for seed in range(4):
        bots = {seat: make_bot(level, seed + seat) for seat, level in enumerate(("normal", "easy"))}
        referee_game(GAME.setup(2, seed), lambda state, seat, bots=bots: bots[seat].decide(GAME.view(state, seat)))
