"""The Linie 1 board: laid tiles and stop signs, and the track-laying rules a–e (rulings L1–L3, L5).

Two paths answer "may this tile go here?": ``check_place``/``check_exchange`` explain a refusal
with the rule it breaks (for people and tests), and ``allowed_masks`` answers for every rail
pattern of a free square at once, cached, for enumerating legal moves quickly (for bots and for
"is there any legal move?"). Tests prove the two agree.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Iterator
from typing import Any

from game.core.contract import Rejection, reject
from game.core.linie1.data import (
    BESIDE_BUILDING,
    BUILDING,
    BUILDING_AT,
    BUILDING_NAMES,
    BUILDINGS,
    DISTINCT_ROTATIONS,
    FACES,
    MASKS,
    PLAY,
    PLAYABLE,
    TERMINAL,
    TERMINAL_AT,
    TILE_TYPES,
    cell_kind,
)
from game.core.linie1.geometry import (
    POPCOUNT,
    STEP,
    Cell,
    Face,
    face_mask,
    opposite,
)

GAME = "linie1"
EDGE_WORDS = ("north", "east", "south", "west")

# Per playable square: its four neighbours and their kinds never change.
NEIGHBOURS: dict[Cell, tuple[tuple[int, Cell, str], ...]] = {
    cell: tuple(
        (edge, (cell[0] + STEP[edge][0], cell[1] + STEP[edge][1]),
         cell_kind((cell[0] + STEP[edge][0], cell[1] + STEP[edge][1])))
        for edge in range(4)
    )
    for cell in PLAYABLE
}
NEAR: dict[Cell, tuple[Cell, ...]] = {
    cell: tuple(other for other in PLAYABLE if abs(other[0] - cell[0]) + abs(other[1] - cell[1]) <= 2)
    for cell in PLAYABLE
}
RAIL_MASKS = tuple(mask for mask in range(16) if POPCOUNT[mask] >= 2)


def _place_name(cell: Cell) -> str:
    return f"row {cell[0]}, column {cell[1]}"


class Board:
    """Laid tiles (cell -> (type, rotation)) and stop signs (building letter -> cell)."""

    def __init__(self) -> None:
        self.tiles: dict[Cell, tuple[int, int]] = {}
        self.signs: dict[str, Cell] = {}
        self.sign_at: dict[Cell, str] = {}
        self._constraints: dict[Cell, tuple[int, int, int, int, int, int]] = {}
        self._allowed: dict[tuple[Cell, bool], int] = {}
        self._view: dict[str, Any] | None = None  # to_view's result until the next change
        # to_view's lists, kept in step by set_tile (None: made afresh by the next to_view): a tile
        # laid makes one new entry, and every other entry stays the object it was in earlier views.
        self._view_cells: list[Cell] | None = None
        self._tile_views: list[dict[str, Any]] = []
        self._sign_views: list[dict[str, Any]] = []
        # Facts computed from the whole board (its tram network, routes, trip candidates): kept
        # until the next change, never copied, never part of a view or a save.
        self.derived: dict[Any, Any] = {}

    # -- basic facts ---------------------------------------------------------------------------
    def copy(self) -> Board:
        other = Board()
        other.tiles = dict(self.tiles)
        other.signs = dict(self.signs)
        other.sign_at = dict(self.sign_at)
        other._constraints = dict(self._constraints)
        other._allowed = dict(self._allowed)
        return other

    def face_at(self, cell: Cell) -> Face | None:
        placed = self.tiles.get(cell)
        return FACES[placed] if placed is not None else None

    def mask_at(self, cell: Cell) -> int:
        placed = self.tiles.get(cell)
        return MASKS[placed] if placed is not None else 0

    def free_cells(self) -> list[Cell]:
        return [cell for cell in PLAYABLE if cell not in self.tiles]

    # -- changes -------------------------------------------------------------------------------
    def sign_for(self, cell: Cell) -> str | None:
        """The building whose stop sign a tile laid on ``cell`` now would receive (L5): the first tile
        beside a building without a sign; None on a laid square (an exchange adds no sign)."""
        letter = BESIDE_BUILDING.get(cell)
        return letter if letter is not None and cell not in self.tiles and letter not in self.signs else None

    def set_tile(self, cell: Cell, tile: int, rot: int) -> str | None:
        """Lay or replace a tile; returns the building letter whose stop sign it receives (L5)."""
        letter = self.sign_for(cell)
        first_here = cell not in self.tiles
        self.tiles[cell] = (tile, rot)
        self._view = None
        self.derived = {}
        self._invalidate(cell)
        if self._view_cells is not None:
            self._tile_views = self._tile_views.copy()  # earlier views keep theirs
            index = bisect.bisect_left(self._view_cells, cell)
            entry = {"cell": [cell[0], cell[1]], "tile": tile, "rot": rot}
            if first_here:
                self._view_cells.insert(index, cell)
                self._tile_views.insert(index, entry)
            else:
                self._tile_views[index] = entry
        if letter is not None:
            self.signs[letter] = cell
            self.sign_at[cell] = letter
            if self._view_cells is not None:  # else to_view makes every list afresh
                self._sign_views = self._signs_view()
            return letter
        return None

    def _invalidate(self, cell: Cell) -> None:
        for other in NEAR[cell]:
            self._constraints.pop(other, None)
            self._allowed.pop((other, True), None)
            self._allowed.pop((other, False), None)

    # -- what the neighbours of a square demand --------------------------------------------------
    def constraints(self, cell: Cell) -> tuple[int, int, int, int, int, int]:
        """Edge masks of ``cell``: (border, building, terminal, tile rail, tile no-rail, free).

        Computed from the neighbours only, so it serves both a free square and an exchange.
        """
        cached = self._constraints.get(cell)
        if cached is not None:
            return cached
        border = building = terminal = tile_rail = tile_closed = free = 0
        for edge, other, kind in NEIGHBOURS[cell]:
            bit = 1 << edge
            if kind == PLAY:
                placed = self.tiles.get(other)
                if placed is None:
                    free |= bit
                elif MASKS[placed] >> opposite(edge) & 1:
                    tile_rail |= bit
                else:
                    tile_closed |= bit
            elif kind == BUILDING:
                building |= bit
            elif kind == TERMINAL:
                terminal |= bit
            else:
                border |= bit
        result = (border, building, terminal, tile_rail, tile_closed, free)
        self._constraints[cell] = result
        return result

    def _dead_end_after(self, cell: Cell, mask: int, overlay: dict[Cell, int] | None = None) -> Cell | None:
        """A free neighbour of ``cell`` left with a rail into it that nothing could continue (L2)."""
        for edge, other, kind in NEIGHBOURS[cell]:
            if kind != PLAY or other in self.tiles or (overlay and other in overlay):
                continue
            border, building, terminal, tile_rail, tile_closed, free = self.constraints(other)
            required = terminal | tile_rail
            open_ = free
            back = 1 << opposite(edge)
            required &= ~back
            open_ &= ~back
            if mask >> edge & 1:
                required |= back
            if overlay:
                for edge2, other2, _kind in NEIGHBOURS[other]:
                    if other2 in overlay and other2 != cell:
                        bit = 1 << edge2
                        required &= ~bit
                        open_ &= ~bit
                        if overlay[other2] >> opposite(edge2) & 1:
                            required |= bit
            if required and POPCOUNT[required | open_] < 2:
                return other
        return None

    # -- the fast path: every legal rail pattern of a free square --------------------------------
    def allowed_masks(self, cell: Cell, strict: bool) -> int:
        """Bit set over the 16 edge masks: bit m is set when a tile with mask m may go on ``cell``."""
        key = (cell, strict)
        cached = self._allowed.get(key)
        if cached is not None:
            return cached
        border, building, terminal, tile_rail, tile_closed, free = self.constraints(cell)
        forbidden = border | building | tile_closed
        must = terminal | tile_rail
        allowed = 0
        for mask in RAIL_MASKS:
            if mask & forbidden or must & ~mask:
                continue
            if strict and self._dead_end_after(cell, mask) is not None:
                continue
            allowed |= 1 << mask
        self._allowed[key] = allowed
        return allowed

    # -- the explaining path ---------------------------------------------------------------------
    def _edge_rejection(self, cell: Cell, mask: int, overlay: dict[Cell, int] | None = None) -> Rejection | None:
        """Rules a, b and d for a tile with rails ``mask`` on ``cell`` (L1), in rule order."""
        findings: list[tuple[str, Rejection]] = []
        for edge, other, kind in NEIGHBOURS[cell]:
            has_rail = mask >> edge & 1
            side = EDGE_WORDS[edge]
            if kind == PLAY:
                if overlay and other in overlay:
                    their = overlay[other] >> opposite(edge) & 1
                elif other in self.tiles:
                    their = self.mask_at(other) >> opposite(edge) & 1
                else:
                    continue
                if their and not has_rail:
                    findings.append(("d", reject(GAME, "rule_d_blocks_track",
                        f"Rule d: the tile would block the track coming from the {side}.", side=side)))
                elif has_rail and not their:
                    findings.append(("d", reject(GAME, "rule_d_into_trackless_side",
                        f"Rule d: the track would run into the side of the tile to the {side}, "
                        "which has no rail there.", side=side)))
            elif kind == BUILDING and has_rail:
                name = BUILDING_NAMES[BUILDING_AT[other]]
                building = _the(name)
                findings.append(("b", reject(GAME, "rule_b_into_building",
                    f"Rule b: the track would run into {building}.", building=name)))
            elif kind == TERMINAL and not has_rail:
                terminal = TERMINAL_AT[other]
                findings.append(("d", reject(GAME, "rule_d_blocks_terminal",
                    f"Rule d: the tile would block the terminal of line {terminal.line} ({terminal.name}).",
                    line=terminal.line, terminal=terminal.name)))
            elif kind not in (PLAY, BUILDING, TERMINAL) and has_rail:
                findings.append(("a", reject(GAME, "rule_a_off_board",
                    f"Rule a: the track would lead off the board to the {side}.", side=side)))
        if not findings:
            return None
        return min(findings, key=lambda item: item[0])[1]

    def _square_rejection(self, cell: Any) -> Rejection | None:
        kind = cell_kind(cell)
        if kind == BUILDING:
            name = BUILDING_NAMES[BUILDING_AT[cell]]
            return reject(GAME, "rule_c_covers_building", f"Rule c: a tile may not cover the {name}.", building=name)
        if kind != PLAY:
            return reject(GAME, "rule_a_outside_playfield",
                          "Rule a: tiles go on the cobblestone squares of the playfield only.")
        return None

    def _dead_end_rejection(self, cell: Cell, mask: int, overlay: dict[Cell, int] | None = None) -> Rejection | None:
        stuck = self._dead_end_after(cell, mask, overlay)
        if stuck is None:
            return None
        return reject(GAME, "rule_e_dead_end",
                      f"Rule e: the track into the square at {_place_name(stuck)} could never be continued.",
                      row=stuck[0], column=stuck[1])

    def check_place(self, tile: int, cell: Cell, rot: int, strict: bool = True) -> Rejection | None:
        """Why ``tile`` turned ``rot`` may not be laid on the free square ``cell`` (None: it may)."""
        problem = self._square_rejection(cell)
        if problem is not None:
            return problem
        if cell in self.tiles:
            return reject(GAME, "occupied",
                          "That square already has a tile: to replace it, make an exchange.")
        mask = MASKS[(tile, rot % 4)]
        problem = self._edge_rejection(cell, mask)
        if problem is None and strict:
            problem = self._dead_end_rejection(cell, mask)
        return problem

    def _upgrade_rejection(self, tile: int, cell: Cell, rot: int) -> Rejection | None:
        """L3's own conditions for replacing the tile on ``cell``: a strict superset, no trees."""
        problem = self._square_rejection(cell)
        if problem is not None:
            return problem
        placed = self.tiles.get(cell)
        if placed is None:
            return reject(GAME, "exchange_empty_square", "There is no tile there to exchange.")
        if TILE_TYPES[placed[0]].tree:
            return reject(GAME, "exchange_tree_tile", "Tiles with trees can never be exchanged.")
        old, new = FACES[placed], FACES[(tile, rot % 4)]
        if not old <= new:
            return reject(GAME, "exchange_loses_track",
                          "An exchange must keep every rail of the tile it replaces.")
        if old == new:
            return reject(GAME, "exchange_adds_nothing",
                          "An exchange must add at least one new rail connection.")
        return None

    def check_exchange(self, tile: int, cell: Cell, rot: int, strict: bool = True) -> Rejection | None:
        """Why ``tile`` turned ``rot`` may not replace the tile on ``cell`` (L3)."""
        problem = self._upgrade_rejection(tile, cell, rot)
        if problem is not None:
            return problem
        mask = MASKS[(tile, rot % 4)]
        problem = self._edge_rejection(cell, mask)
        if problem is None and strict:
            problem = self._dead_end_rejection(cell, mask)
        return problem

    def check_double_exchange(self, first: tuple[int, Cell, int], second: tuple[int, Cell, int],
                              strict: bool = True) -> Rejection | None:
        """Two side-by-side exchanges judged together: the board after both must obey L1/L2 (L3)."""
        (tile_a, cell_a, rot_a), (tile_b, cell_b, rot_b) = first, second
        if abs(cell_a[0] - cell_b[0]) + abs(cell_a[1] - cell_b[1]) != 1:
            return reject(GAME, "exchange_pair_not_adjacent",
                          "Two tiles exchanged together must lie side by side.")
        for tile, cell, rot in (first, second):
            problem = self._upgrade_rejection(tile, cell, rot)
            if problem is not None:
                return problem
        overlay = {cell_a: MASKS[(tile_a, rot_a % 4)], cell_b: MASKS[(tile_b, rot_b % 4)]}
        for cell, mask in overlay.items():
            problem = self._edge_rejection(cell, mask, overlay)
            if problem is None and strict:
                problem = self._dead_end_rejection(cell, mask, overlay)
            if problem is not None:
                return problem
        return None

    # -- enumeration ---------------------------------------------------------------------------
    def legal_placements(self, tiles: Iterable[int], strict: bool = True) -> Iterator[tuple[int, Cell, int]]:
        """Every (tile, cell, rot) laying one of ``tiles`` on a free square legally."""
        variants = [(tile, rot, MASKS[(tile, rot)]) for tile in sorted(set(tiles))
                    for rot in DISTINCT_ROTATIONS[tile]]
        if not variants:
            return
        for cell in PLAYABLE:
            if cell in self.tiles:
                continue
            allowed = self.allowed_masks(cell, strict)
            if not allowed:
                continue
            for tile, rot, mask in variants:
                if allowed >> mask & 1:
                    yield tile, cell, rot

    def legal_exchanges(self, tiles: Iterable[int], strict: bool = True) -> Iterator[tuple[int, Cell, int]]:
        """Every (tile, cell, rot) replacing a laid tile with one of ``tiles`` legally (single exchange)."""
        variants = [(tile, rot, FACES[(tile, rot)]) for tile in sorted(set(tiles))
                    for rot in DISTINCT_ROTATIONS[tile]]
        if not variants:
            return
        for cell, placed in self.tiles.items():
            if TILE_TYPES[placed[0]].tree:
                continue
            old = FACES[placed]
            border, building, terminal, tile_rail, tile_closed, free = self.constraints(cell)
            forbidden = border | building | tile_closed
            for tile, rot, face in variants:
                if face == old or not old < face:
                    continue
                mask = face_mask(face)
                if mask & forbidden:
                    continue
                if strict and self._dead_end_after(cell, mask) is not None:
                    continue
                yield tile, cell, rot

    def _upgrades_towards(self, cell: Cell, edge: int, kinds: list[int]) -> list[tuple[int, int]]:
        """Upgrades of the tile on ``cell`` that add a rail on ``edge`` and break no other side."""
        placed = self.tiles[cell]
        old = FACES[placed]
        border, building, terminal, tile_rail, tile_closed, free = self.constraints(cell)
        forbidden = (border | building | tile_closed) & ~(1 << edge)
        found = []
        for tile in kinds:
            for rot in DISTINCT_ROTATIONS[tile]:
                mask = MASKS[(tile, rot)]
                if mask >> edge & 1 and not mask & forbidden and old < FACES[(tile, rot)]:
                    found.append((tile, rot))
        return found

    def joint_exchanges(self, tiles: list[int], strict: bool = True) -> Iterator[tuple[tuple[int, Cell, int],
                                                                                      tuple[int, Cell, int]]]:
        """Side-by-side exchange pairs that are legal only together (L3).

        Two exchanges need each other exactly when both add a rail on their shared edge, where
        neither tile has one yet: alone, either would run into the other's trackless side.
        """
        if len(tiles) < 2:
            return
        kinds = sorted(set(tiles))
        for cell_a, placed_a in self.tiles.items():
            if TILE_TYPES[placed_a[0]].tree:
                continue
            for edge in (1, 2):  # east and south: each unordered pair once
                cell_b = (cell_a[0] + STEP[edge][0], cell_a[1] + STEP[edge][1])
                placed_b = self.tiles.get(cell_b)
                if placed_b is None or TILE_TYPES[placed_b[0]].tree or MASKS[placed_a] >> edge & 1:
                    continue
                ups_a = self._upgrades_towards(cell_a, edge, kinds)
                if not ups_a:
                    continue
                ups_b = self._upgrades_towards(cell_b, opposite(edge), kinds)
                for tile_a, rot_a in ups_a:
                    for tile_b, rot_b in ups_b:
                        if tile_a == tile_b and tiles.count(tile_a) < 2:
                            continue
                        first, second = (tile_a, cell_a, rot_a), (tile_b, cell_b, rot_b)
                        if self.check_double_exchange(first, second, strict) is None:
                            yield first, second

    def has_legal_action(self, tiles: Iterable[int], strict: bool = True, pairs: bool = True) -> bool:
        """Is any placement, exchange or (with ``pairs``) side-by-side exchange pair legal?

        Pairs count because two exchanges judged together are a turn's two actions (L3, L4): a hand
        that fits only as a pair still owes them, and a game in that state is not stalled (L11).
        Pass ``pairs=False`` once an action of the turn is taken (a pair needs the whole turn).
        Stops at the first legal action found. Kept until the next change (``derived``): a turn's
        checks, its stalemate test and every seat's view ask the same question of the same board.
        """
        tiles = sorted(tiles)
        key = ("has_legal_action", tuple(tiles), strict, pairs)
        found = self.derived.get(key)
        if found is None:
            found = self.derived[key] = self._has_legal_action(tiles, strict, pairs)
        return found

    def _has_legal_action(self, tiles: list[int], strict: bool, pairs: bool) -> bool:
        for _ in self.legal_placements(tiles, strict):
            return True
        for _ in self.legal_exchanges(tiles, strict):
            return True
        if pairs:
            for _ in self.joint_exchanges(tiles, strict):
                return True
        return False

    # -- views -----------------------------------------------------------------------------------
    def to_view(self) -> dict[str, Any]:
        """The board as every seat sees it. Views are read-only, so the same value is handed out
        until the next tile is laid: the host builds six views per change, and the same board
        object in each lets it diff and hash the board once (``net.fanout``)."""
        if self._view is None:
            if self._view_cells is None:
                # Rails and trees follow from the tile type and rotation (assets/linie1/components.json),
                # so a view leaves them out: every update on the wire is smaller and cheaper to check.
                laid = sorted(self.tiles.items())
                self._view_cells = [cell for cell, _ in laid]
                self._tile_views = [{"cell": [cell[0], cell[1]], "tile": tile, "rot": rot}
                                    for cell, (tile, rot) in laid]
                self._sign_views = self._signs_view()
            self._view = {"tiles": self._tile_views, "signs": self._sign_views}
        return self._view

    def _signs_view(self) -> list[dict[str, Any]]:
        return [{"building": letter, "cell": [cell[0], cell[1]]} for letter, cell in sorted(self.signs.items())]

    @classmethod
    def from_view(cls, data: dict[str, Any]) -> Board:
        """Rebuild a board from ``to_view`` output (a seat's view), e.g. for a client or a bot."""
        board = cls()
        for item in data["tiles"]:
            board.tiles[(item["cell"][0], item["cell"][1])] = (item["tile"], item["rot"] % 4)
        for item in data["signs"]:
            cell = (item["cell"][0], item["cell"][1])
            board.signs[item["building"]] = cell
            board.sign_at[cell] = item["building"]
        return board

    def validate(self) -> None:
        """Raise ValueError unless the board is internally consistent (used when restoring saves)."""
        for cell, (tile, rot) in self.tiles.items():
            if cell_kind(cell) != PLAY:
                raise ValueError(f"tile off the playfield at {cell}")
            if tile not in TILE_TYPES or rot not in range(4):
                raise ValueError(f"unknown tile {tile}/{rot} at {cell}")
        for letter, cell in self.signs.items():
            if letter not in BUILDINGS or BESIDE_BUILDING.get(cell) != letter or cell not in self.tiles:
                raise ValueError(f"bad stop sign {letter} at {cell}")


def _the(name: str) -> str:
    """A building's name in a sentence: "the Museum", but "Charly's Pub" (a name that already
    says whose it is takes no article)."""
    return name if "'s " in name else f"the {name}"
