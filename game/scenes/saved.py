"""Saved games: every unfinished game of this computer, newest first, to resume or delete.

A row names the game (a Linie 1 game its trip rule too), where it is played (on this screen, or a
LAN table hosted from here), the players, how far it got as its players count (Linie 1's turn and
round, Linja's turn, Liniell's tiles placed, Bus's round: ``game.save_progress``) and when its last
move was saved. A game already
over waits here only when its replay could not be kept (a full disk): its row says "Finished" and
the result, and its button, Results, opens the results (the replay is kept then; a hosted table
opens again at its results, for Play again or Close table). Continue on the title never offers it:
there is no move left. A damaged save says what is wrong with it and can only be deleted; a save
whose journal is damaged in the middle offers, instead of Resume, to continue from its last good
action (the button names it).
Deleting asks once more (Keep, focused, or Yes, delete: see ``paged_list``).
"""

from __future__ import annotations

import time
from pathlib import Path

import pygame

from game import saves
from game.core.contract import SnapshotError
from game.i18n import N_, _, ngettext
from game.saves import SavedGame, refusal
from game.scenes.options import named_rule
from game.scenes.paged_list import PagedListScene, RowWords, when_words
from game.scenes.stack import AppServices
from game.ui import theme
from game.ui.widgets import Button


def open_saved_game(app: AppServices, saved: SavedGame, accept_damage: bool = False) -> str | None:
    """Resume ``saved`` at its table; why not, in a player's words (None: it is open)."""
    try:
        if saved.kind == "hosted":
            app.doors.resume_hosted_table(saved.path, accept_damage)
        else:
            app.doors.resume_local_game(saved.path, accept_damage)
    except SnapshotError as error:
        return refusal(saved.path, error)
    except OSError as error:  # a hosted table that cannot listen, a file that vanished meanwhile
        return _("Could not open the table: {reason}").format(reason=error.strerror or error)
    return None


class SavedGamesScene(PagedListScene[SavedGame]):
    name = "saved"
    heading = N_("Saved games")

    RECHECK = saves.RECHECK  # seconds between looks at the folder: another Linie may change it

    def __init__(self, app: AppServices, message: str = "") -> None:
        self.folder: tuple[tuple[str, int, int, bool], ...] = ()
        super().__init__(app, message, back_width=260)
        self.refresh()
        self._recheck = self.RECHECK

    def update(self, dt: float) -> None:
        """A game another Linie plays becomes this one's to resume the moment it is closed there, and a
        game it saves, ends or deletes comes or goes, without leaving the list."""
        super().update(dt)
        self._recheck -= dt
        if self._recheck > 0:
            return
        self._recheck = self.RECHECK
        if self.confirm is None and saves.folder_state() != self.folder:
            self.refresh()

    @property
    def games(self) -> list[SavedGame]:
        return self.items

    def load(self) -> list[SavedGame]:
        self.folder = saves.folder_state()
        return saves.list_saves()

    def path_of(self, item: SavedGame) -> Path:
        return item.path

    def row_action(self, index: int, item: SavedGame, row: pygame.Rect) -> tuple[Button, bool]:
        label = (_("Results") if item.finished else _("Resume") if item.resumable
                 else _("From action {number}").format(number=item.good_until))
        resume = Button(pygame.Rect(row.right - 500, row.centery - 32, 270, 64), label,
                        lambda: self.resume_game(item), "primary", 30, name=f"resume-{index}")
        return resume, item.resumable or item.continuable

    def remove(self, path: Path) -> str | None:
        return saves.delete(path)

    def header(self, count: int) -> str:
        """How many games wait here, newest first, and apart from them how many files are damaged
        beyond reading: a file nobody can open is no unfinished game."""
        if not count:
            return _("No unfinished games: a game you start is saved as you play.")
        damaged = sum(1 for item in self.items if unreadable(item))
        files = ngettext("{count} damaged file", "{count} damaged files", damaged).format(count=damaged)
        games = count - damaged
        if not games:
            return files
        if any(item.finished for item in self.items):  # finished games wait here for their replays
            said = ngettext("{count} saved game, newest first", "{count} saved games, newest first",
                            games).format(count=games)
        else:
            said = ngettext("{count} unfinished game, newest first", "{count} unfinished games, newest first",
                            games).format(count=games)
        return f"{said} · {files}" if damaged else said

    # -- actions ----------------------------------------------------------------------------------
    def resume_game(self, game: SavedGame) -> None:
        """Resume, or (a damaged journal) go on from the last good action, as the button says."""
        self.confirm = None
        problem = open_saved_game(self.app, game, accept_damage=game.continuable)
        if problem is not None:
            self.failed(problem)

    def delete(self, item: SavedGame) -> None:
        super().delete(item)
        if not self.items:
            self.message = self.message or _("No saved games left.")

    def row_words(self, item: SavedGame) -> RowWords:
        return row_words(item)

    def readable(self, item: SavedGame) -> bool:
        return item.resumable or item.continuable

    def words_room(self) -> int:
        return 500  # Resume's left edge, from the row's right


def row_words(game: SavedGame) -> RowWords:
    known = game.resumable or game.continuable
    ink = theme.CREAM if known else theme.shade(theme.CREAM_DIM, 0.7)
    where = _("LAN table “{table}”").format(table=game.table) if game.kind == "hosted" else _("on this screen")
    sound = game.other_version or game.in_use  # not damaged: another Linie saved it, or plays it now
    rule = rule_words(game)
    named = f"{game.title} · {rule}" if rule else game.title
    title = (f"{named} · {where}" if known or (sound and game.players)
             else named if sound else _("Damaged save {file}").format(file=game.path.name))
    players, fields, trouble = ", ".join(game.players), {}, theme.shade(theme.CORAL, 0.9)
    stamp = when_words(game.when, time.time())
    if game.finished:
        pattern, fields, colour = (_("Finished · {result} · {players} · ended {when}"),
                                   {"result": game.result(), "when": stamp}, theme.SUNFLOWER)
    elif game.resumable:
        pattern, fields, colour = (_("{players} · {how_far} · {when}"),
                                   {"how_far": game.how_far(), "when": stamp}, theme.CREAM_DIM)
    elif game.continuable:
        pattern, fields, colour = "{players} · {problem}", {"problem": game.problem}, trouble
    elif sound:  # the reason says it cannot be resumed here, and what can be done
        pattern, players, colour = "{players}", f"{game.problem}.", trouble
    else:  # the reason: a sentence
        pattern, players, colour = "{players}", _("Cannot be resumed. {reason}.").format(reason=game.problem), trouble
    return RowWords(title, pattern, players, fields, ink, colour)


def rule_words(game: SavedGame) -> str:
    """The rule a row names beside its game, where its game offers a choice that changes play
    (Linie 1's trip rule: "Three dice"); "" for a game without one, or a save that does not say."""
    if not (game.resumable or game.continuable or game.other_version or game.in_use):
        return ""
    return named_rule(game.game, game.options, game.players)


def summary(game: SavedGame) -> str:
    """What a menu line says of a saved game (the title's Continue, the crash screen), naming its
    game as its Saved games row does: "Linie 1 · Three dice · Ada, Bot 2 · turn 12 · round 3"."""
    return game.summary(rule_words(game))


def unreadable(game: SavedGame) -> bool:
    """A file that holds no game this Linie can name: neither resumed, nor continued from its last good
    action, nor another Linie's sound save or one played right now."""
    return not (game.resumable or game.continuable or game.other_version or game.in_use)
