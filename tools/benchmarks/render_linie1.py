"""Client rendering figures: start-up to the title, the Linie 1 static layer, whole table frames."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from tools.bench import timed  # noqa: E402

STARTUP = """
import time
started = time.perf_counter()
import pygame
from game.app import App
from game.config import Settings
from game.scenes.title import TitleScene
app = App(settings=Settings(fullscreen=False), settings_file=None)
app.push(TitleScene(app))
app.step(1 / 60)
pygame.display.flip()
print(time.perf_counter() - started)
"""


def _startup_seconds() -> float:
    """A fresh interpreter from ``import pygame`` to the first title frame on screen."""
    root = Path(__file__).resolve().parents[2]
    with tempfile.TemporaryDirectory() as config:
        env = {**os.environ, "XDG_CONFIG_HOME": config, "PYTHONPATH": str(root)}
        out = subprocess.run([sys.executable, "-c", STARTUP], capture_output=True, text=True, env=env,
                             cwd=root, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def figures() -> Iterator[tuple[Any, ...]]:
    from game.app import App
    from game.config import Settings
    from game.render.linie1.board import Linie1Board
    from game.scenes.title import TitleScene
    from tools.shots.client import sample_tiles
    from tools.shots.linie1 import advanced, table

    yield ("client.startup_to_title", 1000 * min(_startup_seconds() for _ in range(3)), "ms")
    board = Linie1Board(74)
    board.base()
    tiles = sample_tiles()
    flip = [0]

    def rebuild() -> None:
        flip[0] ^= 1
        extra = {(12, 12): [["N", "S"]]} if flip[0] else {}
        board.static_layer({**tiles, **extra}, {})

    yield ("render.linie1_static_layer_rebuild", timed(rebuild, 40))
    with tempfile.TemporaryDirectory() as config:
        app = App(settings=Settings(fullscreen=False, mute=True), settings_file=Path(config) / "s.json")
        session = advanced(5, lambda view: len(view["board"]["tiles"]) >= 40 and view["current"] == 0)
        scene = table(app, session)
        scene.hint = True
        scene.cursor = (6, 6)
        scene.pointer_on_board = True
        scene.ghost_waits = False
        app.step(1 / 60)
        yield ("render.linie1_table_frame", timed(lambda: app.step(1 / 60), 60))
        app.stack.reset(TitleScene(app))
        yield ("render.title_frame", timed(lambda: app.step(1 / 60), 60))
