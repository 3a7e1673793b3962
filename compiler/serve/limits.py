"""How often one client may act: a token bucket per seat token (or, without one, per address).

A browser acting by hand sends a few requests a second; a script hammering one game or the
lobby would hold the game's lock and the database. Past its bucket a client gets 429
``rate-limited`` with the seconds to wait, and the game is not touched.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

# a client's sustained requests per second, and how many it may send at once
RATE = 20.0
BURST = 40
# buckets kept at most (the oldest are dropped: a full bucket is the same as none)
KEPT = 10_000


class RateLimiter:
    def __init__(
        self, rate: float = RATE, burst: int = BURST, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self._buckets: dict[str, tuple[float, float]] = {}  # key: (tokens left, when counted)
        self._lock = threading.Lock()

    def wait_for(self, key: str) -> float:
        """0 when ``key`` may send a request now (and counts it), else the seconds to wait."""
        now = self.clock()
        with self._lock:
            tokens, then = self._buckets.get(key, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - then) * self.rate)
            if tokens < 1.0:
                self._buckets[key] = (tokens, now)
                return (1.0 - tokens) / self.rate if self.rate > 0 else float("inf")
            if len(self._buckets) >= KEPT and key not in self._buckets:
                self._buckets.pop(next(iter(self._buckets)))
            self._buckets[key] = (tokens - 1.0, now)
            return 0.0
