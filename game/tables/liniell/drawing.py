"""Everything the Liniell table draws in one frame, bottom to top, from a ``LiniellFrame``.

Kept apart from the scene so the scene holds only state and input: this module paints the frame —
field, highlights, markers, the ghost tile, the side panel, messages — and reads nothing else.
Things in flight are the show's effects, drawn over it by the table skeleton.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pygame

from game.core.liniell.field import Cell
from game.i18n import _, ngettext
from game.refusal_words import refusal_text
from game.render.liniell import art
from game.render.liniell import field as board
from game.render.liniell.field import BOARD, Camera
from game.tables.liniell import panel
from game.tables.liniell.frame import LiniellFrame, Toast
from game.tables.liniell.model import TableModel
from game.tables.liniell.show import tile_turned
from game.ui import theme

GHOST_ALPHA = 238


@cache
def _backdrop(width: int, height: int) -> pygame.Surface:
    """Everything that never changes — backdrop, table, empty panel boxes — painted once, opaque."""
    surface = pygame.Surface((width, height))
    theme.background(surface)
    board.draw_table(surface)
    panel.draw_frames(surface)
    return surface


class StaticLayer:
    """The backdrop with the field's empty squares, frame and laid tiles on it, in one opaque surface
    that is repainted only when one of them (or the camera) changes: most frames are one blit. While
    the camera glides it paints straight onto the frame instead (a layer would last one frame)."""

    def __init__(self) -> None:
        self.key: Any = None
        self.surface: pygame.Surface | None = None
        self.repaints = 0

    def draw(self, surface: pygame.Surface, model: TableModel | None, camera: Camera,
             colours: list[theme.Colour]) -> None:
        backdrop = _backdrop(*surface.get_size())
        if model is None:
            surface.blit(backdrop, (0, 0))
            return
        owners = {cell: tuple(None if owner is None else colours[owner]
                              for owner in model.piece_owners(cell)) for cell in model.tiles}
        if camera.rest is not None:  # gliding: every frame differs, so paint straight onto it
            surface.blit(backdrop, (0, 0))
            board.draw_slots(surface, camera, model.region(), model.settled())
            board.draw_tiles(surface, camera, model.tiles, owners)
            return
        key = (surface.get_size(), camera.cx, camera.cy, camera.cell, model.region(), model.settled(),
               tuple(sorted(model.tiles.items())), tuple(sorted(owners.items())))
        if key != self.key or self.surface is None:
            self.key, self.repaints = key, self.repaints + 1
            self.surface = backdrop.copy()
            board.draw_slots(self.surface, camera, model.region(), model.settled())
            board.draw_tiles(self.surface, camera, model.tiles, owners)
        surface.blit(self.surface, (0, 0))


def draw_table(frame: LiniellFrame, layer: StaticLayer, surface: pygame.Surface) -> None:
    """``layer`` paints the static part (backdrop, field, laid tiles) for this frame."""
    layer.draw(surface, frame.model, frame.camera, frame.colours)
    _top_bar(frame, surface)
    if frame.model is None:
        theme.draw_text(surface, _("Waiting for the table…"), BOARD.center, 48, theme.CREAM_DIM, theme.DISPLAY_FONT,
                        "center")
        return
    pulse = frame.pulse
    _field(frame, surface, pulse)
    _ghost(frame, surface)
    _panel(frame, surface, pulse)
    _hover_label(frame, surface)
    _toast(frame, surface)


# -- the field ------------------------------------------------------------------------------------

def _field(frame: LiniellFrame, surface: pygame.Surface, pulse: float) -> None:
    model, camera, count = frame.model, frame.camera, frame.count
    assert model is not None
    lit: dict[tuple[int, int], theme.Colour] = {}
    if frame.my_turn and model.phase == "place":
        colour = frame.colour(model.current)
        for cell in model.open_cells:
            if cell != frame.cursor or not snapped(frame):  # else the ghost tile sits there
                lit[cell] = colour if model.legal_rotations(cell) else theme.CORAL
    board.draw_lit(surface, camera, lit, pulse)
    if model.last is not None and model.phase in ("occupy", "connect") and not frame.busy:
        rect = camera.tile_rect(model.last).inflate(8, 8)
        pygame.draw.rect(surface, theme.SUNFLOWER, rect, width=3, border_radius=int(camera.cell * 0.1))
    for lit_route in count.lit:
        board.draw_piece_glow(surface, camera, model.tiles, lit_route.pieces, lit_route.colour, lit_route.alpha)
    _line_highlights(frame, surface, pulse)
    _ghost_tile(frame, surface)
    _markers(frame, surface, pulse)
    for badge in count.badges:
        _badge(surface, badge.at(), badge.text, badge.colour, board.marker_radius(camera))


def _line_highlights(frame: LiniellFrame, surface: pygame.Surface, pulse: float) -> None:
    model, camera = frame.model, frame.camera
    assert model is not None
    if frame.count.running:
        return
    mine = frame.my_turn
    if mine and model.phase == "connect" and model.view.get("connection"):
        alpha = int(150 + 100 * pulse)
        joined = model.view["connection"]
        board.draw_piece_glow(surface, camera, model.tiles, model.pieces_on(joined), theme.SUNFLOWER, alpha)
        if model.last is not None and model.pieces_on(joined, model.last):
            # Where the forced marker will land: the joined line on the new tile.
            spot = board.marker_spot(camera, model.tiles, model.pieces_on(joined, model.last)[0])
            art.draw_marker(surface, spot, board.marker_radius(camera), frame.colour(model.current),
                            lift=8 + 8 * pulse, ghost=True, letter=frame.initial(model.current))
        return
    target = frame.target if mine else None
    if target is not None and model.last is not None:
        colour = frame.colour(model.current)
        board.draw_piece_glow(surface, camera, model.tiles, model.pieces_on(target), colour, 200)
        piece = model.pieces_on(target, model.last)[0]
        art.draw_marker(surface, board.marker_spot(camera, model.tiles, piece), board.marker_radius(camera), colour,
                        lift=8 + 8 * pulse, ghost=True, letter=frame.initial(model.current))
        return
    hovered = frame.hovered
    if hovered is not None:
        board.draw_piece_glow(surface, camera, model.tiles, model.pieces_on(hovered), theme.CREAM, 120)


def _markers(frame: LiniellFrame, surface: pygame.Surface, pulse: float) -> None:
    model, camera = frame.model, frame.camera
    assert model is not None
    radius = board.marker_radius(camera)
    chosen = frame.source if frame.my_turn and model.phase == "occupy" else None
    forced = model.connect_marker() if frame.my_turn else None
    spots = []
    for seat in range(2):
        for marker in range(2):
            piece = model.marker_piece(seat, marker)
            if piece is None or frame.marker_hidden(seat, marker) or piece[:2] not in model.tiles:
                continue
            spots.append((board.marker_spot(camera, model.tiles, piece), seat, marker, piece))
    for (x, y), seat, marker, piece in sorted(spots, key=lambda item: item[0][1]):
        mine = seat == model.current
        if mine and frame.marker_at is not None and model.line_of_piece.get(piece) == frame.marker_from:
            continue  # taken up: it is in the hand (``draw_carried``)
        ring = None
        if mine and chosen is not None and model.line_of_piece.get(piece) == chosen:
            ring = theme.SUNFLOWER
        if mine and forced == marker:
            ring = theme.mix(theme.SUNFLOWER, theme.CREAM, pulse)
        if ring is not None:
            pygame.draw.circle(surface, ring, (x, y + 4), radius + 8, 4)
        art.draw_marker(surface, (x, y), radius, frame.colour(seat), lift=6 * pulse if ring else 0.0,
                        letter=frame.initial(seat))


def _badge(surface: pygame.Surface, at: tuple[float, float], text: str, colour: theme.Colour,
           lift: int) -> None:
    """A route's points in a pill above and to the right of its marker."""
    image = theme.render_text(text, 34, theme.INK, theme.DISPLAY_FONT)
    size = image.get_rect().inflate(26, 10).size
    box = badge_box((max(size), size[1]), at, lift)
    pygame.draw.rect(surface, theme.SHADOW, box.move(0, 4), border_radius=box.height // 2)
    pygame.draw.rect(surface, colour, box, border_radius=box.height // 2)
    pygame.draw.rect(surface, theme.shade(colour, 0.5), box, width=3, border_radius=box.height // 2)
    surface.blit(image, image.get_rect(center=(box.centerx, box.centery + 2)))


def badge_box(size: tuple[int, int], at: tuple[float, float], lift: int) -> pygame.Rect:
    """Where a route's badge stands: above and to the right of its marker; beside it where the field's
    top leaves no room above (pushed down there, the pill covered the marker's letter)."""
    room = BOARD.inflate(-12, -12)
    box = pygame.Rect((0, 0), size)
    box.midbottom = (int(at[0] + lift * 0.9), int(at[1] - lift * 0.7))
    if box.top < room.top:
        box.midleft = (int(at[0] + lift + 6), int(at[1]))
        if box.right > room.right:
            box.midright = (int(at[0] - lift - 6), int(at[1]))
    box.clamp_ip(room)
    return box


def _ghost(frame: LiniellFrame, surface: pygame.Surface) -> None:
    """The tile in hand under the pointer: on a free square the words of a refusal (the tile and its
    green or red frame lie under the markers, ``_ghost_tile``), floating elsewhere."""
    model, camera = frame.model, frame.camera
    assert model is not None
    if not frame.my_turn or model.phase != "place" or model.drawn is None or frame.ghost_waits:
        return
    cell = frame.cursor
    if cell is not None and snapped(frame):
        problem = model.problem(cell, frame.turns % 4)
        if problem is not None:
            _bubble(surface, refusal_text(problem), camera.tile_rect(cell), theme.CORAL, frame.toast, camera.area)
        elif (change := placement_change(frame, cell)):
            _bubble(surface, change, camera.tile_rect(cell), frame.colour(model.current), frame.toast, camera.area)
        return
    if frame.carried is None and frame.homing is None and frame.pointer is not None \
            and BOARD.collidepoint(frame.pointer):
        size = int(camera.tile_size() * 0.7)
        image = tile_turned(model.drawn, frame.turn_angle, size).copy()
        image.set_alpha(150)
        surface.blit(image, image.get_rect(center=frame.pointer))


def placement_change(frame: LiniellFrame, cell: Cell) -> str:
    """What laying the tile in hand at ``cell`` does to the points of the lines held, seat by seat
    ("Ada 5 → 8 · Bimmel 3 → 4"; empty when no line's points change): a newcomer saw only after
    placing that the tile had lengthened the opponent's line."""
    model = frame.model
    assert model is not None
    after = model.points_after(cell, frame.turns % 4)
    if after is None:
        return ""
    now = model.provisional
    changed = [seat for seat in range(2) if after[seat] != now[seat]]
    return " · ".join(f"{frame.name(seat)} {now[seat]} → {after[seat]}" for seat in changed)


def _ghost_tile(frame: LiniellFrame, surface: pygame.Surface) -> None:
    """The tile in hand snapped to its square with its green or red frame, under the markers: a marker
    at the edge of a neighbouring tile stays whole over it (it half vanished under the ghost, read as
    gone, and the frame crossed its letter)."""
    model, camera = frame.model, frame.camera
    assert model is not None
    if frame.cursor is None or model.drawn is None or not snapped(frame):
        return
    rect = camera.tile_rect(frame.cursor)
    image = tile_turned(model.drawn, frame.turn_angle, rect.width).copy()
    image.set_alpha(GHOST_ALPHA)
    surface.blit(image, image.get_rect(center=rect.center))
    problem = model.problem(frame.cursor, frame.turns % 4)
    colour = frame.colour(model.current) if problem is None else theme.CORAL
    pygame.draw.rect(surface, colour, rect.inflate(10, 10), width=5, border_radius=int(camera.cell * 0.1))


def draw_carried(frame: LiniellFrame, surface: pygame.Surface) -> None:
    """The drawn tile off its card, over everything (the table's ``draw_held``, after the buttons and a
    first-game hint): in the hand where no square takes it (a square under the pointer shows it snapped
    in, ``_ghost``), or gliding back to the card after it was let go; and likewise a marker taken up
    from the supply or the field."""
    model = frame.model
    if model is not None and frame.marker_at is not None:
        art.draw_marker(surface, frame.marker_at, board.marker_radius(frame.camera), frame.colour(model.current),
                        lift=10.0, letter=frame.initial(model.current))
    at = frame.homing if frame.homing is not None else None if snapped(frame) else frame.carried
    if at is None or model is None or model.drawn is None:
        return
    image = tile_turned(model.drawn, frame.turn_angle, carried_size(frame))
    box = image.get_rect(center=(round(at[0]), round(at[1])))
    shadow = pygame.Surface(box.size, pygame.SRCALPHA)
    shadow.fill((*theme.SHADOW[:3], 90))
    surface.blit(shadow, box.move(6, 10))
    surface.blit(image, box)


def carried_size(frame: LiniellFrame) -> int:
    """The tile in hand is the field's size over the field (the size it snaps in at), the card's elsewhere
    and on its way back to the card."""
    over_board = frame.pointer is not None and BOARD.collidepoint(frame.pointer)
    if frame.homing is None and over_board:
        return frame.camera.tile_size()
    return panel.TILE_SPOT.width - 14


def snapped(frame: LiniellFrame) -> bool:
    """The tile in hand shows snapped into a free square of the field under the pointer."""
    model, cell = frame.model, frame.cursor
    if model is None or frame.ghost_waits or not frame.my_turn or model.phase != "place" or model.drawn is None \
            or cell is None:
        return False
    over_board = frame.pointer is not None and BOARD.collidepoint(frame.pointer)
    return (frame.carried is None or over_board) and cell not in model.tiles and board.in_region(cell, model.region())


def _bubble(surface: pygame.Surface, text: str, tile: pygame.Rect, colour: theme.Colour,
            toast: Toast | None, area: pygame.Rect = BOARD) -> None:
    lines = panel.wrap(text, 24, theme.px(440)) or ("",)
    width = max(theme.font(24).size(line)[0] for line in lines) + 32
    step = theme.px(32)
    box = bubble_box((width, step * len(lines) + 18), tile, toast, area)
    theme.panel(surface, box, theme.NIGHT, 14, colour, 6)
    for row, line in enumerate(lines):
        theme.draw_text(surface, line, (box.x + 16, box.y + 9 + row * step), 24, theme.CREAM)


def bubble_box(size: tuple[int, int], tile: pygame.Rect, toast: Toast | None,
               area: pygame.Rect = BOARD) -> pygame.Rect:
    """Where a square's refusal bubble goes: under the square, or above it where under would run into
    the toast's band at the foot of the board (a refused click there shows the same words twice). It
    stays over the field's area (at a LAN table, off the chat's strip)."""
    room = area.inflate(-16, -16)
    box = pygame.Rect((0, 0), size)
    box.midtop = (tile.centerx, tile.bottom + 14)
    box.clamp_ip(room)
    toasted = toast_box(toast.text if toast is not None and toast.text else "", tile, area)
    if box.colliderect(toasted) or box.colliderect(tile):
        box.midbottom = (tile.centerx, tile.top - 14)
        box.clamp_ip(room)
    return box


# -- chrome -----------------------------------------------------------------------------------------
TOP_BAR_Y = 50  # the middle of the bar above the field: the title, whose turn, the keys
STATUS_X, STATUS_WIDTH, STATUS_PAD = BOARD.centerx + 60, 860, 48  # whose turn: centre, widest text, padding
KEYS_RIGHT = theme.WIDTH - 36


def notice_box(keys_note: str) -> pygame.Rect:
    """Where a lasting notice stands in the top bar: right of the turn's pill at its widest, left of
    the keys' note (``keys_note`` in the words shown), above the player cards."""
    left = STATUS_X + (STATUS_WIDTH + STATUS_PAD) // 2 + 16
    right = KEYS_RIGHT - theme.font(22, theme.TEXT_BOLD_FONT).size(keys_note)[0] - 16
    return pygame.Rect(left, 4, right - left, panel.PLAYER_CARDS[0].y - 8)


def _top_bar(frame: LiniellFrame, surface: pygame.Surface) -> None:
    theme.draw_text(surface, "Liniell", (BOARD.x + 8, TOP_BAR_Y), 60, theme.SUNFLOWER, theme.DISPLAY_FONT, "midleft",
                    shadow=True)
    theme.draw_text(surface, frame.keys_note, (KEYS_RIGHT, TOP_BAR_Y), 22, theme.CREAM_DIM,
                    theme.TEXT_BOLD_FONT, "midright")
    text, colour = _status(frame)
    if not text:
        return
    size = panel.fit(text, 36, STATUS_WIDTH, theme.DISPLAY_FONT)
    image = theme.render_text(text, size, theme.INK, theme.DISPLAY_FONT)
    pill = image.get_rect(center=(STATUS_X, TOP_BAR_Y)).inflate(STATUS_PAD, 18)
    pygame.draw.rect(surface, theme.SHADOW, pill.move(0, 4), border_radius=pill.height // 2)
    pygame.draw.rect(surface, colour, pill, border_radius=pill.height // 2)
    surface.blit(image, image.get_rect(center=(pill.centerx, pill.centery + 2)))


def _status(frame: LiniellFrame) -> tuple[str, theme.Colour]:
    model = frame.model
    if frame.link_down:
        if frame.link == "host_closed":  # the cover says the host closed the table for now: nothing broke
            return _("Waiting for the host"), theme.SUNFLOWER
        if frame.link == "closed":
            return _("The table is closed"), theme.CORAL
        return _("Connection lost — reconnecting…"), theme.CORAL
    if model is None:
        return "", theme.CREAM
    if model.phase == "over":
        outcome = model.view.get("outcome") or {}
        if not frame.count.done:
            return _("The final count"), theme.SUNFLOWER
        scores = outcome.get("scores", [0, 0])
        if outcome.get("draw"):
            return _("A draw, {first} : {second}").format(first=scores[0], second=scores[1]), theme.SUNFLOWER
        winner = (outcome.get("winners") or [0])[0]
        if scores[winner] == scores[1 - winner]:  # level on points: the blue rhombs decided
            return _("{name} wins, {won} : {lost} (more blue rhombs)").format(
                name=frame.name(winner), won=scores[winner], lost=scores[1 - winner]), frame.colour(winner)
        return _("{name} wins, {won} : {lost}").format(name=frame.name(winner), won=scores[winner],
                                                      lost=scores[1 - winner]), frame.colour(winner)
    current = frame.current
    name, colour = frame.name(current), frame.colour(current)
    if current in frame.humans:
        asks = {"place": _("place the tile"), "occupy": _("occupy a line on your tile — or skip"),
                "connect": _("make the connection")}
        who = _("Your turn") if len(frame.humans) == 1 else name
        return f"{who}: {asks.get(model.phase, '')}", colour
    doing = {"place": _("{name} places a tile"), "occupy": _("{name} may occupy a line"),
             "connect": _("{name} makes the connection")}
    return doing.get(model.phase, "{name}").format(name=name), colour


def _panel(frame: LiniellFrame, surface: pygame.Surface, pulse: float) -> None:
    model = frame.model
    assert model is not None
    over = model.phase == "over"
    outcome = model.view.get("outcome") or {}
    current = frame.current
    for seat in range(2):
        seat_view = panel.Seat(frame.name(seat), frame.colour(seat), frame.kinds[seat],
                               frame.notes.get(seat, ""), frame.initial(seat))
        supply = [model.marker_piece(seat, marker) is None and not frame.marker_hidden(seat, marker)
                  for marker in range(2)]
        if seat == model.current and frame.marker_at is not None and frame.marker_from == "supply" and any(supply):
            supply[supply.index(True)] = False  # that one is in the hand (the first: the one the rules move)
        score = frame.count.counters[seat] if frame.count.running else model.provisional[seat]
        chosen = frame.my_turn and model.phase == "occupy" and seat == model.current and frame.source == "supply" \
            and frame.marker_at is None  # in the hand: no ring left on the marker that stays home
        line = panel.PlayerLine(seat_view, not over and seat == current, score,
                                _("points") if frame.count.running else _("points now"), supply, chosen,
                                frame.count.done and seat in (outcome.get("winners") or []))
        panel.draw_player(surface, seat, line, pulse)
    _tile_card(frame, surface)
    headline, detail, keys = _instructions(frame)
    colour = frame.colour(current) if not over else theme.SUNFLOWER
    panel.draw_actions(surface, headline, detail, keys, colour, frame.buttons)


def _tile_card(frame: LiniellFrame, surface: pygame.Surface) -> None:
    model = frame.model
    assert model is not None
    image = None
    size = panel.TILE_SPOT.width - 14
    if model.drawn is not None and not frame.tile_in_flight and frame.carried is None and frame.homing is None:
        turn = frame.turn_angle if frame.my_turn else 0.0
        image = tile_turned(model.drawn, turn, size)
    title = _("Tile to place") if model.phase == "place" else _("Tile placed")
    caption = ""
    if model.phase in ("occupy", "connect"):
        caption = _("The next tile is drawn when this turn ends.")
    elif model.phase == "over":
        title, caption = _("Game over"), {"stack_empty": _("Every tile has been played."),
                                          "last_tile_unplaceable": _("The last tile had no legal place.")}.get(
            str(model.view.get("end_reason")), "")
    set_aside = list(model.view.get("set_aside", []))
    if frame.set_aside_in_flight:
        set_aside = set_aside[:-frame.set_aside_in_flight]
    shown = frame.stack_shown
    stack = int(model.view.get("stack_size", 0)) if shown is None else shown
    panel.draw_tile_card(surface, title, image, stack, set_aside, caption)


def _instructions(frame: LiniellFrame) -> tuple[str, str, str]:
    model = frame.model
    assert model is not None
    current = frame.current
    name = frame.name(current)
    if model.phase == "over":
        if frame.count.done:
            return (_("Final score"), _("1 per tile of a route, +1 if enclosed by two rhombs, +1 per blue rhomb "
                                        "at its ends."), _("Enter: see the results"))
        return (_("The final count"), _("Each marker's route lights up in turn while its points add up."),
                _("Click to hurry the count"))
    if frame.busy:  # the move plays out: nobody decides, and a click skips it (``frame.waiting`` says how)
        mine = current in frame.humans and len(frame.humans) == 1  # this screen's one player's own move
        return (_("Your turn") if mine else _("{name}'s turn").format(name=name), "", frame.waiting)
    if not frame.my_turn:
        if model.current in frame.humans and len(frame.humans) == 1:  # theirs, held up (a link down)
            return (_("Your turn"), _("You play on once the connection is back.") if frame.link_down else "", "")
        if model.current in frame.humans:  # two players at this screen: the next one is named
            return (_("{name}'s turn").format(name=name), "", "")
        return (frame.waiting, _("Hover a line to see what it is worth now."), "")  # the tile has landed
    if model.phase == "place":
        where = (_("Click a lit square: next to the field and inside the 4 × 4 frame.") if model.tiles
                 else _("The first tile goes on the lit square in the centre: click it."))
        return (_("Place your tile"), where, _("R / wheel / right click: turn  ·  arrows + Enter"))
    if model.phase == "occupy":
        source = frame.source
        if source is None:
            detail = _("Both your markers are out: click the one to move, then a free line on the new tile.")
        elif source == "supply":
            detail = _("Click a free line on the new tile: a marker goes there from your supply.")
        else:
            detail = _("Click a free line on the new tile: a marker goes there moved from its line (ringed).")
        return (_("Occupy a line?"), detail, _("←/→ line  ·  ↑/↓ marker  ·  Enter occupy  ·  N skip"))
    return (_("Connection!"), _("Your other marker moves onto the joined line; then both markers on it go home."),
            _("Enter or click the line: connect"))


def _hover_label(frame: LiniellFrame, surface: pygame.Surface) -> None:
    model = frame.model
    if model is None or frame.pointer is None:
        return
    line = frame.hovered
    if line is None or (frame.my_turn and model.phase != "place"):
        return
    owner = model.owner(line)
    points = model.line_points(line)
    who = _("Free line") if owner is None else _("{name}'s line").format(name=frame.name(owner))
    text = f"{who} · " + ngettext("{points} pt now", "{points} pts now", points).format(points=points)
    image = theme.render_text(text, 24, theme.INK, theme.TEXT_BOLD_FONT)
    box = image.get_rect(topleft=(frame.pointer[0] + 22, frame.pointer[1] + 26)).inflate(24, 12)
    box.clamp_ip(BOARD)
    colour = theme.CREAM if owner is None else frame.colour(owner)
    pygame.draw.rect(surface, theme.SHADOW, box.move(0, 3), border_radius=10)
    pygame.draw.rect(surface, colour, box, border_radius=10)
    surface.blit(image, image.get_rect(center=box.center))


def toast_width(area: pygame.Rect = BOARD) -> int:
    """How wide a toast's words may run: over the field's area (at a LAN table, never into the chat's strip)."""
    return min(900, area.width - 84)


def toast_box(text: str, keep_clear: pygame.Rect | None = None, area: pygame.Rect = BOARD) -> pygame.Rect:
    """Where a toast of ``text`` stands, its shadow's margin included: centred at the foot of the
    field's area (``Camera.area``; an empty text: the room a one-line toast takes), or at its top where
    the foot would cover ``keep_clear`` (the ghost tile on the bottom row, the tile whose lines are
    being chosen)."""
    lines = panel.wrap(text, 30, toast_width(area), theme.TEXT_BOLD_FONT) or [text]
    width = max(theme.font(30, theme.TEXT_BOLD_FONT).size(line)[0] for line in lines) + 60
    box = pygame.Rect(0, 0, width, theme.px(44) * len(lines) + 28)
    box.midbottom = (area.centerx, area.bottom - 26)
    if keep_clear is not None and box.inflate(24, 24).colliderect(keep_clear):
        box.midtop = (area.centerx, area.top + 26)
    return box.inflate(24, 24)


def in_play_tile(frame: LiniellFrame) -> pygame.Rect | None:
    """The square the player is busy with, which a toast must leave in sight: the ghost tile snapped
    to a free square, or the tile just laid while a line on it is chosen."""
    model = frame.model
    if model is None or not frame.my_turn:
        return None
    if model.phase == "place" and model.drawn is not None:
        cell = frame.cursor
        if cell is not None and cell not in model.tiles and board.in_region(cell, model.region()):
            return frame.camera.tile_rect(cell)
        return None
    if model.phase in ("occupy", "connect") and model.last is not None:
        return frame.camera.tile_rect(model.last)
    return None


def _toast(frame: LiniellFrame, surface: pygame.Surface) -> None:
    toast = frame.toast
    if toast is None or toast.left <= 0 or not toast.text:
        return
    alpha = min(1.0, toast.left / 0.4)
    lines = panel.wrap(toast.text, 30, toast_width(frame.camera.area), theme.TEXT_BOLD_FONT)
    step = theme.px(44)
    outer = toast_box(toast.text, in_play_tile(frame), frame.camera.area)
    layer = pygame.Surface(outer.size, pygame.SRCALPHA)
    inner = pygame.Rect(12, 12, outer.width - 24, outer.height - 24)
    theme.panel(layer, inner, theme.NIGHT, 20, toast.colour, 8)
    for row, line in enumerate(lines):
        theme.draw_text(layer, line, (inner.centerx, inner.y + 14 + row * step), 30, theme.CREAM,
                        theme.TEXT_BOLD_FONT, "midtop")
    layer.set_alpha(int(255 * alpha))
    surface.blit(layer, outer.topleft)
