"""The chance that one turn reaches a target: a worm kept and a total of at least ``T``,
under the play that maximises exactly that (the rules' reference table)."""

from __future__ import annotations

from engine.ai.pickomino.turn import MAX_TOTAL, TurnPlan
from engine.games.pickomino.data import TILES


def reach_probability(target: int) -> float:
    """P(a turn from eight fresh dice ends with a worm and total ≥ ``target``), played for it."""
    plan = TurnPlan([1.0 if t >= target else 0.0 for t in range(MAX_TOTAL + 1)], fail=0.0)
    return plan.start_value()


def odds_table() -> dict[int, float]:
    return {t: reach_probability(t) for t in TILES}
