"""A real client window for ``test_x11_mapping``: prints what a click lands on, in canvas terms.

Run under an X server (Xvfb). Prints ``READY`` once the title is up, ``SIZE w h`` whenever the window
changes size, and per click ``CLICK x y -> SceneName`` with the canvas coordinates pygame delivered.
Exits by itself after 20 s.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

import pygame

from game.app import App
from game.config import Settings
from game.scenes.setup import SetupScene
from game.scenes.title import TitleScene


def main() -> int:
    with tempfile.TemporaryDirectory() as config:
        app = App(settings=Settings(fullscreen=False, mute=True), settings_file=Path(config) / "s.json")
        app.push(TitleScene(app))
        play = app.stack.top.buttons["Play"].rect.center
        print(f"READY {play[0]} {play[1]}", flush=True)
        started = time.monotonic()
        size = None
        while time.monotonic() - started < 20 and app.running:
            if pygame.display.get_window_size() != size:
                size = pygame.display.get_window_size()
                print(f"SIZE {size[0]} {size[1]}", flush=True)
            events = pygame.event.get()
            app.step(1 / 60, events)
            pygame.display.flip()
            for event in events:
                if event.type == pygame.MOUSEBUTTONDOWN:
                    landed = type(app.stack.top).__name__
                    print(f"CLICK {event.pos[0]} {event.pos[1]} -> {landed} "
                          f"window {pygame.display.get_window_size()}", flush=True)
                    if isinstance(app.stack.top, SetupScene):
                        app.stack.pop()
            time.sleep(1 / 120)
    return 0


if __name__ == "__main__":
    sys.exit(main())
