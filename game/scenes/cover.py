"""Hot-seat privacy: a full cover between two human turns, "Pass to <name>".

Not an overlay on purpose: nothing of the table beneath is drawn while it is up, so the next
player's hand (or the previous one's secrets) never flashes on screen while the device changes
hands. The player dismisses it themselves (click, Enter, pad A).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.i18n import _
from game.scenes.pause import PauseScene
from game.scenes.rules import RulesScene
from game.scenes.stack import Scene
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import Button

KEYS_Y = 1030  # the line that names the menu's and the rules' keys, under the button
CARD_WIDTH, CARD_HEIGHT, CARD_CENTRE_Y = 1100, 420, 420  # "Pass the device to <name>": at least this large
FRAME_INSET = 23  # the coloured frame drawn inside the card's edge, to its inner side
TEXT_MARGIN = 22  # design pixels between the frame and the words inside it


class CoverScene(Scene):
    name = "cover"

    def __init__(self, app, player: str, colour: theme.Colour, on_reveal: Callable[[], None] | None = None,  # type: ignore[no-untyped-def]
                 note: str = "", on_menu: Callable[[], None] | None = None,
                 on_rules: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.on_menu = on_menu  # the table's own pause menu: Save and leave, its game's rules
        self.on_rules = on_rules  # the table's game's rules (F1), which hold no one's secrets
        self.player = player
        self.colour = colour
        self.on_reveal = on_reveal
        self.note = note
        rect = pygame.Rect(0, 0, 620, 96)
        rect.center = (theme.WIDTH // 2, 780)
        self.button = Button(rect, _("I'm {player} — show me").format(player=player), self.reveal, "primary", 40,
                             tint=colour)  # in the colour of the player it hands to, as the badge
        self.ui.add(self.button)
        self.ui.set_focus(self.button)
        self.revealed = False

    def enter(self) -> None:
        self.app.sounds.play("turn")

    def reveal(self) -> None:
        if self.revealed:
            return
        self.revealed = True
        self.app.pop()
        if self.on_reveal is not None:
            self.on_reveal()

    def handle(self, intent: Intent) -> bool:
        if intent.kind == "cancel":
            if self.on_menu is not None:
                self.on_menu()
            else:
                self.app.push(PauseScene(self.app))
            return True
        if intent.kind == "help":
            if self.on_rules is not None:
                self.on_rules()
            else:
                self.app.push(RulesScene(self.app))
            return True
        return super().handle(intent)

    def layout(self) -> tuple[pygame.Rect, list[tuple[str, int, str, int]]]:
        """The card and its lines, each (text, design size, face, top), stacked with room between them
        and inside the frame at every text size: the card grows for a large text size or a long note
        (never onto the button beneath), rather than the words touching its frame or each other."""
        width = CARD_WIDTH - 2 * (FRAME_INSET + theme.px(TEXT_MARGIN))
        heading = _("Pass the device to")
        name_size = theme.fit_text(self.player, 120, width, theme.DISPLAY_FONT)
        hint = self.note or _("Everyone else: look away for a moment.")
        hint_size, lines, step = theme.fit_lines(hint, 30, width, theme.line_height(30) * 4)  # a long note wraps
        blocks = [(heading, 44, theme.TEXT_BOLD_FONT, theme.text_font(44, True).get_height()),
                  (self.player, name_size, theme.DISPLAY_FONT,
                   theme.display(name_size).get_height() + max(2, theme.px(name_size) // 14))]  # with its shadow
        blocks += [(line, hint_size, theme.TEXT_FONT, step) for line in lines]
        gap = theme.px(14)
        content = sum(block[3] for block in blocks) + gap * 2
        card = pygame.Rect(0, 0, CARD_WIDTH, max(CARD_HEIGHT, content + 2 * (FRAME_INSET + theme.px(TEXT_MARGIN))))
        card.center = (theme.WIDTH // 2, CARD_CENTRE_Y)
        card.bottom = min(card.bottom, self.button.rect.top - 40)  # grown: upwards, clear of the button
        top = card.centery - content // 2
        placed = []
        for index, (text, size, face, height) in enumerate(blocks):
            placed.append((text, size, face, top))
            top += height + (gap if index < 2 else 0)
        return card, placed

    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        centre = theme.WIDTH // 2
        wobble = round(math.sin(self.age * 3) * 6)
        card, lines = self.layout()
        card.move_ip(0, wobble)
        theme.panel(surface, card, theme.PLUM, 40, self.colour, 14)
        pygame.draw.rect(surface, self.colour, card.inflate(-30, -30), width=8, border_radius=30)
        for index, (text, size, face, top) in enumerate(lines):
            colour = theme.CREAM_DIM if index == 0 else theme.text_colour(self.colour) if index == 1 else theme.CREAM
            theme.draw_text(surface, text, (centre, top + wobble), size, colour, face, "midtop", shadow=index == 1)
        # the keys that work here, as every table says them: a newcomer handed the device finds the way out;
        # only while they work (on top): under the rules or the menu it would peek out beneath their panel
        if self.app.stack.top is self:
            theme.draw_text(surface, _("Esc menu · F1 rules"), (centre, KEYS_Y), 26, theme.CREAM_DIM, anchor="center")
        super().draw(surface)
