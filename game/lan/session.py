"""A LAN session as the client's screens see it: a ``NetSession`` that also remembers the chat.

Tables read ``poll()`` every frame, so nothing else could see a chat line or a seat going away.
``LanSession`` wraps the connection and notes those messages as they pass, then hands every message
on unchanged: the lobby and the in-game HUD read the notes, the table reads its messages exactly as
from a ``LocalSession``. Seat-state changes become short notices in the chat ("Ben lost the
connection", "A bot plays for Ben") so nobody has to watch the dots.

Every member is declared here (the ``game.session.Session`` protocol, and the lobby's LAN members):
nothing is forwarded blindly. When this program hosts the table, closing the session also stops the
hosted table. A joining player's seat token is remembered on disk under ``seat_key`` (see
``game.lan.seats``) until the game ends, so the player can sit back down after the program closed.
"""

from __future__ import annotations

import math
import time
from typing import Any, Protocol

from game.i18n import _, ngettext
from game.lan import seats as lan_seats
from game.match import Match
from game.refusal_words import net_error_text
from game.render.palette import seat_colours
from game.replay_writer import keep_replay, write_replay
from game.saves import retire_save
from game.session import ChatLine
from net.host_thread import SavedTable

CHAT_LIMIT = 280  # the host's limit (HostConfig.chat_max_len); longer lines are refused there
HISTORY = 60  # chat lines kept for the scroll-back
# after this screen's own link comes back, the others' reconnecting (their backoff reaches 8 s) is not news
RETURN_GRACE = 10.0
TOKEN_REFUSALS = ("net.bad_token", "net.token_revoked")


class HostedTable(Protocol):
    """The table this program serves (``net.host_thread.HostThread``), as the screens use it."""

    def start_game(self) -> None: ...

    def hand_to_bot(self, seat: int) -> None: ...

    def hand_back(self, seat: int) -> None: ...

    def rematch(self) -> Match: ...

    def stop(self, goodbye: bool = True) -> None: ...

    @property
    def save_problem(self) -> str:
        """Why the table's autosave fails right now ("" while saving works)."""
        ...

    def saved_table(self) -> SavedTable | None:
        """Where the table autosaves, its game and its phase (None: it saves nothing)."""
        ...

    def save_now(self) -> None:
        """A full save of the table at once (its problem, if the disk still refuses, in ``save_problem``)."""
        ...


class LanSession:
    """A ``game.session.Session`` over the LAN, with the chat and the seats' comings and goings noted."""

    lan = True
    replay = False

    def __init__(self, session: Any, hosted: HostedTable | None = None, address: str = "", port: int = 0,
                 seat_key: str | None = None) -> None:
        self.connection = session  # net.client.NetSession (or a stand-in with its members, in tests)
        self.seat_key = seat_key
        self.hosted = hosted  # the HostThread when this program hosts the table
        self.address = address or getattr(session, "address", "")
        self.port = port or getattr(session, "port", 0)
        self.chat: list[ChatLine] = []
        self.link_reason = ""
        self.table_replaced = False  # closed for good because another table answers at its address now
        self._held: list[dict[str, Any]] = []
        self._serial = 0
        self._seen_seats: list[dict[str, Any]] = []
        self._seen_spectators = 0
        self._last_phase = ""
        self.deal = 0  # how many times the table went back to its lobby for another game, as seen here
        self.lobby: object | None = None  # the lobby screen that opened on this session last
        self.colours: dict[int, int] = {}
        self.bot_due: dict[int, float] = {}  # seat: when (this clock) a bot takes its absent player's seat
        self._stood_in: set[int] = set()  # seats a bot played while their player was not connected
        self._missed_end: set[int] = set()  # seats whose player was away as the table dealt again
        self._told_name: str | None = None  # the seat's name this player was last told they sit under
        self.taking_back = False  # joined with a kept seat's token: the host's welcome says whether it held
        self._own_link_down = False
        self._others_settle_until = 0.0  # until then the others' links coming and going are not news
        # a hosted table keeps its finished game's replay as the results open (``keep_finished_replay``)
        self.replay_kept = False
        self.replay_problem = ""  # why it could not be (a full disk): the hosting player's results say so

    # -- the Session protocol -----------------------------------------------------------------------
    @property
    def game(self) -> str:
        return str(self.connection.game)

    @property
    def controlled_seats(self) -> list[int]:
        return list(self.connection.controlled_seats)

    @property
    def link(self) -> str:
        return str(self.connection.link)

    @property
    def seat_states(self) -> list[dict[str, Any]]:
        seats = self.status.get("seats", [])
        return [seat for seat in seats if isinstance(seat, dict)] if isinstance(seats, list) else []

    def bot_in(self, seat: int) -> int | None:
        """Whole seconds until a bot takes this seat of an absent player, counted down here from the
        host's last word (0: any moment); None when the host counts nothing down for it."""
        due = self.bot_due.get(seat)
        return None if due is None else max(0, math.ceil(due - time.monotonic()))

    @property
    def hosting(self) -> bool:
        return self.hosted is not None

    @property
    def save_problem(self) -> str:
        return self.hosted.save_problem if self.hosted is not None else ""

    @property
    def saved(self) -> bool:
        """Leaving loses nothing: this program hosts a table that autosaves, and no one else plays at it
        now. While others do, the hosting player's leaving stops the table for them all, so the pause
        menu asks once more instead of offering a one-click "Save and leave"."""
        return self.hosted is not None and self.hosted.saved_table() is not None and not self.save_problem \
            and not self.others_playing

    @property
    def others_playing(self) -> bool:
        """A player at another screen holds a seat of this game under way (away or not: they come back)."""
        mine = set(self.controlled_seats)
        return self.phase == "playing" and any(
            seat.get("claimed") for index, seat in enumerate(self.seat_states) if index not in mine)

    @property
    def leave_note(self) -> str:
        """What leaving this game does to the table, for the pause menu's Leave (its tooltip): the hosting
        player's leaving closes it for everyone until they open it again; a seated guest's keeps the seat."""
        if self.phase != "playing":
            return ""
        if self.hosted is not None:
            if not self.others_playing:
                return ""
            return _("The table closes for everyone until you open it again (Continue on the title); their "
                     "seats wait for them.")
        if self.role == "seat":
            return _("Your seat is kept, and a bot may play it meanwhile: join the table again to play on.")
        return ""

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def submit(self, seat: int, action: dict[str, Any]) -> None:
        self.connection.submit(seat, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.connection.view(seat)

    def pump(self) -> None:
        self.connection.pump()

    plays_on = True  # the table goes on while this screen shows a menu (the pause menu says so)

    def hold_bots(self, held: bool) -> None:
        """The host's bots play on while one player looks at a menu: the others are waiting."""

    def watch(self, seat: int | None) -> None:
        """A LAN client holds its own seat's view only: there are no other eyes to show."""

    def stand_in(self, seat: int, bot: bool) -> None:
        if self.hosted is None:
            return
        if bot:
            self.hosted.hand_to_bot(seat)
        else:
            self.hosted.hand_back(seat)

    def poll(self) -> list[dict[str, Any]]:
        """Every message since the last poll, including those ``collect`` already looked at."""
        self.collect()
        messages, self._held = self._held, []
        return messages

    def collect(self) -> None:
        """Read the network now and note chat and seat changes; the messages wait for ``poll``."""
        for message in self.connection.poll():
            self._note(message)
            self._held.append(message)
        if len(self._held) > 500:  # nobody polls (a finished table): keep the chat, drop stale updates
            self._held = [m for m in self._held if m.get("type") != "update"][-100:]

    def close(self, goodbye: bool = True) -> None:
        if self.seat_key is not None and self.phase == "lobby":
            lan_seats.forget(self.seat_key)  # leaving the lobby gives the seat up
        if self.hosted is not None:  # the table's goodbye first: guests read that the host closed it, not
            self.hosted.stop(goodbye)  # that the hosting player lost the connection a moment before
        self.connection.close()
        if self.hosted is not None and (table := self.hosted.saved_table()) is not None:
            retire_save(table.path, table.match, table.phase, self.replay_kept)

    # -- the lobby's members ------------------------------------------------------------------------
    @property
    def status(self) -> dict[str, Any]:
        """The host's last status: seats, spectators, phase."""
        status = getattr(self.connection, "status", None)
        return status if isinstance(status, dict) else {}

    @property
    def phase(self) -> str:
        return str(self.connection.phase)

    @property
    def role(self) -> str | None:
        """``seat``, ``spectator``, or None before the host has placed this program."""
        return self.connection.role

    @property
    def seat(self) -> int | None:
        return self.connection.seat

    @property
    def host_closed(self) -> bool:
        """The host said goodbye: the table is closed (until it answers again, a restarted host)."""
        return bool(getattr(self.connection, "host_closed", False))

    @property
    def token(self) -> str | None:
        return self.connection.token

    @property
    def table(self) -> dict[str, Any] | None:
        return self.connection.table

    def claim(self, seat: int) -> None:
        self.connection.claim(seat)

    def spectate(self) -> None:
        self.connection.spectate()

    def start_game(self) -> None:
        """The owner starts the table: the hosted table directly, else ask the host."""
        if self.hosted is not None:
            self.hosted.start_game()
        else:
            self.connection.start_game()

    @property
    def may_play_again(self) -> bool:
        """After the game, can this screen ask for another at the table? Its host can; a seated guest
        only where the players start games themselves (a dedicated host), a spectator never."""
        if self.hosted is not None:
            return True
        return self.role == "seat" and bool((self.table or {}).get("guests_start", True))

    def rematch(self) -> None:
        """Another game at this table once this one is over: the hosted table deals again at once
        (and the finished game's replay is kept, as when the table closes); a guest asks the host,
        which deals once every seated player still connected asked."""
        if self.hosted is not None:
            finished = self.hosted.rematch()
            if not self.replay_kept:
                keep_replay(finished)  # the disk may have room now; else the new deal goes on without it
            self.replay_kept, self.replay_problem = False, ""
        else:
            self.connection.rematch()

    def keep_finished_replay(self) -> None:
        """The game at the table hosted from here is over: its replay goes to the replays folder now,
        as a game on one screen keeps its own, so the hosting player's results can say when the disk
        refuses it (``replay_problem``; the save then keeps the finished game when the table closes).
        Nothing for a guest, and nothing twice."""
        if self.hosted is None or self.replay_kept:
            return
        table = self.hosted.saved_table()  # None when the table saves nothing: its host still holds the game
        match = table.match if table is not None else getattr(getattr(self.hosted, "host", None), "match", None)
        if match is None or not match.finished:
            return
        try:
            write_replay(match)
        except OSError as error:
            self.replay_problem = error.strerror or type(error).__name__
            return
        self.replay_kept, self.replay_problem = True, ""

    def keep_finished(self) -> str:
        """The hosting player leaves the results of a game that neither its replay nor the table's save
        holds (a full disk): the replay is tried once more, else a save. The problem still in the way,
        or "" once either is written (``ResultsScene.keep``)."""
        if self.hosted is None or self.replay_kept or not self.save_problem:
            return ""
        self.keep_finished_replay()
        if self.replay_kept:
            return ""
        self.hosted.save_now()
        return self.save_problem

    # -- chat ---------------------------------------------------------------------------------------
    def say(self, text: str) -> str | None:
        """Send a chat line; returns why not (in words) when it cannot be sent."""
        text = " ".join(text.split())
        if not text:
            return None
        if len(text) > CHAT_LIMIT:
            return _("Chat lines are at most {limit} characters.").format(limit=CHAT_LIMIT)
        if self.link != "up":
            return _("Not connected to the host; try again in a moment.")
        self.connection.chat(text)
        return None

    def notice(self, text: str) -> None:
        self._add(ChatLine(0, "", text, None, True))

    def seat_colour(self, seat: int) -> int:
        """The colour index a seat plays in, as the table will show it: the colours the game's views
        hold (each seat's number's before the first view), as the game allows them."""
        count = max(len(self.seat_states), len(self.colours), seat + 1)
        return seat_colours(self.game, [self.colours.get(index, index) for index in range(count)])[seat]

    def _add(self, line: ChatLine) -> None:
        self._serial += 1
        line.serial = self._serial
        line.said_at = time.monotonic()
        self.chat.append(line)
        del self.chat[:-HISTORY]

    def _note_name(self, message: dict[str, Any]) -> None:
        """A player seated under another name than the one typed (the host numbers a name already
        at the table: a second Ben sits as "Ben 2") reads it once, or they would look for themselves
        in vain in the seats and in the others' chat."""
        asked, given = getattr(self.connection, "name", None), message.get("name")
        if message.get("seat") is None or not isinstance(asked, str) or not isinstance(given, str):
            return
        if given != asked and given != self._told_name:
            self.notice(_("Another player here is called {name}: the others see you as {given}.").format(
                name=asked, given=given))
        self._told_name = given

    def _note(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "welcome":
            self._note_name(message)
        if kind == "chat":
            seat = message.get("seat")
            name = str(message.get("name", "?"))
            if not isinstance(seat, int):  # a watcher's name is nobody's seat: "Ben" could be a player's
                name = _("{name} (watching)").format(name=name)
            self._add(ChatLine(0, name, str(message.get("text", "")), seat if isinstance(seat, int) else None))
        elif kind == "status":
            if message.get("link") in ("down", "closed"):
                self.link_reason = str(message.get("reason") or "")
            if message.get("link") == "closed" and message.get("replaced"):
                self.table_replaced = True
            if message.get("link") == "down":
                self._own_link_down = True
            elif message.get("link") == "up" and self._own_link_down:
                self._own_link_down = False  # the others' links were cut with ours (a host paused or restarted)
                self._others_settle_until = time.monotonic() + RETURN_GRACE
            seats = message.get("seats")
            if isinstance(seats, list):
                spectators = message.get("spectators")
                self._note_seats(seats, spectators if isinstance(spectators, int) else self._seen_spectators,
                                 str(message.get("phase") or ""))
            told = "reason" not in message  # the host's own status, not news of the link repeating the last
            if told and isinstance(seats, list):
                now = time.monotonic()  # the host counts from when it told, a moment ago
                self.bot_due = {index: now + seat["bot_in"] for index, seat in enumerate(seats)
                                if isinstance(seat, dict) and isinstance(seat.get("bot_in"), int | float)
                                and not isinstance(seat.get("bot_in"), bool)}
                self._note_return(seats)
            phase = str(message.get("phase") or self._last_phase) if told else self._last_phase
            if phase == "over" and self.seat_key is not None:
                lan_seats.forget(self.seat_key)  # nothing left to sit back down to ...
            elif self._last_phase == "over" and self.seat_key is not None and self.role == "seat" and self.token:
                lan_seats.remember(self.seat_key, self.token)  # ... until the table plays again
            if phase == "lobby" and self._last_phase in ("playing", "over"):
                self.deal += 1  # a table that played goes back to its lobby: another game there
                self.notice(_("A new game begins at this table."))
            self._last_phase = phase
        elif kind == "error" and str(message.get("code", "")).startswith("net.chat"):
            self.notice(net_error_text(message))
        elif kind == "error" and message.get("code") in TOKEN_REFUSALS and self.seat_key is not None:
            lan_seats.forget(self.seat_key)  # the host no longer knows that token
            self.taking_back = False
        elif kind == "welcome" and self.seat_key is not None:
            if self.taking_back and message.get("seat") is not None:  # said once it is so, not while asked
                self.notice(_("You sit in your seat again."))
            self.taking_back = False
            token = self.token
            if message.get("seat") is not None and token:
                lan_seats.remember(self.seat_key, token)
            else:
                lan_seats.forget(self.seat_key)
        elif kind == "update":
            view = message.get("view")
            seats = view.get("match", {}).get("seats") if isinstance(view, dict) else None
            if isinstance(seats, list):
                self.colours = {index: int(seat.get("colour", index)) for index, seat in enumerate(seats)
                                if isinstance(seat, dict) and isinstance(seat.get("colour", index), int)}

    def _note_return(self, seats: list[Any]) -> None:
        """Tell this player, back at their seat, that a bot played it meanwhile (the table's takeover
        time passed; the game may have started without them) and stood down as they took it back, and
        that the game they left ended and the table dealt another meanwhile (``missed_end``).
        Followed over every status, as the host tells it: the one after the hello shows the bot, the
        next ones the seat played by its own player again."""
        own = self.seat if self.role == "seat" else None
        for index, seat in enumerate(seats):
            if isinstance(seat, dict) and seat.get("missed_end") and not seat.get("connected"):
                self._missed_end.add(index)
            elif isinstance(seat, dict) and seat.get("connected") and index in self._missed_end:
                self._missed_end.discard(index)
                if index == own:  # the game they left ended without them: this is the next one
                    self.notice(_("While you were away, that game ended and the table began another: "
                                  "you play this one."))
            if not isinstance(seat, dict) or not seat.get("claimed"):
                self._stood_in.discard(index)  # an open seat, or a bot's own: nobody to come back to it
            elif seat.get("bot") and not seat.get("connected"):
                self._stood_in.add(index)
            elif seat.get("connected") and index in self._stood_in:
                self._stood_in.discard(index)
                if index == own and not seat.get("bot"):  # a bot the host let in itself is said apart
                    self.notice(_("A bot played your seat while you were away; it is yours again."))

    def _note_watchers(self, change: int, watching: int, phase: str) -> None:
        """Someone began or stopped watching a game under way: the players learn who can see the board
        (the lobby shows the count; a seat given up to watch is said by its own notice). Told to the
        players only: a watcher needs no word of the others (at a bots-only show, where watchers come and
        go all day, it would fill their chat), nor of its own arrival. Not news while this screen's link
        has just come back: the watchers reconnect with it."""
        if change == 0 or phase not in ("playing", "over") or self.role != "seat" \
                or time.monotonic() < self._others_settle_until:
            return
        if change > 0:
            self.notice(ngettext("Someone began watching: {count} watching.", "{added} people began watching: {count} "
                                 "watching.", change).format(added=change, count=watching))
        elif watching:
            self.notice(ngettext("Someone stopped watching: {count} watching.", "{gone} people stopped watching: "
                                 "{count} watching.", -change).format(gone=-change, count=watching))
        else:
            self.notice(_("Nobody watches any more."))

    def _note_seats(self, seats: list[dict[str, Any]], spectators: int = 0, phase: str = "") -> None:
        """Notices for a seat that left, came back, or was handed to a bot (not for the lobby's comings);
        in the lobby a player who moves to another seat, or gives the seat up to watch, is said so."""
        before, self._seen_seats = self._seen_seats, seats
        watchers_before, self._seen_spectators = self._seen_spectators, spectators
        if len(before) != len(seats) or not all(isinstance(seat, dict) for seat in before + seats):
            return
        self._note_watchers(spectators - watchers_before, spectators, phase)
        sat = {str(new.get("name")) for old, new in zip(before, seats, strict=True)
               if new.get("claimed") and not old.get("claimed") and new.get("kind") != "bot"}
        own = self.seat if self.role == "seat" else None
        for index, (old, new) in enumerate(zip(before, seats, strict=True)):
            name = str(new.get("name", "?"))
            if not old.get("claimed") or not new.get("claimed"):
                if new.get("claimed") and not old.get("claimed") and new.get("kind") != "bot":
                    self.notice(_("{name} sits down.").format(name=name))
                elif old.get("claimed") and not new.get("claimed"):
                    gone = str(old.get("name", "?"))
                    if gone in sat or old.get("left"):  # moved: "sits down" says where; left: said already
                        pass
                    elif spectators > watchers_before:
                        self.notice(_("{name} gave up the seat to watch.").format(name=gone))
                    else:
                        self.notice(_("{name} left the table.").format(name=gone))
                continue
            if new.get("left") and not old.get("left"):  # said bye after the game: gone, not a lost link
                if index != own:
                    self.notice(_("{name} left the table.").format(name=name))
                continue
            back = new.get("connected") and (not old.get("connected") or (old.get("away") and not new.get("away")))
            if phase == "over" and new.get("asked_start") and not old.get("asked_start") and index != own:
                # told where it is read (a screen still on the final board, too): the table waits for them
                self.notice(ngettext("{names} would like to play again.", "{names} would like to play again.",
                                     1).format(names=name))
            if new.get("bot") and not old.get("bot"):
                if index != own:
                    self.notice(_("A bot plays for {name} for now.").format(name=name))
                elif new.get("connected"):  # the hosting player let a bot in while this player is here
                    self.notice(_("A bot plays your seat until the host gives it back."))
                # this seat's own link was down: never "A bot plays for Ben" on Ben's own screen; back at
                # it, he reads "A bot played your seat while you were away" (``_note_return``)
            elif old.get("bot") and not new.get("bot") and not back:
                # a returning player's bot stands down a moment before the player is back: "is back" follows
                if new.get("connected") and index != own:
                    self.notice(_("{name} plays their own seat again.").format(name=name))
            elif index == own:
                # this screen's own link: the player knows (the host's at a table it just opened, a
                # guest whose restarted host first tells every seat as not yet connected); but a bot the
                # hosting player let in keeps the seat after they are back, and they could not know why
                if new.get("bot") and new.get("connected") and not old.get("connected"):
                    self.notice(_("A bot plays your seat until the host gives it back."))
                continue
            elif time.monotonic() < self._others_settle_until and not new.get("bot"):
                continue  # this screen's link just came back: the others reconnect too, nothing they did
            elif old.get("connected") and not new.get("connected") and new.get("went"):
                self.notice(_("{name} left the game; the seat is kept.").format(name=name))  # Leave game
            elif old.get("connected") and not new.get("connected"):
                self.notice(_("{name} lost the connection; the seat is kept.").format(name=name))
            elif back and new.get("bot") and self.hosting:  # a bot the hosting player let in keeps the seat
                self.notice(_("{name} is back: click their dot to give them the seat.").format(name=name))
            elif back:
                self.notice(_("{name} is back.").format(name=name))
            elif new.get("away") and not old.get("away"):
                self.notice(_("{name} is away.").format(name=name))
