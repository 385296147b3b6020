"""The player's language: every word on screen goes through ``_`` (or ``ngettext``) and the stdlib's
``gettext`` finds it in ``assets/locale/<code>/LC_MESSAGES/linie.po``.

The catalogues are kept as ``.po`` text only and compiled in memory when a language is chosen (a
few milliseconds): nothing binary sits in the repository, no build step can be forgotten, and a
translator's edit shows at the next start. English is the source language and needs no catalogue;
a message a catalogue lacks falls back to English. ``N_`` marks words kept in a table at import time
(menus, option names): they are translated where they are shown, so a change of language reaches
them too. ``tests/ui/test_translations.py`` reads every ``_``/``N_``/``ngettext`` call from the
source and fails on a message without a German translation or with other placeholders.
Pure stdlib, no pygame: the host's command line (``net.host_cli``) speaks through it as well.
"""

from __future__ import annotations

import ast
import gettext
import locale
import os
import struct
from functools import cache
from pathlib import Path

from game.core.assets import ASSETS

DOMAIN = "linie"
SOURCE_LANGUAGE = "en"
# Each language by its own name (never translated: a player must find their own in a foreign menu).
LANGUAGES = {"en": "English", "de": "Deutsch"}
ENVIRONMENT = "LINIE_LANG"  # overrides the setting and the system (screenshots, tests, a kiosk)

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE_LANGUAGE


def _(message: str) -> str:
    """``message`` in the language in force (an empty one stays empty: gettext would give the
    catalogue's header)."""
    return _translations.gettext(message) if message else message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural form of a message for ``count``, in the language in force."""
    return _translations.ngettext(singular, plural, count)


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it yet (it is translated where shown)."""
    return message


DECIMAL_COMMA = {"de"}  # languages that write 12,6 for twelve point six


def decimal(value: float, digits: int = 1) -> str:
    """``value`` with ``digits`` decimals, as the language in force writes it (12.6 or 12,6)."""
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if _language in DECIMAL_COMMA else text


def language() -> str:
    """The code of the language in force (``en``, ``de``)."""
    return _language


def catalogue_path(code: str, root: Path = ASSETS) -> Path:
    return root / "locale" / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def system_language(environ: dict[str, str] | None = None) -> str:
    """The language of this computer, where Linie speaks it, else English: ``LANGUAGE``, ``LC_ALL``,
    ``LC_MESSAGES`` and ``LANG`` as gettext reads them, then the locale Python was started with."""
    environ = os.environ if environ is None else environ
    candidates: list[str] = []
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable, "")
        if value:
            candidates += value.split(":")
            break
    if not candidates:
        try:
            candidates.append(locale.getlocale(locale.LC_MESSAGES)[0] or "")
        except (AttributeError, ValueError):  # no LC_MESSAGES on Windows
            candidates.append(locale.getlocale()[0] or "")
    for candidate in candidates:
        code = candidate.split(".")[0].split("_")[0].split("-")[0].lower()
        if code in LANGUAGES:
            return code
        if code.startswith("german"):  # Windows names its locales in words
            return "de"
    return SOURCE_LANGUAGE


def chosen_language(setting: str = "", environ: dict[str, str] | None = None) -> str:
    """The language to speak: ``LINIE_LANG`` if set to a known one, else the player's setting, else
    the system's (an empty setting means "as the system")."""
    environ = os.environ if environ is None else environ
    forced = environ.get(ENVIRONMENT, "").strip().lower()
    if forced in LANGUAGES:
        return forced
    if setting in LANGUAGES:
        return setting
    return system_language(environ)


def set_language(code: str) -> str:
    """Speak ``code`` from now on (English where it is unknown or its catalogue cannot be read);
    returns the language now in force."""
    global _translations, _language
    if code not in LANGUAGES or code == SOURCE_LANGUAGE:
        _translations, _language = gettext.NullTranslations(), SOURCE_LANGUAGE
        return _language
    try:
        _translations = load_catalogue(code)
    except (OSError, ValueError):
        _translations, _language = gettext.NullTranslations(), SOURCE_LANGUAGE
        return _language
    _language = code
    return _language


@cache
def load_catalogue(code: str) -> gettext.GNUTranslations:
    """The catalogue of ``code``, read from its ``.po`` and compiled to gettext's own form in memory."""
    text = catalogue_path(code).read_text(encoding="utf-8")
    return gettext.GNUTranslations(_MemoryFile(compile_mo(parse_po(text))))


# -- .po files ---------------------------------------------------------------------------------------
class PoEntry:
    """One message of a ``.po`` file: its id (and plural id) and the translations."""

    __slots__ = ("msgid", "msgid_plural", "msgstr", "context")

    def __init__(self) -> None:
        self.msgid = ""
        self.msgid_plural: str | None = None
        self.msgstr: dict[int, str] = {}
        self.context: str | None = None

    @property
    def translated(self) -> bool:
        return bool(self.msgstr) and all(self.msgstr.values())


def parse_po(text: str) -> list[PoEntry]:
    """The entries of a ``.po`` file (comments and obsolete ``#~`` entries left out; the header is
    the entry whose msgid is empty)."""
    entries: list[PoEntry] = []
    entry: PoEntry | None = None
    has_id = False
    field: tuple[str, int] | None = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith('"'):
            if entry is None or field is None:
                raise ValueError(f"line {number}: a string outside any field")
            _put(entry, field, _po_string(line, number), append=True)
            continue
        keyword, _space, rest = line.partition(" ")
        index = 0
        if keyword.startswith("msgstr[") and keyword.endswith("]"):
            index, keyword = int(keyword[7:-1]), "msgstr"
        if keyword not in ("msgctxt", "msgid", "msgid_plural", "msgstr"):
            raise ValueError(f"line {number}: unknown keyword {keyword!r}")
        if keyword == "msgctxt" or (keyword == "msgid" and (entry is None or has_id)):
            if entry is not None:
                entries.append(entry)
            entry, has_id = PoEntry(), False
        if entry is None:
            raise ValueError(f"line {number}: {keyword} before any msgid")
        has_id = has_id or keyword == "msgid"
        field = (keyword, index)
        _put(entry, field, _po_string(rest.strip(), number), append=False)
    if entry is not None:
        entries.append(entry)
    return entries


def _put(entry: PoEntry, field: tuple[str, int], value: str, append: bool) -> None:
    name, index = field
    if name == "msgctxt":
        entry.context = (entry.context or "") + value if append else value
    elif name == "msgid":
        entry.msgid = entry.msgid + value if append else value
    elif name == "msgid_plural":
        entry.msgid_plural = (entry.msgid_plural or "") + value if append else value
    else:
        entry.msgstr[index] = entry.msgstr.get(index, "") + value if append else value


def _po_string(token: str, number: int) -> str:
    if len(token) < 2 or not (token.startswith('"') and token.endswith('"')):
        raise ValueError(f"line {number}: expected a quoted string")
    try:
        value = ast.literal_eval(token)
    except (SyntaxError, ValueError) as error:
        raise ValueError(f"line {number}: {error}") from None
    if not isinstance(value, str):
        raise ValueError(f"line {number}: expected a quoted string")
    return value


def po_quote(text: str) -> str:
    """``text`` as a ``.po`` string literal."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{escaped}"'


def compile_mo(entries: list[PoEntry]) -> bytes:
    """The GNU ``.mo`` bytes of ``entries`` (as ``msgfmt`` writes them; untranslated ones left out
    so gettext falls back to the source text)."""
    pairs: dict[bytes, bytes] = {}
    for entry in entries:
        if entry.msgid and not entry.translated:
            continue
        key = entry.msgid if entry.msgid_plural is None else f"{entry.msgid}\0{entry.msgid_plural}"
        if entry.context is not None:
            key = f"{entry.context}\x04{key}"
        value = "\0".join(entry.msgstr[index] for index in sorted(entry.msgstr))
        pairs[key.encode()] = value.encode()
    keys = sorted(pairs)
    ids = b"".join(key + b"\0" for key in keys)
    strs = b"".join(pairs[key] + b"\0" for key in keys)
    header = 7 * 4
    table = len(keys) * 8
    ids_start = header + 2 * table
    strs_start = ids_start + len(ids)
    key_table, value_table = [], []
    offset = 0
    for key in keys:
        key_table += [len(key), ids_start + offset]
        offset += len(key) + 1
    offset = 0
    for key in keys:
        value_table += [len(pairs[key]), strs_start + offset]
        offset += len(pairs[key]) + 1
    head = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), header, header + table, 0, 0)
    return head + struct.pack(f"{len(key_table)}i", *key_table) + struct.pack(
        f"{len(value_table)}i", *value_table) + ids + strs


class _MemoryFile:
    """What ``GNUTranslations`` reads a catalogue from: ``read()`` and a name."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.name = "<memory>"

    def read(self) -> bytes:
        return self.data
