"""What an idle screen costs: the client's CPU while the title screen waits for the player.

The client runs its real loop (``App.run``) in a fresh interpreter on the 1920 x 1080 SCALED display
and sits on the title; after two seconds (start-up and the first tram pass settle) its CPU time is
read over eight seconds. In the same run the same client is measured with frame pacing switched off
(every frame at the full 120 fps, as the client drew before it paced idle screens): the ceiling the
pacing saves against, so the ratio holds on a noisy machine.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

WARM = 2.0  # seconds before measuring
SPAN = 8.0  # seconds measured

IDLE = f"""
WARM, SPAN = {WARM}, {SPAN}
import json, sys, threading, time
import pygame
from game.app import App
from game.config import Settings

paced = sys.argv[1] == "paced"
app = App(Settings(), fullscreen=False)
if not paced:
    app.stack.frame_rate = lambda full: full  # every frame at the full rate: no idle pacing
reading = {{}}

def measure():
    time.sleep(WARM)
    cpu, wall = time.process_time(), time.perf_counter()
    time.sleep(SPAN)
    reading["cpu"] = 100 * (time.process_time() - cpu) / (time.perf_counter() - wall)
    pygame.event.post(pygame.event.Event(pygame.QUIT))

threading.Thread(target=measure, daemon=True).start()
app.run()
print(json.dumps(reading))
"""


def _run(mode: str) -> float:
    root = Path(__file__).resolve().parents[2]
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "XDG_CONFIG_HOME": home, "XDG_DATA_HOME": home, "XDG_STATE_HOME": home}
        done = subprocess.run([sys.executable, "-c", IDLE, mode], cwd=root, env=env, capture_output=True,
                              text=True, timeout=120, check=True)
    return float(json.loads(done.stdout.strip().splitlines()[-1])["cpu"])


def figures() -> Iterator[tuple[str, float, str]]:
    yield ("client.idle_title_cpu_unpaced", _run("unpaced"), "% of one core (every frame at 120 fps)")
    yield ("client.idle_title_cpu", _run("paced"), "% of one core")
