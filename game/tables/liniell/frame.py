"""One frame of the Liniell table as plain data: the model of the view on screen, the camera, the
player's hand (cursor, pointer, turn of the tile, chosen marker), what the show hides, and the
final count. The table works it out; ``drawing`` paints it and reads nothing else.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.anim.show import Masks
from game.i18n import _
from game.render.liniell.field import Camera
from game.tables.liniell.count import FinalCount
from game.tables.liniell.model import TableModel
from game.ui import theme

Colour = tuple[int, int, int]


@dataclass
class Toast:
    text: str
    colour: Colour
    left: float  # seconds still shown


@dataclass
class LiniellFrame:
    model: TableModel | None
    camera: Camera
    names: list[str]
    initials: list[str]  # the letters on each seat's markers (``distinct_initials`` of the names)
    colours: list[Colour]
    kinds: list[str]  # "you", "bot · easy", "remote player"…
    notes: dict[int, str]  # LAN seats that are away, offline or played by a stand-in bot
    humans: list[int]
    my_turn: bool
    busy: bool  # the show is playing or has updates waiting
    link_down: bool
    current: int  # whose move the screen shows (the mover while their move still plays)
    masks: Masks
    count: FinalCount
    cursor: tuple[int, int] | None = None
    pointer: tuple[int, int] | None = None
    ghost_waits: bool = False  # a turn just opened: no ghost tile nor verdict until the player moves
    carried: tuple[float, float] | None = None  # the drawn tile taken off its card, in the hand
    homing: tuple[float, float] | None = None  # ...let go where it cannot go, on its way back to the card
    marker_at: tuple[float, float] | None = None  # a marker of the mover's taken up: in the hand or going back
    marker_from: str | None = None  # ...and where it was taken from: "supply" or the line it stands on
    turn_angle: float = 0.0
    turns: int = 0
    source: str | None = None  # where the marker of an occupation comes from
    target: str | None = None  # the line the player would occupy now
    hovered: str | None = None  # the line under the pointer
    toast: Toast | None = None
    waiting: str = ""  # while another seat decides, "Ada is thinking…"; while a move plays, how to skip it
    keys_note: str = ""  # the top bar's right corner, in the words shown ("Esc menu · F1 rules")
    age: float = 0.0
    buttons: bool = False  # a button stands at the foot of the action box (Skip, Connect, See the results)
    link: str = "up"  # the LAN link, where it is not up: "down", "closed", or "host_closed" (said goodbye)

    @property
    def pulse(self) -> float:
        return 0.5 + 0.5 * math.sin(self.age * 4)

    def colour(self, seat: int) -> Colour:
        return self.colours[seat] if 0 <= seat < len(self.colours) else theme.player_colour(seat)

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else _("Player {number}").format(number=seat + 1)

    def initial(self, seat: int) -> str:
        """The letter on a seat's markers: a cue beside the colour."""
        return self.initials[seat] if 0 <= seat < len(self.initials) else str(seat + 1)

    def marker_hidden(self, seat: int, marker: int) -> bool:
        """The marker is in the air: neither at home nor on the field."""
        return self.masks.held(("marker", seat, marker))

    @property
    def tile_in_flight(self) -> bool:
        return self.masks.held(("drawn",))

    @property
    def set_aside_in_flight(self) -> int:
        return int(self.masks.instead(("set_aside",), 0)) if self.masks.held(("set_aside",)) else 0

    @property
    def stack_shown(self) -> int | None:
        """How many tiles the stack shows while tiles are still to be drawn off it (None: the view's count)."""
        return int(self.masks.instead(("stack",), 0)) if self.masks.held(("stack",)) else None

