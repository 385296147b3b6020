"""What every game's table shares: one message loop, seats and the hot-seat cover, pause and rules,
results and play-again, and the LAN HUD. A game's table fills in a few hooks and draws its board.

The loop, every frame (``update``):

1. when the show has caught up, the session may act (``pump``: bots think, the network is read);
2. every message is read: an ``update`` newer than the last becomes a show entry (``stage`` builds
   its timeline when its turn comes), a snapshot or the first view is shown at once (``resync``),
   a refusal is told (``refused``), a LAN ``error`` too;
3. the show plays at the animation-speed setting; when it has played an update the game adopts the
   view (``adopted``), and when it has played them all the turn is opened once per change: whose
   decision it is, whose eyes the screen shows, the cover between two humans at one screen.

Input: the HUD first, then Esc (pause) and F1 (rules), a click or Enter during an animation skips
it (a skipped move whose result its hot-seat player wants to see, ``result_to_see``, then stands a
beat before the next cover), then the game's ``handle_table``, then the widgets. A game's table
never asks whether it is a LAN game: the ``Session`` declares what it needs to know. A LAN table's
HUD, results and lobby are the LAN layer's, which sits above the tables: the app hands them down
(``app.doors``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, ClassVar, Protocol

import pygame

from game.anim import ParticleSystem
from game.anim.show import Show, View
from game.anim.timeline import Timeline
from game.bots import bot_label
from game.files import reason_in_words
from game.i18n import _, ngettext
from game.refusal_words import net_error_text, refusal_text
from game.render.palette import view_colours
from game.scenes.cover import CoverScene
from game.scenes.figures import PlayerFigures, generic_figures, named_as_played
from game.scenes.options import named_rule
from game.scenes.pause import PauseScene
from game.scenes.results import ResultsScene
from game.scenes.rules import RulesScene
from game.scenes.stack import AppServices, HoldsSession, Scene
from game.session import Session
from game.tables.coach import Coach, GameHints, HintMemory
from game.tables.launch import TableConfig, start_local_game
from game.ui import theme
from game.ui.banner import Banner
from game.ui.handover import Handover
from game.ui.input import Intent
from game.ui.notices import NOTICE_BOX, draw_save_problem

SUBMIT_PATIENCE = 5.0  # seconds to wait for the authority's answer before taking input again
CATCH_UP_AFTER = 1  # updates waiting behind the one playing before a LAN table plays its show faster
CATCH_UP_MOST = 6.0  # at most this many times as fast (a move still shows, only sooner)
CATCH_UP_STEP = 1.0  # how much faster for each further update waiting
# A player who skipped the show of their own move (a Linie 1 roll) sees where it left things this long
# before the hot-seat cover hands the screen on; the first moment of it takes no click, so a double
# click that skipped does not hand the device on unseen too. Real seconds: the beat is for reading.
LOOK_SECONDS = 1.6
# A move that ends with the next one already on its way (a bot answers within a frame or two) keeps the
# words of a move playing out: "Bimmel is thinking…" flashed for a single frame between two moves
WORDS_GRACE = 0.25
LOOK_DEAF = 0.35
START_SECONDS = 1.3  # the "{name} starts" banner as a game opens
# what an open handover (a game without secrets) does not take in its first LOOK_DEAF seconds
HANDED_OVER_DEAF = frozenset({"press", "release", "confirm", "next", "pick", "undo", "rotate", "rotate_back"})
# the keys that walk and press the table's buttons (Rules, Menu, Skip…) when the board does not want them
BUTTON_KEYS = frozenset({"focus_next", "focus_prev", "confirm", "up", "down", "left", "right"})
ARROWS = frozenset({"up", "down", "left", "right"})  # outside this screen's turn: walk only buttons Tab reached
Anchor = tuple[int, int] | None
CHAT_PANEL = (680, 380)  # the LAN chat's panel (``game.lan.chat``), whose bottom-left corner a table names
CHAT_TAB = (150, 46)  # the closed chat's tab, its bottom left at the table's ``chat_corner`` too

log = logging.getLogger(__name__)


class TableHud(Protocol):
    """The LAN layer's seat dots, reconnecting overlay and chat over a LAN table, as the table drives
    them (``game.lan.hud.NetHud``, handed down by the app: ``AppServices.doors.lan_hud``)."""

    def handle(self, intent: Intent) -> bool: ...

    def update(self, dt: float) -> None: ...

    def needs_frames(self) -> bool: ...

    def draw_under(self, surface: pygame.Surface) -> None: ...

    def draw_over(self, surface: pygame.Surface) -> None: ...

    def feed_rect(self) -> pygame.Rect | None: ...

    notice_rect: pygame.Rect | None  # the lasting notice ("… goes to a bot in 40 s.") drawn this frame

    @property
    def pointer_shape(self) -> str | None: ...  # the pointer over the HUD (None: the table decides)


def players_title(title: str, players: int) -> str:
    """The results' line under the winner: "Linie 1 · 3 players", in the screen's language."""
    return f"{title} · " + ngettext("{count} player", "{count} players", players).format(count=players)


class TableScene(HoldsSession, Scene):
    """The skeleton of a game's table (see the module docstring for the loop and the hooks)."""

    game: ClassVar[str] = ""
    title: ClassVar[str] = ""  # "Linie 1": the results screen's heading
    idle_fps = 30  # a waiting table still pulses its hints and rings
    hints: ClassVar[GameHints | None] = None  # first-game hints (``game.tables.coach``)

    def __init__(self, app: AppServices, session: Session, config: TableConfig | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.config = config
        self.humans: list[int] = list(session.controlled_seats)
        # whose secrets show while no player of this screen decides (a replay's viewer chooses)
        self.resting_eyes: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.eyes: int | None = self.resting_eyes  # whose secrets show now
        self.acting: int | None = None  # whose decision it is, as far as the screen has shown
        self.covered_for: int | None = None  # the human the device was last handed to
        self.version = -1
        self.finished = False
        self.end_heard = False  # the table sounded the game's end as it staged it: the results stay quiet
        self.awaiting = 0.0  # seconds left to wait for the answer to an intent
        self._opened: tuple[int, int | None] | None = None
        self._to_see: set[int] = set()  # ids of queued or playing updates whose result their player wants to see
        self._look_due = False  # such an update was skipped: the next cover waits a beat
        self.looking = 0.0  # seconds left of that beat (the board shows the result, the cover waits)
        self.calm_for = WORDS_GRACE  # seconds since a move last played out (``waiting_words``)
        self._announced: int | None = None
        self.handover: Handover | None = None  # the band naming the player a game without secrets was handed to
        self.deaf = 0.0  # seconds the open handover takes no click or key (the last player's, still on its way)
        self.show = Show(self._settled, ParticleSystem(seed=11), on_shown=self.shown_changed)
        self.lan_hud: TableHud | None = None
        if session.lan:  # the LAN layer, above the tables, hands its HUD down through the app
            self.lan_hud = app.doors.lan_hud(self, session, seat_anchor=self.seat_anchor, colour_of=self.seat_colour,
                                             chat_corner=self.chat_corner(), notice_box=self.notice_anchor,
                                             feed_box=self.chat_feed_box, hint_box=self.hint_box)
        self._begun = False
        self.deal = getattr(session, "deal", 0)  # a LAN table's game at its host (another one: to the lobby)
        self.pointer: tuple[int, int] | None = None
        # True while the keys walk the buttons (Tab reached one): Enter then presses the ringed button,
        # never a move on the board the ring does not show
        self.keys_on_buttons = False
        self.coach: Coach | None = None
        if self.hints is not None and self.humans and not session.replay:
            self.coach = Coach(self.game, self.hints, HintMemory(app.settings, app.save_settings), len(self.humans))
        session.watch(self.eyes)

    def enter(self) -> None:
        """Pushed: show the first view and open the turn (a first cover must go on top of the table)."""
        self.begin()

    def begin(self) -> None:
        """Once, after the game's own ``__init__``: the first view (a LAN session may hold none yet)."""
        if self._begun:
            return
        self._begun = True
        first = self._first_view()
        if first is not None:
            self.resync(first)
        if not self.show.busy:
            self._open_turn()
        self.announce_start()

    def opening_seat(self, view: View) -> int | None:
        """The seat that makes the first move of a game nobody has moved in yet, when the screen should
        say who starts (the seat was drawn or chosen); None once a move is made or the game is over."""
        return None

    def opening_words(self) -> str:
        """The line under "{name} starts": what a turn is, in a sentence."""
        return ""

    def opening_area(self) -> pygame.Rect:
        """The board the "starts" banner sweeps across."""
        return pygame.Rect(0, 0, 1920, 1080)

    def announce_start(self) -> None:
        """Name who starts, once, as the game opens: a banner in the starter's colour. Two players at one
        screen are told by the open handover's band ("Ada's turn") instead, and a game opened part way
        through (a save, a rejoin) is not announced. Queued on the show, so a bot's first move follows it."""
        view = self.view
        seat = self.opening_seat(view) if view is not None and not view.get("outcome") else None
        if view is None or seat is None or len(self.humans) > 1 or self.session.replay:
            return
        banner = Banner(self.opening_area(), _("{name} starts").format(name=self.seat_name(seat)),
                        self.seat_colour(seat), START_SECONDS, self.opening_words())
        self.show.play(view, lambda timeline: timeline.play(banner))

    # -- what is on screen ------------------------------------------------------------------------
    @property
    def view(self) -> View | None:
        """The view on screen: what the show has played up to."""
        return self.show.shown

    @property
    def latest(self) -> View | None:
        """The newest view the authority has sent (the show may still be on its way to it)."""
        return self.show.latest

    @property
    def busy(self) -> bool:
        """A move plays out (or its skipped result is shown for a beat before the cover): no moves."""
        return self.show.busy or self.looking > 0

    @property
    def just_played(self) -> bool:
        """A move has only just played out and nobody of this screen decides: the next move is likely
        on its way, so what the screen says of a move playing out stays a moment (``WORDS_GRACE``)."""
        return not self.busy and self.calm_for < WORDS_GRACE and not self.my_turn

    @property
    def my_turn(self) -> bool:
        """A human of this screen decides now, and the screen has caught up with the authority."""
        return (self.acting is not None and self.acting in self.humans and self.acting == self.eyes
                and not self.busy and not self.finished and self.awaiting <= 0 and self.session.link == "up"
                and self.view is not None and not self.view.get("outcome"))

    def seat_info(self, seat: int) -> dict[str, Any]:
        source = self.latest or {}
        seats = source.get("match", {}).get("seats", [])
        if 0 <= seat < len(seats) and isinstance(seats[seat], dict):
            return seats[seat]
        return {"name": _("Seat {number}").format(number=seat + 1), "colour": seat, "kind": "human"}

    def seat_name(self, seat: int) -> str:
        return str(self.seat_info(seat).get("name", _("Seat {number}").format(number=seat + 1)))

    def seat_names(self) -> list[str]:
        """Every seat's name in seat order: a refusal about another seat names its player."""
        seats = (self.latest or {}).get("match", {}).get("seats", [])
        return [self.seat_name(seat) for seat in range(len(seats) if isinstance(seats, list) else 0)]

    def colour_index(self, seat: int) -> int:
        """The colour ``seat`` plays in, as every screen shows it (``game.render.palette``): the one
        its seat holds unless this game's board cannot show it or an earlier seat has it."""
        return view_colours(self.latest, self.game, seat + 1)[seat] if seat >= 0 else seat

    def seat_colour(self, seat: int) -> theme.Colour:
        return theme.player_colour(self.colour_index(seat))

    @property
    def watching(self) -> bool:
        """Nobody on this screen plays (a replay, a spectator, bots among themselves): the table
        offers no controls of a player."""
        return not self.humans

    def owned(self, seat: int | None, yours: str, theirs: str) -> str:
        """A heading about whose things the screen shows: ``yours`` ("Your tiles") for this screen's
        own player, else ``theirs`` with the seat's ``{name}`` ("Ada's tiles": a replay or a
        spectator looking through a seat's eyes). Whole phrases, so each language words them its way."""
        if seat is None or seat in self.humans:
            return yours
        return theirs.replace("{name}", self.seat_name(seat))  # other fields are the caller's to fill

    def waiting_words(self, seat: int) -> str:
        """What the screen says while ``seat`` decides and nobody of this screen does: a bot thinks, a
        remote player is waited for, and a replay's recorded player simply has the turn."""
        if self.calm_for < WORDS_GRACE:  # a move has only just played out: the next may be on its way
            return self.animation_words()
        name = self.seat_name(seat)
        if self.session.replay:
            return _("{name}'s turn").format(name=name)
        if self.seat_info(seat).get("kind") == "bot":
            return _("{name} is thinking…").format(name=name)
        return _("Waiting for {name}…").format(name=name)

    def animation_words(self) -> str:
        """What the screen says while a move plays out: how to skip it. Nobody is deciding then (a
        bot is not "thinking" while its last move still plays), and every table says it alike."""
        if self.session.replay:  # Enter presses the replay bar's focused button
            return _("Click to skip the animation.")
        if self.looking > 0:  # the show is over: its result stands for a beat before the screen goes on
            return _("Click or press Enter to pass the device on.")
        return _("Click or press Enter to skip the animation.")

    def others_words(self, seat: int) -> str:
        """The one wording of every table for a moment nobody of this screen decides: a move playing
        out (``animation_words``), else whose decision it is (``waiting_words``)."""
        return self.animation_words() if self.busy else self.waiting_words(seat)

    # -- hooks a game fills in --------------------------------------------------------------------
    @classmethod
    def prewarm(cls) -> None:
        """Draw what every table of this game starts with (the empty board, the backdrop) before one
        is opened: the setup screen calls it while the player is still choosing, so the table's
        first frame finds its pictures ready."""

    def stage(self, timeline: Timeline, events: list[dict[str, Any]], view: View, actor: int | None) -> None:
        """Fill ``timeline`` with the effects of ``events`` leading to ``view`` (what is on screen is
        ``self.view``). Call ``self.show.switch()`` where the new view should appear; by default at
        the end."""

    def adopted(self, view: View) -> None:
        """``view`` is on screen now (played to, or jumped to): refresh what is derived from it."""

    def shown_changed(self, view: View) -> None:
        """Another view went on screen, possibly in the middle of an update's effects (a ``switch``):
        what is derived from the view on screen follows at once."""

    def turn_opened(self, acting: int | None, mine: bool) -> None:
        """The screen has caught up and it is ``acting``'s decision (``mine``: a human of this screen)."""

    def refused(self, message: str) -> None:
        """An intent was refused (or the link reported a problem): tell the player."""

    def handle_table(self, intent: Intent) -> bool:
        """The game's own input; True when taken."""
        return False

    def draw_table(self, surface: pygame.Surface) -> None:
        """The board and the panels, under the buttons."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Over the buttons: by default the show's effects in flight (a game may draw them lower down
        and notes up here instead)."""
        self.show.draw_effects(surface)

    def draw_held(self, surface: pygame.Surface) -> None:
        """What the player carries with the pointer (a tile dragged from the hand): over the table, its
        buttons and a first-game hint, so it is never lost under them."""

    def handover_area(self, surface: pygame.Surface) -> pygame.Rect:
        """Where the open handover's band stands across its middle: the whole window by default (every
        table's board meets it); a game whose board is read at its turn's start moves it off."""
        return surface.get_rect()

    def needs_cover(self, seat: int) -> bool:
        """Whether the screen goes to ``seat`` behind the hot-seat cover: their turn would show what
        only they may see. A game says no for a seat with no secret left (Linie 1's driver)."""
        return True

    def result_to_see(self, events: list[dict[str, Any]], actor: int) -> bool:
        """Whether ``events``, brought about by ``actor`` (a player of this screen), end in something
        that player wants to see before the screen is handed on, even when they skipped its show: a
        Linie 1 tram's move after a roll. A plain End turn shows nothing new to its player: no beat."""
        return False

    def cover_note(self, seat: int) -> str:
        """A line on the hot-seat cover for ``seat`` (what to do, which colour is theirs)."""
        return ""

    def seat_kind(self, seat: int) -> str:
        """Who plays ``seat``, as a seat's card says it in every game: "you", "on this screen" (hot-seat),
        a bot and its level, "remote player" at a LAN table."""
        info = self.seat_info(seat)
        if info.get("kind") == "bot":
            return bot_label(info.get("level", "normal"))
        if seat in self.humans:
            return _("you") if len(self.humans) == 1 else _("on this screen")
        if info.get("kind") != "human":
            return _("open seat")
        return _("remote player") if self.session.lan else _("player")  # a replay's players are nobody's here

    def seat_anchor(self, seat: int) -> Anchor:
        """Where the LAN HUD puts ``seat``'s connection dot (None: not shown)."""
        return None

    def coach_anchor(self) -> pygame.Rect:
        """Where a first-game hint may stand, over what matters least while it is read: the bubble
        hangs from this rect's top centre and is at most as wide."""
        return pygame.Rect(theme.WIDTH // 2 - 340, theme.HEIGHT - 230, 680, 210)

    def explain_refusal(self, code: str, params: Any = None) -> None:
        """A refusal (the authority's, or one the table judged itself: a ghost tile clicked), with its
        parameters: a first game explains it."""
        if self.coach is not None:
            self.coach.refused(code, params if isinstance(params, dict) else None)

    def menu_keys_note(self) -> str:
        """Where the pause menu and the rules are, in the words Liniell's top bar uses: every table
        shows it somewhere (Linja has buttons). A replay's Esc goes back to the list: the rules only.
        A LAN spectator reads there, calmly and all game long, that they only watch."""
        keys = _("F1 rules") if self.session.replay else _("Esc menu · F1 rules")
        return _("You only watch · {keys}").format(keys=keys) if self.spectating else keys

    @property
    def spectating(self) -> bool:
        """A LAN spectator's screen: people play the game, nobody of this screen can act in it."""
        return getattr(self.session, "role", None) == "spectator" and not self.session.replay

    def chat_corner(self) -> tuple[int, int]:
        """The bottom-left corner of the LAN chat."""
        return (24, 1056)

    def hint_box(self) -> pygame.Rect | None:
        """Where the first-game hint's bubble stands now (None: none shows): the LAN chat's fading lines
        end above it rather than over its words."""
        return self.coach.shown_box() if self.coach is not None else None

    def chat_feed_box(self) -> pygame.Rect | None:
        """Where the LAN chat's fading lines stand for their nine seconds (asked every frame; None: the
        corner above the tab): room that holds no piece, tile, street, hand or button the players need
        (docs/lan_screens.md, decision 8). The lines fill its width and rise from its foot."""
        return None

    def notice_anchor(self) -> pygame.Rect:
        """Where a notice that stays while its cause lasts ("Saving fails (No space left on device)…",
        "The host has left the table") may stand: a box that holds nothing a player needs. The notice
        is wrapped and shrunk to fit it, and hangs from its top centre. By default the top centre of
        the screen; a table whose names, turn or cards sit there names a place of its own."""
        return NOTICE_BOX.copy()

    def figures(self, view: View, outcome: dict[str, Any]) -> list[PlayerFigures]:
        """Each player's card on the results screen."""
        return generic_figures(view, outcome)

    def results_title(self, outcome: dict[str, Any]) -> str:
        """"Linie 1 · Three dice · 3 players": the game, named with its rule as the Saved games and
        Replays rows name it (``named_rule``), and how many played."""
        view = self.latest or {}
        seats = view.get("match", {}).get("seats", [])
        options = view.get("options") if isinstance(view.get("options"), dict) else {}
        rule = named_rule(self.game, options, [str(seat.get("name", "?")) for seat in seats])
        return players_title(f"{self.title} · {rule}" if rule else self.title, len(seats))

    def next_game(self, outcome: dict[str, Any]) -> TableConfig | None:
        """What Play again starts (a local game only): the same table with a new deal."""
        return self.config.with_new_seed() if self.config is not None else None

    def game_over(self, outcome: dict[str, Any]) -> None:
        """The final view is on screen; by default the results follow at once."""
        self.open_results()

    # -- the session ------------------------------------------------------------------------------
    def _first_view(self) -> View | None:
        """This screen's view now; a LAN session may hold none yet (the first update brings it)."""
        try:
            return self.session.view(self.eyes)
        except (KeyError, LookupError):
            return None

    def submit(self, action: dict[str, Any], seat: int | None = None) -> None:
        """Send an intent for the seat deciding now (one in flight at a time)."""
        seat = self.acting if seat is None else seat
        if seat is None or seat not in self.humans or self.awaiting > 0:
            return
        self.awaiting = SUBMIT_PATIENCE
        self.session.submit(seat, action)

    def receive(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "update":
            self.awaiting = 0.0
            view = message.get("view")
            if not self.accepts(view):
                return
            version = message.get("version")
            version = version if isinstance(version, int) else self.version + 1
            if message.get("snapshot") or self.view is None:
                self.version = version
                self.resync(view)
            elif version > self.version:  # an older or equal version: a change already seen
                self.version = version
                events = [event for event in message.get("events") or [] if isinstance(event, dict)]
                actor = message.get("actor")
                actor = actor if isinstance(actor, int) else None
                if actor in self.humans and len(self.humans) > 1 and self._wants_a_look(events, actor):
                    self._to_see.add(id(view))
                self.show.play(view, lambda timeline: self._stage_received(timeline, events, view, actor))
        elif kind == "rejected":
            self.awaiting = 0.0
            rejection = message.get("rejection") or {}
            self.app.sounds.play("error")
            self.explain_refusal(str(rejection.get("code") or ""), rejection.get("params"))
            self.refused(refusal_text(rejection, self.seat_names()))
        elif kind == "error":
            self.awaiting = 0.0
            self.refused(net_error_text(message))
        elif kind == "status" and getattr(self.session, "deal", 0) != self.deal and not self.handed_over:
            self.to_lobby()  # the table plays again (its players chose so while this screen still showed the end)

    def catch_up(self) -> float:
        """How much faster than its setting the show plays: at a LAN table whose host's moves come faster
        than they animate (bots at a show, three trams driving their trips), the screen fell ever further
        behind; a watcher was still seeing the trips when the table dealt its next game and never saw who
        won (a whole show game of three bots ended 97 s behind at 1x, 13 s so). More than ``CATCH_UP_AFTER``
        updates waiting, each one more plays it ``CATCH_UP_STEP`` as fast again, up to ``CATCH_UP_MOST``
        times. A local game's bots wait for the show: it never falls behind."""
        if not self.session.lan:
            return 1.0
        behind = self.show.waiting - CATCH_UP_AFTER
        return 1.0 if behind <= 0 else min(CATCH_UP_MOST, 1.0 + CATCH_UP_STEP * behind)

    def _wants_a_look(self, events: list[dict[str, Any]], actor: int) -> bool:
        """``result_to_see``; a LAN host's events it cannot read ask for no beat."""
        try:
            return self.result_to_see(events, actor)
        except (KeyError, IndexError, TypeError, ValueError):
            return False

    def _stage_received(self, timeline: Timeline, events: list[dict[str, Any]], view: View,
                        actor: int | None) -> None:
        """The game's ``stage``; events from a LAN host that this game cannot stage (a broken or hostile
        host's: a field missing or of another kind) are dropped, and the view shows as it is, never a
        crash. A local game's events are the rules' own: any error there is a bug, and is raised."""
        self._from_host(lambda: self.stage(timeline, events, view, actor), timeline.clear,
                        "events from the host that the %s table cannot show: %.300r", self.game, events)

    def _play_show(self, dt: float) -> None:
        """The show moves on; an effect a LAN host's events built that cannot play (a broken or hostile
        host's) ends the animations, and the newest view shows as it is."""
        self._from_host(lambda: self.show.update(dt), self._show_latest,
                        "an update from the host that the %s table cannot play: shown as it is", self.game)

    def _from_host(self, work: Callable[[], object], recover: Callable[[], object], *what: object) -> None:
        """``work`` on what a LAN host sent: an error there (a broken or hostile host's events) is
        logged as ``what`` says and ``recover`` shows the table as it is, never a crash. At a local
        game the events are the rules' own: any error is a bug, and is raised."""
        if not self.session.lan:
            work()
            return
        try:
            work()
        except Exception:
            log.warning(*what, exc_info=True)
            recover()

    def _show_latest(self) -> None:
        """The newest view the show was handed, as it is, without its animations."""
        if (latest := self.show.latest) is not None:
            self.resync(latest)

    def accepts(self, view: Any) -> bool:
        """Whether ``view`` is one of this game's views (a stray or damaged message is never shown)."""
        return isinstance(view, dict) and view.get("game", self.game) == self.game

    def resync(self, view: View) -> None:
        """Show ``view`` at once: the first view, or a snapshot after the link was repaired."""
        self.show.reset(view)
        self._to_see.clear()
        match = view.get("match") if isinstance(view.get("match"), dict) else {}
        if isinstance(match.get("version"), int):
            self.version = max(self.version, match["version"])
        self._opened = None
        self.adopted(view)
        self._check_over(view)

    def _settled(self, view: View) -> None:
        self._to_see.discard(id(view))
        self.adopted(view)
        self._check_over(view)

    def _check_over(self, view: View) -> None:
        outcome = view.get("outcome")
        if outcome and not self.finished and not self.show.busy:
            self.finished = True
            if self.coach is not None:
                self.coach.memory.finished(self.game)  # a first game played to its end
            self.game_over(outcome)

    # -- turns ------------------------------------------------------------------------------------
    def _open_turn(self) -> None:
        """Once per change, when the show has caught up: whose decision, whose eyes, the cover."""
        view = self.view
        if view is None or self.finished:
            return
        to_act = view.get("match", {}).get("to_act") or []
        acting = to_act[0] if to_act and isinstance(to_act[0], int) else None
        key = (self.version, acting)
        if key == self._opened or self.looking > 0:
            return  # (or the last player still looks at the result of their move: the cover waits)
        mine = acting is not None and acting in self.humans
        if self._look_due and mine and len(self.humans) > 1 and self.covered_for != acting \
                and self.needs_cover(acting):
            self._look_due = False
            self.looking = LOOK_SECONDS  # their skipped move's result stands a beat before the cover
            return
        self._look_due = False
        self._opened = key
        self.acting = acting
        if mine and len(self.humans) > 1 and self.covered_for != acting and not self.needs_cover(acting):
            self.covered_for = acting  # handed on openly: nothing of theirs is secret any more
            self._hand_over_openly(acting)
        if mine and len(self.humans) > 1 and self.covered_for != acting:
            self._set_eyes(None)
            self.covered_for = acting
            self.app.push(CoverScene(self.app, self.seat_name(acting), self.seat_colour(acting),
                                     lambda seat=acting: self._reveal(seat), self.cover_note(acting),
                                     self.open_menu, self.open_rules))  # Esc, F1 on the cover: as at the table
            return
        if mine:
            self._set_eyes(acting)
            if acting != self._announced and len(self.humans) == 1:
                self.app.sounds.play("turn")
            self._announced = acting
        else:
            self._set_eyes(self.resting_eyes)
            self._announced = None
        self.turn_opened(acting, mine)

    def _hand_over_openly(self, seat: int) -> None:
        """No cover to click: the turn sound and a band that names the next player say it instead, and
        for a moment the table is deaf, so the last player's double click does not act for the next."""
        self.app.sounds.play("turn")
        self.handover = Handover(_("{name}'s turn").format(name=self.seat_name(seat)), self.seat_colour(seat),
                                 self.cover_note(seat))
        self.deaf = LOOK_DEAF

    def look_through(self, seat: int | None) -> None:
        """Show the game through ``seat``'s eyes (None: a spectator's) whenever no player of this
        screen decides: the replay viewer's switch."""
        self.resting_eyes = seat
        if not self._begun:
            self.eyes = seat
            self.session.watch(seat)
        elif self.acting not in self.humans:
            self._set_eyes(seat)

    def _reveal(self, seat: int) -> None:
        """The cover was dismissed by ``seat``'s player: their secrets may show now."""
        self._set_eyes(seat)
        self._announced = seat
        self.turn_opened(seat, True)

    def _set_eyes(self, seat: int | None) -> None:
        if seat == self.eyes:
            return
        self.eyes = seat
        self.session.watch(seat)
        try:
            view = self.session.view(seat)
        except (KeyError, LookupError):
            return
        self.show.shown = view
        self.adopted(view)

    # -- the end ----------------------------------------------------------------------------------
    def sound_the_end(self, name: str) -> None:
        """The game's end is celebrated once: the table that stages it plays its fanfare with its confetti
        (or the bell, nobody won) and its results stay quiet and bare; results over a table that opened
        on the end celebrate instead."""
        self.end_heard = True
        self.app.sounds.play(name)

    def open_results(self) -> None:
        view = self.view
        if view is None or not view.get("outcome"):
            return
        outcome = view["outcome"]
        try:
            final = self.session.view(self.eyes)  # every card is revealed at the end
        except (KeyError, LookupError):
            final = view
        if self.session.replay:  # over the replay: Back returns to its last position
            self.app.push(ResultsScene(self.app, named_as_played(self.figures(final, outcome), final), outcome, None,
                                       self.results_title(outcome), back=(_("Back to the replay"), self.app.pop),
                                       heard=self.end_heard))
            return
        if self.session.lan:  # the table stays open behind its results, and may play again
            self.handed_over = True
            self.app.replace(self.app.doors.lan_results(named_as_played(self.figures(final, outcome), final), outcome,
                                                        self.results_title(outcome), self.session,
                                                        heard=self.end_heard))
            return
        again = self.next_game(outcome)
        play_again = (lambda: start_local_game(self.app, again)) if again is not None else None
        keep = getattr(self.session, "keep_finished", None) if self.session.save_problem else None
        self.app.replace(ResultsScene(self.app, named_as_played(self.figures(final, outcome), final), outcome,
                                      play_again, self.results_title(outcome), trouble=self.results_note(),
                                      keep=keep, heard=self.end_heard))

    def results_note(self) -> str:
        """What the results must say besides the figures: the replay that could not be kept."""
        if not self.session.replay_problem:
            return ""
        if self.session.save_problem:  # nothing holds the game yet: leaving the results tries again
            return _("Neither the replay nor the game can be written ({reason}): free some space, then leave "
                     "this screen, which tries once more.").format(reason=reason_in_words(self.session.save_problem))
        return _("The replay cannot be kept ({reason}): the game waits in Saved games, and its replay is "
                 "kept when you open it again.").format(reason=reason_in_words(self.session.replay_problem))

    def to_lobby(self) -> None:
        """The LAN table went back to its lobby for another game: follow it there with the session."""
        self.handed_over = True
        self.app.stack.reset(self.app.doors.lan_lobby(self.session))

    # -- the stack --------------------------------------------------------------------------------
    def pause(self) -> None:
        """A menu or cover is on top: local bots wait rather than play on unseen."""
        self.session.hold_bots(True)

    def resume(self) -> None:
        self.session.hold_bots(False)
        self.ui.forget_hover()  # End turn pressed before a cover keeps no tooltip for the next player

    def open_menu(self) -> None:
        kept = self.session.over and getattr(self.session, "kept_replay", None) is not None  # a local game's replay
        watching = getattr(self.session, "role", None) == "spectator"  # a LAN spectator leaves nothing behind
        self.app.push(PauseScene(self.app, game=self.game, saved=self.session.saved, kept=kept, watching=watching,
                                 leave_note=str(getattr(self.session, "leave_note", "")),
                                 plays_on=bool(getattr(self.session, "plays_on", False))))

    def open_rules(self) -> None:
        self.app.push(RulesScene(self.app, self.game))

    # -- frame ------------------------------------------------------------------------------------
    def needs_frames(self) -> bool:
        return (super().needs_frames() or self.busy or len(self.show.particles) > 0 or bool(self.show.overlays)
                or (self.lan_hud is not None and self.lan_hud.needs_frames())
                or (self.coach is not None and self.coach.settling) or self.handover is not None or self.deaf > 0)

    def handle(self, intent: Intent) -> bool:
        if self.lan_hud is not None and self.lan_hud.handle(intent):
            return True
        if intent.pos is not None:
            self.pointer = intent.pos
        if self.coach is not None and self.coach.handle(intent):
            return True
        kind = intent.kind
        if kind == "cancel" and not self.handle_table(intent):
            self.open_menu()
            return True
        if kind == "help":
            self.open_rules()
            return True
        if self.deaf > 0 and kind in HANDED_OVER_DEAF:
            return True  # the last player's click or key, still on its way: not the next player's move
        on_widget = intent.pos is not None and self.ui.at(intent.pos) is not None
        if self.looking > 0 and not self.show.busy and not on_widget:
            if kind in ("press", "confirm", "next") and self.looking <= LOOK_SECONDS - LOOK_DEAF:
                self.looking = 0.0  # seen: the screen goes on to the next player
            return True  # nothing of the turn just passed is played on meanwhile
        if self.busy and kind in ("press", "confirm", "next") and not on_widget:
            self._look_due = self._look_due or bool(self._to_see)
            self.show.skip()  # an impatient player skips the animation
            return True
        if kind == "confirm" and self.keys_on_buttons and self.ui.focus is not None and self.ui.focus.interactive:
            return super().handle(intent)  # the button the keys walked to, ringed, is the one Enter presses
        if kind != "cancel" and self.handle_table(intent):
            if intent.pos is None:
                self._keys_on_board()
            return True
        if intent.pos is None and kind not in BUTTON_KEYS:
            return False  # a key the table has no use for now (Ctrl+Z at Linja) rings no button
        if kind in ARROWS and not self.keys_on_buttons and not self.my_turn:
            return False  # an arrow while a move plays out or another decides: Tab, not it, walks to the buttons
        hovered = self.ui.focus is not None and self.ui.focus.hovered  # the ring the pointer gave, not the keys
        handled = super().handle(intent)
        if handled and intent.pos is None and not self.keys_on_buttons and not (kind == "confirm" and hovered):
            self.keys_on_buttons = True
            self.keys_left_board()
        return handled

    @property
    def pointer_shape(self) -> str:
        """A hand where a click acts (a button, a move this player may make on the board), else the
        arrow; the LAN HUD's chat and seat dots first, as they take the click first."""
        if self.lan_hud is not None and (shape := self.lan_hud.pointer_shape) is not None:
            return shape
        if (shape := self.ui.pointer_shape) is not None:
            return shape
        pointer = self.pointer
        if pointer is None or self.deaf > 0 or not self.my_turn or self.ui.at(pointer) is not None:
            return "arrow"
        return "hand" if self.takes_press_at(pointer) else "arrow"

    def takes_press_at(self, pos: tuple[int, int]) -> bool:
        """Hook: whether a press at ``pos`` on the board makes or starts a move now (the pointer shows
        a hand there). Asked only on this screen's turn, with nothing playing out."""
        return False

    def keys_left_board(self) -> None:
        """Hook: the keys walked off the board to the buttons; a table lets go of what its keys
        had picked out there (Linja's piece), so nothing but the ringed button looks chosen."""

    def _keys_on_board(self) -> None:
        """The keys play on the board again: a button ringed by earlier keys loses its ring, so
        the one ring on screen is where Enter acts (a button under the pointer keeps its own)."""
        self.keys_on_buttons = False
        if self.ui.focus is not None and not self.ui.focus.hovered:
            self.ui.set_focus(None)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.begin()
        if self.lan_hud is not None:
            self.lan_hud.update(dt)
        if not self.show.busy and not self.finished:
            self.session.pump()  # bots think only once the last move has been seen
        for message in self.session.poll():
            self.receive(message)
        self._play_show(dt * self.app.settings.animation_speed * self.catch_up())
        self.awaiting = max(0.0, self.awaiting - dt)
        self.looking = max(0.0, self.looking - dt)
        self.calm_for = 0.0 if self.busy else self.calm_for + dt
        self.deaf = max(0.0, self.deaf - dt)
        if self.handover is not None:
            self.handover.update(dt)
            if self.handover.done:
                self.handover = None
        if not self.show.busy:
            self._open_turn()
        if self.coach is not None:
            self.coach.consider(self, self.my_turn, self.acting)
            self.coach.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.session.lan:
            self.draw_table(surface)
        else:
            try:
                self.draw_table(surface)
            except Exception:  # what a LAN host's events left behind (a broken or hostile host's)
                if not self.show.busy:
                    raise  # nothing of theirs in the way: a bug of this table, for the crash screen
                log.warning("the %s table cannot draw what the host's events left: shown as it is", self.game,
                            exc_info=True)
                self._show_latest()
                self.draw_table(surface)
        if self.lan_hud is not None:  # seat dots and lasting notices: under the buttons, the table's tooltips
            self.lan_hud.draw_under(surface)  # (a seat's tiles, a button's words), a first-game hint and the banners
        super().draw(surface)
        self.draw_over(surface)
        if self.coach is not None:
            self.coach.draw(surface, self.coach_anchor(), self.pointer)
        self.draw_held(surface)
        if self.handover is not None:
            self.handover.draw(surface, self.handover_area(surface))
        self.show.draw_overlays(surface)
        if self.lan_hud is not None:
            self.lan_hud.draw_over(surface)  # the chat, and "Reconnecting…" over everything while the link is down
        elif self.session.save_problem:
            draw_save_problem(surface, self.session.save_problem, self.notice_anchor())
