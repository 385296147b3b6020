"""The Linie 1 components (board, buildings, terminals, tiles, cards, die) read from assets.

Everything here is immutable module data derived once from ``assets/linie1/components.json``;
the rest of the core works with the small tuples and dicts built below.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.assets import load_json
from game.core.linie1.geometry import (
    STEP,
    Cell,
    Face,
    face_from_names,
    face_mask,
    opposite,
    rotate_face,
)

RAW = load_json("linie1/components.json")

BOARD_SIZE: int = RAW["board_size"]
FIRST, LAST = RAW["playfield"]["rows"]
HAND_SIZE: int = RAW["hand_size"]


@dataclass(frozen=True)
class TileType:
    number: int
    name: str
    face: Face  # base orientation
    pile: int
    start: int
    tree: bool

    def rotated(self, rot: int) -> Face:
        return rotate_face(self.face, rot)


TILE_TYPES: dict[int, TileType] = {
    item["type"]: TileType(item["type"], item["name"], face_from_names(item["segments"]),
                           item["pile"], item["start"], item["tree"])
    for item in RAW["tiles"]
}
TOTAL_TILES = sum(t.pile + t.start for t in TILE_TYPES.values())

# (type, rot) -> face, and for each type the rotations that give distinct faces.
FACES: dict[tuple[int, int], Face] = {
    (number, rot): tile.rotated(rot) for number, tile in TILE_TYPES.items() for rot in range(4)
}
DISTINCT_ROTATIONS: dict[int, tuple[int, ...]] = {}
for _number in TILE_TYPES:
    _seen: dict[Face, int] = {}
    for _rot in range(4):
        _seen.setdefault(FACES[(_number, _rot)], _rot)
    DISTINCT_ROTATIONS[_number] = tuple(sorted(_seen.values()))
MASKS: dict[tuple[int, int], int] = {key: face_mask(face) for key, face in FACES.items()}

START_TILES_PER_PLAYER: dict[int, int] = {int(k): v for k, v in RAW["start_tiles_per_player"].items()}

BUILDINGS: dict[str, Cell] = {b["letter"]: tuple(b["cell"]) for b in RAW["buildings"]}  # type: ignore[misc]
BUILDING_NAMES: dict[str, str] = {b["letter"]: b["name"] for b in RAW["buildings"]}
BUILDING_AT: dict[Cell, str] = {cell: letter for letter, cell in BUILDINGS.items()}


@dataclass(frozen=True)
class Terminal:
    """One end of a line: a U-loop over two border cells, each with an entry square in front."""

    line: int
    index: int  # 0 or 1
    name: str
    cells: tuple[Cell, Cell]
    entries: tuple[Cell, Cell]  # the playfield square in front of each cell
    entry_edges: tuple[int, int]  # the edge of each entry square that faces its terminal cell


def _inward(cell: Cell) -> int:
    row, col = cell
    if row == 0:
        return 2
    if row == BOARD_SIZE - 1:
        return 0
    if col == 0:
        return 1
    return 3


def _build_terminals() -> tuple[dict[int, str], dict[int, tuple[Terminal, Terminal]]]:
    colours: dict[int, str] = {}
    terminals: dict[int, tuple[Terminal, Terminal]] = {}
    for item in RAW["lines"]:
        line = item["line"]
        colours[line] = item["colour"]
        pair = []
        for index, term in enumerate(item["terminals"]):
            cells = tuple(tuple(c) for c in term["cells"])
            inward = [_inward(c) for c in cells]
            entries = tuple((c[0] + STEP[d][0], c[1] + STEP[d][1]) for c, d in zip(cells, inward, strict=True))
            pair.append(Terminal(line, index, term["name"], cells, entries,  # type: ignore[arg-type]
                                 tuple(opposite(d) for d in inward)))  # type: ignore[arg-type]
        terminals[line] = (pair[0], pair[1])
    return colours, terminals


LINE_COLOURS, TERMINALS = _build_terminals()
LINES = tuple(sorted(TERMINALS))
TERMINAL_AT: dict[Cell, Terminal] = {cell: t for pair in TERMINALS.values() for t in pair for cell in t.cells}
# entry square -> (terminal, which of its two cells, edge of the entry square facing the terminal)
ENTRY_AT: dict[Cell, tuple[Terminal, int, int]] = {
    entry: (t, i, t.entry_edges[i]) for pair in TERMINALS.values() for t in pair
    for i, entry in enumerate(t.entries)
}

ROUTE_CARDS: dict[str, dict[int, tuple[str, ...]]] = {}
ROUTE_CARD_COLOURS: dict[str, str] = {}
CARD_COLOUR_FOR_PLAYERS: dict[int, str] = {}
for _colour, _deck in RAW["route_cards"].items():
    for _players in _deck["players"]:
        CARD_COLOUR_FOR_PLAYERS[_players] = _colour
    for _card, _rows in _deck["cards"].items():
        ROUTE_CARDS[_card] = {int(line): tuple(stops) for line, stops in _rows.items()}
        ROUTE_CARD_COLOURS[_card] = _colour

DEFAULT_DIE: tuple[str, ...] = tuple(RAW["die"]["default_faces"])

# Kinds of the 14 x 14 cells.
PLAY, BUILDING, TERMINAL, BORDER = "play", "building", "terminal", "border"


def cell_kind(cell: Cell) -> str:
    row, col = cell
    if cell in BUILDING_AT:
        return BUILDING
    if FIRST <= row <= LAST and FIRST <= col <= LAST:
        return PLAY
    if cell in TERMINAL_AT:
        return TERMINAL
    return BORDER


PLAYABLE: tuple[Cell, ...] = tuple(
    (r, c) for r in range(FIRST, LAST + 1) for c in range(FIRST, LAST + 1) if (r, c) not in BUILDING_AT
)
# Squares orthogonally next to each building (candidates for its stop sign).
BESIDE_BUILDING: dict[Cell, str] = {}
for _letter, (_r, _c) in BUILDINGS.items():
    for _dr, _dc in STEP:
        _cell = (_r + _dr, _c + _dc)
        if cell_kind(_cell) == PLAY:
            BESIDE_BUILDING[_cell] = _letter

__all__ = [
    "BESIDE_BUILDING", "BOARD_SIZE", "BUILDINGS", "BUILDING_AT", "BUILDING_NAMES", "CARD_COLOUR_FOR_PLAYERS",
    "DEFAULT_DIE", "DISTINCT_ROTATIONS", "ENTRY_AT", "FACES", "HAND_SIZE", "LINES", "LINE_COLOURS", "MASKS",
    "PLAYABLE", "ROUTE_CARDS", "ROUTE_CARD_COLOURS", "START_TILES_PER_PLAYER", "TERMINALS", "TERMINAL_AT",
    "TILE_TYPES", "TOTAL_TILES", "Terminal", "TileType", "cell_kind", "face_mask",
]
