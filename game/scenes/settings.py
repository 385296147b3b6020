"""Settings: fullscreen, volume, mute, animation speed, player name, hints, language, text size, keys —
saved as soon as changed."""

from __future__ import annotations

import pygame

from game.config import ANIMATION_SPEEDS, NAME_LIMIT, UI_SCALES
from game.core.text import shows_something
from game.i18n import LANGUAGES, _, chosen_language, set_language, system_language
from game.scenes.keys import KeysScene
from game.scenes.stack import Scene
from game.ui import theme
from game.ui.widgets import VALUE_MARGIN, Button, Choice, Slider, TextInput, Toggle

PANEL = pygame.Rect(0, 0, 1000, 1010)
PANEL.center = (theme.WIDTH // 2, theme.HEIGHT // 2)
ROW_W, ROW_H, ROW_GAP = 860, 70, 10  # room for eight rows
TROUBLE_H = 76  # two lines saying the settings file is not kept or not read
NOTE_H = 100  # two lines saying a table open beneath keeps its words
LABEL_W = 440  # the labels of choices and the name field: room for the longest (German) label


def label_room(label: str, values: list[str]) -> int:
    """A choice's label column: ``LABEL_W`` like the rows around it, narrower (down to what its own
    label needs) where its longest value would else shrink below the size of the others (the language
    row's "As the system (English)" at a large text size)."""
    value = max(theme.font(30, theme.DISPLAY_FONT).size(text)[0] for text in values)
    return max(theme.font(30).size(label)[0] + 60, min(LABEL_W, ROW_W - VALUE_MARGIN - value))


class SettingsScene(Scene):
    closes_on_cancel = True
    overlay = True
    name = "settings"

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        settings = app.settings
        x = PANEL.centerx - ROW_W // 2
        top = PANEL.y + 124

        def row(index: int) -> pygame.Rect:
            return pygame.Rect(x, top + index * (ROW_H + ROW_GAP), ROW_W, ROW_H)

        self.fullscreen = Toggle(row(0), _("Fullscreen"), settings.fullscreen, self.set_fullscreen,
                                 _("F11 switches at any time."))
        silent = _("No sound device was found: Linie plays without sound (the volume is kept for next time).")
        self.volume = Slider(row(1), _("Volume"), settings.volume, 0.0, 1.0, 0.05, self.set_volume,
                             tooltip=silent if getattr(app.sounds, "silent_because", "") else None)
        self.mute = Toggle(row(2), _("Mute"), settings.mute, self.set_mute)
        self.speed = Choice(row(3), _("Animation speed"), [(s, f"{s:g}×") for s in ANIMATION_SPEEDS],
                            settings.animation_speed, self.set_speed, _("How fast trams drive and tiles fly."),
                            label_width=LABEL_W, wraps=False)
        name_row = row(4)
        self.name_field = TextInput(pygame.Rect(name_row.x + LABEL_W, name_row.y + 8, ROW_W - LABEL_W - 24,
                                                ROW_H - 16),
                                    settings.shown_name(), self.set_name, NAME_LIMIT, _("Your name"),
                                    tooltip=_("Your name at new tables."))
        self.hints = Toggle(row(5), _("First-game hints"), settings.hints, self.set_hints,
                            _("A word at the right moment in your first game of each title. Switching "
                              "them on again starts every title afresh."))
        system = LANGUAGES[system_language()]
        languages = [("", _("As the system ({language})").format(language=system)), *LANGUAGES.items()]
        self.language = Choice(row(6), _("Language"), languages, settings.language, self.set_language,
                               _("The language of every screen. Place and street names stay German."),
                               label_width=label_room(_("Language"), [text for _value, text in languages]))
        self.text_size = Choice(row(7), _("Text size"), [(s, f"{s:.0%}") for s in UI_SCALES],
                                settings.ui_scale, self.set_text_size,
                                _("Bigger text and controls for readers at a distance."), label_width=LABEL_W,
                                wraps=False)
        keys = pygame.Rect(0, 0, 340, 80)
        keys.bottomright = (PANEL.centerx - 20, PANEL.bottom - 30)
        self.keys = Button(keys, _("Keys…"), lambda: self.app.push(KeysScene(self.app)), "secondary", 34,
                           _("Put turning, ending the turn, hint and chat on the keys you like."))
        back = pygame.Rect(0, 0, 340, 80)
        back.bottomleft = (PANEL.centerx + 20, PANEL.bottom - 30)
        self.back = Button(back, _("Done"), self.close, "primary")
        for widget in (self.fullscreen, self.volume, self.mute, self.speed, self.name_field, self.hints,
                       self.language, self.text_size, self.keys, self.back):
            self.ui.add(widget)
        self.name_row = name_row
        self.note = ""  # said after a change of language where a screen beneath keeps its words
        self.ui.set_focus(self.fullscreen)

    def set_language(self, value: str) -> None:
        """Speak the new language at once: this screen and every screen beneath that can be built
        afresh are; a table already open keeps its buttons' words until it is opened again (its
        messages change at once), and the note says so."""
        self.app.settings.language = value
        self._changed()
        set_language(value if value in LANGUAGES else chosen_language(""))  # a choice made here wins
        kept = self._rebuild_beneath()
        again = SettingsScene(self.app)
        again.ui.set_focus(again.language)
        if kept:
            again.note = _("A table already open keeps some words until it is opened again.")
        self.app.stack.scenes[self.app.stack.scenes.index(self)] = again

    def _rebuild_beneath(self) -> bool:
        """Build afresh every screen beneath that can be (its words and its layout: the title's menu
        widens at a large text size); True when one keeps its old build (an open table)."""
        kept = False
        for index, scene in enumerate(self.app.stack.scenes):
            if scene is self:
                continue
            fresh = scene.retranslated()
            if fresh is None:
                kept = True
            else:
                keep_focus(scene, fresh)
                self.app.stack.scenes[index] = fresh
        return kept

    def set_fullscreen(self, value: bool) -> None:
        if value != self.app.settings.fullscreen:
            self.app.toggle_fullscreen()

    def set_volume(self, value: float) -> None:
        self.app.settings.volume = value
        self._changed()
        self.app.sounds.play("click")

    def set_mute(self, value: bool) -> None:
        self.app.settings.mute = value
        self._changed()

    def set_speed(self, value: float) -> None:
        self.app.settings.animation_speed = value
        self._changed()

    def set_hints(self, value: bool) -> None:
        self.app.settings.hints = value
        if value:  # on again: every title's first-game hints from the start
            self.app.settings.hints_seen.clear()
            self.app.settings.hints_done.clear()
        self._changed()

    def set_text_size(self, value: float) -> None:
        self.app.settings.ui_scale = value
        theme.set_ui_scale(value)
        self._rebuild_beneath()  # the title's menu is laid out for a text size: lay it out for this one
        self._changed()

    def set_name(self, value: str) -> None:
        if shows_something(value):
            self.app.settings.player_name = value.strip()[:NAME_LIMIT]
            self._changed()

    def _changed(self) -> None:
        self.app.sounds.configure(self.app.settings.volume, self.app.settings.mute)
        self.app.save_settings()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.fullscreen.value = self.app.settings.fullscreen  # F11 may have changed it meanwhile

    def draw(self, surface: pygame.Surface) -> None:
        theme.panel(surface, PANEL, theme.PLUM, 34, theme.PLUM_LIGHT, 12)
        theme.heading(surface, _("Settings"), (PANEL.centerx, PANEL.y + 64), 64)
        pygame.draw.rect(surface, theme.NIGHT_2, self.name_row, border_radius=16)
        theme.draw_text(surface, _("Player name"), (self.name_row.x + 24, self.name_row.centery), 30,
                        anchor="midleft")
        bottom = self.keys.rect.y - 14
        if self.note:  # within the rows' width: German at 150 % ran past the panel's edges on one line
            size, lines, step = theme.fit_lines(self.note, 24, ROW_W, NOTE_H)
            bottom -= len(lines) * step
            for index, line in enumerate(lines):
                theme.draw_text(surface, line, (PANEL.centerx, bottom + index * step), size, theme.CREAM_DIM,
                                anchor="midtop")
            bottom -= 8
        if trouble := self.app.settings_file_state.words():  # changes not kept, or the defaults in use
            size, lines, step = theme.fit_lines(trouble, 26, ROW_W, TROUBLE_H)
            for index, line in enumerate(lines):
                theme.draw_text(surface, line, (PANEL.centerx, bottom - (len(lines) - index) * step), size,
                                theme.CORAL, anchor="midtop")
        super().draw(surface)


def keep_focus(old: Scene, fresh: Scene) -> None:
    """The rebuilt screen rings the control the player left ringed (Settings on the title, not Play):
    the same place among its controls, where the rebuild kept their number."""
    before, after = old.ui.focusables(), fresh.ui.focusables()
    if old.ui.focus in before and len(before) == len(after):
        fresh.ui.set_focus(after[before.index(old.ui.focus)])
