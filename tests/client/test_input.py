"""Keyboard, mouse and gamepad all become the same intentions."""

import pygame

from game.ui.input import KINDS, InputMapper, Intent


def kinds(mapper, event):
    return [intent.kind for intent in mapper.map(event)]


def keydown(key, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)


def test_keys_map_to_intentions():
    mapper = InputMapper()
    assert kinds(mapper, keydown(pygame.K_RETURN)) == ["confirm"]
    assert kinds(mapper, keydown(pygame.K_ESCAPE)) == ["cancel"]
    assert kinds(mapper, keydown(pygame.K_r)) == ["rotate"]
    assert kinds(mapper, keydown(pygame.K_r, pygame.KMOD_LSHIFT)) == ["rotate_back"]
    assert kinds(mapper, keydown(pygame.K_z, pygame.KMOD_LCTRL)) == ["undo"]
    assert kinds(mapper, keydown(pygame.K_h)) == ["hint"]
    assert kinds(mapper, keydown(pygame.K_F11)) == ["fullscreen"]
    assert kinds(mapper, keydown(pygame.K_TAB, pygame.KMOD_SHIFT)) == ["focus_prev"]
    picked = mapper.map(keydown(pygame.K_3))
    assert picked[0].kind == "pick" and picked[0].value == 2


def test_text_mode_turns_letters_into_text_not_shortcuts():
    mapper = InputMapper()
    mapper.text_mode = True
    assert kinds(mapper, keydown(pygame.K_r)) == []
    assert kinds(mapper, keydown(pygame.K_BACKSPACE)) == ["backspace"]
    assert kinds(mapper, keydown(pygame.K_RETURN)) == ["confirm"]
    assert [i.value for i in mapper.map(pygame.event.Event(pygame.TEXTINPUT, text="r"))] == ["r"]
    mapper.text_mode = False
    assert mapper.map(pygame.event.Event(pygame.TEXTINPUT, text="r")) == []


def test_mouse_buttons_and_wheel():
    mapper = InputMapper()
    press = mapper.map(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 20), button=1))
    assert press[0].kind == "press" and press[0].pos == (10, 20)
    assert kinds(mapper, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=3)) == ["rotate"]
    wheel = mapper.map(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    assert wheel[0].kind == "scroll" and wheel[0].value == -1


def test_gamepad_buttons_hat_and_stick_latch():
    mapper = InputMapper()
    assert kinds(mapper, pygame.event.Event(pygame.JOYBUTTONDOWN, button=0, instance_id=0)) == ["confirm"]
    assert kinds(mapper, pygame.event.Event(pygame.JOYBUTTONDOWN, button=2, instance_id=0)) == ["rotate"]
    assert kinds(mapper, pygame.event.Event(pygame.JOYHATMOTION, value=(0, 1), hat=0, instance_id=0)) == ["up"]
    axis = pygame.JOYAXISMOTION
    assert kinds(mapper, pygame.event.Event(axis, axis=0, value=0.9, instance_id=0)) == ["right"]
    assert kinds(mapper, pygame.event.Event(axis, axis=0, value=0.95, instance_id=0)) == []  # still held
    assert kinds(mapper, pygame.event.Event(axis, axis=0, value=0.0, instance_id=0)) == []
    assert kinds(mapper, pygame.event.Event(axis, axis=0, value=-0.8, instance_id=0)) == ["left"]


def test_every_produced_kind_is_documented():
    mapper = InputMapper()
    produced = set()
    for key in range(0, 512):
        produced.update(kinds(mapper, keydown(key)))
    assert produced <= set(KINDS)


def test_turning_intents_say_which_way():
    assert Intent("rotate").turn == 1 and Intent("rotate_back").turn == -1
    assert Intent("scroll", value=-1).turn == 1 and Intent("scroll", value=2).turn == -1  # wheel down turns on
    assert Intent("confirm").turn == 0 and Intent("pick", value=1).turn == 0


def pad_event(kind, **fields):
    return pygame.event.Event(kind, instance_id=fields.pop("instance_id", 7), **fields)


def test_game_controllers_use_named_buttons_whatever_the_pad():
    mapper = InputMapper()
    named = {pygame.CONTROLLER_BUTTON_A: "confirm", pygame.CONTROLLER_BUTTON_B: "cancel",
             pygame.CONTROLLER_BUTTON_X: "rotate", pygame.CONTROLLER_BUTTON_Y: "next",
             pygame.CONTROLLER_BUTTON_START: "cancel", pygame.CONTROLLER_BUTTON_BACK: "undo",
             pygame.CONTROLLER_BUTTON_DPAD_LEFT: "left", pygame.CONTROLLER_BUTTON_DPAD_DOWN: "down",
             pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "focus_next"}
    for button, kind in named.items():
        assert kinds(mapper, pad_event(pygame.CONTROLLERBUTTONDOWN, button=button)) == [kind]


def test_controller_triggers_and_stick_fire_once_per_push():
    mapper = InputMapper()
    pull = pad_event(pygame.CONTROLLERAXISMOTION, axis=pygame.CONTROLLER_AXIS_TRIGGERRIGHT, value=30000)
    assert kinds(mapper, pull) == ["rotate"]
    assert kinds(mapper, pull) == []  # still held
    assert kinds(mapper, pad_event(pygame.CONTROLLERAXISMOTION, axis=pygame.CONTROLLER_AXIS_TRIGGERRIGHT,
                                   value=0)) == []
    assert kinds(mapper, pull) == ["rotate"]
    left = pad_event(pygame.CONTROLLERAXISMOTION, axis=pygame.CONTROLLER_AXIS_LEFTX, value=-32768)
    assert kinds(mapper, left) == ["left"] and kinds(mapper, left) == []
    assert kinds(mapper, pad_event(pygame.CONTROLLERAXISMOTION, axis=pygame.CONTROLLER_AXIS_TRIGGERLEFT,
                                   value=32767)) == ["rotate_back"]
    mapper.pads.removed(7)  # unplugged: a stick held as it went does not stay latched
    assert kinds(mapper, left) == ["left"]


def test_a_mapped_pads_raw_joystick_events_are_not_read_twice():
    mapper = InputMapper()
    mapper.pads._pads[7] = object()  # as if SDL had opened instance 7 as a game controller
    assert kinds(mapper, pad_event(pygame.JOYBUTTONDOWN, button=0)) == []
    assert kinds(mapper, pad_event(pygame.JOYBUTTONDOWN, button=0, instance_id=8)) == ["confirm"]  # a plain joystick


def test_the_rules_show_the_gamepads_buttons():
    from game.scenes.rulebook import available_rulebooks
    for book in available_rulebooks():
        pads = [section for section in book.sections if section.title == "Playing with a gamepad"]
        assert pads and any(block.text == "A: choose, lay the tile" for block in pads[0].blocks)


def test_the_controls_help_names_every_mapped_button():
    from game.ui.gamepad import BUTTON_NAMES, BUTTONS, controls_help
    said = " ".join(f"{buttons}: {words}" for buttons, words in controls_help())
    for button in BUTTONS:
        name = BUTTON_NAMES[button]
        assert name.lower() in said.lower() or (name.startswith("D-pad") and "D-pad" in said), name
    assert "RT" in said and "LT" in said


def test_rebound_shortcuts_and_shift_turning_follow_the_bindings():
    from game.ui.keys import Bindings
    mapper = InputMapper()
    mapper.bindings, _ = Bindings().rebind("rotate", pygame.K_k)
    assert kinds(mapper, keydown(pygame.K_k)) == ["rotate"]
    assert kinds(mapper, keydown(pygame.K_k, pygame.KMOD_LSHIFT)) == ["rotate_back"]
    assert kinds(mapper, keydown(pygame.K_r)) == []  # R no longer turns
    mapper.capturing = True  # Settings waits for a key: the next press is that key, not a shortcut
    captured = mapper.map(keydown(pygame.K_n))
    assert [(i.kind, i.value) for i in captured] == [("bind", pygame.K_n)] and not mapper.capturing
