"""A tiny card game with a secret per seat, so the LAN layer can be tested without a real core.

Each seat holds a secret code and a secret hand of cards; the pile order is secret too. On their
turn a player plays a card face up, draws a hidden card, or passes when they can do neither. The
game ends when every seat has played three cards; the highest total of played cards wins.
Cards are strings like ``"07:9f3a1c"`` (value 7) so a leak is easy to spot in any frame.
"""

from __future__ import annotations

import copy
from typing import Any

from game.core.contract import Rejection, SnapshotError, action_type, is_int, reject, views_one_by_one
from game.core.rng import Rng
from game.core.shapes import Shape, event, text

NAME = "hidden"
PLAYS_TO_END = 3


def _card(rng: Rng) -> str:
    return f"{1 + rng.below(9):02d}:{rng.next_u64() & 0xFFFFFF:06x}"


class HiddenGame:
    name = NAME
    title = "Hidden Cards"
    rules_version = "1"
    min_players = 2
    max_players = 6
    action_shapes = {"play": Shape({"card": text(16)}), "draw": Shape(), "pass": Shape()}
    event_fields = {"play": event("seat", "card"), "draw": event("seat", sometimes=("card",)), "pass": event("seat")}

    def default_options(self) -> dict[str, Any]:
        return {}

    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> dict[str, Any]:
        rng = Rng(seed)
        seats = [{"code": f"SECRET-{seat}-{rng.next_u64():016x}", "hand": [_card(rng) for _ in range(3)],
                  "played": []} for seat in range(players)]
        return {"seats": seats, "pile": [_card(rng) for _ in range(2 * players)], "turn": 0}

    def to_act(self, state: dict[str, Any]) -> list[int]:
        return [] if self.outcome(state) is not None else [state["turn"]]

    def legal(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        me = state["seats"][seat]
        actions: list[dict[str, Any]] = [{"type": "play", "card": card} for card in me["hand"]]
        if state["pile"] and len(me["hand"]) < 5:
            actions.append({"type": "draw"})
        return actions or [{"type": "pass"}]

    def check(self, state: dict[str, Any], seat: int, action: Any) -> Rejection | None:
        kind = action_type(action)
        if kind is None:
            return reject(NAME, "malformed", "An action is a map with a type.")
        if not is_int(seat) or seat not in self.to_act(state):
            return reject(NAME, "not_your_turn", "It is not your turn.")
        if kind == "play":
            if set(action) != {"type", "card"} or action["card"] not in state["seats"][seat]["hand"]:
                return reject(NAME, "not_in_hand", "You do not hold that card.")
            return None
        if action in self.legal(state, seat):
            return None
        return reject(NAME, "illegal", f"{kind!r} is not possible now.")

    def apply(self, state: dict[str, Any], seat: int, action: dict[str, Any], *,
              checked: bool = False) -> list[dict[str, Any]]:
        me = state["seats"][seat]
        if action["type"] == "play":
            me["hand"].remove(action["card"])
            me["played"].append(action["card"])
            events = [{"type": "play", "seat": seat, "card": action["card"]}]
        elif action["type"] == "draw":
            card = state["pile"].pop()
            me["hand"].append(card)
            events = [{"type": "draw", "seat": seat, "card": card}]
        else:
            events = [{"type": "pass", "seat": seat}]
        state["turn"] = (seat + 1) % len(state["seats"])
        return events

    def views(self, state, seats):
        return views_one_by_one(self, state, seats)

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        players = []
        for index, info in enumerate(state["seats"]):
            mine = index == seat
            players.append({"code": info["code"] if mine else None, "hand": list(info["hand"]) if mine else None,
                            "hand_count": len(info["hand"]), "played": list(info["played"])})
        return {"type": "hidden", "me": seat, "turn": state["turn"], "players": players,
                "pile_count": len(state["pile"])}

    def view_event(self, state: Any, event: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
        if event["type"] == "draw" and event["seat"] != seat:
            return {"type": "draw", "seat": event["seat"]}
        return dict(event)

    def outcome(self, state: dict[str, Any]) -> dict[str, Any] | None:
        if any(len(info["played"]) < PLAYS_TO_END for info in state["seats"]):
            return None
        totals = [sum(int(card[:2]) for card in info["played"]) for info in state["seats"]]
        best = max(totals)
        winners = [seat for seat, total in enumerate(totals) if total == best]
        return {"winners": winners, "draw": len(winners) > 1, "scores": totals}

    def snapshot(self, state: dict[str, Any]) -> dict[str, Any]:
        return copy.deepcopy(state)

    def restore(self, data: Any) -> dict[str, Any]:
        if not isinstance(data, dict) or not isinstance(data.get("seats"), list) or not is_int(data.get("turn")):
            raise SnapshotError("not a hidden-cards state")
        return copy.deepcopy(data)

    def secrets(self, state: dict[str, Any]) -> dict[str, Any]:
        return {"seats": [{"code": info["code"], "hand": list(info["hand"])} for info in state["seats"]],
                "pile": list(state["pile"])}


GAME = HiddenGame()


class HiddenBot:
    """Draws while its hand is small and the pile lasts, else plays its best card, else passes."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def decide(self, view: dict[str, Any]) -> dict[str, Any]:
        hand = view["players"][view["me"]]["hand"]
        if view["pile_count"] and len(hand) < 4:
            return {"type": "draw"}
        if hand:
            return {"type": "play", "card": max(hand)}
        return {"type": "pass"}


def bot_factory(game: str, level: str, seed: int) -> HiddenBot:
    return HiddenBot(seed)
