"""Where Linie keeps its files on this computer, by the platform's own rules (``platformdirs``).

Settings in the config folder, saved games and replays in the data folder, the log in the log
folder: on Linux ``~/.config/linie``, ``~/.local/share/linie`` and ``~/.local/state/linie/log``
(each following its XDG variable), and the matching places on Windows and macOS. Asked afresh on
every call, so a test (or a player) can point the variables elsewhere.
"""

from __future__ import annotations

from pathlib import Path

from platformdirs import PlatformDirs

APP_NAME = "linie"


class NoHome(RuntimeError):
    """The system names no home folder for this user (a container's user without ``HOME``): Linie
    has nowhere to keep its files unless ``HOME`` or the XDG variables name one."""


def _dirs() -> PlatformDirs:
    return PlatformDirs(APP_NAME, appauthor=False)


def _path(kind: str) -> Path:
    try:
        return Path(getattr(_dirs(), kind))
    except RuntimeError as error:  # platformdirs: "could not determine the home directory"
        raise NoHome(str(error)) from None


def config_dir() -> Path:
    return _path("user_config_path")


def data_dir() -> Path:
    return _path("user_data_path")


def saves_dir() -> Path:
    """Every unfinished game played or hosted from this computer (``game.saves``)."""
    return data_dir() / "saves"


def replays_dir() -> Path:
    """Every finished game, as a replay."""
    return data_dir() / "replays"


def log_dir() -> Path:
    return _path("user_log_path")
