"""Saved games: every unfinished game of this computer, newest first, to resume or delete.

A row names the game, where it is played (on this screen, or a LAN table hosted from here), the
players, how far it got and when it was last saved. A damaged save says what is wrong with it and
can only be deleted; a save whose journal is damaged in the middle offers, instead of Resume, to
continue from its last good action (the button names it). Deleting asks once more.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pygame

from game import saves
from game.core.contract import SnapshotError
from game.saves import SavedGame, refusal
from game.scenes.stack import AppServices, Scene
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import Button

PANEL = pygame.Rect(160, 150, 1600, 800)
ROW_H = 112
ROWS = 5  # a page
LIST_TOP = PANEL.y + 110


def open_saved_game(app: AppServices, saved: SavedGame, accept_damage: bool = False) -> str | None:
    """Resume ``saved`` at its table; why not, in a player's words (None: it is open)."""
    try:
        if saved.kind == "hosted":
            from game.lan.host import resume_hosted_table  # lazy: the network stack loads only for LAN play
            resume_hosted_table(app, saved.path, accept_damage)
        else:
            from game.tables.launch import resume_local_game  # lazy: the tables load when a game opens
            resume_local_game(app, saved.path, accept_damage)
    except SnapshotError as error:
        return refusal(saved.path, error)
    except OSError as error:  # a hosted table that cannot listen, a file that vanished meanwhile
        return f"Could not open the table: {error.strerror or error}"
    return None


class SavedGamesScene(Scene):
    name = "saved"

    def __init__(self, app: AppServices, message: str = "") -> None:
        super().__init__(app)
        self.games: list[SavedGame] = []
        self.page = 0
        self.message = message
        self.confirm: Path | None = None  # the save whose Delete asks once more
        self.back = Button(pygame.Rect(PANEL.x + 40, PANEL.bottom - 100, 260, 72), "Back", app.pop, "secondary", 34)
        self.previous = Button(pygame.Rect(PANEL.right - 560, PANEL.bottom - 100, 250, 72), "‹ Newer",
                               lambda: self._turn(-1), "secondary", 30)
        self.next = Button(pygame.Rect(PANEL.right - 290, PANEL.bottom - 100, 250, 72), "Older ›",
                           lambda: self._turn(1), "secondary", 30)
        self.row_buttons: list[tuple[Button, Button]] = []
        self.refresh()

    # -- the list ---------------------------------------------------------------------------------
    def refresh(self) -> None:
        self.games = saves.list_saves()
        self.page = min(self.page, max(0, (len(self.games) - 1) // ROWS))
        self._build()

    def shown(self) -> list[SavedGame]:
        return self.games[self.page * ROWS:(self.page + 1) * ROWS]

    def _turn(self, step: int) -> None:
        self.page = max(0, min(self.page + step, (len(self.games) - 1) // ROWS))
        self.confirm = None
        self._build()

    def _build(self) -> None:
        """The buttons of the rows on this page, and the page's own."""
        focus_label = self.ui.focus.name if self.ui.focus is not None else None
        self.ui.clear()
        self.row_buttons = []
        for index, game in enumerate(self.shown()):
            row = self._row_rect(index)
            label = "Resume" if game.resumable else f"From action {game.good_until}"
            resume = Button(pygame.Rect(row.right - 500, row.centery - 32, 270, 64), label,
                            self._resume_action(game), "primary", 30, name=f"resume-{index}")
            delete_label = "Really delete?" if self.confirm == game.path else "Delete"
            delete = Button(pygame.Rect(row.right - 214, row.centery - 32, 190, 64), delete_label,
                            self._delete_action(game), "danger", 30, name=f"delete-{index}")
            if game.resumable or game.continuable:
                self.ui.add(resume)
            self.ui.add(delete)
            self.row_buttons.append((resume, delete))
        self.ui.add(self.back)
        pages = (len(self.games) - 1) // ROWS + 1
        if pages > 1:
            self.previous.enabled, self.next.enabled = self.page > 0, self.page < pages - 1
            self.ui.add(self.previous)
            self.ui.add(self.next)
        chosen = next((widget for widget in self.ui.widgets if getattr(widget, "name", None) == focus_label), None)
        first = next((resume for resume, _ in self.row_buttons if resume in self.ui.widgets), self.back)
        self.ui.set_focus(chosen or first)

    def _resume_action(self, game: SavedGame) -> Callable[[], None]:
        return lambda: self.resume(game)

    def _delete_action(self, game: SavedGame) -> Callable[[], None]:
        return lambda: self.delete(game)

    # -- actions ----------------------------------------------------------------------------------
    def resume(self, game: SavedGame) -> None:
        """Resume, or (a damaged journal) go on from the last good action, as the button says."""
        self.confirm = None
        problem = open_saved_game(self.app, game, accept_damage=game.continuable)
        if problem is None:
            return
        self.message = problem
        self.app.sounds.play("error")
        self.refresh()

    def delete(self, game: SavedGame) -> None:
        if self.confirm != game.path:
            self.confirm = game.path
            self._build()
            return
        self.confirm = None
        self.message = saves.delete(game.path) or ""
        self.refresh()
        if not self.games:
            self.message = self.message or "No saved games left."

    def handle(self, intent: Intent) -> bool:
        if intent.kind == "cancel":
            if self.confirm is not None:
                self.confirm = None
                self._build()
            else:
                self.app.pop()
            return True
        return super().handle(intent)

    # -- drawing ----------------------------------------------------------------------------------
    @staticmethod
    def _row_rect(index: int) -> pygame.Rect:
        return pygame.Rect(PANEL.x + 40, LIST_TOP + index * ROW_H, PANEL.width - 80, ROW_H - 14)

    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        theme.heading(surface, "Saved games", (theme.WIDTH // 2, 78), 78)
        theme.panel(surface, PANEL, theme.PLUM, 30, theme.PLUM_LIGHT, 10)
        count = len(self.games)
        header = (f"{count} unfinished game{'s' if count != 1 else ''}, newest first" if count
                  else "No unfinished games: a game you start is saved as you play.")
        theme.draw_text(surface, header, (PANEL.x + 44, PANEL.y + 44), 32, theme.SUNFLOWER, theme.TEXT_BOLD_FONT)
        if count > ROWS:
            theme.draw_text(surface, f"page {self.page + 1} of {(count - 1) // ROWS + 1}",
                            (PANEL.right - 44, PANEL.y + 44), 26, theme.CREAM_DIM, anchor="topright")
        for index, game in enumerate(self.shown()):
            self._draw_row(surface, self._row_rect(index), game)
        if self.message:
            lines = theme.wrap(self.message, 26, PANEL.width - 980 if count > ROWS else PANEL.width - 400)
            for index, line in enumerate(lines[:2]):
                theme.draw_text(surface, line, (self.back.rect.right + 36, self.back.rect.y + 4 + index * 34), 26,
                                theme.CORAL, theme.TEXT_BOLD_FONT)
        super().draw(surface)

    def _draw_row(self, surface: pygame.Surface, row: pygame.Rect, game: SavedGame) -> None:
        known = game.resumable or game.continuable
        fill = theme.NIGHT_2 if known else theme.shade(theme.NIGHT_2, 0.8)
        pygame.draw.rect(surface, fill, row, border_radius=18)
        width = row.width - 550
        ink = theme.CREAM if known else theme.shade(theme.CREAM_DIM, 0.7)
        where = f"LAN table “{game.table}”" if game.kind == "hosted" else "on this screen"
        title = f"{game.title} · {where}" if known else f"Damaged save {game.path.name}"
        theme.draw_text(surface, title, (row.x + 28, row.y + 12), theme.fit_text(title, 34, width, theme.DISPLAY_FONT),
                        ink, theme.DISPLAY_FONT)
        if game.resumable:
            stamp = time.strftime("%d %b %Y, %H:%M", time.localtime(game.when))
            detail = f"{', '.join(game.players)} · action {game.turn} · saved {stamp}"
            colour = theme.CREAM_DIM
        elif game.continuable:
            detail, colour = f"{', '.join(game.players)} · {game.problem}", theme.shade(theme.CORAL, 0.9)
        else:
            detail, colour = f"Cannot be resumed: {game.problem}", theme.shade(theme.CORAL, 0.9)
        theme.draw_text(surface, detail, (row.x + 28, row.y + 56), theme.fit_text(detail, 25, width), colour,
                        theme.TEXT_BOLD_FONT)
