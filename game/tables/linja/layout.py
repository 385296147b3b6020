"""Where the Linja table's parts sit on the 1920 x 1080 canvas: the board on the left, the two
players' cards and the turn box on the right (B's card at the top, where B's pieces start).
"""

from __future__ import annotations

import pygame

from game.ui import theme

BOARD = pygame.Rect(24, 24, 1290, 1032)
# At a LAN table the board gives a band at its foot to the chat (its tab and its fading lines, which stood
# over the moves list and the points chips): the rows are 108 px high instead of 124
CHAT_BAND = 124
PANEL_X = BOARD.right + 24
PANEL_W = theme.WIDTH - PANEL_X - 24
CARD_H = 168
CARDS = {1: pygame.Rect(PANEL_X, 24, PANEL_W, CARD_H),  # B plays from the top edge of the board
         0: pygame.Rect(PANEL_X, theme.HEIGHT - 24 - CARD_H, PANEL_W, CARD_H)}
TURN_BOX = pygame.Rect(PANEL_X, CARDS[1].bottom + 24, PANEL_W, CARDS[0].y - CARDS[1].bottom - 48)
GUIDANCE_TOP = 296  # in the turn box, under the phase card: what the player does now
LOG_TOP = TURN_BOX.y + 388
BUTTON_W = (PANEL_W - 72) // 2
RULES_BUTTON = pygame.Rect(PANEL_X + 24, TURN_BOX.bottom - 86, BUTTON_W, 66)
MENU_BUTTON = pygame.Rect(PANEL_X + 48 + BUTTON_W, TURN_BOX.bottom - 86, BUTTON_W, 66)


def board_rect(lan: bool) -> pygame.Rect:
    """The board: the whole left of the screen, or at a LAN table all of it above the chat's band."""
    return pygame.Rect(BOARD.x, BOARD.y, BOARD.width, BOARD.height - CHAT_BAND) if lan else BOARD.copy()
