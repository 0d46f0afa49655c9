"""The turn's dynamic programme written out once as one straight-line Python function.

Every turn has the same decide points and the same roll outcomes (``engine.ai.pickomino.dice``);
only what stopping is worth changes from turn to turn. Walking the outcome tables for every
turn spends most of its time on the walk itself — loops, key arithmetic, dictionary look-ups —
so the walk is done once: it is written out as Python source, one local variable per decide
point (fewest dice left first, so a point's children are always known before it), one term per
roll outcome, and compiled. Solving a turn is then a single call.

The arithmetic is the walk's own, operation by operation: each roll is ``dead * fail`` plus
``p * (best child)`` for every outcome, added in the table's order, and each point takes the
roll only when it is worth strictly more than stopping. Every value is therefore the very float
the walk gives (``tests/engine/ai/test_pickomino_program.py`` compares them), and a policy
built on it decides exactly as before.

Compiling takes about a second, once per process, on the first solve.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from engine.ai.pickomino.dice import point_key, transitions
from engine.games.pickomino.data import DICE, WORM

WORM_BIT = 1 << WORM

Solver = Callable[[Sequence[float], float], tuple[float, tuple[float, ...]]]
"""``solve(stop, fail) -> (value of a whole turn, value of every decide point in POINTS order)``."""

TERMS_PER_LINE = 100
"""Outcomes added per statement: a long sum in one expression saves storing and loading the
running total, and a hundred terms keep the expression well inside the compiler's limits."""


def _children(key: int) -> list[int]:
    mask, n, total = key >> 10, (key >> 6) & 15, key & 63
    if not n:
        return []
    return [child + total for _, children in transitions(mask, n)[1] for child in children]


@cache
def points() -> tuple[int, ...]:
    """Every decide point a turn can reach (``point_key``), fewest dice left first."""
    found: set[int] = set()
    todo = _children(point_key(0, DICE, 0))
    while todo:
        key = todo.pop()
        if key not in found:
            found.add(key)
            todo.extend(_children(key))
    return tuple(sorted(found, key=lambda k: ((k >> 6) & 15, k)))


@cache
def index() -> dict[int, int]:
    """Where each decide point's value is in what the solver returns."""
    return {key: i for i, key in enumerate(points())}


def _best(names: list[str]) -> str:
    """The largest of the children, the first of equals as the walk keeps it (``m`` holds the
    best so far)."""
    expr = names[0]
    for i, name in enumerate(names[1:]):
        expr = (
            f"({name} if {name} > {expr} else {expr})"
            if i == 0
            else f"({name} if {name} > (m := {expr}) else m)"
        )
    return expr


def _roll(mask: int, n: int, total: int, target: str, at: dict[int, int]) -> list[str]:
    """Statements leaving in ``target`` the value of rolling ``n`` dice at this point."""
    dead, table = transitions(mask, n)
    terms = [f"{p!r} * {_best([f'x{at[child + total]}' for child in children])}" for p, children in table]
    lines = [f"    {target} = {dead!r} * fail"]
    for first in range(0, len(terms), TERMS_PER_LINE):
        lines.append(f"    {target} = {target} + " + " + ".join(terms[first : first + TERMS_PER_LINE]))
    return lines


def source() -> str:
    """The Python source of the solver."""
    at = index()
    lines = ["def solve(stop, fail):"]
    for i, key in enumerate(points()):
        mask, n, total = key >> 10, (key >> 6) & 15, key & 63
        stop = f"stop[{total}]" if mask & WORM_BIT else "fail"
        if n:
            lines += _roll(mask, n, total, "r", at)
            lines.append(f"    b = {stop}")
            lines.append(f"    x{i} = r if r > b else b")
        else:
            lines.append(f"    x{i} = {stop}")
    lines += _roll(0, DICE, 0, "s", at)
    lines.append(f"    return s, ({', '.join(f'x{i}' for i in range(len(at)))},)")
    return "\n".join(lines) + "\n"


@cache
def solver() -> Solver:
    """The compiled solver (built on first use)."""
    namespace: dict[str, object] = {}
    exec(compile(source(), "<pickomino turn programme>", "exec"), namespace)
    solve: Solver = namespace["solve"]  # type: ignore[assignment]
    return solve
