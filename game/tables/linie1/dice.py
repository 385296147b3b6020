"""The three-dice trip on the table: the dice rolled lie beside the tram until one is chosen (each
with what it would do, and its key when the viewer chooses; the die picked rings the square it
leads to), and the panel keeps the last roll with the die carried out picked out."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.linie1.dice import carry_out, stop_signs
from game.i18n import _
from game.render.linie1.board import Linie1Board
from game.render.linie1.die import LIGHT_WORDS, draw_die, draw_meaning, meaning_room
from game.tables.linie1 import layout
from game.tables.linie1.staging import DICE_SIZE, dice_spot
from game.ui import theme

PANEL_DICE = 76  # the last roll, in the panel where the 1995 die lies
Spot = tuple[float, float]


def waiting_dice(board: Linie1Board, view: dict[str, Any]) -> tuple[list[str], list[Spot]] | None:
    """The dice rolled and not yet chosen from, and where they lie beside the driver's tram (the
    spot their throw landed on)."""
    dice = view.get("dice")
    if not dice or dice.get("rolled") is None:
        return None
    faces = [str(face) for face in dice["rolled"]]
    centre = dice_spot(board, view, int(view["current"]))
    return faces, layout.dice_spots(centre, len(faces), DICE_SIZE)


def die_at(spots: list[Spot], pos: tuple[int, int]) -> int | None:
    """The die at ``pos`` (its label under it counts too)."""
    return next((index for index, rect in enumerate(die_rects(spots, DICE_SIZE))
                 if rect.inflate(10, 40).collidepoint(pos)), None)


def die_target(board: Linie1Board, trip: dict[str, Any] | None, face: str) -> tuple[pygame.Rect, bool] | None:
    """The square the tram would reach with ``face``, and whether that is backwards (tools); None
    for the start terminal (the tram's own square shows it) or no trip."""
    if trip is None:
        return None
    halts = [bool(h) for h in trip["halts"]]
    position = int(trip["position"])
    end, _by_h = carry_out(halts, stop_signs(trip["route"], halts), position, bool(trip.get("by_h")), face)
    if end < 0:
        return None
    cell = trip["route"][end]
    return board.cell_rect((int(cell[0]), int(cell[1])), layout.ORIGIN).inflate(-4, -4), end < position


def draw_target(surface: pygame.Surface, rect: pygame.Rect, back: bool) -> None:
    colour = theme.CORAL if back else theme.SUNFLOWER
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (*colour, 90), shade.get_rect(), border_radius=12)
    surface.blit(shade, rect)
    pygame.draw.rect(surface, colour, rect, 6, border_radius=12)


def draw_target_badge(surface: pygame.Surface, rect: pygame.Rect, index: int) -> None:
    """The die's number on the square it leads to."""
    centre = (rect.right - 14, rect.bottom - 14)
    pygame.draw.circle(surface, theme.SHADOW, centre, 17)
    pygame.draw.circle(surface, theme.SUNFLOWER, centre, 15)
    theme.draw_text(surface, str(index + 1), (centre[0], centre[1] + 1), 22, theme.INK, theme.DISPLAY_FONT, "center")


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
        draw_meaning(surface, _(LIGHT_WORDS.get(face, "")), (x, y), size, meaning_room(spots),
                     theme.SUNFLOWER if index == hovered else None, 2)
        if keys:
            badge = (rect.left + 4, rect.top + 4)
            pygame.draw.circle(surface, theme.SUNFLOWER, badge, 15)
            theme.draw_text(surface, str(index + 1), (badge[0], badge[1] + 1), 22, theme.INK, theme.DISPLAY_FONT,
                            "center")


def draw_last_roll(surface: pygame.Surface, faces: list[str], chosen: int | None,
                   last: tuple[float, float] = layout.DIE_CENTRE, size: int = PANEL_DICE) -> None:
    """The last roll in the panel: the die carried out in full, the others faded; the row ends at
    ``last`` (the centre of its right-hand die)."""
    spots = layout.dice_spots(last, len(faces), size)
    shift = spots[-1][0] - last[0] if spots else 0  # right-aligned where the die lies
    for index, ((x, y), face) in enumerate(zip(spots, faces, strict=True)):
        centre = (x - shift, y)
        draw_die(surface, centre, size, face, lights=True)
        if chosen is not None and index != chosen:
            veil = pygame.Surface((size, size), pygame.SRCALPHA)
            pygame.draw.rect(veil, (*theme.PLUM, 170), veil.get_rect(), border_radius=size // 5)
            surface.blit(veil, veil.get_rect(center=(round(centre[0]), round(centre[1]))))
        elif chosen is not None:
            rect = die_rects([centre], size)[0]
            pygame.draw.rect(surface, theme.SUNFLOWER, rect.inflate(10, 10), 4, border_radius=size // 4)
