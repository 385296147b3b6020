"""The pieces on the Linja board, as the screen shows them: one ``Piece`` per wooden piece, grouped
by row and colour, each gliding to its slot. The view says how many pieces a row holds; this layer
says where each one is right now, so a move can pick up the very piece clicked and hop it over.
"""

from __future__ import annotations

from typing import Any

from game.render.linja.layout import ROWS, LinjaLayout
from game.tables.linja.show import Piece, Point

Rows = list[list[list[Piece]]]  # rows[row][seat] -> pieces in slot order


class PieceLayer:
    """Every piece on screen; ``incoming`` makes room in a row for a piece about to arrive."""

    def __init__(self, layout: LinjaLayout, view: dict[str, Any]) -> None:
        self.layout = layout
        self.rows: Rows = [[[], []] for _ in range(ROWS)]
        for row in range(ROWS):
            counts = view["rows"][row]
            slots = layout.slots(row, (int(counts[0]), int(counts[1])))
            for seat in (0, 1):
                self.rows[row][seat] = [Piece(seat, x, y) for x, y in slots[seat]]

    def counts(self, row: int, incoming: tuple[int, int] | None = None) -> tuple[int, int]:
        """Pieces laid out in ``row``; ``incoming`` = (seat, row) adds the piece a move would bring."""
        counts = [len(self.rows[row][0]), len(self.rows[row][1])]
        if incoming is not None and incoming[1] == row:
            counts[incoming[0]] += 1
        return counts[0], counts[1]

    def resync(self, view: dict[str, Any]) -> None:
        """Make the pieces agree with ``view`` (they always should; a LAN resync may not)."""
        for row in range(ROWS):
            for seat in (0, 1):
                group = self.rows[row][seat]
                wanted = int(view["rows"][row][seat])
                del group[wanted:]
                while len(group) < wanted:
                    group.append(Piece(seat, self.layout.rect.centerx, self.layout.row_y(row)))

    def take(self, seat: int, row: int, picked: Piece | None) -> Piece:
        """Lift a piece off ``row``: the one clicked if it is there, else the last of the group."""
        group = self.rows[row][seat]
        piece = picked if picked in group else (group[-1] if group else None)
        if piece is None:  # out of step with the authority: conjure the piece rather than fail
            return Piece(seat, self.layout.rect.centerx, self.layout.row_y(row))
        group.remove(piece)
        return piece

    def slot_of(self, piece: Piece) -> Point:
        for row in range(ROWS):
            for seat in (0, 1):
                group = self.rows[row][seat]
                if piece in group:
                    return self.layout.slots(row, self.counts(row))[seat][group.index(piece)]
        return piece.pos

    def nearest(self, seat: int, row: int, pointer: tuple[int, int] | None) -> Piece | None:
        """The piece of ``seat`` in ``row`` nearest the pointer (the last one without a pointer)."""
        group = self.rows[row][seat]
        if not group:
            return None
        if pointer is None:
            return group[-1]
        return min(group, key=lambda piece: abs(piece.x - pointer[0]))

    def glide(self, dt: float, incoming: tuple[int, int] | None) -> None:
        for row in range(ROWS):
            slots = self.layout.slots(row, self.counts(row, incoming))
            for seat in (0, 1):
                for piece, slot in zip(self.rows[row][seat], slots[seat], strict=False):
                    piece.glide(slot, dt)
