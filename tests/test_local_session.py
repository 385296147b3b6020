"""A local session's bots think on one thread of their own, started with the session."""

from __future__ import annotations

import gc
import threading
import time

from game.match import Match, SeatInfo
from game.session import LocalSession


def _thinkers() -> list[threading.Thread]:
    return [thread for thread in threading.enumerate() if thread.name.startswith("bots-")]


def _play(session: LocalSession, versions: int) -> None:
    deadline = time.monotonic() + 20
    while session.match.version < versions and not session.over:
        assert time.monotonic() < deadline, "the bots stopped moving"
        session.pump()
        time.sleep(0.001)


def test_bots_think_on_one_thread_from_the_session_s_start_to_its_close() -> None:
    """A thread started per decision made the frame that started it wait for the thread to run."""
    before = set(_thinkers())
    session = LocalSession(Match("linja", [SeatInfo("Ada", "bot", "easy"), SeatInfo("Ben", "bot", "easy")], seed=5))
    started = [thread for thread in _thinkers() if thread not in before]
    assert len(started) == 1  # ready before the first bot's turn
    _play(session, 6)
    assert session.match.version >= 6
    assert [thread for thread in _thinkers() if thread not in before] == started  # the same one throughout
    session.close()
    started[0].join(5)
    assert not started[0].is_alive()


def test_a_session_without_bots_starts_no_thread_and_a_dropped_one_leaves_none() -> None:
    before = set(_thinkers())
    LocalSession(Match("linja", [SeatInfo("Ada"), SeatInfo("Ben")], seed=5)).close()
    assert set(_thinkers()) == before
    dropped = LocalSession(Match("linja", [SeatInfo("Ada"), SeatInfo("Ben", "bot", "easy")], seed=5))
    (thread,) = [thread for thread in _thinkers() if thread not in before]
    del dropped
    gc.collect()
    thread.join(5)
    assert not thread.is_alive()
