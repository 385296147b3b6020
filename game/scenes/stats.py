"""Statistics from the kept replays: games played of each game with their average length and best
score, wins per player name, and the longest trip ever ridden (Linie 1).

Everything is computed afresh from the replays folder when the screen opens
(``game.replays.compute_stats``): delete a replay and it no longer counts.
"""

from __future__ import annotations

import time

import pygame

from game.i18n import _, ngettext
from game.replays import COUNTED_IN_ROUNDS, Record, Stats, compute_stats, length_words, list_replays
from game.scenes.stack import AppServices, Scene
from game.ui import theme
from game.ui.widgets import Button

GAMES_PANEL = pygame.Rect(100, 150, 1000, 740)
PLAYERS_PANEL = pygame.Rect(1130, 150, 690, 740)
PLAYER_ROWS = 11


class StatsScene(Scene):
    name = "stats"
    closes_on_cancel = True

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        kept = list_replays()
        self.damaged = sum(1 for item in kept if item.replay is None and not item.newer)
        self.newer = sum(1 for item in kept if item.newer)  # not damaged: this Linie cannot read them yet
        self.stats: Stats = compute_stats(item.replay for item in kept if item.replay is not None)
        self.back = Button(pygame.Rect(100, 930, 240, 80), _("Back"), app.pop, "secondary", 36)
        self.ui.add(self.back)
        self.ui.set_focus(self.back)

    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        theme.heading(surface, _("Statistics"), (theme.WIDTH // 2, 78), 78)
        self._draw_games(surface)
        self._draw_players(surface)
        stats = self.stats
        note = ngettext("From {count} finished game in the replays folder",
                        "From {count} finished games in the replays folder", stats.total).format(count=stats.total)
        left_out = []  # one sentence, however many kinds of file were left out
        if self.newer:
            left_out.append(ngettext("{count} game from a newer Linie (update Linie to count it)",
                                     "{count} games from a newer Linie (update Linie to count them)",
                                     self.newer).format(count=self.newer))
        if self.damaged:
            left_out.append(ngettext("{count} damaged file", "{count} damaged files",
                                     self.damaged).format(count=self.damaged))
        if len(left_out) == 2:
            left_out = [_("{first} and {second}").format(first=left_out[0], second=left_out[1])]
        if left_out:
            note = _("{counted}, leaving out {left_out}").format(counted=note, left_out=left_out[0])
        left = self.back.rect.right + 40  # wrapped within the screen: the notes of left-out files make it long
        size, lines, step = theme.fit_lines(note + ".", 26, theme.WIDTH - 100 - left, 130, theme.TEXT_BOLD_FONT)
        top = self.back.rect.centery - len(lines) * step // 2
        for index, line in enumerate(lines):
            theme.draw_text(surface, line, (left, top + index * step), size, theme.CREAM_DIM, theme.TEXT_BOLD_FONT)
        super().draw(surface)

    def _draw_games(self, surface: pygame.Surface) -> None:
        box = GAMES_PANEL
        theme.panel(surface, box, theme.PLUM, 30, theme.PLUM_LIGHT, 10)
        theme.draw_text(surface, _("Games"), (box.x + 40, box.y + 30), 44, theme.SUNFLOWER, theme.DISPLAY_FONT)
        # each column's words fit its own room, at any text size: none runs into its neighbour
        room = {430: 150, 600: 164, 800: 2 * min(800 - 698, box.width - 24 - 800 - 12)}  # 16 px between
        columns = [(_("played"), 430), (_("average"), 600), (_("best score"), 800)]
        for label, x in columns:
            theme.draw_text(surface, label, (box.x + x, box.y + 48), theme.fit_text(label, 24, room[x],
                            theme.TEXT_BOLD_FONT), theme.CREAM_DIM, theme.TEXT_BOLD_FONT, "midtop")
        y = box.y + 100
        if not self.stats.games:
            theme.draw_text(surface, _("No finished games yet: the figures come from the games you finish."),
                            (box.x + 40, y + 10), 28, theme.CREAM_DIM, theme.TEXT_BOLD_FONT)
        for figures in self.stats.games:
            row = pygame.Rect(box.x + 24, y, box.width - 48, 84)
            pygame.draw.rect(surface, theme.NIGHT_2, row, border_radius=16)
            theme.draw_text(surface, figures.title, (row.x + 20, row.centery), 34, theme.CREAM, theme.DISPLAY_FONT,
                            "midleft")
            played = str(figures.played)
            theme.draw_text(surface, played, (box.x + 430, row.centery), theme.fit_text(played, 36, room[430],
                            theme.DISPLAY_FONT), theme.CREAM, theme.DISPLAY_FONT, "center")
            turns = length_words(round(figures.average_turns), figures.game in COUNTED_IN_ROUNDS)  # Bus: rounds
            theme.draw_text(surface, turns, (box.x + 600, row.centery), theme.fit_text(turns, 28, room[600],
                            theme.TEXT_BOLD_FONT), theme.CREAM, theme.TEXT_BOLD_FONT, "center")
            best = figures.best_score
            text = f"{best.value:g} · {best.name}" if best is not None else "—"
            size = theme.fit_text(text, 28, room[800], theme.TEXT_BOLD_FONT)
            theme.draw_text(surface, text, (box.x + 800, row.centery), size, theme.CREAM, theme.TEXT_BOLD_FONT,
                            "center")
            y += 96
        trip = self.stats.longest_trip
        record = box.y + box.height - 150
        theme.draw_text(surface, _("Longest trip (Linie 1)"), (box.x + 40, record), 34, theme.SUNFLOWER,
                        theme.DISPLAY_FONT)
        theme.draw_text(surface, self._trip_text(trip), (box.x + 40, record + 50), 30, theme.CREAM,
                        theme.TEXT_BOLD_FONT)

    @staticmethod
    def _trip_text(trip: Record | None) -> str:
        if trip is None:
            return _("No tram has set off yet.")
        day = time.strftime(_("%d %b %Y"), time.localtime(trip.when))
        return _("{count} squares, ridden by {name} on {day}").format(count=f"{trip.value:g}", name=trip.name, day=day)

    def _draw_players(self, surface: pygame.Surface) -> None:
        box = PLAYERS_PANEL
        theme.panel(surface, box, theme.PLUM, 30, theme.PLUM_LIGHT, 10)
        theme.draw_text(surface, _("Wins"), (box.x + 40, box.y + 30), 44, theme.SUNFLOWER, theme.DISPLAY_FONT)
        theme.draw_text(surface, _("won / played"), (box.right - 40, box.y + 48), 24, theme.CREAM_DIM,
                        theme.TEXT_BOLD_FONT, "topright")
        y = box.y + 100
        for player in self.stats.players[:PLAYER_ROWS]:
            row = pygame.Rect(box.x + 24, y, box.width - 48, 52)
            pygame.draw.rect(surface, theme.NIGHT_2, row, border_radius=12)
            name = _("{name} (bot)").format(name=player.name) if player.bot else player.name
            theme.draw_text(surface, name, (row.x + 18, row.centery), theme.fit_text(name, 28, row.width - 200,
                            theme.TEXT_BOLD_FONT), theme.CREAM if not player.bot else theme.CREAM_DIM,
                            theme.TEXT_BOLD_FONT, "midleft")
            theme.draw_text(surface, f"{player.won} / {player.played}", (row.right - 18, row.centery), 30,
                            theme.SUNFLOWER if player.won else theme.CREAM_DIM, theme.DISPLAY_FONT, "midright")
            y += 58
        hidden = len(self.stats.players) - PLAYER_ROWS
        if hidden > 0:
            theme.draw_text(surface, _("and {count} more").format(count=hidden), (box.centerx, y + 8), 24,
                            theme.CREAM_DIM,
                            theme.TEXT_BOLD_FONT, "midtop")
