"""``strong`` decides as it did before its solver was made faster.

``tests/engine/records/pickomino_decisions.txt.gz`` holds 10,000 positions from games of
``strong`` and the decision the earlier solver made in each (``bench/pickomino_decisions.py``
wrote it; ``python bench/pickomino_decisions.py --check --checkout OLD`` shows a checkout of
that solver deciding every one of them as recorded). The suite checks all 10,000 with the
solver as it is now.
"""

from __future__ import annotations

from bench.pickomino_decisions import DEFAULT_FILE, check, decode, read


def test_the_file_holds_ten_thousand_positions_of_every_kind() -> None:
    lines = read(DEFAULT_FILE)
    assert len(lines) == 10_000
    decisions = {decode(line)[1].split()[0] for line in lines}
    assert decisions == {"keep", "roll", "take", "stop"}
    assert {decode(line)[0].seats for line in lines} == {2, 3, 4}


def test_strong_makes_the_recorded_decision_in_every_position() -> None:
    lines = read(DEFAULT_FILE)
    assert len(lines) == 10_000
    assert check(lines) == []


def test_a_decision_other_than_recorded_is_reported() -> None:
    line = next(line for line in read(DEFAULT_FILE) if line.endswith(" roll"))
    altered = line.removesuffix("roll") + "stop"
    assert check([altered]) == [f"{altered}  -> now roll"]
