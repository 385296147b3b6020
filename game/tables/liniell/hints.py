"""Liniell's first-game hints: placing, occupying, the forced connection and the scoring
(see ``game.tables.coach``)."""

from __future__ import annotations

from game.i18n import N_
from game.tables.coach import GameHints, Moment, phase_is

HINTS = GameHints(
    moments=(
        Moment("first_tile", N_("Place the drawn tile on the lit square in the centre. All sixteen tiles must end "
                             "up inside one 4 × 4 square."),
               lambda t: phase_is(t, "place") and not t.view["board"]),
        Moment("place", N_("Turn the drawn tile and place it beside a tile in play. All sixteen tiles must end "
                        "up inside one 4 × 4 square."),
               lambda t: phase_is(t, "place") and bool(t.view["board"])),
        Moment("occupy", N_("You may now put a marker on a free line through your tile (or move one there). "
                         "Long lines between rhombs score most; a blue rhomb at a route's end adds a point."),
               lambda t: phase_is(t, "occupy")),
        Moment("connect", N_("Your tile joined two lines of different colours: move your other marker, the one on "
                          "neither line, onto the joined line. Both markers on it go back to their owners."),
               lambda t: phase_is(t, "connect")),
        Moment("score", N_("Each occupied line scores its longest route: a point per tile, one more between two "
                        "rhombs, and one for each blue rhomb at its ends."),
               lambda t: phase_is(t, "place") and t.view["stack_size"] <= 8),
    ),
    refusals={
        "liniell.not_adjacent": N_("A tile goes beside a tile in play (not diagonally): the lit squares take it."),
        "liniell.outside_square": N_("All sixteen tiles must fit in one 4 × 4 square: the dashed frame shows "
                                  "where that square can still be."),
        "liniell.same_colour_join": N_("You may never join two lines that carry markers of the same colour: "
                                    "turn the tile or place it elsewhere."),
        "liniell.line_occupied": N_("A line carries one marker at most: choose a free line through your tile."),
    },
)
