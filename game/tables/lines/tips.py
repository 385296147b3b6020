"""The tooltip texts of the Line Expansion table: what a street or an action space would do for the
player deciding now, or the rules' reason why it may not be taken.
"""

from __future__ import annotations

from typing import Any

from game.core.lines.state import BUS_SPACE
from game.render.bus.city import CityMap
from game.tables.lines.choices import PASS, Choices, space_title
from game.ui import theme

View = dict[str, Any]
Colour = tuple[int, int, int]
Tip = list[tuple[str, Colour]]


def street_tip(city: CityMap, choices: Choices, view: View, street: int, closing_at: int | None) -> Tip:
    """What a street would earn, or why it may not be built."""
    net = city.net
    a, b = net.ends[street]
    title = (f"Street {a}–{b}", theme.INK)
    reason = choices.street_refusal(street)
    if reason is not None:
        return [title, (reason, theme.CORAL_DARK)]
    assert choices.seat is not None
    visited = set(view["lines"][choices.seat].get("path", []))
    gains = [(crossing, net.points[crossing]) for crossing in (a, b)
             if crossing not in visited and net.points[crossing]]
    lines = [title]
    for crossing, points in gains:
        what = "station" if net.specials[crossing] == "station" else f"{len(net.lots[crossing])} lot" + (
            "s" if len(net.lots[crossing]) != 1 else "")
        lines.append((f"+{points} at crossing {crossing} ({what})", theme.MINT_DARK))
    if not gains:
        lines.append(("No new points here", theme.shade(theme.INK, 1.6)))
    if choices.closes_circle(street) and closing_at is not None:
        lines.append((f"Closes a circle at crossing {closing_at} (R or right-click: the other end)",
                      theme.TANGERINE_DARK))
    return lines

def space_tip(choices: Choices, view: View, space: str) -> Tip:
    """What an action space does, or why it may not be taken."""
    reason = choices.space_refusal(space)
    title = (space_title(space), theme.INK)
    if reason is not None:
        return [title, (reason, theme.CORAL_DARK)]
    if space == PASS:
        return [title, ("Take nothing this round. If everyone passes, the game ends.", theme.INK)]
    if space == BUS_SPACE:
        return [title, ("One more bus after the expansions: more buses make every expansion longer.",
                        theme.INK)]
    streets = next((entry.get("streets") for entry in view.get("action_board", [])
                    if entry.get("space") == space), 0)
    return [title, (f"Build {streets} street{'s' if streets != 1 else ''} this round.", theme.MINT_DARK)]
