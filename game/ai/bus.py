"""Bus bots. They see only their view — the game is public, so the view rebuilds the whole state —
and ask the real rules what they may do.

``easy`` plays plainly: it delivers whatever it can, builds the type passengers will want, and
spreads its markers over the actions with a little chance. ``normal`` (game.ai.bus_plan) looks at
what each choice is worth for its own deliveries.
"""

from __future__ import annotations

from game.core.bus import GAME
from game.core.bus.state import BusState
from game.core.contract import Action, View
from game.core.rng import Rng

LEVELS = ("easy", "normal")


class EasyBot:
    """Plain sense and some chance: a beginner who knows the rules."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def decide(self, view: View) -> Action:
        state = GAME.state_from_view(view)
        seat = view["seat"]
        legal = GAME.legal(state, seat)
        if state.phase == "choose":
            return self.choose(state, seat, legal)
        if state.phase == "clock":
            return {"type": "clock", "stop": False}
        return self.rng.choice(legal)

    def choose(self, state: BusState, seat: int, legal: list[Action]) -> Action:
        passing = [action for action in legal if action["type"] == "pass"]
        if passing and (state.placed[seat] >= 3 or self.rng.random() < 0.6):
            return passing[0]
        places = [action for action in legal if action["type"] == "choose"]
        return self.rng.choice(places or legal)


def make_bot(level: str, seed: int) -> EasyBot:
    if level not in LEVELS:
        raise ValueError(f"Bus bots come in {', '.join(LEVELS)}, not {level!r}")
    return EasyBot(seed)
