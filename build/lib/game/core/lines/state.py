"""The whole state of a Line Expansion game, and its snapshot format (saves, and views rebuilt by bots).

Nothing here is secret and nothing is random: the paths of the lines, the buses, the action
spaces taken this round and who is still to act say everything.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.contract import SnapshotError, is_int
from game.core.lines.network import Network

SNAPSHOT_FORMAT = "lines-state"
SNAPSHOT_VERSION = 1

PHASES = ("place", "extend", "choose", "build", "over")
END_REASONS = ("blocked", "passed")
MIN_PLAYERS = 2
MAX_PLAYERS = 5
MAX_MARKERS = 25  # B4: line markers per player
MAX_BUSES = 5  # B6: Buy a Bus stops at five
BUS_SPACE = "bus"
EXPANSION_SPACES = ("A", "B", "C", "D", "E")  # one Line Expansion space per player


@dataclass
class LinesState:
    """One game. ``paths[seat]`` lists the crossings of that seat's line in order; its heads are the ends."""

    players: int
    phase: str = "place"
    round: int = 0  # 0 during the setup, then 1, 2, ...
    start_player: int = 0
    paths: list[list[int]] = field(default_factory=list)
    buses: list[int] = field(default_factory=list)
    spaces: dict[str, int] = field(default_factory=dict)  # action space -> seat, this round
    passed: list[int] = field(default_factory=list)  # seats that passed this round
    queue: list[int] = field(default_factory=list)  # seats still to act in this phase; queue[0] acts
    remaining: int = 0  # streets queue[0] still has to build in the build phase
    lost: list[int] = field(default_factory=list)  # streets each seat has lost so far (B4)
    ended: str | None = None  # why the game ended: "blocked" or "passed"


def snapshot(state: LinesState) -> dict[str, Any]:
    """The state as plain data (lists and string keys only)."""
    return {
        "format": SNAPSHOT_FORMAT,
        "version": SNAPSHOT_VERSION,
        "players": state.players,
        "phase": state.phase,
        "round": state.round,
        "start_player": state.start_player,
        "paths": [list(path) for path in state.paths],
        "buses": list(state.buses),
        "spaces": dict(state.spaces),
        "passed": list(state.passed),
        "queue": list(state.queue),
        "remaining": state.remaining,
        "lost": list(state.lost),
        "ended": state.ended,
    }


def restore(net: Network, data: Any) -> LinesState:
    """The state a snapshot describes; SnapshotError for anything malformed or inconsistent."""
    if not isinstance(data, dict) or data.get("format") != SNAPSHOT_FORMAT:
        raise SnapshotError("not a Line Expansion state")
    if data.get("version") != SNAPSHOT_VERSION:
        raise SnapshotError(f"Line Expansion state version {data.get('version')!r} is not supported")
    players = _int(data.get("players"), "players", MIN_PLAYERS, MAX_PLAYERS)
    phase = data.get("phase")
    if phase not in PHASES:
        raise SnapshotError(f"unknown phase {phase!r}")
    state = LinesState(
        players=players,
        phase=phase,
        round=_int(data.get("round"), "round", 0, 1_000_000),
        start_player=_int(data.get("start_player"), "start player", 0, players - 1),
        paths=[_path(net, path) for path in _list(data.get("paths"), "paths", players)],
        buses=[_int(value, "buses", 1, MAX_BUSES) for value in _list(data.get("buses"), "buses", players)],
        spaces=_spaces(data.get("spaces"), players),
        passed=_seats(data.get("passed"), "passed", players),
        queue=_seats(data.get("queue"), "queue", players),
        remaining=_int(data.get("remaining"), "remaining", 0, MAX_MARKERS),
        lost=[_int(value, "lost", 0, 1_000_000) for value in _list(data.get("lost"), "lost", players)],
        ended=data.get("ended"),
    )
    _check_phase(state)
    return state


def _check_phase(state: LinesState) -> None:
    """Refuse states the rules could never reach in a way that would break the game later."""
    if state.phase == "over":
        if state.ended not in END_REASONS or state.queue:
            raise SnapshotError("a finished game needs its end reason and nobody to act")
        return
    if state.ended is not None or not state.queue:
        raise SnapshotError("a running game needs somebody to act and no end reason")
    if state.phase in ("place", "extend"):
        if state.round != 0 or state.spaces or state.passed:
            raise SnapshotError("the setup happens before the first round")
        # Still to act: no street yet (placing) or exactly one (extending); done: one or two streets.
        waiting = (0,) if state.phase == "place" else (2,)
        done = (2,) if state.phase == "place" else (2, 3)
        for seat, path in enumerate(state.paths):
            if len(path) not in (waiting if seat in state.queue else done):
                raise SnapshotError(f"seat {seat} has the wrong number of streets for the setup")
        return
    if state.round < 1 or state.start_player != (state.round - 1) % state.players:
        raise SnapshotError("the start player does not match the round")
    if any(not path for path in state.paths):
        raise SnapshotError("every line has a street once the rounds begin")
    chosen = set(state.spaces.values()) | set(state.passed)
    if len(chosen) != len(state.spaces) + len(state.passed):
        raise SnapshotError("a seat chose twice this round")
    if state.phase == "choose" and chosen & set(state.queue):
        raise SnapshotError("a seat still to choose has already chosen")
    if state.phase == "build":
        holders = {seat for space, seat in state.spaces.items() if space != BUS_SPACE}
        if state.remaining < 1 or not set(state.queue) <= holders:
            raise SnapshotError("only seats on expansion spaces build, and the builder has streets to go")


def _int(value: Any, what: str, low: int, high: int) -> int:
    if not is_int(value) or not low <= value <= high:
        raise SnapshotError(f"bad {what}: {value!r}")
    return value


def _list(value: Any, what: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise SnapshotError(f"bad {what}")
    return value


def _seats(value: Any, what: str, players: int) -> list[int]:
    seats = [_int(seat, what, 0, players - 1) for seat in _list(value, what)]
    if len(set(seats)) != len(seats):
        raise SnapshotError(f"a seat appears twice in {what}")
    return seats


def _spaces(value: Any, players: int) -> dict[str, int]:
    if not isinstance(value, dict):
        raise SnapshotError("bad action spaces")
    allowed = set(EXPANSION_SPACES[:players]) | {BUS_SPACE}
    spaces = {}
    for space, seat in value.items():
        if space not in allowed:
            raise SnapshotError(f"no action space {space!r} with {players} players")
        spaces[space] = _int(seat, "action space seat", 0, players - 1)
    return spaces


def _path(net: Network, value: Any) -> list[int]:
    """A line's crossings; it must be a trail (each step a street, no street twice) of at most 25 streets."""
    path = [_int(crossing, "crossing", 0, net.crossings - 1) for crossing in _list(value, "path")]
    if len(path) == 1 or len(path) > MAX_MARKERS + 1:
        raise SnapshotError("a line has no street or one to twenty-five streets")
    used = set()
    for a, b in zip(path, path[1:], strict=False):
        street = net.street_between(a, b)
        if street is None or street in used:
            raise SnapshotError(f"no street {a}-{b}, or the line runs along it twice")
        used.add(street)
    return path
