"""Liniell bots. They read only their seat's view: the field, the lines, the markers, the drawn tile
and the multiset of tiles still face down (public: the 16 tiles minus those seen), never the order.

* easy — lays the drawn tile anywhere legal at random, then puts a marker from its supply on the
  line of the new tile that would score most now. It never moves markers and ignores threats.
* greedy — the placement and the marker that score best right now (its lines' route points minus
  the opponent's), knowing nothing of growth or captures: the baseline the others are measured by.
* normal — tries every placement with every occupation that may follow and keeps the one whose
  position is best (``evaluate.py``): route points, open ends, and the risk of a capture.
* hard — looks a turn further (``search.py``): for its best few plays, every tile the
  opponent may draw next (weighted by how many are face down) and the opponent's best answer to it.
"""

from __future__ import annotations

from game.ai.liniell.evaluate import Choice, choices, greedy_outlook, outlook
from game.ai.liniell.search import Search, to_actions
from game.core.contract import Action, View
from game.core.liniell import GAME
from game.core.liniell.field import Field
from game.core.liniell.routes import best_route
from game.core.liniell.rules import SUPPLY
from game.core.liniell.state import CONNECT, OCCUPY, PLACE, State
from game.core.rng import Rng

LEVELS = ("easy", "greedy", "normal", "hard")


class LiniellBot:
    def __init__(self, level: str, seed: int) -> None:
        self.level = level
        self.rng = Rng(seed)
        self._plan: tuple[object, Action] | None = None  # the hard bot's second half of its turn

    @staticmethod
    def _position(state: State, board: Field) -> object:
        return frozenset(board.cells.items()), tuple(tuple(own) for own in state.markers)

    def decide(self, view: View) -> Action:
        state = GAME.state_from_view(view)
        seat = view["seat"]
        if state.phase == CONNECT:
            return GAME.legal(state, seat)[0]
        if self.level == "easy":
            return self._easy(state, seat)
        if self.level == "hard":
            if state.phase == OCCUPY and self._plan is not None and self._plan[0] == self._position(state, state.board):
                return self._plan[1]  # the turn was thought through as a whole when the tile was placed
            search = Search(state, seat)
            found = search.run()
            best = max(option.value for option in found)
            top = [option for option in found if option.value >= best - 1e-9]
            place, follow = to_actions(search, top[self.rng.below(len(top))])
            if place is None:
                return follow
            after = state.board.with_tile((place["x"], place["y"]), state.drawn, place["rot"])  # type: ignore[arg-type]
            self._plan = (self._position(state, after), follow)
            return place
        else:
            sight = greedy_outlook if self.level == "greedy" else outlook
            pick = self._tie_break(choices(state, seat, sight(state, seat)))
        return pick.place if state.phase == PLACE and pick.place is not None else pick.follow

    def _tie_break(self, found: list[Choice]) -> Choice:
        """The best choice; among equals, one at random (the bot's own seeded stream)."""
        best = max(choice.value for choice in found)
        top = [choice for choice in found if choice.value >= best - 1e-9]
        return top[self.rng.below(len(top))]

    # -- easy -----------------------------------------------------------------------------------------
    def _easy(self, state: State, seat: int) -> Action:
        legal = GAME.legal(state, seat)
        if state.phase == PLACE:
            return legal[self.rng.below(len(legal))]
        options = [action for action in legal if action["type"] == "occupy" and action["from"] == SUPPLY]
        if not options:
            return {"type": "skip"}
        scored = []
        for action in options:
            line = state.lines.index_of_id(action["line"])
            route = best_route(state.board, state.lines.members[line])
            scored.append((0 if route is None else route.points, action["line"], action))
        return max(scored, key=lambda item: (item[0], item[1]))[2]


def make_bot(level: str, seed: int) -> LiniellBot:
    if level not in LEVELS:
        raise ValueError(f"Liniell bots come in {', '.join(LEVELS)}")
    return LiniellBot(level, seed)
