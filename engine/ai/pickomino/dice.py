"""Roll outcomes as probabilities, worked out once: they do not depend on the position.

A turn's dice are counted per face index (``engine.games.pickomino.data``). What matters
after a roll is only which *new* faces came up and how many of each, so the outcomes of
``n`` dice are projected onto the faces not yet kept (``mask``) and merged: every outcome
becomes the list of keep choices it offers, with its probability, plus one lumped
probability that no new face shows (a failed turn, P6).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product
from math import factorial

from engine.games.pickomino.data import DICE, FACE_VALUE

FACE_COUNT = 6

Choice = tuple[int, int]
"""A keep choice: (face index, how many dice show it)."""


@cache
def outcomes(n: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Every roll of ``n`` dice counted per face, with its exact multinomial probability."""
    found = []
    for counts in product(range(n + 1), repeat=FACE_COUNT):
        if sum(counts) != n:
            continue
        ways = factorial(n)
        for c in counts:
            ways //= factorial(c)
        found.append((counts, Fraction(ways, FACE_COUNT**n)))
    return tuple(found)


@cache
def projected(mask: int, n: int) -> tuple[float, tuple[tuple[float, tuple[Choice, ...]], ...]]:
    """The rolls of ``n`` dice when the faces in ``mask`` (bit i = face i) are already kept:
    ``(p_no_new_face, ((p, choices), ...))`` with outcomes merged by the choices they offer."""
    merged: dict[tuple[Choice, ...], Fraction] = {}
    dead = Fraction(0)
    for counts, p in outcomes(n):
        choices = tuple((f, c) for f, c in enumerate(counts) if c and not mask >> f & 1)
        if choices:
            merged[choices] = merged.get(choices, Fraction(0)) + p
        else:
            dead += p
    return float(dead), tuple((float(p), choices) for choices, p in merged.items())


@cache
def transitions(mask: int, n: int) -> tuple[float, tuple[tuple[float, tuple[int, ...]], ...]]:
    """``projected`` with each keep choice written as the decide point it leads to, as a
    key offset for ``engine.ai.pickomino.turn`` (``point_key(mask', n', added total)``):
    the solver adds the current total and looks the point up."""
    dead, table = projected(mask, n)
    return dead, tuple(
        (p, tuple(point_key(mask | 1 << f, n - c, FACE_VALUE[f] * c) for f, c in choices))
        for p, choices in table
    )


def point_key(mask: int, n: int, total: int) -> int:
    """One integer per decide point; totals stay below 64, so adding to one is safe."""
    return (mask << 10) | (n << 6) | total


def warm() -> None:
    """Work out every table now (about a second) rather than during a first decision."""
    for mask in range(1 << FACE_COUNT):
        kept = bin(mask).count("1")
        for n in range(1, DICE + 1 - kept):
            transitions(mask, n)
