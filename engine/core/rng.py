"""A counter-based random generator that lives inside the game state.

``Rng`` is the game's ``seed`` and ``draws``, how many 64-bit words were used. Word ``n`` is
SplitMix64 of ``seed`` and ``n``, so the generator has no hidden object, is a plain value in
the state, serialises as ``[seed, draws, script]`` and gives the same sequence after any JSON
round trip. Every method returns the result together with the advanced ``Rng``; the old value
is never changed, like every other part of a state.

A rule example says "the die shows 3": a test puts the values to come in ``script``, which
``below``, ``die`` and ``choice`` hand out first (``Rng.scripted``). Games never script.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from functools import lru_cache
from operator import mod
from typing import Annotated, NamedTuple, TypeVar

from pydantic import Field

from engine.core.stored import SMALL, Counter

T = TypeVar("T")

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB
"""SplitMix64's constants: the step between words and the two multipliers of the mix. (A game
that draws in its hot path may write ``word`` out, a call less per draw; a test holds it to
``word``.)"""


def word(seed: int, n: int) -> int:
    """The ``n``-th 64-bit word of the stream for ``seed`` (SplitMix64)."""
    z = (seed + (n + 1) * GOLDEN) & MASK64
    z = ((z ^ (z >> 30)) * MIX1) & MASK64
    z = ((z ^ (z >> 27)) * MIX2) & MASK64
    return z ^ (z >> 31)


def words(seed: int, first: int, count: int) -> tuple[int, ...]:
    """Words ``first`` … ``first + count - 1`` of the stream for ``seed``: exactly what
    ``word`` gives one by one, at a fraction of the cost for more than a few.

    Each step of SplitMix64 is done once for all the words: they are lanes of 128 bits in one
    Python integer, each lane holding one 64-bit word, so an addition, a shift, an exclusive or
    or a product with a 64-bit constant works on every lane at once (a lane's product fits in
    its 128 bits, and the mask that follows each step clears whatever a shift brought in from
    the lane above). A shuffle of a hundred cells costs a fifth of its words one by one."""
    if count <= 0:
        return ()
    ones, steps, mask, layout = _lanes(count)
    z = (((seed + (first + 1) * GOLDEN) & MASK64) * ones + steps) & mask  # lane i: word first + i
    z = (((z ^ (z >> 30)) & mask) * MIX1) & mask
    z = (((z ^ (z >> 27)) & mask) * MIX2) & mask
    z = (z ^ (z >> 31)) & mask
    return layout.unpack(z.to_bytes(16 * count, "little"))


@lru_cache(maxsize=256)
def _lanes(count: int) -> tuple[int, int, int, struct.Struct]:
    """For ``count`` lanes: a 1 in each lane, ``i * GOLDEN`` in lane ``i``, the mask of each
    lane's low 64 bits, and the layout that reads the lanes' words back."""
    ones = sum(1 << (128 * i) for i in range(count))
    steps = sum((i * GOLDEN) << (128 * i) for i in range(count))
    return ones, steps, ones * MASK64, struct.Struct("<" + "Q8x" * count)


def below(seed: int, n: int, bound: int) -> int:
    """A number in ``range(bound)`` from word ``n``. The modulo bias is under ``bound / 2**64``,
    far below anything a game or a test can notice for the small bounds games use."""
    return word(seed, n) % bound


class Rng(NamedTuple):
    """The state's random generator: ``seed`` and the number of words used (``draws``).

    A named tuple rather than a dataclass: games that roll in their hot path (a dice roll
    per playout step) build a new one per draw, and a tuple is the cheapest immutable value."""

    seed: Annotated[int, Field(gt=-(2**64), lt=2**64)]
    """Any integer: only its lowest 64 bits make the stream."""
    draws: Counter = 0
    script: Annotated[tuple[Annotated[int, Field(ge=0, le=SMALL)], ...], Field(max_length=SMALL)] = ()
    """Results fixed in advance (tests only): the next ``below`` / ``choice`` index / ``die``
    face, in order, before the seeded stream goes on."""

    @classmethod
    def scripted(cls, *results: int, seed: int = 0) -> Rng:
        """A generator whose next results are ``results`` (die faces for ``die``)."""
        return cls(seed, 0, tuple(results))

    def word(self) -> tuple[int, Rng]:
        """One raw 64-bit word (never scripted)."""
        return word(self.seed, self.draws), Rng(self.seed, self.draws + 1, self.script)

    def below(self, bound: int) -> tuple[int, Rng]:
        """A number in ``range(bound)``."""
        if bound < 1:
            raise ValueError(f"a bound must be at least 1, not {bound}")
        if self.script:
            return self._scripted(0, bound - 1)
        return below(self.seed, self.draws, bound), Rng(self.seed, self.draws + 1)

    def die(self, sides: int = 6) -> tuple[int, Rng]:
        """A die roll, 1 … ``sides``."""
        if self.script:
            return self._scripted(1, sides)
        value, after = self.below(sides)
        return value + 1, after

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        index, after = self.below(len(items))
        return items[index], after

    def _scripted(self, low: int, high: int) -> tuple[int, Rng]:
        value = self.script[0]
        if not low <= value <= high:
            raise ValueError(f"the scripted result {value} is not in {low}…{high}")
        return value, Rng(self.seed, self.draws, self.script[1:])

    def shuffled(self, items: Sequence[T]) -> tuple[list[T], Rng]:
        """A Fisher–Yates shuffle of ``items`` (one word per position but the first; never
        scripted: a test lays out a deck by hand instead)."""
        out, draws = shuffled(self.seed, self.draws, items)
        return out, Rng(self.seed, draws, self.script)

    def reseeded(self, seed: int) -> Rng:
        """The same position in another stream: what a player who does not know the seed
        cannot tell from this one (``Game.redeal``)."""
        return Rng(seed, self.draws)


def unscripted(rng: Rng) -> str | None:
    """What is wrong with a stored position's generator, or ``None``: results fixed in advance
    are for tests alone (no game scripts), and one out of a draw's range would make the rules
    fail where they draw."""
    return None if not rng.script else f"its generator has {len(rng.script)} results fixed in advance"


def shuffled(seed: int, draws: int, items: Sequence[T]) -> tuple[list[T], int]:
    """A Fisher–Yates shuffle of ``items``; returns the new list and the new draw counter.
    Position ``i`` (from the last down to the second) swaps with ``below(i + 1)`` of the next
    word; the words are made together (``words``) and reduced in one pass."""
    out = list(items)
    n = len(out)
    swaps = map(mod, words(seed, draws, n - 1), range(n, 1, -1))
    for i, j in zip(range(n - 1, 0, -1), swaps, strict=True):
        out[i], out[j] = out[j], out[i]
    return out, draws + max(n - 1, 0)
