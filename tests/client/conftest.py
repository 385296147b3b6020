"""Client fixtures: a headless App whose settings live in a throw-away XDG config dir."""

from __future__ import annotations

import pytest

from game.app import App
from game.config import Settings


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return App(settings=Settings(fullscreen=False, mute=True))
