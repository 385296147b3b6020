"""Gamepads through SDL's game-controller API: named buttons, whatever the pad's make, plugged in
and out while the game runs.

SDL maps every pad it knows (Xbox, PlayStation, Switch Pro, most clones) onto one layout with named
buttons, so A is the bottom face button on all of them; the raw joystick numbers differ from pad to
pad. A device SDL cannot map as a controller stays a plain joystick, read by ``InputMapper`` with
the Xbox numbering most such pads use.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import N_, _

try:  # pygame-ce's binding of SDL's GameController API
    from pygame._sdl2 import controller as sdl_controller
except ImportError:  # pragma: no cover - a pygame-ce build without it: plain joysticks only
    sdl_controller = None

# The one layout every mapped pad has: what each named button does (shown in the controls help).
BUTTONS: dict[int, str] = {
    pygame.CONTROLLER_BUTTON_A: "confirm",
    pygame.CONTROLLER_BUTTON_B: "cancel",
    pygame.CONTROLLER_BUTTON_X: "rotate",
    pygame.CONTROLLER_BUTTON_Y: "next",
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "focus_prev",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "focus_next",
    pygame.CONTROLLER_BUTTON_BACK: "undo",
    pygame.CONTROLLER_BUTTON_START: "cancel",
    pygame.CONTROLLER_BUTTON_GUIDE: "help",
    pygame.CONTROLLER_BUTTON_LEFTSTICK: "hint",
    pygame.CONTROLLER_BUTTON_DPAD_UP: "up",
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: "down",
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: "left",
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "right",
}
BUTTON_NAMES: dict[int, str] = {
    pygame.CONTROLLER_BUTTON_A: "A", pygame.CONTROLLER_BUTTON_B: "B", pygame.CONTROLLER_BUTTON_X: "X",
    pygame.CONTROLLER_BUTTON_Y: "Y", pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "LB",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "RB", pygame.CONTROLLER_BUTTON_BACK: "Back",
    pygame.CONTROLLER_BUTTON_START: "Start", pygame.CONTROLLER_BUTTON_GUIDE: "Guide",
    pygame.CONTROLLER_BUTTON_LEFTSTICK: "left stick press", pygame.CONTROLLER_BUTTON_DPAD_UP: "D-pad up",
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: "D-pad down", pygame.CONTROLLER_BUTTON_DPAD_LEFT: "D-pad left",
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "D-pad right",
}
# Triggers turn a tile: right forward, left back (fired once per pull).
TRIGGERS = {pygame.CONTROLLER_AXIS_TRIGGERRIGHT: "rotate", pygame.CONTROLLER_AXIS_TRIGGERLEFT: "rotate_back"}
STICK_AXES = {pygame.CONTROLLER_AXIS_LEFTX: ("left", "right"), pygame.CONTROLLER_AXIS_LEFTY: ("up", "down")}
FULL = 32767  # SDL reports controller axes as -32768..32767
PUSH = 0.6  # of full travel: a stick or trigger past this fires once, then must come back


# The controls help: the buttons grouped as a player reads them (a test checks every button above
# and both triggers are named here).
CONTROLS_HELP: list[tuple[str, str]] = [
    ("A", N_("choose, lay the tile")),
    (N_("B or Start"), N_("back, pause menu")),
    (N_("X or RT"), N_("turn the tile (LT: turn it back)")),
    ("Y", N_("end the turn, roll the die")),
    ("LB / RB", N_("previous / next tile or button")),
    (N_("D-pad or left stick"), N_("move")),
    (N_("Back"), N_("undo; Guide: rules")),
    (N_("Left stick press"), N_("hint")),
]


def controls_help() -> list[tuple[str, str]]:
    """(buttons, what they do), as the rules screen lists them, in the player's language."""
    return [(_(buttons), _(words)) for buttons, words in CONTROLS_HELP]


class Gamepads:
    """The pads plugged in, opened as game controllers, and the latches of their sticks and triggers."""

    def __init__(self) -> None:
        self._pads: dict[int, Any] = {}  # instance id -> Controller
        self._latched: dict[tuple[int, int], int] = {}

    def is_pad(self, instance_id: int) -> bool:
        """Whether a joystick's events come from a pad read here (its raw events are then ignored)."""
        return instance_id in self._pads

    def claims(self, device_index: int) -> bool:
        """Whether SDL can map the device at ``device_index`` as a controller (then it is read here)."""
        if sdl_controller is None:
            return False
        try:
            return bool(sdl_controller.is_controller(device_index))
        except pygame.error:
            return False

    def added(self, device_index: int) -> None:
        if not self.claims(device_index):
            return
        try:
            pad = sdl_controller.Controller(device_index)
            self._pads[pad.as_joystick().get_instance_id()] = pad
        except (pygame.error, AttributeError):
            return

    def removed(self, instance_id: int) -> None:
        self._pads.pop(instance_id, None)
        for key in [key for key in self._latched if key[0] == instance_id]:
            del self._latched[key]

    def button(self, button: int) -> list[str]:
        name = BUTTONS.get(button)
        return [name] if name else []

    def axis(self, instance_id: int, axis: int, value: int) -> list[str]:
        """A stick or trigger crossing ``PUSH`` fires its intent once; it must return first to fire again."""
        share = value / FULL
        if axis in TRIGGERS:
            direction = 1 if share > PUSH else 0
        elif axis in STICK_AXES:
            direction = 1 if share > PUSH else -1 if share < -PUSH else 0
        else:
            return []
        key = (instance_id, axis)
        if direction == self._latched.get(key, 0):
            return []
        self._latched[key] = direction
        if direction == 0:
            return []
        if axis in TRIGGERS:
            return [TRIGGERS[axis]]
        back, forth = STICK_AXES[axis]
        return [forth if direction > 0 else back]
