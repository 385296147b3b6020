"""Where the Linja table's rising words stand ("+4", "home · +1 step", a count's "+3"): inside the row
they speak of, beside its pieces where the row has room. A word that rose from above its piece ran over
the row above, its pieces and their count, and read as that row's.
"""

from __future__ import annotations

from game.render.linja.layout import MARGIN, PIECE_RADIUS, LinjaLayout
from game.ui import theme
from game.ui.floaters import FloatText

Point = tuple[float, float]
GAP = 18  # between a row's last piece and a word beside it
INSET = 8  # ``FloatText`` keeps this far inside its bounds


def row_float(layout: LinjaLayout, row: int, counts: tuple[int, int], text: str, colour: theme.Colour,
              size: int, life: float, at: Point, rise: float = 60.0, beside: bool = True) -> FloatText:
    """A word rising inside ``row``'s band, as far as the band lets it. ``beside``: placed after the
    row's pieces (``counts`` of each seat), else before them, else over ``at`` (a full row); without
    ``beside``, it rises from ``at`` (a count's points over the very piece that scores them)."""
    band = layout.row_band(row)
    width, height = theme.render_text(text, size, colour, theme.DISPLAY_FONT).get_size()
    rise = max(0.0, min(rise, band.height - 2 * INSET - height))
    if not beside:
        return FloatText(text, at, colour, size, life, rise, bounds=band)
    left, right = layout.rect.x + MARGIN, layout.rect.right - MARGIN
    slots = [x for group in layout.slots(row, counts) for x, _y in group] or [at[0]]
    first, last = min(slots) - PIECE_RADIUS, max(slots) + PIECE_RADIUS
    if last + GAP + width <= right:
        x = last + GAP + width / 2
    elif first - GAP - width >= left:
        x = first - GAP - width / 2
    else:
        x = min(max(at[0], left + width / 2), right - width / 2)
    return FloatText(text, (x, band.centery + rise / 2), colour, size, life, rise, bounds=band)
