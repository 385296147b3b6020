"""One row per player: colour and initial, name and what they are doing, action markers left (of
twenty), buses, time stones taken and the score (deliveries, and the final score once stones count).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

import pygame

from game.i18n import _, ngettext
from game.render.bus.clock import stone
from game.render.bus.pieces import action_marker, bus_icon
from game.tables.bus import layout
from game.tables.bus.model import ACTION_NAMES, Picture
from game.tables.bus.seats import SeatLook
from game.ui import theme

MARKERS = 20
MAX_BUSES = 5
GEAR_X = 300  # where a row's markers, buses and stones start
STATUS_W = GEAR_X - 70  # the status line's room, between the seat's disc and its gear
STATUS_SMALLEST = 15  # below this the status line is shortened rather than shrunk
TICK = 9


def disc_point(seat: int, players: int) -> tuple[float, float]:
    """Where the seat's next action marker waits (flights to the board start here)."""
    rect = layout.player_row(seat, players)
    return float(rect.x + 34), float(rect.centery)


def start_bus_rect(seat: int, players: int) -> pygame.Rect:
    """The start player's little bus, riding on the top edge of their disc."""
    rect = layout.player_row(seat, players)
    return bus_icon(theme.CREAM, 30).get_rect(center=(rect.x + 34, rect.y + 6))


def link_dot_point(seat: int, players: int) -> tuple[int, int]:
    """Where a LAN table draws the seat's connection dot: on the disc's lower right, as on Linie 1's
    avatars. On its upper right it hid half of the start player's bus."""
    rect = layout.player_row(seat, players)
    return rect.x + 50, rect.centery + 13


def bus_point(seat: int, players: int, buses: int) -> tuple[float, float]:
    rect = layout.player_row(seat, players)
    return float(rect.x + GEAR_X + MARKERS * TICK + 26 + (buses - 1) * 30), float(rect.centery)


STONES_X = MARKERS * TICK + 26 + MAX_BUSES * 30 + 10  # where a row's stones start, right of its gear's buses
STONE = 18
STONE_STEP = 22
STONE_OVERLAP = 9  # the closest two stones stand before one stone says how many instead


def score_left(seat: int, players: int, value: int) -> float:
    """Where the row's score ``value`` begins (left of its unit, "pts", whose word grows with the text size)."""
    rect = layout.player_row(seat, players)
    unit = theme.font(18).size(_("pts"))[0]
    right = min(rect.right - 56, rect.right - 14 - unit - 6)
    shown = f"−{-value}" if value < 0 else str(value)
    return float(right - theme.font(theme.unscaled(40), theme.DISPLAY_FONT).size(shown)[0])


def stone_spots(seat: int, players: int, stones: int, limit: float) -> tuple[list[float], bool]:
    """Where a row's ``stones`` stand (their centres), left of ``limit`` (its score): side by side where
    they fit, overlapping like coins where not, and where even that would not read, one stone that says
    how many (True). Three stones ran under a German score at 150 % text."""
    if stones <= 0:
        return [], False
    rect = layout.player_row(seat, players)
    first = rect.x + GEAR_X + STONES_X + STONE / 2
    room = limit - STONE / 2 - first  # from the first centre to the last
    step = STONE_STEP if stones == 1 else min(STONE_STEP, room / (stones - 1))
    if step < STONE_OVERLAP:
        return [first], True
    return [first + index * step for index in range(stones)], False


def stone_point(seat: int, players: int, index: int, value: int = 0) -> tuple[float, float]:
    """Where the row's stone number ``index`` (from 0) stands, beside a score of ``value``."""
    spots, _counted = stone_spots(seat, players, index + 1, score_left(seat, players, value) - 6)
    return spots[-1], float(layout.player_row(seat, players).centery)


GEAR_W = MARKERS * TICK + 26 + MAX_BUSES * 30  # a row's markers and buses: what a passing note may cover


def note_spot(seat: int, players: int, text: str) -> tuple[tuple[float, float], int, float]:
    """Where a short note about a seat ("Ada passes") rises: inside its own row, over its markers and
    buses, never over its name or into the next row (five rows are tight at 150 % text). The note's
    centre to start from, its design size and how far it may rise."""
    rect = layout.player_row(seat, players)
    size = theme.fit_text(text, 24, GEAR_W, theme.DISPLAY_FONT)
    return rise_in_row(seat, players, rect.x + GEAR_X + GEAR_W / 2, size)


def rise_in_row(seat: int, players: int, x: float, size: int) -> tuple[tuple[float, float], int, float]:
    """Where a word or figure about a seat ("+1 bus", a stone's "−1") rises at ``x``: within its own
    row, from below its middle to above it, so it never rises into the row above and reads as that
    player's. The centre to start from, the design size (smaller where the row is low) and the rise."""
    rect = layout.player_row(seat, players)
    while size > 12 and theme.font(size, theme.DISPLAY_FONT).get_height() > rect.height - 6:
        size -= 1
    height = theme.font(size, theme.DISPLAY_FONT).get_height()
    rise = max(0.0, (rect.height - height) / 2 - 3)
    return (x, rect.centery + rise / 2), size, rise


def draw_players(surface: pygame.Surface, picture: Picture, looks: Sequence[SeatLook], kinds: Sequence[str],
                 shown: Sequence[float], age: float, bus_pop: dict[int, float] | None = None) -> None:
    for seat, info in enumerate(picture.seats):
        if seat >= len(looks):
            break
        rect = layout.player_row(seat, picture.players)
        look = looks[seat]
        acting = seat == picture.to_act and not picture.outcome
        pygame.draw.rect(surface, theme.shade(look.colour, 0.3) if acting else theme.NIGHT_2, rect, border_radius=14)
        winners = (picture.outcome or {}).get("winners") or []
        if seat in winners:
            glow = 0.5 + 0.5 * math.sin(age * 3)
            pygame.draw.rect(surface, theme.mix(theme.TANGERINE, theme.SUNFLOWER, glow), rect, width=4,
                             border_radius=14)
        elif acting:
            pulse = 0.5 + 0.5 * math.sin(age * 4)
            pygame.draw.rect(surface, theme.mix(theme.shade(look.colour, 0.7), look.colour, pulse), rect, width=3,
                             border_radius=14)
        pygame.draw.rect(surface, look.colour, pygame.Rect(rect.x, rect.y, 8, rect.height),
                         border_top_left_radius=14, border_bottom_left_radius=14)
        disc = action_marker(look.colour, 40, look.initial)
        surface.blit(disc, disc.get_rect(center=(rect.x + 34, rect.centery)))
        if seat == picture.start_player and not picture.outcome:
            surface.blit(bus_icon(theme.CREAM, 30), start_bus_rect(seat, picture.players))
        status = status_line(picture, seat, kinds[seat] if seat < len(kinds) else "")
        name = theme.shortened(look.name, theme.NAME_LEAST, STATUS_W, theme.DISPLAY_FONT)  # 32 characters: ~10 px
        theme.draw_stack(surface, [(name, 26, theme.CREAM, theme.DISPLAY_FONT),
                                   (status, 18, theme.shade(look.colour, 1.3) if acting else theme.CREAM_DIM,
                                    theme.TEXT_FONT)],
                         (rect.x + 64, rect.y + 4), STATUS_W, rect.height - 6, spread=rect.height)
        popping = (bus_pop or {}).get(seat)
        gear = _gear(look.colour, rect.height, info.markers_left, info.buses, popping is not None)
        surface.blit(gear, (rect.x + GEAR_X, rect.y))
        if popping is not None:
            x, y = bus_point(seat, picture.players, info.buses)
            icon = pygame.transform.rotozoom(bus_icon(look.colour, 28), 0, max(0.05, popping))
            surface.blit(icon, icon.get_rect(center=(round(x), round(y))))
        score = shown[seat] if seat < len(shown) else float(info.score)
        final = picture.outcome is not None
        value = round(score) - (info.stones if final else 0)
        unit = theme.draw_text(surface, _("pts"), (rect.right - 14, rect.centery + 6), 18, theme.CREAM_DIM,
                               anchor="midright")
        shown_value = f"−{-value}" if value < 0 else str(value)  # the minus sign of the results' "−1 point"
        number = theme.draw_text(surface, shown_value, (min(rect.right - 56, unit.left - 6), rect.centery + 2),
                                 theme.unscaled(40), theme.SUNFLOWER if final else theme.CREAM, theme.DISPLAY_FONT,
                                 "midright", shadow=True)  # left of its unit, whose word grows with the text size
        spots, counted = stone_spots(seat, picture.players, info.stones, number.left - 8)
        for x in spots:
            token = stone(STONE)
            surface.blit(token, token.get_rect(center=(round(x), rect.centery)))
        if counted:
            theme.draw_text(surface, str(info.stones), (round(spots[0]), rect.centery), theme.unscaled(15), theme.INK,
                            theme.DISPLAY_FONT, "center")


def status_line(picture: Picture, seat: int, who: str) -> str:
    """The row's second line, short enough to read at ``STATUS_SMALLEST`` or more: who plays the seat
    (``who``, the table skeleton's ``seat_kind``: "you", "Bot · normal", "remote player", as in every
    game) and what it is doing, then the spaces it holds (the seat to act too, so a player sees their
    own markers as they see the bots'), one action's letters together ("Vrrooomm! A B"), or only how
    many once they no longer fit ("you · to act · 2 placed" where the long count does not fit either)."""
    head, held = _status(picture, seat, who)
    if picture.outcome and theme.fit_text(head, 18, STATUS_W) < 18:
        # the result at the rows' one size, without who played the seat, rather than a winner's line smaller
        # than the others' ("Bot · normal · wins! · 19 delivered" does not fit beside the fleet)
        return _status(picture, seat, "")[0]
    if not held:
        return head
    count = sum(1 for row in picture.spaces for space in row if space.holder == seat)
    for status in (
        f"{head} · {', '.join(held)}",
        f"{head} · " + ngettext("{count} marker on the board", "{count} markers on the board", count).format(
            count=count
        ),
        f"{head} · " + ngettext("{count} placed", "{count} placed", count).format(count=count),
    ):
        if theme.fit_text(status, 18, STATUS_W) >= STATUS_SMALLEST:
            return status
    return head


def _status(picture: Picture, seat: int, who: str) -> tuple[str, list[str]]:
    """The row's head ("Bot · easy · to act") and the actions the seat holds, one entry per action."""
    info = picture.seats[seat]
    if picture.outcome:
        winners = picture.outcome.get("winners") or []
        delivered = (
            ngettext("{score} delivered − {stones} stone", "{score} delivered − {stones} stones", info.stones).format(
                score=info.score, stones=info.stones
            )
            if info.stones
            else _("{score} delivered").format(score=info.score)
        )
        if not who:  # the short form, where "Bot · normal · wins! · 19 delivered" would have to shrink
            if seat not in winners:
                return delivered, []
            return (_("shares the win · {delivered}") if len(winners) > 1
                    else _("wins! · {delivered}")).format(delivered=delivered), []
        return (
            (_("{who} · shares the win · {delivered}") if len(winners) > 1
             else _("{who} · wins! · {delivered}")).format(who=who, delivered=delivered)
            if seat in winners
            else f"{who} · {delivered}"
        ), []
    held = []
    for row in picture.spaces:
        letters = [space.letter for space in row if space.holder == seat]
        if letters:
            held.append(" ".join([_(ACTION_NAMES[row[0].action]), *sorted(filter(None, letters))]))
    if seat == picture.to_act:
        return _("{who} · to act").format(who=who), held
    if info.markers_left == 0 and picture.round > 0:
        return _("{who} · out of markers").format(who=who), []
    if info.passed:
        return _("{who} · passed").format(who=who), []
    return who, held


@lru_cache(maxsize=64)
@theme.natural_size  # a compact strip of markers, buses and stones: its count fits it as it is
def _gear(colour: theme.Colour, height: int, markers: int, buses: int, popping: bool) -> pygame.Surface:
    """A row's action markers (of twenty) and buses (of five), drawn once per change (its stones stand
    beside it, in the room its score leaves: ``stone_spots``)."""
    width = STONES_X
    gear = pygame.Surface((width, height), pygame.SRCALPHA)
    middle = height // 2
    for index in range(MARKERS):
        tick = pygame.Rect(index * TICK, middle - 8, 7, 16)
        if index < markers:
            pygame.draw.circle(gear, theme.shade(colour, 0.55), tick.center, 4)
            pygame.draw.circle(gear, colour, tick.center, 3)
        else:
            pygame.draw.circle(gear, theme.shade(theme.NIGHT_2, 1.3), tick.center, 2)
    theme.draw_text(gear, f"{markers}", (MARKERS * TICK + 2, middle), 16, theme.CREAM_DIM, anchor="midleft")
    for index in range(MAX_BUSES):
        if popping and index == buses - 1:
            continue
        if index >= buses and index >= MAX_BUSES:
            break
        icon = bus_icon(colour if index < buses else theme.shade(theme.NIGHT_2, 1.25), 28)
        gear.blit(icon, icon.get_rect(center=(MARKERS * TICK + 26 + index * 30 + 14, middle)))
    return gear
