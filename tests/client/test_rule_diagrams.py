"""Rules diagrams tell the truth: each picture's claim is what the core says of its position, every
directive in a rules text names a real diagram, and the pictures fit the rules page."""

from __future__ import annotations

import pytest

from game.core.registry import GAMES
from game.render.diagrams import find, find_key, game_module, height_for, picture
from game.scenes.rulebook import RULES_DIR, Block, available_rulebooks, parse
from game.scenes.rules import DIAGRAM_MAX, TEXT_AREA, RulesScene, layout

GAMES_WITH_DIAGRAMS = [game for game in GAMES if (RULES_DIR / f"{game}.md").is_file()]


def _all_diagrams() -> list[tuple[str, object]]:
    return [(f"{game}.{name}", diagram) for game in GAMES_WITH_DIAGRAMS
            for name, diagram in game_module(game).DIAGRAMS.items()]


def _directives() -> list[tuple[str, Block]]:
    """Every diagram and key directive in every rules text (English and any translation)."""
    found = []
    for path in sorted(RULES_DIR.rglob("*.md")):
        book = parse(path.stem, path.read_text(encoding="utf-8"))
        found += [(str(path), block) for section in book.sections for block in section.blocks
                  if block.kind in ("diagram", "key")]
    return found


@pytest.mark.parametrize("name,diagram", _all_diagrams(), ids=lambda value: value if isinstance(value, str) else "")
def test_every_panel_claims_what_the_core_measures(name, diagram):
    assert diagram.panels, name
    for index, panel in enumerate(diagram.panels):
        assert panel.measure() == panel.claim, f"{name}, panel {index + 1}"


def test_every_diagram_draws_every_panel_at_a_narrow_width(app):  # app: the display some art needs
    for name, diagram in _all_diagrams():
        tall = height_for(diagram, 500, DIAGRAM_MAX)
        image = picture(name, 500, tall)
        assert image.get_size() == (500, tall)
        row = [image.get_at((x, tall // 2)).a for x in range(500)]
        assert sum(1 for alpha in row if alpha == 255) >= 500 * 0.6, f"{name}: the panels fill most of the width"


def test_every_key_draws_at_its_size(app):
    for game in GAMES_WITH_DIAGRAMS:
        for name in game_module(game).KEYS:
            assert find_key(f"{game}.{name}")(38).get_size() == (38, 38), f"{game}.{name}"
    for name in ("ok", "refused"):
        assert find_key(name)(38).get_size() == (38, 38)


def test_every_game_with_rules_has_diagrams_of_its_moves_and_a_scoring_example():
    assert len(GAMES_WITH_DIAGRAMS) >= 4
    for game in GAMES_WITH_DIAGRAMS:
        diagrams = game_module(game).DIAGRAMS
        assert len(diagrams) >= 2, game
        if game != "linie1":  # Linie 1 has no score: the first tram home wins
            assert "scoring" in diagrams, game


def test_every_directive_names_a_diagram_or_key_and_every_diagram_is_shown():
    directives = _directives()
    assert directives
    for path, block in directives:
        known = find(block.name) if block.kind == "diagram" else find_key(block.name)
        assert known is not None, f"{path}: unknown {block.kind} {block.name}"
        assert block.text, f"{path}: {block.name} has no caption"
    shown = {block.name for path, block in directives if block.kind == "diagram" and "/rules/" in path
             and path.endswith(tuple(f"/{game}.md" for game in GAMES_WITH_DIAGRAMS))}
    assert shown == {name for name, _ in _all_diagrams()}


def test_english_captions_name_what_their_pictures_claim():
    books = [parse(game, (RULES_DIR / f"{game}.md").read_text(encoding="utf-8")) for game in GAMES_WITH_DIAGRAMS]
    captions = {block.name: block.text for book in books for section in book.sections
                for block in section.blocks if block.kind == "diagram"}
    for name, diagram in _all_diagrams():
        for words in diagram.mentions:
            assert words.lower() in captions[name].lower(), f"{name}: the caption should say {words!r}"


def test_a_refused_panel_on_linie1_names_a_placement_rule_its_caption_cites():
    for name in ("rule_a", "rule_b", "rule_c", "rule_d", "rule_e"):
        diagram = find(f"linie1.{name}")
        refused = [panel for panel in diagram.panels if panel.verdict == "refused"]
        allowed = [panel for panel in diagram.panels if panel.verdict == "ok"]
        assert len(refused) == 1 and len(allowed) == 1
        assert refused[0].claim.startswith(f"linie1.{name}_"), name
        assert diagram.mentions == (f"rule {name[-1]}",)


def test_linie1_positions_could_have_been_laid_in_turn():
    from game.render.linie1 import diagrams
    for laid in (diagrams.EXCHANGE_TILES, diagrams.PAIR_TILES, diagrams.SIGN_TILES, diagrams.TRIP_TILES,
                 diagrams.run_tiles(10), diagrams.run_tiles(9)):
        assert diagrams.background_problem(laid) == "ok"


def test_a_diagram_directive_parses_into_a_block_with_its_caption():
    book = parse("x", "# X\n## One\nText.\n\n[diagram linie1.rule_a]\nA caption\non two lines.\n\n"
                      "[key ok] Allowed.\nAfter.\n")
    kinds = [(block.kind, block.name, block.text) for block in book.sections[0].blocks]
    assert kinds == [("para", "", "Text."), ("diagram", "linie1.rule_a", "A caption on two lines."),
                     ("key", "ok", "Allowed."), ("para", "", "After.")]


def test_pictures_fit_the_text_area_and_keep_their_caption_on_their_page():
    for book in available_rulebooks():
        for section in book.sections:
            for page in layout(section, TEXT_AREA.width, TEXT_AREA.height):
                assert sum(line.height for line in page) <= TEXT_AREA.height
                for index, line in enumerate(page):
                    if line.kind == "diagram":
                        assert index + 1 < len(page) and page[index + 1].kind == "caption"
    name, diagram = _all_diagrams()[0]
    tall = height_for(diagram, TEXT_AREA.width, DIAGRAM_MAX)
    image = picture(name, TEXT_AREA.width, tall)
    assert image.get_size() == (TEXT_AREA.width, tall) and tall <= DIAGRAM_MAX
    narrow = height_for(diagram, TEXT_AREA.width // 3, DIAGRAM_MAX)
    assert narrow < tall  # a narrower page draws the diagram smaller rather than overflowing


def test_the_index_shows_every_section_of_every_book(app):
    rules = RulesScene(app, "linie1")
    for index, book in enumerate(rules.books):
        rules.open_book(index)
        listed = rules.index
        assert listed.items == [section.title for section in book.sections]
        last_row_bottom = listed.rect.y + len(listed.items) * listed.row_height - 8
        assert last_row_bottom <= listed.rect.bottom, book.game


@pytest.mark.parametrize(("lang", "scale"), [("en", 1.0), ("en", 1.5), ("de", 1.5)])
def test_every_books_index_reads_at_one_size_each_title_whole(app, lang, scale):
    """No section title shrinks below the others ("Straßen: wo Linien wachsen dürfen" did at 150 %): the
    index takes the size its longest title fits at, and at 100 % that is its full size."""
    from game.i18n import set_language
    from game.scenes.rules import INDEX_TEXT
    from game.ui import theme
    set_language(lang)
    theme.set_ui_scale(scale)
    try:
        rules = RulesScene(app, "linie1")
        for index in range(len(rules.books)):
            rules.open_book(index)
            listed = rules.index
            assert all(theme.fit_text(title, listed.size, listed.rect.width - 36, theme.DISPLAY_FONT) == listed.size
                       for title in listed.items), rules.books[index].game
            if scale == 1.0:
                assert listed.size >= INDEX_TEXT - 3
            else:
                assert listed.size >= INDEX_TEXT * 3 // 4  # shorter titles keep the index large
    finally:
        set_language("en")
        theme.set_ui_scale(1.0)
