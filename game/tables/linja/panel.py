"""The side panel of the Linja table: both players' cards, whose move it is and what it is worth,
what the hovered move would do, the last moves, and the Rules and Menu buttons.

It reads the table scene (its shown view, hover, messages, tally) and draws; it decides nothing.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

import pygame

from game.core.linja.position import PIECES, scores
from game.render.linja.art import board_layer, draw_piece
from game.ui import theme
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.tables.linja.table import LinjaTable

BOARD = pygame.Rect(24, 24, 1290, 1032)
PANEL_X = BOARD.right + 24
PANEL_W = theme.WIDTH - PANEL_X - 24
CARD_H = 168
CARDS = {1: pygame.Rect(PANEL_X, 24, PANEL_W, CARD_H),  # B plays from the top edge of the board
         0: pygame.Rect(PANEL_X, theme.HEIGHT - 24 - CARD_H, PANEL_W, CARD_H)}
TURN_BOX = pygame.Rect(PANEL_X, CARDS[1].bottom + 24, PANEL_W, CARDS[0].y - CARDS[1].bottom - 48)
LOG_TOP = TURN_BOX.y + 388


@cache
def _backdrop(size: tuple[int, int], colours: tuple[theme.Colour, theme.Colour]) -> pygame.Surface:
    backdrop = pygame.Surface(size)
    theme.background(backdrop)
    backdrop.blit(board_layer(tuple(BOARD), colours), BOARD)
    return backdrop.convert() if pygame.display.get_surface() is not None else backdrop


class LinjaPanel:
    def __init__(self, table: LinjaTable) -> None:
        self.table = table
        width = (PANEL_W - 72) // 2
        y = TURN_BOX.bottom - 86
        self.rules = Button((PANEL_X + 24, y, width, 66), "Rules", table.open_rules, "secondary", 32,
                            "The rules of Linja (F1).")
        self.menu = Button((PANEL_X + 48 + width, y, width, 66), "Menu", table.open_menu, "secondary", 32,
                           "Pause, settings, leave (Esc).")
        table.ui.add(self.rules)
        table.ui.add(self.menu)

    # -- texts ------------------------------------------------------------------------------------
    def preview_text(self, choice: dict[str, Any], short: bool = False) -> str:
        """What a legal move would do, in the words of the rules (short: a label over the ghost piece)."""
        view = self.table.shown
        seat = int(view.get("turn") or 0)
        source, to = int(choice["from"]), int(choice["to"])
        target = int((view.get("targets") or [7, 0])[seat])
        if "steps" in choice:
            steps = int(choice["steps"])
            on_row = sum(int(n) for n in view["rows"][to])
            if to == target:
                return "home · +1 step" if short else \
                    f"Row {source} → home: leaving the field earns a following move of exactly 1 step."
            if steps == 0 and on_row:
                return "ends the game!" if short else f"Row {source} → {to}: the pieces have passed — game over."
            if steps == 0:
                return "empty row · no follow-up" if short else \
                    f"Row {source} → {to}: the row is empty, so there is no following move."
            plural = "s" if steps > 1 else ""
            return f"+{steps} step{plural}" if short else \
                f"Row {source} → {to}: {steps} piece{plural} there, so the following move gets {steps} step{plural}."
        if choice.get("extra_turn"):
            return "Extra turn!" if short else f"Row {source} → {to}: an empty row — you earn an extra turn!"
        if to == target:
            return "home" if short else f"Row {source} → home: the piece leaves the field."
        return f"row {to}" if short else f"Row {source} → {to}."

    def guidance(self) -> tuple[str, theme.Colour]:
        table = self.table
        if table.message:
            return table.message, theme.CORAL if table.message_bad else theme.CREAM
        choice = table.active_choice()
        if choice is not None:
            return self.preview_text(choice), theme.CREAM
        if table.busy:
            return "Click or press Enter to skip the animation.", theme.CREAM_DIM
        view = table.shown
        turn = view.get("turn")
        if view.get("phase") == "over" or turn is None:
            return "", theme.CREAM
        if table.my_turn:
            return "Click a piece to move it — or ← → and Enter. Hover to see where it lands.", theme.CREAM_DIM
        info = table.seat_info(int(turn))
        if info.get("kind") == "bot":
            return f"{info.get('name')} is thinking…", theme.CREAM_DIM
        if table.seat is None and not table.humans:
            return "Watching the bots play.", theme.CREAM_DIM
        return f"Waiting for {info.get('name')}…", theme.CREAM_DIM

    # -- drawing ----------------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        """The backdrop and the empty table, as one opaque picture (a single fast blit a frame)."""
        surface.blit(_backdrop(surface.get_size(), self.table.colours), (0, 0))

    def draw(self, surface: pygame.Surface) -> None:
        for seat, rect in CARDS.items():
            self._card(surface, seat, rect)
        self._turn_box(surface)

    def _card(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        table = self.table
        view = table.shown
        colour = table.seat_colour(seat)
        active = view.get("turn") == seat and view.get("phase") != "over"
        theme.panel(surface, rect, theme.PLUM_LIGHT if active else theme.PLUM, 22, colour if active else None, 6)
        if active:
            pygame.draw.rect(surface, colour, rect, width=4, border_radius=22)
        draw_piece(surface, (rect.x + 72, rect.centery), colour, seat, 42)
        info = table.seat_info(seat)
        name = str(info.get("name"))
        size = theme.fit_text(name, 42, 260, theme.DISPLAY_FONT)
        theme.draw_text(surface, name, (rect.x + 136, rect.y + 26), size, theme.CREAM, theme.DISPLAY_FONT)
        kind = f"Bot · {info.get('level')}" if info.get("kind") == "bot" else "Human"
        theme.draw_text(surface, kind, (rect.x + 136, rect.y + 82), 24, theme.CREAM_DIM)
        rows = view["rows"]
        target = int((view.get("targets") or [7, 0])[seat])
        home = int(rows[target][seat])
        way = "Moves up" if seat == 0 else "Moves down"
        theme.draw_text(surface, f"{way} · {home} of {PIECES} home", (rect.x + 136, rect.y + 116), 24,
                        theme.CREAM_DIM)
        if table.tally is not None:
            points, label = table.tally[seat], "points"
        else:
            points = scores([[int(r[0]) for r in rows], [int(r[1]) for r in rows]])[seat]
            label = "final points" if view.get("phase") == "over" else "points now"
        theme.draw_text(surface, str(points), (rect.right - 28, rect.y + 18), 68, theme.SUNFLOWER,
                        theme.DISPLAY_FONT, "topright", shadow=True)
        theme.draw_text(surface, label, (rect.right - 28, rect.y + 88), 22, theme.CREAM_DIM, anchor="topright")

    def _turn_box(self, surface: pygame.Surface) -> None:
        table = self.table
        view = table.shown
        box = TURN_BOX
        theme.panel(surface, box, theme.PLUM, 22, theme.PLUM_LIGHT, 6)
        turn = view.get("turn")
        over = view.get("phase") == "over" or turn is None
        if over:
            theme.draw_text(surface, "Game over", (box.x + 28, box.y + 22), 44, theme.SUNFLOWER, theme.DISPLAY_FONT)
        else:
            seat = int(turn)
            text = f"{table.seat_name(seat)}'s turn"
            extra = bool(view.get("extra_turn"))
            size = theme.fit_text(text, 44, box.width - (270 if extra else 56), theme.DISPLAY_FONT)
            theme.draw_text(surface, text, (box.x + 28, box.y + 22), size, table.seat_colour(seat),
                            theme.DISPLAY_FONT)
            if extra:
                chip = pygame.Rect(0, 0, 200, 40)
                chip.topright = (box.right - 24, box.y + 26)
                pygame.draw.rect(surface, theme.SUNFLOWER, chip, border_radius=20)
                theme.draw_text(surface, "EXTRA TURN", (chip.centerx, chip.centery + 2), 22, theme.INK,
                                theme.DISPLAY_FONT, "center")
        card = pygame.Rect(box.x + 20, box.y + 84, box.width - 40, 196)
        pygame.draw.rect(surface, theme.NIGHT_2, card, border_radius=18)
        if table.tally is not None or over:
            self._phase_final(surface, card)
        elif view.get("phase") == "following":
            self._phase_following(surface, card, int(view.get("steps", 0)))
        else:
            self._phase_initial(surface, card)
        text, colour = self.guidance()
        for index, line in enumerate(theme.wrap(text, 26, box.width - 56)[:3]):
            theme.draw_text(surface, line, (box.x + 28, box.y + 296 + index * 31), 26, colour, theme.TEXT_BOLD_FONT)
        self._log(surface)

    def _phase_initial(self, surface: pygame.Surface, card: pygame.Rect) -> None:
        theme.draw_text(surface, "Initial move", (card.x + 24, card.y + 18), 36, theme.SUNFLOWER, theme.DISPLAY_FONT)
        text = ("Move one of your pieces over one stick. The pieces already on the row it reaches "
                "set the length of the following move.")
        for index, line in enumerate(theme.wrap(text, 25, card.width - 48)[:4]):
            theme.draw_text(surface, line, (card.x + 24, card.y + 72 + index * 30), 25, theme.CREAM_DIM)

    def _phase_following(self, surface: pygame.Surface, card: pygame.Rect, steps: int) -> None:
        glow = self.table.pulse(6)
        size = int(132 + 14 * glow)
        colour = theme.mix(theme.SUNFLOWER, theme.CREAM, glow * 0.5)
        theme.draw_text(surface, str(steps), (card.x + 92, card.centery + 6), size, colour, theme.DISPLAY_FONT,
                        "center", shadow=True)
        word = "step" if steps == 1 else "steps"
        theme.draw_text(surface, f"Following move: {steps} {word}", (card.x + 180, card.y + 22), 30,
                        theme.SUNFLOWER, theme.DISPLAY_FONT)
        text = f"Move one piece — any, the one just moved too — {steps} stick{'s' if steps > 1 else ''} forward."
        for index, line in enumerate(theme.wrap(text, 24, card.width - 204)[:4]):
            theme.draw_text(surface, line, (card.x + 180, card.y + 70 + index * 29), 24, theme.CREAM_DIM)

    def _phase_final(self, surface: pygame.Surface, card: pygame.Rect) -> None:
        table = self.table
        theme.draw_text(surface, "Final scoring", (card.x + 24, card.y + 18), 36, theme.SUNFLOWER, theme.DISPLAY_FONT)
        text = "Pieces in the other half score 5 on the goal row, then 3, 2 and 1 on the rows nearest it."
        for index, line in enumerate(theme.wrap(text, 24, card.width - 48)[:2]):
            theme.draw_text(surface, line, (card.x + 24, card.y + 70 + index * 29), 24, theme.CREAM_DIM)
        tally = table.tally or (table.shown.get("scores") or [0, 0])
        for seat, x in ((0, card.x + card.width // 4), (1, card.x + 3 * card.width // 4)):
            theme.draw_text(surface, str(tally[seat]), (x, card.bottom - 40), 52, table.seat_colour(seat),
                            theme.DISPLAY_FONT, "center", shadow=True)
        theme.draw_text(surface, ":", (card.centerx, card.bottom - 42), 48, theme.CREAM, theme.DISPLAY_FONT, "center")

    def _log(self, surface: pygame.Surface) -> None:
        table = self.table
        theme.draw_text(surface, "Moves", (TURN_BOX.x + 28, LOG_TOP), 28, theme.CREAM_DIM, theme.DISPLAY_FONT)
        if not table.log:
            theme.draw_text(surface, "None yet on this screen.", (TURN_BOX.x + 28, LOG_TOP + 40), 23,
                            theme.shade(theme.CREAM_DIM, 0.8))
        for index, (seat, text) in enumerate(table.log[-5:]):
            y = LOG_TOP + 40 + index * 30
            pygame.draw.circle(surface, table.seat_colour(seat), (TURN_BOX.x + 38, y + 13), 8)
            line = f"{table.seat_name(seat)}: {text}"
            size = theme.fit_text(line, 23, TURN_BOX.width - 90)
            theme.draw_text(surface, line, (TURN_BOX.x + 56, y), size, theme.CREAM)
