"""``python -m tools.text_fit [--scale 1.5] [--only NAME,...]``: text that overflows its box, per screen.

Takes the screens of ``tools.screenshot`` (the same registry) at a text size of the Settings, draws
each once more while recording every text drawn through ``theme.draw_text`` and every box it may
belong to (``theme.panel`` panels and the rect of each widget), and names each text that

- leaves the screen,
- sticks out of the innermost box drawn before it that holds its centre, or
- overlaps another text of that same box (or, outside every box, another such text) still in
  sight (a panel drawn over text hides it).

A screen that reports nothing keeps its words inside their boxes at that size.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

SLACK = 2  # pixels a glyph's box may poke out (anti-aliased edges, a shadow)


@dataclass
class Drawn:
    """What one frame drew, in order: boxes and texts, each with its rect."""

    items: list[tuple[str, pygame.Rect, str]] = field(default_factory=list)

    def box(self, rect: pygame.Rect, name: str) -> None:
        self.items.append(("box", pygame.Rect(rect), name))

    def text(self, rect: pygame.Rect, text: str) -> None:
        if rect.width > 1 and text.strip():
            self.items.append(("text", pygame.Rect(rect), text))


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

    def text_probe(surface: pygame.Surface, text: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        rect = draw_text(surface, text, *args, **kwargs)
        if on_screen(surface):
            drawn.text(rect, text)
        return rect

    def panel_probe(surface: pygame.Surface, rect: pygame.Rect, *args: Any, **kwargs: Any) -> None:
        if on_screen(surface):
            drawn.box(rect, "panel")
        panel(surface, rect, *args, **kwargs)

    def dim_probe(surface: pygame.Surface, alpha: int = 150) -> None:
        if on_screen(surface):
            drawn.items.clear()  # an overlay's backdrop: what lies beneath is only a picture now
        dim(surface, alpha)

    def group_probe(group: widgets.FocusGroup, surface: pygame.Surface) -> None:
        for widget in group.widgets:
            if widget.visible:
                drawn.box(widget.rect, type(widget).__name__)
                widget.draw(surface)
        tip = group.hover if group.hover is not None and group.hover_time >= group.TOOLTIP_DELAY else None
        if tip is not None and tip.tooltip:
            widgets.draw_tooltip(surface, tip.tooltip, tip.rect)

    theme.draw_text, theme.panel, theme.dim, widgets.FocusGroup.draw = text_probe, panel_probe, dim_probe, group_probe
    try:
        yield drawn
    finally:
        theme.draw_text, theme.panel, theme.dim, widgets.FocusGroup.draw = draw_text, panel, dim, draw_group


def problems(drawn: Drawn, screen: pygame.Rect) -> list[str]:
    """Every text off the screen, out of its box, or over another text of its box."""
    found: list[str] = []
    boxes: list[tuple[pygame.Rect, str]] = []
    by_box: dict[int, list[tuple[pygame.Rect, str]]] = {}
    for kind, rect, name in drawn.items:
        if kind == "box":
            boxes.append((rect, name))
            if name == "panel":  # a panel drawn over earlier text hides it
                for held in by_box.values():
                    held[:] = [(other, text) for other, text in held if not other.colliderect(rect)]
            continue
        if not screen.inflate(2 * SLACK, 2 * SLACK).contains(rect):
            found.append(f"{name!r} {tuple(rect)} leaves the screen")
            continue
        holders = [(index, box) for index, (box, _) in enumerate(boxes) if box.collidepoint(rect.center)]
        index = -1  # on the screen itself, without a box
        if holders:
            index, box = min(holders, key=lambda held: held[1].width * held[1].height)
            if not box.inflate(2 * SLACK, 2 * SLACK).contains(rect):
                found.append(f"{name!r} {tuple(rect)} sticks out of its {boxes[index][1]} {tuple(box)}")
        for other, other_name in by_box.get(index, []):
            overlap = rect.clip(other)
            if overlap.width > 2 * SLACK and overlap.height > 2 * SLACK:
                found.append(f"{name!r} {tuple(rect)} overlaps {other_name!r} {tuple(other)}")
        by_box.setdefault(index, []).append((rect, name))
    return found


def check_shot(name: str, scale: float, config_dir: Path) -> list[str]:
    """Set up the screenshot ``name`` at text size ``scale`` and list its text that does not fit."""
    registry = importlib.import_module("tools.screenshot")
    registry.discover()
    entry = registry.SHOTS[name]
    registry.use_own_folders(entry, config_dir)
    app = registry.make_app(config_dir, scale)
    made = entry.make(app)
    if made is not None:
        return []  # a picture of its own (board art), not a screen of boxes
    for _ in range(max(1, round(entry.settle * 60))):
        app.step(1 / 60)
    with recording() as drawn:
        app.draw()
    return problems(drawn, app.screen.get_rect())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.text_fit")
    parser.add_argument("--only", help="comma-separated shot names (default: all)")
    parser.add_argument("--scale", type=float, default=1.5, choices=(1.0, 1.25, 1.5))
    args = parser.parse_args(argv)
    registry = importlib.import_module("tools.screenshot")
    registry.discover()
    names = args.only.split(",") if args.only else list(registry.SHOTS)
    total = 0
    with tempfile.TemporaryDirectory() as config_dir:
        for name in names:
            found = check_shot(name, args.scale, Path(config_dir))
            total += len(found)
            print(f"{name}: {'fits' if not found else f'{len(found)} problem(s)'}")
            for line in found:
                print(f"    {line}")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
