"""Stored games replay identically: the engine gives the same bytes as the code it was made
faster from, for the same seed and moves.

``tests/engine/records/<game>_digests.txt`` holds, per random game, a digest of every move,
snapshot, event, view and private view, written by ``bench/snapshot_digests.py`` with that
earlier code. The suite checks the first games of each file; the script checks them all
(``python bench/snapshot_digests.py --game raid --check tests/engine/records/raid_digests.txt``).
A game whose defaults changed since its file was written is played with the options of then
(``--options``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import engine
from bench.snapshot_digests import digest

RECORDS = Path(__file__).parent / "records"
CHECKED = {"pickomino": 60, "raid": 24, "berserk": 16, "hobbit": 24}
"""Games checked per file in the suite (every seat count of each game several times)."""
OPTIONS: dict[str, dict[str, Any]] = {"hobbit": {"edition": 2}}
"""The options the files were written with, where today's defaults differ: Hobbit's were written
when new games took card edition 2 (new games take edition 3 now, which changes four players'
games; a game keeps its edition, so edition 2 games must still replay as recorded)."""


def recorded(key: str) -> list[tuple[int, int, str]]:
    lines = (RECORDS / f"{key}_digests.txt").read_text().split("\n")
    rows = [line.split() for line in lines if line][: CHECKED[key]]
    return [(int(seats), int(seed), sha) for seats, seed, sha in rows]


@pytest.mark.parametrize("key", sorted(CHECKED))
def test_random_games_give_the_recorded_snapshots_events_and_views(key: str) -> None:
    game = engine.get_game(key)
    rows = recorded(key)
    assert len(rows) == CHECKED[key]
    options = OPTIONS.get(key)
    changed = [(seats, seed) for seats, seed, sha in rows if digest(game, seats, seed, options) != sha]
    assert changed == []
