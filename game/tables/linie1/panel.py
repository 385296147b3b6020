"""The Linie 1 table's right-hand panel: players, the route card, the hand, the die and the message.

The table hands over a ``PanelFrame`` — plain data worked out from the view on screen and the
player's choices — and these functions paint it. Nothing here reads the table or the session.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from game.bots import bot_label
from game.i18n import _, ngettext
from game.render.linie1.board import Linie1Board, line_colour, tile_image, tile_segments
from game.render.linie1.die import draw_die
from game.render.palette import seat_colours
from game.tables.linie1 import layout
from game.tables.linie1.dice import PANEL_DICE, draw_last_roll
from game.ui import theme

View = dict[str, Any]
PILE_SIZE = 24  # the pile's count


@dataclass
class PanelFrame:
    """One frame of the panel, as plain data."""

    view: View
    seats: list[dict[str, Any]]  # name, colour, kind, level per seat
    eyes: int | None  # whose cards the screen shows
    current: int
    my_turn: bool
    hand_title: str
    hand: list[int]
    rotations: list[int]  # per hand slot (0 for a hand not the viewer's)
    selected: int | None  # the lifted slot, when the viewer may lay a tile
    hidden_hands: dict[int, int] = field(default_factory=dict)  # seat -> tiles still flying in
    laid_flying: dict[int, int] = field(default_factory=dict)  # seat -> tiles laid, still flying to the board
    to_go_held: dict[int, int] = field(default_factory=dict)  # seat -> squares to go until its tram moves
    route: dict[str, Any] | None = None  # the viewer's route status
    line_heading: str = "{line}"  # the route card's heading ("Your line {line}"; "Ada's line {line}" in a replay)
    hidden_note: str = ""  # what the route card says when no cards may show
    refill: list[tuple[int, int, pygame.Rect]] = field(default_factory=list)  # (source seat, tile, rect)
    refill_counts: dict[int, int] = field(default_factory=dict)  # tile -> how many the drivers hold
    refill_focus: int | None = None  # the offered tile ringed for Enter (keys, pad)
    die_face: str | None = None
    dice_roll: tuple[list[str], int | None] | None = None  # three dice: the last roll shown, the die chosen
    message: str = ""
    message_bad: bool = False
    kinds: list[str] = field(default_factory=list)  # who plays each seat, as every game's seat says it
    trip_button: pygame.Rect | None = None  # Start trip, where it stands in the route card (when shown)
    history_button: pygame.Rect | None = None  # History, at the route card's top right (when shown)
    roll_seat: int | None = None  # who threw the last roll shown: its dice are framed in their colour
    keys_note: str = ""  # "Esc menu · F1 rules", left of the pile's count, as Liniell's top bar says it
    away: int | None = None  # the hand slot whose tile is carried, or gliding back: its frame stands empty
    offer_away: int | None = None  # likewise the tile on offer from drivers (pile empty) out of its place


def draw_panel(surface: pygame.Surface, frame: PanelFrame, board: Linie1Board) -> None:
    _players(surface, frame)
    _route_card(surface, frame, board)
    _hand(surface, frame)
    allowance = frame.view.get("allowance")
    if allowance:
        centre, size = _roll_place(frame, 1, layout.DIE_SIZE)
        if size:
            _pace_badge(surface, int(allowance), centre, size)
    elif frame.dice_roll is not None:
        last, size = _roll_place(frame, len(frame.dice_roll[0]), PANEL_DICE)
        if not size:
            _message(surface, frame.message, frame.message_bad)
            return
        draw_last_roll(surface, *frame.dice_roll, last, size)
        spots = layout.dice_spots(last, len(frame.dice_roll[0]), size)
        shift = spots[-1][0] - last[0]  # the row ends where the die lies, as ``draw_last_roll`` lays it
        _roller_frame(surface, frame, [(x - shift, y) for x, y in spots], size)
    elif frame.die_face is not None:
        centre, size = _roll_place(frame, 1, layout.DIE_SIZE)
        if size:
            draw_die(surface, centre, size, frame.die_face)
            _roller_frame(surface, frame, [centre], size)
    _message(surface, frame.message, frame.message_bad)


def pace_badge_rect(frame: PanelFrame) -> pygame.Rect | None:
    """Where the pace rule's "up to" badge stands (None: no badge), for its tooltip."""
    if not frame.view.get("allowance"):
        return None
    (x, y), size = _roll_place(frame, 1, layout.DIE_SIZE)
    if not size:
        return None
    box = pygame.Rect(0, 0, size + 20, size)
    box.center = (round(x), round(y))
    return box


def _roll_place(frame: PanelFrame, count: int, size: int) -> tuple[tuple[float, float], int]:
    """Where the last roll lies (the centre of its right-hand die) and how big: where the die lies,
    or, while Start trip stands there, left of the button and clear of "Route complete!", so
    neither hides the other (the row shrinks to the room, never below a readable size)."""
    button = frame.trip_button
    card = layout.route_card_rect(len(frame.view["players"]))
    if button is None:
        return _below_history(frame, card, count, size)
    words = theme.font(30, theme.DISPLAY_FONT).size(_("Route complete!"))[0]
    left = card.x + 28 + words + 16
    if frame.route is not None and _chips_share_row(frame.route, card, button):  # five seats: the chips stand beside it
        left = max(left, card.x + 28 + CHIP_STEP * len(frame.route["stops"]) - (CHIP_STEP - CHIP_W) + 16)
    room = button.left - 16 - left
    fitted = min(PANEL_DICE, button.height + 10, int(room / (1 + 1.45 * (count - 1))))
    if fitted < MIN_PANEL_DIE:
        return (button.left - 16, button.centery), 0  # no room left that reads: the roll stays unshown
    return (button.left - 16 - fitted / 2, button.centery), fitted


CHIP_W, CHIP_STEP = 200, 216  # a stop's chip on the route card, and from one chip to the next


def _chips_share_row(status: dict[str, Any], card: pygame.Rect, button: pygame.Rect) -> bool:
    """Whether the stops' chips stand in Start trip's row (a five-seat card has no foot under them)."""
    _names, spot, size = _terminal_names(status, card)
    top, height = chip_row(card, spot[1] + theme.line_height(size))
    return top + height > button.top


def chip_row(card: pygame.Rect, names_bottom: int) -> tuple[int, int]:
    """The top and height of the stops' chips: under the terminals' names, moved up and less tall on a
    short card (five seats) at a large text size."""
    top = max(card.y + 112, names_bottom + 6)
    # room for the building's name over its state
    height = max(64, theme.line_height(20, theme.TEXT_BOLD_FONT) + theme.line_height(18) + 16)
    top = max(names_bottom + 2, min(top, card.bottom - 6 - height))
    return top, min(height, card.bottom - 4 - top)


def widest_chip_row(card: pygame.Rect) -> tuple[int, int]:
    """``chip_row`` under the terminals' names at their largest size: the lowest the stops stand on
    ``card`` whatever the names (what the card's foot is measured from without its route)."""
    return chip_row(card, card.y + 24 + theme.px(36) + theme.line_height(26))


MIN_PANEL_DIE = 36  # a die's pips still read at this size


def roll_box(frame: PanelFrame) -> pygame.Rect | None:
    """The room the last roll (or the pace rule's badge) takes in the route card, with its frame in the
    roller's colour; None when none shows. Words in the card stop short of it."""
    if frame.view.get("allowance"):
        return pace_badge_rect(frame)
    if frame.dice_roll is not None:
        count = len(frame.dice_roll[0])
        last, size = _roll_place(frame, count, PANEL_DICE)
        if not size:
            return None
        spots = layout.dice_spots(last, count, size)
        shift = spots[-1][0] - last[0]
        return roller_frame_rect([(x - shift, y) for x, y in spots], size)
    if frame.die_face is not None:
        centre, size = _roll_place(frame, 1, layout.DIE_SIZE)
        return roller_frame_rect([centre], size) if size else None
    return None


def _below_history(frame: PanelFrame, card: pygame.Rect, count: int, size: int
                   ) -> tuple[tuple[float, float], int]:
    """The die's own place, moved down under the History button and the terminals' names where the
    card is short (five players: the button hid the die's top, three dice covered the names), and
    smaller where the card's foot leaves too little room."""
    x, y = layout.DIE_CENTRE
    # the frame in the roller's colour reaches past the dice (a row's further than one die's): it too
    # stays clear of the button and inside the card
    clear = max(8, 4 + frame_margin(count) // 2)
    top = frame.history_button.bottom + clear if frame.history_button is not None else card.y
    if frame.route is not None:  # nor over the terminals' names (three dice run far to the left)
        names, spot, names_size = _terminal_names(frame.route, card)
        row_left = x + size / 2 - size * (1 + 1.45 * (count - 1))
        if spot[0] + theme.font(names_size).size(names)[0] + 8 > row_left:
            top = max(top, spot[1] + theme.line_height(names_size) + 6)
    if y - size / 2 >= top:
        return (x, y), size
    foot = card.bottom - clear
    fitted = max(MIN_PANEL_DIE, min(size, foot - top))
    return (x, top + fitted / 2), fitted


def roller_frame_rect(spots: list[tuple[float, float]], size: int) -> pygame.Rect:
    """The frame around the last roll's dice in the panel (``spots``: their centres)."""
    rects = [pygame.Rect(0, 0, size, size) for _spot in spots]
    for rect, (x, y) in zip(rects, spots, strict=True):
        rect.center = (round(x), round(y))
    margin = frame_margin(len(rects))
    return rects[0].unionall(rects[1:]).inflate(margin, margin)


def frame_margin(count: int) -> int:
    """How much wider and taller than its dice the roller's frame is: a row's stands clear of the
    chosen die's yellow one."""
    return 12 if count == 1 else 26


def _roller_frame(surface: pygame.Surface, frame: PanelFrame, spots: list[tuple[float, float]], size: int) -> None:
    """Whose roll the panel keeps: a frame in the roller's colour, so a rival's last throw is never
    read as the viewer's own (the die lies in the route card of whoever looks)."""
    if frame.roll_seat is None or not spots:
        return
    pygame.draw.rect(surface, _colour(frame, frame.roll_seat), roller_frame_rect(spots, size), 4,
                     border_radius=max(8, size // 5))


def _colour(frame: PanelFrame, seat: int) -> theme.Colour:
    """The seat's colour as every screen shows it (``game.render.palette``)."""
    chosen = [info.get("colour", index) for index, info in enumerate(frame.seats)]
    chosen += list(range(len(chosen), seat + 1))
    return theme.player_colour(seat_colours("linie1", chosen)[seat])


def _players(surface: pygame.Surface, frame: PanelFrame) -> None:
    view = frame.view
    over = view["phase"] == "over"
    for player in view["players"]:
        seat = player["seat"]
        rect = layout.player_row(seat)
        info = frame.seats[seat] if seat < len(frame.seats) else {"name": _("Seat {number}").format(number=seat + 1)}
        colour = _colour(frame, seat)
        active = seat == frame.current and not over
        theme.panel(surface, rect, theme.PLUM if not active else theme.PLUM_LIGHT, 16, colour if active else None, 4)
        pygame.draw.circle(surface, colour, (rect.x + 36, rect.centery), 18)
        if active:
            pygame.draw.circle(surface, theme.CREAM, (rect.x + 36, rect.centery), 18, 3)
        name = str(info.get("name"))
        kind = frame.kinds[seat] if seat < len(frame.kinds) else (
            bot_label(info.get("level")) if info.get("kind") == "bot" else "")
        stats = player.get("stats", {})
        if player["driving"] and player.get("trip"):
            trip = player["trip"]
            to_go = frame.to_go_held.get(seat, len(trip["route"]) - 1 - int(trip["position"]))
            status = _("driving · {count} to go").format(count=to_go) if to_go > 0 else _("arrived")
        else:
            count = player["hand_count"] - frame.hidden_hands.get(seat, 0)
            status = ngettext("{count} tile · laid {laid}", "{count} tiles · laid {laid}", count).format(
                count=count, laid=stats.get("tiles_laid", 0) - frame.laid_flying.get(seat, 0))
        has_badge = player.get("line") is not None and (player.get("revealed") or seat == frame.eyes)
        # The status keeps its place on the right (up to half the row); the name and "· on this screen"
        # share what is left, the note shrinking first and left out when even small it would not fit,
        # so at a large text size nothing runs into anything else.
        badge_room = 72 if has_badge else 0
        size = theme.fit_text(status, 24, (rect.width - 88) // 2 - badge_room, minimum=STATUS_MIN)
        status_left = rect.right - 20 - theme.font(size).size(status)[0] - badge_room
        name_room = status_left - 16 - (rect.x + 68)
        name_size = theme.fit_text(name, 28, name_room, theme.TEXT_BOLD_FONT, minimum=STATUS_MIN)
        name_rect = theme.draw_text(surface, name, (rect.x + 68, rect.centery), name_size, theme.CREAM,
                                    theme.TEXT_BOLD_FONT, "midleft")
        if kind:  # "you", "on this screen", "Bot · normal", "remote player": as every game's seat says it
            note = "· " + kind
            room = status_left - 16 - (name_rect.right + 12)
            note_size = theme.fit_text(note, 24, room, minimum=NOTE_MIN)
            if theme.font(note_size).size(note)[0] <= room:
                theme.draw_text(surface, note, (name_rect.right + 12, rect.centery + 1), note_size, theme.CREAM_DIM,
                                anchor="midleft")
        theme.draw_text(surface, status, (rect.right - 20, rect.centery), size, theme.CREAM_DIM, anchor="midright")
        if has_badge:
            badge = (rect.right - 20 - theme.font(size).size(status)[0] - 36, rect.centery)
            _line_badge(surface, int(player["line"]), badge, 17, 22)
    pile = theme.draw_text(
        surface,
        pile_label(view),
        layout.pile_label_pos(len(view["players"])),
        PILE_SIZE,
        theme.CREAM_DIM,
        anchor="topright",
    )
    if frame.keys_note:  # how to reach the pause menu and the rules: the other games show it too
        room = notice_box(view).inflate(-16, 0)
        size = theme.fit_text(frame.keys_note, PILE_SIZE - 2, room.width, minimum=12)
        half = theme.line_height(size) // 2
        centre = min(max(pile.centery, room.top + half), room.bottom - half)  # beside the count, inside the strip
        theme.draw_text(surface, frame.keys_note, (room.x, centre), size, theme.CREAM_DIM, anchor="midleft")


STATUS_MIN = 18  # a seat's name and its tiles or trip never shrink below this design size
NOTE_MIN = 16  # "· on this screen" is left out rather than drawn smaller


def pile_label(view: View) -> str:
    """The count of the pile, right of the strip between the seats and the route card."""
    return ngettext("Pile: {count} tile", "Pile: {count} tiles", view["pile_count"]).format(count=view["pile_count"])


def notice_box(view: View) -> pygame.Rect:
    """Where a lasting notice stands: the strip between the seats and the route card, left of the
    pile's count, which nothing else uses."""
    players = len(view["players"])
    top = layout.player_row(players - 1).bottom + 2
    width = layout.PANEL_W - theme.font(PILE_SIZE).size(pile_label(view))[0] - 24
    return pygame.Rect(layout.PANEL_X, top, width, layout.route_card_rect(players).top - 2 - top)


def _line_badge(surface: pygame.Surface, line: int, centre: tuple[int, int], radius: int, size: int) -> None:
    pygame.draw.circle(surface, line_colour(line), centre, radius)
    ink = theme.INK if line in (2, 6) else theme.CREAM
    theme.draw_text(surface, str(line), (centre[0], centre[1] + 1), size, ink, theme.DISPLAY_FONT, "center")


def _terminal_names(status: dict[str, Any], rect: pygame.Rect) -> tuple[str, tuple[int, int], int]:
    """The line's two terminals as the card writes them under its heading: words, place, size."""
    names = " ↔ ".join(t["name"] for t in status["terminals"])
    return names, (rect.x + 116, rect.y + 24 + theme.px(36)), theme.fit_text(names, 26, rect.width - 300)


def _no_route_words(frame: PanelFrame) -> tuple[str, str]:
    """What the route card says when it shows no line: why no cards show; once the game is over (a
    replay's end, a spectator's table), that it is over and who won. Who is playing it leaves to the
    line under the tiles ("Tramina is thinking…", "Waiting for Ada…"), which says more, and says it once."""
    def name(seat: int) -> str:
        return str(frame.seats[seat].get("name")) if 0 <= seat < len(frame.seats) else "?"

    if frame.view["phase"] == "over":
        winners = (frame.view.get("outcome") or {}).get("winners") or []
        return _("Game over"), _("{name} wins!").format(name=name(int(winners[0]))) if winners else _("Nobody wins")
    return frame.hidden_note, ""


def _route_card(surface: pygame.Surface, frame: PanelFrame, board: Linie1Board) -> None:
    rect = layout.route_card_rect(len(frame.view["players"]))
    theme.panel(surface, rect, theme.PLUM, 22, theme.PLUM_LIGHT, 6)
    status = frame.route
    if status is None:
        note, below = _no_route_words(frame)
        # clear of the History button in the card's corner (German at 150 % ran under it)
        right = frame.history_button.left - 16 if frame.history_button is not None else rect.right - 28
        drawn = theme.draw_text(surface, note, (rect.x + 28, rect.y + 26),
                                theme.fit_text(note, 30, right - (rect.x + 28), theme.TEXT_BOLD_FONT),
                                theme.CREAM_DIM, theme.TEXT_BOLD_FONT)
        if below:
            theme.draw_text(surface, below, (rect.x + 28, max(rect.y + 70, drawn.bottom + 2)), 28, theme.CREAM_DIM)
        return
    line = int(status["line"])
    badge = (rect.x + 60, rect.y + 56)
    pygame.draw.circle(surface, theme.SHADOW, (badge[0], badge[1] + 4), 36)
    _line_badge(surface, line, badge, 36, 44)
    heading = frame.line_heading.format(line=line)
    room = rect.width - 300  # clear of the History button in the card's corner
    heading_size = theme.fit_text(heading, 32, room, theme.DISPLAY_FONT)
    theme.draw_text(surface, heading, (rect.x + 116, rect.y + 20), heading_size, theme.SUNFLOWER, theme.DISPLAY_FONT)
    names, spot, size = _terminal_names(status, rect)
    names_rect = theme.draw_text(surface, names, spot, size, theme.CREAM)
    x = rect.x + 28
    chip_top, chip_h = chip_row(rect, names_rect.bottom)
    name_size, note_size = 20, 18  # smaller together where the chip had to give up height

    def text_height() -> int:
        return theme.line_height(name_size, theme.TEXT_BOLD_FONT) + theme.line_height(note_size)

    while name_size > 12 and text_height() > chip_h:
        name_size, note_size = name_size - 1, note_size - 1
    margin = min(10, max(0, chip_h - text_height()) // 2)
    for stop in status["stops"]:
        letter = stop["building"]
        joined = all(stop["connected"])
        chip = pygame.Rect(x, chip_top, CHIP_W, chip_h)
        pygame.draw.rect(surface, theme.MINT_DARK if joined else theme.NIGHT_2, chip, border_radius=14)
        pygame.draw.rect(surface, theme.MINT if joined else theme.PLUM_LIGHT, chip, 2, border_radius=14)
        theme.draw_text(surface, letter, (chip.x + 30, chip.centery + 2), 36, theme.CREAM, theme.DISPLAY_FONT, "center")
        note = _("connected") if joined else (_("sign placed") if stop["sign"] is not None else _("no sign yet"))
        building = board.buildings[board.building_cells[letter]]["name"]
        bsize = theme.fit_text(building, name_size, 140, theme.TEXT_BOLD_FONT)
        theme.draw_text(surface, building, (chip.x + 56, chip.y + margin), bsize, theme.CREAM, theme.TEXT_BOLD_FONT)
        theme.draw_text(
            surface,
            note,
            (chip.x + 56, chip.bottom - min(8, margin)),
            theme.fit_text(note, note_size, 136),
            theme.CREAM_DIM,
            anchor="bottomleft",
        )
        x += CHIP_STEP
    # Once the trip is under way the seat's row says what is left ("driving · 9 to go"): the card's foot
    # says nothing of building any more (neither "Route complete!" nor "now the stops")
    driving = frame.eyes is not None and frame.view["players"][frame.eyes]["driving"]
    if driving:
        return
    chips_bottom = chip_top + chip_h if status["stops"] else names_rect.bottom
    if status["complete"]:
        words, size, colour, face = _("Route complete!"), 30, theme.MINT, theme.DISPLAY_FONT
    elif status["terminals_joined"] and status["stops"] and all(all(stop["connected"]) for stop in status["stops"]):
        # every chip says "connected" and still no Start trip: say why, as the chips cannot
        words, size, colour, face = (_("Every stop is reached, but not yet on one ride: a tram never turns back."),
                                     26, theme.CREAM_DIM, theme.TEXT_FONT)
    elif status["terminals_joined"]:
        words, size, colour, face = _("Terminals joined — now the stops."), 26, theme.CREAM_DIM, theme.TEXT_FONT
    else:
        return
    # the last roll lies at the card's right while others drive: the note ends left of it (a four-seat
    # card ran "…a tram never turns back." under the die)
    roll = roll_box(frame) if frame.trip_button is None else None
    width = (roll.left - 16 if roll is not None else rect.right - 28) - (rect.x + 28)
    lines = theme.wrap(words, size, width, face)  # a long note on two lines where the foot has room
    step = theme.line_height(size, face)
    if len(lines) > 1 and rect.bottom - 14 - step * len(lines) >= chips_bottom + 2:
        for index, line_words in enumerate(lines):
            theme.draw_text(surface, line_words, (rect.x + 28, rect.bottom - 14 - step * (len(lines) - index)),
                            size, colour, face)
        return
    size = theme.fit_text(words, size, width, face)  # fitted to the card's width at every text size
    top = rect.bottom - 14 - theme.line_height(size, face)
    if top >= chips_bottom + 2:  # a five-seat card has no foot under its chips: they and Start trip say it
        theme.draw_text(surface, words, (rect.x + 28, top), size, colour, face)


def _hand(surface: pygame.Surface, frame: PanelFrame) -> None:
    # The title stands on the chosen tile's lifted frame (``layout.HAND_TITLE_FOOT``) and grows upwards into
    # the gap under the route card, so at a large text size it never touches the tiles.
    title_pos = (layout.PANEL_X + 24, layout.HAND_TITLE_FOOT)
    if frame.refill:
        refill = _("Pile empty: take tiles from drivers' hands")
        size = theme.fit_text(refill, 28, layout.PANEL_W - 48, theme.TEXT_BOLD_FONT)
        theme.draw_text(surface, refill, title_pos, size, theme.SUNFLOWER, theme.TEXT_BOLD_FONT, "bottomleft")
        rects = [rect for _source, _tile, rect in frame.refill]
        pitch = min([b.x - a.x for a, b in zip(rects, rects[1:], strict=False) if a.y == b.y],
                    default=layout.REFILL_SLOT + 10)
        for index, (_source, tile, rect) in enumerate(frame.refill):
            if index == frame.refill_focus:
                pygame.draw.rect(surface, theme.SUNFLOWER, rect.inflate(12, 12), border_radius=10)
            if tile != frame.offer_away:
                surface.blit(tile_image(tile_segments(tile, 0), rect.width), rect)
            else:  # carried away: its place waits for it
                pygame.draw.rect(surface, theme.NIGHT_2, rect, border_radius=10)
            count = frame.refill_counts.get(tile, 1)
            key = str(index + 1) if index < 9 else ""  # the number key that takes it, as under the hand's tiles
            words = f"{key} · ×{count}" if key and count > 1 else key or (f"×{count}" if count > 1 else "")
            if words:  # and how many of this tile the drivers hold, narrower than the step to the next tile
                size = theme.fit_text(words, 22, pitch - 6)
                theme.draw_text(surface, words, (rect.centerx, rect.bottom + 4), size, theme.CREAM_DIM,
                                anchor="midtop")
        _own_tiles_beside_the_offer(surface, frame.hand)
        return
    building = frame.my_turn and frame.view["phase"] == "build"
    room = layout.PANEL_W - 48
    if building:
        actions = theme.draw_text(
            surface,
            _("actions {done}/2").format(done=frame.view["actions_taken"]),
            (layout.PANEL_X + layout.PANEL_W - 24, layout.HAND_TITLE_FOOT),
            26,
            theme.SUNFLOWER,
            anchor="bottomright",
        )
        room -= actions.width + 16
    size = theme.fit_text(frame.hand_title, 28, room, theme.TEXT_BOLD_FONT)
    theme.draw_text(surface, frame.hand_title, title_pos, size, theme.CREAM, theme.TEXT_BOLD_FONT, "bottomleft")
    for index, tile in enumerate(frame.hand[:6]):
        rect = layout.slot_rect(index)
        chosen = index == frame.selected
        lift = -10 if chosen else 0
        back = rect.inflate(12, 12).move(0, lift)
        pygame.draw.rect(surface, theme.SUNFLOWER if chosen else theme.NIGHT_2, back, border_radius=14)
        rot = frame.rotations[index] if index < len(frame.rotations) else 0
        if index != frame.away:
            surface.blit(tile_image(tile_segments(tile, rot), layout.SLOT), rect.move(0, lift))
        if building:
            theme.draw_text(
                surface, str(index + 1), (back.centerx, back.bottom + 2), 22, theme.CREAM_DIM, anchor="midtop"
            )


def draw_carried(surface: pygame.Surface, tile: int, rot: int, centre: tuple[float, float], size: int,
                 alpha: int = 255) -> None:
    """A hand tile in the player's hand, over everything, with its shadow under it: faint over the board,
    where the square under the pointer shows it green or red (the ghost) beneath it."""
    image = tile_image(tile_segments(tile, rot), layout.SLOT)  # scaled, not drawn afresh at every size of a glide
    if size != layout.SLOT:
        image = pygame.transform.smoothscale(image, (size, size))
    box = image.get_rect(center=(round(centre[0]), round(centre[1])))
    shadow = pygame.Surface(box.size, pygame.SRCALPHA)
    shadow.fill((*theme.SHADOW[:3], 90 * alpha // 255))
    surface.blit(shadow, box.move(6, 10))
    if alpha < 255:
        image = image.copy() if size == layout.SLOT else image
        image.set_alpha(alpha)
    surface.blit(image, box)


def _own_tiles_beside_the_offer(surface: pygame.Surface, hand: list[int]) -> None:
    """The player's own tiles, smaller, right of the drivers' on offer: what they hold decides what to take."""
    if not hand:
        return
    rects = [layout.refill_hand_rect(index, len(hand)) for index in range(len(hand))]
    frame_rect = rects[0].unionall(rects).inflate(12, 12)
    pygame.draw.rect(surface, theme.NIGHT_2, frame_rect, border_radius=12)
    for tile, rect in zip(hand, rects, strict=True):
        surface.blit(tile_image(tile_segments(tile, 0), rect.width), rect)
    words = _("your tiles")
    size = theme.fit_text(words, 22, max(frame_rect.width, layout.REFILL_HAND_TILE * 2))
    theme.draw_text(surface, words, (frame_rect.right, frame_rect.bottom + 4), size, theme.CREAM_DIM,
                    anchor="topright")


def _message(surface: pygame.Surface, text: str, bad: bool) -> None:
    if not text:
        return
    x, y = layout.message_pos()[0], layout.message_top()  # below the tiles' numbers
    colour = theme.CORAL if bad else theme.CREAM_DIM
    size, lines, step = theme.fit_lines(text, 26, layout.PANEL_W - 20, layout.BUTTONS_Y - 8 - y, theme.TEXT_BOLD_FONT)
    for index, line in enumerate(lines):
        theme.draw_text(surface, line, (x, y + index * step), size, colour, theme.TEXT_BOLD_FONT)


HAND_TIP_TILE = 64


def draw_hand_tip(surface: pygame.Surface, seat: int, title: str, tiles: list[int], note: str = "") -> pygame.Rect:
    """A rival's tiles under their row while the pointer rests on it: hands lie face up (L12), so
    anyone may look at them; ``note``: their cards, once revealed."""
    row = layout.player_row(seat)
    size = theme.fit_text(title, 24, layout.PANEL_W - 40, theme.TEXT_BOLD_FONT)
    note_size = theme.fit_text(note, 22, layout.PANEL_W - 40) if note else 22
    width = max(theme.font(size, theme.TEXT_BOLD_FONT).size(title)[0],
                theme.font(note_size).size(note)[0] if note else 0,
                len(tiles) * (HAND_TIP_TILE + 8) - 8) + 40
    extra = 34 if note else 0
    box = pygame.Rect(0, row.bottom + 6, min(layout.PANEL_W, width), HAND_TIP_TILE + 72 + extra)
    box.right = row.right
    theme.panel(surface, box, theme.NIGHT_2, 14, theme.CREAM_DIM, 2)
    theme.draw_text(surface, title, (box.x + 20, box.y + 12), size, theme.CREAM, theme.TEXT_BOLD_FONT)
    if note:
        theme.draw_text(surface, note, (box.x + 20, box.y + 46), note_size, theme.CREAM_DIM)
    for index, tile in enumerate(tiles):
        spot = (box.x + 20 + index * (HAND_TIP_TILE + 8), box.y + 52 + extra)
        surface.blit(tile_image(tile_segments(tile, 0), HAND_TIP_TILE), spot)
    return box


TOAST_SIZE = 56  # the note's words; smaller only where a long name would not fit the panel


def toast_rect(text: str, players: int) -> tuple[pygame.Rect, int]:
    """Where the turn's note stands and the size of its words: in the route card's foot under the
    stops (over the card's middle on a five-seat card, which has no foot), never on the board. Over the
    board's top it hid the stop and the terminal under it (Gericht, line 4) for the very moment the
    player looks for where to build."""
    size = TOAST_SIZE
    room = layout.PANEL_W - 24
    while size > 24 and theme.font(size, theme.DISPLAY_FONT).size(text)[0] + 64 > room:
        size -= 4
    width, height = theme.font(size, theme.DISPLAY_FONT).size(text)
    box = pygame.Rect(0, 0, min(room, width + 64), height + 30)
    card = layout.route_card_rect(players)
    chips_top, chips_height = widest_chip_row(card)
    foot = pygame.Rect(card.x, chips_top + chips_height, card.width, card.bottom - chips_top - chips_height)
    # in the card's foot, under the stops, where it has room (up to four seats); else over the card's middle
    box.center = foot.center if foot.height >= box.height + 12 else card.center
    return box, size


def draw_toast(surface: pygame.Surface, text: str, left: float, players: int) -> None:
    """A short note over the route card ("Your turn") that fades in its last 0.3 s."""
    alpha = min(1.0, left / 0.3)
    box, size = toast_rect(text, players)
    image = theme.render_text(text, size, theme.SUNFLOWER, theme.DISPLAY_FONT)
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*theme.NIGHT, 235), layer.get_rect(), border_radius=22)
    pygame.draw.rect(layer, (*theme.SUNFLOWER, 255), layer.get_rect(), width=3, border_radius=22)
    layer.blit(image, image.get_rect(center=(box.width // 2, box.height // 2 + 3)))
    layer.set_alpha(int(255 * alpha))
    surface.blit(layer, box)


@theme.natural_size  # a token in the die's place: its words fit its box as they are
def _pace_badge(surface: pygame.Surface, allowance: int, centre: tuple[float, float] = layout.DIE_CENTRE,
                size: int = layout.DIE_SIZE) -> None:
    """The pace rule's next move, at most, where the die would lie (smaller beside Start trip)."""
    box = pygame.Rect(0, 0, size + 20, size)
    box.center = (round(centre[0]), round(centre[1]))
    scale = size / layout.DIE_SIZE
    theme.panel(surface, box, theme.CREAM, max(8, round(18 * scale)), theme.SUNFLOWER, max(3, round(6 * scale)))
    theme.draw_text(surface, _("up to"), (box.centerx, box.y + round(10 * scale)), max(14, round(20 * scale)),
                    theme.INK, theme.TEXT_BOLD_FONT, "midtop")
    theme.draw_text(surface, str(allowance), (box.centerx, box.centery + round(12 * scale)),
                    max(26, round(52 * scale)), theme.INK, theme.DISPLAY_FONT, "center")
