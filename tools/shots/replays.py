"""Shots of the replays: the list, Open file…, the statistics, and the viewer on every game."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from game.bots import make_bot
from game.match import Match, SeatInfo
from game.paths import replays_dir
from game.replay_writer import keep_replay
from game.replays import read_replay
from game.scenes.title import TitleScene
from tools.screenshot import shot

NAMES = ["Ada", "Tramina", "Bimmel", "Cleo", "Dora"]


def kept_game(game: str, players: int, seed: int, humans: int = 1, levels: tuple[str, ...] = ("normal",)) -> Path:
    """A bot game played to its end and kept as a finished local game keeps its replay."""
    seats = [SeatInfo(NAMES[index], "human" if index < humans else "bot", levels[index % len(levels)], index)
             for index in range(players)]
    match = Match(game, seats, seed)
    bots = [make_bot(game, seat.level, seed * 31 + index) for index, seat in enumerate(seats)]
    while not match.finished:
        seat = match.to_act()[0]
        assert match.submit(seat, bots[seat].decide(match.view(seat))).ok
    path = keep_replay(match)
    assert path is not None
    time.sleep(1.01)  # the next game's file gets its own second
    return path


def viewer(app: Any, path: Path, position: int | None = None, eyes: int | None = None) -> Any:
    from game.tables.replay import ReplayViewer
    app.push(TitleScene(app))
    scene = ReplayViewer(app, read_replay(path))
    app.push(scene)
    if eyes is not None:
        scene.eyes_choice.step(eyes + 1)
    if position is not None:
        scene.seek(position)
    return scene


@shot("replay_linie1", settle=0.6)
def replay_linie1(app: Any) -> None:
    path = kept_game("linie1", 3, 5)
    length = len(read_replay(path).steps)
    viewer(app, path, length * 3 // 5, eyes=0)


@shot("replay_linie1_trip", settle=1.2)
def replay_linie1_trip(app: Any) -> None:
    path = kept_game("linie1", 3, 5)
    replay = read_replay(path)
    first_trip = next(index for index, step in enumerate(replay.steps) if step.action.get("type") == "roll")
    scene = viewer(app, path, first_trip + 2)
    scene.step_forward()


@shot("replay_linja", settle=0.7)
def replay_linja(app: Any) -> None:
    path = kept_game("linja", 2, 4)
    scene = viewer(app, path, 20)
    scene.toggle_play()


@shot("replay_liniell", settle=0.5)
def replay_liniell(app: Any) -> None:
    path = kept_game("liniell", 2, 6, humans=2)
    viewer(app, path, 17, eyes=1)


@shot("replay_bus", settle=0.5)
def replay_bus(app: Any) -> None:
    path = kept_game("bus", 4, 3)
    viewer(app, path, 60)


@shot("replay_end", settle=8.0)
def replay_end(app: Any) -> None:
    """The last action played: the results over the replay, every secret revealed."""
    path = kept_game("linie1", 2, 9)
    scene = viewer(app, path, len(read_replay(path).steps) - 1)
    scene.step_forward()


def _keep_several() -> None:
    kept_game("linie1", 3, 5)
    kept_game("linja", 2, 4)
    kept_game("liniell", 2, 6, humans=2)
    kept_game("bus", 4, 3)
    kept_game("linie1", 2, 9)
    (replays_dir() / "20251101-101010-linie1.jsonl").write_text('{"format": "linie-replay", "version": 2}\n{"n"')
    (replays_dir() / "20251102-101010-linie1.jsonl").write_text('{"format": "linie-replay", "version": 9}\n')  # newer


@shot("replays_list", settle=0.5)
def replays_list(app: Any) -> None:
    from game.scenes.replays import ReplaysScene
    _keep_several()
    app.push(TitleScene(app))
    app.push(ReplaysScene(app))


@shot("replays_open_file", settle=0.5)
def replays_open_file(app: Any) -> None:
    from game.scenes.replays import OpenFileScene, ReplaysScene
    _keep_several()
    app.push(TitleScene(app))
    app.push(ReplaysScene(app))
    dialog = OpenFileScene(app)
    app.push(dialog)
    dialog.field.text = str(replays_dir().parent / "saves" / "friday.jsonl")
    dialog.open_typed()


@shot("replays_stats", settle=0.5)
def replays_stats(app: Any) -> None:
    from game.scenes.stats import StatsScene
    _keep_several()
    app.push(TitleScene(app))
    app.push(StatsScene(app))


@shot("replay_final", settle=0.3)
def replay_final(app: Any) -> None:
    """Back from the results: the final board, every secret shown to the spectator."""
    path = kept_game("liniell", 2, 6, humans=2)
    scene = viewer(app, path, len(read_replay(path).steps))
    for _ in range(600):  # Liniell counts the lines, then offers its results
        app.step(1 / 30)
        if not scene.table.busy:
            break
    scene.table.open_results()
    app.step(1 / 30)
    app.pop()
