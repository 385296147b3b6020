"""How big a window opens: the 16 : 9 canvas fitted into the desktop it opens on.

A 1920 × 1080 canvas asked for as a window on a 1366 × 768 screen would open larger than the
screen, its title bar and bottom off-screen. So a window is at most ``MAX_SHARE`` of the desktop
in each direction (room for a task bar and the title bar), a size the player asked for
(``--size``) included, and keeps the canvas's shape so nothing is letterboxed at first.
"""

from __future__ import annotations

import os

MAX_SHARE = 0.9  # of the desktop's width and height a window may take
MIN_SIZE = (320, 180)


def fitted_window(canvas: tuple[int, int], desktop: tuple[int, int] | None,
                  asked: tuple[int, int] | None = None) -> tuple[int, int]:
    """The window size to open: ``asked`` (or the canvas's own size) shrunk, keeping its shape,
    until it fits within ``MAX_SHARE`` of ``desktop`` (unknown desktop: as asked)."""
    width, height = asked or canvas
    if desktop is None or desktop[0] <= 0 or desktop[1] <= 0:
        return max(width, MIN_SIZE[0]), max(height, MIN_SIZE[1])
    room_w, room_h = int(desktop[0] * MAX_SHARE), int(desktop[1] * MAX_SHARE)
    scale = min(1.0, room_w / width, room_h / height)
    return max(MIN_SIZE[0], int(width * scale)), max(MIN_SIZE[1], int(height * scale))


def scale_smoothly() -> None:
    """Let the canvas shrink into a window smaller than itself, smoothly.

    pygame's SCALED display scales by whole numbers in a window unless the hint it reads under the
    name ``SDL_HINT_RENDER_SCALE_QUALITY`` is set: a 1920 × 1080 canvas in a smaller window is then
    cut off instead of shrunk (measured under X11 with pygame-ce 2.5). Linear filtering keeps text
    legible when shrunk. A player's own environment settings win."""
    os.environ.setdefault("SDL_HINT_RENDER_SCALE_QUALITY", "1")
    os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "linear")


def keep_shader_cache_off_disk() -> None:
    """Start even when the disk holding the user's cache folder is full.

    The SCALED display draws through SDL's OpenGL renderer, and Mesa maps its shader cache file
    from ``$XDG_CACHE_HOME`` into memory: on a full disk the first touch of that mapping kills the
    process with SIGBUS before a single frame (measured on Linux with Mesa's llvmpipe). The cache
    only spares recompiling SDL's few small shaders at start, so it is switched off. A player's own
    environment settings win."""
    os.environ.setdefault("MESA_SHADER_CACHE_DISABLE", "true")
    os.environ.setdefault("MESA_GLSL_CACHE_DISABLE", "true")  # the name older Mesa reads
