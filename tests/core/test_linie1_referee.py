"""An independent referee for Linie 1's track laying and turns, written from the rule text (rules
a-e, exchanges, stop signs, the draw) and rulings L1-L5, held against the core over random games.

The core judges a placement two ways (an explaining check and a fast mask table) and tests prove
those agree with each other; this referee judges it a third way, square by square as a player at
the table would, and compares the *whole list* of legal placements and exchanges in every position
the games reach — so a legal move the core never offers fails here as surely as an illegal one it
allows. Then each action is checked for what it does: the tile from the hand, the sign on the first
tile beside its building only, the replaced tile back in hand, the draw back up to five.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.linie1 import GAME
from game.core.linie1.data import BUILDINGS, FACES, ROUTE_CARD_COLOURS, ROUTE_CARDS, TERMINAL_AT, TILE_TYPES
from game.core.linie1.dice import carry_out
from game.core.linie1.routes import advance, drive_to
from game.core.rng import Rng

STEP = {0: (-1, 0), 1: (0, 1), 2: (1, 0), 3: (0, -1)}  # N, E, S, W; row 0 at the top
BUILDING_AT = {cell: letter for letter, cell in BUILDINGS.items()}


def rails(face) -> set[int]:
    return {edge for segment in face for edge in segment}


def kind(cell: tuple[int, int], faces: dict) -> str:
    row, col = cell
    if cell in BUILDING_AT:
        return "building"
    if 1 <= row <= 12 and 1 <= col <= 12:
        return "tile" if cell in faces else "free"
    return "terminal" if cell in TERMINAL_AT else "border"


def beside(cell: tuple[int, int], edge: int) -> tuple[int, int]:
    return cell[0] + STEP[edge][0], cell[1] + STEP[edge][1]


def edges_fit(faces: dict, cell: tuple[int, int], face) -> bool:
    """Rules a, b, d (L1): no rail off the board or into a building; rails meet rails exactly;
    a terminal's rail is never blocked."""
    mine = rails(face)
    for edge in range(4):
        other = beside(cell, edge)
        what = kind(other, faces)
        if what in ("border", "building") and edge in mine:
            return False
        if what == "terminal" and edge not in mine:
            return False
        if what == "tile" and (edge in mine) != ((edge + 2) % 4 in rails(faces[other])):
            return False
    return True


def continuable(faces: dict, square: tuple[int, int]) -> bool:
    """Rule e (L2): a free square with rails pointing into it can still take some tile — which
    needs two or more sides that are rails into it or free (every set of 2-4 sides is some tile)."""
    must = may = 0
    for edge in range(4):
        other = beside(square, edge)
        what = kind(other, faces)
        if what == "terminal" or (what == "tile" and (edge + 2) % 4 in rails(faces[other])):
            must += 1
        elif what == "free":
            may += 1
    return must == 0 or must + may >= 2


def may_lay(faces: dict, cell: tuple[int, int], face, strict: bool = True) -> bool:
    """``face`` on ``cell`` (free in ``faces``) obeys rules a-d, and e unless the table plays
    without it (option ``strict_dead_ends``, L2)."""
    if not edges_fit(faces, cell, face):
        return False
    if not strict:
        return True
    after = {**faces, cell: face}
    return all(continuable(after, beside(cell, edge)) for edge in range(4)
               if kind(beside(cell, edge), after) == "free")


def legal_by_the_rules(tiles: dict, hand: list[int], strict: bool = True) -> tuple[set, set]:
    """Every (cell, face) a tile of the hand may be laid as, and every (cell, face) it may replace."""
    faces = {cell: FACES[placed] for cell, placed in tiles.items()}
    shapes = {FACES[(tile, rot)] for tile in set(hand) for rot in range(4)}
    places, exchanges = set(), set()
    for row in range(1, 13):
        for col in range(1, 13):
            cell = (row, col)
            what = kind(cell, faces)
            if what == "free":
                places.update((cell, shape) for shape in shapes if may_lay(faces, cell, shape, strict))
            elif what == "tile" and not TILE_TYPES[tiles[cell][0]].tree:  # trees are never replaced
                rest = {key: value for key, value in faces.items() if key != cell}
                exchanges.update((cell, shape) for shape in shapes  # L3: keep every rail, add one
                                 if faces[cell] < shape and may_lay(rest, cell, shape, strict))
    return places, exchanges


def offered(state, seat: int) -> tuple[set, set]:
    found: dict[str, set] = {"place": set(), "exchange": set()}
    for action in GAME.legal(state, seat):
        if action["type"] in found:
            found[action["type"]].add((tuple(action["cell"]), FACES[(action["tile"], action["rot"])]))
    return found["place"], found["exchange"]


def sign_for(cell: tuple[int, int]) -> str | None:
    letters = [BUILDING_AT[beside(cell, edge)] for edge in range(4) if beside(cell, edge) in BUILDING_AT]
    return letters[0] if letters else None


def check_action(before, state, seat: int, action: dict) -> None:
    tiles, hands, pile, signs = before
    kind_ = action["type"]
    if kind_ == "place":
        cell = tuple(action["cell"])
        assert cell not in tiles and state.board.tiles[cell] == (action["tile"], action["rot"])
        expected = sorted(hands[seat])
        expected.remove(action["tile"])
        assert sorted(state.hands[seat]) == expected
        letter = sign_for(cell)  # L5: the first tile laid beside a building gets its sign, once
        wanted = {**signs, letter: cell} if letter is not None and letter not in signs else signs
        assert state.board.signs == wanted
    elif kind_ == "exchange":
        cell = tuple(action["cell"])
        old = tiles[cell]
        assert not TILE_TYPES[old[0]].tree and FACES[old] < FACES[state.board.tiles[cell]]
        expected = sorted(hands[seat])
        expected.remove(action["tile"])
        assert sorted(state.hands[seat]) == sorted([*expected, old[0]])  # the old tile, in hand at once
        assert state.board.signs == signs  # an exchange keeps signs and places none
    elif kind_ == "end_turn" and len(pile) >= 5 - len(hands[seat]):
        assert sorted(state.hands[seat]) == sorted(hands[seat] + pile[len(pile) - (5 - len(hands[seat])):])
        assert state.pile == pile[:len(pile) - (5 - len(hands[seat]))]  # L4: back up to five
    if kind_ != "undo":
        assert set(tiles) <= set(state.board.tiles)  # a tile laid stays laid
        assert all(state.board.signs.get(letter) == cell for letter, cell in signs.items())


def random_game(players: int, seed: int, steps: int, options: dict | None = None):
    """Yield (state, seat, action) for random legal actions, tiles preferred to ending the turn."""
    state = GAME.setup(players, seed, options)
    rng = Rng(seed ^ 0x5EED)
    for _ in range(steps):
        if GAME.outcome(state) is not None:
            return
        (seat,) = GAME.to_act(state)
        actions = list(GAME.legal(state, seat))
        laying = [a for a in actions if a["type"] in ("place", "exchange", "exchange2", "declare")]
        pool = laying if laying and rng.below(6) else actions
        yield state, seat, pool[rng.below(len(pool))]


@settings(max_examples=12, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10**6), strict=st.sampled_from([True, True, False]))
def test_random_games_offer_exactly_the_placements_and_exchanges_the_rules_allow(players, seed, strict):
    for state, seat, action in random_game(players, seed, 90, {"strict_dead_ends": strict}):
        if state.phase == "build" and state.actions_taken < 2:
            assert offered(state, seat) == legal_by_the_rules(state.board.tiles, state.hands[seat], strict)
        before = (dict(state.board.tiles), [list(hand) for hand in state.hands], list(state.pile),
                  dict(state.board.signs))
        GAME.apply(state, seat, action)
        check_action(before, state, seat, action)


@settings(max_examples=10, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10**6))
def test_undo_takes_the_turn_back_exactly_to_before_the_action(players, seed):
    """L4: a player's actions can be undone until they end the turn — every one, back to the very
    position (board, signs, hands, what the turn still owes, every seat's view) it was taken in."""
    undone = 0
    for state, seat, action in random_game(players, seed, 60):
        if action["type"] not in ("place", "exchange", "exchange2"):
            GAME.apply(state, seat, action)
            continue
        saved = GAME.snapshot(state)
        views = {who: GAME.view(state, who) for who in [None, *range(players)]}
        GAME.apply(state, seat, action)
        assert GAME.check(state, seat, {"type": "undo"}) is None
        GAME.apply(state, seat, {"type": "undo"})
        undone += 1
        assert GAME.snapshot(state) == saved
        assert {who: GAME.view(state, who) for who in [None, *range(players)]} == views
        GAME.apply(state, seat, action)  # and play on as chosen
    assert undone


def test_setup_deals_each_player_their_own_lines_row_of_their_own_card():
    """Each player gets a secret line card and a route card of the colour for the table's size, and
    reads only their own line's row of it; over many deals every line and every card comes up."""
    lines_seen: dict[int, set[int]] = {}
    cards_seen: dict[int, set[str]] = {}
    for players in range(2, 6):
        colour = "blue" if players <= 3 else "red"
        for seed in range(120):
            state = GAME.setup(players, seed)
            assert len(set(state.lines)) == len(set(state.route_cards)) == players
            for seat in range(players):
                card, line = state.route_cards[seat], state.lines[seat]
                assert ROUTE_CARD_COLOURS[card] == colour
                assert tuple(state.stops[seat]) == ROUTE_CARDS[card][line]
                lines_seen.setdefault(players, set()).add(line)
                cards_seen.setdefault(players, set()).add(card)
            assert state.current == 0 and state.turn == 1  # "The oldest player begins": seat 0
    assert all(seen == {1, 2, 3, 4, 5, 6} for seen in lines_seen.values())
    assert all(len(seen) == 6 for seen in cards_seen.values())


# -- the trip: every roll, drive and die on every route (L9, the variants) ----------------------------------
ROUTES = st.lists(st.booleans(), min_size=1, max_size=40).map(lambda halts: [*halts[:-1], True])


@given(halts=ROUTES, data=st.data())
def test_every_trip_move_goes_where_the_rule_texts_send_it(halts, data):
    """The die (L9): n squares, or H to the next sign or terminal; the destination at once, surplus
    lost. The pace rule: up to the squares chosen, ending on the first halt reached. The three dice:
    R stays, 1 and 2 go on, H as the die's, tools back to the last sign entered before this square
    (this one if reached by H), -1 being the start terminal."""
    last = len(halts) - 1
    position = data.draw(st.integers(-1, last - 1), label="position")
    signs = [halt and data.draw(st.booleans(), label="sign") for halt in halts[:-1]] + [False]
    by_h = data.draw(st.booleans(), label="by_h") and position >= 0 and signs[position]
    later = [index for index in range(position + 1, last + 1) if halts[index]]
    for face in ("1", "2", "3", "4", "5", "6", "H"):
        assert advance(halts, position, face) == (later[0] if face == "H" else min(position + int(face), last))
    for squares in range(1, 8):
        assert drive_to(halts, position, squares) == min([position + squares, last, *later[:1]])
    earlier = [index for index in range(position) if signs[index]]
    back = position if by_h else (earlier[-1] if earlier else -1)
    expected = {"R": (position, by_h), "1": (min(position + 1, last), False),
                "2": (min(position + 2, last), False), "H": (later[0], True), "T": (back, by_h)}
    for face, outcome in expected.items():
        assert carry_out(halts, signs, position, by_h, face) == outcome, face
