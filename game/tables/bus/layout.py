"""Where everything sits on the Bus table (a 1920 × 1080 canvas): the city on the left with the clock
on its paper, and a column on the right of the prompt, the action board, the score track and the
players. Pure rectangles, so drawing, pointing and flights ask the same place.
"""

from __future__ import annotations

import pygame

MAP_RECT = pygame.Rect(36, 36, 1000, 1008)
LEGEND = pygame.Rect(MAP_RECT.x, MAP_RECT.bottom - 72, MAP_RECT.width, 72)  # the map's key, drawn on its paper
TOASTS = pygame.Rect(MAP_RECT.x, MAP_RECT.y, MAP_RECT.width, LEGEND.top - MAP_RECT.y)  # messages stay clear of it
COLUMN = pygame.Rect(1060, 36, 824, 1008)
HEADER = pygame.Rect(COLUMN.x, COLUMN.y, COLUMN.width, 182)  # the prompt's detail: up to three lines
BOARD = pygame.Rect(COLUMN.x, HEADER.bottom + 12, COLUMN.width, 392)
TRACK = pygame.Rect(COLUMN.x, BOARD.bottom + 12, COLUMN.width, 100)
PLAYERS = pygame.Rect(COLUMN.x, TRACK.bottom + 12, COLUMN.width, COLUMN.bottom - TRACK.bottom - 12)
PROMPT = pygame.Rect(HEADER.x + 16, HEADER.y + 48, HEADER.width - 32, HEADER.height - 62)
CONTROLS = pygame.Rect(PROMPT.right - 372, PROMPT.y + 8, 360, PROMPT.height - 16)  # the decision's buttons

ROW_TOP = BOARD.y + 46
ROW_H = 49
LABEL_W = 300  # room for "Line Expansion" at the largest text size; the six spaces still end inside the row
SPACE_W, SPACE_H, SPACE_GAP = 70, 42, 8
SPACES_X = BOARD.x + 20 + LABEL_W

# First-game hints cover what the decision does not need: the foot of the map while markers go on the
# action board (or the clock is decided) -- or its top left where that covers less of the player's line --,
# the action board while the decision is on the map.
HINT_OVER_MAP = pygame.Rect(MAP_RECT.x + 20, MAP_RECT.bottom - 230, MAP_RECT.width - 40, 222)
HINT_OVER_MAP_TOP = pygame.Rect(MAP_RECT.x + 20, MAP_RECT.y + 12, 660, 222)  # left of the clock
HINT_OVER_BOARD = pygame.Rect(BOARD.x + 40, BOARD.y + 46, BOARD.width - 80, BOARD.height - 52)

TRACK_CELLS = 40
TRACK_PER_ROW = 20


def frames() -> tuple[pygame.Rect, ...]:
    """The column's boxes: they never change, so the table keeps them in its backdrop."""
    return HEADER, BOARD, TRACK, PLAYERS


def row_rect(index: int) -> pygame.Rect:
    """The band of action ``index`` (in resolving order, top to bottom)."""
    return pygame.Rect(BOARD.x + 12, ROW_TOP + index * ROW_H, BOARD.width - 24, ROW_H - 6)


def space_rect(row: int, slot: int) -> pygame.Rect:
    """Slot ``slot`` (left to right: the order in which the row's markers act) of action ``row``."""
    band = row_rect(row)
    return pygame.Rect(SPACES_X + slot * (SPACE_W + SPACE_GAP), band.centery - SPACE_H // 2, SPACE_W, SPACE_H)


def track_cell(score: int) -> pygame.Rect:
    """The score track's space for ``score`` (two rows of twenty; past the end it stays on the last)."""
    score = max(0, min(TRACK_CELLS - 1, score))
    row, column = divmod(score, TRACK_PER_ROW)
    width = (TRACK.width - 40) // TRACK_PER_ROW
    return pygame.Rect(TRACK.x + 20 + column * width, TRACK.y + 40 + row * 31, width - 4, 28)


def player_row(seat: int, players: int) -> pygame.Rect:
    height = min(72, (PLAYERS.height - 16) // max(1, players))
    return pygame.Rect(PLAYERS.x + 12, PLAYERS.y + 8 + seat * height, PLAYERS.width - 24, height - 6)
