"""The Linie 1 table's effects: tiles flying, signs popping, tiles drawn, the die, trams, banners.

Each effect starts, runs on ``dt`` and ends by handing over what it stands for (a tile lands, a
sign pops up, a tram arrives): its ``end`` releases the mask that hid it (``game.anim.show``), so
the board on screen never runs ahead of what players have seen happen. ``stage`` (in
``game.tables.linie1.staging``) puts them in order for each update.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import pygame

from game.anim.easing import in_out_sine, out_back, out_cubic
from game.anim.effect import Effect
from game.core.linie1.dice import DICE_FACES
from game.i18n import _, ngettext
from game.render.linie1.board import tile_image
from game.render.linie1.die import LIGHT_WORDS, draw_die, draw_meaning, meaning_room, meaning_size
from game.tables.linie1.layout import dice_spots
from game.ui import theme
from game.ui.banner import BandStyle
from game.ui.banner import Banner as BoardBanner

Point = tuple[float, float]


class TileFlight(Effect):
    """A tile slides from ``source`` onto its square, lands a little big and settles."""

    duration = 0.5

    def __init__(self, source: Point, target: pygame.Rect, segments: list[list[str]], on_land: Callable[[], None],
                 sound: Callable[[str], None]) -> None:
        super().__init__()
        self.source, self.target, self.segments = source, target, segments
        self.on_land, self.sound = on_land, sound
        self.landed = False

    def update(self, dt: float) -> bool:
        done = super().update(dt)
        if not self.landed and self.elapsed >= self.duration * 0.7:
            self.landed = True
            self.sound("place")
        return done

    def end(self) -> None:
        self.on_land()

    def draw(self, surface: pygame.Surface) -> None:
        flight = min(1.0, self.progress / 0.7)
        eased = out_cubic(flight)
        x = self.source[0] + (self.target.centerx - self.source[0]) * eased
        y = self.source[1] + (self.target.centery - self.source[1]) * eased - math.sin(math.pi * flight) * 60
        if self.progress < 0.7:
            scale = 1.25
        else:
            settle = (self.progress - 0.7) / 0.3
            scale = 1.25 - 0.25 * out_back(settle)
        size = max(4, int(self.target.width * scale))
        image = pygame.transform.smoothscale(tile_image(self.segments, self.target.width), (size, size))
        shadow = pygame.Surface((size, size), pygame.SRCALPHA)
        shadow.fill((*theme.SHADOW, int(90 * (scale - 0.95) * 3)))
        surface.blit(shadow, shadow.get_rect(center=(x + 8, y + 10)))
        surface.blit(image, image.get_rect(center=(x, y)))


class Pop(Effect):
    """Something appearing with a springy pop (a stop sign), with sparks."""

    duration = 0.45

    def __init__(self, centre: Point, draw_at: Callable[[pygame.Surface, float], None], on_done: Callable[[], None],
                 sparks: Callable[[Point], None], sound: Callable[[str], None]) -> None:
        super().__init__()
        self.centre, self.draw_at, self.on_done = centre, draw_at, on_done
        self.sparks, self.sound = sparks, sound

    def start(self) -> None:
        self.sound("pop")
        self.sparks(self.centre)

    def end(self) -> None:
        self.on_done()

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_at(surface, max(0.05, out_back(self.progress)))


class HandFlight(Effect):
    """Drawn tiles fly from the pile into the hand, one after another."""

    def __init__(self, source: Point, targets: list[pygame.Rect], tiles: list[list[list[str]]],
                 on_done: Callable[[], None], sound: Callable[[str], None]) -> None:
        super().__init__()
        self.source, self.targets, self.tiles = source, targets, tiles
        self.on_done, self.sound = on_done, sound
        self.duration = 0.35 + 0.12 * max(0, len(tiles) - 1)

    def start(self) -> None:
        self.sound("draw")

    def end(self) -> None:
        self.on_done()

    def draw(self, surface: pygame.Surface) -> None:
        for index, (rect, segments) in enumerate(zip(self.targets, self.tiles, strict=False)):
            local = min(1.0, max(0.0, (self.elapsed - 0.12 * index) / 0.35))
            if local <= 0:
                continue
            eased = in_out_sine(local)
            x = self.source[0] + (rect.centerx - self.source[0]) * eased
            y = self.source[1] + (rect.centery - self.source[1]) * eased - math.sin(math.pi * local) * 80
            size = max(4, int(rect.width * (0.6 + 0.4 * eased)))
            image = pygame.transform.smoothscale(tile_image(segments, rect.width), (size, size))
            surface.blit(image, image.get_rect(center=(x, y)))


class DieRoll(Effect):
    """The die is thrown beside the tram: it tumbles (its faces a blur of pips), lands on the face
    rolled, and rests a moment with what the face means written under it, before the tram moves."""

    TUMBLE = 0.8  # seconds in the air; the rest of the duration it lies still, read
    duration = 1.5

    def __init__(self, centre: Point, size: int, faces: list[str], face: str, on_done: Callable[[], None],
                 sound: Callable[[str], None], seed: int = 0) -> None:
        super().__init__()
        self.centre, self.size, self.faces, self.face = centre, size, faces, face
        self.on_done, self.sound = on_done, sound
        self.rng = random.Random(seed)
        self.shown = self.rng.choice(faces)
        self.flip = 0.0
        self.landed = False

    def start(self) -> None:
        self.sound("dice")

    def update(self, dt: float) -> bool:
        self.flip += dt
        if self.elapsed < self.TUMBLE and self.flip > 0.09:
            self.flip = 0.0
            self.shown = self.rng.choice(self.faces)
        elif self.elapsed >= self.TUMBLE and not self.landed:
            self.landed, self.shown = True, self.face
            self.sound("click")
        return super().update(dt)

    def end(self) -> None:
        self.on_done()

    def draw(self, surface: pygame.Surface) -> None:
        tumble = min(1.0, self.elapsed / self.TUMBLE)
        angle = (1 - out_cubic(tumble)) * 540
        hop = abs(math.sin(tumble * math.pi * 2)) * (1 - tumble) * 50
        scale = 1.0 + 0.2 * (1 - tumble)
        if self.landed:  # a small bump as it settles
            scale = 1.0 + 0.12 * max(0.0, 1 - (self.elapsed - self.TUMBLE) / 0.18)
        x, y = self.centre[0], self.centre[1] - hop
        shadow = pygame.Surface((int(self.size * 0.9), int(self.size * 0.26)), pygame.SRCALPHA)
        pygame.draw.ellipse(shadow, (*theme.SHADOW, 110), shadow.get_rect())
        surface.blit(shadow, shadow.get_rect(center=(round(self.centre[0]), round(self.centre[1] + self.size * 0.5))))
        draw_die(surface, (x, y), self.size, self.shown, angle, scale)
        if self.landed:
            count = int(self.face) if self.face.isdigit() else 2
            words = _("to the next stop") if self.face == "H" else ngettext(
                "{count} square", "{count} squares", count).format(count=self.face)
            label = theme.render_text(words, 26, theme.CREAM, theme.TEXT_BOLD_FONT)
            pill = label.get_rect(midtop=(round(x), round(self.centre[1] + self.size * 0.66))).inflate(24, 10)
            theme.panel(surface, pill, theme.NIGHT_2, pill.height // 2, theme.SUNFLOWER, 0)
            surface.blit(label, label.get_rect(center=pill.center))


class DiceRoll(Effect):
    """The three-dice trip: two or three dice are thrown beside the tram, tumble one a little after
    another, land on the faces rolled and lie there, each with what it would do written under it."""

    TUMBLE = 0.8
    STAGGER = 0.12  # each die lands this much after the one before
    duration = 1.6

    def __init__(self, centre: Point, size: int, faces: list[str], on_done: Callable[[], None],
                 sound: Callable[[str], None], seed: int = 0) -> None:
        super().__init__()
        self.centre, self.size, self.faces = centre, size, faces
        self.on_done, self.sound = on_done, sound
        self.rng = random.Random(seed)
        self.shown = [self.rng.choice(DICE_FACES) for _face in faces]
        self.landed = [False] * len(faces)
        self.flip = 0.0

    def spots(self) -> list[Point]:
        """Where each die comes to rest: side by side, centred on ``centre``."""
        return dice_spots(self.centre, len(self.faces), self.size)

    def start(self) -> None:
        self.sound("dice")

    def update(self, dt: float) -> bool:
        self.flip += dt
        refresh = self.flip > 0.09
        if refresh:
            self.flip = 0.0
        for index, face in enumerate(self.faces):
            if self.elapsed >= self.TUMBLE + self.STAGGER * index:
                if not self.landed[index]:
                    self.landed[index], self.shown[index] = True, face
                    self.sound("click")
            elif refresh:
                self.shown[index] = self.rng.choice(DICE_FACES)
        return super().update(dt)

    def end(self) -> None:
        self.on_done()

    def draw(self, surface: pygame.Surface) -> None:
        spots = self.spots()
        for index, (x, y) in enumerate(spots):
            local = self.TUMBLE + self.STAGGER * index
            tumble = min(1.0, self.elapsed / local)
            angle = (1 - out_cubic(tumble)) * (540 + 90 * index) * (1 if index % 2 == 0 else -1)
            hop = abs(math.sin(tumble * math.pi * 2)) * (1 - tumble) * 50
            scale = 1.0 + 0.2 * (1 - tumble)
            if self.landed[index]:
                scale = 1.0 + 0.12 * max(0.0, 1 - (self.elapsed - local) / 0.18)
            shadow = pygame.Surface((int(self.size * 0.9), int(self.size * 0.26)), pygame.SRCALPHA)
            pygame.draw.ellipse(shadow, (*theme.SHADOW, 110), shadow.get_rect())
            surface.blit(shadow, shadow.get_rect(center=(round(x), round(y + self.size * 0.5))))
            draw_die(surface, (x, y - hop), self.size, self.shown[index], angle, scale, lights=True)
            if self.landed[index]:
                shared = meaning_size([_(LIGHT_WORDS.get(face, "")) for face in self.faces], meaning_room(spots))
                draw_meaning(surface, _(LIGHT_WORDS.get(self.faces[index], "")), (x, y), self.size,
                             meaning_room(spots), theme.SUNFLOWER, 0, shared)


class TramDrive(Effect):
    """A tram drives from one square of its route to another along the rails, ringing its bell."""

    def __init__(
        self, place: Callable[[float], None], squares: int, on_done: Callable[[], None], sound: Callable[[str], None]
    ) -> None:
        super().__init__()
        self.place, self.on_done, self.sound = place, on_done, sound
        self.duration = 0.5 + 0.42 * abs(squares)  # a readable pace: a square in under half a second

    def start(self) -> None:
        self.sound("bell")

    def update(self, dt: float) -> bool:
        done = super().update(dt)
        self.place(in_out_sine(self.progress))
        return done

    def end(self) -> None:
        self.on_done()


BANNER_STYLE = BandStyle(
    height=190,
    text_size=78,
    grow_until=0.25,
    fade_from=0.8,
    fill_alpha=225,
    framed=True,
    title_lift=22,
    subtitle_drop=48,
)


class Banner(BoardBanner):
    """A big message across the board for a moment: a trip begins, a winner, a stalemate (the shared
    board banner in Linie 1's framed style)."""

    def __init__(
        self, area: pygame.Rect, text: str, colour: theme.Colour, seconds: float = 1.6, subtitle: str = ""
    ) -> None:
        super().__init__(area, text, colour, seconds, subtitle, BANNER_STYLE)
