"""Rebindable shortcuts: one key each, swaps on conflict, menu keys kept, files read defensively."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from game.ui.keys import DEFAULTS, Bindings  # noqa: E402

pygame.init()


def test_a_free_key_moves_the_shortcut_and_only_moved_ones_are_saved():
    bindings, said = Bindings().rebind("next", pygame.K_m)
    assert bindings.by_intent["next"] == pygame.K_m and "M" in said
    assert bindings.by_key[pygame.K_m] == "next" and pygame.K_n not in bindings.by_key
    assert bindings.to_names() == {"next": "m"}


def test_a_key_another_shortcut_has_is_swapped():
    bindings, said = Bindings().rebind("rotate", pygame.K_h)
    assert bindings.by_intent == {**DEFAULTS, "rotate": pygame.K_h, "hint": pygame.K_r}
    assert "takes R" in said
    assert len(set(bindings.by_intent.values())) == len(DEFAULTS)


def test_menu_and_moving_keys_cannot_be_taken():
    start = Bindings()
    for key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_w, pygame.K_3, pygame.K_TAB, pygame.K_F11):
        bindings, said = start.rebind("next", key)
        assert bindings is start and "kept for menus" in said


def test_the_settings_file_is_read_defensively():
    assert Bindings.from_names({"next": "m"}).by_intent["next"] == pygame.K_m
    swapped = Bindings.from_names({"rotate": "h", "hint": "r"})  # a swap the screen saved
    assert swapped.by_intent["rotate"] == pygame.K_h and swapped.by_intent["hint"] == pygame.K_r
    assert Bindings.from_names({"next": "nonsense", "fly": "x", "hint": "escape"}) == Bindings()
    assert Bindings.from_names({"rotate": "n"}) == Bindings()  # two shortcuts on N: all back to defaults
    assert Bindings.from_names(["next"]) == Bindings() and Bindings.from_names(None) == Bindings()
