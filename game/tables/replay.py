"""The replay viewer: a recorded game on its own table, with play, pause, steps, turns and speed.

The game's table (from ``game.tables.registry``, the one a live game uses) is drawn a little smaller
above a control bar and talks to a ``ReplaySession``. Stepping forward or playing applies the next
recorded action, and the table animates it as it would a live move. Going back, jumping to a turn or
switching whose eyes the screen shows opens a fresh table at the new position: every table knows
how to open on any moment of its game (a resumed save does the same), so no game needs code of its
own for rewinding. Before the end the screen shows what a spectator saw, or one seat's view when
switched; at the end the core's final views reveal every secret, and the results come up over the
replay as they do at the end of a live game.

Keys: ← → one action, ↑ ↓ one turn, Space/Enter the focused button (Play first), R whose eyes,
Esc back to the list.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.i18n import _
from game.playback import Playback
from game.replay_session import ReplaySession
from game.replays import Replay, ReplayError, read_replay
from game.scenes.stack import AppServices, Scene
from game.tables.base import TableScene
from game.tables.registry import has_table, table_scene
from game.tables.replay_bar import BAR, ROW_H, ROW_Y, TIMELINE, Timeline, draw_bar, draw_position
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import VALUE_MARGIN, Button, Choice, share_row


def open_replay(app: AppServices, path: Path) -> str | None:
    """Push the viewer on the replay at ``path``; why not, in a player's words (None: it is open).
    The whole game is played through its rules first, so a file that does not make its game is
    refused here rather than failing half-way."""
    try:
        replay = read_replay(path)
        if not has_table(replay.game):
            return _("{game} has no table in this version of Linie.").format(game=replay.title)
        playback = Playback(replay)
    except ReplayError as error:
        return str(error)
    app.push(ReplayViewer(app, replay, playback))
    return None


SCALE = (BAR.y - 12) / theme.HEIGHT  # the table, shrunk to sit above the bar
TABLE_RECT = pygame.Rect(0, 6, round(theme.WIDTH * SCALE), round(theme.HEIGHT * SCALE))
TABLE_RECT.centerx = theme.WIDTH // 2
PAUSE_BETWEEN = 0.55  # seconds between two actions while playing, at 1x
SPEEDS = [(0.5, "½×"), (1.0, "1×"), (2.0, "2×"), (4.0, "4×"), (8.0, "8×")]
POINTER_KINDS = ("point", "press", "release")
SPEED_X = 1690  # the speed's choice, at the bar's right end; whose eyes left of it
EYES_MOST = 420  # whose eyes grows for a long name up to this
POSITION_ROOM = 270  # the least room (design pixels) for where the replay stands, between the buttons and the eyes


class ReplayViewer(Scene):
    """A replay on its game's table (see the module docstring)."""

    name = "replay"
    idle_fps = 30

    def __init__(self, app: AppServices, replay: Replay, playback: Playback | None = None) -> None:
        """``playback``: the replay already checked (``open_replay`` does it to refuse in words)."""
        super().__init__(app)
        self.replay = replay
        self.session = ReplaySession(playback or Playback(replay))
        self.playback = self.session.playback
        self.eyes: int | None = None
        self.speed = 1.0
        self.playing = False
        self.wait = 0.0
        self.canvas = pygame.Surface((theme.WIDTH, theme.HEIGHT)).convert()
        self.shrunk = pygame.Surface(TABLE_RECT.size).convert()
        self._build_bar()
        self.table: TableScene = self._new_table()

    # -- the bar ----------------------------------------------------------------------------------
    def _build_bar(self) -> None:
        def button(label: str, action: Any, width: int, style: str = "secondary", tip: str | None = None) -> Button:
            made = Button(pygame.Rect(0, ROW_Y, width, ROW_H), label, action, style, 30, tip)
            self.ui.add(made)
            return made

        self.leave_button = button(_("Back"), self.leave, 130, tip=_("Back to the replays (Esc)."))
        self.turn_back = button(_("« Turn"), self.previous_turn, 150,
                                tip=_("To the start of this turn, or the one before (↑)."))
        self.step_back = button(_("‹ Step"), self.step_backward, 130, tip=_("One action back (←)."))
        self.play_button = button(_("Play"), self.toggle_play, 160, "primary", _("Play the game on, or pause (Space)."))
        self.step_on = button(_("Step ›"), self.step_forward, 130, tip=_("One action on (→)."))
        self.turn_on = button(_("Turn »"), self.next_turn, 150, tip=_("To the start of the next turn (↓)."))
        names = [(None, _("Spectator"))] + [(seat, _("{name}'s eyes").format(name=info.name))
                                            for seat, info in enumerate(self.replay.seats)]
        # whose eyes: wider for a long name (up to EYES_MOST), taken from the position's room
        eyes_width = min(EYES_MOST, max(300, VALUE_MARGIN + 8 + max(
            theme.text_width(text, 26, theme.DISPLAY_FONT) for _seat, text in names)))
        eyes = pygame.Rect(SPEED_X - 12 - eyes_width, ROW_Y, eyes_width, ROW_H)
        # the six buttons read at one size: as wide as their words need, all shrunk alike where the bar
        # (less the position's room) is too short for them (German at a large text size)
        row = [self.leave_button, self.turn_back, self.step_back, self.play_button, self.step_on, self.turn_on]
        area = pygame.Rect(24, ROW_Y, eyes.x - 12 - theme.px(POSITION_ROOM) - 12 - 24, ROW_H)
        share_row(row, area, [button.rect.width for button in row], 12,
                  [[_("Back")], [_("« Turn")], [_("‹ Step")], [_("Play"), _("Pause"), _("Again")], [_("Step ›")],
                   [_("Turn »")]])
        shift = 24 - row[0].rect.x  # the row starts at the bar's left edge; the position takes the rest
        for made in row:
            made.rect.x += shift
        x = row[-1].rect.right + 12
        self.position_rect = pygame.Rect(x, ROW_Y - 2, eyes.x - 12 - x, ROW_H + 4)
        self.eyes_choice = Choice(eyes, "", names, None, self.set_eyes,
                                  _("Whose eyes the screen shows until the end: a spectator's, or one seat's "
                                  "with its secrets (R)."), size=26)
        self.speed_choice = Choice(pygame.Rect(SPEED_X, ROW_Y, 206, ROW_H), "", SPEEDS, 1.0, self.set_speed,
                                   _("How fast the game plays."), size=28, wraps=False)
        self.timeline = Timeline(TIMELINE, self.playback.length, self.replay.turn_starts, self.jump)
        for widget in (self.eyes_choice, self.speed_choice, self.timeline):
            self.ui.add(widget)
        for widget in self.ui.widgets:  # the bar's tooltips stand above it: beside, one would hide the position
            widget.tooltip_above, widget.tooltip_beside = True, False
        self.ui.set_focus(self.play_button)

    # -- the table --------------------------------------------------------------------------------
    def _new_table(self) -> TableScene:
        """A fresh table at the playback's position, through the chosen eyes."""
        table: TableScene = table_scene(self.replay.game)(self.app, self.session, None)
        table.look_through(self.eyes)
        return table

    def _reopen(self) -> None:
        old = self.table
        self.table = self._new_table()
        old.exit()
        self.table.begin()

    def enter(self) -> None:
        self.table.begin()

    def exit(self) -> None:
        self.table.exit()

    def pause(self) -> None:
        self.table.pause()

    def resume(self) -> None:
        self.table.resume()

    # -- controls ---------------------------------------------------------------------------------
    @property
    def position(self) -> int:
        return self.playback.position

    def toggle_play(self) -> None:
        if self.playing:
            self.playing = False
        else:
            if self.playback.at_end:
                self.seek(0)
            self.playing = True
            self.wait = 0.0

    def step_forward(self) -> None:
        self.playing = False
        if self.table.busy:
            self.table.show.skip()  # the step shows the next action, not the rest of this one
        self.session.advance()

    def step_backward(self) -> None:
        self.playing = False
        self.seek(self.position - 1)

    def previous_turn(self) -> None:
        self.playing = False
        self.seek(max((start for start in self.replay.turn_starts if start < self.position), default=0))

    def next_turn(self) -> None:
        self.playing = False
        self.seek(min((start for start in self.replay.turn_starts if start > self.position),
                      default=self.playback.length))

    def jump(self, position: int) -> None:
        self.playing = False
        self.seek(position)

    def seek(self, position: int) -> None:
        """Show ``position`` at once, on a fresh table."""
        self.session.seek(position)
        self._reopen()

    def set_eyes(self, seat: int | None) -> None:
        self.eyes = seat
        self._reopen()

    def set_speed(self, speed: float) -> None:
        self.speed = speed

    def leave(self) -> None:
        self.app.pop()

    # -- frame ------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        kind = intent.kind
        keys = {"cancel": self.leave, "left": self.step_backward, "right": self.step_forward,
                "up": self.previous_turn, "down": self.next_turn, "rotate": lambda: self.eyes_choice.step(1)}
        if kind in keys and intent.pos is None:  # a right click (rotate with a position) is not R
            keys[kind]()
            return True
        if kind == "help":
            return self.table.handle(intent)
        if kind in POINTER_KINDS and intent.pos is not None and not BAR.collidepoint(intent.pos) \
                and self.ui.dragging is None and self.ui.armed is None:
            inside = self._table_point(intent.pos)
            self.ui.handle(Intent("point", pos=(-1, -1)))  # the bar's hover ends
            return self.table.handle(Intent(kind, inside, intent.value)) if inside is not None else False
        return super().handle(intent)

    @staticmethod
    def _table_point(pos: tuple[int, int]) -> tuple[int, int] | None:
        """``pos`` on the screen as a point of the table's own 1920 × 1080 canvas."""
        if not TABLE_RECT.collidepoint(pos):
            return None
        return (round((pos[0] - TABLE_RECT.x) / SCALE), round((pos[1] - TABLE_RECT.y) / SCALE))

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.playing and not self.table.busy:
            if self.playback.at_end:
                self.playing = False
            else:
                self.wait -= dt * self.speed
                if self.wait <= 0:
                    self.session.advance()
                    self.wait = PAUSE_BETWEEN
        self.table.update(dt * self.speed)
        self._sync_bar()

    def _sync_bar(self) -> None:
        self.play_button.label = _("Pause") if self.playing else (_("Again") if self.playback.at_end else _("Play"))
        self.step_back.enabled = self.turn_back.enabled = self.position > 0
        self.step_on.enabled = self.turn_on.enabled = not self.playback.at_end
        self.eyes_choice.enabled = not self.playback.finished
        self.timeline.position = self.position

    def needs_frames(self) -> bool:
        return super().needs_frames() or self.playing or self.table.needs_frames()

    def position_lines(self) -> tuple[tuple[str, str], theme.Colour]:
        """The bar's two lines: where the replay stands, then who acts next or how it ended."""
        length, position = self.playback.length, self.position
        top = _("Turn {turn} of {turns} · action {position} of {length}").format(
            turn=self.playback.turn_at(position), turns=self.replay.turns, position=position, length=length)
        if self.replay.in_rounds:  # Bus players count rounds (121 turns were 9 rounds)
            top = self._round_words(position, length)
        if self.playback.finished:
            return (top, _("The end: {result} · every secret shown").format(result=self.replay.result())), \
                theme.SUNFLOWER
        seat = self.replay.steps[position].seat if position < length else None
        who = (_("{name} acts next").format(name=self.replay.seats[seat].name) if seat is not None
               else _("the game stops here"))
        eyes = (_("a spectator's view") if self.eyes is None
                else _("through {name}'s eyes").format(name=self.replay.seats[self.eyes].name))
        return (top, f"{who} · {eyes}"), theme.CREAM_DIM

    def _round_words(self, position: int, length: int) -> str:
        """"Round 3 of 9 · action 40 of 121", or "Setting up" before the first round's first marker."""
        starts = self.replay.round_starts
        reached = sum(1 for start in starts if start <= min(position, length - 1))
        if reached == 0:
            return _("Setting up · action {position} of {length}").format(position=position, length=length)
        return _("Round {round} of {rounds} · action {position} of {length}").format(
            round=reached, rounds=len(starts), position=position, length=length)

    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw(self.canvas)
        pygame.transform.smoothscale(self.canvas, TABLE_RECT.size, self.shrunk)
        theme.background(surface)
        surface.blit(self.shrunk, TABLE_RECT)
        pygame.draw.rect(surface, theme.PLUM_LIGHT, TABLE_RECT.inflate(4, 4), 2, border_radius=4)
        draw_bar(surface)
        lines, colour = self.position_lines()
        draw_position(surface, self.position_rect, lines, colour)
        super().draw(surface)
