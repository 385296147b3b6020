"""Line Expansion bots. They see only their view — the game is public, so the view rebuilds the whole
state — and plan with the real rules: a beam search over the streets of the current expansion and a
few beyond it, valuing the lots a line visits plus the lots it could still reach from its heads.

``normal`` plans; ``easy`` grabs the nearest lots greedily and now and then plays at random.
"""

from __future__ import annotations

from game.core.contract import Action, View
from game.core.lines import GAME
from game.core.lines.network import Network, network
from game.core.lines.rounds import largest_fleet, markers_left, space_streets
from game.core.lines.scoring import score
from game.core.lines.state import BUS_SPACE, LinesState
from game.core.lines.streets import Move, Surroundings, can_grow, extend, heads, line_streets
from game.core.rng import Rng

LEVELS = ("easy", "normal")

REACH = 4  # how far (in street steps) the potential of a head looks
DECAY = (0.0, 0.3, 0.15, 0.07, 0.03)  # weight of a lot at each distance from the nearest head
CROWDED_STEP = 2  # a street another line runs along counts as two steps: it is open only by exception
BEAM = 10  # lines kept per depth of the expansion search
PLAN_AHEAD = 3  # streets planned beyond the current expansion: later ones count, even if not yet owed
STUCK_PENALTY = 0.6  # per marker left that a line closed in on itself can never use
EASY_RANDOM = 0.3  # how often the easy bot builds a random legal street


class Planner:
    """One seat's view of the board while it builds: the other lines stay put, only its own grows."""

    def __init__(self, net: Network, state: LinesState, seat: int) -> None:
        self.net = net
        self.seat = seat
        self.surroundings = Surroundings(net, state.paths, seat)
        self.crowded = [bool(others) for others in self.surroundings.others_on]
        self.markers = markers_left(state, seat)
        self.base_streets = len(line_streets(net, state.paths[seat]))  # streets already counted in markers

    def value(self, path: list[int], own: frozenset[int] | set[int]) -> float:
        """Points already on the line plus what its heads may still reach with the markers left."""
        seen = set(path)
        points = sum(self.net.points[crossing] for crossing in seen)
        left = max(self.markers - (len(own) - self.base_streets), 0)
        if left == 0:
            return points
        reach = self.reach(path, own, seen)
        if reach is None:
            return points - STUCK_PENALTY * left
        return points + reach * min(1.0, left / 6)

    def reach(self, path: list[int], own: frozenset[int] | set[int], seen: set[int]) -> float | None:
        """Decayed sum of unvisited lots near the heads; None when the line cannot grow at all."""
        if not can_grow(self.net, path, own):
            return None
        line_heads = heads(path)
        distance = dict.fromkeys(line_heads, 0)
        buckets: list[list[int]] = [list(line_heads)] + [[] for _ in range(REACH)]
        for step in range(REACH + 1):
            for crossing in buckets[step]:
                if distance[crossing] != step:
                    continue
                for street, other in self.net.adjacent[crossing]:
                    if street in own:
                        continue
                    further = step + (CROWDED_STEP if self.crowded[street] else 1)
                    if further <= REACH and further < distance.get(other, REACH + 1):
                        distance[other] = further
                        buckets[further].append(other)
        return sum(self.net.points[crossing] * DECAY[step]
                   for crossing, step in distance.items() if crossing not in seen)

    def search(self, path: list[int], steps: int) -> tuple[list[float], Move | None]:
        """Beam search over ``steps`` streets: the best value after each number of streets, and the
        first street of the best line after all of them (None when no street can be built)."""
        own = frozenset(line_streets(self.net, path))
        beam: list[tuple[float, list[int], frozenset[int], Move | None]] = [
            (self.value(path, own), path, own, None)]
        best = [beam[0][0]]
        for _ in range(min(steps, self.markers - (len(own) - self.base_streets))):
            grown: dict[tuple[frozenset[int], tuple[int, ...]], tuple] = {}
            for value, line, streets, first in beam:
                moves = self.surroundings.moves(line, set(streets))
                if not moves:  # the rest of this expansion is lost; the line stays as it is
                    grown.setdefault((streets, tuple(heads(line))), (value, line, streets, first))
                for move in moves:
                    longer = list(line)
                    extend(longer, move)
                    more = streets | {move.street}
                    key = (more, tuple(sorted(heads(longer))))
                    if key not in grown:
                        grown[key] = (self.value(longer, more), longer, more, first or move)
            beam = sorted(grown.values(), key=lambda entry: -entry[0])[:BEAM]
            best.append(beam[0][0])
        return best, beam[0][3]


class LinesBot:
    """A bot for one seat; ``decide`` answers the seat's view with an action the core accepts."""

    def __init__(self, level: str, seed: int) -> None:
        self.level = level
        self.rng = Rng(seed)
        self.net = network()

    def decide(self, view: View) -> Action:
        state = GAME.state_from_view(view)
        seat = GAME.to_act(state)[0]
        legal = GAME.legal(state, seat)
        if len(legal) == 1:
            return legal[0]
        if state.phase == "place":
            return self._first_street(state, seat, legal)
        if state.phase == "choose":
            return self._choose(state, seat, legal)
        return self._street(state, seat, legal)

    # -- building ----------------------------------------------------------------------------------
    def _street(self, state: LinesState, seat: int, legal: list[Action]) -> Action:
        if self.level == "easy":
            return self._easy_street(state, seat, legal)
        steps = 1 if state.phase == "extend" else state.remaining
        _, move = Planner(self.net, state, seat).search(state.paths[seat], steps + PLAN_AHEAD)
        assert move is not None  # legal moves exist, so the search found a first street
        return {"type": "street", "street": move.street, "head": move.head}

    def _easy_street(self, state: LinesState, seat: int, legal: list[Action]) -> Action:
        if self.rng.random() < EASY_RANDOM:
            return self.rng.choice(legal)
        seen = set(state.paths[seat])

        def gain(action: Action) -> int:
            to = self.net.other_end(action["street"], action["head"])
            return 0 if to in seen else self.net.points[to]

        top = max(gain(action) for action in legal)
        return self.rng.choice([action for action in legal if gain(action) == top])

    def _first_street(self, state: LinesState, seat: int, legal: list[Action]) -> Action:
        if self.level == "easy":
            ends = self.net.ends
            ranked = sorted(legal, key=lambda action: -sum(self.net.points[c] for c in ends[action["street"]]))
            return self.rng.choice(ranked[:20])
        planner = Planner(self.net, state, seat)
        scored = []
        for action in legal:
            best, _ = planner.search(list(self.net.ends[action["street"]]), 1)
            scored.append((best[-1], action))
        top = max(value for value, _ in scored)
        return self.rng.choice([action for value, action in scored if value >= top - 1e-9])

    # -- action spaces ---------------------------------------------------------------------------
    def _choose(self, state: LinesState, seat: int, legal: list[Action]) -> Action:
        spaces = [action["space"] for action in legal if action["type"] == "action_space"]
        expansions = [space for space in spaces if space != BUS_SPACE]
        if self.level == "easy":
            if expansions and self.rng.random() < 0.8:
                return {"type": "action_space", "space": min(expansions)}
            return self.rng.choice(legal)
        values = self._space_values(state, seat, expansions)
        if BUS_SPACE in spaces:
            values[BUS_SPACE] = self._bus_value(state, seat, values)
        values["pass"] = self._pass_value(state, seat)
        best = max(values, key=lambda option: values[option])
        return {"type": "pass"} if best == "pass" else {"type": "action_space", "space": best}

    def _space_values(self, state: LinesState, seat: int, expansions: list[str]) -> dict[str, float]:
        if not expansions:
            return {}
        counts = {space: space_streets(state, space) for space in expansions}
        best, _ = Planner(self.net, state, seat).search(state.paths[seat], max(counts.values()))
        return {space: best[min(count, len(best) - 1)] - best[0] for space, count in counts.items()}

    def _bus_value(self, state: LinesState, seat: int, values: dict[str, float]) -> float:
        """A bus only matters when it raises the largest fleet, which lengthens every later expansion
        (everyone's, so it is worth less the fewer markers this seat has left to use)."""
        if state.buses[seat] < largest_fleet(state):
            return 0.01
        per_street = max(values.values(), default=2.0) / max(largest_fleet(state), 1)
        return per_street * min(1.0, markers_left(state, seat) / 15)

    def _pass_value(self, state: LinesState, seat: int) -> float:
        """Passing is worthless, except as the last seat of a round everyone else passed: then it
        ends the game (B7), which is worth doing only when this seat is ahead."""
        if len(state.passed) != state.players - 1 or state.queue != [seat]:
            return -0.001
        scores = [score(self.net, path) for path in state.paths]
        best_other = max(value for other, value in enumerate(scores) if other != seat)
        return 1000.0 if scores[seat] > best_other else -1000.0


def make_bot(level: str, seed: int) -> LinesBot:
    if level not in LEVELS:
        raise ValueError(f"Line Expansion bots come in {', '.join(LEVELS)}, not {level!r}")
    return LinesBot(level, seed)
