"""Every event any rule makes in the core's tests fits its game's declaration
(``GameDefinition.event_fields``): the wire pages list those fields for clients written from the
docs, so an event a rule tells only in a rare position (a stalemate, a tile set aside) is held to
them here, where the tests construct such positions."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from game.core.registry import GAMES, get_game
from tests.core.declared_events import undeclared


@pytest.fixture(autouse=True, scope="session")
def _every_event_is_declared() -> Iterator[None]:
    kinds = {type(get_game(name)) for name in GAMES}
    originals = {kind: kind.apply for kind in kinds}

    def holding(original: Any) -> Any:
        def apply(self: Any, state: Any, seat: int, action: Any, **keywords: Any) -> list[dict[str, Any]]:
            events = original(self, state, seat, action, **keywords)
            wrong = undeclared(self, events)
            assert not wrong, "; ".join(wrong)
            return events
        return apply

    for kind, original in originals.items():
        kind.apply = holding(original)
    yield
    for kind, original in originals.items():
        kind.apply = original
