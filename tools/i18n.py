"""``python -m tools.i18n``: bring the catalogues up to date with the source.

Reads every ``_("...")``, ``N_("...")`` and ``ngettext("...", "...", n)`` call in ``game/`` and
``net/`` (the way xgettext would, from the syntax tree, so a message split over lines or built by
implicit concatenation is one message), then rewrites each ``assets/locale/<code>/LC_MESSAGES/linie.po``:
translations kept, new messages added with an empty translation (for the translator, and for the
test that fails on them), messages no longer in the source dropped. Messages are in the order the
source first uses them, so a translator reads each screen's words together.
``--check`` changes nothing and exits 1 when a catalogue is out of date.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from game.i18n import LANGUAGES, SOURCE_LANGUAGE, PoEntry, catalogue_path, parse_po, po_quote

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("game", "net")
MARKERS = {"_": 1, "N_": 1, "ngettext": 2}  # function -> how many leading string arguments are messages
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%(?:\([a-z_]+\))?[sdifr]")


@dataclass
class Message:
    msgid: str
    plural: str | None = None
    places: list[str] = field(default_factory=list)  # "path:line" of each use


@dataclass
class Problem:
    place: str
    text: str


def _called_name(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Name):
        return call.func.id
    return None


def extract(root: Path = ROOT) -> tuple[dict[tuple[str, str | None], Message], list[Problem]]:
    """Every message in the source, keyed by (msgid, plural), and every call that cannot be
    extracted (an f-string or a sum is never found in a catalogue; a name or an attribute is a
    message marked with ``N_`` where it was written)."""
    messages: dict[tuple[str, str | None], Message] = {}
    problems: list[Problem] = []
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            relative = path.relative_to(root).as_posix()
            if relative == "game/i18n.py":
                continue  # the definitions themselves
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call):
                    continue
                name = _called_name(node)
                if name not in MARKERS:
                    continue
                place = f"{relative}:{node.lineno}"
                wanted = MARKERS[name]
                args = node.args[:wanted]
                if len(args) < wanted or any(isinstance(arg, ast.JoinedStr | ast.BinOp) for arg in args):
                    problems.append(Problem(place, f"{name}() needs the text itself, not an f-string or a sum: "
                                                   "put the values in with .format() after translating"))
                    continue
                if not all(isinstance(arg, ast.Constant) and isinstance(arg.value, str) for arg in args):
                    continue  # a message marked with N_ where it was written, translated here
                texts = [arg.value for arg in args]  # type: ignore[attr-defined]
                key = (texts[0], texts[1] if wanted == 2 else None)
                if not key[0]:
                    problems.append(Problem(place, f"{name}('') is no message"))
                    continue
                messages.setdefault(key, Message(key[0], key[1])).places.append(place)
    ordered = sorted(messages.values(), key=lambda message: _place_order(message.places[0]))
    return {(message.msgid, message.plural): message for message in ordered}, problems


def _place_order(place: str) -> tuple[str, int]:
    path, _colon, line = place.rpartition(":")
    return path, int(line)


def placeholders(text: str) -> list[str]:
    """The format fields of a message, sorted: a translation must carry the same ones."""
    return sorted(PLACEHOLDER.findall(text))


HEADER = """# The messages of Linie in {name}. Place and street names stay German in every language.
# Updated by `python -m tools.i18n`; see docs/adding-a-language.md.
msgid ""
msgstr ""
"Language: {code}\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"
"""


def render(code: str, messages: dict[tuple[str, str | None], Message], old: list[PoEntry]) -> str:
    """The catalogue text for ``code``: ``messages`` in order, with the translations ``old`` has."""
    known = {(entry.msgid, entry.msgid_plural): entry for entry in old if entry.msgid}
    lines = HEADER.format(code=code, name=LANGUAGES[code]).rstrip("\n").splitlines()
    for key, message in messages.items():
        entry = known.get(key)
        lines.append("")
        lines.append(f"msgid {po_quote(message.msgid)}")
        if message.plural is None:
            lines.append(f"msgstr {po_quote(entry.msgstr.get(0, '') if entry else '')}")
        else:
            lines.append(f"msgid_plural {po_quote(message.plural)}")
            for index in (0, 1):
                lines.append(f"msgstr[{index}] {po_quote(entry.msgstr.get(index, '') if entry else '')}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.i18n", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a catalogue is out of date")
    args = parser.parse_args(argv)
    messages, problems = extract()
    for problem in problems:
        print(f"{problem.place}: {problem.text}", file=sys.stderr)
    stale = False
    for code in LANGUAGES:
        if code == SOURCE_LANGUAGE:
            continue
        path = catalogue_path(code)
        old = parse_po(path.read_text(encoding="utf-8")) if path.exists() else []
        text = render(code, messages, old)
        current = path.read_text(encoding="utf-8") if path.exists() else ""
        if text != current:
            stale = True
            if not args.check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
        missing = sum(1 for entry in parse_po(text) if entry.msgid and not entry.translated)
        print(f"{code}: {len(messages)} messages, {missing} without a translation")
    return 1 if problems or (args.check and stale) else 0


if __name__ == "__main__":
    sys.exit(main())
