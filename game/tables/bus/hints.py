"""Bus's first-game hints: the first buildings and streets, choosing actions, and each decision of the
resolving phase (see ``game.tables.coach``)."""

from __future__ import annotations

from game.i18n import N_
from game.tables.coach import GameHints, Moment, phase_is

HINTS = GameHints(
    moments=(
        Moment("setup_buildings", N_("Choose a building type with the buttons (or 1-3), then click a glowing lot in "
                                  "the centre. Passengers later ride to the type the clock shows."),
               lambda t: phase_is(t, "setup_buildings")),
        Moment("setup_streets", N_("Lay your line's first street anywhere; it later grows from both of its ends. "
                                "Your buses only reach crossings your line touches."),
               lambda t: phase_is(t, "setup_streets")),
        Moment("choose", N_("Put a marker on an action: click its row. A space's number is what it gets; the rows "
                            "act top to bottom. Everyone places at least two markers a round, 20 in the game."),
               lambda t: phase_is(t, "choose")),
        Moment("vrooom", N_("Click a waiting passenger on your line, then an empty building of the type the clock "
                         "shows. Each passenger carried is a point."),
               lambda t: phase_is(t, "vrooom")),
        Moment("clock", N_("Stopping time keeps passengers wanting what they want now but costs a time stone "
                        "(−1 point); the last stone ends the game at once."),
               lambda t: phase_is(t, "clock")),
    ),
    refusals={
        "bus.not_at_head": N_("A new street must leave one of your line's two ends (the glowing crossings)."),
        "bus.own_street": N_("Your line never runs along a street it already uses."),
        "bus.parallel": N_("Another line runs there: take an empty street while one leaves your line's end, or run "
                           "beside a line that ends at that crossing too."),
        "bus.wrong_zone": N_("Buildings fill the zones in order: only lots of the lowest zone with a free lot glow."),
        "bus.must_place": N_("Everyone places at least two markers a round before passing."),
        "bus.action_taken": N_("Buses, Clock and Starting Player take one marker a round."),
        "bus.not_on_line": N_("Your buses only reach crossings your own line touches."),
        "bus.wrong_kind": N_("Passengers only ride to the building type the clock's hand points at."),
    },
)
