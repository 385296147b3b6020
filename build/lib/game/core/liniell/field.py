"""The field of placed tiles: where a tile may go (N2) and which pieces form one line.

Coordinates are unbounded (the first tile lies at 0, 0, "the centre"); the rule that everything
fits in a 4 x 4 square is a bound on the bounding box. Lines are recomputed from scratch with a
union-find over the pieces: sixteen tiles make that cheaper than keeping an incremental structure
correct, and both the rules and the bot share this one definition of "a line".
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from game.core.liniell.tiles import CLOSED, DELTAS, TILES, opposite

SIDE = 4  # the field is a SIDE x SIDE square

Cell = tuple[int, int]
PieceRef = tuple[int, int, int]  # x, y, piece index on that tile


def piece_id(ref: PieceRef) -> str:
    """The text form of a piece reference; a line's id is the id of its smallest piece."""
    return f"{ref[0]},{ref[1]},{ref[2]}"


class Field:
    """Placed tiles: cell -> (tile id, rotation). Small and copied freely."""

    __slots__ = ("cells",)

    def __init__(self, cells: dict[Cell, tuple[int, int]] | None = None) -> None:
        self.cells: dict[Cell, tuple[int, int]] = dict(cells or {})

    def with_tile(self, cell: Cell, tile: int, rot: int) -> Field:
        copy = Field(self.cells)
        copy.cells[cell] = (tile, rot)
        return copy

    def bounds(self) -> tuple[int, int, int, int]:
        xs = [x for x, _ in self.cells]
        ys = [y for _, y in self.cells]
        return min(xs), min(ys), max(xs), max(ys)

    def fits(self, cell: Cell) -> bool:
        """Whether the field plus ``cell`` still fits in a SIDE x SIDE square."""
        if not self.cells:
            return True
        min_x, min_y, max_x, max_y = self.bounds()
        x, y = cell
        return max(max_x, x) - min(min_x, x) < SIDE and max(max_y, y) - min(min_y, y) < SIDE

    def is_adjacent(self, cell: Cell) -> bool:
        x, y = cell
        return any((x + dx, y + dy) in self.cells for dx, dy in DELTAS)

    def open_cells(self) -> list[Cell]:
        """Empty cells where a tile may go by N2 (sorted); the centre cell on an empty field."""
        if not self.cells:
            return [(0, 0)]
        found = set()
        for x, y in self.cells:
            for dx, dy in DELTAS:
                cell = (x + dx, y + dy)
                if cell not in self.cells and self.fits(cell):
                    found.add(cell)
        return sorted(found)

    def piece_towards(self, cell: Cell, direction: int) -> int:
        """The piece on ``cell`` whose line leaves towards ``direction`` (CLOSED if none or no tile)."""
        placed = self.cells.get(cell)
        if placed is None:
            return CLOSED
        return TILES[placed[0]].piece_towards(direction, placed[1])

    def pieces(self) -> Iterator[PieceRef]:
        for (x, y), (tile, _) in self.cells.items():
            for piece in range(TILES[tile].pieces):
                yield (x, y, piece)


@dataclass
class Lines:
    """The lines of a field: ``line_of`` maps each piece to the index of its line in ``members``."""

    line_of: dict[PieceRef, int]
    members: list[list[PieceRef]]

    @property
    def ids(self) -> list[str]:
        return [piece_id(pieces[0]) for pieces in self.members]

    def index_of_id(self, line_id: str) -> int | None:
        for index, pieces in enumerate(self.members):
            if piece_id(pieces[0]) == line_id:
                return index
        return None

    def id_of(self, ref: PieceRef) -> str:
        return piece_id(self.members[self.line_of[ref]][0])

    def on_cell(self, cell: Cell) -> list[int]:
        """Indices of the lines running through ``cell`` (each once, in piece order)."""
        found: list[int] = []
        for ref in sorted(ref for ref in self.line_of if ref[:2] == cell):
            line = self.line_of[ref]
            if line not in found:
                found.append(line)
        return found

    def piece_on_cell(self, line: int, cell: Cell) -> PieceRef:
        """The first piece of ``line`` lying on ``cell`` (where a marker put there sits)."""
        return min(ref for ref in self.members[line] if ref[:2] == cell)


def compute_lines(field: Field) -> Lines:
    """Join pieces across tiles wherever two facing ports both carry a line."""
    parent: dict[PieceRef, PieceRef] = {ref: ref for ref in field.pieces()}

    def find(ref: PieceRef) -> PieceRef:
        while parent[ref] != ref:
            parent[ref] = parent[parent[ref]]
            ref = parent[ref]
        return ref

    for (x, y) in field.cells:
        for direction in (1, 2):  # east and south: each shared edge once
            dx, dy = DELTAS[direction]
            here = field.piece_towards((x, y), direction)
            there = field.piece_towards((x + dx, y + dy), opposite(direction))
            if here != CLOSED and there != CLOSED:
                parent[find((x, y, here))] = find((x + dx, y + dy, there))
    groups: dict[PieceRef, list[PieceRef]] = {}
    for ref in sorted(parent):
        groups.setdefault(find(ref), []).append(ref)
    members = sorted(groups.values())
    line_of = {ref: index for index, pieces in enumerate(members) for ref in pieces}
    return Lines(line_of, members)


@dataclass(frozen=True)
class Join:
    """One network a placement creates: the new tile's ``pieces`` and the existing ``lines`` they join."""

    pieces: tuple[int, ...]
    lines: tuple[int, ...]


def joins_for(field: Field, lines: Lines, cell: Cell, tile: int, rot: int) -> list[Join]:
    """How the pieces of ``tile`` placed at ``cell`` would merge with the lines already on the field.

    Two pieces of the new tile that touch the same existing line end up in one network, so the
    result groups them together.
    """
    spec = TILES[tile]
    touched: list[set[int]] = [set() for _ in range(spec.pieces)]
    x, y = cell
    for direction in range(4):
        piece = spec.piece_towards(direction, rot)
        if piece == CLOSED:
            continue
        dx, dy = DELTAS[direction]
        neighbour = (x + dx, y + dy)
        there = field.piece_towards(neighbour, opposite(direction))
        if there != CLOSED:
            touched[piece].add(lines.line_of[(neighbour[0], neighbour[1], there)])
    groups: list[tuple[set[int], set[int]]] = []
    for piece in range(spec.pieces):
        pieces, joined = {piece}, set(touched[piece])
        for group in [g for g in groups if g[1] & joined]:
            groups.remove(group)
            pieces |= group[0]
            joined |= group[1]
        groups.append((pieces, joined))
    return [Join(tuple(sorted(p)), tuple(sorted(j))) for p, j in sorted(groups, key=lambda g: min(g[0]))]
