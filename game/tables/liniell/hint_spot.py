"""Where Liniell's first-game hint stands while markers move: on the board, never over the panel's
cards (the tile card, the players, the action box), in the corner of the field that hides the least of
the tiles a player reads then, and never the tile just placed whose lines they choose from."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.render.liniell import field
from game.render.liniell.field import Camera
from game.tables.coach import WIDTH as COACH_WIDTH
from game.tables.liniell.model import TableModel

MARGIN = 12  # pixels between the bubble and the board's edge
NARROW = 420  # a taller, narrower bubble fits beside a field that leaves a band of two columns free
LAST_WEIGHT = 100.0  # the tile just placed: its lines are what the player chooses from, hidden only if all else is
MARKER_WEIGHT = 5.0  # a marker, even one peeking out: the player may move theirs, and reads whose line is whose


def board_spot(area: pygame.Rect, model: TableModel, height_at: Callable[[int], int],
               note: pygame.Rect | None = None) -> pygame.Rect:
    """Of the places on ``area`` (the board where the camera frames the field: its foot or its top, left,
    centre or right; as wide as a hint in the panel, as the board (a line shorter) or two columns),
    the one whose bubble hides the least: never the tile just placed if it can help it,
    then as few markers as it can (a marker peeking out from under it counts), then the least tile area.
    Tiles are where the camera comes to rest, so the place does not depend on a glide under way.
    On a tie the foot, right first (nearest the action box the player reads next).
    ``height_at``: the bubble's height at a width, its words as small as at 100 %. ``note``: a toast
    on the board (a refusal's short words), which the hint keeps clear of as of the tile just placed."""
    camera = Camera(area)
    camera.frame(model.region())
    radius = field.marker_radius(camera)
    markers: list[pygame.Rect] = []
    for seat in range(len(model.view.get("markers", []))):
        for marker in range(len(model.view["markers"][seat])):
            piece = model.marker_piece(seat, marker)
            if piece is not None and (piece[0], piece[1]) in model.tiles:
                spot = pygame.Rect(0, 0, 2 * radius, 2 * radius)
                spot.center = tuple(round(c) for c in field.marker_spot(camera, model.tiles, piece))
                markers.append(spot)
    tiles = [camera.tile_rect(cell) for cell in model.tiles]
    last = camera.tile_rect(model.last).inflate(2 * radius, 2 * radius) if model.last in model.tiles else None
    spots = []
    for width in (min(COACH_WIDTH, area.width - 2 * MARGIN), area.width - 2 * MARGIN, NARROW):
        height = min(height_at(width), area.height - 2 * MARGIN)
        spots += [pygame.Rect(x, y, width, height)
                  for y in (area.bottom - MARGIN - height, area.top + MARGIN)
                  for x in (area.right - MARGIN - width, area.centerx - width // 2, area.left + MARGIN)]

    def hidden(spot: pygame.Rect) -> float:
        total = LAST_WEIGHT if last is not None and spot.colliderect(last) else 0.0
        total += LAST_WEIGHT if note is not None and spot.colliderect(note) else 0.0
        total += MARKER_WEIGHT * sum(spot.colliderect(marker) for marker in markers)
        for rect in tiles:
            cut = spot.clip(rect)
            total += cut.width * cut.height / max(1, rect.width * rect.height)
        return total

    return min(spots, key=hidden)  # min keeps the first of equals: the foot, right first
