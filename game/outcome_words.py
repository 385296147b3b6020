"""How the end of a game is said, one wording for the four games on every screen: "Ada wins!",
"Ada and Ben share the win", "A draw", "Nobody wins"; finishing places as players count them,
where those who share a place share its number and the next place skips theirs ("1, 1, 3"); and a
seat a bot stood in for, named alike on the results (the host's and every client's), in the
replays list, the statistics and Saved games: "Anna (a bot stood in)".
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

from game.i18n import _


def seat_name(name: str, stood_in: bool = False) -> str:
    """A seat's name as a finished or saved game says it: "Anna (a bot stood in)" when a bot made some
    of Anna's moves (her LAN link was down long enough, or the host let a bot play for her). The
    seat, its result and its colour stay hers; the words say that not every move was."""
    return _("{name} (a bot stood in)").format(name=name) if stood_in else name


def names_in_words(names: Sequence[str]) -> str:
    """"Ada", "Ada and Ben", "Ada, Ben and Cleo": players named together in a sentence."""
    if len(names) < 2:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def shared_win(names: Sequence[str]) -> str:
    """"Ada and Ben share the win", "Ada, Ben and Cleo share the win" (two names or more)."""
    return _("{names} and {last} share the win").format(names=", ".join(names[:-1]), last=names[-1])


def headline(winners: Sequence[str], draw: bool) -> str:
    """The results' and the table's last word on a game: its winner, the winners who share it, a draw,
    or nobody (a game that ended without a winner and was not drawn: Linie 1's stalemate)."""
    if len(winners) == 1:
        return _("{name} wins!").format(name=winners[0])
    if winners:
        return shared_win(winners)
    return _("A draw") if draw else _("Nobody wins")


def headline_parts(winners: Sequence[str], draw: bool) -> list[tuple[str, int | None]]:
    """``headline`` in pieces, each with the index of the winner it names (``None`` for the words
    between): the results draw each winner's name in their seat colour. The pieces join to the
    headline in any language, whatever order its sentence puts the names in."""
    marks = [chr(0xE000 + index) for index in range(len(winners))]  # private-use characters no name holds
    said = headline(marks, draw)
    parts: list[tuple[str, int | None]] = []
    words = ""
    for character in said:
        if character in marks:
            if words:
                parts.append((words, None))
                words = ""
            index = marks.index(character)
            parts.append((winners[index], index))
        else:
            words += character
    if words:
        parts.append((words, None))
    return parts


def shared_ranks(order: Sequence[int], key: Callable[[int], Hashable]) -> dict[int, int]:
    """Seat -> finishing place, ``order`` best first: seats whose ``key`` is equal share the place of
    the first of them, and the next place counts everyone before it (1, 1, 3)."""
    ranks: dict[int, int] = {}
    for index, seat in enumerate(order):
        before = order[index - 1] if index else None
        ranks[seat] = ranks[before] if before is not None and key(before) == key(seat) else index + 1
    return ranks
