"""What the acting seat may do, read from its view with the real rules (no rule is written twice).

Bus is public: the view holds the whole state, so the core rebuilds it and answers ``legal`` and
``check`` exactly as the authority will. The table lights up what may be taken (streets, lots,
action rows, waiting passengers and their buildings) and says beforehand why anything else would be
refused. The authority still decides: a click is always submitted, and its rejection shown.
"""

from __future__ import annotations

import copy
from typing import Any

from game.core.bus import GAME
from game.core.contract import Action, Rejection, SnapshotError, View
from game.refusal_words import refusal_text

STREET_PHASES = ("setup_streets", "setup_extend", "line")
BUILDING_PHASES = ("setup_buildings", "buildings")


class Choices:
    """The legal moves of ``seat`` in ``view``, and the reasons for everything else."""

    def __init__(self, view: View | None, seat: int | None, names: list[str] | None = None) -> None:
        self.seat = seat
        self.names = names
        self.phase = view.get("phase") if isinstance(view, dict) else None
        self.state: Any = None
        self.moves: list[Action] = []
        self._refusals: dict[str, str | None] = {}  # asked each frame under the pointer: worked out once
        self._lost: dict[str, int] = {}  # streets a marker would lose after a street, worked out once
        if view is None or seat is None:
            return
        try:
            self.state = GAME.state_from_view(view)
        except SnapshotError:
            self.state = None
            return
        self.moves = GAME.legal(self.state, seat)

    @property
    def active(self) -> bool:
        return bool(self.moves)

    def of(self, kind: str) -> list[Action]:
        return [move for move in self.moves if move.get("type") == kind]

    @property
    def laying(self) -> bool:
        return self.phase in STREET_PHASES and self.active

    @property
    def building(self) -> bool:
        return self.phase in BUILDING_PHASES and self.active

    @property
    def choosing(self) -> bool:
        return self.phase == "choose" and self.active

    @property
    def splitting(self) -> bool:
        return self.phase == "passengers" and self.active

    @property
    def timing(self) -> bool:
        return self.phase == "clock" and self.active

    @property
    def driving(self) -> bool:
        return self.phase == "vrooom" and self.active

    def refusal(self, action: Action) -> str | None:
        """Why ``action`` would be refused now (in words), or None when it would be taken."""
        if self.state is None or self.seat is None:
            return None
        key = repr(sorted(action.items()))
        if key not in self._refusals:
            rejection = GAME.check(self.state, self.seat, action)
            self._refusals[key] = None if rejection is None else words_of(rejection, self.names)
        return self._refusals[key]

    # -- streets ------------------------------------------------------------------------------------
    def streets(self) -> dict[int, list[int | None]]:
        """Each street that may be built, with the heads it may be built from (None: a first street)."""
        found: dict[int, list[int | None]] = {}
        for move in self.of("street"):
            found.setdefault(move["street"], []).append(move.get("head"))
        return found

    def street_action(self, street: int, closing_at: int | None = None) -> Action:
        """The intent for ``street``; for one closing a circle, ``closing_at`` says where it closes."""
        heads = self.streets().get(street)
        if not heads or heads == [None]:
            return {"type": "street", "street": street}
        if len(heads) == 1:
            return {"type": "street", "street": street, "head": heads[0]}
        built_from = next((head for head in heads if head != closing_at), heads[0])
        return {"type": "street", "street": street, "head": built_from}

    def lost_after(self, action: Action) -> int:
        """How many of the marker's streets would be lost after ``action`` (a street that boxes the line
        in, or closes its circle where no street is left): asked of the rules on a copy of the state."""
        if self.state is None or self.seat is None or action not in self.moves:
            return 0
        key = repr(sorted(action.items()))
        if key not in self._lost:
            events = GAME.apply(copy.deepcopy(self.state), self.seat, action)
            self._lost[key] = sum(int(event.get("count", 0)) for event in events
                                  if event.get("type") == "streets_lost" and event.get("seat") == self.seat)
        return self._lost[key]

    def closes_circle(self, street: int) -> bool:
        return len(self.streets().get(street, [])) > 1

    # -- buildings ----------------------------------------------------------------------------------
    def lots(self) -> set[int]:
        return {move["lot"] for move in self.of("building")}

    def kinds(self) -> list[str]:
        """The building types that may be placed (a type whose pieces ran out is missing)."""
        seen: list[str] = []
        for move in self.of("building"):
            if move["kind"] not in seen:
                seen.append(move["kind"])
        return seen

    # -- the action board ---------------------------------------------------------------------------
    def actions(self) -> list[str]:
        return [move["action"] for move in self.of("choose")]

    @property
    def may_pass(self) -> bool:
        return bool(self.of("pass"))

    # -- Vrrooomm! ----------------------------------------------------------------------------------
    def sources(self) -> set[int]:
        """Crossings where a passenger waits whom this line may carry."""
        return {move["from"] for move in self.of("deliver")}

    def targets(self, source: int | None = None) -> set[int]:
        """Lots a passenger (from ``source``, or from anywhere) may be carried to."""
        return {move["lot"] for move in self.of("deliver") if source is None or move["from"] == source}


def words_of(rejection: Rejection, names: list[str] | None) -> str:
    """The refusal in the player's words, naming a seat by its player's name."""
    return refusal_text(rejection, names or ())
