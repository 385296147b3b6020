"""The pause menu (Esc at the table): resume, rules, settings, leave.

While it is open the table beneath gets no time, and a local session's bots stop thinking; a LAN
table plays on for the others (and the host's bots), so there the menu is headed "Menu" and says so.
Leaving a game this program saves ("Save and leave") loses nothing: Continue brings it back; nor
does leaving a finished game whose replay is kept. Leaving any other (a LAN seat, a table whose
saving fails) asks once more; at a LAN table the question says, under it, what leaving does to the
table (the tooltip alone reached only a player with a pointer on the button), and the tooltip
steps aside meanwhile: the sentence is said once.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import N_, _
from game.scenes.rules import RulesScene
from game.scenes.settings import SettingsScene
from game.scenes.stack import Scene
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import Button, room_for_labels

PANEL = pygame.Rect(0, 0, 640, 640)
PANEL.center = (theme.WIDTH // 2, theme.HEIGHT // 2)
BUTTON_WIDTH = 460  # every label reads at the menu's one size; wider at a large text size


class PauseScene(Scene):
    overlay = True
    name = "pause"

    def __init__(self, app, on_leave: Callable[[], None] | None = None, game: str | None = None,  # type: ignore[no-untyped-def]
                 saved: bool = False, kept: bool = False, watching: bool = False, leave_note: str = "",
                 plays_on: bool = False) -> None:
        super().__init__(app)
        self.plays_on = plays_on  # a LAN table: the others and the host's bots do not wait for this menu
        self.leave_note = leave_note  # what leaving does to the others (a LAN table), said on the button
        self.on_leave = on_leave
        self.game = game
        self.saved = saved
        self.watching = watching  # a LAN spectator: the table plays on without them, nothing is lost
        self.kept = kept or watching  # a finished game whose replay is kept: leaving loses nothing either
        self.confirming = False
        entries = [(N_("Resume"), self.resume_game, "primary"), (N_("Rules"), self.open_rules, "secondary"),
                   (N_("Settings"), self.open_settings, "secondary"), (N_("Leave game"), self.leave, "danger")]
        self.buttons: dict[str, Button] = {}
        leave = [_("Save and leave")] if saved else [] if kept else [_("Really leave?")]
        width = max(BUTTON_WIDTH, room_for_labels([_(entry[0]) for entry in entries] + leave))
        self.panel = PANEL.inflate(max(0, width - BUTTON_WIDTH), 0)  # a large text size widens the menu
        for index, (label, action, style) in enumerate(entries):
            rect = pygame.Rect(0, 0, width, 84)
            rect.center = (PANEL.centerx, PANEL.y + 200 + index * 104)
            self.buttons[label] = Button(rect, _(label), action, style)
            self.ui.add(self.buttons[label])
        if saved:
            self.buttons["Leave game"].label = _("Save and leave")
            self.buttons["Leave game"].tooltip = _("The game is saved as you play: Continue brings it back.")
        elif watching:
            self.buttons["Leave game"].tooltip = _("You only watch: the table plays on without you.")
        elif kept:
            self.buttons["Leave game"].tooltip = _("The finished game is kept: Replays on the title plays it again.")
        elif leave_note:
            self.buttons["Leave game"].tooltip = leave_note
        self.ui.set_focus(self.buttons["Resume"])

    def retranslated(self) -> PauseScene:
        kept = self.kept and not self.watching
        return PauseScene(self.app, self.on_leave, self.game, self.saved, kept, self.watching, self.leave_note,
                          self.plays_on)

    def resume_game(self) -> None:
        self.app.pop()

    def open_rules(self) -> None:
        self.app.push(RulesScene(self.app, self.game))

    def open_settings(self) -> None:
        self.app.push(SettingsScene(self.app))

    def leave(self) -> None:
        if not self.confirming and not self.saved and not self.kept:
            self.confirming = True
            self.buttons["Leave game"].label = _("Really leave?")
            if self.leave_note:  # said under the button now: not a second time beside it
                self.buttons["Leave game"].tooltip = None
            return
        if self.on_leave is not None:
            self.on_leave()
        self.app.to_title()

    def handle(self, intent: Intent) -> bool:
        if intent.kind == "cancel":
            self.resume_game()
            return True
        handled = super().handle(intent)
        if intent.kind in ("point", "up", "down", "focus_next", "focus_prev") and self.confirming \
                and self.ui.focus is not self.buttons["Leave game"]:
            self.confirming = False
            self.buttons["Leave game"].label = _("Leave game")
            if self.leave_note:
                self.buttons["Leave game"].tooltip = self.leave_note
        return handled

    def draw(self, surface: pygame.Surface) -> None:
        theme.panel(surface, self.panel, theme.PLUM, 34, theme.PLUM_LIGHT, 12)
        if self.plays_on:  # nothing stops for this menu: it says so instead of "Paused"
            theme.heading(surface, _("Menu"), (self.panel.centerx, self.panel.y + 76), 76)
            note = _("The table plays on meanwhile.")
            theme.draw_text(surface, note, (self.panel.centerx, self.panel.y + 128),
                            theme.fit_text(note, 24, self.panel.width - 60), theme.CREAM_DIM, anchor="center")
        else:
            theme.heading(surface, _("Paused"), (self.panel.centerx, self.panel.y + 86), 76)
        super().draw(surface)
        if self.confirming and self.leave_note:  # asked once more: what leaving does, for keys too (no hover)
            self._draw_leave_note(surface)

    def _draw_leave_note(self, surface: pygame.Surface) -> None:
        """The LAN table's word on leaving, under Really leave?, within the panel (smaller when long)."""
        top = self.buttons["Leave game"].rect.bottom + 12
        room = self.panel.bottom - 14 - top
        for size in range(22, 15, -1):
            lines = theme.wrap(self.leave_note, size, self.panel.width - 60)
            if len(lines) * theme.px(size * 1.3) <= room:
                break
        for index, line in enumerate(lines):
            theme.draw_text(surface, line, (self.panel.centerx, top + index * theme.px(size * 1.3)), size,
                            theme.CREAM, anchor="midtop")
