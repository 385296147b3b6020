"""Linja's refusals in words (``game.refusal_words``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.i18n import N_, _, ngettext


def _wrong_phase(params: Mapping[str, Any]) -> str:
    if params.get("phase") == "initial":
        return _("Now it is time for an initial move.")
    steps = params.get("steps")
    if not isinstance(steps, int) or isinstance(steps, bool):
        return _("Now it is time for the following move.")
    return ngettext("Now it is time for a following move of {steps} step.",
                    "Now it is time for a following move of {steps} steps.", steps).format(steps=steps)


def _row_full(params: Mapping[str, Any]) -> str:
    words = (N_("Row {row} already holds {limit} pieces; no piece may enter it.") if params.get("phase") == "initial"
             else N_("Row {row} already holds {limit} pieces; no piece may stop on it."))
    return _(words).format(row=params.get("row", "?"), limit=params.get("limit", 6))


TEXTS: dict[str, str | Callable[[Mapping[str, Any]], str]] = {
    "linja.missing_row": N_("Say which row the piece moves from."),
    "linja.bad_row": N_("There is no such row."),
    "linja.not_your_turn": N_("It is the other player's turn."),
    "linja.wrong_phase": _wrong_phase,
    "linja.no_piece": N_("You have no piece on row {row}."),
    "linja.piece_home": N_("That piece has left the field; it cannot move again."),
    "linja.row_full": _row_full,
}
