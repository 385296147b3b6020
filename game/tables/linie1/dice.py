"""The three-dice trip on the table: the dice rolled lie beside the tram until one is chosen (each
with what it would do, and its key when the viewer chooses), and the panel keeps the last roll
with the die carried out picked out."""

from __future__ import annotations

import pygame

from game.render.linie1.die import LIGHT_WORDS, draw_die
from game.tables.linie1 import layout
from game.ui import theme

PANEL_DICE = 76  # the last roll, in the panel where the 1995 die lies


def die_rects(spots: list[tuple[float, float]], size: int) -> list[pygame.Rect]:
    """The clickable square of each die lying at ``spots``."""
    rects = []
    for x, y in spots:
        rect = pygame.Rect(0, 0, size, size)
        rect.center = (round(x), round(y))
        rects.append(rect)
    return rects


def draw_rolled(surface: pygame.Surface, spots: list[tuple[float, float]], faces: list[str], size: int,
                keys: bool, hovered: int | None) -> None:
    """The dice waiting for a choice; ``keys``: the viewer chooses, so each shows its number key."""
    for index, ((x, y), face) in enumerate(zip(spots, faces, strict=True)):
        rect = die_rects([(x, y)], size)[0]
        if index == hovered:
            pygame.draw.rect(surface, theme.SUNFLOWER, rect.inflate(14, 14), 5, border_radius=size // 4)
        draw_die(surface, (x, y), size, face, lights=True)
        label = theme.render_text(LIGHT_WORDS.get(face, ""), 20, theme.CREAM, theme.TEXT_BOLD_FONT)
        pill = label.get_rect(midtop=(round(x), round(y + size * 0.66))).inflate(16, 8)
        theme.panel(surface, pill, theme.NIGHT_2, pill.height // 2, theme.SUNFLOWER if index == hovered else None, 2)
        surface.blit(label, label.get_rect(center=pill.center))
        if keys:
            badge = (rect.left + 4, rect.top + 4)
            pygame.draw.circle(surface, theme.SUNFLOWER, badge, 15)
            theme.draw_text(surface, str(index + 1), (badge[0], badge[1] + 1), 22, theme.INK, theme.DISPLAY_FONT,
                            "center")


def draw_last_roll(surface: pygame.Surface, faces: list[str], chosen: int | None) -> None:
    """The last roll in the panel: the die carried out in full, the others faded."""
    spots = layout.dice_spots(layout.DIE_CENTRE, len(faces), PANEL_DICE)
    shift = spots[-1][0] - layout.DIE_CENTRE[0] if spots else 0  # right-aligned where the die lies
    for index, ((x, y), face) in enumerate(zip(spots, faces, strict=True)):
        centre = (x - shift, y)
        draw_die(surface, centre, PANEL_DICE, face, lights=True)
        if chosen is not None and index != chosen:
            veil = pygame.Surface((PANEL_DICE, PANEL_DICE), pygame.SRCALPHA)
            pygame.draw.rect(veil, (*theme.PLUM, 170), veil.get_rect(), border_radius=PANEL_DICE // 5)
            surface.blit(veil, veil.get_rect(center=(round(centre[0]), round(centre[1]))))
        elif chosen is not None:
            rect = die_rects([centre], PANEL_DICE)[0]
            pygame.draw.rect(surface, theme.SUNFLOWER, rect.inflate(10, 10), 4, border_radius=PANEL_DICE // 4)
