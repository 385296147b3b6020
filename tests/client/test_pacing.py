"""Frames only when something moves: idle screens drop to a low rate instead of redrawing at 120 fps."""

from __future__ import annotations

from game.anim import Tween
from game.scenes.figures import PlayerFigures
from game.scenes.results import ResultsScene
from game.scenes.settings import SettingsScene
from game.scenes.title import TitleScene
from tests.client.helpers import run, wait

FULL = 120


def test_a_still_menu_sleeps_and_wakes_for_a_tween(app):
    app.push(SettingsScene(app))
    wait(app, 1.0)  # the fade-in and the focus glow settle
    assert app.stack.frame_rate(FULL) == app.stack.top.idle_fps < 20
    app.stack.top.tweens.add(Tween(0.0, 1.0, 0.5))
    assert app.stack.frame_rate(FULL) == FULL


def test_the_title_is_smooth_while_a_tram_rolls_by_and_nearly_asleep_between(app):
    app.push(TitleScene(app))
    run(app, 1.0)
    assert app.stack.frame_rate(FULL) == 30
    wait(app, 8.0)  # the tram has left; the track is empty for a while
    assert app.stack.frame_rate(FULL) <= 5


def test_results_rest_once_the_confetti_is_down(app):
    figures = [PlayerFigures(0, "Ann", 0, True, "Winner"), PlayerFigures(1, "Ben", 1, False, "")]
    app.push(ResultsScene(app, figures, {"winners": [0], "draw": False}, None, "Linie 1 · 2 players"))
    run(app, 0.3)
    assert app.stack.frame_rate(FULL) == FULL  # the cards fly in, confetti is on its way
    wait(app, 12.0)
    assert app.stack.frame_rate(FULL) <= 5
