"""A screen opened over another (a menu, the rules) hides the tooltip the pointer had called up there."""

from __future__ import annotations

import pygame

from game.scenes.pause import PauseScene
from game.scenes.stack import Scene
from game.ui import widgets
from game.ui.widgets import Button
from tests.client.helpers import run


class ButtonScreen(Scene):
    """A screen of one button that explains itself on hover, as a table's End turn does."""

    name = "button screen"

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.button = Button(pygame.Rect(100, 900, 300, 80), "End turn", lambda: None, tooltip="Ends your turn.")
        self.ui.add(self.button)


def tooltips_drawn(app, monkeypatch) -> list[str]:  # type: ignore[no-untyped-def]
    drawn: list[str] = []
    real = widgets.draw_tooltip

    def record(surface, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(widgets, "draw_tooltip", record)
    app.stack.draw(pygame.Surface((1920, 1080)))
    return drawn


def test_the_pause_menu_hides_the_tooltip_of_the_button_beneath_it(app, monkeypatch):
    screen = ButtonScreen(app)
    app.push(screen)
    run(app, 1.5, [pygame.event.Event(pygame.MOUSEMOTION, pos=screen.button.rect.center, rel=(2, 2),
                                      buttons=(0, 0, 0))])
    assert tooltips_drawn(app, monkeypatch) == ["Ends your turn."]  # hovered long enough: it explains itself
    app.push(PauseScene(app))
    run(app, 0.5)
    assert tooltips_drawn(app, monkeypatch) == []  # the menu's, if any, but never the one beneath
    app.pop()
    run(app, 1.5)
    assert tooltips_drawn(app, monkeypatch) == []  # back on top: none until the pointer moves again
    run(app, 1.5, [pygame.event.Event(pygame.MOUSEMOTION, pos=(screen.button.rect.centerx + 3, 930), rel=(3, 0),
                                      buttons=(0, 0, 0))])
    assert tooltips_drawn(app, monkeypatch) == ["Ends your turn."]
