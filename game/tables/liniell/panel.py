"""The right-hand column of the Liniell table: the two players, the tile to place, the stack, and
what to do now. Drawing only; the table decides what it shows and owns the buttons.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from game.i18n import _, ngettext
from game.render.liniell import art
from game.ui import theme

Colour = tuple[int, int, int]
X, WIDTH = 1366, 518
PLAYER_CARDS = [pygame.Rect(X, 100, WIDTH, 158), pygame.Rect(X, 272, WIDTH, 158)]
TILE_CARD = pygame.Rect(X, 444, WIDTH, 290)
ACTIONS = pygame.Rect(X, 750, WIDTH, 300)
TILE_SPOT = pygame.Rect(TILE_CARD.x + 34, TILE_CARD.y + 74, 192, 192)
STACK_SPOT = (TILE_CARD.x + 372, TILE_CARD.y + 132)
SUPPLY_RADIUS = 24
BUTTON_ROW_Y = ACTIONS.bottom - 100
KEYS_SIZE = 20  # the keys line's text size (smaller only where a language's words need it)
DETAIL_SIZE = 24  # the action box's sentence, saying what to do now
DETAIL_LEAST = 20  # ...which the keys line never squeezes below this (it gives way instead)


@dataclass
class Seat:
    """How a seat is shown: its name, colour, what drives it, and its connection."""

    name: str
    colour: Colour
    kind: str  # "you", "on this screen", "bot · normal", "remote player"
    note: str = ""  # the seat's connection on a LAN table: "away", "offline", "a bot stands in"
    initial: str = ""  # the letter on the seat's markers


@dataclass
class PlayerLine:
    """What one player card shows this frame."""

    seat: Seat
    active: bool
    score: int
    score_label: str  # "now" while playing, "points" at the end
    supply: list[bool] = field(default_factory=lambda: [True, True])  # marker i drawn at home
    chosen_supply: bool = False  # the supply marker is the chosen source of an occupation
    winner: bool = False


def fit(text: str, size: int, width: int, face: str = theme.TEXT_FONT) -> int:
    """``theme.fit_text`` (which remembers its answers per text size)."""
    return theme.fit_text(text, size, width, face)


def wrap(text: str, size: int, width: int, face: str = theme.TEXT_FONT) -> tuple[str, ...]:
    """``theme.wrap`` (remembered there too)."""
    return tuple(theme.wrap(text, size, width, face))


def draw_frames(surface: pygame.Surface) -> None:
    """The empty boxes of the column; they never change, so the table paints them into its backdrop."""
    for rect in (*PLAYER_CARDS, TILE_CARD, ACTIONS):
        theme.panel(surface, rect, theme.PLUM, 24, theme.PLUM_LIGHT, 8)


def supply_spot(seat: int, marker: int) -> tuple[float, float]:
    card = PLAYER_CARDS[seat]
    return card.x + 56 + marker * 66, card.y + 118


def draw_player(surface: pygame.Surface, index: int, line: PlayerLine, pulse: float) -> None:
    card = PLAYER_CARDS[index]
    colour = line.seat.colour
    if line.active:
        pygame.draw.rect(surface, colour, card, width=2, border_radius=24)
        glow = card.inflate(10 + int(6 * pulse), 10 + int(6 * pulse))
        pygame.draw.rect(surface, colour, glow, width=3, border_radius=30)
    stripe = pygame.Rect(card.x, card.y, 18, card.height)
    pygame.draw.rect(surface, colour, stripe, border_top_left_radius=24, border_bottom_left_radius=24)
    status = line.seat.kind + (f" · {line.seat.note}" if line.seat.note else "")
    # name and kind share the band above the markers: at a large text size both shrink alike rather than
    # the kind running into the markers
    markers_top = round(supply_spot(index, 0)[1]) - SUPPLY_RADIUS - 4
    name = theme.shortened(line.seat.name, theme.NAME_LEAST, 300, theme.DISPLAY_FONT)  # 32 characters: cut, not 9 px
    name_rect, _status_rect = theme.draw_stack(
        surface, [(name, 42, theme.CREAM, theme.DISPLAY_FONT),
                  (status, 24, theme.CORAL if line.seat.note else theme.CREAM_DIM, theme.TEXT_FONT)],
        (card.x + 40, card.y + 16), 300, markers_top - (card.y + 16))
    if line.winner:
        _star(surface, (name_rect.right + 26, name_rect.centery - 2), 16, theme.SUNFLOWER)
    for marker, home in enumerate(line.supply):
        centre = supply_spot(index, marker)
        if home:
            if line.chosen_supply and marker == line.supply.index(True):
                pygame.draw.circle(surface, theme.SUNFLOWER, (centre[0], centre[1] + 4), SUPPLY_RADIUS + 9, 4)
            art.draw_marker(surface, centre, SUPPLY_RADIUS, colour, letter=line.seat.initial)
        else:
            art.draw_slot(surface, (centre[0], centre[1] + 4), SUPPLY_RADIUS, theme.shade(colour, 0.8))
    score = str(line.score)
    big = theme.unscaled(76)  # big already at any text size
    ink = theme.SUNFLOWER if line.winner else theme.CREAM
    number = theme.draw_text(surface, score, (card.right - 34, card.y + 70), big, ink, theme.DISPLAY_FONT, "midright",
                             shadow=True)
    tall = theme.font(22, theme.TEXT_BOLD_FONT).get_height()
    theme.draw_text(surface, line.score_label, (card.right - 34, max(card.y + 126 - tall // 2, number.bottom - 4)), 22,
                    theme.CREAM_DIM, theme.TEXT_BOLD_FONT, "topright")


def _star(surface: pygame.Surface, centre: tuple[float, float], radius: float, colour: Colour) -> None:
    points = []
    for index in range(10):
        angle = -math.pi / 2 + index * math.pi / 5
        r = radius if index % 2 == 0 else radius * 0.45
        points.append((centre[0] + math.cos(angle) * r, centre[1] + math.sin(angle) * r))
    pygame.draw.polygon(surface, colour, points)


def draw_tile_card(surface: pygame.Surface, title: str, tile_image: pygame.Surface | None, stack: int,
                   set_aside: list[int], caption: str) -> None:
    """The tile in hand (already turned and sized by the caller), the face-down stack and set-aside tiles."""
    # left of the face-down stack and above the tile's slot at any text size: both are drawn after the title,
    # and the stack's top tiles cut off the descenders of a title that reached them ("Plättchen gelegt" at 150 %)
    stack_left = STACK_SPOT[0] - 48 - 3 * 5
    size = fit(title, 34, stack_left - 12 - (TILE_CARD.x + 34), theme.DISPLAY_FONT)
    top = min(TILE_CARD.y + 22, TILE_SPOT.y - 6 - theme.font(size, theme.DISPLAY_FONT).get_height())
    theme.draw_text(surface, title, (TILE_CARD.x + 34, top), size, theme.SUNFLOWER, theme.DISPLAY_FONT)
    slot = TILE_SPOT
    pygame.draw.rect(surface, theme.NIGHT, slot, border_radius=18)
    pygame.draw.rect(surface, theme.PLUM_LIGHT, slot, width=2, border_radius=18)
    if tile_image is not None:
        surface.blit(tile_image, tile_image.get_rect(center=slot.center))
    elif caption:
        size, lines, step = theme.fit_lines(caption, 24, slot.width - 30, slot.height - 20)
        for row, text in enumerate(lines):
            theme.draw_text(surface, text, (slot.centerx, slot.centery - (len(lines) - 1) * step // 2 + row * step),
                            size, theme.CREAM_DIM, anchor="center")
    sx, sy = STACK_SPOT
    label = _("stack empty") if stack == 0 else ngettext("{count} tile left", "{count} tiles left", stack).format(
        count=stack)
    room = 2 * min(TILE_CARD.right - 18 - sx, sx - TILE_SPOT.right - 12)  # centred under the stack, inside the card
    label_size = fit(label, 26, room, theme.TEXT_BOLD_FONT)
    if not set_aside:
        _draw_stack(surface, stack, sy)
        theme.draw_text(surface, label, (sx, sy + 70), label_size, theme.CREAM, theme.TEXT_BOLD_FONT, "center")
        return
    # tiles set aside: the tray at the card's foot, its word above it, the count above that and the stack
    # raised as far as they need (the word stood over the count and the tray's tiles over both)
    caption_top, label_top = _under_stack(label, label_size)
    _draw_stack(surface, stack, stack_y(label, label_size))
    theme.draw_text(surface, label, (sx, label_top), label_size, theme.CREAM, theme.TEXT_BOLD_FONT, "midtop")
    theme.draw_text(surface, _("set aside"), (sx, caption_top), ASIDE_SIZE, theme.CORAL, theme.TEXT_BOLD_FONT,
                    "midtop")
    for tile, rect in zip(set_aside[:3], set_aside_rects(len(set_aside)), strict=False):
        surface.blit(art.tile_image(tile, 0, ASIDE_TILE), rect)


ASIDE_SIZE = 20  # the "set aside" word
ASIDE_TILE = 44  # a tile in the tray


def set_aside_rects(count: int) -> list[pygame.Rect]:
    """Where the tray shows the first three tiles set aside: a row at the tile card's foot, under the stack."""
    shown = max(1, min(count, 3))
    sx = STACK_SPOT[0]
    return [pygame.Rect(sx - (shown - 1) * 27 + index * 54 - ASIDE_TILE // 2, TILE_CARD.bottom - 8 - ASIDE_TILE,
                        ASIDE_TILE, ASIDE_TILE) for index in range(shown)]


def _under_stack(label: str, label_size: int) -> tuple[int, int]:
    """The tops of the tray's word and of the stack's count, upwards from the tray, as tall as they draw."""
    def height(text: str, size: int) -> int:
        return theme.render_text(text, size, face=theme.TEXT_BOLD_FONT).get_height()

    caption_top = set_aside_rects(1)[0].top - 2 - height(_("set aside"), ASIDE_SIZE)
    return caption_top, caption_top - height(label, label_size)


def stack_y(label: str, label_size: int) -> int:
    """The stack's centre while tiles lie set aside: raised just enough for its count (``label``), the
    tray's word and the tray to stand beneath it, one under the other."""
    return min(STACK_SPOT[1], _under_stack(label, label_size)[1] - 2 - STACK_BACK // 2)


STACK_BACK = 96  # a face-down tile of the stack


def stack_rect(stack: int, y: int = STACK_SPOT[1]) -> pygame.Rect:
    """What the stack (or the empty stack's outline) covers, its centre at height ``y``."""
    sx = STACK_SPOT[0]
    layers = max(1, min(stack, 6))
    return pygame.Rect(sx - STACK_BACK // 2 - (layers - 1) * 3, y - STACK_BACK // 2 - (layers - 1) * 5,
                       STACK_BACK + (layers - 1) * 3, STACK_BACK + (layers - 1) * 5)


def _draw_stack(surface: pygame.Surface, stack: int, y: int) -> None:
    sx = STACK_SPOT[0]
    for layer in range(min(stack, 6)):
        image = art.tile_back(STACK_BACK)
        surface.blit(image, image.get_rect(center=(sx - layer * 3, y - layer * 5)))
    if stack == 0:
        pygame.draw.rect(surface, theme.NIGHT_2, pygame.Rect(sx - 48, y - 48, 96, 96), width=3, border_radius=12)


def keys_foot(height: int) -> int:
    """Where a keys line ``height`` tall starts at the foot of the action box (no button below it)."""
    return ACTIONS.bottom - 12 - height - theme.px(40)


def keys_line_top() -> int:
    """The highest the keys line at the action box's foot starts (at its full size): a hint over the
    box's words ends above it, rather than leaving half a line of keys peeking out below."""
    return keys_foot(theme.font(KEYS_SIZE).get_height())


def keys_rows(keys: str) -> tuple[int, list[str]]:
    """The keys line at its size, or where it would not fit the box's width even at the smallest size
    (German at 150 %: "Klicken oder Enter drücken, um die Animation zu überspringen.") wrapped onto
    two rows, as the box's other lines are: (design size, rows)."""
    width = ACTIONS.width - 60
    size = fit(keys, KEYS_SIZE, width)
    if theme.font(size).size(keys)[0] <= width:
        return size, [keys]
    rows = list(wrap(keys, KEYS_SIZE, width))
    size = KEYS_SIZE
    while len(rows) > 2 and size > 12:
        size -= 1
        rows = list(wrap(keys, size, width))
    return size, theme.first_lines(rows, 2)


def draw_actions(surface: pygame.Surface, headline: str, detail: str, keys: str, colour: Colour,
                 buttons: bool = False) -> pygame.Rect | None:
    """The action box's words: headline, detail and the keys line, which stands above the button row
    while a button is shown there (else at the foot). Returns where the keys line went.

    The sentence that says what to do comes first: where the keys line (two rows in German at 150 %)
    would squeeze it below ``DETAIL_LEAST`` — it read at half its size over the Skip button — the keys
    line is left out, as the skeleton's hints and the rules say the keys too."""
    size = fit(headline, 34, ACTIONS.width - 60, theme.DISPLAY_FONT)
    title = theme.draw_text(surface, headline, (ACTIONS.x + 30, ACTIONS.y + 22), size, theme.text_colour(colour),
                            theme.DISPLAY_FONT)
    top = max(ACTIONS.y + 66, title.bottom + 2)
    if keys and detail and _detail_size(detail, top, _keys_top(keys, buttons)) < DETAIL_LEAST:
        keys = ""
    keys_top = _keys_top(keys, buttons) if keys else (BUTTON_ROW_Y - 8) if buttons else keys_foot(0)
    drawn = None
    if keys:
        keys_size, rows = keys_rows(keys)
        step = theme.line_height(keys_size)
        for row, text in enumerate(rows):
            rect = theme.draw_text(surface, text, (ACTIONS.x + 30, keys_top + row * step), keys_size, theme.CREAM_DIM)
            drawn = rect if drawn is None else drawn.union(rect)
    size, lines, step = theme.fit_lines(detail, DETAIL_SIZE, ACTIONS.width - 60, keys_top - 4 - top)
    for row, text in enumerate(lines[:3]):
        theme.draw_text(surface, text, (ACTIONS.x + 30, top + row * step), size, theme.CREAM)
    return drawn


def _keys_top(keys: str, buttons: bool) -> int:
    """Where the keys line starts: above the button row while a button shows, else at the box's foot."""
    keys_size, rows = keys_rows(keys)
    height = theme.font(keys_size).get_height() + (len(rows) - 1) * theme.line_height(keys_size)
    return (BUTTON_ROW_Y - 8 - height) if buttons else max(ACTIONS.y + 164, keys_foot(height))


def _detail_size(detail: str, top: int, bottom: int) -> int:
    """The design size the detail reads at between ``top`` and ``bottom`` (three lines at most)."""
    size, _lines, _step = theme.fit_lines(detail, DETAIL_SIZE, ACTIONS.width - 60, bottom - 4 - top)
    return size
