"""Liniell's figures on the results screen: points, each route's worth, and what broke a tie."""

from __future__ import annotations

from typing import Any

from game.bots import level_name
from game.i18n import _, ngettext
from game.render.palette import view_colours
from game.scenes.figures import PlayerFigures, seats_of


def liniell_figures(view: dict[str, Any], outcome: dict[str, Any]) -> list[PlayerFigures]:
    winners = set(outcome.get("winners") or [])
    scores = list(outcome.get("scores") or [0, 0])
    blue = list(outcome.get("blue") or [0, 0])
    routes = [route for route in outcome.get("routes") or [] if isinstance(route, dict)]
    tied = len(scores) == 2 and scores[0] == scores[1]
    out = []
    seats = seats_of(view)
    colours = view_colours(view, "liniell", len(seats))
    for seat, info in enumerate(seats):
        own = [route for route in routes if route.get("seat") == seat]
        rows: list[tuple[str, str]] = []
        for number, route in enumerate(own, start=1):
            rows.append((_("Route {number}").format(number=number), _route_text(route)))
        if not own:
            rows.append((_("No marker on the field"), ""))  # a remark: the whole row is its, so it reads full size
        rows.append((_("Tiles"), str(sum(int(route.get("tiles", 0)) for route in own))))
        rows.append((_("Blue rhombs"), str(blue[seat] if seat < len(blue) else 0)))
        rows.append((_("Enclosed"), str(sum(1 for route in own if route.get("enclosed")))))
        if tied and seat in winners:
            rows.append((_("More blue rhombs break the tie"), ""))  # a remark: the whole row is its
        elif tied and outcome.get("draw"):
            rows.append((_("Blue rhombs level too"), ""))
        if info.get("kind") == "bot":
            rows.append((_("Bot"), level_name(info.get("level", ""))))
        score = scores[seat] if seat < len(scores) else 0
        name = str(info.get("name", _("Player {number}").format(number=seat + 1)))
        out.append(PlayerFigures(seat, name, colours[seat], seat in winners,
                                 ngettext("{points} point", "{points} points", score).format(points=score), rows))
    return out


def _route_text(route: dict[str, Any]) -> str:
    if not route.get("kind"):
        return _("no route · 0")
    points = int(route.get("points", 0))
    return ngettext("{points} pt", "{points} pts", points).format(points=points)
