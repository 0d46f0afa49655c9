"""The balance bench's results file: a long run stopped part way goes on where it stopped,
and a file's games of another setup are never counted."""

from __future__ import annotations

import json
from pathlib import Path

from bench.berserk_balance import run, setup_of


def test_a_results_file_is_taken_up_where_it_stopped_and_other_setups_are_ignored(tmp_path: Path) -> None:
    results = tmp_path / "results.jsonl"
    first = run(1, 1, 0, 20, "baseline", results)
    assert len(first) == 6 and len(results.read_text().splitlines()) == 6  # one game of each pair
    assert run(1, 1, 0, 20, "baseline", results) == first  # nothing played again
    assert len(results.read_text().splitlines()) == 6
    other = {**setup_of("baseline", 20), "round_cap": 5}
    row = json.loads(results.read_text().splitlines()[0])
    with results.open("a") as out:
        out.write(json.dumps({**row, "setup": other, "winner": 1 - (row["winner"] or 0)}) + "\n")
        out.write('{"setup": {"policy": "baseline", "round_cap"')  # a line cut short by a stop
    assert run(1, 1, 0, 20, "baseline", results, play_more=False) == first
    more = run(2, 1, 0, 20, "baseline", results)
    assert len(more) == 12 and more[:6] == first  # game 0 of every pair, then game 1
    assert run(3, 1, 0, 20, "baseline", results, play_more=False) == more  # only what it holds
