"""Setup-screen options read well: every game's options offer real choices with readable names."""

import pytest

from game.core.registry import available_games, get_game
from game.scenes.options import option_choices


def test_who_starts_offers_random_and_each_seat():
    assert option_choices("linja", "first", None) == [(None, "Random"), (0, "Seat 1"), (1, "Seat 2")]
    assert option_choices("liniell", "first_player", 0) == [(0, "Seat 1"), (1, "Seat 2"), (None, "Random")]


def test_every_non_boolean_option_of_every_game_has_a_choice_and_no_bare_none():
    for name in available_games():
        for key, default in get_game(name).default_options().items():
            if isinstance(default, bool):
                continue
            choices = option_choices(name, key, default)
            assert len(choices) >= 2, (name, key)
            assert all(text and text != "None" for _value, text in choices), (name, key)


def test_die_faces_keep_the_default_first():
    default = ["1", "2", "3", "4", "H", "H"]
    choices = option_choices("linie1", "die_faces", default)
    assert choices[0] == (default, "1 2 3 4 H H") and len(choices) == 4


def test_tooltips_go_beside_a_stacked_menu_button_and_never_cover_the_next_one():
    import pygame

    from game.ui.widgets import tooltip_box

    screen = pygame.Rect(0, 0, 1920, 1080)
    button = pygame.Rect(700, 500, 520, 80)
    below = pygame.Rect(700, 590, 520, 80)
    box = tooltip_box(screen, (500, 90), button)
    assert not box.colliderect(below) and not box.colliderect(button) and screen.contains(box)
    wide = pygame.Rect(10, 500, 1900, 80)  # no room beside: it goes underneath instead
    assert tooltip_box(screen, (500, 90), wide).top > wide.bottom


def test_bus_options_offer_both_readings_in_words():
    for key, default in get_game("bus").default_options().items():
        choices = option_choices("bus", key, default)
        assert len(choices) == 2 and choices[0][0] == default, key


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_five_player_bonus_names_the_actions_it_covers_as_the_action_board_does(lang):
    """"All M-scaled actions" named a letter no screen explains: each choice names its actions in the
    action board's own words."""
    from game.i18n import _, set_language
    from game.tables.bus.model import ACTION_NAMES
    set_language(lang)
    try:
        choices = dict(option_choices("bus", "five_player_bonus", "line_expansion"))
        board = {action: _(name) for action, name in ACTION_NAMES.items()}
    finally:
        set_language("en")
    assert board["line"] in choices["line_expansion"]
    assert board["passengers"] in choices["all"] and board["buildings"] in choices["all"]
