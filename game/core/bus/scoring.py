"""The final score (§6): passengers delivered minus time stones, with both tie-breaks.

Ties on the final score go to the player with more time stones (they delivered more), then to the
one who reached their track score first (their disk lies lowest in the stack). Players tied on all
three share the win: only players who never delivered can be, all still on the start space.
"""

from __future__ import annotations

from typing import Any

from game.core.bus.state import BusState
from game.core.contract import Event


def final_scores(state: BusState) -> list[int]:
    return [score - stones for score, stones in zip(state.score, state.stones, strict=True)]


def rank_key(state: BusState, seat: int) -> tuple[int, int, int]:
    """Sorts the best first: higher final score, then more stones, then the earlier arrival."""
    final = state.score[seat] - state.stones[seat]
    return (-final, -state.stones[seat], state.arrival[seat])


def ranking(state: BusState) -> list[int]:
    """Seats from first place to last (ties keep seat order)."""
    return sorted(range(state.players), key=lambda seat: rank_key(state, seat))


def winners(state: BusState) -> list[int]:
    best = rank_key(state, ranking(state)[0])
    return [seat for seat in range(state.players) if rank_key(state, seat) == best]


def outcome(state: BusState) -> dict[str, Any] | None:
    if state.phase != "over":
        return None
    won = winners(state)
    return {"winners": won, "draw": False, "shared": len(won) > 1, "scores": final_scores(state),
            "deliveries": list(state.score), "stones": list(state.stones), "ranking": ranking(state),
            "reason": state.ended}


def final_event(state: BusState) -> Event:
    """The end of the game with everything the results screen counts up."""
    result = outcome(state)
    assert result is not None
    return {"type": "game_over", **result}
