"""Line Expansion's first-game hints: the first streets, choosing an action and building
(see ``game.tables.coach``)."""

from __future__ import annotations

from game.i18n import N_
from game.tables.coach import GameHints, Moment, phase_is

HINTS = GameHints(
    moments=(
        Moment("first", N_("Place your line's first street anywhere on the map; your line later grows from both "
                        "of its ends. Crossings with lots score 1 point each, stations 2."),
               lambda t: phase_is(t, "place")),
        Moment("choose", N_("Put a marker on an action. A builds the most streets but builds last; a bus makes "
                         "every later expansion longer. Passing takes nothing this round."),
               lambda t: phase_is(t, "choose")),
        Moment("extend", N_("Build from either head of your line along an empty street: the glowing ones. "
                         "Your line must stay one trail you could drive from head to head."),
               lambda t: phase_is(t, "extend")),
    ),
    refusals={
        "lines.not_at_head": N_("A new street must leave one of your line's two heads (the glowing crossings)."),
        "lines.own_street": N_("Your line never runs along a street it already uses."),
        "lines.parallel": N_("Another line runs there: take an empty street while one leaves your head. The "
                          "tooltip on a street says why it may not be built."),
        "lines.space_taken": N_("Each action space holds one marker: choose a free one, or pass."),
    },
)
