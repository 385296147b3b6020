"""The tooltip texts of the Bus table: what a street, a lot, a waiting passenger or an action would do
for the player deciding now, or the rules' reason in words why it may not be taken.
"""

from __future__ import annotations

from game.core.bus.network import board
from game.i18n import N_, _, ngettext
from game.outcome_words import names_in_words
from game.render.bus.buildings import KIND_NAMES
from game.tables.bus.board import yield_words
from game.tables.bus.choices import Choices
from game.tables.bus.model import ACTION_NAMES, Picture, lot_key, next_space, wasted, wasted_words
from game.ui import theme

Colour = tuple[int, int, int]
Tip = list[tuple[str, Colour]]
GOOD = theme.MINT_DARK
BAD = theme.CORAL_DARK
ABOUT = {
    "line": N_("Your line grows by this many streets, at its ends."),
    "buses": N_("One more bus: every later Line Expansion, Passengers and Buildings marker may get more, and "
             "each Vrrooomm! carries one more passenger."),
    "passengers": N_("New passengers arrive at the stations; you share them out."),
    "buildings": N_("You choose and place this many buildings in the open zone."),
    "clock": N_("You decide: stop time (a stone, −1 point) or let the hand move on."),
    "vrooom": N_("Your buses carry waiting passengers to empty buildings of the wanted type: 1 point each."),
    "start": N_("You choose first next round."),
}


def street_tip(choices: Choices, street: int, closing_at: int | None, picture: Picture | None = None) -> Tip:
    a, b = board().ends[street]
    title = (_("Street {a}–{b}").format(a=a, b=b), theme.INK)
    if street not in choices.streets():
        reason = choices.refusal({"type": "street", "street": street})
        return [title, (reason or _("Not now."), BAD)]
    lines = [title, (_("Lay a line marker here."), GOOD)]
    if picture is not None and choices.seat is not None and choices.seat < len(picture.seats):
        on_line = set(picture.seats[choices.seat].path)
        for crossing in (a, b):
            if on_line and crossing not in on_line:
                lines.append((_("Reaches crossing {crossing}: {what}").format(
                    crossing=crossing, what=crossing_words(picture, crossing)), theme.INK))
    shared = picture is not None and shared_words(choices, picture, street)
    if shared:
        lines.append((shared, theme.INK))
    if choices.closes_circle(street) and closing_at is not None:
        lines.append(
            (
                _("Closes a circle at crossing {crossing} (R or right-click: the other end)").format(
                    crossing=closing_at
                ),
                theme.TANGERINE_DARK,
            )
        )
    lost = choices.lost_after(choices.street_action(street, closing_at))
    if lost:  # said before the click: the other end of a circle, or another street, may keep them
        lines.append((ngettext("After it no street is left at the line's ends: the next street is lost.",
                               "After it no street is left at the line's ends: the other {count} are lost.",
                               lost).format(count=lost), BAD))
    return lines


def shared_words(choices: Choices, picture: Picture, street: int) -> str | None:
    """Why a street that other lines already run along may be taken (B2): beside lines that end on the
    crossing it grows from, or because no empty street leaves that end. A player who learnt that a line
    must turn onto empty streets reads why this one glows all the same."""
    if choices.phase not in ("setup_extend", "line") or choices.seat is None:
        return None
    net = board()
    others = [seat for seat, info in enumerate(picture.seats) if seat != choices.seat
              and any(net.street_between(a, b) == street for a, b in zip(info.path, info.path[1:], strict=False))]
    head = next((head for head in choices.streets().get(street, []) if head is not None), None)
    if not others or head is None:
        return None
    if all(head in (picture.seats[seat].path[0], picture.seats[seat].path[-1]) for seat in others):
        names = [choices.names[seat] if choices.names and seat < len(choices.names) else str(seat + 1)
                 for seat in others]
        return ngettext("Beside {names}'s line, which ends at crossing {crossing} too.",
                        "Beside the lines of {names}, which end at crossing {crossing} too.",
                        len(others)).format(names=names_in_words(names), crossing=head)
    return _("No empty street leaves crossing {crossing}, so a street other lines use may be taken.").format(
        crossing=head)


KIND_WORDS = {"house": N_("house"), "office": N_("office"), "pub": N_("pub")}


def crossing_words(picture: Picture, crossing: int) -> str:
    """What stands at a crossing, as a player sums it up: its buildings, free lots, passengers."""
    net = board()
    kinds = [picture.buildings.get(lot_key(lot)) for lot in net.crossing_lots[crossing]]
    parts = [_(KIND_WORDS[kind]) if kind in KIND_WORDS else kind for kind in kinds if kind]
    free = sum(1 for kind in kinds if not kind)
    if free:
        parts.append(ngettext("{count} free lot", "{count} free lots", free).format(count=free))
    if net.specials[crossing] == "station":
        parts.append(_("the station"))
    count = picture.passengers[crossing] if crossing < len(picture.passengers) else 0
    if count:
        parts.append(ngettext("{count} passenger", "{count} passengers", count).format(count=count))
    return ", ".join(parts) or _("nothing yet")


def lot_tip(choices: Choices, picture: Picture, lot: int, kind: str, source: int | None) -> Tip:
    net = board()
    crossing = net.lot_crossing[lot]
    zone = net.lot_zone[lot]
    standing = picture.buildings.get(lot_key(lot))
    what = _(KIND_NAMES[standing]) if standing in KIND_NAMES else _("Free lot")
    title = (
        _("{what} at crossing {crossing} · zone {zone}").format(what=what, crossing=crossing, zone=zone),
        theme.INK,
    )
    if choices.building:
        action = {"type": "building", "lot": lot, "kind": kind}
        if lot in choices.lots():
            return [
                title,
                (_("Build here: {kind}.").format(kind=_(KIND_NAMES[kind]) if kind in KIND_NAMES else kind), GOOD),
            ]
        return [title, (choices.refusal(action) or _("Not now."), BAD)]
    sources = sorted(choices.sources())
    start = source if source is not None else (sources[0] if sources else crossing)
    if source is None and len(sources) == 1:
        source = sources[0]  # one crossing has anyone to carry: a click on the building carries them
    if lot in choices.targets(source):
        if source is None:
            return [title, (_("A passenger may ride here: first click who rides."), GOOD)]
        return [title, (_("Carry the passenger from crossing {source} here: +1.").format(source=source), GOOD)]
    return [title, (choices.refusal({"type": "deliver", "from": start, "lot": lot}) or _("Not now."), BAD)]


def source_tip(choices: Choices, picture: Picture, crossing: int, source: int | None) -> Tip:
    count = picture.passengers[crossing] if crossing < len(picture.passengers) else 0
    title = (
        ngettext("Crossing {crossing} · {count} passenger", "Crossing {crossing} · {count} passengers", count).format(
            crossing=crossing, count=count
        ),
        theme.INK,
    )
    if crossing in choices.sources():
        if crossing == source:
            return [title, (_("Rides next: now click the building (R lets go)."), GOOD)]
        return [title, (_("Someone here wants to leave: click to pick them up."), GOOD)]
    target = next(iter(sorted(choices.targets())), None)
    if target is None:
        return [title, (_("No empty building of the wanted type on your line."), BAD)]
    return [title, (choices.refusal({"type": "deliver", "from": crossing, "lot": target}) or _("Not now."), BAD)]


def station_tip(picture: Picture, crossing: int, name: str, here: int, total: int) -> Tip:
    """A station while the new passengers are shared out: who waits there, and what a click does
    (one more of the new ones here, taken from the other station)."""
    count = picture.passengers[crossing] if crossing < len(picture.passengers) else 0
    title = (ngettext("Station {name} · {count} waiting", "Station {name} · {count} waiting", count).format(
        name=name, count=count), theme.INK)
    if here < total:
        return [title, (_("Click: one more of the new passengers here ({here} of {total} now).").format(
            here=here, total=total), GOOD)]
    return [title, (ngettext("The new passenger comes here now.", "All {total} new passengers come here now.",
                             total).format(total=total), theme.INK)]


def row_tip(choices: Choices, picture: Picture, action: str) -> Tip:
    title = (_(ACTION_NAMES.get(action, action)), theme.INK)
    if action not in choices.actions():
        return [title, (choices.refusal({"type": "choose", "action": action}) or _("Not now."), BAD)]
    row = next((row for row in picture.spaces if row and row[0].action == action), [])
    space = next_space(row)
    lines = [title]
    if space is not None:
        where = _("Space {letter}").format(letter=space.letter) if space.letter else _("The space")
        gives = yield_words(space)
        lines.append((f"{where}{': ' + gives if gives else ''}", BAD if wasted(space) else GOOD))
        if wasted(space):
            lines.append((wasted_words(picture, space), BAD))
    lines.append((_(ABOUT.get(action, "")), theme.INK))
    seat = picture.to_act
    if action == "vrooom" and seat is not None and 0 <= seat < len(picture.seats):
        buses = picture.seats[seat].buses  # what this marker can do at most: one passenger a bus
        lines.append((ngettext("Your bus carries at most 1 passenger with this marker.",
                               "Your {count} buses carry up to {count} passengers with this marker.",
                               buses).format(count=buses), theme.INK))
    if action == "clock" and picture.stones_left == 1:  # §5.3.5: said before the marker goes, not only after
        lines.append((_("One stone is left: stopping time takes it and ends the game at once, before Vrrooomm!"),
                      BAD))
    return lines
