"""A fast position for the Liniell bots' search: the same rules as ``game.core.liniell``, in flat tables.

The core rebuilds a field's lines from scratch and walks each route through objects: clear, and
the definition everything is tested against, but far too slow to look at tens of thousands of
positions in one decision. Here a position is a 7 x 7 grid of small integers (every square a
field containing the centre can reach), a tile in a rotation is one index into precomputed
tables, and a placement builds its child position by merging only the lines the new tile
touches. Each line's route points are computed once per distinct line (same pieces, same tiles,
same ports facing empty squares) and cached for the whole process.

The tests compare every table and result here with the core: lines, legal placements, route
points (``tests/ai/test_liniell_board.py``).
"""

from __future__ import annotations

from game.core.liniell.tiles import CLOSED, TILES

SPAN = 7  # x and y run from -3 to 3: a 4 x 4 square holding the centre square never leaves that
OFFSET = 3
CELLS = SPAN * SPAN
EMPTY = -1
NO_MARKER = -1
OPPOSITE = (2, 3, 0, 1)


def cell_index(x: int, y: int) -> int:
    return (y + OFFSET) * SPAN + (x + OFFSET)


CELL_XY: tuple[tuple[int, int], ...] = tuple((c % SPAN - OFFSET, c // SPAN - OFFSET) for c in range(CELLS))
CENTRE = cell_index(0, 0)


def _neighbours(c: int) -> tuple[int, int, int, int]:
    x, y = CELL_XY[c]
    found = []
    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        nx, ny = x + dx, y + dy
        found.append(cell_index(nx, ny) if -OFFSET <= nx <= OFFSET and -OFFSET <= ny <= OFFSET else -1)
    return found[0], found[1], found[2], found[3]


NEIGHBOUR: tuple[tuple[int, int, int, int], ...] = tuple(_neighbours(c) for c in range(CELLS))

# -- tile tables, indexed by tr = tile * 4 + rot ------------------------------------------------------
# PORT[tr][d]: the piece whose line leaves through field side d, or CLOSED.
# SEGMENTS[tr][piece]: the piece's segments as (a, b) with ends 0..3 for field sides, 4 + k for the
#   tile's k-th internal node.  RHOMB[tr]: internal node k -> 1 if blue, 0 if white (rhombs only).


def _tables() -> tuple[tuple, tuple, tuple, tuple, tuple]:
    port, segments, rhomb, pieces, distinct = [], [], [], [], []
    for tile in TILES:
        names = list(tile.rhombs) + list(tile.junctions)
        forms = []
        for rot in range(4):
            port.append(tuple(tile.piece_towards(d, rot) for d in range(4)))

            def end(value: int | str, rot: int = rot, names: list = names) -> int:
                return (value + rot) % 4 if isinstance(value, int) else 4 + names.index(value)

            by_piece: list[list[tuple[int, int]]] = [[] for _ in range(tile.pieces)]
            for segment in tile.segments:
                by_piece[segment.piece].append((end(segment.a), end(segment.b)))
            segments.append(tuple(tuple(items) for items in by_piece))
            rhomb.append({4 + names.index(name): int(colour == "blue") for name, colour in tile.rhombs.items()})
            pieces.append(tile.pieces)
            # What a rotation looks like on the field, up to the numbering of pieces and nodes:
            # two rotations with the same look make the same position.
            look = []
            for segment in tile.segments:
                ends = []
                for value in (segment.a, segment.b):
                    if isinstance(value, int):
                        ends.append(f"p{(value + rot) % 4}")
                    else:
                        touched = sorted(
                            f"p{(other + rot) % 4}" if isinstance(other, int) else "*"
                            for s in tile.segments for here, other in ((s.a, s.b), (s.b, s.a)) if here == value)
                        ends.append(f"{tile.rhombs.get(value, 'j')}:{''.join(touched)}")
                look.append(tuple(sorted(ends)))
            forms.append(tuple(sorted(look)))
        distinct.append(tuple(rot for rot in range(4) if forms[rot] not in forms[:rot]))
    return tuple(port), tuple(segments), tuple(rhomb), tuple(pieces), tuple(distinct)


PORT, SEGMENTS, RHOMB, PIECES, DISTINCT_ROTS = _tables()
assert CLOSED == -1


# -- routes (N6) ----------------------------------------------------------------------------------------

_ROUTES: dict[tuple, tuple[int, int]] = {}
_ROUTES_CAP = 400_000


def route_of(grid: list[int], pieces: tuple[int, ...]) -> tuple[int, int]:
    """(points, blue rhombs at its ends) of the scoring route of the line made of ``pieces``
    (piece = cell * 4 + piece index), or (0, 0) when it has none: exactly ``routes.best_route``."""
    key_parts = []
    for pc in pieces:
        c = pc >> 2
        tr = grid[c]
        open_sides = 0
        port = PORT[tr]
        for d in range(4):
            if port[d] == pc & 3:
                n = NEIGHBOUR[c][d]
                if n < 0 or grid[n] < 0:
                    open_sides |= 1 << d
        key_parts.append((pc, tr, open_sides))
    key = tuple(key_parts)
    found = _ROUTES.get(key)
    if found is None:
        if len(_ROUTES) >= _ROUTES_CAP:
            _ROUTES.clear()
        found = _ROUTES[key] = _search_route(grid, pieces)
    return found


def _search_route(grid: list[int], pieces: tuple[int, ...]) -> tuple[int, int]:
    adjacent: dict[int, list[tuple[int, int]]] = {}
    rhombs: dict[int, int] = {}
    edges: dict[int, int] = {}
    for pc in pieces:
        c, piece = pc >> 2, pc & 3
        tr = grid[c]
        colours = RHOMB[tr]
        base = c * 16
        for a, b in SEGMENTS[tr][piece]:
            ends = []
            for e in (a, b):
                if e >= 4:
                    node = base + e
                    if e in colours:
                        rhombs[node] = colours[e]
                else:
                    n = NEIGHBOUR[c][e]
                    if n < 0 or grid[n] < 0:
                        node = base + e
                        edges[node] = 0
                    elif PORT[grid[n]][OPPOSITE[e]] < 0:
                        node = base + e  # against a closed side: a dead end, no terminal
                    else:
                        node = min(base + e, n * 16 + OPPOSITE[e])
                ends.append(node)
            adjacent.setdefault(ends[0], []).append((ends[1], c))
            adjacent.setdefault(ends[1], []).append((ends[0], c))
    if len(rhombs) >= 2:
        starts, targets, bonus = rhombs, rhombs, 1
    elif rhombs:
        starts, targets, bonus = rhombs, edges, 0
    else:
        starts, targets, bonus = edges, edges, 0
    if not starts or not targets:
        return (0, 0)
    best = (-1, -1, 0)
    counts = [0] * CELLS
    visited: set[int] = set()

    def walk(node: int, start: int, tiles: int) -> None:
        nonlocal best
        for neighbour, c in adjacent[node]:
            if neighbour in visited:
                continue
            visited.add(neighbour)
            counts[c] += 1
            now = tiles + (counts[c] == 1)
            if neighbour in targets and neighbour != start:
                blue = starts[start] + targets[neighbour]
                score = (now, now + bonus + blue, blue)
                if score > best:
                    best = score
            walk(neighbour, start, now)
            counts[c] -= 1
            visited.discard(neighbour)

    for start in starts:
        visited.clear()
        visited.add(start)
        walk(start, start, 0)
    if best[0] < 0:
        return (0, 0)
    return best[1], best[2]


# -- positions ----------------------------------------------------------------------------------------

_FIT: dict[tuple[int, int, int, int] | None, list[bool]] = {}  # bounds -> squares a tile may still go


class Board:
    """Placed tiles and their lines. ``line_of`` maps piece -> line label (the line's smallest
    piece), ``members`` label -> pieces, ``route`` label -> (points, blue) of the line's route now,
    ``ends`` label -> the (empty square, side of that square) pairs where the line leaves the field."""

    __slots__ = ("grid", "line_of", "members", "route", "ends", "bounds", "count", "memo", "_fit")

    def __init__(self) -> None:
        self.grid: list[int] = [EMPTY] * CELLS
        self.line_of: dict[int, int] = {}
        self.members: dict[int, tuple[int, ...]] = {}
        self.route: dict[int, tuple[int, int]] = {}
        self.ends: dict[int, tuple[tuple[int, int], ...]] = {}
        self.bounds: tuple[int, int, int, int] | None = None  # min x, min y, max x, max y
        self.count = 0
        self.memo: dict | None = None  # whatever a search wants to remember about this board
        self._fit: list[bool] | None = None

    @classmethod
    def from_cells(cls, cells: dict[tuple[int, int], tuple[int, int]], order: list[tuple[int, int]] | None = None
                   ) -> Board:
        board = cls()
        for xy in order or list(cells):
            tile, rot = cells[xy]
            c = cell_index(*xy)
            board = board.placed(c, tile * 4 + rot, board.joins(c, tile * 4 + rot))
        return board

    # -- where tiles may go ----------------------------------------------------------------------------
    def fits(self, c: int) -> bool:
        """Whether a tile on square ``c`` keeps the field inside a 4 x 4 square."""
        return self.fit_table()[c]

    def fit_table(self) -> list[bool]:
        fit = self._fit
        if fit is None:
            fit = _FIT.get(self.bounds)
            if fit is None:
                if self.bounds is None:
                    fit = [True] * CELLS
                else:
                    min_x, min_y, max_x, max_y = self.bounds
                    fit = [max(max_x, x) - min(min_x, x) < 4 and max(max_y, y) - min(min_y, y) < 4
                           for x, y in CELL_XY]
                _FIT[self.bounds] = fit
            self._fit = fit
        return fit

    def open_cells(self) -> list[int]:
        """Empty squares next to a tile where the field still fits in 4 x 4 (the centre at first)."""
        if not self.count:
            return [CENTRE]
        grid = self.grid
        fit = self.fit_table()
        found = []
        for c in range(CELLS):
            if grid[c] >= 0 or not fit[c]:
                continue
            for n in NEIGHBOUR[c]:
                if n >= 0 and grid[n] >= 0:
                    found.append(c)
                    break
        return found

    def joins(self, c: int, tr: int) -> list[tuple[tuple[int, ...], frozenset[int]]]:
        """How a tile placed on ``c`` merges with the lines on the field: (its pieces, the line
        labels they join), pieces that touch one line grouped together (``field.joins_for``)."""
        port = PORT[tr]
        grid, line_of = self.grid, self.line_of
        touched: list[set[int]] = [set() for _ in range(PIECES[tr])]
        for d in range(4):
            piece = port[d]
            if piece < 0:
                continue
            n = NEIGHBOUR[c][d]
            if n < 0 or grid[n] < 0:
                continue
            there = PORT[grid[n]][OPPOSITE[d]]
            if there >= 0:
                touched[piece].add(line_of[n * 4 + there])
        groups: list[tuple[set[int], set[int]]] = []
        for piece, joined in enumerate(touched):
            pieces, joined = {piece}, set(joined)
            for group in [g for g in groups if g[1] & joined]:
                groups.remove(group)
                pieces |= group[0]
                joined |= group[1]
            groups.append((pieces, joined))
        return [(tuple(sorted(p)), frozenset(j)) for p, j in groups]

    def placed(self, c: int, tr: int, groups: list[tuple[tuple[int, ...], frozenset[int]]]) -> Board:
        """The board with tile-rotation ``tr`` on ``c`` (``groups`` from ``joins``)."""
        child = Board.__new__(Board)
        grid = self.grid[:]
        grid[c] = tr
        line_of = dict(self.line_of)
        members = dict(self.members)
        route = dict(self.route)
        ends = dict(self.ends)
        affected = []
        for pieces, joined in groups:
            merged = [c * 4 + p for p in pieces]
            for label in joined:
                merged.extend(members.pop(label))
                del route[label], ends[label]
            label = min(merged)
            for pc in merged:
                line_of[pc] = label
            members[label] = tuple(sorted(merged))
            affected.append(label)
        port = PORT[tr]
        for d in range(4):
            n = NEIGHBOUR[c][d]
            if n < 0 or grid[n] < 0 or port[d] >= 0:
                continue
            there = PORT[grid[n]][OPPOSITE[d]]
            if there >= 0:
                affected.append(line_of[n * 4 + there])  # its port now meets a closed side
        for label in affected:
            pieces = members[label]
            route[label] = route_of(grid, pieces)
            ends[label] = _ends_of(grid, pieces)
        x, y = CELL_XY[c]
        if self.bounds is None:
            bounds = (x, y, x, y)
        else:
            min_x, min_y, max_x, max_y = self.bounds
            bounds = (min(min_x, x), min(min_y, y), max(max_x, x), max(max_y, y))
        child.grid, child.line_of, child.members, child.route, child.ends = grid, line_of, members, route, ends
        child.bounds, child.count, child.memo, child._fit = bounds, self.count + 1, None, None
        return child

    def lines_on(self, c: int) -> list[int]:
        """Labels of the lines running through square ``c`` (each once, by piece order)."""
        found: list[int] = []
        for piece in range(PIECES[self.grid[c]]):
            label = self.line_of[c * 4 + piece]
            if label not in found:
                found.append(label)
        return found

    def piece_on(self, label: int, c: int) -> int:
        """The line's first piece on square ``c``: where a marker put on it there sits."""
        return min(pc for pc in self.members[label] if pc >> 2 == c)


def _ends_of(grid: list[int], pieces: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    found = []
    for pc in pieces:
        c = pc >> 2
        port = PORT[grid[c]]
        for d in range(4):
            if port[d] == pc & 3:
                n = NEIGHBOUR[c][d]
                if n >= 0 and grid[n] < 0:
                    found.append((n, OPPOSITE[d]))
    return tuple(found)


def piece_ref(pc: int) -> tuple[int, int, int]:
    x, y = CELL_XY[pc >> 2]
    return (x, y, pc & 3)


def piece_of_ref(ref: tuple[int, int, int]) -> int:
    return cell_index(ref[0], ref[1]) * 4 + ref[2]


def line_id(board: Board, label: int) -> str:
    """The rules' id of a line: the id of its smallest piece as (x, y, piece)."""
    x, y, p = min(piece_ref(pc) for pc in board.members[label])
    return f"{x},{y},{p}"
