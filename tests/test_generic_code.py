"""Code that serves every game names none: storage knows games only as logs (a key, options, a
seed, moves, a snapshot and the state version its rules give it), and the engine's core, its
kits, terminal play, the replay tool and the arena speak only the contract. A game's own upgrade
of what it stored lives with its rules."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import engine

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "engine"
GENERIC = [
    *sorted((ROOT / "storage").rglob("*.py")),
    *sorted((ENGINE / "core").rglob("*.py")),
    *sorted((ENGINE / "kits").rglob("*.py")),
    ENGINE / "ai" / "arena.py",
    ENGINE / "ai" / "playout.py",
    ENGINE / "ai" / "policy.py",
    ENGINE / "play.py",
    ENGINE / "replay.py",
]
KEYS = sorted({*engine.game_keys(), "pickomino", "raid", "hobbit", "berserk"})
NAMED = re.compile(r"\b(" + "|".join(KEYS) + r")\b", re.IGNORECASE)


def test_the_generic_modules_are_found() -> None:
    names = {path.relative_to(ROOT).as_posix() for path in GENERIC}
    assert {"storage/repository.py", "engine/replay.py", "engine/core/contract.py", "engine/play.py"} <= names


@pytest.mark.parametrize("path", GENERIC, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_no_generic_module_names_a_game(path: Path) -> None:
    found = [
        f"line {number}: {line.strip()}"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if NAMED.search(line)
    ]
    assert found == []
