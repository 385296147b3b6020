"""The band banner grows in, holds at its full height and fades out, for either game's style."""

import pygame
import pytest

from game.tables.linie1.show import BANNER_STYLE as LINIE1
from game.ui.banner import BOARD_STYLE as LINJA
from game.ui.banner import draw_band

BACKGROUND = (40, 20, 60)


def band_rows(style, progress: float, subtitle: str = "") -> int:
    surface = pygame.Surface((800, 600))
    surface.fill(BACKGROUND)
    draw_band(surface, pygame.Rect(50, 50, 700, 500), "Extra turn", (250, 200, 60), progress, style, subtitle)
    return sum(1 for y in range(600) if surface.get_at((60, y))[:3] != BACKGROUND)


@pytest.mark.parametrize("style", [LINIE1, LINJA])
def test_the_band_grows_holds_and_fades(app, style) -> None:
    assert band_rows(style, 0.0) == 0  # not yet there
    assert 0 < band_rows(style, style.grow_until * 0.3) < style.height  # growing
    assert abs(band_rows(style, 0.5) - style.height) <= 1  # held at full height
    assert band_rows(style, 1.0) == 0  # faded to nothing
    fading = pygame.Surface((800, 600))
    fading.fill(BACKGROUND)
    draw_band(fading, pygame.Rect(50, 50, 700, 500), "x", (250, 200, 60), 0.99, style)
    held = pygame.Surface((800, 600))
    held.fill(BACKGROUND)
    draw_band(held, pygame.Rect(50, 50, 700, 500), "x", (250, 200, 60), 0.5, style)
    assert fading.get_at((60, 300)) != held.get_at((60, 300))  # lighter as it fades
