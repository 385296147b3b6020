"""How far apart two colours look, to people with full colour vision and to the colour-blind.

The seat colours must stay apart for every player at the table, and text must stand out from its
panel. These are the standard measures, in plain Python (no pygame) so tests and tools can use them:

- ``simulate``: a colour as seen with protanopia, deuteranopia or tritanopia (Machado, Oliveira and
  Fernandes 2009, severity 1, applied to linear RGB);
- ``delta_e``: CIEDE2000, the perceptual distance in CIELAB (D65); about 2 is just noticeable,
  above 10 two colours are read as different colours at a glance;
- ``contrast``: the WCAG 2 contrast ratio of two colours (text needs 4.5 : 1).
"""

from __future__ import annotations

import math

Colour = tuple[int, int, int]

# Machado et al. 2009, severity 1.0 (complete dichromacy), for linear RGB.
DEFICIENCIES: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def _linear(channel: float) -> float:
    value = channel / 255
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def _gamma(value: float) -> int:
    value = min(1.0, max(0.0, value))
    encoded = 12.92 * value if value <= 0.0031308 else 1.055 * value ** (1 / 2.4) - 0.055
    return round(encoded * 255)


def simulate(colour: Colour, deficiency: str | None) -> Colour:
    """``colour`` as seen with ``deficiency`` (None: as it is)."""
    if deficiency is None:
        return colour
    matrix = DEFICIENCIES[deficiency]
    linear = [_linear(channel) for channel in colour]
    return tuple(_gamma(sum(row[i] * linear[i] for i in range(3))) for row in matrix)  # type: ignore[return-value]


def _lab(colour: Colour) -> tuple[float, float, float]:
    r, g, b = (_linear(channel) for channel in colour)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(first: Colour, second: Colour) -> float:
    """CIEDE2000 between two sRGB colours."""
    l1, a1, b1 = _lab(first)
    l2, a2, b2 = _lab(second)
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1, h2 = math.degrees(math.atan2(b1, a1)) % 360, math.degrees(math.atan2(b2, a2)) % 360
    dh = 0.0
    if c1 * c2:
        dh = h2 - h1 if abs(h2 - h1) <= 180 else h2 - h1 - 360 if h2 > h1 else h2 - h1 + 360
    d_l, d_c = l2 - l1, c2 - c1
    d_h = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    l_mean, c_mean = (l1 + l2) / 2, (c1 + c2) / 2
    if not c1 * c2:
        h_mean = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_mean = (h1 + h2) / 2
    else:
        h_mean = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6)) - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    rotation = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c, s_h = 1 + 0.045 * c_mean, 1 + 0.015 * c_mean * t
    r_t = -math.sin(math.radians(2 * rotation)) * r_c
    return math.sqrt((d_l / s_l) ** 2 + (d_c / s_c) ** 2 + (d_h / s_h) ** 2 + r_t * (d_c / s_c) * (d_h / s_h))


def luminance(colour: Colour) -> float:
    r, g, b = (_linear(channel) for channel in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(first: Colour, second: Colour) -> float:
    """The WCAG 2 contrast ratio, 1 to 21."""
    dark, light = sorted((luminance(first), luminance(second)))
    return (light + 0.05) / (dark + 0.05)


def readable(colour: Colour, background: Colour, ratio: float = 4.5) -> Colour:
    """``colour``, lightened toward white just enough for text on ``background`` to reach ``ratio``
    (a seat's name in its colour stays that colour's, and legible)."""
    mixed = colour
    for step in range(21):
        share = step / 20
        mixed = tuple(round(c + (255 - c) * share) for c in colour)  # type: ignore[assignment]
        if contrast(mixed, background) >= ratio:
            return mixed
    return mixed
