"""The main loop: one logical 1920 × 1080 canvas scaled to the display, a fixed-step update, and
the scene stack.

``pygame.SCALED`` lets SDL scale the canvas to any window or screen and hands back mouse positions
already in canvas coordinates, so nothing in the client ever sees a physical pixel. The loop is
drivable without a clock: ``App.step(dt, events)`` is all ``run`` does each frame, and tests call
it directly with synthetic events.
"""

from __future__ import annotations

import contextlib
import logging
import signal
import time
import warnings
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path

import pygame

from game.audio import SoundBank
from game.config import Settings, SettingsFile, read_settings, write_settings
from game.doors import AppDoors
from game.i18n import chosen_language, set_language
from game.scenes.crash import CrashScene
from game.scenes.stack import Scene, SceneStack
from game.scenes.title import TitleScene
from game.ui import theme
from game.ui.input import InputMapper, Intent
from game.ui.keys import Bindings
from game.ui.pointer import PointerShape
from game.window import MIN_SIZE, fitted_window, keep_shader_cache_off_disk, scale_smoothly

LOGICAL_SIZE = (theme.WIDTH, theme.HEIGHT)
STEP = 1 / 120  # fixed update step, seconds
FULL_FPS = 120  # while anything moves (a real screen's vsync may hold it to its refresh rate)
AWAKE_AFTER_INPUT = 0.4  # seconds of full-rate frames after any input, so the answer to it is smooth
HEADLESS_DRIVERS = ("dummy", "offscreen")
MAX_FRAME = 0.25  # a longer frame (a stall, a breakpoint) is not caught up beyond this
QUIT_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")  # Ctrl+C, a polite kill, the terminal closing

log = logging.getLogger(__name__)


class NoWindow(RuntimeError):
    """SDL cannot open the game's window on this screen (no renderer for its colour depth, say):
    the reason, SDL's own words, is said on the console instead of a traceback."""


class App:
    def __init__(self, settings: Settings | None = None, settings_file: Path | None = None,
                 fullscreen: bool | None = None, window_size: tuple[int, int] | None = None,
                 sounds: SoundBank | None = None, log_path: Path | None = None) -> None:
        self.settings_file = settings_file
        self.log_path = log_path  # named by the crash screen
        if settings is None:
            settings, self.settings_file_state = read_settings(settings_file)
        else:
            self.settings_file_state = SettingsFile()
        self.settings = settings
        # --windowed, --fullscreen or --size choose for this run only (as --lang does): the settings
        # file keeps the player's own choice until they switch with F11 or Settings
        self._saved_fullscreen: bool | None = None
        if fullscreen is not None:
            self._saved_fullscreen = self.settings.fullscreen
            self.settings.fullscreen = fullscreen
        set_language(chosen_language(self.settings.language))  # before any screen is built
        self.window_size = window_size
        theme.set_ui_scale(self.settings.ui_scale)
        pygame.init()
        pygame.display.set_caption("Linie")
        self.screen = self._open_display()
        self.sounds = sounds if sounds is not None else SoundBank(self.settings.volume, self.settings.mute)
        self.stack = SceneStack()
        self.doors = AppDoors(self)  # the tables and the LAN screens, for the menus beneath them
        self.mapper = InputMapper()
        self.pointer = PointerShape()  # the system cursor: a hand where a click acts, a beam over a field
        self.mapper.bindings = Bindings.from_names(self.settings.keys)
        self.running = True
        self._accumulator = 0.0
        self.frames = 0

    # -- display ----------------------------------------------------------------------------------
    def _open_display(self) -> pygame.Surface:
        """The 1920 × 1080 canvas on the screen. On a real screen it opens as a window first and
        is then fitted (``_fit_window``), so a fullscreen request fills the desktop even where no
        window manager makes windows fullscreen (a bare X server)."""
        headless = pygame.display.get_driver() in HEADLESS_DRIVERS
        if not headless:  # (SDL's dummy driver crashes re-opening a display with these hints)
            scale_smoothly()
            keep_shader_cache_off_disk()
        fullscreen_now = headless and self.settings.fullscreen
        flags = pygame.SCALED | (pygame.FULLSCREEN if fullscreen_now else pygame.RESIZABLE)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "no fast renderer" on headless drivers is expected
            # vsync only where there is a real screen: headless drivers have nothing to sync to.
            vsync = 0 if headless else 1
            try:
                screen = pygame.display.set_mode(LOGICAL_SIZE, flags, vsync=vsync)
            except pygame.error:
                try:
                    screen = pygame.display.set_mode(LOGICAL_SIZE, flags)
                except pygame.error as error:  # e.g. an 8-bit screen: no renderer matches it
                    raise NoWindow(str(error) or type(error).__name__) from None
        if not headless:
            self._fit_window()
            if self.settings.fullscreen:
                with contextlib.suppress(pygame.error):
                    pygame.display.toggle_fullscreen()
                screen = pygame.display.get_surface()
        pygame.display.set_icon(_icon())
        return screen

    def _fit_window(self) -> None:
        """The window for the mode in force (see ``game.window``): centred within the desktop for
        a window; for fullscreen, the whole desktop at its corner before SDL makes it fullscreen,
        so the canvas is never larger than the screen and cut off where nothing else sizes it.
        A headless driver has no desktop, and SDL's dummy driver corrupts its memory when a
        SCALED window is resized (a crash on the next ``set_mode``), so there it does nothing."""
        if pygame.display.get_driver() in HEADLESS_DRIVERS:
            return
        try:
            desktops = pygame.display.get_desktop_sizes()
        except pygame.error:
            desktops = []
        desktop = desktops[0] if desktops else None
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
            window.minimum_size = MIN_SIZE  # SCALED sets the canvas's own size as the least
            if not self.settings.fullscreen:
                window.size = fitted_window(LOGICAL_SIZE, desktop, self.window_size)
                window.position = pygame.WINDOWPOS_CENTERED
            elif desktop is not None:
                window.size, window.position = desktop, (0, 0)
        except (pygame.error, AttributeError, ValueError) as error:
            log.info("the window could not be fitted to the desktop: %s", error)

    def toggle_fullscreen(self) -> None:
        """F11: flip between fullscreen and a window; the canvas stays 1920 × 1080 either way."""
        self.settings.fullscreen = not self.settings.fullscreen
        self._saved_fullscreen = None  # the player's own choice now: kept from here on
        try:
            if self.settings.fullscreen:
                self._fit_window()  # the desktop's size first (see ``_fit_window``)
            pygame.display.toggle_fullscreen()
            if not self.settings.fullscreen:
                self._fit_window()  # back in a window: within the desktop, whatever size it had
        except pygame.error:
            # Some drivers cannot toggle in place: open the display again with the new flags. A
            # headless driver has no screen to fill (and SDL's dummy driver is unstable re-opening).
            if pygame.display.get_driver() not in HEADLESS_DRIVERS:
                self.screen = self._open_display()
        self.screen = pygame.display.get_surface()
        self.save_settings()

    def save_settings(self) -> None:
        """Keep the settings; when the disk refuses, the Settings screen says so (and the game goes on)."""
        settings = self.settings
        if self._saved_fullscreen is not None:  # a launch flag's window is not the player's choice
            settings = replace(settings, fullscreen=self._saved_fullscreen)
        problem = write_settings(settings, self.settings_file)
        if problem and not self.settings_file_state.unsaved:
            log.warning("settings could not be saved (%s)", problem)
        self.settings_file_state.unsaved = problem

    # -- scenes -----------------------------------------------------------------------------------
    def push(self, scene: Scene) -> None:
        self.stack.push(scene)

    def pop(self) -> None:
        self.stack.pop()

    def replace(self, scene: Scene) -> None:
        self.stack.replace(scene)

    def to_title(self) -> None:
        """Leave whatever is open (a game, a lobby) for the title screen."""
        self.stack.reset(lambda: TitleScene(self))  # built after the table closed: its last save is offered

    def quit(self) -> None:
        self.running = False

    def quit_on_signals(self) -> None:
        """Ctrl+C in the terminal that started the game, a polite kill (SIGTERM) and the terminal
        closing (SIGHUP) end the game as closing its window does: every scene closes (a table makes
        its last save, a hosted one says goodbye to its players), and no traceback. Left to Python,
        Ctrl+C raised KeyboardInterrupt wherever the loop stood and SIGHUP ended the process with
        nothing closed. A signal ignored as the game started stays ignored (``nohup linie``, a
        background job's Ctrl+C). The loop notices within one idle frame. Main thread only."""
        for name in QUIT_SIGNALS:
            number = getattr(signal, name, None)  # Windows has no SIGHUP
            if number is not None and signal.getsignal(number) is not signal.SIG_IGN:
                signal.signal(number, lambda _number, _frame: self.quit())

    # -- the loop ---------------------------------------------------------------------------------
    def dispatch(self, intent: Intent) -> None:
        if intent.kind == "quit":
            self.quit()
        elif intent.kind == "fullscreen":
            self.toggle_fullscreen()
        else:
            self.stack.handle(intent)
        self._sync_text_mode()

    def step(self, dt: float, events: Iterable[pygame.event.Event] = ()) -> None:
        """One frame: map and dispatch the events, advance fixed steps worth ``dt``, draw."""
        self.mapper.keys_untyped = not self.mapper.text_mode  # read while SDL made no text of key presses
        for event in events:
            if event.type == pygame.WINDOWFOCUSGAINED and self.stack.top is not None:
                self.stack.top.refocused()
            for intent in self.mapper.map(event):
                self.dispatch(intent)
        self._accumulator = min(self._accumulator + dt, MAX_FRAME)
        while self._accumulator >= STEP:
            self.stack.update(STEP)
            self._accumulator -= STEP
        self._sync_text_mode()
        self.draw()
        top = self.stack.top
        self.pointer.show(top.pointer_shape if top is not None else "arrow")
        self.frames += 1

    def draw(self) -> None:
        self.screen = pygame.display.get_surface() or self.screen
        self.stack.draw(self.screen)

    def safe_step(self, dt: float, events: Iterable[pygame.event.Event] = ()) -> None:
        """``step``, with the safety net of ``run``: an unexpected error is logged with its
        traceback and the crash screen takes over (Continue from the autosave, or Quit). An error on
        the crash screen itself is raised: there is nothing safer to fall back on."""
        try:
            self.step(dt, events)
        except Exception as error:
            if isinstance(self.stack.top, CrashScene):
                raise
            log.exception("unexpected error; the crash screen takes over")
            self._crashed(error)

    def _crashed(self, error: Exception) -> None:
        unsaved = ""  # why the game in play could not be saved, even by the last try as it closed
        while self.stack.scenes:  # every scene gets to close its session (the game is saved already)
            scene = self.stack.scenes.pop()
            try:
                scene.abandon()
                unsaved = unsaved or str(getattr(getattr(scene, "session", None), "save_problem", "") or "")
            except Exception:
                log.exception("while closing %s after the error", type(scene).__name__)
        self.mapper.text_mode = False
        pygame.key.stop_text_input()
        self.stack.push(CrashScene(self, error, str(self.log_path) if self.log_path else None, unsaved))

    def _sync_text_mode(self) -> None:
        wanted = bool(self.stack.top is not None and self.stack.top.wants_text)
        if wanted != self.mapper.text_mode:
            self.mapper.text_mode = wanted
            if wanted:
                pygame.key.start_text_input()
            else:
                pygame.key.stop_text_input()

    def run(self, first_scene: Callable[[App], Scene] = TitleScene) -> None:
        """Frames at full rate while anything moves; otherwise at the scene's idle rate, sleeping in
        ``event.wait`` so that input still wakes the loop at once (an idle screen costs little CPU)."""
        self.stack.push(first_scene(self))
        clock = pygame.time.Clock()
        last = time.perf_counter()
        awake_until = 0.0
        while self.running and self.stack.top is not None:
            fps = FULL_FPS if last < awake_until else self.stack.frame_rate(FULL_FPS)
            if fps >= FULL_FPS:
                clock.tick(FULL_FPS)
                events = pygame.event.get()
            else:
                events = _wait_for_events(max(1, round(1000 / fps - 1000 * (time.perf_counter() - last))))
            now = time.perf_counter()
            if events:
                awake_until = now + AWAKE_AFTER_INPUT
            self.safe_step(now - last, events)
            last = now
            pygame.display.flip()
        self.close_scenes()
        pygame.quit()

    def close_scenes(self) -> None:
        """The window closed or Quit was chosen: every scene closes as when it is left, so a table
        makes its last save (a disk that has room again) and a hosted one says goodbye to its players."""
        while self.stack.scenes:
            scene = self.stack.scenes.pop()
            try:
                scene.exit()
            except Exception:
                log.exception("while closing %s at the end", type(scene).__name__)


def _wait_for_events(timeout_ms: int) -> list[pygame.event.Event]:
    """Every pending event, waiting up to ``timeout_ms`` for the first one."""
    first = pygame.event.wait(timeout_ms)
    if first.type == pygame.NOEVENT:
        return []
    return [first, *pygame.event.get()]


def _icon() -> pygame.Surface:
    """A little tram-stop sign as the window icon, drawn rather than shipped."""
    icon = pygame.Surface((64, 64), pygame.SRCALPHA)
    pygame.draw.circle(icon, theme.SUNFLOWER, (32, 32), 30)
    pygame.draw.circle(icon, theme.MINT_DARK, (32, 32), 30, 5)
    pygame.draw.rect(icon, theme.MINT_DARK, (20, 16, 7, 32))
    pygame.draw.rect(icon, theme.MINT_DARK, (37, 16, 7, 32))
    pygame.draw.rect(icon, theme.MINT_DARK, (20, 29, 24, 6))
    return icon
