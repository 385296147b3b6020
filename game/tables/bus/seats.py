"""Who sits where at a Bus table: names, kinds and distinct colours, read from the view."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from game.core.text import distinct_initials
from game.i18n import _
from game.render.palette import view_colours
from game.ui import theme


@dataclass(frozen=True)
class SeatLook:
    name: str
    kind: str  # "human", "bot" or "open"
    level: str
    colour_index: int
    initial: str = "?"  # on the line's head: a cue beside the colour, distinct between seats

    @property
    def colour(self) -> theme.Colour:
        return theme.player_colour(self.colour_index)


def seat_looks(view: dict[str, Any] | None, players: int) -> list[SeatLook]:
    """One look per seat. Colours come from the seats as every screen shows them
    (``game.render.palette``): a colour taken twice (a hand-made table) moves on to a free one, since
    lines and markers must never be confused."""
    match = view.get("match") if isinstance(view, dict) else None
    seats = match.get("seats") if isinstance(match, dict) else None
    seats = seats if isinstance(seats, list) else []
    looks: list[SeatLook] = []
    colours = view_colours(view, "bus", players)
    for seat in range(players):
        info = seats[seat] if seat < len(seats) and isinstance(seats[seat], dict) else {}
        colour = colours[seat]
        name = info.get("name") if isinstance(info.get("name"), str) else _("Seat {number}").format(number=seat + 1)
        kind = info.get("kind") if isinstance(info.get("kind"), str) else "human"
        level = info.get("level") if isinstance(info.get("level"), str) else ""
        looks.append(SeatLook(name, kind, level, colour))
    initials = distinct_initials([look.name for look in looks])
    return [replace(look, initial=initial) for look, initial in zip(looks, initials, strict=True)]
