"""Line Expansion: where a line may grow — heads, trails and the no-parallel rule (rulings B1-B3).

A line is a trail: ``path`` lists its crossings in order, consecutive crossings joined by a street,
no street twice. Its heads are ``path[0]`` and ``path[-1]`` (the same crossing once a circle has
closed). Adding a street at a head always keeps a trail, so a bus can still run from head to head
over every street once; everything else is the question of which street may be added.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol


class Network(Protocol):
    """What the expansion rules ask of a street graph (``game.core.bus.network.Board`` has it)."""

    @property
    def ends(self) -> tuple[tuple[int, int], ...]: ...

    @property
    def adjacent(self) -> tuple[tuple[tuple[int, int], ...], ...]: ...

    @property
    def by_pair(self) -> dict[tuple[int, int], int]: ...

    @property
    def streets(self) -> int: ...

    def street_between(self, a: int, b: int) -> int | None: ...


class Move(NamedTuple):
    """One street added to a line: built from ``head``, the line now ends at ``to``."""

    street: int
    head: int
    to: int


OWN_STREET = "own_street"
PARALLEL = "parallel"


def heads(path: list[int]) -> list[int]:
    """The crossings a line may grow from: none before its first street, one after a circle closed."""
    if not path:
        return []
    return [path[0]] if path[0] == path[-1] else [path[0], path[-1]]


def line_streets(net: Network, path: list[int]) -> list[int]:
    """The streets of a line in order from ``path[0]``."""
    return [net.by_pair[(a, b) if a < b else (b, a)] for a, b in zip(path, path[1:], strict=False)]


def end_streets(net: Network, path: list[int]) -> list[tuple[int, int]]:
    """(street, crossing) for each street by which the line reaches one of its heads: a street at a head
    with which a bus can start there and run over every street once to the other head. Mostly one per
    head; where the line closed a circle at a head and grew on from there, both circle streets at that
    crossing are (the board shows markers, not the order they were laid in, so either way round the
    circle reads the line; B2 (2) must not depend on which way it was built)."""
    if len(path) < 2:
        return []
    streets = line_streets(net, path)
    found: list[tuple[int, int]] = []
    for head, goal in ((path[0], path[-1]), (path[-1], path[0])):
        for street in streets:
            a, b = net.ends[street]
            if head not in (a, b) or (street, head) in found:
                continue
            rest = [other for other in streets if other != street]
            if _runs_over(net, rest, b if head == a else a, goal):
                found.append((street, head))
    return found


def _runs_over(net: Network, streets: list[int], start: int, goal: int) -> bool:
    """Whether a bus can run from ``start`` to ``goal`` over each of ``streets`` exactly once."""
    if not streets:
        return start == goal
    degree: dict[int, int] = {}
    links: dict[int, list[int]] = {}
    for street in streets:
        a, b = net.ends[street]
        for here, there in ((a, b), (b, a)):
            degree[here] = degree.get(here, 0) + 1
            links.setdefault(here, []).append(there)
    odd = {crossing for crossing, count in degree.items() if count % 2}
    if odd != ({start, goal} if start != goal else set()) or start not in links:
        return False
    reached, todo = {start}, [start]
    while todo:
        for there in links[todo.pop()]:
            if there not in reached:
                reached.add(there)
                todo.append(there)
    return reached == set(links)


def occupancy(net: Network, paths: list[list[int]]) -> list[list[int]]:
    """For every street, the seats whose lines run along it."""
    seats_on: list[list[int]] = [[] for _ in range(net.streets)]
    for seat, path in enumerate(paths):
        for street in line_streets(net, path):
            seats_on[street].append(seat)
    return seats_on


def extend(path: list[int], move: Move) -> bool:
    """Add ``move`` to ``path`` in place; True when it closed a circle (both heads now at ``move.to``)."""
    if path[-1] == move.head:
        path.append(move.to)
    else:
        path.insert(0, move.to)
    return path[0] == path[-1]


class Surroundings:
    """The other lines as one seat sees them. They stay put while that seat builds its streets, so a
    bot can look ahead over a whole expansion with one of these and its own path alone."""

    def __init__(self, net: Network, paths: list[list[int]], seat: int) -> None:
        self.net = net
        self.seat = seat
        seats_on = occupancy(net, paths)
        self.others_on: list[tuple[int, ...]] = [tuple(q for q in seats if q != seat) for seats in seats_on]
        ends_at: set[tuple[int, int, int]] = set()  # (other seat, street, crossing) for each end street
        heads_at: set[tuple[int, int]] = set()  # (other seat, crossing) for each head
        for other, path in enumerate(paths):
            if other != seat:
                ends_at.update((other, street, crossing) for street, crossing in end_streets(net, path))
                heads_at.update((other, crossing) for crossing in heads(path))
        # B2 (2): a street may be shared at a crossing where it is another line's end street and every
        # line already on it has a head (even one whose line runs on through the crossing).
        self.beside_heads: set[tuple[int, int]] = {
            (street, crossing)
            for street, others in enumerate(self.others_on) if others
            for crossing in net.ends[street]
            if any((other, street, crossing) in ends_at for other in others)
            and all((other, crossing) in heads_at for other in others)
        }

    def refusal(self, own: set[int], head: int, street: int) -> str | None:
        """Why ``street`` may not be added at ``head`` (a street leaving it), or None when it may."""
        if street in own:
            return OWN_STREET  # B1: a line never runs along a street it already occupies
        if not self.others_on[street]:
            return None  # an empty street
        if (street, head) in self.beside_heads:
            return None  # B2 (2): beside another line whose end is here
        if any(not self.others_on[other] and other not in own for other, _ in self.net.adjacent[head]):
            return PARALLEL
        return None  # B2 (1): no empty street leaves this head

    def moves(self, path: list[int], own: set[int]) -> list[Move]:
        """Every street the line may add next, from each of its heads."""
        found = []
        for head in heads(path):
            for street, to in self.net.adjacent[head]:
                if self.refusal(own, head, street) is None:
                    found.append(Move(street, head, to))
        return found


def can_grow(net: Network, path: list[int], own: set[int]) -> bool:
    """Whether any street may be added. From a head either an empty street leaves (always allowed) or
    none does and every street not on the line is allowed (B2 (1)); so this depends on the line alone."""
    return any(street not in own for head in heads(path) for street, _ in net.adjacent[head])
