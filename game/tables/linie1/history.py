"""The table's memory of play: every turn seen at this screen, in words, with the squares it touched.

Entries come from the events each update brings (already filtered to this screen's seat by the
core's ``view_event``), so a history never tells more than the table showed. A table opened on a
game already under way (a resumed save, a LAN seat taken late) says from which turn it remembers.
Hovering an entry outlines its squares on the board.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import pygame

from game.core.linie1.data import TILE_TYPES
from game.i18n import N_, _, ngettext
from game.render.linie1.board import Cell
from game.tables.linie1 import layout
from game.ui import theme

ROW = 34  # pixels per entry line in the panel
DIE_WORDS = {"R": N_("red light"), "1": N_("one green"), "2": N_("two green"), "H": "H", "T": N_("tools")}  # three dice


def _die(face: str) -> str:
    return _(DIE_WORDS[face]) if face in DIE_WORDS else face
TEXT = 23


@dataclass(frozen=True)
class Entry:
    turn: int
    seat: int
    text: str  # without the player's name, which is drawn in the seat's colour
    cells: tuple[Cell, ...] = ()
    rolled: bool = False  # a die roll whose move is still to be added to it
    update: int = 0  # which update told it: an undo takes back all its update's tiles (a side-by-side pair)


def _cell(value: Any) -> Cell:
    return int(value[0]), int(value[1])


# The tile types' names in the data (assets/linie1/components.json), marked for translation.
TILE_NAMES = (N_("straight"), N_("curve"), N_("straight + curve"), N_("straight + curve, mirrored"),
              N_("double curve"), N_("two opposite curves"), N_("straight + both curves to one side"),
              N_("straight + both curves at one end"), N_("four curves"), N_("crossing"),
              N_("straight + two opposite curves"), N_("straight + two opposite curves, mirrored"))


def _tile(number: Any) -> str:
    found = TILE_TYPES.get(int(number))
    return _(found.name) if found else _("tile")


@dataclass
class History:
    entries: list[Entry] = field(default_factory=list)
    since: int | None = None  # the first turn this screen saw, when it opened on a game under way
    turn: int = 1
    updates: int = 0  # updates recorded so far

    def opened(self, view: dict[str, Any] | None) -> None:
        """The table shows ``view`` first: a game under way is remembered from here on."""
        if view is None or self.entries:
            return
        self.turn = int(view.get("turn", 1))
        if self.turn > 1 or view.get("board", {}).get("tiles"):
            self.since = self.turn

    def rewound(self, view: dict[str, Any]) -> None:
        """A view from before what is remembered went on screen (a replay stepped back): forget the
        turns after it."""
        turn = int(view.get("turn", 1))
        if turn < self.turn:
            self.entries = [entry for entry in self.entries if entry.turn < turn]
            self.turn = turn

    def record(self, events: list[dict[str, Any]], view: dict[str, Any]) -> None:
        """The events of one update, in order (``view``: the state they lead to)."""
        self.updates += 1
        for event in events:
            kind = event.get("type")
            seat = int(event.get("seat", -1))
            if kind == "place":
                self._add(seat, _("laid a {tile}").format(tile=_tile(event["tile"])), (_cell(event["cell"]),))
            elif kind == "exchange":
                self._add(seat, _("exchanged a {old} for a {new}").format(old=_tile(event["old_tile"]),
                                                                           new=_tile(event["tile"])),
                          (_cell(event["cell"]),))
            elif kind == "undo":
                self._undo(seat, {_cell(cell) for cell in event.get("cells", [])})
            elif kind == "trip":
                self._add(seat, _("started the trip on line {line}").format(line=event["line"]), ())
            elif kind == "roll" and "faces" in event:
                self._add(seat, _("rolled {faces}").format(faces=", ".join(_die(str(f)) for f in event["faces"])), ())
            elif kind == "choose_die":
                face = str(event["face"])
                self.entries.append(
                    Entry(self.turn, seat, _("carried out {face}").format(face=_die(face)), rolled=True)
                )
            elif kind == "stopped":
                self._add(seat, _("stopped"), ())
            elif kind == "roll":
                face = str(event["face"])
                self.entries.append(
                    Entry(
                        self.turn,
                        seat,
                        _("rolled H") if face == "H" else _("rolled {face}").format(face=face),
                        rolled=True,
                    )
                )
            elif kind == "drive":  # the pace rule: the squares chosen; the move says how far the tram went
                squares = int(event.get("squares", 0))
                self.entries.append(Entry(self.turn, seat, ngettext(
                    "set off for {count} square", "set off for {count} squares", squares).format(count=squares),
                    rolled=True))
            elif kind == "take":
                self._add(seat, _("took a {tile} from a driver's spare tiles").format(tile=_tile(event["tile"])), ())
            elif kind == "move":
                self._moved(seat, event, view)
            elif kind == "win":
                self._add(seat, _("reached the terminal and wins"), ())
            elif kind == "turn":
                self.turn = int(event.get("turn", self.turn + 1))

    def _add(self, seat: int, text: str, cells: tuple[Cell, ...]) -> None:
        self.entries.append(Entry(self.turn, seat, text, cells, update=self.updates))

    def _undo(self, seat: int, cells: set[Cell]) -> None:
        """The last action of ``seat`` this turn on those squares goes: every tile entry its update
        told (a side-by-side pair of exchanges is one action, told as two entries)."""
        for index in range(len(self.entries) - 1, -1, -1):
            entry = self.entries[index]
            if entry.turn != self.turn:
                return
            if entry.seat == seat and entry.cells and set(entry.cells) <= cells:
                self.entries = [other for other in self.entries
                                if not (other.update == entry.update and other.seat == seat and other.cells
                                        and set(other.cells) <= cells)]
                return

    def _moved(self, seat: int, event: dict[str, Any], view: dict[str, Any]) -> None:
        start, end = int(event["from"]), int(event["to"])
        trip = view["players"][seat].get("trip") if 0 <= seat < len(view["players"]) else None
        cells = tuple(_cell(c) for c in trip["route"][max(0, start + 1) : end + 1]) if trip else ()
        squares = end - start
        drove = ngettext("drove {count} square", "drove {count} squares", squares).format(count=squares)
        if squares < 0:  # three dice: tools
            cells = tuple(_cell(c) for c in trip["route"][max(0, end) : start + 1]) if trip else ()
            drove = ngettext(
                "backed {count} square to the last stop", "backed {count} squares to the last stop", -squares
            ).format(count=-squares)
        elif squares == 0:
            drove = _("stayed put")
        last = self.entries[-1] if self.entries else None
        if last is not None and last.seat == seat and last.turn == self.turn and last.rolled:
            self.entries[-1] = replace(last, text=f"{last.text}, {drove}", cells=cells, rolled=False)
        else:
            self._add(seat, drove, cells)


@dataclass
class HistoryPanel:
    """The list in the route card's place: newest at the foot, the wheel scrolls back."""

    history: History
    scroll: int = 0  # entries scrolled back from the newest
    hovered: Entry | None = None

    def rows(self, area: pygame.Rect) -> int:
        return max(1, (area.height - theme.px(70)) // theme.px(ROW))

    def visible(self, area: pygame.Rect) -> list[tuple[pygame.Rect, Entry]]:
        entries = self.history.entries
        count = self.rows(area)
        self.scroll = max(0, min(self.scroll, len(entries) - count))
        shown = entries[max(0, len(entries) - count - self.scroll):len(entries) - self.scroll]
        row = theme.px(ROW)  # rows as tall as the text size
        return [(pygame.Rect(area.x + 20, area.y + theme.px(58) + index * row, area.width - 40, row - 2), entry)
                for index, entry in enumerate(shown)]

    def point(self, area: pygame.Rect, pos: tuple[int, int] | None) -> None:
        self.hovered = None
        if pos is None or not area.collidepoint(pos):
            return
        for rect, entry in self.visible(area):
            if rect.collidepoint(pos):
                self.hovered = entry

    def wheel(self, steps: int) -> None:
        self.scroll = max(0, self.scroll + steps)

    def draw(
        self,
        surface: pygame.Surface,
        area: pygame.Rect,
        name_of: Callable[[int], str],
        colour_of: Callable[[int], theme.Colour],
        corner: int = 190,
    ) -> None:
        """``corner``: the pixels at the top right that the Route card button keeps (its words' width)."""
        theme.panel(surface, area, theme.PLUM, 22, theme.PLUM_LIGHT, 6)
        title = theme.draw_text(surface, _("History"), (area.x + 24, area.y + 16), 30, theme.SUNFLOWER,
                                theme.DISPLAY_FONT)
        hint = _("hover a line to see it on the board · wheel scrolls")
        theme.draw_text(surface, hint, (area.right - corner, area.y + 22),
                        theme.fit_text(hint, 20, area.right - corner - title.right - 16, minimum=8), theme.CREAM_DIM,
                        anchor="topright")
        rows = self.visible(area)
        if not rows:
            note = _("Nothing has happened yet.") if self.history.since is None else \
                _("Remembered from turn {turn} on.").format(turn=self.history.since)
            theme.draw_text(surface, note, (area.x + 24, area.y + theme.px(64)), TEXT, theme.CREAM_DIM)
        for rect, entry in rows:
            if entry is self.hovered:
                pygame.draw.rect(surface, theme.NIGHT_2, rect, border_radius=8)
            x = rect.x + 8
            turn = theme.render_text(f"{entry.turn:>3}", TEXT, theme.CREAM_DIM, theme.TEXT_FONT)
            surface.blit(turn, (x, rect.y + 4))
            x += theme.px(52)
            name = theme.render_text(name_of(entry.seat), TEXT, theme.text_colour(colour_of(entry.seat)),
                                     theme.TEXT_BOLD_FONT)
            surface.blit(name, (x, rect.y + 4))
            x += name.get_width() + 8
            room = rect.right - x - 8
            size = theme.fit_text(entry.text, TEXT, room)
            theme.draw_text(surface, entry.text, (x, rect.y + 4 + theme.px(TEXT - size) // 2), size, theme.CREAM)

    def draw_highlight(
        self, surface: pygame.Surface, cell_rect: Callable[[Cell], pygame.Rect], colour: theme.Colour
    ) -> None:
        """The hovered entry's squares, outlined boldly on the board."""
        if self.hovered is None:
            return
        for cell in self.hovered.cells:
            rect = cell_rect(cell).inflate(6, 6)
            pygame.draw.rect(surface, theme.CREAM, rect, width=8, border_radius=10)
            pygame.draw.rect(surface, colour, rect.inflate(-4, -4), width=4, border_radius=9)


def history_area(players: int) -> pygame.Rect:
    """Where the history shows: in the route card's place."""
    return layout.route_card_rect(players)
