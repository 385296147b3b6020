"""Floating texts: a short word or figure that pops up where something happened, rises and fades
("+3", "Connection!", "home · 2 steps lost"). Every table uses this one; the show ages them on its
own (animation-speed) time and draws them over the board (``Show.overlays``).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.anim.easing import ease
from game.ui import theme

Point = tuple[float, float]


@dataclass
class FloatText:
    text: str
    pos: Point
    colour: theme.Colour
    size: int = 40
    life: float = 1.2
    rise: float = 70.0
    age: float = 0.0
    bounds: pygame.Rect | None = None  # the area it stays inside (a table's field, not its side panel)

    @property
    def alive(self) -> bool:
        return self.age < self.life

    def draw(self, surface: pygame.Surface) -> None:
        t = min(1.0, self.age / self.life)
        pop = ease("out_back")(min(1.0, t * 4))  # springs in over its first quarter
        y = self.pos[1] - self.rise * ease("out_cubic")(t)
        alpha = int(255 * (1 - max(0.0, (t - 0.6) / 0.4)))  # fades over its last 40 %
        size = max(8, round(self.size * (0.6 + 0.4 * pop)))
        text = theme.render_text(self.text, size, self.colour, theme.DISPLAY_FONT)
        shadow = theme.render_text(self.text, size, theme.SHADOW, theme.DISPLAY_FONT)
        rect = text.get_rect(center=(round(self.pos[0]), round(y)))
        if self.bounds is not None:  # a word by the field's edge floats up beside it, not into the panel
            rect.clamp_ip(self.bounds.inflate(-8, -8))
        for layer, offset in ((shadow, (2, 3)), (text, (0, 0))):
            if alpha < 255:
                layer = layer.copy()
                layer.set_alpha(alpha)
            surface.blit(layer, rect.move(offset))
