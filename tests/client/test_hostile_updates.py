"""A LAN host that sends events no table can stage (a broken or hostile host: fields missing, of
another kind, types nobody knows) never crashes the table: the events are dropped and the host's
view shows as it is. Every game's table, each through a scripted LAN session."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.core.registry import get_game
from game.match import Match, SeatInfo
from game.tables.registry import table_scene
from tests.client.scripted_session import ScriptedSession

NONSENSE = [{"type": "x"}, {"type": "move"}, {"type": "placed", "seat": 99}, {"type": "roll", "value": "z"},
            {"type": "trip", "route": "nope"}, {"type": "score", "seat": -1, "points": None}]


def spoiled(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The real events of a move with every field but the type turned to nonsense, then some more."""
    return [{key: value if key == "type" else "zz" for key, value in event.items()} for event in events] + NONSENSE


@pytest.mark.parametrize("game", ["linie1", "linja", "liniell", "bus"])
def test_events_no_table_can_stage_leave_the_hosts_view_shown(app, game: str) -> None:  # noqa: ANN001
    definition = get_game(game)
    host = Match(game, [SeatInfo(f"P{index}") for index in range(max(3, definition.min_players)
                                                                    if game == "bus" else definition.min_players)], 3)
    session = ScriptedSession(game, 0)
    table = table_scene(game)(app, session, None)
    app.push(table)
    session.inbox.append({"type": "update", "version": 0, "seat": 0, "events": [], "view": host.view(0),
                          "snapshot": True})
    app.step(1 / 60)
    rng = random.Random(1)
    app.settings.animation_speed = 4.0
    for _move in range(4):
        seat = host.to_act()[0]
        events = host.submit(seat, rng.choice(list(definition.legal(host.state, seat)))).events
        session.inbox.append({"type": "update", "version": host.version, "seat": 0, "actor": seat,
                              "events": spoiled(events), "view": host.view(0)})
        for _frame in range(12):
            app.step(1 / 10)
            app.draw()
    assert app.stack.top is table and not table.busy
    assert table.view == host.view(0)  # the host's newest view, shown as it is
