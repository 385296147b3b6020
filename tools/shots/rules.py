"""Rules pages with diagrams: one shot per game's picture pages (``rules_<game>_<n>``)."""

from __future__ import annotations

from typing import Any

from game.scenes.rulebook import RULES_DIR, parse
from game.scenes.rules import TEXT_AREA, RulesScene, layout
from game.scenes.title import TitleScene
from tools.screenshot import shot

# (shot name, game, section title, page within the section)
PAGES = [
    ("rules_linie1_legend", "linie1", "Pictures: where a tile may go", 0),
    ("rules_linie1_rule_e", "linie1", "Pictures: where a tile may go", 5),
    ("rules_linie1_exchange", "linie1", "Pictures: exchanging tiles", 0),
    ("rules_linie1_pair", "linie1", "Pictures: exchanging tiles", 1),
    ("rules_linie1_signs", "linie1", "Stop signs", 0),
    ("rules_linie1_running", "linie1", "How trams run", 1),
    ("rules_linie1_halt", "linie1", "Moving", 1),
    ("rules_linja_turn", "linja", "Pictures: a turn", 1),
    ("rules_linja_scoring", "linja", "End and scoring", 1),
    ("rules_liniell_turn", "liniell", "A turn", 1),
    ("rules_liniell_joining", "liniell", "Joining occupied lines", 1),
    ("rules_liniell_scoring", "liniell", "Scoring", 1),
    ("rules_bus_growth", "bus", "Where a line may grow", 0),
    ("rules_bus_growth_2", "bus", "Where a line may grow", 1),
    ("rules_bus_scoring", "bus", "The actions in order", 2),
]


def _open(game: str, title: str, page: int) -> Any:
    def make(app: Any) -> None:
        app.push(TitleScene(app))
        rules = RulesScene(app, game)
        app.push(rules)
        book = rules.book
        assert book is not None
        # found in the English page: a translated page has the same sections (tests/ui/test_rules_pages.py)
        english = parse(game, (RULES_DIR / f"{game}.md").read_text(encoding="utf-8"))
        index = next(i for i, section in enumerate(english.sections) if section.title == title)
        rules.open_section(index)
        rules.page = min(page, len(rules.pages) - 1)
        # a translation's longer words may move a picture to another page: show the English page's picture
        english_pages = layout(english.sections[index], TEXT_AREA.width, TEXT_AREA.height)
        pictures = {line.name for line in english_pages[min(page, len(english_pages) - 1)] if line.kind == "diagram"}
        rules.page = next((number for number, lines in enumerate(rules.pages)
                           if pictures and pictures <= {line.name for line in lines if line.kind == "diagram"}),
                          rules.page)
    return make


for _name, _game, _title, _page in PAGES:
    shot(_name)(_open(_game, _title, _page))
