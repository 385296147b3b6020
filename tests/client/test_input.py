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
