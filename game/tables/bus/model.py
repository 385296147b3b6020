"""What the Bus table draws, as plain data: the board (buildings, passengers, lines), the action board,
the clock and the players. The table reads it from the core's view (``picture_of``); the drawing
code never looks into a view itself, so it can be shown against any data (previews, tests).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

ACTION_IDS = ("line", "buses", "passengers", "buildings", "clock", "vrooom", "start")
ACTION_NAMES = {"line": "Line Expansion", "buses": "Buses", "passengers": "Passengers",
                "buildings": "Buildings", "clock": "Clock", "vrooom": "Vrrooomm!", "start": "Starting Player"}
ACTION_UNITS = {"line": "street", "passengers": "passenger", "buildings": "building"}
LAST_PLACED_FIRST = ("line", "buildings")  # A lies on the right of these rows: the last-placed marker acts first
Lot = tuple[int, int]  # (crossing, index of the lot at that crossing)


@dataclass(frozen=True)
class Space:
    """One space of the action board: its letter ("" for a single space), who holds it, what it yields
    now (None: the action is not counted in pieces)."""

    action: str
    letter: str
    holder: int | None = None
    yields: int | None = None


@dataclass
class Seat:
    markers_left: int = 20
    buses: int = 1
    stones: int = 0
    score: int = 0  # deliveries: the score track
    arrival: int = 0  # when the track score was reached: lower is earlier (lower in the stack)
    path: list[int] = field(default_factory=list)
    passed: bool = False


@dataclass
class Picture:
    """Everything the table draws for one moment of the game."""

    players: int
    round: int = 0
    phase: str = ""
    to_act: int | None = None
    start_player: int = 0
    seats: list[Seat] = field(default_factory=list)
    buildings: dict[Lot, str] = field(default_factory=dict)  # lot -> "house" | "office" | "pub"
    passengers: list[int] = field(default_factory=list)  # per crossing, how many stand there
    seated: dict[Lot, bool] = field(default_factory=dict)  # lots whose building holds a content passenger
    open_zone: int | None = 1  # the lowest zone with a free lot
    clock: int = 0  # 0 house, 1 office, 2 pub
    stones_left: int = 5
    stones_total: int = 5
    supply: int = 11
    largest_fleet: int = 1
    spaces: list[list[Space]] = field(default_factory=list)  # per action (ACTION_IDS order), slots left to right
    closed_at: list[int | None] = field(default_factory=list)
    outcome: dict[str, Any] | None = None

    def holder(self, action: str, letter: str = "") -> int | None:
        for row in self.spaces:
            for space in row:
                if space.action == action and space.letter == letter:
                    return space.holder
        return None


def slot_order(action: str, letters: list[str]) -> list[str]:
    """The letters of ``action`` from left to right, which is the order its markers act in: A on the
    right for Line Expansion and Buildings (the last-placed acts first), on the left otherwise."""
    return list(reversed(letters)) if action in LAST_PLACED_FIRST else list(letters)
