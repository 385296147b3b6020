"""The title screen: the logo, a tram rolling by, and the main menu.

The LAN screens (and with them the network stack and zeroconf) are imported only when Host or
Join is chosen: a start-up saving, since most games are played on one screen.
"""

from __future__ import annotations

import math

import pygame

from game.render.linie1.board import LINE_RGB, draw_rails
from game.render.linie1.tram import draw_tram
from game.scenes.rules import RulesScene
from game.scenes.settings import SettingsScene
from game.scenes.setup import SetupScene
from game.scenes.stack import Scene
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import Button

MENU_TOP = 458
MENU_BOTTOM = 905
BUTTON_SIZE = (520, 76)
BUTTON_GAP = 90
TRACK_Y = 1012
TRAM_SPEED = 420  # pixels a second
TRAM_PAUSE = 6.0  # seconds of empty track between two trams: a still screen costs next to nothing


class TitleScene(Scene):
    name = "title"

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        entries: list[tuple[str, object, str, str | None]] = [
            ("Play", self.open_setup, "primary", "Set up a table: players, bots, options."),
            ("Host a LAN game", self.open_host, "secondary", "Open a table other computers on this network can join."),
            ("Join a LAN game", self.open_join, "secondary", "Find tables on this network, or join by address."),
            ("Rules", self.open_rules, "secondary", None),
            ("Settings", self.open_settings, "secondary", None),
            ("Quit", app.quit, "danger", None),
        ]
        self.buttons: dict[str, Button] = {}
        # Centre the menu in the room between the logo and the track, however many entries it has.
        first = (MENU_TOP + MENU_BOTTOM) // 2 - (len(entries) - 1) * BUTTON_GAP // 2
        for index, (label, action, style, tip) in enumerate(entries):
            rect = pygame.Rect(0, 0, *BUTTON_SIZE)
            rect.center = (theme.WIDTH // 2, first + index * BUTTON_GAP)
            button = Button(rect, label, action, style, 42, tip)  # type: ignore[arg-type]
            self.buttons[label] = button
            self.ui.add(button)
        self.ui.set_focus(self.buttons["Play"])
        self.tram_x = -300.0
        self.tram_wait = 0.0  # seconds until the next tram sets off
        self.trams = [(1, LINE_RGB["red"]), (4, LINE_RGB["blue"]), (2, LINE_RGB["yellow"]),
                      (5, LINE_RGB["magenta"]), (3, LINE_RGB["green"])]
        self.tram_index = 0
        self.track = self._track_surface()

    # -- actions ----------------------------------------------------------------------------------
    def open_setup(self) -> None:
        self.app.push(SetupScene(self.app))

    def open_rules(self) -> None:
        self.app.push(RulesScene(self.app))

    def open_settings(self) -> None:
        self.app.push(SettingsScene(self.app))

    def open_host(self) -> None:
        from game.lan.host import HostScene  # lazy: the network stack loads only for LAN play
        self.app.push(HostScene(self.app))

    def open_join(self) -> None:
        from game.lan.join import JoinScene  # lazy: the network stack loads only for LAN play
        self.app.push(JoinScene(self.app))

    def handle(self, intent: Intent) -> bool:
        if intent.kind == "help":
            self.open_rules()
            return True
        return super().handle(intent)

    # -- frame ------------------------------------------------------------------------------------
    @property
    def idle_fps(self) -> int:  # type: ignore[override]
        return 30 if self.tram_wait <= 0 else 4  # smooth while a tram rolls by, nearly asleep between

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.tram_wait > 0:
            self.tram_wait -= dt
            if self.tram_wait <= 0:
                self.app.sounds.play("bell")
            return
        self.tram_x += TRAM_SPEED * dt
        if self.tram_x > theme.WIDTH + 300:
            self.tram_x = -300.0
            self.tram_index = (self.tram_index + 1) % len(self.trams)
            self.tram_wait = TRAM_PAUSE

    @staticmethod
    def _track_surface() -> pygame.Surface:
        size = 120
        tile = pygame.Surface((size * 3, size * 3), pygame.SRCALPHA)
        draw_rails(tile, size * 3, [["W", "E"]])
        tile = pygame.transform.smoothscale(tile, (size, size))
        track = pygame.Surface((theme.WIDTH + size, size), pygame.SRCALPHA)
        for x in range(0, theme.WIDTH + size, size):
            track.blit(tile, (x, 0))
        return track

    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        self._draw_logo(surface)
        surface.blit(self.track, (0, TRACK_Y - self.track.get_height() // 2))
        number, colour = self.trams[self.tram_index]
        bob = math.sin(self.age * 14) * 1.2
        draw_tram(surface, (self.tram_x, TRACK_Y + bob), 0, colour, 220, str(number))
        super().draw(surface)

    def _draw_logo(self, surface: pygame.Surface) -> None:
        centre_x = theme.WIDTH // 2
        plate = pygame.Rect(0, 0, 720, 190)
        plate.center = (centre_x, 165)
        theme.panel(surface, plate, theme.SUNFLOWER, 46, theme.TANGERINE_DARK, 14)
        inner = plate.inflate(-28, -28)
        pygame.draw.rect(surface, theme.TANGERINE, inner, width=6, border_radius=36)
        theme.draw_text(surface, "LINIE", (centre_x, plate.centery + 12), 156, theme.INK,
                        theme.DISPLAY_FONT, "center")
        # Line colour dots under the logo: the six lines of the board.
        for index, name in enumerate(("red", "yellow", "green", "blue", "magenta", "white")):
            x = centre_x - 150 + index * 60
            pygame.draw.circle(surface, theme.SHADOW, (x, plate.bottom + 40), 17)
            pygame.draw.circle(surface, LINE_RGB[name], (x, plate.bottom + 37), 16)
        theme.draw_text(surface, "line-building board games", (centre_x, plate.bottom + 84), 32,
                        theme.CREAM_DIM, theme.TEXT_BOLD_FONT, "center")
