"""What the Bus table draws, as plain data: the board (buildings, passengers, lines), the action board,
the clock and the players. The table reads it from the core's view (``picture_of``); the drawing
code never looks into a view itself, so it can be shown against any data (previews, tests).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.bus.data import rules_for
from game.core.bus.network import board
from game.i18n import N_, _

ACTION_IDS = ("line", "buses", "passengers", "buildings", "clock", "vrooom", "start")
ACTION_NAMES = {
    "line": N_("Line Expansion"),
    "buses": N_("Buses"),
    "passengers": N_("Passengers"),
    "buildings": N_("Buildings"),
    "clock": N_("Clock"),
    "vrooom": "Vrrooomm!",
    "start": N_("Starting Player"),
}
ACTION_UNITS = {"line": "street", "passengers": "passenger", "buildings": "building"}
LAST_PLACED_FIRST = ("line", "buildings")  # A lies on the right of these rows: the last-placed marker acts first
Lot = tuple[int, int]  # (crossing, index of the lot at that crossing)


@dataclass(frozen=True)
class Space:
    """One space of the action board: its letter ("" for a single space), who holds it, what it yields
    now (None: the action is not counted in pieces)."""

    action: str
    letter: str
    holder: int | None = None
    yields: int | None = None
    short_of: str | None = None  # why it gives nothing now: "buses", "supply", "lots", "cap" or "line" (U4)


@dataclass
class Seat:
    markers_left: int = 20
    buses: int = 1
    stones: int = 0
    score: int = 0  # deliveries: the score track
    arrival: int = 0  # when the track score was reached: lower is earlier (lower in the stack)
    path: list[int] = field(default_factory=list)
    passed: bool = False


@dataclass
class Picture:
    """Everything the table draws for one moment of the game."""

    players: int
    round: int = 0
    phase: str = ""
    to_act: int | None = None
    start_player: int = 0
    seats: list[Seat] = field(default_factory=list)
    buildings: dict[Lot, str] = field(default_factory=dict)  # lot -> "house" | "office" | "pub"
    passengers: list[int] = field(default_factory=list)  # per crossing, how many stand there
    seated: dict[Lot, bool] = field(default_factory=dict)  # lots whose building holds a content passenger
    open_zone: int | None = 1  # the lowest zone with a free lot
    clock: int = 0  # 0 house, 1 office, 2 pub
    stones_left: int = 5
    stones_total: int = 5
    supply: int = 11
    largest_fleet: int = 1
    spaces: list[list[Space]] = field(default_factory=list)  # per action (ACTION_IDS order), slots left to right
    closed_at: list[int | None] = field(default_factory=list)
    outcome: dict[str, Any] | None = None

    def holder(self, action: str, letter: str = "") -> int | None:
        for row in self.spaces:
            for space in row:
                if space.action == action and space.letter == letter:
                    return space.holder
        return None


def slot_order(action: str, letters: list[str]) -> list[str]:
    """The letters of ``action`` from left to right, which is the order its markers act in: A on the
    right for Line Expansion and Buildings (the last-placed acts first), on the left otherwise."""
    return list(reversed(letters)) if action in LAST_PLACED_FIRST else list(letters)


def lot_key(lot: int) -> Lot:
    """A lot id as (crossing, index of the lot at that crossing): where the map draws it."""
    net = board()
    crossing = net.lot_crossing[lot]
    return crossing, net.crossing_lots[crossing].index(lot)


def lot_id(key: Lot) -> int:
    return board().crossing_lots[key[0]][key[1]]


def picture_of(view: dict[str, Any]) -> Picture:
    """The picture of a Bus view (anything missing or damaged reads as empty, never as a crash)."""
    players = _int(view.get("players"), 3)
    net = board()
    options = view.get("options") if isinstance(view.get("options"), dict) else None
    try:
        rules = rules_for(players, options)
    except ValueError:
        rules = rules_for(players)
    paths = _list(view.get("paths"))
    seats = []
    for seat in range(players):
        seats.append(
            Seat(
                markers_left=_int(_at(view.get("markers"), seat), rules.action_markers),
                buses=_int(_at(view.get("buses"), seat), 1),
                stones=_int(_at(view.get("stones"), seat), 0),
                score=_int(_at(view.get("score"), seat), 0),
                arrival=_int(_at(view.get("arrival"), seat), 0),
                path=[c for c in _list(_at(paths, seat)) if isinstance(c, int)],
                passed=bool(_at(view.get("passed"), seat)),
            )
        )
    buildings = {}
    for lot, kind in enumerate(_list(view.get("buildings"))[: net.lots]):
        if isinstance(kind, str):
            buildings[lot_key(lot)] = kind
    seated = {lot_key(lot): True for lot in _list(view.get("seated")) if isinstance(lot, int) and 0 <= lot < net.lots}
    for entry in _list(view.get("lots")):  # content passengers for the type the hand shows, in any phase
        if (
            isinstance(entry, dict)
            and entry.get("seated") is True
            and isinstance(entry.get("lot"), int)
            and 0 <= entry["lot"] < net.lots
        ):
            seated[lot_key(entry["lot"])] = True
    free_zones = [net.lot_zone[lot] for lot in range(net.lots) if lot_key(lot) not in buildings]
    fleet = max((seat.buses for seat in seats), default=1)
    spaces_data = view.get("spaces") if isinstance(view.get("spaces"), dict) else {}
    said, short = _spaces_said(view.get("action_board"))
    rows = []
    for spec in rules.actions:
        holders = _list(spaces_data.get(spec.id))
        letters = list(rules.letters[: spec.spaces]) if spec.spaces > 1 else [""]
        row = []
        for index, letter in enumerate(letters):
            holder = holders[index] if index < len(holders) and isinstance(holders[index], int) else None
            yields = (
                said.get((spec.id, index), rules.yields(spec.id, index, fleet)) if spec.id in ACTION_UNITS else None
            )
            row.append(Space(spec.id, letter, holder, yields, short.get((spec.id, index))))
        order = slot_order(spec.id, letters)
        rows.append(sorted(row, key=lambda space: order.index(space.letter)))
    to_act = view.get("to_act")
    if not isinstance(to_act, list):
        match = view.get("match") if isinstance(view.get("match"), dict) else {}
        to_act = match.get("to_act") if isinstance(match.get("to_act"), list) else []
    outcome = view.get("outcome") if isinstance(view.get("outcome"), dict) else None
    return Picture(
        players=players,
        round=_int(view.get("round"), 0),
        phase=str(view.get("phase") or ""),
        to_act=to_act[0] if to_act and isinstance(to_act[0], int) else None,
        start_player=_int(view.get("start_player"), 0),
        seats=seats,
        buildings=buildings,
        passengers=[_int(count, 0) for count in _list(view.get("passengers"))[: net.crossings]] or [0] * net.crossings,
        seated=seated,
        open_zone=min(free_zones) if free_zones else None,
        clock=_int(view.get("clock"), 0) % 3,
        stones_left=_int(view.get("stones_left"), rules.time_stones),
        stones_total=rules.time_stones,
        supply=_int(view.get("supply"), 0),
        largest_fleet=fleet,
        spaces=rows,
        outcome=outcome,
    )


SHORT_OF = ("buses", "supply", "lots", "cap", "line")


def _spaces_said(board_view: Any) -> tuple[dict[tuple[str, int], int | None], dict[tuple[str, int], str]]:
    """What the view's action board says each space gives now, and why it gives nothing where it
    does not, by (action, index)."""
    said, short = {}, {}
    for entry in _list(board_view):
        if not isinstance(entry, dict):
            continue
        for space in _list(entry.get("spaces")):
            if not isinstance(space, dict) or not isinstance(space.get("index"), int):
                continue
            where = (str(entry.get("action")), space["index"])
            if "yields" in space and (space["yields"] is None or isinstance(space["yields"], int)):
                said[where] = space["yields"]  # None: a marker that has acted this round gives no more
            if space.get("short_of") in SHORT_OF:
                short[where] = space["short_of"]
    return said, short


def _int(value: Any, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _at(values: Any, index: int) -> Any:
    return values[index] if isinstance(values, list) and index < len(values) else None


def wasted(space: Space) -> bool:
    """Whether a marker on ``space`` would give nothing now (ruling U4: the table says so first)."""
    return space.yields == 0 or space.short_of in ("cap", "line")


# why a space gives nothing, in the warning that asks to choose it again and in its tooltip
SHORT_WORDS = {"buses": N_("too few buses"), "supply": N_("no passenger left in the supply"),
               "lots": N_("no free lot left"), "cap": N_("you own the most buses allowed"),
               "line": N_("your line can take no more streets")}
WASTED_WORDS = {"buses": N_("A marker here would be wasted unless more buses come first."),
                "supply": N_("A marker here would be wasted: the supply holds no passenger for it."),
                "lots": N_("A marker here would be wasted: no free lot is left for it."),
                "cap": N_("A marker here would be wasted: you already own the most buses allowed."),
                "line": N_("A marker here would be wasted: all your line markers are on the board, or no "
                           "street is left at your line's ends.")}
# too few buses, and no bus can come before the marker acts: Line Expansion resolves before Buses, and
# once the Buses space is taken the bus it brings is counted already
NO_BUS_IN_TIME = N_("A marker here would be wasted: no more buses can come before it acts this round.")


def wasted_words(picture: Picture, space: Space) -> str:
    """Why a marker on ``space`` would be wasted, in the player's language (ruling U4's warning)."""
    reason = space.short_of or "buses"
    if reason == "buses" and (space.action == "line" or picture.holder("buses") is not None):
        return _(NO_BUS_IN_TIME)
    return _(WASTED_WORDS[reason])


def next_space(row: list[Space]) -> Space | None:
    """The space a marker put on this action goes to: the free one with the lowest letter."""
    free = [space for space in row if space.holder is None]
    return min(free, key=lambda space: space.letter) if free else None
