"""Who laid each tile, and when: the view's ``recent`` rows are the tiles laid or exchanged in the
last round of turns, so a table can outline what changed since a player's previous turn."""

import pytest

from game.core.contract import SnapshotError
from game.core.linie1 import GAME
from tests.core.linie1_helpers import board_with, rot_of, state_with_board, straight


def place(tile, cell, rot):
    return {"type": "place", "tile": tile, "cell": list(cell), "rot": rot}


def a_turn(state):
    """The current seat lays two legal tiles and ends its turn: the cells laid."""
    seat, cells = state.current, []
    for _ in range(2):
        action = next(a for a in GAME.legal(state, seat) if a["type"] == "place")
        GAME.apply(state, seat, action)
        cells.append(tuple(action["cell"]))
    GAME.apply(state, seat, {"type": "end_turn"})
    while state.phase == "refill" and state.current == seat:
        GAME.apply(state, seat, {"type": "end_turn"})
    return cells


def recent(state, seat):
    return {(row[0], row[1]): row[2] for row in GAME.view(state, seat)["recent"]}


def test_a_laid_tile_is_recent_for_one_round_of_turns():
    state = GAME.setup(3, 3)
    first = a_turn(state)
    assert GAME.view(state, 1)["recent"] == sorted([c[0], c[1], 0, 1] for c in first)
    second = a_turn(state)
    assert recent(state, 2) == {**dict.fromkeys(first, 0), **dict.fromkeys(second, 1)}
    third = a_turn(state)  # back to seat 0: its own tiles of its last turn are a round old now
    assert recent(state, 0) == {**dict.fromkeys(second, 1), **dict.fromkeys(third, 2)}
    assert state.laid[first[0]] == (0, 1)  # the record stays; only the view's round moves on


def test_an_exchange_names_the_new_layer_and_undo_gives_the_old_one_back():
    board = board_with(straight((9, 9), "NS"))
    state = state_with_board(board, hand=[4, 1, 1, 2, 2])
    state.laid[(9, 9)] = (1, 0)
    GAME.apply(state, 0, {"type": "exchange", "tile": 4, "cell": [9, 9], "rot": rot_of(4, "NS", "SE")})
    assert state.laid[(9, 9)] == (0, state.turn)
    GAME.apply(state, 0, {"type": "undo"})
    assert state.laid[(9, 9)] == (1, 0)


def test_saves_keep_who_laid_what_and_older_saves_load_without_it():
    state = GAME.setup(2, 5)
    GAME.apply(state, 0, place(1, (4, 10), 0))
    data = GAME.snapshot(state)
    assert data["laid"] == [[4, 10, 0, 1]]
    assert GAME.restore(data).laid == {(4, 10): (0, 1)}
    older = dict(data)
    del older["laid"]
    older["undo_stack"] = [{k: v for k, v in entry.items() if k != "laid"} for entry in data["undo_stack"]]
    restored = GAME.restore(older)
    assert restored.laid == {} and GAME.view(restored, 0)["recent"] == []
    GAME.apply(restored, 0, {"type": "undo"})  # an older undo record still undoes
    assert restored.board.tiles == {}


@pytest.mark.parametrize("rows", [[[5, 5, 0, 1]], [[4, 10, 7, 1]], [[4, 10, 0, 99]], "x", [[4, 10, 0]],
                                  [[4, 10, 0, 1], [4, 10, 1, 1]]])
def test_a_damaged_record_of_who_laid_what_is_refused(rows):
    state = GAME.setup(2, 5)
    GAME.apply(state, 0, place(1, (4, 10), 0))
    data = GAME.snapshot(state)
    data["laid"] = rows
    with pytest.raises(SnapshotError):
        GAME.restore(data)
