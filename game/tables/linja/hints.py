"""Linja's first-game hints: the two moves of a turn, extra turns and what scores
(see ``game.tables.coach``)."""

from __future__ import annotations

from game.i18n import N_
from game.tables.coach import GameHints, Moment, phase_is

HINTS = GameHints(
    moments=(
        Moment("goal", N_("Race your pieces across to the far side: at the end, pieces deep in your opponent's "
                       "half score. Each turn is a one-row move, then a following move."),
               lambda t: phase_is(t, "initial") and not t.view["extra_turn"]),
        Moment("following", N_("Now move any one of your pieces — the same or another — exactly that many rows. "
                            "End it on an empty row of the field and you get an extra turn."),
               lambda t: phase_is(t, "following")),
        Moment("extra", N_("Extra turn! Your last move ended on an empty row. This turn's following move "
                        "earns no further one."),
               lambda t: bool(t.view["extra_turn"])),
        Moment("score", N_("Only pieces in your opponent's half score: 5 on their start row, then 3, 2 and 1. "
                        "The game ends when the two armies have passed each other."),
               lambda t: phase_is(t, "initial") and t.view["moves"] >= 10),
    ),
    refusals={
        "linja.row_full": N_("A field row holds at most six pieces of both colours: a piece may jump over a full "
                          "row but not stop on it. Hover a piece to see where it would land."),
        "linja.piece_home": N_("A piece on your target row has arrived and never moves again: move another one."),
    },
)
