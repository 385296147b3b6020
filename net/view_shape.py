"""Whether a view from the host has the shape of the game's own views, before any table sees it.

A table reads its view's fields without asking (``view["hands"]``): a broken or hostile host that
sends a view of another shape would otherwise end in the crash screen. Every game's views carry
the same fields from the first move to the last, for every seat and for a spectator, so the view
this program's own rules make for a fresh game is the measure: each of its fields must be there,
a map where it holds a map and a list where it holds a list, or nothing (a Bus decision is None
once the game is over; ``tests/net/test_view_shape.py``
checks whole games of every game against it). What lies inside a field is the game's business.
"""

from __future__ import annotations

import functools
from typing import Any

from game.core.registry import get_game
from game.match import Match, SeatInfo


def _kind(value: Any) -> type | None:
    """The container a field must stay (None: any plain value, or None)."""
    return dict if isinstance(value, dict) else list if isinstance(value, list) else None


@functools.cache
def reference(game: str) -> dict[str, Any]:
    """The fields of ``game``'s views and their kinds (the match's facts one level deeper)."""
    definition = get_game(game)
    match = Match(definition, [SeatInfo(f"{index}") for index in range(definition.min_players)], seed=0)
    view = match.view(None)
    fields: dict[str, Any] = {key: _kind(value) for key, value in view.items()}
    fields["match"] = {key: _kind(value) for key, value in view["match"].items()}
    return fields


def view_fault(game: str, view: Any) -> str | None:
    """Why ``view`` cannot be one of ``game``'s views (for the log), or None when it fits."""
    if not isinstance(view, dict):
        return "a view must be a map"
    for key, kind in reference(game).items():
        if key not in view:
            return f"the view has no {key!r}"
        value = view[key]
        if isinstance(kind, dict):
            if not isinstance(value, dict):
                return f"the view's {key!r} must be a map"
            for inner, inner_kind in kind.items():
                if inner not in value:
                    return f"the view's {key!r} has no {inner!r}"
                if inner_kind is not None and not isinstance(value[inner], inner_kind | None):
                    return f"the view's {key}.{inner} must be a {inner_kind.__name__}"
        elif kind is not None and not isinstance(value, kind | None):
            return f"the view's {key!r} must be a {kind.__name__}"
    return None
