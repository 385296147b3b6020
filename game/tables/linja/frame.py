"""One frame of the Linja table as plain data: what the board and the panel draw.

The table works it out from the view on screen and the player's pointer; ``board`` and ``panel``
paint it and read nothing else. ``preview_text`` says in the rules' words what a legal move does.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from game.i18n import _, ngettext
from game.render.palette import seat_colours
from game.tables.linja.pieces import PieceLayer
from game.tables.linja.show import Piece
from game.ui import theme

View = dict[str, Any]


@dataclass
class LinjaFrame:
    view: View
    seats: list[dict[str, Any]]  # name, colour, kind, level per seat
    kinds: list[str]  # who plays each seat, as its card says it ("you", "bot · easy", "remote player")
    pieces: PieceLayer
    seat: int | None  # whose pieces this screen may move now
    my_turn: bool
    choices: list[dict[str, Any]]
    active: dict[str, Any] | None  # the move under the pointer or picked with keys
    mover: Piece | None  # the piece that would hop for ``active``
    counted: list[Piece]  # the pieces whose number sets the following move
    count_row: int | None
    score_rows: set[int] = field(default_factory=set)
    tally: list[int] | None = None
    guidance: tuple[str, theme.Colour] = ("", theme.CREAM)
    guidance_more: str = ""  # a sentence added to the guidance where it fits at full size
    log: list[tuple[int, str]] = field(default_factory=list)
    age: float = 0.0
    humans: tuple[int, ...] = ()  # the seats played at this screen: with one, the turn box says "Your turn"
    replay: bool = False  # a replay played back (its move list starts where the viewer put the table)

    def info(self, seat: int) -> dict[str, Any]:
        if 0 <= seat < len(self.seats):
            return self.seats[seat]
        return {"name": _("Seat {number}").format(number=seat + 1), "colour": seat, "kind": "human"}

    def name(self, seat: int) -> str:
        return str(self.info(seat).get("name", _("Seat {number}").format(number=seat + 1)))

    def colour(self, seat: int) -> theme.Colour:
        """The seat's colour as every screen shows it (``game.render.palette``)."""
        chosen = [self.info(index).get("colour", index) for index in range(max(2, seat + 1))]
        return theme.player_colour(seat_colours("linja", chosen)[seat])

    @property
    def colours(self) -> tuple[theme.Colour, theme.Colour]:
        return self.colour(0), self.colour(1)

    def pulse(self, speed: float = 5.0) -> float:
        return 0.5 + 0.5 * math.sin(self.age * speed)

    @property
    def incoming(self) -> tuple[int, int] | None:
        """(seat, row) of the piece the previewed move would bring."""
        if self.active is None or self.seat is None:
            return None
        return self.seat, int(self.active["to"])


def counts_its_row(view: View, choice: dict[str, Any]) -> bool:
    """Whether the pieces on the row a move reaches set the following move's length: an initial move
    into the field that earns one. Onto the target row it is one step however many pieces are home
    (the rule sheet's special situation 1), so those pieces are not counted."""
    if "steps" not in choice or not choice["steps"] or choice.get("ends_game"):
        return False
    seat = int(view.get("turn") or 0)
    return int(choice["to"]) != int((view.get("targets") or [7, 0])[seat])


def preview_text(view: View, choice: dict[str, Any], short: bool = False) -> str:
    """What a legal move would do, in the words of the rules (short: a label over the ghost piece)."""
    seat = int(view.get("turn") or 0)
    source, to = int(choice["from"]), int(choice["to"])
    target = int((view.get("targets") or [7, 0])[seat])
    if choice.get("ends_game"):  # whatever else the move would earn, the game is over with it
        if short:
            return _("ends the game!")
        if to == target:
            return _("Row {source} → home: the piece leaves the field — game over.").format(
                source=source)
        return _("Row {source} → {to}: the pieces have passed — game over.").format(source=source, to=to)
    if "steps" in choice:
        steps = int(choice["steps"])
        on_row = sum(int(n) for n in view["rows"][to])
        if to == target:
            return _("home · +1 step") if short else \
                _("Row {source} → home: leaving the field earns a following move of exactly 1 step.").format(
                    source=source)
        if steps == 0 and on_row:
            return _("ends the game!") if short else \
                _("Row {source} → {to}: the pieces have passed — game over.").format(source=source, to=to)
        if steps == 0:
            return _("empty row · no follow-up") if short else \
                _("Row {source} → {to}: the row is empty, so there is no following move.").format(source=source, to=to)
        if short:
            return ngettext("+{steps} step", "+{steps} steps", steps).format(steps=steps)
        return ngettext("Row {source} → {to}: {steps} piece there, so the following move gets {steps} step.",
                        "Row {source} → {to}: {steps} pieces there, so the following move gets {steps} steps.",
                        steps).format(source=source, to=to, steps=steps)
    if choice.get("extra_turn"):
        return _("Extra turn!") if short else \
            _("Row {source} → {to}: an empty row — you earn an extra turn!").format(source=source, to=to)
    if view.get("extra_turn") and 0 < to < len(view["rows"]) - 1 and not sum(int(n) for n in view["rows"][to]):
        # J5: the extra turn's own following move earns no further one, even onto an empty row
        return _("empty row · no extra turn") if short else \
            _("Row {source} → {to}: an empty row, but an extra turn earns no further one.").format(
                source=source, to=to)
    if to == target:
        lost = int(view.get("steps") or 0) - abs(to - source)
        if short or lost <= 0:
            return _("home") if short else _("Row {source} → home: the piece leaves the field.").format(source=source)
        # J4: steps that would carry the piece past its target row expire
        return ngettext("Row {source} → home: the piece leaves the field; {lost} step expires.",
                        "Row {source} → home: the piece leaves the field; {lost} steps expire.",
                        lost).format(source=source, lost=lost)
    return _("row {to}").format(to=to) if short else _("Row {source} → {to}.").format(source=source, to=to)
