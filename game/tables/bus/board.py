"""The action board: seven actions top to bottom in the order they resolve, each with its spaces left to
right in the order their markers act, who holds each one and what it yields this round.

Pure drawing from a ``Picture`` plus what the table animates; it also says where each space is, so
a flying marker lands on it and a pointer finds it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

import pygame

from game.i18n import N_, _, ngettext
from game.render.bus.buildings import building, passenger
from game.render.bus.clock import draw_clock
from game.render.bus.pieces import action_marker, bus_icon, paint_marker
from game.tables.bus import layout
from game.tables.bus.model import ACTION_IDS, ACTION_NAMES, ACTION_UNITS, Picture, Space
from game.tables.bus.seats import SeatLook
from game.ui import theme

SpaceKey = tuple[str, str]  # (action, letter)
NOTE_SIZE = 19  # the note on the order of resolving, at its largest
NOTES = {"buses": N_("+1 bus"), "clock": N_("stop time or let it run"), "start": N_("start player next round")}


def space_rects(picture: Picture) -> dict[SpaceKey, pygame.Rect]:
    """Every space of the board by (action, letter)."""
    rects = {}
    for row, spaces in enumerate(picture.spaces):
        for slot, space in enumerate(spaces):
            rects[(space.action, space.letter)] = layout.space_rect(row, slot)
    return rects


def space_at(picture: Picture, point: tuple[int, int]) -> SpaceKey | None:
    for key, rect in space_rects(picture).items():
        if rect.inflate(6, 6).collidepoint(point):
            return key
    return None


def draw_board(surface: pygame.Surface, picture: Picture, looks: Sequence[SeatLook], open_spaces: set[SpaceKey],
               hover: SpaceKey | None, cursor: SpaceKey | None, age: float) -> None:
    """The board; ``open_spaces`` glow (the deciding player may take them)."""
    title = theme.draw_text(surface, _("Action board"), (layout.BOARD.x + 24, (layout.BOARD.y + layout.ROW_TOP) // 2),
                            28, theme.CREAM, theme.DISPLAY_FONT, "midleft")
    size, lines, step = note_lines(title.right)
    for number, line in enumerate(lines):  # above the first row's spaces, the last line lowest
        theme.draw_text(surface, line, (layout.BOARD.right - 24, layout.ROW_TOP - 2 - (len(lines) - 1 - number) * step),
                        size, theme.CREAM_DIM, anchor="bottomright")
    for row, spaces in enumerate(picture.spaces):
        action = spaces[0].action if spaces else ACTION_IDS[row]
        band = layout.row_rect(row)
        taken = any(space.holder is not None for space in spaces)
        pygame.draw.rect(surface, theme.shade(theme.NIGHT_2, 1.15 if taken else 1.0), band, border_radius=12)
        _label(surface, action, band)
        for slot, space in enumerate(spaces):
            key = (space.action, space.letter)
            if picture.outcome:  # the game is over: no round comes for the spaces to give anything in
                space = replace(space, yields=None)
            _space(surface, space, layout.space_rect(row, slot), looks, key in open_spaces, key == hover,
                   key == cursor, age)
        if len(spaces) == 1:
            note_x = layout.space_rect(row, 1).x
            theme.draw_text(surface, _(NOTES.get(action, "")), (note_x, band.centery), 19, theme.CREAM_DIM,
                            anchor="midleft")


def note_lines(title_right: int) -> tuple[int, list[str], int]:
    """The note on the order of resolving, right of the board's title: one line where it reads so,
    else two (German at large text would shrink one line to a speck): (design size, lines, step)."""
    note = _("resolves top to bottom, each row left to right")
    width, height = layout.BOARD.right - 24 - title_right - 16, layout.ROW_TOP - 2 - layout.BOARD.y - 2
    one = theme.fit_text(note, NOTE_SIZE, width, minimum=8)
    two, lines, step = theme.fit_lines(note, NOTE_SIZE, width, height, minimum=8)
    if one >= two or len(lines) == 1:
        return one, [note], theme.line_height(one)
    head, comma, tail = note.partition(", ")  # two halves read better than a wrap that leaves two words
    if comma:
        halves = [head + ",", tail]
        size = min(theme.fit_text(half, NOTE_SIZE, width, minimum=8) for half in halves)
        while size > 8 and 2 * theme.line_height(size) > height:
            size -= 1
        if size >= two:
            return size, halves, theme.line_height(size)
    return two, lines, step


def _label(surface: pygame.Surface, action: str, band: pygame.Rect) -> None:
    icon_centre = (band.x + 30, band.centery)
    _icon(surface, action, icon_centre)
    name = _(ACTION_NAMES.get(action, action))
    theme.draw_text(surface, name, (band.x + 58, band.centery + 1), label_size(), theme.CREAM, theme.DISPLAY_FONT,
                    "midleft")


def label_size() -> int:
    """One size for the seven actions' names: the largest at which every one fits its column, so at a large
    text size "Line Expansion" never reads smaller than "Buses" above it (a list reads at one size)."""
    return min(theme.fit_text(_(name), 24, layout.LABEL_W - 70, theme.DISPLAY_FONT) for name in ACTION_NAMES.values())


def _icon(surface: pygame.Surface, action: str, centre: tuple[int, int]) -> None:
    x, y = centre
    if action == "line":
        paint_marker(surface, (x - 16, y + 8), (x + 16, y - 8), theme.SUNFLOWER, 9)
    elif action in ("buses", "vrooom", "start"):
        icon = bus_icon(theme.SUNFLOWER if action != "start" else theme.CREAM, 40)
        surface.blit(icon, icon.get_rect(center=centre))
        if action == "vrooom":
            for dy in (-6, 0, 6):
                pygame.draw.line(surface, theme.CREAM_DIM, (x - 30, y + dy), (x - 22, y + dy), 2)
        if action == "start":
            pygame.draw.line(surface, theme.CREAM, (x + 10, y - 8), (x + 10, y - 22), 2)
            pygame.draw.polygon(surface, theme.CORAL, [(x + 11, y - 22), (x + 22, y - 18), (x + 11, y - 14)])
    elif action == "passengers":
        figure = passenger(30)
        surface.blit(figure, figure.get_rect(center=centre))
    elif action == "buildings":
        for dx, kind in ((-12, "house"), (0, "office"), (12, "pub")):
            picture = building(kind, 24)
            surface.blit(picture, picture.get_rect(center=(x + dx, y)))
    elif action == "clock":
        draw_clock(surface, centre, 18, 0.0, highlight=False)


def _space(surface: pygame.Surface, space: Space, rect: pygame.Rect, looks: Sequence[SeatLook], open_: bool,
           hovered: bool, cursor: bool, age: float) -> None:
    lift = -3 if hovered and open_ else 0
    body = rect.move(0, lift)
    useless = space.yields == 0 and space.holder is None
    face = theme.shade(theme.NIGHT_2, 0.75) if useless else theme.PLUM
    if open_:
        face = theme.shade(theme.PLUM_LIGHT, 1.25 if hovered else 1.0)
    pygame.draw.rect(surface, theme.SHADOW, rect.move(0, 4), border_radius=10)
    pygame.draw.rect(surface, face, body, border_radius=10)
    if open_:
        pulse = 0.5 + 0.5 * math.sin(age * 5)
        pygame.draw.rect(surface, theme.mix(theme.TANGERINE, theme.SUNFLOWER, pulse), body, width=3, border_radius=10)
    else:
        pygame.draw.rect(surface, theme.PLUM_LIGHT, body, width=1, border_radius=10)
    if cursor:
        pygame.draw.rect(surface, theme.CREAM, body.inflate(8, 8), width=3, border_radius=13)
    held = space.holder is not None and 0 <= space.holder < len(looks)
    if held:  # the marker covers the space's letter, as on the board (half hidden it read "/", and beside the
        look = looks[space.holder]  # marker's own initial it read as a second one); the count stands over its rim
        disc = action_marker(look.colour, 36, look.initial)
        surface.blit(disc, disc.get_rect(center=(body.centerx - 4, body.centery + 1)))
    ink = theme.shade(theme.CREAM_DIM, 0.6) if useless else theme.CREAM
    if space.letter and not held:
        theme.draw_text(surface, space.letter, (body.x + 8, body.y + 3), 17, ink, theme.TEXT_BOLD_FONT)
    if space.yields is not None:
        colour = theme.shade(theme.CREAM_DIM, 0.6) if space.yields == 0 else theme.SUNFLOWER
        theme.draw_text(surface, str(space.yields), (body.right - 8, body.bottom - 2), 22, colour,
                        theme.DISPLAY_FONT, "bottomright", shadow=held)


def marker_point(picture: Picture, key: SpaceKey) -> tuple[float, float]:
    """Where a marker lies on space ``key`` (flights land here)."""
    rect = space_rects(picture).get(key)
    if rect is None:
        return float(layout.BOARD.centerx), float(layout.BOARD.centery)
    return float(rect.centerx - 4), float(rect.centery + 1)


def yield_words(space: Space) -> str:
    """What a space gives, in words ("3 streets", "nothing this round")."""
    unit = ACTION_UNITS.get(space.action)
    if unit is None or space.yields is None:
        return ""
    if space.yields == 0:
        return _("nothing this round")
    return {"street": ngettext("{count} street", "{count} streets", space.yields),
            "passenger": ngettext("{count} passenger", "{count} passengers", space.yields),
            "building": ngettext("{count} building", "{count} buildings", space.yields)}.get(
        unit, f"{{count}} {unit}").format(count=space.yields)
