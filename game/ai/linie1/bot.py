"""The Linie 1 bot: plays from its own seat's view only (others' cards and the pile are unknown).

Normal plans the cheapest completion of its route (see ``plan.py``) and lays the tiles and
exchanges that plan asks for, anchoring new track to what is already laid; when its hand fits no
step, it puts a tile where it cannot hurt its own route. It declares the trip as soon as the route
is complete, choosing the candidate with the fewest expected turns. Easy plays half its tiles at
random, picks plan steps at random, and declares the shortest route rather than the best one.
Hard builds through ``hard.py`` (the route that wins soonest, hidden, with blocks); rolling,
driving and refilling are the same at every level.
Every tile action is checked against the same rules the host applies before it is proposed.
"""

from __future__ import annotations

from typing import Any

from game.ai.linie1.hard import HardBuilder
from game.ai.linie1.moves import around, random_legal, step_options
from game.ai.linie1.plan import Plan, plan_route
from game.core.contract import Action, View
from game.core.linie1 import my_dice_action
from game.core.linie1.board import Board
from game.core.linie1.routes import trip_candidates
from game.core.rng import Rng

LEVELS = ("easy", "normal", "hard")
# Tiles worth taking from a driver's hand, most versatile first.
TAKE_PREFERENCE = (2, 1, 3, 4, 5, 6, 7, 8, 11, 12, 9, 10)


class Linie1Bot:
    def __init__(self, level: str = "normal", seed: int = 0) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}")
        self.level = level
        self.rng = Rng(seed)
        self.hard = HardBuilder(self.rng) if level == "hard" else None

    # -- the decision ------------------------------------------------------------------------------
    def decide(self, view: View) -> Action:
        seat = view["you"]
        phase = view["phase"]
        if phase == "roll":
            if view.get("allowance"):  # the pace rule: as far as allowed (a halt stops the tram anyway)
                return {"type": "drive", "squares": int(view["allowance"])}
            if view.get("dice") is not None:  # three dice: the die and the stop that finish soonest
                return self._dice(view)
            return {"type": "roll"}
        if phase == "refill":
            return self._refill(view, seat)
        if self.hard is not None:
            return self.hard.decide(view)
        me = view["players"][seat]
        board = Board.from_view(view["board"])
        strict = bool(view["options"]["strict_dead_ends"])
        plan = None
        if view["actions_taken"] == 0 and not me["driving"]:
            plan = plan_route(board, me["line"], list(me["stops"]))
            # A plan costing nothing runs on laid track alone: only then can a route be complete.
            declaration = self._declaration(view, board, me) if plan is not None and plan.cost == 0 else None
            if declaration is not None:
                return declaration
        if view["actions_taken"] >= 2 or not view["must_act"]:
            return {"type": "end_turn"}
        hand = list(view["hands"][seat])
        pairs = view["actions_taken"] == 0  # a side-by-side pair takes the whole turn
        action = None
        if self.level == "easy" and self.rng.random() < 0.5:
            action = random_legal(board, hand, strict, pairs, self.rng)
        if action is None:
            if plan is None:
                plan = plan_route(board, me["line"], list(me["stops"]))
            if plan is not None:
                action = self._from_plan(plan, board, hand, strict)
            if action is None:
                action = self._harmless(plan, board, hand, strict, pairs)
        return action or {"type": "end_turn"}

    def _declaration(self, view: View, board: Board, me: dict[str, Any]) -> Action | None:
        if any(letter not in board.signs for letter in me["stops"]):
            return None
        candidates = trip_candidates(board, me["line"], me["stops"], view["options"]["die_faces"],
                                     allowance=view.get("allowance"), rule=view["options"].get("trip_rule", "die"))
        if not candidates:
            return None
        chosen = candidates[0]
        if self.level == "easy":
            chosen = next(c for c in candidates if c.shortest)
        return {"type": "declare", "start": list(chosen.route.start),
                "route": [list(cell) for cell in chosen.route.cells]}

    def _dice(self, view: View) -> Action:
        """Normal plays the three dice to finish soonest; easy, half the time, carries out any die but
        tools (unless all are tools)."""
        rolled = view["dice"]["rolled"]
        if self.level == "easy" and rolled is not None and self.rng.random() < 0.5:
            fair = [index for index, face in enumerate(rolled) if face != "T"] or list(range(len(rolled)))
            return {"type": "choose_die", "die": fair[self.rng.below(len(fair))]}
        return my_dice_action(view) or {"type": "roll"}

    def _refill(self, view: View, seat: int) -> Action:
        for tile in TAKE_PREFERENCE:
            for other, player in enumerate(view["players"]):
                if (other != seat and player["driving"] and tile in view["hands"][other]
                        and len(view["hands"][seat]) < 5):
                    return {"type": "take", "from": other, "tile": tile}
        return {"type": "end_turn"}

    # -- choosing a tile action --------------------------------------------------------------------
    def _from_plan(self, plan: Plan, board: Board, hand: list[int], strict: bool) -> Action | None:
        options = step_options(plan.steps, plan.cells, board, hand, strict)
        if not options:
            return None
        if self.level == "easy":
            return options[self.rng.below(len(options))][2]
        return min(options, key=lambda item: item[0])[2]

    def _harmless(self, plan: Plan | None, board: Board, hand: list[int], strict: bool,
                  pairs: bool) -> Action | None:
        """A legal tile away from the bot's own planned route (or any legal one if none is away)."""
        near = around(plan.cells) if plan is not None else set()
        away = [(t, c, r) for t, c, r in board.legal_placements(hand, strict) if c not in near]
        if away:
            tile, cell, rot = away[self.rng.below(len(away))]
            return {"type": "place", "tile": tile, "cell": list(cell), "rot": rot}
        return random_legal(board, hand, strict, pairs, self.rng)


def make_bot(level: str = "normal", seed: int = 0) -> Linie1Bot:
    return Linie1Bot(level, seed)
