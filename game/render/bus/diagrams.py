"""Bus's rules diagrams: corners of the city map with lines, buildings and passengers laid as core data.

Each growth panel asks the core's ``street_move`` whether the street may be added at the end of the
line; the scoring panel asks the core how many deliveries a Vrrooomm! marker must make there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

import pygame

from game.core.bus import city as core_city
from game.core.bus.data import rules_for
from game.core.bus.moves import street_move
from game.core.bus.network import board
from game.core.bus.rounds import new_game
from game.core.bus.state import BusState
from game.core.contract import Rejection
from game.render.bus.city import CityMap
from game.render.bus.clock import draw_clock
from game.render.bus.pieces import head_token
from game.render.diagrams import OK, REFUSED, Diagram, Panel, fit
from game.ui import theme

MAP_SIZE = (1000, 1008)  # the city drawn at the table's size, then cropped and scaled
COLOURS = (theme.player_colour(0), theme.player_colour(1), theme.player_colour(3))
LETTERS = ("A", "B", "C")
Paths = tuple[tuple[int, ...], ...]


@cache
def city() -> CityMap:
    return CityMap(pygame.Rect(0, 0, *MAP_SIZE))


def state_of(paths: Paths) -> BusState:
    """A Line Expansion marker of seat 0 resolving, with these lines on the board."""
    state = new_game(board(), 3, 1, {})
    state.paths = [list(path) for path in paths]
    state.phase = "line"
    state.remaining = 1
    return state


def judge(paths: Paths, street: int, head: int) -> str:
    """The core's verdict on seat 0 adding ``street`` at ``head``: "ok" or the refusal's code."""
    state = state_of(paths)
    move = street_move(board(), state, rules_for(3), 0, {"street": street, "head": head})
    return move.code if isinstance(move, Rejection) else OK


def crop_box(crossings: Sequence[int]) -> pygame.Rect:
    """The part of the map around ``crossings``, with room for their lots."""
    points = [city().pos(crossing) for crossing in crossings]
    margin = city().unit * 0.75
    left, top = min(x for x, _ in points) - margin, min(y for _, y in points) - margin
    right, bottom = max(x for x, _ in points) + margin, max(y for _, y in points) + margin
    return pygame.Rect(int(left), int(top), int(right - left), int(bottom - top)).clip(city().base.get_rect())


def map_paint(paths: Paths, crossings: Sequence[int], street: int | None = None, head: int | None = None,
              verdict: str | None = None, town: Callable[[pygame.Surface], None] | None = None,
              corner: Callable[[pygame.Surface], None] | None = None) -> Callable[[int, int], pygame.Surface]:
    """Paint the lines (an allowed street already built onto seat 0's line) and glow the street the
    panel is about: mint when allowed, coral when refused; ``town`` adds buildings and people."""
    def paint(width: int, height: int) -> pygame.Surface:
        shown = [list(path) for path in paths]
        if street is not None and verdict == OK and head is not None:
            other = board().other_end(street, head)
            shown[0] = [*shown[0], other] if shown[0][-1] == head else [other, *shown[0]]
        surface = city().base.copy()
        if street is not None:
            colour = theme.MINT if verdict == OK else theme.CORAL
            city().draw_street_glow(surface, street, colour, 1.0, 1.6)
        layer = city().lines_layer(shown, COLOURS[:len(shown)], [None] * len(shown), LETTERS[:len(shown)])
        surface.blit(layer, (0, 0))
        if town is not None:
            town(surface)
        box = crop_box(crossings)
        picture = fit(surface.subsurface(box).copy(), width, height)
        if corner is not None:
            corner(picture)
        return picture
    return paint


def growth_panel(paths: Paths, crossings: Sequence[int], street: int, head: int, claim: str) -> Panel:
    verdict = OK if claim == OK else REFUSED
    box = crop_box(crossings)
    return Panel(claim, lambda: judge(paths, street, head), map_paint(paths, crossings, street, head, verdict),
                 box.width / box.height, verdict)


def street(a: int, b: int) -> int:
    found = board().street_between(a, b)
    assert found is not None, (a, b)
    return found


# A's line runs 18-19; B's runs along 13-19-23 (its ends elsewhere); C's ends at 19, coming from 22.
GROWTH: Paths = ((18, 19), (13, 19, 23), (26, 22, 19))
GROWTH_AREA = (13, 14, 18, 19, 22, 23)


def _growth_diagram() -> Diagram:
    return Diagram((
        growth_panel(GROWTH, GROWTH_AREA, street(19, 14), 19, OK),
        growth_panel(GROWTH, GROWTH_AREA, street(19, 13), 19, "bus.parallel"),
        growth_panel(GROWTH, GROWTH_AREA, street(19, 22), 19, OK),
    ))


# -- scoring: a Vrrooomm! marker ----------------------------------------------------------------------
# A's line runs 22-19-23-27 and A owns 2 buses. The clock wants offices. Offices stand empty at 22
# and 23; a house stands at 19. One passenger waits at 19 (no office there) and two at station 27.
RIDE: Paths = ((22, 19, 23, 27),)
RIDE_AREA = (19, 22, 23, 27, 18, 26)
RIDE_BUILDINGS = {(22, 0): "office", (23, 0): "office", (19, 0): "house"}
RIDE_PASSENGERS = {19: 1, 27: 2}
RIDE_BUSES = 2


def ride_state() -> BusState:
    state = state_of(RIDE)
    net = board()
    state.phase = "vrooom"
    state.clock = 1  # office
    state.buses[0] = RIDE_BUSES
    state.passengers = [RIDE_PASSENGERS.get(crossing, 0) for crossing in range(net.crossings)]
    for (crossing, index), kind in RIDE_BUILDINGS.items():
        state.buildings[net.crossing_lots[crossing][index]] = kind
    state.seated = core_city.seat_passengers(net, state, "office")
    return state


def ride_measured() -> str:
    state = ride_state()
    return f"A carries {core_city.forced_deliveries(board(), state, rules_for(3), 0)}"


def _ride_town(surface: pygame.Surface) -> None:
    from game.render.bus.buildings import building
    geo = city()
    for (crossing, index), kind in RIDE_BUILDINGS.items():
        picture = building(kind, geo.building_size)
        surface.blit(picture, picture.get_rect(center=[round(v) for v in geo.lot_point(crossing, index)]))
    geo.draw_people(surface, [RIDE_PASSENGERS.get(crossing, 0) for crossing in range(geo.net.crossings)], [])


def _ride_clock(picture: pygame.Surface) -> None:
    """The clock on the office, in the panel's corner."""
    radius = max(12, picture.get_height() // 8)
    draw_clock(picture, (radius + 10, radius + 10), radius, 1.0)


def _ride_diagram() -> Diagram:
    box = crop_box(RIDE_AREA)
    paint = map_paint(RIDE, RIDE_AREA, town=_ride_town, corner=_ride_clock)
    return Diagram((Panel("A carries 2", ride_measured, paint,
                      box.width / box.height),), ("2 points",))


DIAGRAMS: dict[str, Diagram] = {"growth": _growth_diagram(), "scoring": _ride_diagram()}


def _head_key(size: int) -> pygame.Surface:
    return head_token(COLOURS[0], size, LETTERS[0])


def _glow_key(colour: theme.Colour) -> Callable[[int], pygame.Surface]:
    def paint(size: int) -> pygame.Surface:
        surface = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.rect(surface, (*colour, 110), surface.get_rect().inflate(-2, -size // 2), border_radius=size // 4)
        pygame.draw.rect(surface, colour, surface.get_rect().inflate(-size // 3, -size * 2 // 3),
                         border_radius=size // 8)
        return surface
    return paint


KEYS: dict[str, Callable[[int], pygame.Surface]] = {
    "head": _head_key, "allowed": _glow_key(theme.MINT), "refused": _glow_key(theme.CORAL),
}
