"""The results: every player's card with the figures their game provides, confetti for the winner
(unless the table celebrated the end already), and Play again (same seats and options, a new deal) or
back to the title.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from game.anim import ParticleSystem, Tween
from game.files import reason_in_words
from game.i18n import _
from game.outcome_words import headline_parts
from game.scenes.figures import PlayerFigures
from game.scenes.stack import AppServices, Scene
from game.ui import theme
from game.ui.input import Intent
from game.ui.widgets import Button, room_for_labels

ARM_SECONDS = 1.2  # the buttons wait until the cards have landed
# Presses this close together are one burst of mashing (Enter hammered to skip the game's last moves): a
# burst that began before the buttons were armed stays swallowed until the keys rest this long
MASH_GAP = 0.45
CARD_W, CARD_H = 330, 560
CARD_TOP, CARD_ROOM = 280, 645  # the cards' top, and the most height they may take above the buttons
TROUBLE_W, TROUBLE_GAP = 1760, 14  # the trouble's width; its distance from the cards above and the buttons below
TROUBLE_SIZE = 28  # the trouble's words as the room allows them, down to
TROUBLE_PX = 22  # pixels at least: the cards' rows close up rather than the trouble shrink below them
HEADLINE_Y, TITLE_Y = 100, 186  # the middles of who won and of the game's title
HEADER_BOTTOM = CARD_TOP - 60  # the panel under them ends above the winner's crown (bobbing 8 px up)
ROWS_TOP, ROW_STEP = 230, 46  # a card's figures: where they start, a row's height at 100 %
LABEL_SIZE = 26  # a card's row labels (a remark's too)


class ResultsScene(Scene):
    name = "results"
    BOB_SECONDS = 6.0  # the winner's card bobs, then rests (and the screen with it)
    OTHER_LABELS: tuple[str, ...] = ()  # words a subclass may put on the two buttons later (marked ``N_``)

    @property
    def idle_fps(self) -> int:  # type: ignore[override]
        return 30 if self.age < self.BOB_SECONDS else 4

    def __init__(self, app: AppServices, figures: list[PlayerFigures], outcome: dict[str, Any],
                 play_again: Callable[[], None] | None = None, title: str = "",
                 back: tuple[str, Callable[[], None]] | None = None, trouble: str = "",
                 keep: Callable[[], str] | None = None, heard: bool = False) -> None:
        """``back``: a label and an action taking the place of Play again (and of Esc): the
        results of a replay lead back to it. ``trouble``: what the player must hear of (the replay
        could not be kept), in coral between the cards and the buttons. ``keep``: a finished game
        that neither its replay nor its save holds (a full disk) is tried once more as the screen is
        left (it returns the problem still in the way, or ""). ``heard``: the table already celebrated the
        game's end (its fanfare and confetti, or the bell), so this screen stays quiet and its cards fall
        under no confetti: one celebration per game end."""
        super().__init__(app)
        self.title = title
        self.trouble = trouble
        self.keep = keep
        self.warned = False  # told that the game is still not written: the next choice lets it go
        self.swallowed_at = 0.0  # when a press was last kept from the buttons (``handle``)
        self.outcome = outcome
        self.figures = figures
        self.back = back
        if back is not None:
            play_again = back[1]
        self.play_again_action = play_again
        # the two buttons as wide as the longest of their words needs at their size, at any text size
        first = back[0] if back else _("Play again")
        wide = max(400, room_for_labels([first, _("Title screen"), *(_(words) for words in self.OTHER_LABELS)], 42))
        again = pygame.Rect(theme.WIDTH // 2 - 20 - wide, 945, wide, 90)
        menu = pygame.Rect(theme.WIDTH // 2 + 20, 945, wide, 90)
        self.again = Button(again, first, self.play_again, "primary", 42)
        self.again.enabled = play_again is not None
        self.menu = Button(menu, _("Title screen"), self.to_title, "secondary", 42)
        self.ui.add(self.again)
        self.ui.add(self.menu)
        self.ui.set_focus(self.again if play_again else self.menu)
        self.particles = ParticleSystem(seed=len(self.figures))
        self.card_offsets = [700.0 for _figure in self.figures]
        for index in range(len(self.figures)):
            self.tweens.add(_card_tween(self, index))
        winners = [f for f in self.figures if f.winner]
        if not heard:  # a win's fanfare and confetti; a draw, or nobody won: the calm bell, no confetti
            if winners:
                colours = [theme.player_colour(f.colour) for f in winners] + [theme.SUNFLOWER, theme.CREAM]
                self.clock.schedule(0.5, lambda: self.particles.confetti(theme.WIDTH, colours, 220))
            sound = "fanfare" if winners else "bell"
            self.clock.schedule(0.9, lambda: self.app.sounds.play(sound))

    def play_again(self) -> None:
        if self.play_again_action is not None and self.kept():
            self.play_again_action()

    def to_title(self) -> None:
        if self.kept():
            self.app.to_title()

    def kept(self) -> bool:
        """Whether the screen may be left: the finished game is written (or never needed to be), or
        the player was told it still is not and chose to leave again."""
        if self.keep is None:
            return True
        problem = self.keep()
        if not problem or self.warned:
            self.keep = None
            return True
        self.warned = True
        self.trouble = _("Still not written ({reason}): free some space and choose again (choosing again "
                         "without room lets this game go).").format(reason=reason_in_words(problem))
        self.app.sounds.play("error")
        return False

    def handle(self, intent: Intent) -> bool:
        if intent.kind in ("confirm", "press", "release") and self.unarmed():
            if intent.kind != "release":
                self.swallowed_at = self.age
            return True  # the key or click that ended the game must not deal the next one at once
        if intent.kind == "cancel":
            self.play_again() if self.back is not None else self.to_title()
            return True
        return super().handle(intent)

    def unarmed(self) -> bool:
        """The buttons take no press yet: the cards are still landing, or the presses that came before
        they landed still come in one burst (a fresh press after a rest presses them)."""
        return self.age < ARM_SECONDS or self.age - self.swallowed_at < MASH_GAP

    def update(self, dt: float) -> None:
        super().update(dt)
        self.particles.update(dt)

    def needs_frames(self) -> bool:
        return super().needs_frames() or len(self.particles) > 0

    def card_rect(self, index: int) -> pygame.Rect:
        """A player's card: wider and taller at a bigger text size, as far as the screen has room."""
        count = max(1, len(self.figures))
        gap = 36
        width = max(CARD_W, min(theme.px(CARD_W), (theme.WIDTH - 80 - (count - 1) * gap) // count))
        rows = max((row_slots(figures, width) for figures in self.figures), default=0)
        height = self._card_height(rows)
        total = count * width + (count - 1) * gap
        x = theme.WIDTH // 2 - total // 2 + index * (width + gap)
        return pygame.Rect(x, CARD_TOP + int(self.card_offsets[index]), width, height)

    def _card_height(self, rows: int) -> int:
        """A card's height for ``rows`` figures: as tall as their rows ask, within the screen; with a
        trouble to say (the game could not be written), its rows close up, down to the height of their
        words, to leave the trouble room to read: between 8-row cards (Linie 1 with a bot) and the
        buttons it was 12 px high, too small to read at all."""
        natural = min(CARD_ROOM, max(CARD_H, ROWS_TOP + rows * theme.px(ROW_STEP) + 24))
        if not self.trouble:
            return natural
        tightest = ROWS_TOP + rows * (theme.line_height(28, theme.TEXT_BOLD_FONT) - 4) + 16  # a row's value's line
        lines = theme.wrap(self.trouble, TROUBLE_SIZE, TROUBLE_W)
        room = self.again.rect.top - 2 * TROUBLE_GAP - len(lines) * theme.line_height(TROUBLE_SIZE) - CARD_TOP
        return min(natural, max(tightest, room))

    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        self.particles.draw(surface)  # confetti falls behind the words and cards, never over the figures
        # ... and behind the panel of who won: it crossed the headline's letters as it fell
        theme.panel(surface, self.header_rect(), theme.NIGHT, 28, theme.PLUM_LIGHT, 8)
        self._draw_headline(surface)
        if self.title:
            theme.draw_text(surface, self.title, (theme.WIDTH // 2, TITLE_Y), self._title_size(), theme.CREAM_DIM,
                            theme.TEXT_BOLD_FONT, "center")
        if self.trouble:
            self._draw_trouble(surface)
        for index, figures in enumerate(self.figures):
            self._draw_card(surface, self.card_rect(index), figures)
        super().draw(surface)

    def _headline(self) -> tuple[list[tuple[str, int | None]], str, int]:
        """The headline's parts (a winner's index where a name stands), its whole words, its size: three
        long names who share the win shrink to the screen."""
        winners = [f for f in self.figures if f.winner]
        parts = headline_parts([f.name for f in winners], bool(self.outcome.get("draw")))
        said = "".join(text for text, _winner in parts)
        return parts, said, theme.fit_text(said, 96, theme.WIDTH - 120, theme.DISPLAY_FONT)

    def _title_size(self) -> int:
        """Long names, and why the game ended, shrink to the screen."""
        return theme.fit_text(self.title, 34, theme.WIDTH - 120, theme.TEXT_BOLD_FONT)

    def header_rect(self) -> pygame.Rect:
        """The panel under the headline and the title: as wide as the longer needs, from above the
        headline to under the title's letters, clear of the winner's crown on the cards' top."""
        _parts, said, size = self._headline()
        if size >= theme.HEADING_FIXED:
            size = theme.unscaled(size)  # as ``theme.heading`` draws it
        head_w, head_h = theme.render_text(said, size, theme.CREAM, theme.DISPLAY_FONT).get_size()
        width, bottom = head_w, HEADLINE_Y + head_h // 2 + 8
        if self.title:  # placed as ``theme.draw_text`` places a line by its middle
            title_size = self._title_size()
            image = theme.render_text(self.title, title_size, theme.CREAM, theme.TEXT_BOLD_FONT)
            drop, letters = theme.optical_middle(theme.px(title_size), theme.TEXT_BOLD_FONT)
            width = max(width, image.get_width())
            bottom = max(bottom, TITLE_Y - image.get_height() // 2 + drop + letters + 8)
        top = max(12, HEADLINE_Y - head_h // 2 - 14)
        rect = pygame.Rect(0, top, min(theme.WIDTH - 40, width + 96), min(bottom, HEADER_BOTTOM) - top)
        rect.centerx = theme.WIDTH // 2
        return rect

    def _draw_headline(self, surface: pygame.Surface) -> None:
        """"Ada wins!": each winner's name in their seat colour, the words around in cream, so a winner
        in yellow reads as clearly as one in blue; a draw, or nobody's win, in gold."""
        winners = [f for f in self.figures if f.winner]
        parts, said, size = self._headline()
        if not winners:
            theme.heading(surface, said, (theme.WIDTH // 2, HEADLINE_Y), size, theme.SUNFLOWER)
            return
        coloured = [(text, theme.CREAM if winner is None else headline_colour(winners[winner].colour))
                    for text, winner in parts]
        theme.heading_in_parts(surface, coloured, (theme.WIDTH // 2, HEADLINE_Y), size)

    def _draw_trouble(self, surface: pygame.Surface) -> None:
        """The trouble in coral between the cards (where they come to rest) and the buttons, wrapped, as
        large as that room allows and never below ``TROUBLE_PX`` (the cards made room for it, and the
        gaps around it close up where even that is short: 8 rows at 150 %)."""
        cards = max((self.card_rect(index).bottom - int(self.card_offsets[index])
                     for index in range(len(self.figures))), default=CARD_TOP)
        least = theme.unscaled(TROUBLE_PX)
        gap = max(4, min(TROUBLE_GAP, (self.again.rect.top - cards - theme.line_height(least)) // 2))
        top, bottom = cards + gap, self.again.rect.top - gap
        size, lines, step = theme.fit_lines(self.trouble, TROUBLE_SIZE, TROUBLE_W,
                                            max(theme.line_height(least), bottom - top), minimum=least)
        y = (top + bottom) // 2 - len(lines) * step // 2
        for line in lines:
            theme.draw_text(surface, line, (theme.WIDTH // 2, y), size, theme.CORAL, anchor="midtop")
            y += step

    def _draw_card(self, surface: pygame.Surface, rect: pygame.Rect, figures: PlayerFigures) -> None:
        colour = theme.player_colour(figures.colour)
        bobbing = figures.winner and self.age < self.BOB_SECONDS
        lift = int(math.sin(self.age * 3) * 8 * (1 - self.age / self.BOB_SECONDS)) if bobbing else 0
        rect = rect.move(0, -lift)
        theme.panel(surface, rect, theme.PLUM, 28, colour, 12)
        band = pygame.Rect(rect.x, rect.y, rect.width, 120)
        pygame.draw.rect(surface, colour, band, border_top_left_radius=28, border_top_right_radius=28)
        name_size = theme.fit_text(figures.name, 44, rect.width - 40, theme.DISPLAY_FONT)
        theme.draw_text(surface, figures.name, (rect.centerx, band.centery), name_size, theme.INK,
                        theme.DISPLAY_FONT, "center")
        if figures.winner:
            _crown(surface, (rect.centerx, rect.y - 8))
        headline_colour = theme.SUNFLOWER if figures.winner else theme.CREAM
        if figures.headline:  # every card's at one size: "Still building" never reads over "22 squares to go"
            size = min(theme.fit_text(other.headline, 46, rect.width - 40, theme.DISPLAY_FONT)
                       for other in self.figures if other.headline)
            theme.draw_text(surface, figures.headline, (rect.centerx, band.bottom + 50), size, headline_colour,
                            theme.DISPLAY_FONT, "center")
        y = rect.y + ROWS_TOP
        rows = max(row_slots(other, rect.width) for other in self.figures)  # one step on every card: rows line up
        step = min(theme.px(ROW_STEP), (rect.height - ROWS_TOP - 16) // max(1, rows))
        for label, value in figures.rows:
            if not value:  # a remark: wrapped at the labels' size, its lines closer than two rows
                size, lines = remark_lines(label, rect.width)
                for number, line in enumerate(lines):
                    theme.draw_text(surface, line, (rect.x + 24, y), size, theme.CREAM_DIM)
                    y += step if number == len(lines) - 1 else min(step, theme.line_height(size))
                continue
            label_size, value_size = row_sizes(label, value, rect.width)
            theme.draw_text(surface, value, (rect.right - 24, y), value_size, theme.CREAM, theme.TEXT_BOLD_FONT,
                            "topright")
            theme.draw_text(surface, label, (rect.x + 24, y), label_size, theme.CREAM_DIM)
            y += step


def headline_colour(colour: int) -> theme.Colour:
    """A winner's name in the results' headline: their seat colour, lightened where it would not read
    on the night background."""
    return theme.text_colour(theme.player_colour(colour), theme.NIGHT)


def row_sizes(label: str, value: str, width: int) -> tuple[int, int]:
    """The text sizes of a card's row in a card ``width`` wide: the value at the right takes up to half,
    the label the room left of it; a row with no value (a remark) has the whole width for its label."""
    if not value:
        return remark_lines(label, width)[0], 0
    value_size = theme.fit_text(value, 28, width // 2 - 10, theme.TEXT_BOLD_FONT)
    value_width = theme.font(value_size, theme.TEXT_BOLD_FONT).size(value)[0]
    return theme.fit_text(label, LABEL_SIZE, width - 24 - value_width - 40), value_size


def remark_lines(label: str, width: int) -> tuple[int, list[str]]:
    """A remark (a row with no value: what broke a tie) in a card ``width`` wide: wrapped onto two lines
    at the size of the card's labels rather than shrunk to one line, which at a small window (the
    canvas at 71 %) left it too small to read; only what two lines cannot hold shrinks."""
    size, lines, _step = theme.fit_lines(label, LABEL_SIZE, width - 48, 2 * theme.line_height(LABEL_SIZE))
    return size, lines


def row_slots(figures: PlayerFigures, width: int) -> int:
    """The rows a card's figures take in a card ``width`` wide: a remark wrapped onto two lines takes two."""
    return sum(len(remark_lines(label, width)[1]) if not value else 1 for label, value in figures.rows)


def _card_tween(scene: ResultsScene, index: int) -> Any:
    def set_offset(value: Any) -> None:
        scene.card_offsets[index] = float(value)

    return Tween(700.0, 0.0, 0.7, set_offset, "out_back", delay=0.12 * index)


def _crown(surface: pygame.Surface, top_centre: tuple[int, int]) -> None:
    x, y = top_centre
    points = [(x - 52, y + 26), (x - 58, y - 30), (x - 26, y - 4), (x, y - 44), (x + 26, y - 4), (x + 58, y - 30),
              (x + 52, y + 26)]
    pygame.draw.polygon(surface, theme.SHADOW, [(px + 3, py + 5) for px, py in points])
    pygame.draw.polygon(surface, theme.SUNFLOWER, points)
    pygame.draw.polygon(surface, theme.TANGERINE_DARK, points, width=3)
    for px, py in ((x - 58, y - 30), (x, y - 44), (x + 58, y - 30)):
        pygame.draw.circle(surface, theme.CORAL, (px, py), 8)
