"""Bus's city as lookup tables: the street graph, the building lots and the start passengers.

Read once from ``assets/bus/board.json``. Lots are numbered in crossing order, lot by lot, so a lot id
says both where a building stands and (through ``lot_zone``) when it may be built.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from game.core.assets import load_json

BOARD_FILE = "bus/board.json"


@dataclass(frozen=True)
class Board:
    """The city. Street ids index ``ends``; crossing ids index ``adjacent``; lot ids index ``lot_*``."""

    ends: tuple[tuple[int, int], ...]  # street -> (crossing, crossing)
    adjacent: tuple[tuple[tuple[int, int], ...], ...]  # crossing -> ((street, other crossing), ...)
    by_pair: dict[tuple[int, int], int]  # (low crossing, high crossing) -> street
    positions: tuple[tuple[int, int], ...]  # crossing -> (x, y) layout coordinates, y upwards
    specials: tuple[str | None, ...]  # crossing -> "station", "roundabout" or None
    start_passengers: tuple[int, ...]  # crossing -> passengers standing there when a game begins
    lot_crossing: tuple[int, ...]  # lot -> its crossing
    lot_zone: tuple[int, ...]  # lot -> its zone (1 centre ... 4 outskirts)
    crossing_lots: tuple[tuple[int, ...], ...]  # crossing -> its lot ids
    zone_letters: dict[int, str]  # zone -> the 1999 board's letter (1 = A ... 4 = D)

    @property
    def crossings(self) -> int:
        return len(self.adjacent)

    @property
    def streets(self) -> int:
        return len(self.ends)

    @property
    def lots(self) -> int:
        return len(self.lot_crossing)

    @property
    def stations(self) -> tuple[int, ...]:
        """The train stations in crossing order: where new passengers enter."""
        return tuple(crossing for crossing, special in enumerate(self.specials) if special == "station")

    @property
    def zones(self) -> tuple[int, ...]:
        return tuple(sorted(set(self.lot_zone)))

    def street_between(self, a: int, b: int) -> int | None:
        return self.by_pair.get((a, b) if a < b else (b, a))

    def other_end(self, street: int, crossing: int) -> int:
        first, second = self.ends[street]
        return second if crossing == first else first


def build_board(data: dict) -> Board:
    """Tables from the board file's plain data (ids are list positions, checked here)."""
    crossings = data["crossings"]
    for index, crossing in enumerate(crossings):
        if crossing["id"] != index:
            raise ValueError(f"crossing {index} is listed as {crossing['id']}")
    ends = tuple((int(a), int(b)) for a, b in data["streets"])
    adjacent: list[list[tuple[int, int]]] = [[] for _ in crossings]
    by_pair: dict[tuple[int, int], int] = {}
    for street, (a, b) in enumerate(ends):
        if a == b or (min(a, b), max(a, b)) in by_pair:
            raise ValueError(f"street {street} ({a}-{b}) is a loop or a duplicate")
        by_pair[(min(a, b), max(a, b))] = street
        adjacent[a].append((street, b))
        adjacent[b].append((street, a))
    lot_crossing: list[int] = []
    lot_zone: list[int] = []
    crossing_lots: list[tuple[int, ...]] = []
    for crossing in crossings:
        first = len(lot_crossing)
        for zone in crossing["lots"]:
            lot_crossing.append(crossing["id"])
            lot_zone.append(int(zone))
        crossing_lots.append(tuple(range(first, len(lot_crossing))))
    return Board(
        ends=ends,
        adjacent=tuple(tuple(streets) for streets in adjacent),
        by_pair=by_pair,
        positions=tuple((crossing["x"], crossing["y"]) for crossing in crossings),
        specials=tuple(crossing["special"] for crossing in crossings),
        start_passengers=tuple(int(crossing.get("passengers", 0)) for crossing in crossings),
        lot_crossing=tuple(lot_crossing),
        lot_zone=tuple(lot_zone),
        crossing_lots=tuple(crossing_lots),
        zone_letters={int(zone): letter for zone, letter in data.get("zone_letters", {}).items()},
    )


@cache
def board() -> Board:
    """The one city every game of Bus is played in."""
    return build_board(load_json(BOARD_FILE))
