"""The odds tool reproduces the reference table of the Pickomino rules (odds of reaching each total)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from engine.ai.pickomino.dice import outcomes, projected
from engine.ai.pickomino.odds import odds_table

REFERENCE = {
    21: 0.893027, 22: 0.855602, 23: 0.807739, 24: 0.748373,
    25: 0.680331, 26: 0.606990, 27: 0.524759, 28: 0.435420,
    29: 0.346293, 30: 0.263790, 31: 0.194015, 32: 0.135813,
    33: 0.086775, 34: 0.052618, 35: 0.028908, 36: 0.015678,
}  # fmt: skip


def test_roll_distributions_are_exact() -> None:
    for n in range(1, 9):
        assert sum(p for _, p in outcomes(n)) == 1
    dead, table = projected(0b100000, 8)  # worms kept: eight dice all worms
    assert dead == pytest.approx(6**-8)
    assert dead + sum(p for p, _ in table) == pytest.approx(1)
    assert 1 - projected(0b011111, 8)[0] == pytest.approx(1 - (5 / 6) ** 8)  # a worm among 8 dice


def test_odds_table_matches_the_rules_to_six_decimals() -> None:
    table = odds_table()
    assert set(table) == set(REFERENCE)
    for target, expected in REFERENCE.items():
        assert table[target] == pytest.approx(expected, abs=1e-6), target


def test_odds_command_prints_the_table() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "engine.ai.pickomino", "odds"], capture_output=True, text=True, check=True
    ).stdout
    rows = dict(line.split() for line in out.splitlines() if line[:2].isdigit())
    assert {int(t): float(p) for t, p in rows.items()} == REFERENCE
