"""Bus's refusals in words (``game.tables.refusals``): each code of ``game.core.bus``, its sentence,
and the parameters it fills in (a zone, a building kind, a count)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.i18n import N_, _, ngettext

KINDS = {"house": N_("house"), "office": N_("office"), "pub": N_("pub")}


def _kind(params: Mapping[str, Any]) -> str:
    kind = str(params.get("kind", ""))
    return _(KINDS[kind]) if kind in KINDS else kind


def _used_up(params: Mapping[str, Any]) -> str:
    return _("Every building of this kind ({kind}) is on the board.").format(kind=_kind(params))


def _wrong_kind(params: Mapping[str, Any]) -> str:
    return _("Passengers want a building of another kind now ({kind}).").format(kind=_kind(params))


def _must_place(params: Mapping[str, Any]) -> str:
    count = int(params.get("count", 2))
    return ngettext("Place at least {count} marker a round before you pass.",
                    "Place at least {count} markers a round before you pass.", count).format(count=count)


ENGLISH_FROM_CORE = True  # in English the table shows the core's own sentence (with names for seats)

TEXTS: dict[str, str | Callable[[Mapping[str, Any]], str]] = {
    "bus.wrong_action": N_("That is not what the game waits for now."),
    "bus.no_such_lot": N_("There is no such lot."),
    "bus.no_such_kind": N_("A building is a house, an office or a pub."),
    "bus.lot_taken": N_("That lot already holds a building."),
    "bus.wrong_zone": N_("Buildings go in zone {zone} now (a zone opens only when the one before it is full)."),
    "bus.kind_used_up": _used_up,
    "bus.no_such_street": N_("There is no such street."),
    "bus.not_at_head": N_("That street does not leave an end of your line."),
    "bus.no_line_markers": N_("All {count} of your line markers are on the board."),
    "bus.not_a_head": N_("That crossing is not an end of your line."),
    "bus.choose_head": N_("That street joins both ends of your line and closes a circle: say which end you build "
                          "from."),
    "bus.own_street": N_("Your line already runs along that street; a line never runs along itself."),
    "bus.parallel": N_("Another line already runs along that street. A line may join one only when no empty "
                       "street leaves this end, or along another line's end street where every line on it ends "
                       "at this crossing."),
    "bus.no_such_action": N_("There is no such action."),
    "bus.no_markers": N_("You have no action markers left."),
    "bus.action_taken": N_("That action takes one marker a round, and it is taken."),
    "bus.action_full": N_("Every space of that action is taken this round."),
    "bus.must_place": _must_place,
    "bus.bad_split": N_("All the passengers must go to the stations."),
    "bus.bad_clock": N_("Say whether you stop time or let it run."),
    "bus.no_such_crossing": N_("There is no such crossing."),
    "bus.not_on_line": N_("Your line does not reach that crossing."),
    "bus.nobody_waiting": N_("Nobody there wants to leave."),
    "bus.wrong_kind": _wrong_kind,
    "bus.building_full": N_("That building already holds a passenger."),
}
