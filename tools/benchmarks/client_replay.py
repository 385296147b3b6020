"""What the replay viewer's frame costs at the end of a finished Liniell game, and how often it asks
the rules for the outcome then (Liniell scores the whole field to answer: about 0.2-0.5 ms a time).

A seeded easy-bot game is kept as a replay, opened in the viewer (dummy display, 1920 x 1080) and
jumped to its end; once the final count has played out, each frame is one ``App.step`` plus a draw.
``replay.liniell_end_bar`` is the viewer's own part of that frame: its bar's buttons and its two
position lines, which ask whether the game is over.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

FRAMES = 300
SEED = 3


def figures() -> Iterator[tuple]:
    with tempfile.TemporaryDirectory() as home:
        for variable in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
            os.environ[variable] = home
        yield from _measure(Path(home))


def _measure(home: Path) -> Iterator[tuple]:
    from game.app import App
    from game.config import Settings
    from game.core.liniell import GAME
    from game.match import SeatInfo
    from game.replay_writer import keep_replay
    from game.scenes.title import TitleScene
    from game.tables.replay import ReplayViewer, open_replay
    from tools.bench import timed
    from tools.simulate import play_one

    app = App(Settings(fullscreen=False, mute=True))
    match, _ = play_one("liniell", 2, SEED, ["easy"], None)
    match.seats = [SeatInfo(name, "bot", "easy", seat) for seat, name in enumerate(["Ada", "Ben"])]
    path = keep_replay(match, home)
    assert path is not None
    app.push(TitleScene(app))
    assert open_replay(app, path) is None
    viewer = app.stack.find(ReplayViewer)
    assert isinstance(viewer, ReplayViewer)
    viewer.seek(viewer.playback.length)
    for _ in range(600):  # the final count plays out
        app.step(1 / 60, [])

    definition = type(GAME)
    real = definition.outcome
    asked = [0]

    def counting(self, state):  # noqa: ANN001, ANN202 - wraps the definition's own method
        asked[0] += 1
        return real(self, state)

    definition.outcome = counting  # type: ignore[method-assign]
    try:
        def frame() -> None:
            app.step(1 / 60, [])
            app.draw()

        yield "replay.liniell_end_frame", timed(frame, FRAMES)
        asked[0] = 0
        frame()
        yield "replay.liniell_end_outcome_asks_per_frame", float(asked[0]), "calls"
        yield "replay.liniell_end_bar", timed(lambda: (viewer._sync_bar(), viewer.position_lines()), FRAMES)
    finally:
        definition.outcome = real  # type: ignore[method-assign]
