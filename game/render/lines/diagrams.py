"""Line Expansion's rules diagrams: corners of Bus's city map with lines laid as core paths.

Each growth panel asks the core's ``street_move`` whether the street may be added at the head;
the scoring panel scores its lines with the core's ``score``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

import pygame

from game.core.contract import Rejection
from game.core.lines.moves import street_move
from game.core.lines.network import network
from game.core.lines.rounds import new_game
from game.core.lines.scoring import score
from game.core.lines.state import LinesState
from game.render.diagrams import OK, REFUSED, Diagram, Panel, fit
from game.render.lines.city import CityMap
from game.render.lines.pieces import head_token
from game.ui import theme

MAP_SIZE = (1060, 1008)  # the city drawn at the table's size, then cropped and scaled
COLOURS = (theme.player_colour(0), theme.player_colour(1), theme.player_colour(3))
LETTERS = ("A", "B", "C")
Paths = tuple[tuple[int, ...], ...]


@cache
def city() -> CityMap:
    return CityMap(pygame.Rect(0, 0, *MAP_SIZE))


def state_of(paths: Paths) -> LinesState:
    state = new_game(len(paths))
    state.paths = [list(path) for path in paths]
    state.phase = "build"
    return state


def judge(paths: Paths, street: int, head: int) -> str:
    """The core's verdict on seat 0 adding ``street`` at ``head``: "ok" or the refusal's code."""
    move = street_move(network(), state_of(paths), 0, {"street": street, "head": head})
    return move.code if isinstance(move, Rejection) else OK


def crop_box(crossings: Sequence[int]) -> pygame.Rect:
    """The part of the map around ``crossings``, with room for their streets' lots."""
    points = [city().pos(crossing) for crossing in crossings]
    margin = city().unit * 0.75
    left, top = min(x for x, _ in points) - margin, min(y for _, y in points) - margin
    right, bottom = max(x for x, _ in points) + margin, max(y for _, y in points) + margin
    return pygame.Rect(int(left), int(top), int(right - left), int(bottom - top)).clip(city().base.get_rect())


def map_paint(paths: Paths, crossings: Sequence[int], street: int | None = None, head: int | None = None,
              verdict: str | None = None) -> Callable[[int, int], pygame.Surface]:
    """Paint the lines (an allowed street already built onto seat 0's line) and glow the street
    the panel is about: mint when allowed, coral when refused."""
    def paint(width: int, height: int) -> pygame.Surface:
        shown = [list(path) for path in paths]
        if street is not None and verdict == OK and head is not None:
            other = network().other_end(street, head)
            shown[0] = [*shown[0], other] if shown[0][-1] == head else [other, *shown[0]]
        surface = city().base.copy()
        if street is not None:
            colour = theme.MINT if verdict == OK else theme.CORAL
            city().draw_street_glow(surface, street, colour, 1.0, 1.6)
        layer = city().lines_layer(shown, COLOURS[:len(shown)], [None] * len(shown), LETTERS[:len(shown)])
        surface.blit(layer, (0, 0))
        box = crop_box(crossings)
        return fit(surface.subsurface(box).copy(), width, height)
    return paint


def growth_panel(paths: Paths, crossings: Sequence[int], street: int, head: int, claim: str) -> Panel:
    verdict = OK if claim == OK else REFUSED
    box = crop_box(crossings)
    return Panel(claim, lambda: judge(paths, street, head), map_paint(paths, crossings, street, head, verdict),
                 box.width / box.height, verdict)


def street(a: int, b: int) -> int:
    found = network().street_between(a, b)
    assert found is not None, (a, b)
    return found


# A's line runs 18-19; B's runs along 13-19-23 (its ends elsewhere); C's ends at 19, coming from 22.
GROWTH: Paths = ((18, 19), (13, 19, 23), (26, 22, 19))
GROWTH_AREA = (13, 14, 18, 19, 22, 23)


def _growth_diagram() -> Diagram:
    return Diagram((
        growth_panel(GROWTH, GROWTH_AREA, street(19, 14), 19, OK),
        growth_panel(GROWTH, GROWTH_AREA, street(19, 13), 19, "lines.parallel"),
        growth_panel(GROWTH, GROWTH_AREA, street(19, 22), 19, OK),
    ))


# -- scoring ---------------------------------------------------------------------------------------
SCORED: Paths = ((22, 27, 31, 28, 23, 27), (29, 24, 20))
SCORE_AREA = (20, 22, 23, 24, 27, 28, 29, 31)


def score_measured() -> str:
    return " : ".join(f"{LETTERS[seat]} {score(network(), list(path))}" for seat, path in enumerate(SCORED))


def _score_diagram() -> Diagram:
    box = crop_box(SCORE_AREA)
    return Diagram((Panel("A 8 : B 5", score_measured, map_paint(SCORED, SCORE_AREA), box.width / box.height),),
                   ("8", "5"))


DIAGRAMS: dict[str, Diagram] = {"growth": _growth_diagram(), "scoring": _score_diagram()}
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
