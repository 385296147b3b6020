"""The program's version, as installed (pyproject.toml's), for ``--version`` and the logs."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version


def program_version() -> str:
    """The installed distribution's version; "unknown" when run from a tree that was never installed."""
    try:
        return version("linie")
    except PackageNotFoundError:
        return "unknown"


def version_number(text: str) -> int | None:
    """A rules or format version as the number it counts ("1", "2", ...), None for any other text:
    which of two versions is newer is then said ("update Linie") rather than only that they differ."""
    return int(text) if text.isascii() and text.isdigit() and len(text) < 10 else None
