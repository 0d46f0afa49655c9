"""A counter-based random generator that lives inside the game state.

The state stores only ``seed`` and ``draws`` (how many 64-bit words were used). Word ``n`` is
SplitMix64 of ``seed`` and ``n``, so the generator needs no hidden object, serialises as two
integers and gives the same sequence after any JSON round trip.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def word(seed: int, n: int) -> int:
    """The ``n``-th 64-bit word of the stream for ``seed`` (SplitMix64)."""
    z = (seed + (n + 1) * _GOLDEN) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def below(seed: int, n: int, bound: int) -> int:
    """A number in ``range(bound)`` from word ``n``. The modulo bias is under ``bound / 2**64``,
    far below anything a game or a test can notice for the small bounds games use."""
    return word(seed, n) % bound


def shuffled(seed: int, draws: int, items: Sequence[T]) -> tuple[list[T], int]:
    """A Fisher–Yates shuffle of ``items``; returns the new list and the new draw counter."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = below(seed, draws, i + 1)
        draws += 1
        out[i], out[j] = out[j], out[i]
    return out, draws
