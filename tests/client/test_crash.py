"""A crash costs nothing: the error is logged with its traceback to a rotating file, and the crash
screen names that file and offers Continue from the autosave, or Quit."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from game.__main__ import parse_args
from game.logs import setup_logging
from game.match import SeatInfo
from game.scenes.crash import CrashScene
from game.scenes.stack import Scene
from game.scenes.title import TitleScene
from game.tables.launch import TableConfig, start_local_game
from tests.client.helpers import click, record_drawn_text, run


@pytest.fixture
def log_file(tmp_path: Path):
    path = setup_logging("linie", "INFO", folder=tmp_path / "log")
    yield path
    for handler in [h for h in logging.getLogger().handlers if getattr(h, "linie", False)]:
        logging.getLogger().removeHandler(handler)
        handler.close()


class Broken(Scene):
    """A screen with a bug in it."""

    def update(self, dt: float) -> None:
        raise ZeroDivisionError("the bug")


def crash_after_a_move(app):  # type: ignore[no-untyped-def]
    """A Linja game with one move made, then a frame that raises: (its session, the crash screen)."""
    from game.bots import make_bot

    assert start_local_game(app, TableConfig("linja", [SeatInfo("Ada"), SeatInfo("Ben")]))
    session = app.stack.scenes[0].session
    seat = session.match.to_act()[0]
    session.submit(seat, make_bot("linja", "easy", 1).decide(session.match.view(seat)))
    app.push(Broken(app))
    app.safe_step(0.05)
    return session, app.stack.top


def test_an_error_in_play_shows_the_crash_screen_and_continue_brings_the_game_back(app, log_file):
    app.log_path = log_file
    session, crash = crash_after_a_move(app)
    assert isinstance(crash, CrashScene) and len(app.stack) == 1
    assert "ZeroDivisionError: the bug" in crash.error and crash.log_path == str(log_file)
    logged = log_file.read_text()
    assert "Traceback" in logged and "ZeroDivisionError: the bug" in logged
    run(app, 0.05, click(crash.buttons["Continue"].rect.center))
    assert app.stack.scenes[0].session.match.version == 1  # the move made before the error


def test_without_a_game_the_crash_screen_leads_to_the_title(app, log_file):
    app.push(Broken(app))
    app.safe_step(0.05)
    crash = app.stack.top
    assert isinstance(crash, CrashScene) and "Continue" not in crash.buttons
    run(app, 0.05, click(crash.buttons["Title screen"].rect.center))
    assert isinstance(app.stack.top, TitleScene)


def test_an_error_on_the_crash_screen_itself_is_raised(app, monkeypatch):
    app.push(Broken(app))
    app.safe_step(0.05)
    monkeypatch.setattr(CrashScene, "update", Broken.update)
    with pytest.raises(ZeroDivisionError):
        app.safe_step(0.05)


def test_a_log_folder_that_cannot_be_written_leaves_the_console(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    try:
        assert setup_logging("linie", folder=blocker / "log") is None
    finally:
        for handler in [h for h in logging.getLogger().handlers if getattr(h, "linie", False)]:
            logging.getLogger().removeHandler(handler)


def test_the_log_level_is_chosen_on_the_command_line():
    assert parse_args(["--log-level", "debug"]).log_level == "DEBUG"
    assert parse_args([]).log_level == "INFO"
    with pytest.raises(SystemExit):
        parse_args(["--log-level", "loud"])


def test_a_log_file_on_a_full_disk_says_so_once_and_catches_up(tmp_path, capsys):
    """/dev/full refuses every write with ENOSPC, as a full disk does."""
    folder = tmp_path / "log"
    folder.mkdir()
    (folder / "linie.log").symlink_to("/dev/full")
    log = logging.getLogger("linie.test")
    try:
        path = setup_logging("linie", "INFO", folder=folder)
        for number in range(5):
            log.info("record %d", number)
        err = capsys.readouterr().err
        assert err.count("cannot be written (No space left on device)") == 1 and "Traceback" not in err
        handler = next(h for h in logging.getLogger().handlers if getattr(h, "linie", False) and hasattr(h, "failing"))
        (folder / "linie.log").unlink()  # room again: a file that takes writes
        handler.stream = open(path, "a", encoding="utf-8")  # noqa: SIM115 (closed with the handler)
        log.info("after")
        assert "is written again" in capsys.readouterr().err and "after" in path.read_text()
    finally:
        for handler in [h for h in logging.getLogger().handlers if getattr(h, "linie", False)]:
            logging.getLogger().removeHandler(handler)
            handler.close()


def test_the_crash_screen_never_promises_a_save_the_disk_refused(app, log_file, monkeypatch):
    import errno

    import net.autosave

    def refusing(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(net.autosave, "write_atomic", refusing)  # full from the start: nothing is saved
    _session, crash = crash_after_a_move(app)
    assert isinstance(crash, CrashScene) and crash.unsaved == "No space left on device"
    assert crash.saved_words() == "Your game could not be saved (disk full) and cannot be brought back."
    assert "Continue" not in crash.buttons


def test_the_crash_screen_never_names_a_log_file_the_disk_refused(app, tmp_path, capsys):
    folder = tmp_path / "log"
    folder.mkdir()
    (folder / "linie.log").symlink_to("/dev/full")  # every write refused, as on a full disk
    try:
        app.log_path = setup_logging("linie", "INFO", folder=folder)
        app.push(Broken(app))
        app.safe_step(0.05)
        crash = app.stack.top
        assert isinstance(crash, CrashScene)
        assert crash.log_words() == (f"The log file {app.log_path} cannot be written: the details were written to "
                                     "the console.")
        assert "ZeroDivisionError: the bug" in capsys.readouterr().err  # where they went
    finally:
        for handler in [h for h in logging.getLogger().handlers if getattr(h, "linie", False)]:
            logging.getLogger().removeHandler(handler)
            handler.close()


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_crash_screens_words_end_above_its_buttons_in_german_at_any_text_size(app, monkeypatch, scale):
    import pygame

    from game.i18n import set_language
    from game.ui import theme
    assert start_local_game(app, TableConfig("linja", [SeatInfo("Alexandra"), SeatInfo("Bartholomäus")]))
    app.to_title()
    set_language("de")
    theme.set_ui_scale(scale)
    try:
        crash = CrashScene(app, ZeroDivisionError("division by zero " * 8),
                           "/home/alexandra/.local/state/linie/log/linie.log")
        drawn = record_drawn_text(monkeypatch)
        crash.draw(pygame.Surface((1920, 1080)))
    finally:
        set_language("en")
    top = min(button.rect.top for button in crash.buttons.values())
    words = [rect for _text, rect in drawn if rect.top > 300  # below the heading, not a button's own label
             and not any(button.rect.contains(rect) for button in crash.buttons.values())]
    assert len(words) >= 3 and all(rect.bottom <= top for rect in words), (top, words)
