"""Bus's figures for the results screen: what each player delivered, what time cost them, and how
they got there."""

from __future__ import annotations

from typing import Any

from game.bots import level_name
from game.i18n import _, ngettext
from game.outcome_words import shared_ranks
from game.scenes.figures import PlayerFigures
from game.tables.bus.model import Seat, picture_of
from game.tables.bus.seats import seat_looks


def bus_figures(view: dict[str, Any], outcome: dict[str, Any]) -> list[PlayerFigures]:
    """Per seat: the final score, then deliveries, time stones, buses, line length and markers left."""
    picture = picture_of(view)
    looks = seat_looks(view, picture.players)
    scores = outcome.get("scores") or [seat.score - seat.stones for seat in picture.seats]
    winners = set(outcome.get("winners") or [])
    seats = picture.seats
    ranking = [seat for seat in outcome.get("ranking") or [] if type(seat) is int and 0 <= seat < len(seats)]
    # what places a seat (§6): the final score, then the stones, then when it reached its score; seats
    # equal on all three (none ever delivered) share their place
    ranks = shared_ranks(ranking, lambda seat: (seats[seat].score, seats[seat].stones, seats[seat].arrival))
    figures = []
    for seat, info in enumerate(picture.seats):
        rows = [
            (_("Passengers delivered"), str(info.score)),
            (_("Time stones"), f"{info.stones} × −1" if info.stones else "0"),
            (_("Buses"), str(info.buses)),
            (_("Streets in the line"), str(max(0, len(info.path) - 1))),
            (_("Action markers left"), str(info.markers_left)),
        ]
        if seat in ranks:
            rows.append((_("Rank"), str(ranks[seat])))
            remark = tie_break_remark(seats, ranking, seat)
            if remark:
                rows.append((remark, ""))  # a remark: the whole row is its
        look = looks[seat]
        if look.kind == "bot":
            rows.append((_("Bot"), level_name(look.level)))
        score = scores[seat] if seat < len(scores) else 0
        # "−1 point" (one point below nothing, a minus sign as in "4 × −1"), not "-1 points"
        points = f"−{-score}" if score < 0 else str(score)
        headline = ngettext("{points} point", "{points} points", abs(score)).format(points=points)
        figures.append(PlayerFigures(seat, look.name, look.colour_index, seat in winners, headline, rows))
    return figures


def tie_break_remark(seats: list[Seat], ranking: list[int], seat: int) -> str:
    """What placed ``seat`` ahead of the next player on the same final score (§6): more time stones,
    else reaching the score first; nothing when no tie-break was needed or the place is shared."""
    place = ranking.index(seat)
    if place + 1 >= len(ranking):
        return ""
    mine, theirs = seats[seat], seats[ranking[place + 1]]
    if mine.score - mine.stones != theirs.score - theirs.stones:
        return ""
    if mine.stones != theirs.stones:
        return _("Tie broken: more stones")
    if mine.arrival != theirs.arrival:
        return _("Tie broken: scored first")
    return ""
