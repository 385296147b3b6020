"""Liniell's refusals in words (``game.refusal_words``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.i18n import N_, _

PHASES = {
    "place": N_("First place the tile you drew."),
    "occupy": N_("The tile is placed: occupy a line on it or skip."),
    "connect": N_("Two occupied lines were joined: move your other marker onto the joined line."),
}


def _wrong_phase(params: Mapping[str, Any]) -> str:
    phase = str(params.get("phase", ""))
    return _(PHASES[phase]) if phase in PHASES else _("That is not what this moment of the turn asks for.")


def _wrong_marker(params: Mapping[str, Any]) -> str:
    if params.get("source") == "supply":
        return _("The marker to move is the one on neither joined line: from your supply.")
    return _("The marker to move is the one on neither joined line: from line {line}.").format(
        line=params.get("source", "?"))


TEXTS: dict[str, str | Callable[[Mapping[str, Any]], str]] = {
    "liniell.cell_taken": N_("There is already a tile on that square."),
    "liniell.first_tile_centre": N_("The first tile goes on the lit square in the centre."),
    "liniell.not_adjacent": N_("A tile must go next to a tile already in play."),
    "liniell.outside_square": N_("All tiles must fit inside one 4 x 4 square."),
    # the table shows each player in a colour of their own, not the box's green and yellow
    "liniell.same_colour_join": N_("This would connect two lines held by the same player: never allowed."),
    "liniell.double_connection": N_("This would make two connections of occupied lines at once; only one "
                                    "connection can be made in a turn."),
    "liniell.wrong_phase": _wrong_phase,
    "liniell.wrong_marker": _wrong_marker,
    "liniell.unknown_line": N_("There is no such line on the field."),
    "liniell.not_on_tile": N_("You may only occupy a line that runs through the tile just placed."),
    "liniell.line_occupied": N_("That line is already occupied; one marker per line."),
    "liniell.no_marker": N_("Both your markers are on lines; move one from its line instead."),
    "liniell.bad_source": N_("Move a marker from your supply or from a line you occupy."),
}
