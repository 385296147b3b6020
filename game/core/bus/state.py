"""The whole state of a game of Bus, and its snapshot format (saves, and views rebuilt by bots).

Nothing is secret in Bus and chance only picks the first start player, so the state is plain public
data: lines, buses, markers, the city's buildings and passengers, the clock and the action area.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.bus.data import (
    ACTION_IDS,
    KINDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Rules,
    check_options,
    rules_for,
)
from game.core.bus.network import Board
from game.core.contract import SnapshotError, is_int

SNAPSHOT_FORMAT = "bus-state"
SNAPSHOT_VERSION = 1

SETUP_PHASES = ("setup_buildings", "setup_streets", "setup_extend")
RESOLVING_PHASES = ("line", "passengers", "buildings", "clock", "vrooom")  # those with decisions
PHASES = (*SETUP_PHASES, "choose", *RESOLVING_PHASES, "over")
END_REASONS = ("clock", "markers", "lots")


@dataclass
class BusState:
    """One game. Seats are numbered clockwise; ``queue[0]`` acts in the setup and the choosing phase,
    the seat on the marker ``current`` of action ``phase`` acts while resolving."""

    players: int
    options: dict[str, Any]
    phase: str = "setup_buildings"
    round: int = 0  # 0 during the setup, then 1, 2, ...
    start_player: int = 0
    paths: list[list[int]] = field(default_factory=list)  # seat -> the crossings of its line in order
    lost: list[int] = field(default_factory=list)  # seat -> streets it could not build
    buses: list[int] = field(default_factory=list)
    markers: list[int] = field(default_factory=list)  # seat -> action markers left for the game
    stones: list[int] = field(default_factory=list)  # seat -> time stones taken (-1 point each)
    score: list[int] = field(default_factory=list)  # seat -> passengers delivered (the score track)
    arrival: list[int] = field(default_factory=list)  # seat -> when it reached its track score (0: start)
    arrivals: int = 0  # deliveries so far in the game: the clock of ``arrival``
    clock: int = 0  # index of the hand's position in the clock's positions (0 = house)
    stones_left: int = 0
    supply: int = 0  # passengers not yet on the board
    passengers: list[int] = field(default_factory=list)  # crossing -> passengers standing there
    buildings: list[str | None] = field(default_factory=list)  # lot -> "house", "office", "pub" or None
    spaces: dict[str, list[int]] = field(default_factory=dict)  # action -> seats on its spaces A, B, ...
    placed: list[int] = field(default_factory=list)  # seat -> markers placed this round
    passed: list[bool] = field(default_factory=list)  # seat -> has passed this round
    queue: list[int] = field(default_factory=list)  # setup / choosing: seats in the order they act
    pending: list[int] = field(default_factory=list)  # resolving: space indices still to act, in order
    current: int | None = None  # resolving: the space index acting now
    remaining: int = 0  # what the acting marker still has to do (streets, buildings, deliveries)
    seated: list[int] = field(default_factory=list)  # Vrrooomm!: lots holding a satisfied passenger
    ended: str | None = None  # why the game ended: "clock", "markers" or "lots"


def snapshot(state: BusState) -> dict[str, Any]:
    """The state as plain data (lists and string keys only)."""
    return {
        "format": SNAPSHOT_FORMAT,
        "version": SNAPSHOT_VERSION,
        "players": state.players,
        "options": dict(state.options),
        "phase": state.phase,
        "round": state.round,
        "start_player": state.start_player,
        "paths": [list(path) for path in state.paths],
        "lost": list(state.lost),
        "buses": list(state.buses),
        "markers": list(state.markers),
        "stones": list(state.stones),
        "score": list(state.score),
        "arrival": list(state.arrival),
        "arrivals": state.arrivals,
        "clock": state.clock,
        "stones_left": state.stones_left,
        "supply": state.supply,
        "passengers": list(state.passengers),
        "buildings": list(state.buildings),
        "spaces": {action: list(seats) for action, seats in state.spaces.items()},
        "placed": list(state.placed),
        "passed": list(state.passed),
        "queue": list(state.queue),
        "pending": list(state.pending),
        "current": state.current,
        "remaining": state.remaining,
        "seated": list(state.seated),
        "ended": state.ended,
    }


def restore(net: Board, data: Any) -> BusState:
    """The state a snapshot describes; SnapshotError for anything malformed or inconsistent."""
    if not isinstance(data, dict) or data.get("format") != SNAPSHOT_FORMAT:
        raise SnapshotError("not a Bus state")
    if data.get("version") != SNAPSHOT_VERSION:
        raise SnapshotError(f"Bus state version {data.get('version')!r} is not supported")
    players = _int(data.get("players"), "players", MIN_PLAYERS, MAX_PLAYERS)
    try:
        options = check_options(data.get("options") if isinstance(data.get("options"), dict) else None)
    except ValueError as error:
        raise SnapshotError(str(error)) from error
    rules = rules_for(players, options)
    phase = data.get("phase")
    if phase not in PHASES:
        raise SnapshotError(f"unknown phase {phase!r}")
    cap = rules.bus_cap or 1_000
    state = BusState(
        players=players,
        options=options,
        phase=phase,
        round=_int(data.get("round"), "round", 0, 1_000),
        start_player=_int(data.get("start_player"), "start player", 0, players - 1),
        paths=[_path(net, path, rules.line_markers) for path in _list(data.get("paths"), "paths", players)],
        lost=_ints(data.get("lost"), "lost", players, 0, 10_000),
        buses=_ints(data.get("buses"), "buses", players, 1, cap),
        markers=_ints(data.get("markers"), "markers", players, 0, rules.action_markers),
        stones=_ints(data.get("stones"), "stones", players, 0, rules.time_stones),
        score=_ints(data.get("score"), "score", players, 0, 100_000),
        arrival=_ints(data.get("arrival"), "arrival", players, 0, 100_000),
        arrivals=_int(data.get("arrivals"), "arrivals", 0, 100_000),
        clock=_int(data.get("clock"), "clock", 0, len(rules.clock) - 1),
        stones_left=_int(data.get("stones_left"), "stones left", 0, rules.time_stones),
        supply=_int(data.get("supply"), "supply", 0, rules.passengers),
        passengers=_ints(data.get("passengers"), "passengers", net.crossings, 0, rules.passengers),
        buildings=_buildings(data.get("buildings"), net.lots),
        spaces=_spaces(data.get("spaces"), players, rules),
        placed=_ints(data.get("placed"), "placed", players, 0, rules.action_markers),
        passed=_flags(data.get("passed"), players),
        queue=_seats(data.get("queue"), "queue", players, unique=phase in ("choose", "setup_streets",
                                                                             "setup_extend")),
        pending=_ints(data.get("pending"), "pending", None, 0, len(rules.letters) - 1),
        current=None if data.get("current") is None else _int(data.get("current"), "current", 0,
                                                               len(rules.letters) - 1),
        remaining=_int(data.get("remaining"), "remaining", 0, 1_000),
        seated=_ints(data.get("seated"), "seated", None, 0, net.lots - 1),
        ended=data.get("ended"),
    )
    _check(net, state, rules)
    return state


def _check(net: Board, state: BusState, rules: Rules) -> None:
    """Refuse states the rules could never reach in a way that would break the game later."""
    if sum(state.passengers) + state.supply != rules.passengers:
        raise SnapshotError("passengers on the board and in the supply must make the whole set")
    if sum(state.stones) + state.stones_left != rules.time_stones:
        raise SnapshotError("time stones held and on the clock must make the whole set")
    if state.phase == "over":
        if state.ended not in END_REASONS:
            raise SnapshotError("a finished game needs its end reason")
        return
    if state.ended is not None:
        raise SnapshotError("a running game has no end reason")
    if state.phase in RESOLVING_PHASES:
        taken = len(state.spaces.get(state.phase, []))
        if state.current is None or taken <= state.current:
            raise SnapshotError("the acting marker must stand on the resolving action")
        due = [state.current, *state.pending]
        if len(set(due)) != len(due) or any(index >= taken for index in due):
            raise SnapshotError("the markers still due must stand on the resolving action, once each")
    elif state.pending:
        raise SnapshotError("markers are due only while an action resolves")
    if state.phase not in RESOLVING_PHASES and not state.queue:
        raise SnapshotError("a running game needs somebody to act")
    _check_seated(net, state, rules)


def _check_seated(net: Board, state: BusState, rules: Rules) -> None:
    """§5.3.6: passengers sit only during Vrrooomm!, one to a building of the wanted type, no more on
    a crossing than stand there."""
    if len(set(state.seated)) != len(state.seated):
        raise SnapshotError("a building holds one passenger")
    if state.seated and state.phase != "vrooom":
        raise SnapshotError("passengers sit in buildings only during Vrrooomm!")
    wanted = rules.clock[state.clock]
    if any(state.buildings[lot] != wanted for lot in state.seated):
        raise SnapshotError("a seated passenger sits in a building of the wanted type")
    for crossing, lots in enumerate(net.crossing_lots):
        if sum(1 for lot in lots if lot in state.seated) > state.passengers[crossing]:
            raise SnapshotError(f"more passengers seated at crossing {crossing} than stand there")


def _int(value: Any, what: str, low: int, high: int) -> int:
    if not is_int(value) or not low <= value <= high:
        raise SnapshotError(f"bad {what}: {value!r}")
    return value


def _list(value: Any, what: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise SnapshotError(f"bad {what}")
    return value


def _ints(value: Any, what: str, length: int | None, low: int, high: int) -> list[int]:
    return [_int(item, what, low, high) for item in _list(value, what, length)]


def _flags(value: Any, players: int) -> list[bool]:
    flags = _list(value, "passed", players)
    if not all(isinstance(flag, bool) for flag in flags):
        raise SnapshotError("bad passed flags")
    return list(flags)


def _seats(value: Any, what: str, players: int, unique: bool) -> list[int]:
    seats = _ints(value, what, None, 0, players - 1)
    if unique and len(set(seats)) != len(seats):
        raise SnapshotError(f"a seat appears twice in {what}")
    return seats


def _buildings(value: Any, lots: int) -> list[str | None]:
    kinds = _list(value, "buildings", lots)
    if not all(kind is None or kind in KINDS for kind in kinds):
        raise SnapshotError("a building is a house, an office or a pub")
    return list(kinds)


def _spaces(value: Any, players: int, rules: Rules) -> dict[str, list[int]]:
    if not isinstance(value, dict):
        raise SnapshotError("bad action spaces")
    spaces = {}
    for action, seats in value.items():
        if action not in ACTION_IDS:
            raise SnapshotError(f"no action {action!r}")
        spaces[action] = _seats(seats, "action space", players, unique=False)
        if len(spaces[action]) > rules.action(action).spaces:
            raise SnapshotError(f"too many markers on {action}")
    return spaces


def _path(net: Board, value: Any, limit: int) -> list[int]:
    """A line's crossings; it must be a trail (each step a street, no street twice) within its markers."""
    path = [_int(crossing, "crossing", 0, net.crossings - 1) for crossing in _list(value, "path")]
    if len(path) == 1 or len(path) > limit + 1:
        raise SnapshotError("a line has no street or one to its number of line markers")
    used = set()
    for a, b in zip(path, path[1:], strict=False):
        street = net.street_between(a, b)
        if street is None or street in used:
            raise SnapshotError(f"no street {a}-{b}, or the line runs along it twice")
        used.add(street)
    return path
