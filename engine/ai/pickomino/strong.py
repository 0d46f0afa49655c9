"""``strong``: exact best play within a turn, aimed at winning the game, not at worms.

Every way the turn can end — each tile it may take, each steal, a failed turn — leads to
a position (``Table``), and ``Evaluation`` puts a number on it: an estimate of the chance
to win from there. The one-turn dynamic programme (``TurnPlan``) then maximises the
expected value of where the turn ends. The estimate is built from

- the worm balance against the best rival (so a steal counts twice: we gain, they lose);
- the top tiles at risk: a top tile is lost on its owner's next failed turn or to a steal,
  so each top tile counts ``top_risk`` of its worms less for its owner;
- a little for the rival moving next (``tempo``);
- how much game is left: the balance is scaled by the spread of the turns still to come
  (``spread`` × √grill tiles) into a chance, so the policy takes few risks when ahead near
  the end and gambles when behind;
- the real end: when the grill empties the winner is known.

At the very end of a two-seat game (``reply_tiles`` grill tiles or fewer) each end of our
turn is valued one turn deeper: the rival's reply turn is solved exactly too, the rival
playing to bring our chance down, and the estimate is applied where his turn ends. That is
one more programme per way our turn can end, so the first decision of such a turn takes
tens of milliseconds instead of a few.

One plan per position is kept (the tiles do not change during a turn), so only the first
choice of a turn solves the programme; the following ones look it up.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.ai.pickomino.reading import turn_dice
from engine.ai.pickomino.table import Table
from engine.ai.pickomino.turn import MAX_TOTAL, TurnPlan
from engine.games.pickomino.actions import Keep, Roll, Take
from engine.games.pickomino.data import FACES, TILE_WORMS, TILES
from engine.games.pickomino.view import PickominoView


@dataclass(frozen=True, slots=True)
class Weights:
    """Measured against ``greedy`` over thousands of games (see the report in the README)."""

    spread: float = 2.2
    """Standard deviation of the worm balance per grill tile still to be played."""
    tempo: float = 0.6
    """Worms the seat about to move is worth for it."""
    top_risk: float = 0.3
    """Share of a top tile's worms its owner is expected to lose before covering it."""
    reply_tiles: int = 4
    """With this many grill tiles or fewer (two seats), solve the rival's reply turn too.
    Over 100,000 simulated games 4 won 0.29 points more than 2 and 6 no more than 4; each
    tile more costs a few more slow first decisions (see the README)."""


class Evaluation:
    """Our chance to win from a position where the rival moves next."""

    def __init__(self, weights: Weights) -> None:
        self.w = weights
        self._replies: dict[Table, float] = {}

    def __call__(self, table: Table) -> float:
        if 0 < len(table.grill) <= self.w.reply_tiles and len(table.rivals) == 1:
            found = self._replies.get(table)
            if found is None:
                if len(self._replies) > 4096:
                    self._replies.clear()
                found = self._replies[table] = self.after_reply(table)
            return found
        return self.static(table, we_move=False)

    def after_reply(self, table: Table) -> float:
        """Our chance after the rival's best turn (it plays to bring our chance down)."""
        theirs = table.seen_by(table.rivals[0])

        def for_them(after: Table) -> float:
            return 1.0 - self.static(after.seen_by(table.me), we_move=True)

        plan, _, _ = solve(for_them, theirs)
        return 1.0 - plan.start_value()

    def static(self, table: Table, we_move: bool) -> float:
        if not table.rivals:
            return 1.0
        me = table.me
        rival = max(table.rivals, key=lambda s: (table.score(s), max(table.stacks[s], default=0)))
        mine, theirs = table.score(me), table.score(rival)
        if not table.grill:  # the game is over: P14, with the game's tie-break
            ours, best = table.rank_key(me), table.rank_key(rival)
            return 1.0 if ours > best else 0.0 if ours < best else 0.5
        balance = mine - theirs + (self.w.tempo if we_move else -self.w.tempo)
        balance -= self.w.top_risk * (_top_worms(table, me) - _top_worms(table, rival))
        spread = self.w.spread * math.sqrt(len(table.grill))
        return 1.0 / (1.0 + math.exp(-1.7 * balance / spread))  # ≈ the normal curve


def _top_worms(table: Table, seat: int) -> int:
    stack = table.stacks[seat]
    return TILE_WORMS[stack[-1]] if stack else 0


Solution = tuple[TurnPlan, dict[int, float], float]
"""A turn's plan, the value of taking each tile, and the value of failing."""


def solve(evaluate: Callable[[Table], float], table: Table) -> Solution:
    """Value every end of the turn with ``evaluate(Table) -> float`` and plan the turn."""
    fail = evaluate(table.after_fail())
    take = {
        t: evaluate(table.after_take(t)) for t in TILES if t in table.grill or table.victim(t) is not None
    }
    stop = []
    for total in range(MAX_TOTAL + 1):
        # P8, P10: a stop with a tile to take must take one; failing is only for no tile
        grill_tile = table.grill_tile(total)
        entitled = [] if grill_tile is None else [take[grill_tile]]
        if table.victim(total) is not None:
            entitled.append(take[total])
        stop.append(max(entitled, default=fail))
    return TurnPlan(stop, fail), take, fail


class Strong:
    def __init__(self, weights: Weights | None = None) -> None:
        self.evaluate = Evaluation(weights or Weights())
        self._plans: dict[Table, Solution] = {}

    def choose(self, view: PickominoView, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        plan, take_values, fail_value = self.plan(Table.of(view))
        dice = turn_dice(view)
        if view.phase == "keep":
            values = plan.keep_values(dice.mask, dice.roll, dice.total)
            face = FACES[max(sorted(values, reverse=True), key=values.__getitem__)]
            return next(a for a in legal if isinstance(a, Keep) and a.face == face)
        best, best_value = legal[0], -math.inf
        for action in legal:
            if isinstance(action, Take):
                value = take_values[action.tile]
            elif isinstance(action, Roll):
                value = plan.roll_value(dice.mask, dice.left, dice.total)
            else:
                value = fail_value
            if value > best_value:
                best, best_value = action, value
        return best

    def plan(self, table: Table) -> Solution:
        found = self._plans.get(table)
        if found is None:
            if len(self._plans) > 64:
                self._plans.clear()
            found = self._plans[table] = solve(self.evaluate, table)
        return found
