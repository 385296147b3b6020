"""Shots of the Linie 1 table: a fresh table, a game in full swing, and a trip under way."""

from __future__ import annotations

import copy
import functools
import json
from typing import Any, NamedTuple

from game.bots import Bot, make_bot
from game.match import Match, SeatInfo
from game.session import LocalSession
from game.tables.base import players_title
from game.tables.launch import TableConfig
from game.tables.linie1.figures import linie1_figures
from game.tables.linie1.table import Linie1Table, results_title
from tools.screenshot import shot
from tools.shots.play import play_on

SEATS = [SeatInfo("Ada", "human", colour=0), SeatInfo("Tramina", "bot", "normal", 1),
         SeatInfo("Bimmel", "bot", "easy", 2)]


class _Moment(NamedTuple):
    view: dict[str, Any]  # seat 0's view, which ``until`` is asked about
    finished: bool
    version: int
    bots: dict[int, Bot]  # as they stood then, by the seed each was made with


class _Game:
    """One seed's game as ``advanced`` plays it, with every moment it has passed: a turn of the
    human seat (played by a stand-in) or of the bots until the human seat is to act."""

    def __init__(self, seed: int, options: dict[str, Any] | None, seats: tuple[tuple[Any, ...], ...]) -> None:
        self.seed, self.options, self.seats = seed, options, seats
        self.bots: dict[int, Bot] = {}
        self.match = Match("linie1", self._seats(), seed, options)
        self.session = LocalSession(self.match, bot_seed=seed, bot_factory=self._make_bot)
        self.stand_in = make_bot("linie1", "normal", seed + 99)
        self.moments = [self._moment()]

    def _seats(self) -> list[SeatInfo]:
        return [SeatInfo(*seat) for seat in self.seats]

    def _make_bot(self, game: str, level: str, seed: int) -> Bot:
        return self.bots.setdefault(seed, make_bot(game, level, seed))

    def _moment(self) -> _Moment:
        return _Moment(self.match.view(0), self.match.finished, self.match.version, copy.deepcopy(self.bots))

    def moment(self, index: int) -> _Moment:
        while len(self.moments) <= index:
            play_on(self.session, self.stand_in)
            self.moments.append(self._moment())
        return self.moments[index]

    def session_at(self, moment: _Moment) -> LocalSession:
        """A session of its own at ``moment``: the actions so far, the bots as they stood."""
        match = Match("linie1", self._seats(), self.seed, self.options)
        session = LocalSession(match, bot_seed=self.seed,
                               bot_factory=lambda _game, _level, seed: copy.deepcopy(moment.bots[seed]))
        for entry in self.match.log[:moment.version]:
            assert match.submit(entry["seat"], entry["action"]).ok
        session.poll()
        return session


@functools.cache
def _game(seed: int, options: str, seats: tuple[tuple[Any, ...], ...]) -> _Game:
    return _Game(seed, json.loads(options), seats)


def advanced(seed: int, until: Any, limit: int = 2000, options: dict[str, Any] | None = None) -> LocalSession:
    """A local game played by bots (the human seat too) until ``until(view)`` holds, at most ``limit``
    turns. Each seed's game is played once per process, only as far as the furthest moment asked for
    (the shots and the tests stop the same few games at many moments); every caller gets a session of
    its own to play on."""
    seats = tuple((s.name, s.kind, s.level, s.colour) for s in SEATS)  # as SEATS stand now (a shot may change them)
    game = _game(seed, json.dumps(options, sort_keys=True), seats)
    index = 0
    while index < limit:
        moment = game.moment(index)
        if moment.finished or until(moment.view):
            break
        index += 1
    return game.session_at(game.moment(index))


def table(app: Any, session: LocalSession) -> Linie1Table:
    scene = Linie1Table(app, session, TableConfig("linie1", SEATS, {}))
    app.push(scene)
    return scene


@shot("linie1_table_start", settle=0.5)
def start(app: Any) -> None:
    table(app, advanced(5, lambda view: True))


@shot("linie1_table_midgame", settle=0.4)
def midgame(app: Any) -> None:
    session = advanced(5, lambda view: len(view["board"]["tiles"]) >= 34 and view["current"] == 0)
    scene = table(app, session)
    scene.hint = True
    scene.cursor = (6, 6)
    scene.pointer_on_board = True
    scene.ghost_waits = False  # as after the player moved the pointer there


@shot("linie1_table_trip", settle=0.4)
def trip(app: Any) -> None:
    session = advanced(8, lambda view: any(p["driving"] for p in view["players"]) and view["current"] == 0)
    table(app, session)


@shot("linie1_route_complete", settle=0.4)
def route_complete(app: Any) -> None:
    """A complete route, not declared yet: dashed on the board, and Start trip inside the card."""
    from game.core.linie1 import my_trip_candidates
    session = advanced(8, lambda v: v["current"] == 0 and v["phase"] == "build" and v["actions_taken"] == 0
                       and bool(my_trip_candidates(v)))
    table(app, session)


@shot("linie1_routes_in_lanes", settle=0.4)
def routes_in_lanes(app: Any) -> None:
    """Several drivers: each route in its own lane, the viewer's on top."""
    session = advanced(12, lambda v: sum(bool(p["driving"]) for p in v["players"]) >= 2 and v["outcome"] is None
                       and v["current"] == 0 and v["players"][0]["driving"], limit=4000)
    table(app, session)


@shot("linie1_take_from_drivers", settle=0.5)
def take_from_drivers(app: Any) -> None:
    """The pile run out: Ada, her turn built, takes tiles from the drivers' spares, her own beside them."""
    from game.core.linie1 import fitting_cells
    session = advanced(10, lambda v: v["current"] == 0 and v["phase"] == "build" and v["actions_taken"] == 0
                       and not v["players"][0]["driving"]
                       and any(p["driving"] and v["hands"][p["seat"]] for p in v["players"][1:]))
    match = session.match
    match.state.pile.clear()
    while match.view(0)["phase"] == "build" and match.view(0).get("must_act"):  # two tiles laid, as Ada would
        view = match.view(0)
        tile, rot, cell = next((tile, rot, cells[0]) for tile in view["hands"][0] for rot in range(4)
                               if (cells := fitting_cells(view, tile, rot)))
        assert match.submit(0, {"type": "place", "tile": tile, "cell": cell, "rot": rot}).ok
    assert match.submit(0, {"type": "end_turn"}).ok
    session.poll()
    table(app, session)


def choosing_a_trip(app: Any, seed: int, limit: int = 2000) -> Any:
    """Ada at the start of a turn with a route to declare, the trip chooser open over the table."""
    from game.core.linie1 import my_trip_candidates
    session = advanced(seed, lambda v: v["current"] == 0 and v["phase"] == "build" and v["actions_taken"] == 0
                       and bool(my_trip_candidates(v)), limit=limit)
    scene = table(app, session)
    app.step(1 / 60)
    scene.open_trip_chooser()
    return app.stack.top


@shot("linie1_trip_chooser", settle=0.4)
def trip_chooser(app: Any) -> None:
    """The chooser: the focused route, its terminals (Start, End) and its stops ringed in Ada's colour."""
    choosing_a_trip(app, 8)


@shot("linie1_trip_chooser_blue", settle=0.4)
def trip_chooser_blue(app: Any) -> None:
    """Another game's chooser, Ada in blue (the darkest seat colour), its second route focused."""
    SEATS[0] = SeatInfo("Ada", "human", colour=1)
    SEATS[1] = SeatInfo("Tramina", "bot", "normal", 0)
    try:
        chooser = choosing_a_trip(app, 12, limit=4000)
    finally:
        SEATS[0], SEATS[1] = SeatInfo("Ada", "human", colour=0), SeatInfo("Tramina", "bot", "normal", 1)
    if len(chooser.candidates) > 1:
        chooser.list.select(1)


@shot("linie1_trip_banner", settle=0.0)
def trip_banner(app: Any) -> None:
    """Ada starts her trip: the banner names her in her seat's colour (her line's stays on its badge)."""
    choosing_a_trip(app, 8).confirm()
    for _ in range(int(0.7 * 60)):
        app.step(1 / 60)


@shot("linie1_die_and_tram", settle=0.0)
def die_and_tram(app: Any) -> None:
    session = advanced(8, lambda view: view["players"][0]["driving"] and view["current"] == 0
                       and view["phase"] == "roll")
    scene = table(app, session)
    scene.main_action()  # roll: the die tumbles beside the tram and lands; the shot shows it read
    for _ in range(int(1.1 * 60)):
        app.step(1 / 60)


@shot("linie1_results", settle=1.8)
def results(app: Any) -> None:
    from game.scenes.results import ResultsScene
    session = advanced(8, lambda view: view["outcome"] is not None, limit=4000)
    view = session.view(None)
    app.push(ResultsScene(app, linie1_figures(view, view["outcome"]), view["outcome"], lambda: None,
                          results_title(players_title("Linie 1", len(SEATS)), view["outcome"])))


@shot("linie1_results_unsaved", settle=1.8)
def results_unsaved(app: Any) -> None:
    """Linie 1's cards, 8 rows with a bot's, over a game the disk refused, left once while it still
    does: the trouble's longest words, in the least room the results have."""
    results(app)
    screen = app.stack.top
    screen.keep = lambda: "No space left on device"
    screen.kept()


@shot("linie1_history", settle=0.0)
def history(app: Any) -> None:
    """Three bots play on while the table watches; the history is open, one turn hovered."""
    seats = [SeatInfo(s.name, "bot", "normal", s.colour) for s in SEATS]
    session = LocalSession(Match("linie1", seats, 21), bot_seed=21)
    scene = Linie1Table(app, session, TableConfig("linie1", seats, {}))
    app.push(scene)
    app.settings.animation_speed = 3.0
    for _ in range(int(40 * 30)):
        app.step(1 / 30)
    scene.toggle_history()
    area = scene.history_panel.visible(_area(scene))
    if area:
        rect, _entry = area[-2] if len(area) > 1 else area[-1]
        scene.pointer = rect.center
    for _ in range(3):
        app.step(1 / 30)


def _area(scene: Linie1Table) -> Any:
    from game.tables.linie1.history import history_area
    return history_area(len(scene.view["players"]))


@shot("linie1_pace", settle=0.4)
def pace(app: Any) -> None:
    """The pace rule: Ada drives, choosing how far (no die; the allowance where the die would lie)."""
    session = advanced(8, lambda v: v["players"][0]["driving"] and v["current"] == 0 and v["phase"] == "roll"
                       and (v.get("allowance") or 0) >= 3, limit=4000, options={"trip_rule": "pace"})
    scene = table(app, session)
    app.step(1 / 60)
    scene.choose_drive(scene.drive_squares() - 1)


@shot("linie1_three_dice", settle=0.4)
def three_dice(app: Any) -> None:
    """The three-dice trip: Ada's three dice lie beside her tram, numbered, waiting for her choice;
    the panel keeps an earlier roll with the die carried out picked out."""
    session = advanced(8, lambda v: v["players"][0]["driving"] and v["current"] == 0 and v["phase"] == "roll"
                       and v["dice"]["rolled"] is not None and len(v["dice"]["rolled"]) == 3
                       and v["players"][0]["trip"]["position"] >= 0, limit=4000, options={"trip_rule": "three_dice"})
    scene = table(app, session)
    app.step(1 / 60)
    waiting = scene.waiting_dice()
    if waiting is not None:  # the pointer rests on the second die
        x, y = waiting[1][1]
        scene.pointer = (round(x), round(y))


@shot("linie1_three_dice_tumble", settle=0.45)
def three_dice_tumble(app: Any) -> None:
    """The three dice in the air beside Ada's tram, a moment after she rolls."""
    session = advanced(8, lambda v: v["players"][0]["driving"] and v["current"] == 0 and v["phase"] == "roll"
                       and v["dice"]["rolled"] is None and v["players"][0]["trip"]["position"] >= 0, limit=4000,
                       options={"trip_rule": "three_dice"})
    scene = table(app, session)
    app.step(1 / 60)
    scene.main_action()


@shot("linie1_three_dice_tools", settle=1.75)
def three_dice_tools(app: Any) -> None:
    """Tools: the banner has gone, and Ada's tram backs to its last stop."""
    from game.core.linie1.dice import stop_signs, tools_target

    def backs(view: dict[str, Any]) -> bool:
        trip = view["players"][0]["trip"]
        if trip is None or view["current"] != 0 or not view["dice"]["rolled"] or "T" not in view["dice"]["rolled"]:
            return False
        target = tools_target(stop_signs(trip["route"], trip["halts"]), trip["position"], trip["by_h"])
        return trip["position"] - target >= 3

    scene = table(app, advanced(8, backs, limit=6000, options={"trip_rule": "three_dice"}))
    app.step(1 / 60)
    scene.choose_die(scene.view["dice"]["rolled"].index("T"))


@shot("linie1_rules_three_dice", settle=0.3)
def rules_three_dice(app: Any) -> None:
    """The rules screen at the last page of its three-dice section (the tools picture)."""
    from game.scenes.rules import RulesScene
    from game.scenes.title import TitleScene
    app.push(TitleScene(app))
    scene = RulesScene(app, "linie1")
    app.push(scene)
    section = next(i for i, item in enumerate(scene.index.items) if "Three dice" in item or "Drei Würfel" in item)
    scene.open_section(section, last_page=True)
