"""The prompt over the action board: the moment's headline, and a line that says what to do (or whom
the table waits for). Worded from the picture and the view's ``decision``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.core.text import said_name
from game.i18n import N_, _, ngettext
from game.outcome_words import names_in_words
from game.tables.bus.model import ACTION_NAMES, Picture
from game.tables.bus.seats import SeatLook
from game.ui import theme

PLURAL = {"house": N_("houses"), "office": N_("offices"), "pub": N_("pubs")}
KIND = {"house": N_("house"), "office": N_("office"), "pub": N_("pub")}
ENDED = {"clock": N_("the last time stone was taken"), "markers": N_("at most one player had markers left"),
         "lots": N_("every lot was built on")}  # why the game ended, still said once the banner is gone


DETAIL_SIZE = 21
DETAIL_SMALLEST = 17  # pixels on the canvas the detail never shrinks below: about 12 in a 1366 x 768 window
HEADLINE_SIZE = 30
HEADLINE_SMALLEST = 22  # pixels on the canvas a headline line never shrinks below: about 16 at 1366 x 768
DETAIL_GAP = 4  # from the foot of the headline's letters to the detail


@dataclass(frozen=True)
class PromptLines:
    """The prompt's words laid out in its room: the headline's lines at one size, the detail's below."""

    headline_size: int
    headline: list[str]
    headline_step: int
    detail_top: int  # pixels from the headline's top
    detail_size: int
    detail: list[str]
    detail_step: int


def detail_lines(detail: str, width: int, height: int) -> tuple[int, list[str], int]:
    """The prompt's detail wrapped into its room: (size, lines, pixels from line to line). A larger text
    size starts larger but may shrink back to the same smallest pixels, rather than cut words off."""
    return theme.fit_lines(detail, DETAIL_SIZE, width, height, minimum=theme.unscaled(DETAIL_SMALLEST))


def prompt_lines(headline: str, detail: str, width: int, height: int) -> PromptLines:
    """The headline and the detail in a room ``width`` × ``height``, both as large as they can be together:
    the headline on one line, or on two where one would shrink below ``HEADLINE_SMALLEST`` pixels (German
    at 150 % beside the decision's buttons: "Du bist dran: Linienausbau A – 2 Straßen zu legen" ran into
    the buttons) or would read smaller than the words under it. Of the sizes that keep every word, the
    one whose smaller part (the headline, or the detail a quarter larger) reads largest wins."""
    face, smallest = theme.DISPLAY_FONT, theme.unscaled(HEADLINE_SMALLEST)

    def laid(size: int, lines: list[str]) -> PromptLines:
        step = theme.line_height(size, face)
        top = (len(lines) - 1) * step + theme.font(size, face).get_height() + DETAIL_GAP
        detail_size, words, detail_step = detail_lines(detail, width, height - top)
        return PromptLines(size, lines, step, top, detail_size, words, detail_step)

    def worth(words: PromptLines) -> tuple[bool, float, int, int]:
        whole = " ".join(words.detail).split() == detail.split()
        return whole, min(words.headline_size, 1.25 * words.detail_size), -len(words.headline), words.headline_size

    tried = []
    for size in range(smallest, HEADLINE_SIZE + 1):
        if theme.font(size, face).size(headline)[0] <= width:
            tried.append(laid(size, [headline]))
        lines = theme.wrap(headline, size, width, face)
        if 1 < len(lines) <= 2:
            tried.append(laid(size, lines))
    if not tried:  # not even two lines at the smallest size: the second ends in "…"
        return laid(smallest, theme.first_lines(theme.wrap(headline, smallest, width, face), 2))
    return max(tried, key=worth)


def _plural(kind: object) -> str:
    return _(PLURAL[str(kind)]) if str(kind) in PLURAL else ""


def tie_words(picture: Picture, looks: Sequence[SeatLook], outcome: dict[str, Any]) -> str:
    """"Ben wins with 12 points, as many as Ada: more time stones." -- the one winner of a final score
    others reached too, and the tie-break (§6) that put them first; "" where nobody else has that score.
    The table said "Schiene wins with 12 points" beside Ada's 12 and left the player to wonder why."""
    winners, scores, seats = outcome.get("winners") or [], outcome.get("scores") or [], picture.seats
    if len(winners) != 1 or not 0 <= winners[0] < min(len(scores), len(seats), len(looks)):
        return ""
    winner = winners[0]
    best = scores[winner]
    others = [seat for seat, score in enumerate(scores) if score == best and seat != winner and seat < len(seats)
              and seat < len(looks)]
    if not others:
        return ""
    why = (_("more time stones") if all(seats[seat].stones < seats[winner].stones for seat in others)
           else _("reached the score first") if all(seats[seat].stones == seats[winner].stones for seat in others)
           else _("more time stones, or reached the score first"))
    return ngettext("{who} wins with {best} point, as many as {others}: {why}.",
                    "{who} wins with {best} points, as many as {others}: {why}.", best).format(
        who=looks[winner].name, best=best, others=names_in_words([looks[seat].name for seat in others]), why=why)


def prompt(picture: Picture, looks: Sequence[SeatLook], controlled: Sequence[int], decision: dict[str, Any],
           waiting: str, kind: str = "house", split: Sequence[int] = (0, 0), source: int | None = None,
           stations: Sequence[str] = ()) -> tuple[str, str]:
    """(headline, detail) for the moment. The one player of this screen reads "Your turn" where the headline
    would name them; at a hot-seat table of several, the name says whose turn it is. ``stations`` names the
    two stations as the share's buttons do ("SE", "NW"), so the share says which number goes where."""
    outcome = picture.outcome
    if outcome:
        winners = [looks[seat].name for seat in outcome.get("winners") or [] if seat < len(looks)]
        scores = outcome.get("scores") or [0]
        best = max(scores) if scores else 0
        why = ENDED.get(str(outcome.get("reason")))
        ended = " " + _("The game ended: {why}.").format(why=_(why)) if why else ""
        if not winners:
            return _("Game over"), _("Nobody wins.") + ended
        if len(winners) > 1:
            return _("Game over"), ngettext("{names} and {last} share the win with {best} point.",
                                            "{names} and {last} share the win with {best} points.", best).format(
                names=", ".join(winners[:-1]), last=winners[-1], best=best) + ended
        tied = tie_words(picture, looks, outcome)
        if tied:
            return _("Game over"), tied + ended
        return _("Game over"), ngettext("{who} wins with {best} point.", "{who} wins with {best} points.",
                                        best).format(who=winners[0], best=best) + ended
    seat = picture.to_act
    if seat is None or seat >= len(looks):
        return _("Waiting…"), ""
    mine = list(controlled) == [seat]  # the one player of this screen, as Linie 1, Linja and Liniell say it
    name = _("Your turn") if mine else said_name(looks[seat].name)
    phase = picture.phase
    letter = decision.get("letter") or ""
    left = int(decision.get("left", 0) or 0)
    kind_words = _(KIND[kind]) if kind in KIND else kind
    headline, detail = (_("Your turn") if mine else _("{name} decides").format(name=name)), ""
    if phase == "setup_buildings":
        headline = (_("{name}: a first building ({left} to place)").format(name=name, left=left) if left
                    else _("{name}: a first building").format(name=name))
        detail = _("Choose its type ({kind} now), then click a free lot of zone 1 in the centre.").format(
            kind=kind_words)
    elif phase == "setup_streets":
        headline = _("{name}: a first street").format(name=name)
        detail = _("Any street on the map, even one another line already uses.")
    elif phase == "setup_extend":
        headline = _("{name}: a second street").format(name=name)
        detail = _("An empty street at either end of the line while one leaves it, unless another line ends there too.")
    elif phase == "choose":
        placed = int(decision.get("placed", 0) or 0)
        markers = int(decision.get("markers", picture.seats[seat].markers_left) or 0)
        headline = _("{name}: choose an action").format(name=name)
        due = min(2 - placed, markers)  # §5.1: two a round, or as many as are left
        if due <= 0:
            detail = ngettext("Put a marker on an action's next space, or pass ({markers} marker left).",
                              "Put a marker on an action's next space, or pass ({markers} markers left).",
                              markers).format(markers=markers)
        elif markers == 1:
            detail = _("Put your last marker on an action's next space; then you pass for the rest of the game.")
        else:
            detail = ngettext("Put a marker on an action's next space ({markers} marker left).",
                              "Put a marker on an action's next space ({markers} markers left).",
                              markers).format(markers=markers)
            detail += " " + ngettext("Place at least {count} more this round.",
                                     "Place at least {count} more this round.", due).format(count=due)
    elif phase == "line":
        headline = ngettext("{name}: Line Expansion {letter} — {left} street to lay",
                            "{name}: Line Expansion {letter} — {left} streets to lay", left).format(
            name=name, letter=letter, left=left)
        detail = _("Add a street at an end of the line: glowing streets may be taken.")
    elif phase == "passengers":
        amount = int(decision.get("amount", sum(split)) or 0)
        headline = _("{name}: Passengers {letter} — {amount} to share").format(name=name, letter=letter,
                                                                             amount=amount)
        if len(stations) >= 2:
            detail = _("Share them between the two stations: {first} to {a} and {second} to {b} now. Then "
                       "Place.").format(first=split[0], a=stations[0], second=split[1], b=stations[1])
        else:
            detail = _("Share them between the two stations: {first} and {second} now. Then Place.").format(
                first=split[0], second=split[1])
    elif phase == "buildings":
        zone = picture.open_zone
        headline = _("{name}: Buildings {letter} — {left} to build").format(name=name, letter=letter, left=left)
        detail = _("Choose the type ({kind} now), then click a glowing lot of zone {zone}.").format(kind=kind_words,
                                                                                                    zone=zone)
    elif phase == "clock":
        wants, nxt = _plural(decision.get("wants")), _plural(decision.get("next"))
        headline = _("{name}: the Clock").format(name=name)
        detail = _("Stop time (passengers keep wanting {wants}; a stone costs 1 point) or let it run on to "
                   "{next}.").format(wants=wants, next=nxt)
        if decision.get("stones_left") == 1:  # §5.3.5: the last stone ends the game before Vrrooomm!
            detail = _("Stopping time takes the last stone: the game ends at once, before Vrrooomm!, "
                       "each stone −1. Or let it run on to {next}.").format(next=nxt)
    elif phase == "vrooom":
        wanted = str(decision.get("wants"))
        headline = ngettext("{name}: Vrrooomm! {letter} — {left} delivery to make",
                            "{name}: Vrrooomm! {letter} — {left} deliveries to make", left).format(
            name=name, letter=letter, left=left)
        detail = (_("Now click an empty building ({kind}) on your line for the passenger from crossing "
                    "{source}.").format(kind=_(KIND[wanted]) if wanted in KIND else wanted, source=source)
                  if source is not None else
                  _("Passengers want {wants}: click a waiting passenger on your line, then a glowing building.").format(
                      wants=_plural(wanted)))
    elif phase in ACTION_NAMES:
        headline = f"{name}: {_(ACTION_NAMES[phase])}"
    if seat not in controlled:
        detail = waiting
    return headline, detail
