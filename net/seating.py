"""Who sits where at a LAN table: the seats, their tokens, the tokens given up, who plays each.

Bookkeeping only, no I/O: the host (``net.host``) decides when, and tells the peers. Kept apart
from the host so the rules of a seat's life (claim, give up, a bot standing in, asking to start)
read in one place and are tested without sockets.
"""

from __future__ import annotations

import hmac
from collections.abc import Callable, Iterable
from typing import Any

from game.core.contract import SnapshotError
from game.match import Match, SeatInfo
from net.protocol import MAX_NAME_CHARS
from net.table import RefusedError, SeatSlot, new_token, seat_tag, token_digest

MAX_REVOKED = 256  # given-up tokens remembered (a seat's token is 128 bits: older ones stay unguessable)
HANDED = (None, "auto", "manual")  # a human's seat played by a bot: not, after an absence, on request


class Seating:
    """The match's seats (names, kinds, colours) beside the host's side of each (``SeatSlot``)."""

    def __init__(self, match: Match, slots: list[SeatSlot], revoked: Iterable[str] = ()) -> None:
        if len(slots) != len(match.seats):
            raise ValueError("one slot per seat")
        self.match = match
        self.slots = slots
        self.revoked: dict[str, None] = dict.fromkeys(list(revoked)[-MAX_REVOKED:])  # oldest first
        self.asked_to_start: set[int] = set()  # seated humans who asked to start (not saved)

    # -- questions -------------------------------------------------------------------------------
    def open_seats(self) -> list[int]:
        return [seat for seat, info in enumerate(self.match.seats) if info.kind == "open"]

    def humans(self) -> list[int]:
        """Seats a person has claimed."""
        return [seat for seat, info in enumerate(self.match.seats) if info.kind == "human"]

    def bots_only(self) -> bool:
        """Whether every seat is a bot chosen for it (a show to watch): nobody can ever sit down."""
        return all(info.kind == "bot" and not slot.filled for info, slot in zip(self.match.seats, self.slots,
                                                                               strict=True))

    def counts(self) -> dict[str, int]:
        """What discovery and the hello tell: all seats, and those not open (people and bots)."""
        return {"seats_total": len(self.slots), "seats_taken": len(self.slots) - len(self.open_seats())}

    def states(self, bot_in: Callable[[int], int | None] | None = None) -> list[dict[str, Any]]:
        """Public facts about each seat: who sits there, whether they are connected, who plays it,
        the tag of its token (``seat_tag``: how a returning player's program recognises the table),
        in how many seconds a bot takes the seat of its absent player (``bot_in``, None: never), and
        whether its player left the finished game's table for good (``left``: not a dropped link), or
        left the game in play with the seat kept (``went``: Leave game, not a dropped link either), and
        whether the table dealt again while its player's link was down (``missed_end``: they did not
        see that game end; cleared as they take the seat back, so the status they read first says it)."""
        return [{"name": info.name, "kind": info.kind, "level": info.level, "claimed": slot.token is not None,
                 "connected": slot.peer is not None, "away": slot.peer is not None and slot.peer.away,
                 "bot": slot.bot_plays, "asked_start": seat in self.asked_to_start,
                 "tag": seat_tag(slot.token) if slot.token is not None else None,
                 "bot_in": bot_in(seat) if bot_in is not None else None, "left": slot.left,
                 "went": slot.went, "missed_end": slot.missed_end}
                for seat, (info, slot) in enumerate(zip(self.match.seats, self.slots, strict=True))]

    def seat_of_token(self, token: str) -> int | None:
        found = None
        for seat, slot in enumerate(self.slots):
            # compare every token in constant time so timing says nothing about a guess
            if slot.token is not None and hmac.compare_digest(slot.token.encode(), token.encode()):
                found = seat
        return found

    def is_revoked(self, token: str) -> bool:
        return token_digest(token) in self.revoked

    # -- changes ---------------------------------------------------------------------------------
    def claim(self, seat: int, name: str) -> str:
        """``name`` sits at the open ``seat``; returns the seat's new secret token."""
        if seat >= len(self.slots):
            raise RefusedError("net.no_such_seat", f"There is no seat {seat}.")
        if self.match.seats[seat].kind != "open":
            raise RefusedError("net.seat_taken", f"Seat {seat + 1} is not free.")
        slot = self.slots[seat]
        slot.token = new_token()
        taken = [info.name for index, info in enumerate(self.match.seats) if index != seat and info.kind != "open"]
        self.match.seats[seat] = SeatInfo(unique_name(name, taken), "human", colour=self.match.seats[seat].colour)
        return slot.token

    def release(self, seat: int) -> None:
        """A player gives up a lobby seat: it is open again and its token is dead."""
        slot = self.slots[seat]
        if slot.token is not None:
            self.revoked[token_digest(slot.token)] = None
            while len(self.revoked) > MAX_REVOKED:  # a claim/leave loop must not grow the save for ever
                del self.revoked[next(iter(self.revoked))]
        slot.token, slot.peer, slot.absent_since, slot.left, slot.missed_end = None, None, None, False, False
        self.asked_to_start.discard(seat)
        self.match.seats[seat] = SeatInfo(f"Seat {seat + 1}", "open", colour=self.match.seats[seat].colour)

    def start_asked(self, gone: Iterable[int] = ()) -> bool:
        """Has every seated human asked to start, except those ``gone`` (their link has been down
        too long to hold the others back)? At least one who asked must still be waited for, so a
        table whose players have all gone never starts by itself."""
        absent = set(gone)
        waited_for = [human for human in self.humans() if human not in absent]
        return bool(waited_for) and all(human in self.asked_to_start for human in waited_for)

    def fill_with_bots(self, level: str) -> None:
        """The game starts: every open seat gets a bot."""
        for number, seat in enumerate(self.open_seats(), 1):
            info = self.match.seats[seat]
            self.match.seats[seat] = SeatInfo(f"Bot {number}", "bot", level, info.colour)
            self.slots[seat].bot_level = level
            self.slots[seat].filled = True
        self.asked_to_start.clear()

    def rematch_asked(self) -> bool:
        """After the game: has every seated player still connected asked to play again?"""
        present = [seat for seat in self.humans() if self.slots[seat].peer is not None]
        return bool(present) and all(seat in self.asked_to_start for seat in present)

    def seat_again(self, keep: int | None = None) -> None:
        """Seat the next game at this table (``match`` is the new one, with the old one's seats): the
        players still connected keep their seats and tokens, a bot chosen for a seat stays, and a
        seat a player has left, or a bot only filled at the start, is open again. Those who asked
        for the rematch are ready in the new lobby. A player whose link is merely down keeps the
        seat and its token, as during a game: only one who said bye gives it up (never ``keep``,
        the host player's)."""
        for seat, (info, slot) in enumerate(zip(self.match.seats, self.slots, strict=True)):
            gone = info.kind == "human" and slot.left and seat != keep
            if gone or info.kind == "bot" and slot.filled:
                self.release(seat)  # the token of a player who left is dead, as in the lobby
            elif slot.token is not None and slot.peer is None:
                slot.missed_end = True  # their program was away as the game ended: they are told once back
            slot.handed, slot.filled, slot.left = None, False, False
            kept = self.match.seats[seat]
            slot.bot_level = kept.level if kept.kind == "bot" else None
        self.asked_to_start &= set(self.humans())

    def hand_to_bot(self, seat: int, level: str, how: str) -> bool:
        """A bot plays a human's seat (the player keeps the seat and its token); False if it
        already does or the seat is not a human's."""
        slot = self.slots[seat]
        if slot.bot_plays or self.match.seats[seat].kind != "human":
            return False
        slot.bot_level, slot.handed = level, how
        return True

    def hand_back(self, seat: int) -> bool:
        """The human plays their seat again; False if no bot stood in."""
        slot = self.slots[seat]
        if slot.handed is None:
            return False
        slot.bot_level, slot.handed = None, None
        return True

    # -- saving ----------------------------------------------------------------------------------
    def save_data(self) -> dict[str, Any]:
        return {"revoked": list(self.revoked),
                "seats": [{"token": slot.token, "bot_level": slot.bot_level, "handed": slot.handed,
                           "filled": slot.filled, "left": slot.left, "missed_end": slot.missed_end}
                          for slot in self.slots]}

    @staticmethod
    def slots_from_save(table: dict[str, Any], seats: int) -> tuple[list[SeatSlot], list[str]]:
        """The slots and given-up tokens of a saved table; SnapshotError when they cannot be trusted."""
        slots_data, revoked = table.get("seats"), table.get("revoked", [])
        if (not isinstance(slots_data, list) or len(slots_data) != seats
                or not isinstance(revoked, list) or not all(isinstance(r, str) for r in revoked)):
            raise SnapshotError("the save's seats do not match its game")
        return [slot_from_save(item) for item in slots_data], revoked[-MAX_REVOKED:]


def slot_from_save(data: Any) -> SeatSlot:
    if not isinstance(data, dict):
        raise SnapshotError("a saved seat must be a map")
    token, level, handed = data.get("token"), data.get("bot_level"), data.get("handed")
    filled = data.get("filled", False)  # saves from before rematches have none: no seat was filled
    left = data.get("left", False)  # nor anyone who left after the game
    missed_end = data.get("missed_end", False)  # nor anyone away as the table dealt again
    if not (token is None or isinstance(token, str)) or not (level is None or isinstance(level, str)):
        raise SnapshotError("bad saved seat")
    if handed not in HANDED or not all(isinstance(flag, bool) for flag in (filled, left, missed_end)):
        raise SnapshotError("bad saved seat")
    return SeatSlot(token=token, bot_level=level, handed=handed, filled=filled, left=left, missed_end=missed_end)


def unique_name(name: str, taken: Iterable[str]) -> str:
    """``name``, or ``name 2``, ``name 3``… when a seat at the table has it already: two newcomers
    who kept the default are both "Player", and "Waiting for Player…" must say which one. Within
    the 32 characters a name may have."""
    others = {other.casefold() for other in taken}
    if name.casefold() not in others:
        return name
    number = 2
    while True:
        suffix = f" {number}"
        candidate = name[:MAX_NAME_CHARS - len(suffix)].rstrip() + suffix
        if candidate.casefold() not in others:
            return candidate
        number += 1
