"""The README's Quick start and CI run the same test command."""

from __future__ import annotations

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
