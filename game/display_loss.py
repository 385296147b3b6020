"""The log says so when the display goes away under a running game (the X server ends, a forwarded
display drops with its ssh session).

Xlib then ends the process at once, from inside SDL: one English line on the console and nothing
in the log, so whoever reads the log afterwards learned nothing of why the game ended. Nothing of
the game is lost (every move is saved as it is made, and a LAN table hosted from the game waits for
its host as after a crash); this only makes the end said where the player's helper looks.
"""

from __future__ import annotations

import ctypes
import logging
import os
from typing import Any

log = logging.getLogger("linie.display")

_IO_ERROR_HANDLER = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p)
_INSTALLED: list[Any] = []  # the callback lives as long as the process: Xlib keeps only its address


def log_when_the_display_goes(driver: str) -> bool:
    """On SDL's X11 driver, put a handler before Xlib's own for a lost connection: it logs the loss,
    then lets Xlib's own say it on the console and end the process, as before. Whether it did."""
    if driver != "x11" or _INSTALLED:
        return bool(_INSTALLED)
    try:
        xlib = ctypes.CDLL("libX11.so.6")  # the library SDL loaded: one handler per process
    except OSError:
        return False
    xlib.XSetIOErrorHandler.restype = ctypes.c_void_p
    xlib.XSetIOErrorHandler.argtypes = [ctypes.c_void_p]
    before: list[int | None] = [None]

    def went_away(display: int | None) -> int:
        log.error("the display went away: Linie ends (every game is saved up to its last move)")
        for handler in logging.getLogger().handlers:
            handler.flush()
        if before[0]:
            return _IO_ERROR_HANDLER(before[0])(display)  # Xlib's own: the console's line, and the end
        os._exit(1)

    callback = _IO_ERROR_HANDLER(went_away)
    before[0] = xlib.XSetIOErrorHandler(ctypes.cast(callback, ctypes.c_void_p))
    _INSTALLED.append(callback)
    return True
