"""The results of a LAN game, with the table still open behind them.

A LAN table does not end with its game: everyone connected stays at it while the results show, and
it can play again (``net.host.Host.rematch``). Each screen offers what its player can really do:

- the hosting player: **Play again** (a new deal at this table; everyone goes back to its lobby,
  where they start it as before) and **Close table** (asked once more while others are there);
- a seated guest at a table whose players start games themselves (``linie-host``): **Play again**,
  which counts as their yes (the next game begins once every player still there said it), and
  **Leave table**;
- a guest at a table its host starts, and a spectator: **Leave table**, and a line saying what
  happens if the table plays again (they come along: a spectator stays one).

When the table goes back to its lobby every screen still at it follows there (``LobbyScene``); if
the host closes the table the screen says so and leaves only the way out.

The hosting player's screen keeps the finished game's replay as it opens, as a game on one screen
does, and says so in coral above the buttons when the disk refuses it (``replay_note``).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.files import reason_in_words
from game.i18n import N_, _, ngettext
from game.lan.lobby import LobbyScene
from game.lan.session import LanSession
from game.outcome_words import names_in_words
from game.refusal_words import net_error_text
from game.scenes.figures import PlayerFigures
from game.scenes.results import ResultsScene
from game.scenes.stack import AppServices, HoldsSession
from game.ui import theme
from game.ui.input import Intent
from game.ui.notices import draw_save_problem, room_left_of

NOTE_Y = 1058  # the line under the buttons
# A saving problem of the hosting player's table stands left of Play again, above the note line: nothing
# else is drawn there, whatever the cards' height
NOTICE = pygame.Rect(40, 942, theme.WIDTH // 2 - 40, 94)  # cut short left of the buttons (``room_left_of``)


class LanResultsScene(HoldsSession, ResultsScene):
    """``ResultsScene`` for a LAN table (see the module docstring)."""

    OTHER_LABELS = (N_("Waiting…"), N_("Close table?"), N_("Close table"), N_("Leave table"))  # ``_arrange``

    name = "results"

    @property
    def idle_fps(self) -> int:  # type: ignore[override]
        return 30 if self.age < self.BOB_SECONDS else 10  # the network is read each frame: follow the table soon

    def __init__(self, app: AppServices, figures: list[PlayerFigures], outcome: dict[str, Any], title: str,
                 session: LanSession, heard: bool = False) -> None:
        # a seat a bot stood in for is named so on its card and in the headline, from the view, as on
        # every other screen at the table ("Ben (a bot stood in) wins!"): ``named_as_played``
        super().__init__(app, figures, outcome, self.ask_again, title, heard=heard)
        self.session = session
        self.confirming_close = False
        self.problem = ""
        self.seen_over = session.phase == "over"  # the table's phase may still say "playing" for a moment
        if session.hosting:
            session.keep_finished_replay()
            self.trouble = self.replay_note()
            if session.save_problem and not session.replay_kept:
                self.keep = session.keep_finished  # nothing holds the game yet: Close table tries again
        self.pair = (self.again.rect.copy(), self.menu.rect.copy())
        self.alone = self.menu.rect.copy()
        self.alone.centerx = theme.WIDTH // 2
        self._arrange()
        self.ui.set_focus(self.again if self.again.visible else self.menu)

    # -- what each role may do --------------------------------------------------------------------
    @property
    def closed(self) -> bool:
        """The host has closed the table (or refused us for good): there is nothing to go back to."""
        return self.session.link == "closed" or (self.session.link != "up" and self.session.host_closed)

    def asked(self) -> bool:
        """Has this screen's player asked for another game (as the host's last status says)?"""
        seats, seat = self.session.seat_states, self.session.seat
        return self.session.role == "seat" and isinstance(seat, int) and seat < len(seats) \
            and bool(seats[seat].get("asked_start"))

    def _arrange(self) -> None:
        """The buttons this screen's player has now: Play again only where it does something."""
        offered = self.session.may_play_again and not self.closed
        shown_before = self.again.visible
        self.again.visible = offered
        waiting = not self.session.hosting and self.asked()
        self.again.label = _("Waiting…") if waiting else _("Play again")
        self.again.enabled = offered and not waiting and self.session.link == "up"
        self.again.rect, self.menu.rect = self.pair if offered else (self.pair[0], self.alone)
        if self.closed:
            self.menu.label = _("Title screen")
        elif self.confirming_close:
            self.menu.label = _("Close table?")
        else:
            self.menu.label = _("Close table") if self.session.hosting else _("Leave table")
        self.menu.style = "danger" if self.confirming_close else "secondary"
        if shown_before and not offered and self.ui.focus is self.again:
            self.ui.set_focus(self.menu)

    def ask_again(self) -> None:
        self.problem = ""
        try:
            self.session.rematch()
        except Exception as error:  # noqa: BLE001 - e.g. the table closed meanwhile: say so, never crash
            self.problem = str(getattr(error, "message", error))
            self.app.sounds.play("error")

    def others_here(self) -> int:
        """People at other screens still connected to this table (the host's leaving ends it for them)."""
        mine = set(self.session.controlled_seats)
        return sum(1 for index, seat in enumerate(self.session.seat_states)
                   if seat.get("claimed") and seat.get("connected") and index not in mine)

    def to_title(self) -> None:
        if self.session.hosting and not self.closed and not self.confirming_close and self.others_here():
            self.confirming_close = True  # the others would lose the table: ask once more
            self._arrange()
            self.ui.set_focus(self.menu)
            return
        super().to_title()

    def handle(self, intent: Intent) -> bool:
        handled = super().handle(intent)
        if self.confirming_close and self.ui.focus is not self.menu:
            self.confirming_close = False  # moved away: not confirmed
            self._arrange()
        return handled

    # -- frame ------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        for message in self.session.poll():
            if message.get("type") == "error" and not str(message.get("code", "")).startswith("net.chat"):
                self.problem = net_error_text(message)
        self._arrange()
        phase = self.session.phase
        self.seen_over = self.seen_over or phase == "over"
        again = phase == "lobby" or phase == "playing" and self.seen_over
        if again and self.session.link == "up" and not self.handed_over:
            self.handed_over = True  # the table plays again: to its lobby, which opens the game when it starts
            self.app.stack.reset(LobbyScene(self.app, self.session, port=self.session.port,
                                            hosting=self.session.hosting))

    # -- drawing ----------------------------------------------------------------------------------
    def replay_note(self) -> str:
        """The hosting player hears, as a local player would, that the finished game's replay could not
        be kept, and what becomes of the game: its save holds it until the replay can be kept."""
        if not self.session.replay_problem:
            return ""
        if self.session.save_problem:
            return _("Neither the replay nor the table's save can be written ({reason}): free some space, then "
                     "Close table tries once more.").format(reason=reason_in_words(self.session.save_problem))
        return _("The replay cannot be kept ({reason}): Close table keeps the game in Saved games until it "
                 "can be; Play again deals without it if it still cannot.").format(
            reason=reason_in_words(self.session.replay_problem))

    def note(self) -> str:
        """What the line under the buttons says to this screen's player."""
        if self.closed:
            return _("The host closed the table.")
        if self.session.link != "up":
            return _("Lost the host — trying again…")
        if self.problem:
            return self.problem
        if self.session.hosting:
            return _("Play again deals a new game at this table: everyone still here goes back to its lobby.")
        if self.session.role != "seat":
            if self.session.seat_states and all(seat.get("kind") == "bot" for seat in self.session.seat_states):
                return _("You are watching a table of bots: they deal the next game in a moment, and you watch "
                         "it too.")
            return _("You are watching: if the players play again, you watch the next game too.")
        if not self.session.may_play_again:
            host = self.session.seat_states[0].get("name", "?") if self.session.seat_states else "?"
            return _("If {host} deals another game at this table, you are taken to its lobby.").format(host=host)
        if self.asked():
            waiting = [str(seat.get("name", "?")) for seat in self.session.seat_states
                       if seat.get("kind") == "human" and seat.get("connected") and not seat.get("asked_start")]
            return _("Waiting for {names} to play again…").format(names=names_in_words(waiting))
        keen = [str(seat.get("name", "?")) for seat in self.session.seat_states
                if seat.get("kind") == "human" and seat.get("connected") and seat.get("asked_start")]
        if keen:
            return ngettext("{names} would like to play again.", "{names} would like to play again.",
                            len(keen)).format(names=names_in_words(keen))
        return _("The next game begins once every player still at the table chose Play again.")

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        note = self.note()
        size = theme.fit_text(note, 26, theme.WIDTH - 120, theme.TEXT_BOLD_FONT)
        colour = theme.CORAL if self.closed or self.problem else theme.CREAM_DIM
        theme.draw_text(surface, note, (theme.WIDTH // 2, NOTE_Y), size, colour, theme.TEXT_BOLD_FONT, "center")
        if self.session.hosting and self.session.save_problem:  # as the table said it, while saving fails
            draw_save_problem(surface, self.session.save_problem, room_left_of(NOTICE, self.ui.widgets), "results")
