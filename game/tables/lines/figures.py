"""Line Expansion's figures for the results screen: what each line reached and what it cost."""

from __future__ import annotations

from typing import Any

from game.core.lines.network import network
from game.core.lines.state import MAX_MARKERS
from game.i18n import _
from game.scenes.figures import PlayerFigures
from game.tables.lines.seats import seat_looks


def lines_figures(view: dict[str, Any], outcome: dict[str, Any]) -> list[PlayerFigures]:
    """Per seat: the score, then the building lots and stations its line visits, its streets,
    the streets it lost, its buses."""
    net = network()
    lines = view.get("lines") if isinstance(view.get("lines"), list) else []
    looks = seat_looks(view, len(lines))
    scores = outcome.get("scores") or [line.get("score", 0) for line in lines]
    winners = set(outcome.get("winners") or [])
    lost = view.get("lost") if isinstance(view.get("lost"), list) else [0] * len(lines)
    figures = []
    for seat, line in enumerate(lines):
        visited = set(line.get("path", []))
        lots = sum(len(net.lots[crossing]) for crossing in visited)
        stations = sum(1 for crossing in visited if net.specials[crossing] == "station")
        streets = MAX_MARKERS - int(line.get("markers_left", MAX_MARKERS))
        rows = [
            (_("Building lots"), str(lots)),
            (_("Stations"), f"{stations} × 2" if stations else "0"),
            ("Crossings", str(len(visited))),
            (_("Streets built"), str(streets)),
            (_("Streets lost"), str(lost[seat] if seat < len(lost) else 0)),
            (_("Buses"), str(line.get("buses", 1))),
        ]
        look = looks[seat]
        if look.kind == "bot":
            rows.append(("Bot", look.level))
        score = scores[seat] if seat < len(scores) else 0
        figures.append(PlayerFigures(seat, look.name, look.colour_index, seat in winners, f"{score} points", rows))
    return figures
