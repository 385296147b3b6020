"""Table setup: the game, the seats (human or bot, name, colour) and the game's options.

The games offered are those whose rules core is installed (``available_games``); the seats range
over the game's min..max players; bot levels come from the game's bot module. Start builds a
``TableConfig`` and hands it to the app's ``doors.start_local_game`` (the tables sit above the menus).
"""

from __future__ import annotations

import copy
from typing import Any

import pygame

from game.bots import bot_label, bot_levels
from game.core.registry import available_games, get_game
from game.core.text import shows_something
from game.i18n import N_, _, ngettext
from game.match import SeatInfo
from game.render.palette import next_colour, seat_colours
from game.scenes.options import option_choices, option_info, option_offered
from game.scenes.rulebook import available_rulebooks
from game.scenes.stack import Scene
from game.table_config import TableConfig
from game.ui import theme
from game.ui.widgets import Button, Choice, ListView, TextInput, Toggle, Widget, room_for_labels

GAME_PANEL = pygame.Rect(50, 150, 500, 740)
SEAT_PANEL = pygame.Rect(580, 150, 800, 740)
OPTION_PANEL = pygame.Rect(1410, 150, 460, 740)
ROW_H = 104
BOT_NAMES = ["Tramina", "Bimmel", "Schiene", "Weiche", "Kurbel"]
MAX_SEAT_ROWS = 6
OPEN_NAME = N_("Open seat")
BLURB_SIZE = 25  # the chosen game's blurb, at 100 %
BLURB_SMALLEST = 22  # pixels on the canvas it never shrinks below: about 16 in a 1366 x 768 window
PREWARM_AFTER = 0.3  # seconds of a still screen before the chosen table draws its starting pictures


class Swatch(Widget):
    """A player's colour: a click (or confirm) moves on to the next colour nobody else has and the
    game's board can show (``game.render.palette``)."""

    def __init__(self, rect: Any, colour: int, on_next: Any) -> None:
        super().__init__(rect, _("Change colour"))
        self.colour = colour
        self.on_next = on_next

    def activate(self) -> None:
        if self.enabled:
            self.sound("click")
            self.on_next()

    def draw(self, surface: pygame.Surface) -> None:
        centre = self.rect.center
        radius = self.rect.width // 2 - 4
        pygame.draw.circle(surface, theme.SHADOW, (centre[0], centre[1] + 4), radius)
        pygame.draw.circle(surface, theme.player_colour(self.colour), centre, radius)
        pygame.draw.circle(surface, theme.CREAM, centre, radius, width=3 + int(self.glow * 2))
        self.draw_focus(surface, radius)


class SeatRow:
    """The widgets of one seat: colour, name, human/bot."""

    def __init__(self, scene: SetupScene, index: int, top: int) -> None:
        self.index = index
        x = SEAT_PANEL.x + 30
        self.default_name = (scene.app.settings.shown_name() if index == 0
                             else _("Player {number}").format(number=index + 1))
        self.builtin_name = self.default_name  # in the screen's language: never kept as if typed
        typed = scene.app.settings.seat_names if scene.remembers else []
        if 0 < index < len(typed) and typed[index].strip():  # the first seat is the name in Settings
            self.default_name = typed[index].strip()  # the name typed here last time: a human here is called so
        self.name = self.default_name
        self.kind = ""  # chosen by the scene once it knows the game (default_kind)
        self.chosen = index  # the colour picked; the swatch shows it as the game allows (show_colours)
        self.swatch = Swatch(pygame.Rect(x, top + 8, 72, 72), index, lambda: scene.next_colour(self.index))
        self.swatch.tooltip_beside = "left"  # at the right, "Change colour" hid the seat's name
        self.name_field = TextInput(pygame.Rect(x + 96, top + 12, 300, 64), self.name, self.rename, 16,
                                    _("Name"))  # no tooltip: the text beam says "type here", and a bubble
        # under the field hid the next seat's name (beside it, who sits here: Human, a bot's level)
        self.kind_choice = Choice(pygame.Rect(x + 420, top + 8, 320, 72), "", [("human", _("Human"))], "human",
                                  lambda value: scene.set_kind(self.index, value), size=28)
        self.widgets: list[Widget] = [self.swatch, self.name_field, self.kind_choice]
        self.top = top

    def rename(self, text: str) -> None:
        self.name = text

    def set_visible(self, visible: bool) -> None:
        for widget in self.widgets:
            widget.visible = visible

    def shown_name(self) -> str:
        """The name typed here, or the seat's default when what was typed shows nothing."""
        return self.name.strip() if shows_something(self.name) else self.default_name

    def seat(self) -> SeatInfo:
        kind, _colon, level = self.kind.partition(":")
        return SeatInfo(self.shown_name(), kind, level or _("normal"), self.swatch.colour)


class SetupScene(Scene):
    closes_on_cancel = True
    name = "setup"

    start_label = N_("Start")
    heading_text = N_("New table")
    remembers = True  # the game, player count and levels chosen come back next time (a LAN host's do not)
    remembers_options = True  # each game's table options come back as last started (a LAN host's too)

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.games = self.offered_games()
        self.game: str | None = None
        self.warmed: set[str] = set()  # games whose tables have drawn their starting pictures
        self.players = 0
        self.options: dict[str, Any] = {}
        self.option_widgets: list[Widget] = []
        self.option_keys: list[str] = []  # the option each of option_widgets sets
        self.message = ""
        titles = [get_game(name).title for name in self.games]
        self.blurb = ""  # what the chosen game is about, under its player count
        self.game_list = ListView(pygame.Rect(GAME_PANEL.x + 30, GAME_PANEL.y + 100, GAME_PANEL.width - 60, 350),
                                  titles, self.select_game, 0, 84, 36)
        self.ui.add(self.game_list)
        self.count = Choice(pygame.Rect(SEAT_PANEL.x + 30, SEAT_PANEL.y + 96, SEAT_PANEL.width - 60, 80),
                            _("Players"), [(2, "2")], 2, self.set_players, label_width=260, size=32,
                            wraps=False)
        self.ui.add(self.count)
        self.rows = [SeatRow(self, index, SEAT_PANEL.y + 200 + index * ROW_H) for index in range(MAX_SEAT_ROWS)]
        for row in self.rows:
            for widget in row.widgets:
                self.ui.add(widget)
        # Back and Start (Open table) as wide as their words need at their sizes, whatever the text size
        wide = max(340, room_for_labels([_(self.start_label)], 44), room_for_labels([_("Back")], 40))
        # under the seats' panel, clear of the table's name a host types left of it
        back = pygame.Rect(max(SEAT_PANEL.x, theme.WIDTH // 2 - 30 - wide), 954, wide, 92)
        start = pygame.Rect(back.right + 60, 954, wide, 92)
        self.back = Button(back, _("Back"), self.close, "secondary", 40)
        self.start = Button(start, _(self.start_label), self.start_game, "good", 44)
        self.ui.add(self.back)
        self.ui.add(self.start)
        if self.games:
            last = app.settings.last_game if self.remembers else ""
            self.select_game(self.games.index(last) if last in self.games else 0)
            self.ui.set_focus(self.start)
        else:
            self.count.visible = False
            for row in self.rows:
                row.set_visible(False)
            self.start.enabled = False
            self.message = _("No game is installed yet.")

    @staticmethod
    def offered_games() -> list[str]:
        return available_games()

    # -- choices ----------------------------------------------------------------------------------
    def select_game(self, index: int) -> None:
        name = self.games[index]
        definition = get_game(name)
        self.game = name
        self.app.doors.prepare_table(name)  # its table loads while the player chooses seats and options
        self.game_list.selected = index
        self.title = definition.title
        self.blurb = game_blurb(name)
        try:
            levels = list(bot_levels(name))
        except (ImportError, AttributeError):
            levels = []
        remembered = self.remembered_seats(name)
        for row in self.rows:
            kinds = self.row_kinds(row.index, levels)
            row.kind_choice.options = kinds
            values = [value for value, _text in kinds]
            if row.index < len(remembered) and remembered[row.index] in values:
                row.kind = remembered[row.index]
            elif row.kind not in values:
                row.kind = self.default_kind(row.index, values)
            row.kind_choice.index = values.index(row.kind)
            self._name_for_kind(row)
        low, high = definition.min_players, definition.max_players
        self.count.options = [(n, str(n)) for n in range(low, high + 1)]
        wanted = next((count for count in (len(remembered), self.players) if low <= count <= high), low)
        self.count.index = wanted - low
        self.set_players(wanted)  # shows the seats' colours as this game allows them
        defaults = definition.default_options()
        self._build_options(defaults, self.remembered_options(name, defaults))
        playable = self.app.doors.has_table(name)
        self.start.enabled = playable
        self.start.tooltip = None if playable else _("{game} has no table screen yet.").format(game=definition.title)
        self.message = "" if playable else _("{game} cannot be played on this screen yet.").format(
            game=definition.title)

    def remembered_seats(self, game: str) -> list[str]:
        """The seats' kinds ("human", "bot:hard") last started with at ``game``: the player count and
        the levels come back as they were (a kind the game no longer offers falls back on its own)."""
        return list(self.app.settings.last_seats.get(game, [])) if self.remembers else []

    def remembered_options(self, game: str, defaults: dict[str, Any]) -> dict[str, Any]:
        """The options last started with at ``game``, field by field: a value the screen no longer
        offers (or one the game dropped or never had) gives way to the default."""
        kept = self.app.settings.last_options.get(game, {}) if self.remembers_options else {}
        return {key: copy.deepcopy(kept[key] if key in kept and option_offered(game, key, default, kept[key])
                                   else default)
                for key, default in defaults.items()}

    def remember_choices(self) -> None:
        """Keep the game, its player count, the seats' kinds and the options for the next visit, in
        the settings (saved)."""
        if self.game is None or not (self.remembers or self.remembers_options):
            return
        settings = self.app.settings
        if self.remembers_options:  # options this version does not know stay for the Linie that set them
            settings.last_options[self.game] = {**settings.last_options.get(self.game, {}),
                                                **copy.deepcopy(self.options)}
        if not self.remembers:
            self.app.save_settings()
            return
        settings.last_game = self.game
        settings.last_seats[self.game] = [row.kind for row in self.rows[:self.players]]
        names = list(settings.seat_names) + [""] * (len(self.rows) - len(settings.seat_names))
        for row in self.rows[:self.players]:
            if row.kind != "human":
                continue  # a bot's or an open seat's name is never a person's
            typed = row.name.strip()
            if row.index > 0:
                names[row.index] = "" if typed == row.builtin_name else typed
            elif typed and typed != row.builtin_name:
                # The first seat is the player's own name (Settings → Your name): typed here, it is kept there,
                # so whoever typed their name at the first game finds it at the next (and in Settings, and at LAN).
                settings.player_name = typed
        settings.seat_names = names[:len(self.rows)]
        self.app.save_settings()

    def row_kinds(self, index: int, levels: list[str]) -> list[tuple[str, str]]:
        """Who may sit in seat ``index``: a person at this screen or a bot of some level."""
        return [("human", _("Human"))] + [(f"bot:{level}", bot_label(level)) for level in levels]

    @staticmethod
    def default_kind(index: int, values: list[str]) -> str:
        """A new seat: you at the first, a normal bot at the others (so one click starts a game)."""
        return "bot:normal" if index and "bot:normal" in values else values[0]

    def set_players(self, count: int) -> None:
        self.players = count
        for row in self.rows:
            row.set_visible(row.index < count)
        self.show_colours()
        self._show_applicable_options()

    def set_kind(self, index: int, kind: str) -> None:
        row = self.rows[index]
        row.kind = kind
        self._name_for_kind(row)

    def _name_for_kind(self, row: SeatRow) -> None:
        """Bots get a bot name, humans a player name, unless the player typed one themselves."""
        row.name_field.enabled = row.kind != "open"  # a LAN player brings their own name
        automatic = row.name in (row.default_name, BOT_NAMES[row.index % len(BOT_NAMES)], _(OPEN_NAME), "")
        if automatic:
            if row.kind.startswith("bot"):
                row.name = BOT_NAMES[row.index % len(BOT_NAMES)]
            else:
                row.name = _(OPEN_NAME) if row.kind == "open" else row.default_name
            row.name_field.text = row.name
            row.name_field.caret = len(row.name)

    def show_colours(self) -> None:
        """Each seat's swatch in the colour it will play in at this game: the one picked, unless the
        game's board cannot show it or an earlier seat has it (then the next free one, as every screen
        after this one shows it)."""
        seated = self.rows[:self.players]
        for row, colour in zip(seated, seat_colours(self.game or "", [row.chosen for row in seated]), strict=True):
            row.swatch.colour = colour

    def next_colour(self, index: int) -> None:
        row = self.rows[index]
        taken = [other.swatch.colour for other in self.rows[:self.players] if other.index != index]
        row.chosen = row.swatch.colour = next_colour(self.game or "", row.swatch.colour, taken)

    def _build_options(self, defaults: dict[str, Any], chosen: dict[str, Any]) -> None:
        """The option widgets of the chosen game, set to ``chosen`` (each value one it offers)."""
        for widget in self.option_widgets:
            self.ui.widgets.remove(widget)
        self.option_widgets = []
        self.option_keys = []
        self.options = copy.deepcopy(chosen)
        assert self.game is not None
        game = self.game
        top = OPTION_PANEL.y + 110
        # Options that matter only sometimes come last, so hiding one never leaves a gap.
        for key in sorted(defaults, key=lambda k: option_info(game, k).applies is not None):
            default, shown = defaults[key], self.options[key]
            info = option_info(game, key)
            rect = pygame.Rect(OPTION_PANEL.x + 24, top, OPTION_PANEL.width - 48, 84)
            widget: Widget
            if isinstance(default, bool):
                widget = Toggle(rect, _(info.label), shown, lambda value, k=key: self._set_option(k, value),
                                _(info.tooltip) or None)
                if not widget.label_fits_beside():  # a long label (German at 150 %) gets a line of its own
                    rect.height = 130
                    widget = _LabelledToggle(rect, _(info.label), shown,
                                             lambda value, k=key: self._set_option(k, value), _(info.tooltip) or None)
            else:
                choices = option_choices(game, key, default)
                rect.height = 130
                widget = _LabelledChoice(rect, _(info.label), choices, shown,
                                         lambda value, k=key: self._set_option(k, value), _(info.tooltip) or None)
            # Tab reads the screen as it reads: the game, the seats, its options, then Back and Start
            self.option_widgets.append(self.ui.add(widget, before=self.back))
            self.option_keys.append(key)
            top += rect.height + 18
        self._show_applicable_options()
        self._name_seat_choices()

    def _set_option(self, key: str, value: Any) -> None:
        self.options[key] = copy.deepcopy(value)
        self._show_applicable_options()

    def _show_applicable_options(self) -> None:
        """Hide the options that change nothing at this table (its players, its other options)."""
        if self.game is None or not self.option_widgets:
            return
        for key, widget in zip(self.option_keys, self.option_widgets, strict=True):
            widget.visible = option_info(self.game, key).applies_to(self.options, self.players)

    # -- start ------------------------------------------------------------------------------------
    def config(self) -> TableConfig:
        assert self.game is not None
        seats = [row.seat() for row in self.rows[:self.players]]
        seen: dict[str, int] = {}
        for seat in seats:  # hot-seat covers say "Pass to <name>": names must tell people apart
            count = seen.get(seat.name, 0)
            seen[seat.name] = count + 1
            if count:
                seat.name = f"{seat.name} {count + 1}"
        return TableConfig(self.game, seats, copy.deepcopy(self.options))

    def update(self, dt: float) -> None:
        super().update(dt)
        self._name_seat_choices()
        self._prewarm()

    def seat_words(self, index: int) -> str:
        """A seat as the players know it: its player's name, or its colour for an open seat (and beside
        a name two seats share)."""
        row = self.rows[index]
        colour = _(theme.PLAYER_COLOURS[row.swatch.colour % len(theme.PLAYER_COLOURS)][0])
        if row.kind == "open":
            return _("{colour} seat").format(colour=colour)
        name = row.shown_name()
        names = [other.shown_name() for other in self.rows[:self.players]]
        return _("{name} ({colour})").format(name=name, colour=colour) if names.count(name) > 1 else name

    def _name_seat_choices(self) -> None:
        """An option whose values are seats ("Who starts") names them as the seats above do, kept up
        with every rename and colour change: "Who starts: Ada", never "Seat 1"."""
        if self.game is None:
            return
        for key, widget in zip(self.option_keys, self.option_widgets, strict=True):
            if option_info(self.game, key).seats and isinstance(widget, Choice):
                widget.options = [(value, self.seat_words(value) if type(value) is int and value < self.players
                                   else text) for value, text in widget.options]

    def _prewarm(self) -> None:
        """Once the chosen game's table is loaded and the screen has been still for a moment, let it
        draw its starting pictures now rather than on its first frame (a still screen hides the work)."""
        name = self.game
        if name is None or name in self.warmed or self.quiet < PREWARM_AFTER:
            return
        if self.app.doors.prewarm_table(name):
            self.warmed.add(name)

    def start_game(self) -> None:
        if self.game is None:
            return
        self.remember_choices()
        if not self.app.doors.start_local_game(self.config()):
            self.message = _("This game cannot be played on this screen yet.")
            self.app.sounds.play("error")

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        theme.background(surface)
        theme.heading(surface, _(self.heading_text), (theme.WIDTH // 2, 78), 78)
        for rect, title in ((GAME_PANEL, _("Game")), (SEAT_PANEL, _("Seats")), (OPTION_PANEL, _("Options"))):
            theme.panel(surface, rect, theme.PLUM, 28, theme.PLUM_LIGHT, 10)
            theme.draw_text(surface, title, (rect.x + 30, rect.y + 28), 44, theme.SUNFLOWER, theme.DISPLAY_FONT)
        if self.game is not None:
            definition = get_game(self.game)
            players = _("{low}–{high} players").format(low=definition.min_players, high=definition.max_players)
            if definition.min_players == definition.max_players:
                players = ngettext("{count} player", "{count} players", definition.min_players).format(
                    count=definition.min_players)
            theme.draw_text(surface, players, (GAME_PANEL.x + 30, GAME_PANEL.y + 470), 30, theme.SUNFLOWER,
                            theme.TEXT_BOLD_FONT)
            for (x, y), line, size in self.blurb_lines():
                theme.draw_text(surface, line, (x, y), size, theme.CREAM_DIM)
            if not self.option_widgets:
                theme.draw_text(surface, _("This game has no options."), (OPTION_PANEL.x + 30, OPTION_PANEL.y + 120),
                                28, theme.CREAM_DIM)
        if self.message:
            theme.draw_text(surface, self.message, (theme.WIDTH // 2, 922), 30, theme.CORAL,
                            theme.TEXT_BOLD_FONT, "center")
        super().draw(surface)


    def blurb_lines(self) -> list[tuple[tuple[int, int], str, int]]:
        """The blurb as drawn: (where, line, design size). At a large text size it shrinks to its room
        (never below a readable size) rather than stop after three lines with "…"."""
        top = GAME_PANEL.y + 480 + theme.px(36)
        size, lines, step = theme.fit_lines(self.blurb, BLURB_SIZE, GAME_PANEL.width - 60, GAME_PANEL.bottom - 16 - top,
                                            minimum=theme.unscaled(BLURB_SMALLEST))
        return [((GAME_PANEL.x + 30, top + index * step), line, size) for index, line in enumerate(lines)]


def game_blurb(game: str) -> str:
    """The first sentence of the game's rule text ("The idea"), to say what the game is about."""
    for book in available_rulebooks():
        if book.game == game and book.sections and book.sections[0].blocks:
            text = book.sections[0].blocks[0].text
            return text.split(". ")[0].rstrip(".") + "."
    return ""


class _LabelledChoice(Choice):
    """A choice with its label on a line above, for values too long to share a row with it."""

    def draw(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.mix(theme.NIGHT_2, theme.PLUM_LIGHT, self.glow * 0.6), self.rect,
                         border_radius=16)
        theme.draw_text(surface, self.label, (self.rect.x + 24, self.rect.y + 16), 30)
        label, self.label = self.label, ""
        saved = self.rect
        self.rect = pygame.Rect(saved.x, saved.y + 50, saved.width, saved.height - 50)
        try:
            _draw_choice_value(self, surface)
        finally:
            self.rect, self.label = saved, label
        self.draw_focus(surface)


class _LabelledToggle(Toggle):
    """A switch with its label on a line above, for a label too long to read beside it at full size."""

    def draw(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.mix(theme.NIGHT_2, theme.PLUM_LIGHT, self.glow * 0.6), self.rect,
                         border_radius=16)
        size = theme.fit_text(self.label, 30, self.rect.width - 48)
        theme.draw_text(surface, self.label, (self.rect.x + 24, self.rect.y + 16), size,
                        theme.CREAM if self.enabled else theme.CREAM_DIM)
        below = pygame.Rect(self.rect.x, self.rect.y + 50, self.rect.width, self.rect.height - 50)
        self.draw_switch(surface, below, "")
        self.draw_focus(surface)


def _draw_choice_value(choice: Choice, surface: pygame.Surface) -> None:
    area = choice.rect
    colour = theme.SUNFLOWER if choice.enabled else theme.CREAM_DIM
    if len(choice.options) > 1:
        for direction, x in ((-1, area.x + 28), (1, area.right - 28)):
            points = [(x + 11 * direction, area.centery), (x - 8 * direction, area.centery - 14),
                      (x - 8 * direction, area.centery + 14)]
            pygame.draw.polygon(surface, colour, points)
    size = theme.fit_text(choice.text, 34, area.width - 110, theme.DISPLAY_FONT)
    theme.draw_text(surface, choice.text, (area.centerx, area.centery), size, colour, theme.DISPLAY_FONT,
                    "center")
