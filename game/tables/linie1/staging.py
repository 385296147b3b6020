"""Linie 1 events become one timeline of effects, and the masks that keep the board honest.

The new view goes on screen at once; everything it shows that players have not yet seen happen is
held back by a mask until its effect lands: a square keeps its old tile (``("cell", cell)``), a stop
sign waits (``("sign", letter)``), drawn tiles are not in the hand yet (``("hand", seat)``: how many),
a tram stands where it was (``("tram", seat)``: its pose), the die shows its last face
(``("die",)``), the route card reads the board as it was (``("route",)``: the view before and how
many tiles and signs are still to land). The show lets every mask go when the update has played,
skipped or not.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.anim import ParticleSystem
from game.anim.show import HIDDEN, Masks
from game.anim.timeline import Timeline
from game.i18n import _
from game.render.linie1.board import Linie1Board, tile_segments
from game.render.linie1.route import RoutePath
from game.tables.linie1 import layout
from game.tables.linie1.show import Banner, DiceRoll, DieRoll, HandFlight, Pop, TileFlight, TramDrive
from game.ui import theme

View = dict[str, Any]
Point = tuple[float, float]
TURN_BREATH = 0.15  # a pause between one player's turn and the next
BOARD_DIE_SIZE = 96  # the die thrown on the board, beside the tram
DICE_SIZE = 84  # each of the three dice thrown on the board
DICE_WAYS = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1))  # from the tram
# how far the row stands off the tram, in squares between them: 0.5 clears it above or below, 0.8 beside it
# (a tram is longer than it is wide); further out only where nearer spots would hide the way ahead
DICE_REACH = (0.5, 0.8, 1.6, 2.4)


@dataclass
class StageKit:
    """What staging needs from the table: the board's geometry, the masks, sound and sparks, names."""

    board: Linie1Board
    masks: Masks
    particles: ParticleSystem
    sound: Callable[[str], None]
    sound_end: Callable[[str], None]  # the game's end, heard once (``TableScene.sound_the_end``)
    seat_name: Callable[[int], str]
    seat_colour: Callable[[int], theme.Colour]
    tile_source: Callable[[int], Point]  # where a seat's laid tile flies from
    eyes: int | None  # whose hand is shown in the panel


def cell_of(value: Any) -> tuple[int, int]:
    return int(value[0]), int(value[1])


def stage(timeline: Timeline, kit: StageKit, events: list[dict[str, Any]], before: View | None,
          after: View) -> None:
    """Fill ``timeline`` with the effects of ``events``; ``after`` is already on screen, masked."""
    board, masks = kit.board, kit.masks
    tiles_before = {} if before is None else {
        cell_of(t["cell"]): tile_segments(t["tile"], t["rot"]) for t in before["board"]["tiles"]}
    if before is not None and any(event.get("type") == "turn" for event in events):
        masks.hold(("current",), int(before["current"]))  # the panel names the next player when the turn passes
    landing = sum(1 for event in events if event.get("type") in ("place", "exchange", "stop"))
    if before is not None and landing:  # the route card's stops wait for the tiles and signs that change them
        masks.hold(("route",), (before, landing))
    for event in events:
        kind = event.get("type")
        if kind in ("place", "exchange"):
            cell, seat = cell_of(event["cell"]), int(event["seat"])
            masks.hold(("cell", cell), tiles_before.get(cell, HIDDEN))
            flying = ("laid", seat) if kind == "place" else None  # the panel's "laid" count waits for it
            if flying is not None:
                masks.place(flying, masks.instead(flying, 0) + 1)
            timeline.play(TileFlight(kit.tile_source(seat), board.cell_rect(cell, layout.ORIGIN), event["segments"],
                                     lambda key=("cell", cell), flying=flying: _landed(masks, key, flying),
                                     kit.sound))
        elif kind == "stop":
            _stage_sign(timeline, kit, str(event["building"]), cell_of(event["cell"]))
        elif kind == "draw":
            _stage_draw(timeline, kit, int(event["seat"]), [int(t) for t in event["tiles"]], after)
        elif kind == "trip":  # a name in its seat's colour, as everywhere: a line's may be another seat's
            seat = int(event["seat"])
            stops = " ".join(event.get("stops", []))
            timeline.play(Banner(layout.BOARD_RECT, _("{name} starts the trip!").format(name=kit.seat_name(seat)),
                                 kit.seat_colour(seat), 1.8,
                                 _("Line {line} · stops {stops}").format(line=event["line"], stops=stops)))
        elif kind == "roll" and "faces" in event:  # three dice: they tumble beside the tram, then wait
            masks.hold(("die",), None if before is None else before.get("last_roll"))
            seat = int(event["seat"])
            faces = [str(face) for face in event["faces"]]
            timeline.play(DiceRoll(dice_spot(kit.board, before or after, seat), DICE_SIZE,
                                   faces, lambda: masks.release(("die",)), kit.sound, seed=int(after["turn"])))
        elif kind == "choose_die":  # three dice: the die carried out; the count waits for the tram
            seat = int(event["seat"])
            masks.hold(("to_go", seat), _to_go(before, seat))
            kit.sound("click")
            if event.get("face") == "T":
                timeline.play(Banner(layout.BOARD_RECT, _("Tools!"), theme.CORAL, 1.2,
                                     _("Back to the last stop: the turn ends.")))
        elif kind == "stopped":
            kit.sound("click")
        elif kind == "roll":
            masks.hold(("die",), None if before is None else before.get("last_roll"))
            seat = int(event["seat"])
            masks.hold(("to_go", seat), _to_go(before, seat))  # the panel's count waits for the tram
            timeline.play(DieRoll(die_spot(kit.board, before or after, seat), BOARD_DIE_SIZE,
                                  list(after["options"]["die_faces"]), str(event["face"]),
                                  lambda: masks.release(("die",)), kit.sound, seed=int(after["turn"])))
        elif kind == "drive":  # the pace rule: no die, the squares to go wait for the tram
            seat = int(event["seat"])
            masks.hold(("to_go", seat), _to_go(before, seat))
            kit.sound("click")
        elif kind == "move":
            _stage_move(timeline, kit, event, after)
        elif kind == "win":
            seat = int(event["seat"])
            timeline.call(lambda s=seat: _celebrate(kit, s))
            timeline.play(Banner(layout.BOARD_RECT, _("{name} wins!").format(name=kit.seat_name(seat)),
                                 kit.seat_colour(seat), 2.6, _("The first tram reached its terminal.")))
        elif kind == "stalemate":  # the calm bell, no confetti: nobody won
            timeline.call(lambda: kit.sound_end("bell"))
            timeline.play(Banner(layout.BOARD_RECT, _("Stalemate"), theme.CORAL, 2.2,
                                 _("Nobody can lay track and nobody is driving.")))
        elif kind == "undo":
            kit.sound("rotate")
        elif kind == "turn":
            timeline.call(lambda: masks.release(("current",)))
            timeline.wait(TURN_BREATH)


def _to_go(view: View | None, seat: int) -> int | None:
    trip = None if view is None else view["players"][seat].get("trip")
    return None if trip is None else len(trip["route"]) - 1 - int(trip["position"])


def die_spot(board_view: Linie1Board, view: View, seat: int) -> Point:
    """Where the die is thrown: beside the tram, towards the middle of the board, never off it."""
    trip = view["players"][seat].get("trip")
    board = layout.BOARD_RECT
    if trip is None:
        return float(board.centerx), float(board.centery)
    x, y, _heading = RoutePath(board_view, trip, layout.ORIGIN).resting(int(trip["position"]))
    dx, dy = board.centerx - x, board.centery - y
    reach = max(1.0, (dx * dx + dy * dy) ** 0.5)
    away = layout.CELL * 1.6
    x, y = x + dx / reach * away, y + dy / reach * away
    room = board.inflate(-BOARD_DIE_SIZE * 2, -BOARD_DIE_SIZE * 2)
    return float(min(max(x, room.left), room.right)), float(min(max(y, room.top), room.bottom))


def dice_spot(board_view: Linie1Board, view: View, seat: int) -> Point:
    """Where the three dice land and wait (the centre of their row): beside the tram, where they hide
    the fewest of the squares it may drive to next and of the buildings beside them (a stop the tram
    halts at: Gericht, when the route ran along the top edge, lay under the dice), near the tram
    rather than far, never off the board."""
    trip = view["players"][seat].get("trip")
    board = layout.BOARD_RECT
    if trip is None:
        return float(board.centerx), float(board.centery)
    position = int(trip["position"])
    x, y, _heading = RoutePath(board_view, trip, layout.ORIGIN).resting(position)
    ahead_cells = [(int(c[0]), int(c[1])) for c in trip["route"][max(0, position):position + 7]]
    beside = {cell for cell in board_view.buildings if any(abs(cell[0] - a[0]) + abs(cell[1] - a[1]) == 1
                                                           for a in ahead_cells)}
    keep_clear = [board_view.cell_rect(cell, layout.ORIGIN).inflate(-20, -20) for cell in [*ahead_cells, *beside]]
    for other, player in enumerate(view["players"]):  # nor another tram standing near
        trip_of = player.get("trip")
        if other != seat and trip_of is not None:
            ox, oy, _turned = RoutePath(board_view, trip_of, layout.ORIGIN).resting(int(trip_of["position"]))
            keep_clear.append(pygame.Rect(round(ox) - layout.CELL // 2, round(oy) - layout.CELL // 2, layout.CELL,
                                          layout.CELL))
    row = pygame.Rect(0, 0, int(DICE_SIZE * 3.9), DICE_SIZE + 56)  # three dice and their words
    room = board.inflate(-row.width, -row.height)
    tram = pygame.Rect(0, 0, layout.CELL * 1.5, layout.CELL * 1.5)
    tram.center = (round(x), round(y))
    best: tuple[tuple[float, ...], Point] | None = None
    for reach, (ux, uy) in ((reach, way) for reach in DICE_REACH for way in DICE_WAYS):
        spot = (min(max(x + ux * (row.width / 2 + layout.CELL * reach), room.left), room.right),
                min(max(y + uy * (row.height / 2 + layout.CELL * reach), room.top), room.bottom))
        row.center = (round(spot[0]), round(spot[1]))
        hidden = row.collidelistall(keep_clear)
        centre_far = abs(spot[0] - board.centerx) + abs(spot[1] - board.centery)
        score = (len(hidden) + 3 * row.colliderect(tram), reach, centre_far)
        if best is None or score < best[0]:
            best = (score, (float(spot[0]), float(spot[1])))
    assert best is not None
    return best[1]


def _stage_sign(timeline: Timeline, kit: StageKit, letter: str, cell: tuple[int, int]) -> None:
    board, key = kit.board, ("sign", letter)
    kit.masks.hold(key)
    centre = board.sign_position(letter, cell, layout.ORIGIN)

    def draw(surface: pygame.Surface, scale: float) -> None:
        board.draw_sign(surface, letter, cell, layout.ORIGIN, scale)

    def sparks(at: Point) -> None:
        kit.particles.burst(at[0], at[1], [theme.SUNFLOWER, theme.MINT, theme.CREAM], 26, 380, 0.7)

    def popped() -> None:
        kit.masks.release(key)
        _route_landed(kit.masks)

    timeline.play(Pop(centre, draw, popped, sparks, kit.sound))


def _landed(masks: Masks, cell_key: tuple[Any, ...], flying: tuple[str, int] | None) -> None:
    """A laid tile landed: its square shows it, and its seat's "laid" count takes it in."""
    masks.release(cell_key)
    _route_landed(masks)
    if flying is not None:
        left = int(masks.instead(flying, 1)) - 1
        if left > 0:
            masks.place(flying, left)
        else:
            masks.release(flying)


def _route_landed(masks: Masks) -> None:
    """A tile or a sign landed: once the last of the update has, the route card reads the board anew."""
    held = masks.instead(("route",))
    if held is None:
        return
    before, left = held
    if left > 1:
        masks.place(("route",), (before, left - 1))
    else:
        masks.release(("route",))


def _stage_draw(timeline: Timeline, kit: StageKit, seat: int, tiles: list[int], after: View) -> None:
    """Drawn tiles fly from the pile into the hand (the panel shows them only once they land)."""
    key = ("hand", seat)
    kit.masks.hold(key, len(tiles))
    if seat == kit.eyes:
        size = len(after["hands"][seat])
        targets = [layout.slot_rect(index) for index in range(size - len(tiles), size)]
    else:
        row = layout.player_row(seat)
        targets = [pygame.Rect(row.right - 100, row.y, 60, 60) for _tile in tiles]
    timeline.play(HandFlight(layout.PILE_POS, targets, [tile_segments(t, 0) for t in tiles],
                             lambda: kit.masks.release(key), kit.sound))


def _stage_move(timeline: Timeline, kit: StageKit, event: dict[str, Any], after: View) -> None:
    seat = int(event["seat"])
    trip = after["players"][seat].get("trip")
    if trip is None:
        return
    path = RoutePath(kit.board, trip, layout.ORIGIN)
    start, end = int(event["from"]), int(event["to"])
    key = ("tram", seat)
    kit.masks.hold(key, path.resting(start))

    def place(progress: float) -> None:
        kit.masks.place(key, path.travel(start, end, progress))

    def arrived() -> None:
        kit.masks.release(key)
        kit.masks.release(("to_go", seat))

    timeline.play(TramDrive(place, end - start, arrived, kit.sound))


def _celebrate(kit: StageKit, seat: int) -> None:
    kit.sound_end("fanfare")
    colours = [kit.seat_colour(seat), theme.SUNFLOWER, theme.CREAM, theme.TANGERINE]
    kit.particles.confetti(theme.WIDTH, colours, 240)
    board = layout.BOARD_RECT
    for offset in (-300, 0, 300):
        kit.particles.burst(board.centerx + offset, board.centery - 120, colours, 50, 650)
