"""Logging for the client and the host: a rotating file in the user's log folder, and the console.

A crash must cost nothing but a restart, and the player (or whoever helps them) must be able to
see what happened: every program of Linie logs through ``logging`` to ``linie.log`` (or
``linie-host.log``) in ``game.paths.log_dir``, kept to a few files of 1 MiB each. When the folder
cannot be written the log goes to the console only, and the program says so there.
"""

from __future__ import annotations

import contextlib
import logging
import sys
from logging.handlers import RotatingFileHandler
from pathlib import Path

from game.paths import log_dir

LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
MAX_BYTES = 1024 * 1024
BACKUPS = 3
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def setup_logging(program: str, level: str = "INFO", console_level: str = "WARNING",
                  folder: Path | None = None) -> Path | None:
    """Log at ``level`` to ``<program>.log`` in the log folder (rotated) and at ``console_level``
    (or ``level``, if stricter is asked) to stderr. Returns the file's path (None: console only)."""
    root = logging.getLogger()
    for handler in list(root.handlers):  # set up once per program: a second call replaces the first
        if getattr(handler, "linie", False):
            root.removeHandler(handler)
            handler.close()
    root.setLevel(min(logging.getLevelName(level), logging.getLevelName(console_level)))
    console = logging.StreamHandler(sys.stderr)
    console.setLevel(max(logging.getLevelName(console_level), logging.getLevelName(level)))
    console.setFormatter(logging.Formatter(FORMAT))
    _add(root, console)
    path = (folder or log_dir()) / f"{program}.log"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = LogFile(path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8")
    except OSError as error:
        logging.getLogger("linie").warning("no log file at %s (%s): logging to the console only",
                                           path, error.strerror)
        return None
    handler.setLevel(logging.getLevelName(level))
    handler.setFormatter(logging.Formatter(FORMAT))
    _add(root, handler)
    return path


class LogFile(RotatingFileHandler):
    """The rotating log file, quiet when its disk refuses: Python's own handler prints a traceback
    to the console for every record it cannot write, which on a full disk buries the console (and
    any message that matters there) under hundreds of them. This one says it once, drops the records
    meanwhile, and says when the file takes them again."""

    failing = False

    def emit(self, record: logging.LogRecord) -> None:
        self._failed = False
        super().emit(record)
        if self.failing and not self._failed:
            self.failing = False
            sys.stderr.write(f"linie: the log file {self.baseFilename} is written again\n")

    def close(self) -> None:
        """Closed even when the last records cannot be flushed to a full disk (they are dropped)."""
        try:
            super().close()
        except OSError:
            self.stream = None  # type: ignore[assignment]

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 (logging's name)
        self._failed = True
        if not self.failing:
            self.failing = True
            error = sys.exc_info()[1]
            reason = getattr(error, "strerror", None) or repr(error)
            sys.stderr.write(f"linie: the log file {self.baseFilename} cannot be written ({reason}): "
                             "its records are dropped until it can\n")


def console_never_fails() -> None:
    """What a program prints reaches a console of any encoding: a character it cannot show is written
    as an escape (``\\u2615``) instead of ending the program with a traceback (a table named in
    Japanese, printed to a Windows console in cp1252; the German help on an ASCII terminal). Standard
    error escapes so already; standard output did not."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)  # a test's or an embedder's stand-in may lack it
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):
                reconfigure(errors="backslashreplace")


def file_failing() -> bool:
    """The log file refuses writes right now (a full disk): what it should hold went nowhere."""
    return any(isinstance(handler, LogFile) and handler.failing for handler in logging.getLogger().handlers)


def _add(root: logging.Logger, handler: logging.Handler) -> None:
    handler.linie = True  # type: ignore[attr-defined]
    root.addHandler(handler)
