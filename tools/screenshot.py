"""``python -m tools.screenshot DIR [--only NAME,...] [--scale 1.5] [--window 1366x768]``: PNGs of the
client's key screens.

``--scale`` takes the shots at a text size of the Settings (1, 1.25, 1.5); ``--window`` saves each
shot as a window of that size shows it (the 1920 × 1080 canvas scaled down, as SDL does), to judge
what stays legible on a small screen.

A registry others extend: any module in ``tools/shots/`` registers shots with ``@shot("name")``.
A shot gets a headless ``App`` (SDL dummy drivers, a throw-away settings file), puts scenes on its
stack (or returns a surface of its own), and the tool steps the app ``settle`` seconds of game time
before saving ``DIR/<name>.png``.
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402


@dataclass
class Shot:
    name: str
    make: Callable[[Any], pygame.Surface | None]
    settle: float


SHOTS: dict[str, Shot] = {}


def shot(name: str, settle: float = 1.5) -> Callable[[Callable[[Any], Any]], Callable[[Any], Any]]:
    """Register a screenshot: ``make(app)`` sets up the app, or returns a surface to save as is."""
    def register(make: Callable[[Any], Any]) -> Callable[[Any], Any]:
        SHOTS[name] = Shot(name, make, settle)
        return make
    return register


def discover() -> None:
    import tools.shots as package
    for module in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"tools.shots.{module.name}")


def make_app(config_dir: Path, scale: float = 1.0) -> Any:
    from game.app import App
    from game.config import Settings
    # first-game hints only where a shot asks for them (``tools/shots/hints.py``): the others show the table
    return App(settings=Settings(fullscreen=False, mute=True, hints=False, ui_scale=scale),
               settings_file=config_dir / "settings.json")


def use_own_folders(entry: Shot, config_dir: Path) -> None:
    """Each shot sees only its own saves, replays and log."""
    for variable, folder in (("XDG_DATA_HOME", "data"), ("XDG_STATE_HOME", "state")):
        os.environ[variable] = str(config_dir / folder / entry.name)


def take(entry: Shot, out_dir: Path, config_dir: Path, scale: float = 1.0,
         window: tuple[int, int] | None = None) -> Path:
    use_own_folders(entry, config_dir)
    app = make_app(config_dir, scale)
    surface = entry.make(app)
    if surface is None:
        steps = max(1, round(entry.settle * 60))
        for _ in range(steps):
            app.step(1 / 60)
        surface = app.screen
    if window is not None:
        surface = pygame.transform.smoothscale(surface, window)
    path = out_dir / f"{entry.name}.png"
    pygame.image.save(surface, str(path))
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.screenshot")
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--only", help="comma-separated shot names")
    parser.add_argument("--scale", type=float, default=1.0, choices=(1.0, 1.25, 1.5),
                        help="the text size of the Settings (1, 1.25 or 1.5)")
    parser.add_argument("--window", type=_size, help="save as a window WxH shows it, e.g. 1366x768")
    args = parser.parse_args(argv)
    # Run as ``-m`` this file is ``__main__``; the shots register with the importable module.
    registry = importlib.import_module("tools.screenshot")
    registry.discover()
    shots: dict[str, Shot] = registry.SHOTS
    wanted = args.only.split(",") if args.only else list(shots)
    unknown = [name for name in wanted if name not in shots]
    if unknown:
        print(f"unknown shots: {', '.join(unknown)}; known: {', '.join(shots)}", file=sys.stderr)
        return 2
    args.out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as config_dir:
        for name in wanted:
            print(registry.take(shots[name], args.out_dir, Path(config_dir), args.scale, args.window))
    return 0


def _size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError("a size is WIDTHxHEIGHT, e.g. 1366x768") from None
    if not (0 < width <= 7680 and 0 < height <= 4320):
        raise argparse.ArgumentTypeError("a size between 1x1 and 7680x4320") from None
    return width, height


if __name__ == "__main__":
    sys.exit(main())
