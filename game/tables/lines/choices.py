"""What the acting seat may do, read from its view with the real rules (no rule is written twice).

Line Expansion is public: the view holds the whole state, so the core rebuilds it and answers
``legal`` and ``check`` exactly as the authority will. The table uses this to light up the streets a
head may take and the free action spaces, and to say beforehand why a street would be refused.
The authority still decides: a click is always submitted, and its rejection shown.
"""

from __future__ import annotations

import re
from typing import Any

from game.core.contract import Action, Rejection, SnapshotError, View
from game.core.lines import GAME
from game.core.lines.state import BUS_SPACE
from game.i18n import SOURCE_LANGUAGE, _, language
from game.tables.refusals import refusal_text

STREET_ID = re.compile(r"\b([Ss])treet (\d+)(?: \(\d+-\d+\))?")
SEAT_NUMBER = re.compile(r"\b[Ss]eat (\d+)")

PASS = "pass"


class Choices:
    """The legal moves of ``seat`` in ``view``, and the reasons for everything else."""

    def __init__(self, view: View | None, seat: int | None, names: list[str] | None = None) -> None:
        self.seat = seat
        self.names = names
        self.phase = view.get("phase") if isinstance(view, dict) else None
        self.state: Any = None
        self.moves: list[Action] = []
        self._streets: dict[int, list[int | None]] | None = None
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

    @property
    def building(self) -> bool:
        return self.phase in ("place", "extend", "build") and self.active

    @property
    def choosing(self) -> bool:
        return self.phase == "choose" and self.active

    # -- streets ------------------------------------------------------------------------------------
    def streets(self) -> dict[int, list[int | None]]:
        """Each street that may be built, with the heads it may be built from (None: a first street)."""
        if self._streets is None:
            self._streets = {}
            for move in self.moves:
                if move.get("type") == "street":
                    self._streets.setdefault(move["street"], []).append(move.get("head"))
        return self._streets

    def street_action(self, street: int, closing_at: int | None = None) -> Action:
        """The intent for ``street``. A street that closes a circle joins both heads: ``closing_at``
        (the crossing where the player wants the circle closed) says which head it is built from."""
        heads = self.streets().get(street)
        if not heads or heads == [None]:
            return {"type": "street", "street": street}
        if len(heads) == 1:
            return {"type": "street", "street": street, "head": heads[0]}
        built_from = next((head for head in heads if head != closing_at), heads[0])
        return {"type": "street", "street": street, "head": built_from}

    def closes_circle(self, street: int) -> bool:
        return len(self.streets().get(street, [])) > 1

    def street_refusal(self, street: int) -> str | None:
        """Why ``street`` may not be built now (the authority's own message), or None when it may."""
        if self.state is None or self.seat is None or street in self.streets():
            return None
        rejection = GAME.check(self.state, self.seat, {"type": "street", "street": street})
        return None if rejection is None else self._words(rejection)

    def _words(self, rejection: Rejection) -> str:
        """The core's sentence with names for seat numbers in English; the refusal's words elsewhere."""
        if language() == SOURCE_LANGUAGE:
            return readable(rejection.message, self.names)
        return refusal_text(rejection)

    # -- action spaces ------------------------------------------------------------------------------
    def spaces(self) -> list[str]:
        """The action spaces open to the seat, then "pass" if passing is allowed."""
        found = []
        for move in self.moves:
            if move.get("type") == "action_space":
                found.append(move["space"])
            elif move.get("type") == PASS:
                found.append(PASS)
        return found

    def space_action(self, space: str) -> Action:
        return {"type": PASS} if space == PASS else {"type": "action_space", "space": space}

    def space_refusal(self, space: str) -> str | None:
        if self.state is None or self.seat is None or space in self.spaces():
            return None
        rejection = GAME.check(self.state, self.seat, self.space_action(space))
        return None if rejection is None else self._words(rejection)


def readable(message: str, names: list[str] | None = None) -> str:
    """The authority names streets and seats by number; players see a street as the crossings it joins
    ("street 2–3") and a seat by its player's name."""
    ends = GAME.net.ends

    def street(match: re.Match[str]) -> str:
        number = int(match.group(2))
        if number >= len(ends):
            return match.group(0)
        return f"{match.group(1)}treet {ends[number][0]}–{ends[number][1]}"

    def seat(match: re.Match[str]) -> str:
        number = int(match.group(1))
        return names[number] if names and number < len(names) else match.group(0)
    return SEAT_NUMBER.sub(seat, STREET_ID.sub(street, message))


def space_title(space: str) -> str:
    if space == BUS_SPACE:
        return _("Buy a Bus")
    if space == PASS:
        return _("Pass")
    return _("Line Expansion {space}").format(space=space)
