"""Why a Vrrooomm! marker carries no one, so the table can say it rather than a bare "no delivery to
make": a player who built a pub on their line just for this round's ride learns that the passenger of
that crossing sat down in it first (bus.md §5.3.6: seating comes before any bus drives)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.bus.network import board
from game.i18n import N_, _
from game.tables.bus.model import Picture

NOBODY_WAITS = N_("nobody on the line is waiting for a bus")
NO_BUILDING = {"house": N_("no house on the line"), "office": N_("no office on the line"),
               "pub": N_("no pub on the line")}
ALL_TAKEN = {  # the wanted buildings on the line are there, but each holds the passenger of its own crossing
    "house": N_("every house on the line already holds a passenger"),
    "office": N_("every office on the line already holds a passenger"),
    "pub": N_("every pub on the line already holds a passenger"),
}


def idle_ride(event: dict[str, Any]) -> bool:
    """A Vrrooomm! marker that has no delivery to make."""
    return (event.get("type") == "action_resolving" and event.get("action") == "vrooom"
            and event.get("amount") == 0)


@dataclass
class Reach:
    """The board as a batch of events has made it so far, as far as a Vrrooomm! marker can reach:
    the crossings each line touches, the building types at each crossing and who waits where."""

    lines: list[set[int]]
    kinds: dict[int, set[str]]
    waiting: dict[int, int]

    @classmethod
    def of(cls, picture: Picture) -> Reach:
        kinds: dict[int, set[str]] = {}
        for (crossing, _index), kind in picture.buildings.items():
            kinds.setdefault(crossing, set()).add(kind)
        sitting = [0] * len(picture.passengers)
        for (crossing, _index), seated in picture.seated.items():
            if seated and crossing < len(sitting):
                sitting[crossing] += 1
        waiting = {crossing: count - sitting[crossing] for crossing, count in enumerate(picture.passengers)
                   if count > sitting[crossing]}
        return cls([set(seat.path) for seat in picture.seats], kinds, waiting)

    def follow(self, event: dict[str, Any]) -> None:
        """Take in one event of the batch."""
        kind, seat = event.get("type"), event.get("seat")
        if kind == "street_built" and isinstance(seat, int) and 0 <= seat < len(self.lines):
            street = event.get("street")
            if isinstance(street, int) and 0 <= street < len(board().ends):
                self.lines[seat].update(board().ends[street])
        elif kind == "building_built" and isinstance(event.get("crossing"), int):
            self.kinds.setdefault(event["crossing"], set()).add(str(event.get("kind")))
        elif kind == "vrooom_started" and isinstance(event.get("waiting"), dict):
            self.waiting = {int(crossing): count for crossing, count in event["waiting"].items()
                            if str(crossing).isdigit() and isinstance(count, int) and count > 0}
        elif kind == "delivered" and isinstance(event.get("from"), int):
            self.waiting[event["from"]] = max(0, self.waiting.get(event["from"], 0) - 1)

    def why_idle(self, event: dict[str, Any]) -> str | None:
        """Why the idle Vrrooomm! marker of ``event`` carries no one, in the player's language: nobody
        waits on its line, no building of the wanted type stands on it, or each one there already holds
        the passenger of its own crossing. None when the event does not say enough."""
        seat, wants = event.get("seat"), event.get("wants")
        if not isinstance(seat, int) or not 0 <= seat < len(self.lines) or wants not in NO_BUILDING:
            return None
        line = self.lines[seat]
        if not any(self.waiting.get(crossing, 0) > 0 for crossing in line):
            return _(NOBODY_WAITS)
        if not any(wants in self.kinds.get(crossing, ()) for crossing in line):
            return _(NO_BUILDING[wants])
        return _(ALL_TAKEN[wants])
