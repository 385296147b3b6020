"""Bus bots. They see only their view — the game is public, so the view rebuilds the whole state —
and ask the real rules what they may do (``GAME.legal``), weighing choices with ``evaluate.py``.

``easy`` plays plainly: it grows its line towards lots and stations one street at a time, places
markers with a bias for Vrrooomm! and a good deal of chance, and never stops the clock.
``normal`` counts: it takes the actions that deliver passengers for it this round (an early
Vrrooomm! when its line has waiting passengers and empty buildings of the coming type), buys buses
early, builds on its own line the building that adds most deliveries at the next Vrrooomm! moments
(else a type its line lacks), brings passengers to the station its line reaches, plans streets two
ahead and stops time when that pays.
"""

from __future__ import annotations

from game.ai.bus import evaluate
from game.core.bus import GAME, city
from game.core.bus.data import BUILDINGS, BUSES, CLOCK, KINDS, LINE, PASSENGERS, START, VROOOM, Rules
from game.core.bus.network import Board
from game.core.bus.rounds import rules_of, space_yield
from game.core.bus.state import BusState
from game.core.bus.streets import Move
from game.core.contract import Action, View
from game.core.rng import Rng

LEVELS = ("easy", "normal")

PASS_BELOW = 0.55  # normal passes (once allowed) when no marker is worth this much: markers are the game's clock
VROOOM_WEIGHT = 2.0  # a delivery is a point now; every other action only prepares points
LOT_GAIN = 1.0  # a lot's worth per delivery a building there adds soon
EASY_PASS = 0.6  # how often easy passes once it may
EASY_RANDOM = 0.3  # how often easy does something at random


class BusBot:
    """The decisions common to both levels; each level overrides where it thinks differently."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)
        self.net: Board = GAME.net

    def decide(self, view: View) -> Action:
        state = GAME.state_from_view(view)
        seat = view["seat"]
        legal = GAME.legal(state, seat)
        if len(legal) == 1:
            return legal[0]
        rules = rules_of(state)
        phase = state.phase
        if phase == "choose":
            return self.choose(state, rules, seat, legal)
        if phase in ("setup_buildings", BUILDINGS):
            return self.building(state, rules, seat, legal)
        if phase == "setup_streets":
            return self.first_street(state, seat, legal)
        if phase in ("setup_extend", LINE):
            return self.street(state, seat, legal)
        if phase == PASSENGERS:
            return self.passengers(state, seat, legal)
        if phase == CLOCK:
            return self.clock(state, rules, seat, legal)
        return self.deliver(state, seat, legal)

    # -- shared sense ---------------------------------------------------------------------------
    def first_street(self, state: BusState, seat: int, legal: list[Action]) -> Action:
        net = self.net

        def worth(action: Action) -> float:
            a, b = net.ends[action["street"]]
            near = {other for end in (a, b) for _, other in net.adjacent[end]} - {a, b}
            value = sum(evaluate.crossing_value(net, state, seat, c) for c in (a, b))
            return value + 0.3 * sum(evaluate.crossing_value(net, state, seat, c) for c in near)

        return max(legal, key=lambda action: (worth(action), -action["street"]))

    def street(self, state: BusState, seat: int, legal: list[Action]) -> Action:
        moves = [Move(action["street"], action["head"], self.net.other_end(action["street"], action["head"]))
                 for action in legal]
        best = evaluate.best_street(self.net, state, seat, moves, depth=self.depth)
        return {"type": "street", "street": best.street, "head": best.head}

    depth = 2

    def passengers(self, state: BusState, seat: int, legal: list[Action]) -> Action:
        """All to the station the line reaches (the one fewer other lines reach if both or neither)."""
        touched = set(state.paths[seat])

        def worth(station: int) -> tuple[int, int]:
            return (station in touched, -evaluate.others_on(state, seat, station))

        first, second = self.net.stations
        amount = state.remaining
        return {"type": "passengers", "counts": [amount, 0] if worth(first) >= worth(second) else [0, amount]}

    def deliver(self, state: BusState, seat: int, legal: list[Action]) -> Action:
        """Take passengers others could take too; leave them where others cannot reach them."""
        def worth(action: Action) -> tuple[int, int, int]:
            goal = self.net.lot_crossing[action["lot"]]
            return (evaluate.others_on(state, seat, action["from"]), -evaluate.others_on(state, seat, goal),
                    -action["lot"])
        return max(legal, key=worth)

    def clock(self, state: BusState, rules: Rules, seat: int, legal: list[Action]) -> Action:
        return {"type": "clock", "stop": False}

    def building(self, state: BusState, rules: Rules, seat: int, legal: list[Action]) -> Action:
        return self.rng.choice(legal)

    def choose(self, state: BusState, rules: Rules, seat: int, legal: list[Action]) -> Action:
        raise NotImplementedError


class EasyBot(BusBot):
    """Plain sense and a good deal of chance: a beginner who knows the rules."""

    depth = 1

    def choose(self, state: BusState, rules: Rules, seat: int, legal: list[Action]) -> Action:
        passing = [action for action in legal if action["type"] == "pass"]
        if passing and (state.placed[seat] >= 3 or self.rng.random() < EASY_PASS):
            return passing[0]
        places = [action for action in legal if action["type"] == "choose"]
        vrooom = [action for action in places if action["action"] == VROOOM]
        if vrooom and self.rng.random() < 0.4:
            return vrooom[0]
        return self.rng.choice(places or legal)

    def street(self, state: BusState, seat: int, legal: list[Action]) -> Action:
        if self.rng.random() < EASY_RANDOM:
            return self.rng.choice(legal)
        return super().street(state, seat, legal)

    def building(self, state: BusState, rules: Rules, seat: int, legal: list[Action]) -> Action:
        """A lot on its own line if there is one, of a random type."""
        touched = set(state.paths[seat])
        mine = [action for action in legal if self.net.lot_crossing[action["lot"]] in touched]
        return self.rng.choice(mine or legal)


class NormalBot(BusBot):
    """Counts what each choice delivers for it."""

    def choose(self, state: BusState, rules: Rules, seat: int, legal: list[Action]) -> Action:
        values = {action["action"]: self.marker_value(state, rules, seat, action["action"])
                  for action in legal if action["type"] == "choose"}
        can_pass = any(action["type"] == "pass" for action in legal)
        if not values:
            return {"type": "pass"}
        best = max(values, key=lambda action: (values[action], action))
        if can_pass and values[best] < PASS_BELOW:
            return {"type": "pass"}
        return {"type": "choose", "action": best}

    def marker_value(self, state: BusState, rules: Rules, seat: int, action: str) -> float:
        """What one more marker on ``action`` is worth to the seat this round, in passengers."""
        net = self.net
        index = len(state.spaces.get(action, []))
        markers = state.markers[seat]
        spare = max(0.0, min(1.0, (markers - 2) / 10))  # markers are the game's clock: spend them well
        if action == VROOOM:
            kind = evaluate.expected_kind(state, rules)
            mine = state.spaces.get(VROOOM, []).count(seat)
            could = evaluate.deliveries(net, state, rules, seat, kind)
            could += 0.5 * self.fed_by_passengers(state, rules, seat)
            ahead = evaluate.vrooom_ahead(state, seat)
            value = max(0.0, could - 0.5 * ahead - 0.8 * mine * min(could, state.buses[seat]))
            return min(value, state.buses[seat]) * VROOOM_WEIGHT
        if action == BUSES:
            if rules.bus_cap is not None and state.buses[seat] >= rules.bus_cap:
                return 0.0
            behind = city.largest_fleet(state) - state.buses[seat]
            return (0.9 + 0.3 * behind) * (0.4 + spare)
        if action == LINE:
            streets = space_yield(state, rules, LINE, index) or 0
            if not streets or not city.can_extend(net, state, rules, seat):
                return 0.0
            return min(streets, 3) * 0.3 * (0.5 + spare)
        if action == BUILDINGS:
            count = min(space_yield(state, rules, BUILDINGS, index) or 0, len(city.free_lots(state)))
            on_line = sum(1 for lot in city.buildable_lots(net, state)
                          if net.lot_crossing[lot] in set(state.paths[seat]))
            return min(count, on_line) * 0.45 + max(0, count - on_line) * 0.05
        if action == PASSENGERS:
            count = min(space_yield(state, rules, PASSENGERS, index) or 0, state.supply)
            reaches = any(station in state.paths[seat] for station in net.stations)
            return count * (0.5 if reaches else 0.02)
        if action == CLOCK:
            kind_now, kind_next = rules.clock[state.clock], evaluate.expected_kind(state, rules)
            if seat not in state.spaces.get(VROOOM, []):
                return 0.1
            gain = (evaluate.deliveries(net, state, rules, seat, kind_now)
                    - evaluate.deliveries(net, state, rules, seat, kind_next))
            return max(0.0, gain - 1.0) + 0.1
        if action == START:
            return 0.2 if state.start_player != seat else 0.0
        return 0.0

    def fed_by_passengers(self, state: BusState, rules: Rules, seat: int) -> float:
        """Passengers coming to a station on the seat's line this round (its own Passengers markers)."""
        if not any(station in state.paths[seat] for station in self.net.stations):
            return 0.0
        taken = state.spaces.get(PASSENGERS, [])
        return float(sum(space_yield(state, rules, PASSENGERS, index) or 0
                         for index, other in enumerate(taken) if other == seat))

    def clock(self, state: BusState, rules: Rules, seat: int, legal: list[Action]) -> Action:
        """Stop time when the present type delivers clearly more for it than the next one; take the
        last stone only when that wins the game."""
        net = self.net
        now, later = rules.clock[state.clock], rules.clock[(state.clock + 1) % len(rules.clock)]
        vrooom = state.spaces.get(VROOOM, [])
        if state.stones_left == 1:
            finals = [state.score[s] - state.stones[s] - (1 if s == seat else 0) for s in range(state.players)]
            best_other = max(final for s, final in enumerate(finals) if s != seat)
            return {"type": "clock", "stop": finals[seat] > best_other}
        if seat not in vrooom:
            return {"type": "clock", "stop": False}
        markers = vrooom.count(seat)
        gain = markers * (evaluate.deliveries(net, state, rules, seat, now)
                          - evaluate.deliveries(net, state, rules, seat, later))
        return {"type": "clock", "stop": gain >= 2}

    def building(self, state: BusState, rules: Rules, seat: int, legal: list[Action]) -> Action:
        """On its own line, on a crossing nobody else reaches and no passenger sits; of the type its
        line has fewest of (the coming type first on ties)."""
        net = self.net
        touched = set(state.paths[seat])
        counts = evaluate.kind_counts_on_line(net, state, seat)
        coming = evaluate.expected_kind(state, rules)

        def lot_worth(lot: int) -> tuple[float, int]:
            crossing = net.lot_crossing[lot]
            value = 3.0 if crossing in touched else -min(
                (abs(net.positions[crossing][0] - net.positions[c][0]) + abs(net.positions[crossing][1]
                 - net.positions[c][1]) for c in touched), default=0) * 0.3
            value -= 1.0 * evaluate.others_on(state, seat, crossing)
            value -= 0.5 * state.passengers[crossing]
            value += LOT_GAIN * max(self.delivery_gain(state, rules, seat, lot, kind) for kind in KINDS)
            return (value, -lot)

        lots = sorted({action["lot"] for action in legal}, key=lot_worth, reverse=True)
        lot = lots[0]
        kinds = [action["kind"] for action in legal if action["lot"] == lot]
        here = {state.buildings[other] for other in net.crossing_lots[net.lot_crossing[lot]]}
        gains = {k: self.delivery_gain(state, rules, seat, lot, k) for k in kinds}
        kind = min(kinds, key=lambda k: (-gains[k], counts[k] + (0.5 if k in here else 0), k != coming,
                                         KINDS.index(k)))
        return {"type": "building", "lot": lot, "kind": kind}

    def delivery_gain(self, state: BusState, rules: Rules, seat: int, lot: int, kind: str) -> float:
        """Deliveries a building of ``kind`` on ``lot`` adds at the next Vrrooomm! moments (the coming
        type counts fully, the two after it less): a building is worth most where passengers wait."""
        if self.net.lot_crossing[lot] not in state.paths[seat] or state.phase == "setup_buildings":
            return 0.0
        start = (state.clock + 1) % len(rules.clock)
        ahead = [rules.clock[(start + step) % len(rules.clock)] for step in range(3)]
        if kind not in ahead:
            return 0.0
        before = [evaluate.deliveries(self.net, state, rules, seat, wanted) for wanted in ahead]
        state.buildings[lot] = kind
        try:
            after = [evaluate.deliveries(self.net, state, rules, seat, wanted) for wanted in ahead]
        finally:
            state.buildings[lot] = None
        return sum(weight * (a - b) for weight, a, b in zip((1.0, 0.5, 0.25), after, before, strict=True))


def make_bot(level: str, seed: int) -> BusBot:
    if level not in LEVELS:
        raise ValueError(f"Bus bots come in {', '.join(LEVELS)}, not {level!r}")
    return NormalBot(seed) if level == "normal" else EasyBot(seed)
