"""The final count (N6): each occupied line's route, each player's total, and who wins.

Routes are listed seat by seat, marker by marker, so a client can light them up one by one. The
winner has the higher total; on a tie the player with more blue rhombs at the ends of their
routes; then it is a draw.
"""

from __future__ import annotations

from typing import Any

from game.core.liniell.routes import best_route
from game.core.liniell.state import State


def line_routes(state: State) -> list[dict[str, Any]]:
    """One entry per marker on the field: its line and the route it scores (or none)."""
    entries = []
    for seat, own in enumerate(state.markers):
        for marker, ref in enumerate(own):
            if ref is None:
                continue
            line = state.lines.line_of[ref]
            route = best_route(state.board, state.lines.members[line])
            entry: dict[str, Any] = {"seat": seat, "marker": marker, "line": state.lines.ids[line]}
            if route is None:
                entry.update({"kind": None, "cells": [], "tiles": 0, "ends": [], "enclosed": False,
                              "blue": 0, "points": 0})
            else:
                entry.update(route.to_dict())
            entries.append(entry)
    return entries


def decide(scores: list[int], blue: list[int]) -> tuple[list[int], bool]:
    """Winners (a list of one seat, or empty) and whether the game is drawn."""
    ranked = sorted(range(len(scores)), key=lambda seat: (scores[seat], blue[seat]), reverse=True)
    top, second = ranked[0], ranked[1]
    if (scores[top], blue[top]) == (scores[second], blue[second]):
        return [], True
    return [top], False


def result(state: State) -> dict[str, Any]:
    routes = line_routes(state)
    players = len(state.markers)
    scores = [sum(entry["points"] for entry in routes if entry["seat"] == seat) for seat in range(players)]
    blue = [sum(entry["blue"] for entry in routes if entry["seat"] == seat) for seat in range(players)]
    winners, draw = decide(scores, blue)
    return {"winners": winners, "draw": draw, "scores": scores, "blue": blue, "routes": routes,
            "reason": state.end_reason}
