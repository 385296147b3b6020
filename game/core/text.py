"""Text from people and peers made safe to keep, send and draw: one function, used at every boundary.

Names, table names and chat arrive from settings files, the network and the keyboard. Control
characters (C0 and C1, NUL included) crash font renderers and corrupt logs; bidirectional overrides
and isolates make a name display as something else ("Eve" shown as "evE"); lone surrogates cannot be
encoded at all. ``clean_text`` removes all of them, turns any run of whitespace into one space, and
cuts to a length in characters. Pure: no pygame here, so the protocol and the host use it too.
"""

from __future__ import annotations

import unicodedata

BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Letters and symbols that draw nothing: the Hangul fillers and the blank Braille pattern.
BLANK_SIGNS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def _unwanted(character: str) -> bool:
    code = ord(character)
    if code < 0x20 or 0x7F <= code <= 0x9F:  # C0 (NUL included), DEL, C1
        return True
    if 0xD800 <= code <= 0xDFFF:  # a lone surrogate: not text at all
        return True
    return character in BIDI_CONTROLS or unicodedata.category(character) == "Cs"


def printable(value: object, limit: int | None = None) -> str:
    """``value`` with every unwanted character left out and nothing else changed (spacing kept),
    at most ``limit`` characters: what any font can draw."""
    if not isinstance(value, str):
        value = str(value)
    if limit is not None:
        value = value[:limit]
    if value.isprintable() and not BIDI_CONTROLS.intersection(value):
        return value  # the common case, decided in C
    return "".join(character for character in value if not _unwanted(character))


def clean_text(value: object, limit: int | None = None) -> str:
    """``value`` as one line of safe text: unwanted characters gone (control characters become
    spaces so words stay apart), whitespace collapsed, at most ``limit`` characters."""
    if not isinstance(value, str):
        return ""
    kept = "".join(" " if _unwanted(character) else character for character in value)
    text = " ".join(kept.split())
    return text[:limit].rstrip() if limit is not None else text


def shows_something(text: str) -> bool:
    """True when ``text`` holds a character that draws: a letter, digit, punctuation mark or symbol.
    A name of zero-width spaces, joiners, lone combining marks or blank fillers passes every other
    check and then stands invisible on every seat, chat line and list."""
    return any(unicodedata.category(character)[0] in "LNPS" and character not in BLANK_SIGNS
               for character in text)


def is_clean(value: object, limit: int | None = None) -> bool:
    """True when ``clean_text`` would give ``value`` back unchanged."""
    return isinstance(value, str) and clean_text(value, limit) == value


SAID_NAME = 16  # characters of a name said inside a sentence (as long as a name typed on this computer)


def said_name(name: str, limit: int = SAID_NAME) -> str:
    """``name`` as a sentence says it ("Eve…: choose an action"): a LAN player's name may have 32
    characters, which shrank the whole sentence out of reading; beyond ``limit`` it ends in "…"."""
    return name if len(name) <= limit else name[:limit - 1].rstrip() + "…"


def initial_of(name: str, fallback: str = "?") -> str:
    """A player's initial for pieces and markers (a cue beside the seat colour): the name's first
    letter or digit, upper-cased; ``fallback`` for a name with none."""
    return next((char.upper() for char in name if char.isalnum()), fallback)


def distinct_initials(names: list[str]) -> list[str]:
    """Each seat's initial (``initial_of``), or its seat number where two names share one: the
    letters on pieces must tell the seats apart, not only name them."""
    firsts = [initial_of(name, str(index + 1)) for index, name in enumerate(names)]
    return [first if firsts.count(first) == 1 else str(index + 1) for index, first in enumerate(firsts)]
