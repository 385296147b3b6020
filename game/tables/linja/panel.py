"""The side panel of the Linja table: both players' cards, whose move it is and what it is worth,
what the hovered move would do, and the last moves (the table owns the Rules and Menu buttons).

It paints a ``LinjaFrame`` and decides nothing.
"""

from __future__ import annotations

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
# The initial move's card, with both of its exceptions (J4): short enough to read at the largest text size
INITIAL_CARD = N_("Move one of your pieces over one stick. Each piece already on the row it reaches gives the "
                  "following move one step. An empty row: no following move. Home: exactly 1 step.")
INITIAL_CARD_OTHER = N_("{name} moves one piece over one stick. Each piece already on the row it reaches gives "
                        "the following move one step. An empty row: no following move. Home: exactly 1 step.")


@cache
def _backdrop(size: tuple[int, int], colours: tuple[theme.Colour, theme.Colour]) -> pygame.Surface:
    backdrop = pygame.Surface(size)
    theme.background(backdrop)
    backdrop.blit(board_layer(tuple(BOARD), colours), BOARD)
    return backdrop.convert() if pygame.display.get_surface() is not None else backdrop


def draw_backdrop(surface: pygame.Surface, colours: tuple[theme.Colour, theme.Colour]) -> None:
    """The backdrop and the empty table, as one opaque picture (a single fast blit a frame)."""
    surface.blit(_backdrop(surface.get_size(), colours), (0, 0))


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
        text = _("{name}'s turn").format(name=frame.name(seat))
        if frame.humans == (seat,):  # the one player of this screen, as Linie 1 and Liniell say it
            text = _("Your turn")
        extra = bool(view.get("extra_turn"))
        size = theme.fit_text(text, 44, box.width - (270 if extra else 56), theme.DISPLAY_FONT)
        theme.draw_text(surface, text, (box.x + 28, box.y + 22), size, theme.text_colour(frame.colour(seat)),
                        theme.DISPLAY_FONT)
        if extra:
            chip = pygame.Rect(0, 0, 200, 40)
            chip.topright = (box.right - 24, box.y + 26)
            pygame.draw.rect(surface, theme.SUNFLOWER, chip, border_radius=20)
            theme.draw_text(surface, _("EXTRA TURN"), (chip.centerx, chip.centery + 2), 22, theme.INK,
                            theme.DISPLAY_FONT, "center")
    card = pygame.Rect(box.x + 20, box.y + 84, box.width - 40, 196)
    pygame.draw.rect(surface, theme.NIGHT_2, card, border_radius=18)
    if frame.tally is not None or over:
        _phase_final(surface, frame, card)
    elif view.get("phase") == "following":
        _phase_following(surface, frame, card, int(view.get("steps", 0)))
    else:
        _phase_initial(surface, frame, card)
    text, colour = frame.guidance
    top = box.y + GUIDANCE_TOP
    size, lines, step = theme.fit_lines(text, 26, box.width - 56, LOG_TOP - 8 - top, theme.TEXT_BOLD_FONT)
    for index, line in enumerate(lines):
        theme.draw_text(surface, line, (box.x + 28, top + index * step), size, colour, theme.TEXT_BOLD_FONT)
    _log(surface, frame)


def phase_words(frame: LinjaFrame) -> str:
    """The phase card's explanation: what to do for the player of this screen whose turn it is, else
    what the mover does, by name (a bot's or a LAN player's turn, a spectator, a replay), as every
    table words a moment when nobody of this screen decides."""
    turn = frame.view.get("turn")
    mover = None if turn is None or int(turn) in frame.humans else frame.name(int(turn))
    if frame.view.get("phase") == "following":
        steps = int(frame.view.get("steps", 0))
        if mover is None:
            return ngettext("Move one piece — any, the one just moved too — {steps} stick forward.",
                            "Move one piece — any, the one just moved too — {steps} sticks forward.",
                            steps).format(steps=steps)
        return ngettext("{name} moves one piece — any, the one just moved too — {steps} stick forward.",
                        "{name} moves one piece — any, the one just moved too — {steps} sticks forward.",
                        steps).format(name=mover, steps=steps)
    if mover is None:
        return _(INITIAL_CARD)
    return _(INITIAL_CARD_OTHER).format(name=mover)


def _phase_initial(surface: pygame.Surface, frame: LinjaFrame, card: pygame.Rect) -> None:
    title = theme.draw_text(surface, _("Initial move"), (card.x + 24, card.y + 18), 36, theme.SUNFLOWER,
                            theme.DISPLAY_FONT)
    text = phase_words(frame)
    _card_text(surface, text, 25, pygame.Rect(card.x + 24, max(card.y + 72, title.bottom + 4), card.width - 48, 0),
               card.bottom - 12)


def _card_text(surface: pygame.Surface, text: str, size: int, area: pygame.Rect, bottom: int) -> None:
    """A phase card's explanation, from ``area``'s top left down to ``bottom``, as large as fits."""
    size, lines, step = theme.fit_lines(text, size, area.width, bottom - area.y)
    for index, line in enumerate(lines):
        theme.draw_text(surface, line, (area.x, area.y + index * step), size, theme.CREAM_DIM)


def _phase_following(surface: pygame.Surface, frame: LinjaFrame, card: pygame.Rect, steps: int) -> None:
    glow = frame.pulse(6)
    size = int(132 + 14 * glow)
    colour = theme.mix(theme.SUNFLOWER, theme.CREAM, glow * 0.5)
    theme.draw_text(surface, str(steps), (card.x + 92, card.centery + 6), size, colour, theme.DISPLAY_FONT,
                    "center", shadow=True)
    heading = ngettext("Following move: {steps} step", "Following move: {steps} steps", steps).format(steps=steps)
    title = theme.draw_text(surface, heading, (card.x + 180, card.y + 22),
                            theme.fit_text(heading, 30, card.width - 204, theme.DISPLAY_FONT), theme.SUNFLOWER,
                            theme.DISPLAY_FONT)
    text = phase_words(frame)
    _card_text(surface, text, 24, pygame.Rect(card.x + 180, max(card.y + 70, title.bottom + 4), card.width - 204, 0),
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
    title = theme.draw_text(surface, _("Final scoring"), (card.x + 24, card.y + 18), 36, theme.SUNFLOWER,
                            theme.DISPLAY_FONT)
    text = _("Pieces in the other half score 5 on the goal row, then 3, 2 and 1 on the rows nearest it.")
    _card_text(surface, text, 24, pygame.Rect(card.x + 24, max(card.y + 70, title.bottom + 4), card.width - 48, 0),
               card.bottom - 76)
    tally = frame.tally or (frame.view.get("scores") or [0, 0])
    for seat, x in ((0, card.x + card.width // 4), (1, card.x + 3 * card.width // 4)):
        theme.draw_text(surface, str(tally[seat]), (x, card.bottom - 40), theme.unscaled(52),
                        theme.text_colour(frame.colour(seat)), theme.DISPLAY_FONT, "center", shadow=True)
    theme.draw_text(surface, ":", (card.centerx, card.bottom - 42), theme.unscaled(48), theme.CREAM, theme.DISPLAY_FONT,
                    "center")


def _log(surface: pygame.Surface, frame: LinjaFrame) -> None:
    title = theme.draw_text(surface, _("Moves"), (TURN_BOX.x + 28, LOG_TOP), 28, theme.CREAM_DIM, theme.DISPLAY_FONT)
    top, step = max(LOG_TOP + 40, title.bottom + 4), theme.px(30)
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
