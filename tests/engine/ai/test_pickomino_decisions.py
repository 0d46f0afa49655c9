"""``strong`` decides as it did before its solver was made faster.

``tests/engine/records/pickomino_decisions.txt.gz`` holds 10,000 positions from games of
``strong`` and the decision the earlier solver made in each (``bench/pickomino_decisions.py``
wrote it). The suite checks every tenth position, 1,000 in all; the script checks all 10,000
(``python bench/pickomino_decisions.py --check``).
"""

from __future__ import annotations

from bench.pickomino_decisions import DEFAULT_FILE, check, decode, read

EVERY = 10


def test_the_file_holds_ten_thousand_positions_of_every_kind() -> None:
    lines = read(DEFAULT_FILE)
    assert len(lines) == 10_000
    decisions = {decode(line)[1].split()[0] for line in lines}
    assert decisions == {"keep", "roll", "take", "stop"}
    assert {decode(line)[0].seats for line in lines} == {2, 3, 4}


def test_strong_makes_the_recorded_decision_in_every_tenth_position() -> None:
    lines = read(DEFAULT_FILE)[::EVERY]
    assert len(lines) == 1_000
    assert check(lines) == []
