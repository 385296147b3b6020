"""Replays: every finished game kept on this computer, newest first, to watch again or delete; and
"Open file…" for a replay from anywhere (a friend's, another computer's).

A row names the game and how it ended, the players, its length and when it was played. A damaged
file says what is wrong and can only be deleted. Pygame has no file dialog, so Open file… is a path
field that starts in the replays folder; a file that is missing, too big, damaged or not a replay
is refused in words beneath it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pygame

from game.paths import replays_dir
from game.replays import KeptReplay, delete_replay, list_replays
from game.scenes.stack import AppServices, Scene
from game.scenes.stats import StatsScene
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import Button, TextInput

PANEL = pygame.Rect(160, 150, 1600, 800)
ROW_H = 112
ROWS = 5  # a page
LIST_TOP = PANEL.y + 110
PATH_LIMIT = 1000  # characters a typed path may have


def watch(app: AppServices, path: Path) -> str | None:
    """Open the viewer on the replay at ``path``; why not, in a player's words (None: it is open)."""
    from game.tables.replay import open_replay  # lazy: the tables load when a replay opens
    return open_replay(app, path)


class ReplaysScene(Scene):
    name = "replays"

    def __init__(self, app: AppServices, message: str = "") -> None:
        super().__init__(app)
        self.kept: list[KeptReplay] = []
        self.page = 0
        self.message = message
        self.confirm: Path | None = None  # the replay whose Delete asks once more
        bottom = PANEL.bottom - 100
        self.back = Button(pygame.Rect(PANEL.x + 40, bottom, 200, 72), "Back", app.pop, "secondary", 34)
        self.open_file = Button(pygame.Rect(PANEL.x + 260, bottom, 260, 72), "Open file…", self.ask_path,
                                "secondary", 32, "Watch a replay file from anywhere: another folder, a friend's.")
        self.stats = Button(pygame.Rect(PANEL.x + 540, bottom, 250, 72), "Statistics", self.open_stats,
                            "secondary", 32, "Games, wins and records from the kept replays.")
        self.previous = Button(pygame.Rect(PANEL.right - 560, bottom, 250, 72), "‹ Newer",
                               lambda: self._turn(-1), "secondary", 30)
        self.next = Button(pygame.Rect(PANEL.right - 290, bottom, 250, 72), "Older ›",
                           lambda: self._turn(1), "secondary", 30)
        self.row_buttons: list[tuple[Button, Button]] = []
        self.refresh()

    # -- the list ---------------------------------------------------------------------------------
    def refresh(self) -> None:
        self.kept = list_replays()
        self.page = min(self.page, max(0, (len(self.kept) - 1) // ROWS))
        self._build()

    def shown(self) -> list[KeptReplay]:
        return self.kept[self.page * ROWS:(self.page + 1) * ROWS]

    def _turn(self, step: int) -> None:
        self.page = max(0, min(self.page + step, (len(self.kept) - 1) // ROWS))
        self.confirm = None
        self._build()

    def _build(self) -> None:
        focus_label = self.ui.focus.name if isinstance(self.ui.focus, Button) else None
        self.ui.clear()
        self.row_buttons = []
        for index, kept in enumerate(self.shown()):
            row = self._row_rect(index)
            watch_button = Button(pygame.Rect(row.right - 470, row.centery - 32, 240, 64), "Watch",
                                  self._action(self.watch, kept), "primary", 30, name=f"watch-{index}")
            label = "Really delete?" if self.confirm == kept.path else "Delete"
            delete = Button(pygame.Rect(row.right - 214, row.centery - 32, 190, 64), label,
                            self._action(self.delete, kept), "danger", 30, name=f"delete-{index}")
            if kept.replay is not None:
                self.ui.add(watch_button)
            self.ui.add(delete)
            self.row_buttons.append((watch_button, delete))
        for button in (self.back, self.open_file, self.stats):
            self.ui.add(button)
        pages = (len(self.kept) - 1) // ROWS + 1
        if pages > 1:
            self.previous.enabled, self.next.enabled = self.page > 0, self.page < pages - 1
            self.ui.add(self.previous)
            self.ui.add(self.next)
        chosen = next((widget for widget in self.ui.widgets if getattr(widget, "name", None) == focus_label), None)
        first = next((button for button, _ in self.row_buttons if button in self.ui.widgets), self.open_file)
        self.ui.set_focus(chosen or first)

    @staticmethod
    def _action(act: Callable[[KeptReplay], None], kept: KeptReplay) -> Callable[[], None]:
        return lambda: act(kept)

    # -- actions ----------------------------------------------------------------------------------
    def watch(self, kept: KeptReplay) -> None:
        self.confirm = None
        problem = watch(self.app, kept.path)
        if problem is not None:
            self.message = problem
            self.app.sounds.play("error")
            self.refresh()

    def delete(self, kept: KeptReplay) -> None:
        if self.confirm != kept.path:
            self.confirm = kept.path
            self._build()
            return
        self.confirm = None
        self.message = delete_replay(kept.path) or ""
        self.refresh()

    def ask_path(self) -> None:
        self.app.push(OpenFileScene(self.app))

    def open_stats(self) -> None:
        self.app.push(StatsScene(self.app))

    def resume(self) -> None:
        """Back from the viewer or a dialog: a new game may have been kept meanwhile."""
        self.refresh()

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
        theme.heading(surface, "Replays", (theme.WIDTH // 2, 78), 78)
        theme.panel(surface, PANEL, theme.PLUM, 30, theme.PLUM_LIGHT, 10)
        count = len(self.kept)
        header = (f"{count} finished game{'s' if count != 1 else ''}, newest first" if count
                  else "No finished games yet: every game you finish is kept here to watch again.")
        theme.draw_text(surface, header, (PANEL.x + 44, PANEL.y + 44), 32, theme.SUNFLOWER, theme.TEXT_BOLD_FONT)
        if count > ROWS:
            theme.draw_text(surface, f"page {self.page + 1} of {(count - 1) // ROWS + 1}",
                            (PANEL.right - 44, PANEL.y + 44), 26, theme.CREAM_DIM, anchor="topright")
        for index, kept in enumerate(self.shown()):
            self._draw_row(surface, self._row_rect(index), kept)
        if self.message:
            width = (PANEL.right - 600 if count > ROWS else PANEL.right - 44) - (self.stats.rect.right + 30)
            for index, line in enumerate(theme.wrap(self.message, 24, width)[:2]):
                theme.draw_text(surface, line, (self.stats.rect.right + 30, self.back.rect.y + 4 + index * 32), 24,
                                theme.CORAL, theme.TEXT_BOLD_FONT)
        super().draw(surface)

    def _draw_row(self, surface: pygame.Surface, row: pygame.Rect, kept: KeptReplay) -> None:
        replay = kept.replay
        pygame.draw.rect(surface, theme.NIGHT_2 if replay else theme.shade(theme.NIGHT_2, 0.8), row, border_radius=18)
        width = row.width - 520
        if replay is not None:
            title = f"{replay.title} · {replay.result()}"
            stamp = time.strftime("%d %b %Y, %H:%M", time.localtime(kept.when))
            detail = f"{', '.join(replay.players)} · {replay.turns} turns · {stamp}"
            ink, colour = theme.CREAM, theme.CREAM_DIM
        else:
            title, detail = f"Damaged replay {kept.path.name}", kept.problem
            ink, colour = theme.shade(theme.CREAM_DIM, 0.7), theme.shade(theme.CORAL, 0.9)
        theme.draw_text(surface, title, (row.x + 28, row.y + 12), theme.fit_text(title, 34, width, theme.DISPLAY_FONT),
                        ink, theme.DISPLAY_FONT)
        theme.draw_text(surface, detail, (row.x + 28, row.y + 56), theme.fit_text(detail, 25, width), colour,
                        theme.TEXT_BOLD_FONT)


class OpenFileScene(Scene):
    """A path field over the list: the replays folder to start from, Open, and why not in words."""

    overlay = True
    name = "open_replay"

    BOX = pygame.Rect(210, 300, 1500, 440)

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        box = self.BOX
        self.message = ""
        self.field = TextInput(pygame.Rect(box.x + 50, box.y + 150, box.width - 100, 76), f"{replays_dir()}/",
                               lambda text: None, PATH_LIMIT, "the path of a .jsonl replay", 30)
        self.open_button = Button(pygame.Rect(box.right - 330, box.bottom - 110, 280, 76), "Open", self.open_typed,
                                  "primary", 36)
        self.cancel = Button(pygame.Rect(box.x + 50, box.bottom - 110, 220, 76), "Cancel", app.pop, "secondary", 34)
        for widget in (self.field, self.open_button, self.cancel):
            self.ui.add(widget)
        self.ui.set_focus(self.field)

    def open_typed(self) -> None:
        text = self.field.text.strip()
        if not text:
            self.message = "Type the path of a replay file."
            return
        path = Path(text).expanduser()
        replays = self.app.stack.find(ReplaysScene)
        self.message = ""
        self.app.pop()  # the viewer goes over the list, not over this dialog
        problem = watch(self.app, path)
        if problem is not None:
            self.app.push(self)
            self.message = problem
            self.app.sounds.play("error")
        elif replays is not None:
            replays.message = ""

    def handle(self, intent: Intent) -> bool:
        if intent.kind == "cancel":
            self.app.pop()
            return True
        if intent.kind == "confirm" and self.ui.focus is self.field:
            self.open_typed()
            return True
        return super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        box = self.BOX
        theme.panel(surface, box, theme.PLUM, 30, theme.PLUM_LIGHT, 10)
        theme.heading(surface, "Open a replay file", (box.centerx, box.y + 62), 56)
        theme.draw_text(surface, "A .jsonl replay from this computer or another: type or paste its path, then Enter.",
                        (box.x + 50, box.y + 112), 26, theme.CREAM_DIM, theme.TEXT_BOLD_FONT)
        if self.message:
            for index, line in enumerate(theme.wrap(self.message, 26, box.width - 100)[:2]):
                theme.draw_text(surface, line, (box.x + 50, box.y + 244 + index * 34), 26, theme.CORAL,
                                theme.TEXT_BOLD_FONT)
        super().draw(surface)
