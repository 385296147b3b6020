"""Line Expansion's first-game hints: the first streets, choosing an action and building
(see ``game.tables.coach``)."""

from __future__ import annotations

from game.tables.coach import GameHints, Moment, phase_is

HINTS = GameHints(
    moments=(
        Moment("first", "Place your line's first street anywhere on the map; your line later grows from both "
                        "of its ends. Crossings with lots score 1 point each, stations 2.",
               lambda t: phase_is(t, "place")),
        Moment("choose", "Put a marker on an action. A builds the most streets but builds last; a bus makes "
                         "every later expansion longer. Passing takes nothing this round.",
               lambda t: phase_is(t, "choose")),
        Moment("extend", "Build from either head of your line along an empty street: the glowing ones. "
                         "Your line must stay one trail you could drive from head to head.",
               lambda t: phase_is(t, "extend")),
    ),
    refusals={
        "lines.not_at_head": "A new street must leave one of your line's two heads (the glowing crossings).",
        "lines.own_street": "Your line never runs along a street it already uses.",
        "lines.parallel": "Another line runs there: take an empty street while one leaves your head. The "
                          "tooltip on a street says why it may not be built.",
        "lines.space_taken": "Each action space holds one marker: choose a free one, or pass.",
    },
)
