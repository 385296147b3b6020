"""Reading the project's data files from ``assets/`` (read-only, at import time only)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

ASSETS = Path(__file__).resolve().parents[2] / "assets"


@cache
def load_json(relative: str) -> Any:
    """The parsed JSON file ``assets/<relative>``; cached, so callers must not mutate it."""
    with (ASSETS / relative).open(encoding="utf-8") as handle:
        return json.load(handle)
