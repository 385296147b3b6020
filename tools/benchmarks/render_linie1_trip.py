"""Linie 1 table figures the issue names: frames while a tram drives, memory after a whole game.

The tram figure times whole frames of the mid-game table (1920 x 1080, software rendering) only
while a tram is on the move. The memory figure plays a bots-only 4-player game through the table
scene to its results screen in a fresh interpreter and reads its resident set size there.
"""

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

WHOLE_GAME = """
import sys
from pathlib import Path
from game.app import App
from game.config import Settings
from game.match import Match, SeatInfo
from game.tables.launch import TableConfig
from game.tables.linie1.table import Linie1Table
from game.scenes.results import ResultsScene
from game.session import LocalSession

seats = [SeatInfo(f"Bot {i}", "bot", "normal", i) for i in range(4)]
app = App(settings=Settings(fullscreen=False, mute=True, animation_speed=4.0),
          settings_file=Path(sys.argv[1]) / "s.json")
session = LocalSession(Match("linie1", seats, 77), bot_seed=77)
app.push(Linie1Table(app, session, TableConfig("linie1", seats, {})))
frames = 0
while not isinstance(app.stack.top, ResultsScene) and frames < 400_000:
    app.step(1 / 60)
    frames += 1
assert isinstance(app.stack.top, ResultsScene), "the game did not reach the results screen"
for line in Path("/proc/self/status").read_text().splitlines():
    if line.startswith("VmRSS:"):
        print(int(line.split()[1]) / 1024, frames)
"""


def _resident_after_whole_game() -> tuple[float, int]:
    root = Path(__file__).resolve().parents[2]
    with tempfile.TemporaryDirectory() as config:
        env = {**os.environ, "XDG_CONFIG_HOME": config, "PYTHONPATH": str(root)}
        out = subprocess.run([sys.executable, "-c", WHOLE_GAME, config], capture_output=True, text=True,
                             env=env, cwd=root, check=True)
    megabytes, frames = out.stdout.split()
    return float(megabytes), int(frames)


def _tram_frames(app: Any, scene: Any, session: Any, wanted: int) -> list[float]:
    """Frame times sampled only while a TramDrive effect is playing; rolls again between trips."""
    from game.tables.linie1.show import TramDrive

    samples: list[float] = []
    for _ in range(200_000):
        if len(samples) >= wanted:
            break
        if any(isinstance(effect, TramDrive) for effect in scene.show.running()):
            samples.extend(timed(lambda: app.step(1 / 60), repeat=1, warmup=0))
            continue
        view = session.view(0)
        if view["outcome"] is not None:
            break
        if not scene.busy and view["current"] == 0 and view["phase"] == "roll":
            scene.main_action()
        app.step(1 / 60)
    return samples


def figures() -> Iterator[tuple[Any, ...]]:
    from game.app import App
    from game.config import Settings
    from tools.shots.linie1 import advanced, table

    with tempfile.TemporaryDirectory() as config:
        app = App(settings=Settings(fullscreen=False, mute=True), settings_file=Path(config) / "s.json")
        session = advanced(8, lambda view: view["players"][0]["driving"] and view["current"] == 0
                           and view["phase"] == "roll")
        scene = table(app, session)
        app.step(1 / 60)
        yield ("render.linie1_table_frame_tram_moving", _tram_frames(app, scene, session, 240))
    megabytes, frames = _resident_after_whole_game()
    yield ("render.resident_after_whole_4p_game", megabytes, f"MB (after {frames} frames to the results)")
