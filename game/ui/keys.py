"""The shortcuts a player may rebind in Settings, and the keys nobody may take from the game.

Only the one-key shortcuts of play are rebindable (turn, turn back, end the turn, hint, chat): the
keys that every screen relies on (Enter, Esc, Tab, arrows, digits for picking, F1, F11, Backspace,
WASD for moving) stay fixed, so a rebinding can never lock a player out of a menu. Taking a key
another shortcut has swaps the two, so every shortcut always has exactly one key.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.i18n import N_, _

# (intent, what it does, default key), in the order the Settings screen lists them.
SHORTCUTS: tuple[tuple[str, str, int], ...] = (
    ("rotate", N_("Turn the tile"), pygame.K_r),
    ("rotate_back", N_("Turn the tile back"), pygame.K_q),
    ("next", N_("End the turn, roll the die"), pygame.K_n),
    ("hint", N_("Show where a tile fits"), pygame.K_h),
    ("chat", N_("Chat at a LAN table"), pygame.K_t),
)
WORDS = {intent: words for intent, words, _key in SHORTCUTS}
DEFAULTS = {intent: key for intent, _words, key in SHORTCUTS}

RESERVED = frozenset({
    pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_TAB, pygame.K_BACKSPACE,
    pygame.K_DELETE, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_F1, pygame.K_F11,
    pygame.K_w, pygame.K_a, pygame.K_s, pygame.K_d, pygame.K_e, pygame.K_z,
    *range(pygame.K_0, pygame.K_9 + 1), *range(pygame.K_KP0, pygame.K_KP9 + 1),
    pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT, pygame.K_RALT,
    pygame.K_LGUI, pygame.K_RGUI, pygame.K_CAPSLOCK, pygame.K_NUMLOCKCLEAR,
})


def key_label(key: int) -> str:
    """A key as players read it on their keyboard: "N", "F5", "Page Up"."""
    name = pygame.key.name(key)
    return name.upper() if len(name) == 1 else name.title()


@dataclass(frozen=True)
class Bindings:
    """Which key each rebindable shortcut has (every shortcut one key, no key two shortcuts)."""

    keys: tuple[tuple[str, int], ...] = tuple(DEFAULTS.items())

    @property
    def by_intent(self) -> dict[str, int]:
        return dict(self.keys)

    @property
    def by_key(self) -> dict[int, str]:
        return {key: intent for intent, key in self.keys}

    def label(self, intent: str) -> str:
        return key_label(self.by_intent[intent])

    def rebind(self, intent: str, key: int) -> tuple[Bindings, str]:
        """The bindings with ``intent`` on ``key`` (a shortcut that had the key takes the old one),
        and what happened in a player's words."""
        if intent not in DEFAULTS:
            return self, _("That action cannot be rebound.")
        if key in RESERVED:
            return self, _("{key} is kept for menus and moving: choose another key.").format(key=key_label(key))
        keys = self.by_intent
        old = keys[intent]
        other = self.by_key.get(key)
        keys[intent] = key
        if other is not None and other != intent:
            keys[other] = old
            return Bindings(tuple(keys.items())), _("{action}: {key}. {other} takes {old}.").format(
                action=_(WORDS[intent]), key=key_label(key), other=_(WORDS[other]), old=key_label(old))
        return Bindings(tuple(keys.items())), _("{action}: {key}.").format(action=_(WORDS[intent]), key=key_label(key))

    def to_names(self) -> dict[str, str]:
        """What the settings file keeps: only the shortcuts moved from their default keys."""
        return {intent: pygame.key.name(key) for intent, key in self.keys if key != DEFAULTS[intent]}

    @classmethod
    def from_names(cls, names: object) -> Bindings:
        """Bindings from the settings file. An unknown action or key name, or a reserved key, is
        ignored (that shortcut keeps its default); a file that gives one key to two shortcuts is
        not what this program writes, and all shortcuts go back to their defaults."""
        keys = dict(DEFAULTS)
        if isinstance(names, dict):
            for intent, name in names.items():
                if intent not in DEFAULTS or not isinstance(name, str) or not name:
                    continue
                try:
                    key = pygame.key.key_code(name)
                except (ValueError, pygame.error):
                    continue
                if key not in RESERVED:
                    keys[intent] = key
        if len(set(keys.values())) != len(keys):
            return cls()
        return cls(tuple(keys.items()))
