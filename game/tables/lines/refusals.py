"""Line Expansion's refusals in words (``game.tables.refusals``). In English the table shows the
core's own sentence with seat numbers turned into names (``choices.readable``); other languages
read these."""

from __future__ import annotations

from game.i18n import N_

ENGLISH_FROM_CORE = True  # in English the table shows the core's own sentence (with names for seats)

TEXTS: dict[str, str] = {
    "lines.wrong_action": N_("That is not what the game waits for now."),
    "lines.no_such_street": N_("There is no such street."),
    "lines.not_at_head": N_("That street does not leave a head of your line."),
    "lines.no_markers": N_("All 25 of your line markers are on the board."),
    "lines.not_a_head": N_("That crossing is not a head of your line."),
    "lines.choose_head": N_("That street joins both heads of your line and closes a circle: say which head you "
                            "build from."),
    "lines.own_street": N_("Your line already runs along that street; a line never runs along itself."),
    "lines.parallel": N_("Another line already runs along that street, and an empty street leaves this head of "
                         "your line."),
    "lines.no_such_space": N_("There is no such action space."),
    "lines.space_taken": N_("That action space is taken this round."),
    "lines.bus_limit": N_("You already own the most buses there are."),
    "lines.space_builds_nothing": N_("That action space would build no street for you this round."),
    "lines.cannot_build": N_("Your line cannot take another street."),
}
