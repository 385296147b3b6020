"""The side panel of the Linja table: both players' cards, whose move it is and what it is worth,
what the hovered move would do, and the last moves (the table owns the Rules and Menu buttons).

It paints a ``LinjaFrame`` and decides nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import pygame

from game.core.linja.position import PIECES, scores
from game.i18n import N_, _, ngettext
from game.outcome_words import headline as outcome_headline
from game.render.linja.art import board_layer, draw_piece
from game.tables.linja.frame import LinjaFrame
from game.tables.linja.layout import BOARD, CARDS, GUIDANCE_TOP, LOG_TOP, RULES_BUTTON, TURN_BOX
from game.ui import theme

LOG_BOTTOM = RULES_BUTTON.y - 8  # the moves list ends above the buttons
CARD_TOP = 84  # the phase card, under whose turn it is (in the turn box)
CARD_HEIGHT = 196  # its height at 100 %: it grows to hold its words at their size at a larger text size
CARD_INSET = 16  # from the turn box's sides to the card's
TEXT_INSET = 20  # from the card's sides to its words
NUMBER_COLUMN = 130  # the following move's big step count, left of its explanation
GUIDANCE_GAP = 16  # between the card and the line under it
GUIDANCE_LINES = 2  # the line under the card keeps room for two lines at its size before the moves list shows
GUIDANCE_SIZE = 26
FOLLOWING_TITLE = 30  # "Following move: 3 steps" across the card: the big count stands under it
FINAL_CARD = N_("Pieces in the other half score 5 on the goal row, then 3, 2 and 1 on the rows nearest it.")
# The initial move's card, with both of its exceptions (J4): six lines at the largest text size, so the card
# and two lines under it fit above Rules and Menu at full size (``turn_box_plan``)
INITIAL_CARD = N_("Move a piece over one stick. Each piece already on the row it reaches gives the following "
                  "move one step. An empty row: no following move. Home: exactly 1 step.")
INITIAL_CARD_OTHER = N_("{name} moves a piece over one stick. Each piece already on the row it reaches gives the "
                        "following move one step. An empty row: no following move. Home: exactly 1 step.")


@cache
def _backdrop(size: tuple[int, int], colours: tuple[theme.Colour, theme.Colour],
              board: tuple[int, int, int, int]) -> pygame.Surface:
    backdrop = pygame.Surface(size)
    theme.background(backdrop)
    backdrop.blit(board_layer(board, colours), board[:2])
    return backdrop.convert() if pygame.display.get_surface() is not None else backdrop


def draw_backdrop(surface: pygame.Surface, colours: tuple[theme.Colour, theme.Colour],
                  board: pygame.Rect = BOARD) -> None:
    """The backdrop and the empty table, as one opaque picture (a single fast blit a frame)."""
    surface.blit(_backdrop(surface.get_size(), colours, tuple(board)), (0, 0))


def draw_panel(surface: pygame.Surface, frame: LinjaFrame) -> None:
    for seat, rect in CARDS.items():
        _card(surface, frame, seat, rect)
    _turn_box(surface, frame)

def _card(surface: pygame.Surface, frame: LinjaFrame, seat: int, rect: pygame.Rect) -> None:
    view = frame.view
    colour = frame.colour(seat)
    active = view.get("turn") == seat and view.get("phase") != "over"
    theme.panel(surface, rect, theme.PLUM_LIGHT if active else theme.PLUM, 22, colour if active else None, 6)
    if active:
        pygame.draw.rect(surface, colour, rect, width=4, border_radius=22)
    draw_piece(surface, (rect.x + 72, rect.centery), colour, seat, 42)
    info = frame.info(seat)
    rows = view["rows"]
    if frame.tally is not None:
        points, label = frame.tally[seat], _("points")
    else:
        points = scores([[int(r[0]) for r in rows], [int(r[1]) for r in rows]])[seat]
        label = _("final points") if view.get("phase") == "over" else _("points now")
    number = theme.draw_text(surface, str(points), (rect.right - 28, rect.y + 18), theme.unscaled(68),
                             theme.SUNFLOWER, theme.DISPLAY_FONT, "topright", shadow=True)  # big at any text size
    caption = theme.draw_text(surface, label, (rect.right - 28, max(rect.y + 88, number.bottom)), 22,
                              theme.CREAM_DIM, anchor="topright")
    name = str(info.get("name"))
    kind = frame.kinds[seat]
    target = int((view.get("targets") or [7, 0])[seat])
    count = _("{home} of {pieces} home").format(home=int(rows[target][seat]), pieces=PIECES)
    home = f"{_('Moves up') if seat == 0 else _('Moves down')} · {count}"
    left = rect.x + 136
    narrow = min(number.x, caption.x) - 16 - left  # beside the score
    size = theme.fit_text(home, 24, rect.right - 28 - left)
    top = rect.bottom - 14 - theme.font(size).get_height()
    if top < caption.bottom:  # below the score only if there is room; the piece's arrow shows the way
        home = home if theme.fit_text(home, 24, narrow) >= 22 else count
        size = theme.fit_text(home, 24, narrow)
        top = rect.bottom - 14 - theme.font(size).get_height()
    theme.draw_text(surface, home, (left, top), size, theme.CREAM_DIM)
    name = theme.shortened(name, theme.NAME_LEAST, narrow, theme.DISPLAY_FONT)  # 32 characters: cut, not shrunk to 8
    theme.draw_stack(surface, [(name, 42, theme.CREAM, theme.DISPLAY_FONT),
                               (kind, 24, theme.CREAM_DIM, theme.TEXT_FONT)],
                     (left, rect.y + 20), narrow, top - 4 - (rect.y + 20), spread=12)


def _turn_box(surface: pygame.Surface, frame: LinjaFrame) -> None:
    view = frame.view
    box = TURN_BOX
    theme.panel(surface, box, theme.PLUM, 22, theme.PLUM_LIGHT, 6)
    turn = view.get("turn")
    over = view.get("phase") == "over" or turn is None
    if over:
        text = over_words(frame)
        size = theme.fit_text(text, 44, box.width - 56, theme.DISPLAY_FONT)
        theme.draw_text(surface, text, (box.x + 28, box.y + 22), size, theme.SUNFLOWER, theme.DISPLAY_FONT)
    else:
        seat = int(turn)
        extra = bool(view.get("extra_turn"))
        room = box.width - (270 if extra else 56)
        # the one player of this screen reads "Your turn", as Linie 1 and Liniell say it
        words = _("Your turn") if frame.humans == (seat,) else _("{name}'s turn")
        text, size = theme.named(words, frame.name(seat), 44, room, theme.DISPLAY_FONT, 28)
        theme.draw_text(surface, text, (box.x + 28, box.y + 22), size, theme.text_colour(frame.colour(seat)),
                        theme.DISPLAY_FONT)
        if extra:
            chip = pygame.Rect(0, 0, 200, 40)
            chip.topright = (box.right - 24, box.y + 26)
            pygame.draw.rect(surface, theme.SUNFLOWER, chip, border_radius=20)
            theme.draw_text(surface, _("EXTRA TURN"), (chip.centerx, chip.centery + 2), 22, theme.INK,
                            theme.DISPLAY_FONT, "center")
    plan = turn_box_plan(frame)
    pygame.draw.rect(surface, theme.NIGHT_2, plan.card, border_radius=18)
    if _final(frame):
        _phase_final(surface, frame, plan.card)
    elif view.get("phase") == "following":
        _phase_following(surface, frame, plan.card, int(view.get("steps", 0)))
    else:
        _phase_initial(surface, frame, plan.card)
    text, colour = frame.guidance
    area = plan.guidance
    if frame.guidance_more:  # said only where it fits at full size: the first sentence is the one that matters
        more = f"{text} {frame.guidance_more}"
        needed = len(theme.wrap(more, GUIDANCE_SIZE, area.width, theme.TEXT_BOLD_FONT))
        if needed * theme.line_height(GUIDANCE_SIZE, theme.TEXT_BOLD_FONT) <= area.height:
            text = more
    size, lines, step = theme.fit_lines(text, GUIDANCE_SIZE, area.width, area.height, theme.TEXT_BOLD_FONT)
    for index, line in enumerate(lines):
        theme.draw_text(surface, line, (area.x, area.y + index * step), size, colour, theme.TEXT_BOLD_FONT)
    if plan.log_top is not None:
        _log(surface, frame, plan.log_top)


@dataclass(frozen=True)
class TurnBoxPlan:
    """Where the turn box's parts stand at this text size: the phase card grows to hold its words at
    their size (at 150 % it takes the moves list's room), the line under it follows, and the moves
    list shows only where it still has room above Rules and Menu, so nothing runs into anything."""

    card: pygame.Rect
    guidance: pygame.Rect  # the line under the card: what to do now, the hovered move, a refusal
    log_top: int | None  # None: no room for the moves list at this text size


def turn_box_plan(frame: LinjaFrame) -> TurnBoxPlan:
    box = TURN_BOX
    card = pygame.Rect(box.x + CARD_INSET, box.y + CARD_TOP, box.width - 2 * CARD_INSET, CARD_HEIGHT)
    card.height = max(CARD_HEIGHT, _card_height(frame, card))
    top = max(box.y + GUIDANCE_TOP, card.bottom + GUIDANCE_GAP)
    guidance = GUIDANCE_LINES * theme.line_height(GUIDANCE_SIZE, theme.TEXT_BOLD_FONT)
    log_top = max(LOG_TOP, top + guidance + 8)
    # at a large text size the card and the line under it may take the list's room
    listed = log_top + _log_heading_height() + theme.px(30) <= LOG_BOTTOM
    bottom = log_top - 8 if listed else LOG_BOTTOM
    return TurnBoxPlan(card, pygame.Rect(box.x + 28, top, box.width - 56, bottom - top), log_top if listed else None)


def _final(frame: LinjaFrame) -> bool:
    return frame.tally is not None or frame.view.get("phase") == "over" or frame.view.get("turn") is None


def _card_height(frame: LinjaFrame, card: pygame.Rect) -> int:
    """What the phase card needs to hold its title and its words at their size, uncut."""
    inner = card.width - 2 * TEXT_INSET
    if _final(frame):
        text, size, width, title, below = _(FINAL_CARD), 24, inner, 36, 76
    elif frame.view.get("phase") == "following":
        text, size, width, title, below = phase_words(frame), 24, inner - NUMBER_COLUMN, FOLLOWING_TITLE, 12
    else:
        text, size, width, title, below = phase_words(frame), 25, inner, 36, 12
    lines = len(theme.wrap(text, size, width))
    return _text_top(card, title) - card.y + lines * theme.line_height(size) + below


def _title(surface: pygame.Surface, text: str, card: pygame.Rect, size: int = 36) -> pygame.Rect:
    size = theme.fit_text(text, size, card.width - 2 * TEXT_INSET, theme.DISPLAY_FONT)
    return theme.draw_text(surface, text, (card.x + TEXT_INSET, card.y + 14), size, theme.SUNFLOWER,
                           theme.DISPLAY_FONT)


def _text_top(card: pygame.Rect, title: int = 36) -> int:
    """Where a card's words start: under its title at its size."""
    return card.y + 14 + theme.font(title, theme.DISPLAY_FONT).get_height() + 4


def _log_heading_height() -> int:
    return max(40, theme.font(28, theme.DISPLAY_FONT).get_height() + 4)


def phase_words(frame: LinjaFrame) -> str:
    """The phase card's explanation: what to do for the player of this screen whose turn it is, else
    what the mover does, by name (a bot's or a LAN player's turn, a spectator, a replay), as every
    table words a moment when nobody of this screen decides."""
    turn = frame.view.get("turn")
    mover = None if turn is None or int(turn) in frame.humans else frame.name(int(turn))
    if frame.view.get("phase") == "following":
        steps = int(frame.view.get("steps", 0))
        if mover is None:
            move = ngettext("Move one piece — any, the one just moved too — {steps} stick forward.",
                            "Move one piece — any, the one just moved too — {steps} sticks forward.",
                            steps).format(steps=steps)
        else:
            move = ngettext("{name} moves one piece — any, the one just moved too — {steps} stick forward.",
                            "{name} moves one piece — any, the one just moved too — {steps} sticks forward.",
                            steps).format(name=mover, steps=steps)
        # J5, as the hover and the banner say it: landing on an empty field row earns an extra turn,
        # once a turn (the extra turn's own following move earns none)
        extra = _("An empty row: no further extra turn.") if frame.view.get("extra_turn") else \
            _("An empty row: an extra turn.")
        return f"{move} {extra}"
    if mover is None:
        return _(INITIAL_CARD)
    return _(INITIAL_CARD_OTHER).format(name=mover)


def _phase_initial(surface: pygame.Surface, frame: LinjaFrame, card: pygame.Rect) -> None:
    _title(surface, _("Initial move"), card)
    _card_text(surface, phase_words(frame), 25, pygame.Rect(card.x + TEXT_INSET, _text_top(card),
                                                              card.width - 2 * TEXT_INSET, 0), card.bottom - 12)


def _card_text(surface: pygame.Surface, text: str, size: int, area: pygame.Rect, bottom: int) -> None:
    """A phase card's explanation, from ``area``'s top left down to ``bottom`` (the card was made tall
    enough to hold it at its size: ``turn_box_plan``)."""
    size, lines, step = theme.fit_lines(text, size, area.width, bottom - area.y)
    for index, line in enumerate(lines):
        theme.draw_text(surface, line, (area.x, area.y + index * step), size, theme.CREAM_DIM)


def _phase_following(surface: pygame.Surface, frame: LinjaFrame, card: pygame.Rect, steps: int) -> None:
    heading = ngettext("Following move: {steps} step", "Following move: {steps} steps", steps).format(steps=steps)
    _title(surface, heading, card, FOLLOWING_TITLE)
    top = _text_top(card, FOLLOWING_TITLE)
    glow = frame.pulse(6)
    colour = theme.mix(theme.SUNFLOWER, theme.CREAM, glow * 0.5)
    centre = (card.x + TEXT_INSET + NUMBER_COLUMN // 2, (top + card.bottom) // 2 + 4)
    theme.draw_text(surface, str(steps), centre, theme.unscaled(112 + 12 * glow), colour, theme.DISPLAY_FONT,
                    "center", shadow=True)  # big at any text size, as a card's score
    _card_text(surface, phase_words(frame), 24,
               pygame.Rect(card.x + TEXT_INSET + NUMBER_COLUMN, top, card.width - 2 * TEXT_INSET - NUMBER_COLUMN, 0),
               card.bottom - 12)


def over_words(frame: LinjaFrame) -> str:
    """The turn box's heading once the game is over: "Game over" while the final count runs up, then
    who won or that it is a draw (a replay's end and a spectator's table keep saying it after the banner)."""
    view = frame.view
    outcome = view.get("outcome") if isinstance(view.get("outcome"), dict) else None
    if outcome is None or (frame.tally is not None and list(frame.tally) != list(outcome.get("scores") or [])):
        return _("Game over")
    winners = [frame.name(int(seat)) for seat in outcome.get("winners") or []]
    return outcome_headline(winners, bool(outcome.get("draw")))


def _phase_final(surface: pygame.Surface, frame: LinjaFrame, card: pygame.Rect) -> None:
    _title(surface, _("Final scoring"), card)
    _card_text(surface, _(FINAL_CARD), 24,
               pygame.Rect(card.x + TEXT_INSET, _text_top(card), card.width - 2 * TEXT_INSET, 0), card.bottom - 76)
    tally = frame.tally or (frame.view.get("scores") or [0, 0])
    for seat, x in ((0, card.x + card.width // 4), (1, card.x + 3 * card.width // 4)):
        theme.draw_text(surface, str(tally[seat]), (x, card.bottom - 40), theme.unscaled(52),
                        theme.text_colour(frame.colour(seat)), theme.DISPLAY_FONT, "center", shadow=True)
    theme.draw_text(surface, ":", (card.centerx, card.bottom - 42), theme.unscaled(48), theme.CREAM, theme.DISPLAY_FONT,
                    "center")


def _log(surface: pygame.Surface, frame: LinjaFrame, log_top: int) -> None:
    theme.draw_text(surface, _("Moves"), (TURN_BOX.x + 28, log_top), 28, theme.CREAM_DIM, theme.DISPLAY_FONT)
    top, step = log_top + _log_heading_height(), theme.px(30)
    if not frame.log:  # a replay opens a fresh table at each jump: its moves so far are not "none"
        empty = _("None since this point of the replay.") if frame.replay else _("None yet on this screen.")
        theme.draw_text(surface, empty, (TURN_BOX.x + 28, top), 23, theme.shade(theme.CREAM_DIM, 0.8))
    shown = max(0, min(5, (LOG_BOTTOM - top) // step))
    for index, (seat, text) in enumerate(frame.log[-shown:] if shown else []):
        y = top + index * step
        pygame.draw.circle(surface, frame.colour(seat), (TURN_BOX.x + 38, y + theme.px(13)), 8)
        line = f"{frame.name(seat)}: {text}"
        size = theme.fit_text(line, 23, TURN_BOX.width - 90)
        theme.draw_text(surface, line, (TURN_BOX.x + 56, y), size, theme.CREAM)
