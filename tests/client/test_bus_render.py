"""Bus's drawing pieces and the picture the table reads from a view."""

from __future__ import annotations

import math

import pygame
import pytest

from game.bots import make_bot
from game.match import Match, SeatInfo
from game.render.bus.buildings import KINDS, building
from game.render.bus.clock import draw_clock
from game.tables.bus import layout, track
from game.tables.bus.model import lot_id, lot_key, picture_of
from game.tables.bus.show import people_of
from tests.client.helpers import record_drawn_sizes


def silhouette(surface: pygame.Surface) -> set[tuple[int, int]]:
    mask = pygame.mask.from_surface(surface, 128)
    return {(x, y) for x in range(surface.get_width()) for y in range(surface.get_height()) if mask.get_at((x, y))}


def test_house_office_and_pub_differ_by_shape_not_only_colour(app):
    shapes = {kind: silhouette(building(kind, 48)) for kind in KINDS}
    for first in KINDS:
        for second in KINDS:
            if first < second:
                a, b = shapes[first], shapes[second]
                assert len(a ^ b) > 0.25 * len(a | b), (first, second)  # a quarter of the outline differs


def test_the_clock_hand_points_at_the_wanted_sector(app):
    pictures = []
    for hand in (0.0, 1.0, 2.0):
        surface = pygame.Surface((200, 200), pygame.SRCALPHA)
        draw_clock(surface, (100, 100), 80, hand)
        pictures.append(pygame.image.tobytes(surface, "RGBA"))
    assert len(set(pictures)) == 3
    house = pygame.Surface((200, 200), pygame.SRCALPHA)
    draw_clock(house, (100, 100), 80, 0.0)
    assert house.get_at((100, 40))[:3] != house.get_at((100, 160))[:3]  # the hand lies up, towards the house


def bot_match(moves: int) -> Match:
    match = Match("bus", [SeatInfo(f"P{seat}", "bot", "easy", seat) for seat in range(4)], 21)
    bots = [make_bot("bus", "easy", seat) for seat in range(4)]
    for _ in range(moves):
        if match.finished:
            break
        seat = match.to_act()[0]
        match.submit(seat, bots[seat].decide(match.view(seat)))
    return match


def test_the_picture_says_what_the_view_says():
    match = bot_match(150)
    view = match.view(0)
    picture = picture_of(view)
    assert {lot_id(key): kind for key, kind in picture.buildings.items()} == {
        entry["lot"]: entry["kind"] for entry in view["lots"] if entry["kind"]}
    assert all(lot_id(lot_key(lot)) == lot for lot in range(47))
    for entry, row in zip(view["action_board"], picture.spaces, strict=True):
        shown = {space.letter or None: (space.holder, space.yields) for space in row}
        assert shown == {space["letter"]: (space["seat"], space["yields"]) for space in entry["spaces"]}
    people = people_of(picture)
    assert sum(people.standing) + len(people.seated) == sum(view["passengers"])
    assert [seat.score for seat in picture.seats] == view["score"]


def test_disks_sharing_a_track_space_stack_in_arrival_order():
    match = bot_match(0)
    picture = picture_of(match.view(0))
    for seat, arrival in zip(picture.seats, (3, 1, 2, 0), strict=True):
        seat.score, seat.arrival = 4, arrival
    points = track.disk_points(picture, [4.0] * 4)
    heights = sorted(range(4), key=lambda seat: -points[seat][1])  # lowest on screen first
    assert heights == [3, 1, 2, 0]
    assert all(layout.track_cell(4).collidepoint(points[seat][0], layout.track_cell(4).centery) for seat in range(4))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_disk_of_a_stack_shows_beside_the_ones_above_it(players):
    """A tester saw an orange disk under another only as a rim at 1366 x 768: each lower disk must show
    a crescent wide enough to see and tell apart by colour (at least 7 canvas px, 5 px in that window)."""
    view = Match("bus", [SeatInfo(f"P{seat}") for seat in range(players)], 4).view(0)
    picture = picture_of(view)
    for arrival, seat in enumerate(picture.seats):
        seat.score, seat.arrival = 6, arrival
    picture.seats[-1].score = 7  # two disks alone on a space
    points = track.disk_points(picture, [6.0] * (players - 1) + [7.0])
    assert_each_lower_disk_shows(points, players - 1)
    for seat in picture.seats:
        seat.score = 6
    assert_each_lower_disk_shows(track.disk_points(picture, [6.0] * players), players)


def assert_each_lower_disk_shows(points: dict[int, tuple[float, float]], players: int) -> None:
    radius = track.DISK / 2 - 1
    for seat in range(players - 1):
        x, y = points[seat]
        above = [points[other] for other in range(seat + 1, players)]
        seen = [angle for angle in range(0, 360, 5)
                if all(math.dist((x + math.cos(math.radians(angle)) * (radius - 7),
                                  y + math.sin(math.radians(angle)) * (radius - 7)), centre) > radius
                       for centre in above)]
        assert seen, (players, seat, points)


def test_a_street_tip_sums_up_the_crossing_it_reaches():
    from game.tables.bus.tips import crossing_words
    picture = picture_of(bot_match(0).view(0))
    picture.buildings[(14, 0)] = "office"
    picture.passengers[14] = 2
    assert crossing_words(picture, 14) == "office, 1 free lot, 2 passengers"
    assert crossing_words(picture, 8).startswith("the station")


def test_the_toast_that_a_vrooom_marker_did_nothing_comes_after_the_banner_and_stays_to_be_read(app):
    from game.anim import Timeline
    from game.anim.show import Show
    from game.render.bus.city import city_map
    from game.tables.bus.seats import seat_looks
    from game.tables.bus.show import BANNER, TOAST_READ, Stage, Tally, stage_update
    view = Match("bus", [SeatInfo(f"P{seat}", "bot", "easy", seat) for seat in range(3)], 5).view(None)
    show, heard = Show(), []
    stage = Stage(show, city_map(*layout.MAP_RECT), Tally(), lambda sound: None,
                  lambda text: heard.append((clock, text)), lambda: None)
    events = [{"type": "vrooom_started", "wants": "house", "seated": [], "waiting": {"8": 4}},
              {"type": "action_resolving", "action": "vrooom", "index": 0, "letter": None, "seat": 1, "amount": 0},
              {"type": "lapsed", "seat": 1, "action": "vrooom", "count": 1},
              {"type": "start_player", "seat": 2, "taken": False}]
    timeline, clock = Timeline(), 0.0
    stage_update(stage, timeline, view, view, events, seat_looks(view, 3))
    while not timeline.done:
        timeline.update(0.05)
        clock += 0.05
    assert any(text == "Vrrooomm!: P1 drives: no delivery to make." for _, text in heard), heard  # not "0 deliveries"
    lapsed = next(at for at, text in heard if "does nothing" in text)
    after = next(at for at, text in heard if "start-bus" in text)
    assert lapsed >= BANNER - 0.06  # the banner has gone
    assert after - lapsed >= TOAST_READ - 0.06  # nothing pushes it out before it can be read


def test_the_start_bus_of_the_last_round_says_nothing_of_a_next_round(app):
    """A game that ends with its round: the start-bus still moves, but no toast promises a next round."""
    from game.anim import Timeline
    from game.anim.show import Show
    from game.render.bus.city import city_map
    from game.tables.bus.seats import seat_looks
    from game.tables.bus.show import Stage, Tally, stage_update
    view = Match("bus", [SeatInfo(f"P{seat}", "bot", "easy", seat) for seat in range(3)], 5).view(None)
    over = {**view, "outcome": {"winners": [1], "draw": False, "scores": [1, 5, 2]}}
    for after, promised in ((view, True), (over, False)):
        heard: list[str] = []
        stage = Stage(Show(), city_map(*layout.MAP_RECT), Tally(), lambda sound: None, heard.append, lambda: None)
        timeline = Timeline()
        stage_update(stage, timeline, view, after, [{"type": "start_player", "seat": 2, "taken": False}],
                     seat_looks(view, 3))
        while not timeline.done:
            timeline.update(0.05)
        assert any("next round" in text for text in heard) == promised, heard


def test_a_street_other_lines_use_says_which_rule_lets_the_line_take_it():
    """B2: a street along another line glows only by an exception, and its tip names it: beside a line that
    ends on the same crossing, or no empty street leaving that end. An empty street says neither."""
    from game.core.bus import GAME
    from game.core.bus.network import board
    from game.tables.bus.choices import Choices
    from game.tables.bus.tips import street_tip
    from tests.core.bus_helpers import after_setup, resolve
    net, names = board(), ["Ada", "Ben", "Cleo", "Dan"]

    def tip_of(paths: dict[int, list[int]], a: int, b: int) -> list[str]:
        state = after_setup(4, 0)
        for seat, path in paths.items():
            state.paths[seat] = path
        resolve(state, {"line": [0]})
        view = GAME.view(state, 0)
        choices = Choices(view, 0, names)
        street = net.street_between(a, b)
        assert street in choices.streets()
        return [text for text, _colour in street_tip(choices, street, None, picture_of(view))]

    beside = tip_of({0: [8, 7, 11], 1: [12, 15, 11]}, 11, 15)  # Ben's line ends at 11 as well
    assert "Beside Ben's line, which ends at crossing 11 too." in beside
    boxed_in = tip_of({0: [8, 7, 11], 1: [14, 11, 15]}, 11, 14)  # Ben's line runs through 11: no empty street
    assert "No empty street leaves crossing 11, so a street other lines use may be taken." in boxed_in
    assert not any("Beside" in text for text in boxed_in)
    empty = tip_of({0: [8, 7, 11], 1: [12, 15, 11]}, 11, 14)
    assert not any("Beside" in text or "No empty street" in text for text in empty)


@pytest.mark.parametrize("scale", [1.0, 1.25, 1.5])
@pytest.mark.parametrize("players", [3, 5])
def test_the_score_tracks_heading_stays_above_the_disks_stacked_at_the_start(app, monkeypatch, scale, players):
    """Every disk starts on space 0, stacked under the heading's first letters: at 150 % with five players
    "Score track" ran down into the stack. The heading's letters end above the top disk at any text size."""
    from game.tables.bus.seats import seat_looks
    from game.ui import theme
    view = Match("bus", [SeatInfo(f"P{seat}") for seat in range(players)], 4).view(0)
    picture = picture_of(view)
    theme.set_ui_scale(scale)
    try:
        drawn = record_drawn_sizes(monkeypatch)
        track.draw_track(pygame.Surface((1920, 1080)), picture, seat_looks(view, players), [0.0] * players)
        monkeypatch.undo()
        size, heading = next((size, rect) for text, size, rect in drawn if text == "Score track")
        letters_end = heading.y + theme.font(size, theme.DISPLAY_FONT).get_ascent()
    finally:
        theme.set_ui_scale(1.0)
    points = track.disk_points(picture, [0.0] * players)
    top = min(y for _x, y in points.values()) - track.DISK / 2
    assert letters_end <= top, (letters_end, top)
    assert size >= 17  # still a heading


def test_the_park_roundabouts_are_numbered_where_a_player_can_see_it(app, monkeypatch):
    """Tips and refusals name crossings 11, 14, 15 and 20 ("it grows only from crossing 11"), but their
    islands hold a tree and the passengers standing there, and no number was drawn for them. Each gets a
    number in the park's corner that points at it: inside the park, off the streets around it, clear of
    the figures on the island."""
    from game.render.bus.basemap import paint_base
    from game.render.bus.city import city_map
    from game.render.bus.geometry import distance_to_segment
    from tests.client.helpers import record_drawn_text
    city = city_map(*layout.MAP_RECT)
    drawn = record_drawn_text(monkeypatch)
    paint_base(city)
    monkeypatch.undo()
    cx, cy = city.park_centre()
    corner = max(abs(city.points[c][0] - cx) + abs(city.points[c][1] - cy) for c in city.park)
    along_park = [(city.points[a], city.points[b]) for a in city.park for b in city.park
                  if city.net.street_between(a, b) is not None]
    assert len(along_park) >= 8  # the four streets round the park, both ways
    for crossing in city.park:
        rect = next(rect for text, rect in drawn if text == str(crossing))
        x, y = rect.centerx + city.rect.x, rect.centery + city.rect.y  # the base layer is the map's own
        assert abs(x - cx) + abs(y - cy) < corner  # inside the park
        assert math.dist((x, y), city.points[crossing]) > city.passenger_size() / 2 + rect.height / 2
        assert min(math.dist((x, y), city.points[other]) for other in city.park) == \
            math.dist((x, y), city.points[crossing])  # nearest to its own roundabout
        for a, b in along_park:
            assert distance_to_segment((x, y), a, b, 0) > city.road_width / 2  # off the streets round the park


def test_two_line_ends_on_one_crossing_ring_it_apart():
    """Lines ending on one crossing, beside each other on one street or on streets at an angle: each
    end's ring (with its owner's initial) stays a ring's width from the others, on its own street."""
    from game.render.bus.geometry import CityGeometry
    geometry = CityGeometry(layout.MAP_RECT)
    net = geometry.net
    crossing = next(c for c in range(net.crossings) if sum(c in ends for ends in net.ends) >= 3)
    others = [a if b == crossing else b for a, b in net.ends if crossing in (a, b)]
    paths = [[others[0], crossing], [others[1], crossing], [others[0], crossing], [crossing, others[2]]]
    streets = [geometry.path_streets(path) for path in paths]
    lanes = geometry.lanes(streets)
    size = 28
    plain = [point for seat, path in enumerate(paths)
             for _, point in geometry.head_points(path, streets[seat], lanes, seat)]
    assert any(math.dist(a, b) < size for a in plain for b in plain if a is not b)  # the case the rings must solve
    rings = geometry.head_rings(paths, streets, lanes, size)
    near = [point for points in rings for point in points if math.dist(point, geometry.points[crossing]) < 80]
    assert len(near) == 4
    assert all(math.dist(a, b) >= size - 0.5 for index, a in enumerate(near) for b in near[index + 1:])
    for seat, points in enumerate(rings):
        a, b = (geometry.points[c] for c in paths[seat])
        for point in points:  # still on its own street: within a road's width of the street's axis
            cross = abs((b[0] - a[0]) * (point[1] - a[1]) - (b[1] - a[1]) * (point[0] - a[0])) / math.dist(a, b)
            assert cross <= geometry.road_width


def test_a_closed_circle_s_marker_carries_its_owner_s_initial(app):
    """Where a circle closed, both ends sit on one crossing under the action marker: it bears the
    owner's initial, as the head rings do, so the line's ends tell whose they are without colour."""
    from game.render.bus.city import CityMap
    city = CityMap(layout.MAP_RECT)
    streets = {frozenset(ends) for ends in city.net.ends}
    p, q, r = next((p, q, r) for p, q in city.net.ends for r in range(city.net.crossings)
                   if {q, r} in streets and {p, r} in streets)
    path = [p, q, r, p]  # three streets round a block, closed where they began
    plain = pygame.image.tobytes(city.lines_layer([path], [(40, 90, 220)], [p], [""]), "RGBA")
    marked = pygame.image.tobytes(city.lines_layer([path], [(40, 90, 220)], [p], ["B"]), "RGBA")
    assert plain != marked


def test_a_bridges_railing_never_cuts_across_the_street_beside_it(app):
    """Street 32-35 bridges 29-34 right beside 32-34: its railing ran through 32-34 like a barrier (a
    player read that street as closed). Along the middle of every street that leaves a bridge's
    crossing, the road is its plain colour from edge to edge of its lane."""
    from game.render.bus.basemap import ROAD_FILL, paint_base
    from game.render.bus.geometry import CityGeometry
    geometry = CityGeometry(layout.MAP_RECT)
    base = paint_base(geometry)
    net = geometry.net
    assert geometry.bridges
    for bridge in geometry.bridges:
        beside = [street for street in range(net.streets) if street not in geometry.bridges
                  and set(net.ends[street]) & set(net.ends[bridge])]
        for street in beside:
            (ax, ay), (bx, by) = geometry.street_ends(street)
            length = math.dist((ax, ay), (bx, by))
            nx, ny = (by - ay) / length, (ax - bx) / length  # across the street
            for step in range(30, 71, 4):
                x, y = ax + (bx - ax) * step / 100, ay + (by - ay) * step / 100
                for side in (-0.3, 0.0, 0.3):
                    px = x + nx * geometry.road_width * side - geometry.rect.x
                    py = y + ny * geometry.road_width * side - geometry.rect.y
                    colour = base.get_at((round(px), round(py)))[:3]
                    assert max(abs(c - f) for c, f in zip(colour, ROAD_FILL, strict=True)) < 24, \
                        (street, net.ends[street], step, side, colour)


def test_time_stops_rises_over_the_dial_clear_of_the_wanted_label(app):
    """A stone taken says "Time stops" at the clock: the word rose from the dial's rim through
    "Wanted: Office" above it, and both read as a jumble. It rises over the dial and never reaches the
    label's line."""
    from game.anim import Timeline
    from game.anim.show import Show
    from game.render.bus.city import city_map
    from game.tables.bus.seats import seat_looks
    from game.tables.bus.show import CLOCK_RADIUS, Stage, Tally, clock_centre, stage_update
    view = Match("bus", [SeatInfo(f"P{seat}", "bot", "easy", seat) for seat in range(3)], 5).view(None)
    show = Show()
    city = city_map(*layout.MAP_RECT)
    stage = Stage(show, city, Tally(), lambda sound: None, lambda text: None, lambda: None)
    events = [{"type": "clock_stopped", "seat": 0, "stones": 1, "stones_left": 3, "wants": "house"}]
    timeline = Timeline()
    stage_update(stage, timeline, view, view, events, seat_looks(view, 3))
    timeline.update(0.01)
    word = next(overlay for overlay in show.overlays if getattr(overlay, "text", "") == "Time stops")
    x, y = clock_centre(city)
    label_line = pygame.Rect(round(x) - 120, round(y - CLOCK_RADIUS - 8 - 20), 240, 20)  # "Wanted: …" stands here
    seen = False
    while word.alive:
        layer = pygame.Surface(app.screen.get_size(), pygame.SRCALPHA)
        word.draw(layer)
        box = layer.get_bounding_rect()
        seen = seen or box.width > 0
        assert not box.colliderect(label_line) or box.height == 0, (word.age, box, label_line)
        word.age += 0.05
    assert seen


def test_a_content_passenger_sits_on_the_paper_at_every_lot(app):
    """A passenger content in their building sits at its foot. Beside the lot of crossing 9, at the
    map's east rim, the figure sat half over the paper's edge, cut by the frame: every lot's sitter
    stays inside the paper's rim."""
    from game.render.bus.city import city_map
    from game.render.bus.geometry import PAPER_INSET, PAPER_RIM
    city = city_map(*layout.MAP_RECT)
    paper = city.rect.inflate(-2 * (PAPER_INSET + PAPER_RIM), -2 * (PAPER_INSET + PAPER_RIM))
    for crossing, spots in enumerate(city.lot_spots):
        for index in range(len(spots)):
            surface = pygame.Surface((layout.MAP_RECT.right + 60, layout.MAP_RECT.bottom + 60), pygame.SRCALPHA)
            city.draw_people(surface, [0] * city.net.crossings, [(crossing, index)])
            drawn = pygame.mask.from_surface(surface, 1).get_bounding_rects()
            assert drawn, (crossing, index)
            assert all(paper.contains(rect) for rect in drawn), (crossing, index, drawn, paper)


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_a_marker_on_a_space_covers_its_letter_whole_and_leaves_its_count(monkeypatch, scale):
    """A marker on Line Expansion A hid half its letter ("A" read "/"), and beside the marker's own
    initial the letter read as a second one: the marker covers the letter whole, as on the board."""
    from game.tables.bus import board
    from game.tables.bus.model import Space
    from game.tables.bus.seats import SeatLook
    from game.ui import theme

    theme.set_ui_scale(scale)
    try:
        drawn = record_drawn_sizes(monkeypatch)
        looks = [SeatLook("Ada", "human", "", 0, "A")]
        rect = layout.space_rect(0, 0)
        surface = pygame.Surface((1920, 1080))
        board._space(surface, Space("line", "A", None, 2), rect, looks, True, False, False, 0.0)
        assert [text for text, _size, _rect in drawn] == ["A", "2"]  # open: its letter and what it gives
        drawn.clear()
        board._space(surface, Space("line", "A", 0, 2), rect, looks, False, False, False, 0.0)
        assert [text for text, _size, _rect in drawn] == ["2"]  # held: the marker, and what it gave
    finally:
        theme.set_ui_scale(1.0)
