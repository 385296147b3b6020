"""B7: what a line is worth — one point per building lot on the crossings it visits, two per station."""

from __future__ import annotations

from typing import Any

from game.core.contract import Event
from game.core.lines.network import Network
from game.core.lines.state import LinesState


def visited(path: list[int]) -> list[int]:
    """The crossings a line visits, each once, in increasing order."""
    return sorted(set(path))


def score(net: Network, path: list[int]) -> int:
    """A crossing counts once however often the line passes it."""
    return sum(net.points[crossing] for crossing in set(path))


def crossing_points(net: Network, path: list[int]) -> list[dict[str, int]]:
    """Each visited crossing that is worth something, with its lots and station points."""
    return [{"crossing": crossing, "lots": len(net.lots[crossing]), "points": net.points[crossing]}
            for crossing in visited(path) if net.points[crossing]]


def winners(scores: list[int]) -> list[int]:
    """B7: the highest score wins; equal highest scores share the win."""
    best = max(scores)
    return [seat for seat, value in enumerate(scores) if value == best]


def outcome(net: Network, state: LinesState) -> dict[str, Any] | None:
    if state.phase != "over":
        return None
    scores = [score(net, path) for path in state.paths]
    won = winners(scores)
    return {"winners": won, "draw": False, "shared": len(won) > 1, "scores": scores,
            "reason": state.ended}


def final_event(net: Network, state: LinesState) -> Event:
    """The end of the game with every seat's scoring crossings, for the results screen to count up."""
    result = outcome(net, state)
    assert result is not None
    return {"type": "game_over", "reason": state.ended, "scores": result["scores"],
            "winners": result["winners"],
            "crossings": [crossing_points(net, path) for path in state.paths]}
