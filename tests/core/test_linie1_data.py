"""The component data in assets/ reproduces the 1995 edition exactly (linie1-data.md)."""

from game.core.linie1.data import (
    BESIDE_BUILDING,
    BUILDING_NAMES,
    BUILDINGS,
    CARD_COLOUR_FOR_PLAYERS,
    DEFAULT_DIE,
    FACES,
    HAND_SIZE,
    LINE_COLOURS,
    PLAYABLE,
    ROUTE_CARD_COLOURS,
    ROUTE_CARDS,
    START_TILES_PER_PLAYER,
    TERMINAL_AT,
    TERMINALS,
    TILE_TYPES,
    TOTAL_TILES,
    cell_kind,
)
from game.core.linie1.geometry import face_from_names, face_mask

MAP = """
      0  1  2  3  4  5  6  7  8  9 10 11 12 13
  0         5  5        4  4        6  6
  1      .  .  .  .  .  .  .  G  .  .  .  .
  2   3  .  .  .  F  .  .  .  .  .  .  .  .  1
  3   3  .  .  .  .  .  .  .  .  .  .  .  .  1
  4      .  .  .  .  .  M  .  .  .  .  H  .
  5      E  .  .  .  .  .  .  .  .  .  .  .
  6   1  .  .  .  .  .  .  .  .  I  .  .  .  2
  7   1  .  .  .  L  .  .  .  .  .  .  .  .  2
  8      .  .  .  .  .  .  .  .  .  .  .  A
  9      .  D  .  .  .  .  K  .  .  .  .  .
 10   2  .  .  .  .  .  .  .  .  .  .  .  .  3
 11   2  .  .  .  .  .  .  .  .  B  .  .  .  3
 12      .  .  .  .  C  .  .  .  .  .  .  .
 13         6  6        5  5        4  4
"""


def parse_map():
    cells = {}
    for line in MAP.strip("\n").splitlines()[1:]:
        row = int(line[:3])
        for col in range(14):
            char = line[4 + 3 * col: 6 + 3 * col].strip()
            if char:
                cells[(row, col)] = char
    return cells


def test_board_matches_the_printed_map_square_by_square():
    for (row, col), char in parse_map().items():
        if char == ".":
            assert cell_kind((row, col)) == "play"
        elif char.isdigit():
            assert TERMINAL_AT[(row, col)].line == int(char)
        else:
            assert BUILDINGS[char] == (row, col)
    assert len(PLAYABLE) == 144 - 12


def test_buildings_are_the_twelve_named_ones():
    assert sorted(BUILDINGS) == list("ABCDEFGHIKLM")
    assert BUILDING_NAMES["B"] == "Bahnhof" and BUILDING_NAMES["M"] == "Museum"
    assert BUILDING_NAMES["C"] == "Charly's Pub" and BUILDINGS["K"] == (9, 7)


def test_no_square_touches_two_buildings_and_no_building_touches_a_terminal():
    touching = {}
    for letter, (r, c) in BUILDINGS.items():
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            touching.setdefault((r + dr, c + dc), []).append(letter)
    assert all(len(v) == 1 for v in touching.values())
    assert not set(touching) & set(TERMINAL_AT)
    # Four entry squares do lie beside a building (the map shows it, though the data sheet's prose
    # says otherwise): a tile there must run into its terminal and also receives the stop sign.
    entries = {e for pair in TERMINALS.values() for t in pair for e in t.entries}
    assert entries & set(BESIDE_BUILDING) == {(6, 1), (12, 6), (7, 12), (1, 7)}


def test_terminals_lines_colours_and_entries():
    assert LINE_COLOURS == {1: "red", 2: "yellow", 3: "green", 4: "blue", 5: "magenta", 6: "white"}
    assert TERMINALS[1][0].cells == ((2, 13), (3, 13)) and TERMINALS[1][0].entries == ((2, 12), (3, 12))
    assert TERMINALS[4][1].cells == ((13, 10), (13, 11)) and TERMINALS[4][1].entries == ((12, 10), (12, 11))
    assert TERMINALS[6][0].name == "Barbarossaplatz" and TERMINALS[3][1].name == "Pfeilstraße"
    assert len(TERMINAL_AT) == 24


def test_tile_counts_trees_and_segments():
    expected = {1: (21, 15, False), 2: (20, 10, False), 3: (10, 0, False), 4: (10, 0, False), 5: (10, 0, False),
                6: (6, 0, False), 7: (6, 0, True), 8: (6, 0, True), 9: (4, 0, True), 10: (4, 0, True),
                11: (2, 0, True), 12: (2, 0, True)}
    for number, (pile, start, tree) in expected.items():
        info = TILE_TYPES[number]
        assert (info.pile, info.start, info.tree) == (pile, start, tree)
    assert sum(t.pile for t in TILE_TYPES.values()) == 101
    assert sum(t.start for t in TILE_TYPES.values()) == 25
    assert TOTAL_TILES == 126
    assert sum(t.pile + t.start for t in TILE_TYPES.values() if t.tree) == 24
    assert TILE_TYPES[8].face == face_from_names([["E", "W"], ["E", "N"], ["E", "S"]])
    assert TILE_TYPES[12].face == face_from_names([["N", "S"], ["N", "W"], ["S", "E"]])


def test_mirror_pairs_never_rotate_into_each_other():
    for a, b in ((3, 4), (11, 12)):
        assert {FACES[(a, r)] for r in range(4)}.isdisjoint({FACES[(b, r)] for r in range(4)})


def test_every_set_of_two_to_four_edges_is_some_tile():
    masks = {face_mask(face) for face in FACES.values()}
    assert masks == {m for m in range(16) if bin(m).count("1") >= 2}


def test_route_cards_and_die():
    assert ROUTE_CARDS["B4"][2] == ("B", "D", "M")  # the rulebook's example: line 2 via B, D, M
    assert ROUTE_CARDS["R6"][6] == ("A", "D") and ROUTE_CARDS["B6"][1] == ("F", "H", "K")
    assert sorted(c for c, col in ROUTE_CARD_COLOURS.items() if col == "blue") == [f"B{i}" for i in range(1, 7)]
    assert all(len(ROUTE_CARDS[c][line]) == (3 if c[0] == "B" else 2) for c in ROUTE_CARDS for line in range(1, 7))
    assert DEFAULT_DIE == ("1", "2", "3", "4", "H", "H")


# The data sheet's tables, copied as printed, so that every entry of the asset is checked, not a sample.
TILE_TABLE = """
1  | N-S             | 21 | 15 | no
2  | N-E             | 20 | 10 | no
3  | N-S S-W         | 10 | 0  | no
4  | N-S S-E         | 10 | 0  | no
5  | N-E N-W         | 10 | 0  | no
6  | N-E S-W         | 6  | 0  | no
7  | E-W N-E N-W     | 6  | 0  | yes
8  | E-W E-N E-S     | 6  | 0  | yes
9  | N-E E-S S-W W-N | 4  | 0  | yes
10 | N-S E-W         | 4  | 0  | yes
11 | N-S N-E S-W     | 2  | 0  | yes
12 | N-S N-W S-E     | 2  | 0  | yes
"""

TERMINAL_TABLE = """
1 | red     | (2,13) (3,13) Waldburgstraße     | (6,0) (7,0) Auf der Schmelz
2 | yellow  | (6,13) (7,13) Ketzergasse        | (10,0) (11,0) Alberichstraße
3 | green   | (10,13) (11,13) Düsseldorfer Str. | (2,0) (3,0) Pfeilstraße
4 | blue    | (0,6) (0,7) Untere Wörthstr.     | (13,10) (13,11) Pfarrlandplatz
5 | magenta | (0,2) (0,3) Bismarckstraße       | (13,6) (13,7) Schillerstraße
6 | white   | (0,10) (0,11) Barbarossaplatz    | (13,2) (13,3) Am Breiten Rain
"""

BUILDING_TABLE = """
A Altstadt | B Bahnhof | C Charly's Pub | D Dom | E E-Werk | F Fischmarkt | G Gericht | H Hallenbad
I Industriegebiet | K Kurhotel | L Lichtspielhaus | M Museum
"""

ROUTE_CARD_TABLE = """
B1 | A C L | C G K | D H I | C E M | A B M | E I K
B2 | B G L | B L M | C I M | A D M | A G K | B F M
B3 | C G M | G H L | C D M | A E I | D F I | E K L
B4 | C D I | B D M | G K L | E F K | E H K | A L M
B5 | F I K | E G I | D H K | H K L | A E L | A B L
B6 | F H K | C F I | G L M | B H L | D I M | B F I
R1 | F K | F H | A C | D K | D G | E H
R2 | B I | B M | D M | E I | B H | F I
R3 | C I | G K | E G | C H | H M | A G
R4 | A F | G L | C F | D F | A L | C E
R5 | C M | F L | H K | E K | D I | B L
R6 | B D | B E | B G | H L | A M | A D
"""


def _rows(table):
    return [[part.strip() for part in line.split("|")] for line in table.strip().splitlines()]


def _cell(text):
    row, col = text.strip("()").split(",")
    return int(row), int(col)


def test_every_tile_type_has_the_data_sheets_segments_counts_and_trees():
    rows = _rows(TILE_TABLE)
    assert sorted(TILE_TYPES) == [int(row[0]) for row in rows]
    for number, segments, pile, start, tree in rows:
        info = TILE_TYPES[int(number)]
        assert info.face == face_from_names([pair.split("-") for pair in segments.split()]), number
        assert (info.pile, info.start, info.tree) == (int(pile), int(start), tree == "yes"), number


def test_every_terminal_has_the_data_sheets_cells_name_and_colour():
    for line, colour, *terminals in _rows(TERMINAL_TABLE):
        assert LINE_COLOURS[int(line)] == colour
        for terminal, text in zip(TERMINALS[int(line)], terminals, strict=True):
            first, second, name = text.split(" ", 2)
            assert terminal.cells == (_cell(first), _cell(second)), line
            assert terminal.name == name.strip(), line
            assert terminal.line == int(line)


def test_every_building_has_its_name_on_the_1995_board():
    names = dict(item.split(" ", 1) for line in BUILDING_TABLE.strip().splitlines() for item in line.split(" | "))
    assert names == BUILDING_NAMES


def test_every_route_card_row_is_the_data_sheets():
    rows = _rows(ROUTE_CARD_TABLE)
    assert sorted(ROUTE_CARDS) == sorted(row[0] for row in rows)
    for card, *stops in rows:
        assert ROUTE_CARDS[card] == {line: tuple(text.split()) for line, text in enumerate(stops, start=1)}, card
        assert ROUTE_CARD_COLOURS[card] == ("blue" if card[0] == "B" else "red")
    assert CARD_COLOUR_FOR_PLAYERS == {2: "blue", 3: "blue", 4: "red", 5: "red"}


def test_each_player_starts_with_three_straights_and_two_curves_and_holds_five():
    assert START_TILES_PER_PLAYER == {1: 3, 2: 2}
    assert HAND_SIZE == 5


def test_the_tree_tiles_are_exactly_the_tiles_nothing_can_upgrade():
    """docs/linie1.md: no tile keeps every rail of a tree tile and adds one, and every other tile
    has an upgrade; so the tree rule and the superset rule (L3) never disagree."""
    upgradable = {tile for tile in TILE_TYPES
                  if any(FACES[(tile, rot)] < face for rot in range(4) for face in FACES.values())}
    assert upgradable == {tile for tile, info in TILE_TYPES.items() if not info.tree}
