"""Bus's messages stay readable: toasts queue instead of wiping each other and keep clear of the map's
legend; first-game hints never sit over the players' rows or over what the decision is made on."""

from __future__ import annotations

import pygame
import pytest

from game.match import SeatInfo
from game.tables.bus import layout
from game.tables.bus.fx import SHOWN, Toasts, draw_toasts
from game.tables.bus.hints import HINTS as BUS_HINTS
from game.tables.bus.table import BusTable
from game.tables.launch import TableConfig, start_local_game
from tests.client.helpers import run

NEWS = ["Ada buys a bus: 2 now. The largest fleet is 2.", "Nobody took the Clock: time runs on.",
        "Ben closed a circle at crossing 12: the line now grows from there, both ways.",
        "Cleo chooses first next round.", "Dan's marker does nothing."]


def shown_for(toasts: Toasts, step: float = 0.05, limit: float = 60.0) -> dict[str, float]:
    """How long each toast was up, run on the wall clock until all are gone."""
    up: dict[str, float] = {}
    clock = 0.0
    while toasts and clock < limit:
        for toast in toasts.items:
            up[toast.text] = up.get(toast.text, 0.0) + step
        toasts.update(step)
        clock += step
    return up


def test_a_second_toast_does_not_wipe_the_first():
    toasts = Toasts()
    toasts.add(NEWS[0])
    toasts.update(0.3)
    toasts.add(NEWS[1])
    assert [toast.text for toast in toasts.items] == NEWS[:2]


def test_toasts_beyond_the_room_wait_their_turn_and_each_stays_long_enough_to_read():
    toasts = Toasts()
    for text in NEWS:
        toasts.add(text)
    assert len(toasts.items) == SHOWN and len(toasts.waiting) == len(NEWS) - SHOWN
    reads = {toast.text: toast.read for toast in toasts.items + toasts.waiting}
    up = shown_for(toasts)
    assert set(up) == set(NEWS)  # every one was shown
    for text in NEWS:
        assert up[text] >= reads[text], text
    assert reads[NEWS[2]] > reads[NEWS[3]]  # a longer message is given longer


def test_a_refusal_shows_at_once_even_when_news_waits_and_replaces_only_an_older_refusal():
    toasts = Toasts()
    for text in NEWS:
        toasts.add(text)
    toasts.add("Street 0-1 does not leave an end of your line.", refusal=True)
    assert toasts.items[-1].refusal
    toasts.add("Street 2-3 does not leave an end of your line.", refusal=True)
    refusals = [toast.text for toast in toasts.items if toast.refusal]
    assert refusals == ["Street 2-3 does not leave an end of your line."]
    assert sum(not toast.refusal for toast in toasts.items) == SHOWN


def test_the_same_message_again_stays_up_instead_of_showing_twice():
    toasts = Toasts()
    toasts.add(NEWS[0])
    toasts.update(2.0)
    toasts.add(NEWS[0])
    assert len(toasts.items) == 1 and toasts.items[0].life - toasts.items[0].age > 2.0


def test_toasts_never_cover_the_legend(app):
    toasts = Toasts()
    for text in NEWS:
        toasts.add(text + " " + text)  # long: two lines each
    toasts.add("A refusal long enough to need two lines on the foot of the map, as German ones do.", True)
    toasts.update(0.5)
    boxes = draw_toasts(pygame.Surface((1920, 1080)), toasts.items, layout.TOASTS)
    assert len(boxes) == 3
    for box in boxes:
        assert layout.MAP_RECT.contains(box) and not box.colliderect(layout.LEGEND)


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_first_game_hints_cover_neither_the_players_nor_what_the_decision_is_made_on(app, scale):
    from game.ui import theme
    theme.set_ui_scale(scale)
    seats = [SeatInfo("Ada")] + [SeatInfo(f"Bot {n}", "bot", "easy") for n in (1, 2)]
    assert start_local_game(app, TableConfig("bus", seats, {}, 4))
    table = next(scene for scene in app.stack.scenes if isinstance(scene, BusTable))
    run(app, 0.5)
    assert table.coach is not None
    longest = max((moment.text for moment in BUS_HINTS.moments), key=len)
    table.coach.text, table.coach.alpha = longest, 1.0
    for phase in ("setup_buildings", "setup_streets", "choose", "line", "passengers", "buildings", "clock",
                  "vrooom"):
        table.choices.phase = phase
        anchor = table.coach_anchor()
        table.coach.draw(pygame.Surface((1920, 1080)), anchor)
        bubble = table.coach.box
        assert not bubble.colliderect(layout.PLAYERS), phase
        worked_on = layout.BOARD if phase in ("choose", "clock") else layout.MAP_RECT
        assert not bubble.colliderect(worked_on), phase
        assert not bubble.colliderect(layout.HEADER), phase  # the prompt and its buttons


def test_a_hint_over_the_map_stands_where_it_hides_less_of_the_players_line(app):
    seats = [SeatInfo("Ada")] + [SeatInfo(f"Bot {n}", "bot", "easy") for n in (1, 2)]
    assert start_local_game(app, TableConfig("bus", seats, {}, 4))
    table = next(scene for scene in app.stack.scenes if isinstance(scene, BusTable))
    run(app, 0.5)
    table.choices.phase, table.choices.seat = "choose", 0
    lines = {"foot": [0, 1, 2, 3, 4], "top": [33, 31, 32, 34, 35]}
    spots = {}
    for where, path in lines.items():
        table.picture.seats[0].path = path
        spots[where] = table.coach_anchor()
        assert not any(spots[where].collidepoint(table.city.pos(crossing)) for crossing in path), where
    assert spots["foot"] != spots["top"]


def test_the_winners_are_told_in_the_players_language(app):
    from game.anim import Timeline
    from game.anim.show import Show
    from game.i18n import set_language
    from game.match import Match
    from game.render.bus.city import city_map
    from game.tables.bus.seats import seat_looks
    from game.tables.bus.show import Stage, Tally, stage_update
    view = Match("bus", [SeatInfo(f"P{seat}", "bot", "easy", seat) for seat in range(3)], 5).view(None)
    heard: list[str] = []
    looks = seat_looks(view, 3)
    events = [{"type": "game_over", "reason": "clock", "winners": [0, 2]}]
    set_language("de")
    try:
        stage = Stage(Show(), city_map(*layout.MAP_RECT), Tally(), lambda sound: None, heard.append, lambda: None)
        timeline = Timeline()
        stage_update(stage, timeline, view, view, events, looks)
        while not timeline.done:
            timeline.update(0.05)
    finally:
        set_language("en")
    assert f"{looks[0].name} und {looks[2].name} teilen sich den Sieg" in heard


def test_the_results_cards_count_points_in_the_players_language():
    from game.i18n import set_language
    from game.match import Match
    from game.tables.bus.figures import bus_figures
    match = Match("bus", [SeatInfo(f"P{seat}", "bot", "easy", seat) for seat in range(3)], 5)
    outcome = {"scores": [1, 0, 7], "winners": [2], "ranking": [2, 0, 1]}
    set_language("de")
    try:
        headlines = [figure.headline for figure in bus_figures(match.view(None), outcome)]
    finally:
        set_language("en")
    assert headlines == ["1 Punkt", "0 Punkte", "7 Punkte"]
    assert [figure.headline for figure in bus_figures(match.view(None), outcome)][0] == "1 point"


def test_players_who_share_the_win_share_first_place_on_the_results_cards():
    """Tied on every tie-break (never delivered, as many stones), Ada and Cleo both won: both rank 1,
    and the next player is third, not second."""
    from game.match import Match
    from game.tables.bus.figures import bus_figures
    match = Match("bus", [SeatInfo(name, "bot", "easy", seat) for seat, name in enumerate(["Ada", "Ben", "Cleo"])], 5)
    view = match.view(None)
    view["score"], view["stones"], view["arrival"] = [0, 0, 0], [0, 2, 0], [0, 0, 0]
    outcome = {"scores": [0, -2, 0], "winners": [0, 2], "shared": True, "ranking": [0, 2, 1]}
    ranks = [dict(figure.rows)["Rank"] for figure in bus_figures(view, outcome)]
    assert ranks == ["1", "3", "1"]
    view["arrival"] = [1, 0, 2]  # the same final score, reached at different moments: no shared place
    assert [dict(figure.rows)["Rank"] for figure in bus_figures(view, {**outcome, "winners": [0]})] == ["1", "3", "2"]


def test_news_already_read_clears_when_the_player_must_decide_but_unread_news_stays():
    toasts = Toasts()
    toasts.add(NEWS[3])
    toasts.update(toasts.items[0].read + 0.1)
    toasts.add(NEWS[2])
    toasts.update(0.1)
    toasts.clear_read()
    toasts.update(0.5)
    assert [toast.text for toast in toasts.items] == [NEWS[2]]  # the read one faded, the new one stays


def test_a_new_round_takes_the_markers_words_with_it_but_lasting_news_stays_until_read():
    """The round's banner comes up: "Vrrooomm! A: Ada drives" goes, shown or still waiting, read or not;
    a bus bought stays until read, then goes rather than linger; a refusal (an answer) stays."""
    from game.tables.bus.fx import FADE
    toasts = Toasts()
    toasts.add(NEWS[0])
    toasts.add("Vrrooomm! A: Ada drives: 1 delivery to make.", moment=True)
    toasts.add("Vrrooomm! B: Ben drives: 2 deliveries to make.", moment=True)  # waits: two are up
    toasts.add(NEWS[2])  # waits too
    toasts.add("Not now.", refusal=True)
    toasts.update(0.2)
    toasts.turn_page()
    assert [toast.text for toast in toasts.waiting] == [NEWS[2]]
    toasts.update(FADE + 0.05)
    up = [toast.text for toast in toasts.items]
    assert NEWS[0] in up and "Not now." in up and not [text for text in up if text.startswith("Vrrooomm!")]
    bought = next(toast for toast in toasts.items if toast.text == NEWS[0])
    assert bought.life <= bought.read + FADE + 1e-9  # read, it goes: it does not stay into the new round


def test_no_words_of_the_last_rounds_markers_stand_under_the_next_rounds_banner(app):
    """Bots play at 30 frames a second: news queued while the rides played ("Vrrooomm! A: Bot0 drives",
    shown just as "Round 2" came up) is gone once the banner is up, and none still waits to follow it."""
    from game.match import Match
    from game.session import LocalSession
    from game.tables.bus.fx import FADE
    from tools.shots.bus import SEATS
    app.settings.hints = False
    seats = [SeatInfo(seat.name, "bot", "normal", index) for index, seat in enumerate(SEATS[:3])]
    match = Match("bus", seats, 7)
    table = BusTable(app, LocalSession(match), None)
    app.push(table)
    rounds = 0
    clock = 0.0
    while rounds < 2 and clock < 120:
        app.step(1 / 30)
        clock += 1 / 30
        banner = next((overlay for overlay in table.show.overlays
                       if getattr(overlay, "title", "").startswith("Round ")), None)
        if banner is None or banner.age < FADE + 0.1:
            continue
        if banner.age < FADE + 0.1 + 1 / 30:
            rounds += 1
        news = [toast.text for toast in table.toasts.items + table.toasts.waiting]
        lasting = ("no delivery to make", "can lay no street", " streets: ")  # why a marker did less: stays
        assert not [text for text in news if _told_action(text) and not any(why in text for why in lasting)], \
            (banner.title, news)
        assert not [text for text in news if "next round" in text], (banner.title, news)  # it has begun
    assert rounds == 2

    import pygame

    from game.tables.bus.fx import draw_tooltip
    surface = pygame.Surface((1920, 1080))
    toast = pygame.Rect(200, 880, 700, 60)
    lines = [("Street 0–1", (0, 0, 0)), ("This street leaves no end of your line.", (200, 0, 0))]
    free = draw_tooltip(surface, lines, (300.0, 860.0), surface.get_rect())
    assert free is not None and free.colliderect(toast) and free.top > 860  # below the pointer, on the toast
    kept = draw_tooltip(surface, lines, (300.0, 860.0), surface.get_rect(), [toast])
    assert kept is not None and not kept.colliderect(toast) and kept.bottom < 860  # above it instead


def test_a_forced_pass_says_why_it_was_forced(app):
    """A seat passes when it has no markers left, or (Q13) when every space it could take is taken:
    each reason in its own words, and a pass chosen by the player just says so."""
    from game.anim import Timeline
    from game.anim.show import Show
    from game.match import Match
    from game.render.bus.city import city_map
    from game.tables.bus.seats import seat_looks
    from game.tables.bus.show import Stage, Tally, stage_update
    from game.ui.floaters import FloatText
    view = Match("bus", [SeatInfo(f"P{seat}", "bot", "easy", seat) for seat in range(3)], 5).view(None)
    looks = seat_looks(view, 3)
    said = []
    for reason in ("no_markers", "spaces_full", None):
        show = Show()
        stage = Stage(show, city_map(*layout.MAP_RECT), Tally(), lambda sound: None, lambda text: None, lambda: None)
        timeline = Timeline()
        events = [{"type": "passed", "seat": 1, "forced": reason is not None, "reason": reason, "markers_left": 0}]
        stage_update(stage, timeline, view, view, events, looks)
        timeline.update(0.1)
        said += [overlay.text for overlay in show.overlays if isinstance(overlay, FloatText)]
    name = looks[1].name
    assert said == [f"{name} has no markers and passes", f"{name} finds every space taken and passes",
                    f"{name} passes"]


def _told_action(text: str) -> tuple[str, str, str] | None:
    """(action, letter, the rest) when a message names an action's space ("Vrrooomm! B: Ada drives…")."""
    import re

    from game.tables.bus.model import ACTION_NAMES
    for action, label in ACTION_NAMES.items():
        told = re.match(re.escape(label) + r"(?: ([A-F]))?: ", text)
        if told:
            return action, told.group(1) or "", text[told.end():]
    return None


def test_after_several_moves_are_skipped_at_once_the_words_name_the_moment_the_board_shows(app):
    """Every seat's moves queue up on the show, then one Enter skips them all: of the news they said only
    the newest stays, and where it names an action's space it is the space and the player the board
    shows at work (never the previous marker's words under the next marker's decision)."""
    from game.bots import make_bot
    from game.session import LocalSession
    from tests.client.helpers import key
    from tools.shots.bus import SEATS, played
    app.settings.hints = False
    match = played(lambda m: m.state.round >= 1, seats=list(SEATS))
    table = BusTable(app, LocalSession(match), None)
    app.push(table)
    app.step(0.1)
    table.session.hold_bots(True)  # the test moves every seat, so several moves stand queued at once
    bots = [make_bot("bus", "normal", seat) for seat in range(len(match.seats))]
    said: list[str] = []
    say, narrate = table._stage.toast, table._stage.narrate
    assert narrate is not None
    table._stage.toast = lambda text: (said.append(text), say(text))[-1]
    table._stage.narrate = lambda text: (said.append(text), narrate(text))[-1]
    crowded = named = 0
    for _ in range(60):
        if match.finished:
            break
        said.clear()
        for _ in range(5):
            if match.finished:
                break
            seat = match.to_act()[0]
            match.submit(seat, bots[seat].decide(match.view(seat)))
            app.step(0.01)
        assert table.busy
        app.step(0.01, key(pygame.K_RETURN))
        crowded += len(said) > 1
        assert not table.busy and not table.show.overlays  # no banner of a moment skipped over
        news = [toast.text for toast in table.toasts.items + table.toasts.waiting if not toast.answer]
        assert len(news) <= 1, news
        told = _told_action(news[0]) if news else None
        if told is not None:
            picture = table.picture
            action, letter, rest = told
            assert (action, letter) == (picture.phase, str(table._decision().get("letter") or "")), news
            assert picture.to_act is not None and rest.startswith(table.looks[picture.to_act].name), news
            named += 1
    assert named >= 5 and crowded >= 5  # the skips left action words to check, and cut news short


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_blocked_lines_line_expansion_is_told_once_as_the_streets_it_loses(app, lang):
    """A closed circle with no street left at its end (U4: the streets are lost): the table says once that
    the marker can lay no street and loses them, never "lays 3 streets" and then "loses 3 streets"."""
    from game.anim import Timeline
    from game.anim.show import Show
    from game.i18n import set_language
    from game.match import Match
    from game.render.bus.city import city_map
    from game.tables.bus.seats import seat_looks
    from game.tables.bus.show import Stage, Tally, stage_update
    from tests.core.bus_helpers import after_setup, resolve
    state = after_setup(4, 0)
    state.paths[0] = [0, 1, 5, 10, 0]  # a circle closed at crossing 0, whose one other street it holds
    state.buses[2] = 3  # the largest fleet: Line Expansion A gives 3 streets
    events = resolve(state, {"line": [0]})
    assert {"type": "streets_lost", "seat": 0, "count": 3, "reason": "blocked"} in events
    view = Match("bus", [SeatInfo(f"P{seat}", "bot", "easy", seat) for seat in range(4)], 5).view(None)
    looks = seat_looks(view, 4)
    said: list[str] = []
    set_language(lang)
    try:
        show = Show()
        stage = Stage(show, city_map(*layout.MAP_RECT), Tally(), lambda sound: None, said.append, lambda: None)
        timeline = Timeline()
        stage_update(stage, timeline, view, view, events, looks)
        timeline.finish()
        floats = [overlay.text for overlay in show.overlays if hasattr(overlay, "text")]
    finally:
        set_language("en")
    name = looks[0].name
    told = [text for text in said + floats if name in text and ("street" in text or "Straße" in text)]
    assert told == [{"en": f"Line Expansion A: {name} can lay no street: loses 3 streets "
                           "(no street is left at the ends of the line).",
                     "de": f"Linienausbau A: {name} kann keine Straße legen: verliert 3 Straßen "
                           "(an den Enden der Linie ist keine Straße mehr frei)."}[lang]]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_line_expansion_cut_short_says_how_many_it_laid_and_why_the_rest_is_lost(app, lang):
    """Line Expansion A gives 3 streets, but the line's one street closes a circle with nothing left at
    its ends (B4): the table says "lays 1 of 3 streets" and why the other 2 are lost, in one message, not
    a bare "loses 2 streets" after "lays 3 streets"."""
    import copy

    from game.anim import Timeline
    from game.anim.show import Show
    from game.core.bus import GAME
    from game.i18n import set_language
    from game.render.bus.city import city_map
    from game.tables.bus.seats import seat_looks
    from game.tables.bus.show import Stage, Tally, stage_update
    from tests.core.bus_helpers import after_setup, resolve
    state = after_setup(4, 0)
    state.paths[0] = [0, 1, 5, 10]  # street 10-0 closes a circle at crossing 0, where no other street is free
    state.buses[2] = 3
    resolve(state, {"line": [0]})
    before = GAME.view(copy.deepcopy(state), None)
    events = GAME.apply(state, 0, {"type": "street", "street": 1, "head": 10})
    assert {"type": "streets_lost", "seat": 0, "count": 2, "reason": "blocked"} in events
    after = GAME.view(state, None)
    looks = seat_looks(after, 4)
    said: list[str] = []
    set_language(lang)
    try:
        stage = Stage(Show(), city_map(*layout.MAP_RECT), Tally(), lambda sound: None, said.append, lambda: None)
        timeline = Timeline()
        stage_update(stage, timeline, before, after, events, looks)
        timeline.finish()
    finally:
        set_language("en")
    name = looks[0].name
    told = [text for text in said if name in text and ("street" in text or "Straße" in text)]
    assert told == [{"en": f"Line Expansion A: {name} lays 1 of 3 streets: no street is left at the ends of the "
                           "line, so the other 2 are lost.",
                     "de": f"Linienausbau A: {name} legt 1 von 3 Straßen: an den Enden der Linie ist keine Straße "
                           "mehr frei, die anderen 2 gehen verloren."}[lang]]


def test_at_the_game_over_news_still_waiting_goes_and_the_winner_is_told_next(app):
    """Bots at a high animation speed make news faster than it can be read: at the end, "Schiene buys a
    bus" from rounds ago must not follow "Game over" for a minute. What is up stays until read; what
    still waits goes, and the winner is the next thing said."""
    from game.anim import Timeline
    from game.anim.show import Show
    from game.match import Match
    from game.render.bus.city import city_map
    from game.tables.bus.seats import seat_looks
    from game.tables.bus.show import Stage, Tally, stage_update
    view = Match("bus", [SeatInfo(f"P{seat}", "bot", "easy", seat) for seat in range(3)], 5).view(None)
    looks = seat_looks(view, 3)
    toasts = Toasts()
    for text in NEWS:
        toasts.add(text)
    assert toasts.waiting
    up = [toast.text for toast in toasts.items]
    stage = Stage(Show(), city_map(*layout.MAP_RECT), Tally(), lambda sound: None, toasts.add, lambda: None,
                  game_over=toasts.drop_waiting)
    timeline = Timeline()
    stage_update(stage, timeline, view, view, [{"type": "game_over", "reason": "markers", "winners": [1]}], looks)
    timeline.finish()
    winner = f"{looks[1].name} wins!"
    assert [toast.text for toast in toasts.items] == up  # not wiped unread
    assert [toast.text for toast in toasts.waiting] == [winner]  # the next word is the winner's, none older
    shown = shown_for(toasts)
    assert winner in shown and not set(NEWS) - set(up) & set(shown)


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_a_pass_is_told_inside_the_players_own_row_clear_of_its_name(app, scale):
    """"Kurbel passes" rose from the row's name into the row above: with five players at 150 % text three
    bots passing in a row wrote over each other's names. The note stays in its own row, over its markers
    and buses, from where it springs up to where it fades."""
    from game.anim import Timeline
    from game.anim.show import Show
    from game.match import Match
    from game.render.bus.city import city_map
    from game.tables.bus import players
    from game.tables.bus.seats import seat_looks
    from game.tables.bus.show import Stage, Tally, stage_update
    from game.ui import theme
    from game.ui.floaters import FloatText
    view = Match("bus", [SeatInfo(f"P{seat}", "bot", "easy", seat) for seat in range(5)], 5).view(None)
    looks = seat_looks(view, 5)
    theme.set_ui_scale(scale)
    try:
        for seat, reason in ((1, "spaces_full"), (4, None)):
            show = Show()
            stage = Stage(show, city_map(*layout.MAP_RECT), Tally(), lambda sound: None, lambda text: None,
                          lambda: None)
            timeline = Timeline()
            events = [{"type": "passed", "seat": seat, "forced": reason is not None, "reason": reason,
                       "markers_left": 3}]
            stage_update(stage, timeline, view, view, events, looks)
            timeline.update(0.1)
            note = next(overlay for overlay in show.overlays if isinstance(overlay, FloatText))
            row = layout.player_row(seat, 5)
            image = theme.render_text(note.text, note.size, note.colour, theme.DISPLAY_FONT)
            for risen in (0.0, note.rise):
                box = image.get_rect(center=(round(note.pos[0]), round(note.pos[1] - risen)))
                assert row.contains(box), (note.text, box, row)
                assert box.left >= row.x + players.GEAR_X - 2  # right of the name and its status
    finally:
        theme.set_ui_scale(1.0)


def test_a_toast_under_the_pointer_of_the_player_deciding_lets_the_map_show_through(app):
    """News stands over the foot of the map, where station SE and its passengers are: while the player on
    this screen decides, a toast under the pointer goes see-through, so what lies beneath can be seen
    and clicked; away from the pointer it stays as it is."""
    from game.session import LocalSession
    from game.ui import theme
    from tools.shots.bus import SEATS, alice_in, played
    match = played(alice_in("setup_extend"), seats=list(SEATS))
    table = BusTable(app, LocalSession(match), None)
    app.push(table)
    app.step(0.25)
    assert table.choices.laying and not table.busy
    table.toasts.add("Weiche buys a bus: 3 now. The largest fleet is 3.")
    app.step(0.1)
    app.draw()
    box = table.toast_boxes[0]
    spot = (box.right - 12, box.centery)  # the toast's plain face, beside its words

    def face_with_pointer_at(pos: tuple[int, int]) -> tuple[int, ...]:
        app.step(0.02, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
        app.draw()
        return tuple(app.screen.get_at(spot))[:3]

    solid = face_with_pointer_at((box.centerx, box.top - 120))
    through = face_with_pointer_at(spot)
    assert table.toasts.items  # still up
    assert sum(solid) < 300 and sum(abs(a - b) for a, b in zip(solid, theme.NIGHT_2, strict=True)) < 70  # dark face
    assert sum(through) > 450  # the paper of the map shows through


def test_a_score_below_nothing_reads_minus_one_point_not_minus_one_points():
    """Stones can take a final score below 0: the card said "-1 points" (and "-1 Punkte")."""
    from game.i18n import set_language
    from game.match import Match
    from game.tables.bus.figures import bus_figures
    match = Match("bus", [SeatInfo(f"P{seat}", "bot", "easy", seat) for seat in range(3)], 5)
    outcome = {"scores": [-1, -4, 2], "winners": [2], "ranking": [2, 0, 1]}
    assert [figure.headline for figure in bus_figures(match.view(None), outcome)] == ["−1 point", "−4 points",
                                                                                       "2 points"]
    set_language("de")
    try:
        assert bus_figures(match.view(None), outcome)[0].headline == "−1 Punkt"
    finally:
        set_language("en")


@pytest.mark.parametrize(("pub", "seated", "why"), [
    (True, True, "every pub on the line already holds a passenger"),
    (False, False, "no pub on the line"),
    (True, None, "nobody on the line is waiting for a bus"),
])
def test_a_vrrooomm_marker_with_no_delivery_to_make_says_why(app, pub, seated, why):
    """Ada builds a pub on her line for this round's ride, but the passenger of that crossing sits down in
    it before any bus comes (§5.3.6): her marker's "no delivery to make" says why, as it does when no pub
    stands on her line or nobody waits on it, instead of leaving her to wonder why her bus stayed put."""
    import copy

    from game.anim import Timeline
    from game.anim.show import Show
    from game.core.bus import GAME
    from game.render.bus.city import city_map
    from game.tables.bus.seats import seat_looks
    from game.tables.bus.show import Stage, Tally, stage_update
    from tests.core.bus_helpers import after_setup, lots_at, resolve
    state = after_setup(4, 0)
    state.paths[0] = [0, 1, 2]  # Ada's line: no lot of crossing 1 holds a building
    state.buildings = [None] * len(state.buildings)
    if pub:
        state.buildings[lots_at(2)[0]] = "pub"
    for crossing in ([1] if seated is not None else []) + ([2] if seated else []):
        state.supply -= 1
        state.passengers[crossing] += 1  # waits at crossing 1; at crossing 2 sits down in the pub
    state.clock = 1  # nobody takes the Clock: time runs on from offices to pubs
    before = GAME.view(copy.deepcopy(state), None)
    events = resolve(state, {"vrooom": [0]})
    assert any(event.get("type") == "action_resolving" and event.get("amount") == 0 for event in events)
    after = GAME.view(state, None)
    looks = seat_looks(after, 4)
    said: list[str] = []
    stage = Stage(Show(), city_map(*layout.MAP_RECT), Tally(), lambda sound: None, said.append, lambda: None)
    timeline = Timeline()
    stage_update(stage, timeline, before, after, events, looks)
    timeline.finish()
    assert f"Vrrooomm! A: {looks[0].name} drives: no delivery to make ({why})." in said


def test_the_clock_in_german_names_the_wanted_kinds_as_the_map_does():
    """The Clock's prompt in German read "Fahrgäste wollen weiter Kneipen ... oder weiterlaufen lassen zu
    Häuser": a plural dropped after "zu" has the wrong case. The kinds stand after "gesucht", as the map's
    own "Gesucht: Kneipe" beside the dial, where the plural reads right."""
    from game.i18n import set_language
    from game.tables.bus.prompt import prompt
    from game.tables.bus.seats import seat_looks
    from tools.shots.bus import alice_in, played
    match = played(alice_in("clock", 3), alice_takes="clock")
    view = match.view(0)
    from game.tables.bus.model import picture_of
    picture = picture_of(view)
    looks = seat_looks(view, len(picture.seats))
    set_language("de")
    try:
        details = [prompt(picture, looks, [0], {"wants": wants, "next": nxt, "stones_left": stones}, "")[1]
                   for wants, nxt in (("house", "office"), ("office", "pub"), ("pub", "house"))
                   for stones in (3, 1)]
    finally:
        set_language("en")
    for detail in details:
        assert not any(f"zu {plural}" in detail for plural in ("Häuser", "Büros", "Kneipen")), detail
        assert "dann gesucht: " in detail, detail
