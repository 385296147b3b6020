"""An independent referee for whole games of Bus: it rebuilds the game from the events alone, as a
player watching the table would, and checks every event against the rule texts' own numbers and
order (bus.md §4-§6, rulings B1-B4 and U1-U5), then that its picture matches the core's state.

It shares only the street network with the core (crossings, streets, lots, zones); every rule —
turn order, amounts, resolving order, where a line may grow, who waits, the end and the ranking —
is written out again here from the texts, so a slip in the core shows as a disagreement.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.bus.network import Board

ORDER = ("line", "buses", "passengers", "buildings", "clock", "vrooom", "start")  # §5.2, top to bottom
LAST_PLACED_FIRST = {"line", "buildings"}
SINGLE = {"buses", "clock", "start"}
SPACES = 6  # U4: A-F
CLOCK = ("house", "office", "pub")  # §5.3.5
MARKERS, LINE_MARKERS, PASSENGERS, PER_KIND = 20, 25, 15, 30  # §2, C3, §11 Q5


class RefereeError(AssertionError):
    """The core did something the rule texts do not allow."""


def expect(condition: bool, what: str) -> None:
    if not condition:
        raise RefereeError(what)


@dataclass
class Referee:
    """The game as the events tell it. ``observe`` takes each applied action's events."""

    net: Board
    players: int
    options: dict[str, Any]
    paths: list[list[int]] = field(default_factory=list)
    buses: list[int] = field(default_factory=list)
    markers: list[int] = field(default_factory=list)
    stones: list[int] = field(default_factory=list)
    score: list[int] = field(default_factory=list)
    reached: list[int] = field(default_factory=list)  # when each reached its track score (0 = start)
    deliveries: int = 0
    passengers: list[int] = field(default_factory=list)
    supply: int = 0
    buildings: list[str | None] = field(default_factory=list)
    clock: int = 0
    stones_left: int = 0
    start_player: int = 0
    phase: str = "setup_buildings"
    queue: list[int] = field(default_factory=list)
    placed: list[int] = field(default_factory=list)
    spaces: dict[str, list[int]] = field(default_factory=dict)
    due: list[tuple[str, int]] = field(default_factory=list)  # resolving: (action, index) still to come
    acting: tuple[str, int, int, int] | None = None  # (action, index, seat, amount) of the marker now
    done: int = 0  # what the acting marker did so far
    seated: set[int] = field(default_factory=set)
    over: bool = False

    def __post_init__(self) -> None:
        n = self.players
        self.paths = [[] for _ in range(n)]
        self.buses, self.markers = [1] * n, [MARKERS] * n
        self.stones, self.score, self.reached = [0] * n, [0] * n, [0] * n
        self.passengers = list(self.net.start_passengers)
        expect(sorted(c for c, p in enumerate(self.passengers) if p) == [11, 14, 15, 20]
               and sum(self.passengers) == 4, "§4.4: one passenger on each Central Park roundabout")
        self.supply = PASSENGERS - 4
        self.buildings = [None] * self.net.lots
        edition = self.options.get("edition", "current")
        self.stones_left = n if edition == "1999" else (4 if n == 3 else 5)  # C1
        self.cap = None if edition == "1999" else 5
        reading = self.options.get("five_player_bonus", "line_expansion")
        self.bonus = set() if n < 5 else ({"line"} if reading == "line_expansion" else
                                          {"line", "passengers", "buildings"})  # C2, U3
        self.placed = [0] * n

    def begin(self, start_player: int) -> None:
        """§4.5-4.6: the drawn start player, then two first buildings each, clockwise."""
        self.start_player = start_player
        self.queue = [seat for seat in self.clockwise() for _ in range(2)]

    def clockwise(self) -> list[int]:
        return [(self.start_player + step) % self.players for step in range(self.players)]

    # -- the city ------------------------------------------------------------------------------
    def free_lots(self) -> list[int]:
        return [lot for lot, kind in enumerate(self.buildings) if kind is None]

    def open_zone(self) -> int | None:
        zones = [self.net.lot_zone[lot] for lot in self.free_lots()]
        return min(zones) if zones else None

    def streets_of(self, path: list[int]) -> list[int]:
        return [self.net.street_between(a, b) for a, b in zip(path, path[1:], strict=False)]  # type: ignore[misc]

    def heads(self, path: list[int]) -> list[int]:
        if not path:
            return []
        return [path[0]] if path[0] == path[-1] else [path[0], path[-1]]

    def may_build(self, seat: int, head: int, street: int) -> bool:
        """B1, B2 read from the ruling's words, street by street."""
        own = set(self.streets_of(self.paths[seat]))
        if street in own or head not in self.heads(self.paths[seat]) or head not in self.net.ends[street]:
            return False
        others = [q for q in range(self.players) if q != seat and street in self.streets_of(self.paths[q])]
        if not others:
            return True
        empty_leaves = any(not any(s in self.streets_of(p) for p in self.paths) for s, _ in self.net.adjacent[head])
        if not empty_leaves:
            return True  # B2 (1)
        # B2 (2): another player's head here, its end street at this crossing, every line on it ends here.
        # A street is q's end street at its head when a bus of q's can set off along it there and still
        # run over the rest of the line: q's other streets hang together at the street's far end.
        def end_street_here(q: int) -> bool:
            if head not in self.heads(self.paths[q]):
                return False
            rest = [s for s in self.streets_of(self.paths[q]) if s != street]
            reached, todo = set(), [self.net.other_end(street, head)]
            while todo:
                here = todo.pop()
                for s in rest:
                    if here in self.net.ends[s] and s not in reached:
                        reached.add(s)
                        todo.append(self.net.other_end(s, here))
            return len(reached) == len(rest)
        return any(end_street_here(q) for q in others) and all(head in self.heads(self.paths[q]) for q in others)

    def streets_allowed(self, seat: int) -> set[tuple[int, int]]:
        """(street, head) for every street the seat's line may take next."""
        return {(street, head) for head in self.heads(self.paths[seat]) for street, _ in self.net.adjacent[head]
                if self.may_build(seat, head, street)}

    def can_build(self, seat: int) -> bool:
        path = self.paths[seat]
        return len(path) - 1 < LINE_MARKERS and any(
            self.may_build(seat, head, street) for head in self.heads(path) for street, _ in self.net.adjacent[head])

    def wants(self) -> str:
        return CLOCK[self.clock]

    def waiting(self, crossing: int) -> int:
        return self.passengers[crossing] - sum(1 for lot in self.seated if self.net.lot_crossing[lot] == crossing)

    def forced(self, seat: int) -> int:
        """§5.3.6: min(buses, waiting, empty wanted buildings) over the crossings the line touches."""
        touched = set(self.paths[seat])
        waiting = sum(self.waiting(c) for c in touched)
        empty = sum(1 for c in touched for lot in self.net.crossing_lots[c]
                    if self.buildings[lot] == self.wants() and lot not in self.seated)
        return min(self.buses[seat], waiting, empty)

    def amount(self, action: str, index: int, seat: int) -> int:
        """§5.2: what the marker on space ``index`` must do when it resolves."""
        if action == "clock":
            return 1
        if action == "vrooom":
            return self.forced(seat)
        scaled = max(0, max(self.buses) + (1 if action in self.bonus else 0) - index)
        if action == "passengers":
            return min(scaled, self.supply)
        if action == "buildings":
            return min(scaled, len(self.free_lots()))
        return scaled

    # -- the events ----------------------------------------------------------------------------
    def observe(self, seat: int, events: list[dict[str, Any]]) -> None:
        expect(not self.over, "nothing happens after the game is over")
        for event in events:
            getattr(self, "on_" + event["type"])(event)

    def on_phase(self, event: dict[str, Any]) -> None:
        expect(not self.queue, "a setup step ends when everyone has done it")
        if event["phase"] == "setup_streets":
            expect(self.phase == "setup_buildings", "first lines follow first buildings")
            self.queue = self.clockwise()
        else:
            expect(self.phase == "setup_streets", "second streets follow first streets")
            self.queue = self.clockwise()[::-1]  # §4.7: reverse order, the start player last
        self.phase = event["phase"]

    def on_building_built(self, event: dict[str, Any]) -> None:
        lot, kind = event["lot"], event["kind"]
        expect(self.buildings[lot] is None, "one building per lot")
        expect(self.buildings.count(kind) < PER_KIND, "no more buildings of a type than exist")
        if self.phase == "setup_buildings":
            expect(event["setup"] and self.queue and self.queue[0] == event["seat"], "setup buildings in turn")
            expect(self.net.lot_zone[lot] == 1, "§4.6: first buildings on zone 1")
            self.queue.pop(0)
        else:
            self._acting_is("buildings", event["seat"])
            expect(self.net.lot_zone[lot] == self.open_zone(), "§5.3.4: the lowest zone with a free lot")
            self.done += 1
        self.buildings[lot] = kind

    def on_street_built(self, event: dict[str, Any]) -> None:
        seat, street = event["seat"], event["street"]
        if self.phase == "setup_streets":
            expect(self.queue[0] == seat and not self.paths[seat], "one first street each, in turn")
            self.queue.pop(0)
            self.paths[seat] = list(self.net.ends[street])
            return
        head = event["head"]
        expect(self.may_build(seat, head, street), f"street {street} from {head} breaks B1/B2")
        expect(len(self.paths[seat]) - 1 < LINE_MARKERS, "B4: 25 line markers")
        to = self.net.ends[street][0] if self.net.ends[street][1] == head else self.net.ends[street][1]
        path = self.paths[seat]
        if path[-1] == head:
            path.append(to)
        else:
            path.insert(0, to)
        expect(len(set(self.streets_of(path))) == len(path) - 1, "a line is a trail")
        if self.phase == "setup_extend":
            expect(self.queue[0] == seat, "second streets in reverse order")
            self.queue.pop(0)
        else:
            self._acting_is("line", seat)
            self.done += 1

    def on_circle_closed(self, event: dict[str, Any]) -> None:
        path = self.paths[event["seat"]]
        expect(path[0] == path[-1] == event["crossing"], "a circle closes where both heads meet")

    def on_streets_lost(self, event: dict[str, Any]) -> None:
        seat = event["seat"]
        if event["reason"] == "markers":
            expect(len(self.paths[seat]) - 1 == LINE_MARKERS, "streets lost for markers only at 25")
        else:
            expect(not self.can_build(seat), "streets lost as blocked only when no street may be built")
        if self.phase == "setup_extend":
            expect(self.queue[0] == seat, "second streets in reverse order")
            self.queue.pop(0)
        else:
            self._acting_is("line", seat)
            self.done += event["count"]

    def on_round_started(self, event: dict[str, Any]) -> None:
        expect(event["start_player"] == self.start_player, "the start player starts the round")
        self.phase = "choose"
        self.queue = self.clockwise()
        self.placed = [0] * self.players
        self.spaces = {}

    def on_marker_placed(self, event: dict[str, Any]) -> None:
        seat, action = event["seat"], event["action"]
        expect(self.phase == "choose" and self.queue[0] == seat, "markers are placed clockwise in turn")
        expect(self.markers[seat] > 0, "a marker needs a marker left")
        taken = self.spaces.setdefault(action, [])
        expect(len(taken) < (1 if action in SINGLE else SPACES), "a free space")
        expect(event["index"] == len(taken), "the next free space")
        taken.append(seat)
        self.markers[seat] -= 1
        self.placed[seat] += 1
        self.queue.append(self.queue.pop(0))

    def on_passed(self, event: dict[str, Any]) -> None:
        seat = event["seat"]
        expect(self.phase == "choose" and self.queue[0] == seat, "a pass in turn")
        full = all(len(self.spaces.get(a, [])) >= (1 if a in SINGLE else SPACES) for a in ORDER)
        if event["reason"] == "no_markers":
            expect(self.markers[seat] == 0, "forced to pass without markers only")
        elif event["reason"] == "spaces_full":
            expect(full and self.markers[seat] > 0, "forced to pass when every space is taken")
        else:
            expect(self.placed[seat] >= 2 and self.markers[seat] > 0 and not full, "§5.1: pass after two markers")
        self.queue.remove(seat)

    def on_resolving(self, event: dict[str, Any]) -> None:
        expect(self.phase == "choose" and not self.queue, "resolving starts when everyone has passed")
        self.phase = "resolving"
        self.due = []
        for action in ORDER:
            taken = range(len(self.spaces.get(action, [])))
            self.due += [(action, index) for index in (reversed(taken) if action in LAST_PLACED_FIRST else taken)]

    def _finish(self) -> None:
        if self.acting is not None:
            action, index, seat, amount = self.acting
            expect(self.done == amount, f"{action} {index}: did {self.done} of {amount}")
        self.acting = None

    def _acting_is(self, action: str, seat: int) -> None:
        expect(self.acting is not None and self.acting[0] == action and self.acting[2] == seat,
               f"{action} by seat {seat} out of turn")

    def on_action_resolving(self, event: dict[str, Any]) -> None:
        self._finish()
        action, index, seat = event["action"], event["index"], event["seat"]
        expect(bool(self.due) and self.due.pop(0) == (action, index), f"§5.2 order: {action} {index}")
        expect(self.spaces[action][index] == seat, "the seat on that space acts")
        amount = self.amount(action, index, seat)
        expect(event["amount"] == amount, f"{action} {index}: amount {event['amount']}, rules say {amount}")
        self.acting, self.done = (action, index, seat, amount), 0

    def on_lapsed(self, event: dict[str, Any]) -> None:
        if event["action"] == "buses":
            expect(self.cap is not None and self.buses[event["seat"]] >= self.cap, "a bus lapses at the cap only")
            expect(self.due and self.due.pop(0) == ("buses", 0), "§5.2 order: buses")
            return
        self._acting_is(event["action"], event["seat"])
        self.done += event["count"]

    def on_bus_bought(self, event: dict[str, Any]) -> None:
        self._finish()
        expect(bool(self.due) and self.due.pop(0) == ("buses", 0), "§5.2 order: buses")
        seat = event["seat"]
        expect(self.spaces["buses"] == [seat], "the Buses taker gains a bus")
        expect(self.cap is None or self.buses[seat] < self.cap, "§5.3.2: at most five buses")
        self.buses[seat] += 1
        expect(event["largest_fleet"] == max(self.buses), "M at once")

    def on_passengers_arrived(self, event: dict[str, Any]) -> None:
        self._acting_is("passengers", event["seat"])
        for part in event["stations"]:
            expect(self.net.specials[part["crossing"]] == "station", "§5.3.3: to the train stations")
            self.passengers[part["crossing"]] += part["count"]
            self.supply -= part["count"]
            self.done += part["count"]
        expect(self.supply >= 0, "no more than the supply")

    def on_clock_turned(self, event: dict[str, Any]) -> None:
        if event["seat"] is None:
            self._finish()
            expect(not self.spaces.get("clock") and self._due_after("clock"), "the hand moves by itself untaken")
        else:
            self._acting_is("clock", event["seat"])
            self.done += 1
        self.clock = (self.clock + 1) % len(CLOCK)
        expect(event["wants"] == self.wants(), "house -> office -> pub -> house")

    def _due_after(self, action: str) -> bool:
        return all(ORDER.index(a) > ORDER.index(action) for a, _ in self.due)

    def on_clock_stopped(self, event: dict[str, Any]) -> None:
        seat = event["seat"]
        self._acting_is("clock", seat)
        self.done += 1
        expect(self.stones_left > 0, "a stone to take")
        self.stones[seat] += 1
        self.stones_left -= 1
        expect(event["wants"] == self.wants(), "stopping keeps the hand")

    def on_vrooom_started(self, event: dict[str, Any]) -> None:
        self._finish()
        expect(event["wants"] == self.wants(), "the clock's type")
        self.seated = set()
        for crossing, lots in enumerate(self.net.crossing_lots):  # step 1: seat the satisfied
            wanted = [lot for lot in lots if self.buildings[lot] == self.wants()]
            self.seated.update(wanted[:self.passengers[crossing]])
        expect(set(event["seated"]) == self.seated, "§5.3.6: who sits happily")
        waiting = {str(c): self.waiting(c) for c in range(self.net.crossings) if self.waiting(c) > 0}
        expect(event["waiting"] == waiting, "§5.3.6: who waits")

    def on_delivered(self, event: dict[str, Any]) -> None:
        seat, start, lot = event["seat"], event["from"], event["lot"]
        self._acting_is("vrooom", seat)
        touched = set(self.paths[seat])
        goal = self.net.lot_crossing[lot]
        expect(start in touched and goal in touched, "§5.3.6: along the player's own line")
        expect(self.waiting(start) > 0, "a waiting passenger")
        expect(self.buildings[lot] == self.wants() and lot not in self.seated, "an empty wanted building")
        self.passengers[start] -= 1
        self.passengers[goal] += 1
        self.seated.add(lot)
        self.score[seat] += 1
        self.deliveries += 1
        self.reached[seat] = self.deliveries
        self.done += 1

    def on_start_player(self, event: dict[str, Any]) -> None:
        self._finish()
        taken = self.spaces.get("start", [])
        if taken:
            expect(self.due and self.due.pop(0) == ("start", 0), "§5.2 order: start")
        expect(not self.due, "Starting Player resolves last")
        self.start_player = taken[0] if taken else (self.start_player + 1) % self.players  # §5.3.7
        expect(event["seat"] == self.start_player, "§5.3.7: the new start player")

    def on_round_ended(self, event: dict[str, Any]) -> None:
        expect(event["markers"] == self.markers, "markers spent")
        self.phase = "ended"
        self.seated = set()

    def on_game_over(self, event: dict[str, Any]) -> None:
        if self.phase == "ended":
            with_markers = sum(1 for left in self.markers if left > 0)
            reason = "markers" if with_markers <= 1 else "lots" if not self.free_lots() else None
        else:
            self._finish()
            reason = "clock" if self.stones_left == 0 else None
        expect(reason is not None and event["reason"] == reason, f"§6: the game ends ({event['reason']}, {reason})")
        final = [s - t for s, t in zip(self.score, self.stones, strict=True)]
        expect(event["scores"] == final, "§6: deliveries minus stones")
        key = [(-final[s], -self.stones[s], self.reached[s]) for s in range(self.players)]
        best = min(key)
        expect(event["winners"] == [s for s in range(self.players) if key[s] == best],
               "§6: more stones, then the first to reach the score")
        self.over = True

    def after_round_check(self, events: list[dict[str, Any]]) -> None:
        """A round that ended without the game ending must have met no end condition (§6)."""
        types = [event["type"] for event in events]
        if "round_ended" in types and "game_over" not in types:
            expect(sum(1 for left in self.markers if left > 0) > 1 and bool(self.free_lots()),
                   "§6: the game goes on only with two players holding markers and a free lot")

    def matches(self, state: Any) -> None:
        """The referee's picture is the core's state."""
        for name in ("paths", "buses", "markers", "stones", "score", "passengers", "supply", "buildings",
                     "clock", "stones_left", "start_player"):
            expect(getattr(state, name) == getattr(self, name), f"{name} differs from the events")
        expect(state.arrival == self.reached, "arrival differs from the events")

    def offers(self, seat: int, legal: list[dict[str, Any]]) -> None:
        """What the core offers a seat to decide is exactly what the rules allow (streets, lots, rides)."""
        kinds = {action["type"] for action in legal}
        if kinds == {"street"} and self.phase != "setup_streets":
            offered = {(action["street"], action["head"]) for action in legal}
            expect(offered == self.streets_allowed(seat), "B1/B2: the streets offered")
        elif kinds == {"building"}:
            zone = 1 if self.phase == "setup_buildings" else self.open_zone()
            lots = {lot for lot in self.free_lots() if self.net.lot_zone[lot] == zone}
            kinds_left = {kind for kind in CLOCK if self.buildings.count(kind) < PER_KIND}
            expect({(a["lot"], a["kind"]) for a in legal} == {(lot, k) for lot in lots for k in kinds_left},
                   "§5.3.4: the lots offered")
        elif kinds == {"deliver"}:
            touched = set(self.paths[seat])
            starts = {c for c in touched if self.waiting(c) > 0}
            empty = {lot for c in touched for lot in self.net.crossing_lots[c]
                     if self.buildings[lot] == self.wants() and lot not in self.seated}
            expect({(a["from"], a["lot"]) for a in legal} == {(s, lot) for s in starts for lot in empty},
                   "§5.3.6: the rides offered")
