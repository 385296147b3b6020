"""Nothing lost: every game autosaves; Continue and Saved games bring it back exactly, after a normal
quit, a crash or ``kill -9``; a finished game leaves its replay instead of a save."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import msgpack
import pygame

from game import saves
from game.bots import make_bot
from game.match import SeatInfo, view_hash
from game.paths import replays_dir, saves_dir
from game.scenes.rules import RulesScene
from game.scenes.saved import SavedGamesScene
from game.scenes.title import TitleScene
from game.tables.launch import TableConfig, start_local_game
from net.savefile import FRAME_HEAD, journal_path
from tests.client import fake_game
from tests.client.helpers import click, key, list_rows_words, record_drawn_text, run, wait

ROOT = Path(__file__).resolve().parents[2]


def play(match, actions: int) -> None:
    """``actions`` moves by bots of every seat, as the players would make them."""
    bots = [make_bot(match.game.name, "easy", seat) for seat in range(len(match.seats))]
    for _ in range(actions):
        seat = match.to_act()[0]
        assert match.submit(seat, bots[seat].decide(match.view(seat))).ok


def table(app):
    """The table under any cover or menu."""
    return app.stack.scenes[0]


def hashes(match) -> list[str]:
    return [view_hash(match.view(seat)) for seat in [None, *range(len(match.seats))]]


def test_the_title_offers_continue_only_when_a_game_waits(app):
    app.push(TitleScene(app))
    assert "Continue" not in app.stack.top.buttons and "Saved games" not in app.stack.top.buttons
    assert start_local_game(app, TableConfig("linja", [SeatInfo("Ada"), SeatInfo("Bot", "bot")]))
    app.to_title()
    title = app.stack.top
    assert {"Continue", "Saved games"} <= set(title.buttons) and title.ui.focus is title.buttons["Continue"]
    assert title.buttons["Continue"].caption.startswith("Linja · Ada, Bot · turn ")


def test_continue_restores_a_local_game_exactly_for_every_seat(app):
    seats = [SeatInfo("Ada"), SeatInfo("Ben"), SeatInfo("Cleo")]  # hot-seat: nobody moves on their own
    assert start_local_game(app, TableConfig("linie1", seats))
    played = table(app).session.match
    play(played, 7)
    before, version = hashes(played), played.version
    app.to_title()  # a normal quit: Save and leave
    run(app, 0.05, click(app.stack.top.buttons["Continue"].rect.center))
    resumed = table(app).session.match
    assert resumed is not played and resumed.version == version and hashes(resumed) == before
    config = table(app).config
    assert config.seed == played.seed and [s.name for s in config.seats] == ["Ada", "Ben", "Cleo"]
    play(resumed, 2)  # and the game goes on, still saved
    assert saves.latest().turn == version + 2


def test_a_game_killed_mid_play_comes_back_at_its_last_action(tmp_path):
    """``kill -9`` of a process playing: the save holds every action the process had made known."""
    script = textwrap.dedent("""
        import sys
        from game.bots import make_bot
        from game.match import Match, SeatInfo, view_hash
        from game.saves import new_save_path
        from game.session import LocalSession
        match = Match("linie1", [SeatInfo("A"), SeatInfo("B"), SeatInfo("C")], 11)
        session = LocalSession(match, save_path=new_save_path("linie1"))
        bots = [make_bot("linie1", "easy", seat) for seat in range(3)]
        while not match.finished:
            seat = match.to_act()[0]
            match.submit(seat, bots[seat].decide(match.view(seat)))
            hashes = [view_hash(match.view(s)) for s in (None, 0, 1, 2)]
            print(match.version, *hashes, flush=True)
    """)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, env=env, text=True, cwd=ROOT)
    seen: dict[int, list[str]] = {}
    assert child.stdout is not None
    for line in child.stdout:
        version, *views = line.split()
        seen[int(version)] = views
        if len(seen) >= 12:
            child.send_signal(signal.SIGKILL)
            break
    child.wait(10)
    seen.update({int(v): rest for v, *rest in (line.split() for line in child.stdout.read().splitlines())})
    assert child.returncode == -signal.SIGKILL
    latest = saves.latest()
    assert latest is not None and latest.kind == "local"
    resumed = saves.load_local(latest.path)
    assert resumed.version >= max(seen)  # nothing the process had shown is missing
    if resumed.version in seen:
        assert hashes(resumed) == seen[resumed.version]
    else:  # killed between saving an action and printing it
        assert resumed.version == max(seen) + 1


def test_a_finished_game_leaves_its_replay_not_a_save(app, monkeypatch):
    fake_game.install(monkeypatch)
    assert start_local_game(app, TableConfig("fake", [SeatInfo("A"), SeatInfo("B")]))
    session = table(app).session
    assert len(saves.list_saves()) == 1
    for _ in range(3):  # the fake game ends at a total of 3
        assert not session.match.finished
        session.submit(session.match.to_act()[0], {"type": "add"})
    assert session.match.finished
    assert saves.list_saves() == []
    replays = list(replays_dir().iterdir())
    assert replays == [session.kept_replay]
    assert session.replay is False  # still a live game, not a replay played back
    lines = [json.loads(line) for line in replays[0].read_text().splitlines()]
    assert lines[0]["format"] == "linie-replay" and lines[-1]["outcome"]["winners"]
    assert len(lines) == session.match.version + 2  # header, every action, the outcome


def test_leaving_a_finished_game_whose_replay_is_kept_asks_nothing(app):
    from game.scenes.pause import PauseScene
    assert start_local_game(app, TableConfig("linja", [SeatInfo("Ada"), SeatInfo("Ben")], {}, 3))
    game_table = table(app)
    session = game_table.session
    bot = make_bot("linja", "easy", 1)
    while not session.match.finished:
        seat = session.match.to_act()[0]
        session.submit(seat, bot.decide(session.match.view(seat)))
    run(app, 0.1)
    assert session.match.finished and session.kept_replay is not None and not session.saved
    game_table.open_menu()
    pause = app.stack.top
    assert isinstance(pause, PauseScene) and pause.buttons["Leave game"].label == "Leave game"
    assert "Replays" in (pause.buttons["Leave game"].tooltip or "")
    assert not pause.plays_on  # a game on one screen waits: "Paused"
    run(app, 0.05, click(pause.buttons["Leave game"].rect.center))  # one click, no "Really leave?"
    assert isinstance(app.stack.top, TitleScene)


def test_saved_games_lists_resumes_and_deletes(app):
    for game, seats in (("linja", ["Ada", "Ben"]), ("liniell", ["Ada", "Cleo"])):
        assert start_local_game(app, TableConfig(game, [SeatInfo(name) for name in seats]))
        play(table(app).session.match, 3)
        time.sleep(0.01)  # the newest is listed first
    app.to_title()
    (saves_dir() / "20200101-000000-linja.save").write_bytes(b"not a save at all")
    run(app, 0.05, click(app.stack.top.buttons["Saved games"].rect.center))
    screen = app.stack.top
    assert isinstance(screen, SavedGamesScene)
    assert [(g.game, g.turn) for g in screen.games[:2]] == [("liniell", 3), ("linja", 3)]
    damaged = screen.games[2]
    assert not damaged.resumable and damaged.problem == "The file is not a Linie save"  # no "(ExtraData)"
    resume, delete = screen.row_buttons[2]
    assert resume not in screen.ui.widgets  # a damaged save can only be deleted
    run(app, 0.05, click(delete.rect.center))
    really, keep = screen.row_buttons[2]
    assert keep.label == "Keep" and screen.ui.focus is keep and len(screen.games) == 3
    assert keep.rect == delete.rect and not really.rect.colliderect(delete.rect)  # a double click keeps
    run(app, 0.05, click(really.rect.center))
    assert len(screen.games) == 2 and not (saves_dir() / "20200101-000000-linja.save").exists()
    run(app, 0.05, click(screen.row_buttons[1][0].rect.center))  # Resume the Linja game
    assert table(app).session.match.game.name == "linja" and table(app).session.match.version == 3


def test_a_journal_damaged_in_the_middle_offers_to_go_on_from_the_last_good_action(app):
    assert start_local_game(app, TableConfig("linja", [SeatInfo("Ada"), SeatInfo("Ben")]))
    play(table(app).session.match, 5)  # a full save at the start, then five journaled actions
    app.to_title()
    path = saves.latest().path
    body = bytearray(journal_path(path).read_bytes())
    header = msgpack.Unpacker()
    header.feed(bytes(body))
    next(header)
    at = header.tell()
    for _ in range(3):  # past three good records
        at += FRAME_HEAD + int.from_bytes(body[at + 1:at + 5], "big")
    body[at + FRAME_HEAD + 2] ^= 0x40  # the fourth record is damaged
    journal_path(path).write_bytes(bytes(body))
    app.to_title()
    title = app.stack.top
    assert title.latest is None and "Continue" not in title.buttons  # never a damaged game without a word
    run(app, 0.05, click(title.buttons["Saved games"].rect.center))  # but the list is there to say it
    screen = app.stack.top
    listed = screen.games[0]
    assert listed.good_until == 3 and "damaged after action 3" in listed.problem
    resume = screen.row_buttons[0][0]
    assert resume.label == "From action 3"
    run(app, 0.05, click(resume.rect.center))
    assert table(app).session.match.version == 3


def test_a_save_of_any_content_is_refused_in_words_never_a_crash(app):
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    contents = [b"", b"\x00" * 100, b"LINIESV1", msgpack.packb({"format": "linie-local-save", "version": 1}),
                msgpack.packb([1, 2, 3]), os.urandom(3000), b"\xc1" * 50]
    for index, content in enumerate(contents):
        (folder / f"2020010{index}-000000-x.save").write_bytes(content)
    listed = saves.list_saves()
    assert len(listed) == len(contents) and all(not game.resumable and game.problem for game in listed)
    app.push(SavedGamesScene(app))
    run(app, 0.1)
    screen = app.stack.top
    surface = pygame.Surface((1920, 1080))
    screen.draw(surface)  # every row draws
    for game in listed:
        from game.scenes.saved import open_saved_game
        assert open_saved_game(app, game)  # refused in words


def test_enter_twice_on_delete_asks_and_then_keeps_the_save(app):
    assert start_local_game(app, TableConfig("linja", [SeatInfo("Ada"), SeatInfo("Ben")]))
    play(table(app).session.match, 2)
    app.to_title()
    app.push(SavedGamesScene(app))
    screen = app.stack.top
    delete = screen.row_buttons[0][1]
    screen.ui.set_focus(delete)
    run(app, 0.05, key(pygame.K_RETURN))
    run(app, 0.05, key(pygame.K_RETURN))  # the second Enter lands on Keep, focused in Delete's place
    assert len(screen.games) == 1 and saves.latest() is not None
    assert screen.confirm is None and screen.ui.focus.name == "delete-0"  # asked and taken back
    run(app, 0.05, key(pygame.K_RETURN))
    run(app, 0.05, key(pygame.K_ESCAPE))  # Esc takes the question back too, and stays on the list
    assert screen.confirm is None and app.stack.top is screen and len(screen.games) == 1
    run(app, 0.05, key(pygame.K_RETURN))
    run(app, 0.05, click(screen.row_buttons[0][0].rect.center))  # Yes, delete
    assert screen.games == []


def test_a_finished_game_whose_replay_cannot_be_kept_waits_in_its_save_and_the_results_say_so(app, monkeypatch):
    from game.replays import list_replays, result_in_words
    from game.scenes.results import ResultsScene

    blocker = replays_dir()  # a file where the replays folder belongs: no replay can be written
    blocker.parent.mkdir(parents=True, exist_ok=True)
    blocker.write_text("")
    assert start_local_game(app, TableConfig("linja", [SeatInfo("Ada"), SeatInfo("Ben")]))
    session = table(app).session
    bots = [make_bot("linja", "easy", seat) for seat in range(2)]
    while not session.match.finished:
        seat = session.match.to_act()[0]
        assert session.match.submit(seat, bots[seat].decide(session.match.view(seat))).ok
    assert session.kept_replay is None and session.replay_problem == "File exists"
    note = table(app).results_note()
    assert note.startswith("The replay cannot be kept (a file stands where its folder belongs): the game waits in "
                           "Saved games")
    results = ResultsScene(app, [], {"winners": [0]}, title="Linja", trouble=note)
    results.draw(pygame.Surface((1920, 1080)))
    app.to_title()
    title = app.stack.top
    assert title.latest is None and "Continue" not in title.buttons  # no move left to continue
    waiting = saves.list_saves()
    assert [game.turn for game in waiting] == [session.match.version] and waiting[0].finished  # the whole game
    assert waiting[0].result() == result_in_words(session.match.outcome(), ["Ada", "Ben"])
    run(app, 0.05, click(title.buttons["Saved games"].rect.center))
    screen = app.stack.top
    drawn = record_drawn_text(monkeypatch)
    screen.draw(pygame.Surface((1920, 1080)))
    texts = [text for text, _rect in drawn]
    assert "1 saved game, newest first" in texts  # not "unfinished"
    assert any(text.startswith(f"Finished · {waiting[0].result()} · Ada, Ben · ended ") for text in texts)
    assert screen.row_buttons[0][0].label == "Results"
    blocker.unlink()
    run(app, 0.05, click(screen.row_buttons[0][0].rect.center))
    assert saves.list_saves() == [] and len(list_replays()) == 1  # kept once it could be
    assert isinstance(app.stack.top, ResultsScene) and app.stack.top.trouble == ""  # the finished game's results



def disk_full_until_freed(monkeypatch) -> dict[str, bool]:  # noqa: ANN001 - pytest's MonkeyPatch
    """Every save refused for want of room while ``full["now"]`` is true (set it false to free the disk)."""
    import errno

    import net.autosave

    full = {"now": True}
    write = net.autosave.write_atomic

    def refusing(*args, **kwargs):
        if full["now"]:
            raise OSError(errno.ENOSPC, "No space left on device")
        return write(*args, **kwargs)

    monkeypatch.setattr(net.autosave, "write_atomic", refusing)
    return full

def test_a_game_whose_last_save_comes_as_it_closes_is_offered_by_the_title(app, monkeypatch):
    """The disk had no room while the game ran and has again as the player leaves: leaving saves the
    game (the last try), and the title built after it offers Continue."""
    full = disk_full_until_freed(monkeypatch)
    assert start_local_game(app, TableConfig("linja", [SeatInfo("Ada"), SeatInfo("Ben")]))
    play(table(app).session.match, 2)
    assert table(app).session.save_problem and saves.list_saves() == []
    full["now"] = False
    app.to_title()
    title = app.stack.top
    assert title.latest is not None and title.latest.turn == 2 and "Continue" in title.buttons


def finish_on_a_full_disk(app, monkeypatch):  # noqa: ANN001, ANN201 - the app fixture, pytest's MonkeyPatch
    """A Linja game played to its results while neither a replay nor a save can be written: the
    replays folder is a file, and every save is refused for want of room."""
    from game.scenes.results import ARM_SECONDS, ResultsScene

    full = disk_full_until_freed(monkeypatch)
    blocker = replays_dir()
    blocker.parent.mkdir(parents=True, exist_ok=True)
    blocker.write_text("")
    assert start_local_game(app, TableConfig("linja", [SeatInfo("Ada"), SeatInfo("Ben")]))
    session = table(app).session
    play(session.match, 10)
    while not session.match.finished:
        play(session.match, 1)
    for _ in range(400):
        if isinstance(app.stack.top, ResultsScene):
            break
        app.step(0.25) if app.stack.top is table(app) and table(app).busy else run(app, 0.02, key(pygame.K_RETURN))
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    run(app, ARM_SECONDS)  # the buttons wait for the cards to land

    def free() -> None:
        full["now"] = False
        blocker.unlink()
    return results, free


def test_a_finished_game_neither_replay_nor_save_holds_is_kept_when_the_results_are_left(app, monkeypatch):
    """Its results say so (not "it waits in Saved games"), leaving them tries again, and while the disk
    is still full the first try stays and says so: nothing is lost without the player being told."""
    from game.replays import list_replays

    results, free = finish_on_a_full_disk(app, monkeypatch)
    assert results.trouble.startswith("Neither the replay nor the game can be written (disk full)")
    assert saves.list_saves() == [] and list_replays() == []
    run(app, 0.05, click(results.menu.rect.center))  # Title screen: still no room
    assert app.stack.top is results and results.trouble.startswith("Still not written (disk full)")
    free()
    run(app, 0.05, click(results.menu.rect.center))
    assert isinstance(app.stack.top, TitleScene)
    assert saves.list_saves() == [] and len(list_replays()) == 1  # the replay, kept once there was room


def test_leaving_the_results_twice_on_a_full_disk_lets_the_game_go_as_the_player_was_told(app, monkeypatch):
    results, _free = finish_on_a_full_disk(app, monkeypatch)
    run(app, 0.05, click(results.menu.rect.center))
    assert app.stack.top is results and results.warned
    run(app, 0.05, click(results.menu.rect.center))
    assert isinstance(app.stack.top, TitleScene) and saves.list_saves() == []


def test_closing_the_window_during_a_game_makes_its_last_save(app, monkeypatch):
    full = disk_full_until_freed(monkeypatch)
    assert start_local_game(app, TableConfig("linja", [SeatInfo("Ada"), SeatInfo("Ben")]))
    play(table(app).session.match, 3)
    full["now"] = False
    app.quit()
    app.close_scenes()  # what ``run`` does once the loop ends
    assert app.stack.scenes == [] and [game.turn for game in saves.list_saves()] == [3]


def test_a_rows_words_end_well_before_its_focused_button_at_any_text_size(app, monkeypatch):
    from game.scenes.replays import ReplaysScene
    from game.ui import theme
    from tests.client.test_replay_viewer import kept
    names = ["Alexandra-Maria", "Bartholomäus", "Constantin", "Dorothea"]
    assert start_local_game(app, TableConfig("linie1", [SeatInfo(name) for name in names]))
    play(table(app).session.match, 3)
    kept("linie1", 4, 3)
    app.to_title()
    drawn = record_drawn_text(monkeypatch)
    for scale in (1.0, 1.5):
        theme.set_ui_scale(scale)
        for screen in (SavedGamesScene(app), ReplaysScene(app)):
            action = screen.row_buttons[0][0]
            row = screen.row_rect(0)
            drawn.clear()
            screen.draw(pygame.Surface((1920, 1080)))
            words = [rect for _text, rect in drawn if row.collidepoint(rect.center) and rect.left < action.rect.left]
            assert len(words) == 2  # the title and the detail line
            assert all(rect.right + 24 <= action.rect.left for rect in words), (scale, words, action.rect)


def test_a_damaged_save_is_explained_in_a_natural_sentence_in_both_languages(app):
    from game.i18n import set_language
    from game.scenes.saved import open_saved_game
    from net.savefile import SEAL
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "20200101-000000-linja.save"
    path.write_bytes(SEAL + b"\x00" * 32 + msgpack.packb({"format": "linie-local-save"}))  # a checksum that fails
    words = {}
    for lang in ("en", "de"):
        set_language(lang)
        try:
            words[lang] = (saves.read_summary(path).problem, open_saved_game(app, saves.read_summary(path)))
        finally:
            set_language("en")
    problem, refused = words["en"]
    assert problem == "The file is damaged: its contents do not match their checksum", problem
    assert refused == f"This save cannot be resumed. {problem}."
    assert str(path) not in refused and "it is damaged" not in refused
    problem, refused = words["de"]
    assert problem.startswith("Die Datei ist beschädigt:") and "sie ist" not in refused, problem
    assert refused.startswith("Dieser Spielstand lässt sich nicht fortsetzen. Die Datei ist beschädigt:"), refused


def test_a_damaged_journal_is_named_as_the_saves_journal_not_a_path(app):
    assert start_local_game(app, TableConfig("linja", [SeatInfo("Ada"), SeatInfo("Ben")]))
    play(table(app).session.match, 2)
    app.to_title()
    path = saves.latest().path
    journal_path(path).write_bytes(b"not a journal at all")
    problem = saves.read_summary(path).problem
    assert problem and str(path) not in problem and ".journal" not in problem, problem
    assert problem[0].isupper(), problem


OTHER_VERSIONS = [  # (what another Linie wrote differently, what the list says)
    ({"match": {"rules_version": "9"}},
     "Saved with newer rules of Linja (version 9, this Linie plays 1): update Linie to resume it"),
    ({"match": {"rules_version": "0"}},
     "Saved with older rules of Linja (version 0, this Linie plays 1): an older Linie resumes it"),
    ({"match": {"rules_version": "1b"}}, "Saved with other rules of Linja (version 1b, this Linie plays 1)"),
    ({"match": {"version": 2}}, "Saved by a newer Linie (game version 2): update Linie to resume it"),
    ({"match": {"game": "tramways"}},
     "A game of tramways, which this Linie does not have: a newer Linie may resume it"),
    ({"version": 2}, "The file was saved by a newer Linie (save version 2): update Linie to resume it"),
]


def test_a_save_another_linie_wrote_says_which_and_what_can_be_done(app, monkeypatch):
    """Newer or older rules, a newer save format, a game this Linie lacks: the row says so (not
    "damaged"), Continue passes it by, Resume is not offered and Delete is; the file is left as it
    was for the Linie that can resume it."""
    from game.scenes.saved import open_saved_game
    from net.savefile import LOCAL_SAVE_FORMAT, read_save, write_atomic
    assert start_local_game(app, TableConfig("linja", [SeatInfo("Ada"), SeatInfo("Ben")]))
    play(table(app).session.match, 3)
    app.to_title()
    path = saves.latest().path
    sound = read_save(path, (LOCAL_SAVE_FORMAT,))
    drawn = record_drawn_text(monkeypatch)
    for change, said in OTHER_VERSIONS:
        data = {**sound, **{key: value for key, value in change.items() if key != "match"},
                "match": {**sound["match"], **change.get("match", {})}}
        write_atomic(path, data)
        written = path.read_bytes()
        listed = saves.list_saves()
        assert len(listed) == 1 and listed[0].other_version and listed[0].problem == said
        assert not listed[0].resumable and saves.latest() is None
        app.push(SavedGamesScene(app))
        screen = app.stack.top
        drawn.clear()
        screen.draw(pygame.Surface((1920, 1080)))
        texts = [text for text, _rect in drawn]
        resume, delete = screen.row_buttons[0]
        assert f"{said}." in texts and not any("Damaged" in text for text in texts)
        assert resume not in screen.ui.widgets and delete in screen.ui.widgets
        assert open_saved_game(app, listed[0]) == f"This save cannot be resumed. {said}."
        assert path.read_bytes() == written
        app.pop()


def test_a_game_another_linie_plays_is_neither_resumed_nor_deleted_here(app):
    """The game started twice: the second Linie lists the game the first one plays as open there,
    offers no Resume (two tables writing one save lose one's moves), refuses Delete, and Continue
    passes it by; once the first closes it, it is this Linie's to resume."""
    from game.scenes.saved import open_saved_game
    assert start_local_game(app, TableConfig("linja", [SeatInfo("Ada"), SeatInfo("Ben")]))
    play(table(app).session.match, 3)
    app.to_title()
    path = saves.latest().path
    other = subprocess.Popen(
        [sys.executable, "-c", "import sys; from pathlib import Path; from net.savefile import SaveLock; "
         f"assert SaveLock.take(Path({str(path)!r})); print('playing', flush=True); sys.stdin.read()"],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert other.stdout is not None and other.stdout.readline() == "playing\n"
        (listed,) = saves.list_saves()
        said = "Open in another Linie right now (a second window, or linie-host): close it there to resume it here"
        assert listed.in_use and listed.problem == said and saves.latest() is None
        assert open_saved_game(app, listed) == f"This save cannot be resumed. {said}."
        assert saves.delete(path) == f"Cannot delete {path.name}: another Linie is playing it right now"
        assert path.exists()
        app.push(SavedGamesScene(app))
        screen = app.stack.top
        assert screen.row_buttons[0][0] not in screen.ui.widgets  # no Resume while it is played there
    finally:
        other.communicate("")  # the other Linie closes
    wait(app, SavedGamesScene.RECHECK + 0.2)
    assert screen.games[0].resumable and screen.row_buttons[0][0] in screen.ui.widgets  # the list saw it, unasked
    app.pop()
    assert saves.latest() is not None and saves.latest().path == path
    run(app, 0.05, click(app.stack.top.buttons["Continue"].rect.center))
    assert table(app).session.match.version == 3


def test_the_title_asks_the_rules_of_continues_game_alone(tmp_path):
    """Whether a save's rules are this Linie's is asked of the game's rules, which imports them: the
    title lists its saves without (it only needs to know there are some) and asks Continue's game
    alone, so a title over saves of every game does not load every game's rules first."""
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path)}
    made = subprocess.run([sys.executable, "-c", textwrap.dedent("""
        from game.match import Match, SeatInfo
        from game.saves import new_save_path
        from game.session import LocalSession
        for name in ("linja", "liniell"):
            LocalSession(Match(name, [SeatInfo("Ada"), SeatInfo("Ben")], 3), save_path=new_save_path(name)).close()
    """)], cwd=ROOT, capture_output=True, text=True, timeout=120, env=env)
    assert made.returncode == 0, made.stderr
    listed = subprocess.run([sys.executable, "-c", textwrap.dedent("""
        import sys
        from game.saves import list_saves, to_continue
        rules = {"game.core.linja", "game.core.liniell"}
        games = list_saves(rules=False)
        print(len(games), *sorted(set(sys.modules) & rules))
        print(to_continue(games).game, *sorted(set(sys.modules) & rules))
    """)], cwd=ROOT, capture_output=True, text=True, timeout=120, env=env)
    assert listed.returncode == 0, listed.stderr
    count, continued = listed.stdout.splitlines()
    game = continued.split()[0]
    assert count == "2" and continued == f"{game} game.core.{game}"  # the newest game, and its rules alone


def test_the_heading_counts_damaged_files_apart_from_the_unfinished_games(app):
    """Before, a game and two damaged files read "3 unfinished games": a file that cannot be read is
    no game, and the heading says how many of each there are."""
    assert start_local_game(app, TableConfig("linja", [SeatInfo("Ada"), SeatInfo("Ben")]))
    play(table(app).session.match, 2)
    app.to_title()
    for name in ("20200101-000000-linja.save", "20200102-000000-bus.save"):
        (saves_dir() / name).write_bytes(b"not a save at all")
    app.push(SavedGamesScene(app))
    run(app, 0.05)
    screen = app.stack.top
    assert screen.header(len(screen.items)) == "1 unfinished game, newest first · 2 damaged files"
    for item in list(screen.items):
        if item.resumable:
            saves.delete(item.path)
    app.pop()
    app.push(SavedGamesScene(app))
    run(app, 0.05)
    screen = app.stack.top
    assert screen.header(len(screen.items)) == "2 damaged files"


def test_every_row_says_its_words_at_one_size_and_a_linie1_row_names_its_trip_rule(app, monkeypatch):
    from game.ui import theme
    long_names = ["Alexandra-Maria", "Bartholomäus", "Constantin", "Dorothea"]
    assert start_local_game(app, TableConfig("linie1", [SeatInfo(name) for name in long_names],
                                             {"trip_rule": "three_dice"}))
    play(table(app).session.match, 2)
    time.sleep(0.01)
    assert start_local_game(app, TableConfig("linja", [SeatInfo("Ada"), SeatInfo("Bo")]))
    play(table(app).session.match, 2)
    app.to_title()
    (saves_dir() / "20200101-000000-linja.save").write_bytes(b"not a save at all")
    drawn = record_drawn_text(monkeypatch)
    for scale in (1.0, 1.5):
        theme.set_ui_scale(scale)
        screen = SavedGamesScene(app)
        drawn.clear()
        screen.draw(pygame.Surface((1920, 1080)))
        rows = list_rows_words(drawn, screen, [buttons[0].rect.left for buttons in screen.row_buttons[:3]])
        titles = [words[0][0] for words in rows]
        assert any(title.startswith("Linie 1 · Three dice") for title in titles), titles
        assert not any("Three dice" in title or "die" in title for title in titles if title.startswith("Linja"))
    theme.set_ui_scale(1.0)


def test_a_rows_players_read_whole_at_150_percent_in_german_the_date_short(app, monkeypatch):
    from game.i18n import set_language
    from game.scenes.paged_list import when_words as saved_when
    from game.ui import theme
    names = ["Ada", "Bimmel", "Schorsch", "Tramina"]
    assert start_local_game(app, TableConfig("linie1", [SeatInfo(name) for name in names]))
    play(table(app).session.match, 3)
    app.to_title()
    drawn = record_drawn_text(monkeypatch)
    set_language("de")
    theme.set_ui_scale(1.5)
    try:
        screen = SavedGamesScene(app)
        screen.draw(pygame.Surface((1920, 1080)))
        detail = list_rows_words(drawn, screen, [screen.row_buttons[0][0].rect.left])[0][1][0]
        now = time.time()
        year_ago = now - 400 * 86400
        assert saved_when(now, now) == time.strftime("heute %H:%M", time.localtime(now))
        assert str(time.localtime(year_ago).tm_year) in saved_when(year_ago, now)  # another year: said
    finally:
        set_language("en")
    assert detail.startswith("Ada, Bimmel, Schorsch, Tramina · "), detail  # no name cut for the date
    assert "heute" in detail


def test_a_rows_named_seat_option_names_the_seats_player_not_its_number(app, monkeypatch):
    from game.scenes import saved
    assert start_local_game(app, TableConfig("liniell", [SeatInfo("Ada"), SeatInfo("Bimmel")], {"first_player": 1}))
    play(table(app).session.match, 1)
    app.to_title()
    from game.scenes import options
    monkeypatch.setitem(options.NAMED_RULE, "liniell", "first_player")  # were "who starts" named on a row
    (game,) = [item for item in saved.saves.list_saves() if item.game == "liniell"]
    assert saved.rule_words(game) == "Bimmel"
    assert "Seat" not in saved.row_words(game).title


def test_the_title_follows_the_saves_another_linie_writes_lets_go_of_and_deletes(app):
    """Continue comes and goes with what is on disk while the title is shown: another Linie (a second
    window, a LAN host that ended) writes a save, plays it (hands off), lets it go and deletes it; the
    title looks at the folder now and then, at once when the window has the focus again, and when a
    screen opened from it is closed."""
    import fcntl

    from game.match import Match
    from game.session import LocalSession
    from net.savefile import lock_path
    app.push(TitleScene(app))
    title = app.stack.top
    assert "Continue" not in title.buttons and "Saved games" not in title.buttons
    path = saves.new_save_path("linja")
    session = LocalSession(Match("linja", [SeatInfo("Ada"), SeatInfo("Ben")], 3), save_path=path)
    play(session.match, 2)
    session.close()
    held = os.open(lock_path(path), os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(held, fcntl.LOCK_EX)  # the other Linie plays it
    try:
        wait(app, saves.RECHECK + 0.2)
        assert "Saved games" in title.buttons and "Continue" not in title.buttons  # hands off while played there
    finally:
        os.close(held)  # ... until it lets the game go
    wait(app, saves.RECHECK + 0.2)
    assert title.latest is not None and title.latest.path == path and title.ui.focus is title.buttons["Continue"]
    assert title.buttons["Continue"].caption.startswith("Linja · Ada, Ben · turn ")
    assert saves.delete(path) is None  # the other Linie resumed it, and the game ended there
    wait(app, saves.RECHECK + 0.2)
    assert "Continue" not in title.buttons and "Saved games" not in title.buttons
    assert title.ui.focus is title.buttons["Play"]
    title._recheck = 1e9  # no look at the folder for now: the focus coming back looks at once
    LocalSession(Match("linja", [SeatInfo("Ada"), SeatInfo("Ben")], 3), save_path=path).close()
    run(app, 0.05, [pygame.event.Event(pygame.WINDOWFOCUSGAINED)])
    assert "Continue" in title.buttons
    app.push(SavedGamesScene(app))
    assert saves.delete(path) is None
    app.pop()  # back on the title: it looks again
    assert "Continue" not in title.buttons


def test_saved_games_lists_a_save_another_linie_writes_or_deletes_meanwhile(app):
    """The list, like the title, follows the folder while it is shown: a game saved or deleted by
    another Linie comes or goes without leaving the screen."""
    from game.match import Match
    from game.session import LocalSession
    app.push(SavedGamesScene(app))
    screen = app.stack.top
    assert screen.games == []
    path = saves.new_save_path("linja")
    LocalSession(Match("linja", [SeatInfo("Ada"), SeatInfo("Ben")], 3), save_path=path).close()
    wait(app, SavedGamesScene.RECHECK + 0.2)
    assert [game.path for game in screen.games] == [path]
    assert saves.delete(path) is None
    wait(app, SavedGamesScene.RECHECK + 0.2)
    assert screen.games == []


def test_saved_games_name_a_seat_a_bot_stood_in_for_as_the_results_and_replays_do(app):
    """A hosted game where a bot played for Ben a while: its Saved games row names him as its results
    and its replay will ("Ben (a bot stood in)"), from the save's seats."""
    from game.match import Match
    from game.session import LocalSession
    match = Match("linja", [SeatInfo("Ada"), SeatInfo("Ben", stood_in=True)], 3)
    LocalSession(match, save_path=saves.new_save_path("linja")).close()
    (listed,) = saves.list_saves()
    assert listed.players == ["Ada", "Ben (a bot stood in)"]
    assert listed.summary().startswith("Linja · Ada, Ben (a bot stood in) · ")


def test_the_replays_list_says_when_as_saved_games_does(app):
    """A game that ended at 14:05 today and one saved then read alike in the two lists: "today 14:05"
    (the replays list said "27 Nov 2026, 14:05" where Saved games said "today 14:05")."""
    from game.match import Match
    from game.replay_writer import keep_replay
    from game.scenes.replays import ReplaysScene
    from game.scenes.saved import row_words
    from game.session import LocalSession
    finished = Match("linja", [SeatInfo("Ada", "bot", "easy"), SeatInfo("Ben", "bot", "easy")], 3)
    play_to_end = [make_bot("linja", "easy", seat) for seat in range(2)]
    while not finished.finished:
        seat = finished.to_act()[0]
        assert finished.submit(seat, play_to_end[seat].decide(finished.view(seat))).ok
    assert keep_replay(finished) is not None
    LocalSession(Match("linja", [SeatInfo("Ada"), SeatInfo("Ben")], 3), save_path=saves.new_save_path("linja")).close()
    replays = ReplaysScene(app)
    (kept,) = replays.items
    ended = replays.row_words(kept).fields["when"]
    saved = SavedGamesScene(app)
    (row,) = [row_words(game) for game in saved.games]
    assert ended.startswith("today ") and row.fields["when"].startswith("today ")
    assert ended == time.strftime("today %H:%M", time.localtime(kept.when))


def test_continue_names_the_game_with_its_rule_as_its_saved_games_row_does(app):
    """"Linie 1 · Three dice" on Saved games' row, and on the title's Continue (and the crash screen)
    the same game read "Linie 1 · Ada, Ben · …": one wording for the game and its rule."""
    from game.scenes.saved import row_words
    seats = [SeatInfo("Ada"), SeatInfo("Ben")]
    assert start_local_game(app, TableConfig("linie1", seats, {"trip_rule": "three_dice"}))
    app.to_title()
    title = app.stack.top
    (listed,) = saves.list_saves()
    assert row_words(listed).title.startswith("Linie 1 · Three dice · ")
    assert title.buttons["Continue"].caption.startswith("Linie 1 · Three dice · Ada, Ben · turn ")


def test_saved_games_comes_back_on_top_of_a_screen_opened_over_it_and_closed(app):
    """The stack tells a screen it is on top again (``Scene.resume``): Saved games' own Resume button
    once had that name, and a screen opened over the list and closed would have crashed it."""
    assert start_local_game(app, TableConfig("linja", [SeatInfo("Ada"), SeatInfo("Ben")]))
    play(table(app).session.match, 2)
    app.to_title()
    app.push(SavedGamesScene(app))
    screen = app.stack.top
    app.push(RulesScene(app))
    app.pop()
    run(app, 0.05)
    assert app.stack.top is screen and len(screen.games) == 1


def test_a_list_read_again_reads_only_the_saves_that_changed(app, monkeypatch):
    """Saved games reads the folder again every few seconds while another Linie plays one of its games
    (its journal grows with each move): the other saves are not read again (30 saves took ~48 ms, a
    hitch every time), while the one that moved, and every one in another language, is."""
    from game.i18n import set_language
    from game.match import Match
    from game.session import LocalSession
    paths = []
    for seed in range(3):
        paths.append(saves.new_save_path("linja"))
        session = LocalSession(Match("linja", [SeatInfo("Ada"), SeatInfo("Ben")], seed), save_path=paths[-1])
        if seed == 2:
            played = session
        else:
            session.close()
    read: list[Path] = []
    real = saves.read_summary
    monkeypatch.setattr(saves, "read_summary", lambda path, rules=True: read.append(path) or real(path, rules))
    first = saves.list_saves()
    assert sorted(read) == sorted(paths)
    read.clear()
    assert saves.list_saves() == first and read == []  # nothing changed: nothing read
    play(played.match, 1)  # a move: its journal grows
    again = saves.list_saves()
    assert read == [paths[2]]
    assert next(game for game in again if game.path == paths[2]).turn == 1
    played.close()
    read.clear()
    set_language("de")
    try:
        saves.list_saves()
    finally:
        set_language("en")
    assert sorted(read) == sorted(paths)  # the words are the language's
