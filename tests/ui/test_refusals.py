"""Every refusal the core can give has words in the client, filled from parameters the core sends:
the core stays free of any language and the player reads the refusal in theirs."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from game.bots import make_bot
from game.core.bus import GAME as BUS
from game.core.contract import Rejection
from game.core.registry import GAMES
from game.i18n import set_language
from game.match import Match, SeatInfo
from game.refusal_words import COMMON, net_error_text, refusal_text, words_for

ROOT = Path(__file__).resolve().parents[2]
BUILDERS = {"reject", "rejection", "refuse", "_no"}
NOT_YET_WORDED: set[str] = set()  # every game words its refusals


def core_refusals(game: str) -> dict[str, set[str]]:
    """Each code the game's core refuses with, and the parameters it passes (read from the source)."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / "game" / "core" / game).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in BUILDERS):
                continue
            codes = [arg.value for arg in node.args[:2] if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
                     and re.fullmatch(r"[a-z0-9_]+", arg.value)]
            if codes:
                found.setdefault(f"{game}.{codes[0]}", set()).update(
                    keyword.arg for keyword in node.keywords if keyword.arg)
    return found


WORDED = [game for game in GAMES if game not in NOT_YET_WORDED]


@pytest.mark.parametrize("game", WORDED)
def test_every_core_refusal_has_words_that_its_parameters_fill(game):
    refusals = core_refusals(game)
    assert refusals, f"no refusals found in game/core/{game}"
    for language in ("en", "de"):
        set_language(language)
        for code, params in refusals.items():
            words = words_for(code)
            assert words is not None, f"{code} has no words in game/tables/{game}/refusals.py"
            text = refusal_text({"code": code, "message": "(English)", "params": dict.fromkeys(params, 1)})
            assert "{" not in text and text != "(English)", (code, text)  # the client's words, never the core's


def test_the_match_refuses_in_words_too():
    match_codes = set(re.findall(r'Rejection\("(match\.[a-z_]+)"', (ROOT / "game" / "match.py").read_text()))
    assert match_codes and match_codes <= set(COMMON)


def test_a_real_refusal_reads_in_german_with_its_parameters():
    match = Match("linja", [SeatInfo("Ada"), SeatInfo("Bo")], 3, {"first": 0})
    rejection = match.check(0, {"type": "initial", "from": 7})
    assert rejection is not None and rejection.params == {"row": 7}
    assert refusal_text(rejection) == rejection.message  # English: the core's own sentence
    set_language("de")
    assert refusal_text(rejection) == "Du hast keinen Stein auf Reihe 7."
    assert refusal_text(rejection.to_dict()) == "Du hast keinen Stein auf Reihe 7."  # as the wire carries it


def test_an_unknown_code_falls_back_to_the_hosts_english_or_a_plain_german_no():
    unknown = Rejection("newgame.strange", "Strange things.", {})
    assert refusal_text(unknown) == "Strange things."
    set_language("de")
    assert refusal_text(unknown) == "Das ist nicht erlaubt."
    lost = net_error_text({"code": "net.who_knows", "message": "Bad."})
    assert lost == "Mit der Verbindung ist etwas schiefgegangen."


def bus_in_the_choosing_phase() -> Match:
    """A three-seat Bus game played by bots up to the first time a seat places an action marker."""
    match = Match("bus", [SeatInfo("Ada"), SeatInfo("Tramina", "bot", "easy"), SeatInfo("Bo", "bot", "easy")], 5)
    bots = [make_bot("bus", "easy", seat) for seat in range(3)]
    while match.state.phase != "choose":
        seat = match.to_act()[0]
        match.submit(seat, bots[seat].decide(match.view(seat)))
    return match


def test_a_bus_refusal_about_another_seat_names_its_player_in_either_language():
    match = bus_in_the_choosing_phase()
    first = match.to_act()[0]
    match.submit(first, {"type": "choose", "action": "start"})
    later = match.to_act()[0]
    rejection = match.check(later, {"type": "choose", "action": "start"})
    assert rejection is not None and rejection.params == {"action": "start", "seat": first}
    names = ["Ada", "Tramina", "Bo"]
    assert refusal_text(rejection, names) == (
        f"Starting Player takes one marker a round, and {names[first]} already took it.")
    assert f"Seat {first + 1} already took it" in refusal_text(rejection)  # no names known: the seat's number
    set_language("de")
    assert refusal_text(rejection.to_dict(), names) == (
        f"Startspieler nimmt nur einen Marker pro Runde, und {names[first]} hat ihn schon gesetzt.")


def test_bus_refusals_in_english_are_the_clients_words_with_what_the_map_shows():
    match = bus_in_the_choosing_phase()
    seat = match.to_act()[0]
    not_yours = BUS.check(match.state, (seat + 1) % 3, {"type": "choose", "action": "clock"})
    assert refusal_text(not_yours, ["Ada", "Tramina", "Bo"]) == f"It is {['Ada', 'Tramina', 'Bo'][seat]}'s turn."
    wrong = match.check(seat, {"type": "street", "street": 0})
    assert refusal_text(wrong) == "Now place a marker on an action, or pass."
    setup = Match("bus", [SeatInfo("Ada"), SeatInfo("Bo"), SeatInfo("Cy")], 5)
    zone_two = next(lot for lot in range(BUS.net.lots) if BUS.net.lot_zone[lot] == 2)
    first = setup.check(setup.to_act()[0], {"type": "building", "lot": zone_two, "kind": "pub"})
    assert refusal_text(first) == "The first buildings go on lots of zone 1."


def test_a_bus_street_off_the_line_names_the_crossings_it_grows_from_in_the_maps_order():
    rejection = {"code": "bus.not_at_head", "message": "(English)", "params": {"heads": [16, 9]}}
    assert refusal_text(rejection).endswith("; it grows only from crossing 9 or 16.")
    set_language("de")
    assert refusal_text(rejection).endswith("sie wächst nur von Kreuzung 9 oder 16 aus.")
