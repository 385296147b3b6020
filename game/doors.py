"""The app's doors to the screens above the menus: the tables and the LAN screens.

A menu or a table asks ``app.doors`` (declared as ``game.scenes.stack.Doors``) instead of importing
a layer above its own: the setup screen starts a table, Saved games resumes one, the title opens
the LAN screens, and a LAN table gets its HUD, results and lobby from the LAN layer above the
tables. The LAN screens and the replay viewer still load only when first opened (a start-up saving:
the network stack and the tables are not imported for the title).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.lan import seats as lan_seats
from game.scenes.stack import AppServices, Scene
from game.table_config import TableConfig
from game.tables import launch, registry


class AppDoors:
    """``Doors`` for the scenes of one app."""

    def __init__(self, app: AppServices) -> None:
        self.app = app

    # -- the tables -------------------------------------------------------------------------------
    def has_table(self, game: str) -> bool:
        return registry.has_table(game)

    def prepare_table(self, game: str) -> None:
        registry.prepare(game)

    def prewarm_table(self, game: str) -> bool:
        if not registry.prepared(game):
            return False
        registry.table_scene(game).prewarm()
        return True

    def start_local_game(self, config: TableConfig) -> bool:
        return launch.start_local_game(self.app, config)

    def resume_local_game(self, path: Path, accept_damage: bool = False) -> None:
        launch.resume_local_game(self.app, path, accept_damage)

    def open_replay(self, path: Path) -> str | None:
        from game.tables.replay import open_replay  # start-up saving: the tables load when a replay opens
        return open_replay(self.app, path)

    # -- the LAN screens --------------------------------------------------------------------------
    def host_table(self) -> Scene:
        from game.lan.host import HostScene  # start-up saving: the network stack loads only for LAN play
        return HostScene(self.app)

    def join_table(self) -> Scene:
        from game.lan.join import JoinScene  # start-up saving: the network stack loads only for LAN play
        return JoinScene(self.app)

    def resume_hosted_table(self, path: Path, accept_damage: bool = False) -> None:
        from game.lan.host import resume_hosted_table  # start-up saving: the network stack loads only for LAN play
        resume_hosted_table(self.app, path, accept_damage)

    def kept_lan_seats(self) -> list[str]:
        return lan_seats.recent()

    # -- a LAN table's parts ----------------------------------------------------------------------
    def lan_hud(self, table: Scene, session: Any, **placement: Any) -> Any:
        from game.lan.hud import NetHud  # start-up saving: the LAN screens load with a LAN table
        return NetHud(table, session, **placement)

    def lan_results(self, figures: list[Any], outcome: dict[str, Any], title: str, session: Any,
                    heard: bool = False) -> Scene:
        from game.lan.results import LanResultsScene  # start-up saving: the LAN screens load with a LAN table
        return LanResultsScene(self.app, figures, outcome, title, session, heard=heard)

    def lan_lobby(self, session: Any) -> Scene:
        from game.lan.lobby import LobbyScene  # start-up saving: the LAN screens load with a LAN table
        return LobbyScene(self.app, session, port=session.port, hosting=session.hosting)
