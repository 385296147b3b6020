"""Raw pygame events turned into intentions, so mouse, keyboard and gamepad drive the same actions.

Scenes never look at key codes: they receive ``Intent`` objects such as ``confirm``, ``cancel``,
``rotate``, ``undo``, ``next`` or ``hint`` (with a position for pointer intents). While a text
field has focus the mapper is in *text mode*: letters become text, not shortcuts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.ui.gamepad import Gamepads
from game.ui.keys import Bindings

# Every kind an Intent can have, for documentation and tests.
KINDS = (
    "confirm", "cancel", "up", "down", "left", "right", "focus_next", "focus_prev",
    "rotate", "rotate_back", "undo", "next", "hint", "help", "fullscreen", "pick", "chat",
    "point", "press", "release", "scroll", "text", "backspace", "delete", "home", "end", "quit", "bind",
)


@dataclass(frozen=True)
class Intent:
    kind: str
    pos: tuple[int, int] | None = None
    value: Any = None

    @property
    def turn(self) -> int:
        """For the intents that turn a piece: +1 clockwise (R, wheel down), -1 back (Q, Shift+R,
        wheel up); 0 for every other intent."""
        if self.kind in ("rotate", "rotate_back"):
            return 1 if self.kind == "rotate" else -1
        if self.kind == "scroll":
            return -1 if self.value > 0 else 1
        return 0


KEYS = {
    pygame.K_RETURN: "confirm", pygame.K_KP_ENTER: "confirm", pygame.K_SPACE: "confirm",
    pygame.K_ESCAPE: "cancel",
    pygame.K_UP: "up", pygame.K_DOWN: "down", pygame.K_LEFT: "left", pygame.K_RIGHT: "right",
    pygame.K_F11: "fullscreen", pygame.K_F1: "help",
}
LETTER_KEYS = {pygame.K_w: "up", pygame.K_s: "down", pygame.K_a: "left", pygame.K_d: "right"}
# R, Q, N, H and T by default, rebindable in Settings: see ``game.ui.keys``.
TEXT_MODE_KEYS = {
    pygame.K_BACKSPACE: "backspace", pygame.K_DELETE: "delete", pygame.K_HOME: "home", pygame.K_END: "end",
}
# Pads SDL cannot map as game controllers (``game.ui.gamepad``): the Xbox numbering most use.
PAD_BUTTONS = {0: "confirm", 1: "cancel", 2: "rotate", 3: "next", 4: "focus_prev", 5: "focus_next",
               6: "undo", 7: "cancel", 8: "hint"}
PAD_AXIS_THRESHOLD = 0.6


def clipboard_text() -> str:
    """The clipboard's text for Ctrl+V in a text field (a path to a replay is long to type); "" when
    there is none or no clipboard at all (a headless run)."""
    try:
        return pygame.scrap.get_text() or ""
    except (pygame.error, AttributeError):
        return ""


class InputMapper:
    """Stateful translation of pygame events into intents (text mode, gamepad axis latches)."""

    def __init__(self) -> None:
        self.text_mode = False
        # The frame's events were read while no field took text: SDL made no text of their keys. A key
        # that opens a field (T for the chat) and the letters typed right after it can arrive in one
        # frame: those letters are taken from their key presses, else a quick typist's first letters
        # were lost (the frame the chat opened in, 1-3 letters on a slow or busy machine).
        self.keys_untyped = False
        self._axis_latched: dict[tuple[int, int], int] = {}
        self._joysticks: dict[int, Any] = {}
        self.pads = Gamepads()  # pads SDL maps as game controllers (named buttons)
        self.bindings = Bindings()  # the rebindable shortcuts' keys
        self.capturing = False  # Settings waits for the key to bind: the next key press is that key
        self.mouse_moved = False  # the mouse has really moved since the window opened

    def map(self, event: pygame.event.Event) -> list[Intent]:
        kind = event.type
        if kind == pygame.MOUSEMOTION:
            pos = tuple(event.pos)
            self.mouse_moved = self.mouse_moved or tuple(event.rel) != (0, 0)
            if not self.mouse_moved:
                # Where the pointer happened to rest when the window opened (and took focus) under it:
                # a point (a table follows it), but marked, so a menu keeps its focus until the mouse moves.
                return [Intent("point", pos=pos, value="entered")]
        if kind == pygame.QUIT:
            return [Intent("quit")]
        if kind == pygame.KEYDOWN:
            return self._key(event)
        if kind == pygame.TEXTINPUT:
            return [Intent("text", value=event.text)] if self.text_mode else []
        if kind == pygame.MOUSEMOTION:
            return [Intent("point", pos=tuple(event.pos))]
        if kind == pygame.MOUSEBUTTONDOWN:
            if event.button == 1:
                return [Intent("press", pos=tuple(event.pos))]
            if event.button == 3:
                return [Intent("rotate", pos=tuple(event.pos))]
            return []
        if kind == pygame.MOUSEBUTTONUP:
            return [Intent("release", pos=tuple(event.pos))] if event.button == 1 else []
        if kind == pygame.MOUSEWHEEL:
            return [Intent("scroll", value=int(event.y))] if event.y else []
        if kind == pygame.CONTROLLERDEVICEADDED:
            self.pads.added(event.device_index)
            return []
        if kind == pygame.CONTROLLERDEVICEREMOVED:
            self.pads.removed(event.instance_id)
            return []
        if kind == pygame.CONTROLLERBUTTONDOWN:
            return [Intent(name) for name in self.pads.button(event.button)]
        if kind == pygame.CONTROLLERAXISMOTION:
            return [Intent(name) for name in self.pads.axis(event.instance_id, event.axis, event.value)]
        if kind == pygame.JOYDEVICEADDED:
            if not self.pads.claims(event.device_index):  # (a mapped pad is read as a controller)
                self._open_joystick(event.device_index)
            return []
        if kind == pygame.JOYDEVICEREMOVED:
            self._joysticks.pop(event.instance_id, None)
            return []
        if kind in (pygame.JOYBUTTONDOWN, pygame.JOYHATMOTION, pygame.JOYAXISMOTION) \
                and self.pads.is_pad(event.instance_id):
            return []  # the same press arrives as a controller event
        if kind == pygame.JOYBUTTONDOWN:
            name = PAD_BUTTONS.get(event.button)
            return [Intent(name)] if name else []
        if kind == pygame.JOYHATMOTION:
            return self._hat(event.value)
        if kind == pygame.JOYAXISMOTION:
            return self._axis(event.instance_id, event.axis, event.value)
        return []

    def key_label(self, intent: str) -> str:
        """The key a rebindable shortcut has now, as printed on the keyboard ("N")."""
        return self.bindings.label(intent)

    def _key(self, event: pygame.event.Event) -> list[Intent]:
        key, mods = event.key, event.mod
        if self.capturing:
            self.capturing = False
            return [Intent("bind", value=key)]
        if key == pygame.K_TAB:
            return [Intent("focus_prev" if mods & pygame.KMOD_SHIFT else "focus_next")]
        if key == pygame.K_z and mods & pygame.KMOD_CTRL:
            return [Intent("undo")]
        if self.text_mode and self.keys_untyped:
            letter = getattr(event, "unicode", "")
            if letter and letter.isprintable() and not mods & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
                return [Intent("text", value=letter)]
        if self.text_mode:
            if key == pygame.K_v and mods & pygame.KMOD_CTRL:
                pasted = clipboard_text()
                return [Intent("text", value=pasted)] if pasted else []
            if key == pygame.K_a and mods & pygame.KMOD_CTRL:
                return [Intent("select_all")]  # as in every text field: the next key typed replaces it all
            name = TEXT_MODE_KEYS.get(key) or KEYS.get(key)
            if key == pygame.K_SPACE:
                return []  # a space is text, delivered by TEXTINPUT
            return [Intent(name)] if name else []
        if key == pygame.K_BACKSPACE:
            return [Intent("undo")]
        bound = self.bindings.by_key.get(key)
        if bound == "rotate" and mods & pygame.KMOD_SHIFT:
            return [Intent("rotate_back")]
        if bound is not None:
            return [Intent(bound)]
        if key == pygame.K_e:
            return [Intent("rotate")]
        if pygame.K_1 <= key <= pygame.K_9:
            return [Intent("pick", value=key - pygame.K_1)]
        if pygame.K_KP1 <= key <= pygame.K_KP9:
            return [Intent("pick", value=key - pygame.K_KP1)]
        name = KEYS.get(key) or LETTER_KEYS.get(key)
        return [Intent(name)] if name else []

    @staticmethod
    def _hat(value: tuple[int, int]) -> list[Intent]:
        x, y = value
        out = []
        if x:
            out.append(Intent("right" if x > 0 else "left"))
        if y:
            out.append(Intent("up" if y > 0 else "down"))
        return out

    def _axis(self, stick: int, axis: int, value: float) -> list[Intent]:
        # A stick pushed past the threshold fires once, then must come back before firing again.
        if axis > 1:
            return []
        key = (stick, axis)
        direction = 1 if value > PAD_AXIS_THRESHOLD else -1 if value < -PAD_AXIS_THRESHOLD else 0
        if direction == self._axis_latched.get(key, 0):
            return []
        self._axis_latched[key] = direction
        if direction == 0:
            return []
        if axis == 0:
            return [Intent("right" if direction > 0 else "left")]
        return [Intent("down" if direction > 0 else "up")]

    def _open_joystick(self, index: int) -> None:
        try:
            stick = pygame.joystick.Joystick(index)
            self._joysticks[stick.get_instance_id()] = stick
        except pygame.error:
            pass
