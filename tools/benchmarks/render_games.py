"""Whole games through every table, frame by frame, against the floor of one full-screen flip.

Each game runs in a fresh interpreter, as a player's first game of the day does: the title, then the
setup screen where the game and its bot seats are chosen and looked over for a second (as a player
would), then Start (``render.<game>_open``: Start to the table's first frame on screen; what the
setup screen prepared meanwhile counts as prepared), and a bots-only game plays to the results
screen at normal animation speed with a real ``display.flip()`` of the 1920 x 1080 SCALED display
each frame, paced at the client's 120 frames a second so bot threads get the time they get in a real
game (or to the end of its final count, where a table waits for its results button). Every frame's
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

GAMES = {"linie1": 4, "linja": 2, "liniell": 2, "bus": 4}
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
from game.scenes.results import ResultsScene
from game.scenes.setup import SetupScene
from game.scenes.title import TitleScene
from game.tables import launch

game, players, seed, folder = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
launch.new_seed = lambda: seed  # the same deal every run
app = App(settings=Settings(fullscreen=False, mute=True), settings_file=Path(folder) / "s.json")
STEP = 1 / 120

def frame():
    began = time.perf_counter()
    app.step(STEP, pygame.event.get())
    pygame.display.flip()
    spent = time.perf_counter() - began
    if spent < STEP:
        time.sleep(STEP - spent)
    return spent

app.push(TitleScene(app))
frame()
setup = SetupScene(app)
app.push(setup)
setup.select_game(setup.games.index(game))
setup.set_players(players)
for index in range(players):
    setup.set_kind(index, "bot:normal")
for _ in range(120):  # a second on the setup screen
    frame()
started = time.perf_counter()
setup.start_game()
app.step(STEP)
pygame.display.flip()
opened = 1000 * (time.perf_counter() - started)
frames = []
deadline = time.perf_counter() + 900
def played_out():  # the results are up, or the table has shown the end and waits for its button
    top = app.stack.top
    return isinstance(top, ResultsScene) or (getattr(top, "finished", False) and not top.busy)

while not played_out() and time.perf_counter() < deadline:
    frames.append(1000 * frame())
print(json.dumps({"open": opened, "frames": frames, "finished": played_out()}))
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
