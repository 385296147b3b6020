"""Whether this build can host or join LAN games: the title shows Host and Join only if so.

The LAN screens live in ``game.lan.lobby`` (``HostScene(app)`` and ``JoinScene(app)``) on top of
``net.host`` / ``net.client``. Until both exist the buttons stay hidden: no dead buttons.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from typing import Any

LOBBY_MODULE = "game.lan.lobby"


@dataclass(frozen=True)
class LanCapabilities:
    host: bool
    join: bool


def _module_has(module_name: str, attribute: str) -> bool:
    try:
        if importlib.util.find_spec(module_name) is None:
            return False
        return hasattr(importlib.import_module(module_name), attribute)
    except ImportError:
        return False


def _present(module_name: str) -> bool:
    try:
        return importlib.util.find_spec(module_name) is not None
    except (ImportError, ValueError):
        return False


def lan_capabilities() -> LanCapabilities:
    host = _present("net.host") and _module_has(LOBBY_MODULE, "HostScene")
    join = _present("net.client") and _module_has(LOBBY_MODULE, "JoinScene")
    return LanCapabilities(host, join)


def lobby_scene(kind: str) -> Any:
    """The lobby scene class: ``"host"`` → HostScene, ``"join"`` → JoinScene."""
    module = importlib.import_module(LOBBY_MODULE)
    return getattr(module, "HostScene" if kind == "host" else "JoinScene")
