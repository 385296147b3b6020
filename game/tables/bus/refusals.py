"""Bus's refusals in words (``game.refusal_words``): each code of ``game.core.bus``, its sentence,
and the parameters it fills in (a zone, a building, an action, the crossings a line grows from, and
a seat's name: ``refusal_text`` adds ``name`` for a ``seat``). Crossings are numbered on the map, so
a refusal may name them; streets and lots are what the pointer is on."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.i18n import N_, _, ngettext
from game.tables.bus.model import ACTION_NAMES

KINDS = {"house": N_("house"), "office": N_("office"), "pub": N_("pub")}
# A building with its article: the same word as subject and object in English and German.
A_KIND = {"house": N_("a house"), "office": N_("an office"), "pub": N_("a pub")}
# What the game waits for instead, by the type of action it expects.
EXPECTED = {
    "choose": N_("Now place a marker on an action, or pass."),
    "street": N_("Now the game waits for a street for your line."),
    "building": N_("Now the game waits for a building on a lot."),
    "passengers": N_("Now the game waits for the new passengers to go to the stations."),
    "clock": N_("Now the game waits for the clock: stop time or let it run."),
    "deliver": N_("Now the game waits for a passenger to carry."),
}


def _kind(params: Mapping[str, Any]) -> str:
    kind = str(params.get("kind", ""))
    return _(KINDS[kind]) if kind in KINDS else kind


def _a_kind(params: Mapping[str, Any], key: str) -> str:
    kind = str(params.get(key) or "")
    return _(A_KIND[kind]) if kind in A_KIND else _("no building")


def _action(params: Mapping[str, Any]) -> str:
    action = str(params.get("action", ""))
    return _(ACTION_NAMES[action]) if action in ACTION_NAMES else _("That action")


def _crossings(params: Mapping[str, Any]) -> str:
    """"crossing 9 or 16": the ends a line grows from, as the map numbers them."""
    heads = params.get("heads")
    heads = [str(head) for head in heads] if isinstance(heads, list | tuple) else []
    heads.sort(key=lambda head: (len(head), head))  # in the map's order: 9 before 16
    if not heads:
        return ""
    if len(heads) == 1:
        return _("crossing {number}").format(number=heads[0])
    return _("crossing {first} or {second}").format(first=", ".join(heads[:-1]), second=heads[-1])


def _not_your_turn(params: Mapping[str, Any]) -> str:
    name = params.get("name")
    return _("It is {name}'s turn.").format(name=name) if name else _("It is not your turn.")


def _wrong_action(params: Mapping[str, Any]) -> str:
    expected = str(params.get("expected", ""))
    return _(EXPECTED[expected]) if expected in EXPECTED else _("That is not what the game waits for now.")


def _lot_taken(params: Mapping[str, Any]) -> str:
    return _("That lot already holds {building}.").format(building=_a_kind(params, "held"))


def _wrong_zone(params: Mapping[str, Any]) -> str:
    if params.get("first") is True:
        return _("The first buildings go on lots of zone 1.")
    return _("Buildings go in zone {zone} now (a zone opens only when the one before it is full).").format(
        zone=params.get("zone", "?"))


def _used_up(params: Mapping[str, Any]) -> str:
    return _("Every building of this kind ({kind}) is on the board.").format(kind=_kind(params))


def _not_at_head(params: Mapping[str, Any]) -> str:
    where = _crossings(params)
    if not where:
        return _("That street does not leave an end of your line.")
    return _("That street does not leave an end of your line; it grows only from {where}.").format(where=where)


def _not_a_head(params: Mapping[str, Any]) -> str:
    where = _crossings(params)
    if not where:
        return _("That crossing is not an end of your line.")
    return _("That crossing is not an end of your line; it grows only from {where}.").format(where=where)


def _action_taken(params: Mapping[str, Any]) -> str:
    name = params.get("name")
    if not name:
        return _("{action} takes one marker a round, and it is taken.").format(action=_action(params))
    return _("{action} takes one marker a round, and {name} already took it.").format(
        action=_action(params), name=name)


def _action_full(params: Mapping[str, Any]) -> str:
    return _("Every space of {action} is taken this round.").format(action=_action(params))


def _must_place(params: Mapping[str, Any]) -> str:
    count = int(params.get("count", 2))
    return ngettext("Place at least {count} marker a round before you pass.",
                    "Place at least {count} markers a round before you pass.", count).format(count=count)


def _bad_split(params: Mapping[str, Any]) -> str:
    count = params.get("count")
    if not isinstance(count, int) or isinstance(count, bool):
        return _("All the passengers must go to the stations.")
    return ngettext("The new passenger must go to a station.",
                    "All {count} new passengers must go to the stations.", count).format(count=count)


def _not_on_line(params: Mapping[str, Any]) -> str:
    if "crossing" not in params:
        return _("Your line does not reach that crossing.")
    return _("Your line does not reach crossing {crossing}.").format(crossing=params["crossing"])


def _wrong_kind(params: Mapping[str, Any]) -> str:
    return _("Passengers want {wanted} now; this lot holds {held}.").format(
        wanted=_a_kind(params, "kind"), held=_a_kind(params, "held"))


TEXTS: dict[str, str | Callable[[Mapping[str, Any]], str]] = {
    "bus.not_your_turn": _not_your_turn,
    "bus.wrong_action": _wrong_action,
    "bus.no_such_lot": N_("There is no such lot."),
    "bus.no_such_kind": N_("A building is a house, an office or a pub."),
    "bus.lot_taken": _lot_taken,
    "bus.wrong_zone": _wrong_zone,
    "bus.kind_used_up": _used_up,
    "bus.no_such_street": N_("There is no such street."),
    "bus.not_at_head": _not_at_head,
    "bus.no_line_markers": N_("All {count} of your line markers are on the board."),
    "bus.not_a_head": _not_a_head,
    "bus.choose_head": N_("That street joins both ends of your line and closes a circle: say which end you build "
                          "from."),
    "bus.own_street": N_("Your line already runs along that street; a line never runs along itself."),
    "bus.parallel": N_("Another line already runs along that street. A line may join one only when no empty "
                       "street leaves this end, or along another line's end street where every line on it ends "
                       "at this crossing."),
    "bus.no_such_action": N_("There is no such action."),
    "bus.no_markers": N_("You have no action markers left."),
    "bus.action_taken": _action_taken,
    "bus.action_full": _action_full,
    "bus.must_place": _must_place,
    "bus.bad_split": _bad_split,
    "bus.bad_clock": N_("Say whether you stop time or let it run."),
    "bus.no_such_crossing": N_("There is no such crossing."),
    "bus.not_on_line": _not_on_line,
    "bus.nobody_waiting": N_("Nobody there wants to leave."),
    "bus.wrong_kind": _wrong_kind,
    "bus.building_full": N_("That building already holds a passenger."),
}
