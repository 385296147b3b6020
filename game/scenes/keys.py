"""Keys: the play shortcuts (turn, turn back, end the turn, hint, chat) on the keys a player wants.

Change waits for the next key press (Esc takes the question back); a key another shortcut has is
swapped with it; a key kept for menus and moving is refused in words. Saved at once.
"""

from __future__ import annotations

import pygame

from game.i18n import _
from game.scenes.stack import Scene
from game.ui import theme
from game.ui.input import Intent
from game.ui.keys import SHORTCUTS, Bindings, key_label
from game.ui.widgets import Button

PANEL = pygame.Rect(0, 0, 1100, 860)
PANEL.center = (theme.WIDTH // 2, theme.HEIGHT // 2)
ROW_W, ROW_H = 960, 84
TOP = PANEL.y + 170


class KeysScene(Scene):
    closes_on_cancel = True
    overlay = True
    name = "keys"

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.waiting: str | None = None  # the shortcut whose new key is awaited
        self.message = ""
        self.refused = False  # the message refuses a key (drawn in coral)
        self.changes: dict[str, Button] = {}
        for index, (intent, _words, _key) in enumerate(SHORTCUTS):
            row = self.row_rect(index)
            button = Button(pygame.Rect(row.right - 230, row.y + 10, 210, row.height - 20), _("Change"),
                            lambda intent=intent: self.ask(intent), "secondary", 30, name=f"change-{intent}")
            self.changes[intent] = button
            self.ui.add(button)
        foot = PANEL.bottom - 116
        self.reset = Button(pygame.Rect(PANEL.centerx - 360, foot, 340, 80), _("Default keys"), self.defaults,
                            "secondary", 32)
        self.done = Button(pygame.Rect(PANEL.centerx + 20, foot, 340, 80), _("Done"), self.close, "primary")
        self.ui.add(self.reset)
        self.ui.add(self.done)
        self.ui.set_focus(self.changes[SHORTCUTS[0][0]])

    @staticmethod
    def row_rect(index: int) -> pygame.Rect:
        return pygame.Rect(PANEL.centerx - ROW_W // 2, TOP + index * (ROW_H + 14), ROW_W, ROW_H)

    # -- actions ----------------------------------------------------------------------------------
    def ask(self, intent: str) -> None:
        self.waiting = intent
        self.app.mapper.capturing = True
        self.message = ""

    def defaults(self) -> None:
        self._apply(Bindings(), _("Every shortcut is back on its own key."))

    def _apply(self, bindings: Bindings, message: str) -> None:
        self.app.mapper.bindings = bindings
        self.app.settings.keys = bindings.to_names()
        self.app.save_settings()
        self.message = message

    def handle(self, intent: Intent) -> bool:
        if intent.kind == "bind":
            asked, self.waiting = self.waiting, None
            if asked is None or intent.value == pygame.K_ESCAPE:
                self.message = ""
                return True
            bindings, message = self.app.mapper.bindings.rebind(asked, int(intent.value))
            self.refused = bindings is self.app.mapper.bindings
            if self.refused:
                self.message = message
                self.app.sounds.play("error")
            else:
                self._apply(bindings, message)
                self.app.sounds.play("click")
            return True
        return super().handle(intent)

    def close(self) -> None:
        self.app.mapper.capturing = False
        super().close()

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        theme.panel(surface, PANEL, theme.PLUM, 34, theme.PLUM_LIGHT, 12)
        theme.heading(surface, _("Keys"), (PANEL.centerx, PANEL.y + 74), 68)
        bindings = self.app.mapper.bindings.by_intent
        for index, (intent, words, _key) in enumerate(SHORTCUTS):
            row = self.row_rect(index)
            pygame.draw.rect(surface, theme.NIGHT_2, row, border_radius=16)
            waiting = self.waiting == intent
            cap = pygame.Rect(0, 0, 150, row.height - 24)
            cap.midright = (row.right - 250, row.centery)
            room = cap.left - 16 - (row.x + 24)  # the words end before the key's cap
            theme.draw_text(surface, _(words), (row.x + 24, row.centery), theme.fit_text(_(words), 30, room),
                            anchor="midleft")
            pygame.draw.rect(surface, theme.SUNFLOWER if waiting else theme.CREAM, cap, border_radius=10)
            label = _("press a key") if waiting else key_label(bindings[intent])
            theme.draw_text(surface, label, cap.center, theme.fit_text(label, 30, cap.width - 16), theme.INK,
                            theme.TEXT_BOLD_FONT, "center")
        note = self.message or (_("Press the new key, or Esc to keep the old one.") if self.waiting else
                                _("Menus, moving and picking keep their keys: Enter, Esc, Tab, arrows, WASD, 1–9."))
        colour = theme.CORAL if self.refused else theme.CREAM_DIM
        # the room between the last row and the buttons, measured in the bold face it is drawn in: at a
        # large text size the lines step by their own height (not 34 px) and a long refusal shrinks
        # rather than losing its end
        top = self.row_rect(len(SHORTCUTS)).y + 8
        size, lines, step = theme.fit_lines(note, 26, ROW_W, self.reset.rect.top - 8 - top, theme.TEXT_BOLD_FONT)
        for index, line in enumerate(lines):
            theme.draw_text(surface, line, (PANEL.centerx, top + index * step), size, colour, theme.TEXT_BOLD_FONT,
                            "midtop")
        super().draw(surface)
