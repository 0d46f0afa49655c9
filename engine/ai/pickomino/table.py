"""The tiles as a policy sees them, and where each way of ending a turn leaves them.

Worked out from the view alone, with the same rules as the engine (P8, P9, P11): a policy
evaluates every position its turn can end in before it chooses.
"""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass

from engine.games.pickomino.data import HIGHEST_TILE, TILE_WORMS
from engine.games.pickomino.view import PickominoView


@dataclass(frozen=True, slots=True)
class Table:
    grill: tuple[int, ...]
    stacks: tuple[tuple[int, ...], ...]
    me: int
    rivals: tuple[int, ...]
    """Seats still playing, other than ``me``."""
    shared_ties: bool = False
    """P14: equal worms share the win (the ``shared`` option) rather than going to the
    highest tile."""

    @classmethod
    def of(cls, view: PickominoView) -> Table:
        me = view.current if view.current is not None else 0
        rivals = tuple(s for s in range(view.seats) if s != me and s not in view.resigned)
        return cls(view.grill, view.stacks, me, rivals, view.tiebreak == "shared")

    def seen_by(self, seat: int) -> Table:
        """The same tiles from ``seat``'s side: it moves, everyone else still playing is a rival."""
        seats = (self.me, *self.rivals)
        return Table(self.grill, self.stacks, seat, tuple(s for s in seats if s != seat), self.shared_ties)

    def rank_key(self, seat: int) -> tuple[int, int]:
        """What P14 compares at the end: worms, then (unless ties are shared) the highest tile."""
        return self.score(seat), 0 if self.shared_ties else max(self.stacks[seat], default=0)

    def score(self, seat: int) -> int:
        return sum(TILE_WORMS[t] for t in self.stacks[seat])

    def grill_tile(self, total: int) -> int | None:
        """The grill tile a stop at ``total`` takes (P8b), if any."""
        cap = min(total, HIGHEST_TILE)
        for tile in reversed(self.grill):
            if tile <= cap:
                return tile
        return None

    def victim(self, total: int) -> int | None:
        """A rival whose top tile equals ``total`` (P8a), if any."""
        for seat in self.rivals:
            stack = self.stacks[seat]
            if stack and stack[-1] == total:
                return seat
        return None

    def after_take(self, tile: int) -> Table:
        stacks = list(self.stacks)
        grill = self.grill
        if tile in grill:
            grill = tuple(t for t in grill if t != tile)
        else:
            source = next(s for s in self.rivals if stacks[s] and stacks[s][-1] == tile)
            stacks[source] = stacks[source][:-1]
        stacks[self.me] = (*stacks[self.me], tile)
        return Table(grill, tuple(stacks), self.me, self.rivals, self.shared_ties)

    def after_fail(self) -> Table:
        """P11: the top tile returns, then the highest grill tile is turned unless it is
        the one just returned."""
        stacks = list(self.stacks)
        grill = list(self.grill)
        returned = None
        if stacks[self.me]:
            returned = stacks[self.me][-1]
            stacks[self.me] = stacks[self.me][:-1]
            insort(grill, returned)
        if grill and grill[-1] != returned:
            grill.pop()
        return Table(tuple(grill), tuple(stacks), self.me, self.rivals, self.shared_ties)
