"""Reading the project's data files from ``assets/`` (read-only, at import time only)."""

from __future__ import annotations

import json
import site
import sys
from functools import cache
from pathlib import Path
from typing import Any


def find_assets() -> Path:
    """``assets/`` beside the code in a clone or an editable install; else where a wheel put it:
    ``<prefix>/share/linie/assets`` for the environment, or under the user base for ``pip install
    --user`` (the "data" paths of both install schemes; read without ``sysconfig``, which loads
    ``threading`` from Python 3.12 on, and the core loads no threads)."""
    beside = Path(__file__).resolve().parents[2] / "assets"
    if beside.is_dir():
        return beside
    for data in (sys.prefix, site.getuserbase()):
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
