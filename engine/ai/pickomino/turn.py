"""The exact one-turn dynamic programme of Pickomino.

A turn is a small Markov decision process. After a keep the player is at a *decide* point
``(mask, n, total)``: ``mask`` the faces kept (bit i = face i, bit 5 = worm), ``n`` dice
left, ``total`` the kept sum. He may stop — worth ``stop[total]`` when a worm is kept,
``fail`` otherwise — or roll the ``n`` dice and keep the best face of the outcome (or fail
when no new face shows). What a stop is worth is the caller's business (worms, win
chances, hitting a target total): the solver only maximises its expectation.

``TurnPlan`` solves the whole turn at once with the compiled programme
(``engine.ai.pickomino.program``) the first time a value is asked for; a point the
programme does not hold (none that a turn can reach) is worked out from the tables.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.ai.pickomino import program
from engine.ai.pickomino.dice import point_key, transitions
from engine.games.pickomino.data import DICE, FACE_VALUE, WORM

WORM_BIT = 1 << WORM
MAX_TOTAL = DICE * 5


class TurnPlan:
    """Best play for one turn given what stopping at each total is worth."""

    __slots__ = ("_fail", "_memo", "_start", "_stop", "_values")

    def __init__(self, stop: Sequence[float], fail: float) -> None:
        """``stop[t]``: the value of stopping at total ``t`` with a worm kept (give ``fail``
        where no tile can be taken); ``fail``: the value of a failed turn."""
        if len(stop) != MAX_TOTAL + 1:
            raise ValueError(f"stop needs {MAX_TOTAL + 1} values, one per total")
        self._stop = tuple(stop)
        self._fail = fail
        self._memo: dict[int, float] = {}
        """Points outside the programme, worked out from the tables."""
        self._start: float | None = None
        self._values: tuple[float, ...] = ()

    def _solve(self) -> None:
        self._start, self._values = program.solver()(self._stop, self._fail)

    def stop_value(self, mask: int, total: int) -> float:
        return self._stop[total] if mask & WORM_BIT else self._fail

    def value(self, mask: int, n: int, total: int) -> float:
        """The value of a decide point under best play: the better of stopping and rolling."""
        return self._value(point_key(mask, n, total))

    def _value(self, key: int) -> float:
        if self._start is None:
            self._solve()
        at = program.index().get(key)
        if at is not None:
            return self._values[at]
        found = self._memo.get(key)
        if found is not None:
            return found
        total = key & 63
        n = (key >> 6) & 15
        mask = key >> 10
        best = self._stop[total] if mask & WORM_BIT else self._fail
        if n:
            rolled = self._roll(mask, n, total)
            if rolled > best:
                best = rolled
        self._memo[key] = best
        return best

    def _roll(self, mask: int, n: int, total: int) -> float:
        value = self._value
        dead, table = transitions(mask, n)
        acc = dead * self._fail
        for p, children in table:
            best = -1e300
            for child in children:
                v = value(child + total)
                if v > best:
                    best = v
            acc += p * best
        return acc

    def roll_value(self, mask: int, n: int, total: int) -> float:
        """The expected value of rolling ``n`` dice now and then playing on at best."""
        return self._roll(mask, n, total)

    def start_value(self) -> float:
        """The value of a whole turn before its first roll."""
        if self._start is None:
            self._solve()
        assert self._start is not None
        return self._start

    def keep_values(self, mask: int, roll: Sequence[int], total: int) -> dict[int, float]:
        """For each face index that may be kept from ``roll`` (dice counted per face): the
        value of keeping it and playing on at best."""
        n = sum(roll)
        return {
            face: self.value(mask | (1 << face), n - roll[face], total + FACE_VALUE[face] * roll[face])
            for face in range(6)
            if roll[face] and not mask >> face & 1
        }
