"""The score track: forty spaces in two rows, each player's disk on the space of its deliveries so far,
disks sharing a space stacked in the order they arrived (the first one lowest: it wins a tie) and fanned
from left to right, so a lower disk shows a crescent of its colour beside the one above, not just a rim.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.i18n import _
from game.render.bus.pieces import action_marker
from game.tables.bus import layout
from game.tables.bus.model import Picture
from game.tables.bus.seats import SeatLook
from game.ui import theme

DISK = 24
STACK_STEP = 4
FAN_SPAN = 30  # how far apart the outer disks of a stack stand, left to right: each lower one shows beside it
FAN_STEP = 14  # at most this far apart, two disks on one space
TITLE_Y = 7  # the heading's top, below the frame's


def disk_points(picture: Picture, shown: Sequence[float]) -> dict[int, tuple[float, float]]:
    """Where each seat's disk stands; a disk still counting up slides between spaces."""
    stacks: dict[int, list[int]] = {}
    for seat, info in sorted(enumerate(picture.seats), key=lambda pair: pair[1].arrival):
        value = shown[seat] if seat < len(shown) else float(info.score)
        stacks.setdefault(int(value), []).append(seat)
    points = {}
    for seats in stacks.values():
        step = min(FAN_STEP, FAN_SPAN / max(1, len(seats) - 1))
        for level, seat in enumerate(seats):
            value = shown[seat] if seat < len(shown) else float(picture.seats[seat].score)
            a = layout.track_cell(int(value))
            b = layout.track_cell(int(value) + 1)
            t = value - int(value)
            x = a.centerx + (b.centerx - a.centerx) * t if b.y == a.y else a.centerx
            fan = (level - (len(seats) - 1) / 2) * step
            points[seat] = (x + fan, a.centery - level * STACK_STEP)
    return points


def title_size(players: int) -> int:
    """The heading's size: 21 unless its letters would reach down into the tallest stack the track can
    hold (every disk on one space, as at the start), whose top sits under the heading's first letters."""
    stack_top = layout.track_cell(0).centery - (players - 1) * STACK_STEP - DISK // 2
    size = 21
    while size > 12 and layout.TRACK.y + TITLE_Y + theme.font(size, theme.DISPLAY_FONT).get_ascent() > stack_top:
        size -= 1
    return size


def draw_track(surface: pygame.Surface, picture: Picture, looks: Sequence[SeatLook], shown: Sequence[float]) -> None:
    title = theme.draw_text(surface, _("Score track"), (layout.TRACK.x + 24, layout.TRACK.y + TITLE_Y),
                            title_size(picture.players), theme.CREAM, theme.DISPLAY_FONT)
    note = _("1 point per passenger delivered · each time stone −1 at the end")
    theme.draw_text(surface, note, (layout.TRACK.right - 24, layout.TRACK.y + 12),
                    theme.fit_text(note, 18, layout.TRACK.right - 24 - title.right - 16, minimum=8), theme.CREAM_DIM,
                    anchor="topright")
    for score in range(layout.TRACK_CELLS):
        cell = layout.track_cell(score)
        face = theme.shade(theme.NIGHT_2, 1.2) if score % 5 else theme.shade(theme.PLUM_LIGHT, 0.9)
        pygame.draw.rect(surface, face, cell, border_radius=6)
        if score % 5 == 0:
            theme.draw_text(surface, str(score), (cell.centerx, cell.centery), 15, theme.CREAM_DIM,
                            theme.TEXT_BOLD_FONT, "center")
    points = disk_points(picture, shown)
    for seat, _info in sorted(enumerate(picture.seats), key=lambda pair: pair[1].arrival):
        if seat not in points or seat >= len(looks):
            continue
        look = looks[seat]
        disk = action_marker(look.colour, DISK, look.initial)
        x, y = points[seat]
        surface.blit(disk, disk.get_rect(center=(round(x), round(y))))
