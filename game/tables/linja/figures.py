"""The Linja figures on the results screen: points, and where each player's pieces scored them."""

from __future__ import annotations

from typing import Any

from game.bots import level_name
from game.core.linja.position import PIECES, ROW_POINTS
from game.i18n import N_, _, ngettext
from game.render.palette import view_colours
from game.scenes.figures import PlayerFigures, seats_of

ROW_LABELS = {5: N_("Home (5 each)"), 3: N_("3-point row"), 2: N_("2-point row"), 1: N_("1-point row")}


def pieces_by_points(view: dict[str, Any], seat: int) -> list[tuple[int, int]]:
    """(points per piece, pieces) for the four scoring rows of ``seat``, nearest its goal first (J6)."""
    rows = view.get("rows") or []
    targets = view.get("targets") or [7, 0]
    target = int(targets[seat])
    direction = -1 if target > 0 else 1  # from the goal row back towards the middle
    out = []
    for distance, points in enumerate(ROW_POINTS):
        row = target + direction * distance
        count = int(rows[row][seat]) if 0 <= row < len(rows) else 0
        out.append((points, count))
    return out


def linja_figures(view: dict[str, Any], outcome: dict[str, Any]) -> list[PlayerFigures]:
    winners = set(outcome.get("winners") or [])
    scores = outcome.get("scores") or [0, 0]
    next_first = outcome.get("next_first")
    seats = seats_of(view)
    colours = view_colours(view, "linja", 2)
    out = []
    for seat in (0, 1):
        info = (
            seats[seat] if seat < len(seats) else {"name": _("Seat {number}").format(number=seat + 1), "colour": seat}
        )
        scoring = pieces_by_points(view, seat)
        rows = [(_(ROW_LABELS[points]), f"{count} × {points}") for points, count in scoring]
        rows.append((_("Own half (no points)"), str(PIECES - sum(count for _points, count in scoring))))
        if next_first == seat:
            rows.append((_("Next game"), _("starts")))
        if info.get("kind") == "bot":
            rows.append((_("Bot"), level_name(info.get("level", ""))))
        out.append(
            PlayerFigures(
                seat,
                str(info.get("name")),
                colours[seat],
                seat in winners,
                ngettext("{points} point", "{points} points", scores[seat]).format(points=scores[seat]),
                rows,
            )
        )
    return out
