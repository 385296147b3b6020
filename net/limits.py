"""Rate limits: how often one connection may ask the host for work that others would wait behind;
and how many connections the process may hold at all.

A token bucket: ``burst`` requests at once, then ``rate`` a second. Time is handed in (the host's
monotonic clock), so the limits are tested without sleeping.
"""

from __future__ import annotations

import contextlib
from collections import OrderedDict
from dataclasses import dataclass, field


@dataclass
class TokenBucket:
    """``take`` says whether one more request fits now."""

    burst: float
    rate: float  # tokens a second
    tokens: float = field(default=-1.0)
    at: float | None = None  # when the tokens were last counted

    def __post_init__(self) -> None:
        if self.tokens < 0:
            self.tokens = self.burst

    def take(self, now: float, cost: float = 1.0) -> bool:
        if self.at is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < cost:
            return False
        self.tokens -= cost
        return True

    def wait(self, now: float, cost: float = 1.0) -> float:
        """Seconds until ``cost`` tokens are there (0: now)."""
        if self.at is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        return max(0.0, (cost - self.tokens) / self.rate) if self.rate > 0 else float("inf")


class Arrivals:
    """New connections per address: ``burst`` at once (a crowd from one machine, a load test), then
    ``rate`` a second. A flood of connections from one address (each a hello, a status and a log
    line, ~0.2 ms of the host's time) is closed past that before any work, so it cannot slow the
    table for the others. The newest ``keep`` addresses are remembered."""

    def __init__(self, burst: float, rate: float, keep: int = 1024) -> None:
        self.burst, self.rate, self.keep = burst, rate, keep
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def admit(self, address: str, now: float) -> bool:
        bucket = self._buckets.pop(address, None) or TokenBucket(self.burst, self.rate)
        self._buckets[address] = bucket  # the newest last: the oldest is forgotten first
        while len(self._buckets) > self.keep:
            self._buckets.popitem(last=False)
        return bucket.take(now)


OPEN_FILES_WANTED = 8192  # a table with a crowd of spectators (and connections that never say hello)


def raise_open_file_limit(wanted: int = OPEN_FILES_WANTED) -> int:
    """Let the process hold ``wanted`` files and sockets, as far as the system's hard limit allows:
    many desktops start programs with a soft limit of 1024, which a table with a thousand spectators
    (or a flood of connections that never say hello) would run out of, refusing every newcomer. The
    limit in force afterwards (-1: none known, on Windows)."""
    try:
        import resource  # Unix only; Windows has no such per-process limit to raise
    except ImportError:
        return -1
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        with contextlib.suppress(ValueError, OSError):  # a sandbox may forbid it: keep the old limit
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
    return soft
