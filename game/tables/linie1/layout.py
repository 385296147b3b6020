"""Where everything of the Linie 1 table sits on the 1920 x 1080 canvas.

The board fills the left; the panel on the right stacks the players, the route card, the hand and
the buttons. Everything that draws or hit-tests asks here, so the table, its show and its panels
agree on every position without holding each other.
"""

from __future__ import annotations

import pygame

from game.ui import theme

CELL = 74
ORIGIN = (22, 22)
BOARD_SIZE = CELL * 14  # 12 x 12 playfield plus the terminal ring
BOARD_RECT = pygame.Rect(ORIGIN[0], ORIGIN[1], BOARD_SIZE, BOARD_SIZE)
PANEL_X = 1090
PANEL_W = theme.WIDTH - PANEL_X - 24
SLOT = 118
HAND_Y = 650
HAND_TITLE_FOOT = HAND_Y + 56 - 16 - 4  # the hand's title ends above the chosen tile's lifted frame (``slot_rect``)
PILE_POS = (PANEL_X + PANEL_W - 70, HAND_Y + 60)
DIE_CENTRE = (PANEL_X + PANEL_W - 90, HAND_Y - 120)
DIE_SIZE = 110
ROW_H = 72
BUTTONS_Y = 946
REFILL_SLOT = 80
# The hand and its heading down to the help line: a driver's first-game hints stand here.
HAND_AREA = pygame.Rect(PANEL_X, HAND_Y - 10, PANEL_W, HAND_Y + 56 + SLOT + 38 - (HAND_Y - 10))  # to the help line


def player_row(seat: int) -> pygame.Rect:
    return pygame.Rect(PANEL_X, 24 + seat * ROW_H, PANEL_W, 64)


def slot_rect(index: int) -> pygame.Rect:
    return pygame.Rect(PANEL_X + 24 + index * (SLOT + 16), HAND_Y + 56, SLOT, SLOT)


def route_card_rect(players: int) -> pygame.Rect:
    top = 24 + players * ROW_H + 44
    return pygame.Rect(PANEL_X, top, PANEL_W, HAND_Y - top - 24)


def pile_label_pos(players: int) -> tuple[int, int]:
    return PANEL_X + PANEL_W, 24 + players * ROW_H + 6


def refill_rect(index: int, count: int = 1, hand: int = 0) -> pygame.Rect:
    """The ``index``-th of ``count`` tiles offered from drivers' hands when the pile is empty, left of
    the player's own ``hand`` tiles (``refill_hand_rect``): smaller where many are offered, so that
    every one stays on the panel (twelve tile types at most). Where one row would make them smaller
    than ``REFILL_TWO_ROWS_BELOW`` they lie in two rows, each tile's number key under it, above the
    message line (``message_top``)."""
    room = PANEL_W - 48 - (refill_hand_width(hand) + REFILL_GAP if hand else 0)
    per_row = count
    size = _refill_size(room, count)
    step = size + 10
    label = theme.line_height(22) + 4  # the number key and count under each tile, as drawn
    if size < REFILL_TWO_ROWS_BELOW and count > 1:
        halves = (count + 1) // 2
        tall = (message_top() - (HAND_Y + 56) - REFILL_ROW_GAP) // 2 - label
        two_rows = min(_refill_size(room, halves), tall)
        if two_rows > size:  # spread over the row's room, so the number keys under them have theirs
            per_row, size = halves, two_rows
            step = min((room - size) // max(1, halves - 1), size + 40)
    row, column = divmod(index, per_row)
    return pygame.Rect(PANEL_X + 24 + column * step, HAND_Y + 56 + row * (size + label + REFILL_ROW_GAP),
                       size, size)


def _refill_size(room: int, count: int) -> int:
    """The side of ``count`` offered tiles in a row ``room`` wide, at most ``REFILL_SLOT``."""
    return max(1, min(REFILL_SLOT, (room - 10 * (count - 1)) // max(1, count)))


REFILL_TWO_ROWS_BELOW = 44  # offered tiles smaller than this in one row lie in two rows
REFILL_ROW_GAP = 4  # between the first row's number keys and the second row's tiles
REFILL_HAND_TILE = 60  # the player's own tiles while they take from drivers: smaller, at the row's right end
REFILL_GAP = 40  # between the tiles on offer and the player's own


def refill_hand_width(count: int) -> int:
    return max(0, count * (REFILL_HAND_TILE + 8) - 8)


def refill_hand_rect(index: int, count: int) -> pygame.Rect:
    """The ``index``-th of the player's own ``count`` tiles while the pile is empty and they take from
    drivers' hands: they keep seeing what they hold (and so what to take), right of the offer."""
    left = PANEL_X + PANEL_W - 24 - refill_hand_width(count)
    return pygame.Rect(left + index * (REFILL_HAND_TILE + 8), HAND_Y + 56, REFILL_HAND_TILE, REFILL_HAND_TILE)


def dice_spots(centre: tuple[float, float], count: int, size: int) -> list[tuple[float, float]]:
    """Where ``count`` dice of the three-dice trip lie, side by side around ``centre``."""
    gap = size * 1.45
    first = centre[0] - gap * (count - 1) / 2
    return [(first + gap * index, centre[1]) for index in range(count)]


def message_pos() -> tuple[int, int]:
    return PANEL_X + 10, HAND_Y + 56 + SLOT + 38


def message_top() -> int:
    """Where the message line starts: below the hand's tiles and their number keys at any text size."""
    return max(message_pos()[1], HAND_Y + 56 + SLOT + 12 + theme.font(22).get_height())
