"""Text can never crash anyone: any string is cleaned for keeping and drawn without an error."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.text import clean_text, is_clean, printable, shows_something
from game.ui import theme

NASTY = st.text(alphabet=st.characters(codec=None, min_codepoint=0, max_codepoint=0x10FFFF), max_size=300)


def test_names_lose_control_characters_and_direction_overrides():
    assert clean_text("Eve\x00") == "Eve"
    assert clean_text("\u202eevE\u202c") == "evE"
    assert clean_text("Ann\tthe\nFirst\x85!") == "Ann the First !"
    assert clean_text("  Ben  ", 2) == "Be"
    assert clean_text("\ud800x") == "x"
    assert clean_text(None) == "" and clean_text(42) == ""


def test_a_name_shows_something_only_with_a_sign_that_draws():
    """Zero-width spaces, joiners, a lone combining mark and blank fillers pass the cleaning and would
    seat an invisible player."""
    for shown in ("Ann", "7", "?", "\u2605", "Jos\u00e9", "\u200bA\u200b", "\u0928\u092e\u0938\u094d\u0924\u0947"):
        assert shows_something(shown), shown
    for invisible in ("", " ", "\u200b\u200c\u200d", "\u0301", "\ufeff\u2060", "\u3164", "\u2800 \uffa0"):
        assert not shows_something(invisible), invisible


@given(NASTY)
def test_cleaned_text_is_clean_and_encodes(value):
    cleaned = clean_text(value, 40)
    assert is_clean(cleaned, 40) and len(cleaned) <= 40
    cleaned.encode("utf-8")
    assert not any(ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F for c in printable(value))


def test_a_string_of_only_invisible_characters_renders():
    pygame.font.init()
    assert theme.render_text("\xad", 12).get_width() >= 0  # a lone soft hyphen has zero width in the font
    theme.draw_text(pygame.Surface((20, 20)), "\u200b\xad", (0, 0), 12)


@settings(max_examples=150, deadline=None)
@given(NASTY, st.integers(min_value=-5, max_value=300))
def test_any_string_renders_measures_and_wraps(value, size):
    pygame.font.init()
    theme.render_text(value, size)
    theme.draw_text(pygame.Surface((200, 60)), value, (0, 0), max(1, size))
    theme.fit_text(value, 30, 200)
    assert all(theme.font(20).size(line)[0] <= 300 or len(line) == 1 for line in theme.wrap(value, 20, 300))


def test_a_dimension_never_breaks_across_two_lines():
    pygame.font.init()
    text = "Zwei Spieler legen sechzehn quadratische Plättchen zu einem 4 × 4-Quadrat."
    breaks_around_it = 0
    for width in range(220, 700, 7):  # from the width the dimension and its word fit in
        lines = theme.wrap(text, 24, width)
        assert " ".join(lines) == text
        assert not any(line.endswith("×") or line.startswith("×") for line in lines), (width, lines)
        assert any("4 × 4-Quadrat" in line for line in lines), (width, lines)
        breaks_around_it += any(line.endswith("einem") for line in lines)
    assert breaks_around_it  # some widths would have broken inside "4 × 4"


def test_a_die_s_faces_never_break_across_two_lines():
    pygame.font.init()
    text = ("Die Seiten des Spezialwürfels. Die Spielregel zeigt H, 1 und 4; der ganze Würfel ist nicht bekannt, "
            "daher ist 1 2 3 4 H H die Vorgabe.")
    split_before = 0
    for width in range(200, 900, 9):
        lines = theme.wrap(text, 24, width)
        assert " ".join(lines) == text
        assert any("1 2 3 4 H H" in line for line in lines), (width, lines)
        split_before += any(line.endswith("ist") for line in lines)
    assert split_before  # some widths would have broken inside the faces


def test_a_huge_string_renders_as_one_screen_line_at_most():
    pygame.font.init()
    assert theme.render_text("x" * 100_000, 24).get_width() < 20_000


def test_initials_tell_the_seats_apart():
    from game.core.text import distinct_initials, initial_of
    assert initial_of("ada") == "A" and initial_of("  Ünal") == "Ü" and initial_of("…") == "?"
    assert initial_of("", "2") == "2"
    assert distinct_initials(["Ada", "Tramina"]) == ["A", "T"]
    assert distinct_initials(["Ada", "Anna", "Bo"]) == ["1", "2", "B"]  # a shared letter tells nothing


def _ink(surface: pygame.Surface) -> int:
    """The pixels a rendered text lit (its alpha above half)."""
    return sum(1 for x in range(surface.get_width()) for y in range(surface.get_height())
               if surface.get_at((x, y)).a > 128)


@pytest.mark.parametrize("name", ["Жанна", "Ελένη", "Ёжик Ω"])
def test_a_name_in_a_script_the_display_face_lacks_is_drawn_not_left_blank(name):
    """League Spartan (titles, cards, seat rows, buttons) has Latin letters only: "Жанна wins!" came out
    as blank room and " wins!". Such text is drawn, and measured, in Lato Bold, which has them."""
    drawn = theme.render_text(name, 40, theme.CREAM, theme.DISPLAY_FONT)
    in_lato = theme.render_text(name, 40, theme.CREAM, theme.TEXT_BOLD_FONT)
    assert _ink(drawn) > 0.8 * _ink(in_lato)
    assert theme.text_width(name, 40, theme.DISPLAY_FONT) == drawn.get_width()
    assert theme.fit_text(name, 40, drawn.get_width() - 1, theme.DISPLAY_FONT) < 40  # measured as drawn
    assert theme.wrap(f"{name} {name}", 40, drawn.get_width() + 4, theme.DISPLAY_FONT) == [name, name]


def test_latin_text_keeps_the_display_face():
    for text in ("Ada wins!", "Zoë · Łukasz · Ağça", "Größe"):
        assert theme.face_for(text, theme.DISPLAY_FONT) == theme.DISPLAY_FONT
