"""The right-hand side of the Line Expansion table: the round and the prompt, the action board with its
spaces (who placed a marker where), and one row per player (buses, markers left, score).

Pure drawing from the view plus a few values the table animates (shown scores, pops). It also
knows where things are, so flights can start at a player's supply and land on a space.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import pygame

from game.core.lines.state import BUS_SPACE, EXPANSION_SPACES, MAX_BUSES, MAX_MARKERS
from game.render.lines.pieces import action_marker, bus_icon
from game.tables.lines.choices import PASS, Choices
from game.tables.lines.seats import SeatLook
from game.ui import theme

COLUMN = pygame.Rect(1124, 36, 760, 1008)
HEADER = pygame.Rect(COLUMN.x, COLUMN.y, COLUMN.width, 200)
BOARD = pygame.Rect(COLUMN.x, HEADER.bottom + 16, COLUMN.width, 318)
PLAYERS = pygame.Rect(COLUMN.x, BOARD.bottom + 16, COLUMN.width, COLUMN.bottom - BOARD.bottom - 16)
CARD_W, CARD_H, CARD_GAP = 128, 150, 16
WIDE_H = 64
ROW_GEAR_X = 292  # where a player row's buses and supply start
BUS_STEP = 42
TICK_STEP = 9


@dataclass
class HudFrame:
    """What the HUD shows this frame besides the view."""

    view: dict[str, Any]
    looks: list[SeatLook]
    choices: Choices
    controlled: list[int]
    age: float = 0.0
    hover_space: str | None = None
    cursor_space: str | None = None
    scores: list[float] = field(default_factory=list)
    counting: bool = False
    bus_pop: dict[int, float] = field(default_factory=dict)
    button_room: int = 0  # pixels kept free at the right of the prompt (the See results button)
    waiting: str = ""  # what the prompt says while another seat decides ("Ada is thinking…")


def expansion_letters(view: dict[str, Any]) -> list[str]:
    return list(EXPANSION_SPACES[:int(view.get("players", 2))])


def space_rects(view: dict[str, Any]) -> dict[str, pygame.Rect]:
    """Where each action space (and Pass) sits on the action board."""
    letters = expansion_letters(view)
    total = len(letters) * CARD_W + (len(letters) - 1) * CARD_GAP
    x = BOARD.centerx - total // 2
    rects = {letter: pygame.Rect(x + index * (CARD_W + CARD_GAP), BOARD.y + 66, CARD_W, CARD_H)
             for index, letter in enumerate(letters)}
    wide = (BOARD.width - 48 - CARD_GAP) // 2
    rects[BUS_SPACE] = pygame.Rect(BOARD.x + 24, BOARD.bottom - WIDE_H - 20, wide, WIDE_H)
    rects[PASS] = pygame.Rect(BOARD.x + 24 + wide + CARD_GAP, BOARD.bottom - WIDE_H - 20, wide, WIDE_H)
    return rects


def space_at(view: dict[str, Any], point: tuple[int, int]) -> str | None:
    for space, rect in space_rects(view).items():
        if rect.collidepoint(point):
            return space
    return None


def row_height(players: int) -> int:
    return min(118, (PLAYERS.height - 24) // max(1, players))


def row_rect(seat: int, players: int) -> pygame.Rect:
    height = row_height(players)
    return pygame.Rect(PLAYERS.x + 14, PLAYERS.y + 12 + seat * height, PLAYERS.width - 28, height - 8)


def supply_point(seat: int, players: int, markers_left: int) -> tuple[float, float]:
    """Where the seat's next line marker lies in its supply (flights start there)."""
    rect = row_rect(seat, players)
    tick = _supply_tick(rect, max(0, MAX_MARKERS - markers_left))
    return float(tick.centerx), float(tick.centery)


def disc_point(seat: int, players: int) -> tuple[float, float]:
    """Where the seat's action marker waits in its row."""
    rect = row_rect(seat, players)
    return float(rect.x + 44), float(rect.centery)


def score_point(seat: int, players: int) -> tuple[float, float]:
    rect = row_rect(seat, players)
    return float(rect.right - 70), float(rect.centery)


def bus_point(seat: int, players: int, buses: int) -> tuple[float, float]:
    rect = row_rect(seat, players)
    return float(rect.x + ROW_GEAR_X + (buses - 1) * BUS_STEP + 20), float(rect.y + round(rect.height * 0.29))


# -- drawing ------------------------------------------------------------------------------------------
def draw(surface: pygame.Surface, frame: HudFrame) -> None:
    _draw_header(surface, frame)
    _draw_board(surface, frame)
    _draw_players(surface, frame)


def acting_seat(view: dict[str, Any]) -> int | None:
    to_act = view.get("to_act") or []
    return to_act[0] if to_act else None


def prompt(frame: HudFrame) -> tuple[str, str]:
    """The headline of the moment and a line that says what to do (or who we wait for)."""
    view = frame.view
    outcome = view.get("outcome")
    if outcome:
        winners = [frame.looks[seat].name for seat in outcome.get("winners", [])]
        best = max(outcome.get("scores") or [0])
        if len(winners) > 1:
            return "Game over", f"{' and '.join(winners)} share the win with {best} points."
        return "Game over", f"{winners[0] if winners else 'Nobody'} wins with {best} points."
    seat = acting_seat(view)
    if seat is None:
        return "Waiting…", ""
    name = frame.looks[seat].name
    mine = seat in frame.controlled
    phase = view.get("phase")
    if phase == "place":
        headline = f"{name}: place a first street"
        detail = "Any street on the map, even one another line uses."
    elif phase == "extend":
        headline = f"{name}: add a second street"
        detail = "At either end of the line, on an empty street while one is free."
    elif phase == "choose":
        headline = f"{name}: choose an action"
        detail = "Take a free space on the action board, or pass."
    else:
        total = _builder_total(view, seat)
        done = total - int(view.get("remaining", 0)) + 1
        headline = f"{name}: build street {done} of {total}"
        detail = "Add a street at a head of the line: glowing streets may be taken."
    if not mine:
        detail = frame.waiting
    return headline, detail


def _builder_total(view: dict[str, Any], seat: int) -> int:
    for entry in view.get("action_board", []):
        if entry.get("seat") == seat and entry.get("space") != BUS_SPACE and entry.get("streets"):
            return int(entry["streets"])
    return int(view.get("remaining", 1))


def draw_frames(surface: pygame.Surface) -> None:
    """The three empty boxes of the column: they never change, so the table keeps them in its backdrop."""
    for rect in (HEADER, BOARD, PLAYERS):
        theme.panel(surface, rect, theme.PLUM, 26, theme.PLUM_LIGHT, 10)


def _draw_header(surface: pygame.Surface, frame: HudFrame) -> None:
    view = frame.view
    theme.draw_text(surface, "LINE EXPANSION", (HEADER.x + 28, HEADER.y + 20), 26, theme.SUNFLOWER,
                    theme.DISPLAY_FONT)
    round_number = int(view.get("round", 0))
    label = "Setup" if round_number == 0 else f"Round {round_number}"
    theme.draw_text(surface, label, (HEADER.right - 28, HEADER.y + 14), theme.unscaled(40), theme.CREAM,
                    theme.DISPLAY_FONT, "topright", shadow=True)  # big already at any text size
    fleet = int(view.get("largest_fleet", 1))
    facts = f"Largest fleet {fleet} bus{'es' if fleet != 1 else ''} · Line Expansion A builds {_a_streets(view)}"
    if round_number == 0:
        facts = "First streets in seat order, then second streets from the last seat back"
    theme.draw_text(surface, facts, (HEADER.x + 28, HEADER.y + 58), theme.fit_text(facts, 22, HEADER.width - 56),
                    theme.CREAM_DIM)
    headline, detail = prompt(frame)
    seat = acting_seat(view)
    colour = frame.looks[seat].colour if seat is not None and not view.get("outcome") else theme.SUNFLOWER
    box = pygame.Rect(HEADER.x + 18, HEADER.y + 96, HEADER.width - 36, HEADER.height - 114)
    pulse = 0.5 + 0.5 * math.sin(frame.age * 4) if seat in frame.controlled else 0.0
    pygame.draw.rect(surface, theme.shade(colour, 0.32), box, border_radius=18)
    pygame.draw.rect(surface, theme.mix(theme.shade(colour, 0.7), colour, pulse), box, width=3, border_radius=18)
    room = box.width - 40 - frame.button_room
    ink = theme.text_colour(colour, theme.shade(colour, 0.32))  # on the box's own dark shade
    theme.draw_stack(surface, [(headline, 36, ink, theme.DISPLAY_FONT), (detail, 23, theme.CREAM, theme.TEXT_FONT)],
                     (box.x + 20, box.y + 10), room, box.height - 16, spread=20)


def _a_streets(view: dict[str, Any]) -> int:
    for entry in view.get("action_board", []):
        if entry.get("space") == "A":
            return int(entry.get("streets") or 0)
    return 0


def _draw_board(surface: pygame.Surface, frame: HudFrame) -> None:
    view = frame.view
    title = theme.draw_text(surface, "Action board", (BOARD.x + 28, BOARD.y + 18), 30, theme.CREAM,
                            theme.DISPLAY_FONT)
    in_play = {entry["space"]: entry for entry in view.get("action_board", []) if isinstance(entry, dict)}
    letters = [letter for letter in expansion_letters(view) if letter in in_play]
    order = " → ".join(reversed(letters)) if len(letters) > 1 else (letters[0] if letters else "")
    if order:
        note = f"Builds in the order {order}, then the bus"
        theme.draw_text(surface, note, (BOARD.right - 28, BOARD.y + 26),
                        theme.fit_text(note, 20, BOARD.right - 28 - title.right - 16, minimum=8), theme.CREAM_DIM,
                        anchor="topright")
    open_spaces = set(frame.choices.spaces()) if frame.choices.choosing else set()
    for space, rect in space_rects(view).items():
        entry = in_play.get(space)
        holder = entry.get("seat") if entry else None
        _draw_space(surface, frame, space, rect, entry, holder, space in open_spaces)


@theme.natural_size  # a space of the action board: its words fit it as they are
def _draw_space(surface: pygame.Surface, frame: HudFrame, space: str, rect: pygame.Rect,
                entry: dict[str, Any] | None, holder: int | None, open_: bool) -> None:
    view = frame.view
    playing = entry is not None or space == PASS
    hovered = frame.hover_space == space
    lift = -4 if hovered and open_ else 0
    body = rect.move(0, lift)
    face = theme.NIGHT_2 if playing else theme.shade(theme.NIGHT_2, 0.8)
    if open_:
        face = theme.mix(theme.PLUM_LIGHT, theme.shade(theme.PLUM_LIGHT, 1.2), 1.0 if hovered else 0.0)
    pygame.draw.rect(surface, theme.SHADOW, rect.move(0, 5), border_radius=16)
    pygame.draw.rect(surface, face, body, border_radius=16)
    if open_:
        pulse = 0.5 + 0.5 * math.sin(frame.age * 5)
        pygame.draw.rect(surface, theme.mix(theme.TANGERINE, theme.SUNFLOWER, pulse), body, width=4,
                         border_radius=16)
    else:
        pygame.draw.rect(surface, theme.PLUM_LIGHT if playing else theme.PLUM, body, width=2, border_radius=16)
    if frame.cursor_space == space:
        pygame.draw.rect(surface, theme.CREAM, body.inflate(10, 10), width=3, border_radius=20)
    ink = theme.CREAM if playing else theme.shade(theme.CREAM_DIM, 0.6)
    if space == BUS_SPACE:
        icon = bus_icon(theme.SUNFLOWER if playing else theme.CREAM_DIM, 60)
        surface.blit(icon, icon.get_rect(midleft=(body.x + 18, body.centery)))
        theme.draw_text(surface, "Buy a Bus", (body.x + 92, body.centery - 12), 28, ink, theme.DISPLAY_FONT,
                        "midleft")
        theme.draw_text(surface, f"+1 bus, at most {MAX_BUSES}", (body.x + 92, body.centery + 16), 19,
                        theme.CREAM_DIM, anchor="midleft")
        if holder is not None:
            _holder_disc(surface, frame, holder, (body.right - 36, body.centery), 44)
        return
    if space == PASS:
        theme.draw_text(surface, "Pass", (body.centerx, body.centery - 10), 30, ink, theme.DISPLAY_FONT, "center")
        passed = [frame.looks[seat].initial for seat in view.get("passed", []) if seat < len(frame.looks)]
        note = f"passed: {', '.join(passed)}" if passed else "take nothing this round"
        theme.draw_text(surface, note, (body.centerx, body.centery + 18), 19, theme.CREAM_DIM, anchor="center")
        return
    theme.draw_text(surface, space, (body.centerx, body.y + 46), 60, ink, theme.DISPLAY_FONT, "center",
                    shadow=playing)
    if entry is not None:
        streets = int(entry.get("streets") or 0)
        theme.draw_text(surface, f"{streets} street{'s' if streets != 1 else ''}", (body.centerx, body.y + 92),
                        22, theme.SUNFLOWER, theme.TEXT_BOLD_FONT, "center")
    else:
        theme.draw_text(surface, _needs(view, space), (body.centerx, body.y + 92), 17,
                        theme.shade(theme.CREAM_DIM, 0.7), anchor="center")
    if holder is not None:
        _holder_disc(surface, frame, holder, (body.centerx, body.bottom - 24), 40)
    elif entry is not None:
        pygame.draw.circle(surface, theme.shade(theme.NIGHT_2, 0.8), (body.centerx, body.bottom - 24), 18)
        pygame.draw.circle(surface, theme.PLUM_LIGHT, (body.centerx, body.bottom - 24), 18, 2)


def _needs(view: dict[str, Any], space: str) -> str:
    """A space out of play: the fleet it waits for (B builds M − 1, so it needs M = 2, and so on)."""
    bonus = 1 if int(view.get("players", 2)) >= 5 else 0
    needed = EXPANSION_SPACES.index(space) + 1 - bonus
    return f"needs {needed} buses"


def _holder_disc(surface: pygame.Surface, frame: HudFrame, seat: int, centre: tuple[int, int], size: int) -> None:
    look = frame.looks[seat]
    disc = action_marker(look.colour, size, look.initial)
    surface.blit(disc, disc.get_rect(center=centre))


def _draw_players(surface: pygame.Surface, frame: HudFrame) -> None:
    view = frame.view
    lines = view.get("lines", [])
    players = len(lines)
    acting = acting_seat(view)
    for seat, line in enumerate(lines):
        _draw_row(surface, frame, seat, line, players, seat == acting)


def _draw_row(surface: pygame.Surface, frame: HudFrame, seat: int, line: dict[str, Any], players: int,
              acting: bool) -> None:
    view = frame.view
    look = frame.looks[seat]
    rect = row_rect(seat, players)
    colour = look.colour
    back = theme.shade(colour, 0.3) if acting else theme.NIGHT_2
    pygame.draw.rect(surface, back, rect, border_radius=16)
    outcome = view.get("outcome") or {}
    if seat in (outcome.get("winners") or []):
        glow = 0.5 + 0.5 * math.sin(frame.age * 3)
        pygame.draw.rect(surface, theme.mix(theme.TANGERINE, theme.SUNFLOWER, glow), rect, width=4, border_radius=16)
    if acting:
        pulse = 0.5 + 0.5 * math.sin(frame.age * 4)
        pygame.draw.rect(surface, theme.mix(theme.shade(colour, 0.7), colour, pulse), rect, width=3, border_radius=16)
    stripe = pygame.Rect(rect.x, rect.y, 10, rect.height)
    pygame.draw.rect(surface, colour, stripe, border_top_left_radius=16, border_bottom_left_radius=16)
    disc = action_marker(colour, 48, look.initial)
    surface.blit(disc, disc.get_rect(center=(int(rect.x + 44), rect.centery)))
    name_size = theme.fit_text(look.name, 30, 200, theme.DISPLAY_FONT)
    theme.draw_text(surface, look.name, (rect.x + 80, rect.y + round(rect.height * 0.1)), name_size, theme.CREAM,
                    theme.DISPLAY_FONT)
    status = _status(frame, seat, line, acting)
    status_colour = theme.shade(colour, 1.3) if acting else theme.CREAM_DIM
    theme.draw_text(surface, status, (rect.x + 80, rect.y + round(rect.height * 0.52)),
                    theme.fit_text(status, 20, ROW_GEAR_X - 90), status_colour)
    buses = int(line.get("buses", 1))
    bus_y = rect.y + round(rect.height * 0.29)
    left = int(line.get("markers_left", MAX_MARKERS))
    popping = frame.bus_pop.get(seat)
    gear = _gear(colour, rect.height, buses, left, popping is not None)
    surface.blit(gear, (rect.x + ROW_GEAR_X, rect.y))
    if popping is not None:  # the bus just bought pops into its place
        icon = pygame.transform.rotozoom(bus_icon(colour, 38), 0, max(0.05, popping))
        surface.blit(icon, icon.get_rect(center=(rect.x + ROW_GEAR_X + (buses - 1) * BUS_STEP + 20, bus_y)))
    side = rect.x + ROW_GEAR_X + MAX_MARKERS * TICK_STEP + 8
    room = rect.right - 64 - theme.font(theme.unscaled(50), theme.DISPLAY_FONT).size("00")[0] - 8 - side
    theme.draw_text(surface, f"{left} left", (side, _supply_tick(rect, 0).centery),
                    theme.fit_text(f"{left} left", 18, room, minimum=8), theme.CREAM_DIM, anchor="midleft")
    lost_list = view.get("lost") or []
    lost = int(lost_list[seat]) if seat < len(lost_list) else 0
    if lost:
        theme.draw_text(surface, f"{lost} lost", (side, bus_y), theme.fit_text(f"{lost} lost", 18, room, minimum=8),
                        theme.CORAL, theme.TEXT_BOLD_FONT, "midleft")
    score = frame.scores[seat] if seat < len(frame.scores) else float(line.get("score", 0))
    theme.draw_text(surface, str(int(round(score))), (rect.right - 64, rect.centery + 2), theme.unscaled(50),
                    theme.SUNFLOWER if frame.counting else theme.CREAM, theme.DISPLAY_FONT, "midright", shadow=True)
    theme.draw_text(surface, "pts", (rect.right - 18, rect.centery + 8), 20, theme.CREAM_DIM, anchor="midright")


@lru_cache(maxsize=64)
def _gear(colour: theme.Colour, height: int, buses: int, left: int, popping: bool) -> pygame.Surface:
    """A row's buses (of five) and its supply of markers (of 25), drawn once per change: a hundred
    little rectangles a frame otherwise. ``popping``: the last bus is left out (it pops in)."""
    strip = pygame.Rect(0, 0, MAX_MARKERS * TICK_STEP + 4, height)
    gear = pygame.Surface((max(MAX_BUSES * BUS_STEP + 4, strip.width), height), pygame.SRCALPHA)
    bus_y = round(height * 0.29)
    for index in range(MAX_BUSES):
        if popping and index == buses - 1:
            continue
        icon = bus_icon(colour if index < buses else theme.shade(theme.NIGHT_2, 1.25), 38)
        gear.blit(icon, icon.get_rect(center=(index * BUS_STEP + 20, bus_y)))
    for used in range(MAX_MARKERS):
        tick = _supply_tick(pygame.Rect(-ROW_GEAR_X, 0, 0, height), used)
        if used >= MAX_MARKERS - left:  # still in the supply: a marker standing on end
            pygame.draw.rect(gear, theme.shade(colour, 0.55), tick, border_radius=3)
            pygame.draw.rect(gear, colour, tick.inflate(-2, -2), border_radius=3)
        else:
            pygame.draw.rect(gear, theme.shade(theme.NIGHT_2, 1.25), tick.inflate(-2, -8), border_radius=2)
    return gear


def _supply_tick(rect: pygame.Rect, index: int) -> pygame.Rect:
    """The place of marker ``index`` (0 = the first used) in a row's supply strip."""
    return pygame.Rect(rect.x + ROW_GEAR_X + index * TICK_STEP, rect.y + round(rect.height * 0.56) - 7, 6, 14)


def _status(frame: HudFrame, seat: int, line: dict[str, Any], acting: bool) -> str:
    view = frame.view
    look = frame.looks[seat]
    who = "bot" if look.kind == "bot" else ("you" if seat in frame.controlled and len(frame.controlled) == 1
                                            else "human")
    outcome = view.get("outcome")
    if outcome:
        return f"{who} · wins!" if seat in (outcome.get("winners") or []) else who
    if acting:
        return f"{who} · to act"
    if seat in (view.get("passed") or []):
        return f"{who} · passed"
    held = [space for space, holder in (view.get("spaces") or {}).items() if holder == seat]
    if held and view.get("phase") in ("choose", "build"):
        return f"{who} · {', '.join('bus' if space == BUS_SPACE else f'on {space}' for space in held)}"
    if view.get("phase") not in ("place", "extend") and not line.get("can_build", True):
        return f"{who} · line stuck"
    return who
