"""A window opens within the desktop, keeping the canvas's shape (``game.window``)."""

from __future__ import annotations

import os

import pytest

from game.window import MAX_SHARE, fitted_window, keep_shader_cache_off_disk, scale_smoothly

CANVAS = (1920, 1080)


@pytest.mark.parametrize("desktop", [(1366, 768), (1280, 720), (1920, 1080), (2560, 1440), (1024, 768), (800, 1280)])
def test_the_window_fits_the_desktop_and_keeps_the_canvas_shape(desktop: tuple[int, int]) -> None:
    width, height = fitted_window(CANVAS, desktop)
    assert width <= desktop[0] * MAX_SHARE and height <= desktop[1] * MAX_SHARE
    assert abs(width / height - 16 / 9) < 0.01
    as_large_as_fits = min(desktop[0] * MAX_SHARE - width, desktop[1] * MAX_SHARE - height) < 2
    assert as_large_as_fits or (width, height) == CANVAS  # never larger than the canvas itself


def test_a_desktop_larger_than_the_canvas_opens_it_at_its_own_size() -> None:
    assert fitted_window(CANVAS, (3840, 2160)) == CANVAS


def test_a_size_asked_for_is_kept_when_it_fits_and_shrunk_when_it_does_not() -> None:
    assert fitted_window(CANVAS, (1920, 1080), (1280, 720)) == (1280, 720)
    width, height = fitted_window(CANVAS, (1366, 768), (1920, 1200))
    assert width <= 1229 and height <= 691 and abs(width / height - 1920 / 1200) < 0.01


def test_an_unknown_desktop_opens_as_asked() -> None:
    assert fitted_window(CANVAS, None, (1000, 600)) == (1000, 600)
    assert fitted_window(CANVAS, (0, 0)) == CANVAS


def test_smooth_scaling_is_asked_for_unless_the_player_set_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_HINT_RENDER_SCALE_QUALITY", "")  # recorded, so the test leaves it as it was
    monkeypatch.delenv("SDL_HINT_RENDER_SCALE_QUALITY")
    monkeypatch.setenv("SDL_RENDER_SCALE_QUALITY", "nearest")
    scale_smoothly()
    assert os.environ["SDL_HINT_RENDER_SCALE_QUALITY"] == "1"  # pygame's SCALED then shrinks, not crops
    assert os.environ["SDL_RENDER_SCALE_QUALITY"] == "nearest"


def test_a_full_cache_disk_cannot_kill_the_start(monkeypatch: pytest.MonkeyPatch) -> None:
    """Mesa maps its shader cache from the user's cache folder; on a full disk that mapping kills
    the process with SIGBUS as the window opens, so the cache is switched off, the player's own
    setting winning."""
    for name in ("MESA_SHADER_CACHE_DISABLE", "MESA_GLSL_CACHE_DISABLE"):
        monkeypatch.setenv(name, "")  # recorded, so the test leaves it as it was
        monkeypatch.delenv(name)
    keep_shader_cache_off_disk()
    assert os.environ["MESA_SHADER_CACHE_DISABLE"] == "true"
    assert os.environ["MESA_GLSL_CACHE_DISABLE"] == "true"
    monkeypatch.setenv("MESA_SHADER_CACHE_DISABLE", "false")
    keep_shader_cache_off_disk()
    assert os.environ["MESA_SHADER_CACHE_DISABLE"] == "false"
