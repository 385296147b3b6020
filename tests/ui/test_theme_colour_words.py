"""A player colour's name inside a sentence: lower case in English, a noun (capitalised) in German."""

from __future__ import annotations

from game.i18n import set_language
from game.ui import theme


def test_colour_words_read_as_a_sentence_says_them_in_each_language():
    try:
        assert [theme.colour_word(index) for index in range(2)] == ["tangerine", "blue"]
        set_language("de")
        assert [theme.colour_word(index) for index in range(2)] == ["Mandarine", "Blau"]
        assert theme.colour_word(len(theme.PLAYER_COLOURS) + 1) == "Blau"  # indices wrap as the colours do
    finally:
        set_language("en")
