"""The rule texts in ``assets/rules/<game>.md``, parsed into titled sections of paragraphs and bullets.

Only the little Markdown the rule files use: ``#`` title, ``##`` sections, ``-`` bullets,
paragraphs of consecutive lines, and two directives whose following words are their caption:
``[diagram linie1.rule_b]`` (a picture, ``game.render.diagrams``) and ``[key ok]`` (a legend line
with a small marker before it). Layout into pages happens in the rules scene.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from game.core.assets import ASSETS
from game.core.registry import GAMES
from game.ui.gamepad import controls_help

RULES_DIR = ASSETS / "rules"
DIRECTIVE = re.compile(r"^\[(diagram|key) ([a-z0-9_.]+)\]\s*(.*)$")


@dataclass
class Block:
    kind: str  # "para", "bullet", "diagram" or "key"
    text: str  # for a diagram or key: its caption
    name: str = ""  # the diagram or key a directive names


@dataclass
class Section:
    title: str
    blocks: list[Block] = field(default_factory=list)


@dataclass
class Rulebook:
    game: str
    title: str
    sections: list[Section]


def parse(game: str, text: str) -> Rulebook:
    title = game
    sections: list[Section] = []
    current: list[str] = []
    kind = "para"
    name = ""

    def flush() -> None:
        nonlocal current, name
        if (current or name) and sections:
            sections[-1].blocks.append(Block(kind, " ".join(current).replace("**", ""), name))
        current, name = [], ""

    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("## "):
            flush()
            sections.append(Section(line[3:].strip()))
        elif line.startswith("# "):
            flush()
            title = line[2:].strip()
        elif directive := DIRECTIVE.match(line):
            flush()
            kind, name = directive.group(1), directive.group(2)
            current = [directive.group(3)] if directive.group(3) else []
        elif line.startswith("- "):
            flush()
            kind = "bullet"
            current = [line[2:].strip()]
        elif not line:
            flush()
            kind = "para"
        else:
            if kind in ("bullet", "key") and not raw.startswith(" "):
                flush()
                kind = "para"
            current.append(line)
    flush()
    return Rulebook(game, title, sections)


def available_rulebooks() -> list[Rulebook]:
    """Every game with a rule text, in menu order (rules can be read before a game is playable),
    each ending with the gamepad's controls."""
    books = []
    for game in GAMES:
        path = RULES_DIR / f"{game}.md"
        if path.is_file():
            book = parse(game, path.read_text(encoding="utf-8"))
            book.sections.append(pad_section())
            books.append(book)
    return books


def pad_section() -> Section:
    """The gamepad's buttons as SDL names them on every mapped pad (Xbox layout names)."""
    return Section("Playing with a gamepad", [
        Block("para", "Plug in any pad (Xbox, PlayStation, Switch Pro…); buttons as on an Xbox pad."),
        *(Block("bullet", f"{button}: {words}") for button, words in controls_help()),
    ])
