"""A small tram car drawn procedurally, pointing east, cached per colour and size, rotatable."""

from __future__ import annotations

from functools import cache

import pygame

from game.ui import theme

SUPERSAMPLE = 3


@cache
@theme.natural_size
def tram_sprite(colour: tuple[int, int, int], length: int, number: str = "", labels: bool = True
                ) -> pygame.Surface:
    """The tram seen from above, nose to the east; ``length`` pixels long."""
    k = SUPERSAMPLE
    width = max(8, int(length * 0.42))
    big = pygame.Surface((length * k, width * k), pygame.SRCALPHA)
    body = big.get_rect().inflate(-2 * k, -2 * k)
    h = body.height
    radius = int(h * 0.42)
    dark = theme.shade(colour, 0.5)
    glass = (40, 58, 84)
    pygame.draw.rect(big, (*theme.SHADOW, 120), body.move(k, 2 * k), border_radius=radius)
    pygame.draw.rect(big, dark, body, border_radius=radius)
    inner = body.inflate(-int(h * 0.12), -int(h * 0.12))
    pygame.draw.rect(big, colour, inner, border_radius=int(radius * 0.85))
    # Side windows: a row of glass panes along each long side, with doors as gaps.
    pane_h = int(h * 0.13)
    span = inner.inflate(-int(h * 0.9), 0)
    panes = 6
    pane_w = span.width / panes
    for side_y in (inner.top + int(h * 0.05), inner.bottom - int(h * 0.05) - pane_h):
        for i in range(panes):
            pane = pygame.Rect(int(span.x + i * pane_w + pane_w * 0.1), side_y, int(pane_w * 0.8), pane_h)
            pygame.draw.rect(big, glass, pane, border_radius=max(1, pane_h // 3))
    # The roof: a lighter band with the pantograph and the line number.
    roof = pygame.Rect(0, 0, int(inner.width * 0.72), int(h * 0.36))
    roof.center = (inner.centerx - int(h * 0.05), inner.centery)
    pygame.draw.rect(big, theme.shade(colour, 1.35), roof, border_radius=roof.height // 2)
    # Windscreens: a big one at the nose (east), a small one at the back.
    nose = pygame.Rect(0, 0, int(h * 0.2), int(h * 0.62))
    nose.midright = (inner.right - int(h * 0.08), inner.centery)
    pygame.draw.rect(big, (170, 214, 240), nose, border_radius=nose.width // 2)
    tail = pygame.Rect(0, 0, int(h * 0.12), int(h * 0.5))
    tail.midleft = (inner.left + int(h * 0.08), inner.centery)
    pygame.draw.rect(big, glass, tail, border_radius=tail.width // 2)
    for dy in (-1, 1):
        pygame.draw.circle(big, (255, 236, 150), (body.right - int(h * 0.1), body.centery + dy * int(h * 0.3)),
                           max(1, int(h * 0.06)))
    cx, cy = roof.x + int(roof.width * 0.28), roof.centery
    arm = int(roof.height * 0.42)
    pygame.draw.polygon(big, theme.INK, [(cx - arm, cy), (cx, cy - arm), (cx + arm, cy), (cx, cy + arm)],
                        width=max(1, k))
    pygame.draw.line(big, theme.INK, (cx - arm, cy), (cx + arm, cy), max(1, k))
    if labels and number:
        plate = (roof.x + int(roof.width * 0.68), roof.centery)
        pygame.draw.circle(big, theme.CREAM, plate, int(roof.height * 0.5))
        pygame.draw.circle(big, theme.INK, plate, int(roof.height * 0.5), max(1, k))
        text = theme.render_text(number, int(roof.height * 0.72), theme.INK, theme.DISPLAY_FONT)
        big.blit(text, text.get_rect(center=(plate[0], plate[1] + k)))
    return pygame.transform.smoothscale(big, (length, width))


def draw_tram(surface: pygame.Surface, pos: tuple[float, float], heading_deg: float,
              colour: tuple[int, int, int], length: int, number: str = "", labels: bool = True) -> None:
    """Blit the tram centred on ``pos`` facing ``heading_deg`` (counter-clockwise from east)."""
    sprite = tram_sprite(colour, length, number, labels)
    turned = pygame.transform.rotozoom(sprite, heading_deg, 1.0)
    surface.blit(turned, turned.get_rect(center=(round(pos[0]), round(pos[1]))))
