"""What the Saved games list costs with 30 saves, read as it is (each game's count from the save,
``game.save_progress``) against loading every game (its rules imported, its state restored, its
journal replayed), which the list would need to ask each game's rules how far it got.

Thirty games on one screen (Linie 1, Linja, Liniell and Bus in turn, easy bots, 7 to 180 moves, so
most saves carry a journal) are saved in a scratch folder once. ``saves.list_30`` and
``saves.load_30`` are timed in this process (warm: the rules already imported); the ``_fresh``
figures run each once in a new interpreter (the client's own modules loaded, no game's rules yet):
``saves.title_30_fresh`` as the title meets them at start-up (the saves read without asking their
games' rules, then Continue's game asked alone), ``saves.list_30_fresh`` as the Saved games screen
opened first (every game saved is asked whether the save's rules are its own, importing its rules).
``saves.list_30_unchanged`` is a shown list's look again when nothing changed (each summary kept with
the file it was read from, ``game.saves``).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

SAVES = 30
GAMES = (("linie1", 4, 180), ("linja", 2, 60), ("liniell", 2, 20), ("bus", 4, 150))

FRESH = """
import json, sys, time
from game.saves import list_saves, load_local, to_continue  # the client has these loaded before its title shows
started = time.perf_counter()
games = list_saves(rules=False) if sys.argv[1] == "title" else list_saves()
if sys.argv[1] == "title":
    to_continue(games)
listed = time.perf_counter()
if sys.argv[1] == "load":
    for game in games:
        load_local(game.path)
print(json.dumps({"list": 1000 * (listed - started), "all": 1000 * (time.perf_counter() - started)}))
"""


def make_saves(count: int = SAVES) -> None:
    """``count`` games on one screen, saved as players leave them, in the saves folder."""
    from game.bots import make_bot
    from game.match import Match, SeatInfo
    from game.saves import new_save_path
    from game.session import LocalSession
    rng = random.Random(1)
    for index in range(count):
        game, players, most = GAMES[index % len(GAMES)]
        match = Match(game, [SeatInfo(f"P{seat}", colour=seat) for seat in range(players)], index)
        session = LocalSession(match, save_path=new_save_path(game))
        bots = [make_bot(game, "easy", seat) for seat in range(players)]
        for _ in range(rng.randint(most // 3, most)):
            if match.finished:
                break
            seat = match.to_act()[0]
            match.submit(seat, bots[seat].decide(match.view(seat)))
        session.close()


def _fresh(mode: str, home: str) -> dict[str, float]:
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "XDG_DATA_HOME": home, "XDG_CONFIG_HOME": home, "XDG_STATE_HOME": home,
           "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-c", FRESH, mode], cwd=root, env=env, capture_output=True, text=True,
                          timeout=120, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def figures() -> Iterator[tuple]:
    with tempfile.TemporaryDirectory() as home:
        for variable in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
            os.environ[variable] = home
        from game import saves
        from game.saves import list_saves, load_local
        from tools.bench import timed
        make_saves()
        assert len(list_saves()) == SAVES

        def read_anew() -> None:
            saves.forget_read()  # every save read, as on a screen's first look
            list_saves()

        yield "saves.list_30", timed(read_anew, 20)
        yield "saves.list_30_unchanged (a shown list's look again, nothing changed)", timed(list_saves, 20)
        yield "saves.load_30", timed(lambda: [load_local(game.path) for game in list_saves()], 5)
        yield "saves.title_30_fresh", [_fresh("title", home)["list"] for _ in range(3)]
        yield "saves.list_30_fresh", [_fresh("list", home)["list"] for _ in range(3)]
        yield "saves.load_30_fresh", [_fresh("load", home)["all"] for _ in range(3)]
