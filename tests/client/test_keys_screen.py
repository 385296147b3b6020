"""Settings → Keys: a shortcut moves to the key pressed, Esc keeps the old one, menu keys are kept,
and the choice is in the settings file and in play at once."""

import json

import pygame

from game.scenes.keys import KeysScene
from game.scenes.settings import SettingsScene
from game.scenes.title import TitleScene
from tests.client.helpers import click, key, record_drawn_text, run


def intents(app, pressed):
    return [intent.kind for intent in app.mapper.map(pygame.event.Event(pygame.KEYDOWN, key=pressed, mod=0,
                                                                       unicode="", scancode=0))]


def test_a_shortcut_moves_to_the_key_pressed_and_is_saved(app, tmp_path):
    app.push(TitleScene(app))
    app.push(SettingsScene(app))
    run(app)
    run(app, 0.05, click(app.stack.top.keys.rect.center))
    keys = app.stack.top
    assert isinstance(keys, KeysScene)
    run(app, 0.05, click(keys.changes["next"].rect.center))
    assert keys.waiting == "next" and app.mapper.capturing
    run(app, 0.05, key(pygame.K_m))
    assert keys.waiting is None and intents(app, pygame.K_m) == ["next"] and intents(app, pygame.K_n) == []
    saved = json.loads((tmp_path / "config" / "linie" / "settings.json").read_text())
    assert saved["keys"] == {"next": "m"}

    run(app, 0.05, click(keys.changes["hint"].rect.center))
    run(app, 0.05, key(pygame.K_ESCAPE))  # Esc while waiting keeps the old key, and the screen
    assert app.stack.top is keys and intents(app, pygame.K_h) == ["hint"]

    run(app, 0.05, click(keys.changes["hint"].rect.center))
    run(app, 0.05, key(pygame.K_RETURN))  # kept for menus: refused in words
    assert "kept for menus" in keys.message and intents(app, pygame.K_h) == ["hint"]

    run(app, 0.05, click(keys.reset.rect.center))
    assert intents(app, pygame.K_n) == ["next"]
    saved = json.loads((tmp_path / "config" / "linie" / "settings.json").read_text())
    assert saved["keys"] == {}
    run(app, 0.05, key(pygame.K_ESCAPE))
    assert isinstance(app.stack.top, SettingsScene)


def test_each_shortcuts_words_end_before_its_key_in_every_language_and_text_size(app, monkeypatch):
    from game.i18n import _, set_language
    from game.scenes.keys import SHORTCUTS
    from game.ui import theme
    drawn = record_drawn_text(monkeypatch)
    try:
        for lang in ("en", "de"):
            set_language(lang)
            for scale in (1.0, 1.5):
                theme.set_ui_scale(scale)
                keys = KeysScene(app)
                drawn.clear()
                keys.draw(pygame.Surface((1920, 1080)))
                for index, (_intent, words, _key) in enumerate(SHORTCUTS):
                    row = keys.row_rect(index)
                    label = next(rect for text, rect in drawn if text == _(words))
                    cap_left = row.right - 250 - 150
                    assert row.contains(label) and label.right <= cap_left - 8, (lang, scale, words)
    finally:
        set_language("en")
        theme.set_ui_scale(1.0)


def test_the_note_under_the_shortcuts_reads_whole_between_the_rows_and_the_buttons(app, monkeypatch):
    """At 150 % its two lines stepped by 34 px, less than their own height, so they ran into each other
    and the second touched the buttons; a longer message lost every word after its second line."""
    from game.i18n import _, set_language
    from game.ui import theme
    drawn = record_drawn_text(monkeypatch)
    try:
        for lang in ("en", "de"):
            set_language(lang)
            kept = _("Menus, moving and picking keep their keys: Enter, Esc, Tab, arrows, WASD, 1–9.")
            for scale in (1.0, 1.25, 1.5):
                theme.set_ui_scale(scale)
                keys = KeysScene(app)
                for message in ("", "Turn the tile back: Backspace. Turn the tile takes Q, and every word "
                                    "of a message this long must still be read, none cut off at a line's end."):
                    keys.message = message
                    drawn.clear()
                    keys.draw(pygame.Surface((1920, 1080)))
                    last_row = keys.row_rect(4)
                    lines = [(text, rect) for text, rect in drawn if rect.top > last_row.bottom
                             and rect.bottom < keys.reset.rect.top + 40 and text not in (keys.reset.label,
                                                                                       keys.done.label)]
                    assert " ".join(text for text, _rect in lines) == (message or kept), (lang, scale)
                    for (_a, upper), (_b, lower) in zip(lines, lines[1:], strict=False):
                        assert upper.bottom <= lower.top + 2, (lang, scale, message)
                    assert lines and lines[-1][1].bottom <= keys.reset.rect.top, (lang, scale, message)
    finally:
        set_language("en")
        theme.set_ui_scale(1.0)
