"""``strong``: exact best play within a turn, aimed at winning the game, not at worms.

Every way the turn can end — each tile it may take, each steal, a failed turn — leads to
a position (``Table``), and ``Evaluation`` puts a number on it: an estimate of the chance
to win from there. The one-turn dynamic programme (``TurnPlan``) then maximises the
expected value of where the turn ends. The estimate is built from

- the worm balance against the best rival (a steal counts twice: what we gain, they lose);
- the danger to our own top tile: a rival who rolls its number exactly takes it, so a top
  tile that is easy to hit is worth less (``exact_odds``);
- how much game is left: the balance is scaled by the spread of the turns still to come,
  so the policy takes few risks when ahead near the end and gambles when behind;
- the real end: when the grill empties the winner is known.

One plan per position is kept (the tiles do not change during a turn), so only the first
choice of a turn solves the programme; the following ones look it up.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from engine.ai.pickomino.reading import turn_dice
from engine.ai.pickomino.table import Table
from engine.ai.pickomino.turn import MAX_TOTAL, TurnPlan
from engine.games.pickomino.actions import Keep, Roll, Take
from engine.games.pickomino.data import FACES, TILE_WORMS, TILES
from engine.games.pickomino.view import PickominoView


@cache
def exact_odds(target: int) -> float:
    """P(a turn ends with a worm and a total of exactly ``target``), played for that."""
    stop = [1.0 if t == target else 0.0 for t in range(MAX_TOTAL + 1)]
    return TurnPlan(stop, fail=0.0).start_value()


@dataclass(frozen=True, slots=True)
class Weights:
    spread: float = 2.2
    """Standard deviation of the worm balance per remaining turn."""
    tempo: float = 0.6
    """Worms the rival is worth for moving next."""
    exposure: float = 0.5
    """Share of the exact-hit chance with which a rival steals our top tile."""


class Evaluation:
    def __init__(self, weights: Weights) -> None:
        self.w = weights

    def __call__(self, table: Table) -> float:
        mine = table.score(table.me)
        if not table.rivals:
            return 1.0
        best_rival = max(table.rivals, key=lambda s: (table.score(s), max(table.stacks[s], default=0)))
        theirs = table.score(best_rival)
        if not table.grill:
            if mine != theirs:
                return 1.0 if mine > theirs else 0.0
            top_mine = max(table.stacks[table.me], default=0)
            top_theirs = max(table.stacks[best_rival], default=0)
            return 1.0 if top_mine > top_theirs else (0.0 if top_mine < top_theirs else 0.5)
        balance = mine - theirs - self.w.tempo
        stack = table.stacks[table.me]
        if stack:
            balance -= self.w.exposure * exact_odds(stack[-1]) * 2 * TILE_WORMS[stack[-1]]
        spread = self.w.spread * math.sqrt(len(table.grill))
        return 1.0 / (1.0 + math.exp(-1.7 * balance / spread))


class Strong:
    def __init__(self, weights: Weights | None = None) -> None:
        self.evaluate = Evaluation(weights or Weights())
        self._plans: dict[Table, tuple[TurnPlan, dict[int, float], float]] = {}

    def choose(self, view: PickominoView, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        plan, take_values, fail_value = self.plan(Table.of(view))
        dice = turn_dice(view)
        if view.phase == "keep":
            values = plan.keep_values(dice.mask, dice.roll, dice.total)
            face = FACES[max(sorted(values, reverse=True), key=values.__getitem__)]
            return next(a for a in legal if isinstance(a, Keep) and a.face == face)
        best, best_value = None, -math.inf
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

    def plan(self, table: Table) -> tuple[TurnPlan, dict[int, float], float]:
        found = self._plans.get(table)
        if found is None:
            if len(self._plans) > 64:
                self._plans.clear()
            found = self._plans[table] = _solve(self.evaluate, table)
        return found


def _solve(evaluate: Evaluation, table: Table) -> tuple[TurnPlan, dict[int, float], float]:
    """The turn's plan, the value of taking each tile, and the value of failing."""
    fail = evaluate(table.after_fail())
    take: dict[int, float] = {}
    for tile in TILES:
        if tile in table.grill or table.victim(tile) is not None:
            take[tile] = evaluate(table.after_take(tile))
    stop = []
    for total in range(MAX_TOTAL + 1):
        options = [fail]
        grill_tile = table.grill_tile(total)
        if grill_tile is not None:
            options.append(take[grill_tile])
        if table.victim(total) is not None:
            options.append(take[total])
        stop.append(max(options))
    return TurnPlan(stop, fail), take, fail


@lru_cache(maxsize=1)
def _warm() -> None:
    for tile in TILES:
        exact_odds(tile)
