"""The state of a Linie 1 game and the small checks of an action's fields every judge shares."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.contract import Rejection, is_int
from game.core.linie1.board import GAME as NAME
from game.core.linie1.board import Board
from game.core.linie1.data import TILE_TYPES
from game.core.rng import Rng


def rejection(code: str, message: str, **params: Any) -> Rejection:
    return Rejection(f"{NAME}.{code}", message, params)


# The 1995 die (default); Streetcar's pace rule (Mayfair 1996); the three-dice trip (Board Game Arena).
TRIP_RULES = ("die", "pace", "three_dice")


@dataclass
class Trip:
    """A declared inaugural trip: the frozen route and how far the tram has come (-1: at its start)."""

    start: list[int]
    cells: list[list[int]]
    halts: list[bool]
    position: int = -1
    expected: float = 0.0
    by_h: bool = False  # the tram's last move was an H (three dice: tools then keep it on that sign)

    def to_dict(self) -> dict[str, Any]:
        return {"start": list(self.start), "route": [list(c) for c in self.cells], "halts": list(self.halts),
                "position": self.position, "expected_turns": self.expected, "by_h": self.by_h}

    def view_dict(self) -> dict[str, Any]:
        """As a view shows it: the expected turns in whole hundredths, since a float's digits in the
        view hash's canonical JSON differ between languages (12.0 in Python is 12 elsewhere)."""
        return {"start": list(self.start), "route": [list(c) for c in self.cells], "halts": list(self.halts),
                "position": self.position, "expected_hundredths": round(self.expected * 100), "by_h": self.by_h}


@dataclass
class State:
    players: int
    options: dict[str, Any]
    rng: Rng
    board: Board
    pile: list[int]
    box: list[int]
    hands: list[list[int]]
    lines: list[int]
    route_cards: list[str]
    stops: list[list[str]]
    current: int = 0
    turn: int = 1
    phase: str = "build"  # build | refill | roll | over
    actions_taken: int = 0
    undo_stack: list[dict[str, Any]] = field(default_factory=list)
    trips: list[Trip | None] = field(default_factory=list)
    revealed: list[bool] = field(default_factory=list)
    winner: int | None = None
    stalemate: bool = False
    stats: list[dict[str, int]] = field(default_factory=list)
    last_roll: dict[str, Any] | None = None
    # Who laid the tile now on each square, and in which turn: the table outlines what changed
    # since a player's previous turn (public, as the tiles themselves are).
    laid: dict[tuple[int, int], tuple[int, int]] = field(default_factory=dict)
    last_move: int | None = None  # squares of the last trip move by anyone (the pace rule's measure)
    # Three dice: the faces rolled and not yet chosen from, and how many dice the turn's next roll
    # throws (three at a trip turn's start, then two, then one).
    dice: list[str] | None = None
    dice_left: int = 3
    _options_view: dict[str, Any] | None = field(default=None, repr=False, compare=False)
    _hand_views: dict[int, list[int]] = field(default_factory=dict, repr=False, compare=False)
    # (seat, shown) -> (the facts it shows, the trip, the player's view): see Linie1._player_view
    _player_views: dict[tuple[int, bool], tuple[Any, Any, dict[str, Any]]] = field(
        default_factory=dict, repr=False, compare=False)

    def hands_view(self) -> list[list[int]]:
        """Every hand as views show them (face up, as on the table); a hand that did not change
        since the last view is the same list as in that view."""
        known = self._hand_views
        hands = []
        for seat, hand in enumerate(self.hands):
            held = known.get(seat)
            if held is None or held != hand:
                held = known[seat] = list(hand)
            hands.append(held)
        return hands

    def options_view(self) -> dict[str, Any]:
        """The options as a view shows them, made once (they never change after the setup): the
        same object in every view, which the host then neither diffs nor packs again."""
        if self._options_view is None:
            self._options_view = {key: list(value) if isinstance(value, list) else value  # flat: faces and flags
                                  for key, value in self.options.items()}
        return self._options_view

    @property
    def strict(self) -> bool:
        return bool(self.options["strict_dead_ends"])

    @property
    def faces(self) -> list[str]:
        return list(self.options["die_faces"])

    @property
    def pace(self) -> bool:
        """Streetcar's pace rule instead of the die (``trip_rule``: ``"pace"``)."""
        return self.options.get("trip_rule") == "pace"

    @property
    def allowance(self) -> int:
        """Pace rule: how far the next trip move may go. The game's first move is exactly one
        square; every later one up to one more than the last move anyone made."""
        return 1 if self.last_move is None else self.last_move + 1

    @property
    def three_dice(self) -> bool:
        """The three-dice trip instead of the die (``trip_rule``: ``"three_dice"``)."""
        return self.options.get("trip_rule") == "three_dice"

    @property
    def rule(self) -> str:
        return str(self.options.get("trip_rule", "die"))

    def dice_view(self) -> dict[str, Any] | None:
        """Three dice: the faces awaiting a choice (None: none rolled) and the next roll's dice."""
        if not self.three_dice:
            return None
        return {"rolled": list(self.dice) if self.dice is not None else None, "next": self.dice_left}

    def driving(self, seat: int) -> bool:
        return self.trips[seat] is not None


def cell_of(value: Any) -> tuple[int, int] | None:
    if (isinstance(value, list | tuple) and len(value) == 2 and all(is_int(v) for v in value)):
        return (value[0], value[1])
    return None


def tile_spec(action: Any) -> tuple[int, tuple[int, int], int] | Rejection:
    """Validate the tile, cell and rotation fields shared by place and exchange actions."""
    if not isinstance(action, dict):
        return rejection("malformed", "A tile action needs tile, cell and rot.")
    tile, cell, rot = action.get("tile"), cell_of(action.get("cell")), action.get("rot", 0)
    if not is_int(tile) or tile not in TILE_TYPES:
        return rejection("malformed", "Name a tile type from 1 to 12.")
    if cell is None:
        return rejection("malformed", "Name the square as [row, column].")
    if not is_int(rot) or not 0 <= rot <= 3:
        return rejection("malformed", "The rotation is a number of quarter turns from 0 to 3.")
    return tile, cell, rot
