"""Whole games through every table, frame by frame, against the floor of one full-screen flip.

Each game runs in a fresh interpreter (so opening its table pays its imports, as a player's first
game does): the title is up, then Start builds the table (``render.<game>_open``: Start to the
table's first frame on screen), and a bots-only game plays to the results screen at normal animation
speed with a real ``display.flip()`` of the 1920 x 1080 SCALED display each frame, paced at the
client's 120 frames a second so bot threads get the time they get in a real game. Every frame's
wall time (update + draw + flip) is a sample of ``render.<game>_game_frame``; ``..._max`` is the
worst. In the same run, ``render.floor_flip`` is one opaque full-screen blit plus flip: the least
any frame can cost on this machine, so the ratios hold on a noisy one.
"""

from __future__ import annotations

import json
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

GAMES = {"linie1": 4, "linja": 2, "liniell": 2, "lines": 4}
SEED = 5

FLOOR = """
import json, time, pygame
pygame.init()
screen = pygame.display.set_mode((1920, 1080), pygame.SCALED)
picture = pygame.Surface((1920, 1080)).convert()
picture.fill((40, 30, 60))
samples = []
for _ in range(240):
    started = time.perf_counter()
    screen.blit(picture, (0, 0))
    pygame.display.flip()
    samples.append(1000 * (time.perf_counter() - started))
print(json.dumps(samples))
"""

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

WHOLE_GAME = """
import json, sys, time
from pathlib import Path
import pygame
from game.app import App
from game.config import Settings
from game.match import SeatInfo
from game.tables.launch import TableConfig, start_local_game
from game.scenes.results import ResultsScene
from game.scenes.title import TitleScene

game, players, seed, folder = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
app = App(settings=Settings(fullscreen=False, mute=True), settings_file=Path(folder) / "s.json")
app.push(TitleScene(app))
app.step(1 / 120)
pygame.display.flip()
seats = [SeatInfo(f"Bot {i + 1}", "bot", "normal", i) for i in range(players)]
STEP = 1 / 120
started = time.perf_counter()
start_local_game(app, TableConfig(game, seats, {}, seed))
app.step(STEP)
pygame.display.flip()
opened = 1000 * (time.perf_counter() - started)
frames = []
deadline = time.perf_counter() + 900
while not isinstance(app.stack.top, ResultsScene) and time.perf_counter() < deadline:
    began = time.perf_counter()
    app.step(STEP, pygame.event.get())
    pygame.display.flip()
    spent = time.perf_counter() - began
    frames.append(1000 * spent)
    if spent < STEP:
        time.sleep(STEP - spent)
print(json.dumps({"open": opened, "frames": frames, "finished": isinstance(app.stack.top, ResultsScene)}))
"""


def _run(script: str, *args: str) -> str:
    root = Path(__file__).resolve().parents[2]
    with tempfile.TemporaryDirectory() as config:
        env = {**os.environ, "XDG_CONFIG_HOME": config, "XDG_DATA_HOME": config, "XDG_STATE_HOME": config,
               "PYTHONPATH": str(root)}
        out = subprocess.run([sys.executable, "-c", script, *args, config], capture_output=True, text=True,
                             env=env, cwd=root, check=True)
    return out.stdout.strip().splitlines()[-1]


def figures() -> Iterator[tuple[Any, ...]]:
    only = os.environ.get("LINIE_BENCH_GAMES")
    yield ("render.floor_flip", json.loads(_run(FLOOR)))
    yield ("client.startup_to_title", 1000 * min(float(_run(STARTUP)) for _ in range(3)), "ms")
    for game, players in GAMES.items():
        if only and game not in only.split(","):
            continue
        result = json.loads(_run(WHOLE_GAME, game, str(players), str(SEED)))
        if not result["finished"]:
            yield (f"render.{game}_unfinished", len(result["frames"]), "frames (the game did not end)")
        yield (f"render.{game}_open", result["open"], "ms")
        yield (f"render.{game}_game_frame", result["frames"])
        yield (f"render.{game}_game_frame_max", max(result["frames"]), f"ms over {len(result['frames'])} frames")
