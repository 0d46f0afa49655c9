"""What a Smaug move toward Esgaroth would do to the table (H7.2 step 3, H7.3): the spaces he
enters, the figures he passes pushed back 10, the ones on his final space killed (pushed
instead under the Mithril Shirt), and whether the game is lost — by his entering the dragon
space, bare Bilbo's death or a seat's last dwarf's (H8.8)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.ai.hobbit.table import Table
from engine.ai.hobbit.value import LOSS, evaluate, smaug_after
from engine.games.hobbit.board import DRAGON


@dataclass(frozen=True, slots=True)
class Outcome:
    table: Table
    fatal: bool

    @property
    def value(self) -> float:
        return LOSS if self.fatal else evaluate(self.table)


def smaug_moves(t: Table, steps: int, mithril: bool = False) -> Outcome:
    smaug, entered = smaug_after(t.smaug, steps)
    after = t.with_smaug(smaug)
    if smaug == DRAGON:
        return Outcome(after, True)
    if not entered:
        return Outcome(after, False)
    final = entered[-1]
    for p in t.pieces:
        if p.pos is None or not t.counts(p):
            continue
        if p.pos in entered[:-1] or (p.pos == final and mithril):
            after = after.moved(p.id, max(0, p.pos - 10))
        elif p.pos == final:
            after = after.moved(p.id, None)
    return Outcome(after, lost(after))


def lost(t: Table) -> bool:
    """H8.8 on a table: Smaug on the dragon space, bare Bilbo dead, a seat's two dwarves dead."""
    if t.smaug == DRAGON or t.bilbo.pos is None:
        return True
    for seat in range(t.seats):
        own = t.own(seat)
        if all(p.pos is None for p in own):
            return True
    return False
