"""A refusal in the player's words: the core and the host refuse with a code and parameters, and
each game's ``tables/<game>/refusals.py`` words its codes (``TEXTS``: code -> message marked with
``N_``, its ``{fields}`` filled from the rejection's ``params``).

The rejection's own ``message`` is English for logs and developers; it is shown only where no
words are known for a code (a newer host's code) and the language in force is English. The
match's and the connection's codes are worded here; ``tests/ui/test_refusals.py`` fails on a code
the core can give that has no words. It stands below every screen that says a refusal (the tables,
the LAN screens, a replay that cannot go on), beside ``game.outcome_words``.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any

from game.core.contract import Rejection
from game.i18n import N_, SOURCE_LANGUAGE, _, language

log = logging.getLogger(__name__)

# Codes any game may give (the match's, the connection's, the replay viewer's), by full code.
COMMON: dict[str, str] = {
    "match.no_such_seat": N_("There is no such seat at this table."),
    "match.game_over": N_("The game is over."),
    "match.not_your_turn": N_("It is not your turn."),
    "match.malformed_action": N_("That move is not understood here."),
    "match.not_your_seat": N_("That seat is not played from this screen."),
    "net.link_down": N_("Not connected to the host; try again in a moment."),
    "replay.watch_only": N_("This is a replay: nobody plays in it."),
}
# Codes every game gives alike (``<game>.<suffix>``), by suffix.
ANY_GAME: dict[str, str] = {
    "game_over": N_("The game is over."),
    "not_your_turn": N_("It is not your turn."),
    "malformed": N_("That move is not understood here."),
    "unknown_action": N_("That move is not understood here."),
    "unexpected_key": N_("That move is not understood here."),
    "bad_seat": N_("There is no such seat at this table."),
}
GENERIC = N_("That is not allowed.")


# A message marked with N_ (its {fields} filled from the params), or a function of the params that
# words it itself (where a count or a value chooses between sentences).
Words = str | Callable[[dict[str, Any]], str]


@cache
def _game_module(game: str) -> Any:
    if not game.isidentifier():
        return None
    try:
        return importlib.import_module(f"game.tables.{game}.refusals")
    except ImportError:
        return None


def _game_texts(game: str) -> Mapping[str, Words]:
    return getattr(_game_module(game), "TEXTS", {})


def words_for(code: str) -> Words | None:
    """The message (untranslated, with ``{fields}``) for ``code``, or None where none is known."""
    if code in COMMON:
        return COMMON[code]
    if code in NET_ERRORS:
        return NET_ERRORS[code]
    game, _dot, suffix = code.partition(".")
    texts = _game_texts(game)
    if code in texts:
        return texts[code]
    return ANY_GAME.get(suffix)


def refusal_text(rejection: Rejection | Mapping[str, Any], names: Sequence[str] = ()) -> str:
    """What the player reads for ``rejection`` (a core ``Rejection`` or its wire form). The core names
    a seat by its number (a ``seat`` parameter); ``names`` (the table's seat names) lets the words
    say ``{name}`` instead, and "Seat 2" stands in where the names are not known."""
    if isinstance(rejection, Rejection):
        code, message, params = rejection.code, rejection.message, rejection.params
    else:
        code = str(rejection.get("code") or "")
        message = str(rejection.get("message") or "")
        params = rejection.get("params") or {}
    if code.startswith(("net.", "protocol.")) and message and language() == SOURCE_LANGUAGE:
        return message  # the host's own sentence names what it saw (versions, limits)
    params = _with_name(params if isinstance(params, Mapping) else {}, names)
    words = words_for(code)
    if words is None:
        log.info("no words for the refusal %s", code)
        return message if message and language() == SOURCE_LANGUAGE else _(GENERIC)
    try:
        if callable(words):
            return words(dict(params))
        return _(words).format(**{key: _param(value) for key, value in dict(params).items()})
    except (KeyError, IndexError, ValueError) as error:  # a host that sent fewer parameters
        log.info("the refusal %s lacks a parameter: %s", code, error)
        return message if message and language() == SOURCE_LANGUAGE else _(GENERIC)


def _with_name(params: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
    """``params`` with ``name`` for the seat a ``seat`` parameter numbers (a sentence about another
    player names them as the table does)."""
    filled = dict(params)
    seat = filled.get("seat")
    if isinstance(seat, int) and not isinstance(seat, bool) and "name" not in filled:
        known = 0 <= seat < len(names) and names[seat]
        filled["name"] = names[seat] if known else _("Seat {number}").format(number=seat + 1)
    return filled


def _param(value: Any) -> Any:
    """A parameter as a sentence shows it: a list as its items (the rest are words or numbers)."""
    if isinstance(value, list | tuple):
        return ", ".join(str(item) for item in value)
    return value


# -- the connection's errors ---------------------------------------------------------------------------
# The host's and the connection's codes (``net/requests.py``, ``net/protocol.py``, ``net/client.py``).
NET_ERRORS: dict[str, str] = {
    "net.link_down": N_("Not connected to the host."),
    "net.desync": N_("This screen fell out of step with the table; it is catching up."),
    "net.replayed": N_("The host saw that message before; it is ignored."),
    "net.already_greeted": N_("This connection has already said hello."),
    "net.not_in_lobby": N_("The game has already started."),
    "net.already_seated": N_("This connection already has a place at the table."),
    "net.token_revoked": N_("That seat was given up and can no longer be resumed."),
    "net.bad_token": N_("No seat at this table belongs to this screen any more."),
    "net.replaced": N_("Your seat was resumed from another connection."),
    "net.no_seat": N_("Only a seated player can act; take or resume a seat first."),
    "net.not_your_seat": N_("That seat is not yours."),
    "net.not_started": N_("The game has not started yet."),
    "net.bot_plays": N_("A bot is playing this seat for now."),
    "net.stale": N_("Too late: the table moved on meanwhile. Try again."),
    "net.chat_empty": N_("An empty chat message is not sent."),
    "net.chat_too_long": N_("That chat message is too long."),
    "net.chat_rate_limited": N_("Too many chat messages; wait a moment."),
    "net.no_view": N_("There is no game view to resend yet."),
    "net.resync_pending": N_("The view asked for before is still on its way."),
    "net.rate_limited": N_("Too many requests for the whole view; wait a moment."),
    "net.not_allowed": N_("Only the host can start this game."),
    "net.not_over": N_("A new game can only begin once this one is over."),
    "net.host_seat": N_("The table's host keeps their seat."),
    "net.seat_rate_limited": N_("Too many seat changes; wait a moment."),
    "protocol.version_mismatch": N_("The host runs another version of Linie: update both to the same one."),
    "protocol.rules_mismatch": N_("The host plays other rules than this Linie: update both to the same version."),
    "protocol.timeout": N_("The host did not answer in time."),
    "protocol.closed": N_("The connection was closed."),
}
NET_GENERIC = N_("Something went wrong with the connection.")


def net_error_text(message: Mapping[str, Any]) -> str:
    """What the player reads for a LAN ``error`` message."""
    code = str(message.get("code") or "")
    text = str(message.get("message") or "")
    if text and language() == SOURCE_LANGUAGE:
        return text  # the host's own sentence names what it saw (versions, limits)
    if code in NET_ERRORS:
        return _(NET_ERRORS[code])
    return _(NET_GENERIC)
