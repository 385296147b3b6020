"""Which colours a seat may play in at each game, and each seat's colour as every screen shows it.

A game's board may rule out a colour of the theme's (Liniell's rhombs are blue, so a blue marker
would vanish on them); each game says which in ``game/render/<game>/palette.py``, the other games
ruling out none. The setup screens, the LAN lobby, join list and chat, the tables and the results
all take a seat's colour from ``seat_colours`` here, so a player keeps one colour from the setup
screen to the results and no swatch offers a colour the board will not show. A stored colour the
game rules out (a save or a table from before the rule) or one an earlier seat already plays in
moves on to the next colour that is free, in the theme's order, the same way on every screen.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from game.render.bus import palette as bus
from game.render.linie1 import palette as linie1
from game.render.liniell import palette as liniell
from game.render.linja import palette as linja
from game.ui.theme import PLAYER_COLOURS

# game -> the theme colours (indices into PLAYER_COLOURS) its board cannot show
RULED_OUT: dict[str, frozenset[int]] = {
    "linie1": linie1.RULED_OUT,
    "linja": linja.RULED_OUT,
    "liniell": liniell.RULED_OUT,
    "bus": bus.RULED_OUT,
}


def allowed_colours(game: str) -> list[int]:
    """The colours a seat of ``game`` may play in, in the theme's order (every one for a game
    that rules none out, or one this program does not know)."""
    ruled_out = RULED_OUT.get(game, frozenset())
    return [index for index in range(len(PLAYER_COLOURS)) if index not in ruled_out]


def seat_colours(game: str, chosen: Iterable[Any]) -> list[int]:
    """Each seat's colour from the colours the seats hold (an index each; anything else counts as
    the seat's own number): a colour the game rules out, or one an earlier seat took, moves on to the
    next free allowed one. Once every allowed colour is taken, later seats may repeat one."""
    allowed = allowed_colours(game)
    count = len(PLAYER_COLOURS)
    taken: list[int] = []
    for seat, wanted in enumerate(chosen):
        colour = (wanted if isinstance(wanted, int) and not isinstance(wanted, bool) else seat) % count
        full = len(set(taken)) >= len(allowed)
        for _step in range(count):
            if colour in allowed and (full or colour not in taken):
                break
            colour = (colour + 1) % count
        taken.append(colour)
    return taken


def view_colours(view: Mapping[str, Any] | None, game: str = "", count: int = 0) -> list[int]:
    """The seats' colours of a view (its ``match`` names the game and holds each seat's colour), for
    at least ``count`` seats (a seat the view does not list counts as holding its own number)."""
    match = view.get("match") if isinstance(view, Mapping) else None
    match = match if isinstance(match, Mapping) else {}
    seats = match.get("seats")
    seats = seats if isinstance(seats, list) else []
    chosen = [info.get("colour", seat) if isinstance(info, Mapping) else seat for seat, info in enumerate(seats)]
    chosen += list(range(len(chosen), count))
    name = match.get("game")
    return seat_colours(name if isinstance(name, str) and name else game, chosen)


def next_colour(game: str, current: int, taken: Iterable[int]) -> int:
    """The colour a swatch moves on to from ``current``: the next allowed one no other seat has
    (``current`` itself when none is free)."""
    allowed = allowed_colours(game)
    others = set(taken)
    count = len(PLAYER_COLOURS)
    colour = current % count
    for _step in range(count):
        colour = (colour + 1) % count
        if colour in allowed and colour not in others:
            return colour
    return current
