"""The prompt over the action board: the moment's headline, and a line that says what to do (or whom
the table waits for). Worded from the picture and the view's ``decision``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.tables.bus.model import ACTION_NAMES, Picture
from game.tables.bus.seats import SeatLook

PLURAL = {"house": "houses", "office": "offices", "pub": "pubs"}
ENDED = {"clock": "the last time stone was taken", "markers": "at most one player had markers left",
         "lots": "every lot was built on"}  # why the game ended, still said once the banner is gone


def prompt(picture: Picture, looks: Sequence[SeatLook], controlled: Sequence[int], decision: dict[str, Any],
           waiting: str, kind: str = "house", split: Sequence[int] = (0, 0), source: int | None = None
           ) -> tuple[str, str]:
    outcome = picture.outcome
    if outcome:
        winners = [looks[seat].name for seat in outcome.get("winners") or [] if seat < len(looks)]
        scores = outcome.get("scores") or [0]
        best = max(scores) if scores else 0
        who = " and ".join(winners) or "Nobody"
        why = ENDED.get(str(outcome.get("reason")))
        ended = f" The game ended: {why}." if why else ""
        return "Game over", (f"{who} win{'s' if len(winners) == 1 else ''} with {best} point{'s' if best != 1 else ''}."
                             f"{ended}")
    seat = picture.to_act
    if seat is None or seat >= len(looks):
        return "Waiting…", ""
    name = looks[seat].name
    phase = picture.phase
    letter = decision.get("letter") or ""
    left = int(decision.get("left", 0) or 0)
    headline, detail = f"{name} decides", ""
    if phase == "setup_buildings":
        headline = f"{name}: a first building ({left} to place)" if left else f"{name}: a first building"
        detail = f"Choose its type ({kind} now), then click a free lot of zone 1 in the centre."
    elif phase == "setup_streets":
        headline = f"{name}: a first street"
        detail = "Any street on the map, even one another line already uses."
    elif phase == "setup_extend":
        headline = f"{name}: a second street"
        detail = "At either end of the line, on an empty street while one leaves that end."
    elif phase == "choose":
        placed = int(decision.get("placed", 0) or 0)
        markers = int(decision.get("markers", picture.seats[seat].markers_left) or 0)
        headline = f"{name}: choose an action"
        need = "" if placed >= 2 else f" Place at least {2 - placed} more this round."
        detail = f"Put a marker on an action's next space, or pass ({markers} markers left).{need}"
    elif phase == "line":
        headline = f"{name}: Line Expansion {letter} — {left} street{'s' if left != 1 else ''} to lay"
        detail = "Add a street at an end of the line: glowing streets may be taken."
    elif phase == "passengers":
        amount = int(decision.get("amount", sum(split)) or 0)
        headline = f"{name}: Passengers {letter} — {amount} to the stations"
        detail = f"Share them between the two stations: {split[0]} and {split[1]} now. Then Place."
    elif phase == "buildings":
        zone = picture.open_zone
        headline = f"{name}: Buildings {letter} — {left} to build"
        detail = f"Choose the type ({kind} now), then click a glowing lot of zone {zone}."
    elif phase == "clock":
        wants = PLURAL.get(str(decision.get("wants")), "")
        nxt = PLURAL.get(str(decision.get("next")), "")
        headline = f"{name}: the Clock"
        detail = f"Stop time (passengers keep wanting {wants}; a stone costs 1 point) or let it run on to {nxt}."
    elif phase == "vrooom":
        wants = PLURAL.get(str(decision.get("wants")), "")
        headline = f"{name}: Vrrooomm! {letter} — {left} deliver{'y' if left == 1 else 'ies'} to make"
        detail = (f"Now click an empty {wants[:-1]} on your line for the passenger from crossing {source}."
                  if source is not None else
                  f"Passengers want {wants}: click a waiting passenger on your line, then a glowing building.")
    elif phase in ACTION_NAMES:
        headline = f"{name}: {ACTION_NAMES[phase]}"
    if seat not in controlled:
        detail = waiting
    return headline, detail
