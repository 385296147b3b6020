"""The Linie 1 board as the table shows it: the still picture, routes, trams, hints and the ghost.

What changes only when a tile, a sign or a trip does (backdrop, board, laid tiles, signs, declared
routes) is one opaque picture, rebuilt only then, so a frame costs one blit for all of it. The rest
is drawn over it each frame from the data handed in: a view, the show's masks, the player's choices.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache
from typing import Any

import pygame

from game.anim.show import HIDDEN, Masks
from game.i18n import _
from game.render.linie1.board import Cell, Linie1Board, Segments, line_colour, tile_segments
from game.render.linie1.route import RoutePath
from game.tables.linie1 import layout
from game.ui import theme
from game.ui.colour_vision import contrast
from game.ui.widgets import draw_tooltip, tooltip_box, tooltip_size

View = dict[str, Any]
ROUTE_ALPHA = 110
ROUTE_LAYERS = 24  # route pictures kept (declared routes and the chooser's candidates)


def _cell(value: Any) -> Cell:
    return int(value[0]), int(value[1])


@cache
def backdrop(size: tuple[int, int]) -> pygame.Surface:
    """The background and the board's frame: drawn once, then one opaque blit a frame."""
    surface = pygame.Surface(size)
    if pygame.display.get_surface() is not None:
        surface = surface.convert()
    theme.background(surface)
    frame = layout.BOARD_RECT.inflate(16, 16)
    pygame.draw.rect(surface, theme.SHADOW, frame.move(0, 6), border_radius=18)
    pygame.draw.rect(surface, theme.PLUM_LIGHT, frame, border_radius=18)
    return surface


class BoardView:
    """Draws the board area; holds only caches of pictures, never the game."""

    def __init__(self) -> None:
        self.board = Linie1Board(layout.CELL)
        self._maps: tuple[Any, Any, dict[Cell, Segments], dict[str, Cell]] | None = None
        self._still: pygame.Surface | None = None
        self._still_key: Any = None
        self._routes: dict[tuple, tuple[pygame.Surface, tuple[int, int]]] = {}

    # -- what the board shows -----------------------------------------------------------------------
    def laid(self, view: View) -> tuple[dict[Cell, Segments], dict[str, Cell]]:
        """The view's tiles and signs as maps, made again only when the view's lists change (views are
        read-only and a new list comes with every change, so the same list means the same maps)."""
        board = view["board"]
        maps = self._maps
        if maps is None or maps[0] is not board["tiles"] or maps[1] is not board["signs"]:
            tiles = {_cell(t["cell"]): tile_segments(t["tile"], t["rot"]) for t in board["tiles"]}
            signs = {s["building"]: _cell(s["cell"]) for s in board["signs"]}
            maps = self._maps = (board["tiles"], board["signs"], tiles, signs)
        return maps[2], maps[3]

    def shown_tiles(self, view: View, masks: Masks) -> dict[Cell, Segments]:
        """The view's tiles with those still in flight held back: the same object frame after frame
        while nothing moves, so the board's picture is not even compared."""
        tiles = self.laid(view)[0]
        held = masks.keys("cell")
        if not held:
            return tiles
        tiles = dict(tiles)
        for key in held:
            instead = masks.instead(key)
            if instead is HIDDEN:
                tiles.pop(key[1], None)
            else:
                tiles[key[1]] = instead
        return tiles

    def shown_signs(self, view: View, masks: Masks) -> dict[str, Cell]:
        signs = self.laid(view)[1]
        held = {key[1] for key in masks.keys("sign")}
        return signs if not held else {letter: cell for letter, cell in signs.items() if letter not in held}

    # -- the still picture ----------------------------------------------------------------------------
    @staticmethod
    def prewarm() -> None:
        """Draw the pictures every table starts from (the empty board, the backdrop) ahead of time."""
        Linie1Board(layout.CELL).base()
        backdrop((theme.WIDTH, theme.HEIGHT))

    def backdrop(self, size: tuple[int, int]) -> pygame.Surface:
        return backdrop(size)

    def still(self, size: tuple[int, int], view: View, masks: Masks) -> pygame.Surface:
        """Backdrop, board, laid tiles, signs and declared routes as one opaque surface, rebuilt only
        when one of them changes. Each driver's route runs in a lane of its own, the viewer's last
        (on top), so on shared squares no route hides another."""
        static = self.board.static_layer(self.shown_tiles(view, masks), self.shown_signs(view, masks))
        routes = route_lanes(view)
        key = (id(static), tuple(self._route_key(trip, colour, ROUTE_ALPHA, lane, label=str(line))
                                 for trip, colour, lane, line in routes), size)
        if self._still is None or self._still_key != key:
            picture = self.backdrop(size).copy()
            picture.blit(static, layout.ORIGIN)
            for trip, colour, lane, line in routes:
                self.draw_route(picture, trip, colour, ROUTE_ALPHA, lane, label=str(line))
            self._still, self._still_key = picture, key
        return self._still

    # -- routes and trams ---------------------------------------------------------------------------
    def draw_route(self, surface: pygame.Surface, trip: dict[str, Any], colour: theme.Colour, alpha: int,
                   lane: float = 0.0, dashed: bool = False, label: str = "") -> None:
        """A trip's route as a glowing line over the rails, with its halts marked; ``lane`` moves it
        sideways (pixels, to the left of the way it runs), ``dashed`` marks a route not yet declared,
        ``label`` (the line's number) is written on each halt's disc: red line 1 and magenta line 5,
        both see-through over the tiles, were hard to tell apart by colour alone.
        A route never changes, so its picture is kept (the size of its bounding box): one small blit."""
        key = self._route_key(trip, colour, alpha, lane, dashed, label)
        cached = self._routes.get(key)
        if cached is None:
            if len(self._routes) >= ROUTE_LAYERS:
                self._routes.clear()
            cached = self._routes[key] = self._route_layer(trip, colour, alpha, lane, dashed, label)
        layer, offset = cached
        surface.blit(layer, offset)

    @staticmethod
    def _route_key(trip: dict[str, Any], colour: theme.Colour, alpha: int, lane: float = 0.0,
                   dashed: bool = False, label: str = "") -> tuple:
        return (tuple(trip["start"]), tuple(tuple(cell) for cell in trip["route"]), tuple(trip.get("halts", [])),
                tuple(colour), alpha, lane, dashed, label)

    def _route_layer(self, trip: dict[str, Any], colour: theme.Colour, alpha: int, lane: float = 0.0,
                     dashed: bool = False, label: str = "") -> tuple[pygame.Surface, tuple[int, int]]:
        path = RoutePath(self.board, trip, layout.ORIGIN)
        points = [_beside(path.at(s / 4), lane) for s in range(-4, len(path) * 4 + 1)]
        halts = [_beside(path.resting(index), lane) for index, halt in enumerate(trip.get("halts", [])) if halt]
        xs = [p[0] for p in points + halts]
        ys = [p[1] for p in points + halts]
        margin = 16
        left, top = int(min(xs)) - margin, int(min(ys)) - margin
        width, height = int(max(xs)) - left + margin, int(max(ys)) - top + margin
        layer = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
        local = [(x - left, y - top) for x, y in points]
        # A dark casing under the colour, so every line reads on the pale tiles and silver rails
        # (line 6 is white: without it the route vanished into the rails it runs on).
        casing = (*theme.INK, alpha)
        if dashed:  # a square's quarter drawn, a quarter left out, each dash edged in full dark (short
            # dashes with faint edges vanished on the rails: line 6's white plan could not be found)
            for index in range(0, len(local) - 1, 2):
                pygame.draw.line(layer, (*theme.INK, 255), local[index], local[index + 1], 10 + 2 * DASH_CASING)
            for index in range(0, len(local) - 1, 2):
                pygame.draw.line(layer, (*colour, alpha), local[index], local[index + 1], 10)
        elif len(local) > 1:
            pygame.draw.lines(layer, casing, False, local, 12 + 2 * CASING)
            pygame.draw.lines(layer, (*colour, alpha), False, local, 12)
        for x, y in halts:
            centre = (x - left, y - top)
            if label:  # the line's number on a disc of its colour, as its terminals and tram say it
                _badge(layer, label, (round(centre[0]), round(centre[1])), colour)
                continue
            pygame.draw.circle(layer, (*theme.INK, 255), centre, 9 + CASING)
            pygame.draw.circle(layer, (*theme.CREAM, min(255, alpha + 80)), centre, 9)
            pygame.draw.circle(layer, (*colour, 255), centre, 9, 3)
        return layer, (left, top)

    def draw_plan(self, surface: pygame.Surface, trip: dict[str, Any], line: int) -> None:
        """The viewer's complete route, not yet declared: dashed, so it is seen as soon as it is whole."""
        self.draw_route(surface, trip, line_colour(line), PLAN_ALPHA, dashed=True, label=str(line))

    def draw_trams(self, surface: pygame.Surface, view: View, masks: Masks) -> None:
        for line, pose in self.tram_poses(view, masks):
            self.board.draw_tram(surface, pose[:2], pose[2], line)

    def tram_poses(self, view: View, masks: Masks) -> list[tuple[int, tuple[float, float, float]]]:
        """Each tram's line and pose, in drawing order. Trams may stop on one square (the rules
        allow it): those standing there are set side by side, so none hides another, and the
        viewer's own is drawn last, on top, as its route is."""
        trams: list[tuple[int, int, tuple[float, float, float], bool]] = []  # seat, line, pose, standing
        for player in view["players"]:
            trip = player.get("trip")
            if trip is None or player.get("line") is None:
                continue
            pose = masks.instead(("tram", player["seat"]))
            standing = pose is None
            if standing:
                pose = RoutePath(self.board, trip, layout.ORIGIN).resting(int(trip["position"]))
            trams.append((int(player["seat"]), int(player["line"]), pose, standing))
        spread = self.board.cell * TRAM_SPREAD
        placed: list[tuple[int, int, tuple[float, float, float]]] = []
        for seat, line, pose, standing in trams:
            if standing:
                shared = [other for other in trams if other[3] and math.dist(other[2][:2], pose[:2]) < spread]
                rank = [other[0] for other in shared].index(seat)
                across = (*pose[:2], shared[0][2][2])  # one sideways for all: trams may face opposite ways
                x, y = _beside(across, (rank - (len(shared) - 1) / 2) * spread)
                pose = (x, y, pose[2])
            placed.append((seat, line, pose))
        placed.sort(key=lambda tram: tram[0] == view.get("you"))  # the viewer's last: on top
        return [(line, pose) for _seat, line, pose in placed]

    def draw_start_tram(self, surface: pygame.Surface, trip: dict[str, Any], line: int) -> None:
        """A tram waiting at the start of a route the player may choose."""
        x, y, heading = RoutePath(self.board, trip, layout.ORIGIN).resting(-1)
        self.board.draw_tram(surface, (x, y), heading, line)

    # -- the player's aids ----------------------------------------------------------------------------
    def draw_recent(self, surface: pygame.Surface, view: View, masks: Masks,
                    colour_of: Callable[[int], theme.Colour]) -> None:
        """The tiles laid or exchanged in the last round of turns, outlined in the colour of the
        player who laid them: a player back at the screen sees what changed since their turn. A
        tile still in flight is outlined once it lands."""
        for row, col, seat, _turn in view.get("recent", []):
            cell = (row, col)
            if masks.held(("cell", cell)):
                continue
            rect = self.board.cell_rect(cell, layout.ORIGIN).inflate(-2, -2)
            pygame.draw.rect(surface, theme.SHADOW, rect, width=7, border_radius=8)
            pygame.draw.rect(surface, colour_of(seat), rect.inflate(-2, -2), width=4, border_radius=7)

    def draw_hints(self, surface: pygame.Surface, cells: list[list[int]]) -> None:
        glow = pygame.Surface((layout.CELL, layout.CELL), pygame.SRCALPHA)
        glow.fill((*theme.MINT, 70))
        for row, col in cells:
            rect = self.board.cell_rect((row, col), layout.ORIGIN)
            surface.blit(glow, rect)
            pygame.draw.rect(surface, theme.MINT, rect, width=2, border_radius=6)

    def draw_goals(self, surface: pygame.Surface, status: dict[str, Any], age: float) -> None:
        """Ring the viewer's own terminals and stop buildings, so the secret plan is easy to read."""
        pulse = 0.5 + 0.5 * math.sin(age * 3)
        colour = theme.mix(line_colour(int(status["line"])), theme.CREAM, 0.35 * pulse)
        for terminal in status["terminals"]:
            area = self.board.cell_rect(_cell(terminal["cells"][0]), layout.ORIGIN).union(
                self.board.cell_rect(_cell(terminal["cells"][1]), layout.ORIGIN))
            pygame.draw.rect(surface, colour, area.inflate(6, 6), width=4, border_radius=layout.CELL // 3)
        for stop in status["stops"]:
            rect = self.board.cell_rect(self.board.building_cells[stop["building"]], layout.ORIGIN)
            pygame.draw.rect(surface, theme.SUNFLOWER if not all(stop["connected"]) else theme.MINT,
                             rect.inflate(2, 2), width=3 + int(pulse * 2), border_radius=layout.CELL // 6)

    def draw_trip_marks(self, surface: pygame.Surface, trip: dict[str, Any], stops: list[dict[str, Any]],
                        colour: theme.Colour) -> None:
        """While a player chooses their trip: both terminals of the route and the stop squares it must
        pass, ringed in the player's colour, the terminals labelled Start and End and each stop
        square with its building's letter. A cream halo and a dark edge keep every ring readable on
        pale tiles, cobbles and rails alike; the labels stand on their own fill."""
        board = self.board
        start, end = _cell(trip["start"]), _cell(trip["route"][-1])
        for cell, label in ((start, _("Start")), (end, _("End"))):
            terminal = board.terminal_at.get(cell)
            if terminal is None:
                continue
            cells = [_cell(c) for c in terminal["cells"]]
            area = board.cell_rect(cells[0], layout.ORIGIN).union(board.cell_rect(cells[1], layout.ORIGIN))
            _ring(surface, area.inflate(4, 4), colour, layout.CELL // 3)
            free, other = (cells[1], cells[0]) if cells[0] == cell else (cells[0], cells[1])  # free of the tram
            _label(surface, label, _label_place(board.cell_rect(free, layout.ORIGIN), free, other), colour)
        for stop in stops:
            if not stop.get("sign"):
                continue
            cell, letter = _cell(stop["sign"]), str(stop["building"])
            rect = board.cell_rect(cell, layout.ORIGIN)
            _ring(surface, rect.inflate(-4, -4), colour, 10)
            _ring(surface, board.cell_rect(board.building_cells[letter], layout.ORIGIN).inflate(-2, -2), colour, 10,
                  thin=True)
            board.draw_sign(surface, letter, cell, layout.ORIGIN)  # over the ring: the stop's own mark stays whole
            sign = board.sign_position(letter, cell, layout.ORIGIN)
            badge = (2 * rect.centerx - sign[0], 2 * rect.centery - sign[1])  # the corner across from the sign
            _badge(surface, letter, badge, colour)

    def draw_held_pair(self, surface: pygame.Surface, first: dict[str, Any]) -> None:
        """The first exchange of a side-by-side pair, waiting for its partner (outlined in yellow)."""
        cell = _cell(first["cell"])
        self.board.draw_ghost(surface, cell, tile_segments(first["tile"], first["rot"]), True, layout.ORIGIN, 230)
        pygame.draw.rect(surface, theme.SUNFLOWER, self.board.cell_rect(cell, layout.ORIGIN).inflate(8, 8), 4,
                         border_radius=10)

    def draw_ghost(self, surface: pygame.Surface, action: dict[str, Any], ok: bool) -> None:
        self.board.draw_ghost(surface, _cell(action["cell"]), tile_segments(action["tile"], action["rot"]), ok,
                              layout.ORIGIN)

    def draw_calm_cursor(self, surface: pygame.Surface, cell: tuple[int, int]) -> None:
        """Where the pointer or the keys are, over a square no tile can ever go: a thin cream frame that
        leaves the terminal's number or the building's name in sight (no tile, no red)."""
        rect = self.board.cell_rect(cell, layout.ORIGIN)
        pygame.draw.rect(surface, theme.CREAM, rect.inflate(4, 4), width=3, border_radius=max(4, rect.width // 8))

    def refusal_box(self, cell: tuple[int, int], text: str) -> pygame.Rect:
        """Where ``draw_refusal`` puts its note on the canvas (a hint keeps clear of it): beside the
        square where it fits, else below or above it, whichever hides less of the buildings, first of
        all those beside the square (at 150 % the note is too wide to stand beside a square in the
        middle, and below a square refused for rule b it hid the very building it names)."""
        screen, anchor = pygame.Rect(0, 0, theme.WIDTH, theme.HEIGHT), self.board.cell_rect(cell, layout.ORIGIN)
        size = tooltip_size(text)
        places = [tooltip_box(screen, size, anchor, within=layout.BOARD_RECT),
                  tooltip_box(screen, size, anchor, above=True, within=layout.BOARD_RECT)]
        row, col = cell
        near = {(row + 1, col), (row - 1, col), (row, col + 1), (row, col - 1)}

        def hidden(box: pygame.Rect) -> int:
            return sum((10 if home in near else 1) for home in self.board.buildings
                       if box.colliderect(self.board.cell_rect(home, layout.ORIGIN)))

        return min(places, key=hidden)  # the first (beside, else below) where they hide as much

    def draw_refusal(self, surface: pygame.Surface, cell: tuple[int, int], text: str) -> pygame.Rect:
        """Why the tile was refused, beside the square clicked: where the player is looking, and on
        the board (by a square at its east edge it turns to the left rather than cover the hand)."""
        return draw_tooltip(surface, text, self.board.cell_rect(cell, layout.ORIGIN), refusal=True,
                            box=self.refusal_box(cell, text))

    def draw_name_tip(self, surface: pygame.Surface, pos: tuple[int, int]) -> None:
        """Resting the mouse on a terminal or a building names it."""
        cell = self.board.cell_at(pos, layout.ORIGIN)
        if cell is None:
            return
        if cell in self.board.terminal_at:
            terminal = self.board.terminal_at[cell]
            text = _("Line {line}: {name}").format(line=terminal["line"], name=terminal["name"])
        elif cell in self.board.buildings:
            building = self.board.buildings[cell]
            text = f"{building['letter']}: {building['name']}"
        else:
            return
        draw_tooltip(surface, text, self.board.cell_rect(cell, layout.ORIGIN), within=layout.BOARD_RECT)


PLAN_ALPHA = 170  # a route not yet declared: fainter than a declared one
LANE_GAP = 11  # pixels between the routes of two drivers on a shared square
TRAM_SPREAD = 0.66  # squares between the middles of trams standing on one square: a tram's width and a gap
CASING = 2  # pixels of dark edge either side of a route's colour
DASH_CASING = 3  # a plan's dashes: a wider edge, as each dash is short


def route_lanes(view: View) -> list[tuple[dict[str, Any], theme.Colour, float, int]]:
    """Every declared route with its colour, lane and line: drivers side by side in seat order,
    centred on the rails, and the viewer's own drawn last so it lies on top."""
    drivers = [player for player in view["players"] if player.get("trip") and player.get("line") is not None]
    middle = (len(drivers) - 1) / 2
    lanes = [(player["trip"], line_colour(int(player["line"])), (rank - middle) * LANE_GAP, int(player["line"]))
             for rank, player in enumerate(drivers)]
    mine = [index for index, player in enumerate(drivers) if player["seat"] == view.get("you")]
    return [lane for index, lane in enumerate(lanes) if index not in mine] + [lanes[index] for index in mine]


def _ring(surface: pygame.Surface, rect: pygame.Rect, colour: theme.Colour, radius: int, thin: bool = False) -> None:
    """A ring in ``colour`` between a cream halo and a dark edge: it reads on any tile."""
    width = 3 if thin else 5
    pygame.draw.rect(surface, theme.CREAM, rect.inflate(6, 6), width + 6, border_radius=radius + 3)
    pygame.draw.rect(surface, theme.INK, rect.inflate(4, 4), width + 4, border_radius=radius + 2)
    pygame.draw.rect(surface, colour, rect, width, border_radius=radius)


def _ink_on(colour: theme.Colour) -> theme.Colour:
    """Dark or light letters, whichever reads better on ``colour``."""
    return theme.INK if contrast(theme.INK, colour) >= contrast(theme.CREAM, colour) else theme.CREAM


@theme.natural_size
def _badge(surface: pygame.Surface, letter: str, centre: tuple[int, int], colour: theme.Colour) -> None:
    """A building's letter on a disc of the player's colour."""
    radius = layout.CELL // 6
    pygame.draw.circle(surface, theme.CREAM, centre, radius + 4)
    pygame.draw.circle(surface, theme.INK, centre, radius + 2)
    pygame.draw.circle(surface, colour, centre, radius)
    theme.draw_text(surface, letter, (centre[0], centre[1] + 1), radius * 3 // 2, _ink_on(colour),
                    theme.DISPLAY_FONT, anchor="center")


@theme.natural_size
def _label(surface: pygame.Surface, text: str, anchor: tuple[int, int], colour: theme.Colour) -> None:
    """A word on a pill of the player's colour, centred on ``anchor``."""
    pill = pygame.Rect((0, 0), theme.font(20, theme.DISPLAY_FONT).size(text)).inflate(18, 6)
    pill.center = anchor
    pygame.draw.rect(surface, theme.CREAM, pill.inflate(6, 6), border_radius=pill.height // 2 + 3)
    pygame.draw.rect(surface, theme.INK, pill.inflate(4, 4), border_radius=pill.height // 2 + 2)
    pygame.draw.rect(surface, colour, pill, border_radius=pill.height // 2)
    theme.draw_text(surface, text, (pill.centerx, pill.centery + 1), 20, _ink_on(colour), theme.DISPLAY_FONT,
                    anchor="center")


def _label_place(rect: pygame.Rect, cell: Cell, other: Cell) -> tuple[int, int]:
    """Where a terminal's label stands on its cell free of the tram: at the end away from the
    terminal's other cell on the east and west borders, on the outer side on the north and south
    ones, so it never covers the terminal's number between the two cells."""
    if cell[1] == other[1]:  # one above the other: an east or west terminal
        return (rect.centerx, rect.bottom - 14) if cell[0] > other[0] else (rect.centerx, rect.top + 14)
    return (rect.centerx, rect.bottom - 14) if cell[0] == 13 else (rect.centerx, rect.top + 14)


def _beside(pose: tuple[float, float, float], lane: float) -> tuple[float, float]:
    """A point ``lane`` pixels to the left of a pose's heading (degrees counter-clockwise from east)."""
    x, y, heading = pose
    if not lane:
        return x, y
    angle = math.radians(heading)
    return x - math.sin(angle) * lane, y - math.cos(angle) * lane
