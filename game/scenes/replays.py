"""Replays: every finished game kept on this computer, newest first, to watch again or delete; and
"Open file…" for a replay from anywhere (a friend's, another computer's).

A row names the game and how it ended, the players, its length and when it was played, at the sizes
every row shown shares (too long: the players' names are cut first, see ``paged_list``). A damaged
file says what is wrong and can only be deleted. Pygame has no file dialog, so Open file… is a path
field that starts in the replays folder; a file that is missing, too big, damaged or not a replay
is refused in words beneath it.
"""

from __future__ import annotations

import time
import urllib.parse
from pathlib import Path

import pygame

from game.files import folder_problem, reason_in_words
from game.i18n import N_, _, ngettext
from game.paths import replays_dir
from game.replays import KeptReplay, delete_replay, length_words, list_replays
from game.scenes.options import named_rule
from game.scenes.paged_list import FOOT_Y, PANEL, PagedListScene, RowWords, when_words
from game.scenes.stack import AppServices, Scene
from game.scenes.stats import StatsScene
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import Button, TextInput, room_for_labels

PATH_LIMIT = 1000  # characters a typed path may have


def watch(app: AppServices, path: Path) -> str | None:
    """Open the viewer on the replay at ``path``; why not, in a player's words (None: it is open)."""
    return app.doors.open_replay(path)


class ReplaysScene(PagedListScene[KeptReplay]):
    name = "replays"
    heading = N_("Replays")

    def __init__(self, app: AppServices, message: str = "") -> None:
        super().__init__(app, message)
        # the foot's buttons widen at a large text size ("Datei öffnen…") rather than shrink their words
        width = max(260, room_for_labels([_("Open file…")], 32))
        self.open_file = Button(pygame.Rect(PANEL.x + 260, FOOT_Y, width, 72), _("Open file…"), self.ask_path,
                                "secondary", 32, _("Watch a replay file from anywhere: another folder, a friend's."))
        width = max(250, room_for_labels([_("Statistics")], 32))
        self.stats = Button(pygame.Rect(self.open_file.rect.right + 20, FOOT_Y, width, 72), _("Statistics"),
                            self.open_stats, "secondary", 32, _("Games, wins and records from the kept replays."))
        self.refresh()

    @property
    def kept(self) -> list[KeptReplay]:
        return self.items

    def load(self) -> list[KeptReplay]:
        return list_replays()

    def path_of(self, item: KeptReplay) -> Path:
        return item.path

    def row_action(self, index: int, item: KeptReplay, row: pygame.Rect) -> tuple[Button, bool]:
        watch_button = Button(pygame.Rect(row.right - 470, row.centery - 32, 240, 64), _("Watch"),
                              lambda: self.watch(item), "primary", 30, name=f"watch-{index}")
        return watch_button, item.replay is not None

    def remove(self, path: Path) -> str | None:
        return delete_replay(path)

    def foot_buttons(self) -> list[Button]:
        return [self.open_file, self.stats]

    def header(self, count: int) -> str:
        if not count and (problem := folder_problem(replays_dir())):  # not "no games yet": they cannot be read
            return _("The replays folder cannot be read ({reason}): {path}").format(
                reason=reason_in_words(problem), path=replays_dir())
        if not count:
            return _("No finished games yet: every game you finish is kept here to watch again.")
        games = sum(1 for item in self.items if item.replay is not None)  # a file nobody can watch is no game
        unshown = ngettext("{count} file that cannot be shown", "{count} files that cannot be shown",
                           count - games).format(count=count - games)
        if not games:
            return unshown
        said = ngettext("{count} finished game, newest first", "{count} finished games, newest first",
                        games).format(count=games)
        return f"{said} · {unshown}" if games < count else said

    # -- actions ----------------------------------------------------------------------------------
    def watch(self, kept: KeptReplay) -> None:
        self.confirm = None
        problem = watch(self.app, kept.path)
        if problem is not None:
            self.failed(problem)

    def ask_path(self) -> None:
        self.app.push(OpenFileScene(self.app))

    def open_stats(self) -> None:
        self.app.push(StatsScene(self.app))

    def resume(self) -> None:
        """Back from the viewer or a dialog: a new game may have been kept meanwhile."""
        self.refresh()

    def readable(self, item: KeptReplay) -> bool:
        return item.replay is not None

    def words_room(self) -> int:
        return 470  # Watch's left edge, from the row's right

    def row_words(self, item: KeptReplay) -> RowWords:
        replay = item.replay
        if replay is None:
            title = (_("Replay from a newer Linie: {file}") if item.newer
                     else _("Damaged replay {file}")).format(file=item.path.name)
            return RowWords(title, "{players}", item.problem, {}, theme.shade(theme.CREAM_DIM, 0.7),
                            theme.shade(theme.CORAL, 0.9))
        stamp = when_words(item.when, time.time())  # as Saved games says a time
        turns = length_words(replay.length, replay.in_rounds)
        rule = named_rule(replay.game, replay.options, replay.players)  # as Saved games names it
        named = f"{replay.title} · {rule}" if rule else replay.title
        return RowWords(f"{named} · {replay.result()}", "{players} · {turns} · {when}",
                        ", ".join(replay.players), {"turns": turns, "when": stamp}, theme.CREAM, theme.CREAM_DIM)


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
                               lambda text: None, PATH_LIMIT, _("the path of a .jsonl replay"), 30)
        opens = max(280, room_for_labels([_("Open")], 36))  # each as wide as its word needs at its size
        cancel = max(220, room_for_labels([_("Cancel")], 34))
        self.open_button = Button(pygame.Rect(box.right - 50 - opens, box.bottom - 110, opens, 76), _("Open"),
                                  self.open_typed, "primary", 36)
        self.cancel = Button(pygame.Rect(box.x + 50, box.bottom - 110, cancel, 76), _("Cancel"), app.pop, "secondary",
                             34)
        for widget in (self.field, self.open_button, self.cancel):
            self.ui.add(widget)
        self.ui.set_focus(self.field)

    def open_typed(self) -> None:
        text = self.field.text.strip()
        if not text:
            self.message = _("Type the path of a replay file.")
            return
        path = typed_path(text)
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
        theme.heading(surface, _("Open a replay file"), (box.centerx, box.y + 62), 56)
        # the prompt sits on the field (its foot just above it), never under it at a large text size
        prompt = _("A .jsonl replay from this computer or another: type or paste its path, then Enter.")
        theme.draw_text(surface, prompt, (box.x + 50, self.field.rect.top - 6),
                        theme.fit_text(prompt, 26, box.width - 100, theme.TEXT_BOLD_FONT), theme.CREAM_DIM,
                        theme.TEXT_BOLD_FONT, "bottomleft")
        if self.message:  # between the field and the buttons, shrunk to that room at a large text size
            top = self.field.rect.bottom + 12
            size, lines, step = theme.fit_lines(self.message, 26, box.width - 100, self.cancel.rect.top - 8 - top,
                                                theme.TEXT_BOLD_FONT)
            for index, line in enumerate(lines):
                theme.draw_text(surface, line, (box.x + 50, top + index * step), size, theme.CORAL,
                                theme.TEXT_BOLD_FONT)
        super().draw(surface)


def typed_path(text: str) -> Path:
    """The file a player typed or pasted: the quotes a file manager's "copy as path" puts round it and
    the ``file://`` address its copy of a file gives are taken off, and ``~`` is their home."""
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        text = text[1:-1]
    if text.startswith("file://"):
        text = urllib.parse.unquote(urllib.parse.urlsplit(text).path)
    return Path(text).expanduser()
