"""The house's layers: a module imports from its own layer and the ones below, never from above.

Bottom up, as the README's architecture section draws them. The graph is the one of
``test_import_graph`` (function-level imports count too), so an arrow back up cannot hide inside a
function. Modules of ``game/`` not named here sit between the layers that import them.
"""

from __future__ import annotations

from tests.architecture.test_import_graph import cycles, import_graph

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
    assert upward_arrows(import_graph()) == []


def unit_of(module: str) -> str:
    """A module's layer by its place: a package of ``game/`` (``game.lan``), ``net``, or a module of its own."""
    parts = module.split(".")
    return parts[0] if parts[0] == "net" else ".".join(parts[:2])


def test_no_two_layers_import_each_other():
    """Whether named above or not (``game.saves``, ``game.session``): no package of ``game/``, nor
    ``net/``, nor a module of ``game/`` of its own, imports one that imports it back."""
    graph: dict[str, set[str]] = {}
    for module, imported in import_graph().items():
        graph.setdefault(unit_of(module), set()).update(unit_of(target) for target in imported)
    for unit, imported in graph.items():
        imported.discard(unit)
    assert cycles(graph) == []


def test_every_named_layer_exists():
    graph = import_graph()
    for names in LAYERS:
        for name in names:
            assert any(module == name or module.startswith(name + ".") for module in graph), name
