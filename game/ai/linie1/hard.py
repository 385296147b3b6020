"""The hard Linie 1 bot's building turns: race to the soonest win, keep the route hidden, get in the way.

It plans once per turn (``route.py``: tiles and the trip measure together), lays the plan's
steps with the tiles that fit, and declares when no cheap building would shorten the trip by more
than it costs. A tile no step can use goes where it harms its own plan least: never beside one of
its own buildings still without a sign (that sign would land off its route). It reads only its
seat's view.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.ai.linie1.moves import around, random_legal, step_options, tile_action
from game.ai.linie1.plan import Step, variants_for
from game.ai.linie1.rivals import Guess, Rivals, blocking_spots, harm, obstructs
from game.ai.linie1.route import TILE, RoutePlan, best_plans
from game.core.contract import Action, View
from game.core.linie1 import my_trip_candidates, view_trip_measure
from game.core.linie1.board import Board
from game.core.linie1.data import BESIDE_BUILDING, MASKS, TERMINALS, TILE_TYPES
from game.core.linie1.geometry import POPCOUNT, Cell, segment
from game.core.rng import Rng

BLOCK_TRIES = 5  # placements tried against the rivals' guessed routes, likeliest spots first
BLOCK_WORTH = 0.5  # plan cost units (a tile is 2) a block must add, weighed by the guesses
URGENT_WEIGHT = 0.3  # a guess at least this likely ...
URGENT_COST = 4  # ... of a rival this close to a complete route (the normal plan's units: a tile is 2)
URGENT_OWN = 2 * TILE  # ... is blocked unless the bot itself is this close (its own units)
URGENT_LAID = 12  # ... (a rival with fewer tiles laid is never that close: routes take ~20)
URGENT_WORTH = 0.75  # ... when the block costs the rival, weighed by the guess, over a third of a tile
WAIT_MARGIN = 1.0  # turns a better route must save, beyond its building, to delay the trip


def trip_turns(view: View, cells: Sequence[Cell], halts: Sequence[bool]) -> float:
    """The core's measure of a trip over these squares, under the trip rule the table plays (the
    same figure the route chooser shows)."""
    return view_trip_measure(view, halts, cells)


class HardBuilder:
    """The building half of a hard bot's turn (rolling and refilling are the level-free part)."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self._turn: tuple[int, int] | None = None
        self._plans: list[RoutePlan] = []
        self.rivals = Rivals()

    # -- planning, once per turn -------------------------------------------------------------------
    def plans(self, view: View, board: Board) -> list[RoutePlan]:
        """This turn's plans, best first. Within the turn only steps already done are dropped."""
        key = (view["turn"], view["you"])
        if key != self._turn:
            me = view["players"][view["you"]]
            self._plans = best_plans(board, me["line"], me["stops"], view["hands"][view["you"]],
                                     bool(view["options"]["strict_dead_ends"]),
                                     lambda cells, halts: trip_turns(view, cells, halts))
            self._turn = key
        else:
            for plan in self._plans:
                plan.steps = [step for step in plan.steps if not _done(step, board)]
        return self._plans

    # -- the decision ----------------------------------------------------------------------------------
    def decide(self, view: View) -> Action:
        seat = view["you"]
        me = view["players"][seat]
        self.rivals.observe(view)
        board = Board.from_view(view["board"])
        strict = bool(view["options"]["strict_dead_ends"])
        plans = self.plans(view, board)
        if view["actions_taken"] == 0 and not me["driving"]:
            declaration = self._declaration(view, board, plans)
            if declaration is not None:
                return declaration
        if view["actions_taken"] >= 2 or not view["must_act"]:
            return {"type": "end_turn"}
        hand = list(view["hands"][seat])
        urgent = self._urgent_block(view, plans, board, hand, strict)
        if urgent is not None:
            return urgent
        for plan in plans:
            action = self._from_plan(plan, board, hand, strict, me["line"])
            if action is not None:
                return action
        pairs = view["actions_taken"] == 0
        action = self.spare(view, plans, board, hand, strict) or random_legal(board, hand, strict, pairs, self.rng)
        return action or {"type": "end_turn"}

    def _declaration(self, view: View, board: Board, plans: list[RoutePlan]) -> Action | None:
        """Declare the best trip on offer, unless a plan still to build wins clearly sooner and its
        hand can lay a step of it now (waiting on tiles that may never come could outlast the
        game: a complete route keeps the table from a stalemate)."""
        candidates = my_trip_candidates(view, board)
        if not candidates:
            return None
        best = candidates[0]
        building = [plan for plan in plans if plan.steps]
        if building and building[0].turns + WAIT_MARGIN < best["expected_turns"]:
            me = view["players"][view["you"]]
            hand = list(view["hands"][view["you"]])
            strict = bool(view["options"]["strict_dead_ends"])
            if self._from_plan(building[0], board, hand, strict, me["line"]) is not None:
                return None
        return {"type": "declare", "start": best["start"], "route": best["route"]}

    def _from_plan(self, plan: RoutePlan, board: Board, hand: list[int], strict: bool,
                   line: int) -> Action | None:
        """The plan step to lay now: joined to laid track, at a stop, with few stray rails, and
        away from the bot's own terminals while other steps remain (they give the line away)."""
        telling = {cell for terminal in TERMINALS[line] for cell in terminal.entries}
        options = step_options(plan.steps, plan.cells, board, hand, strict)
        if not options:
            return None
        return min(options, key=lambda item: (item[1].cell in telling, *item[0]))[2]

    def spare(self, view: View, plans: list[RoutePlan], board: Board, hand: list[int],
               strict: bool) -> Action | None:
        """A tile no step can use, laid where it costs the bot least: off and away from its
        plans, never beside its own buildings still waiting for a sign, the least useful tile."""
        me = view["players"][view["you"]]
        near = around(cell for plan in plans[:2] for cell in plan.cells)
        mine = {letter for letter in me["stops"] if letter not in board.signs}
        useful = _usefulness(plans[0].steps if plans else [], board, hand)
        guesses = self.rivals.guesses(view, board)
        spots = blocking_spots(guesses, board, view["hands"])
        options = []
        blocks = []
        for tile, cell, rot in board.legal_placements(hand, strict):
            if BESIDE_BUILDING.get(cell) in mine:
                continue
            if cell in spots and cell not in near and obstructs(guesses, tile, cell, rot):
                blocks.append((-spots[cell], 0 if TILE_TYPES[tile].tree else 1, tile, cell, rot))
            score = (1 if cell in near else 0, useful.get(tile, 0), POPCOUNT[MASKS[(tile, rot)]], self.rng.random())
            options.append((score, tile_action("place", tile, cell, rot)))
        block = self._block(guesses, board, blocks)
        if block is not None:
            return block
        if not options:
            return None
        return min(options, key=lambda item: item[0])[1]

    def _urgent_block(self, view: View, plans: list[RoutePlan], board: Board, hand: list[int],
                      strict: bool) -> Action | None:
        """A rival a tile or two from a complete route (by a likely guess) while the bot is not:
        bar its way now, at the price of one of the bot's own steps (its route, once declared,
        can no longer be touched)."""
        if plans and plans[0].cost <= URGENT_OWN:
            return None
        if not any(not p["driving"] and p["seat"] != view["you"] and p["stats"]["tiles_laid"] >= URGENT_LAID
                   for p in view["players"]):
            return None  # nobody has laid enough track yet to be that close (and guessing costs time)
        guesses = [guess for guess in self.rivals.guesses(view, board)
                   if guess.weight >= URGENT_WEIGHT and 0 < guess.plan.cost <= URGENT_COST]
        if not guesses:
            return None
        me = view["players"][view["you"]]
        mine = {letter for letter in me["stops"] if letter not in board.signs}
        own = set(plans[0].cells) if plans else set()
        needed = {step.cell for guess in guesses for step in guess.plan.steps}
        blocks = [(0, 0 if TILE_TYPES[tile].tree else 1, tile, cell, rot)
                  for tile, cell, rot in board.legal_placements(hand, strict)
                  if cell in needed and cell not in own and BESIDE_BUILDING.get(cell) not in mine
                  and obstructs(guesses, tile, cell, rot)]
        return self._block(guesses, board, blocks, URGENT_WORTH)

    @staticmethod
    def _block(guesses: list[Guess], board: Board, blocks: list[tuple], worth: float = 0.0) -> Action | None:
        """Of the likeliest spots, the placement that lengthens the rivals' routes most (if any)."""
        blocks.sort()
        best: tuple[float, Action] | None = None
        for _spot, _tree, tile, cell, rot in blocks[:BLOCK_TRIES]:
            added = harm(guesses, board, tile, cell, rot)
            if added >= max(worth, BLOCK_WORTH) and (best is None or added > best[0]):
                best = (added, tile_action("place", tile, cell, rot))
        return best[1] if best else None


def _done(step: Step, board: Board) -> bool:
    """A step the board already carries (the bot laid it earlier this turn)."""
    face = board.face_at(step.cell)
    return face is not None and (step.kind == "free" or segment(step.entry, step.exit) in face)


def _usefulness(steps: list[Step], board: Board, hand: list[int]) -> dict[int, int]:
    """How many of the plan's steps each tile of the hand could realise (legal or not yet)."""
    counts: dict[int, int] = {}
    for step in steps:
        for _kind, tile, _rot in variants_for(step, board, hand):
            counts[tile] = counts.get(tile, 0) + 1
    return counts


__all__ = ["HardBuilder", "trip_turns"]
