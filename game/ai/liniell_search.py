"""The hard Liniell bot's lookahead: a turn of the opponent's, over the tiles it may draw.

For its best few plays (by the static value of ``liniell_eval``), the bot asks what happens next:
the opponent draws one of the tiles still face down (each kind weighted by how many of it are
there: the faces are public, the order is not) and answers with its best play, captures and
blocks included. A play is worth the average, over those draws, of the position after the
opponent's best answer. On the last tile there is no answer to wait for, and the static value is
the final score margin, so the bot plays the endgame exactly.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from game.ai.liniell_eval import Choice, choices, outlook
from game.core.liniell.state import PLACE, State

BUDGET = 40  # own plays x kinds of tile the opponent may draw: about a quarter of a second


def look_ahead(state: State, seat: int, pick: Callable[[list[Choice]], Choice]) -> Choice:
    """The play with the best expected value after the opponent's reply; ``pick`` breaks ties."""
    mine = choices(state, seat, outlook(state, seat))
    if not state.stack:
        return pick(mine)  # nobody places after this turn: the value is the final margin
    unseen = Counter(state.stack)
    width = max(2, BUDGET // len(unseen))  # early, when many kinds may come: fewer plays; at the end, all
    best = sorted(mine, key=lambda choice: -choice.value)[:width]
    total = len(state.stack)
    weighed = [replace(choice, value=sum(count / total * _after_reply(state, seat, choice, tile)
                                         for tile, count in unseen.items()))
               for choice in best]
    return pick(weighed)


def _after_reply(state: State, seat: int, choice: Choice, tile: int) -> float:
    """``seat``'s value once the opponent has drawn ``tile`` and answered ``choice`` at its best."""
    stack = list(state.stack)
    stack.remove(tile)  # which one of the face-down tiles: the order is unknown and does not matter
    placed = list(state.placed)
    if choice.place is not None:
        placed.append(((choice.place["x"], choice.place["y"]), state.drawn, choice.place["rot"]))  # type: ignore[arg-type]
    opponent = 1 - seat
    after = State(rng=state.rng, stack=stack, first_player=state.first_player, current=opponent, phase=PLACE,
                  drawn=tile, placed=placed, set_aside=list(state.set_aside), markers=choice.markers,
                  board=choice.field, lines=choice.lines)
    answers = choices(after, opponent, outlook(after, opponent))
    if not answers:
        return choice.value  # the tile cannot be placed: it is set aside and the position stands
    return -max(answer.value for answer in answers)
