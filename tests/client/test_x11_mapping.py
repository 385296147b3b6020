"""Mouse mapping with a real X server: a window scaled to half size, then fullscreen on a smaller
screen — a click on the Play button must still land on it. Skipped where Xvfb or xdotool is missing.
"""

import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(not (shutil.which("Xvfb") and shutil.which("xdotool")),
                                reason="needs Xvfb and xdotool")


def xdotool(env, *args):
    return subprocess.run(["xdotool", *args], env=env, capture_output=True, text=True, timeout=5).stdout


def wait_for(predicate, seconds=6.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    return None


def read_until(client, prefix):
    """The probe's next line starting with ``prefix`` (it exits on its own, so this never hangs)."""
    while True:
        line = client.stdout.readline()
        assert line, f"the client stopped before saying {prefix!r}"
        if line.startswith(prefix):
            return line


def test_clicks_land_on_the_canvas_after_scaling_and_fullscreen():
    display = f":{random.randint(200, 900)}"
    server = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x720x24"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    env = {**os.environ, "DISPLAY": display, "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT),
           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    env.pop("SDL_VIDEODRIVER", None)
    client = None
    try:
        assert wait_for(lambda: subprocess.run(["xdotool", "getdisplaygeometry"], env=env,
                                               capture_output=True).returncode == 0)
        client = subprocess.Popen([sys.executable, "-m", "tests.client.x11_probe"], env=env, cwd=ROOT,
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        ready = read_until(client, "READY").split()
        play = (int(ready[1]), int(ready[2]))
        window = wait_for(lambda: xdotool(env, "search", "--pid", str(client.pid)).split())[0]
        xdotool(env, "windowsize", window, "960", "540")
        xdotool(env, "windowmove", window, "0", "0")
        read_until(client, "SIZE 960 540")
        xdotool(env, "mousemove", str(play[0] // 2), str(play[1] // 2), "click", "1")
        line = read_until(client, "CLICK")
        assert "-> SetupScene" in line and "window (960, 540)" in line, line
        xdotool(env, "key", "--window", window, "F11")  # fullscreen on the 1280 × 720 screen
        read_until(client, "SIZE 1280 720")
        xdotool(env, "mousemove", str(play[0] * 2 // 3), str(play[1] * 2 // 3), "click", "1")
        line = read_until(client, "CLICK")
        assert "-> SetupScene" in line and "window (1280, 720)" in line, line
    finally:
        if client is not None:
            client.kill()
            client.wait()
        server.kill()
        server.wait()
