"""Bus's street network, read once from ``assets/bus/board.json`` into lookup tables.

Lines are trails on this graph; everything the rules ask of it (which streets leave a crossing,
which street joins two crossings, what a visited crossing is worth) is a table lookup here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from game.core.assets import load_json

BOARD_FILE = "bus/board.json"
STATION_POINTS = 2  # B7: a train station is worth two points; every building lot one


@dataclass(frozen=True)
class Network:
    """The street graph. Street ids index ``ends``; crossing ids index ``adjacent`` and ``points``."""

    ends: tuple[tuple[int, int], ...]  # street -> (crossing, crossing)
    adjacent: tuple[tuple[tuple[int, int], ...], ...]  # crossing -> ((street, other crossing), ...)
    points: tuple[int, ...]  # crossing -> what visiting it scores
    lots: tuple[tuple[int, ...], ...]  # crossing -> zones of its building lots
    specials: tuple[str | None, ...]  # crossing -> "station", "roundabout" or None
    positions: tuple[tuple[int, int], ...]  # crossing -> (x, y) layout coordinates, y upwards
    by_pair: dict[tuple[int, int], int]  # (low crossing, high crossing) -> street

    @property
    def crossings(self) -> int:
        return len(self.adjacent)

    @property
    def streets(self) -> int:
        return len(self.ends)

    def street_between(self, a: int, b: int) -> int | None:
        return self.by_pair.get((a, b) if a < b else (b, a))

    def other_end(self, street: int, crossing: int) -> int:
        first, second = self.ends[street]
        return second if crossing == first else first


def build_network(data: dict) -> Network:
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
    specials = tuple(crossing["special"] for crossing in crossings)
    points = tuple(len(crossing["lots"]) + (STATION_POINTS if crossing["special"] == "station" else 0)
                   for crossing in crossings)
    return Network(
        ends=ends,
        adjacent=tuple(tuple(streets) for streets in adjacent),
        points=points,
        lots=tuple(tuple(crossing["lots"]) for crossing in crossings),
        specials=specials,
        positions=tuple((crossing["x"], crossing["y"]) for crossing in crossings),
        by_pair=by_pair,
    )


@cache
def network() -> Network:
    """The one Bus network every game is played on."""
    return build_network(load_json(BOARD_FILE))
