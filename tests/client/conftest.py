"""Client fixtures: a headless App whose settings live in a throw-away XDG config dir."""

from __future__ import annotations

import pytest

from game.app import App
from game.config import Settings
from game.ui import theme


@pytest.fixture(autouse=True)
def _text_at_design_size():
    """A test that changes the text size leaves the next one at 100 %."""
    yield
    theme.set_ui_scale(1.0)


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    app = App(settings=Settings(fullscreen=False, mute=True))
    app.mapper.mouse_moved = True  # the tests' pointer events stand for a mouse in use (their rel is 0, 0)
    return app
