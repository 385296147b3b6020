"""The Linja board's moving layer: pieces, the highlights of legal moves, the hovered move's preview.

It paints a ``LinjaFrame`` over the cached table and decides nothing. Legal destinations carry
mint arrowheads, the hovered move's row is tinted, its path is dotted over the sticks it jumps, a
ghost waits where it lands, and the pieces that would set the following move are numbered.
"""

from __future__ import annotations

import math

import pygame

from game.render.linja.art import draw_landing_mark, draw_piece, draw_ring
from game.render.linja.layout import PIECE_RADIUS, ROWS
from game.tables.linja.frame import LinjaFrame, counts_its_row, preview_text
from game.ui import theme


def draw_board(surface: pygame.Surface, frame: LinjaFrame) -> None:
    """The moving layer over the backdrop: highlights, pieces, and the hovered move's preview."""
    _draw_highlights(surface, frame)
    _draw_pieces(surface, frame)
    _draw_preview(surface, frame)


def _draw_highlights(surface: pygame.Surface, frame: LinjaFrame) -> None:
    """Legal destinations glow faintly, the hovered one strongly; rows being scored light up."""
    active = frame.active
    for row in {int(choice["to"]) for choice in frame.choices}:
        if active is not None and int(active["to"]) == row:
            _tint_row(surface, frame, row, theme.MINT, 84)
        else:
            _landing_marker(surface, frame, row)
    for row in frame.score_rows:
        _tint_row(surface, frame, row, theme.SUNFLOWER, 60)
    if frame.count_row is not None:
        _tint_row(surface, frame, frame.count_row, theme.SUNFLOWER, int(24 + 30 * frame.pulse(6)))


def _landing_marker(surface: pygame.Surface, frame: LinjaFrame, row: int) -> None:
    """A small mint arrowhead at both ends of a row a legal move can reach."""
    layout = frame.pieces.layout
    y = round(layout.row_y(row))
    left, right = layout.stick_span
    glow = (150 + 90 * frame.pulse(4)) / 255
    for x, way in ((left + 46, 1), (right - 46, -1)):
        draw_landing_mark(surface, (x, y), way, glow)


def _tint_row(surface: pygame.Surface, frame: LinjaFrame, row: int, colour: theme.Colour, alpha: int) -> None:
    layout = frame.pieces.layout
    band = layout.row_band(row)
    left, right = layout.stick_span
    rect = pygame.Rect(left + 30, band.y + 14, right - left - 60, band.height - 28)
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*colour, alpha), layer.get_rect(), border_radius=22)
    surface.blit(layer, rect)


def _draw_pieces(surface: pygame.Surface, frame: LinjaFrame) -> None:
    colours = frame.colours
    movable = {int(c["from"]) for c in frame.choices}
    flying = []
    for row in range(ROWS):
        for seat in (0, 1):
            for piece in frame.pieces.rows[row][seat]:
                if piece.flying or piece.held:  # in the air, or in the hand: over every piece at rest
                    flying.append(piece)
                    continue
                draw_piece(surface, piece.pos, colours[seat], seat, PIECE_RADIUS)
                if seat == frame.seat and row in movable:
                    draw_ring(surface, piece.pos, PIECE_RADIUS + 3, theme.CREAM, 3, int(70 + 90 * frame.pulse()))
    for number, piece in enumerate(frame.counted, start=1):
        grow = 1 + 0.12 * frame.pulse(8)
        draw_ring(surface, piece.pos, int((PIECE_RADIUS + 4) * grow), theme.SUNFLOWER, 4)
        theme.draw_text(surface, str(number), (round(piece.x + 26), round(piece.y - 30)), 24, theme.SUNFLOWER,
                        theme.DISPLAY_FONT, "center", shadow=True)
    for piece in flying:
        draw_piece(surface, piece.pos, colours[piece.seat], piece.seat, PIECE_RADIUS, piece.lift)


def _draw_preview(surface: pygame.Surface, frame: LinjaFrame) -> None:
    """The hovered move: the piece ringed, its hops traced over the sticks, a ghost where it lands."""
    choice, seat, piece = frame.active, frame.seat, frame.mover
    if choice is None or seat is None or piece is None:
        return
    source, to = int(choice["from"]), int(choice["to"])
    ghost = frame.pieces.layout.slots(to, frame.pieces.counts(to, frame.incoming))[seat][-1]
    draw_ring(surface, piece.pos, PIECE_RADIUS + 5, theme.SUNFLOWER, 5)
    hops = abs(to - source)
    for hop in range(hops):
        _draw_hop_arc(surface, piece.pos, ghost, hop, hops)
    draw_piece(surface, ghost, frame.colour(seat), seat, PIECE_RADIUS, alpha=130)
    draw_ring(surface, ghost, PIECE_RADIUS + 4, theme.MINT, 4, int(150 + 100 * frame.pulse(7)))
    if counts_its_row(frame.view, choice):  # an initial move: the pieces on the row it reaches set the next move
        for number, other in enumerate([p for s in (0, 1) for p in frame.pieces.rows[to][s]], start=1):
            draw_ring(surface, other.pos, PIECE_RADIUS + 3, theme.SUNFLOWER, 3)
            theme.draw_text(surface, str(number), (round(other.x + 26), round(other.y - 30)), 22,
                            theme.SUNFLOWER, theme.DISPLAY_FONT, "center", shadow=True)
    label = preview_text(frame.view, choice, short=True)
    image = theme.render_text(label, 28, theme.SUNFLOWER, theme.DISPLAY_FONT)
    pill = image.get_rect().inflate(28, 12)
    pill.midbottom = (round(ghost[0]), round(ghost[1] - PIECE_RADIUS - 8))
    pill.clamp_ip(frame.pieces.layout.rect.inflate(-30, -30))
    pygame.draw.rect(surface, theme.SHADOW, pill.move(0, 3), border_radius=pill.height // 2)
    pygame.draw.rect(surface, theme.NIGHT, pill, border_radius=pill.height // 2)
    pygame.draw.rect(surface, theme.SUNFLOWER, pill, width=2, border_radius=pill.height // 2)
    surface.blit(image, image.get_rect(center=(pill.centerx, pill.centery + 2)))


def _draw_hop_arc(surface: pygame.Surface, start: tuple[float, float], end: tuple[float, float],
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
