"""A big word in a band across a board for a moment (a trip begins, an extra turn, a winner).

The band grows in with a little overshoot, holds, then fades; ``progress`` runs 0..1 and is
driven by the scene's own tween or effect, so a banner needs no clock of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.anim.easing import out_back
from game.anim.effect import Effect
from game.ui import theme


@dataclass(frozen=True)
class BandStyle:
    """How one game's banners look."""

    height: int  # of the band, fully grown
    text_size: int  # the largest the word is drawn (smaller if it would not fit)
    grow_until: float  # progress at which the band is fully grown
    fade_from: float  # progress after which it fades out
    fill_alpha: int  # the night-blue band's opacity
    framed: bool  # a frame all round, or only a rule above and below
    title_lift: int  # how far the word moves up to make room for a subtitle
    subtitle_drop: int  # how far below the centre the subtitle stands


@theme.natural_size  # a big word across the board reads at a distance as it is
def draw_band(surface: pygame.Surface, area: pygame.Rect, text: str, colour: theme.Colour, progress: float,
              style: BandStyle, subtitle: str = "") -> None:
    grow = out_back(min(1.0, progress / style.grow_until))
    fade = 1.0 if progress < style.fade_from else max(0.0, (1 - progress) / (1 - style.fade_from))
    height = int(style.height * grow)
    if height <= 4:
        return
    band = pygame.Rect(area.x, 0, area.width, height)
    band.centery = area.centery
    layer = pygame.Surface(band.size, pygame.SRCALPHA)
    layer.fill((*theme.NIGHT, int(style.fill_alpha * fade)))
    edge = (*colour, int(255 * fade))
    if style.framed:
        pygame.draw.rect(layer, edge, layer.get_rect(), width=6)
    else:
        pygame.draw.line(layer, edge, (0, 3), (band.width, 3), 6)
        pygame.draw.line(layer, edge, (0, band.height - 4), (band.width, band.height - 4), 6)
    surface.blit(layer, band)
    if fade > 0.3 and grow > 0.6:
        size = theme.fit_text(text, style.text_size, band.width - 80, theme.DISPLAY_FONT)
        theme.draw_text(surface, text, (band.centerx, band.centery - (style.title_lift if subtitle else 0)), size,
                        colour, theme.DISPLAY_FONT, "center", shadow=True)
        if subtitle:
            fitted = theme.fit_text(subtitle, 32, band.width - 80, theme.TEXT_BOLD_FONT)  # a long line shrinks
            theme.draw_text(surface, subtitle, (band.centerx, band.centery + style.subtitle_drop), fitted, theme.CREAM,
                            theme.TEXT_BOLD_FONT, "center")


BOARD_STYLE = BandStyle(height=200, text_size=92, grow_until=0.2, fade_from=0.82, fill_alpha=228, framed=False,
                        title_lift=24, subtitle_drop=52)


class Banner(Effect):
    """A band across a board with a big word and a line under it, for ``seconds``: a show's step, so
    what follows waits for it and a click skips it like any move."""

    over_particles = True  # the confetti thrown for a winner falls behind the band, never across its words

    def __init__(self, area: pygame.Rect, text: str, colour: theme.Colour, seconds: float,
                 subtitle: str = "", style: BandStyle = BOARD_STYLE) -> None:
        super().__init__()
        self.area, self.text, self.colour, self.subtitle, self.style = area, text, colour, subtitle, style
        self.duration = seconds

    def draw(self, surface: pygame.Surface) -> None:
        if 0.0 < self.progress < 1.0:
            draw_band(surface, self.area, self.text, self.colour, self.progress, self.style, self.subtitle)
