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

    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        centre = theme.WIDTH // 2
        wobble = math.sin(self.age * 3) * 6
        badge = pygame.Rect(0, 0, 1100, 420)
        badge.center = (centre, 420 + wobble)
        theme.panel(surface, badge, theme.PLUM, 40, self.colour, 14)
        pygame.draw.rect(surface, self.colour, badge.inflate(-30, -30), width=8, border_radius=30)
        theme.draw_text(surface, _("Pass the device to"), (centre, badge.y + 92), 44, theme.CREAM_DIM,
                        theme.TEXT_BOLD_FONT, "center")
        size = theme.fit_text(self.player, 120, badge.width - 120, theme.DISPLAY_FONT)
        theme.draw_text(surface, self.player, (centre, badge.centery + 24), size, theme.text_colour(self.colour),
                        theme.DISPLAY_FONT, "center", shadow=True)
        hint = self.note or _("Everyone else: look away for a moment.")
        size, lines, step = theme.fit_lines(hint, 30, badge.width - 120, 84)  # a long note wraps, never spills
        top = badge.bottom - 60 - step * (len(lines) - 1) / 2
        for index, line in enumerate(lines):
            theme.draw_text(surface, line, (centre, round(top + index * step)), size, theme.CREAM, anchor="center")
        # the keys that work here, as every table says them: a newcomer handed the device finds the way out
        theme.draw_text(surface, _("Esc menu · F1 rules"), (centre, KEYS_Y), 26, theme.CREAM_DIM, anchor="center")
        super().draw(surface)
