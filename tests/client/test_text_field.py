"""A text field selects what it holds when it gains the focus, so the first key replaces a name the
game filled in ("Player") instead of adding to it."""

from __future__ import annotations

import pygame

from game.ui.input import Intent
from game.ui.widgets import FocusGroup, TextInput


def field_with(text: str) -> tuple[TextInput, list[str], FocusGroup]:
    changes: list[str] = []
    field = TextInput(pygame.Rect(0, 0, 300, 60), text, changes.append)
    ui = FocusGroup()
    ui.add(field)
    return field, changes, ui


def test_the_first_key_typed_in_a_newly_focused_field_replaces_what_it_held() -> None:
    field, changes, ui = field_with("Player")
    ui.set_focus(field)
    field.update(1 / 60)
    assert field.all_selected
    field.handle(Intent("text", value="A"))
    field.handle(Intent("text", value="da"))
    assert field.text == "Ada" and changes[-1] == "Ada" and not field.all_selected


def test_backspace_on_the_selection_empties_the_field_and_an_arrow_keeps_the_text() -> None:
    field, changes, ui = field_with("Player")
    ui.set_focus(field)
    field.update(1 / 60)
    field.handle(Intent("left"))  # the caret, not the selection: what is typed now goes in
    field.handle(Intent("text", value="s"))
    assert field.text == "Playesr"
    ui.set_focus(None)
    field.update(1 / 60)
    ui.set_focus(field)
    field.update(1 / 60)
    field.handle(Intent("backspace"))
    assert field.text == "" and changes[-1] == ""


def test_a_click_in_a_field_that_has_the_focus_puts_the_caret_at_the_end() -> None:
    field, _changes, ui = field_with("Ada")
    ui.set_focus(field)
    field.update(1 / 60)
    field.press((10, 10))
    field.handle(Intent("text", value="!"))
    assert field.text == "Ada!"
    empty, _, ui2 = field_with("")
    ui2.set_focus(empty)
    empty.update(1 / 60)
    assert not empty.all_selected  # nothing to select
    empty.handle(Intent("text", value="\x07"))  # nothing printable typed: nothing changes
    assert empty.text == ""


def test_ctrl_a_selects_the_whole_name_so_the_next_key_replaces_it() -> None:
    """A field clicked into keeps its caret; Ctrl+A then selects all, as in every text field."""
    from game.ui.input import InputMapper
    mapper = InputMapper()
    mapper.text_mode = True
    intents = mapper.map(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_LCTRL,
                                            unicode="", scancode=0))
    assert [intent.kind for intent in intents] == ["select_all"]
    field, changes, ui = field_with("Player 3")
    ui.set_focus(field)
    field.update(1 / 60)
    field.press((10, 10))  # the caret at the end, nothing selected
    for intent in intents:
        field.handle(intent)
    field.handle(Intent("text", value="Ben"))
    assert field.text == "Ben" and changes[-1] == "Ben"


def test_a_name_field_the_pointer_came_to_is_replaced_by_the_first_click_and_key() -> None:
    """The pointer resting on a field gives it the focus, so the click that followed counted as a
    second click and put the caret after the name filled in: typing "Ben" gave "Player 2Ben". The
    first click into a field the pointer brought the focus to keeps the whole name selected; a
    second click puts the caret."""
    field, changes, ui = field_with("Player 2")
    centre = field.rect.center
    ui.handle(Intent("point", pos=centre))
    for _frame in range(5):
        field.update(1 / 60)
    ui.handle(Intent("press", pos=centre))
    field.update(1 / 60)
    ui.handle(Intent("release", pos=centre))
    field.handle(Intent("text", value="Ben"))
    assert field.text == "Ben" and changes[-1] == "Ben"
    ui.handle(Intent("press", pos=centre))  # clicked again: the caret, and what is typed goes in
    ui.handle(Intent("release", pos=centre))
    field.handle(Intent("text", value="!"))
    assert field.text == "Ben!"
