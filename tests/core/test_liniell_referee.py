"""An independent scorer for Liniell (N6), written from the rule text and the tile file alone, held
against the core's final count of random legal games.

It builds its own graph of the field — every port and internal node of every tile, the tiles'
segments, and a link between each pair of facing ports — finds each marker's line by walking it,
and tries every simple path between the line's ends: "the longest route enclosed by two rhombs",
else from its one rhomb to the edge, else edge to edge; 1 point per distinct tile, +1 when enclosed
by two rhombs, +1 per blue rhomb at its ends; equally long routes go to the higher score (ruling
N6). The higher total wins, then more blue rhombs at route ends, then it is a draw.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.assets import load_json
from game.core.liniell import GAME

SIDES = "NESW"
STEP = {0: (0, -1), 1: (1, 0), 2: (0, 1), 3: (-1, 0)}  # x to the east, y to the south
RAW = {tile["id"]: tile for tile in load_json("liniell/tiles.json")["tiles"]}


def pieces_of(raw: dict) -> list[int]:
    """The piece of each segment: its connected part of the tile, numbered by first segment."""
    parent: dict[str, str] = {}

    def root(name: str) -> str:
        while parent.setdefault(name, name) != name:
            name = parent[name]
        return name

    for a, b in raw["segments"]:
        parent[root(a)] = root(b)
    numbers: dict[str, int] = {}
    return [numbers.setdefault(root(a), len(numbers)) for a, _b in raw["segments"]]


class Field:
    """The tiles as a graph: nodes ("port", x, y, side) and ("node", x, y, id); edges carry the
    square of their segment (None for the link between two facing ports)."""

    def __init__(self, placed: list[tuple[tuple[int, int], int, int]]) -> None:
        self.tiles = {cell: (tile, rot) for cell, tile, rot in placed}
        self.adjacent: dict[tuple, list[tuple[tuple, tuple[int, int] | None]]] = {}
        self.rhomb_colour: dict[tuple, str] = {}
        self.piece_nodes: dict[tuple[int, int, int], tuple] = {}
        self.node_piece: dict[tuple, tuple[int, int, int]] = {}
        for (x, y), (tile, rot) in self.tiles.items():
            raw = RAW[tile]
            colours = {node["id"]: node.get("colour") for node in raw.get("nodes", []) if node["kind"] == "rhomb"}
            for (a, b), piece in zip(raw["segments"], pieces_of(raw), strict=True):
                ends = [self.endpoint(x, y, rot, name, colours) for name in (a, b)]
                self.link(ends[0], ends[1], (x, y))
                self.piece_nodes.setdefault((x, y, piece), ends[0])
                for end in ends:
                    self.node_piece[end] = (x, y, piece)
        for node in list(self.adjacent):
            if node[0] == "port":
                _kind, x, y, side = node
                dx, dy = STEP[side]
                facing = ("port", x + dx, y + dy, (side + 2) % 4)
                if facing in self.adjacent and node < facing:
                    self.link(node, facing, None)

    def endpoint(self, x: int, y: int, rot: int, name: str, colours: dict[str, str]) -> tuple:
        if name in SIDES:
            return ("port", x, y, (SIDES.index(name) + rot) % 4)  # rot quarter turns clockwise
        if name in colours:
            self.rhomb_colour[("node", x, y, name)] = colours[name]
        return ("node", x, y, name)

    def link(self, a: tuple, b: tuple, cell: tuple[int, int] | None) -> None:
        self.adjacent.setdefault(a, []).append((b, cell))
        self.adjacent.setdefault(b, []).append((a, cell))

    def at_edge(self, node: tuple) -> bool:
        """A port facing a square without a tile: the edge of the tiles on the table."""
        if node[0] != "port":
            return False
        _kind, x, y, side = node
        dx, dy = STEP[side]
        return (x + dx, y + dy) not in self.tiles

    def line_of(self, piece: tuple[int, int, int]) -> set[tuple]:
        start = self.piece_nodes[piece]
        seen, todo = {start}, [start]
        while todo:
            for other, _cell in self.adjacent[todo.pop()]:
                if other not in seen:
                    seen.add(other)
                    todo.append(other)
        return seen

    def line_id(self, piece: tuple[int, int, int]) -> str:
        """A line's id as the view names it: its smallest piece, "x,y,piece"."""
        first = min(self.node_piece[node] for node in self.line_of(piece) if node in self.node_piece)
        return ",".join(map(str, first))

    def lines_on(self, cell: tuple[int, int]) -> set[str]:
        return {self.line_id(piece) for piece in self.piece_nodes if piece[:2] == cell}

    def route_points(self, piece: tuple[int, int, int]) -> tuple[int, int, int]:
        """(points, distinct tiles, blue rhombs at the ends) of the route of the line through ``piece``."""
        line = self.line_of(piece)
        rhombs = [node for node in line if node in self.rhomb_colour]
        edges = [node for node in line if self.at_edge(node)]
        if len(rhombs) >= 2:
            starts, targets, enclosed = rhombs, set(rhombs), 1
        elif len(rhombs) == 1:
            starts, targets, enclosed = rhombs, set(edges), 0
        else:
            starts, targets, enclosed = edges, set(edges), 0
        best = (0, 0, 0, 0)  # (tiles, points, tiles, blue): longest, then worth most
        for start in starts:
            for end, cells in self.paths(start, targets):
                blue = sum(self.rhomb_colour.get(node) == "blue" for node in (start, end))
                tiles = len(cells)
                best = max(best, (tiles, tiles + enclosed + blue, tiles, blue))
        return best[1], best[2], best[3]

    def paths(self, start: tuple, targets: set[tuple]):
        """Every simple path from ``start`` to another node of ``targets``: (its end, its squares)."""
        trail: list[tuple[int, int] | None] = []
        visited = {start}

        def walk(node: tuple):
            for other, cell in self.adjacent[node]:
                if other in visited:
                    continue
                visited.add(other)
                trail.append(cell)
                if other in targets:
                    yield other, {square for square in trail if square is not None}
                yield from walk(other)
                trail.pop()
                visited.discard(other)

        yield from walk(start)


def random_finished_game(seed: int, choices: random.Random):
    state = GAME.setup(2, seed)
    while GAME.outcome(state) is None:
        (seat,) = GAME.to_act(state)
        GAME.apply(state, seat, choices.choice(GAME.legal(state, seat)))
    return state


def assert_scored_by_the_rules(state) -> None:
    field = Field(list(state.placed))
    outcome = GAME.outcome(state)
    totals, blues = [0, 0], [0, 0]
    routes = {(entry["seat"], entry["marker"]): entry for entry in outcome["routes"]}
    on_field = {(seat, marker): ref for seat, own in enumerate(state.markers)
                for marker, ref in enumerate(own) if ref is not None}
    assert set(routes) == set(on_field)  # a marker in the supply scores nothing
    for (seat, marker), ref in on_field.items():
        points, tiles, blue = field.route_points(tuple(ref))
        entry = routes[(seat, marker)]
        assert (entry["points"], entry["tiles"], entry["blue"]) == (points, tiles, blue), (entry, ref)
        totals[seat] += points
        blues[seat] += blue
    assert outcome["scores"] == totals and outcome["blue"] == blues
    ranked = sorted(((totals[seat], blues[seat], seat) for seat in (0, 1)), reverse=True)
    if ranked[0][:2] == ranked[1][:2]:
        assert outcome["winners"] == [] and outcome["draw"]
    else:
        assert outcome["winners"] == [ranked[0][2]] and not outcome["draw"]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), choice_seed=st.integers(0, 2**32))
def test_random_games_are_scored_as_the_rules_say(seed, choice_seed):
    assert_scored_by_the_rules(random_finished_game(seed, random.Random(choice_seed)))


def test_the_scored_games_cover_every_kind_of_route():
    """Rhomb to rhomb, rhomb to edge and edge to edge routes, and a tie, all come up."""
    kinds: set[str | None] = set()
    decided_by_blue = 0
    for seed in range(40):
        state = random_finished_game(seed, random.Random(seed))
        assert_scored_by_the_rules(state)
        outcome = GAME.outcome(state)
        kinds.update(entry["kind"] for entry in outcome["routes"])
        decided_by_blue += outcome["scores"][0] == outcome["scores"][1] and not outcome["draw"]
    assert {"rhombs", "rhomb_to_edge", "edge_to_edge"} <= kinds, kinds
    assert decided_by_blue, "a tie on points broken by blue rhombs comes up"


# -- the turn, move by move (N2-N5) --------------------------------------------------------------------------------
def occupied(field: Field, markers) -> list[list[str]]:
    """Each seat's occupied lines (ids), one entry per marker on the field."""
    return [sorted(field.line_id(tuple(ref)) for ref in own if ref is not None) for own in markers]


def fitting(state) -> set[tuple[int, int, int]]:
    """N2: a free square next to a tile (the first in the centre), all inside a 4 x 4 square; any turn."""
    cells = {cell for cell, _tile, _rot in state.placed}
    if not cells:
        return {(0, 0, rot) for rot in range(4)}
    near = {(x + dx, y + dy) for x, y in cells for dx, dy in STEP.values()} - cells
    found = set()
    for x, y in near:
        xs, ys = [c[0] for c in cells] + [x], [c[1] for c in cells] + [y]
        if max(xs) - min(xs) < 4 and max(ys) - min(ys) < 4:
            found.update((x, y, rot) for rot in range(4))
    return found


def placements_by_the_rules(state) -> set[tuple[int, int, int]]:
    """N2, and N4: never joining two lines of one colour, and (ruling 4) at most one connection."""
    found = set()
    for x, y, rot in fitting(state):
        field = Field([*state.placed, ((x, y), state.drawn, rot)])
        seats_by_line: dict[str, list[int]] = {}
        for seat, own in enumerate(state.markers):
            for ref in own:
                if ref is not None:
                    seats_by_line.setdefault(field.line_id(tuple(ref)), []).append(seat)
        if any(len(seats) != len(set(seats)) for seats in seats_by_line.values()):
            continue  # N4: two lines of one colour joined
        if sum(len(seats) == 2 for seats in seats_by_line.values()) > 1:
            continue  # ruling 4: two connections at once
        found.add((x, y, rot))
    return found


def follow_ups_by_the_rules(state, seat: int) -> list[dict]:
    """N3 after a placement, or N4's forced connection when the tile joined a yellow and a green line."""
    field = Field(list(state.placed))
    lines = occupied(field, state.markers)
    joined = set(lines[0]) & set(lines[1])
    if joined:
        (line,) = joined
        other = [ref for ref in state.markers[seat] if ref is None or field.line_id(tuple(ref)) != line]
        assert len(other) == 1
        source = "supply" if other[0] is None else field.line_id(tuple(other[0]))
        return [{"type": "connect_marker", "from": source}]
    sources = (["supply"] if None in state.markers[seat] else []) + lines[seat]
    free = field.lines_on(state.placed[-1][0]) - set(lines[0]) - set(lines[1])
    return [{"type": "skip"}] + [{"type": "occupy", "line": line, "from": source}
                                 for line in sorted(free) for source in sources]


def expected_after(state, seat: int, action: dict) -> list[list[str]]:
    """Each seat's occupied lines after an occupy, skip or connection."""
    field = Field(list(state.placed))
    lines = occupied(field, state.markers)
    if action["type"] == "occupy":
        if action["from"] != "supply":
            lines[seat].remove(action["from"])  # the line it leaves becomes free
        lines[seat] = sorted([*lines[seat], action["line"]])
    elif action["type"] == "connect_marker":
        (line,) = set(lines[0]) & set(lines[1])
        lines[1 - seat].remove(line)  # both original markers go home; the placer's other one comes
        lines[seat] = [line]
    return lines


def key(action: dict) -> tuple:
    return tuple(sorted(action.items()))


def refereed_game(seed: int, choices: random.Random):
    state = GAME.setup(2, seed)
    while GAME.outcome(state) is None:
        (seat,) = GAME.to_act(state)
        legal = GAME.legal(state, seat)
        if state.phase == "place":
            allowed = placements_by_the_rules(state)
            assert allowed and {(a["x"], a["y"], a["rot"]) for a in legal} == allowed
            action = choices.choice(legal)
            GAME.apply(state, seat, action)
            assert state.phase in ("occupy", "connect")
            continue
        assert sorted(map(key, legal)) == sorted(map(key, follow_ups_by_the_rules(state, seat)))
        action = choices.choice(legal)
        expected = expected_after(state, seat, action)
        tiles_left = len(state.stack)
        events = GAME.apply(state, seat, action)
        assert occupied(Field(list(state.placed)), state.markers) == expected
        for event in events:  # N5 and ruling 6: a tile is set aside only when it fits nowhere
            if event["type"] == "set_aside":
                drawn = SimpleNamespace(placed=state.placed, markers=state.markers, drawn=event["tile"])
                assert not placements_by_the_rules(drawn)
        if tiles_left == 0:  # N5: the game ends when the player who placed the last tile ends the turn
            assert GAME.outcome(state) is not None
        elif GAME.outcome(state) is None:
            assert state.current == 1 - seat  # then the other player draws (and places)
    assert len(state.placed) + len(state.set_aside) == 16
    return state


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), choice_seed=st.integers(0, 2**32))
def test_random_games_offer_and_play_exactly_what_the_rules_allow(seed, choice_seed):
    assert_scored_by_the_rules(refereed_game(seed, random.Random(choice_seed)))


def test_the_refereed_games_see_connections_and_refusals():
    """The property above meets the rules that matter most: connections made, placements refused by N4."""
    connections = refused = 0
    for seed in range(15):
        choices = random.Random(seed)
        state = GAME.setup(2, seed)
        while GAME.outcome(state) is None:
            (seat,) = GAME.to_act(state)
            if state.phase == "place":
                refused += len(fitting(state)) - len(placements_by_the_rules(state))
            connections += state.phase == "connect"
            GAME.apply(state, seat, choices.choice(GAME.legal(state, seat)))
    assert connections > 0 and refused > 0, (connections, refused)
