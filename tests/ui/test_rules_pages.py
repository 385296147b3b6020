"""Every translated rules page has the shape of the English one, and the rules screen shows it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.i18n import LANGUAGES, SOURCE_LANGUAGE, set_language
from game.scenes.rulebook import RULES_DIR, available_rulebooks, rules_path

TRANSLATED = [(code, path.name) for code in LANGUAGES if code != SOURCE_LANGUAGE
              for path in sorted((RULES_DIR / code).glob("*.md"))]


def shape(path: Path) -> list[str]:
    """Section headings counted, bullets per section, and each ``[diagram …]`` / ``[key …]`` directive
    (the words after it are its caption, which each language words itself)."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            out.append("section")
        elif line.startswith("- "):
            out.append("bullet")
        elif directive := re.match(r"\s*(\[[a-z]+ [a-z0-9_.]+\])", line):
            out.append(directive.group(1))
    return out


@pytest.mark.parametrize(("code", "name"), TRANSLATED)
def test_a_translated_rules_page_has_the_english_pages_sections_bullets_and_directives(code, name):
    english = RULES_DIR / name
    assert english.is_file(), f"{code}/{name} translates a page that does not exist"
    assert shape(RULES_DIR / code / name) == shape(english)


def test_german_rules_are_shown_in_german_and_english_ones_where_none_is_translated():
    set_language("de")
    assert rules_path("linie1") == RULES_DIR / "de" / "linie1.md"
    books = {book.game: book for book in available_rulebooks()}
    assert books["linie1"].sections[0].title == "Die Idee"
    assert books["linie1"].sections[-1].title == "Mit dem Gamepad spielen"
    assert rules_path("no_such_game") == RULES_DIR / "no_such_game.md"
    set_language("en")
    assert {book.game: book for book in available_rulebooks()}["linie1"].sections[0].title == "The idea"


def test_every_translated_rules_page_fits_its_pages():
    from game.scenes.rules import TEXT_AREA, layout
    set_language("de")
    for book in available_rulebooks():
        for section in book.sections:
            for page in layout(section, TEXT_AREA.width, TEXT_AREA.height):
                assert sum(line.height for line in page) <= TEXT_AREA.height


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_every_section_title_fits_the_index_at_full_size(code):
    """A title the index had to shrink reads smaller than its neighbours: shorter words instead."""
    import pygame

    from game.scenes.rules import INDEX_TEXT, INDEX_WIDTH
    from game.ui import theme
    pygame.font.init()
    set_language(code)
    try:
        titles = [section.title for book in available_rulebooks() for section in book.sections]
    finally:
        set_language("en")
    shrunk = [title for title in titles if theme.fit_text(title, INDEX_TEXT, INDEX_WIDTH - 36, theme.DISPLAY_FONT)
              < INDEX_TEXT]
    assert titles and not shrunk


@pytest.mark.parametrize("code", sorted(LANGUAGES))
@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_a_page_never_ends_or_starts_in_the_middle_of_a_paragraph_that_fits_one(code, scale):
    """Turning the page mid-sentence loses the reader: a paragraph or bullet that fits a page is read whole,
    and a longer one turns the page where a sentence ends."""
    import pygame

    from game.scenes.rules import LINE_GAP, TEXT_AREA, block_groups, layout
    from game.ui import theme
    pygame.font.init()
    set_language(code)
    theme.set_ui_scale(scale)
    try:
        room = TEXT_AREA.height // theme.px(LINE_GAP) * theme.px(LINE_GAP)  # a page's room, in whole lines
        for book in available_rulebooks():
            for section in book.sections:
                pages = layout(section, TEXT_AREA.width, TEXT_AREA.height)
                page_of = [index for index, page in enumerate(pages) for line in page if line.kind != "space"]
                at = 0
                for block in section.blocks:
                    groups = block_groups(block, TEXT_AREA.width, room)
                    lines = [line for group in groups for line in group]
                    on_pages = [page_of[at + index] for index in range(len(lines))]
                    at += len(lines)
                    if sum(line.height for line in lines) <= room:
                        assert len(set(on_pages)) == 1, (book.game, section.title, block.text[:60])
                    elif block.kind == "para":  # longer than a page: it turns where a sentence ends
                        ends = [index for index in range(len(lines) - 1) if on_pages[index] != on_pages[index + 1]]
                        assert ends and all(lines[index].text.rstrip().endswith((".", "!", "?", ")"))
                                            for index in ends), (book.game, section.title, block.text[:60])
                assert at == len(page_of)
    finally:
        set_language("en")
        theme.set_ui_scale(1.0)


@pytest.mark.parametrize(("code", "name"), TRANSLATED)
def test_a_translated_page_parses_into_the_english_pages_blocks(code, name):
    """The same paragraphs, bullets, pictures and legend lines in every section (a legend line wrapped
    onto a second line would split into a paragraph of its own)."""
    from game.scenes.rulebook import parse

    def blocks(path: Path) -> list[list[tuple[str, str]]]:
        book = parse(name[:-3], path.read_text(encoding="utf-8"))
        return [[(block.kind, block.name) for block in section.blocks] for section in book.sections]

    assert blocks(RULES_DIR / code / name) == blocks(RULES_DIR / name)
