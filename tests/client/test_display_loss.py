"""A display that goes away under a running game (the X server ends): the log says so before Xlib
ends the process. Needs Xvfb; skipped without it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(shutil.which("Xvfb") is None, reason="needs Xvfb for a display that can go away")
def test_a_display_that_goes_away_is_said_in_the_log(tmp_path: Path) -> None:
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "800x600x24", "-nolisten", "tcp"],
                              pass_fds=(write,), stderr=subprocess.DEVNULL)
    os.close(write)
    game = None
    try:
        number = os.read(read, 16).decode().strip()
        env = {key: value for key, value in os.environ.items() if key != "SDL_VIDEODRIVER"}
        game = subprocess.Popen([sys.executable, "-m", "game", "--windowed"], cwd=ROOT, stderr=subprocess.PIPE,
                                env={**env, "DISPLAY": f":{number}", "SDL_AUDIODRIVER": "dummy"})
        log = Path(os.environ["XDG_STATE_HOME"]) / "linie" / "log" / "linie.log"
        deadline = time.monotonic() + 60
        while "the window is open" not in (log.read_text() if log.exists() else ""):
            assert time.monotonic() < deadline and game.poll() is None, "the game never opened its window"
            time.sleep(0.2)
        assert "x11 driver, its loss is logged" in log.read_text()
        server.terminate()
        server.wait(10)
        game.wait(30)
        assert game.returncode != 0
        assert "ERROR linie.display: the display went away: Linie ends (every game is saved" in log.read_text()
    finally:
        os.close(read)
        for process in (game, server):
            if process is not None and process.poll() is None:
                process.kill()
                process.wait()
        if game is not None and game.stderr is not None:
            game.stderr.close()
