"""A tiny game and table for driving the client framework without depending on any real game."""

from __future__ import annotations

import sys
import types
from typing import Any

import pygame

from game.core.contract import Rejection, views_one_by_one
from game.core.shapes import Shape
from game.scenes.stack import Scene


class CountingGame:
    """Players take turns adding 1; the first to bring the total to 3 wins."""

    name = "fake"
    title = "Counting"
    rules_version = "1"
    min_players = 2
    max_players = 3
    action_shapes = {"add": Shape()}

    def default_options(self) -> dict[str, Any]:
        return {"fast": False, "target": 3}

    def setup(self, players, seed, options=None):
        return {"players": players, "total": 0, "current": 0, "target": (options or {}).get("target", 3)}

    def to_act(self, state):
        return [] if state["total"] >= state["target"] else [state["current"]]

    def legal(self, state, seat):
        return [{"type": "add"}]

    def check(self, state, seat, action):
        if not isinstance(action, dict) or action.get("type") != "add":
            return Rejection("fake.bad", "Only adding is allowed.")
        return None

    def apply(self, state, seat, action, checked=False):
        state["total"] += 1
        state["current"] = (state["current"] + 1) % state["players"]
        return [{"type": "added", "seat": seat, "total": state["total"]}]

    def views(self, state, seats):
        return views_one_by_one(self, state, seats)

    def view(self, state, seat):
        return {"total": state["total"], "you": seat}

    def view_event(self, state, event, seat):
        return event

    def outcome(self, state):
        if state["total"] < state["target"]:
            return None
        return {"winners": [(state["current"] - 1) % state["players"]], "draw": False}

    def snapshot(self, state):
        return dict(state)

    def restore(self, data):
        return dict(data)

    def secrets(self, state):
        return {}


class FakeTable(Scene):
    """Records how it was started; Esc opens the pause menu like a real table."""

    name = "fake_table"
    started: list[FakeTable] = []
    prewarmed = 0

    @classmethod
    def prewarm(cls) -> None:
        cls.prewarmed += 1

    def __init__(self, app, session, config) -> None:
        super().__init__(app)
        self.session = session
        self.config = config
        self.paused_count = 0
        FakeTable.started.append(self)

    def pause(self) -> None:
        self.paused_count += 1

    def handle(self, intent):
        if intent.kind == "cancel":
            from game.scenes.pause import PauseScene
            self.app.push(PauseScene(self.app, game=self.session.game, saved=self.session.saved))
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((10, 90, 40))


def install(monkeypatch) -> None:
    """Register the fake game and its table for one test."""
    module = types.ModuleType("tests_fake_linie_game")
    module.GAME = CountingGame()
    module.FakeTable = FakeTable
    monkeypatch.setitem(sys.modules, "tests_fake_linie_game", module)
    from game.core import registry
    from game.tables import registry as tables
    monkeypatch.setattr(registry, "GAMES", {"fake": ("tests_fake_linie_game", "GAME")})
    monkeypatch.setitem(tables.TABLES, "fake", ("tests_fake_linie_game", "FakeTable"))
    FakeTable.started.clear()
    FakeTable.prewarmed = 0
