"""Ctrl+C in the terminal, a polite kill and the terminal closing end the game as closing its window
does: every scene closes (a table's last save, a hosted table's goodbye) and nothing is raised."""

from __future__ import annotations

import os
import signal

import pygame
import pytest

from game.app import QUIT_SIGNALS
from game.scenes.stack import Scene

FRAMES = 30  # far more frames than the loop needs to notice a signal


@pytest.fixture
def signals_restored():
    """Python's own handlers (and SDL's) back after the test, for the tests after it."""
    numbers = [getattr(signal, name) for name in QUIT_SIGNALS if hasattr(signal, name)]
    before = {number: signal.getsignal(number) for number in numbers}
    yield
    for number, handler in before.items():
        signal.signal(number, handler)


@pytest.mark.parametrize("name", [name for name in QUIT_SIGNALS if hasattr(signal, name)])
def test_a_signal_to_quit_closes_every_scene_as_closing_the_window_does(app, name, signals_restored, monkeypatch):
    monkeypatch.setattr(pygame, "quit", lambda: None)  # as the program's run ends; the next tests' fonts live on
    number = getattr(signal, name)
    unhandled: list[int] = []
    signal.signal(number, lambda got, _frame: unhandled.append(got))  # never Python's or the system's default
    closed: list[str] = []

    class Beneath(Scene):  # a table that makes its last save as it closes
        def exit(self) -> None:
            closed.append("table")

    class Signalled(Scene):
        """Sends the signal from its first frame, as a terminal may at any moment; gives up after
        ``FRAMES`` so a signal that ends nothing fails the test instead of hanging it."""

        frames = 0

        def update(self, dt: float) -> None:
            self.frames += 1
            if self.frames == 1:
                os.kill(os.getpid(), number)
            elif self.frames > FRAMES:
                closed.append("gave up")
                self.app.quit()

        def exit(self) -> None:
            closed.append("top")

    app.push(Beneath(app))
    app.quit_on_signals()
    app.run(Signalled)
    assert unhandled == [] and closed == ["top", "table"]


def test_a_signal_ignored_as_the_game_started_stays_ignored(app, signals_restored):
    """``nohup linie`` keeps playing when its terminal closes; a background job ignores Ctrl+C."""
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    app.quit_on_signals()
    assert signal.getsignal(signal.SIGHUP) is signal.SIG_IGN
    assert signal.getsignal(signal.SIGTERM) is not signal.SIG_IGN
