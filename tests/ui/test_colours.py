"""Seat colours every player tells apart, and text that stands out from its panel."""

from __future__ import annotations

import itertools

import pytest

from game.ui import theme
from game.ui.colour_vision import contrast, delta_e, readable, simulate

VISIONS = [None, "protanopia", "deuteranopia", "tritanopia"]
SEAT_THRESHOLD = 15.0  # CIEDE2000: read as different colours at a glance (2 is just noticeable)
TEXT_RATIO = 4.5  # WCAG 2, normal-size text
PANELS = {"NIGHT": theme.NIGHT, "NIGHT_2": theme.NIGHT_2, "PLUM": theme.PLUM}


def test_the_measures_agree_with_known_values() -> None:
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)
    # Sharma, Wu and Dalal's CIEDE2000 test data, pair 1 (in sRGB the Lab pair is close, not exact)
    assert delta_e((255, 0, 0), (255, 0, 0)) == 0.0
    assert delta_e((255, 0, 0), (0, 255, 0)) > 60
    # red and green are the classic confusion of deuteranopia
    assert delta_e(simulate((200, 60, 60), "deuteranopia"), simulate((110, 110, 30), "deuteranopia")) < 10
    assert simulate((40, 90, 200), None) == (40, 90, 200)


@pytest.mark.parametrize("vision", VISIONS)
def test_every_two_seat_colours_stay_apart(vision: str | None) -> None:
    colours = [(name, simulate(rgb, vision)) for name, rgb in theme.PLAYER_COLOURS]
    for (first, a), (second, b) in itertools.combinations(colours, 2):
        distance = delta_e(a, b)
        assert distance >= SEAT_THRESHOLD, f"{first} and {second}: {distance:.1f} apart under {vision}"


def test_default_seats_take_the_colours_in_order() -> None:
    assert [theme.player_colour(seat) for seat in range(5)] == [rgb for _, rgb in theme.PLAYER_COLOURS[:5]]


@pytest.mark.parametrize("name", ["CREAM", "CREAM_DIM", "SUNFLOWER", "TANGERINE", "CORAL", "MINT", "SKY"])
def test_text_colours_meet_the_contrast_ratio_on_every_panel(name: str) -> None:
    colour = getattr(theme, name)
    for panel, background in PANELS.items():
        assert contrast(colour, background) >= TEXT_RATIO, f"{name} on {panel}: {contrast(colour, background):.2f}"


@pytest.mark.parametrize(("name", "rgb"), theme.PLAYER_COLOURS)
def test_a_seat_colour_as_text_is_lightened_only_as_far_as_needed(name: str, rgb: tuple[int, int, int]) -> None:
    for background in PANELS.values():
        ink = theme.text_colour(rgb, background)
        assert contrast(ink, background) >= TEXT_RATIO
        if contrast(rgb, background) >= TEXT_RATIO:
            assert ink == rgb  # already legible: unchanged
    assert readable((45, 131, 250), theme.PLUM) != (45, 131, 250)  # the blue needs lightening on plum
