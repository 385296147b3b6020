"""Clicks act on release over the same control, and never leak from one screen to the next."""

from __future__ import annotations

import pygame

from game.scenes.stack import Scene, SceneStack
from game.ui.input import Intent
from game.ui.widgets import Button, FocusGroup
from tests.client.helpers import run


def _button(clicks: list[str]) -> Button:
    return Button(pygame.Rect(100, 100, 200, 80), "Go", lambda: clicks.append("go"))


def test_a_button_acts_on_release_over_it_not_on_press():
    clicks: list[str] = []
    group = FocusGroup([_button(clicks)])
    group.handle(Intent("press", pos=(150, 140)))
    assert clicks == [] and group.widgets[0].held  # sunk, waiting
    group.handle(Intent("release", pos=(160, 130)))
    assert clicks == ["go"] and not group.widgets[0].held


def test_sliding_off_a_pressed_button_cancels_the_click():
    clicks: list[str] = []
    group = FocusGroup([_button(clicks)])
    group.handle(Intent("press", pos=(150, 140)))
    group.handle(Intent("release", pos=(500, 500)))
    assert clicks == []


class _Recorder(Scene):
    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.seen: list[str] = []

    def handle(self, intent: Intent) -> bool:
        self.seen.append(intent.kind)
        return True


def test_a_screen_that_opens_while_the_button_is_down_never_gets_its_release(app):
    stack = SceneStack()
    first, second = _Recorder(app), _Recorder(app)
    stack.push(first)
    stack.handle(Intent("press", pos=(10, 10)))
    stack.push(second)  # e.g. the press opened a new screen
    stack.handle(Intent("release", pos=(10, 10)))
    assert first.seen == ["press"] and second.seen == []
    stack.handle(Intent("press", pos=(10, 10)))
    stack.handle(Intent("release", pos=(10, 10)))
    assert second.seen == ["press", "release"]


def test_one_click_on_a_menu_button_opens_one_screen_and_nothing_beneath_acts(app):
    from game.scenes.setup import SetupScene
    from game.scenes.title import TitleScene
    app.push(TitleScene(app))
    run(app)
    title = app.stack.top
    play = title.buttons["Play"].rect.center
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=play, rel=(0, 0), buttons=(1, 0, 0)),
                      pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=play, button=1)])
    assert app.stack.top is title  # nothing yet: the press only arms the button
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=play, button=1)])
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    run(app, 0.2)
    assert app.stack.top is setup  # the same click did not reach a control of the new screen


def test_a_button_hidden_under_the_pointer_takes_its_tooltip_with_it(monkeypatch):
    """Start trip hides once the trip starts while the pointer still rests where it was."""
    import game.ui.widgets as widgets

    shown: list[str] = []
    monkeypatch.setattr(widgets, "draw_tooltip", lambda surface, text, *rest, **kw: shown.append(text))
    button = Button(pygame.Rect(100, 100, 200, 80), "Go", lambda: None, tooltip="Start driving.")
    group = FocusGroup([button])
    group.handle(Intent("point", pos=(150, 140)))
    group.update(FocusGroup.TOOLTIP_DELAY + 0.5)
    surface = pygame.Surface((640, 360))
    group.draw(surface)
    assert shown == ["Start driving."]
    button.visible = False
    group.draw(surface)
    assert shown == ["Start driving."]  # not said again over the place where the button was


class _Cover(Scene):
    """A screen whose one button closes it, as the hot-seat cover's "I'm Ada — show me" does."""

    def __init__(self, app, stack: SceneStack) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.ui.add(Button(pygame.Rect(100, 100, 200, 80), "Show me", stack.pop))


def _click(stack: SceneStack, pos: tuple[int, int]) -> None:
    stack.handle(Intent("press", pos=pos))
    stack.handle(Intent("release", pos=pos))


def test_the_second_click_of_a_double_click_that_closed_a_screen_reaches_nothing_beneath(app):
    stack = SceneStack()
    table = _Recorder(app)  # the table under the cover: a click there would lay a tile
    stack.push(table)
    stack.push(_Cover(app, stack))
    _click(stack, (150, 140))
    assert stack.top is table and table.seen == []
    stack.update(0.15)
    _click(stack, (151, 141))  # the double click's second half, where the button was
    assert table.seen == []
    stack.update(0.15)
    _click(stack, (151, 141))  # a click of its own, after the double click
    assert table.seen == ["press", "release"]


def test_a_quick_click_elsewhere_after_a_screen_closed_is_the_players_own(app):
    stack = SceneStack()
    table = _Recorder(app)
    stack.push(table)
    stack.push(_Cover(app, stack))
    _click(stack, (150, 140))
    stack.update(0.15)
    _click(stack, (600, 300))  # aimed at the board, not the button's place
    assert table.seen == ["press", "release"]
    stack.push(_Cover(app, stack))
    _click(stack, (150, 140))
    stack.update(0.5)  # too late for a double click
    _click(stack, (150, 140))
    assert table.seen == ["press", "release"] * 2
