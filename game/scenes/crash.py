"""The screen after an unexpected error: what happened, where the details are, and the way back.

The game in play was autosaved after its last action, so Continue brings it back as it stood
(``game.scenes.saved.open_saved_game`` on the newest save); Quit ends the program. The error and
its traceback are already in the log file this screen names.
"""

from __future__ import annotations

import pygame

from game import saves
from game.files import reason_in_words
from game.i18n import N_, _
from game.logs import file_failing
from game.scenes.saved import SavedGamesScene, open_saved_game, summary
from game.scenes.stack import AppServices, Scene
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import Button

PANEL = pygame.Rect(0, 0, 1240, 640)
PANEL.center = (theme.WIDTH // 2, theme.HEIGHT // 2)


class CrashScene(Scene):
    name = "crash"

    def __init__(self, app: AppServices, error: BaseException, log_path: str | None, unsaved: str = "") -> None:
        """``unsaved``: why the game in play could not be saved (a full disk), so the screen never
        promises more than the save holds."""
        super().__init__(app)
        self.error = f"{type(error).__name__}: {error}"[:300]
        self.log_path = log_path
        self.unsaved = unsaved
        self.latest = saves.latest()
        self.message = ""
        self.buttons: dict[str, Button] = {}
        entries = [(N_("Continue"), self.resume, "primary"), (N_("Quit"), app.quit, "danger")]
        if self.latest is None:
            entries[0] = (N_("Title screen"), app.to_title, "primary")
        for index, (label, action, style) in enumerate(entries):
            rect = pygame.Rect(0, 0, 400, 84)
            rect.center = (PANEL.centerx + (index * 2 - 1) * 220, PANEL.bottom - 90)
            self.buttons[label] = self.ui.add(Button(rect, _(label), action, style))  # type: ignore[assignment]
        self.ui.set_focus(next(iter(self.buttons.values())))

    def log_words(self) -> str:
        """Where the details are: the log file, unless it could not be written (a full disk)."""
        if self.log_path and file_failing():
            return _("The log file {path} cannot be written: the details were written to the console.").format(
                path=self.log_path)
        if self.log_path:
            return _("The details are in {path}: please send that file along if you report this.").format(
                path=self.log_path)
        return _("The details were written to the console.")

    def saved_words(self) -> str:
        """What became of the game in play, as far as the save holds it."""
        if self.unsaved:
            reason = reason_in_words(self.unsaved)
            if self.latest is None:
                return _("Your game could not be saved ({reason}) and cannot be brought back.").format(reason=reason)
            return _("Your game could not be saved to its last move ({reason}): Continue brings it back as "
                     "last saved ({game}).").format(reason=reason, game=summary(self.latest))
        if self.latest is None:
            return _("No game was in play, so nothing is lost.")
        return _("Your game is saved up to its last move: Continue brings it back ({game}).").format(
            game=summary(self.latest))

    def resume(self) -> None:
        if self.latest is None:
            return
        problem = open_saved_game(self.app, self.latest)
        if problem is not None:
            self.app.sounds.play("error")
            self.app.to_title()
            self.app.push(SavedGamesScene(self.app, problem))

    def handle(self, intent: Intent) -> bool:
        if intent.kind == "cancel":
            self.app.to_title()
            return True
        return super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        theme.panel(surface, PANEL, theme.PLUM, 34, theme.CORAL, 12)
        theme.heading(surface, _("Something went wrong"), (PANEL.centerx, PANEL.y + 86), 70)
        saved = self.saved_words()
        where = self.log_words()
        y = PANEL.y + 170
        paragraphs = ((saved, theme.CREAM, 30), (where, theme.CREAM_DIM, 26),
                      (self.error, theme.shade(theme.CORAL, 1.1), 24))
        room = min(button.rect.top for button in self.buttons.values()) - 16 - y
        factor = 1.0  # all three shrink alike until they end above the buttons (large text, long paths)
        while True:
            blocks = [(theme.wrap(text, max(10, round(size * factor)), PANEL.width - 120, theme.TEXT_BOLD_FONT)[:3],
                       colour, max(10, round(size * factor))) for text, colour, size in paragraphs]
            height = sum(len(lines) * theme.px(size + 12) + 18 for lines, _colour, size in blocks) - 18
            if height <= room or factor <= 0.5:
                break
            factor -= 0.05
        for lines, colour, size in blocks:
            for line in lines:
                theme.draw_text(surface, line, (PANEL.x + 60, y), size, colour, theme.TEXT_BOLD_FONT)
                y += theme.px(size + 12)
            y += 18
        super().draw(surface)
