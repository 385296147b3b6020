"""What is wrong with a game's events against its declaration (``GameDefinition.event_fields``)."""

from __future__ import annotations

from typing import Any


def undeclared(game: Any, events: list[dict[str, Any]]) -> list[str]:
    """What is wrong with ``events`` against ``game``'s declaration, in words."""
    found = []
    for event in events:
        fields = game.event_fields.get(event.get("type"))
        problem = "is not declared" if fields is None else fields.problem(event)
        if problem is not None:
            found.append(f"{game.name} event {event.get('type')!r} {problem}: {event}")
    return found
