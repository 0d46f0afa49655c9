"""Rolling dice from the state's generator (P4), counted per face index.

A roll of ``n`` dice uses one 64-bit word of the generator (``engine.core.rng``): the word's
low base-6 digits are the dice, the lowest digit the first die. Rolls are made in every
playout step, so everything but the word itself is looked up in tables made at import:

- four dice at a time: the dice of a number below ``6**4`` counted per face, written as one
  integer with a base-9 digit per face (no face can show more than eight dice, so adding two
  such numbers adds the counts digit by digit);
- that integer's counts as the one shared 6-tuple (``tables.ROLLED`` adds the faces it shows
  and its events).

``Pickomino.apply`` writes ``roll_code`` out in its roll; ``roll_dice`` is the definition a
test holds both to.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from engine.core.rng import word, words
from engine.games.pickomino.data import DICE

_FACES = 6
POW6: tuple[int, ...] = tuple(6**n for n in range(DICE + 1))
_DIGIT = tuple(9**face for face in range(_FACES))


def _codes(n: int) -> tuple[int, ...]:
    """For every number below ``6**n``: its ``n`` dice (base-6 digits) counted per face, as
    one integer with a base-9 digit per face."""
    table = []
    for v in range(6**n):
        code = 0
        for _ in range(n):
            v, face = divmod(v, 6)
            code += _DIGIT[face]
        table.append(code)
    return tuple(table)


CODES = tuple(_codes(n) for n in range(5))
"""Dice of up to four dice at a time, by the number they are read from."""


def _every_roll() -> dict[int, tuple[int, ...]]:
    """Every way up to eight dice can fall, counted per face, by its code."""
    rolls = {}
    for n in range(DICE + 1):
        for faces in combinations_with_replacement(range(_FACES), n):
            rolls[sum(_DIGIT[face] for face in faces)] = tuple(faces.count(face) for face in range(_FACES))
    return rolls


COUNTS: dict[int, tuple[int, ...]] = _every_roll()
"""Every roll of up to eight dice: its code → its counts per face index (one shared tuple)."""


def roll_code(seed: int, draws: int, n: int) -> int:
    """``n`` dice from word ``draws`` of the generator ``seed``, as their code: ``COUNTS[code]``
    counts them per face index."""
    dice = word(seed, draws) % POW6[n]  # the digits that are dice; small-number arithmetic from here
    if n <= 4:
        return CODES[n][dice]
    return CODES[4][dice % 1296] + CODES[n - 4][dice // 1296]


def roll_dice(seed: int, draws: int, n: int) -> tuple[int, ...]:
    """``n`` dice from word ``draws`` of the generator ``seed``, counted per face index."""
    return COUNTS[roll_code(seed, draws, n)]


AHEAD = 16
"""How many words of the generator a roll makes at once: SplitMix64's 64-bit products cost
Python more than the rest of a roll, and ``words`` makes sixteen for the price of four."""

ahead: list[Any] = [None, 0, ()]
"""The words made last: the seed, the first word's number and the ``AHEAD`` words from it.
One game's rolls read one word after another, so most are found here (``Pickomino.apply``
reads it itself); a list changed in one step, so a reader never sees one seed's numbers
with another's words."""


def word_ahead(seed: int, draws: int) -> int:
    """``word(seed, draws)``, made with the ``AHEAD - 1`` words after it, which ``ahead``
    keeps for the rolls to come."""
    block = words(seed, draws, AHEAD)
    ahead[:] = (seed, draws, block)
    return block[0]
