"""The games the project knows, by name, imported lazily so one game's module never loads another."""

from __future__ import annotations

import importlib

from game.core.contract import GameDefinition

# name -> (module path, attribute holding the GameDefinition)
GAMES: dict[str, tuple[str, str]] = {
    "linie1": ("game.core.linie1", "GAME"),
    "linja": ("game.core.linja", "GAME"),
    "liniell": ("game.core.liniell", "GAME"),
    "bus": ("game.core.bus", "GAME"),
}
# Games whose rules are here but which the setup screen does not offer yet (their table is on its way):
# ``get_game``, the tools and the tests know them; ``available_games`` leaves them out.
NOT_YET_OFFERED: frozenset[str] = frozenset()


class UnknownGame(KeyError):
    """A game name the project does not have (or whose module is not installed)."""


def get_game(name: str) -> GameDefinition:
    """The definition of game ``name``; raises UnknownGame for anything else."""
    try:
        module_path, attribute = GAMES[name]
    except KeyError:
        raise UnknownGame(name) from None
    try:
        module = importlib.import_module(module_path)
    except ModuleNotFoundError as error:
        if error.name and module_path.startswith(error.name):
            raise UnknownGame(name) from None
        raise
    try:
        return getattr(module, attribute)
    except AttributeError:
        raise UnknownGame(name) from None


def available_games() -> list[str]:
    """Names of the games whose modules are present, in menu order."""
    names = []
    for name in GAMES:
        if name in NOT_YET_OFFERED:
            continue
        try:
            get_game(name)
        except UnknownGame:
            continue
        names.append(name)
    return names
