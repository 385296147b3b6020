"""The Liniell table offers exactly the core's legal actions at every decision of whole games played
through its input — the first tile, placements that would join two lines of one colour, moved
markers, a connection, the last tile — and words every refused placement by its rule."""

from __future__ import annotations

import time

import pytest

from game.bots import make_bot
from game.refusal_words import GENERIC, refusal_text
from game.tables.liniell.model import TableModel
from tests.client.helpers import click
from tests.client.test_liniell_table import STEP, perform, wait_idle
from tools.shots.liniell import CONNECTION_SEED, table_after

PLACE_REFUSALS = {"liniell.same_colour_join", "liniell.double_connection"}


def offered(model: TableModel) -> list[dict]:
    """The actions the table lets the player to act make, as actions: a lit square in a rotation
    whose ghost is not refused; a free line on the new tile from each source; skip; the connection."""
    if model.phase == "place":
        return [{"type": "place", "x": cell[0], "y": cell[1], "rot": rot}
                for cell in model.open_cells for rot in model.legal_rotations(cell)]
    if model.phase == "connect":
        return [{"type": "connect_marker", "from": model.connect_from()}]
    return [{"type": "skip"}] + [{"type": "occupy", "line": line, "from": source}
                                 for line in model.free_lines_on_last() for source in model.sources(model.current)]


def ordered(actions: list[dict]) -> list[tuple]:
    return sorted(tuple(sorted(action.items())) for action in actions)


@pytest.mark.parametrize(("seed", "level", "needs"), [
    (CONNECTION_SEED, "easy", "connect_marker"),  # a placement joins a line of each colour
    (20, "normal", "same_colour_join"),  # markers moved between lines; placements refused for one colour
])
def test_every_decision_offers_exactly_the_legal_actions(app, seed, level, needs) -> None:
    app.settings.animation_speed = 3.0
    table = table_after(app, 0, seed=seed, humans=(0, 1))
    match = table.session.match
    brains = [make_bot("liniell", level, seed * 10 + seat) for seat in range(2)]
    seen: set[str] = set()
    while not match.finished:
        wait_idle(app, table)  # two humans at one screen: the device is handed over openly
        model = table.model
        seat = model.current
        legal = match.game.legal(match.state, seat)
        assert ordered(offered(model)) == ordered(legal), (match.version, model.phase)
        if model.phase == "place":
            x0, y0, x1, y1 = model.region()
            assert all(x0 <= x <= x1 and y0 <= y <= y1 for x, y in model.open_cells)
            refused = [(cell, rot) for cell in model.open_cells for rot in range(4) if model.problem(cell, rot)]
            if refused:
                (cell, rot), version = refused[0], match.version
                while table.turns % 4 != rot:
                    table.rotate(1)
                app.step(1 / 60, click(table.camera.tile_rect(cell).center))
                app.step(STEP)
                rejection = match.game.check(match.state, seat, {"type": "place", "x": cell[0], "y": cell[1],
                                                                 "rot": rot})
                assert rejection is not None and rejection.code in PLACE_REFUSALS
                seen.add(rejection.code.split(".")[1])
                assert match.version == version
                assert table.toast_text == refusal_text(rejection, [table.seat_name(0), table.seat_name(1)])
                assert table.toast_text != GENERIC
        action = brains[seat].decide(match.view(seat))
        seen.add(action["type"])
        version = match.version
        perform(app, table, action)
        deadline = time.monotonic() + 10
        while table.version == version and not match.finished:
            assert time.monotonic() < deadline, f"{action} was not accepted: {table.toast_text}"
            app.step(1 / 60)
        assert match.version == version + 1, table.toast_text
    assert needs in seen
    assert match.state.end_reason is not None and not match.game.legal(match.state, 0)
