"""The scene stack (Tuxemon's model): push, pop, replace; overlays drawn over the scene beneath.

Only the top scene receives input and time, so a pause menu freezes the table under it. Each scene
owns its tweens, clock and widgets: popping a scene drops its animations with it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

import pygame

from game.anim import Clock, Tweens
from game.audio import SoundBank
from game.config import Settings, SettingsFile
from game.table_config import TableConfig
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import FocusGroup

FADE_SECONDS = 0.22
# A press this soon after a click changed the screen, and this close to it (canvas pixels), is the
# second half of a double click: it belongs to the screen that is gone, never to the one that opened.
DOUBLE_CLICK_SECONDS = 0.4
DOUBLE_CLICK_REACH = 12


class Doors(Protocol):
    """The screens above the menus that a menu or a table opens: the tables and the LAN screens.
    Declared here, below them all; the app hands its own (``game.doors.AppDoors``) to every scene as
    ``app.doors``, so no menu imports the tables or the LAN layer, nor a table the LAN layer
    (``tests/architecture/test_layers.py``)."""

    # the tables: for the setup screen, Saved games and Replays
    def has_table(self, game: str) -> bool:
        """``game`` has a table screen in this version."""
        ...

    def prepare_table(self, game: str) -> None:
        """Start loading ``game``'s table in the background, so that Start does not wait for it."""
        ...

    def prewarm_table(self, game: str) -> bool:
        """Let ``game``'s loaded table draw its starting pictures now; False while it still loads."""
        ...

    def start_local_game(self, config: TableConfig) -> bool:
        """The game's table instead of every screen; False if the game has no table."""
        ...

    def resume_local_game(self, path: Path, accept_damage: bool = False) -> None:
        """The game on one screen saved at ``path``, at its table (SnapshotError: it cannot be trusted)."""
        ...

    def open_replay(self, path: Path) -> str | None:
        """The viewer on the replay at ``path``; why not, in a player's words (None: it is open)."""
        ...

    # the LAN screens: for the title and Saved games
    def host_table(self) -> Scene:
        """The screen that opens a LAN table hosted from here."""
        ...

    def join_table(self) -> Scene:
        """The screen that lists the LAN tables to join."""
        ...

    def resume_hosted_table(self, path: Path, accept_damage: bool = False) -> None:
        """The LAN table hosted from here and saved at ``path``, open again at its lobby."""
        ...

    def kept_lan_seats(self) -> list[str]:
        """The LAN tables where a seat waits for this player, the latest first (the seats file only)."""
        ...

    # a LAN table's parts from the LAN layer: for the table skeleton (``game.tables.base``)
    def lan_hud(self, table: Scene, session: Any, **placement: Any) -> Any:
        """The seat dots, the reconnecting overlay and the chat over ``table`` (``game.lan.hud.NetHud``)."""
        ...

    def lan_results(self, figures: list[Any], outcome: dict[str, Any], title: str, session: Any,
                    heard: bool = False) -> Scene:
        """A LAN game's results, the table still open behind them (``game.lan.results``)."""
        ...

    def lan_lobby(self, session: Any) -> Scene:
        """The lobby of the LAN table ``session`` sits at, for its next game (``game.lan.lobby``)."""
        ...


class AppServices(Protocol):
    """What a scene may ask of the app that runs it (``game.app.App``): declared here, below both,
    so scenes never import the app and the app imports scenes freely."""

    settings: Settings
    settings_file_state: SettingsFile  # what the Settings screen says about the settings file
    sounds: SoundBank
    stack: SceneStack
    doors: Doors  # the tables and the LAN screens, which sit above the menus

    def push(self, scene: Scene) -> None: ...

    def pop(self) -> None: ...

    def replace(self, scene: Scene) -> None: ...

    def to_title(self) -> None:
        """Leave whatever is open for the title screen (the stack starts over)."""

    def save_settings(self) -> None: ...

    def toggle_fullscreen(self) -> None: ...

    def quit(self) -> None: ...


class HoldsSession:
    """For a scene that holds a game's session (a game on this screen, a LAN link) until it hands it
    to the scene after it (a table to its LAN results, a lobby to its table): leaving closes the
    session unless it was handed on, and a failure lets it go without farewells (``Scene.abandon``).
    Listed before ``Scene`` among a scene's bases."""

    session: Any
    handed_over = False  # the next scene holds the session now: leaving this one must not close it

    def exit(self) -> None:
        if not self.handed_over:
            self.session.close()

    def abandon(self) -> None:
        if not self.handed_over:
            self.session.close(goodbye=False)


class Scene:
    """One screen. Subclasses build widgets in ``__init__`` and draw in ``draw``."""

    overlay = False  # True: the scene beneath is drawn first (pause menu, dialogs)
    closes_on_cancel = False  # True: Esc (or the pad's B) leaves this screen for the one beneath
    name = "scene"
    idle_fps = 12  # frames a second while nothing needs smooth motion (a caret blinks, a glow pulses)

    def __init__(self, app: AppServices) -> None:
        self.app = app
        self.tweens = Tweens()
        self.clock = Clock()
        self.ui = FocusGroup(sound=app.sounds.play)
        self.age = 0.0
        self.quiet = 0.0  # seconds since the last input reached this scene

    # -- lifecycle --------------------------------------------------------------------------------
    def enter(self) -> None:
        """Pushed onto the stack."""

    def exit(self) -> None:
        """Removed from the stack."""

    def abandon(self) -> None:
        """Removed because the program failed (the crash screen takes over): let go of what this
        scene holds without farewells. The game is saved; the others should wait for it to come
        back rather than be told it has ended."""
        self.exit()

    def pause(self) -> None:
        """Another scene was pushed on top."""

    def resume(self) -> None:
        """The scene on top was popped: this one is on top again."""

    def refocused(self) -> None:
        """The window has the keyboard focus again (the player comes back from another window, a
        second Linie's perhaps): a screen showing what is on disk looks again."""

    def retranslated(self) -> Scene | None:
        """This screen built afresh in the language now in force (Settings → Language), or None
        where it holds more than its words (a table in play) and keeps them until opened again."""
        return None

    # -- frame ------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        if self.closes_on_cancel and intent.kind == "cancel":
            self.close()
            return True
        return self.ui.handle(intent)

    def close(self) -> None:
        """Leave this screen for the one beneath."""
        self.app.pop()

    def update(self, dt: float) -> None:
        """Widgets run at real speed; game animations follow the animation-speed setting."""
        self.age += dt
        self.quiet += dt
        scaled = dt * self.app.settings.animation_speed
        self.tweens.update(scaled)
        self.clock.update(scaled)
        self.ui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.ui.draw(surface)

    def needs_frames(self) -> bool:
        """Something moves that must move smoothly now (a tween, a widget easing into its glow);
        otherwise the app draws at ``idle_fps`` and sleeps until input arrives."""
        return self.tweens.busy or self.clock.pending() > 0 or self.ui.settling

    @property
    def wants_text(self) -> bool:
        return self.ui.wants_text

    @property
    def pointer_shape(self) -> str:
        """The pointer's shape over this screen now (``game.ui.pointer``)."""
        return self.ui.pointer_shape or "arrow"


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self.fade = 0.0
        self._pressed_on: Scene | None = None  # the scene that saw the mouse button go down
        self._clock = 0.0
        self._changed_by: tuple[float, tuple[int, int]] | None = None  # when and where a click changed the top

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def __len__(self) -> int:
        return len(self.scenes)

    def push(self, scene: Scene) -> None:
        if self.scenes:
            # an overlay draws the scene beneath as it stands: never with the tooltip the pointer had
            # called up there (End turn's under the pause menu), nor again when it is back on top
            self.scenes[-1].ui.forget_hover()
            self.scenes[-1].pause()
        self.scenes.append(scene)
        if not scene.overlay:
            self.fade = 1.0
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene`` (the one beneath is not resumed in between)."""
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        if not scene.overlay:
            self.fade = 1.0
        scene.enter()

    def reset(self, scene: Scene | Callable[[], Scene]) -> None:
        """Clear the whole stack and start over from ``scene`` (leave a game → title); a factory is
        called once every scene has closed, so the new one sees what closing left (a last save)."""
        while self.scenes:
            self.scenes.pop().exit()
        self.push(scene if isinstance(scene, Scene) else scene())

    def find(self, kind: type) -> Scene | None:
        for scene in reversed(self.scenes):
            if isinstance(scene, kind):
                return scene
        return None

    def handle(self, intent: Intent) -> bool:
        """The top scene's; a release reaches it only if it saw the press too (a screen that opened
        while the button was down must not act on a click that began on the one before), and the
        second press of a double click whose first click changed the screen reaches nobody (a double
        click on "I'm Ada — show me" must not lay a tile where the button was)."""
        top = self.top
        if top is None:
            return False
        if intent.kind == "press":
            if self._second_click(intent.pos):
                self._pressed_on = None  # its release goes nowhere either
                return True
            self._pressed_on = top
        elif intent.kind == "release":
            pressed_on, self._pressed_on = self._pressed_on, None
            if pressed_on is not top:
                return False
        top.quiet = 0.0
        handled = top.handle(intent)
        if intent.kind == "release" and intent.pos is not None and self.top is not top:
            self._changed_by = (self._clock, intent.pos)
        return handled

    def _second_click(self, pos: tuple[int, int] | None) -> bool:
        changed, self._changed_by = self._changed_by, None
        if changed is None or pos is None:
            return False
        when, where = changed
        near = abs(pos[0] - where[0]) <= DOUBLE_CLICK_REACH and abs(pos[1] - where[1]) <= DOUBLE_CLICK_REACH
        return near and self._clock - when <= DOUBLE_CLICK_SECONDS

    def update(self, dt: float) -> None:
        self._clock += dt
        self.fade = max(0.0, self.fade - dt / FADE_SECONDS)
        if self.top is not None:
            self.top.update(dt)

    def frame_rate(self, full: int) -> int:
        """How many frames a second the screen needs now: ``full`` while anything moves, else the top
        scene's idle rate (ambient motion only)."""
        top = self.top
        if top is None or self.fade > 0 or top.needs_frames():
            return full
        return top.idle_fps

    def visible(self) -> list[Scene]:
        """The scenes to draw: the top one and every scene beneath it that shows through overlays."""
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].overlay:
            start -= 1
        return self.scenes[max(0, start):]

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.visible():
            if scene.overlay:
                theme.dim(surface, 160)
            scene.draw(surface)
        if self.fade > 0:
            theme.dim(surface, int(255 * self.fade))
