"""The program's version, as installed (pyproject.toml's), for ``--version`` and the logs."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version


def program_version() -> str:
    """The installed distribution's version; "unknown" when run from a tree that was never installed."""
    try:
        return version("linie")
    except PackageNotFoundError:
        return "unknown"
