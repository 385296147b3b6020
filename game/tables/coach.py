"""First-game hints: in a player's first game of a title, a short word at the moment it applies.

Each game lists its moments (``game/tables/<game>/hints.py``): what to do now, and what a refusal
means and how to get past it. The coach says each once, only while a player of this screen decides
(never in a replay or to a spectator), one at a time, and lets it go when the moment has passed or
the player clicks "Got it". "No more hints" switches them off for every title (Settings switches
them on again). When a player of this screen has played a title to its end, that title's hints
stop: the first game is over.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.i18n import _
from game.ui import theme
from game.ui.input import Intent

REFUSAL_SECONDS = 9.0  # a refusal's explanation stays this long unless the player dismisses it
FADE_SECONDS = 0.25
WIDTH = 660
TEXT_SIZE = 25
LINK_SIZE = 22


@dataclass(frozen=True)
class Moment:
    """A hint and when it applies: ``applies(table)`` reads only what the table shows its player."""

    key: str
    text: str
    applies: Callable[[Any], bool]


# A refusal's explanation: its words (marked with N_), or a function of the refusal's parameters that
# chooses them, where the words must fit the case (one action owed or two)
Explanation = str | Callable[[Mapping[str, Any]], str]


@dataclass(frozen=True)
class GameHints:
    """One title's hints: its moments, in the order they are worth saying, and refusal explanations
    keyed by refusal code (``linie1.rule_b_into_building``) or by a code's start (``linie1.rule_``)."""

    moments: tuple[Moment, ...]
    refusals: dict[str, Explanation] = field(default_factory=dict)

    def explain(self, code: str, params: Mapping[str, Any] | None = None) -> tuple[str, str] | None:
        """The refusal explanation for ``code`` (with its ``params``) and the key it is remembered under
        (the longest match): whichever words a case chose, the refusal is explained once."""
        matches = [key for key in self.refusals if code == key or (key.endswith("_") and code.startswith(key))]
        if not matches:
            return None
        key = max(matches, key=len)
        words = self.refusals[key]
        if callable(words):
            try:
                words = words(params or {})
            except (KeyError, TypeError, ValueError):  # a host of another version: no explanation
                return None
        return f"refused:{key}", words


class HintMemory:
    """Which hints a player has seen, per title, kept in the settings so a resumed first game does
    not say them twice."""

    def __init__(self, settings: Any, save: Callable[[], Any]) -> None:
        self.settings = settings
        self.save = save

    @property
    def enabled(self) -> bool:
        return bool(getattr(self.settings, "hints", False))

    def wanted(self, game: str) -> bool:
        return self.enabled and game not in self.settings.hints_done

    def seen(self, game: str) -> set[str]:
        return set(self.settings.hints_seen.get(game, []))

    def remember(self, game: str, key: str) -> None:
        seen = self.settings.hints_seen.setdefault(game, [])
        if key not in seen:
            seen.append(key)
            self.save()

    def finished(self, game: str) -> None:
        """A player of this screen played ``game`` to its end: its first game is over."""
        if game not in self.settings.hints_done:
            self.settings.hints_done.append(game)
            self.settings.hints_seen.pop(game, None)
            self.save()

    def switch_off(self) -> None:
        self.settings.hints = False
        self.save()


class Coach:
    """Says one title's hints at their moments (see the module docstring)."""

    def __init__(self, game: str, hints: GameHints, memory: HintMemory, players_here: int = 1) -> None:
        self.game = game
        # Several newcomers at one screen (hot-seat) each hear every hint once, in this sitting.
        self.said_to: dict[int, set[str]] | None = {} if players_here > 1 else None
        self.seat: int | None = None
        self.hints = hints
        self.memory = memory
        self.current: tuple[str, str] | None = None  # (key, text) on screen
        self.text = ""  # the last hint said: still drawn while it fades out
        self.said: str | None = None  # its key: a table places the fading bubble where it stood
        self.moment: Moment | None = None  # the moment shown, while it applies
        self.left = 0.0  # seconds a refusal's explanation stays
        self.alpha = 0.0  # 0..1: fades in and out
        self.links: dict[str, pygame.Rect] = {}
        self.armed: str | None = None
        self.box: pygame.Rect | None = None
        self.max_width = WIDTH  # a table with a wide empty place may let the bubble take fewer, longer lines

    @property
    def active(self) -> bool:
        return self.memory.wanted(self.game)

    def shown_box(self) -> pygame.Rect | None:
        """Where the hint's bubble stands while it shows (None: no hint shows): the LAN chat's fading
        lines keep off it."""
        return self.box if self.alpha > 0 and self.text else None

    # -- what is said ---------------------------------------------------------------------------
    def consider(self, table: Any, deciding: bool, seat: int | None = None) -> None:
        """Once per frame: let a passed moment go; say the first unseen moment that applies now to
        ``seat``, the player of this screen deciding."""
        if not self.active:
            self.current = self.moment = None
            return
        if self.moment is not None and not (deciding and _applies(self.moment, table)):
            self.current = self.moment = None
        if self.current is not None or not deciding:
            return
        self.seat = seat
        seen = self._seen()
        for moment in self.hints.moments:
            if moment.key not in seen and _applies(moment, table):
                self._say(moment.key, moment.text)
                self.moment = moment
                return

    def refused(self, code: str, params: Mapping[str, Any] | None = None) -> None:
        """A refusal: explain it the first time it happens (it replaces a moment's hint)."""
        if not self.active or not code:
            return
        explained = self.hints.explain(code, params)
        if explained is None or explained[0] in self._seen():
            return
        self._say(*explained)
        self.moment = None
        self.left = REFUSAL_SECONDS

    def _seen(self) -> set[str]:
        if self.said_to is not None:
            return self.said_to.get(self.seat if self.seat is not None else -1, set())
        return self.memory.seen(self.game)

    def _say(self, key: str, text: str) -> None:
        self.current = (key, text)
        self.text, self.said = text, key
        self.alpha = min(self.alpha, 0.2)
        self.memory.remember(self.game, key)
        if self.said_to is not None:
            self.said_to.setdefault(self.seat if self.seat is not None else -1, set()).add(key)

    def dismiss(self) -> None:
        self.current = self.moment = None

    def switch_off(self) -> None:
        self.memory.switch_off()
        self.dismiss()

    # -- frame ----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.current is not None and self.moment is None:
            self.left -= dt
            if self.left <= 0:
                self.current = None
        target = 1.0 if self.current is not None else 0.0
        step = dt / FADE_SECONDS
        self.alpha = min(target, self.alpha + step) if target > self.alpha else max(target, self.alpha - step)

    @property
    def settling(self) -> bool:
        """Fading in or out: the table needs smooth frames until the hint rests."""
        return self.alpha != (1.0 if self.current is not None else 0.0)

    def handle(self, intent: Intent) -> bool:
        """Clicks on "Got it" and "No more hints" (acting on release, like every button)."""
        if self.current is None or intent.pos is None:
            return False
        if intent.kind == "press":  # elsewhere on the bubble a click reaches what lies under it
            self.armed = next((name for name, rect in self.links.items() if rect.collidepoint(intent.pos)), None)
            return self.armed is not None
        if intent.kind == "release" and self.armed is not None:
            chosen, self.armed = self.armed, None
            if self.links.get(chosen, pygame.Rect(0, 0, 0, 0)).collidepoint(intent.pos):
                self.switch_off() if chosen == "off" else self.dismiss()
            return True
        return False

    def bubble_height(self, width: int) -> int:
        """How tall the bubble of the hint on screen is at ``width``: a table may choose a place it fits."""
        lines = theme.wrap(_(self.text), TEXT_SIZE, min(self.max_width, width) - 96) if self.text else []
        return _bubble_height(len(lines))

    def least_height(self, width: int) -> int:
        """How tall the bubble is at ``width`` with its words as small as a table's room may make them
        (as at 100 %, ``_fitting``): a place on the board that must hide little asks for no more."""
        floor = min(TEXT_SIZE, theme.unscaled(TEXT_SIZE))
        lines = theme.wrap(_(self.text), floor, min(self.max_width, width) - 96) if self.text else []
        return _bubble_height(len(lines), floor)

    def draw(self, surface: pygame.Surface, anchor: pygame.Rect, pointer: tuple[int, int] | None = None) -> None:
        """The hint in a bubble hanging from ``anchor``'s top centre, at most as wide and never below its
        bottom (fainter while the pointer is under it, so nothing it covers is lost)."""
        text = _(self.text)  # marked with N_ in each game's hints.py
        if self.alpha <= 0 or not text:
            self.links = {}
            return
        width = min(self.max_width, anchor.width)
        size, lines = _fitting(text, width, anchor.height)
        line_height = theme.text_font(size).get_linesize()
        box = pygame.Rect(0, 0, width, _bubble_height(len(lines), size))
        box.midtop = anchor.midtop
        box.bottom = min(box.bottom, anchor.bottom)  # a long hint grows upwards, never below the anchor
        box.top = max(box.top, 0)  # ... and never off the top of the screen (then it runs below instead)
        self.box = box
        faint = pointer is not None and box.collidepoint(pointer) and not any(
            rect.collidepoint(pointer) for rect in self.links.values())
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        local = layer.get_rect()
        pygame.draw.rect(layer, (*theme.SHADOW, 110), local.move(0, 6), border_radius=20)
        pygame.draw.rect(layer, theme.CREAM, local.inflate(0, -6).move(0, -3), border_radius=20)
        pygame.draw.rect(layer, theme.SUNFLOWER, local.inflate(0, -6).move(0, -3), 4, border_radius=20)
        bulb = (40, 30 + line_height // 2)
        pygame.draw.circle(layer, theme.SUNFLOWER, bulb, 18)
        theme.draw_text(layer, "?", bulb, 28, theme.INK, theme.DISPLAY_FONT, anchor="center")
        y = 24
        for line in lines:
            theme.draw_text(layer, line, (72, y), size, theme.INK)
            y += line_height
        y += 10
        self.links = {}
        x = local.right - 28
        for name, label in (("off", _("No more hints")), ("ok", _("Got it"))):
            colour = theme.TANGERINE_DARK if name == "ok" else theme.shade(theme.INK, 1.5)
            rect = theme.draw_text(layer, label, (x, y), LINK_SIZE, colour, theme.TEXT_BOLD_FONT, anchor="topright")
            if self.current is not None:  # a hint fading out takes no clicks
                self.links[name] = rect.inflate(16, 12).move(box.x, box.y)
            x = rect.left - 32
        layer.set_alpha(int(255 * self.alpha * (0.25 if faint else 1.0)))
        surface.blit(layer, box)


def phase_is(table: Any, phase: str) -> bool:
    """Whether the view on ``table``'s screen is in ``phase`` (most moments start there)."""
    return bool(table.view["phase"] == phase)


def _applies(moment: Moment, table: Any) -> bool:
    """A moment's test never breaks the table: a view it does not understand is no moment."""
    try:
        return bool(moment.applies(table))
    except (KeyError, IndexError, TypeError, AttributeError, ValueError):
        return False


def _bubble_height(lines: int, size: int = TEXT_SIZE) -> int:
    """A hint bubble's height for so many lines of text: margins, the text and the links' row."""
    return 28 + lines * theme.text_font(size).get_linesize() + 16 + theme.px(LINK_SIZE) + 22


def _fitting(text: str, width: int, room: int) -> tuple[int, list[str]]:
    """The hint's text size and lines in a bubble ``width`` wide. At a large text size a hint taller
    than the ``room`` its table gave it would grow up over what it talks about (Liniell's drawn tile
    under "Turn the drawn tile"): there its words get smaller, step by step, until it fits, but never
    smaller than they are at 100 %."""
    floor = min(TEXT_SIZE, theme.unscaled(TEXT_SIZE))
    size = TEXT_SIZE
    lines = theme.wrap(text, size, width - 96)
    while size > floor and _bubble_height(len(lines), size) > room:
        size -= 1
        lines = theme.wrap(text, size, width - 96)
    return size, lines
