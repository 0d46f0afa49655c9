"""How often one private link may send moves: a bucket per token, refilled at a steady rate.

A person clicks a few moves a second at most; a script holding a token could send thousands,
each reaching storage and Discord. Every token (one seat of one game, at one generation) may
send ``burst`` moves at once and ``per_minute`` a minute after that; beyond, its moves are
refused (429) without being read. The buckets of the tokens least recently used go first once
``KEPT`` are kept, so a flood of tokens costs bounded memory (a forgotten bucket starts full,
which costs a flood nothing either: a bucket is only made for a token whose signature holds).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Hashable

KEPT = 10_000


class MoveRate:
    def __init__(self, per_minute: int, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = per_minute / 60.0
        self.burst = max(1.0, per_minute / 4)
        self._clock = clock
        self._buckets: OrderedDict[Hashable, tuple[float, float]] = OrderedDict()
        """Token → (moves left, when counted)."""

    def allow(self, token: Hashable) -> bool:
        """Whether the token may send a move now (and count it if so)."""
        now = self._clock()
        left, then = self._buckets.pop(token, (self.burst, now))
        left = min(self.burst, left + (now - then) * self.rate)
        allowed = left >= 1.0
        self._buckets[token] = (left - 1.0 if allowed else left, now)
        while len(self._buckets) > KEPT:
            self._buckets.popitem(last=False)
        return allowed
