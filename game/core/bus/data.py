"""The rules' numbers (``assets/bus/game.json``) and the options that change them (rulings U2-U4).

Everything a rule needs to count — spaces per action, time stones, markers, the bus cap, the
five-player bonus — is asked of the functions here, so an edition is one option, not a code path.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from game.core.assets import load_json

GAME_FILE = "bus/game.json"
NAME = "bus"

EDITIONS = ("current", "1999")
BONUS_READINGS = ("line_expansion", "all")
DEFAULT_OPTIONS: dict[str, Any] = {"edition": "current", "five_player_bonus": "line_expansion"}

LINE, BUSES, PASSENGERS, BUILDINGS, CLOCK, VROOOM, START = (
    "line", "buses", "passengers", "buildings", "clock", "vrooom", "start")
KINDS = ("house", "office", "pub")


@dataclass(frozen=True)
class ActionSpec:
    """One action of the action area: its id, how many spaces, and which marker acts first."""

    id: str
    name: str
    spaces: int
    last_placed_first: bool  # Line Expansion and Buildings: the highest letter acts first, A last
    a_side: str | None  # where space A lies on the board ("right" or "left"); single spaces: None


@dataclass(frozen=True)
class Rules:
    """The numbers of one game: the data file read with the game's options and player count."""

    players: int
    edition: str
    five_player_bonus: str
    actions: tuple[ActionSpec, ...]
    letters: tuple[str, ...]
    clock: tuple[str, ...]
    clock_start: int  # index of the position the hand points at when a game begins (the house)
    time_stones: int
    action_markers: int
    line_markers: int
    bus_cap: int | None
    passengers: int
    buildings_per_kind: int
    setup_buildings: int
    minimum_markers: int
    bonus_actions: frozenset[str]  # actions whose every marker yields one more (five players)
    track_spaces: int

    def action(self, action_id: str) -> ActionSpec:
        return next(spec for spec in self.actions if spec.id == action_id)

    @property
    def action_ids(self) -> tuple[str, ...]:
        """The actions in resolving order (top to bottom on the board)."""
        return tuple(spec.id for spec in self.actions)

    def bonus(self, action_id: str) -> int:
        return 1 if action_id in self.bonus_actions else 0

    def yields(self, action_id: str, index: int, largest_fleet: int) -> int:
        """What the marker on space ``index`` (A = 0) of an M-scaled action gets: max(0, M - k), plus the
        five-player bonus: max(0, M + bonus - k) (bus.md §5.2, §7, C7; ruling U3). Before supply or lots
        are counted."""
        return max(0, largest_fleet + self.bonus(action_id) - index)


@cache
def game_data() -> dict[str, Any]:
    return load_json(GAME_FILE)


def check_options(options: dict[str, Any] | None) -> dict[str, Any]:
    """The options merged over the defaults; ValueError for an unknown key or value."""
    merged = {**DEFAULT_OPTIONS, **(options or {})}
    unknown = set(merged) - set(DEFAULT_OPTIONS)
    if unknown:
        raise ValueError(f"Bus has no option {sorted(unknown)[0]!r}")
    if merged["edition"] not in EDITIONS:
        raise ValueError(f"edition is one of: {', '.join(EDITIONS)}")
    if merged["five_player_bonus"] not in BONUS_READINGS:
        raise ValueError(f"five_player_bonus is one of: {', '.join(BONUS_READINGS)}")
    return merged


def rules_for(players: int, options: dict[str, Any] | None = None) -> Rules:
    options = check_options(options)
    return _rules(players, options["edition"], options["five_player_bonus"])


@cache
def _rules(players: int, edition: str, bonus_reading: str) -> Rules:
    data = game_data()
    low, high = data["players"]["min"], data["players"]["max"]
    if not low <= players <= high:
        raise ValueError(f"Bus takes {low}-{high} players, not {players}")
    parts = data["components"]
    bonus = data["five_player_bonus"]
    return Rules(
        players=players,
        edition=edition,
        five_player_bonus=bonus_reading,
        actions=tuple(ActionSpec(a["id"], a["name"], a["spaces"], a["acts_first"] == "last_placed", a["a_side"])
                      for a in data["actions"]),
        letters=tuple(data["space_letters"]),
        clock=tuple(data["clock"]["positions"]),
        clock_start=data["clock"]["positions"].index(data["clock"]["start"]),
        time_stones=data["time_stones"][edition][str(players)],
        action_markers=parts["action_markers"],
        line_markers=parts["line_markers"][edition],
        bus_cap=parts["bus_cap"][edition],
        passengers=parts["passengers"],
        buildings_per_kind=parts["buildings_per_kind"],
        setup_buildings=parts["setup_buildings_per_player"],
        minimum_markers=parts["minimum_markers_per_round"],
        bonus_actions=frozenset(bonus["readings"][bonus_reading]) if players >= bonus["players"] else frozenset(),
        track_spaces=data["score_track"]["spaces"],
    )


MIN_PLAYERS = game_data()["players"]["min"]
MAX_PLAYERS = game_data()["players"]["max"]
ACTION_IDS = tuple(action["id"] for action in game_data()["actions"])  # in resolving order
SPACE_LETTERS = tuple(game_data()["space_letters"])
