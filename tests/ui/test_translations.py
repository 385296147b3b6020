"""Every word on screen has a German translation with the same placeholders, and the language
machinery (catalogue compiled from the .po, fallback, choice from setting or system) works."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game import i18n
from game.i18n import _, chosen_language, ngettext, parse_po, set_language, system_language
from tools.i18n import ROOT, extract, placeholders, render

TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE]


@pytest.fixture(scope="module")
def source():
    return extract()


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_in_the_code_has_a_translation_with_the_same_placeholders(source, code):
    messages, _problems = source
    entries = {(entry.msgid, entry.msgid_plural): entry
               for entry in parse_po(i18n.catalogue_path(code).read_text(encoding="utf-8")) if entry.msgid}
    missing = [message.places[0] + ": " + message.msgid for key, message in messages.items()
               if key not in entries or not entries[key].translated]
    assert not missing, f"{len(missing)} messages without a translation (run python -m tools.i18n, then " \
                        "translate):\n" + "\n".join(missing[:40])
    differing = []
    for key, message in messages.items():
        entry = entries[key]
        wanted = [placeholders(message.msgid)] + ([placeholders(message.plural)] if message.plural else [])
        for index, translation in sorted(entry.msgstr.items()):
            if placeholders(translation) != wanted[min(index, len(wanted) - 1)]:
                differing.append(f"{message.places[0]}: {message.msgid!r} -> {translation!r}")
    assert not differing, "placeholders differ:\n" + "\n".join(differing)


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_catalogue_is_up_to_date_with_the_source(source, code):
    """No message the source no longer uses, all in the source's order: `python -m tools.i18n` writes it."""
    messages, _problems = source
    path = i18n.catalogue_path(code)
    assert render(code, messages, parse_po(path.read_text(encoding="utf-8"))) == path.read_text(encoding="utf-8")


def test_no_message_is_built_before_it_is_translated(source):
    _messages, problems = source
    assert not problems, "\n".join(f"{problem.place}: {problem.text}" for problem in problems)


def test_the_extractor_finds_messages_and_refuses_f_strings(tmp_path):
    package = tmp_path / "game"
    package.mkdir()
    (tmp_path / "net").mkdir()
    (package / "screen.py").write_text(
        'from game.i18n import _, N_, ngettext\n'
        'A = N_("Menu")\n'
        'def f(n, who):\n'
        '    return _("Hello " "{who}").format(who=who), ngettext("{n} tile", "{n} tiles", n), _(f"no {who}"), _(A)\n')
    messages, problems = extract(tmp_path)
    assert set(messages) == {("Menu", None), ("Hello {who}", None), ("{n} tile", "{n} tiles")}
    assert [problem.place for problem in problems] == ["game/screen.py:4"]


def _binds_underscore(tree: ast.AST) -> list[int]:
    lines = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store)) or (
                isinstance(node, ast.arg) and node.arg == "_"):
            lines.append(node.lineno)
    return lines


def test_no_module_that_translates_uses_underscore_as_a_throwaway_name():
    """``for _ in ...`` beside ``from game.i18n import _`` makes ``_`` a number in that function."""
    clashes = []
    for package in ("game", "net"):
        for path in sorted((ROOT / package).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            if "game.i18n" not in text or " _" not in text:
                continue  # no import from game.i18n (nor a name _): nothing to parse
            tree = ast.parse(text)
            imports = any(isinstance(node, ast.ImportFrom) and node.module == "game.i18n"
                          and any(alias.name == "_" for alias in node.names) for node in ast.walk(tree))
            if imports:
                clashes += [f"{path.relative_to(ROOT)}:{line}" for line in _binds_underscore(tree)]
    assert not clashes, clashes


def test_german_is_spoken_after_choosing_it_and_english_after_that():
    assert set_language("de") == "de" and i18n.language() == "de"
    assert _("Settings") == "Einstellungen"
    plural = next(entry for entry in parse_po(i18n.catalogue_path("de").read_text(encoding="utf-8"))
                  if entry.msgid_plural)
    assert ngettext(plural.msgid, plural.msgid_plural, 1) == plural.msgstr[0]
    assert ngettext(plural.msgid, plural.msgid_plural, 2) == plural.msgstr[1]
    assert _("a message nobody wrote") == "a message nobody wrote"  # missing: the source text
    assert set_language("en") == "en" and _("Settings") == "Settings"
    assert set_language("xx") == "en"


def test_a_catalogue_round_trips_through_the_compiler(tmp_path):
    po = ('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n'
          '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
          '# a comment\nmsgid "Quote \\" and\\n"\n"line"\nmsgstr "Zitat \\" und\\nZeile"\n\n'
          'msgid "{n} die"\nmsgid_plural "{n} dice"\nmsgstr[0] "{n} Würfel"\nmsgstr[1] "{n} Würfel!"\n\n'
          'msgid "untranslated"\nmsgstr ""\n')
    import gettext
    catalogue = gettext.GNUTranslations(i18n._MemoryFile(i18n.compile_mo(parse_po(po))))
    assert catalogue.gettext('Quote " and\nline') == 'Zitat " und\nZeile'
    assert catalogue.ngettext("{n} die", "{n} dice", 2) == "{n} Würfel!"
    assert catalogue.gettext("untranslated") == "untranslated"


@pytest.mark.parametrize(("environ", "expected"), [
    ({"LANG": "de_DE.UTF-8"}, "de"), ({"LANGUAGE": "de_AT:en", "LANG": "en_GB.UTF-8"}, "de"),
    ({"LC_ALL": "en_US.UTF-8", "LANG": "de_DE"}, "en"), ({"LANG": "fr_FR.UTF-8"}, "en"), ({"LANG": "C"}, "en"),
])
def test_the_system_language_comes_from_the_locale_variables(environ, expected):
    assert system_language(environ) == expected


def test_the_setting_wins_over_the_system_and_the_environment_over_both():
    assert chosen_language("en", {"LANG": "de_DE.UTF-8"}) == "en"
    assert chosen_language("", {"LANG": "de_DE.UTF-8"}) == "de"
    assert chosen_language("en", {"LINIE_LANG": "de"}) == "de"
    assert chosen_language("de", {"LINIE_LANG": "klingon"}) == "de"


def test_every_catalogue_is_valid_utf8_po():
    for code in TRANSLATED:
        entries = parse_po(Path(i18n.catalogue_path(code)).read_text(encoding="utf-8"))
        assert entries[0].msgid == "" and "nplurals=2" in entries[0].msgstr[0]


def test_every_first_game_hint_is_marked_for_translation():
    """The coach translates a hint where it shows it, so each game's hints.py marks every text with N_
    (a refusal's explanation chosen by a function of its params: every text that function returns)."""
    unmarked = []
    for path in sorted((ROOT / "game" / "tables").glob("*/hints.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        functions = {node.name: node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
        for node in ast.walk(tree):
            texts = []
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Moment":
                texts = node.args[1:2]
            elif isinstance(node, ast.keyword) and node.arg == "refusals" and isinstance(node.value, ast.Dict):
                for value in node.value.values:
                    chooser = functions.get(value.id) if isinstance(value, ast.Name) else None
                    texts += [step.value for step in ast.walk(chooser) if isinstance(step, ast.Return)
                              and step.value is not None] if chooser is not None else [value]
            unmarked += [f"{path.relative_to(ROOT)}:{text.lineno}" for text in texts if not (
                isinstance(text, ast.Call) and isinstance(text.func, ast.Name) and text.func.id == "N_")]
    assert not unmarked, unmarked
