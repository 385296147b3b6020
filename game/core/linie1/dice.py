"""The three-dice trip (``trip_rule: "three_dice"``, as played on Board Game Arena): the faces, what
each does to a tram, and the expected turns a route takes when every choice is played well.

A trip turn: roll three dice and carry out one; then stop, or roll two and carry out one; then stop,
or roll one and carry it out. Red light: the tram stays. One or two green lights: one or two squares
on. H: to the next halt (stop sign or terminal), as the 1995 die's H. Tools: back to the last stop
sign passed (or the start terminal), and the turn ends at once.

The expected turns solve a small Markov decision process over (route square, arrived by H): the
value of a square is one turn plus the expected rest when each die is chosen, and each stop or roll
on decided, to finish soonest. Tools send the tram back, so the values depend on earlier squares
too; they are found by sweeping the route from its end to its start until they settle (each sweep
uses the newest values, and the pull backwards is weak: some twenty to thirty sweeps settle them
to 1e-11, about 20 ms for a route of 70 squares, cached per route).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from game.core.linie1.data import TERMINAL_AT, TERMINALS, Terminal

RED, ONE, TWO, HALT, TOOLS = "R", "1", "2", "H", "T"
DICE_FACES = (RED, ONE, TWO, TWO, HALT, TOOLS)  # two faces show two green lights
DICE_PER_TURN = 3  # the first roll of a turn throws three dice, the next two, the last one
_CHANCE = tuple((face, Fraction(DICE_FACES.count(face), len(DICE_FACES)))
                for face in dict.fromkeys(DICE_FACES))
_SETTLED = 1e-11
_MAX_SWEEPS = 400


def stop_signs(cells: Sequence[Sequence[int]], halts: Sequence[bool]) -> tuple[bool, ...]:
    """The route squares tools may send a tram back to: those with a stop sign, and its own start
    terminal where the route passes it again (the ruling names "a stop sign, or the start terminal").
    A terminal of another line passed on the way is a halt for H but never such a square."""
    start = _start_terminal(cells)
    found = []
    for cell, halt in zip(cells, halts, strict=True):
        terminal = TERMINAL_AT.get((int(cell[0]), int(cell[1])))
        found.append(bool(halt) and (terminal is None or terminal is start))
    return tuple(found)


def _start_terminal(cells: Sequence[Sequence[int]]) -> Terminal | None:
    """The terminal a route set off from: the other one of the line whose terminal it ends in."""
    if not cells:
        return None
    end = TERMINAL_AT.get((int(cells[-1][0]), int(cells[-1][1])))
    return None if end is None else TERMINALS[end.line][1 - end.index]


def tools_target(signs: Sequence[bool], position: int, by_h: bool) -> int:
    """Where tools send a tram at ``position``: the last stop sign (or its start terminal passed
    again) it entered before this square, or this square if it is one and the tram arrived on it by
    H; -1 is the start terminal it set off from."""
    if by_h and position >= 0 and signs[position]:
        return position
    for index in range(position - 1, -1, -1):
        if signs[index]:
            return index
    return -1


def carry_out(halts: Sequence[bool], signs: Sequence[bool], position: int, by_h: bool,
              face: str) -> tuple[int, bool]:
    """A die's face carried out: the tram's new square and whether it arrived there by H (a red
    light leaves both as they were, and so do tools that keep the tram on the sign it reached by
    H: it has not moved, so its last arrival is still that H)."""
    last = len(halts) - 1
    if face == RED:
        return position, by_h
    if face == TOOLS:
        target = tools_target(signs, position, by_h)
        return target, by_h and target == position
    if face == HALT:
        return next((index for index in range(position + 1, last + 1) if halts[index]), last), True
    return min(position + int(face), last), False


@dataclass(frozen=True)
class DiceValues:
    """Expected turns still to start, per route square (index + 1; -1 is the start terminal) and
    per arrival (by H or not): ``turns`` before a turn's first roll, ``roll_on[k]`` when ``k`` dice
    may still be rolled in the turn under way (the turn itself not counted)."""

    halts: tuple[bool, ...]
    signs: tuple[bool, ...]
    turns: tuple[tuple[float, float], ...]
    roll_on: dict[int, tuple[tuple[float, float], ...]]

    def at(self, position: int, by_h: bool) -> float:
        """Expected turns from ``position`` before the turn's first roll (0 at the destination)."""
        return self.turns[position + 1][by_h]

    def after(self, position: int, by_h: bool, face: str, left: int) -> float:
        """Expected turns still to start once ``face`` is carried out with ``left`` dice to come."""
        return _after(self.halts, self.signs, self.turns, self.roll_on, position, by_h, face, left)

    def roll_on_better(self, position: int, by_h: bool, left: int) -> bool:
        """Whether rolling ``left`` dice on beats stopping here."""
        return left > 0 and self.roll_on[left][position + 1][by_h] < self.at(position, by_h) - 1e-9

    def best_die(self, position: int, by_h: bool, faces: Sequence[str], left: int) -> int:
        """The die to carry out of ``faces`` rolled (``left``: dice the turn may still roll after)."""
        costs = [self.after(position, by_h, face, left) for face in faces]
        return min(range(len(faces)), key=lambda index: (costs[index], index))


def _after(halts: Sequence[bool], signs: Sequence[bool], turns: Sequence[Sequence[float]],
           roll_on: dict[int, Sequence[Sequence[float]]], position: int, by_h: bool, face: str,
           left: int) -> float:
    reached, arrived = carry_out(halts, signs, position, by_h, face)
    if reached == len(halts) - 1:
        return 0.0
    stay = turns[reached + 1][arrived]
    if face == TOOLS or left == 0:
        return stay
    return min(stay, roll_on[left][reached + 1][arrived])


def _expected_best(costs: list[tuple[float, float]], dice: int) -> float:
    """E[the least cost of ``dice`` dice] given each face's (cost, chance)."""
    costs.sort()
    tail, total = 1.0, 0.0
    for cost, chance in costs:
        rest = tail - chance
        total += cost * (tail ** dice - max(0.0, rest) ** dice)
        tail = rest
    return total


@lru_cache(maxsize=512)
def dice_values(halts: tuple[bool, ...], signs: tuple[bool, ...]) -> DiceValues:
    """The three-dice values of a route (cached by its halts and signs: a route asked about again,
    on every board change while a player builds, or on every roll of its trip, costs nothing)."""
    last = len(halts) - 1
    size = last + 2  # squares -1 .. last
    turns = [[(last - position) / 3.0 + 1.0] * 2 for position in range(-1, last)] + [[0.0, 0.0]]  # a guess
    roll_on: dict[int, list[list[float]]] = {k: [[0.0, 0.0] for _ in range(size)] for k in (1, 2)}
    # Where each face leads from each square and arrival, worked out once: (face, chance, slot, by H).
    moves: dict[tuple[int, bool], list[tuple[str, float, int, bool]]] = {}
    for position in range(-1, last):
        for by_h in (False, True):
            moves[(position, by_h)] = [(face, float(chance), *_slot(halts, signs, position, by_h, face))
                                       for face, chance in _CHANCE]
    for _sweep in range(_MAX_SWEEPS):
        change = 0.0
        for position in range(last - 1, -2, -1):
            arrivals = (False, True) if position >= 0 and signs[position] else (False,)
            for by_h in arrivals:
                options = moves[(position, by_h)]
                for dice in (1, 2, 3):
                    costs = []
                    for face, chance, slot, arrived in options:
                        cost = turns[slot][arrived]
                        if dice > 1 and face != TOOLS and slot <= last:
                            cost = min(cost, roll_on[dice - 1][slot][arrived])
                        costs.append((cost, chance))
                    value = _expected_best(costs, dice)
                    if dice < 3:
                        roll_on[dice][position + 1][by_h] = value
                    else:
                        value += 1.0
                        row = turns[position + 1]
                        change = max(change, abs(row[by_h] - value))
                        row[by_h] = value
            if len(arrivals) == 1:  # arriving by H matters only on a stop sign
                turns[position + 1][1] = turns[position + 1][0]
                for k in (1, 2):
                    roll_on[k][position + 1][1] = roll_on[k][position + 1][0]
        if change < _SETTLED:
            break
    return DiceValues(halts, signs, tuple((a, b) for a, b in turns),
                      {k: tuple((a, b) for a, b in rows) for k, rows in roll_on.items()})


def _slot(halts: Sequence[bool], signs: Sequence[bool], position: int, by_h: bool, face: str) -> tuple[int, bool]:
    """Where ``face`` leads as a slot of the value lists (square + 1; the destination is the last)."""
    reached, arrived = carry_out(halts, signs, position, by_h, face)
    return reached + 1, arrived and reached < len(halts) - 1


def dice_turns(halts: Sequence[bool], signs: Sequence[bool]) -> Fraction:
    """The expected turns from the start terminal to the destination under the three dice, played
    well (to nine decimals: the values are found by iteration, not in closed form)."""
    value = dice_values(tuple(bool(h) for h in halts), tuple(bool(s) for s in signs)).at(-1, False)
    return Fraction(round(value * 10 ** 9), 10 ** 9)


__all__ = ["DICE_FACES", "DICE_PER_TURN", "HALT", "ONE", "RED", "TOOLS", "TWO", "DiceValues", "carry_out",
           "dice_turns", "dice_values", "stop_signs", "tools_target"]
