"""The hard Liniell bot: a search over its own plays, the tiles the opponent may draw and the
opponent's best answers, on the fast positions of ``board.py``.

It sees only its seat's view: the field, the markers, its drawn tile and the multiset of tiles
still face down (public), never their order. Every chance node weighs each kind of face-down tile
by how many of it are left.

* With two tiles or fewer face down, the rest of the game is searched exactly: every play, every
  order the last tiles can come in, every answer, down to the final count. The value of an end is
  the score margin plus a bonus for the win (ties broken by blue rhombs, as N6 says).
* Earlier, every play is valued statically (``Judge``); the best of them, as many as the work
  budget allows, are valued again after the opponent's best answer to each tile it may draw
  (keeping a share of the static value, which weighs every capture the next tile allows).
* With three face down, the plays that rate best so are then searched to the end exactly, as many
  as a second work budget allows, and the best of those is played: the static value cannot tell
  which of them the last tiles favour.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.ai.liniell.board import (
    CELL_XY,
    DISTINCT_ROTS,
    NO_MARKER,
    PORT,
    RHOMB,
    SEGMENTS,
    Board,
    cell_index,
    line_id,
    piece_of_ref,
)
from game.core.contract import Action
from game.core.liniell.state import OCCUPY, State
from game.core.liniell.tiles import TILES

Markers = tuple[tuple[int, int], tuple[int, int]]

WIN_BONUS = 20.0  # an exact end's value: the margin, plus this much for a win (minus for a loss)
EXACT_STACK = 2  # with this many tiles face down or fewer, search to the end of the game
# With this many face down, the plays the answers' search rates best are searched to the end exactly,
# as many as EXACT_WORK placements allow (at least EXACT_WIDTH of them); the rest are dropped.
DEEP_STACK = 3
EXACT_WORK = 60000
EXACT_WIDTH = 3
WORK = 7000  # placements the opponent's answers may cost in one decision (about half a second)
MIN_WIDTH = 4  # plays looked at beyond their static value, whatever the work costs

# The static value (``Judge``). By the placements still to come (index: 0, 1, ... 15): what a point of
# a route now, an end a tile may still extend, and a marker still in the supply are worth towards
# the final margin. Least-squares fits to the final margins of bot-against-bot games (positions at
# the end of each turn, cross-checked on games left out) pointed the way: early points say little
# about the end, an open end says more than a point, and how much depends on the rhombs already on
# the line (none: it scores edge to edge, so every end is a route end in the making; one: an end
# may still close it; two or more: an end only counts if it reaches a rhomb further away). These
# values (the fits' open ends a quarter higher) won more games than the fits and flat values did.
POINT = (1.0, 0.9, 0.9, 0.85, 0.85, 0.75, 0.75, 0.65, 0.65, 0.5, 0.5, 0.4, 0.4, 0.4, 0.4, 0.4)
OPEN_END = (  # by the rhombs on the line: none, one, two or more
    (0.0, 1.5, 1.5, 1.5, 1.5, 1.375, 1.375, 1.375, 1.375, 0.875, 0.875) + (0.625,) * 5,
    (0.0, 1.25, 1.25, 1.375, 1.375, 1.375, 1.375, 1.125, 1.125, 1.125, 1.125) + (0.75,) * 5,
    (0.0,) + (0.9375,) * 10 + (0.75,) * 5,
)
SPARE_MARKER = (0.0, 0.9, 0.9, 1.5, 1.5, 1.5, 1.5, 1.75, 1.75, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0)
CAPTURE_SWING = 1.5  # what a capture costs its victim, as a share of the captured line's worth
# In the opponent's answers, the capture risk its answer leaves it counts less: taking a line back
# costs the taker its own marker on the joined line and whatever line its other marker held, so an
# opponent that fears it at full weight would decline captures that pay. With the full 1.5 the
# search assumed green would not capture a 6-point line it could take with 3 tiles out of 5.
ANSWER_CAPTURE_SWING = 0.75
# A play's value after the opponent's answers keeps this share of its static value, whose capture
# risk weighs every capture the next tile allows, whether or not the modelled answer takes it.
STATIC_SHARE = 0.3


@dataclass
class Option:
    """One way to finish a turn: the placement (None in the occupy phase), the follow-up, the result."""

    cell: int
    tr: int
    follow: tuple  # ("skip",) | ("occupy", line label, source label or None) | ("connect", source label or None)
    board: Board
    markers: Markers
    value: float = 0.0


# -- moves ----------------------------------------------------------------------------------------------

def shapes(board: Board, tile: int) -> list[tuple[int, int, list, Board]]:
    """Every placement of ``tile`` the field allows, markers aside (one per distinct look of its
    rotations): (cell, tr, how it joins lines, board after it)."""
    found = []
    for c in board.open_cells():
        for rot in DISTINCT_ROTS[tile]:
            tr = tile * 4 + rot
            groups = board.joins(c, tr)
            found.append((c, tr, groups, board.placed(c, tr, groups)))
    return found


def legal(board: Board, markers: Markers, shaped: list[tuple[int, int, list, Board]]
          ) -> list[tuple[int, int, Board, int | None]]:
    """The placements of ``shaped`` the markers allow (N4): (cell, tr, board after it, the joined line
    that now holds both colours or None)."""
    occupied = {}
    for seat in (0, 1):
        for m in markers[seat]:
            if m != NO_MARKER:
                occupied[board.line_of[m]] = seat
    if len(occupied) < 2:
        return [(c, tr, child, None) for c, tr, _, child in shaped]
    found = []
    for c, tr, groups, child in shaped:
        mixed = 0
        crowded = None
        for pieces, joined in groups:
            seats = [occupied[label] for label in joined if label in occupied]
            if len(seats) < 2:
                continue
            if len(seats) > 2 or seats[0] == seats[1]:
                mixed = 2  # two lines of one colour joined: never allowed
                break
            mixed += 1
            crowded = child.line_of[c * 4 + pieces[0]]
        if mixed <= 1:
            found.append((c, tr, child, crowded))
    return found


def placements(board: Board, markers: Markers, tile: int) -> list[tuple[int, int, Board, int | None]]:
    return legal(board, markers, shapes(board, tile))


def follow_ups(board: Board, markers: Markers, seat: int, c: int, crowded: int | None
               ) -> list[tuple[tuple, Markers]]:
    """Every way to finish the turn after a tile went on ``c``: (follow-up, markers after it)."""
    own = markers[seat]
    line_of = board.line_of
    if crowded is not None:
        # N4: my marker on neither joined line moves onto it; both markers on it go home.
        mover = 0 if own[0] == NO_MARKER or line_of[own[0]] != crowded else 1
        source = None if own[mover] == NO_MARKER else line_of[own[mover]]
        target = board.piece_on(crowded, c)
        new = [[m if m == NO_MARKER or line_of[m] != crowded else NO_MARKER for m in side] for side in markers]
        new[seat][mover] = target
        return [(("connect", source), (tuple(new[0]), tuple(new[1])))]  # type: ignore[list-item]
    result: list[tuple[tuple, Markers]] = [(("skip",), markers)]
    occupied = {line_of[m] for side in markers for m in side if m != NO_MARKER}
    sources = []
    if NO_MARKER in own:
        sources.append(own.index(NO_MARKER))
    sources += [index for index in (0, 1) if own[index] != NO_MARKER]
    for label in board.lines_on(c):
        if label in occupied:
            continue
        target = board.piece_on(label, c)
        for index in sources:
            moved = (target, own[1]) if index == 0 else (own[0], target)
            new_markers = (moved, markers[1]) if seat == 0 else (markers[0], moved)
            source = None if own[index] == NO_MARKER else line_of[own[index]]
            result.append((("occupy", label, source), new_markers))
    return result


class Shapes:
    """``shapes`` remembered per (field, tile) for one decision: positions that differ only in their
    markers share a field, and so share every placement's board."""

    def __init__(self) -> None:
        self._known: dict[tuple[int, int], tuple[Board, list]] = {}
        self.work = 0  # placements handed out: what a search has cost so far

    def placements(self, board: Board, markers: Markers, tile: int) -> list[tuple[int, int, Board, int | None]]:
        key = (id(board), tile)
        cached = self._known.get(key)
        if cached is None or cached[0] is not board:
            cached = self._known[key] = (board, shapes(board, tile))
        found = legal(board, markers, cached[1])
        self.work += len(found)
        return found


def options(board: Board, markers: Markers, seat: int, tile: int, known: Shapes | None = None) -> list[Option]:
    found = []
    places = placements(board, markers, tile) if known is None else known.placements(board, markers, tile)
    for c, tr, child, crowded in places:
        for follow, after in follow_ups(child, markers, seat, c, crowded):
            found.append(Option(c, tr, follow, child, after))
    return found


# -- the static value -----------------------------------------------------------------------------------

def _connect_kinds() -> tuple[tuple[bool, bool], ...]:
    """Per tile: whether some piece joins two neighbouring sides, and whether one joins opposite sides."""
    kinds = []
    for tile in range(len(TILES)):
        port = PORT[tile * 4]
        near = any(port[d] == port[(d + 1) % 4] for d in range(4))
        across = any(port[d] == port[(d + 2) % 4] for d in range(4))
        kinds.append((near, across))
    return tuple(kinds)


CONNECT_KINDS = _connect_kinds()
# RHOMBS_OF_PIECE[tr][piece]: the rhombs on that piece of a tile in rotation tr.
RHOMBS_OF_PIECE = tuple(
    tuple(sum(1 for a, b in segments for end in (a, b) if end in RHOMB[tr]) for segments in SEGMENTS[tr])
    for tr in range(len(SEGMENTS)))


def rhombs_on(board: Board, label: int) -> int:
    """How many rhombs the line holds, capped at two (what decides the kind of its route, N6)."""
    grid = board.grid
    found = 0
    for pc in board.members[label]:
        found += RHOMBS_OF_PIECE[grid[pc >> 2]][pc & 3]
        if found >= 2:
            return 2
    return found


class Judge:
    """Values positions from the point of view of the seat that has just finished its turn.

    The value is the seat's lines' worth minus the opponent's: a line is worth its route points
    now plus a little for each end a tile may still extend, while tiles remain; minus the expected
    loss to a capture by the opponent, who moves next, drawing from ``unseen``."""

    def __init__(self, unseen: Counter[int], left: int, swing: float = CAPTURE_SWING) -> None:
        self.left = left  # placements still to come after the position valued
        self.swing = swing  # what a capture costs its victim, as a share of the line's worth
        step = max(0, min(left, len(POINT) - 1))
        self.point, self.spare = POINT[step], SPARE_MARKER[step]
        self.open_ends = tuple(table[step] for table in OPEN_END)  # by the rhombs on the line
        total = sum(unseen.values())
        near = sum(count for tile, count in unseen.items() if CONNECT_KINDS[tile][0])
        across = sum(count for tile, count in unseen.items() if CONNECT_KINDS[tile][1])
        self.share = (near / total, across / total) if total else (0.0, 0.0)

    def line(self, board: Board, label: int) -> tuple[float, tuple[tuple[int, int], ...]]:
        """(worth, the ends a tile may still extend) of a line, remembered on the board."""
        memo = board.memo
        if memo is None:
            memo = board.memo = {}
        found = memo.get(label)
        if found is None:
            fit = board.fit_table()
            ends = tuple(end for end in board.ends[label] if fit[end[0]])
            points = board.route[label][0]
            if self.left <= 0:
                worth = float(points)
            else:
                worth = self.point * points + self.open_ends[rhombs_on(board, label)] * len(ends)
            found = memo[label] = (worth, ends)
        return found

    def value(self, board: Board, markers: Markers, me: int) -> float:
        line_of = board.line_of
        total = 0.0
        lines = []
        for seat in (0, 1):
            for m in markers[seat]:
                if m == NO_MARKER:
                    if self.left > 0:
                        total += self.spare if seat == me else -self.spare
                    continue
                label = line_of[m]
                worth, ends = self.line(board, label)
                total += worth if seat == me else -worth
                if ends:
                    lines.append((seat == me, worth, ends))
        if self.left > 0 and len(lines) > 1:
            total -= self._capture_risk(lines)
        return total

    def _capture_risk(self, lines: list[tuple[bool, float, tuple[tuple[int, int], ...]]]) -> float:
        """Expected loss to a capture by the opponent on its next turn (my line joined to theirs)."""
        theirs: dict[int, list[int]] = {}
        for is_mine, _, ends in lines:
            if not is_mine:
                for cell, side in ends:
                    theirs.setdefault(cell, []).append(side)
        if not theirs:
            return 0.0
        worst: dict[int, float] = {}
        share = self.share
        for is_mine, worth, ends in lines:
            if not is_mine:
                continue
            for cell, side in ends:
                others = theirs.get(cell)
                if others is None:
                    continue
                chance = max(share[(side - other) % 2 == 0] for other in others)
                loss = chance * worth * self.swing
                if loss > worst.get(cell, 0.0):
                    worst[cell] = loss
        return sum(worst.values())


# -- exact ends -------------------------------------------------------------------------------------------

def final_value(board: Board, markers: Markers, me: int) -> float:
    """The margin at the end of the game, plus WIN_BONUS for a win (minus for a loss)."""
    line_of, route = board.line_of, board.route
    score = [0, 0]
    blue = [0, 0]
    for seat in (0, 1):
        for m in markers[seat]:
            if m != NO_MARKER:
                points, b = route[line_of[m]]
                score[seat] += points
                blue[seat] += b
    margin = score[me] - score[1 - me]
    edge = (margin, blue[me] - blue[1 - me])
    return margin + (WIN_BONUS if edge > (0, 0) else -WIN_BONUS if edge < (0, 0) else 0.0)


def exact_turn(board: Board, markers: Markers, seat: int, tile: int, rest: tuple[int, ...], known: Shapes) -> float:
    """``seat``'s value of playing ``tile`` as well as possible, everything after searched exactly
    (``rest``: the tiles still face down after it, sorted)."""
    if not rest:
        return last_turn(board, markers, seat, tile, known)
    places = known.placements(board, markers, tile)
    if not places:  # set aside: the same player draws the next tile (N5, ruling 6)
        return exact_chance(board, markers, seat, rest, known)
    best = None
    for c, _, child, crowded in places:
        for _, after in follow_ups(child, markers, seat, c, crowded):
            value = -exact_chance(child, after, 1 - seat, rest, known)
            if best is None or value > best:
                best = value
    return best  # type: ignore[return-value]


def last_turn(board: Board, markers: Markers, seat: int, tile: int, known: Shapes) -> float:
    """``seat``'s final value when it plays the last tile as well as possible: ``exact_turn`` at the
    leaves, without building every follow-up (the best one is the best (margin, blue) pair)."""
    places = known.placements(board, markers, tile)
    if not places:  # set aside: the game ends without it (N5)
        return final_value(board, markers, seat)
    best = None
    own = markers[seat]
    for c, _, child, crowded in places:
        if crowded is not None:
            for _, after in follow_ups(child, markers, seat, c, crowded):
                value = final_value(child, after, seat)
                if best is None or value > best:
                    best = value
            continue
        line_of, route = child.line_of, child.route
        score = [0, 0]
        blue = [0, 0]
        worth = [(0, 0), (0, 0)]  # what each of my markers holds now
        occupied = set()
        for side in (0, 1):
            for index, m in enumerate(markers[side]):
                if m != NO_MARKER:
                    label = line_of[m]
                    occupied.add(label)
                    points, b = route[label]
                    score[side] += points
                    blue[side] += b
                    if side == seat:
                        worth[index] = (points, b)
        margin, lead = score[seat] - score[1 - seat], blue[seat] - blue[1 - seat]
        edge = (margin, lead)
        free = [route[label] for label in child.lines_on(c) if label not in occupied]
        if free:
            slots = [index for index in (0, 1) if own[index] != NO_MARKER]
            if NO_MARKER in own:
                slots.append(own.index(NO_MARKER))
            for points, b in free:
                for index in slots:
                    held = worth[index]
                    trial = (margin + points - held[0], lead + b - held[1])
                    if trial > edge:
                        edge = trial
        value = edge[0] + (WIN_BONUS if edge > (0, 0) else -WIN_BONUS if edge < (0, 0) else 0.0)
        if best is None or value > best:
            best = value
    return best  # type: ignore[return-value]


def exact_chance(board: Board, markers: Markers, seat: int, rest: tuple[int, ...], known: Shapes) -> float:
    """``seat``'s expected value when it draws next from ``rest`` (sorted; each kind by its count)."""
    total = len(rest)
    value = 0.0
    for index, tile in enumerate(rest):
        if index and rest[index - 1] == tile:
            continue
        after = rest[:index] + rest[index + 1:]
        value += rest.count(tile) / total * exact_turn(board, markers, seat, tile, after, known)
    return value


# -- the decision -----------------------------------------------------------------------------------------

class Search:
    """One decision of the hard bot."""

    def __init__(self, state: State, seat: int) -> None:
        self.state, self.seat = state, seat
        order = [cell for cell, _, _ in state.placed]
        self.board = Board.from_cells({cell: (tile, rot) for cell, tile, rot in state.placed}, order)
        self.markers: Markers = tuple(  # type: ignore[assignment]
            tuple(NO_MARKER if ref is None else piece_of_ref(ref) for ref in own) for own in state.markers)
        self.unseen = Counter(state.stack)
        self.face_down = tuple(sorted(state.stack))
        self.known = Shapes()

    def mine(self) -> list[Option]:
        state = self.state
        if state.phase == OCCUPY:
            c = cell_index(*state.last_cell)  # type: ignore[misc]
            return [Option(c, self.board.grid[c], follow, self.board, after)
                    for follow, after in follow_ups(self.board, self.markers, self.seat, c, None)]
        return options(self.board, self.markers, self.seat, state.drawn)  # type: ignore[arg-type]

    def run(self) -> list[Option]:
        """Every play, valued; the caller takes the best."""
        found = self.mine()
        left = len(self.state.stack)
        if left == 0:
            for option in found:
                option.value = final_value(option.board, option.markers, self.seat)
            return found
        if left <= EXACT_STACK:
            for option in found:
                option.value = -exact_chance(option.board, option.markers, 1 - self.seat, self.face_down, self.known)
            return found
        judge = Judge(self.unseen, left)
        for option in found:
            option.value = judge.value(option.board, option.markers, self.seat)
        found.sort(key=lambda option: -option.value)
        work = 0
        looked = []
        for index, option in enumerate(found):
            if index >= MIN_WIDTH and work >= WORK:
                break
            answered, cost = self._after_answers(option)
            option.value = (1.0 - STATIC_SHARE) * answered + STATIC_SHARE * option.value
            work += cost
            looked.append(option)
        if left <= DEEP_STACK:
            return self._exactly(looked)
        return looked

    def _exactly(self, ranked: list[Option]) -> list[Option]:
        """The best of ``ranked`` (by their value so far) searched to the end of the game, as many
        as the work budget allows: the static value cannot see which of them the last tiles favour."""
        ranked = sorted(ranked, key=lambda option: -option.value)
        known = self.known
        start = known.work
        searched = []
        for index, option in enumerate(ranked):
            if index >= EXACT_WIDTH and known.work - start >= EXACT_WORK:
                break
            option.value = -exact_chance(option.board, option.markers, 1 - self.seat, self.face_down, known)
            searched.append(option)
        return searched

    def _after_answers(self, option: Option) -> tuple[float, int]:
        """The play's value averaged over the tiles the opponent may draw, each answered at its best;
        and how many placements that took."""
        opponent = 1 - self.seat
        total = sum(self.unseen.values())
        value = 0.0
        cost = 0
        judge_cache: dict[int, Judge] = {}
        for tile, count in self.unseen.items():
            rest = self.unseen - Counter({tile: 1})
            judge = judge_cache.get(tile)
            if judge is None:
                judge = judge_cache[tile] = Judge(rest, len(self.state.stack) - 1, ANSWER_CAPTURE_SWING)
            best = None
            places = self.known.placements(option.board, option.markers, tile)
            cost += len(places)
            for c, _, child, crowded in places:
                for _, after in follow_ups(child, option.markers, opponent, c, crowded):
                    v = judge.value(child, after, opponent)
                    if best is None or v > best:
                        best = v
            if best is None:  # the opponent cannot place it: set aside, the position stands
                best = -judge.value(option.board, option.markers, self.seat)
            value += count / total * -best
        return value, cost


def to_actions(search: Search, option: Option) -> tuple[Action | None, Action]:
    """The play as the rules' actions: the placement (None in the occupy phase) and the follow-up."""
    board = option.board
    place: Action | None = None
    if search.state.phase != OCCUPY:
        x, y = CELL_XY[option.cell]
        place = {"type": "place", "x": x, "y": y, "rot": option.tr & 3}
    follow = option.follow
    if follow[0] == "skip":
        return place, {"type": "skip"}
    source = "supply" if follow[-1] is None else line_id(board, follow[-1])
    if follow[0] == "connect":
        return place, {"type": "connect_marker", "from": source}
    return place, {"type": "occupy", "line": line_id(board, follow[1]), "from": source}
