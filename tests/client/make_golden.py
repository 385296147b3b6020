"""Regenerate the golden images of the board renderer: ``python -m tests.client.make_golden``.

Run it only after a deliberate change to how the board looks, LOOK at the new PNGs under
tests/client/golden/, and commit them with the change.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

GOLDEN = Path(__file__).parent / "golden"


def scenes() -> dict[str, pygame.Surface]:
    """The golden pictures: text-free (labels off) so fonts never enter the comparison."""
    from game.render.linie1.board import Linie1Board, tile_segments
    from tools.shots.client import SAMPLE_SIGNS, sample_tiles

    board = Linie1Board(24, labels=False)
    empty = board.base().copy()
    network = board.static_layer(sample_tiles(), SAMPLE_SIGNS).copy()
    x, y, heading = board.terminal_path([(6, 0), (7, 0)], 0.3)
    board.draw_tram(network, (x, y), heading, 1)
    tiles = pygame.Surface((12 * 64, 4 * 64), pygame.SRCALPHA)
    large = Linie1Board(64, labels=False)
    for kind in range(1, 13):
        for turn in range(4):
            from game.render.linie1.board import tile_image
            tiles.blit(tile_image(tile_segments(kind, turn), large.cell), ((kind - 1) * 64, turn * 64))
    return {"board_empty": empty, "board_network": network, "tiles_all_rotations": tiles}


def main() -> int:
    pygame.display.init()
    pygame.display.set_mode((16, 16))
    GOLDEN.mkdir(exist_ok=True)
    for name, surface in scenes().items():
        path = GOLDEN / f"{name}.png"
        pygame.image.save(surface, str(path))
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
