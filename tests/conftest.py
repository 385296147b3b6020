"""Shared test setup: headless SDL and a modest hypothesis budget for 2-core CI."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile(
    "linie", max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("linie")
