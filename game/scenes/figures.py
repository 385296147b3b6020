"""Per-player figures for the results screen, provided by each game.

A figures function takes the final view (every secret revealed at the end) and the outcome, and
returns one ``PlayerFigures`` per seat. Each game's table provides its own (``TableScene.figures``);
``generic_figures`` reads what any outcome has (winners, and scores when it has them).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.bots import level_name
from game.i18n import _, ngettext
from game.outcome_words import seat_name
from game.render.palette import view_colours


@dataclass
class PlayerFigures:
    seat: int
    name: str
    colour: int
    winner: bool
    headline: str  # the big figure on the player's card ("Winner", "46 points", "3 squares to go")
    rows: list[tuple[str, str]] = field(default_factory=list)  # (label, value)


def seats_of(view: dict[str, Any]) -> list[dict[str, Any]]:
    match = view.get("match") if isinstance(view.get("match"), dict) else {}
    seats = match.get("seats") if isinstance(match, dict) else None
    return seats if isinstance(seats, list) else []


def named_as_played(figures: list[PlayerFigures], view: dict[str, Any]) -> list[PlayerFigures]:
    """Each card named as every screen names its seat (``seat_name``): a seat a bot stood in for says
    so on the host's results, on every client's and over a replay alike, since the view says it."""
    seats = seats_of(view)
    for figure in figures:
        seat = seats[figure.seat] if 0 <= figure.seat < len(seats) else None
        if isinstance(seat, dict) and seat.get("stood_in") is True:
            figure.name = seat_name(figure.name, True)
    return figures


def generic_figures(view: dict[str, Any], outcome: dict[str, Any]) -> list[PlayerFigures]:
    """Winners from the outcome; ``scores`` (a list by seat) shown when the game reports them."""
    winners = set(outcome.get("winners") or [])
    scores = outcome.get("scores")
    colours = view_colours(view)
    out = []
    for seat, info in enumerate(seats_of(view)):
        winner = seat in winners
        rows = []
        headline = _("Winner") if winner else (_("Draw") if outcome.get("draw") else "")
        if isinstance(scores, list) and seat < len(scores):
            headline = ngettext("{points} point", "{points} points", int(scores[seat])).format(points=scores[seat])
            rows.append((_("Score"), str(scores[seat])))
        if info.get("kind") == "bot":
            rows.append((_("Bot"), level_name(info.get("level", ""))))
        name = str(info.get("name", _("Seat {number}").format(number=seat + 1)))
        out.append(PlayerFigures(seat, name, colours[seat], winner, headline, rows))
    return out
