"""The README's Quick start and CI run the same test command."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def readme_command(marker: str) -> str:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(marker))
    fence = next(i for i in range(start, len(lines)) if lines[i].startswith("```"))
    return lines[fence + 1]


def test_ci_runs_the_readme_test_command() -> None:
    command = readme_command("<!-- test-command")
    assert "pytest" in command and "ruff" in command and "mypy" in command
    ci_lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert command in ci_lines


def test_the_engine_example_runs_to_the_end_of_a_game() -> None:
    """The README's Python example plays a whole Raid, whose legal actions hold templates, and
    prints the last move as JSON."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("<!-- engine-example"))
    fence = next(i for i in range(start, len(lines)) if lines[i].startswith("```python"))
    end = next(i for i in range(fence + 1, len(lines)) if lines[i].startswith("```"))
    done = subprocess.run(
        [sys.executable, "-c", "\n".join(lines[fence + 1 : end])],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    result, last = done.stdout.splitlines()
    assert result.startswith("Result(")
    assert json.loads(last)["kind"] in ("move", "guess", "use_kit", "leave_kit")
