"""What the hard Linie 1 bot reads about its rivals' routes from the board, and where to get in the way.

Lines and route cards are secret (L12), but a rival's line is one the bot does not hold and its
card one of the deck's others, and the tiles a rival lays tell which of those routes it builds:
each guess (line, stops) is weighted by how many of the rival's own tiles lie on the cheapest
completion of that route. Only what every seat may see is used: the board, the public hands, who
laid which tile (the view's recent tiles, remembered turn by turn), and revealed cards.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.ai.linie1.plan import Plan, plan_route
from game.core.contract import View
from game.core.linie1.board import Board
from game.core.linie1.data import (
    BESIDE_BUILDING,
    CARD_COLOUR_FOR_PLAYERS,
    FACES,
    LINES,
    ROUTE_CARD_COLOURS,
    ROUTE_CARDS,
    TERMINALS,
)
from game.core.linie1.geometry import Cell, segment

EVIDENCE = 1.6  # how much more likely a guess is per rival tile lying on its plan
SIGN_EVIDENCE = 3  # a sign, or a terminal's square, the rival laid counts as this many tiles on the plan
PLANNED = 5  # routes per rival searched, those with the most signs and terminal squares it laid
HARM_WEIGHT = 0.1  # guesses less likely than this are not searched again to price a block
TOP_GUESSES = 3  # guesses per rival kept for the costly part (trying blocks)

# The squares in front of each line's terminals: a rival laying there most likely holds that line.
ENDS = {line: frozenset(cell for terminal in TERMINALS[line] for cell in terminal.entries) for line in LINES}


@dataclass
class Guess:
    seat: int
    line: int
    stops: tuple[str, ...]
    weight: float  # the chance this guess is the rival's route, among the seat's guesses
    plan: Plan


class Rivals:
    """Remembers who laid what and guesses each building rival's route, once per turn."""

    def __init__(self) -> None:
        self.laid_by: dict[Cell, int] = {}
        self._turn: int | None = None
        self._guesses: list[Guess] = []

    def observe(self, view: View) -> None:
        for row, col, seat, _turn in view.get("recent", []):
            self.laid_by[(row, col)] = seat

    def guesses(self, view: View, board: Board) -> list[Guess]:
        """The likeliest routes of every rival still building, ``TOP_GUESSES`` per rival."""
        if view["turn"] == self._turn:
            return self._guesses
        self._turn = view["turn"]
        self.observe(view)
        me = view["you"]
        players = view["players"]
        builders = [p["seat"] for p in players if p["seat"] != me and not p["driving"]]
        self._guesses = []
        if not builders:
            return self._guesses
        taken_lines = {p["line"] for p in players if p["line"] is not None}
        taken_cards = {p["route_card"] for p in players if p["route_card"] is not None}
        colour = CARD_COLOUR_FOR_PLAYERS[len(players)]
        lines = [line for line in LINES if line not in taken_lines]
        cards = [card for card, c in sorted(ROUTE_CARD_COLOURS.items()) if c == colour and card not in taken_cards]
        routes = sorted({(line, ROUTE_CARDS[card][line]) for line in lines for card in cards})
        plans: dict[tuple[int, tuple[str, ...]], Plan | None] = {}
        for seat in builders:
            own = {cell for cell, who in self.laid_by.items() if who == seat}

            def marks(route: tuple[int, tuple[str, ...]], own: set[Cell] = own) -> int:
                """Signs and terminal squares of this route the rival laid itself (no search)."""
                return (sum(1 for letter in route[1] if board.signs.get(letter) in own)
                        + len(own & ENDS[route[0]]))

            scored = []
            for route in sorted(routes, key=lambda r: -marks(r))[:PLANNED]:
                if route not in plans:
                    plans[route] = plan_route(board, route[0], list(route[1]))
                plan = plans[route]
                if plan is not None:
                    on = len(own & set(plan.cells))
                    scored.append((EVIDENCE ** (on + SIGN_EVIDENCE * marks(route)), route, plan))
            total = sum(weight for weight, _route, _plan in scored) or 1.0
            scored.sort(key=lambda item: -item[0])
            for weight, (line, stops), plan in scored[:TOP_GUESSES]:
                self._guesses.append(Guess(seat, line, stops, weight / total, plan))
        return self._guesses


def harm(guesses: Iterable[Guess], board: Board, tile: int, cell: Cell, rot: int) -> float:
    """The tiles a placement is expected to add to the rivals' cheapest completions."""
    after = board.copy()
    after.set_tile(cell, tile, rot)
    total = 0.0
    for guess in guesses:
        if guess.weight < HARM_WEIGHT or not _touches(guess.plan, cell):
            continue
        plan = plan_route(after, guess.line, list(guess.stops))
        added = (plan.cost if plan is not None else guess.plan.cost + 12) - guess.plan.cost
        total += guess.weight * added
    return total


def _touches(plan: Plan, cell: Cell) -> bool:
    """Could a tile on ``cell`` change this plan? On its squares, or fixing one of its signs."""
    if cell in plan.cells:
        return True
    letter = BESIDE_BUILDING.get(cell)
    return letter is not None and any(BESIDE_BUILDING.get(c) == letter for c in plan.cells)


def blocking_spots(guesses: Iterable[Guess], board: Board, hands: list[list[int]]) -> dict[Cell, float]:
    """Free squares worth a look: the rivals' planned squares (a tile without their rail there
    bars the way), twice as urgent where the rival's public hand could lay that rail now, and
    squares beside their buildings off their plans (the sign lands there)."""
    spots: dict[Cell, float] = {}
    for guess in guesses:
        on_plan = set(guess.plan.cells)
        hand = set(hands[guess.seat])
        for step in guess.plan.steps:
            if step.kind == "free":
                seg = segment(step.entry, step.exit)
                ready = any(seg in FACES[(tile, rot)] for tile in hand for rot in range(4))
                spots[step.cell] = spots.get(step.cell, 0.0) + guess.weight * (2 if ready else 1)
        for cell, letter in BESIDE_BUILDING.items():
            if (letter in guess.stops and letter not in board.signs and cell not in board.tiles
                    and cell not in on_plan):
                spots[cell] = spots.get(cell, 0.0) + guess.weight
    return spots


def obstructs(guesses: Iterable[Guess], tile: int, cell: Cell, rot: int) -> bool:
    """True when the tile would not serve a guessed plan: it leaves out a rail some plan needs on
    ``cell``, or ``cell`` is on no plan at all (then it can only fix a sign off their routes)."""
    face = FACES[(tile, rot)]
    needed = [segment(step.entry, step.exit) for guess in guesses for step in guess.plan.steps
              if step.cell == cell and step.kind == "free"]
    return not needed or any(seg not in face for seg in needed)
