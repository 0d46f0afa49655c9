"""The compiled turn programme gives, bit for bit, the values of walking the outcome tables."""

from __future__ import annotations

import random

from engine.ai.pickomino import program
from engine.ai.pickomino.dice import point_key, transitions
from engine.ai.pickomino.turn import MAX_TOTAL, WORM_BIT, TurnPlan
from engine.games.pickomino.data import DICE


class TableWalk:
    """The programme as the tables state it, point by point (what the solver used to do)."""

    def __init__(self, stop: list[float], fail: float) -> None:
        self.stop, self.fail = stop, fail
        self.memo: dict[int, float] = {}

    def value(self, key: int) -> float:
        if key not in self.memo:
            mask, n, total = key >> 10, (key >> 6) & 15, key & 63
            best = self.stop[total] if mask & WORM_BIT else self.fail
            if n:
                rolled = self.roll(mask, n, total)
                if rolled > best:
                    best = rolled
            self.memo[key] = best
        return self.memo[key]

    def roll(self, mask: int, n: int, total: int) -> float:
        dead, table = transitions(mask, n)
        acc = dead * self.fail
        for p, children in table:
            best = -1e300
            for child in children:
                v = self.value(child + total)
                if v > best:
                    best = v
            acc += p * best
        return acc


def stop_vectors() -> list[tuple[list[float], float]]:
    """Random values, values with many ties (0, ½, 1: the end of a game), and the odds table's."""
    rng = random.Random(5)
    out = [([rng.random() for _ in range(MAX_TOTAL + 1)], rng.random() * 0.3) for _ in range(4)]
    ties = (0.0, 0.5, 1.0)
    out += [([rng.choice(ties) for _ in range(MAX_TOTAL + 1)], rng.choice(ties[:2])) for _ in range(3)]
    out.append(([1.0 if t >= 27 else 0.0 for t in range(MAX_TOTAL + 1)], 0.0))
    return out


def test_every_point_and_the_whole_turn_are_the_same_floats_as_the_table_walk() -> None:
    for stop, fail in stop_vectors():
        walk = TableWalk(stop, fail)
        start, values = program.solver()(stop, fail)
        assert start == walk.roll(0, DICE, 0)
        assert len(values) == len(program.points()) == 1938
        for key, value in zip(program.points(), values, strict=True):
            assert value == walk.value(key)
        assert walk.memo.keys() == set(program.points())  # exactly the points a turn reaches


def test_a_plan_answers_from_the_programme_and_from_the_tables_alike() -> None:
    stop, fail = stop_vectors()[0]
    plan, walk = TurnPlan(stop, fail), TableWalk(stop, fail)
    assert plan.start_value() == walk.roll(0, DICE, 0)
    assert plan.roll_value(0b100001, 5, 12) == walk.roll(0b100001, 5, 12)
    assert plan.keep_values(0b100000, (1, 0, 2, 0, 0, 1), 10) == {
        0: walk.value(point_key(0b100001, 3, 11)),
        2: walk.value(point_key(0b100100, 2, 16)),
    }
    # a point no turn reaches (five dice left with nothing kept) is worked out from the tables
    assert point_key(0, 5, 0) not in program.index()
    assert plan.value(0, 5, 0) == walk.value(point_key(0, 5, 0))
