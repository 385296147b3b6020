"""The line under Linie 1's hand when nothing was refused: what this screen's player can do now, with
the keys that do it, or whose decision the table waits for (``TableScene.others_words``)."""

from __future__ import annotations

from typing import Any, Protocol

from game.core.linie1.data import BUILDING_NAMES
from game.i18n import _


class GuidedTable(Protocol):
    """What the words read of the Linie 1 table (``Linie1Table`` is one)."""

    app: Any
    view: dict[str, Any]
    humans: Any
    pair_first: Any
    finished: bool

    @property
    def my_turn(self) -> bool: ...
    @property
    def current(self) -> int: ...
    @property
    def busy(self) -> bool: ...
    def animation_words(self) -> str: ...
    def waiting_words(self, seat: int) -> str: ...
    def hand(self) -> list[int]: ...
    def pairs_only(self) -> bool: ...
    def refill_slots(self) -> list[Any]: ...
    def route_status(self) -> dict[str, Any] | None: ...
    def trip_candidates(self) -> list[dict[str, Any]]: ...


def guidance(table: GuidedTable) -> str:
    """The words for this moment of ``table``; "" when there is nothing to say (the game is over)."""
    def key(intent: str) -> str:
        return table.app.mapper.key_label(intent)

    if not table.my_turn:
        current = table.current
        if table.finished or table.view["phase"] == "over":
            return ""
        if table.busy:  # nobody is "thinking" while the last move still plays out
            return table.animation_words()
        return "" if current in table.humans else table.waiting_words(current)
    phase = table.view["phase"]
    dice = table.view.get("dice") if phase == "roll" else None
    # what each die does stands under it on the board: the keys alone read at full size at 150 % in German
    if dice and dice["rolled"] is not None and len(dice["rolled"]) == 1:  # the last die: no choice of keys
        return _("Carry out the last die: click it or press 1.")
    if dice and dice["rolled"] is not None:
        return _("Carry out one die: click it, press 1–{count} (or ← → and Enter).").format(count=len(dice["rolled"]))
    if dice and int(dice["next"]) < 3:
        return _("Roll {count} more ({key}) or Stop here: tools send your tram back to its last stop.").format(
            count=dice["next"], key=key("next"))
    if dice:
        return _("Roll the three dice ({key}), then carry out one of them.").format(key=key("next"))
    if phase == "roll" and table.view.get("allowance") == 1:  # the first move of the trips: nothing to choose
        return _("Drive 1 square (Enter or {key}). The tram stops at the first halt; the next player may go "
                 "one further than you do.").format(key=key("next"))
    if phase == "roll" and table.view.get("allowance"):
        allowance = int(table.view["allowance"])
        return _(
            "Drive 1 to {allowance} (← → or 1–{last}), then Enter or {key}. The tram stops at the first halt; "
            "the next player may go one further than you do."
        ).format(allowance=allowance, last=min(allowance, 9), key=key("next"))  # the number keys that act
    if phase == "roll":
        return _("Roll the die to drive (Enter or {key}).").format(key=key("next"))
    if phase == "refill":
        count = len(table.refill_slots())
        keys = "1" if count <= 1 else f"1–{min(count, 9)}"  # the number keys that act
        return _("Take a tile: click it, drag it to your tiles or press {keys} (or ← → and Enter). Stop taking "
                 "({key}) ends your turn.").format(keys=keys, key=key("next"))
    if phase == "build":
        status = table.route_status()
        if table.view["actions_taken"] and status is not None and status["complete"]:
            # Start trip only stands at a turn's start: say when it comes, and that undo brings it back now
            if table.view["actions_taken"] >= 2 or not table.view.get("must_act"):
                return _("Route complete! End your turn ({key}); your next turn can start the trip. "
                         "Or undo (Ctrl+Z) to start it now.").format(key=key("next"))
            return _("Route complete! One more action, and your next turn can start the trip. "
                     "Or undo (Ctrl+Z) to start it now.")
        if table.view["actions_taken"] == 0 and not table.view.get("must_act"):  # L4: no legal action, a pass
            if table.trip_candidates():
                return _("No tile in your hand fits anywhere now: start your trip, or end your turn ({key}) "
                         "to pass.").format(key=key("next"))
            return _("No tile in your hand fits anywhere now: end your turn ({key}) to pass.").format(
                key=key("next"))
        if table.view["actions_taken"] == 1 and not table.view.get("must_act"):
            return _("No tile in your hand fits anywhere now, so one action is all you owe: end your turn "
                     "({key}) — or undo (Ctrl+Z).").format(key=key("next"))
        if table.view["actions_taken"] >= 2:
            return _("End your turn ({key}) — or undo (Ctrl+Z).").format(key=key("next"))
        if table.view["actions_taken"] == 0 and table.pair_first is not None:
            return _("One exchange is held (yellow): exchange a neighbouring tile to make the pair, or press "
                     "Esc. Laying a tile instead drops it.")
        if table.view["actions_taken"] == 0 and table.pairs_only():
            return _("No tile fits alone, but two side by side may be exchanged together: click the first "
                     "exchange, then its neighbour's (Esc cancels).")
        count = len(table.hand())  # the keys the hand has now: 1–4 once a tile of five is laid
        return _(
            "Pick a tile ({keys}), turn it ({key}, wheel, right click or its key again), click a square to lay it."
        ).format(keys="1" if count <= 1 else f"1–{count}", key=key("rotate"))
    return ""


def sign_words(letter: str, on_my_card: bool) -> str:
    """What the green ghost beside a building without a sign says: the tile takes that building's stop
    sign, for good, and whether the building is one of this player's stops (a sign off one's own route
    makes one's route longer: every route with that stop must pass this square)."""
    name = BUILDING_NAMES.get(letter, letter)
    if on_my_card:
        return _("Laid here, this tile gets the stop sign of {name} ({letter}), a stop on your card: your tram "
                 "must pass this square.").format(name=name, letter=letter)
    return _("Laid here, this tile gets the stop sign of {name} ({letter}): every tram with {letter} on its "
             "card must pass this square.").format(name=name, letter=letter)
