"""Saved games say how far a game got as its players count it (Linie 1's turn and round, Linja's
turn, Liniell's tiles placed, Bus's round), read from the save without loading the game, and when
its last move was saved."""

from __future__ import annotations

import os
import time

import pygame
import pytest

from game import saves
from game.bots import make_bot
from game.match import Match, SeatInfo
from game.scenes.saved import SavedGamesScene
from game.scenes.title import TitleScene
from game.session import LocalSession
from net.savefile import journal_path, read_save, write_atomic
from tests.client.helpers import run


def truth(match: Match, round_before: int) -> dict[str, int]:
    """The count as the loaded game keeps it (Bus: the round the last move was made in)."""
    name, state = match.game.name, match.state
    if name == "linie1":
        return {"turn": state.turn, "round": (state.turn - 1) // state.players + 1}
    if name == "liniell":
        return {"placed": len(state.placed), "tiles": 16}
    if name == "bus":
        return {"round": round_before}
    seats = [entry["seat"] for entry in match.log]  # Linja: the replays' turns, runs of one seat's actions
    return {"turn": max(1, sum(1 for index, seat in enumerate(seats) if index == 0 or seat != seats[index - 1]))}


@pytest.mark.parametrize(("game", "players", "actions", "options"), [
    ("linie1", 3, 140, {}), ("linja", 2, 400, {}), ("liniell", 2, 400, {}), ("bus", 3, 260, {}),
    ("linie1", 2, 900, {"trip_rule": "die"}), ("linie1", 2, 900, {"trip_rule": "pace"}),
    ("linie1", 2, 900, {"trip_rule": "three_dice"}),
])
def test_the_count_read_from_the_save_is_the_games_own_after_every_action(game, players, actions, options):
    """Full saves every seven actions, so the count is read both from full saves and across journals."""
    seats = [SeatInfo(f"P{seat}", colour=seat) for seat in range(players)]
    match = Match(game, seats, 11, options)
    path = saves.new_save_path(game)
    session = LocalSession(match, save_path=path)
    session.autosave.journal_limit = 7
    bots = [make_bot(game, "easy", seat) for seat in range(players)]
    counts = set()
    for _ in range(actions):
        if match.finished:
            break
        seat = match.to_act()[0]
        round_before = getattr(match.state, "round", 0)
        assert match.submit(seat, bots[seat].decide(match.view(seat))).ok
        if match.finished:
            break
        listed = saves.read_summary(path)
        expected = truth(match, round_before)
        if match.log[-1]["action"]["type"] == "choose_die" and listed.progress != expected:
            # three dice: a turn ended by tools or the third die is counted once the next player moves
            expected = {"turn": expected["turn"] - 1, "round": (expected["turn"] - 2) // players + 1}
        assert listed.progress == expected, (match.version, listed.progress)
        counts.add(tuple(sorted(listed.progress.items())))
    session.close()
    assert len(counts) > 3  # the count moved on as the game did
    if options:  # the trip was driven under its rule
        assert any(entry["action"]["type"] in ("roll", "drive") for entry in match.log)


def test_rows_and_continue_say_the_count_in_words_not_actions(app):
    seats = [SeatInfo("Ada", colour=0), SeatInfo("Ben", colour=1)]
    match = Match("liniell", seats, 3)
    session = LocalSession(match, save_path=saves.new_save_path("liniell"))
    bots = [make_bot("liniell", "easy", seat) for seat in range(2)]
    while len(match.state.placed) < 3:
        seat = match.to_act()[0]
        match.submit(seat, bots[seat].decide(match.view(seat)))
    session.close()
    listed = saves.latest()
    assert listed.how_far() == "3 of 16 tiles placed"
    assert listed.summary().endswith("Ada, Ben · 3 of 16 tiles placed")
    assert "action" not in listed.summary()


def test_saved_is_when_the_last_move_was_saved_not_the_last_full_save(monkeypatch):
    """A move between full saves goes to the journal only; a save written on resuming moves nothing."""
    seats = [SeatInfo("Ada", colour=0), SeatInfo("Ben", colour=1)]
    match = Match("linja", seats, 5)
    path = saves.new_save_path("linja")
    session = LocalSession(match, save_path=path)
    long_ago = time.time() - 3 * 3600
    os.utime(path, (long_ago, long_ago))  # the full save written as the game started, hours ago
    bots = [make_bot("linja", "easy", seat) for seat in range(2)]
    seat = match.to_act()[0]
    match.submit(seat, bots[seat].decide(match.view(seat)))
    session.close()
    moved = long_ago + 600
    os.utime(journal_path(path), (moved, moved))  # the move, ten minutes into the game
    assert saves.read_summary(path).when == moved

    later = time.time() + 3600
    monkeypatch.setattr(time, "time", lambda: later)  # resumed an hour later, and left without a move
    resumed = LocalSession(saves.load_local(path), save_path=path)
    resumed.close()
    assert saves.read_summary(path).turn == 1
    assert saves.read_summary(path).when == moved


def test_a_hosted_lobby_with_an_open_seat_names_it_so_not_as_a_player(app):
    """Continue and Saved games list a LAN table closed in its lobby: its open seat is no "Seat 3"."""
    from game.lan.host import hosted_config
    from net.host import Host
    host = Host.new("bus", 3, hosted_config("Ada's table", saves.new_save_path("bus")), seed=5)
    host.save()
    summary = saves.latest().summary()
    assert summary.endswith(", Open seat, Open seat · setting up") and "Seat 2" not in summary


@pytest.mark.parametrize(("game", "key", "value"), [
    ("linie1", "players", 0), ("linie1", "players", float("inf")), ("linie1", "turn", float("nan")),
    ("bus", "round", float("inf")),
])
def test_a_sealed_save_with_an_absurd_count_is_listed_and_the_title_opens(app, game, key, value):
    """A save whose seal holds (a file edited and sealed again, or written by a broken Linie) but whose
    state says 0 players or an endless round: the count is unknown, the row and the title still
    open (dividing by the players, turning infinity into a whole number killed both before)."""
    players = 3
    match = Match(game, [SeatInfo(f"P{seat}", colour=seat) for seat in range(players)], 5)
    path = saves.new_save_path(game)
    session = LocalSession(match, save_path=path)
    session.close()
    data = read_save(path, saves.FORMATS)
    data["match"]["state"][key] = value
    write_atomic(path, data)
    listed = saves.read_summary(path, rules=False)
    assert listed.progress is None and listed.how_far() == "action 0"
    app.push(TitleScene(app))
    run(app, 0.1)
    assert "Saved games" in app.stack.top.buttons
    app.push(SavedGamesScene(app))
    run(app, 0.1)
    app.stack.top.draw(pygame.Surface((1920, 1080)))
