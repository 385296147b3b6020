"""``python -m tools.text_fit [--scale 1,1.5] [--lang en,de] [--only NAME,...]``: text that does not fit, per screen.

Takes the screens of ``tools.screenshot`` (the same registry) at a text size of the Settings (and in a
language), draws each once more while recording every text drawn through ``theme.draw_text`` and every
box it may belong to (``theme.panel`` panels and the rect of each widget), and names each text that

- leaves the screen,
- sticks out of the innermost box drawn before it that holds its centre,
- overlaps another text still in sight (a panel drawn over text hides it),
- sits on a widget that overlaps another widget (two buttons run into each other),
- lies partly under a widget drawn after it (a prompt whose foot its field hides), or
- is a button's label (a choice's value, a list's item) drawn noticeably smaller than the size its
  widget asks for: shrunk to fit its button, it reads smaller than its neighbours (``SHRUNK``).

A screen that reports nothing keeps its words inside their boxes at that size. Every screen draws
on the one 1920 × 1080 canvas whatever the window, so the window's size changes nothing here (judge
what stays legible on a small screen from ``tools.screenshot --window``).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

SLACK = 2  # pixels a glyph's box may poke out (anti-aliased edges, a shadow)
SHRUNK = 0.9  # a label drawn below this share of its widget's size reads smaller than its neighbours


@dataclass
class Drawn:
    """What one frame drew, in order: boxes and texts, each with its rect."""

    items: list[tuple[str, pygame.Rect, str]] = field(default_factory=list)
    labels: list[tuple[pygame.Rect, str, int, int]] = field(default_factory=list)  # rect, label, drawn, asked

    def box(self, rect: pygame.Rect, name: str) -> None:
        self.items.append(("box", pygame.Rect(rect), name))

    def text(self, rect: pygame.Rect, text: str) -> None:
        if rect.width > 1 and text.strip():
            self.items.append(("text", pygame.Rect(rect), text))

    def label(self, rect: pygame.Rect, text: str, drawn: int, asked: int) -> None:
        """A widget's label drawn at design size ``drawn`` where the widget asks for ``asked``."""
        self.labels.append((pygame.Rect(rect), text, drawn, asked))

    def texts(self) -> list[tuple[pygame.Rect, str]]:
        return [(rect, name) for kind, rect, name in self.items if kind == "text"]


def on_screen(surface: pygame.Surface) -> bool:
    """Drawn on the display itself, not on a sprite's or a shrunk table's own surface."""
    screen = pygame.display.get_surface()
    return screen is not None and surface.get_size() == screen.get_size() \
        and surface._pixels_address == screen._pixels_address


@contextlib.contextmanager
def recording() -> Iterator[Drawn]:
    """Record what is drawn while the block runs (texts, panels, widgets)."""
    from game.ui import theme, widgets
    drawn = Drawn()
    draw_text, panel, dim, draw_group = theme.draw_text, theme.panel, theme.dim, widgets.FocusGroup.draw
    draws = {kind: kind.draw for kind in (widgets.Button, widgets.Choice, widgets.ListView)}
    drawing: list[widgets.Widget] = []  # the widget whose draw is under way

    def text_probe(surface: pygame.Surface, text: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        rect = draw_text(surface, text, *args, **kwargs)
        if on_screen(surface):
            drawn.text(rect, text)
            if drawing and text in labels(drawing[-1]):
                drawn.label(rect, text, args[1] if len(args) > 1 else kwargs.get("size", 28), drawing[-1].size)
        return rect

    def labels(widget: widgets.Widget) -> list[str]:
        """The words a widget draws at its ``size``: a button's label, a choice's value, a list's one-line items."""
        if isinstance(widget, widgets.Button):
            return [widget.label]
        if isinstance(widget, widgets.Choice):
            return [widget.text]
        return [item for item in getattr(widget, "items", []) if "\n" not in item]

    def widget_probe(draw: Any) -> Any:
        def probe(widget: widgets.Widget, surface: pygame.Surface) -> None:
            drawing.append(widget)
            try:
                draw(widget, surface)
            finally:
                drawing.pop()
        return probe

    def panel_probe(surface: pygame.Surface, rect: pygame.Rect, *args: Any, **kwargs: Any) -> None:
        if on_screen(surface):
            drawn.box(rect, "panel")
        panel(surface, rect, *args, **kwargs)

    def dim_probe(surface: pygame.Surface, alpha: int = 150) -> None:
        if on_screen(surface):  # an overlay's backdrop: what lies beneath is only a picture now
            drawn.items.clear()
            drawn.labels.clear()
        dim(surface, alpha)

    def group_probe(group: widgets.FocusGroup, surface: pygame.Surface) -> None:
        shown = on_screen(surface)  # a table drawn on its own surface (a replay's) has rects of its own
        for widget in group.widgets:
            if widget.visible:
                if shown:
                    drawn.box(widget.rect, type(widget).__name__)
                widget.draw(surface)
        tip = group.hover if group.hover is not None and group.hover_time >= group.TOOLTIP_DELAY else None
        if tip is not None and tip.tooltip:
            widgets.draw_tooltip(surface, tip.tooltip, tip.rect)

    theme.draw_text, theme.panel, theme.dim, widgets.FocusGroup.draw = text_probe, panel_probe, dim_probe, group_probe
    for kind, draw in draws.items():
        kind.draw = widget_probe(draw)  # type: ignore[method-assign]
    try:
        yield drawn
    finally:
        theme.draw_text, theme.panel, theme.dim, widgets.FocusGroup.draw = draw_text, panel, dim, draw_group
        for kind, draw in draws.items():
            kind.draw = draw  # type: ignore[method-assign]


def problems(drawn: Drawn, screen: pygame.Rect) -> list[str]:
    """Every text off the screen, out of its box, over another text in sight, or shrunk on its button."""
    found: list[str] = []
    boxes: list[tuple[pygame.Rect, str]] = []
    in_sight: list[tuple[pygame.Rect, str]] = []
    for kind, rect, name in drawn.items:
        if kind == "box":
            if name != "panel":  # two widgets of one screen on top of each other: one hides the other's words
                for other, other_name in boxes:
                    overlap = rect.clip(other)
                    if other_name != "panel" and overlap.width > SLACK and overlap.height > SLACK:
                        found.append(f"{name} {tuple(rect)} overlaps {other_name} {tuple(other)}")
            boxes.append((rect, name))
            if name == "panel":  # a panel drawn over earlier text hides it
                in_sight[:] = [(other, text) for other, text in in_sight if not other.colliderect(rect)]
            else:  # a widget drawn over part of an earlier text hides that part (a prompt under its field)
                for other, text in in_sight:
                    overlap = rect.clip(other)
                    if overlap.width > 2 * SLACK and overlap.height > 2 * SLACK and not rect.contains(other):
                        found.append(f"{text!r} {tuple(other)} lies partly under {name} {tuple(rect)}")
            continue
        if not screen.inflate(2 * SLACK, 2 * SLACK).contains(rect):
            found.append(f"{name!r} {tuple(rect)} leaves the screen")
            continue
        holders = [(index, box) for index, (box, _) in enumerate(boxes) if box.collidepoint(rect.center)]
        if holders:
            index, box = min(holders, key=lambda held: held[1].width * held[1].height)
            if not box.inflate(2 * SLACK, 2 * SLACK).contains(rect):
                found.append(f"{name!r} {tuple(rect)} sticks out of its {boxes[index][1]} {tuple(box)}")
        for other, other_name in in_sight:
            overlap = rect.clip(other)
            if overlap.width > 2 * SLACK and overlap.height > 2 * SLACK:
                found.append(f"{name!r} {tuple(rect)} overlaps {other_name!r} {tuple(other)}")
        in_sight.append((rect, name))
    for rect, name, size, asked in drawn.labels:
        if size < asked * SHRUNK:
                found.append(f"{name!r} {tuple(rect)} is drawn at {size} of its button's {asked} "
                         f"({round(100 * size / asked)} %)")
    return found


def check_shot(name: str, scale: float, config_dir: Path) -> list[str]:
    """Set up the screenshot ``name`` at text size ``scale`` and list its text that does not fit."""
    drawn = record_shot(name, scale, config_dir)
    return [] if drawn is None else problems(drawn, pygame.Rect(0, 0, *pygame.display.get_surface().get_size()))


def record_shot(name: str, scale: float, config_dir: Path) -> Drawn | None:
    """What the screenshot ``name`` draws at text size ``scale`` (None: a picture of its own)."""
    registry = importlib.import_module("tools.screenshot")
    registry.discover()
    entry = registry.SHOTS[name]
    registry.use_own_folders(entry, config_dir)
    app = registry.make_app(config_dir, scale)
    made = entry.make(app)
    if made is not None:
        return None  # a picture of its own (board art), not a screen of boxes
    for _ in range(max(1, round(entry.settle * 60))):
        app.step(1 / 60)
    with recording() as drawn:
        app.draw()
    return drawn


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.text_fit")
    parser.add_argument("--only", help="comma-separated shot names (default: all)")
    parser.add_argument("--scale", type=_scales, default=[1.5],
                        help="text sizes of the Settings, comma-separated (1, 1.25, 1.5; default 1.5)")
    parser.add_argument("--lang", help="languages of the screens, comma-separated (en, de); else LINIE_LANG, "
                                       "else the system's")
    args = parser.parse_args(argv)
    registry = importlib.import_module("tools.screenshot")
    registry.discover()
    names = args.only.split(",") if args.only else list(registry.SHOTS)
    unknown = [name for name in names if name not in registry.SHOTS]
    if unknown:
        print(f"unknown shots: {', '.join(unknown)}", file=sys.stderr)
        return 2
    languages: list[str | None] = list(args.lang.split(",")) if args.lang else [None]
    total = 0
    with tempfile.TemporaryDirectory() as config_dir:
        for language in languages:
            if language:
                os.environ["LINIE_LANG"] = language  # each app reads it when it starts (game.i18n.chosen_language)
            for scale in args.scale:
                where = f"[{language or 'system'} {scale:.0%}] " if len(languages) > 1 or len(args.scale) > 1 else ""
                for name in names:
                    found = check_shot(name, scale, Path(config_dir))
                    total += len(found)
                    print(f"{where}{name}: {'fits' if not found else f'{len(found)} problem(s)'}")
                    for line in found:
                        print(f"    {line}")
    return 1 if total else 0


def _scales(text: str) -> list[float]:
    try:
        scales = [float(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError("text sizes are 1, 1.25 or 1.5, comma-separated") from None
    if not scales or any(scale not in (1.0, 1.25, 1.5) for scale in scales):
        raise argparse.ArgumentTypeError("text sizes are 1, 1.25 or 1.5, comma-separated")
    return scales


if __name__ == "__main__":
    sys.exit(main())
