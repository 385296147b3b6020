"""The Linie 1 figures on the results screen: line, stops, tiles laid, trip progress."""

from __future__ import annotations

from typing import Any

from game.bots import level_name
from game.i18n import _, ngettext
from game.render.palette import view_colours
from game.scenes.figures import PlayerFigures, seats_of


def _own_turns(figures: dict[str, Any], won: bool) -> int:
    """The turns a player took. The core counts a turn as it is handed on; the winner's last turn
    ends the game instead, so it is counted here."""
    return int(figures.get("turns", 0)) + (1 if won else 0)


def game_turns(outcome: dict[str, Any]) -> int:
    """The game's turns, every player's together: the count the replays list and the replay viewer give
    the same game (``game.replays.length_words``), a turn being one player's go."""
    stats = outcome.get("stats") or []
    winners = set(outcome.get("winners") or [])
    return sum(_own_turns(figures, seat in winners) for seat, figures in enumerate(stats) if isinstance(figures, dict))


def linie1_figures(view: dict[str, Any], outcome: dict[str, Any]) -> list[PlayerFigures]:
    winners = set(outcome.get("winners") or [])
    stats = outcome.get("stats") or []
    out = []
    seats = seats_of(view)
    players = view.get("players", [])
    colours = view_colours(view, "linie1", len(players))
    for player in players:
        seat = int(player["seat"])
        info = (
            seats[seat] if seat < len(seats) else {"name": _("Seat {number}").format(number=seat + 1), "colour": seat}
        )
        figures = stats[seat] if seat < len(stats) else player.get("stats", {})
        trip = player.get("trip")
        if seat in winners:
            headline = _("Winner")
        elif trip is not None:
            left = len(trip["route"]) - 1 - int(trip["position"])
            headline = ngettext("{count} square to go", "{count} squares to go", left).format(count=left)
        else:
            headline = _("Still building")
        rows = []
        if player.get("line") is not None:
            rows.append((_("Line"), str(player["line"])))
        if player.get("stops"):
            rows.append((_("Stops"), " ".join(player["stops"])))
        rows += [
            (_("Tiles laid"), str(figures.get("tiles_laid", 0))),
            (_("Exchanges"), str(figures.get("exchanges", 0))),
            (_("Turns taken"), str(_own_turns(figures, seat in winners))),  # this player's: the title says the game's
        ]
        if trip is not None:
            moves = _("Trip moves") if view.get("options", {}).get("trip_rule") == "pace" else _("Rolls")
            rows += [(moves, str(figures.get("rolls", 0))), (_("Squares driven"), str(figures.get("squares", 0)))]
        if info.get("kind") == "bot":  # which bot it was, as the other games' results say
            rows.append((_("Bot"), level_name(info.get("level", ""))))
        out.append(
            PlayerFigures(seat, str(info.get("name")), colours[seat] if seat < len(colours) else seat, seat in winners,
                          headline, rows)
        )
    return out
