"""How a game's options appear on the setup screen: labels, explanations and sensible choices.

Options come from ``game.default_options()``. Booleans become toggles; lists, numbers and strings
become a choice among the presets listed here (the default always among them). An option the
client knows nothing about is still shown, with its key as label and its default as only choice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.i18n import N_, _

# Whether an option matters at a table with these options and this many players.
Applies = Callable[[Mapping[str, Any], int], bool]


@dataclass(frozen=True)
class OptionInfo:
    label: str
    tooltip: str = ""
    presets: list[Any] = field(default_factory=list)
    # How particular values read ("Random" for None); values not named here use option_text.
    names: list[tuple[Any, str]] = field(default_factory=list)
    # None: the option always matters. Otherwise the setup screen shows it only where it does
    # (the die's faces under the 1995 die, the five-player bonus at five), never to be set in vain.
    applies: Applies | None = None
    # The values are seat numbers ("Who starts"): the setup screen names each by its player (or colour).
    seats: bool = False

    def applies_to(self, options: Mapping[str, Any], players: int) -> bool:
        return self.applies is None or self.applies(options, players)

    def name_of(self, value: Any) -> str | None:
        for known, text in self.names:
            if known == value and type(known) is type(value):
                return _(text)
        return None


_SEATS = [(0, N_("Seat 1")), (1, N_("Seat 2"))]


OPTIONS: dict[tuple[str, str], OptionInfo] = {
    ("linie1", "strict_dead_ends"): OptionInfo(
        N_("Strict dead ends"),
        N_("Rule e: a tile may not leave a rail pointing into a square that no tile could ever fill. "
           "Off: only rules a–d are checked.")),
    ("linie1", "die_faces"): OptionInfo(
        N_("Die faces"),
        N_("The faces of the special die. The rulebook shows H, 1 and 4; the full die is not known, "
           "so 1 2 3 4 H H is the default."),
        [["1", "2", "3", "4", "H", "H"], ["1", "2", "3", "4", "5", "H"], ["1", "1", "2", "3", "4", "H"],
         ["1", "2", "3", "H", "H", "H"]],
        applies=lambda options, players: options.get("trip_rule", "die") == "die"),
    ("linie1", "trip_rule"): OptionInfo(
        N_("Trip rule"),
        N_("1995 die: roll the special die. Streetcar pace (Mayfair 1996): no die; each trip move goes up "
           "to one square more than the last move anyone made, the first just one, and stops at every halt. "
           "Three dice (Board Game Arena): roll three and carry one out, then stop or roll two, then one; "
           "red light, green lights, H, and tools that send the tram back to its last stop."),
        ["die", "pace", "three_dice"],
        [("die", N_("1995 die")), ("pace", N_("Streetcar pace")), ("three_dice", N_("Three dice"))]),
    ("linja", "first"): OptionInfo(
        N_("Who starts"), N_("Random, or the player in that seat. After a game, Play again lets the loser start."),
        [None, 0, 1], [(None, N_("Random")), *_SEATS], seats=True),
    ("liniell", "first_player"): OptionInfo(
        N_("Who starts"), N_("The player in this seat lays the first tile, or one drawn at random."), [0, 1, None],
        [*_SEATS, (None, N_("Random"))], seats=True),
    ("bus", "edition"): OptionInfo(
        N_("Edition"),
        N_("Current (Capstone): 5 time stones, 4 with three players; at most 5 buses. "
           "1999 (Splotter): one time stone per player; no limit on buses."),
        ["current", "1999"], [("current", N_("Current")), ("1999", "1999")]),
    ("bus", "five_player_bonus"): OptionInfo(
        N_("Five-player bonus"),
        N_("With five players each Line Expansion marker builds one street more. "
           "Also Passengers, Buildings: their markers bring one passenger or building more too."),
        ["line_expansion", "all"],
        [("line_expansion", N_("Line Expansion")), ("all", N_("Also Passengers, Buildings"))],
        applies=lambda options, players: players == 5),
}


def option_info(game: str, key: str) -> OptionInfo:
    return OPTIONS.get((game, key), OptionInfo(key.replace("_", " ").capitalize()))


NAMED_RULE = {"linie1": "trip_rule"}  # game -> the option its lists' rows name beside the game (saves, replays)
RULE_DEFAULTS = {"linie1": "die"}  # a save or replay from before the option came: the rule it played


def named_rule(game: str, options: dict[str, Any], players: list[str]) -> str:
    """The rule a list's row names beside its game, where the game offers a choice that changes play
    (Linie 1's trip rule: "Three dice"); "" for a game without one. A seat by its player, as the setup
    screen names it: never "Seat 1"."""
    key = NAMED_RULE.get(game)
    if key is None:
        return ""
    value = options.get(key, RULE_DEFAULTS.get(game))
    info = option_info(game, key)
    if info.seats and type(value) is int and 0 <= value < len(players):
        return players[value]
    return info.name_of(value) or ""


def option_text(value: Any) -> str:
    """How a value reads on a button: lists as their items, booleans as On/Off."""
    if isinstance(value, bool):
        return _("On") if value else _("Off")
    if isinstance(value, list | tuple):
        return " ".join(str(item) for item in value)
    return str(value)


def option_choices(game: str, key: str, default: Any) -> list[tuple[Any, str]]:
    """The values offered for a non-boolean option, the default first."""
    info = option_info(game, key)
    values: list[Any] = [default]
    for preset in info.presets:
        # Presets keep the default's type, except where the default is None ("not chosen").
        same_kind = default is None or preset is None or type(preset) is type(default)
        if same_kind and not (preset == default and type(preset) is type(default)):
            values.append(preset)
    return [(value, info.name_of(value) or option_text(value)) for value in values]


def option_offered(game: str, key: str, default: Any, value: Any) -> bool:
    """Whether the setup screen offers ``value`` for this option (of the default's kind): a value kept
    from an older or newer Linie, or from before a preset was dropped, may not be."""
    if isinstance(default, bool):
        return isinstance(value, bool)
    return any(offered == value and type(offered) is type(value)
               for offered, _text in option_choices(game, key, default))
