"""Widgets: buttons, toggles, sliders, choices, text input, lists — and the focus group that
navigates them by mouse, keyboard or gamepad alike.

Widgets sit at fixed rects on the 1920 × 1080 logical canvas. A ``FocusGroup`` owns a screen's
widgets: pointer intents go to the widget under the pointer, directional intents move the focus
to the nearest widget that way (or adjust a slider/choice), ``confirm`` activates the focused one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.i18n import _
from game.ui import theme
from game.ui.colour_vision import contrast
from game.ui.input import Intent

Sound = Callable[[str], None]
STYLES: dict[str, tuple[theme.Colour, theme.Colour, theme.Colour]] = {
    # face, lip (the darker edge that makes a button look pressable), label
    "primary": (theme.TANGERINE, theme.TANGERINE_DARK, theme.INK),
    "secondary": (theme.PLUM_LIGHT, theme.PLUM, theme.CREAM),
    "danger": (theme.CORAL, theme.CORAL_DARK, theme.INK),
    "good": (theme.MINT, theme.MINT_DARK, theme.INK),
}
LIP = 7


LABEL_MARGIN = 30  # a button's label has its width less this (the rounded ends)
VALUE_MARGIN = 110  # a choice's value has its area's width less this (the arrows either side)


def room_for_labels(labels: Sequence[str], size: int = 40) -> int:
    """The width a button needs so that each of ``labels`` reads at ``size`` at the player's text size
    (a menu widens at a large text size rather than shrink one long word below its neighbours)."""
    return max((theme.font(size, theme.DISPLAY_FONT).size(label)[0] for label in labels), default=0) + LABEL_MARGIN + 8


def share_row(buttons: Sequence[Button], area: pygame.Rect, widths: Sequence[int], gap: int = 16,
              labels: Sequence[Sequence[str]] = (), justify: bool = False) -> None:
    """Lay ``buttons`` side by side in ``area``, the row ending at its right edge: each ``widths[i]``
    wide where its label reads at the button's own size, else as wide as its label needs, taken from
    the buttons wider than theirs needs; where the row has not that room, every label shrinks by one
    factor, so the row reads at one size rather than one long word far below its neighbours.
    ``labels[i]`` are all the labels button ``i`` may show in this row (the widest counts); ``justify``
    spreads the row across the whole area, the first button at its left edge."""
    words = [list(labels[index]) if index < len(labels) else [button.label] for index, button in enumerate(buttons)]
    room = area.width - gap * (len(buttons) - 1)
    factor = 1.0
    while True:
        sizes = [max(12, round(button.base_size * factor)) for button in buttons]
        needs = [room_for_labels(said, size) for said, size in zip(words, sizes, strict=True)]
        if sum(needs) <= room or factor <= 0.5:
            break
        factor -= 0.02
    given = [max(width, need) for width, need in zip(widths, needs, strict=True)]
    over = sum(given) - room
    spare = [width - need for width, need in zip(given, needs, strict=True)]
    if over > 0 and sum(spare) > 0:  # taken from the buttons with room to spare, in proportion to it
        given = [width - min(extra, -(-over * extra // sum(spare))) for width, extra in zip(given, spare, strict=True)]
    if justify and len(buttons) > 1:
        gap = max(gap, (area.width - sum(given)) // (len(buttons) - 1))
    x = area.right - sum(given) - gap * (len(buttons) - 1)
    for button, width, size in zip(buttons, given, sizes, strict=True):
        button.rect = pygame.Rect(x, area.y, width, area.height)
        button.size = size
        x += width + gap


def tinted(colour: theme.Colour) -> tuple[theme.Colour, theme.Colour, theme.Colour]:
    """A button style in ``colour`` (a seat's, on the hot-seat cover): a darker lip, and whichever of ink
    or cream reads better on it as the label."""
    ink = theme.INK if contrast(theme.INK, colour) >= contrast(theme.CREAM, colour) else theme.CREAM
    return colour, theme.shade(colour, 0.7), ink


class Widget:
    """A control. A click acts on release over the same widget (``press`` is then called with where),
    so a press that slides off cancels, and a screen that appears under a held button never receives
    its release. Widgets that follow the pointer while held (a slider) set ``acts_on_press``."""

    focusable = True
    consumes_horizontal = False
    acts_on_press = False
    tooltip_above = False  # with no room beside it, the tooltip goes above (what lies below matters more)
    # False: never beside, where its neighbours in a row (a replay's bar) must stay in sight; "left": the
    # left first, where the right holds what the widget belongs to (a seat's colour left of its name)
    tooltip_beside: bool | str = True
    tooltip_anchor: pygame.Rect | None = None  # what the bubble keeps clear of, if more than the widget (its label)

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], tooltip: str | None = None) -> None:
        self.rect = pygame.Rect(rect)
        self.tooltip = tooltip
        self.enabled = True
        self.visible = True
        self.hovered = False
        self.focused = False
        self.held = False  # pressed, waiting for the release
        self.glow = 0.0  # 0..1, eased towards 1 while hovered or focused
        self.sound: Sound = lambda name: None

    @property
    def interactive(self) -> bool:
        return self.enabled and self.visible and self.focusable

    def update(self, dt: float) -> None:
        target = 1.0 if (self.hovered or self.focused) and self.enabled else 0.0
        step = dt * 8
        self.glow = min(target, self.glow + step) if target > self.glow else max(target, self.glow - step)

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.visible and self.rect.collidepoint(pos)

    @property
    def settling(self) -> bool:
        """Still easing towards how it rests (its glow): it needs smooth frames until it is there."""
        target = 1.0 if (self.hovered or self.focused) and self.enabled else 0.0
        return abs(self.glow - target) > 1e-3

    def activate(self) -> None:
        """What confirm (Enter, pad A, a click) does."""

    def handle(self, intent: Intent) -> bool:
        """Keyboard/pad intents while focused; True when consumed."""
        if intent.kind == "confirm":
            self.activate()
            return True
        return False

    def press(self, pos: tuple[int, int]) -> None:
        """A click at ``pos`` (on release, or on press for ``acts_on_press`` widgets)."""
        self.activate()

    def drag(self, pos: tuple[int, int]) -> None:
        pass

    def release(self, pos: tuple[int, int]) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def draw_focus(self, surface: pygame.Surface, radius: int = 18) -> None:
        if self.focused and self.enabled:
            ring = self.rect.inflate(12, 12)
            pygame.draw.rect(surface, theme.SUNFLOWER, ring, width=4, border_radius=radius + 6)


CAPTION_MARGIN = 40  # a button's second line keeps this much of its width free, half on each side


def caption_least(size: int) -> int:
    """The smallest design size a button's second line (under a label of ``size``) is drawn at: it is
    cut with "…" rather than shrink further."""
    return size * 2 // 5


class Button(Widget):
    def __init__(self, rect: Any, label: str, on_click: Callable[[], None], style: str = "primary",
                 size: int = 40, tooltip: str | None = None, name: str | None = None, caption: str = "",
                 tint: theme.Colour | None = None) -> None:
        super().__init__(rect, tooltip)
        self.label = label
        self.tint = tint  # a face in this colour instead of the style's (the player a cover hands to)
        self.caption = caption  # a smaller line under the label (what Continue continues)
        self.on_click = on_click
        self.style = style
        self.size = size  # the label's design size (``share_row`` may shrink a whole row's alike)
        self.base_size = size  # the size it asks for where there is room
        self.name = name or label
        self.pressed_time = 0.0

    def activate(self) -> None:
        if not self.enabled:
            self.sound("error")
            return
        self.sound("click")
        self.pressed_time = 0.12
        self.on_click()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.pressed_time = max(0.0, self.pressed_time - dt)

    @property
    def settling(self) -> bool:
        return super().settling or self.pressed_time > 0
    def draw(self, surface: pygame.Surface) -> None:
        face, lip, ink = tinted(self.tint) if self.tint is not None else STYLES[self.style]
        if not self.enabled:
            face, lip, ink = theme.shade(face, 0.55), theme.shade(lip, 0.55), theme.shade(ink, 0.9)
        face = theme.mix(face, theme.shade(face, 1.25), self.glow)
        sink = LIP if self.pressed_time > 0 or self.held else int(2 * (1 - self.glow))
        body = self.rect.move(0, sink - LIP + 2)
        pygame.draw.rect(surface, lip, self.rect.move(0, 2), border_radius=18)
        pygame.draw.rect(surface, face, body.inflate(0, -LIP).move(0, -LIP // 2 + sink // 2 + 1),
                         border_radius=18)
        top = body.inflate(-18, -LIP).move(0, -LIP // 2)
        highlight = pygame.Rect(top.x, top.y + 4, top.width, max(4, top.height // 3))
        pygame.draw.rect(surface, theme.shade(face, 1.12), highlight, border_radius=12)
        size = theme.fit_text(self.label, self.size, self.rect.width - LABEL_MARGIN, theme.DISPLAY_FONT)
        middle = body.centery - LIP // 2
        if self.caption:
            # within the button at a size that reads: a long table's or player's name is cut with "…",
            # where it once ran out of the button at 12 px over its neighbours
            room = self.rect.width - CAPTION_MARGIN
            small = theme.fit_text(self.caption, self.size * 11 // 20, room, theme.TEXT_BOLD_FONT,
                                   minimum=caption_least(self.size))
            caption = theme.shortened(self.caption, small, room, theme.TEXT_BOLD_FONT)
            theme.draw_text(surface, caption, (body.centerx, middle + theme.px(size) * 2 // 5 + 2), small,
                            theme.mix(ink, face, 0.3), theme.TEXT_BOLD_FONT, "center")
            middle -= theme.px(small) * 3 // 5
        theme.draw_text(surface, self.label, (body.centerx, middle), size, ink, theme.DISPLAY_FONT, "center")
        self.draw_focus(surface)


class Toggle(Widget):
    """An on/off switch with its label on the left."""

    def __init__(self, rect: Any, label: str, value: bool, on_change: Callable[[bool], None],
                 tooltip: str | None = None) -> None:
        super().__init__(rect, tooltip)
        self.label = label
        self.value = value
        self.on_change = on_change
        self.knob = 1.0 if value else 0.0

    def activate(self) -> None:
        if not self.enabled:
            return
        self.value = not self.value
        self.sound("click")
        self.on_change(self.value)

    def handle(self, intent: Intent) -> bool:
        if intent.kind in ("left", "right") and self.enabled:
            wanted = intent.kind == "right"
            if wanted != self.value:
                self.activate()
            return True
        return super().handle(intent)

    consumes_horizontal = True

    def update(self, dt: float) -> None:
        super().update(dt)
        target = 1.0 if self.value else 0.0
        self.knob += (target - self.knob) * min(1.0, dt * 14)

    def draw(self, surface: pygame.Surface) -> None:
        _draw_row_back(surface, self)
        self.draw_switch(surface, self.rect, self.label)
        self.draw_focus(surface)

    def label_fits_beside(self, size: int = 30) -> bool:
        """Whether the label reads at ``size`` on the switch's row (else a screen may give it a line of its own)."""
        return theme.fit_text(self.label, size, self.rect.width - 24 - 96 - 40) >= size  # as draw_switch at k = 1

    def draw_switch(self, surface: pygame.Surface, area: pygame.Rect, label: str) -> None:
        """The label on the left of ``area`` and the switch on its right."""
        # the switch grows with the text size, as far as its row and its label leave room
        room = area.width - 88 - theme.font(30).size(label)[0]
        k = max(1.0, min(theme.ui_scale(), (area.height - 10) / 46, room / 96))
        track = pygame.Rect(0, 0, round(96 * k), round(46 * k))
        track.midright = (area.right - 24, area.centery)
        if label:
            size = theme.fit_text(label, 30, track.x - area.x - 40)
            theme.draw_text(surface, label, (area.x + 24, area.centery), size,
                            theme.CREAM if self.enabled else theme.CREAM_DIM, anchor="midleft")
        radius = track.height // 2
        colour = theme.mix(theme.PLUM, theme.MINT, self.knob)
        pygame.draw.rect(surface, colour, track, border_radius=radius)
        pygame.draw.rect(surface, theme.SHADOW, track, width=2, border_radius=radius)
        label_x = track.x + round(30 * k) if self.value else track.right - round(30 * k)
        word = _("ON") if self.value else _("OFF")
        theme.draw_text(surface, word, (label_x, track.centery), theme.fit_text(word, 18, round(40 * k), minimum=8),
                        theme.INK if self.value else theme.CREAM_DIM, theme.DISPLAY_FONT, "center")
        x = track.x + radius + int(self.knob * (track.width - 2 * radius))
        pygame.draw.circle(surface, theme.SHADOW, (x, track.centery + 3), radius - 4)
        pygame.draw.circle(surface, theme.CREAM, (x, track.centery), radius - 4)


class Slider(Widget):
    """A value between ``low`` and ``high`` in ``step``s; left/right nudge, the mouse drags."""

    consumes_horizontal = True
    acts_on_press = True

    def __init__(self, rect: Any, label: str, value: float, low: float, high: float, step: float,
                 on_change: Callable[[float], None], fmt: Callable[[float], str] = lambda v: f"{v:.0%}",
                 tooltip: str | None = None) -> None:
        super().__init__(rect, tooltip)
        self.label, self.low, self.high, self.step = label, low, high, step
        self.value = self._snap(value)
        self.on_change = on_change
        self.fmt = fmt

    def _snap(self, value: float) -> float:
        steps = round((min(self.high, max(self.low, value)) - self.low) / self.step)
        return round(self.low + steps * self.step, 6)

    KNOB_RADIUS = 20

    @property
    def track(self) -> pygame.Rect:
        """The bar, right of the label and clear of the value: at a large text size "100%" is wider, so the
        bar ends where the knob at its end still leaves a gap before the widest value."""
        widest = max(theme.font(30, theme.DISPLAY_FONT).size(self.fmt(value))[0] for value in (self.low, self.high))
        room = 24 + widest + 16 + self.KNOB_RADIUS  # the row's edge, the value, a gap, the knob past the bar's end
        rect = pygame.Rect(0, 0, int(self.rect.width * 0.42), 14)
        rect.midright = (self.rect.right - max(150, room), self.rect.centery)
        return rect

    def set(self, value: float) -> None:
        value = self._snap(value)
        if value != self.value:
            self.value = value
            self.sound("hover")
            self.on_change(value)

    def handle(self, intent: Intent) -> bool:
        if intent.kind == "left":
            self.set(self.value - self.step)
            return True
        if intent.kind == "right":
            self.set(self.value + self.step)
            return True
        return intent.kind == "confirm"

    def press(self, pos: tuple[int, int]) -> None:
        self.drag(pos)

    def drag(self, pos: tuple[int, int]) -> None:
        track = self.track
        fraction = (pos[0] - track.x) / max(1, track.width)
        self.set(self.low + fraction * (self.high - self.low))

    def draw(self, surface: pygame.Surface) -> None:
        _draw_row_back(surface, self)
        theme.draw_text(surface, self.label, (self.rect.x + 24, self.rect.centery), 30, anchor="midleft")
        track = self.track
        pygame.draw.rect(surface, theme.SHADOW, track, border_radius=7)
        fraction = (self.value - self.low) / (self.high - self.low)
        filled = track.copy()
        filled.width = max(14, int(track.width * fraction))
        pygame.draw.rect(surface, theme.TANGERINE, filled, border_radius=7)
        knob = (track.x + int(track.width * fraction), track.centery)
        pygame.draw.circle(surface, theme.SHADOW, (knob[0], knob[1] + 3), self.KNOB_RADIUS)
        pygame.draw.circle(surface, theme.CREAM, knob, self.KNOB_RADIUS)
        pygame.draw.circle(surface, theme.TANGERINE, knob, 9)
        theme.draw_text(surface, self.fmt(self.value), (self.rect.right - 24, self.rect.centery), 30,
                        theme.SUNFLOWER, theme.DISPLAY_FONT, "midright")
        self.draw_focus(surface)


class Choice(Widget):
    """One value out of a list, cycled with ◀ ▶ (arrows, clicks on either half, pad). A scale
    (``wraps=False``: speeds, text sizes, a player count) stops at its ends instead, its arrow there
    dimmed: ▶ once more at 8× must not turn the replay to ½×. Enter still steps round, so the keys
    alone reach every value."""

    consumes_horizontal = True

    def __init__(self, rect: Any, label: str, options: Sequence[tuple[Any, str]], value: Any,
                 on_change: Callable[[Any], None], tooltip: str | None = None, label_width: int = 0,
                 size: int = 30, wraps: bool = True) -> None:
        super().__init__(rect, tooltip)
        self.label = label
        self.options = list(options)
        self.index = next((i for i, (v, _text) in enumerate(self.options) if v == value), 0)
        self.on_change = on_change
        self.label_width = label_width
        self.size = size
        self.wraps = wraps

    @property
    def value(self) -> Any:
        return self.options[self.index][0]

    @property
    def text(self) -> str:
        return self.options[self.index][1]

    def step(self, delta: int, wrap: bool | None = None) -> None:
        if not self.enabled or len(self.options) < 2:
            return
        if not (self.wraps if wrap is None else wrap) and not 0 <= self.index + delta < len(self.options):
            return  # a scale's end: nothing further that way
        self.index = (self.index + delta) % len(self.options)
        self.sound("hover")
        self.on_change(self.value)

    def at_end(self, direction: int) -> bool:
        """A scale that goes no further in ``direction`` (-1, 1) from its value."""
        return not self.wraps and not 0 <= self.index + direction < len(self.options)

    def activate(self) -> None:
        self.step(1, wrap=True)

    def handle(self, intent: Intent) -> bool:
        if intent.kind == "left":
            self.step(-1)
            return True
        if intent.kind == "right":
            self.step(1)
            return True
        return super().handle(intent)

    def press(self, pos: tuple[int, int]) -> None:
        value_area = self.rect.copy()
        value_area.x += self.label_width
        value_area.width -= self.label_width
        self.step(-1 if pos[0] < value_area.centerx else 1)

    def draw(self, surface: pygame.Surface) -> None:
        _draw_row_back(surface, self)
        if self.label:
            room = (self.label_width or self.rect.width // 2) - 36
            theme.draw_text(surface, self.label, (self.rect.x + 24, self.rect.centery),
                            theme.fit_text(self.label, self.size, room), anchor="midleft")
        area = pygame.Rect(self.rect.x + self.label_width, self.rect.y, self.rect.width - self.label_width,
                           self.rect.height)
        colour = theme.SUNFLOWER if self.enabled else theme.CREAM_DIM
        arrows = len(self.options) > 1 and self.enabled
        if arrows:
            for direction, x in ((-1, area.x + 28), (1, area.right - 28)):
                _arrow(surface, (x, area.centery), direction, theme.shade(colour, 0.45) if self.at_end(direction)
                       else colour)
        room = area.width - (VALUE_MARGIN if arrows else 40)  # without arrows the value has their room too
        size = theme.fit_text(self.text, self.size, room, theme.DISPLAY_FONT)
        theme.draw_text(surface, self.text, (area.centerx, area.centery), size, colour,
                        theme.DISPLAY_FONT, "center")
        self.draw_focus(surface)


class TextInput(Widget):
    """A one-line text field (player names). Typing needs focus; Enter or Tab leaves it. Coming into
    the field selects what it holds, as fields do elsewhere: the first key typed replaces a name
    filled in for the player ("Player") instead of adding to it; a click in the field it already had (the
    first click after the pointer brought the focus is the one coming in) or an arrow key puts the caret
    back."""

    def __init__(self, rect: Any, text: str, on_change: Callable[[str], None], limit: int = 16,
                 placeholder: str = "", size: int = 30, tooltip: str | None = None) -> None:
        super().__init__(rect, tooltip)
        self.text = text
        self.on_change = on_change
        self.limit = limit
        self.placeholder = placeholder
        self.size = size
        self.caret = len(text)
        self.blink = 0.0
        self.all_selected = False  # the whole text, selected when the field gains the focus
        self._had_focus = False
        # the focus came with the pointer resting on the field: the click that follows is the one that
        # comes into it and keeps the selection ("Player 2" clicked and typed over became "Player 2Ben")
        self._pointer_brought_focus = False

    def update(self, dt: float) -> None:
        super().update(dt)
        self.blink = (self.blink + dt) % 1.0
        if self.focused and not self._had_focus:
            self.all_selected, self.caret = bool(self.text), len(self.text)
            self._pointer_brought_focus = self.hovered
        elif not self.focused:
            self.all_selected = self._pointer_brought_focus = False
        self._had_focus = self.focused

    def press(self, pos: tuple[int, int]) -> None:
        if self._had_focus and not self._pointer_brought_focus:  # a click in the field it already had:
            self.all_selected = False  # the caret, not the selection
        self._pointer_brought_focus = False  # a second click puts the caret
        self.caret = len(self.text)

    def activate(self) -> None:
        pass

    def _clear_selection(self) -> bool:
        """Remove the selected text, if the whole of it is selected; True when it was."""
        if not self.all_selected:
            return False
        self.all_selected = False
        self.text, self.caret = "", 0
        return True

    def handle(self, intent: Intent) -> bool:
        kind = intent.kind
        if kind == "text" and self.focused and not self._had_focus:
            # typed in the frame the focus came in (the letters right after the chat's T): added to what
            # the field holds, and the next update must not select them away for the next key to replace
            self._had_focus = True
        if kind in ("backspace", "delete") and self._clear_selection():
            self.on_change(self.text)
            return True
        if kind == "text":
            typed = "".join(ch for ch in str(intent.value) if ch.isprintable())
            if typed:
                self._clear_selection()  # what is typed replaces a selected text
            typed = typed[:max(0, self.limit - len(self.text))]
            if typed:
                self.text = self.text[:self.caret] + typed + self.text[self.caret:]
                self.caret += len(typed)
                self.on_change(self.text)
            return True
        if kind == "backspace" and self.caret > 0:
            self.text = self.text[:self.caret - 1] + self.text[self.caret:]
            self.caret -= 1
            self.on_change(self.text)
            return True
        if kind == "delete" and self.caret < len(self.text):
            self.text = self.text[:self.caret] + self.text[self.caret + 1:]
            self.on_change(self.text)
            return True
        if kind == "select_all":
            self.all_selected, self.caret = bool(self.text), len(self.text)
            return True
        if kind in ("left", "right", "home", "end"):
            self.all_selected = False
            self.caret = {"left": max(0, self.caret - 1), "right": min(len(self.text), self.caret + 1),
                          "home": 0, "end": len(self.text)}[kind]
            return True
        return kind in ("backspace", "delete")

    consumes_horizontal = True

    def draw(self, surface: pygame.Surface) -> None:
        box = self.rect
        fill = theme.CREAM if self.focused else theme.CREAM_DIM if self.enabled else theme.PLUM_LIGHT
        pygame.draw.rect(surface, fill, box, border_radius=12)
        pygame.draw.rect(surface, theme.SHADOW, box, width=2, border_radius=12)
        shown = self.text or self.placeholder
        colour = theme.INK if self.text else theme.shade(theme.CREAM_DIM, 0.7)
        size = theme.fit_text(shown or " ", self.size, box.width - 30, theme.TEXT_BOLD_FONT)
        if self.focused and self.all_selected and self.text:  # the selection, behind the text it holds
            width = theme.font(size, theme.TEXT_BOLD_FONT).size(self.text)[0]
            pygame.draw.rect(surface, theme.SUNFLOWER, (box.x + 10, box.centery - size // 2 - 4, width + 8, size + 8),
                             border_radius=6)
        rect = theme.draw_text(surface, shown, (box.x + 14, box.centery), size, colour, theme.TEXT_BOLD_FONT,
                               "midleft") if shown else pygame.Rect(box.x + 14, box.centery, 0, 0)
        if self.focused and self.blink < 0.55:
            before = theme.font(size, theme.TEXT_BOLD_FONT).size(self.text[:self.caret])[0] if self.text else 0
            x = box.x + 14 + before
            pygame.draw.line(surface, theme.TANGERINE, (x, box.centery - size // 2 - 2),
                             (x, box.centery + size // 2 + 2), 3)
        del rect
        self.draw_focus(surface, 12)


class ListView(Widget):
    """A vertical list of text rows; up/down move the selection, a click picks a row. A row "what\ndetail"
    shows its detail in smaller words under it (where the row is tall enough), rather than one long line
    shrunk to fit."""

    def __init__(self, rect: Any, items: Sequence[str], on_select: Callable[[int], None], selected: int = 0,
                 row_height: int = 64, size: int = 30) -> None:
        super().__init__(rect)
        self.items = list(items)
        self.on_select = on_select
        self.selected = selected
        self.row_height = row_height
        self.size = size

    def handle(self, intent: Intent) -> bool:
        if intent.kind in ("up", "down") and self.items:
            step = -1 if intent.kind == "up" else 1
            new = self.selected + step
            if 0 <= new < len(self.items):
                self.select(new)
                return True
            return False
        if intent.kind == "confirm":
            self.select(self.selected)
            return True
        return False

    def select(self, index: int) -> None:
        self.selected = index
        self.sound("hover")
        self.on_select(index)

    def press(self, pos: tuple[int, int]) -> None:
        index = (pos[1] - self.rect.y) // self.row_height
        if 0 <= index < len(self.items):
            self.select(index)

    def draw(self, surface: pygame.Surface) -> None:
        for index, item in enumerate(self.items):
            row = pygame.Rect(self.rect.x, self.rect.y + index * self.row_height, self.rect.width,
                              self.row_height - 8)
            if row.bottom > self.rect.bottom:
                break
            chosen = index == self.selected
            pygame.draw.rect(surface, theme.TANGERINE if chosen else theme.NIGHT_2, row, border_radius=14)
            ink = theme.INK if chosen else theme.CREAM
            title, _newline, detail = item.partition("\n")
            if detail:
                theme.draw_stack(surface, [(title, self.size, ink, theme.DISPLAY_FONT),
                                           (detail, self.size * 4 // 5, ink, theme.TEXT_BOLD_FONT)],
                                 (row.x + 20, row.y + 6), row.width - 36, row.height - 10, spread=8)
                continue
            size = theme.fit_text(item, self.size, row.width - 36, theme.DISPLAY_FONT)
            theme.draw_text(surface, item, (row.x + 20, row.centery), size, ink, theme.DISPLAY_FONT, "midleft")
        self.draw_focus(surface, 14)


def _draw_row_back(surface: pygame.Surface, widget: Widget) -> None:
    colour = theme.mix(theme.NIGHT_2, theme.PLUM_LIGHT, widget.glow * 0.6)
    pygame.draw.rect(surface, colour, widget.rect, border_radius=16)


def _arrow(surface: pygame.Surface, centre: tuple[int, int], direction: int, colour: theme.Colour) -> None:
    x, y = centre
    points = [(x + 11 * direction, y), (x - 8 * direction, y - 14), (x - 8 * direction, y + 14)]
    pygame.draw.polygon(surface, colour, points)


class FocusGroup:
    """A screen's widgets with one focus, steered by pointer, keys and pad in the same way."""

    TOOLTIP_DELAY = 0.6

    def __init__(self, widgets: Sequence[Widget] = (), sound: Sound | None = None) -> None:
        self.widgets: list[Widget] = []
        self.sound: Sound = sound or (lambda name: None)
        self.focus: Widget | None = None
        self.dragging: Widget | None = None  # an acts_on_press widget following the pointer
        self.armed: Widget | None = None  # a widget pressed, to act if released over it
        self.hover: Widget | None = None
        self.hover_time = 0.0
        for widget in widgets:
            self.add(widget)

    def add(self, widget: Widget, before: Widget | None = None) -> Widget:
        """Take ``widget`` in; Tab reaches the widgets in the order they were added, or this one just
        ``before`` another (a screen's rebuilt part keeps its place ahead of the buttons at the foot)."""
        widget.sound = self.sound
        if before is not None and before in self.widgets:
            self.widgets.insert(self.widgets.index(before), widget)
        else:
            self.widgets.append(widget)
        return widget

    def clear(self) -> None:
        """Forget every widget: a screen whose rows change builds them again."""
        self.set_focus(None)
        self.widgets = []
        self.dragging = self.armed = self.hover = None

    def forget_hover(self) -> None:
        """The pointer went on elsewhere while another screen was on top (a hot-seat cover, a menu):
        no widget counts as under it, nor shows its tooltip, until the pointer moves again."""
        if self.hover is not None:
            self.hover.hovered = False
        self.hover = None

    def focusables(self) -> list[Widget]:
        return [widget for widget in self.widgets if widget.interactive]

    def set_focus(self, widget: Widget | None) -> None:
        if self.focus is widget:
            return
        if self.focus is not None:
            self.focus.focused = False
        self.focus = widget
        if widget is not None:
            widget.focused = True

    def ensure_focus(self) -> None:
        if self.focus is None or not self.focus.interactive:
            candidates = self.focusables()
            self.set_focus(candidates[0] if candidates else None)

    def at(self, pos: tuple[int, int]) -> Widget | None:
        for widget in reversed(self.widgets):
            if widget.contains(pos):
                return widget
        return None

    def handle(self, intent: Intent) -> bool:
        kind = intent.kind
        if kind == "point" and intent.pos is not None:
            if intent.value == "entered":  # the pointer rests where the window opened: no choice made
                return False
            if self.dragging is not None:
                self.dragging.drag(intent.pos)
                return True
            widget = self.at(intent.pos)
            if widget is not self.hover:
                if self.hover is not None:
                    self.hover.hovered = False
                self.hover = widget
                self.hover_time = 0.0
                if widget is not None:
                    widget.hovered = True
                    if widget.interactive:
                        if widget is not self.focus:
                            self.sound("hover")
                        self.set_focus(widget)
            return widget is not None
        if kind == "press" and intent.pos is not None:
            widget = self.at(intent.pos)
            if widget is None or not widget.focusable:
                return False
            if not widget.enabled:
                self.sound("error")
                return True
            self.set_focus(widget)
            if widget.acts_on_press:
                widget.press(intent.pos)
                self.dragging = widget
            else:
                self._disarm()
                self.armed, widget.held = widget, True
            return True
        if kind == "release":
            if self.dragging is not None:
                if intent.pos is not None:
                    self.dragging.release(intent.pos)
                self.dragging = None
                return True
            armed = self.armed
            if armed is None:
                return False
            self._disarm()
            if intent.pos is not None and armed.contains(intent.pos) and armed.interactive:
                armed.press(intent.pos)
            return True
        if kind in ("focus_next", "focus_prev"):
            self._cycle(1 if kind == "focus_next" else -1)
            return True
        self.ensure_focus()
        focus = self.focus
        if focus is None:
            return False
        if kind in ("left", "right") and focus.consumes_horizontal and focus.handle(intent):
            return True
        if kind in ("up", "down", "left", "right"):
            if focus.handle(intent):
                return True
            return self._move(kind)
        return focus.handle(intent)

    def _disarm(self) -> None:
        if self.armed is not None:
            self.armed.held = False
            self.armed = None

    def _cycle(self, step: int) -> None:
        candidates = self.focusables()
        if not candidates:
            return
        index = candidates.index(self.focus) if self.focus in candidates else -step
        self.set_focus(candidates[(index + step) % len(candidates)])
        self.sound("hover")

    def _move(self, direction: str) -> bool:
        """Spatial navigation: the nearest widget whose centre lies in that direction, one in line with
        the focus first (their extents overlap across the move): → from Rules reaches Settings beside
        it, never the wide Quit below whose centre happens to lie a little to the right."""
        assert self.focus is not None
        here = self.focus.rect.center
        dx, dy = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}[direction]
        best: tuple[bool, float, Widget] | None = None
        for widget in self.focusables():
            if widget is self.focus:
                continue
            ox, oy = widget.rect.centerx - here[0], widget.rect.centery - here[1]
            along = ox * dx + oy * dy
            if along <= 0:
                continue
            if dx:
                aligned = widget.rect.top < self.focus.rect.bottom and self.focus.rect.top < widget.rect.bottom
            else:
                aligned = widget.rect.left < self.focus.rect.right and self.focus.rect.left < widget.rect.right
            across = 0 if aligned else abs(ox * dy) + abs(oy * dx)
            score = along + 2.5 * across
            if best is None or (not aligned, score) < (not best[0], best[1]):
                best = (aligned, score, widget)
        if best is None:
            return False
        self.set_focus(best[2])
        self.sound("hover")
        return True

    def update(self, dt: float) -> None:
        self.hover_time += dt
        for widget in self.widgets:
            widget.update(dt)

    @property
    def settling(self) -> bool:
        """A widget is still easing (a glow fading in or out, a button springing back, a tooltip due)."""
        if (self.hover is not None and self.hover.visible and self.hover.tooltip
                and self.hover_time < self.TOOLTIP_DELAY + 0.1):
            return True
        return any(widget.settling for widget in self.widgets if widget.visible)

    def draw(self, surface: pygame.Surface) -> None:
        for widget in self.widgets:
            if widget.visible:
                widget.draw(surface)
        tip_owner = self.hover if self.hover is not None and self.hover_time >= self.TOOLTIP_DELAY else None
        if tip_owner is not None and tip_owner.visible and tip_owner.tooltip:  # a hidden button says nothing
            draw_tooltip(surface, tip_owner.tooltip, tip_owner.tooltip_anchor or tip_owner.rect,
                         above=tip_owner.tooltip_above, beside=tip_owner.tooltip_beside)

    @property
    def wants_text(self) -> bool:
        return isinstance(self.focus, TextInput)

    @property
    def pointer_shape(self) -> str | None:
        """What the pointer shows over this group's widgets: a text beam over a field, a hand over a
        widget a click works, None over none (a disabled one included: a click there only buzzes)."""
        widget = self.hover
        if widget is None or not widget.hovered or not widget.interactive:
            return None
        return "text" if isinstance(widget, TextInput) else "hand"


def tooltip_box(screen: pygame.Rect, size: tuple[int, int], anchor: pygame.Rect,
                above: bool = False, beside: bool | str = True, within: pygame.Rect | None = None) -> pygame.Rect:
    """Where a tooltip of ``size`` goes: beside its widget when there is room, so it never hides
    the next button of a stacked menu; otherwise below (or above) it, or first above where ``above``
    (a replay's timeline, whose buttons and position lie below it). Not ``beside``: a widget in a
    row whose neighbours must stay readable (the replay bar's position beside Step ›). ``within``: the
    part of the screen it must stay in (a board's note never over the panel beside it)."""
    room = (screen if within is None else within.clip(screen)).inflate(-20, -20)
    box = pygame.Rect((0, 0), size)
    for place in ("left", "right") if beside == "left" else ("right", "left") if beside else ():
        if place == "right":
            box.midleft = (anchor.right + 16, anchor.centery)
        else:
            box.midright = (anchor.left - 16, anchor.centery)
        if room.contains(box):
            return box
    box.midbottom = (anchor.centerx, anchor.top - 14)
    if not above or box.top < room.top:
        box.midtop = (anchor.centerx, anchor.bottom + 14)
        if box.bottom > room.bottom:
            box.midbottom = (anchor.centerx, anchor.top - 14)
    return box.clamp(room)


def tooltip_size(text: str) -> tuple[int, int]:
    """How large ``draw_tooltip``'s bubble of ``text`` is: what else on screen may keep clear of it."""
    lines = theme.wrap(text, 24, theme.px(520)) or [""]
    return max(theme.font(24).size(line)[0] for line in lines) + 32, theme.px(34) * len(lines) + 20


def draw_tooltip(surface: pygame.Surface, text: str, anchor: pygame.Rect, refusal: bool = False,
                 above: bool = False, beside: bool | str = True, within: pygame.Rect | None = None,
                 box: pygame.Rect | None = None) -> pygame.Rect:
    """A small cream bubble beside (or under, or above) the widget it explains; a ``refusal`` (why a
    move at that spot was refused) is edged in coral, where the player is looking. ``box``: where it
    goes, chosen by the caller (``tooltip_box`` with ``tooltip_size``)."""
    lines = theme.wrap(text, 24, theme.px(520)) or [""]
    step = theme.px(34)
    if box is None:
        box = tooltip_box(surface.get_rect(), tooltip_size(text), anchor, above, beside, within)
    theme.panel(surface, box, theme.CREAM, 12, theme.CORAL_DARK if refusal else theme.SUNFLOWER, 6)
    for index, line in enumerate(lines):
        theme.draw_text(surface, line, (box.x + 16, box.y + 10 + step * index), 24, theme.INK)
    return box
