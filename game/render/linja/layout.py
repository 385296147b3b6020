"""Where things sit on the Linja table: the eight row bands, the seven sticks between them, and the
slot of every piece in a row.

Rows are the core's absolute rows 0..7. Row 0 (player A's start, B's goal) is at the bottom of the
screen and row 7 at the top, so A's pieces travel up the screen and B's down, as if the players sat
at the bottom and top edges of the table. The geometry is pure arithmetic on one rect, shared by the
renderer (which draws it) and the table scene (which hit-tests the pointer against it).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

ROWS = 8
STICKS = ROWS - 1
PIECE_RADIUS = 30
PIECE_GAP = 84  # centre to centre, when a row has room
GROUP_GAP = 44  # extra space between the two colours in one row
EDGE_PAD = 20  # wood above the top row and below the bottom row
MARGIN = 104  # the side strips that hold row numbers and points chips
CHIP_X = (70, -62)  # each seat's points chips: from the board's left edge (A), from its right edge (B)
CHIP_RADIUS = 21


@dataclass(frozen=True)
class LinjaLayout:
    """The board's rect and everything measured from it."""

    rect: pygame.Rect

    @property
    def row_height(self) -> float:
        return (self.rect.height - 2 * EDGE_PAD) / ROWS

    def row_band(self, row: int) -> pygame.Rect:
        """The full-width strip of one row, between its two sticks (or stick and board edge)."""
        top = self.rect.bottom - EDGE_PAD - (row + 1) * self.row_height
        return pygame.Rect(self.rect.x, round(top), self.rect.width, round(self.row_height))

    def row_y(self, row: float) -> float:
        """The centre line of a row; fractional rows lie between (a piece mid-hop)."""
        return self.rect.bottom - EDGE_PAD - (row + 0.5) * self.row_height

    def stick_y(self, stick: int) -> float:
        """Stick ``k`` (1..7) lies between row ``k - 1`` and row ``k``."""
        return self.rect.bottom - EDGE_PAD - stick * self.row_height

    @property
    def stick_span(self) -> tuple[int, int]:
        return self.rect.x + MARGIN - 34, self.rect.right - MARGIN + 34

    @property
    def piece_span(self) -> tuple[float, float]:
        return self.rect.x + MARGIN + PIECE_RADIUS + 8, self.rect.right - MARGIN - PIECE_RADIUS - 8

    def chip_centre(self, seat: int, row: int) -> tuple[int, int]:
        """Where the chip saying what ``seat``'s piece scores on ``row`` sits, in the side strips."""
        x = self.rect.x + CHIP_X[0] if seat == 0 else self.rect.right + CHIP_X[1]
        return x, round(self.row_y(row))

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The row under a screen point, or None off the board."""
        x, y = pos
        if not self.rect.collidepoint(x, y):
            return None
        row = int((self.rect.bottom - EDGE_PAD - y) // self.row_height)
        return row if 0 <= row < ROWS else None

    def slots(self, row: int, counts: tuple[int, int]) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
        """Centres for ``counts[0]`` pieces of A then ``counts[1]`` of B in one row, centred as one group.

        The spacing shrinks (pieces may overlap a little) when a goal row fills up with up to
        eighteen pieces, so a row never spills over its band.
        """
        a, b = counts
        total = a + b
        if total == 0:
            return [], []
        left, right = self.piece_span
        gaps = total - 1
        group_gap = GROUP_GAP if a and b else 0
        spacing = PIECE_GAP if gaps == 0 else min(PIECE_GAP, (right - left - group_gap) / gaps)
        width = gaps * spacing + group_gap
        x = (left + right) / 2 - width / 2
        y = self.row_y(row)
        first: list[tuple[float, float]] = []
        second: list[tuple[float, float]] = []
        for index in range(total):
            if index == a and a:
                x += group_gap
            (first if index < a else second).append((x, y))
            x += spacing
        return first, second
