"""The staging: each batch of Bus events becomes one timeline on the table's ``Show``.

The player's own move plays first on the view as it was (an action marker flies onto its space, a
street onto the map, a building rises, new passengers walk to a station, the clock's hand turns or a
stone is taken, a bus drives its passenger along the line); when it lands the new view goes on
screen (``show.switch``), and what followed by itself plays after it (a bus bought, the clock turning
on its own, the start-bus moving, a new round). What outlives a timeline (scores counting up, the
hand's angle, the people as shown while they travel) is the ``Tally``.

A batch that ends a round holds the column (header, prompt, action board, score track, player rows)
as it stood before the batch until its last event has played: the round's closing banners never play
under the next round's header. What the batch does to the column shows as it plays (a stone taken, a
marker laid, a bus bought, the start-bus passed on); the whole new view follows when the show ends.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from game.anim import Timeline, Tween
from game.anim.effect import Actor
from game.anim.show import Show
from game.i18n import N_, _, ngettext
from game.outcome_words import headline as outcome_headline
from game.render.bus.city import CityMap
from game.tables.bus import board, players
from game.tables.bus.fx import Banner, DiscFlight, Flight, MarkerFlight, Ride, RisingBuilding, StoneFlight, Walkers
from game.tables.bus.idle_rides import Reach, idle_ride
from game.tables.bus.model import ACTION_NAMES, Picture, lot_key, picture_of
from game.tables.bus.seats import SeatLook
from game.ui import theme
from game.ui.floaters import FloatText

View = dict[str, Any]
Colour = tuple[int, int, int]
FLIGHT = 0.5  # a line marker onto its street
DISC = 0.42  # an action marker onto its space
RISE = 0.55  # a building going up
WALK = 0.9  # new passengers to their station
TURN = 0.8  # the clock's hand, one sector
RIDE_STEP = 0.32  # a bus, per street of its ride
RIDE_LEAST = 1.1  # any ride, however short: a ride of one street was over in 0.6 s, too quick to follow
SETTLE = 0.14  # a breath after every move, so moves in a row can be followed
BANNER = 1.3
TOAST_READ = 1.6  # a toast that says a marker did nothing stays alone this long
KIND_PLURAL = {"house": N_("houses"), "office": N_("offices"), "pub": N_("pubs")}
LAPSED = {"line": N_("no street can be built"), "passengers": N_("the supply is empty"),
          "buildings": N_("no lot is free"), "vrooom": N_("nobody can be carried"),
          "buses": N_("five buses is the most")}
LOST_WHY = {"blocked": N_("no street is left at the ends of the line"),  # why a marker lays no street
            "markers": N_("all line markers are on the board")}


@dataclass
class People:
    """The passengers as shown while some of them travel: standing per crossing, and sitting lots."""

    standing: list[int]
    seated: set[tuple[int, int]] = field(default_factory=set)


@dataclass
class Column:
    """The column as the players have seen it happen while a round-ending batch plays."""

    picture: Picture
    decision: dict[str, Any]


def held_column(before: View) -> Column:
    """The column as it stood before the batch (a copy: the batch's effects are applied to it as they play)."""
    decision = before.get("decision")
    return Column(copy.deepcopy(picture_of(before)), dict(decision) if isinstance(decision, dict) else {})


class Tally:
    """What the screen shows beside the view: scores counting up, a bus popping into a row, the clock's
    hand while it turns, and the people while they travel (None: as the view says)."""

    def __init__(self) -> None:
        self.scores: list[float] = []
        self.side: dict[int, Tween] = {}
        self.bus_pop: dict[int, float] = {}
        self.hand: float | None = None
        self.people: People | None = None
        self.stones_left: int | None = None
        self.stones: dict[int, int] = {}
        self.column: Column | None = None  # the column held while a round-ending batch plays

    def reset(self, view: View | None) -> None:
        self.finish()
        self.scores = [float(seat.score) for seat in picture_of(view).seats] if view else []

    def finish(self) -> None:
        for tween in self.side.values():
            tween.finish()
        self.side.clear()
        self.bus_pop.clear()
        self.hand = None
        self.people = None
        self.stones_left = None
        self.stones.clear()
        self.column = None

    def update(self, dt: float) -> None:
        for tween in list(self.side.values()):
            tween.update(dt)
        self.side = {seat: tween for seat, tween in self.side.items() if not tween.done}

    @property
    def moving(self) -> bool:
        return bool(self.side)

    def count_up(self, seat: int, target: float) -> None:
        while len(self.scores) <= seat:
            self.scores.append(0.0)

        def set_score(value: Any) -> None:
            self.scores[seat] = float(value)
        self.side[seat] = Tween(self.scores[seat], target, 0.6, set_score, "out_cubic")


@dataclass
class Stage:
    """What the staging works with: the show, the map, the tally and the table's voice."""

    show: Show
    city: CityMap
    tally: Tally
    sound: Callable[[str], None]
    toast: Callable[[str], None]
    counted: Callable[[], None]  # the final score has been counted
    # the game's end, heard once (``TableScene.sound_the_end``); without it, ``sound``
    sound_end: Callable[[str], None] | None = None
    game_over: Callable[[], None] = lambda: None  # the game is over: news still waiting is stale
    # a marker at work told (``Toasts.add(moment=True)``); without it, ``toast``
    narrate: Callable[[str], None] | None = None
    page_turned: Callable[[], None] = lambda: None  # a round or phase announced: its markers' words go

    def float_on_map(self, text: str, colour: Colour, pos: tuple[float, float], size: int, life: float = 1.3) -> None:
        """A word rising over the map, whole on it: over a crossing at the map's edge ("Circle closed!"
        at crossing 10) it moves in rather than hang over the frame."""
        rect = self.city.rect
        rise = max(20.0, min(70.0, pos[1] - rect.y - 40))
        half = theme.font(size, theme.DISPLAY_FONT).size(text)[0] * 0.55 + 8  # as wide as it springs
        x = min(max(pos[0], rect.x + half), rect.right - half) if 2 * half < rect.width else float(rect.centerx)
        self.show.overlays.append(FloatText(text, (x, pos[1]), colour, size, life, rise))

    def float_text(self, text: str, colour: Colour, pos: tuple[float, float], size: int, life: float,
                   rise: float) -> None:
        self.show.overlays.append(FloatText(text, pos, colour, size, life, rise))

    def tell_moment(self, text: str) -> None:
        """What a marker at work does: news of this moment only (``Toasts.turn_page``)."""
        (self.narrate or self.toast)(text)

    def banner(self, title: str, subtitle: str, colour: Colour) -> None:
        """A round or phase announced (or the game's end): the words of the markers at work before it go."""
        self.page_turned()
        self.sound("turn")
        rect = self.city.rect
        self.show.overlays.append(Banner(title, subtitle, colour, (rect.centerx, rect.centery - 40), rect.width - 160,
                                         BANNER, clip=rect.inflate(-10, -10)))


def people_of(picture: Picture) -> People:
    seated = {lot for lot, sitting in picture.seated.items() if sitting}
    standing = list(picture.passengers)
    for crossing, _lot in seated:
        if crossing < len(standing):
            standing[crossing] = max(0, standing[crossing] - 1)
    return People(standing, seated)


def stage_update(stage: Stage, timeline: Timeline, before: View, after: View, events: list[dict[str, Any]],
                 looks: list[SeatLook]) -> None:
    """One update: the move itself on the old view, the new view going on screen, what followed."""
    old, new = picture_of(before), picture_of(after)
    own = _own_move(events)
    ends_round = any(event.get("type") == "round_ended" for event in events)
    if ends_round:
        stage.tally.column = held_column(before)
        if own is not None:
            timeline.call(lambda: _own_in_column(stage, own, new))
    if own is not None:
        _act(stage, timeline, own, old, new, looks)
    if any(event.get("type") == "clock_turned" and event is not own for event in events):
        # the hand turns by itself later in this batch: it keeps its old place when the new view shows
        timeline.call(lambda: setattr(stage.tally, "hand", float(old.clock)))
    timeline.call(stage.show.switch_later())
    timeline.call(lambda: _release(stage))
    banner_up = False  # the Vrrooomm! banner of this batch may still cover the map
    reach = Reach.of(old)  # what a Vrrooomm! marker could reach, kept up as the batch plays
    blocked = _blocked_lines(events)
    lost_at_once = {id(loss) for loss in blocked.values()}
    cut_short = _cut_short(before, events)
    for event in events:
        reach.follow(event)
        if event is own or id(event) in lost_at_once:  # a loss told with its marker, once
            continue
        if id(event) in blocked:
            _resolving(stage, timeline, event, _name(event, looks), blocked[id(event)])
            continue
        if id(event) in cut_short:
            _lost_after(stage, timeline, event, _name(event, looks), *cut_short[id(event)])
            continue
        if idle_ride(event):
            _resolving(stage, timeline, event, _name(event, looks), why=reach.why_idle(event))
            continue
        lapsed_ride = event.get("type") == "lapsed" and event.get("action") == "vrooom"
        if lapsed_ride and banner_up:
            timeline.wait(BANNER * 0.3)  # the banner goes first, then the toast says whose marker did nothing
            banner_up = False
        _consequence(stage, timeline, event, old, new, looks)
        if lapsed_ride:
            timeline.wait(TOAST_READ)  # the next toast or banner must not push it out unread
        banner_up = banner_up or event.get("type") == "vrooom_started"
    if not new.outcome:
        timeline.wait(SETTLE)
    if ends_round:
        timeline.call(lambda: setattr(stage.tally, "column", None))


def _own_in_column(stage: Stage, own: dict[str, Any], new: Picture) -> None:
    """The player's own move lands in the held column: the marker on its space, a stone, the score."""
    column = stage.tally.column
    if column is None:
        return
    seat = own.get("seat")
    if not isinstance(seat, int) or not 0 <= seat < min(len(column.picture.seats), len(new.seats)):
        return
    held = column.picture.seats[seat]
    held.stones, held.score = new.seats[seat].stones, new.seats[seat].score
    if own.get("type") == "marker_placed":
        action, letter = str(own.get("action")), str(own.get("letter") or "")
        held.markers_left = int(own.get("markers_left", max(0, held.markers_left - 1)))
        column.picture.spaces = [[replace(space, holder=seat) if (space.action, space.letter) == (action, letter)
                                  else space for space in row] for row in column.picture.spaces]
    elif own.get("type") == "passed":
        held.passed = True


def _in_column(stage: Stage, change: Callable[[Picture], None]) -> None:
    """What a consequence changes in the column, when a held column stands in for the new view's."""
    if stage.tally.column is not None:
        change(stage.tally.column.picture)


def _blocked_lines(events: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """Line Expansion markers that can lay no street at all (U4: the line is blocked, or its markers are
    all on the board): by id of their ``action_resolving``, the ``streets_lost`` that follows at once
    and loses every street the marker was to lay. Such a marker is told once, as a loss."""
    found: dict[int, dict[str, Any]] = {}
    for event, after in zip(events, events[1:], strict=False):
        if (event.get("type") == "action_resolving" and event.get("action") == "line"
                and after.get("type") == "streets_lost" and after.get("seat") == event.get("seat")
                and int(after.get("count", 0)) == int(event.get("amount", 0)) > 0):
            found[id(event)] = after
    return found


def _cut_short(before: View, events: list[dict[str, Any]]) -> dict[int, tuple[str, int]]:
    """A Line Expansion marker cut short (B4): its street laid, the line can take no more, and the rest is
    lost. By id of that ``streets_lost``: the marker's letter and the streets it was to lay, read from the
    view before the street (its space and what the space gives), so the loss is told as part of the
    marker ("lays 1 of 3 streets") rather than as a loss that seems to contradict "lays 3 streets"."""
    board_rows = before.get("action_board")
    current = before.get("current")
    if before.get("phase") != "line" or not isinstance(board_rows, list) or not isinstance(current, int):
        return {}
    row = next((row for row in board_rows if isinstance(row, dict) and row.get("action") == "line"), None)
    spaces = row.get("spaces") if isinstance(row, dict) else None
    space = spaces[current] if isinstance(spaces, list) and 0 <= current < len(spaces) else None
    if not isinstance(space, dict) or not isinstance(space.get("yields"), int):
        return {}
    built = next((index for index, event in enumerate(events) if event.get("type") == "street_built"), None)
    after = [event for event in events[built + 1:] if event.get("type") != "circle_closed"] if built is not None else []
    if built is None or not after:
        return {}
    street, loss = events[built], after[0]
    count, amount = loss.get("count"), int(space["yields"])
    if (loss.get("type") != "streets_lost" or loss.get("seat") != street.get("seat") or not isinstance(count, int)
            or not 0 < count < amount):
        return {}
    return {id(loss): (str(space.get("letter") or ""), amount)}


def _lost_after(stage: Stage, timeline: Timeline, event: dict[str, Any], name: str, letter: str,
                amount: int) -> None:
    """The streets a cut-short Line Expansion marker loses, told with what it laid and why the rest goes."""
    count = int(event.get("count", 0))
    label = f"{_(ACTION_NAMES['line'])}{' ' + letter if letter else ''}"
    why = _(LOST_WHY.get(str(event.get("reason")), LOST_WHY["blocked"]))
    timeline.call(lambda: stage.toast(
        ngettext("{label}: {name} lays {laid} of {amount} streets: {why}, so the last one is lost.",
                 "{label}: {name} lays {laid} of {amount} streets: {why}, so the other {count} are lost.", count)
        .format(label=label, name=name, laid=amount - count, amount=amount, why=why, count=count)))


def _name(event: dict[str, Any], looks: list[SeatLook]) -> str:
    seat = event.get("seat")
    return looks[seat].name if isinstance(seat, int) and 0 <= seat < len(looks) else ""


OWN_MOVES = ("marker_placed", "street_built", "building_built", "passengers_arrived", "clock_stopped",
             "delivered", "passed")


def _own_move(events: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The event of the move a player made (the first one), if the batch starts with one."""
    for event in events:
        kind = event.get("type")
        if kind in OWN_MOVES or (kind == "clock_turned" and event.get("seat") is not None):
            return event
        if kind not in ("phase",):
            return None
    return None


def _release(stage: Stage) -> None:
    """The new view is on screen: what stood in for it goes (the hand turns on in its own tween)."""
    stage.tally.people = None
    stage.tally.stones_left = None
    stage.tally.stones.clear()


def _play(stage: Stage, timeline: Timeline, flight: Flight, seconds: float, start_sound: str = "draw",
          on_land: Callable[[], None] | None = None, easing: str = "in_out_cubic") -> None:
    def land() -> None:
        stage.sound("place")
        if on_land is not None:
            on_land()
    timeline.play(Actor(seconds, flight.paint, on_start=lambda: stage.sound(start_sound), on_end=land,
                        easing=easing))


def _act(stage: Stage, timeline: Timeline, event: dict[str, Any], old: Picture, new: Picture,
         looks: list[SeatLook]) -> None:
    kind = event.get("type")
    seat = int(event.get("seat") or 0)
    look = looks[seat] if 0 <= seat < len(looks) else looks[0]
    city = stage.city
    if kind == "marker_placed":
        key = (str(event.get("action")), str(event.get("letter") or ""))
        flight = DiscFlight(look.colour, look.initial, players.disc_point(seat, new.players),
                            board.marker_point(new, key), 36)
        _play(stage, timeline, flight, DISC)
    elif kind == "street_built":
        street = int(event["street"])
        streets = [city.path_streets(info.path) for info in new.seats]
        lanes = city.lanes(streets)
        seats = lanes.get(street, [seat])
        lane = seats.index(seat) if seat in seats else 0
        end_a, end_b = city.marker_ends(street, lane, len(seats))
        flight = MarkerFlight(look.colour, players.disc_point(seat, new.players), end_a, end_b,
                              city.lane_thickness(len(seats)))

        def burst() -> None:
            middle = city.street_middle(street)
            stage.show.particles.burst(middle[0], middle[1], [look.colour, theme.CREAM], 18, 260, 0.5)
        _play(stage, timeline, flight, FLIGHT, on_land=burst)
    elif kind == "building_built":
        crossing, index = lot_key(int(event["lot"]))
        centre = city.lot_point(crossing, index)

        def dust() -> None:
            stage.show.particles.burst(centre[0], centre[1] + 8, [theme.CREAM_DIM, theme.CREAM], 14, 180, 0.45)
        _play(stage, timeline, RisingBuilding(str(event.get("kind")), centre, city.building_size), RISE, "pop",
              on_land=dust, easing="out_cubic")
    elif kind == "passengers_arrived":
        _arrive(stage, timeline, event, old)
    elif kind == "clock_stopped":
        centre = clock_centre(city)
        start = (centre[0], centre[1] + CLOCK_RADIUS + 20)
        score = new.seats[seat].score if 0 <= seat < len(new.seats) else 0
        end = players.stone_point(seat, new.players, max(0, int(event.get("stones", 1)) - 1), score)

        def lift() -> None:
            stage.tally.stones_left = int(event.get("stones_left", 0))
            # over the dial, rising a little: from its rim it rose through "Wanted: Office" above it
            stage.show.overlays.append(FloatText(_("Time stops"), (centre[0], centre[1] + 16), theme.SKY, 30, 1.3,
                                                 24, bounds=stage.city.rect))
        timeline.call(lift)
        _play(stage, timeline, StoneFlight(start, end, 22), 0.6, "draw")
        spot, size, rise = players.rise_in_row(seat, new.players, end[0], 28)
        timeline.call(lambda: stage.float_text("−1", theme.CORAL, spot, size, 1.2, rise))
    elif kind == "clock_turned":
        _turn(stage, timeline, old.clock)
    elif kind == "delivered":
        _ride(stage, timeline, event, old, new, looks)
    elif kind == "passed":
        def passed() -> None:
            note = {"no_markers": _("has no markers and passes"),
                    "spaces_full": _("finds every space taken and passes")}.get(event.get("reason"), _("passes"))
            text = f"{look.name} {note}"
            spot, size, rise = players.note_spot(seat, new.players, text)
            stage.float_text(text, theme.CREAM, spot, size, 1.3, rise)
            stage.sound("click")
        timeline.call(passed)
        timeline.wait(0.25)


CLOCK_BOX = (150, 196)
CLOCK_RADIUS = 64


def clock_centre(city: CityMap) -> tuple[float, float]:
    """Where the clock stands on the map: in the widest empty stretch of paper."""
    x, y = city.emptiest(CLOCK_BOX)
    return x, y - 16


def _turn(stage: Stage, timeline: Timeline, start: int) -> None:
    """The hand sweeps one sector on (it stands in for the view's clock until the new view is shown)."""
    def set_hand(value: Any) -> None:
        stage.tally.hand = float(value)
    timeline.call(lambda: set_hand(start))
    timeline.call(lambda: stage.sound("rotate"))
    timeline.then(Tween(float(start), float(start + 1), TURN, set_hand, "in_out_cubic"))
    timeline.call(lambda: setattr(stage.tally, "hand", None))


def _arrive(stage: Stage, timeline: Timeline, event: dict[str, Any], old: Picture) -> None:
    city = stage.city
    people = people_of(old)
    stage_people = People(list(people.standing), set(people.seated))
    walks = []
    for item in event.get("stations") or []:
        crossing, count = int(item.get("crossing", 0)), int(item.get("count", 0))
        if count <= 0:
            continue
        end = city.waiting_point(crossing)
        edge_x = city.rect.left + 4 if end[0] < city.rect.centerx else city.rect.right - 4
        walks.append(Walkers((edge_x, end[1]), end, count, city.passenger_size()))
    timeline.call(lambda: setattr(stage.tally, "people", stage_people))
    if walks:
        timeline.together(*[Actor(WALK, walk.paint, easing="out_cubic") for walk in walks])
    stage.sound("draw")


def _ride(stage: Stage, timeline: Timeline, event: dict[str, Any], old: Picture, new: Picture,
          looks: list[SeatLook]) -> None:
    city = stage.city
    seat = int(event.get("seat") or 0)
    look = looks[seat] if 0 <= seat < len(looks) else looks[0]
    route = [int(crossing) for crossing in event.get("path") or [event.get("from"), event.get("to")]
             if isinstance(crossing, int)]
    lot = lot_key(int(event["lot"]))
    start_crossing = route[0] if route else lot[0]
    people = people_of(old)
    riding = People(list(people.standing), set(people.seated))
    if 0 <= start_crossing < len(riding.standing):
        riding.standing[start_crossing] = max(0, riding.standing[start_crossing] - 1)
    points = [city.pos(crossing) for crossing in route] + [city.lot_point(*lot)]
    ride = Ride(look.colour, points, 42)

    def board_bus() -> None:
        stage.tally.people = riding

    def arrive() -> None:
        x, y = city.lot_point(*lot)
        stage.float_on_map("+1", theme.shade(look.colour, 1.25), (x, y - 20), 34)
        stage.tally.count_up(seat, float(event.get("score", new.seats[seat].score)))
        stage.show.particles.burst(x, y, [look.colour, theme.SUNFLOWER], 16, 240, 0.5)

    timeline.call(board_bus)
    _play(stage, timeline, ride, ride_seconds(len(points) - 1), "draw", on_land=arrive, easing="in_out_quad")


def ride_seconds(legs: int) -> float:
    """How long a bus takes over ``legs`` legs (each street, and the last into the lot): a step per
    leg, never less than players can follow."""
    return max(RIDE_LEAST, RIDE_STEP * max(1, legs))


def _consequence(stage: Stage, timeline: Timeline, event: dict[str, Any], old: Picture, new: Picture,
                 looks: list[SeatLook]) -> None:
    kind = event.get("type")
    seat = event.get("seat")
    name = looks[seat].name if isinstance(seat, int) and 0 <= seat < len(looks) else ""
    if kind == "bus_bought" and isinstance(seat, int):
        buses = int(event.get("buses", 1))

        def bought() -> None:
            stage.sound("pop")
            _in_column(stage, lambda picture: _bus_bought(picture, seat, buses,
                                                          int(event.get("largest_fleet", buses))))
            stage.tally.bus_pop[seat] = 0.0
            x, _y = players.bus_point(seat, new.players, buses)
            spot, size, rise = players.rise_in_row(seat, new.players, x, 26)
            stage.float_text(_("+1 bus"), theme.SUNFLOWER, spot, size, 1.2, rise)
            stage.toast(_("{name} buys a bus: {buses} now. The largest fleet is {fleet}.").format(
                name=name, buses=buses, fleet=event.get("largest_fleet", buses)))
        timeline.call(bought)
        timeline.then(Tween(0.0, 1.0, 0.45, lambda value: stage.tally.bus_pop.__setitem__(seat, float(value)),
                            "out_back"))
        timeline.call(lambda: stage.tally.bus_pop.pop(seat, None))
    elif kind == "clock_turned":
        wants = _(KIND_PLURAL.get(str(event.get("wants")), ""))
        timeline.call(lambda: stage.toast(_("Nobody took the Clock: time runs on. Passengers now want {wants}.")
                                          .format(wants=wants)))
        _turn(stage, timeline, old.clock if old.clock != new.clock else (new.clock - 1) % 3)
    elif kind == "circle_closed":
        crossing = int(event["crossing"])

        def closed() -> None:
            x, y = stage.city.pos(crossing)
            stage.sound("pop")
            stage.float_on_map(_("Circle closed!"), theme.CREAM, (x, y - 40), 30, 1.6)
            stage.toast(_("{name} closed a circle at crossing {crossing}: the line now grows from there, both ways.")
                        .format(name=name, crossing=crossing))
        timeline.call(closed)
    elif kind == "streets_lost":
        count = int(event.get("count", 0))
        why = _(LOST_WHY["markers"]) if event.get("reason") == "markers" else _("no street can be built")
        timeline.call(
            lambda: stage.toast(
                ngettext("{name} loses {count} street: {why}.", "{name} loses {count} streets: {why}.", count).format(
                    name=name, count=count, why=why
                )
            )
        )
    elif kind == "lapsed":
        action = str(event.get("action"))
        why = _(LAPSED.get(action, N_("it can do nothing")))
        timeline.call(
            lambda: stage.toast(
                _("{name}'s {action} does nothing: {why}.").format(
                    name=name, action=_(ACTION_NAMES.get(action, action)), why=why
                )
            )
        )
    elif kind == "action_resolving":
        _resolving(stage, timeline, event, name)
    elif kind == "vrooom_started":
        wants = _(KIND_PLURAL.get(str(event.get("wants")), ""))
        waiting = sum(int(count) for count in (event.get("waiting") or {}).values())
        timeline.call(
            lambda: stage.banner(
                "Vrrooomm!",
                _("Passengers want {wants} · {waiting} waiting for a bus").format(wants=wants, waiting=waiting),
                theme.TANGERINE,
            )
        )
        timeline.wait(BANNER * 0.7)
    elif kind == "start_player" and isinstance(seat, int):
        how = _("takes the start-bus") if event.get("taken") else _("gets the start-bus (nobody took it)")

        def start_bus() -> None:
            _in_column(stage, lambda picture: setattr(picture, "start_player", seat))
            if not new.outcome:  # the game just ended: there is no next round to choose first in
                # "next round" is wrong once it has begun: its banner says who chooses first
                stage.tell_moment(_("{name} {how} and chooses first next round.").format(name=name, how=how))
        timeline.call(start_bus)
    elif kind == "round_started":
        start = looks[int(event.get("start_player", 0))].name if looks else ""
        fleet = int(event.get("largest_fleet", 1))
        subtitle = ngettext(
            "{start} chooses first · largest fleet {fleet} bus",
            "{start} chooses first · largest fleet {fleet} buses",
            fleet,
        ).format(start=start, fleet=fleet)
        timeline.call(
            lambda: stage.banner(_("Round {number}").format(number=event.get("round")), subtitle, theme.SUNFLOWER)
        )
        timeline.wait(BANNER * 0.8)
    elif kind == "phase" and event.get("phase") == "setup_streets":
        timeline.call(
            lambda: stage.banner(
                _("First lines"),
                _("Each player lays a first street anywhere, then a second one at its end, last seat first"),
                theme.SKY,
            )
        )
        timeline.wait(BANNER * 0.8)
    elif kind == "game_over":
        _final(stage, timeline, event, new, looks)


def _bus_bought(picture: Picture, seat: int, buses: int, largest: int) -> None:
    if 0 <= seat < len(picture.seats):
        picture.seats[seat].buses = buses
    picture.largest_fleet = largest


def _resolving(stage: Stage, timeline: Timeline, event: dict[str, Any], name: str,
               lost: dict[str, Any] | None = None, why: str | None = None) -> None:
    """The marker now acting, in a message: what it does, or (``lost``: a blocked line) that it can lay
    no street and loses them, said once rather than "lays 2 streets" and then "loses 2 streets"; a
    Vrrooomm! marker with nothing to carry says ``why``."""
    action = str(event.get("action"))
    letter = event.get("letter") or ""
    amount = int(event.get("amount", 0))
    label = f"{_(ACTION_NAMES.get(action, action))}{' ' + letter if letter else ''}"
    if lost is not None:
        count = int(lost.get("count", amount))
        why = _(LOST_WHY.get(str(lost.get("reason")), LOST_WHY["blocked"]))
        timeline.call(lambda: stage.toast(
            ngettext("{label}: {name} can lay no street: loses {count} street ({why}).",
                     "{label}: {name} can lay no street: loses {count} streets ({why}).", count).format(
                label=label, name=name, count=count, why=why)))
        return
    nothing = {  # a space that gives nothing this time (an empty supply, no bus can reach anyone)
        "line": _("lays no street"),
        "passengers": _("brings no passengers"),
        "buildings": _("builds nothing"),
        "vrooom": _("drives: no delivery to make"),
    }
    what = nothing[action] if amount == 0 and action in nothing else {
        "line": ngettext("lays {amount} street", "lays {amount} streets", amount),
        "passengers": ngettext(
            "brings {amount} passenger to the stations", "brings {amount} passengers to the stations", amount
        ),
        "buildings": ngettext("builds {amount} building", "builds {amount} buildings", amount),
        "vrooom": ngettext("drives: {amount} delivery to make", "drives: {amount} deliveries to make", amount),
        "clock": _("sets the clock"),
    }.get(action, _("acts")).format(amount=amount)
    if why and amount == 0 and action == "vrooom":
        what = _("drives: no delivery to make ({why})").format(why=why)
    if why:  # a ride with nothing to carry says why: the player may still need it
        timeline.call(lambda: stage.toast(f"{label}: {name} {what}."))
    else:
        timeline.call(lambda: stage.tell_moment(f"{label}: {name} {what}."))


def _final(stage: Stage, timeline: Timeline, event: dict[str, Any], new: Picture, looks: list[SeatLook]) -> None:
    reason = {
        "clock": _("the last time stone was taken"),
        "markers": _("at most one player has markers left"),
        "lots": _("every building lot is built on"),
    }.get(str(event.get("reason")), "")
    winners = [looks[seat].name for seat in event.get("winners") or [] if 0 <= seat < len(looks)]

    def start() -> None:
        stage.game_over()
        stage.banner(_("Game over"), _("{reason} · stones count −1 each").format(reason=reason), theme.TANGERINE)
        for seat, info in enumerate(new.seats):
            if info.stones:
                x, _y = players.stone_point(seat, new.players, 0, info.score - info.stones)
                spot, size, rise = players.rise_in_row(seat, new.players, x, 30)
                stage.float_text(f"−{info.stones}", theme.CORAL, spot, size, 1.4, rise)

    timeline.call(start)
    timeline.wait(BANNER * 0.7)

    def counted() -> None:
        (stage.sound_end or stage.sound)("fanfare" if winners else "bell")
        for seat in event.get("winners") or []:
            x, y = players.disc_point(seat, new.players)
            stage.show.particles.burst(x, y, [looks[seat].colour, theme.SUNFLOWER, theme.CREAM], 60, 520, 1.2)
        if winners:
            stage.toast(outcome_headline(winners, False))
        stage.counted()

    timeline.call(counted)
