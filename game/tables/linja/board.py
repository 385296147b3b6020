"""The Linja board's moving layer: pieces, the highlights of legal moves, the hovered move's preview.

It reads the table scene (its pieces, shown view, hover and pulse) and draws over the cached table;
it decides nothing. Legal destinations carry mint arrowheads, the hovered move's row is tinted, its
path is dotted over the sticks it jumps, a ghost waits where it lands, and the pieces that would set
the following move are numbered.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.render.linja.art import draw_piece, draw_ring
from game.render.linja.layout import PIECE_RADIUS, ROWS
from game.tables.linja.panel import BOARD
from game.ui import theme

if TYPE_CHECKING:
    from game.tables.linja.table import LinjaTable



class LinjaBoardView:
    def __init__(self, table: LinjaTable) -> None:
        self.table = table

    def draw(self, surface: pygame.Surface) -> None:
        self._draw_highlights(surface)
        self._draw_pieces(surface)
        self._draw_preview(surface)

    def _draw_highlights(self, surface: pygame.Surface) -> None:
        """Legal destinations glow faintly, the hovered one strongly; rows being scored light up."""
        table = self.table
        active = table.active_choice()
        for row in {int(choice["to"]) for choice in table.choices()}:
            if active is not None and int(active["to"]) == row:
                self._tint_row(surface, row, theme.MINT, 84)
            else:
                self._landing_marker(surface, row)
        for row in table.score_rows:
            self._tint_row(surface, row, theme.SUNFLOWER, 60)
        if table.count_row is not None:
            self._tint_row(surface, table.count_row, theme.SUNFLOWER, int(24 + 30 * table.pulse(6)))

    def _landing_marker(self, surface: pygame.Surface, row: int) -> None:
        """A small mint arrowhead at both ends of a row a legal move can reach."""
        table = self.table
        y = round(table.layout.row_y(row))
        left, right = table.layout.stick_span
        glow = int(150 + 90 * table.pulse(4))
        for x, way in ((left + 46, 1), (right - 46, -1)):
            points = [(x + 12 * way, y), (x - 8 * way, y - 14), (x - 8 * way, y + 14)]
            pygame.draw.polygon(surface, theme.SHADOW, [(px, py + 3) for px, py in points])
            pygame.draw.polygon(surface, theme.mix(theme.MINT_DARK, theme.MINT, glow / 255), points)

    def _tint_row(self, surface: pygame.Surface, row: int, colour: theme.Colour, alpha: int) -> None:
        table = self.table
        band = table.layout.row_band(row)
        left, right = table.layout.stick_span
        rect = pygame.Rect(left + 30, band.y + 14, right - left - 60, band.height - 28)
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*colour, alpha), layer.get_rect(), border_radius=22)
        surface.blit(layer, rect)

    def _draw_pieces(self, surface: pygame.Surface) -> None:
        table = self.table
        colours = table.colours
        movable = {int(c["from"]) for c in table.choices()}
        counted = table.counted_pieces()
        flying = []
        for row in range(ROWS):
            for seat in (0, 1):
                for piece in table.rows[row][seat]:
                    if piece.flying:
                        flying.append(piece)
                        continue
                    draw_piece(surface, piece.pos, colours[seat], seat, PIECE_RADIUS)
                    if seat == table.seat and row in movable:
                        draw_ring(surface, piece.pos, PIECE_RADIUS + 3, theme.CREAM, 3, int(70 + 90 * table.pulse()))
        for number, piece in enumerate(counted, start=1):
            grow = 1 + 0.12 * table.pulse(8)
            draw_ring(surface, piece.pos, int((PIECE_RADIUS + 4) * grow), theme.SUNFLOWER, 4)
            theme.draw_text(surface, str(number), (round(piece.x + 26), round(piece.y - 30)), 24, theme.SUNFLOWER,
                            theme.DISPLAY_FONT, "center", shadow=True)
        for piece in flying:
            draw_piece(surface, piece.pos, colours[piece.seat], piece.seat, PIECE_RADIUS, piece.lift)

    def _draw_preview(self, surface: pygame.Surface) -> None:
        """The hovered move: the piece ringed, its hops traced over the sticks, a ghost where it lands."""
        table = self.table
        choice = table.active_choice()
        if choice is None or table.seat is None:
            return
        piece = table.mover(choice)
        if piece is None:
            return
        source, to = int(choice["from"]), int(choice["to"])
        ghost = table.layout.slots(to, table.row_counts(to))[table.seat][-1]
        colour = table.seat_colour(table.seat)
        draw_ring(surface, piece.pos, PIECE_RADIUS + 5, theme.SUNFLOWER, 5)
        hops = abs(to - source)
        for hop in range(hops):
            self._draw_hop_arc(surface, piece.pos, ghost, hop, hops)
        draw_piece(surface, ghost, colour, table.seat, PIECE_RADIUS, alpha=130)
        draw_ring(surface, ghost, PIECE_RADIUS + 4, theme.MINT, 4, int(150 + 100 * table.pulse(7)))
        if "steps" in choice:  # an initial move: the pieces on the row it reaches set the next move
            for number, other in enumerate([p for s in (0, 1) for p in table.rows[to][s]], start=1):
                draw_ring(surface, other.pos, PIECE_RADIUS + 3, theme.SUNFLOWER, 3)
                theme.draw_text(surface, str(number), (round(other.x + 26), round(other.y - 30)), 22,
                                theme.SUNFLOWER, theme.DISPLAY_FONT, "center", shadow=True)
        label = table.panel.preview_text(choice, short=True)
        image = theme.render_text(label, 28, theme.SUNFLOWER, theme.DISPLAY_FONT)
        pill = image.get_rect().inflate(28, 12)
        pill.midbottom = (round(ghost[0]), round(ghost[1] - PIECE_RADIUS - 8))
        pill.clamp_ip(BOARD.inflate(-30, -30))
        pygame.draw.rect(surface, theme.SHADOW, pill.move(0, 3), border_radius=pill.height // 2)
        pygame.draw.rect(surface, theme.NIGHT, pill, border_radius=pill.height // 2)
        pygame.draw.rect(surface, theme.SUNFLOWER, pill, width=2, border_radius=pill.height // 2)
        surface.blit(image, image.get_rect(center=(pill.centerx, pill.centery + 2)))

    def _draw_hop_arc(self, surface: pygame.Surface, start: tuple[float, float], end: tuple[float, float],
                      hop: int, hops: int) -> None:
        """One jump of the path as a dotted arc bulging sideways over its stick."""
        dots = 7
        for dot in range(1, dots):
            t = (hop + dot / dots) / hops
            x = start[0] + (end[0] - start[0]) * t
            y = start[1] + (end[1] - start[1]) * t
            bulge = math.sin(math.pi * dot / dots) * 26
            pygame.draw.circle(surface, theme.SHADOW, (round(x + bulge), round(y + 2)), 5)
            pygame.draw.circle(surface, theme.SUNFLOWER, (round(x + bulge), round(y)), 5)
