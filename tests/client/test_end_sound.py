"""A game's end is celebrated once: the table that stages the winning move plays the fanfare and throws
its confetti, and its results stay quiet and bare; results over a table that opened on the end (a replay
jumped there, a finished save) celebrate themselves. Before, Linie 1, Liniell and Bus played the fanfare
at the table and again on the results, Linja left it to the results (a moment after its winner's
banner), and every game's confetti fell twice."""

from __future__ import annotations

import pytest

from game.anim.particles import ParticleSystem
from game.core.registry import available_games, get_game
from game.match import SeatInfo
from game.replay_writer import keep_replay
from game.scenes.results import ResultsScene
from game.scenes.title import TitleScene
from game.tables.replay import ReplayViewer, open_replay
from tests.client.helpers import wait
from tests.played import easy_game

GAMES = [(name, max(2, get_game(name).min_players), 3) for name in available_games()]


def _to_results(app, viewer: ReplayViewer) -> ResultsScene:  # type: ignore[no-untyped-def]
    for _ in range(600):  # the last animation and the game's own end (a count, a results button)
        if isinstance(app.stack.top, ResultsScene):
            break
        if not viewer.table.busy and app.stack.top is viewer:
            viewer.table.open_results()
        app.step(0.1)
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    wait(app, 1.5)  # the results' own sound would come 0.9 s after they open
    return results


@pytest.mark.parametrize(("game", "players", "seed"), GAMES)
@pytest.mark.parametrize("staged", [True, False], ids=["staged", "opened_at_the_end"])
def test_a_games_end_plays_one_fanfare_from_the_winning_move_to_the_results(app, monkeypatch, game, players, seed,
                                                                           staged):
    match = easy_game(game, players, seed)
    assert match.outcome() and match.outcome().get("winners"), "the game played must have a winner"
    match.seats = [SeatInfo(f"P{index}", "bot", "easy", index) for index in range(players)]
    path = keep_replay(match)
    assert path is not None
    app.push(TitleScene(app))
    assert open_replay(app, path) is None
    viewer = app.stack.top
    assert isinstance(viewer, ReplayViewer)
    heard: list[str] = []
    at_table: list[str] = []  # what was heard while the table, not its results, was on top
    monkeypatch.setattr(app.sounds, "play",
                        lambda name: (heard.append(name), app.stack.top is viewer and at_table.append(name)))
    thrown: list[int] = []
    real_confetti = ParticleSystem.confetti
    monkeypatch.setattr(ParticleSystem, "confetti", lambda system, *args: (thrown.append(id(system)),
                                                                          real_confetti(system, *args)))
    if staged:  # the winning move plays on the table
        viewer.jump(len(match.log) - 1)
        wait(app, 0.5)
        heard.clear()
        viewer.step_forward()
    else:  # the table opens on the finished game
        viewer.jump(len(match.log))
    results = _to_results(app, viewer)
    assert heard.count("fanfare") == 1, heard
    if staged:  # the winning move's table sounds it (Linja's stayed quiet and left it to the results)
        assert at_table.count("fanfare") == 1, at_table
    # Bus celebrates at the table with bursts at the winners' discs, the others with confetti
    assert len(thrown) == (0 if staged and game == "bus" else 1), thrown
    if staged:  # opened on the end, Liniell still counts at the table and celebrates there
        assert id(results.particles) not in thrown
