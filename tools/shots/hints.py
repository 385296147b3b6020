"""First-game hints on each table, at a moment a newcomer meets them."""

from __future__ import annotations

from typing import Any

from game.match import Match, SeatInfo
from game.session import LocalSession
from game.tables.launch import TableConfig
from game.tables.linie1.table import Linie1Table
from tools.screenshot import shot
from tools.shots import bus, linie1, liniell, linja


def _hinted(app: Any) -> None:
    app.settings.hints = True


@shot("linie1_hint", settle=0.6)
def linie1_hint(app: Any) -> None:
    """The first turn of a first game: the goal, over the seats, the card and hand in sight."""
    _hinted(app)
    linie1.table(app, linie1.advanced(5, lambda view: True))


@shot("linie1_hint_refusal", settle=0.6)
def linie1_hint_refusal(app: Any) -> None:
    """A ghost tile clicked where rule b refuses it: the refusal explained once."""
    _hinted(app)
    scene = linie1.table(app, linie1.advanced(5, lambda view: True))
    app.step(0.1)
    scene.explain_refusal("linie1.rule_b_into_building")


@shot("linja_hint", settle=0.6)
def linja_hint(app: Any) -> None:
    _hinted(app)
    scene = linja.table(app, linja.advanced(3, lambda view: True))
    scene.show.skip()


@shot("liniell_hint", settle=0.8)
def liniell_hint(app: Any) -> None:
    _hinted(app)
    liniell.table_after(app, 9, humans=(0, 1))


@shot("bus_hint", settle=0.6)
def bus_hint(app: Any) -> None:
    _hinted(app)
    bus.open_table(app, bus.played(bus.alice_in("choose")))


@shot("linie1_hint_five", settle=0.6)
def linie1_hint_five(app: Any) -> None:
    """Five at the table: the route card has no room for the goal, so it stands on the board, not the seats."""
    _hinted(app)
    seats = [SeatInfo("Ada", "human", colour=0)] + [SeatInfo(f"Bot {n}", "bot", "easy", n) for n in range(1, 5)]
    session = LocalSession(Match("linie1", seats, 5), bot_seed=5)
    app.push(Linie1Table(app, session, TableConfig("linie1", seats, {})))


@shot("linie1_hint_sign", settle=0.6)
def linie1_hint_sign(app: Any) -> None:
    """A stop sign of Ada's is up: the hint about signs, placed clear of her stops and terminals."""
    _hinted(app)

    def sign_up(view: Any) -> bool:
        me = view["players"][0]
        return (view["current"] == 0 and view["phase"] == "build" and view["actions_taken"] == 0
                and not me["driving"] and me["stats"]["tiles_laid"] >= 2
                and any(sign["building"] in me["stops"] for sign in view["board"]["signs"]))

    linie1.table(app, linie1.advanced(5, sign_up))
