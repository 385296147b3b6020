"""Shared test setup: headless SDL, English words and a modest hypothesis budget for 2-core CI."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["LINIE_LANG"] = "en"  # the tests read English words, whatever this computer's language

from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile(
    "linie", max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("linie")


import itertools  # noqa: E402

import pytest  # noqa: E402

_HOMES = itertools.count()  # the number of the next test's own home folder


@pytest.fixture(autouse=True)
def _own_folders(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test keeps its settings, saves, replays and log in folders of its own, never the
    user's. The folder is only named, not made: the game makes the folders it writes to, as on its
    first run (making one per test, with pytest's link to the newest, took a millisecond or more
    each, over 2000 times a run)."""
    home = tmp_path_factory.getbasetemp() / "homes" / str(next(_HOMES))
    for variable, folder in (("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"), ("XDG_STATE_HOME", "state")):
        monkeypatch.setenv(variable, str(home / folder))


@pytest.fixture(autouse=True)
def _english_after() -> None:
    """A test that speaks German leaves the next one in English."""
    yield
    from game.i18n import SOURCE_LANGUAGE, language, set_language
    if language() != SOURCE_LANGUAGE:
        set_language(SOURCE_LANGUAGE)
