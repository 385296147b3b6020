"""``python -m tools.screenshot DIR [--only NAME,...] [--lang de]``: PNGs of the client's key screens.

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


def make_app(config_dir: Path) -> Any:
    from game.app import App
    from game.config import Settings
    # first-game hints only where a shot asks for them (``tools/shots/hints.py``): the others show the table
    return App(settings=Settings(fullscreen=False, mute=True, hints=False), settings_file=config_dir / "settings.json")


def take(entry: Shot, out_dir: Path, config_dir: Path) -> Path:
    for variable, folder in (("XDG_DATA_HOME", "data"), ("XDG_STATE_HOME", "state")):
        os.environ[variable] = str(config_dir / folder / entry.name)  # each shot sees only its own saves
    app = make_app(config_dir)
    surface = entry.make(app)
    if surface is None:
        steps = max(1, round(entry.settle * 60))
        for _ in range(steps):
            app.step(1 / 60)
        surface = app.screen
    path = out_dir / f"{entry.name}.png"
    pygame.image.save(surface, str(path))
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.screenshot")
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--only", help="comma-separated shot names")
    parser.add_argument("--lang", help="the language of the shots (en, de); else LINIE_LANG, else the system's")
    args = parser.parse_args(argv)
    if args.lang:
        os.environ["LINIE_LANG"] = args.lang  # the app reads it when it starts (game.i18n.chosen_language)
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
            print(registry.take(shots[name], args.out_dir, Path(config_dir)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
