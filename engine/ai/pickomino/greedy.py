"""``greedy``: the classic reference opponent.

- Deciding: take a tile as soon as one can be taken — a steal if one is possible, else the
  grill tile. With nothing to take, roll while dice remain (even with a worm kept: a total
  whose tiles are all gone is no reason to give up), else stop, which fails the turn.
- Keeping: with two or more faces already kept, worms at once if rolled; otherwise the face
  whose dice score most (value × count), ties broken worm, 5, 4, 3, 2, 1.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.ai.pickomino.reading import turn_dice
from engine.games.pickomino.actions import Keep, Roll, Stop, Take
from engine.games.pickomino.data import FACE_VALUE, FACES, WORM
from engine.games.pickomino.view import PickominoView

PREFERENCE = (WORM, 4, 3, 2, 1, 0)
"""Face indices in tie-break order: worm, 5, 4, 3, 2, 1."""


class Greedy:
    def choose(self, view: PickominoView, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        if view.phase == "keep":
            face = FACES[greedy_face(view)]
            return next(a for a in legal if isinstance(a, Keep) and a.face == face)
        takes = [a for a in legal if isinstance(a, Take)]
        if takes:
            steals = [a for a in takes if a.tile not in view.grill]
            return (steals or takes)[0]
        return next((a for a in legal if isinstance(a, Roll)), next(a for a in legal if isinstance(a, Stop)))


def greedy_face(view: PickominoView) -> int:
    dice = turn_dice(view)
    free = [f for f in PREFERENCE if dice.roll[f] and not dice.mask >> f & 1]
    if dice.roll[WORM] and WORM in free and bin(dice.mask).count("1") >= 2:
        return WORM
    # max keeps the first of equals, and ``free`` is in tie-break order
    return max(free, key=lambda f: FACE_VALUE[f] * dice.roll[f])
