"""One look for the whole client: a warm arcade palette, two font families, rounded panels.

Everything that draws chrome (panels, buttons, headings) goes through here so the screens stay
coherent. Fonts come from ``assets/fonts`` (League Spartan for display, Lato for text) and fall
back to pygame's default font if the files are missing.

Text sizes given here are design sizes at 100 %: the player's text size setting (``set_ui_scale``,
125 or 150 % for readers at a distance) turns them into pixels (``px``), so every label, tooltip
and panel text grows at once, and whatever measures text (``font``, ``fit_text``, ``wrap``)
measures it at the size it is drawn. Board art, whose text must fit its squares, draws at its own
pixel sizes (``natural_size``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache, wraps
from pathlib import Path
from typing import ParamSpec, TypeVar

import pygame
import pygame.freetype

from game.core.assets import ASSETS
from game.core.text import printable
from game.i18n import N_, _
from game.ui.colour_vision import readable

Colour = tuple[int, int, int]

WIDTH, HEIGHT = 1920, 1080

# The palette: a deep plum night with tangerine, sunflower and cream like an old tram depot sign.
NIGHT = (34, 22, 44)
NIGHT_2 = (56, 34, 66)
PLUM = (74, 45, 86)
PLUM_LIGHT = (104, 70, 118)
CREAM = (255, 244, 224)
CREAM_DIM = (222, 204, 186)
INK = (44, 28, 46)
TANGERINE = (255, 140, 66)
TANGERINE_DARK = (196, 88, 34)
SUNFLOWER = (255, 201, 60)
CORAL = (255, 122, 120)  # 4.6 : 1 on PLUM: error text stays legible
CORAL_DARK = (184, 58, 70)
MINT = (72, 201, 160)
MINT_DARK = (34, 140, 110)
SKY = (96, 170, 230)
SHADOW = (16, 8, 22)

# Colours a player can choose at the table (name, rgb); the seat stores the index, and seats take
# them in this order by default. Every pair stays at least 15 CIEDE2000 apart with full colour vision
# and as seen with protanopia, deuteranopia and tritanopia (``game.ui.colour_vision``; tested), so a
# colour-blind player tells any two seats apart by colour too, not only by their initials.
PLAYER_COLOURS: list[tuple[str, Colour]] = [
    (N_("Tangerine"), (232, 150, 90)),
    (N_("Blue"), (45, 131, 250)),
    (N_("Mint"), (132, 235, 195)),
    (N_("Magenta"), (250, 20, 150)),
    (N_("Yellow"), (250, 224, 5)),
    (N_("Lavender"), (203, 186, 238)),
]
# the same names inside a sentence ("the blue markers"): lower case in English, nouns in German
COLOUR_WORDS = [N_("tangerine"), N_("blue"), N_("mint"), N_("magenta"), N_("yellow"), N_("lavender")]


def colour_word(index: int) -> str:
    """Player colour ``index``'s name as a sentence says it, in the screen's language."""
    return _(COLOUR_WORDS[index % len(COLOUR_WORDS)])

FONT_DIR = ASSETS / "fonts"
DISPLAY_FONT = "LeagueSpartan-Bold.otf"
TEXT_FONT = "Lato-Regular.ttf"
TEXT_BOLD_FONT = "Lato-Bold.ttf"


_scale = 1.0  # the player's text size (``set_ui_scale``)
_P = ParamSpec("_P")
_R = TypeVar("_R")


def set_ui_scale(scale: float) -> None:
    """Draw every text from now on at ``scale`` times its design size (1.0, 1.25, 1.5)."""
    global _scale
    _scale = min(2.0, max(0.5, float(scale)))


def ui_scale() -> float:
    return _scale


def px(size: float) -> int:
    """Pixels for a design size (a text size, a line's height, a box's padding) at the text size."""
    return max(1, round(size * _scale))


def unscaled(size: float) -> int:
    """The design size that draws at ``size`` pixels whatever the text size: figures already big."""
    return max(1, round(size / _scale))


def natural_size(draw: Callable[_P, _R]) -> Callable[_P, _R]:
    """Run ``draw`` with text at its design size: board art sizes its labels to its squares."""
    @wraps(draw)
    def at_natural_size(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        global _scale
        saved, _scale = _scale, 1.0
        try:
            return draw(*args, **kwargs)
        finally:
            _scale = saved
    return at_natural_size


def player_colour(index: int) -> Colour:
    return PLAYER_COLOURS[index % len(PLAYER_COLOURS)][1]


def text_colour(colour: Colour, background: Colour = PLUM) -> Colour:
    """``colour`` for text on ``background``: lightened just enough for 4.5 : 1 (a seat's name in
    its own colour, on a panel)."""
    return readable(colour, background)


def font(size: int, face: str = TEXT_FONT) -> pygame.font.Font:
    """The font for text of design ``size`` at the player's text size."""
    return pixel_font(px(size), face)


@cache
def pixel_font(size: int, face: str = TEXT_FONT) -> pygame.font.Font:
    """A cached font of ``size`` pixels; ``face`` is a file in assets/fonts (pygame's default if it
    is missing)."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = Path(FONT_DIR / face)
    if path.is_file():
        return pygame.font.Font(path, size)
    return pygame.font.Font(None, int(size * 1.25))


# League Spartan draws Latin letters only: a name in Cyrillic or Greek ("Жанна", "Ελένη") came out as
# blank room on every title, card and seat row drawn in it. Text with a letter it lacks is drawn (and
# measured) in Lato Bold instead, which has them; what no bundled font has (Chinese, emoji) shows as
# Lato's boxes, never as nothing.
FALLBACK_FACES = {DISPLAY_FONT: TEXT_BOLD_FONT}


@cache
def _glyph_table(face: str) -> pygame.freetype.Font | None:
    """``face`` opened to ask which characters it has (None: the file is missing)."""
    path = FONT_DIR / face
    if not path.is_file():
        return None
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    return pygame.freetype.Font(path, 16)


@cache
def _has_glyph(face: str, character: str) -> bool:
    table = _glyph_table(face)
    return table is None or table.get_metrics(character)[0] is not None


@lru_cache(maxsize=4096)
def face_for(text: str, face: str) -> str:
    """The face ``text`` is drawn and measured in: ``face``, or its fallback (``FALLBACK_FACES``)
    when ``face`` lacks one of the text's letters."""
    fallback = FALLBACK_FACES.get(face)
    if fallback is None or text.isascii():
        return face
    if all(_has_glyph(face, character) for character in set(text) if not character.isspace()):
        return face
    return fallback


def display(size: int) -> pygame.font.Font:
    return font(size, DISPLAY_FONT)


def text_width(text: str, size: int, face: str = TEXT_FONT) -> int:
    """How wide ``text`` is drawn at design ``size`` (in its fallback face where ``face`` lacks a letter)."""
    text = printable(text, RENDER_LIMIT)
    return font(size, face_for(text, face)).size(text)[0]


def text_font(size: int, bold: bool = False) -> pygame.font.Font:
    return font(size, TEXT_BOLD_FONT if bold else TEXT_FONT)


RENDER_LIMIT = 400  # characters: longer text could never fit a 1920-pixel line anyway
NAME_LEAST = 20  # design size: a player's name on a seat's card or row is cut with "…" rather than drawn smaller


@lru_cache(maxsize=4096)
def _rendered(text: str, size: int, face: str, colour: Colour) -> pygame.Surface:
    typeface = pixel_font(size, face)
    try:
        return typeface.render(text, True, colour)
    except pygame.error:  # only invisible characters (a soft hyphen alone): nothing to draw
        return pygame.Surface((1, typeface.get_height()), pygame.SRCALPHA)


def render_text(text: str, size: int, colour: Colour = CREAM, face: str = TEXT_FONT) -> pygame.Surface:
    """Rendered text, cached: the same label is drawn every frame. Any string renders: what a font
    cannot take (NUL, lone surrogates, direction overrides) is left out, and text too long for any
    line is cut (``printable``)."""
    text = printable(text, RENDER_LIMIT)
    return _rendered(text, px(max(1, int(size))), face_for(text, face), colour)


MIDDLE_ANCHORS = frozenset({"center", "midleft", "midright"})


@cache
def optical_middle(size: int, face: str = TEXT_FONT) -> tuple[int, int]:
    """For text of ``size`` pixels: how far to move it down so the middle of its capitals, not the
    middle of its surface, sits where it is placed, and the height of its letters' box (ascent to
    descent). A rendered line keeps room for descenders and the line gap below the letters, so
    centring the surface put every row label visibly above the middle of its row."""
    typeface = pixel_font(size, face)
    capital = typeface.metrics("H")[0]
    cap_height = capital[3] if capital else typeface.get_ascent()
    surface_height = typeface.render("H", True, CREAM).get_height()  # the line size, as every line renders
    return round(surface_height / 2 - typeface.get_ascent() + cap_height / 2), typeface.get_height()


def draw_text(surface: pygame.Surface, text: str, pos: tuple[int, int], size: int = 28,
              colour: Colour = CREAM, face: str = TEXT_FONT, anchor: str = "topleft",
              shadow: bool = False) -> pygame.Rect:
    """Draw text anchored at ``pos`` (any pygame.Rect anchor name); returns the drawn rect. Text
    placed by its middle (``MIDDLE_ANCHORS``) is centred on its capitals, and its rect is its
    letters' box, without the empty line gap below (``optical_middle``)."""
    face = face_for(printable(text, RENDER_LIMIT), face)
    image = render_text(text, size, colour, face)
    rect = image.get_rect(**{anchor: pos})
    letters = rect.height
    if anchor in MIDDLE_ANCHORS:
        drop, letters = optical_middle(px(max(1, int(size))), face)
        rect.y += drop
    if shadow:
        surface.blit(render_text(text, size, SHADOW, face), rect.move(0, max(2, px(size) // 14)))
    surface.blit(image, rect)
    return pygame.Rect(rect.x, rect.y, rect.width, min(rect.height, letters))


def fit_text(text: str, size: int, width: int, face: str = TEXT_FONT, minimum: int = 12) -> int:
    """The largest design size <= ``size`` at which ``text`` fits in ``width`` pixels."""
    return _fitted(text, size, width, face, minimum, _scale)


@lru_cache(maxsize=1024)
def _fitted(text: str, size: int, width: int, face: str, minimum: int, scale: float) -> int:
    """``fit_text`` at a text size, remembered: panels measure the same labels every frame."""
    text = printable(text, RENDER_LIMIT)
    face = face_for(text, face)
    while size > minimum and font(size, face).size(text)[0] > width:
        size -= 1
    return size


def shortened(text: str, size: int, width: int, face: str = TEXT_BOLD_FONT) -> str:
    """``text`` at design ``size`` in ``width`` pixels: cut at the end with "…" where it is too long."""
    while text_width(text, size, face) > width and len(text) > 1:
        text = text[:-2].rstrip(" ,·") + "…"
    return text


def named(words: str, name: str, size: int, width: int, face: str = TEXT_FONT, least: int = NAME_LEAST
          ) -> tuple[str, int]:
    """``words`` (a sentence with ``{name}``: "{name}'s turn") said of ``name``, and the largest design
    size <= ``size`` at which it fits ``width``; where that would be below ``least`` the name is cut
    with "…" instead, so the sentence stays whole and reads (a 32-character name drew "…'s turn" at 14)."""
    text = words.format(name=name)
    fitted = fit_text(text, size, width, face)
    while fitted < least and len(name) > 1:
        name = name[:-2].rstrip() + "…"
        text = words.format(name=name)
        fitted = fit_text(text, size, width, face)
    return text, fitted


def wrap(text: str, size: int, width: int, face: str = TEXT_FONT) -> list[str]:
    """Greedy word wrap of one paragraph to ``width`` pixels; a word wider than a line is broken."""
    return list(_wrapped(text, size, width, face, _scale))


StackLine = tuple[str, int, Colour, str]  # text, design size, colour, face


def draw_stack(surface: pygame.Surface, lines: list[StackLine], corner: tuple[int, int], width: int, height: int,
               align: str = "left", gap: int = 2, spread: int = 0) -> list[pygame.Rect]:
    """Lines one under another from ``corner`` (top left, or top right with ``align="right"``) in a
    ``width`` × ``height`` box: each fitted to the width, and all shrunk alike until they fit the
    height, so a card's name, kind and count stay apart at any text size. Height to spare spreads
    the lines apart (up to ``spread`` pixels between two)."""
    factor = 1.0
    while True:
        sizes = [fit_text(text, max(8, int(size * factor)), width, face, minimum=8) for text, size, _c, face in lines]
        heights = [font(size, face).get_height() for size, (*_words, face) in zip(sizes, lines, strict=True)]
        if sum(heights) + gap * (len(lines) - 1) <= height or factor <= 0.4:
            break
        factor -= 0.05
    if len(lines) > 1:
        gap = max(gap, min(spread, (height - sum(heights)) // (len(lines) - 1)))
    x, y = corner
    drawn = []
    for (text, _size, colour, face), size, tall in zip(lines, sizes, heights, strict=True):
        anchor = "topright" if align == "right" else "topleft"
        drawn.append(draw_text(surface, text, (x, y), size, colour, face, anchor))
        y += tall + gap
    return drawn


def fit_lines(text: str, size: int, width: int, height: int, face: str = TEXT_FONT,
              minimum: int = 12) -> tuple[int, list[str], int]:
    """``text`` wrapped to ``width`` at the largest design size <= ``size`` whose lines fit
    ``height``: (size, lines, pixels from line to line). At ``minimum`` the lines are cut to fit,
    the last one ending in "…"."""
    while True:
        lines, step = wrap(text, size, width, face), line_height(size, face)
        if len(lines) * step <= height or size <= minimum:
            return size, first_lines(lines, max(1, height // step)), step
        size -= 1


def first_lines(lines: list[str], count: int) -> list[str]:
    """At most ``count`` of wrapped ``lines``, the last one ending in "…" when some are left out."""
    if len(lines) <= count:
        return lines
    if count <= 0:
        return []
    return [*lines[:count - 1], lines[count - 1].rstrip(" .,;:") + "…"]


def line_height(size: int, face: str = TEXT_FONT) -> int:
    """The pixels from one line of wrapped text to the next at design ``size``."""
    return font(size, face).get_linesize()


@lru_cache(maxsize=512)
def _wrapped(text: str, size: int, width: int, face: str, scale: float) -> tuple[str, ...]:
    """``wrap``, remembered: panels wrap the same sentences every frame. Each line is measured in the
    face it is drawn in (``face_for``)."""
    def width_of(words: str) -> int:
        return font(size, face_for(words, face)).size(words)[0]

    lines: list[str] = []
    current = ""
    for word in _glued(printable(text, 8 * RENDER_LIMIT).split()):
        candidate = f"{current} {word}" if current else word
        if width_of(candidate) <= width:
            current = candidate
            continue
        if current:
            lines.append(current)
        current = ""
        while width_of(word) > width and len(word) > 1:  # no room even alone: break it
            cut = max(1, next((n for n in range(len(word), 0, -1) if width_of(word[:n]) <= width), 1))
            lines.append(word[:cut])
            word = word[cut:]
        current = word
    if current:
        lines.append(current)
    return tuple(lines)


def _glued(words: list[str]) -> list[str]:
    """The words a line may break between: a dimension ("4 × 4", "12 × 12-Feld") stays one, so no
    line ends on "4 ×" with the other side on the next; a die's faces ("1 2 3 4 H H", one letter or
    digit each) stay one too, so no line ends on "H" with the other "H" on the next."""
    glued: list[str] = []
    for word in words:
        face_after_face = _is_face(word) and glued and _is_face(glued[-1].rsplit(" ", 1)[-1])
        if glued and (word == "×" or glued[-1].endswith(" ×") or face_after_face):
            glued[-1] = f"{glued[-1]} {word}"
        else:
            glued.append(word)
    return glued


def _is_face(word: str) -> bool:
    """One letter or digit alone: a die's face in a list of them."""
    return len(word) == 1 and word.isalnum()


def shade(colour: Colour, factor: float) -> Colour:
    """Darker (factor < 1) or lighter (factor > 1, towards white) version of a colour."""
    if factor <= 1:
        return (int(colour[0] * factor), int(colour[1] * factor), int(colour[2] * factor))
    mix = min(1.0, factor - 1)
    return (int(colour[0] + (255 - colour[0]) * mix), int(colour[1] + (255 - colour[1]) * mix),
            int(colour[2] + (255 - colour[2]) * mix))


def mix(a: Colour, b: Colour, t: float) -> Colour:
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t), int(a[2] + (b[2] - a[2]) * t))


@cache
def _panel_shadow(width: int, height: int, radius: int, shadow: int) -> pygame.Surface:
    surface = pygame.Surface((width + shadow * 2, height + shadow * 2), pygame.SRCALPHA)
    for step in range(shadow, 0, -2):
        alpha = int(70 * (1 - step / (shadow + 1)))
        pygame.draw.rect(surface, (*SHADOW, alpha),
                         pygame.Rect(shadow - step, shadow - step + shadow // 2, width + step * 2, height + step * 2),
                         border_radius=radius + step)
    return surface


def _blit_shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int, shadow: int) -> None:
    """A panel's shadow blended in around the panel, not under its middle: the panel paints over
    that square middle straight after (pygame's shapes replace pixels, they do not blend), and
    blending a whole screen-sized shadow there took a large share of every frame."""
    image = _panel_shadow(rect.width, rect.height, radius, shadow)
    x, y = rect.x - shadow, rect.y - shadow
    inset = shadow + max(0, radius)  # the rounded corners leave the shadow showing outside this
    middle = pygame.Rect(inset, inset, rect.width + 2 * shadow - 2 * inset, rect.height + 2 * shadow - 2 * inset)
    if middle.width <= 0 or middle.height <= 0:
        surface.blit(image, (x, y))
        return
    width, height = image.get_size()
    for area in (pygame.Rect(0, 0, width, middle.top), pygame.Rect(0, middle.bottom, width, height - middle.bottom),
                 pygame.Rect(0, middle.top, middle.left, middle.height),
                 pygame.Rect(middle.right, middle.top, width - middle.right, middle.height)):
        surface.blit(image, (x + area.x, y + area.y), area)


def panel(surface: pygame.Surface, rect: pygame.Rect, colour: Colour = PLUM, radius: int = 22,
          border: Colour | None = PLUM_LIGHT, shadow: int = 8) -> None:
    """A rounded panel with a soft drop shadow and a thin lighter rim."""
    if shadow:
        _blit_shadow(surface, rect, radius, shadow)
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(surface, border, rect, width=2, border_radius=radius)


@cache
def _background(width: int, height: int) -> pygame.Surface:
    """The shared backdrop: a vertical plum gradient with faint tram rails and a warm glow."""
    surface = pygame.Surface((width, height))
    for y in range(height):
        pygame.draw.line(surface, mix(NIGHT_2, NIGHT, y / height), (0, y), (width, y))
    glow = pygame.Surface((width, height), pygame.SRCALPHA)
    for radius in range(700, 0, -35):
        alpha = int(22 * (1 - radius / 700))
        pygame.draw.circle(glow, (*TANGERINE, alpha), (width // 2, int(height * 1.05)), radius * 2)
    surface.blit(glow, (0, 0))
    rails = pygame.Surface((width, height), pygame.SRCALPHA)
    for offset in range(-height, width, 180):
        for gauge in (0, 26):
            start = (offset + gauge, height)
            end = (offset + gauge + height, 0)
            pygame.draw.line(rails, (*CREAM, 9), start, end, 3)
        for tie in range(0, height, 34):
            x = offset + (height - tie)
            pygame.draw.line(rails, (*CREAM, 6), (x - 8, tie + 8), (x + 34, tie - 6), 5)
    surface.blit(rails, (0, 0))
    return surface


def background(surface: pygame.Surface) -> None:
    surface.blit(_background(*surface.get_size()), (0, 0))


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken whatever is beneath an overlay: blend it towards ``SHADOW`` by ``alpha`` / 255, as two
    in-place fills (scale down, add the shadow's share) rather than an alpha blit of a whole screen."""
    alpha = max(0, min(255, alpha))
    if alpha == 0:
        return
    keep = 255 - alpha
    surface.fill((keep, keep, keep), special_flags=pygame.BLEND_MULT)
    surface.fill(tuple(channel * alpha // 255 for channel in SHADOW), special_flags=pygame.BLEND_ADD)


HEADING_FIXED = 64  # a heading this big reads at a distance as it is: it keeps its size


def heading(surface: pygame.Surface, text: str, centre: tuple[int, int], size: int = 72,
            colour: Colour = CREAM) -> pygame.Rect:
    """A screen's title, its whole line (descenders too) centred on ``centre``: a title stands in
    open space, and the words under it are placed clear of its descenders, not centred in a row."""
    if size >= HEADING_FIXED:
        size = unscaled(size)
    top = centre[1] - render_text(text, size, colour, DISPLAY_FONT).get_height() // 2
    return draw_text(surface, text, (centre[0], top), size, colour, DISPLAY_FONT, "midtop", shadow=True)


def heading_in_parts(surface: pygame.Surface, parts: list[tuple[str, Colour]], centre: tuple[int, int],
                     size: int = 72) -> pygame.Rect:
    """A heading whose pieces have colours of their own ("Ada" in her seat colour, " wins!" in cream),
    centred as ``heading`` centres the whole."""
    if size >= HEADING_FIXED:
        size = unscaled(size)
    widths = [render_text(text, size, colour, DISPLAY_FONT).get_width() for text, colour in parts]
    x = centre[0] - sum(widths) // 2
    drawn = pygame.Rect(x, centre[1], 0, 0)
    for (text, colour), width in zip(parts, widths, strict=True):
        top = centre[1] - render_text(text, size, colour, DISPLAY_FONT).get_height() // 2
        drawn.union_ip(draw_text(surface, text, (x, top), size, colour, DISPLAY_FONT, "topleft", shadow=True))
        x += width
    return drawn
