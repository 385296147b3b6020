"""Reading the project's data files from ``assets/`` (read-only, at import time only)."""

from __future__ import annotations

import json
import sysconfig
from functools import cache
from pathlib import Path
from typing import Any


def find_assets() -> Path:
    """``assets/`` beside the code in a clone or an editable install; else where a wheel put it
    (``<prefix>/share/linie/assets``, for the environment's own or the user's scheme)."""
    beside = Path(__file__).resolve().parents[2] / "assets"
    if beside.is_dir():
        return beside
    for scheme in (None, sysconfig.get_preferred_scheme("user")):
        try:
            data = sysconfig.get_path("data", scheme) if scheme else sysconfig.get_path("data")
        except KeyError:
            continue
        installed = Path(data) / "share" / "linie" / "assets"
        if installed.is_dir():
            return installed
    return beside  # missing: the first read names the place it was looked for


ASSETS = find_assets()


@cache
def load_json(relative: str) -> Any:
    """The parsed JSON file ``assets/<relative>``; cached, so callers must not mutate it."""
    with (ASSETS / relative).open(encoding="utf-8") as handle:
        return json.load(handle)
