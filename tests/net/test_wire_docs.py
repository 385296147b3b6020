"""The protocol pages say everything a client in another language needs, and stay true: every
refusal code the code can send is on a page, the wire pages are those the code makes, and views
and events hold nothing whose bytes would depend on a language (floats, non-ASCII keys)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from game.bots import make_bot
from game.core.registry import get_game
from game.match import Match, SeatInfo
from tests.core.declared_events import undeclared
from tools import wire_pages

ROOT = Path(__file__).resolve().parents[2]
WIRE_CODE = re.compile(r'"((?:net|protocol|match)\.[a-z_]+)"')
NOT_CODES = {"net.chat"}  # a prefix the lobby tests with startswith, not a code


def test_every_net_protocol_and_match_code_is_on_the_protocol_page() -> None:
    sources = [*ROOT.joinpath("net").glob("*.py"), ROOT / "game" / "match.py", ROOT / "game" / "session.py"]
    codes = {code for path in sources for code in WIRE_CODE.findall(path.read_text(encoding="utf-8"))}
    page = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    missing = sorted(code for code in codes - NOT_CODES if f"`{code}`" not in page)
    assert len(codes) > 30 and not missing, missing


def test_the_wire_pages_are_those_the_code_makes() -> None:
    assert wire_pages.main(["--check"]) == 0, "run python -m tools.wire_pages"


def test_a_place_the_sample_games_left_nil_or_empty_is_not_described_as_only_that() -> None:
    """A client must not read Bus's `closed_at` as "always nil" or Liniell's `set_aside` as "a list of
    nothing": the page says the sample games never showed more, and the game's page says what."""
    shape = wire_pages.Shape()
    for line in ({"closed_at": None, "set_aside": [], "heads": [3, 4]}, {"closed_at": None, "set_aside": [],
                                                                          "heads": []}):
        shape.add(line)
    unseen = f"({wire_pages.UNSEEN})"
    assert shape.describe() == (f"map {{`closed_at`: nil in every sample game {unseen}, `set_aside`: list, empty "
                                f"in every sample game {unseen}, `heads`: list of int}}")
    shape.add({"closed_at": 7, "set_aside": [2], "heads": []})
    assert shape.describe() == "map {`closed_at`: int or nil, `set_aside`: list of int, `heads`: list of int}"


@pytest.mark.parametrize("game", wire_pages.GAMES)
def test_every_refusal_of_the_rules_is_found_for_its_wire_page(game: str) -> None:
    codes = wire_pages.refusal_codes(game)
    assert len(codes) >= 5 and all(code.startswith(f"{game}.") for code in codes)
    page = (ROOT / "docs" / "wire" / f"{game}.md").read_text(encoding="utf-8")
    assert all(f"`{code}`" in page for code in codes)


def language_free(value: Any, where: str = "view") -> None:
    """No floats anywhere; maps keyed by ASCII strings only."""
    if isinstance(value, float):
        raise AssertionError(f"a float at {where}")
    if isinstance(value, dict):
        for key, item in value.items():
            assert isinstance(key, str) and key.isascii(), f"key {key!r} at {where}"
            language_free(item, f"{where}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            language_free(item, f"{where}[{index}]")


@pytest.mark.parametrize("game", wire_pages.GAMES)
def test_every_declared_event_is_one_the_rules_make(game: str) -> None:
    """No event on a wire page that no rule tells (the rare ones are held to their declaration by
    tests/core/conftest.py wherever a test makes them)."""
    source = "\n".join(path.read_text(encoding="utf-8") for path in (ROOT / "game" / "core" / game).glob("*.py"))
    declared = get_game(game).event_fields
    assert len(declared) >= 4
    assert [kind for kind in declared if f'"type": "{kind}"' not in source] == []


@pytest.mark.parametrize("game", wire_pages.GAMES)
def test_views_and_events_of_whole_games_hold_no_floats_and_only_ascii_keys(game: str) -> None:
    """And every event as each seat sees it fits the game's declaration."""
    seats = wire_pages.GAMES[game]
    match = Match(game, [SeatInfo(f"Bot {seat}", "bot", "easy") for seat in range(seats)], 11)
    bots = [make_bot(game, "easy", seat) for seat in range(seats)]
    changes = []
    match.add_listener(changes.append)
    while not match.finished and match.version < 3000:
        seat = match.to_act()[0]
        assert match.submit(seat, bots[seat].decide(match.view(seat))).ok
        for watcher in [*range(seats), None]:
            language_free(match.view(watcher))
            language_free(match.events_for(changes[-1], watcher), "events")
            assert undeclared(match.game, match.events_for(changes[-1], watcher)) == []
    assert match.finished


@pytest.mark.parametrize("trip_rule", ["die", "pace", "three_dice"])
def test_a_linie1_view_with_a_declared_trip_holds_no_float(trip_rule: str) -> None:
    """The expected turns of a trip (a float in the rules) reach the view as whole hundredths: a
    float's digits in the canonical JSON differ between languages, so the view hash would too. Bot
    games rarely get this far, so the trip is declared here."""
    from game.core.linie1 import GAME, my_trip_candidates
    from game.core.linie1.saves import state_from_view
    from tests.core.linie1_helpers import line1_route_state

    state = line1_route_state()
    state.options["trip_rule"] = trip_rule
    candidate = my_trip_candidates(GAME.view(state, 0))[0]
    GAME.apply(state, 0, {"type": "declare", "start": candidate["start"], "route": candidate["route"]})
    for watcher in (0, 1, None):
        language_free(GAME.view(state, watcher))
    trip = GAME.view(state, 0)["players"][0]["trip"]
    assert trip["expected_hundredths"] == round(candidate["expected_turns"] * 100)
    rebuilt = state_from_view(GAME.view(state, 1)).trips[0]
    assert rebuilt is not None and rebuilt.expected == pytest.approx(candidate["expected_turns"], abs=0.005)
